//! Families, tiers and the lever values each tier sets.

use super::error::CheckError;
use super::program::{Family, LeverDef, TierDef};
use super::resolve::suggest;
use super::{describe_domain, in_domain, show_literal, Checker};
use crate::span::Span;
use crate::syntax::ast::*;

impl<'a> Checker<'a> {
    pub(super) fn family(&mut self, ident: Option<&Ident>, name: &Ident) -> Family {
        let Some(ident) = ident else {
            self.errors.push(CheckError::Missing {
                what: "family",
                help: "add `family direct` (same instance in every language), `family script` (one language per file) or `family korean_only`".into(),
                src: self.src(),
                span: name.span,
            });
            return Family::Direct;
        };
        Family::from_name(&ident.name).unwrap_or_else(|| {
            let names = ["direct".to_string(), "script".into(), "korean_only".into()];
            let help = match suggest(&ident.name, &names) {
                Some(s) => {
                    format!("did you mean `{s}`? The families are direct, script and korean_only")
                }
                None => "the families are direct, script and korean_only".into(),
            };
            self.errors.push(CheckError::UnknownFamily {
                name: ident.name.clone(),
                help,
                src: self.src(),
                span: ident.span,
            });
            Family::Direct
        })
    }

    pub(super) fn tiers(
        &mut self,
        tiers: &[&Tier],
        levers: &[LeverDef],
        _name: &Ident,
    ) -> Vec<TierDef> {
        let mut out = Vec::new();
        for tier in tiers {
            let mut values: Vec<Option<TierValue>> = vec![None; levers.len()];
            let mut first_setting: Vec<Option<Span>> = vec![None; levers.len()];
            let mut suggested: Vec<String> = Vec::new();
            for setting in &tier.settings {
                let Some(i) = levers
                    .iter()
                    .position(|l| l.name.name == setting.lever.name)
                else {
                    let names: Vec<String> = levers.iter().map(|l| l.name.name.clone()).collect();
                    let suggestion = suggest(&setting.lever.name, &names);
                    suggested.extend(suggestion.clone());
                    let help = match suggestion {
                        Some(s) => format!("did you mean `{s}`?"),
                        None if names.is_empty() => {
                            "declare it first, e.g. `lever size: int in 1..=9`".into()
                        }
                        None => format!("the levers are: {}", names.join(", ")),
                    };
                    self.errors.push(CheckError::UnknownLever {
                        tier: tier.name.name.clone(),
                        lever: setting.lever.name.clone(),
                        help,
                        src: self.src(),
                        span: setting.lever.span,
                    });
                    continue;
                };
                if let Some(first) = first_setting[i] {
                    self.errors.push(CheckError::SetTwice {
                        tier: tier.name.name.clone(),
                        lever: setting.lever.name.clone(),
                        src: self.src(),
                        span: setting.lever.span,
                        first,
                    });
                }
                first_setting[i] = Some(setting.lever.span);
                self.tier_value(&tier.name.name, &levers[i], &setting.value);
                values[i] = Some(setting.value.clone());
            }
            let mut complete = Vec::new();
            for (lever, value) in levers.iter().zip(values) {
                match value {
                    Some(v) => complete.push(v),
                    // A misspelt setting already suggested this lever.
                    None if suggested.contains(&lever.name.name) => {}
                    None => self.errors.push(CheckError::UnsetLever {
                        tier: tier.name.name.clone(),
                        lever: lever.name.name.clone(),
                        src: self.src(),
                        span: tier.name.span,
                    }),
                }
            }
            if complete.len() == levers.len() {
                out.push(TierDef {
                    name: tier.name.clone(),
                    values: complete,
                    span: tier.span,
                });
            }
        }
        out
    }

    fn tier_value(&mut self, tier: &str, lever: &LeverDef, value: &TierValue) {
        let domain = describe_domain(&lever.ty);
        let bad = |this: &mut Self, shown: String, span: Span| {
            this.errors.push(CheckError::LeverDomain {
                tier: tier.to_string(),
                lever: lever.name.name.clone(),
                value: shown,
                domain: domain.clone(),
                src: this.src(),
                span,
            });
        };
        match value {
            TierValue::Fixed(lit, span) => {
                if !in_domain(&lever.ty, lit) {
                    bad(self, show_literal(lit), *span);
                }
            }
            TierValue::Range { lo, hi, span } => {
                let ok = matches!(lever.ty, LeverType::Int { lo: dl, hi: dh, .. } if dl <= *lo && *hi <= dh);
                if !ok {
                    bad(self, format!("{lo}..={hi}"), *span);
                }
            }
            TierValue::Weighted(entries, _) => {
                for (lit, weight, span) in entries {
                    if !in_domain(&lever.ty, lit) {
                        bad(self, show_literal(lit), *span);
                    }
                    if *weight <= 0 {
                        self.errors.push(CheckError::Weight {
                            weight: *weight,
                            src: self.src(),
                            span: *span,
                        });
                    }
                }
            }
        }
    }
}
