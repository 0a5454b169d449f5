//! `explain()`, the deduction trace, against brute force: on random small
//! models written as spec text (grids of tiny domains with all-different
//! rows and columns, linear sums, disjunctions and clues), every step's
//! value is the value of that cell in every solution (found here by
//! enumerating all assignments), each step names a constraint that
//! mentions its cell, `solved` holds exactly when givens and steps decide
//! every cell (and then they are the one solution), and two runs give the
//! same record.

use puzzlec::compile::compile;
use puzzlec::source::SourceFile;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value as Json;
use std::collections::BTreeMap;

/// `Σ coef·cell  op  bound` over cells given as (row, column).
struct Sum {
    terms: Vec<(i64, (usize, usize))>,
    op: &'static str,
    bound: i64,
}

impl Sum {
    fn text(&self) -> String {
        let terms: Vec<String> = self
            .terms
            .iter()
            .map(|(a, (r, c))| format!("{a} * x[{r}, {c}]"))
            .collect();
        format!("{} {} {}", terms.join(" + "), self.op, self.bound)
    }

    fn holds(&self, g: &[Vec<i64>]) -> bool {
        let s: i64 = self.terms.iter().map(|(a, (r, c))| a * g[*r][*c]).sum();
        match self.op {
            "<=" => s <= self.bound,
            ">=" => s >= self.bound,
            "==" => s == self.bound,
            "<" => s < self.bound,
            _ => s > self.bound,
        }
    }

    fn cells(&self) -> Vec<(usize, usize)> {
        self.terms.iter().map(|t| t.1).collect()
    }
}

/// `x[a] == u or x[b] == v`.
struct Either {
    a: (usize, usize),
    u: i64,
    b: (usize, usize),
    v: i64,
}

/// A random model: `x[r, c]` in `1..=d` on an `h`×`w` grid.
struct Model {
    h: usize,
    w: usize,
    d: i64,
    rows: bool,
    cols: bool,
    sums: Vec<Sum>,
    eithers: Vec<Either>,
    givens: Vec<((usize, usize), i64)>,
    /// Clues over several cells, stated after the givens.
    clue_sums: Vec<Sum>,
}

fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

impl Model {
    fn random(rng: &mut ChaCha8Rng) -> Model {
        let (h, w) = [(2, 2), (2, 3), (3, 2), (3, 3), (1, 4)][below(rng, 5)];
        let d = match h * w {
            9 => 3,
            _ => 2 + below(rng, 3) as i64,
        };
        let cell = |rng: &mut ChaCha8Rng| (below(rng, h), below(rng, w));
        let sum = |rng: &mut ChaCha8Rng| {
            let n = 2 + below(rng, 2);
            let terms: Vec<(i64, (usize, usize))> = (0..n)
                .map(|_| ([1, 1, 2, -1][below(rng, 4)], cell(rng)))
                .collect();
            let op = ["<=", ">=", "==", "<", ">"][below(rng, 5)];
            let bound = below(rng, (d as usize) * n + 1) as i64;
            Sum { terms, op, bound }
        };
        let mut m = Model {
            h,
            w,
            d,
            rows: w as i64 <= d && below(rng, 4) != 0,
            cols: h as i64 <= d && below(rng, 4) != 0,
            sums: Vec::new(),
            eithers: Vec::new(),
            givens: Vec::new(),
            clue_sums: Vec::new(),
        };
        for _ in 0..below(rng, 3) {
            m.sums.push(sum(rng));
        }
        for _ in 0..below(rng, 3) {
            let (a, b) = (cell(rng), cell(rng));
            let u = 1 + below(rng, d as usize) as i64;
            let v = 1 + below(rng, d as usize) as i64;
            m.eithers.push(Either { a, u, b, v });
        }
        for _ in 0..1 + below(rng, 3) {
            m.givens
                .push((cell(rng), 1 + below(rng, d as usize) as i64));
        }
        for _ in 0..below(rng, 2) {
            m.clue_sums.push(sum(rng));
        }
        m
    }

    fn holds(&self, g: &[Vec<i64>]) -> bool {
        let distinct = |xs: Vec<i64>| {
            let mut s = xs.clone();
            s.sort_unstable();
            s.dedup();
            s.len() == xs.len()
        };
        (!self.rows || (0..self.h).all(|r| distinct(g[r].clone())))
            && (!self.cols || (0..self.w).all(|c| distinct((0..self.h).map(|r| g[r][c]).collect())))
            && self.sums.iter().all(|s| s.holds(g))
            && self
                .eithers
                .iter()
                .all(|e| g[e.a.0][e.a.1] == e.u || g[e.b.0][e.b.1] == e.v)
            && self.givens.iter().all(|&((r, c), v)| g[r][c] == v)
            && self.clue_sums.iter().all(|s| s.holds(g))
    }

