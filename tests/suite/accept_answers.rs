//! Answers checked by a spec's `accept` condition: the arithmetic-text
//! parser against an evaluator written here, `score` on accepted and
//! rejected responses, and the recorded golds of the two KOR-Bench specs that
//! use `accept`, re-checked from each record's instance by this file's own
//! parser (≥ 100 items per tier).

use crate::common;

use puzzlec::answer::Verdict;
use puzzlec::eval::arith;
use puzzlec::score::{judge_record, load_dataset};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

// ---- An independent exact evaluator: a tree, printed as text.

#[derive(Debug, Clone)]
enum Tree {
    Num(i64),
    Op(char, Box<Tree>, Box<Tree>),
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// (numerator, denominator) in lowest terms, or None on division by zero.
fn value(t: &Tree) -> Option<(i128, i128)> {
    match t {
        Tree::Num(n) => Some((*n as i128, 1)),
        Tree::Op(op, a, b) => {
            let (an, ad) = value(a)?;
            let (bn, bd) = value(b)?;
            let (n, d) = match op {
                '+' => (an * bd + bn * ad, ad * bd),
                '-' => (an * bd - bn * ad, ad * bd),
                '*' => (an * bn, ad * bd),
                _ => {
                    if bn == 0 {
                        return None;
                    }
                    (an * bd, ad * bn)
                }
            };
            let g = gcd(n, d);
            let (n, d) = (n / g, d / g);
            Some(if d < 0 { (-n, -d) } else { (n, d) })
        }
    }
}

fn rank(op: char) -> u8 {
    if op == '+' || op == '-' {
        1
    } else {
        2
    }
}

/// Prints with the fewest parentheses that keep the tree (left-associative
/// operators), random spacing and random operator glyphs.
fn print(t: &Tree, rng: &mut ChaCha8Rng, shape: &mut String) -> String {
    match t {
        Tree::Num(n) => {
            shape.push('?');
            n.to_string()
        }
        Tree::Op(op, a, b) => {
            let wrap_left = matches!(&**a, Tree::Op(o, _, _) if rank(*o) < rank(*op));
            let wrap_right = matches!(&**b, Tree::Op(o, _, _) if rank(*o) < rank(*op) || (rank(*o) == rank(*op)));
            let mut s = String::new();
            if wrap_left {
                shape.push('(');
                s.push('(');
            }
            s += &print(a, rng, shape);
            if wrap_left {
                shape.push(')');
                s.push(')');
            }
            let glyphs: &[&str] = match op {
                '+' => &["+"],
                '-' => &["-", "−"],
                '*' => &["*", "×", "·"],
                _ => &["/", "÷"],
            };
            let sp = if rng.next_u32().is_multiple_of(2) {
                " "
            } else {
                ""
            };
            s += sp;
            s += glyphs[rng.next_u32() as usize % glyphs.len()];
            s += sp;
            shape.push(match op {
                '+' => '+',
                '-' => '-',
                '*' => '*',
                _ => '/',
            });
            if wrap_right {
                shape.push('(');
                s.push('(');
            }
            s += &print(b, rng, shape);
            if wrap_right {
                shape.push(')');
                s.push(')');
            }
            s
        }
    }
}

fn random_tree(rng: &mut ChaCha8Rng, leaves: usize, nums: &mut Vec<i64>) -> Tree {
    if leaves == 1 {
        let n = (rng.next_u32() % 1000) as i64;
        nums.push(n);
        return Tree::Num(n);
    }
    let left = 1 + rng.next_u32() as usize % (leaves - 1);
    let a = random_tree(rng, left, nums);
    let b = random_tree(rng, leaves - left, nums);
    let op = ['+', '-', '*', '/'][rng.next_u32() as usize % 4];
    Tree::Op(op, Box::new(a), Box::new(b))
}

#[test]
fn arithmetic_text_round_trips_with_exact_values() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut checked, mut zero_div) = (0, 0);
    for _ in 0..3000 {
        let leaves = 1 + rng.next_u32() as usize % 7;
        let mut nums = Vec::new();
        let tree = random_tree(&mut rng, leaves, &mut nums);
        let mut shape = String::new();
        let text = print(&tree, &mut rng, &mut shape);
        match (value(&tree), arith::parse(&text)) {
            (Some((n, d)), Ok(a)) => {
                assert_eq!((a.value.num, a.value.den), (n, d), "{text}");
                assert_eq!(a.numbers, nums, "{text}");
                assert_eq!(a.shape, shape, "{text}");
                // The shape, filled back with the numbers, parses to the same value.
                let mut refilled = String::new();
                let mut it = nums.iter();
                for c in a.shape.chars() {
                    if c == '?' {
                        refilled += &it.next().unwrap().to_string();
                    } else {
                        refilled.push(c);
                    }
                }
                assert_eq!(
                    arith::parse(&refilled).unwrap().value,
                    a.value,
                    "{refilled}"
                );
                checked += 1;
            }
            (None, Err(why)) => {
                assert!(why.contains("division by zero"), "{text}: {why}");
                zero_div += 1;
            }
            (v, p) => panic!("{text}: evaluator {v:?}, parser {p:?}"),
        }
    }
    assert!(checked > 2500 && zero_div > 0, "{checked} {zero_div}");
}

