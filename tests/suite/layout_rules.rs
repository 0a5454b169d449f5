//! Layout rules (`rule NAME for …: COND` inside `generate`) and the
//! two-parameter `prefer |x, v|`. On random small models whose rules read
//! lists written into `generate` (a top-level rule, then `!=` pairs, sums and
//! all-different groups as layout rules), what the generator does agrees with
//! brute-force enumeration written here: no solution rejects the attempt at
//! `sample solution`, several reject it at `unique`, exactly one is accepted
//! and is the gold. A layout rule after the sample must hold in it; a
//! two-parameter `prefer` is deterministic and steers each unknown by its
//! index.

use crate::common;

use puzzlec::check::program::Program;
use puzzlec::compile::{compile, render_plain};
use puzzlec::gen::{generate, GenError};
use puzzlec::source::SourceFile;

fn program(name: &str, text: &str) -> Program {
    let source = SourceFile::new(format!("{name}.puzzle"), text.to_string());
    compile(&source).unwrap_or_else(|e| panic!("{name}:\n{}", render_plain(&e.diagnostics(), 100)))
}

/// One random model: `n` unknowns over `1..=d`, and the layout.
struct Layout {
    n: usize,
    d: i64,
    pairs: Vec<(usize, usize)>,
    sums: Vec<(Vec<usize>, i64)>,
    groups: Vec<Vec<usize>>,
}

impl Layout {
    fn random(rng: &mut common::XorShift) -> Layout {
        let n = 3 + rng.below(3);
        let d = 2 + rng.below(3) as i64;
        let mut pairs: Vec<(usize, usize)> = (0..1 + rng.below(3))
            .map(|_| pick(rng, n, 2))
            .filter(|p| p.len() == 2)
            .map(|p| (p[0], p[1]))
            .collect();
        if pairs.is_empty() {
            pairs.push((0, n - 1));
        }
        let sums = (0..1 + rng.below(2))
            .map(|_| {
                let g = pick(rng, n, 3);
                let k = g.len();
                let t = k as i64 + rng.below(k * (d as usize - 1) + 1) as i64;
                (g, t)
            })
            .collect();
        let groups = (0..1 + rng.below(2)).map(|_| pick(rng, n, 3)).collect();
        Layout {
            n,
            d,
            pairs,
            sums,
            groups,
        }
    }

    /// Whether `x` satisfies every rule (the top-level one too).
    fn holds(&self, x: &[i64]) -> bool {
        x[0] != x[1]
            && self.pairs.iter().all(|&(i, j)| x[i] != x[j])
            && self
                .sums
                .iter()
                .all(|(g, t)| g.iter().map(|&i| x[i]).sum::<i64>() == *t)
            && self.groups.iter().all(|g| {
                let mut v: Vec<i64> = g.iter().map(|&i| x[i]).collect();
                v.sort_unstable();
                v.windows(2).all(|w| w[0] != w[1])
            })
    }

    /// Every assignment satisfying the rules, by enumeration.
    fn solutions(&self) -> Vec<Vec<i64>> {
        let total = (self.d as u64).pow(self.n as u32);
        (0..total)
            .map(|mut k| {
                (0..self.n)
                    .map(|_| {
                        let v = (k % self.d as u64) as i64 + 1;
                        k /= self.d as u64;
                        v
                    })
                    .collect::<Vec<i64>>()
            })
            .filter(|x| self.holds(x))
            .collect()
    }

    fn spec(&self) -> String {
        let list = |xs: &[usize]| {
            let items: Vec<String> = xs.iter().map(usize::to_string).collect();
            format!("[{}]", items.join(", "))
        };
        let pairs: Vec<String> = self
            .pairs
            .iter()
            .map(|(i, j)| format!("({i}, {j})"))
            .collect();
        let sums: Vec<String> = self
            .sums
            .iter()
            .map(|(g, t)| format!("({}, {t})", list(g)))
            .collect();
        let groups: Vec<String> = self.groups.iter().map(|g| list(g)).collect();
        format!(
            r#"
puzzle drawn
title en "Drawn" ko "뽑기"
family direct
attempts 1
lever n: int in 1..=9
tier easy {{ n = {n} }}
find x[i in 0..n] : 1..={d}
rule ends: x[0] != x[1]
generate {{
  let pairs = [{pairs}]
  let sums = [{sums}]
  let groups = [{groups}]
  rule apart for (i, j) in pairs: x[i] != x[j]
  rule total for (g, t) in sums: sum([x[i] for i in g]) == t
  rule distinct for g in groups: alldiff([x[i] for i in g])
  let s = sample solution
  unique x[*]
}}
answer digits = s.x
instance = {{ pairs: pairs, sums: sums, groups: groups }}
template en "Which digits?"
template ko "어떤 숫자입니까?"
"#,
            n = self.n,
            d = self.d,
            pairs = pairs.join(", "),
            sums = sums.join(", "),
            groups = groups.join(", "),
        )
    }
}