    /// Every solution, by enumerating all assignments.
    fn solutions(&self) -> Vec<Vec<Vec<i64>>> {
        let n = self.h * self.w;
        let total = (self.d as u64).pow(n as u32);
        let mut out = Vec::new();
        for code in 0..total {
            let mut k = code;
            let mut g = vec![vec![0i64; self.w]; self.h];
            for i in 0..n {
                g[i / self.w][i % self.w] = 1 + (k % self.d as u64) as i64;
                k /= self.d as u64;
            }
            if self.holds(&g) {
                out.push(g);
            }
        }
        out
    }

    fn spec(&self) -> String {
        let mut s = format!(
            "puzzle trace_model\ntitle en \"T\" ko \"T\"\nfamily direct\n\nlever k: int in 0..=1\ntier easy {{ k = 0 }}\n\nfind x[r in 0..{}, c in 0..{}] : 1..={}\n",
            self.h, self.w, self.d
        );
        if self.rows {
            s += &format!("rule row for r in 0..{}: alldiff(x[r, *])\n", self.h);
        }
        if self.cols {
            s += &format!("rule col for c in 0..{}: alldiff(x[*, c])\n", self.w);
        }
        for (i, sum) in self.sums.iter().enumerate() {
            s += &format!("rule sum{i}: {}\n", sum.text());
        }
        for (i, e) in self.eithers.iter().enumerate() {
            s += &format!(
                "rule either{i}: x[{}, {}] == {} or x[{}, {}] == {}\n",
                e.a.0, e.a.1, e.u, e.b.0, e.b.1, e.v
            );
        }
        let givens: Vec<String> = self
            .givens
            .iter()
            .map(|((r, c), v)| format!("x[{r}, {c}] == {v}"))
            .collect();
        s += &format!("\ngenerate {{\n  clue [{}]\n", givens.join(", "));
        for sum in &self.clue_sums {
            s += &format!("  clue {}\n", sum.text());
        }
        s += "  let e = explain()\n}\n\nanswer int = k + len(e.steps)\ninstance = { e: e }\n\ntemplate en \"{k}\"\ntemplate ko \"{k}\"\n";
        s
    }

    /// The cells the constraint a step names mentions.
    fn scope(&self, rule: &str, at: &Json) -> Vec<(usize, usize)> {
        let all = |f: &dyn Fn(usize, usize) -> bool| -> Vec<(usize, usize)> {
            (0..self.h)
                .flat_map(|r| (0..self.w).map(move |c| (r, c)))
                .filter(|&(r, c)| f(r, c))
                .collect()
        };
        let i = at.as_u64().map(|i| i as usize);
        match rule {
            "row" => all(&|r, _| Some(r) == i),
            "col" => all(&|_, c| Some(c) == i),
            "clue" => {
                let i = i.expect("a clue's position");
                match i.checked_sub(self.givens.len()) {
                    Some(j) => self.clue_sums[j].cells(),
                    None => vec![self.givens[i].0],
                }
            }
            r if r.starts_with("sum") => self.sums[r[3..].parse::<usize>().unwrap()].cells(),
            r if r.starts_with("either") => {
                let e = &self.eithers[r[6..].parse::<usize>().unwrap()];
                vec![e.a, e.b]
            }
            other => panic!("unknown rule `{other}`"),
        }
    }
}

/// The trace record of item 0 of `spec`, as JSON text.
fn trace_of(spec: &str) -> String {
    let source = SourceFile::new("trace_model.puzzle", spec);
    let program = compile(&source).unwrap_or_else(|e| panic!("{spec}\n{e:?}"));
    let item = puzzlec::gen::generate(&program, "easy", 0, 1)
        .unwrap_or_else(|e| panic!("{spec}\ndoes not generate: {e:?}"));
    item.instance["e"].to_string()
}

fn cell_of(v: &Json) -> (usize, usize) {
    let a = v.as_array().expect("a (row, column) cell");
    (
        a[0].as_u64().unwrap() as usize,
        a[1].as_u64().unwrap() as usize,
    )
}