#[test]
fn arithmetic_text_rejects_junk() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..2000 {
        let mut nums = Vec::new();
        let leaves = 1 + rng.next_u32() as usize % 5;
        let tree = random_tree(&mut rng, leaves, &mut nums);
        let text = print(&tree, &mut rng, &mut String::new());
        let chars: Vec<char> = text.chars().collect();
        let at = rng.next_u32() as usize % (chars.len() + 1);
        // A letter, a stray bracket, an exponent or a decimal point anywhere is junk.
        for junk in ['x', 'a', '^', '.', '=', ')', '[', '%'] {
            let mut bad = chars.clone();
            bad.insert(at, junk);
            let bad: String = bad.into_iter().collect();
            if junk == ')' && at == chars.len() && bad.starts_with('(') {
                continue;
            }
            assert!(arith::parse(&bad).is_err(), "{bad}");
        }
        // A leading operator (no unary minus) and a trailing one.
        assert!(arith::parse(&format!("-{text}")).is_err());
        assert!(arith::parse(&format!("{text}+")).is_err());
    }
    for bad in ["", " ", "()", "1 2", "007", "24", "1/0"] {
        let r = arith::parse(bad);
        assert!(bad == "24" || r.is_err(), "{bad}");
    }
}

// ---- The KOR-Bench specs: golds re-checked here, and `score` on responses.

const PER_TIER: u64 = 100;

fn records(rel: &str) -> Vec<puzzlec::dataset::Record> {
    common::records(rel, "en", PER_TIER)
}

/// The value of a gold with this file's evaluator: a tiny shunting-yard
/// parser written for the test.
fn eval_text(s: &str) -> Option<((i128, i128), Vec<i64>)> {
    fn apply(out: &mut Vec<Tree>, op: char) -> Option<()> {
        let b = out.pop()?;
        let a = out.pop()?;
        out.push(Tree::Op(op, Box::new(a), Box::new(b)));
        Some(())
    }
    let mut out: Vec<Tree> = Vec::new();
    let mut ops: Vec<char> = Vec::new();
    let mut nums = Vec::new();
    let cs: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_ascii_digit() {
            let mut n = 0i64;
            while i < cs.len() && cs[i].is_ascii_digit() {
                n = n * 10 + cs[i].to_digit(10)? as i64;
                i += 1;
            }
            nums.push(n);
            out.push(Tree::Num(n));
            continue;
        }
        match c {
            '(' => ops.push(c),
            ')' => loop {
                match ops.pop()? {
                    '(' => break,
                    op => apply(&mut out, op)?,
                }
            },
            '+' | '-' | '*' | '/' => {
                while let Some(&top) = ops.last() {
                    if top != '(' && rank(top) >= rank(c) {
                        ops.pop();
                        apply(&mut out, top)?;
                    } else {
                        break;
                    }
                }
                ops.push(c);
            }
            _ => return None,
        }
        i += 1;
    }
    while let Some(op) = ops.pop() {
        apply(&mut out, op)?;
    }
    if out.len() != 1 {
        return None;
    }
    Some((value(&out[0])?, nums))
}

