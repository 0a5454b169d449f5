//! A second table of realistic model responses (English and Korean), scored
//! through `puzzlec::answer::judge` exactly as `puzzlec score` does, plus the
//! line formats `puzzlec score` accepts.

use puzzlec::answer::{judge, AnswerKind, Verdict};
use puzzlec::score::parse_line;
use AnswerKind::*;
use Verdict::*;

type Case = (AnswerKind, &'static str, &'static str, Verdict);

const CASES: &[Case] = &[
    // ---- Int: cryptarithmetic and korean_units style ----
    (Int, "2778775", "Final answer: 2778775", Correct),
    (Int, "2778775", "Final answer: 2,778,775", Correct),
    (Int, "2778775", "정답: 2778775", Correct),
    (Int, "2778775", "최종 답: 2,778,775", Correct),
    (Int, "2778775", "The sum is [[2778775]].", Correct),
    (Int, "2778775", "$$\\boxed{2778775}$$", Correct),
    (Int, "2778775", "Answer: 2778776", Wrong),
    (Int, "2778775", "Answer: 277877", Wrong),
    (Int, "-64722", "정답: -64722", Correct),
    (Int, "-64722", "정답: −64,722", Correct),
    (Int, "-64722", "최종 답: -64722작", Correct),
    (Int, "-64722", "정답: 64722", Wrong),
    (
        Int,
        "-64722",
        "합계는 -64722작입니다.\n정답: -64722",
        Correct,
    ),
    (
        Int,
        "-64722",
        "<think>합계는 64722?</think>\n정답: -64722",
        Correct,
    ),
    (
        Int,
        "-64722",
        "<think>정답: -64722</think>\n정답: 64722",
        Wrong,
    ),
    (Int, "-64722", "[[-64722]]", Correct),
    (Int, "-64722", "\\boxed{-64722}", Correct),
    (Int, "-64722", "\\boxed{-64{,}722}", Correct),
    (Int, "-64722", "Answer: -64722 (in 작)", Correct),
    (
        Int,
        "-64722",
        "정답: -64722\n\n계산 과정을 다시 확인했습니다.",
        Correct,
    ),
    (Int, "-64722", "", Empty),
    (Int, "-64722", "   \n  ", Empty),
    (Int, "-64722", "<think>long reasoning</think>", Empty),
    (Int, "-64722", "정답:", Empty),
    (Int, "-64722", "정답: 모르겠습니다", Unparseable),
    (Int, "100", "Answer: 100.", Correct),
    (Int, "100", "Answer: 1e2", Wrong),
    (Int, "100", "**Answer: 100**", Correct),
    (Int, "100", "## Final Answer\nAnswer: 100", Correct),
    (Int, "100", "Answer: １００", Correct),
    (
        Int,
        "100",
        "Answer: 101\nWait, I made an error.\nAnswer: 100",
        Correct,
    ),
    (
        Int,
        "100",
        "Answer: 100\nWait, I made an error.\nAnswer: 101",
        Wrong,
    ),
    (Int, "0", "Final answer: 0", Correct),
    (Int, "0", "Final answer: 00", Correct),
    (Int, "-5", "Final answer: - 5", Wrong),
    (Int, "12", "The result is 12 apples, I think.", Correct),
    // ---- Digits: sudoku answers ----
    (Digits, "8 2 6 5", "Answer: 8 2 6 5", Correct),
    (Digits, "8 2 6 5", "Answer: 8265", Correct),
    (Digits, "8 2 6 5", "Answer: 8, 2, 6, 5", Correct),
    (Digits, "8 2 6 5", "정답: 8 2 6 5", Correct),
    (Digits, "8 2 6 5", "[[8 2 6 5]]", Correct),
    (Digits, "8 2 6 5", "\\boxed{8265}", Correct),
    (Digits, "8 2 6 5", "Answer: 8 2 5 6", Wrong),
    (Digits, "8 2 6 5", "Answer: 8 2 6", Wrong),
    (Digits, "8 2 6 5", "Answer: 8 2 6 5 1", Wrong),
    (
        Digits,
        "8 2 6 5",
        "<think>8 2 6 4?</think>Answer: 8 2 6 5",
        Correct,
    ),
    (
        Digits,
        "8 2 6 5",
        "Answer: 8 2 6 5\n(these fill the four cells in order)",
        Correct,
    ),
    (Digits, "8 2 6 5", "Answer: eight two six five", Unparseable),
    (Digits, "8 2 6 5", "", Empty),
    (Digits, "1 9", "최종 답: 1 9", Correct),
    (Digits, "1 9", "최종 답: 19", Correct),
    (Digits, "1 9", "최종 답: 91", Wrong),
    // ---- Text: number baseball ----
    (Text, "1367985", "Answer: 1367985", Correct),
    (Text, "1367985", "정답: 1367985", Correct),
    (
        Text,
        "1367985",
        "The secret number is [[1367985]].",
        Correct,
    ),
    (Text, "1367985", "Answer: 1367985.", Correct),
    (Text, "1367985", "Answer: 1367958", Wrong),
    (
        Text,
        "1367985",
        "<think>1367958</think>\nFinal answer: 1367985",
        Correct,
    ),
    (Text, "1367985", "\\boxed{1367985}", Correct),
    (Text, "1367985", "**Final answer:** 1367985", Correct),
    (Text, "1367985", "", Empty),
    // ---- Letters: cipher plaintexts ----
    (
        Letters,
        "BRIDGEFISHDESERTRAIN",
        "Answer: BRIDGEFISHDESERTRAIN",
        Correct,
    ),
    (
        Letters,
        "BRIDGEFISHDESERTRAIN",
        "Answer: bridgefishdesertrain",
        Correct,
    ),
    (
        Letters,
        "BRIDGEFISHDESERTRAIN",
        "Answer: BRIDGE FISH DESERT RAIN",
        Correct,
    ),
    (
        Letters,
        "BRIDGEFISHDESERTRAIN",
        "Answer: Bridge Fish Desert Rain",
        Correct,
    ),
    (
        Letters,
        "BRIDGEFISHDESERTRAIN",
        "[[bridgefishdesertrain]]",
        Correct,
    ),
    (
        Letters,
        "BRIDGEFISHDESERTRAIN",
        "\\boxed{BRIDGEFISHDESERTRAIN}",
        Correct,
    ),
    (
        Letters,
        "BRIDGEFISHDESERTRAIN",
        "Answer: BRIDGEFISHDESERTRAINS",
        Wrong,
    ),
    (
        Letters,
        "BRIDGEFISHDESERTRAIN",
        "Answer: BRIDGEFISHDESSERTRAIN",
        Wrong,
    ),
    (
        Letters,
        "BRIDGEFISHDESERTRAIN",
        "<think>BRIDGEFISH?</think>\nAnswer: BRIDGEFISHDESERTRAIN",
        Correct,
    ),
    (
        Letters,
        "BRIDGEFISHDESERTRAIN",
        "Final answer: BRIDGEFISHDESERTRAIN\nI decrypted it with the key.",
        Correct,
    ),
    (Letters, "MILKHARBOR", "정답: MILKHARBOR", Correct),
    (Letters, "MILKHARBOR", "정답: milk harbor", Correct),
    (Letters, "MILKHARBOR", "정답: MILKHARBOUR", Wrong),
    (Letters, "MILKHARBOR", "Answer: 1234", Unparseable),
    (Letters, "MILKHARBOR", "", Empty),
    // ---- Hangul: jamo composition ----
    (Hangul, "뫠쮀", "정답: 뫠쮀", Correct),
    (Hangul, "뫠쮀", "정답: 뫠 쮀", Correct),
    (Hangul, "뫠쮀", "정답: \"뫠쮀\"", Correct),
    (Hangul, "뫠쮀", "[[뫠쮀]]", Correct),
    (Hangul, "뫠쮀", "최종 답: 뫠쮀", Correct),
    (Hangul, "뫠쮀", "정답: 뫠쮜", Wrong),
    (Hangul, "뫠쮀", "정답: 쮀뫠", Wrong),
    (
        Hangul,
        "뫠쮀",
        "<think>뫠쮜 인가?</think>\n정답: 뫠쮀",
        Correct,
    ),
    (Hangul, "뫠쮀", "정답: moe jjwe", Unparseable),
    (Hangul, "뫠쮀", "정답:", Empty),
    (Hangul, "사과나무", "Answer: 사과나무", Correct),
    (Hangul, "사과나무", "\\boxed{사과나무}", Correct),
    // ---- Coords: minesweeper ----
    (
        Coords,
        "(0,2), (2,5), (3,4)",
        "Answer: (0,2), (2,5), (3,4)",
        Correct,
    ),
    (
        Coords,
        "(0,2), (2,5), (3,4)",
        "Answer: (3,4), (0,2), (2,5)",
        Correct,
    ),
    (
        Coords,
        "(0,2), (2,5), (3,4)",
        "Answer: (0, 2), (2, 5), (3, 4)",
        Correct,
    ),
    (
        Coords,
        "(0,2), (2,5), (3,4)",
        "Answer: [(0,2),(2,5),(3,4)]",
        Correct,
    ),
    (
        Coords,
        "(0,2), (2,5), (3,4)",
        "Answer: [0,2], [2,5], [3,4]",
        Correct,
    ),
    (
        Coords,
        "(0,2), (2,5), (3,4)",
        "정답: (0,2), (2,5), (3,4)",
        Correct,
    ),
    (
        Coords,
        "(0,2), (2,5), (3,4)",
        "정답: (0,2) 및 (2,5) 및 (3,4)",
        Correct,
    ),
    (Coords, "(0,2), (2,5), (3,4)", "Answer: (0,2), (2,5)", Wrong),
    (
        Coords,
        "(0,2), (2,5), (3,4)",
        "Answer: (2,0), (5,2), (4,3)",
        Wrong,
    ),
    (
        Coords,
        "(0,2), (2,5), (3,4)",
        "Answer: (0,2), (2,5), (3,4), (4,4)",
        Wrong,
    ),
    (
        Coords,
        "(0,2), (2,5), (3,4)",
        "[[(0,2), (2,5), (3,4)]]",
        Correct,
    ),
    (
        Coords,
        "(0,2), (2,5), (3,4)",
        "<think>(1,1)?</think>\nAnswer: (0,2), (2,5), (3,4)",
        Correct,
    ),
    (
        Coords,
        "(0,2), (2,5), (3,4)",
        "Answer: the mines are somewhere",
        Unparseable,
    ),
    (Coords, "none", "Answer: none", Correct),
    (Coords, "none", "정답: 없음", Correct),
    (Coords, "none", "Answer: (0,0)", Wrong),
    // ---- Assignment: sat_puzzle ----
    (
        Assignment,
        "A=true, B=false, C=true",
        "Answer: A=true, B=false, C=true",
        Correct,
    ),
    (
        Assignment,
        "A=true, B=false, C=true",
        "Answer: C=true, A=true, B=false",
        Correct,
    ),
    (
        Assignment,
        "A=true, B=false, C=true",
        "Answer: A=True, B=False, C=True",
        Correct,
    ),
    (
        Assignment,
        "A=true, B=false, C=true",
        "정답: A=참, B=거짓, C=참",
        Correct,
    ),
    (
        Assignment,
        "A=true, B=false, C=true",
        "Answer:\nA=true\nB=false\nC=true",
        Correct,
    ),
    (
        Assignment,
        "A=true, B=false, C=true",
        "Answer:\n- A: true\n- B: false\n- C: true",
        Correct,
    ),
    (
        Assignment,
        "A=true, B=false, C=true",
        "Answer: {\"A\": true, \"B\": false, \"C\": true}",
        Correct,
    ),
    (
        Assignment,
        "A=true, B=false, C=true",
        "Answer: A=true; B=false; C=true",
        Correct,
    ),
    (
        Assignment,
        "A=true, B=false, C=true",
        "Answer: A=true, B=true, C=true",
        Wrong,
    ),
    (
        Assignment,
        "A=true, B=false, C=true",
        "Answer: A=true, B=false",
        Wrong,
    ),
    (
        Assignment,
        "A=true, B=false, C=true",
        "Answer: A=maybe, B=false, C=true",
        Unparseable,
    ),
    (
        Assignment,
        "A=true, B=false, C=true",
        "<think>A=false</think>\n정답: A=true, B=false, C=true",
        Correct,
    ),
    (Assignment, "A=true, B=false, C=true", "", Empty),
    // ---- Grid: inequality ----
    (
        Grid,
        "4 2 1\n1 3 2\n3 1 4",
        "Answer:\n4 2 1\n1 3 2\n3 1 4",
        Correct,
    ),
    (
        Grid,
        "4 2 1\n1 3 2\n3 1 4",
        "Answer:\n\n4 2 1\n1 3 2\n3 1 4\n\nEach row satisfies the signs.",
        Correct,
    ),
    (
        Grid,
        "4 2 1\n1 3 2\n3 1 4",
        "정답:\n4 2 1\n1 3 2\n3 1 4",
        Correct,
    ),
    (
        Grid,
        "4 2 1\n1 3 2\n3 1 4",
        "Answer:\n```\n4 2 1\n1 3 2\n3 1 4\n```",
        Correct,
    ),
    (
        Grid,
        "4 2 1\n1 3 2\n3 1 4",
        "Answer:\n4  2  1\n1  3  2\n3  1  4",
        Correct,
    ),
    (
        Grid,
        "4 2 1\n1 3 2\n3 1 4",
        "Answer:\n4,2,1\n1,3,2\n3,1,4",
        Correct,
    ),
    (
        Grid,
        "4 2 1\n1 3 2\n3 1 4",
        "Answer:\n4 2 1\n1 3 2\n3 4 1",
        Wrong,
    ),
    (Grid, "4 2 1\n1 3 2\n3 1 4", "Answer:\n4 2 1\n1 3 2", Wrong),
    (Grid, "4 2 1\n1 3 2\n3 1 4", "Answer: 4 2 1", Wrong),
    (
        Grid,
        "4 2 1\n1 3 2\n3 1 4",
        "<think>Answer:\n1 1 1\n1 1 1\n1 1 1</think>\nAnswer:\n4 2 1\n1 3 2\n3 1 4",
        Correct,
    ),
    (
        Grid,
        "4 2 1\n1 3 2\n3 1 4",
        "최종 답:\n4 2 1\n1 3 2\n3 1 4",
        Correct,
    ),
    (
        Grid,
        "4 2 1\n1 3 2\n3 1 4",
        "Answer:\nI could not solve it.",
        Unparseable,
    ),
    (Grid, "4 2 1\n1 3 2\n3 1 4", "Answer:", Empty),
    // ---- Date ----
    (Date, "2001.3.5", "정답: 2001년 3월 5일", Correct),
    (Date, "2001.3.5", "정답: 2001년 03월 05일", Correct),
    (Date, "2001.3.5", "Answer: 2001-03-05", Correct),
    (Date, "2001.3.5", "Answer: 2001/3/5", Correct),
    (Date, "2001.3.5", "정답: 2001. 3. 5.", Correct),
    (Date, "2001.3.5", "정답: 2001년 3월 5일 (월)", Correct),
    (Date, "2001.3.5", "정답: 2001년 3월 6일", Wrong),
    (Date, "2001.3.5", "정답: 2002년 3월 5일", Wrong),
    (Date, "2001.3.5", "Answer: 2001-02-30", Unparseable),
    (Date, "2001.3.5", "그날은 2001년 3월 5일입니다.", Correct),
    // ---- Weekday ----
    (Weekday, "월요일", "정답: 월요일", Correct),
    (Weekday, "월요일", "Answer: Monday", Correct),
    (Weekday, "월요일", "Answer: mon", Correct),
    (Weekday, "월요일", "정답: (월)", Correct),
    (Weekday, "월요일", "정답: 화요일", Wrong),
    (Weekday, "월요일", "Answer: Tuesday", Wrong),
    (Weekday, "월요일", "Answer: someday", Unparseable),
    // ---- Ganji ----
    (Ganji, "갑자", "정답: 갑자", Correct),
    (Ganji, "갑자", "정답: 甲子", Correct),
    (Ganji, "갑자", "정답: 갑자년", Correct),
    (Ganji, "갑자", "정답: 을축", Wrong),
    // ---- Choice ----
    (Choice, "C", "Answer: C", Correct),
    (Choice, "C", "Answer: (C)", Correct),
    (Choice, "C", "Answer: c", Correct),
    (Choice, "C", "정답: C", Correct),
    (Choice, "C", "Answer: B", Wrong),
    (Choice, "C", "\\boxed{C}", Correct),
];

