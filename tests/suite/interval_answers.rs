//! Brute-force checks of the `interval` answer kind: random unions of
//! intervals with small endpoints (halves included), printed in random
//! spellings, must normalize to one canonical text per set, and that text
//! must denote the same set as the pieces, judged by an evaluator written
//! here (membership of sample points on a quarter grid).

use puzzlec::answer::{normalize, AnswerKind};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// One generated piece: `lo`/`hi` in halves, `None` for an infinite end.
#[derive(Debug, Clone, Copy)]
struct Piece {
    lo: Option<i64>,
    lo_closed: bool,
    hi: Option<i64>,
    hi_closed: bool,
}

fn pick(rng: &mut ChaCha8Rng, n: usize) -> usize {
    rng.next_u32() as usize % n
}

fn coin(rng: &mut ChaCha8Rng) -> bool {
    rng.next_u32().is_multiple_of(2)
}

fn random_piece(rng: &mut ChaCha8Rng) -> Piece {
    // Endpoints in halves, mostly whole numbers.
    let end = |rng: &mut ChaCha8Rng| {
        let k = pick(rng, 13) as i64 - 6;
        if pick(rng, 4) == 0 {
            2 * k + 1
        } else {
            2 * k
        }
    };
    let (a, b) = (end(rng), end(rng));
    let (a, b) = (a.min(b), a.max(b));
    match pick(rng, 5) {
        0 => Piece {
            lo: None,
            lo_closed: false,
            hi: Some(b),
            hi_closed: coin(rng),
        },
        1 => Piece {
            lo: Some(a),
            lo_closed: coin(rng),
            hi: None,
            hi_closed: false,
        },
        2 => Piece {
            lo: Some(a),
            lo_closed: true,
            hi: Some(a),
            hi_closed: true,
        },
        _ if a == b => Piece {
            lo: Some(a),
            lo_closed: true,
            hi: Some(a),
            hi_closed: true,
        },
        _ => Piece {
            lo: Some(a),
            lo_closed: coin(rng),
            hi: Some(b),
            hi_closed: coin(rng),
        },
    }
}

/// Membership of `q` quarters in the pieces' union.
fn contains(pieces: &[Piece], q: i64) -> bool {
    pieces.iter().any(|p| {
        let above = match p.lo {
            None => true,
            Some(h) => 2 * h < q || (2 * h == q && p.lo_closed),
        };
        let below = match p.hi {
            None => true,
            Some(h) => q < 2 * h || (2 * h == q && p.hi_closed),
        };
        above && below
    })
}

/// Sample points: every quarter in [-16, 16] (endpoints are halves in [-6.5, 6.5]).
fn membership(pieces: &[Piece]) -> Vec<bool> {
    (-64..=64).map(|q| contains(pieces, q)).collect()
}

/// A number given in halves, in a random spelling.
fn number(rng: &mut ChaCha8Rng, halves: i64) -> String {
    let minus = ["-", "−", "－"][pick(rng, 3)];
    let sign = if halves < 0 { minus } else { "" };
    let m = halves.abs();
    if m % 2 == 0 {
        format!("{sign}{}", m / 2)
    } else if coin(rng) {
        format!("{sign}{m}/2")
    } else {
        format!("{sign}{}.5", m / 2)
    }
}

fn sp(rng: &mut ChaCha8Rng) -> &'static str {
    ["", " "][pick(rng, 2)]
}

fn op(rng: &mut ChaCha8Rng, less: bool, closed: bool) -> &'static str {
    match (less, closed) {
        (true, true) => ["≤", "<=", "⩽", "\\leq "][pick(rng, 4)],
        (true, false) => ["<", "\\lt "][pick(rng, 2)],
        (false, true) => ["≥", ">=", "⩾", "\\geq "][pick(rng, 4)],
        (false, false) => [">", "\\gt "][pick(rng, 2)],
    }
}

