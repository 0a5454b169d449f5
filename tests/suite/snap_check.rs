use std::fs;

use puzzlec::snap::{check_snapshot, pending_path, SnapError, SnapOutcome, Snapshot};

#[test]
fn pending_path_is_insta_name() {
    assert_eq!(
        pending_path(std::path::Path::new("snaps/a__b.snap")),
        std::path::PathBuf::from("snaps/a__b.snap.new")
    );
}

#[test]
fn state_machine() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("snapshots/sudoku__en_easy_00000.snap");
    let pending = pending_path(&path);
    let v1 = Snapshot::new("puzzles/sudoku.puzzle", "sudoku/en/easy/00000", "a\nb\nc\n");
    let v2 = Snapshot::new("puzzles/sudoku.puzzle", "sudoku/en/easy/00000", "a\nB\nc\n");

    // No file: created.
    assert_eq!(
        check_snapshot(&path, &v1, false).unwrap(),
        SnapOutcome::Created
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), v1.render());

    // Same body (modulo trailing whitespace): matched, nothing written.
    let same = Snapshot::new("moved.puzzle", "sudoku/en/easy/00000", "a\nb\nc   \n\n");
    assert_eq!(
        check_snapshot(&path, &same, false).unwrap(),
        SnapOutcome::Matched
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), v1.render());
    assert!(!pending.exists());

    // Different body: pending file written, stored one kept.
    let outcome = check_snapshot(&path, &v2, false).unwrap();
    assert_eq!(
        outcome,
        SnapOutcome::Changed {
            diff: "@@ line 1 @@\n a\n-b\n+B\n c\n".into()
        }
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), v1.render());
    assert_eq!(fs::read_to_string(&pending).unwrap(), v2.render());

    // A match removes a stale pending file.
    assert_eq!(
        check_snapshot(&path, &v1, false).unwrap(),
        SnapOutcome::Matched
    );
    assert!(!pending.exists());

    // Accept: stored replaced, pending removed.
    check_snapshot(&path, &v2, false).unwrap();
    assert!(pending.exists());
    assert_eq!(
        check_snapshot(&path, &v2, true).unwrap(),
        SnapOutcome::Accepted
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), v2.render());
    assert!(!pending.exists());

    // Accept of an equal body is still a match.
    assert_eq!(
        check_snapshot(&path, &v2, true).unwrap(),
        SnapOutcome::Matched
    );

    // Only the snapshot file remains: no temporary files.
    let names: Vec<_> = fs::read_dir(path.parent().unwrap()).unwrap().collect();
    assert_eq!(names.len(), 1);
}

#[test]
fn corrupt_snapshot_is_an_error_unless_accepting() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.snap");
    fs::write(&path, "not a snapshot").unwrap();
    let s = Snapshot::new("s", "e", "body");
    let err = check_snapshot(&path, &s, false).unwrap_err();
    assert!(matches!(err, SnapError::Invalid { .. }));
    assert!(
        err.to_string().contains("is not a valid snapshot file"),
        "{err}"
    );
    assert_eq!(
        check_snapshot(&path, &s, true).unwrap(),
        SnapOutcome::Accepted
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), s.render());
}
