//! The lazily checked connectivity constraint: SAT enumeration counts the
//! same subsets as plain enumeration of every subset, on every backend.

use puzzlec::sat::{backend_variants, CmpOp, IntVar, Lit, Model};

/// The 4-neighbour edges of an `h × w` grid, cells numbered row-major.
fn grid_edges(h: usize, w: usize) -> Vec<(usize, usize)> {
    let mut e = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if c + 1 < w {
                e.push((r * w + c, r * w + c + 1));
            }
            if r + 1 < h {
                e.push((r * w + c, (r + 1) * w + c));
            }
        }
    }
    e
}

/// Plain connectivity by flood fill (written apart from the library).
fn flood_connected(on: &[bool], edges: &[(usize, usize)]) -> bool {
    let Some(start) = on.iter().position(|&b| b) else {
        return true;
    };
    let mut reached = vec![false; on.len()];
    reached[start] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for &(a, b) in edges {
            if on[a] && on[b] && reached[a] != reached[b] {
                reached[a] = true;
                reached[b] = true;
                changed = true;
            }
        }
    }
    on.iter().zip(&reached).all(|(o, r)| !o || *r)
}

/// Subsets of `n` nodes passing `keep`, by plain enumeration.
fn brute(n: usize, keep: impl Fn(&[bool]) -> bool) -> usize {
    (0u32..1 << n)
        .filter(|mask| {
            let on: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
            keep(&on)
        })
        .count()
}

struct Setup {
    model: Model,
    vars: Vec<IntVar>,
    lits: Vec<Lit>,
}

fn setup(ctor: &dyn Fn() -> Box<dyn puzzlec::sat::SatBackend>, n: usize) -> Setup {
    let mut model = Model::new(ctor()).unwrap();
    let vars: Vec<IntVar> = (0..n).map(|_| model.new_int(&[0, 1]).unwrap()).collect();
    let lits = vars.iter().map(|&x| model.eq_lit(x, 1)).collect();
    Setup { model, vars, lits }
}

/// Enumerates every solution and checks each one satisfies `valid`.
fn sat_count(s: &mut Setup, valid: impl Fn(&[bool]) -> bool) -> usize {
    let sols = s.model.enumerate(&[], &s.vars, 1 << 20).unwrap();
    let mut seen = std::collections::HashSet::new();
    for sol in &sols {
        assert!(seen.insert(sol.clone()), "a subset was enumerated twice");
        let on: Vec<bool> = sol.iter().map(|&v| v == 1).collect();
        assert!(valid(&on), "an enumerated subset breaks the rules: {on:?}");
    }
    sols.len()
}

#[test]
fn connected_subsets_of_small_grids() {
    for (name, ctor) in backend_variants() {
        for (h, w) in [(1, 5), (2, 3), (3, 3), (3, 4), (2, 6)] {
            let edges = grid_edges(h, w);
            let n = h * w;
            let mut s = setup(&ctor, n);
            let lits = s.lits.clone();
            s.model.connected(&lits, &edges).unwrap();
            let want = brute(n, |on| flood_connected(on, &edges));
            assert_eq!(
                sat_count(&mut s, |on| flood_connected(on, &edges)),
                want,
                "{name} {h}×{w}"
            );
        }
    }
}

#[test]
fn known_count_of_connected_subsets_of_the_3x3_grid() {
    // 218 non-empty connected induced subgraphs of the 3×3 grid, plus the
    // empty set.
    let edges = grid_edges(3, 3);
    assert_eq!(brute(9, |on| flood_connected(on, &edges)), 219);
}

#[test]
fn connected_with_a_cardinality_rule() {
    for (name, ctor) in backend_variants() {
        let edges = grid_edges(3, 4);
        for k in [0, 1, 2, 4, 7, 12] {
            let mut s = setup(&ctor, 12);
            let lits = s.lits.clone();
            s.model.connected(&lits, &edges).unwrap();
            let c = s.model.count(&lits, CmpOp::Eq, k).unwrap();
            s.model.add(c).unwrap();
            let valid = |on: &[bool]| {
                flood_connected(on, &edges) && on.iter().filter(|&&b| b).count() == k as usize
            };
            assert_eq!(sat_count(&mut s, valid), brute(12, valid), "{name} k = {k}");
        }
    }
}

#[test]
fn both_a_set_and_its_complement_connected() {
    for (name, ctor) in backend_variants() {
        let edges = grid_edges(3, 4);
        let mut s = setup(&ctor, 12);
        let lits = s.lits.clone();
        let off: Vec<Lit> = lits.iter().map(|&l| !l).collect();
        s.model.connected(&lits, &edges).unwrap();
        s.model.connected(&off, &edges).unwrap();
        let valid = |on: &[bool]| {
            let not: Vec<bool> = on.iter().map(|b| !b).collect();
            flood_connected(on, &edges) && flood_connected(&not, &edges)
        };
        assert_eq!(sat_count(&mut s, valid), brute(12, valid), "{name}");
    }
}

