//! Table-driven tests for `puzzlec::answer`: realistic model responses in
//! English and Korean, scored against golds.

use puzzlec::answer::{extract, judge, normalize, AnswerError, AnswerKind, Verdict};
use AnswerKind::*;
use Verdict::*;

type Case = (AnswerKind, &'static str, &'static str, Verdict);

const CASES: &[Case] = &[
    // ---- Int ----
    (Int, "1234", "Final answer: 1234", Correct),
    (Int, "1234", "Answer: 1,234", Correct),
    (Int, "1234", "Answer: 1 234", Correct),
    (Int, "1234", "정답: １２３４", Correct),
    (Int, "1234", "정답：1234근", Correct),
    (Int, "1234", "Answer: 1234 g", Correct),
    (Int, "5", "Answer: +5", Correct),
    (Int, "24", "Answer: 24.0.", Correct),
    (Int, "24", "Answer: 24.00", Correct),
    (Int, "24", "Answer: 24.5", Unparseable),
    (Int, "24", "Answer: 24.01", Unparseable),
    (
        Int,
        "-17",
        "So the total change is -17.\nFinal answer: -17",
        Correct,
    ),
    (Int, "-17", "Final answer: −17", Correct),
    (Int, "1234", "Final answer: 12345", Wrong),
    (Int, "1234", "Answer: 123", Wrong),
    (Int, "42", "**Final Answer:** 42", Correct),
    (Int, "42", "**Final Answer**: **42**", Correct),
    (Int, "42", "The answer is [[42]].", Correct),
    (Int, "42", "Thus $\\boxed{42}$.", Correct),
    (Int, "42", "We get \\boxed{\\text{42}}", Correct),
    (Int, "1234", "\\boxed{1{,}234}", Correct),
    (
        Int,
        "42",
        "<think>maybe 41? Answer: 41</think>\nAnswer: 42",
        Correct,
    ),
    (Int, "42", "<think>Answer: 42</think>\nAnswer: 41", Wrong),
    (
        Int,
        "42",
        "Let me think. Answer: 41 is wrong...\n</think>\nFinal answer: 42",
        Correct,
    ),
    (
        Int,
        "42",
        "There are 6 boxes with 7 each, so 42 apples in total.",
        Correct,
    ),
    (Int, "42", "Answer: 42 (6 boxes times 7)", Correct),
    (Int, "42", "Answer: 42, because 6*7 = 42", Correct),
    (Int, "42", "정답: 42입니다.", Correct),
    (Int, "42", "따라서 사과는 모두 42개입니다.", Correct),
    (Int, "42", "Answer: 0042", Correct),
    (Int, "0", "Answer: -0", Correct),
    (Int, "7", "Answer: 3.5", Unparseable),
    (Int, "7", "Answer: seven", Unparseable),
    (Int, "7", "", Empty),
    (Int, "7", "   \n  ", Empty),
    (Int, "7", "<think>it is 7</think>", Empty),
    (Int, "7", "Answer:", Empty),
    (
        Int,
        "100",
        "First I tried 50, then 75.\n\nAnswer: 100",
        Correct,
    ),
    (
        Int,
        "100",
        "Answer: 90\nWait, recount.\nAnswer: 100",
        Correct,
    ),
    (Int, "1000000", "The answer is 1,000,000.", Correct),
    (Int, "12", "답: 12명", Correct),
    (Int, "12", "최종 답: 12", Correct),
    (Int, "12", "최종 정답: 13", Wrong),
    (Int, "12", "Answer: 12 apples and 3 pears", Correct),
    (Int, "-5", "The temperature dropped to -5 degrees", Correct),
    (Int, "5", "The range is 2-5", Correct),
    (Int, "3", "ANSWER: 3", Correct),
    (Int, "3", "## Final answer: 3", Correct),
    (Int, "3", "> Answer: 3", Correct),
    (Int, "3", "Final answer:\n3", Correct),
    // ---- Digits ----
    (Digits, "3 1 4", "Answer: 3 1 4", Correct),
    (Digits, "3 1 4", "Answer: 314", Correct),
    (Digits, "3 1 4", "Answer: 3, 1, 4", Correct),
    (Digits, "3 1 4", "Answer: [3, 1, 4]", Correct),
    (Digits, "3 1 4", "정답: 3,1,4", Correct),
    (Digits, "3 1 4", "Answer: 3 4 1", Wrong),
    (Digits, "3 1 4", "Answer: 31 4", Unparseable),
    (Digits, "3 1 4", "[[3 1 4]]", Correct),
    (Digits, "0 0 7", "Answer: 007", Correct),
    (Digits, "3 1 4", "The digits are 3 1 4", Unparseable),
    // ---- Exact: punctuation, wrappers, case and inner spaces all count ----
    (Exact, "$AB$", "[[$AB$]]", Correct),
    (Exact, "$AB$", "Answer: [[$AB$]]", Correct),
    (Exact, "$AB$", "Answer: $AB$", Correct),
    (Exact, "$AB$", "The ciphertext is [[$AB$]].", Correct),
    (Exact, "$AB$", "[[AB]]", Wrong),
    (Exact, "$AB$", "[[$AB]]", Wrong),
    (Exact, "#@!", "[[#@!]]", Correct),
    (Exact, "#@!", "[[ #@! ]]", Correct),
    (Exact, "#@!", "[[#@]]", Wrong),
    (Exact, "#@!", "[[#@!!]]", Wrong),
    (Exact, "8.", "So the answer is [[8.]].", Correct),
    (Exact, "8.", "[[8]]", Wrong),
    (Exact, "*_*", "Answer: [[*_*]]", Correct),
    (Exact, "*_*", "Answer: [[_]]", Wrong),
    (Exact, "AbC", "[[ABC]]", Wrong),
    (Exact, "A B", "[[AB]]", Wrong),
    (Exact, "XYZ", "[[\"XYZ\"]]", Wrong),
    (Exact, "XYZ", "[[ＸＹＺ]]", Wrong),
    (Exact, "XYZ", "[[   ]]", Empty),
    // ---- An answer line holding [[…]]: its last [[…]] is the answer ----
    (Text, "XYZ", "Answer: the text is [[XYZ]]", Correct),
    (Text, "XYZ", "Answer: not [[ABC]] but [[XYZ]].", Correct),
    (
        Letters,
        "XYZ",
        "**Answer:** the ciphertext is [[XYZ]].",
        Correct,
    ),
    (Int, "42", "Answer: I count [[42]] apples", Correct),
    (Int, "42", "Answer: I count [[41]] apples", Wrong),
    // ---- Text ----
    (Text, "Paris", "Answer: paris", Correct),
    (Text, "Paris", "Answer: Paris.", Correct),
    (Text, "New York", "Answer:   new   york ", Correct),
    (Text, "New York", "Answer: \"New York\"", Correct),
    (Text, "New York", "Answer: Newark", Wrong),
    (Text, "red", "I think the color is red.\nred", Correct),
    (Text, "red", "Answer: **red**", Correct),
    (Text, "서울", "정답: 서울", Correct),
    (Text, "서울", "정답: 부산", Wrong),
    // ---- Letters ----
    (Letters, "HELLOWORLD", "Answer: hello world", Correct),
    (Letters, "HELLOWORLD", "Answer: HELLO WORLD", Correct),
    (Letters, "HELLOWORLD", "Answer: HELLOWORD", Wrong),
    (Letters, "CAB", "Decoded: [[cab]]", Correct),
    (Letters, "CAB", "Answer: C-A-B", Unparseable),
    (Letters, "CAB", "\\boxed{CAB}", Correct),
    // ---- Hangul ----
    (Hangul, "사과나무", "정답: 사과 나무", Correct),
    (Hangul, "사과나무", "정답: \"사과나무\"", Correct),
    (Hangul, "사과나무", "정답: 사과나무입니다.", Correct),
    (Hangul, "사과나무", "정답: 배나무", Wrong),
    (Hangul, "사과나무", "Answer: apple tree", Unparseable),
    (
        Hangul,
        "하늘",
        "생각해 보면 답은 다음과 같다.\n[[하늘]]",
        Correct,
    ),
    (Hangul, "하늘", "「하늘」", Correct),
    // ---- Coords ----
    (Coords, "(0,1), (2,3)", "Answer: (0,1), (2,3)", Correct),
    (Coords, "(0,1), (2,3)", "Answer: (2, 3), (0, 1)", Correct),
    (Coords, "(0,1), (2,3)", "Answer: [0,1], [2,3]", Correct),
    (Coords, "(0,1), (2,3)", "Answer: [[0,1],[2,3]]", Correct),
    (Coords, "(0,1), (2,3)", "Answer: 0,1; 2,3", Correct),
    (Coords, "(0,1), (2,3)", "Answer: (0,1) and (2,3)", Correct),
    (Coords, "(0,1), (2,3)", "정답: (0,1), (2,3), (0,1)", Correct),
    (Coords, "(0,1), (2,3)", "Answer: (1,0), (3,2)", Wrong),
    (Coords, "(0,1), (2,3)", "Answer: (0,1)", Wrong),
    (Coords, "(0,1), (2,3)", "Answer: (0,1,2), (3)", Unparseable),
    (
        Coords,
        "(0,1), (2,3)",
        "Answer: (0,1), (2,3) because those cells are mines",
        Correct,
    ),
    (Coords, "none", "Answer: none", Correct),
    (Coords, "none", "정답: 없음", Correct),
    (Coords, "none", "Answer: ()", Correct),
    (Coords, "none", "Answer: (0,0)", Wrong),
    (Coords, "(4,4)", "The mine is at (4, 4).", Correct),
    // ---- Assignment ----
    (
        Assignment,
        "A=true, B=false",
        "Answer: A=true, B=false",
        Correct,
    ),
    (
        Assignment,
        "A=true, B=false",
        "Answer: B=false, A=true",
        Correct,
    ),
    (
        Assignment,
        "A=true, B=false",
        "Answer: A: True; B: False",
        Correct,
    ),
    (Assignment, "A=true, B=false", "Answer: A=T, B=F", Correct),
    (
        Assignment,
        "A=true, B=false",
        "Answer: A=yes, B=no",
        Correct,
    ),
    (
        Assignment,
        "A=true, B=false",
        "Answer:\nA = true\nB = false\n\nDone.",
        Correct,
    ),
    (
        Assignment,
        "A=true, B=false",
        "Answer: {\"A\": true, \"B\": false}",
        Correct,
    ),
    (
        Assignment,
        "A=true, B=false",
        "Answer: A=false, B=true",
        Wrong,
    ),
    (Assignment, "A=true, B=false", "Answer: A=true", Wrong),
    (
        Assignment,
        "A=true, B=false",
        "Answer: A=maybe, B=false",
        Unparseable,
    ),
    (
        Assignment,
        "영희=false, 철수=true",
        "정답: 철수=참, 영희=거짓",
        Correct,
    ),
    (
        Assignment,
        "영희=false, 철수=true",
        "정답: 영희: 거짓, 철수: 참",
        Correct,
    ),
    (
        Assignment,
        "영희=false, 철수=true",
        "정답: 철수=거짓, 영희=참",
        Wrong,
    ),
    // ---- Assignment with integer values ----
    (Assignment, "A=1, B=2", "Answer: [[B=2,A=1]]", Correct),
    (Assignment, "A=1, B=2", "Answer: A = 01; B = 2", Correct),
    (Assignment, "A=1, B=2", "Answer: A=2, B=1", Wrong),
    (Assignment, "A=1, B=2", "Answer: A=one, B=2", Unparseable),
    // ---- Coords with letter labels ----
    (
        Coords,
        "(0,1), (2,3)",
        "Answer: [[A(0,1)\nB(2,3)]]",
        Correct,
    ),
    (
        Coords,
        "(0,1), (2,3)",
        "Answer: B: (2,3); A: (0,1)",
        Correct,
    ),
    (Coords, "(0,1), (2,3)", "Answer: A(0,1)(3,2)", Wrong),
    (
        Coords,
        "(0,1), (2,3)",
        "Answer: [[A(0,1)(2,3)]] or maybe not",
        Correct,
    ),
    // ---- SymbolGrid ----
    (SymbolGrid, "X C\nT X", "Answer: [[X C,T X]]", Correct),
    (SymbolGrid, "X C\nT X", "Answer:\nX C\nT X", Correct),
    (
        SymbolGrid,
        "X C\nT X",
        "Answer: [[X C\nT X]]\nDone.",
        Correct,
    ),
    (
        SymbolGrid,
        "X C\nT X",
        "Answer: [[\"X\",\"C\"],[\"T\",\"X\"]]",
        Correct,
    ),
    (
        SymbolGrid,
        "X C\nT X",
        "Answer:\n| X | C |\n|---|---|\n| T | X |",
        Correct,
    ),
    (SymbolGrid, "X C\nT X", "Answer: [[X C,X T]]", Wrong),
    (SymbolGrid, "X C\nT X", "Answer: [[x c,t x]]", Wrong),
    (SymbolGrid, "X C\nT X", "Answer: [[X C,T]]", Unparseable),
    (
        SymbolGrid,
        "3 → ↓\n← 2 ↓",
        "Answer: [[3 → ↓,← 2 ↓]]",
        Correct,
    ),
    (SymbolGrid, "3 → ↓\n← 2 ↓", "Answer: [[3 → ↓,← 2 ↑]]", Wrong),
    // ---- Grid ----
    (Grid, "1 2\n3 4", "Answer:\n1 2\n3 4", Correct),
    (
        Grid,
        "1 2\n3 4",
        "Answer:\n\n1 2\n3 4\n\nThis satisfies all constraints.",
        Correct,
    ),
    (Grid, "1 2\n3 4", "Answer:\n```\n1 2\n3 4\n```", Correct),
    (
        Grid,
        "1 2\n3 4",
        "Answer:\n| 1 | 2 |\n|---|---|\n| 3 | 4 |",
        Correct,
    ),
    (Grid, "1 2\n3 4", "Answer: [[1,2],[3,4]]", Correct),
    (Grid, "1 2\n3 4", "Answer:\n1,2\n3,4", Correct),
    (Grid, "1 2\n3 4", "Answer: 1 2\n3 4", Correct),
    (Grid, "1 2\n3 4", "Answer:\n1 2\n4 3", Wrong),
    (Grid, "1 2\n3 4", "Answer:\n1 2 3\n4", Unparseable),
    (
        Grid,
        "1 2\n3 4",
        "Here is the solved grid:\n\n1 2\n3 4",
        Correct,
    ),
    (Grid, "1 2\n3 4", "정답:\n1 2\n3 4", Correct),
    (Grid, "1 -2\n3 4", "Answer:\n1 -2\n3 4", Correct),
    (
        Grid,
        "5 3 4\n6 7 2\n1 9 8",
        "Final answer:\n5 3 4\n6 7 2\n1 9 8",
        Correct,
    ),
    (
        Grid,
        "5 3 4\n6 7 2\n1 9 8",
        "Final answer:\n5 3 4\n6 7 2\n1 8 9",
        Wrong,
    ),
    // ---- Rows ----
    (Rows, "1 2 3,4 5 6", "[[1 2 3,4 5 6]]", Correct),
    (
        Rows,
        "1 2 3,4 5 6",
        "So the grid is [[1 2 3, 4 5 6]].",
        Correct,
    ),
    (
        Rows,
        "1 2 3,4 5 6",
        "Answer:\n[[1 2 3,\n4 5 6]]\nEvery sum holds.",
        Correct,
    ),
    (Rows, "1 2 3,4 5 6", "Final answer: 1 2 3; 4 5 6", Correct),
    (Rows, "1 2 3,4 5 6", "[[1 2 3],[4 5 6]]", Correct),
    (Rows, "1 2 3,4 5 6", "[[1 2 3,4 6 5]]", Wrong),
    (Rows, "1 2 3,4 5 6", "[[1 2 3 4 5 6]]", Wrong),
    (Rows, "X 1,A 2", "[[x 1,a 2]]", Correct),
    (Rows, "X 1,A 2", "**Answer:** [[X 1, A 2]]", Correct),
    (
        Rows,
        "BACH (12,4)(12,1),LISZT (1,1)(1,5)",
        "[[BACH (12,4)(12,1)\nLISZT (1,1)(1,5)]]",
        Correct,
    ),
    (
        Rows,
        "BACH (12,4)(12,1),LISZT (1,1)(1,5)",
        "### Answer:\n[[BACH(12, 4)(12, 1)\nLISZT (1,1) (1,5)]]",
        Correct,
    ),
    (
        Rows,
        "BACH (12,4)(12,1),LISZT (1,1)(1,5)",
        "[[BACH (12,4)(12,1),LISZT (1,5)(1,1)]]",
        Wrong,
    ),
    (Rows, "1 2,3 4", "Answer: [[1 2,(3 4]]", Unparseable),
    // ---- Date ----
    (Date, "2001.3.5", "Answer: 2001.3.5", Correct),
    (Date, "2001.3.5", "Answer: 2001-03-05", Correct),
    (Date, "2001.3.5", "Answer: 2001/3/5", Correct),
    (Date, "2001.3.5", "정답: 2001.03.05.", Correct),
    (Date, "2001.3.5", "정답: 2001년 3월 5일", Correct),
    (Date, "2001.3.5", "정답: 2001년 3월 5일 (월)", Correct),
    (Date, "2001.3.5", "정답: 2001. 3. 5. 월요일", Correct),
    (
        Date,
        "2001.3.5",
        "So it falls on 2001-03-05 (Mon).",
        Correct,
    ),
    (
        Date,
        "2001.3.5",
        "따라서 그날은 2001년 3월 5일이다.",
        Correct,
    ),
    (Date, "2001.3.5", "Answer: 2001.5.3", Wrong),
    (Date, "2001.3.5", "Answer: 2001.3.6", Wrong),
    (Date, "2001.2.28", "Answer: 2001-02-29", Unparseable),
    (Date, "2000.2.29", "Answer: 2000-02-29", Correct),
    (Date, "1592.4.13", "정답: 1592년 4월 13일", Correct),
    (Date, "2001.3.5", "Answer: March", Unparseable),
    // ---- Weekday ----
    (Weekday, "월요일", "정답: 월요일", Correct),
    (Weekday, "월요일", "정답: 월", Correct),
    (Weekday, "월요일", "Answer: Monday", Correct),
    (Weekday, "월요일", "Answer: mon", Correct),
    (Weekday, "월요일", "Answer: MONDAY.", Correct),
    (Weekday, "월요일", "Answer: Tuesday", Wrong),
    (Weekday, "월요일", "정답: 화요일", Wrong),
    (
        Weekday,
        "목요일",
        "So the meeting is on a Thursday.",
        Correct,
    ),
    (Weekday, "목요일", "그러므로 그날은 목요일입니다.", Correct),
    (Weekday, "목요일", "정답: (목)", Correct),
    (Weekday, "목요일", "Answer: Thurs", Correct),
    (Weekday, "목요일", "Answer: someday", Unparseable),
    (Weekday, "일요일", "Answer: 日曜日", Correct),
    // ---- Ganji ----
    (Ganji, "갑자", "정답: 갑자", Correct),
    (Ganji, "갑자", "정답: 甲子", Correct),
    (Ganji, "갑자", "정답: 갑자년", Correct),
    (Ganji, "갑자", "정답: 갑자(甲子)", Correct),
    (Ganji, "갑자", "정답: 을축", Wrong),
    (Ganji, "갑자", "정답: 갑축", Unparseable),
    (Ganji, "신유", "따라서 그 해는 신유년이다.", Correct),
    (Ganji, "신유", "정답: 辛酉日", Correct),
    (Ganji, "임진", "정답: 임진 년", Correct),
    (Ganji, "임진", "Answer: imjin", Unparseable),
    // ---- Choice ----
    (Choice, "C", "Answer: C", Correct),
    (Choice, "C", "Answer: (C)", Correct),
    (Choice, "C", "Answer: C.", Correct),
    (Choice, "C", "Answer: c", Correct),
    (Choice, "C", "Answer: C) 42 apples", Correct),
    (Choice, "C", "Answer: **C**", Correct),
    (Choice, "C", "정답: (C)", Correct),
    (Choice, "C", "Answer: B", Wrong),
    (Choice, "C", "Answer: (D) 17", Wrong),
    (
        Choice,
        "C",
        "Looking at the options, the correct one is (C).",
        Correct,
    ),
    (Choice, "C", "I am sure it is B", Wrong),
    (Choice, "C", "Answer: Option C", Correct),
    (Choice, "C", "[[C]]", Correct),
    (Choice, "C", "\\boxed{C}", Correct),
    (Choice, "C", "Answer: Cats", Unparseable),
    (Choice, "C", "<think>A? B?</think>\n\n정답: C", Correct),
    // ---- Compact: spacing never matters, every other character does ----
    (Compact, "3/2-5i", "The result is [[3/2 - 5i]].", Correct),
    (Compact, "3/2-5i", "Answer: 3/2-5i", Correct),
    (Compact, "3/2-5i", "[[-5i+3/2]]", Wrong),
    (Compact, "3/2-5i", "[[3/2-5I]]", Wrong),
    (
        Compact,
        "((1,-2),(3,4))",
        "So A€B = [[((1, -2), (3, 4))]]",
        Correct,
    ),
    (Compact, "((1,-2),(3,4))", "[[((1,2),(3,4))]]", Wrong),
    (Compact, "m1∨m5;F", "Answer: **m1 ∨ m5; F**", Correct),
    (Compact, "m1∨m5;F", "[[m5∨m1;F]]", Wrong),
    (Compact, "x", "[[   ]]", Empty),
    // ---- Set: order and repeats never matter ----
    (Set, "{1,3,12}", "The set is [[{12, 3, 1}]].", Correct),
    (Set, "{1,3,12}", "Answer: {1, 3, 12}", Correct),
    (Set, "{1,3,12}", "[[1 3 12 3]]", Correct),
    (Set, "{1,3,12}", "[[{1,3}]]", Wrong),
    (Set, "{1,3,12}", "[[{1,3,12,13}]]", Wrong),
    (Set, "{-2,0,5}", "Answer: {5, 0, −2}", Correct),
    (Set, "{}", "The difference is empty: [[∅]]", Correct),
    (Set, "{}", "Answer: {}", Correct),
    (Set, "{a,b}", "[[{b, a}]]", Correct),
    (Set, "{2,a}", "[[{a, 2}]]", Correct),
    (Set, "{1,2}", "Answer: {{1,2}}", Unparseable),
    // ---- Interval: equal when the sets are equal ----
    (
        Interval,
        "x≥8",
        "X§3 ≥ 8 holds exactly when [[X≥8]].",
        Correct,
    ),
    (Interval, "x≥8", "Answer: [8, +∞)", Correct),
    (
        Interval,
        "x≥8",
        "The range is $x \\geq 8$.\nAnswer: x >= 8",
        Correct,
    ),
    (Interval, "x≥8", "Answer: x > 8", Wrong),
    (Interval, "x<1 or x>3", "[[(−∞, 1) ∪ (3, ∞)]]", Correct),
    (Interval, "x<1 or x>3", "Answer: x<1 or x>3", Correct),
    (Interval, "x<1 or x>3", "Answer: x ≤ 1 or x > 3", Wrong),
    (Interval, "-2<x≤5", "Answer: {x | -2 < x ≤ 5}", Correct),
    (Interval, "-2<x≤5", "정답: x > -2 and x <= 5", Correct),
    (Interval, "x=4", "[[x = 4]]", Correct),
    (Interval, "ℝ", "Answer: all real numbers", Correct),
    (Interval, "∅", "There is no such X.\nAnswer: ∅", Correct),
    (Interval, "x≥8", "Answer: X is at least eight", Unparseable),
];

