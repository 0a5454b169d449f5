//! The EN–KO equivalence tests of each model on the pooled direct tasks:
//! the two-sample TOST on the pooled proportions, and on the seed-matched
//! pairs the paired TOST and McNemar's test; each family of p-values
//! Holm-corrected across the models above the floor.

use std::collections::BTreeMap;

use serde::Serialize;

use super::groups::DIRECT;
use super::load::{Data, Run};
use super::stats::{holm, mcnemar, tost_two_sample, McNemar, TwoSampleTost};
use crate::score::stats::{tost_paired, Tost};

/// The languages compared, first minus second.
pub const LANGS: (&str, &str) = ("en", "ko");

/// The equivalence tests of one model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Equivalence {
    /// The model.
    pub label: String,
    /// Whether the model is above the floor (else no test is run).
    pub included: bool,
    /// Correct EN direct records.
    pub en_correct: u64,
    /// EN direct records.
    pub en_n: u64,
    /// Correct KO direct records.
    pub ko_correct: u64,
    /// KO direct records.
    pub ko_n: u64,
    /// The two-sample TOST of EN − KO.
    pub two_sample: TwoSampleTost,
    /// Its Holm-adjusted p-value.
    pub two_sample_holm: Option<f64>,
    /// Pairs with both an EN and a KO record.
    pub pairs: u64,
    /// Pairs correct only in EN.
    pub en_only: u64,
    /// Pairs correct only in KO.
    pub ko_only: u64,
    /// The paired TOST of EN − KO.
    pub paired: Tost,
    /// Its Holm-adjusted p-value.
    pub paired_holm: Option<f64>,
    /// McNemar's test on the discordant pairs.
    pub mcnemar: McNemar,
    /// Its Holm-adjusted p-value.
    pub mcnemar_holm: Option<f64>,
}

/// The tests of every model (`included[i]`: model `i` is above the floor);
/// empty when the dataset has no direct records in both languages.
pub fn equivalence(data: &Data, runs: &[Run], included: &[bool], margin: f64) -> Vec<Equivalence> {
    let direct: Vec<usize> = (0..data.records.len())
        .filter(|&i| data.records[i].family == DIRECT)
        .collect();
    let of_lang = |lang: &str| -> Vec<usize> {
        direct
            .iter()
            .copied()
            .filter(|&i| data.records[i].lang == lang)
            .collect()
    };
    let (en, ko) = (of_lang(LANGS.0), of_lang(LANGS.1));
    if en.is_empty() || ko.is_empty() {
        return Vec::new();
    }
    // pair → (EN record, KO record)
    let mut pairs: BTreeMap<&str, (Option<usize>, Option<usize>)> = BTreeMap::new();
    for &i in &direct {
        let r = &data.records[i];
        let slot = pairs.entry(r.pair.as_str()).or_default();
        if r.lang == LANGS.0 {
            slot.0 = Some(i);
        } else if r.lang == LANGS.1 {
            slot.1 = Some(i);
        }
    }
    let matched: Vec<(usize, usize)> = pairs
        .values()
        .filter_map(|&(a, b)| Some((a?, b?)))
        .collect();
    let mut rows: Vec<Equivalence> = runs
        .iter()
        .zip(included)
        .map(|(run, &included)| {
            let count = |rs: &[usize]| rs.iter().filter(|&&i| run.correct[i]).count() as u64;
            let (en_correct, ko_correct) = (count(&en), count(&ko));
            let en_only = matched
                .iter()
                .filter(|&&(a, b)| run.correct[a] && !run.correct[b])
                .count() as u64;
            let ko_only = matched
                .iter()
                .filter(|&&(a, b)| !run.correct[a] && run.correct[b])
                .count() as u64;
            let n_pairs = matched.len() as u64;
            Equivalence {
                label: run.label.clone(),
                included,
                en_correct,
                en_n: en.len() as u64,
                ko_correct,
                ko_n: ko.len() as u64,
                two_sample: tost_two_sample(
                    en_correct,
                    en.len() as u64,
                    ko_correct,
                    ko.len() as u64,
                    margin,
                ),
                two_sample_holm: None,
                pairs: n_pairs,
                en_only,
                ko_only,
                paired: tost_paired(en_only, ko_only, n_pairs, margin),
                paired_holm: None,
                mcnemar: mcnemar(en_only, ko_only),
                mcnemar_holm: None,
            }
        })
        .collect();
    adjust(&mut rows, |e| e.two_sample.p, |e, p| e.two_sample_holm = p);
    adjust(&mut rows, |e| e.paired.p, |e, p| e.paired_holm = p);
    adjust(&mut rows, |e| e.mcnemar.p, |e, p| e.mcnemar_holm = p);
    rows
}

/// Holm-adjusts one p-value of every included row.
fn adjust(
    rows: &mut [Equivalence],
    get: impl Fn(&Equivalence) -> f64,
    set: impl Fn(&mut Equivalence, Option<f64>),
) {
    let ps: Vec<f64> = rows.iter().filter(|e| e.included).map(&get).collect();
    let mut adjusted = holm(&ps).into_iter();
    for e in rows.iter_mut().filter(|e| e.included) {
        set(e, adjusted.next());
    }
}
