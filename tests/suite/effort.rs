//! The search-effort measures (`puzzlec::effort`) against hand-computed
//! values on tiny models and against independent grid solvers written here
//! (a plain forward-checking backtracking counter in the style of the
//! reference benchmark's sudoku rater, and its Futoshiki propagation) on
//! random 4×4 Latin-square puzzles.

use puzzlec::effort::{propagation_solves, search_nodes, Problem};
use puzzlec::eval::sym::{BoolTerm, IntTerm};
use puzzlec::sat::CmpOp;

fn var(x: usize) -> IntTerm {
    IntTerm::var(x)
}

fn cmp(a: IntTerm, op: CmpOp, b: IntTerm) -> BoolTerm {
    BoolTerm::compare(&a, op, &b).expect("no overflow")
}

fn eq(x: usize, v: i64) -> BoolTerm {
    cmp(var(x), CmpOp::Eq, IntTerm::constant(v))
}

fn problem(domains: &[Vec<i64>], conds: &[BoolTerm]) -> Problem {
    Problem::new(domains, conds.iter()).expect("small domains")
}

#[test]
fn two_unknowns_by_hand() {
    // x, y in 1..=3, x ≠ y, x < y.
    let d = vec![vec![1, 2, 3], vec![1, 2, 3]];
    let rules = vec![
        BoolTerm::AllDiff(vec![var(0), var(1)]),
        cmp(var(0), CmpOp::Lt, var(1)),
    ];
    // Propagation: x ≤ 2, y ≥ 2; nothing fixed.
    assert!(!propagation_solves(&problem(&d, &rules)));
    // The root branches on x (ties: lowest id): x = 1 leaves y ∈ {2, 3};
    // y = 2 is the first solution: 3 nodes.
    assert_eq!(search_nodes(&problem(&d, &rules), 100), 3);
    // With y = 2 stated, bounds give x = 1.
    let mut clued = rules.clone();
    clued.push(eq(1, 2));
    assert!(propagation_solves(&problem(&d, &clued)));
    // y is a given; the root assigns x = 1 (its only candidate), then the
    // node after it finds every unknown assigned.
    assert_eq!(search_nodes(&problem(&d, &clued), 100), 2);
    // The limit: more than 2 nodes reads as limit + 1.
    assert_eq!(search_nodes(&problem(&d, &rules), 2), 3);
}

#[test]
fn no_solution_counts_every_node() {
    // x, y in 1..=2 with x < y and y < x: the root tries x = 1 and x = 2,
    // and each child finds y without candidates: 3 nodes.
    let d = vec![vec![1, 2], vec![1, 2]];
    let rules = vec![
        cmp(var(0), CmpOp::Lt, var(1)),
        cmp(var(1), CmpOp::Lt, var(0)),
    ];
    assert_eq!(search_nodes(&problem(&d, &rules), 100), 3);
    assert!(!propagation_solves(&problem(&d, &rules)));
}

#[test]
fn other_conditions_propagate_when_one_unknown_is_open() {
    // x, y, z in 0..=1; (x or y) and z == x, with y = 0 stated: the
    // disjunction forces x = 1 once y is fixed, then z = 1.
    let d = vec![vec![0, 1]; 3];
    let rules = vec![
        BoolTerm::or(vec![eq(0, 1), eq(1, 1)]),
        cmp(var(2), CmpOp::Eq, var(0)),
        eq(1, 0),
    ];
    assert!(propagation_solves(&problem(&d, &rules)));
    // A sum over three unknowns is bounds reasoning: x + y + z ≥ 3 fixes all.
    let sum = var(0)
        .add_scaled(&var(1), 1)
        .unwrap()
        .add_scaled(&var(2), 1)
        .unwrap();
    let rules = vec![cmp(sum, CmpOp::Ge, IntTerm::constant(3))];
    assert!(propagation_solves(&problem(&d, &rules)));
}

#[test]
fn a_domain_above_64_values_is_refused() {
    let d = vec![(0..65).collect::<Vec<i64>>()];
    assert!(Problem::new(&d, std::iter::empty()).is_err());
}

// ------------------------------------------------------------ 4×4 puzzles

const N: usize = 4;

/// A small deterministic generator (xorshift), for test data only.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random 4×4 Latin square: a cyclic square with rows, columns and
/// symbols shuffled.
fn latin(rng: &mut Rng) -> [[i64; N]; N] {
    let perm = |rng: &mut Rng| {
        let mut p: Vec<usize> = (0..N).collect();
        for i in (1..N).rev() {
            p.swap(i, rng.below(i as u64 + 1) as usize);
        }
        p
    };
    let (rows, cols, syms) = (perm(rng), perm(rng), perm(rng));
    let mut g = [[0; N]; N];
    for r in 0..N {
        for c in 0..N {
            g[r][c] = syms[(rows[r] + cols[c]) % N] as i64 + 1;
        }
    }
    g
}

/// A random Futoshiki-style puzzle: some givens and some true signs between
/// neighbours (`(a, b)` means cell a < cell b, cells as r·N + c).
struct Puzzle {
    givens: Vec<(usize, i64)>,
    less: Vec<(usize, usize)>,
}

