//! Golden vectors for `puzzlec::gen::rng`.
//!
//! Every literal below was produced by the crate AND reproduced by an
//! independent pure-Python ChaCha/helper implementation
//! (`tools/chacha_ref.py`), which itself is checked against the ChaCha20
//! known-answer tests shipped in `rand_chacha` 0.3.1's own test suite and
//! against the published ChaCha8 keystream TC1 (draft-strombergson-chacha-test-vectors:
//! all-zero 256-bit key and IV, 8 rounds).

use puzzlec::gen::rng::{Rng, RngError};

const ZERO: [u8; 32] = [0; 32];

fn seq_seed() -> [u8; 32] {
    let mut s = [0u8; 32];
    for (i, b) in s.iter_mut().enumerate() {
        *b = i as u8 + 1;
    }
    s
}

#[test]
fn chacha8_zero_key_matches_published_tc1() {
    // TC1, 8 rounds: 3e00ef2f895f40d6 7f5bb8e81f09a5a1 2c840ec3ce9a7f3b 181be188ef711a1e
    let tc1: [u8; 32] = [
        0x3e, 0x00, 0xef, 0x2f, 0x89, 0x5f, 0x40, 0xd6, 0x7f, 0x5b, 0xb8, 0xe8, 0x1f, 0x09, 0xa5,
        0xa1, 0x2c, 0x84, 0x0e, 0xc3, 0xce, 0x9a, 0x7f, 0x3b, 0x18, 0x1b, 0xe1, 0x88, 0xef, 0x71,
        0x1a, 0x1e,
    ];
    let mut r = Rng::from_seed(ZERO);
    let mut got = Vec::new();
    for _ in 0..4 {
        got.extend_from_slice(&r.next_u64().to_le_bytes());
    }
    assert_eq!(got, tc1);
}

#[test]
fn next_u64_zero_seed() {
    let mut r = Rng::from_seed(ZERO);
    let got: Vec<u64> = (0..6).map(|_| r.next_u64()).collect();
    assert_eq!(
        got,
        [
            0xd6405f892fef003e,
            0xa1a5091fe8b85b7f,
            0x3b7f9acec30e842c,
            0x1e1a71ef88e11b18,
            0x416f21b972e14c98,
            0x19566d456753449f
        ]
    );
}

#[test]
fn next_u64_seq_seed() {
    let mut r = Rng::from_seed(seq_seed());
    let got: Vec<u64> = (0..6).map(|_| r.next_u64()).collect();
    assert_eq!(
        got,
        [
            0x01dc9c6fafa8183a,
            0x4e5009beb1ed4149,
            0xb53487ed739cf39c,
            0x67cdd52cda88787a,
            0xc0dc8ec263654be4,
            0xd665a8ed935b8d42
        ]
    );
}

#[test]
fn below_golden() {
    let mut r = Rng::from_seed(ZERO);
    let got: Vec<u64> = (0..10).map(|_| r.below(6).unwrap()).collect();
    assert_eq!(got, [0, 1, 4, 4, 4, 3, 5, 2, 0, 5]);

    let mut r = Rng::from_seed(seq_seed());
    let got: Vec<u64> = (0..5).map(|_| r.below(1_000_000_007).unwrap()).collect();
    assert_eq!(got, [477525581, 227636633, 170101186, 394833782, 420914670]);

    // n = 2^63 + 1 rejects almost half of all draws: exercises the rejection loop.
    let mut r = Rng::from_seed(ZERO);
    let got: Vec<u64> = (0..4).map(|_| r.below((1u64 << 63) + 1).unwrap()).collect();
    assert_eq!(
        got,
        [
            6215072528590635069,
            2424354007061912446,
            3289301190799198910,
            3072292056775327167
        ]
    );
}

#[test]
fn below_one_consumes_one_draw_each() {
    let mut r = Rng::from_seed(seq_seed());
    for _ in 0..3 {
        assert_eq!(r.below(1), Ok(0));
    }
    assert_eq!(r.next_u64(), 7479868944753916026);
}