/// Up to `k` different indices below `n`, ascending (at least one).
fn pick(rng: &mut common::XorShift, n: usize, k: usize) -> Vec<usize> {
    let mut xs: Vec<usize> = (0..k).map(|_| rng.below(n)).collect();
    xs.sort_unstable();
    xs.dedup();
    xs
}

/// The byte offset of `needle` in `text`.
fn at(text: &str, needle: &str) -> usize {
    text.find(needle).expect("the statement is in the spec")
}

#[test]
fn random_layout_models_agree_with_enumeration() {
    let mut rng = common::XorShift(0x1a70_75ee_d001);
    let (mut none, mut one, mut many) = (0, 0, 0);
    for case in 0..150 {
        let layout = Layout::random(&mut rng);
        let text = layout.spec();
        let p = program("drawn", &text);
        let solutions = layout.solutions();
        match (generate(&p, "easy", 0, 1), solutions.len()) {
            (Ok(item), 1) => {
                let gold: Vec<String> = solutions[0].iter().map(i64::to_string).collect();
                assert_eq!(item.answer, gold.join(" "), "case {case}:\n{text}");
                one += 1;
            }
            (Err(GenError::Budget { span, .. }), count) if count != 1 => {
                let statement = if count == 0 {
                    none += 1;
                    "sample solution"
                } else {
                    many += 1;
                    "unique x[*]"
                };
                assert!(
                    span.start <= at(&text, statement) && at(&text, statement) < span.end,
                    "case {case}: {count} solutions, rejected elsewhere:\n{text}"
                );
            }
            (Ok(item), count) => panic!(
                "case {case}: accepted {} with {count} solutions:\n{text}",
                item.answer
            ),
            (Err(e), count) => panic!("case {case}: {count} solutions, error {e}:\n{text}"),
        }
    }
    assert!(
        none >= 10 && one >= 10 && many >= 10,
        "every verdict is met: {none} none, {one} one, {many} many"
    );
}

/// Four unknowns, a drawn sum, a layout rule after the sample.
fn after_sample(rule: &str) -> String {
    format!(
        r#"
puzzle after
title en "After" ko "뒤"
family direct
lever n: int in 1..=9
tier easy {{ n = 4 }}
find x[i in 0..n] : 1..=4
rule apart for i in 0..n - 1: x[i] != x[i + 1]
generate {{
  let s = sample solution
  let totals = [(i, s.x[i] + s.x[i + 1]) for i in 0..n - 1]
  {rule}
  unique x[*]
}}
answer digits = s.x
instance = {{ totals: totals }}
template en "Which digits?"
template ko "어떤 숫자입니까?"
"#
    )
}

#[test]
fn a_layout_rule_after_the_sample_must_hold_in_it() {
    let fits = program(
        "fits",
        &after_sample("rule pair for (i, t) in totals: x[i] + x[i + 1] == t"),
    );
    for i in 0..10 {
        if let Ok(item) = generate(&fits, "easy", i, 1) {
            let x: Vec<i64> = item.answer.split(' ').map(|d| d.parse().unwrap()).collect();
            let totals = item.instance["totals"].as_array().expect("totals").clone();
            for (k, pair) in totals.iter().enumerate() {
                assert_eq!(pair[1].as_i64(), Some(x[k] + x[k + 1]), "{}", item.answer);
            }
        }
    }
    let breaks = program(
        "breaks",
        &after_sample("rule pair for (i, t) in totals: x[i] + x[i + 1] == t + 1"),
    );
    let e = generate(&breaks, "easy", 0, 1).expect_err("the rule is false in the sample");
    assert!(
        e.to_string()
            .contains("rule `pair` is false in the hidden solution"),
        "{e}"
    );
}

/// Eight unknowns 1–9 all different from their neighbours, with `prefer`.
fn leaning(prefer: &str) -> Program {
    program(
        "leaning",
        &format!(
            r#"
puzzle leaning
title en "Leaning" ko "치우침"
family direct
lever n: int in 1..=9
tier easy {{ n = 8 }}
find x[i in 0..n] : 1..=9
rule apart for i in 0..n - 1: x[i] != x[i + 1]
generate {{
  let s = sample solution prefer {prefer}
}}
answer digits = s.x
template en "Digits?"
template ko "숫자는?"
"#
        ),
    )
}