fn puzzle(rng: &mut Rng) -> Puzzle {
    let g = latin(rng);
    let at = |i: usize| g[i / N][i % N];
    let givens = (0..N * N)
        .filter(|_| rng.below(3) == 0)
        .map(|i| (i, at(i)))
        .collect();
    let mut less = Vec::new();
    for i in 0..N * N {
        for j in [i + 1, i + N] {
            let neighbour = j < N * N && (j == i + N || j % N != 0);
            if neighbour && rng.below(3) == 0 {
                less.push(if at(i) < at(j) { (i, j) } else { (j, i) });
            }
        }
    }
    Puzzle { givens, less }
}

fn model(p: &Puzzle) -> Problem {
    let d = vec![(1..=N as i64).collect::<Vec<_>>(); N * N];
    let mut conds = Vec::new();
    for k in 0..N {
        conds.push(BoolTerm::AllDiff((0..N).map(|c| var(k * N + c)).collect()));
        conds.push(BoolTerm::AllDiff((0..N).map(|r| var(r * N + k)).collect()));
    }
    for &(a, b) in &p.less {
        conds.push(cmp(var(a), CmpOp::Lt, var(b)));
    }
    for &(i, v) in &p.givens {
        conds.push(eq(i, v));
    }
    problem(&d, &conds)
}

fn peers(i: usize) -> impl Iterator<Item = usize> {
    (0..N * N).filter(move |&j| j != i && (j / N == i / N || j % N == i % N))
}

/// The grid solver's node count: givens placed; each node picks the empty
/// cell with the fewest candidates (first in reading order), candidates
/// being the values no placed peer or placed sign partner rules out, and
/// tries them in ascending order; it stops at the first full grid.
fn grid_nodes(p: &Puzzle) -> u64 {
    let mut grid = [0i64; N * N];
    for &(i, v) in &p.givens {
        grid[i] = v;
    }
    fn candidates(p: &Puzzle, grid: &[i64; N * N], i: usize) -> Vec<i64> {
        (1..=N as i64)
            .filter(|&v| peers(i).all(|j| grid[j] != v))
            .filter(|&v| {
                p.less.iter().all(|&(a, b)| {
                    (a != i || grid[b] == 0 || v < grid[b])
                        && (b != i || grid[a] == 0 || grid[a] < v)
                })
            })
            .collect()
    }
    fn node(p: &Puzzle, grid: &mut [i64; N * N], count: &mut u64) -> bool {
        *count += 1;
        let mut best: Option<(usize, Vec<i64>)> = None;
        for i in 0..N * N {
            if grid[i] == 0 {
                let c = candidates(p, grid, i);
                if c.is_empty() {
                    return false;
                }
                if best.as_ref().is_none_or(|(_, b)| c.len() < b.len()) {
                    best = Some((i, c));
                }
            }
        }
        let Some((i, cands)) = best else { return true };
        for v in cands {
            grid[i] = v;
            if node(p, grid, count) {
                return true;
            }
            grid[i] = 0;
        }
        false
    }
    // Givens that clash with each other or with a sign: the root fails.
    let clash = p.givens.iter().any(|&(i, v)| {
        peers(i).any(|j| grid[j] == v)
            || p.less.iter().any(|&(a, b)| {
                grid[a] != 0 && grid[b] != 0 && grid[a] >= grid[b] && (a == i || b == i)
            })
    });
    let mut count = 0;
    if clash {
        return 1;
    }
    node(p, &mut grid, &mut count);
    count
}

/// The reference's Futoshiki propagation: singles remove their value from
/// row and column peers, signs prune by the partner's bounds, to a fixpoint.
fn grid_propagation_solves(p: &Puzzle) -> bool {
    let mut cand: Vec<Vec<i64>> = vec![(1..=N as i64).collect(); N * N];
    for &(i, v) in &p.givens {
        cand[i].retain(|&x| x == v);
    }
    loop {
        let before = cand.clone();
        for i in 0..N * N {
            if let [v] = cand[i][..] {
                for j in peers(i) {
                    cand[j].retain(|&x| x != v);
                }
            }
        }
        for &(a, b) in &p.less {
            let (Some(&max_b), Some(&min_a)) = (cand[b].iter().max(), cand[a].iter().min()) else {
                return false;
            };
            cand[a].retain(|&x| x < max_b);
            cand[b].retain(|&x| x > min_a);
        }
        if cand.iter().any(Vec::is_empty) {
            return false;
        }
        if cand == before {
            return cand.iter().all(|c| c.len() == 1);
        }
    }
}

#[test]
fn measures_match_independent_grid_solvers_on_random_4x4_puzzles() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut solved, mut branched) = (0, 0);
    for k in 0..500 {
        let p = puzzle(&mut rng);
        let m = model(&p);
        let nodes = search_nodes(&m, 1_000_000);
        assert_eq!(
            nodes,
            grid_nodes(&p),
            "puzzle {k}: node counts differ (givens {:?}, less {:?})",
            p.givens,
            p.less
        );
        let solves = propagation_solves(&m);
        assert_eq!(
            solves,
            grid_propagation_solves(&p),
            "puzzle {k}: propagation differs"
        );
        solved += solves as u32;
        branched += (nodes > 17 - p.givens.len() as u64) as u32;
    }
    // Both outcomes occur, so the comparison is not vacuous.
    assert!(
        solved > 20 && solved < 480,
        "propagation solved {solved} of 500"
    );
    assert!(branched > 20, "only {branched} of 500 searches backtracked");
}
