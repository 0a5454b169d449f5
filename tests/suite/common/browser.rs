//! Headless Chromium for the tests that look at a rendered report or chart:
//! the DOM the browser builds and a screenshot that must not be blank.
//! Without Chromium the check is skipped with a warning, unless
//! `PUZZLEC_REQUIRE_CHROMIUM=1` (CI) makes that a failure.

use super::{lossy, utf8};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The Chromium binary, or `None` (with a warning) when it is not installed
/// and not required. `what` names the file the skipped check was for.
pub fn chromium(what: &str) -> Option<PathBuf> {
    let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| p.is_file());
    if found.is_none() {
        eprintln!(
            "WARNING: chromium is not installed: the browser check of {what} is SKIPPED \
             (apt-get install -y chromium; PUZZLEC_REQUIRE_CHROMIUM=1 makes this a failure)"
        );
        assert!(
            std::env::var("PUZZLEC_REQUIRE_CHROMIUM").as_deref() != Ok("1"),
            "PUZZLEC_REQUIRE_CHROMIUM=1 but chromium is not installed"
        );
    }
    found
}

const BASE: [&str; 4] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--hide-scrollbars",
];

/// The DOM Chromium builds for the file, after its scripts ran.
pub fn dump_dom(chromium: &Path, file: &Path) -> String {
    let url = format!("file://{}", utf8(file));
    let out = Command::new(chromium)
        .args(BASE)
        .args(["--virtual-time-budget=5000", "--dump-dom", &url])
        .output()
        .expect("chromium runs");
    lossy(&out.stdout)
}

/// A PNG screenshot of the file at `size` (width, height).
pub fn screenshot(chromium: &Path, file: &Path, size: (u32, u32)) -> Vec<u8> {
    let url = format!("file://{}", utf8(file));
    let png = file.with_extension("shot.png");
    let out = Command::new(chromium)
        .args(BASE)
        .args([
            &format!("--screenshot={}", utf8(&png)),
            &format!("--window-size={},{}", size.0, size.1),
            &url,
        ])
        .output()
        .expect("chromium runs");
    assert!(png.is_file(), "no screenshot: {}", lossy(&out.stderr));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    bytes
}

/// Whether a PNG's compressed image data is larger than `min_bytes`: a
/// flat image compresses to a few kilobytes, figures with text and colour
/// to far more.
pub fn png_not_blank(bytes: &[u8], min_bytes: usize) -> bool {
    idat_bytes(bytes) > min_bytes
}

/// The total length of a PNG's image data chunks.
pub fn idat_bytes(bytes: &[u8]) -> usize {
    let mut pos = 8;
    let mut idat = 0usize;
    while pos + 8 <= bytes.len() {
        let len = u32::from_be_bytes(bytes[pos..pos + 4].try_into().unwrap()) as usize;
        if &bytes[pos + 4..pos + 8] == b"IDAT" {
            idat += len;
        }
        pos += 12 + len;
    }
    idat
}
