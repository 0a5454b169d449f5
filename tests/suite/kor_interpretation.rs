//! KOR-Bench logic rule 7, formulas under an interpretation
//! (`suites/korbench/kor_logic_07_interpretation.puzzle`), re-derived from
//! the prompt: the interpretation is read from its lines (a′, fJ, gJ, FJ),
//! each formula is scanned by a parser written here (atoms `F(s,t)` with terms
//! `x`, `y`, `z`, `a`, `f(s,t)`, `g(s,t)`), and every atom is replaced by its
//! implementation, in parentheses unless it is the whole formula, every other
//! character kept. The gold must be the implementations joined by `;`.
//! 300 items per tier.

use crate::common;

const ITEMS: u64 = 300;

struct Interpretation {
    a: String,
    f: String,
    g: String,
    rel: String,
}

/// The text after `prefix` on the line that starts with it, up to `end`.
fn field<'a>(query: &'a str, prefix: &str, end: &str) -> &'a str {
    let line = query
        .lines()
        .find_map(|l| l.trim().strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no line {prefix:?}"));
    line.split(end).next().expect("a field").trim()
}

fn interpretation(query: &str) -> Interpretation {
    let a = field(query, "(b) a′ = ", ".").to_string();
    let functions = field(query, "(c) Functions ", "\u{0}");
    let op = |name: &str| -> String {
        let pattern = format!("{name}J(x, y) = x ");
        let at = functions.find(&pattern).expect("a function") + pattern.len();
        functions[at..]
            .split(' ')
            .next()
            .expect("an operator")
            .to_string()
    };
    let rel = field(query, "(d) Predicate FJ(x, y) denotes x ", " ").to_string();
    Interpretation {
        a,
        f: op("f"),
        g: op("g"),
        rel,
    }
}

/// Parses a term at `chars[*at..]` and returns its implementation.
fn term(chars: &[char], at: &mut usize, j: &Interpretation) -> String {
    let c = chars[*at];
    *at += 1;
    match c {
        'x' | 'y' | 'z' => c.to_string(),
        'a' => j.a.clone(),
        'f' | 'g' => {
            assert_eq!(chars[*at], '(');
            *at += 1;
            let left = term(chars, at, j);
            assert_eq!(chars[*at], ',');
            *at += 1;
            let right = term(chars, at, j);
            assert_eq!(chars[*at], ')');
            *at += 1;
            // Arguments are simple terms, so no parentheses are needed.
            assert!(left.len() == 1 && right.len() == 1, "a nested term");
            format!("{left}{}{right}", if c == 'f' { &j.f } else { &j.g })
        }
        other => panic!("unexpected {other:?} in a term"),
    }
}

fn implement(formula: &str, j: &Interpretation) -> String {
    let chars: Vec<char> = formula.chars().collect();
    let mut out = String::new();
    let mut atoms = 0;
    let mut at = 0;
    let mut whole_atom = false;
    while at < chars.len() {
        if chars[at] == 'F' && chars.get(at + 1) == Some(&'(') {
            let start = at;
            at += 2;
            let left = term(&chars, &mut at, j);
            assert_eq!(chars[at], ',');
            at += 1;
            let right = term(&chars, &mut at, j);
            assert_eq!(chars[at], ')');
            at += 1;
            atoms += 1;
            whole_atom = start == 0 && at == chars.len();
            let atom = format!("{left}{}{right}", j.rel);
            if whole_atom {
                out.push_str(&atom);
            } else {
                out.push_str(&format!("({atom})"));
            }
        } else {
            assert!(
                "∀∃¬→∧∨()xyz".contains(chars[at]),
                "unexpected {:?} in {formula}",
                chars[at]
            );
            out.push(chars[at]);
            at += 1;
        }
    }
    assert!(atoms > 0 && (!whole_atom || atoms == 1), "{formula}");
    out
}

#[test]
fn golds_are_rederived_from_the_prompt() {
    let records = common::records(
        "suites/korbench/kor_logic_07_interpretation.puzzle",
        "en",
        ITEMS,
    );
    let mut symbols = std::collections::BTreeSet::new();
    for r in &records {
        common::scores_itself(r);
        let j = interpretation(&r.query);
        symbols.insert((j.f.clone(), j.g.clone(), j.rel.clone()));
        let listed = r.query.split("under J:").nth(1).expect("the formulas");
        let formulas: Vec<&str> = listed
            .lines()
            .map(str::trim)
            .take_while(|l| !l.starts_with("Give "))
            .filter(|l| !l.is_empty())
            .map(|l| {
                l.split_once(") ")
                    .filter(|_| l.starts_with('(') && l.as_bytes()[1].is_ascii_digit())
                    .map_or(l, |(_, f)| f)
            })
            .collect();
        let gold: Vec<String> = formulas.iter().map(|f| implement(f, &j)).collect();
        assert_eq!(r.answer, gold.join(";"), "{}", r.id);
    }
    // Every pair of operators and every relation occurs.
    assert_eq!(symbols.len(), 18, "{symbols:?}");
}

#[test]
fn the_scanner_follows_the_rule_s_conventions() {
    let j = Interpretation {
        a: "0".into(),
        f: "+".into(),
        g: "*".into(),
        rel: "=".into(),
    };
    assert_eq!(implement("F(f(x,y),g(x,y))", &j), "x+y=x*y");
    assert_eq!(implement("F(f(x,a),y)→F(g(x,y),z)", &j), "(x+0=y)→(x*y=z)");
    assert_eq!(
        implement("∀x∀y(F(f(x,a),y)→F(f(y,a),x))", &j),
        "∀x∀y((x+0=y)→(y+0=x))"
    );
    assert_eq!(implement("∀xF(g(x,a),x)→F(x,y)", &j), "∀x(x*0=x)→(x=y)");
}