#[test]
fn a_sparse_irregular_graph() {
    // A cycle of 7 with two chords and an isolated node: an isolated node
    // may only be the single true node.
    let edges = [
        (0, 1),
        (1, 2),
        (2, 3),
        (3, 4),
        (4, 5),
        (5, 6),
        (6, 0),
        (0, 3),
        (2, 5),
    ];
    for (name, ctor) in backend_variants() {
        let mut s = setup(&ctor, 8);
        let lits = s.lits.clone();
        s.model.connected(&lits, &edges).unwrap();
        let valid = |on: &[bool]| flood_connected(on, &edges);
        assert_eq!(sat_count(&mut s, valid), brute(8, valid), "{name}");
    }
}

#[test]
fn unsatisfiable_when_two_forced_nodes_are_cut_apart() {
    for (name, ctor) in backend_variants() {
        let edges = grid_edges(3, 3);
        let mut s = setup(&ctor, 9);
        let lits = s.lits.clone();
        s.model.connected(&lits, &edges).unwrap();
        // corners 0 and 8 on, the middle column off
        assert!(
            !s.model
                .solve(&[lits[0], lits[8], !lits[1], !lits[4], !lits[7]])
                .unwrap(),
            "{name}"
        );
        // with the middle row open they can meet
        assert!(
            s.model
                .solve(&[lits[0], lits[8], !lits[1], !lits[7]])
                .unwrap(),
            "{name}"
        );
        let on: Vec<bool> = lits
            .iter()
            .map(|&l| s.model.lit_value(l).unwrap())
            .collect();
        assert!(
            flood_connected(&on, &edges),
            "{name}: the reported model is connected"
        );
    }
}

#[test]
fn an_edge_beyond_the_nodes_is_an_error() {
    let (_, ctor) = backend_variants().swap_remove(0);
    let mut s = setup(&ctor, 3);
    let lits = s.lits.clone();
    let err = s.model.connected(&lits, &[(0, 3)]).unwrap_err();
    assert!(err.to_string().contains("beyond the 3 nodes"), "{err}");
}

/// A spec whose rule is `BODY`, over a 2×2 grid of booleans.
fn spec_with_rule(body: &str) -> String {
    format!(
        r#"puzzle c
title en "c" ko "c"
family direct
lever n: int in 2..=2
tier easy {{ n = 2 }}
find on[r in 0..2, c in 0..2] : bool
rule shape: {body}
generate {{
  let s = sample solution
}}
answer int = 0
template en "x"
template ko "x"
"#
    )
}

fn generate_spec(text: &str) -> Result<(), String> {
    use puzzlec::source::SourceFile;
    let source = SourceFile::new("c.puzzle", text);
    let program = puzzlec::compile::compile(&source).map_err(|e| format!("{e:?}"))?;
    puzzlec::gen::generate(&program, "easy", 0, 1)
        .map(|_| ())
        .map_err(|e| format!("{e}"))
}

#[test]
fn connected_as_a_whole_rule_generates() {
    let nodes = "[on[0, 0], on[0, 1], on[1, 1], on[1, 0]]";
    let ring = "[(0, 1), (1, 2), (2, 3), (3, 0)]";
    assert_eq!(
        generate_spec(&spec_with_rule(&format!("connected({nodes}, {ring})"))),
        Ok(())
    );
    assert_eq!(
        generate_spec(&spec_with_rule(&format!(
            "connected({nodes}, {ring}) and on[0, 0]"
        ))),
        Ok(())
    );
}

#[test]
fn connected_inside_or_is_a_clear_error() {
    let nodes = "[on[0, 0], on[0, 1], on[1, 1], on[1, 0]]";
    let err = generate_spec(&spec_with_rule(&format!(
        "connected({nodes}, [(0, 1)]) or on[0, 0]"
    )))
    .unwrap_err();
    assert!(err.contains("must be a whole rule"), "{err}");
}

#[test]
fn connected_on_plain_values_and_bad_edges() {
    assert_eq!(
        generate_spec(&spec_with_rule(
            "connected([true, false, true], [(0, 1), (1, 2)]) or true"
        )),
        Ok(())
    );
    let err = generate_spec(&spec_with_rule("connected([true, true], [(0, 2)])")).unwrap_err();
    assert!(err.contains("names node 2"), "{err}");
    let err = generate_spec(&spec_with_rule("connected([true, true], [0])")).unwrap_err();
    assert!(err.contains("pairs `(i, j)`"), "{err}");
    // a plain disconnected set makes the rule false
    let err = generate_spec(&spec_with_rule(
        "connected([true, false, true], [(0, 1), (1, 2)])",
    ))
    .unwrap_err();
    assert!(err.contains("can never hold"), "{err}");
}
