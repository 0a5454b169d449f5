//! Progress of long commands on stderr: a bar on a terminal; when stderr is
//! piped (a log file, CI), plain lines at every tenth of the work with the
//! count, the rate and the time left, so a log shows how far a run got.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Lines printed when the total is not known in advance: one per this many items.
const UNKNOWN_TOTAL_STEP: u64 = 1000;

/// A progress display (see the module documentation).
pub struct Progress {
    what: String,
    unit: &'static str,
    total: u64,
    shown: Shown,
}

enum Shown {
    Bar(indicatif::ProgressBar),
    Lines {
        done: AtomicU64,
        /// The last step printed (a tenth of the total, or a multiple of
        /// [`UNKNOWN_TOTAL_STEP`]), behind a lock so that lines come in order.
        printed: Mutex<u64>,
        start: Instant,
    },
}

impl Progress {
    /// Progress over `total` units (`0`: not known), e.g. `("generating", "items")`.
    pub fn new(total: u64, what: &str, unit: &'static str) -> Self {
        let shown = if std::io::stderr().is_terminal() {
            Shown::Bar(bar(total, what))
        } else {
            Shown::Lines {
                done: AtomicU64::new(0),
                printed: Mutex::new(0),
                start: Instant::now(),
            }
        };
        Progress {
            what: what.to_string(),
            unit,
            total,
            shown,
        }
    }

    /// Counts `n` more units done.
    pub fn inc(&self, n: u64) {
        match &self.shown {
            Shown::Bar(b) => b.inc(n),
            Shown::Lines {
                done,
                printed,
                start,
            } => {
                let now = done.fetch_add(n, Ordering::Relaxed) + n;
                let step = self.step_of(now);
                let Ok(mut last) = printed.lock() else {
                    return;
                };
                if step > *last {
                    *last = step;
                    eprintln!("{}", self.line(now, start.elapsed().as_secs_f64()));
                }
            }
        }
    }

    /// Clears the bar; with lines, prints a last one unless the last step
    /// printed already said everything was done.
    pub fn finish(&self) {
        match &self.shown {
            Shown::Bar(b) => b.finish_and_clear(),
            Shown::Lines {
                done,
                printed,
                start,
            } => {
                let now = done.load(Ordering::Relaxed);
                let complete = self.total > 0 && now >= self.total;
                let last = printed.lock().map(|p| *p).unwrap_or(0);
                if now > 0 && !(complete && last >= 10) {
                    eprintln!("{}", self.line(now, start.elapsed().as_secs_f64()));
                }
            }
        }
    }

    /// Which step `done` units have reached: tenths of a known total, else
    /// multiples of [`UNKNOWN_TOTAL_STEP`].
    fn step_of(&self, done: u64) -> u64 {
        (done.min(self.total) * 10)
            .checked_div(self.total)
            .unwrap_or(done / UNKNOWN_TOTAL_STEP)
    }

    /// `generating: 750/7500 items (10 %), 85.3 items/s, about 79 s left`.
    fn line(&self, done: u64, seconds: f64) -> String {
        let rate = if seconds > 0.0 {
            done as f64 / seconds
        } else {
            0.0
        };
        let unit = self.unit;
        if self.total == 0 {
            return format!(
                "{}: {done} {unit}, {rate:.1} {unit}/s, {seconds:.0} s so far",
                self.what
            );
        }
        let percent = done.min(self.total) * 100 / self.total;
        let tail = if done >= self.total {
            format!("done in {seconds:.1} s")
        } else if rate > 0.0 {
            format!("about {:.0} s left", (self.total - done) as f64 / rate)
        } else {
            "time left unknown".to_string()
        };
        format!(
            "{}: {done}/{} {unit} ({percent} %), {rate:.1} {unit}/s, {tail}",
            self.what, self.total
        )
    }
}

/// An indicatif bar: count, rate and time left.
fn bar(total: u64, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{msg} [{bar:40}] {pos}/{len} ({per_sec}, {eta} left)",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(what.to_string());
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(total: u64) -> Progress {
        Progress {
            what: "generating".into(),
            unit: "items",
            total,
            shown: Shown::Lines {
                done: AtomicU64::new(0),
                printed: Mutex::new(0),
                start: Instant::now(),
            },
        }
    }

    #[test]
    fn steps_are_tenths_of_the_total() {
        let p = lines(60);
        assert_eq!(p.step_of(5), 0);
        assert_eq!(p.step_of(6), 1);
        assert_eq!(p.step_of(59), 9);
        assert_eq!(p.step_of(60), 10);
        assert_eq!(p.step_of(61), 10);
        assert_eq!(lines(0).step_of(2500), 2);
    }

    #[test]
    fn lines_give_count_rate_and_time_left() {
        let p = lines(7500);
        assert_eq!(
            p.line(750, 10.0),
            "generating: 750/7500 items (10 %), 75.0 items/s, about 90 s left"
        );
        assert_eq!(
            p.line(7500, 100.0),
            "generating: 7500/7500 items (100 %), 75.0 items/s, done in 100.0 s"
        );
        assert_eq!(
            lines(0).line(3000, 2.0),
            "generating: 3000 items, 1500.0 items/s, 2 s so far"
        );
    }
}
