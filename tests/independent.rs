//! Every gold of the first specs recomputed by an independent implementation
//! written here, from the record's structured `instance` only (no code shared
//! with the spec language or its libraries).

mod common;

use puzzlec::dataset::build::record;
use puzzlec::gen::generate;

const ITEMS: u64 = 300;

fn records(name: &str) -> Vec<(puzzlec::dataset::Record, String)> {
    let program = common::load(&common::root().join(format!("puzzles/{name}.puzzle")));
    let mut out = Vec::new();
    for tier in program.tier_names() {
        for i in 0..ITEMS {
            let item = generate(&program, tier, i, 1).expect("generate");
            let lang = &program.languages[0];
            out.push((record(&program, &item, lang), tier.to_string()));
        }
    }
    out
}

// ---- Units: the total in the base unit from the stated table only.

#[test]
fn korean_units_golds_sum_the_stated_table() {
    for (r, tier) in records("korean_units") {
        let inst = &r.instance;
        let units: Vec<&str> = inst["units"]
            .as_array()
            .expect("units")
            .iter()
            .map(|u| u.as_str().expect("str"))
            .collect();
        let mut factor = vec![1i64];
        for (i, ratio) in inst["ratios"]
            .as_array()
            .expect("ratios")
            .iter()
            .enumerate()
        {
            assert_eq!(ratio["of"].as_str(), Some(units[i]));
            assert_eq!(ratio["unit"].as_str(), Some(units[i + 1]));
            let line = format!("1{} = {}{}", units[i + 1], ratio["equals"], units[i]);
            assert!(
                r.question.contains(&line),
                "{}: the prompt states `{line}`",
                r.id
            );
            factor.push(factor[i] * ratio["equals"].as_i64().expect("ratio"));
        }
        let items = inst["items"].as_array().expect("items");
        let expected_items = match tier.as_str() {
            "easy" => 17,
            "medium" => 24,
            _ => 26,
        };
        assert_eq!(items.len(), expected_items, "{}", r.id);
        let mut total = 0i64;
        for item in items {
            let mut value = 0i64;
            for part in item["parts"].as_array().expect("parts") {
                let u = units
                    .iter()
                    .position(|x| Some(*x) == part["unit"].as_str())
                    .expect("unit");
                value += part["amount"].as_i64().expect("amount") * factor[u];
            }
            total += item["sign"].as_i64().expect("sign")
                * item["scale"].as_i64().expect("scale")
                * value;
        }
        assert_eq!(r.answer, total.to_string(), "{}", r.id);
    }
}

#[test]
fn golds_are_not_all_alike() {
    // A guard against a test that passes because every gold is the same.
    let answers: std::collections::BTreeSet<String> = records("korean_units")
        .into_iter()
        .map(|(r, _)| r.answer)
        .collect();
    assert!(answers.len() > 800);
}