#[test]
fn twenty_four_golds_use_each_number_once_and_make_24() {
    let recs = records("suites/korbench/kor_puzzle_10_24_points.puzzle");
    assert_eq!(recs.len() as u64, 3 * PER_TIER);
    for r in &recs {
        let mut given: Vec<i64> = r.instance["numbers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        assert!(
            given.len() == 4 && given.iter().all(|n| (1..=13).contains(n)),
            "{}",
            r.id
        );
        let (v, mut used) =
            eval_text(&r.answer).unwrap_or_else(|| panic!("{}: {}", r.id, r.answer));
        assert_eq!(v, (24, 1), "{}: {}", r.id, r.answer);
        given.sort();
        used.sort();
        assert_eq!(given, used, "{}: {}", r.id, r.answer);
        assert!(r.accept.is_some() && r.slot.as_deref() == Some("first_brackets"));
        assert!(r.question.contains("[[a + b / c - d]]"));
    }
}

#[test]
fn math_path_golds_fill_the_template_with_digits() {
    let recs = records("suites/korbench/kor_puzzle_09_math_path.puzzle");
    assert_eq!(recs.len() as u64, 3 * PER_TIER);
    for r in &recs {
        let template = r.instance["template"].as_str().unwrap();
        let target = r.instance["target"].as_i64().unwrap();
        let (left, right) = r.answer.split_once('=').unwrap();
        assert_eq!(right, target.to_string(), "{}", r.id);
        // Each `?` of the template is one digit of the gold, in order.
        let t: Vec<char> = template.split('=').next().unwrap().chars().collect();
        let g: Vec<char> = left.chars().collect();
        assert_eq!(t.len(), g.len(), "{}", r.id);
        for (a, b) in t.iter().zip(&g) {
            assert!(
                if *a == '?' {
                    b.is_ascii_digit()
                } else {
                    a == b
                },
                "{}",
                r.id
            );
        }
        let (v, _) = eval_text(left).unwrap();
        assert_eq!(v, (target as i128, 1), "{}: {}", r.id, r.answer);
        let blanks = t.iter().filter(|c| **c == '?').count();
        let want = match r.tier.as_str() {
            "easy" => 6..=7,
            "medium" => 7..=8,
            _ => 8..=9,
        };
        assert!(want.contains(&blanks), "{}", r.id);
    }
}

fn scored(rel: &str, tier: &str, responses: &[&str]) -> (puzzlec::dataset::Record, Vec<Verdict>) {
    let program = common::load(&common::root().join(rel));
    let item = puzzlec::gen::generate(&program, tier, 0, 1).expect("generate");
    let rec = puzzlec::dataset::build::record(&program, &item, "en");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    std::fs::write(&path, rec.to_json_line() + "\n").unwrap();
    let ds = load_dataset(&path).unwrap();
    let verdicts = responses
        .iter()
        .map(|resp| judge_record(&ds, 0, resp).0)
        .collect();
    (rec, verdicts)
}

