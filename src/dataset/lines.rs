//! Reading lines with a length limit, so a file without newlines (or `/dev/zero`)
//! ends in a clear error instead of exhausting memory.

use std::io::{self, BufRead};

/// The longest line read from a JSONL file (a record, a response), in bytes: 64 MiB.
pub const MAX_LINE_BYTES: usize = 64 * 1024 * 1024;

/// Reads one line, its `\n` included, appending it to `buf` (which the caller clears).
/// Returns `Ok(false)` at the end of the input. A line longer than `max` bytes is an
/// [`io::ErrorKind::InvalidData`] error saying so; at most `max` bytes plus one buffer
/// are held in memory.
pub fn read_line_bounded<R: BufRead>(
    reader: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> io::Result<bool> {
    let start = buf.len();
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(buf.len() > start);
        }
        let (take, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (available.len(), false),
        };
        if buf.len() - start + take > max.saturating_add(1) {
            return Err(line_too_long(max));
        }
        buf.extend_from_slice(&available[..take]);
        reader.consume(take);
        let content = buf.len() - start - usize::from(done);
        if content > max {
            return Err(line_too_long(max));
        }
        if done {
            return Ok(true);
        }
    }
}

fn line_too_long(max: usize) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("a line is longer than the limit of {max} bytes (is this a JSONL file?)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> io::Result<Vec<Vec<u8>>> {
        let mut reader = io::BufReader::with_capacity(3, input);
        let mut out = Vec::new();
        let mut buf = Vec::new();
        while read_line_bounded(&mut reader, &mut buf, max)? {
            out.push(std::mem::take(&mut buf));
        }
        Ok(out)
    }

    #[test]
    fn lines_keep_their_newline_and_the_last_may_lack_one() {
        let got = lines(b"ab\ncdef\n\ng", 4).unwrap();
        assert_eq!(got, [&b"ab\n"[..], b"cdef\n", b"\n", b"g"]);
    }

    #[test]
    fn a_line_over_the_limit_is_an_error() {
        let e = lines(b"ab\nabcde\n", 4).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert!(e.to_string().contains("limit of 4 bytes"), "{e}");
        assert!(lines(b"abcde", 4).is_err());
        assert!(lines(b"abcd", 4).is_ok());
    }
}
