//! The checker's static type of an index expression: a list's element, a
//! string's character, and — for a map — a value of unknown type (iterating a
//! map gives `(key, value)` tuples, indexing it does not).

use puzzlec::compile::compile;
use puzzlec::source::SourceFile;

fn spec(answer: &str) -> String {
    format!(
        "puzzle p\nfamily direct\nlever n: int in 1..=2\ntier easy {{ n = 1 }}\n\
         let NAMES = [{{ en: \"one\", ko: \"하나\" }}]\n\
         let COUNTS = {{ a: 3 }}\n\
         answer text = {answer}\n\
         template en \"q\"\ntemplate ko \"q\"\n"
    )
}

fn errors(answer: &str) -> Vec<String> {
    let source = SourceFile::new("p.puzzle", spec(answer));
    match compile(&source) {
        Ok(_) => Vec::new(),
        Err(e) => e.diagnostics().iter().map(|d| d.to_string()).collect(),
    }
}

#[test]
fn indexing_a_map_gives_a_value_not_a_tuple() {
    assert_eq!(errors("NAMES[0][\"en\"] + \"!\""), Vec::<String>::new());
    assert_eq!(errors("str(COUNTS[\"a\"] + 1)"), Vec::<String>::new());
    let lang = "en";
    assert_eq!(
        errors(&format!("NAMES[0][\"{lang}\"] + NAMES[0].ko")),
        Vec::<String>::new()
    );
}

#[test]
fn indexing_a_list_still_has_its_element_type() {
    let found = errors("[\"a\", \"b\"][0] + 1");
    assert!(
        found.iter().any(|e| e.contains("found an int")),
        "a string element plus an int is reported: {found:?}"
    );
}
