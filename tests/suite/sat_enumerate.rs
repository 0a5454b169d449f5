//! Solution counting by enumeration: Latin squares and 4×4 sudoku.

use puzzlec::sat::{backend_variants, IntVar, Model};

fn latin(m: &mut Model, n: usize) -> Vec<Vec<IntVar>> {
    let dom: Vec<i64> = (1..=n as i64).collect();
    let g: Vec<Vec<IntVar>> = (0..n)
        .map(|_| (0..n).map(|_| m.new_int(&dom).unwrap()).collect())
        .collect();
    for (r, row) in g.iter().enumerate() {
        m.alldiff(row).unwrap();
        let col: Vec<IntVar> = g.iter().map(|row| row[r]).collect();
        m.alldiff(&col).unwrap();
    }
    g
}

fn count(m: &mut Model, g: &[Vec<IntVar>]) -> usize {
    let vars: Vec<IntVar> = g.iter().flatten().copied().collect();
    let sols = m.enumerate(&[], &vars, 100_000).unwrap();
    // every enumerated solution is distinct and valid as a Latin square
    let mut seen = std::collections::HashSet::new();
    let n = g.len();
    for s in &sols {
        assert!(seen.insert(s.clone()));
        for i in 0..n {
            let mut row: Vec<i64> = (0..n).map(|j| s[i * n + j]).collect();
            let mut col: Vec<i64> = (0..n).map(|j| s[j * n + i]).collect();
            row.sort();
            col.sort();
            let want: Vec<i64> = (1..=n as i64).collect();
            assert_eq!(row, want);
            assert_eq!(col, want);
        }
    }
    sols.len()
}

#[test]
fn latin_3x3_is_12() {
    for (name, ctor) in backend_variants() {
        let mut m = Model::new(ctor()).unwrap();
        let g = latin(&mut m, 3);
        assert_eq!(count(&mut m, &g), 12, "{name}");
        // the activation literal was disabled: the model is intact
        assert_eq!(count(&mut m, &g), 12, "{name}");
    }
}

#[test]
fn latin_4x4_is_576() {
    for (name, ctor) in backend_variants() {
        let mut m = Model::new(ctor()).unwrap();
        let g = latin(&mut m, 4);
        assert_eq!(count(&mut m, &g), 576, "{name}");
    }
}

#[test]
fn sudoku_4x4_is_288() {
    for (name, ctor) in backend_variants() {
        let mut m = Model::new(ctor()).unwrap();
        let g = latin(&mut m, 4);
        for br in 0..2 {
            for bc in 0..2 {
                let bx: Vec<IntVar> = (0..4).map(|k| g[2 * br + k / 2][2 * bc + k % 2]).collect();
                m.alldiff(&bx).unwrap();
            }
        }
        assert_eq!(count(&mut m, &g), 288, "{name}");
    }
}

#[test]
fn latin_with_ladder_domains() {
    // 12 values, above `PAIRWISE_AMO_MAX`: the one-hot exactly-one uses the
    // ladder encoding. Rows 0..10 of a 12×12 square are fixed to the cyclic
    // square; the two missing rows can only be completed in 2 ways (rows 10
    // and 11 of the cyclic square, in either order).
    for (name, ctor) in backend_variants() {
        let mut m = Model::new(ctor()).unwrap();
        const { assert!(12 > puzzlec::sat::cardinality::PAIRWISE_AMO_MAX) };
        let g = latin(&mut m, 12);
        for (r, row) in g.iter().enumerate().take(10) {
            for (c, &x) in row.iter().enumerate() {
                let v = ((r + c) % 12 + 1) as i64;
                let l = m.eq_lit(x, v);
                m.add(l).unwrap();
            }
        }
        let vars: Vec<IntVar> = g.iter().flatten().copied().collect();
        let n = m.count_solutions(&[], &vars, 1000).unwrap();
        assert_eq!(n, 2, "{name}");
    }
}
