use puzzlec::render::format::{
    grid, group_thousands, join_en, join_ko, ordinal_en, plural_en, pluralize, table,
};

fn s(items: &[&str]) -> Vec<String> {
    items.iter().map(|x| x.to_string()).collect()
}

#[test]
fn group_thousands_cases() {
    assert_eq!(group_thousands(0, ","), "0");
    assert_eq!(group_thousands(7, ","), "7");
    assert_eq!(group_thousands(999, ","), "999");
    assert_eq!(group_thousands(1000, ","), "1,000");
    assert_eq!(group_thousands(12345, ","), "12,345");
    assert_eq!(group_thousands(123456, ","), "123,456");
    assert_eq!(group_thousands(1234567, ","), "1,234,567");
    assert_eq!(group_thousands(-1, ","), "-1");
    assert_eq!(group_thousands(-1000, ","), "-1,000");
    assert_eq!(group_thousands(-999999, " "), "-999 999");
    assert_eq!(group_thousands(1000000, ""), "1000000");
    assert_eq!(group_thousands(1234567, "_"), "1_234_567");
    assert_eq!(group_thousands(1234, "\u{202F}"), "1\u{202F}234");
    assert_eq!(group_thousands(i64::MAX, ","), "9,223,372,036,854,775,807");
    assert_eq!(group_thousands(i64::MIN, ","), "-9,223,372,036,854,775,808");
}

#[test]
fn pluralize_rules() {
    let cases = [
        ("apple", "apples"),
        ("box", "boxes"),
        ("bus", "buses"),
        ("quiz", "quizes"),
        ("church", "churches"),
        ("dish", "dishes"),
        ("city", "cities"),
        ("day", "days"),
        ("boy", "boys"),
        ("key", "keys"),
        ("cat", "cats"),
        ("BOX", "BOXes"),
        ("SPY", "SPies"),
        ("y", "ys"),
        ("", ""),
    ];
    for (one, many) in cases {
        assert_eq!(pluralize(one), many, "{one}");
    }
}

#[test]
fn plural_en_cases() {
    assert_eq!(plural_en(1, "apple", None), "1 apple");
    assert_eq!(plural_en(2, "apple", None), "2 apples");
    assert_eq!(plural_en(0, "apple", None), "0 apples");
    assert_eq!(plural_en(-1, "degree", None), "-1 degree");
    assert_eq!(plural_en(-2, "degree", None), "-2 degrees");
    assert_eq!(plural_en(3, "box", None), "3 boxes");
    assert_eq!(plural_en(4, "berry", None), "4 berries");
    assert_eq!(plural_en(5, "child", Some("children")), "5 children");
    assert_eq!(plural_en(1, "child", Some("children")), "1 child");
    assert_eq!(plural_en(2, "sheep", Some("sheep")), "2 sheep");
    assert_eq!(plural_en(1000, "coin", None), "1000 coins");
    assert_eq!(
        plural_en(i64::MIN, "coin", None),
        "-9223372036854775808 coins"
    );
}

#[test]
fn ordinal_en_cases() {
    let cases = [
        (0, "0th"),
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (10, "10th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (14, "14th"),
        (21, "21st"),
        (22, "22nd"),
        (23, "23rd"),
        (101, "101st"),
        (102, "102nd"),
        (111, "111th"),
        (112, "112th"),
        (113, "113th"),
        (1011, "1011th"),
        (1001, "1001st"),
        (-1, "-1st"),
        (-11, "-11th"),
        (i64::MAX, "9223372036854775807th"),
        (i64::MIN, "-9223372036854775808th"),
    ];
    for (n, expected) in cases {
        assert_eq!(ordinal_en(n), expected, "{n}");
    }
}

#[test]
fn join_en_cases() {
    assert_eq!(join_en(&[]), "");
    assert_eq!(join_en(&s(&["a"])), "a");
    assert_eq!(join_en(&s(&["a", "b"])), "a and b");
    assert_eq!(join_en(&s(&["a", "b", "c"])), "a, b, and c");
    assert_eq!(join_en(&s(&["a", "b", "c", "d"])), "a, b, c, and d");
    assert_eq!(join_en(&s(&["", ""])), " and ");
}

#[test]
fn join_ko_cases() {
    assert_eq!(join_ko(&[]), "");
    assert_eq!(join_ko(&s(&["사과"])), "사과");
    assert_eq!(join_ko(&s(&["사과", "배"])), "사과, 배");
    assert_eq!(join_ko(&s(&["사과", "배", "감"])), "사과, 배, 감");
}

#[test]
fn grid_cases() {
    assert_eq!(grid(&[], " "), "");
    assert_eq!(grid(&[vec![]], " "), "");
    assert_eq!(grid(&[s(&["1", "2", "3"])], " "), "1 2 3");
    assert_eq!(
        grid(&[s(&["1", "2"]), s(&["3", "4"])], " | "),
        "1 | 2\n3 | 4"
    );
    assert_eq!(grid(&[s(&["a"]), s(&["b", "c"])], ""), "a\nbc");
    assert!(!grid(&[s(&["x"]), s(&["y"])], ",").ends_with('\n'));
}

#[test]
fn table_basic() {
    let t = table(
        &s(&["name", "age"]),
        &[s(&["Kim", "7"]), s(&["Park", "12"])],
    );
    let expected = "\
| name | age |
| ---- | --- |
| Kim  | 7   |
| Park | 12  |";
    assert_eq!(t, expected);
}

#[test]
fn table_pads_by_char_count_for_hangul() {
    let t = table(&s(&["이름", "나이"]), &[s(&["김철수", "7"])]);
    let expected = "\
| 이름  | 나이  |
| --- | --- |
| 김철수 | 7   |";
    assert_eq!(t, expected);
}

#[test]
fn table_ragged_rows_and_escaping() {
    let t = table(&s(&["a"]), &[s(&["x", "y|z"]), s(&["line\nbreak"])]);
    let expected = "\
| a          |      |
| ---------- | ---- |
| x          | y\\|z |
| line break |      |";
    assert_eq!(t, expected);
}

#[test]
fn table_edge_cases() {
    assert_eq!(table(&[], &[]), "");
    assert_eq!(table(&[], &[vec![]]), "");
    assert_eq!(table(&s(&["h"]), &[]), "| h   |\n| --- |");
    assert_eq!(table(&[], &[s(&["x"])]), "|     |\n| --- |\n| x   |");
    assert!(!table(&s(&["h"]), &[s(&["v"])]).ends_with('\n'));
}
