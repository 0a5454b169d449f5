//! puzzlec's sudoku against a hand-written digger on the `sudoku` crate
//! (a jczsolve-based solver), on the same givens, in one thread of one
//! process, each side timed on the thread's CPU clock.
//!
//! ```sh
//! cargo run --release -p sudoku-peer -- [-n 600] [--tier hard] [--givens 31..=35] [--rounds 3] [--spec puzzles/sudoku.puzzle]
//! ```
//!
//! Both sides draw the number of givens from `--givens` (puzzlec through
//! `--set givens=…` on `--tier`'s other settings). The peer does what puzzlec's `sudoku` spec does, by hand: a random solved
//! grid, then cells removed in a random order, each with its 180° partner,
//! while the puzzle stays uniquely solvable, until the drawn number of givens
//! is left (a grid that cannot get there is drawn again). puzzlec also
//! renders the prompt, the solution text and the queried cells; the peer
//! makes the grid only. The two take turns, `--rounds` times, and the best
//! round of each is kept.

use std::path::PathBuf;
use std::process::ExitCode;

use sudoku::Sudoku;

/// The command line.
struct Args {
    items: u64,
    tier: String,
    rounds: u32,
    spec: PathBuf,
    givens: (u8, u8),
}

fn main() -> ExitCode {
    match parse_args(std::env::args().skip(1)).and_then(|args| run(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("sudoku-peer: {message}");
            ExitCode::FAILURE
        }
    }
}

fn parse_args(mut words: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut args = Args {
        items: 600,
        tier: "hard".into(),
        rounds: 3,
        spec: PathBuf::from("puzzles/sudoku.puzzle"),
        givens: (31, 35),
    };
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or(format!("`{word}` needs a value"));
        match word.as_str() {
            "-n" => args.items = number(&value()?, "-n")?,
            "--rounds" => args.rounds = number(&value()?, "--rounds")? as u32,
            "--tier" => args.tier = value()?,
            "--spec" => args.spec = PathBuf::from(value()?),
            "--givens" => args.givens = range(&value()?)?,
            other => {
                return Err(format!(
                    "unknown argument `{other}` (see the file's header)"
                ))
            }
        }
    }
    if args.items == 0 || args.rounds == 0 {
        return Err("-n and --rounds must be at least 1".into());
    }
    Ok(args)
}

/// `lo..=hi` or one number, 17 to 81.
fn range(text: &str) -> Result<(u8, u8), String> {
    let (lo, hi) = text.split_once("..=").unwrap_or((text, text));
    let bad = || format!("--givens takes `lo..=hi` with 17 <= lo <= hi <= 81, not `{text}`");
    let lo: u8 = lo.parse().map_err(|_| bad())?;
    let hi: u8 = hi.parse().map_err(|_| bad())?;
    if !(17..=81).contains(&lo) || !(lo..=81).contains(&hi) {
        return Err(bad());
    }
    Ok((lo, hi))
}

fn number(text: &str, flag: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("{flag} takes a whole number, not `{text}`"))
}

fn run(args: &Args) -> Result<(), String> {
    let programs = puzzlec::api::load_path(&args.spec).map_err(|e| e.to_string())?;
    let spec = programs.first().ok_or("the spec file holds no spec")?;
    let (lo, hi) = args.givens;
    let program = &puzzlec::api::with_overrides(spec, &[format!("givens={lo}..={hi}")])
        .map_err(|e| e.to_string())?;
    let mut ours = f64::INFINITY;
    let mut peer = f64::INFINITY;
    let mut digger = Digger::new(0x5eed);
    for round in 0..args.rounds {
        let start = cpu_seconds();
        for index in 0..args.items {
            puzzlec::gen::generate(program, &args.tier, index, u64::from(round) + 1)
                .map_err(|e| format!("puzzlec item {index}: {e}"))?;
        }
        ours = ours.min(cpu_seconds() - start);
        let start = cpu_seconds();
        for _ in 0..args.items {
            let target = digger.draw(args.givens);
            digger
                .dig(target)
                .ok_or(format!("no grid of {GRIDS} reached {target} givens"))?;
        }
        peer = peer.min(cpu_seconds() - start);
    }
    let rate = |seconds: f64| args.items as f64 / seconds;
    println!(
        "| sudoku {} ({}–{} givens) | {:.0} | {:.0} | {:.2}× |",
        args.tier,
        lo,
        hi,
        rate(ours),
        rate(peer),
        rate(ours) / rate(peer)
    );
    Ok(())
}

/// The thread's CPU seconds (Linux: `/proc/thread-self/schedstat`).
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0.0, |nanos| nanos as f64 / 1e9)
}

/// Solved grids the digger tries per puzzle before it gives up.
const GRIDS: u32 = 1000;

/// The hand-written digger: its own generator for the cell order and the
/// number of givens (splitmix64), the crate's for the solved grid.
struct Digger {
    state: u64,
}

impl Digger {
    fn new(seed: u64) -> Digger {
        Digger { state: seed }
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn draw(&mut self, (lo, hi): (u8, u8)) -> usize {
        usize::from(lo) + self.below(usize::from(hi - lo) + 1)
    }

    /// A uniquely solvable puzzle with exactly `target` givens, symmetric
    /// under a 180° turn, from the first of [`GRIDS`] solved grids that
    /// reaches it.
    fn dig(&mut self, target: usize) -> Option<[u8; 81]> {
        for _ in 0..GRIDS {
            let mut cells = Sudoku::generate_solved().to_bytes();
            // The 41 orbits of the half-turn: cell c with 80 - c (40 is alone).
            let mut orbits: Vec<usize> = (0..=40).collect();
            for i in (1..orbits.len()).rev() {
                let j = self.below(i + 1);
                orbits.swap(i, j);
            }
            let mut left = 81;
            for &cell in &orbits {
                let size = if cell == 40 { 1 } else { 2 };
                if left - size < target {
                    continue;
                }
                let kept = (cells[cell], cells[80 - cell]);
                cells[cell] = 0;
                cells[80 - cell] = 0;
                let unique = Sudoku::from_bytes(cells).is_ok_and(|s| s.is_uniquely_solvable());
                if unique {
                    left -= size;
                } else {
                    (cells[cell], cells[80 - cell]) = kept;
                }
                if left == target {
                    return Some(cells);
                }
            }
        }
        None
    }
}