fn digits(p: &Program, items: u64) -> Vec<Vec<i64>> {
    (0..items)
        .map(|i| {
            let item = generate(p, "easy", i, 1).expect("generates");
            item.answer.split(' ').map(|d| d.parse().unwrap()).collect()
        })
        .collect()
}

#[test]
fn two_parameter_prefer_weighs_each_unknown_by_its_index() {
    // Low digits in the first half, high in the second.
    let p = leaning("|i, v| if i < 4 then (10 - v) * (10 - v) else v * v");
    let all = digits(&p, 60);
    assert_eq!(all, digits(&p, 60), "the same items twice");
    for line in &all {
        assert!(line.windows(2).all(|w| w[0] != w[1]), "{line:?}");
    }
    let mean = |half: std::ops::Range<usize>| {
        let xs: Vec<i64> = all.iter().flat_map(|l| l[half.clone()].to_vec()).collect();
        xs.iter().sum::<i64>() as f64 / xs.len() as f64
    };
    let (low, high) = (mean(0..4), mean(4..8));
    assert!(
        low < 4.0 && high > 6.0,
        "first half {low}, second half {high}"
    );
    // A weight of 0 off the index's own digit pins every unknown there.
    let pinned = digits(&leaning("|i, v| if v == i + 1 then 1 else 0"), 5);
    assert!(
        pinned.iter().all(|l| *l == (1..=8).collect::<Vec<i64>>()),
        "{pinned:?}"
    );
    // A one-parameter `prefer` gives the items it always gave: the index is
    // not consulted, and no extra draw happens.
    let one = digits(&leaning("|v| v"), 10);
    assert_eq!(one, digits(&leaning("|v| v"), 10));
}

#[test]
fn a_negative_two_parameter_weight_is_an_error_naming_the_unknown() {
    let e = generate(&leaning("|i, v| i - 3"), "easy", 0, 1).expect_err("negative weight");
    let text = e.to_string();
    assert!(
        text.contains("of the unknown at ") && text.contains("weights must be 0 or more"),
        "{text}"
    );
}

/// A spec whose `generate` is `body` and whose instance is `instance`.
fn stated_spec(body: &str, instance: &str) -> String {
    format!(
        r#"
puzzle stated
title en "Stated" ko "진술"
family direct
lever n: int in 1..=9
tier easy {{ n = 4 }}
find x[i in 0..n] : 1..=4
generate {{
{body}
  let s = sample solution
}}
answer digits = s.x
instance = {instance}
template en "Which digits?"
template ko "어떤 숫자입니까?"
"#
    )
}

fn unstated(body: &str, instance: &str) -> bool {
    let source = SourceFile::new("stated.puzzle", stated_spec(body, instance));
    match compile(&source) {
        Ok(_) => false,
        Err(e) => {
            let text = render_plain(&e.diagnostics(), 100);
            assert!(text.contains("unstated_proof"), "another error:\n{text}");
            true
        }
    }
}

#[test]
fn a_layout_rule_is_stated_when_what_it_reads_reaches_the_prompt() {
    let grid = "  let grid = [coin(1, 2) for _ in 0..n]\n  let pairs = [(i, i + 1) for i in 0..n - 1 if grid[i]]\n";
    let rule = "  rule apart for (i, j) in pairs: x[i] != x[j]\n";
    // Computed from a stated draw, or stated itself.
    assert!(!unstated(&format!("{grid}{rule}"), "{ grid: grid }"));
    assert!(!unstated(&format!("{grid}{rule}"), "{ pairs: pairs }"));
    // Computed from a draw the prompt never shows.
    assert!(unstated(&format!("{grid}{rule}"), "{ n: n }"));
    // Read through a loop variable: stated with the loop's list.
    let looped = format!("{grid}  for (i, j) in pairs {{\n    rule apart: x[i] != x[j]\n  }}\n");
    assert!(!unstated(&looped, "{ grid: grid }"));
    assert!(unstated(&looped, "{ n: n }"));
    // Names bound inside the rule (a comprehension) are its own.
    let sums = "  let t = int in 4..=12\n  rule total: sum([x[i] for i in 0..n]) == t\n";
    assert!(!unstated(sums, "{ t: t }"));
    assert!(unstated(sums, "{ n: n }"));
}
