use puzzlec::snap::diff;

fn numbered(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("l{i}")).collect()
}

#[test]
fn equal_texts_have_no_diff() {
    assert_eq!(diff("a\nb", "a\nb"), "");
    assert_eq!(diff("", ""), "");
}

#[test]
fn one_changed_line() {
    assert_eq!(diff("a\nb\nc", "a\nB\nc"), "@@ line 1 @@\n a\n-b\n+B\n c\n");
}

#[test]
fn additions_and_removals_at_the_ends() {
    assert_eq!(diff("", "x\ny"), "@@ line 1 @@\n+x\n+y\n");
    assert_eq!(diff("a\nb", "a"), "@@ line 1 @@\n a\n-b\n");
    assert_eq!(diff("a", "z\na"), "@@ line 1 @@\n+z\n a\n");
}

#[test]
fn only_final_newline_differs() {
    assert_eq!(
        diff("a\n", "a"),
        "(the texts differ only in line endings or a final newline)\n"
    );
}

#[test]
fn distant_changes_get_separate_hunks_with_context() {
    let old = numbered(20);
    let mut new = old.clone();
    new[1] = "X".into();
    new[17] = "Y".into();
    let expected = "@@ line 1 @@\n l1\n-l2\n+X\n l3\n l4\n l5\n\
                    @@ line 15 @@\n l15\n l16\n l17\n-l18\n+Y\n l19\n l20\n";
    assert_eq!(diff(&old.join("\n"), &new.join("\n")), expected);
}

#[test]
fn near_changes_share_a_hunk() {
    let old = numbered(12);
    let mut new = old.clone();
    new[4] = "X".into();
    new.remove(8); // l9
    let expected = "@@ line 2 @@\n l2\n l3\n l4\n-l5\n+X\n l6\n l7\n l8\n-l9\n l10\n l11\n l12\n";
    assert_eq!(diff(&old.join("\n"), &new.join("\n")), expected);
}

#[test]
fn moved_line_is_one_removal_and_one_addition() {
    assert_eq!(
        diff("a\nb\nc\nd", "b\nc\nd\na"),
        "@@ line 1 @@\n-a\n b\n c\n d\n+a\n"
    );
}

#[test]
fn huge_inputs_fall_back_to_whole_replacement() {
    let old: Vec<String> = (0..2500).map(|i| format!("old {i}")).collect();
    let new: Vec<String> = (0..2500).map(|i| format!("new {i}")).collect();
    let out = diff(&old.join("\n"), &new.join("\n"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5001);
    assert_eq!(lines[0], "@@ line 1 @@");
    assert_eq!(lines[1], "-old 0");
    assert_eq!(lines[2500], "-old 2499");
    assert_eq!(lines[2501], "+new 0");
    assert_eq!(lines[5000], "+new 2499");
}
