//! The examples shown at the end of each subcommand's `--help`. Every line
//! that starts with `  puzzlec ` is parsed by the tests below, so an example
//! cannot name a flag that does not exist.

pub const CHECK: &str = "\
Examples:
  puzzlec check puzzles
  puzzlec check specs/my_puzzle.puzzle --deny-warnings";

pub const BUILD: &str = "\
Examples:
  puzzlec build puzzles -o data -n 100 --seed 1
  puzzlec build specs/my_puzzle.puzzle -o mine --tier hard --lang ko -n 500
  puzzlec build suites/korbench -o korbench --format hf
  puzzlec build puzzles -o shard2 --shard 2/4
  puzzlec build specs/my_puzzle.puzzle -o wide --set terms=4..=6";

pub const BUNDLE: &str = "\
Examples:
  puzzlec bundle data -o bundles -k 3 -n 200
  puzzlec bundle data korbench -o mixed --same-puzzle --lang en";

pub const RENDER: &str = "\
Examples:
  puzzlec render specs/my_puzzle.puzzle
  puzzlec render specs/my_puzzle.puzzle --tier hard --lang ko --index 7
  puzzlec render specs/my_puzzle.puzzle --json --set terms=9";

pub const VERIFY: &str = "\
Examples:
  puzzlec verify data
  puzzlec verify korbench --specs suites/korbench -j 2";

pub const SNAP: &str = "\
Examples:
  puzzlec snap puzzles
  puzzlec snap puzzles --items 3 --accept";

pub const NEW: &str = "\
Examples:
  puzzlec new my_puzzle
  puzzlec new my_puzzle --dir specs";

pub const BENCH: &str = "\
Examples:
  puzzlec bench specs/my_puzzle.puzzle -n 200
  puzzlec bench puzzles --suite -j 2
  puzzlec bench puzzles --fuel -n 20";

pub const SCORE: &str = "\
Examples:
  puzzlec score data responses.jsonl -o report
  puzzlec score data batch_output.jsonl -o report --per-item --steps
  puzzlec score data responses.jsonl -o report-ko --lang ko --tier medium,hard
  puzzlec score data partial.jsonl -o report-part --answered-only";

pub const COMPARE: &str = "\
Examples:
  puzzlec compare gpt=reports/gpt claude=reports/claude -o comparison
  puzzlec compare reports/* -o comparison --floor 3 --margin 10 --regress 'direct/en ~ direct/ko'";

pub const ASK: &str = "\
Examples:
  puzzlec ask data --endpoint http://127.0.0.1:8080/v1 --model local -o responses.jsonl
  puzzlec ask data --endpoint http://127.0.0.1:8080/v1 --model local --tier easy --budget 500
  puzzlec ask data --endpoint http://127.0.0.1:8080/v1 --model local --retry-failed";

pub const CALIBRATE: &str = "\
Examples:
  puzzlec calibrate specs/my_puzzle.puzzle --endpoint http://127.0.0.1:8080/v1 --model local
  puzzlec calibrate specs/my_puzzle.puzzle --endpoint http://127.0.0.1:8080/v1 --model local --targets easy=80,medium=50,hard=20 --in-place";

pub const EXPORT: &str = "\
Examples:
  puzzlec export lm-eval data -o lm-eval-tasks
  puzzlec export lm-eval data -o lm-eval-tasks --name nolli --max-tokens 8192
  puzzlec export inspect data -o inspect-tasks";

pub const COMPLETIONS: &str = "\
Examples:
  puzzlec completions bash > ~/.local/share/bash-completion/completions/puzzlec
  puzzlec completions zsh > ~/.zfunc/_puzzlec
  puzzlec completions fish > ~/.config/fish/completions/puzzlec.fish";

#[cfg(test)]
mod tests {
    use super::super::Cli;
    use clap::{CommandFactory, Parser};

    /// Splits a command line on spaces outside single quotes, as a shell
    /// does for the examples (which use no other quoting).
    fn shell_words(line: &str) -> Vec<String> {
        let mut words = vec![String::new()];
        let mut quoted = false;
        for c in line.chars() {
            match c {
                '\'' => quoted = !quoted,
                ' ' if !quoted => words.push(String::new()),
                _ => words.last_mut().expect("one word at least").push(c),
            }
        }
        words.retain(|w| !w.is_empty());
        words
    }

    /// Every subcommand has examples, and each example parses (everything
    /// before a shell redirection).
    #[test]
    fn every_example_parses() {
        let command = Cli::command();
        let mut parsed = 0;
        for sub in command.get_subcommands() {
            let help = sub
                .get_after_help()
                .unwrap_or_else(|| panic!("`{}` has no examples", sub.get_name()))
                .to_string();
            let lines: Vec<&str> = help
                .lines()
                .filter_map(|l| l.strip_prefix("  puzzlec "))
                .collect();
            assert!(
                !lines.is_empty(),
                "`{}` has no example lines",
                sub.get_name()
            );
            for line in lines {
                let command = line.split(" > ").next().unwrap_or(line);
                let words = shell_words(command);
                let args: Vec<&str> = std::iter::once("puzzlec")
                    .chain(words.iter().map(String::as_str))
                    .collect();
                assert_eq!(
                    args[1],
                    sub.get_name(),
                    "an example of `{}` runs another command",
                    sub.get_name()
                );
                if let Err(e) = Cli::try_parse_from(&args) {
                    panic!("example `{line}` does not parse:\n{e}");
                }
                parsed += 1;
            }
        }
        assert!(parsed >= 20, "{parsed} examples");
    }
}
