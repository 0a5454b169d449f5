//! `puzzlec bench --profile`: where a tier's time goes and which statements
//! reject its attempts, statement by statement of `generate`.

use crate::check::program::Program;
use crate::gen::profile::StatementCost;

/// Rows under this share of the tier's time (and rejecting nothing) are
/// left out of the table.
const SHOWN_SHARE: f64 = 0.01;

/// The longest statement text shown in a row, in characters.
const SHOWN_CHARS: usize = 70;

/// One statement of a tier's profile.
#[derive(serde::Serialize)]
pub(super) struct ProfileRow {
    /// 1-based line of the statement.
    line: usize,
    /// How deep it is nested in `for`, `if` and `retry` blocks.
    depth: usize,
    /// The statement's first line of source.
    statement: String,
    /// Times it ran.
    runs: u64,
    /// Wall seconds in it, nested statements included.
    seconds: f64,
    /// Its share of the tier's wall time.
    share: f64,
    /// Attempts (or `retry` runs) it rejected.
    rejections: u64,
}

/// A tier's profile from the costs `crate::gen::profile` collected over
/// `seconds` of generation.
pub(super) fn rows(p: &Program, costs: &[StatementCost], seconds: f64) -> Vec<ProfileRow> {
    costs
        .iter()
        .map(|c| {
            let depth = costs
                .iter()
                .filter(|o| o.span.start <= c.span.start && c.span.end <= o.span.end)
                .filter(|o| (o.span.start, o.span.end) != (c.span.start, c.span.end))
                .count();
            // The whole line, so that a `let`'s row shows the statement
            // rather than its expression alone.
            let first = p.source.line_text(c.span.start).trim();
            ProfileRow {
                line: p.source.line_col(c.span.start).0,
                depth,
                statement: shortened(first),
                runs: c.runs,
                seconds: c.time.as_secs_f64(),
                share: c.time.as_secs_f64() / seconds.max(1e-9),
                rejections: c.rejections,
            }
        })
        .collect()
}

/// Prints one tier's profile as a table, with what the statements leave
/// out (levers, constants, the gold, the instance and the prompts).
pub(super) fn print(puzzle: &str, tier: &str, seconds: f64, rows: &[ProfileRow]) {
    println!("\n### {puzzle} · {tier}: {seconds:.3} s\n");
    println!("| line | statement | runs | seconds | share | rejected |");
    println!("|---:|---|---:|---:|---:|---:|");
    let mut hidden = 0;
    for r in rows {
        if r.share < SHOWN_SHARE && r.rejections == 0 {
            hidden += 1;
            continue;
        }
        println!(
            "| {} | {}`{}` | {} | {:.3} | {:.1} % | {} |",
            r.line,
            "· ".repeat(r.depth),
            r.statement.replace('|', "\\|").replace('`', "'"),
            r.runs,
            r.seconds,
            100.0 * r.share,
            r.rejections
        );
    }
    let inside: f64 = rows
        .iter()
        .filter(|r| r.depth == 0)
        .map(|r| r.seconds)
        .sum();
    let rest = (seconds - inside).max(0.0);
    println!(
        "|  | outside `generate` (levers, constants, gold, prompts) |  | {rest:.3} | {:.1} % |  |",
        100.0 * rest / seconds.max(1e-9)
    );
    if hidden > 0 {
        println!("\n{hidden} statements under 1 % that reject nothing are not shown.");
    }
}

fn shortened(line: &str) -> String {
    if line.chars().count() <= SHOWN_CHARS {
        return line.to_string();
    }
    let mut s: String = line.chars().take(SHOWN_CHARS - 1).collect();
    s.push('…');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_statements_are_cut_at_a_character() {
        let long = "가".repeat(100);
        let s = shortened(&long);
        assert_eq!(s.chars().count(), SHOWN_CHARS);
        assert!(s.ends_with('…'));
        assert_eq!(shortened("let x = 1"), "let x = 1");
    }
}
