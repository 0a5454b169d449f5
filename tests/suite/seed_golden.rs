//! Golden vectors for `puzzlec::gen::seed`; the digests were computed
//! independently with Python's `hashlib.sha256` over the documented string.

use puzzlec::gen::seed::{item_seed, parse_seed_hex, seed_hex};

#[test]
fn item_seed_golden() {
    let cases: [(u64, &str, &str, u64, &str); 3] = [
        (
            0,
            "sudoku",
            "easy",
            0,
            "8ddff71b4abf0700e1b30952c9befe8090ed9d570b6f65983bbbde5d3007fe36",
        ),
        (
            42,
            "zebra",
            "hard",
            7,
            "c2f35b08abdd344404aaa6c52c135ec043f1c232707b1cad61121cbb675283f0",
        ),
        (
            u64::MAX,
            "달력",
            "중급",
            123_456_789,
            "9e52a198e22ea007ce9f7907e7e2c4d94c2af02d977401dcba3a610b223cd128",
        ),
    ];
    for (ds, puzzle, tier, index, hex) in cases {
        let seed = item_seed(ds, puzzle, tier, index);
        assert_eq!(seed_hex(&seed), hex);
        assert_eq!(parse_seed_hex(hex), Some(seed));
    }
}

#[test]
fn every_coordinate_matters() {
    let base = item_seed(1, "p", "t", 0);
    assert_ne!(base, item_seed(2, "p", "t", 0));
    assert_ne!(base, item_seed(1, "q", "t", 0));
    assert_ne!(base, item_seed(1, "p", "u", 0));
    assert_ne!(base, item_seed(1, "p", "t", 1));
    // The newline separators keep fields from running into each other.
    assert_ne!(item_seed(1, "ab", "c", 0), item_seed(1, "a", "bc", 0));
}

#[test]
fn hex_round_trip_and_rejects() {
    let mut s = [0u8; 32];
    for (i, b) in s.iter_mut().enumerate() {
        *b = (i * 37) as u8;
    }
    let h = seed_hex(&s);
    assert_eq!(h.len(), 64);
    assert!(h
        .chars()
        .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c)));
    assert_eq!(parse_seed_hex(&h), Some(s));
    assert_eq!(parse_seed_hex(&h.to_uppercase()), Some(s));
    assert_eq!(parse_seed_hex(""), None);
    assert_eq!(parse_seed_hex(&h[..63]), None);
    assert_eq!(parse_seed_hex(&format!("{h}0")), None);
    assert_eq!(parse_seed_hex(&format!(" {}", &h[1..])), None);
    assert_eq!(parse_seed_hex(&h.replacen('0', "g", 1)), None);
    // 64 bytes but multi-byte characters: must not panic.
    assert_eq!(parse_seed_hex(&"가".repeat(21)[..63]), None);
}