#[test]
fn int_in_golden() {
    let mut r = Rng::from_seed(ZERO);
    let got: Vec<i64> = (0..8).map(|_| r.int_in(-10, 10).unwrap()).collect();
    assert_eq!(got, [2, 9, -9, 6, 3, 5, 4, -8]);

    let mut r = Rng::from_seed(seq_seed());
    let got: Vec<i64> = (0..3)
        .map(|_| r.int_in(i64::MIN, i64::MAX).unwrap())
        .collect();
    assert_eq!(
        got,
        [
            -9089217944438171590,
            -3580350989125992119,
            3833838636715799452
        ]
    );

    let mut r = Rng::from_seed(seq_seed());
    let got: Vec<i64> = (0..3).map(|_| r.int_in(i64::MIN, 0).unwrap()).collect();
    assert_eq!(
        got,
        [
            -5389533400138976357,
            -4549604558008661021,
            -2997804238612230847
        ]
    );
}

#[test]
fn int_in_edges() {
    let mut r = Rng::from_seed(ZERO);
    assert_eq!(r.int_in(7, 7), Ok(7));
    assert_eq!(r.int_in(i64::MAX, i64::MAX), Ok(i64::MAX));
    assert_eq!(r.int_in(i64::MIN, i64::MIN), Ok(i64::MIN));
    for _ in 0..1000 {
        let v = r.int_in(i64::MAX - 2, i64::MAX).unwrap();
        assert!(v >= i64::MAX - 2);
        let v = r.int_in(-3, -1).unwrap();
        assert!((-3..=-1).contains(&v));
    }
    assert_eq!(
        r.int_in(1, 0),
        Err(RngError::InvertedBounds { lo: 1, hi: 0 })
    );
}

#[test]
fn shuffle_golden() {
    let mut r = Rng::from_seed(ZERO);
    let mut v: Vec<u32> = (0..10).collect();
    r.shuffle(&mut v);
    assert_eq!(v, [3, 0, 5, 9, 6, 7, 2, 4, 1, 8]);
}

#[test]
fn pick_indices_golden() {
    let mut r = Rng::from_seed(seq_seed());
    assert_eq!(r.pick_indices(100, 5).unwrap(), [18, 37, 86, 14, 40]);
    let mut r = Rng::from_seed(ZERO);
    assert_eq!(
        r.pick_indices(10, 10).unwrap(),
        [8, 2, 6, 5, 0, 7, 3, 9, 4, 1]
    );
}

#[test]
fn weighted_golden() {
    let mut r = Rng::from_seed(seq_seed());
    let got: Vec<usize> = (0..12)
        .map(|_| r.weighted(&[1, 0, 3, 6]).unwrap())
        .collect();
    assert_eq!(got, [3, 3, 0, 3, 3, 0, 3, 2, 3, 0, 3, 0]);
}

#[test]
fn permutation_golden() {
    let mut r = Rng::from_seed(ZERO);
    assert_eq!(r.permutation(8), [2, 1, 3, 7, 0, 4, 5, 6]);
    let mut r = Rng::from_seed(seq_seed());
    assert_eq!(r.permutation(8), [3, 7, 4, 6, 1, 0, 5, 2]);
}

