//! Which items a build makes, and making them in parallel while handing them on
//! in a fixed order with a bounded number in memory.
//!
//! The plan is a list of (program, tier) groups, each an arithmetic run of item
//! indices, so it takes memory per group, not per item. Workers pull unit
//! numbers from a shared counter, but a worker may start unit `i` only while
//! `i` is fewer than [`window`] units ahead of the consumer, so at most that many
//! finished items wait in memory whatever `-n` is; the consumer takes them in
//! unit order, so what it sees never depends on thread count or timing.

use super::build::{BuildError, BuildOptions};
use crate::check::program::Program;
use crate::gen::{generate, GenError, Item};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

/// The items of one tier of one program: indices `first, first + step, …`,
/// `len` of them.
#[derive(Debug, Clone)]
pub(crate) struct Group<'p> {
    /// The position of the program in the build's list.
    pub program: usize,
    /// The tier.
    pub tier: &'p str,
    /// How many items the group has (at least 1).
    pub len: usize,
    first: u64,
    step: u64,
    /// The unit number of the group's first item.
    start: usize,
}

impl Group<'_> {
    /// The item index of the group's `k`-th item.
    pub fn index(&self, k: usize) -> u64 {
        self.first + k as u64 * self.step
    }
}

/// Every item a build makes, as groups in the order their files are written.
#[derive(Debug, Clone)]
pub(crate) struct Plan<'p> {
    /// The non-empty groups, in program then tier declaration order.
    pub groups: Vec<Group<'p>>,
    /// The number of items in all groups.
    pub units: usize,
}

impl<'p> Plan<'p> {
    /// The plan of `options` over `programs`; a tier or language filter that
    /// matches no spec is an error.
    pub fn new(programs: &'p [Program], options: &BuildOptions) -> Result<Plan<'p>, BuildError> {
        check_filters(programs, options)?;
        let (first, step) = match options.shard {
            Some(s) => (u64::from(s.index.saturating_sub(1)), u64::from(s.count)),
            None => (0, 1),
        };
        // Shard indices `first + k·step` below the count.
        let len = match options.count.checked_sub(first) {
            Some(rest) if step > 0 && options.shard.is_none_or(|s| s.contains(first)) => {
                usize::try_from(rest.div_ceil(step)).unwrap_or(usize::MAX)
            }
            _ => 0,
        };
        let mut plan = Plan {
            groups: Vec::new(),
            units: 0,
        };
        for (pi, program) in programs.iter().enumerate() {
            if !options.langs.is_empty()
                && !program.languages.iter().any(|l| options.langs.contains(l))
            {
                continue;
            }
            for tier in program.tier_names() {
                if len == 0
                    || (!options.tiers.is_empty() && !options.tiers.iter().any(|t| t == tier))
                {
                    continue;
                }
                plan.groups.push(Group {
                    program: pi,
                    tier,
                    len,
                    first,
                    step,
                    start: plan.units,
                });
                plan.units = plan.units.saturating_add(len);
            }
        }
        Ok(plan)
    }

    /// The group and item index of unit `i`, or `None` past the end.
    fn unit(&self, i: usize) -> Option<(&Group<'p>, u64)> {
        if i >= self.units {
            return None;
        }
        let g = self.groups.partition_point(|g| g.start <= i) - 1;
        let group = &self.groups[g];
        Some((group, group.index(i - group.start)))
    }
}

fn check_filters(programs: &[Program], options: &BuildOptions) -> Result<(), BuildError> {
    for tier in &options.tiers {
        if !programs.iter().any(|p| p.tier(tier).is_some()) {
            return Err(BuildError::Filter(format!("no spec has a tier `{tier}`")));
        }
    }
    for lang in &options.langs {
        if !programs.iter().any(|p| p.languages.contains(lang)) {
            return Err(BuildError::Filter(format!(
                "no spec renders language `{lang}`"
            )));
        }
    }
    Ok(())
}

/// How many units the workers may run ahead of the consumer: enough that a
/// slow item does not idle the other threads for long, few enough that memory
/// does not grow with `-n`. Items of one tier vary in cost by an order of
/// magnitude (a retried draw, a rejected reveal), so a thread needs room for
/// a few dozen fast items while another makes a slow one: with 4 per thread,
/// `bench puzzles --suite -j 2` kept 1.68-1.87 threads busy on average, with
/// 32 per thread 1.87-1.98 (peak memory the same, about 105 MiB).
pub(crate) fn window(jobs: usize) -> usize {
    jobs.max(1).saturating_mul(32)
}

/// Generates every item of `plan` on `options.jobs` threads and hands each to
/// `consume` with its group and its position in the group, in plan order.
/// `progress` runs once per item made.
///
/// The first error of `consume` stops the build; so does a generation error,
/// and then the error of the earliest failing unit is returned: after unit
/// `i` fails, the units before it are still made (one of them may fail
/// too) and the ones after it are not, so the message does not depend on
/// timing or thread count.
pub(crate) fn in_order(
    programs: &[Program],
    plan: &Plan<'_>,
    options: &BuildOptions,
    progress: &(dyn Fn() + Sync),
    consume: &mut dyn FnMut(&Group<'_>, usize, Item) -> Result<(), BuildError>,
) -> Result<(), BuildError> {
    let window = window(options.jobs).min(plan.units.max(1));
    let run = Run {
        state: Mutex::new(State {
            slots: (0..window).map(|_| None).collect(),
            taken: 0,
            first_error: None,
        }),
        changed: Condvar::new(),
        next: AtomicUsize::new(0),
        halted: AtomicBool::new(false),
        window,
    };
    let consumed = std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| {
                let _guard = PanicGuard(&run);
                run.work(programs, plan, options.seed, progress);
            });
        }
        let consumed = run.consume(plan, consume);
        if consumed.is_err() {
            run.halt();
        }
        consumed
    });
    if let Some((_, e)) = run.state.into_inner().ok().and_then(|s| s.first_error) {
        return Err(e.into());
    }
    consumed
}

