//! The evaluator's [`Sampler`] on the project's own ChaCha helpers.

use super::rng::Rng;
use crate::eval::Sampler;

/// Draws for sampling expressions, all from one item's [`Rng`].
pub struct RngSampler<'r> {
    rng: &'r mut Rng,
}

impl<'r> RngSampler<'r> {
    /// A sampler drawing from `rng`.
    pub fn new(rng: &'r mut Rng) -> RngSampler<'r> {
        RngSampler { rng }
    }
}

impl Sampler for RngSampler<'_> {
    fn below(&mut self, n: u64) -> u64 {
        // The evaluator never asks for `below(0)`; answer 0 rather than panic.
        self.rng.below(n).unwrap_or(0)
    }

    fn pick_indices(&mut self, n: usize, k: usize) -> Vec<usize> {
        self.rng.pick_indices(n, k.min(n)).unwrap_or_default()
    }

    fn permutation(&mut self, n: usize) -> Vec<usize> {
        self.rng.permutation(n)
    }

    fn weighted(&mut self, weights: &[u64]) -> Result<usize, String> {
        self.rng.weighted(weights).map_err(|e| e.to_string())
    }
}