#[test]
fn score_accepts_any_valid_24_expression() {
    // Hard tier, index 0, seed 1: the numbers 5 1 6 4 (gold 6/(5/4-1)).
    let (rec, v) = scored(
        "suites/korbench/kor_puzzle_10_24_points.puzzle",
        "hard",
        &[
            "Reasoning… [[6/(5/4-1)]]",
            "[[4 ÷ (1 − 5 ÷ 6)]]", // another solution, other glyphs
            "[[ 4/(1-5/6) ]] and later [[6*4]]", // the FIRST brackets count
            "[[6*4]]",             // wrong numbers
            "[[6*4*1-5]]",         // right numbers, wrong value
            "[[5+1+6+4]]",         // right numbers, wrong value
            "[[six times four]]",  // junk
            "like this: [[a + b / c - d]]. My answer: [[4/(1-5/6)]]", // echo first: wrong
            "Answer: 4/(1-5/6)",   // no brackets: the default order
            "",
        ],
    );
    assert_eq!(rec.instance["numbers"], serde_json::json!([5, 1, 6, 4]));
    use Verdict::*;
    assert_eq!(
        v,
        [Correct, Correct, Correct, Wrong, Wrong, Wrong, Wrong, Wrong, Correct, Empty]
    );
}

#[test]
fn score_accepts_any_true_fill_of_the_template() {
    let (rec, v) = scored(
        "suites/korbench/kor_puzzle_09_math_path.puzzle",
        "easy",
        &["[[0+0*0=0]]"],
    );
    let template = rec.instance["template"].as_str().unwrap().to_string();
    let target = rec.instance["target"].as_i64().unwrap();
    // Every fill of the template is evaluated here; `score` judges every
    // true fill and a seeded sample of 3000 false ones (all 10^6 or 10^7
    // fills through `score` would take minutes).
    let left = template.split('=').next().unwrap();
    let blanks = left.matches('?').count();
    let fill = |code: u32| {
        let mut digits = code;
        let mut filled = String::new();
        for c in left.chars() {
            if c == '?' {
                filled.push(char::from_digit(digits % 10, 10).unwrap());
                digits /= 10;
            } else {
                filled.push(c);
            }
        }
        filled
    };
    let fills = 10u32.pow(blanks as u32);
    let true_fills: Vec<u32> = (0..fills)
        .filter(|&code| eval_text(&fill(code)).is_some_and(|(v, _)| v == (target as i128, 1)))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut false_fills = Vec::new();
    while false_fills.len() < 3000 {
        let code = rng.next_u32() % fills;
        if true_fills.binary_search(&code).is_err() {
            false_fills.push(code);
        }
    }
    let (mut right, mut wrong) = (0, 0);
    for (code, truth) in true_fills
        .iter()
        .map(|c| (*c, true))
        .chain(false_fills.iter().map(|c| (*c, false)))
    {
        let filled = fill(code);
        let response = format!("So the equation is [[{filled}={target}]].");
        let (_, got) = scored_again(&rec, &response);
        assert_eq!(got == Verdict::Correct, truth, "{response}");
        if truth {
            right += 1
        } else {
            wrong += 1
        }
    }
    assert!(right >= 1 && wrong >= 1);
    let _ = v;
    // Other operators, a missing target, two-digit fills and junk are rejected.
    for bad in [
        format!("[[{}={target}]]", left.replace('?', "1").replace('*', "+")),
        format!("[[{}]]", left.replace('?', "1")),
        format!(
            "[[{}={target}]]",
            left.replacen('?', "10", 1).replace('?', "0")
        ),
        "[[no idea]]".to_string(),
    ] {
        assert_ne!(scored_again(&rec, &bad).1, Verdict::Correct, "{bad}");
    }
}

fn scored_again(rec: &puzzlec::dataset::Record, response: &str) -> (String, Verdict) {
    thread_local! {
        static CACHE: std::cell::RefCell<Option<(String, puzzlec::score::Dataset)>> = const { std::cell::RefCell::new(None) };
    }
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.as_ref().is_none_or(|(id, _)| id != &rec.id) {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("t.jsonl");
            std::fs::write(&path, rec.to_json_line() + "\n").unwrap();
            *c = Some((rec.id.clone(), load_dataset(&path).unwrap()));
        }
        let ds = &c.as_ref().unwrap().1;
        (rec.id.clone(), judge_record(ds, 0, response).0)
    })
}