#[test]
fn errors_instead_of_panics() {
    let mut r = Rng::from_seed(ZERO);
    assert_eq!(r.below(0), Err(RngError::EmptyRange));
    assert_eq!(r.weighted(&[]), Err(RngError::NoWeights));
    assert_eq!(r.weighted(&[0, 0]), Err(RngError::ZeroTotalWeight));
    assert_eq!(r.weighted(&[u64::MAX, 1]), Err(RngError::WeightOverflow));
    assert_eq!(r.weighted(&[u64::MAX]), Ok(0));
    assert_eq!(
        r.pick_indices(3, 4),
        Err(RngError::TooManyPicks { n: 3, k: 4 })
    );
    assert_eq!(r.pick_indices(0, 0), Ok(vec![]));
    assert_eq!(r.permutation(0), Vec::<usize>::new());
    let mut empty: [u8; 0] = [];
    r.shuffle(&mut empty);
    // A huge n with a small k stays cheap (sparse partial Fisher–Yates).
    let picks = r.pick_indices(usize::MAX, 3).unwrap();
    assert_eq!(picks.len(), 3);
    assert!(picks[0] != picks[1] && picks[1] != picks[2] && picks[0] != picks[2]);
}

#[test]
fn pick_indices_are_distinct_and_in_range() {
    let mut r = Rng::from_seed(seq_seed());
    for n in 0..30usize {
        for k in 0..=n {
            let p = r.pick_indices(n, k).unwrap();
            assert_eq!(p.len(), k);
            let mut s = p.clone();
            s.sort_unstable();
            s.dedup();
            assert_eq!(s.len(), k);
            assert!(p.iter().all(|&i| i < n));
        }
    }
}

/// Chi-square statistic of observed counts against a uniform expectation.
fn chi_square(counts: &[u64], total: u64) -> f64 {
    let expected = total as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&c| {
            let d = c as f64 - expected;
            d * d / expected
        })
        .sum()
}

#[test]
fn below_is_uniform_chi_square() {
    // 60,000 draws into 10 cells: df = 9, critical value at p = 0.001 is 27.877.
    let mut r = Rng::from_seed(seq_seed());
    let mut counts = [0u64; 10];
    for _ in 0..60_000 {
        counts[r.below(10).unwrap() as usize] += 1;
    }
    assert!(chi_square(&counts, 60_000) < 27.877, "{counts:?}");

    // A non-power-of-two, non-divisor n: 7 cells, df = 6, critical 22.458.
    let mut r = Rng::from_seed(ZERO);
    let mut counts = [0u64; 7];
    for _ in 0..60_000 {
        counts[r.below(7).unwrap() as usize] += 1;
    }
    assert!(chi_square(&counts, 60_000) < 22.458, "{counts:?}");
}

#[test]
fn shuffle_of_three_is_uniform_over_permutations() {
    // 6 permutations, df = 5, critical value at p = 0.001 is 20.515.
    let perms: [[u8; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut r = Rng::from_seed(ZERO);
    let mut counts = [0u64; 6];
    for _ in 0..60_000 {
        let mut v = [0u8, 1, 2];
        r.shuffle(&mut v);
        let idx = perms.iter().position(|p| *p == v).unwrap();
        counts[idx] += 1;
    }
    assert!(chi_square(&counts, 60_000) < 20.515, "{counts:?}");
}

#[test]
fn weighted_proportions_follow_weights() {
    // Weights 1:0:3:6 over 60,000 draws; df = 2 over the non-zero cells,
    // critical value at p = 0.001 is 13.816.
    let weights = [1u64, 0, 3, 6];
    let mut r = Rng::from_seed(ZERO);
    let mut counts = [0u64; 4];
    for _ in 0..60_000 {
        counts[r.weighted(&weights).unwrap()] += 1;
    }
    assert_eq!(counts[1], 0);
    let expected = [6_000.0, 18_000.0, 36_000.0];
    let observed = [counts[0], counts[2], counts[3]];
    let chi: f64 = observed
        .iter()
        .zip(expected)
        .map(|(&o, e)| (o as f64 - e).powi(2) / e)
        .sum();
    assert!(chi < 13.816, "{counts:?}");
}

#[test]
fn same_seed_same_stream() {
    let mut a = Rng::from_seed(seq_seed());
    let mut b = Rng::from_seed(seq_seed());
    for _ in 0..100 {
        assert_eq!(a.next_u64(), b.next_u64());
    }
}
