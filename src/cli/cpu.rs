//! The process's CPU time, for `bench`: on a shared machine wall time
//! measures the neighbours too; CPU time measures the work.

/// Clock ticks per second of `/proc/<pid>/stat` (`USER_HZ`, 100 on every
/// Linux architecture puzzlec builds for).
const USER_HZ: f64 = 100.0;

/// User plus system CPU seconds this process has used (all its threads),
/// read from `/proc/self/stat` at 10 ms resolution, or `None` where the
/// platform does not report it.
pub fn process_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) is in parentheses and may hold spaces.
    let after_name = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // Fields 14 and 15 (utime, stime) are the 12th and 13th after the name.
    let user: u64 = fields.get(11)?.parse().ok()?;
    let system: u64 = fields.get(12)?.parse().ok()?;
    Some((user + system) as f64 / USER_HZ)
}

/// CPU seconds the calling thread has run, read from
/// `/proc/thread-self/schedstat` (nanoseconds), or `None` where the kernel
/// does not report it. Used where one thread does all the work (`bench`'s
/// per-tier rows), since it does not tick in 10 ms steps.
pub fn thread_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

/// A difference of two readings rounded to whole ticks (no `0.010000000000000002`).
pub fn ticks(seconds: f64) -> f64 {
    (seconds * USER_HZ).round() / USER_HZ
}

#[cfg(test)]
mod tests {
    #[test]
    fn cpu_time_grows_with_work_on_linux() {
        if cfg!(target_os = "linux") {
            let before = super::process_seconds().expect("/proc/self/stat on Linux");
            // Spin for up to 10 s of wall time until the clock has moved by
            // at least three ticks.
            let start = std::time::Instant::now();
            let mut x = 0u64;
            let mut now = before;
            while now < before + 0.03 && start.elapsed().as_secs() < 10 {
                for i in 0..100_000u64 {
                    x = x.wrapping_mul(31).wrapping_add(i);
                }
                std::hint::black_box(x);
                now = super::process_seconds().expect("readable");
            }
            assert!(now >= before + 0.03, "CPU time stayed at {before} s");
        }
    }

    #[test]
    fn thread_time_grows_with_work_and_stays_within_the_process_time() {
        let (Some(t0), Some(p0)) = (super::thread_seconds(), super::process_seconds()) else {
            return; // not reported on this platform
        };
        let start = std::time::Instant::now();
        let mut x = 0u64;
        let mut t1 = t0;
        while t1 < t0 + 0.05 && start.elapsed().as_secs() < 10 {
            for i in 0..100_000u64 {
                x = x.wrapping_mul(31).wrapping_add(i);
            }
            std::hint::black_box(x);
            t1 = super::thread_seconds().expect("readable");
        }
        let p1 = super::process_seconds().expect("readable");
        assert!(t1 >= t0 + 0.05, "thread CPU time stayed at {t0} s");
        // The process clock ticks in 10 ms steps and counts every thread.
        assert!(
            p1 - p0 >= (t1 - t0) - 0.02,
            "thread {t0}..{t1} s, process {p0}..{p1} s"
        );
    }
}