#[test]
fn table_has_enough_cases() {
    assert!(CASES.len() >= 130, "only {} cases", CASES.len());
}

#[test]
fn every_response_gets_its_expected_verdict() {
    let mut failures = Vec::new();
    for (kind, gold, response, want) in CASES {
        let (got, found) = judge(*kind, gold, response);
        if got != *want {
            failures.push(format!(
                "{kind} gold {gold:?} response {response:?}: got {} (extracted {found:?}), want {}",
                got.name(),
                want.name()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

#[test]
fn accepted_line_layouts() {
    let cases: [(&str, &str, &str); 9] = [
        (
            r#"{"id":"a/en/easy/00000","response":"Answer: 1"}"#,
            "a/en/easy/00000",
            "Answer: 1",
        ),
        (r#"{"id":"x","response":null}"#, "x", ""),
        (
            r#"{"id":"batch_req_1","custom_id":"x","response":{"status_code":200,"body":{"choices":[{"message":{"role":"assistant","content":"Answer: 2"}}]}},"error":null}"#,
            "x",
            "Answer: 2",
        ),
        (
            r#"{"id":"batch_req_2","custom_id":"x","response":null,"error":{"message":"timeout"}}"#,
            "x",
            "",
        ),
        (
            r#"{"doc_id":3,"doc":{"id":"x","question":"q"},"resps":[["Answer: 3"]],"filtered_resps":["3"]}"#,
            "x",
            "Answer: 3",
        ),
        (
            r#"{"doc_id":3,"doc":{"id":"x"},"filtered_resps":["Answer: 4"]}"#,
            "x",
            "Answer: 4",
        ),
        (
            r#"{"doc_id":"x","filtered_resps":[["Answer: 5"]]}"#,
            "x",
            "Answer: 5",
        ),
        (r#"{"doc_id":7,"resps":[["6"]]}"#, "7", "6"),
        (r#"{"id":"x","response":"정답: 가"}"#, "x", "정답: 가"),
    ];
    for (line, id, response) in cases {
        let parsed = parse_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(parsed.id, id, "{line}");
        assert_eq!(parsed.response, response, "{line}");
    }
    for bad in [
        "{",
        "[1,2]",
        r#"{"response":"x"}"#,
        r#"{"id":"x"}"#,
        r#"{"id":"x","response":5}"#,
        r#"{"id":{"a":1},"response":"x"}"#,
    ] {
        assert!(parse_line(bad).is_err(), "{bad} should be refused");
    }
}
