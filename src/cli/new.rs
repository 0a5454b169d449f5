//! `puzzlec new NAME`: a spec scaffold that checks and builds.

use super::output::fail;
use super::Reported;
use std::path::PathBuf;

/// Arguments of `new`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The puzzle's name (letters, digits and `_`).
    name: String,
    /// Folder to write `NAME.puzzle` into (the current one by default, so a
    /// new spec never joins a tested suite such as `puzzles/` by accident).
    #[arg(long, default_value = ".")]
    dir: PathBuf,
}

/// Writes the scaffold.
pub fn run(args: Args) -> Result<(), Reported> {
    let valid = args
        .name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
        && args
            .name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err(fail(format!(
            "`{}` is not a valid puzzle name; use letters, digits and `_`, starting with a letter",
            args.name
        )));
    }
    if crate::syntax::is_reserved(&args.name) {
        return Err(fail(format!(
            "`{}` is a reserved word of the language and cannot name a puzzle; try `{}_puzzle`",
            args.name, args.name
        )));
    }
    let path = args.dir.join(format!("{}.puzzle", args.name));
    if path.exists() {
        return Err(fail(format!(
            "`{}` already exists; choose another name",
            path.display()
        )));
    }
    std::fs::create_dir_all(&args.dir)
        .map_err(|e| fail(format!("cannot create `{}`: {e}", args.dir.display())))?;
    // Created exclusively: never overwrites a file, never follows a link.
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .and_then(|mut f| std::io::Write::write_all(&mut f, scaffold(&args.name).as_bytes()))
        .map_err(|e| fail(format!("cannot write `{}`: {e}", path.display())))?;
    println!(
        "wrote `{}`; try `puzzlec render {}`",
        path.display(),
        path.display()
    );
    Ok(())
}

/// The scaffold text for a puzzle called `name`.
pub fn scaffold(name: &str) -> String {
    include_str!("scaffold.puzzle").replace("NAME", name)
}
