//! A readable line diff for snapshot review.

/// Lines of unchanged context shown around each change.
pub const CONTEXT: usize = 3;

/// The largest (old lines × new lines) of the differing middle part that is aligned line
/// by line; past it the whole middle part is shown as removed, then added.
pub const MAX_CELLS: usize = 4_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Equal,
    Delete,
    Insert,
}

/// One line of the edit script; `old` is the 0-based old line index at which it happens.
#[derive(Debug, Clone, Copy)]
struct Edit<'a> {
    kind: Kind,
    old: usize,
    text: &'a str,
}

/// A unified-style diff from `old` to `new`, by lines.
///
/// Changes are grouped in hunks, each headed `@@ line N @@` (N the 1-based line in `old`
/// where the hunk starts) and showing up to [`CONTEXT`] unchanged lines around the
/// changes; hunks closer than twice that are merged. Lines start with ` ` (unchanged),
/// `-` (only in old) or `+` (only in new), and every output line ends in `\n`. Equal
/// texts give an empty string; texts that differ only in line endings or a final newline
/// give one explanatory line.
pub fn diff(old: &str, new: &str) -> String {
    if old == new {
        return String::new();
    }
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    if a == b {
        return "(the texts differ only in line endings or a final newline)\n".to_string();
    }
    render(&edit_script(&a, &b))
}

/// The full edit script: common prefix, aligned middle, common suffix.
fn edit_script<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<Edit<'a>> {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (mid_a, mid_b) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    let mut edits: Vec<Edit<'a>> = (0..prefix)
        .map(|i| Edit {
            kind: Kind::Equal,
            old: i,
            text: a[i],
        })
        .collect();
    if mid_a.len().saturating_mul(mid_b.len()) > MAX_CELLS {
        replace_all(mid_a, mid_b, prefix, &mut edits);
    } else {
        align(mid_a, mid_b, prefix, &mut edits);
    }
    let old_start = a.len() - suffix;
    edits.extend((0..suffix).map(|k| Edit {
        kind: Kind::Equal,
        old: old_start + k,
        text: a[old_start + k],
    }));
    edits
}

/// The fallback for huge inputs: every old line removed, then every new line added.
fn replace_all<'a>(a: &[&'a str], b: &[&'a str], offset: usize, out: &mut Vec<Edit<'a>>) {
    out.extend(a.iter().enumerate().map(|(i, text)| Edit {
        kind: Kind::Delete,
        old: offset + i,
        text,
    }));
    out.extend(b.iter().map(|text| Edit {
        kind: Kind::Insert,
        old: offset + a.len(),
        text,
    }));
}

/// A longest-common-subsequence alignment (dynamic programming over suffixes), with
/// removals listed before additions where both are possible.
fn align<'a>(a: &[&'a str], b: &[&'a str], offset: usize, out: &mut Vec<Edit<'a>>) {
    let (n, m) = (a.len(), b.len());
    let width = m + 1;
    let mut lcs = vec![0u32; (n + 1) * width];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i * width + j] = if a[i] == b[j] {
                lcs[(i + 1) * width + j + 1] + 1
            } else {
                lcs[(i + 1) * width + j].max(lcs[i * width + j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        let (kind, text) = if i < n && j < m && a[i] == b[j] {
            (Kind::Equal, a[i])
        } else if i < n && (j == m || lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
            (Kind::Delete, a[i])
        } else {
            (Kind::Insert, b[j])
        };
        out.push(Edit {
            kind,
            old: offset + i,
            text,
        });
        if kind != Kind::Insert {
            i += 1;
        }
        if kind != Kind::Delete {
            j += 1;
        }
    }
}

/// Groups the changes into hunks with context and renders them.
fn render(edits: &[Edit<'_>]) -> String {
    let changes: Vec<usize> = (0..edits.len())
        .filter(|&k| edits[k].kind != Kind::Equal)
        .collect();
    let mut out = String::new();
    let mut k = 0;
    while k < changes.len() {
        let first = changes[k];
        let mut last = first;
        while k + 1 < changes.len() && changes[k + 1] - last <= 2 * CONTEXT + 1 {
            k += 1;
            last = changes[k];
        }
        k += 1;
        let lo = first.saturating_sub(CONTEXT);
        let hi = (last + CONTEXT + 1).min(edits.len());
        out.push_str(&format!("@@ line {} @@\n", edits[lo].old + 1));
        for edit in &edits[lo..hi] {
            out.push(match edit.kind {
                Kind::Equal => ' ',
                Kind::Delete => '-',
                Kind::Insert => '+',
            });
            out.push_str(edit.text);
            out.push('\n');
        }
    }
    out
}