#[test]
fn table_has_enough_cases() {
    assert!(CASES.len() >= 150, "only {} cases", CASES.len());
}

#[test]
fn table_verdicts() {
    let mut failures = Vec::new();
    for (i, &(kind, gold, response, want)) in CASES.iter().enumerate() {
        let (got, found) = judge(kind, gold, response);
        if got != want {
            failures.push(format!(
                "#{i} {kind}: gold {gold:?} response {response:?}: want {want:?}, got {got:?} (extracted {found:?})"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn golds_are_canonical() {
    for &(kind, gold, _, _) in CASES {
        assert_eq!(
            normalize(kind, gold).as_deref(),
            Ok(gold),
            "{kind} {gold:?}"
        );
    }
}

#[test]
fn normalize_is_idempotent_over_table() {
    for &(kind, gold, response, _) in CASES {
        let mut inputs = vec![gold.to_string(), response.to_string()];
        inputs.extend(extract(kind, response));
        for x in inputs {
            if let Ok(once) = normalize(kind, &x) {
                assert_eq!(normalize(kind, &once), Ok(once.clone()), "{kind} {x:?}");
            }
        }
    }
}

#[test]
fn normalize_examples() {
    let ok = |k, x: &str, want: &str| assert_eq!(normalize(k, x).as_deref(), Ok(want), "{k} {x:?}");
    ok(Int, " 1,234 ", "1234");
    ok(Int, "-0012", "-12");
    ok(Digits, "3 1 4", "3 1 4");
    ok(Text, "  a   b ", "a b");
    ok(Letters, "hello world", "HELLOWORLD");
    ok(Exact, "  $A b!$ \n", "$A b!$");
    ok(Exact, "**x**.", "**x**.");
    ok(Coords, "[(2,3),(0,1)]", "(0,1), (2,3)");
    ok(Coords, "[]", "none");
    ok(Assignment, "b=f;a=t", "a=true, b=false");
    ok(Grid, "[[1, 2], [3, 4]]", "1 2\n3 4");
    ok(Rows, "| 1 | 2 |\n|---|---|\n| 3 | 4 |", "1 2,3 4");
    ok(Rows, "[[1, 2], [3, 4]]", "1 2,3 4");
    ok(Rows, "A(1, 2)(3, 4),", "A (1,2)(3,4)");
    ok(SymbolGrid, "X C X,T X X", "X C X\nT X X");
    ok(Assignment, "{\"B\": 2, \"A\": 1}", "A=1, B=2");
    ok(Coords, "A(2,3)(0,1)", "(0,1), (2,3)");
    assert!(normalize(Coords, "AB(0,1)").is_err());
    ok(Date, "2024-02-29", "2024.2.29");
    ok(Weekday, "Sun", "일요일");
    ok(Ganji, "癸亥", "계해");
    ok(Choice, "(b)", "B");
    ok(Compact, " ( 1 , -2 ) ", "(1,-2)");
    ok(Set, "[3, 1, 3, -1]", "{-1,1,3}");
    ok(Set, "none", "{}");
    ok(Interval, "[8, ∞)", "x≥8");
    assert_eq!(normalize(Int, ""), Err(AnswerError::Empty));
    assert!(matches!(
        normalize(Int, "1,23"),
        Err(AnswerError::Invalid { .. })
    ));
    assert!(normalize(Int, "1 2 3 4").is_err());
    assert_eq!(normalize(Exact, " \t\n"), Err(AnswerError::Empty));
    assert!(normalize(Date, "1900-02-29").is_err());
    assert!(normalize(Date, "2001-13-01").is_err());
    assert!(normalize(Ganji, "갑").is_err());
    assert!(normalize(Assignment, "A=true, A=false").is_err());
}

#[test]
fn kind_names_round_trip() {
    assert_eq!(AnswerKind::all().len(), 19);
    for &k in AnswerKind::all() {
        assert_eq!(AnswerKind::from_name(k.name()), Some(k));
    }
    assert_eq!(AnswerKind::from_name("nope"), None);
    assert!(Grid.is_multiline());
    assert!(SymbolGrid.is_multiline());
    assert!(!Int.is_multiline());
}

#[test]
fn large_inputs_are_linear() {
    // ~2 MB pieces of adversarial text (debug build) must be handled quickly and without panics.
    let many_open = "\\boxed{".repeat(300_000);
    let many_brackets = "[[".repeat(1_000_000);
    let many_think = "<think>".repeat(300_000);
    let digits = "1,".repeat(1_000_000);
    let long_line = format!("Answer: {}", "1 (".repeat(700_000));
    let inputs = [many_open, many_brackets, many_think, digits, long_line];
    let start = std::time::Instant::now();
    for input in &inputs {
        for &k in AnswerKind::all() {
            let _ = judge(k, "1", input);
        }
    }
    assert!(start.elapsed().as_secs() < 60, "took {:?}", start.elapsed());
}

#[test]
fn never_panics_on_odd_text() {
    let odd = [
        "",
        "(",
        ")",
        "[[",
        "]]",
        "\\boxed{",
        "}",
        "Answer:",
        "答",
        "답:",
        "：",
        "-",
        "+",
        "년월일",
        "2001년",
        "2001-",
        "(((((",
        "[[]]",
        "\\boxed{}",
        "정답: (",
        "A=",
        "=true",
        "|||",
        "\u{FEFF}",
        "가",
        "Answer: 가나다\n\n",
        "</think>",
        "<think>",
        "Final answer:\n\n\n",
    ];
    for s in odd {
        for &k in AnswerKind::all() {
            let _ = judge(k, s, s);
            let _ = normalize(k, s);
            let _ = extract(k, s);
        }
    }
}