#[test]
fn every_step_is_forced_and_solved_means_decided() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let (mut models, mut solved, mut stalled) = (0, 0, 0);
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let mut deepest = 0;
    while models < 160 {
        let m = Model::random(&mut rng);
        let sols = m.solutions();
        if sols.is_empty() {
            continue;
        }
        models += 1;
        let spec = m.spec();
        let e: Json = serde_json::from_str(&trace_of(&spec)).unwrap();
        let mut decided: BTreeMap<(usize, usize), i64> = BTreeMap::new();
        for g in e["givens"].as_array().unwrap() {
            let at = cell_of(&g["cell"]);
            assert!(decided.insert(at, g["value"].as_i64().unwrap()).is_none());
        }
        let mut last_round = 0;
        for s in e["steps"].as_array().unwrap() {
            let at = cell_of(&s["cell"]);
            let v = s["value"].as_i64().unwrap();
            assert_eq!(s["find"], "x");
            for sol in &sols {
                assert_eq!(sol[at.0][at.1], v, "step {s} is not forced:\n{spec}");
            }
            let rule = s["rule"].as_str().unwrap();
            assert!(
                m.scope(rule, &s["at"]).contains(&at),
                "step {s} names a constraint without its cell:\n{spec}"
            );
            assert!(decided.insert(at, v).is_none(), "cell decided twice: {s}");
            let round = s["round"].as_u64().unwrap();
            assert!(
                round >= last_round && round <= last_round + 1,
                "rounds skip: {e}"
            );
            last_round = round;
            *reasons
                .entry(s["reason"].as_str().unwrap().into())
                .or_default() += 1;
        }
        assert_eq!(e["rounds"].as_u64().unwrap(), last_round);
        deepest = deepest.max(last_round);
        assert_eq!(e["contradiction"], false, "a satisfiable model:\n{spec}");
        let open = e["open"].as_array().unwrap();
        for o in open {
            let at = cell_of(&o["cell"]);
            let left: Vec<i64> = o["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect();
            assert!(left.len() > 1);
            for sol in &sols {
                assert!(
                    left.contains(&sol[at.0][at.1]),
                    "a solution's value was removed"
                );
            }
            assert!(!decided.contains_key(&at));
        }
        // Every cell is a given, a step or open, exactly once.
        assert_eq!(decided.len() + open.len(), m.h * m.w);
        let is_solved = e["solved"].as_bool().unwrap();
        assert_eq!(is_solved, open.is_empty());
        if is_solved {
            solved += 1;
            assert_eq!(
                sols.len(),
                1,
                "propagation decided a model with several solutions"
            );
            for (&(r, c), &v) in &decided {
                assert_eq!(sols[0][r][c], v);
            }
        } else {
            stalled += 1;
        }
    }
    // The random models exercise both outcomes and every reason.
    assert!(
        solved >= 10 && stalled >= 10,
        "solved {solved}, stalled {stalled}"
    );
    for r in ["single", "hidden", "bounds", "last"] {
        assert!(
            reasons.get(r).copied().unwrap_or(0) > 0,
            "no `{r}` step: {reasons:?}"
        );
    }
    assert!(deepest >= 2, "no trace needed two rounds");
}

#[test]
fn traces_are_deterministic() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut checked = 0;
    while checked < 20 {
        let m = Model::random(&mut rng);
        if m.solutions().is_empty() {
            continue;
        }
        checked += 1;
        let spec = m.spec();
        assert_eq!(trace_of(&spec), trace_of(&spec));
    }
}

#[test]
fn a_hand_checked_trace() {
    // x[0, *] in 1..=3 all different, x[0, 0] = 1 given, x[0, 1] < x[0, 2]:
    // the row removes 1 (nothing fixed), then bounds fix x[0, 1] = 2 and
    // x[0, 2] = 3 in the same pass.
    let spec = "puzzle hand\ntitle en \"T\" ko \"T\"\nfamily direct\nlever k: int in 0..=1\ntier easy { k = 0 }\n\
        find x[c in 0..3] : 1..=3\nrule row: alldiff(x[*])\nrule sign: x[1] < x[2]\n\
        generate {\n  clue x[0] == 1\n  let e = explain()\n}\nanswer int = k\ninstance = { e: e }\n\
        template en \"{k}\"\ntemplate ko \"{k}\"\n";
    let e: Json = serde_json::from_str(&trace_of(spec)).unwrap();
    let expected = serde_json::json!({
        "steps": [
            {"rule": "sign", "at": [], "find": "x", "cell": 1, "value": 2, "reason": "bounds", "round": 1},
            {"rule": "sign", "at": [], "find": "x", "cell": 2, "value": 3, "reason": "bounds", "round": 1},
        ],
        "givens": [{"find": "x", "cell": 0, "value": 1}],
        "open": [],
        "rounds": 1,
        "solved": true,
        "contradiction": false,
    });
    assert_eq!(e, expected);
}
