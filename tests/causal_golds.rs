//! `causal_dag` golds re-derived by a separate fix-point computation of the
//! semantics the prompt states (earliest firing rule; AND = last arrival plus
//! delay, OR = first arrival plus delay; no rule, or no firing rule, = never),
//! from each record's instance only.

mod common;

use puzzlec::dataset::build::record;
use puzzlec::gen::generate;
use serde_json::Value;

/// Event times by repeated relaxation until nothing changes (`None` = never).
fn times(rules: &[Value]) -> Vec<Option<i64>> {
    let n = rules.len();
    let mut t: Vec<Option<i64>> = vec![None; n];
    t[0] = Some(0);
    loop {
        let mut changed = false;
        for (i, event_rules) in rules.iter().enumerate().skip(1) {
            let mut best: Option<i64> = None;
            for rule in event_rules.as_array().expect("rules") {
                let pre: Vec<usize> = rule["prerequisites"]
                    .as_array()
                    .expect("pre")
                    .iter()
                    .map(|p| p.as_u64().expect("event number") as usize - 1)
                    .collect();
                let delay = rule["delay"].as_i64().expect("delay");
                let arrivals: Vec<Option<i64>> = pre.iter().map(|&p| t[p]).collect();
                let fires = if rule["all"].as_bool().expect("all") {
                    if arrivals.iter().all(Option::is_some) {
                        arrivals.iter().flatten().max().map(|m| m + delay)
                    } else {
                        None
                    }
                } else {
                    arrivals.iter().flatten().min().map(|m| m + delay)
                };
                best = match (best, fires) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
            }
            if best != t[i] {
                t[i] = best;
                changed = true;
            }
        }
        if !changed {
            return t;
        }
    }
}

#[test]
fn causal_dag_golds_follow_the_stated_semantics() {
    let program = common::load(&common::root().join("puzzles/causal_dag.puzzle"));
    let mut asks = std::collections::BTreeMap::new();
    let mut never = 0;
    for tier in program.tier_names() {
        for i in 0..150 {
            let item = generate(&program, tier, i, 1).expect("generate");
            let r = record(&program, &item, "en");
            let inst = &r.instance;
            let t = times(inst["rules"].as_array().expect("rules"));
            never += t.iter().filter(|x| x.is_none()).count();
            let x = inst["x"].as_u64().expect("x") as usize - 1;
            let y = inst["y"].as_u64().expect("y") as usize - 1;
            let ask = inst["ask"].as_str().expect("ask");
            let expected = match ask {
                "occurs" => t[x].is_some() as i64,
                "gap" => (t[x].expect("x happens") - t[y].expect("y happens")).abs(),
                _ => {
                    let limit = inst["limit"].as_i64().expect("limit");
                    t.iter().flatten().filter(|&&v| v <= limit).count() as i64
                }
            };
            *asks.entry(ask.to_string()).or_insert(0) += 1;
            assert_eq!(r.answer, expected.to_string(), "{}", r.id);
            // Every rule in the instance is stated in the prompt.
            for (e, rules) in inst["rules"].as_array().expect("rules").iter().enumerate() {
                for _ in rules.as_array().expect("rules") {
                    assert!(
                        r.question.contains(&format!("Event {} can happen", e + 1)),
                        "{}",
                        r.id
                    );
                }
            }
        }
    }
    assert_eq!(asks.len(), 3, "every question type occurs: {asks:?}");
    assert!(never > 0, "some events never happen");
}
