use puzzlec::snap::{normalize_body, SnapError, Snapshot};

#[test]
fn render_matches_insta_layout() {
    let s = Snapshot::new(
        "puzzles/sudoku.puzzle",
        "sudoku/en/easy/00000",
        "line 1\r\nline 2\n\n  ",
    );
    assert_eq!(
        s.render(),
        "---\nsource: puzzles/sudoku.puzzle\nexpression: sudoku/en/easy/00000\n---\nline 1\nline 2\n"
    );
}

#[test]
fn header_values_are_quoted_like_insta() {
    let s = Snapshot::new("a: b", "123", "x");
    assert!(s
        .render()
        .contains("source: \"a: b\"\nexpression: \"123\"\n"));
    let s = Snapshot::new("스도쿠.puzzle", "say \"hi\"\n", "x");
    assert!(s
        .render()
        .contains("source: 스도쿠.puzzle\nexpression: \"say \\\"hi\\\"\\n\"\n"));
    let s = Snapshot::new("", "true", "x");
    assert!(s.render().contains("source: \"\"\nexpression: \"true\"\n"));
}

#[test]
fn render_parse_round_trip() {
    let cases = [
        Snapshot::new(
            "puzzles/sudoku.puzzle",
            "sudoku/ko/hard/00042",
            "빈칸\n  indented\n---\nend",
        ),
        Snapshot::new("a: b # c", "-x", ""),
        Snapshot::new("tab\there", "back\\slash 'q'", "one"),
    ];
    for s in cases {
        let parsed = Snapshot::parse(&s.render()).unwrap();
        assert_eq!(parsed.source, s.source);
        assert_eq!(parsed.expression, s.expression);
        assert_eq!(parsed.body, normalize_body(&s.body));
        assert_eq!(parsed.render(), s.render());
    }
}

#[test]
fn parses_files_written_by_insta() {
    let text = "---\nsource: tests/x.rs\nassertion_line: 12\ndescription: |-\n  hello\n  world\n\
                expression: \"format!(\\\"{}\\\", x)\"\ninfo:\n  a: 1\n  source: nested\n---\nbody\n  two\n";
    let s = Snapshot::parse(text).unwrap();
    assert_eq!(s.source, "tests/x.rs");
    assert_eq!(s.expression, "format!(\"{}\", x)");
    assert_eq!(s.body, "body\n  two");

    let block = "---\nsource: |\n  a\n  b\nexpression: 'it''s'\n---\nx";
    let s = Snapshot::parse(block).unwrap();
    assert_eq!(s.source, "a\nb\n");
    assert_eq!(s.expression, "it's");

    let crlf = "---\r\nsource: a\r\nexpression: b\r\n---\r\nx\r\ny\r\n";
    let s = Snapshot::parse(crlf).unwrap();
    assert_eq!(
        (s.source.as_str(), s.expression.as_str(), s.body.as_str()),
        ("a", "b", "x\ny")
    );
}

#[test]
fn parse_errors() {
    assert!(matches!(
        Snapshot::parse("source: a\n---\nx"),
        Err(SnapError::NoHeader)
    ));
    assert!(matches!(Snapshot::parse(""), Err(SnapError::NoHeader)));
    assert!(matches!(
        Snapshot::parse("---\nsource: a\nx"),
        Err(SnapError::UnclosedHeader)
    ));
    let err = Snapshot::parse("---\nsource: a\nexpression: \"\\q\"\n---\nx").unwrap_err();
    assert!(
        matches!(err, SnapError::BadHeader { line: 3, .. }),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "header line 3: `expression`: unknown escape `\\q`"
    );
}

#[test]
fn matches_compares_normalized_bodies_only() {
    let a = Snapshot::new("x", "y", "body\n");
    let b = Snapshot::new("other", "other", "body  \r\n\n");
    assert!(a.matches(&b));
    assert!(!a.matches(&Snapshot::new("x", "y", "Body")));
}
