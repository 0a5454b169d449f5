//! Every gold of the first specs recomputed by an independent implementation
//! written here, from the record's structured `instance` only (no code shared
//! with the spec language or its libraries).

use crate::common;

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

// ---- Units: the total in the base unit from the stated table only, at the
// reference settings (5 units with distinct ratios; 17 / 24 / 26 items of
// 4-5 / 4-5 / 5 terms of at most 1,249 / 2,499 / 6,999; multipliers 2-9; a
// quarter of the items subtracted; a positive total).

#[test]
fn korean_units_golds_sum_the_stated_table() {
    let mut subtracted = std::collections::BTreeMap::new();
    for (r, tier) in records("korean_units") {
        let (items_per_tier, terms, max_amount) = match tier.as_str() {
            "easy" => (17, 4..=5, 1249),
            "medium" => (24, 4..=5, 2499),
            _ => (26, 5..=5, 6999),
        };
        let inst = &r.instance;
        let units: Vec<&str> = inst["units"]
            .as_array()
            .expect("units")
            .iter()
            .map(|u| u.as_str().expect("str"))
            .collect();
        assert_eq!(units.len(), 5, "{}", r.id);
        let mut factor = vec![1i64];
        let mut ratios = std::collections::BTreeSet::new();
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
            let ratio = ratio["equals"].as_i64().expect("ratio");
            ratios.insert(ratio);
            factor.push(factor[i] * ratio);
        }
        assert_eq!(ratios.len(), 4, "{}: distinct ratios", r.id);
        let items = inst["items"].as_array().expect("items");
        assert_eq!(items.len(), items_per_tier, "{}", r.id);
        let mut total = 0i64;
        let mut minus = 0;
        for item in items {
            let parts = item["parts"].as_array().expect("parts");
            assert!(
                terms.contains(&parts.len()),
                "{}: {} terms",
                r.id,
                parts.len()
            );
            let mut value = 0i64;
            for part in parts {
                let u = units
                    .iter()
                    .position(|x| Some(*x) == part["unit"].as_str())
                    .expect("unit");
                let amount = part["amount"].as_i64().expect("amount");
                assert!(
                    (1..=max_amount).contains(&amount),
                    "{}: amount {amount}",
                    r.id
                );
                value += amount * factor[u];
            }
            let scale = item["scale"].as_i64().expect("scale");
            assert!((2..=9).contains(&scale), "{}: multiplier {scale}", r.id);
            let sign = item["sign"].as_i64().expect("sign");
            minus += usize::from(sign < 0);
            total += sign * scale * value;
        }
        assert!(minus > 0, "{}: some item is subtracted", r.id);
        assert!(total > 0, "{}: a positive total", r.id);
        assert_eq!(r.answer, total.to_string(), "{}", r.id);
        let entry = subtracted.entry(tier).or_insert((0, 0));
        entry.0 += minus;
        entry.1 += items.len();
    }
    for (tier, (minus, all)) in subtracted {
        let share = minus as f64 / all as f64;
        assert!(
            (share - 0.25).abs() < 0.03,
            "{tier}: {share:.3} of the items subtracted"
        );
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
