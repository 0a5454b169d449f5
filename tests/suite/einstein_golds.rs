//! The Einstein worked example (`suites/extra/einstein.puzzle`): the facts
//! the prompt lists admit exactly one arrangement, found by a search written
//! apart from the library, the gold is that arrangement (the house of every
//! value), and the facts are minimal;
//! 100 items per tier (3, 4 and 5 houses).

use crate::common;
use serde_json::Value;

/// A fact `(kind, a, v, b, w)` under an arrangement `at[a][v]` (house of
/// value v of attribute a), or `None` while an attribute it names is open.
fn holds(f: &[usize; 5], at: &[Vec<usize>]) -> Option<bool> {
    let [kind, a, v, b, w] = *f;
    let x = *at.get(a)?.get(v)?;
    if kind == 3 {
        return Some(x == w);
    }
    let y = *at.get(b)?.get(w)?;
    Some(match kind {
        0 => x == y,
        1 => x + 1 == y,
        2 => x.abs_diff(y) == 1,
        _ => x != y,
    })
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..n {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// Arrangements fitting every fact, attribute by attribute, up to 2; the
/// last one found.
fn solve(houses: usize, attributes: usize, facts: &[[usize; 5]]) -> (usize, Vec<Vec<usize>>) {
    let perms = permutations(houses);
    let mut found = (0, Vec::new());
    fn go(
        at: &mut Vec<Vec<usize>>,
        attributes: usize,
        perms: &[Vec<usize>],
        facts: &[[usize; 5]],
        found: &mut (usize, Vec<Vec<usize>>),
    ) {
        if found.0 >= 2 {
            return;
        }
        if at.len() == attributes {
            found.0 += 1;
            found.1 = at.clone();
            return;
        }
        for p in perms {
            at.push(p.clone());
            if facts.iter().all(|f| holds(f, at) != Some(false)) {
                go(at, attributes, perms, facts, found);
            }
            at.pop();
        }
    }
    go(&mut Vec::new(), attributes, &perms, facts, &mut found);
    found
}

fn int(v: &Value) -> usize {
    v.as_u64().expect("an index") as usize
}

#[test]
fn the_search_counts_arrangements() {
    // Two houses, one attribute: no fact leaves two arrangements, one fixes it.
    assert_eq!(solve(2, 1, &[]).0, 2);
    assert_eq!(solve(2, 1, &[[3, 0, 0, 0, 1]]).0, 1);
    assert_eq!(solve(3, 2, &[[1, 0, 0, 0, 0]]).0, 0);
}

#[test]
fn einstein_golds_are_the_only_arrangement_of_minimal_facts() {
    for r in common::records("suites/extra/einstein.puzzle", "en", 100) {
        let houses = int(&r.instance["houses"]);
        let attributes = int(&r.instance["attributes"]);
        let facts: Vec<[usize; 5]> = r.instance["facts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                let f: Vec<usize> = f.as_array().unwrap().iter().map(int).collect();
                [f[0], f[1], f[2], f[3], f[4]]
            })
            .collect();
        // Every fact is a line of the prompt.
        assert_eq!(
            r.question.lines().filter(|l| l.starts_with("- ")).count(),
            facts.len(),
            "{}",
            r.id
        );
        let (count, at) = solve(houses, attributes, &facts);
        assert_eq!(count, 1, "{}: {count} arrangements", r.id);
        // The gold: per attribute, the house number of each value.
        let rows: Vec<String> = at
            .iter()
            .map(|p| {
                p.iter()
                    .map(|h| (h + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(r.answer, rows.join("\n"), "{}", r.id);
        // Minimal: without any one fact, a second arrangement fits.
        for i in 0..facts.len() {
            let fewer: Vec<[usize; 5]> = facts
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, f)| *f)
                .collect();
            assert!(
                solve(houses, attributes, &fewer).0 >= 2,
                "{}: fact {i} is not needed",
                r.id
            );
        }
    }
}
