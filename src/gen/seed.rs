//! Per-item seed derivation.
//!
//! Every generated item gets its own 32-byte ChaCha8 seed, derived from the
//! dataset seed and the item's coordinates only, so items can be generated
//! independently, in any order, and regenerated one at a time.

use sha2::{Digest, Sha256};

/// The seed of one item: the SHA-256 digest of the UTF-8 bytes of
///
/// ```text
/// format!("puzzlec/v1\n{dataset_seed}\n{puzzle}\n{tier}\n{index}")
/// ```
///
/// with `dataset_seed` and `index` in decimal, no trailing newline. The
/// language is deliberately not part of it: the English and Korean items of
/// a directly translated puzzle type share the same latent instance.
pub fn item_seed(dataset_seed: u64, puzzle: &str, tier: &str, index: u64) -> [u8; 32] {
    let text = format!("puzzlec/v1\n{dataset_seed}\n{puzzle}\n{tier}\n{index}");
    Sha256::digest(text.as_bytes()).into()
}

/// The seed as 64 lowercase hexadecimal digits.
pub fn seed_hex(seed: &[u8; 32]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(64);
    for &b in seed {
        s.push(HEX[(b >> 4) as usize] as char);
        s.push(HEX[(b & 15) as usize] as char);
    }
    s
}

/// Parses exactly 64 hexadecimal digits (either case, nothing else, no
/// surrounding whitespace) back into a seed; `None` otherwise.
pub fn parse_seed_hex(s: &str) -> Option<[u8; 32]> {
    let bytes = s.as_bytes();
    if bytes.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, pair) in bytes.chunks_exact(2).enumerate() {
        let hi = hex_value(pair[0])?;
        let lo = hex_value(pair[1])?;
        out[i] = (hi << 4) | lo;
    }
    Some(out)
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}