/// What the workers and the consumer share.
struct Run {
    state: Mutex<State>,
    /// Signalled when an item is stored or taken, when a unit fails and
    /// when the build halts.
    changed: Condvar,
    next: AtomicUsize,
    /// Set when the consumer fails or a worker unwinds: every thread stops.
    halted: AtomicBool,
    window: usize,
}

/// The items between the consumer and the workers.
struct State {
    /// Unit `i` waits in slot `i % window` (units `taken .. taken + window` have
    /// distinct slots).
    slots: Vec<Option<Item>>,
    /// How many units the consumer has taken.
    taken: usize,
    /// The earliest unit whose generation failed, and its error: units
    /// from it on are not needed.
    first_error: Option<(usize, GenError)>,
}

impl State {
    /// Whether unit `i` is no longer needed because it or an earlier unit
    /// failed.
    fn after_failure(&self, i: usize) -> bool {
        self.first_error.as_ref().is_some_and(|(j, _)| i >= *j)
    }
}

impl Run {
    fn lock(&self) -> Result<MutexGuard<'_, State>, BuildError> {
        self.state.lock().map_err(|_| BuildError::Worker)
    }

    /// Stops every thread: sets the flag under the lock, so a thread about to
    /// wait either sees it or is woken.
    fn halt(&self) {
        self.halted.store(true, Ordering::SeqCst);
        drop(self.state.lock());
        self.changed.notify_all();
    }

    fn halted(&self) -> bool {
        self.halted.load(Ordering::SeqCst)
    }

    /// One worker: makes units until none is left or none is needed.
    fn work(&self, programs: &[Program], plan: &Plan<'_>, seed: u64, progress: &(dyn Fn() + Sync)) {
        while !self.halted() {
            let i = self.next.fetch_add(1, Ordering::SeqCst);
            let Some((group, index)) = plan.unit(i) else {
                return;
            };
            if !self.wait_for_room(i) {
                return;
            }
            let outcome = generate(&programs[group.program], group.tier, index, seed);
            let Ok(mut state) = self.lock() else { return };
            match outcome {
                Ok(item) => state.slots[i % self.window] = Some(item),
                Err(e) => {
                    if state.first_error.as_ref().is_none_or(|(j, _)| i < *j) {
                        state.first_error = Some((i, e));
                    }
                    drop(state);
                    self.changed.notify_all();
                    return;
                }
            }
            drop(state);
            self.changed.notify_all();
            progress();
        }
    }

    /// Waits until unit `i` is within the window; false when it is no
    /// longer needed.
    fn wait_for_room(&self, i: usize) -> bool {
        let Ok(mut state) = self.lock() else {
            return false;
        };
        while i >= state.taken + self.window {
            if self.halted() || state.after_failure(i) {
                return false;
            }
            match self.changed.wait(state) {
                Ok(s) => state = s,
                Err(_) => return false,
            }
        }
        !self.halted() && !state.after_failure(i)
    }

    /// The consumer: takes every unit in order.
    fn consume(
        &self,
        plan: &Plan<'_>,
        consume: &mut dyn FnMut(&Group<'_>, usize, Item) -> Result<(), BuildError>,
    ) -> Result<(), BuildError> {
        for group in &plan.groups {
            for k in 0..group.len {
                let Some(item) = self.take(group.start + k)? else {
                    return Ok(());
                };
                consume(group, k, item)?;
            }
        }
        Ok(())
    }

    /// Unit `i`, once made; `None` when it or an earlier unit failed.
    fn take(&self, i: usize) -> Result<Option<Item>, BuildError> {
        let mut state = self.lock()?;
        loop {
            if let Some(item) = state.slots[i % self.window].take() {
                state.taken = i + 1;
                drop(state);
                self.changed.notify_all();
                return Ok(Some(item));
            }
            if self.halted() {
                // The consumer halts only after its own error, so a worker died.
                return Err(BuildError::Worker);
            }
            if state.after_failure(i) {
                // The caller returns the generation error.
                return Ok(None);
            }
            state = self.changed.wait(state).map_err(|_| BuildError::Worker)?;
        }
    }
}

/// Stops the build if a worker unwinds, so the consumer never waits for an
/// item that will not come.
struct PanicGuard<'a>(&'a Run);

impl Drop for PanicGuard<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.halt();
        }
    }
}
