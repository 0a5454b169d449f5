//! Deterministic sampling helpers on top of ChaCha8.
//!
//! The same 32-byte seed gives the same draws on every machine and forever:
//! every helper is defined only in terms of [`Rng::next_u64`] (the ChaCha8
//! keystream of `rand_chacha` 0.3.1, read as little-endian 32-bit words, two
//! words per `u64`, low word first) and integer arithmetic. No floats, no
//! `usize`-width draws and none of `rand`'s distributions are used, so a
//! change of platform or of the `rand` crate cannot change a dataset.
//!
//! Misuse that has no sensible answer (an empty range, no weights, more picks
//! than items) is reported as an [`RngError`] instead of a panic.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Why a sampling request could not be served.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RngError {
    /// `below(0)`: the range `0..0` has no element.
    #[error("cannot draw below 0: the range 0..0 is empty")]
    EmptyRange,
    /// `int_in(lo, hi)` with `lo > hi`.
    #[error("cannot draw from {lo}..={hi}: the lower bound exceeds the upper bound")]
    InvertedBounds {
        /// The requested lower bound.
        lo: i64,
        /// The requested upper bound.
        hi: i64,
    },
    /// `pick_indices(n, k)` with `k > n`.
    #[error("cannot pick {k} distinct indices from 0..{n}")]
    TooManyPicks {
        /// Number of available indices.
        n: usize,
        /// Number of requested indices.
        k: usize,
    },
    /// `weighted(&[])`.
    #[error("cannot choose from an empty list of weights")]
    NoWeights,
    /// `weighted` with every weight zero.
    #[error("cannot choose when every weight is zero")]
    ZeroTotalWeight,
    /// `weighted` whose weights add up to more than `u64::MAX`.
    #[error("the weights add up to more than u64::MAX")]
    WeightOverflow,
}

/// A seeded, platform-independent random source (ChaCha8).
#[derive(Debug, Clone)]
pub struct Rng {
    inner: ChaCha8Rng,
}

impl Rng {
    /// Creates the generator for a 32-byte seed: `ChaCha8Rng::from_seed(seed)`
    /// (key = seed, nonce/stream 0, block counter starting at 0).
    pub fn from_seed(seed: [u8; 32]) -> Rng {
        Rng {
            inner: ChaCha8Rng::from_seed(seed),
        }
    }

    /// The next 64 bits of the keystream: two consecutive little-endian
    /// 32-bit keystream words `w0, w1` give `w0 | (w1 << 32)`.
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform draw from `0..n`, without bias.
    ///
    /// Algorithm (pinned by golden vectors, never to be changed):
    /// `t = (2^64 - n) mod n` (computed as `n.wrapping_neg() % n`), i.e. the
    /// number of low `u64` values to throw away so that the rest is a whole
    /// multiple of `n`; then repeat `x = next_u64()` until `x >= t` and return
    /// `x % n`. Every call consumes at least one `next_u64`, even `below(1)`.
    ///
    /// Errors with [`RngError::EmptyRange`] when `n == 0`.
    pub fn below(&mut self, n: u64) -> Result<u64, RngError> {
        if n == 0 {
            return Err(RngError::EmptyRange);
        }
        let threshold = n.wrapping_neg() % n;
        loop {
            let x = self.next_u64();
            if x >= threshold {
                return Ok(x % n);
            }
        }
    }

    /// A uniform draw from `lo..=hi` for any `i64` bounds.
    ///
    /// Let `w = hi - lo` computed as an unsigned 64-bit difference. If
    /// `w == u64::MAX` (the full `i64` range) the result is `next_u64()`
    /// reinterpreted as `i64`, added to `lo` with wrapping; otherwise it is
    /// `lo + below(w + 1)` (wrapping two's-complement addition, which lands
    /// exactly in `lo..=hi`). Errors with [`RngError::InvertedBounds`] when
    /// `lo > hi`.
    pub fn int_in(&mut self, lo: i64, hi: i64) -> Result<i64, RngError> {
        if lo > hi {
            return Err(RngError::InvertedBounds { lo, hi });
        }
        let width = hi.wrapping_sub(lo) as u64;
        let offset = if width == u64::MAX {
            self.next_u64()
        } else {
            self.below(width + 1)?
        };
        Ok(lo.wrapping_add(offset as i64))
    }

    /// Shuffles in place with Fisher–Yates: for `i` from `len - 1` down to
    /// `1`, `j = below(i + 1)`, swap `xs[i]` and `xs[j]`. Slices of length 0
    /// or 1 are left untouched and consume no draws.
    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            if let Ok(j) = self.below(i as u64 + 1) {
                xs.swap(i, j as usize);
            }
        }
    }

    /// `k` distinct indices of `0..n` in sampled order, by a partial forward
    /// Fisher–Yates over the virtual array `a = [0, 1, .., n-1]`: for `i` in
    /// `0..k`, `j = i + below(n - i)`, swap `a[i]` and `a[j]`, emit `a[i]`.
    /// Memory is `O(k)` (the array is kept sparse), so `n` may be huge.
    ///
    /// Errors with [`RngError::TooManyPicks`] when `k > n`; `k == 0` gives an
    /// empty vector without consuming draws.
    pub fn pick_indices(&mut self, n: usize, k: usize) -> Result<Vec<usize>, RngError> {
        if k > n {
            return Err(RngError::TooManyPicks { n, k });
        }
        let mut moved: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
        let mut out = Vec::with_capacity(k);
        for i in 0..k {
            let j = i + self.below((n - i) as u64)? as usize;
            let at_i = moved.get(&i).copied().unwrap_or(i);
            let at_j = moved.get(&j).copied().unwrap_or(j);
            moved.insert(j, at_i);
            moved.insert(i, at_j);
            out.push(at_j);
        }
        Ok(out)
    }

    /// An index chosen with probability `weights[i] / total`.
    ///
    /// Algorithm: `total` is the checked sum of the weights, `r = below(total)`,
    /// and the result is the first `i` whose cumulative sum
    /// `weights[0] + .. + weights[i]` exceeds `r`; zero weights are never
    /// chosen. Errors: [`RngError::NoWeights`] for an empty slice,
    /// [`RngError::ZeroTotalWeight`] when all weights are zero and
    /// [`RngError::WeightOverflow`] when the sum exceeds `u64::MAX`.
    pub fn weighted(&mut self, weights: &[u64]) -> Result<usize, RngError> {
        if weights.is_empty() {
            return Err(RngError::NoWeights);
        }
        let mut total: u64 = 0;
        for &w in weights {
            total = total.checked_add(w).ok_or(RngError::WeightOverflow)?;
        }
        if total == 0 {
            return Err(RngError::ZeroTotalWeight);
        }
        let r = self.below(total)?;
        let mut cumulative: u64 = 0;
        for (i, &w) in weights.iter().enumerate() {
            cumulative += w;
            if r < cumulative {
                return Ok(i);
            }
        }
        // Unreachable: r < total == final cumulative sum.
        Ok(weights.len() - 1)
    }

    /// A uniformly random permutation of `0..n`: the vector `[0, 1, .., n-1]`
    /// passed through [`Rng::shuffle`]. (This is not the same draw sequence as
    /// `pick_indices(n, n)`.)
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut v: Vec<usize> = (0..n).collect();
        self.shuffle(&mut v);
        v
    }
}
