//! The process's peak resident memory, for build and bench reports.

/// Peak resident set size in bytes (`VmHWM` of `/proc/self/status`), or
/// `None` where the platform does not report it.
pub fn peak_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// `", peak memory 85 MiB"`, or nothing where unknown.
pub fn peak_note() -> String {
    peak_bytes()
        .map(|b| format!(", peak memory {:.0} MiB", b as f64 / (1024.0 * 1024.0)))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn peak_memory_is_read_on_linux() {
        if cfg!(target_os = "linux") {
            let before = super::peak_bytes().expect("VmHWM on Linux");
            // Touch 64 MiB: the peak cannot stay below it.
            let big = vec![1u8; 64 << 20];
            std::hint::black_box(&big);
            let after = super::peak_bytes().expect("VmHWM on Linux");
            assert!(after >= 64 << 20 && after >= before, "{before} -> {after}");
        }
    }
}
