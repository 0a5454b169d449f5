//! An opt-in profile of `generate`'s statements: how often each ran, the
//! time spent in it (nested statements included) and how many attempts it
//! rejected. `puzzlec bench --profile` turns it on for its thread; nothing
//! is measured otherwise, and the profile never steers generation.

use crate::span::Span;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::time::Duration;

/// What one statement cost over the items generated while profiling.
#[derive(Debug, Clone, Copy)]
pub struct StatementCost {
    /// The statement.
    pub span: Span,
    /// How many times it ran (every attempt that reached it).
    pub runs: u64,
    /// Wall time inside it, the statements it holds included.
    pub time: Duration,
    /// Attempts (or `retry` runs) it rejected.
    pub rejections: u64,
}

thread_local! {
    static PROFILE: RefCell<Option<BTreeMap<(usize, usize), StatementCost>>> =
        const { RefCell::new(None) };
}

/// Starts (or restarts) profiling on this thread.
pub fn start() {
    PROFILE.with(|p| *p.borrow_mut() = Some(BTreeMap::new()));
}

/// Stops profiling on this thread and returns the statements' costs in
/// source order.
pub fn finish() -> Vec<StatementCost> {
    PROFILE
        .with(|p| p.borrow_mut().take())
        .map(|m| m.into_values().collect())
        .unwrap_or_default()
}

/// Whether this thread is profiling.
pub(super) fn enabled() -> bool {
    PROFILE.with(|p| p.borrow().is_some())
}

/// Adds one run of the statement at `span`.
pub(super) fn record(span: Span, time: Duration, rejected: bool) {
    PROFILE.with(|p| {
        if let Some(map) = p.borrow_mut().as_mut() {
            let cost = map.entry((span.start, span.end)).or_insert(StatementCost {
                span,
                runs: 0,
                time: Duration::ZERO,
                rejections: 0,
            });
            cost.runs += 1;
            cost.time += time;
            cost.rejections += u64::from(rejected);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_only_while_started() {
        record(Span::new(0, 1), Duration::from_millis(1), true);
        assert!(finish().is_empty());
        start();
        record(Span::new(5, 9), Duration::from_millis(2), false);
        record(Span::new(0, 3), Duration::from_millis(1), true);
        record(Span::new(5, 9), Duration::from_millis(3), true);
        let costs = finish();
        assert_eq!(costs.len(), 2);
        assert_eq!(
            (costs[0].span.start, costs[0].runs, costs[0].rejections),
            (0, 1, 1)
        );
        assert_eq!((costs[1].runs, costs[1].rejections), (2, 1));
        assert_eq!(costs[1].time, Duration::from_millis(5));
        assert!(!enabled());
    }
}