fn inequality(rng: &mut ChaCha8Rng, p: &Piece, v: &str) -> String {
    let s = sp(rng);
    match (p.lo, p.hi) {
        (Some(a), Some(b)) if a == b => format!("{v}{s}={s}{}", number(rng, a)),
        (None, Some(b)) if coin(rng) => {
            format!("{}{s}{}{s}{v}", number(rng, b), op(rng, false, p.hi_closed))
        }
        (None, Some(b)) => format!("{v}{s}{}{s}{}", op(rng, true, p.hi_closed), number(rng, b)),
        (Some(a), None) if coin(rng) => {
            format!("{}{s}{}{s}{v}", number(rng, a), op(rng, true, p.lo_closed))
        }
        (Some(a), None) => format!("{v}{s}{}{s}{}", op(rng, false, p.lo_closed), number(rng, a)),
        (Some(a), Some(b)) if coin(rng) => format!(
            "{}{s}{}{s}{v}{s}{}{s}{}",
            number(rng, a),
            op(rng, true, p.lo_closed),
            op(rng, true, p.hi_closed),
            number(rng, b)
        ),
        (Some(a), Some(b)) => format!(
            "{v}{s}{}{s}{} and {v}{s}{}{s}{}",
            op(rng, false, p.lo_closed),
            number(rng, a),
            op(rng, true, p.hi_closed),
            number(rng, b)
        ),
        (None, None) => unreachable!("pieces have a finite end"),
    }
}

fn bracketed(rng: &mut ChaCha8Rng, p: &Piece) -> String {
    let inf = ["∞", "+∞", "inf", "\\infty", "+infinity"];
    let lo = match p.lo {
        None => format!("-{}", inf[pick(rng, inf.len())].trim_start_matches('+')),
        Some(a) => number(rng, a),
    };
    let hi = match p.hi {
        None => inf[pick(rng, inf.len())].to_string(),
        Some(b) => number(rng, b),
    };
    let open = if p.lo_closed { "[" } else { "(" };
    let close = if p.hi_closed { "]" } else { ")" };
    format!("{open}{lo},{}{hi}{close}", sp(rng))
}

fn spelling(rng: &mut ChaCha8Rng, pieces: &[Piece]) -> String {
    if pieces.is_empty() {
        return ["∅", "none", "{}", "no solution"][pick(rng, 4)].to_string();
    }
    let v = ["x", "X", "y", "t"][pick(rng, 4)];
    let texts: Vec<String> = pieces
        .iter()
        .map(|p| {
            if coin(rng) {
                inequality(rng, p, v)
            } else {
                bracketed(rng, p)
            }
        })
        .collect();
    let joiner = [" or ", " ∪ ", " U ", "∪", " || ", " \\cup "][pick(rng, 6)];
    let body = texts.join(joiner);
    match pick(rng, 6) {
        0 => format!("{{{v} | {body}}}"),
        1 => format!("${body}$"),
        _ => body,
    }
}

/// A finite end in quarters and whether it is closed; `None` for an infinite end.
type End = Option<(i64, bool)>;

/// The set a canonical text denotes, evaluated here from its own grammar.
fn canonical_membership(text: &str) -> Vec<bool> {
    let num = |s: &str| -> i64 {
        // In quarters.
        match s.split_once('/') {
            Some((n, d)) => {
                let (n, d): (i64, i64) = (n.parse().unwrap(), d.parse().unwrap());
                assert!(
                    d == 2 && n % 2 != 0,
                    "unreduced or odd fraction {s} in {text}"
                );
                2 * n
            }
            None => 4 * s.parse::<i64>().unwrap(),
        }
    };
    if text == "∅" {
        return vec![false; 129];
    }
    if text == "ℝ" {
        return vec![true; 129];
    }
    let mut pieces: Vec<(End, End)> = Vec::new();
    for piece in text.split(" or ") {
        let p = if let Some(r) = piece.strip_prefix("x=") {
            (Some((num(r), true)), Some((num(r), true)))
        } else if let Some(r) = piece.strip_prefix("x≤") {
            (None, Some((num(r), true)))
        } else if let Some(r) = piece.strip_prefix("x<") {
            (None, Some((num(r), false)))
        } else if let Some(r) = piece.strip_prefix("x≥") {
            (Some((num(r), true)), None)
        } else if let Some(r) = piece.strip_prefix("x>") {
            (Some((num(r), false)), None)
        } else {
            let (l, r) = piece.split_once('x').unwrap();
            let lo = l.strip_suffix('≤').map(|a| (num(a), true));
            let lo = lo.or_else(|| l.strip_suffix('<').map(|a| (num(a), false)));
            let hi = r.strip_prefix('≤').map(|b| (num(b), true));
            let hi = hi.or_else(|| r.strip_prefix('<').map(|b| (num(b), false)));
            assert!(
                lo.is_some() && hi.is_some(),
                "bad piece {piece:?} in {text}"
            );
            assert!(
                lo.unwrap().0 < hi.unwrap().0,
                "empty piece {piece:?} in {text}"
            );
            (lo, hi)
        };
        pieces.push(p);
    }
    // Sorted, disjoint and not touching.
    for w in pieces.windows(2) {
        let (a, b) = (
            w[0].1.expect("a bounded end"),
            w[1].0.expect("a bounded start"),
        );
        assert!(
            a.0 < b.0 || (a.0 == b.0 && !a.1 && !b.1),
            "pieces overlap or touch in {text}"
        );
    }
    (-64..=64)
        .map(|q| {
            pieces.iter().any(|(lo, hi)| {
                lo.is_none_or(|(a, c)| a < q || (a == q && c))
                    && hi.is_none_or(|(b, c)| q < b || (q == b && c))
            })
        })
        .collect()
}

