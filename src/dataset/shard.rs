//! `--shard I/N`: which item indices one of N cooperating builds generates.

use std::fmt;
use std::str::FromStr;

use super::DatasetError;

/// Shard `index` of `count`, 1-based: `1/4` .. `4/4`. Shard `i/n` owns the item indices
/// `k` with `k % n == i - 1`, so the `n` shards together cover every index exactly once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shard {
    /// The 1-based shard number, `1 ..= count`.
    pub index: u32,
    /// The number of shards, at least 1.
    pub count: u32,
}

impl Shard {
    /// The single shard `1/1` that owns every index.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Shard `index/count`, checked: `count >= 1` and `1 <= index <= count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, DatasetError> {
        let given = format!("{index}/{count}");
        check(&given, index, count)
    }

    /// Whether this shard owns `item_index`. A shard built by hand with invalid fields
    /// (count 0 or index outside `1..=count`) owns nothing.
    pub fn contains(&self, item_index: u64) -> bool {
        if self.count == 0 || self.index == 0 || self.index > self.count {
            return false;
        }
        item_index % u64::from(self.count) == u64::from(self.index - 1)
    }

    /// How many of the indices `0..n` this shard owns.
    pub fn owned_of(&self, n: u64) -> u64 {
        if self.count == 0 || self.index == 0 || self.index > self.count {
            return 0;
        }
        let first = u64::from(self.index - 1);
        if n <= first {
            0
        } else {
            (n - first).div_ceil(u64::from(self.count))
        }
    }
}

impl Default for Shard {
    fn default() -> Self {
        Shard::ALL
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = DatasetError;

    /// Parses `I/N` (surrounding spaces allowed), e.g. `1/4`.
    fn from_str(s: &str) -> Result<Shard, DatasetError> {
        let invalid = |reason: String| DatasetError::InvalidShard {
            given: s.to_string(),
            reason,
        };
        let shape = || {
            invalid("expected `I/N` with whole numbers, shards numbered from 1, e.g. `1/4`".into())
        };
        let (i, n) = s.trim().split_once('/').ok_or_else(shape)?;
        let index: u32 = i.trim().parse().map_err(|_| shape())?;
        let count: u32 = n.trim().parse().map_err(|_| shape())?;
        check(s, index, count)
    }
}

fn check(given: &str, index: u32, count: u32) -> Result<Shard, DatasetError> {
    let reason = if count == 0 {
        Some("the shard count N must be at least 1, e.g. `1/4`".to_string())
    } else if index == 0 || index > count {
        Some(format!(
            "shards are numbered from 1, so I must be between 1 and {count}, e.g. `1/{count}`"
        ))
    } else {
        None
    };
    match reason {
        Some(reason) => Err(DatasetError::InvalidShard {
            given: given.to_string(),
            reason,
        }),
        None => Ok(Shard { index, count }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owned_of_counts_what_contains_owns() {
        for count in 1..=5u32 {
            for index in 1..=count {
                let shard = Shard { index, count };
                for n in 0..23u64 {
                    let brute = (0..n).filter(|&i| shard.contains(i)).count() as u64;
                    assert_eq!(shard.owned_of(n), brute, "{shard} of {n}");
                }
            }
        }
    }
}