#[test]
fn random_spellings_normalize_to_one_canonical_text_per_set() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut by_set: HashMap<Vec<bool>, String> = HashMap::new();
    let mut canon_sets: HashMap<String, Vec<bool>> = HashMap::new();
    for case in 0..3000 {
        let n = pick(&mut rng, 5);
        let pieces: Vec<Piece> = (0..n).map(|_| random_piece(&mut rng)).collect();
        let want = membership(&pieces);
        let mut canons = Vec::new();
        for _ in 0..3 {
            let text = spelling(&mut rng, &pieces);
            let canon = normalize(AnswerKind::Interval, &text)
                .unwrap_or_else(|e| panic!("case {case}: {text:?} not read: {e}"));
            assert_eq!(normalize(AnswerKind::Interval, &canon).as_ref(), Ok(&canon));
            assert_eq!(
                canonical_membership(&canon),
                want,
                "case {case}: {text:?} → {canon}"
            );
            canons.push(canon);
        }
        assert!(
            canons.iter().all(|c| *c == canons[0]),
            "case {case}: {canons:?}"
        );
        let c = canons.swap_remove(0);
        assert_eq!(by_set.entry(want.clone()).or_insert(c.clone()), &c);
        assert_eq!(canon_sets.entry(c).or_insert(want.clone()), &want);
    }
    assert!(by_set.len() > 500, "only {} distinct sets", by_set.len());
}

#[test]
fn interval_examples() {
    let ok = |x: &str, want: &str| {
        assert_eq!(
            normalize(AnswerKind::Interval, x).as_deref(),
            Ok(want),
            "{x:?}"
        )
    };
    ok("X≥8", "x≥8");
    ok("x >= 8", "x≥8");
    ok("8≤x", "x≥8");
    ok("[8, ∞)", "x≥8");
    ok("[8,+∞)", "x≥8");
    ok("(−∞, 1) ∪ (3, ∞)", "x<1 or x>3");
    ok("x<1 or x>3", "x<1 or x>3");
    ok("{x | x ≥ 8}", "x≥8");
    ok("x ∈ [8, ∞)", "x≥8");
    ok("$x \\geq 8$", "x≥8");
    ok("Ｘ≧８", "x≥8");
    ok("x ≠ 2", "x<2 or x>2");
    ok("-2<x<=5", "-2<x≤5");
    ok("x>-2 and x<=5", "-2<x≤5");
    ok("[4,4]", "x=4");
    ok("x<=1 or x>=1", "ℝ");
    ok("(-inf, inf)", "ℝ");
    ok("all real numbers", "ℝ");
    ok("x > 1 and x < 1", "∅");
    ok("none", "∅");
    ok("x ≥ 2.50", "x≥5/2");
    ok("x < -6/4", "x<-3/2");
    ok("[1,3] ∪ [2,5)", "1≤x<5");
    ok("(1,2) U (2,3)", "1<x<2 or 2<x<3");
    for bad in [
        "x≥",
        "[5, 3]",
        "x<y",
        "x ≥ 8 because",
        "1<2<x",
        "x = ∞",
        "{4}",
        "x ≥ 1/0",
        "8",
    ] {
        assert!(
            normalize(AnswerKind::Interval, bad).is_err(),
            "{bad:?} was read"
        );
    }
}
