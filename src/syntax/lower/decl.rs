//! Lowering declarations: the spec, its levers, tiers, settings and texts.

use super::{first, literal_of, next, trimmed, Lowerer, Result};
use crate::span::Span;
/// `Rule_` avoids a clash with pest's `Rule` inside this file.
use crate::syntax::ast::Rule as Rule_;
use crate::syntax::ast::*;
use crate::syntax::error::SyntaxError;
use crate::syntax::parser::Rule;
use pest::iterators::{Pair, Pairs};

impl<'s> Lowerer<'s> {
    /// Lowers the `spec` pair.
    pub fn spec(&self, pair: Pair<Rule>) -> Result<Spec> {
        let mut spec = Spec::default();
        for item in pair.into_inner() {
            match item.as_rule() {
                Rule::header => spec.name = Some(self.ident(first(item)?)?),
                Rule::EOI => {}
                _ => spec.decls.push(self.decl(item)?),
            }
        }
        Ok(spec)
    }

    /// Lowers a `rule_decl` pair, at the top level or inside `generate`.
    pub(super) fn rule(&self, pair: Pair<Rule>) -> Result<Rule_> {
        let span = trimmed(&pair);
        let mut inner = pair.clone().into_inner();
        let name = self.ident(next(&mut inner, &pair)?)?;
        let mut bindings = Vec::new();
        let mut body = None;
        for p in inner {
            match p.as_rule() {
                Rule::binding => bindings.push(self.binding(p)?),
                _ => body = Some(self.expr(p)?),
            }
        }
        let body = body.ok_or_else(|| self.shape(&pair))?;
        Ok(Rule_ {
            name,
            bindings,
            body,
            span,
        })
    }

    fn decl(&self, pair: Pair<Rule>) -> Result<Decl> {
        let span = trimmed(&pair);
        let rule = pair.as_rule();
        let mut inner = pair.clone().into_inner();
        Ok(match rule {
            Rule::title_decl => Decl::Title(self.lang_texts(inner)?, span),
            Rule::family_decl => Decl::Family(self.ident(next(&mut inner, &pair)?)?),
            Rule::languages_decl => {
                Decl::Languages(inner.map(|p| self.ident(p)).collect::<Result<_>>()?, span)
            }
            Rule::attempts_decl => Decl::Attempts(self.int(next(&mut inner, &pair)?)?, span),
            Rule::limits_decl => Decl::Limits(
                inner
                    .map(|p| self.limit_setting(p))
                    .collect::<Result<_>>()?,
                span,
            ),
            Rule::lever_decl => {
                let name = self.ident(next(&mut inner, &pair)?)?;
                let ty = self.lever_type(first(next(&mut inner, &pair)?)?)?;
                Decl::Lever(Lever { name, ty, span })
            }
            Rule::tier_decl => {
                let name = self.ident(next(&mut inner, &pair)?)?;
                let settings = inner.map(|p| self.tier_setting(p)).collect::<Result<_>>()?;
                Decl::Tier(Tier {
                    name,
                    settings,
                    span,
                })
            }
            Rule::const_decl => {
                let name = self.ident(next(&mut inner, &pair)?)?;
                Decl::Const(name, self.expr(next(&mut inner, &pair)?)?)
            }
            Rule::fn_decl => {
                let name = self.ident(next(&mut inner, &pair)?)?;
                let mut params = Vec::new();
                let mut body = None;
                for p in inner {
                    match p.as_rule() {
                        Rule::params => params = self.params(p)?,
                        _ => body = Some(self.expr(p)?),
                    }
                }
                let body = body.ok_or_else(|| self.shape(&pair))?;
                Decl::Fn(FnDecl { name, params, body })
            }
            Rule::find_decl => {
                let name = self.ident(next(&mut inner, &pair)?)?;
                let mut index = Vec::new();
                let mut domain = None;
                for p in inner {
                    match p.as_rule() {
                        Rule::find_index => {
                            index = p
                                .into_inner()
                                .map(|b| self.binding(b))
                                .collect::<Result<_>>()?
                        }
                        Rule::find_domain => {
                            let d = first(p)?;
                            domain = match d.as_rule() {
                                Rule::kw_bool => None,
                                _ => Some(self.expr(d)?),
                            };
                        }
                        _ => return Err(self.shape(&p)),
                    }
                }
                Decl::Find(Find {
                    name,
                    index,
                    domain,
                    span,
                })
            }
            Rule::rule_decl => Decl::Rule(self.rule(pair)?),
            Rule::generate_decl => Decl::Generate(self.block(next(&mut inner, &pair)?)?),
            Rule::answer_decl => {
                let first_pair = next(&mut inner, &pair)?;
                let (kind, from_lever) = if first_pair.as_rule() == Rule::answer_from {
                    (self.ident(first(first_pair)?)?, true)
                } else {
                    (self.ident(first_pair)?, false)
                };
                Decl::Answer(kind, from_lever, self.expr(next(&mut inner, &pair)?)?)
            }
            Rule::answer_lang_decl => {
                let lang = self.ident(next(&mut inner, &pair)?)?;
                Decl::AnswerIn(lang, self.expr(next(&mut inner, &pair)?)?)
            }
            Rule::part_decl => {
                let kind = match next(&mut inner, &pair)?.as_str() {
                    "context" => PromptPart::Context,
                    _ => PromptPart::Query,
                };
                let lang = self.ident(next(&mut inner, &pair)?)?;
                Decl::Part(kind, lang, self.expr(next(&mut inner, &pair)?)?)
            }
            Rule::choices_lang_decl => {
                let lang = self.ident(next(&mut inner, &pair)?)?;
                Decl::ChoicesIn(lang, self.expr(next(&mut inner, &pair)?)?)
            }
            Rule::accept_decl => {
                let param = self.ident(next(&mut inner, &pair)?)?;
                Decl::Accept(param, self.expr(next(&mut inner, &pair)?)?, span)
            }
            Rule::slot_decl => Decl::Slot(self.ident(next(&mut inner, &pair)?)?),
            Rule::group_decl => Decl::Group(self.ident(next(&mut inner, &pair)?)?),
            Rule::release_decl => {
                let format = self.ident(next(&mut inner, &pair)?)?;
                Decl::Release(format, self.ident(next(&mut inner, &pair)?)?)
            }
            Rule::instance_decl => Decl::Instance(self.expr(next(&mut inner, &pair)?)?, span),
            Rule::choices_decl => Decl::Choices(self.expr(next(&mut inner, &pair)?)?, span),
            Rule::calibrate_decl => Decl::Calibrate(self.calibrate(pair.clone(), span)?),
            Rule::template_decl => {
                let lang = self.ident(next(&mut inner, &pair)?)?;
                Decl::Template(lang, self.string(next(&mut inner, &pair)?)?)
            }
            _ => return Err(self.shape(&pair)),
        })
    }

    pub(super) fn lang_texts(&self, pairs: Pairs<Rule>) -> Result<Vec<LangText>> {
        pairs
            .map(|p| {
                let mut inner = p.clone().into_inner();
                let lang = self.ident(next(&mut inner, &p)?)?;
                let text = self.string(next(&mut inner, &p)?)?;
                Ok(LangText { lang, text })
            })
            .collect()
    }

    fn lever_type(&self, pair: Pair<Rule>) -> Result<LeverType> {
        let span = trimmed(&pair);
        match pair.as_rule() {
            Rule::lever_int => {
                let mut inner = pair.clone().into_inner();
                let _in = next(&mut inner, &pair)?;
                let (lo, hi) = self.int_range(&mut inner, &pair, span)?;
                Ok(LeverType::Int { lo, hi, span })
            }
            Rule::lever_bool => Ok(LeverType::Bool(span)),
            Rule::lever_choice => {
                let choices = pair
                    .into_inner()
                    .map(|p| {
                        let s = trimmed(&p);
                        Ok((self.plain_string(p, "lever choice")?, s))
                    })
                    .collect::<Result<_>>()?;
                Ok(LeverType::Choice(choices, span))
            }
            _ => Err(self.shape(&pair)),
        }
    }

    /// Reads `lo (..|..=) hi` from `inner` as an inclusive range.
    fn int_range<'i>(
        &self,
        inner: &mut Pairs<'i, Rule>,
        parent: &Pair<'i, Rule>,
        span: Span,
    ) -> Result<(i64, i64)> {
        let lo = self.int(next(inner, parent)?)?;
        let op = next(inner, parent)?;
        let hi = self.int(next(inner, parent)?)?;
        let hi = if op.as_str() == ".." {
            hi.checked_sub(1).ok_or_else(|| self.overflow(&op))?
        } else {
            hi
        };
        if hi < lo {
            return Err(SyntaxError::EmptyRange {
                text: parent.as_str().trim().to_string(),
                src: self.source.named(),
                span,
            });
        }
        Ok((lo, hi))
    }

    fn tier_setting(&self, pair: Pair<Rule>) -> Result<TierSetting> {
        let mut inner = pair.clone().into_inner();
        let lever = self.ident(next(&mut inner, &pair)?)?;
        let _eq = next(&mut inner, &pair)?;
        let value_pair = first(next(&mut inner, &pair)?)?;
        let span = trimmed(&value_pair);
        let value = match value_pair.as_rule() {
            Rule::tier_range => {
                let mut inner = value_pair.clone().into_inner();
                let (lo, hi) = self.int_range(&mut inner, &value_pair, span)?;
                TierValue::Range { lo, hi, span }
            }
            Rule::tier_weighted => TierValue::Weighted(self.weights(value_pair)?, span),
            Rule::literal => TierValue::Fixed(self.literal(first(value_pair)?)?, span),
            _ => return Err(self.shape(&value_pair)),
        };
        Ok(TierSetting { lever, value })
    }

    /// The `VALUE: WEIGHT` entries of a `tier_weighted` pair.
    pub(super) fn weights(&self, pair: Pair<Rule>) -> Result<Vec<(Literal, i64, Span)>> {
        let mut entries = Vec::new();
        for entry in pair.into_inner() {
            let espan = trimmed(&entry);
            let mut kv = entry.clone().into_inner();
            let value = self.expr(next(&mut kv, &entry)?)?;
            let weight = self.expr(next(&mut kv, &entry)?)?;
            let value = literal_of(&value).ok_or_else(|| self.not_literal(&entry))?;
            let weight = match weight.kind {
                ExprKind::Int(w) => w,
                _ => return Err(self.not_literal(&entry)),
            };
            entries.push((value, weight, espan));
        }
        Ok(entries)
    }

    fn not_literal(&self, pair: &Pair<Rule>) -> SyntaxError {
        let span = trimmed(pair);
        let (line, col) = self.source.line_col(span.start);
        SyntaxError::Unexpected {
            found: format!("`{}`", pair.as_str()),
            line,
            col,
            expected: "tier weights pair a literal value with an integer weight, e.g. `weighted { 5: 62, 6: 38 }`".into(),
            label: "expected `VALUE: WEIGHT` with literals here".into(),
            src: self.source.named(),
            span,
        }
    }

    pub(super) fn literal(&self, pair: Pair<Rule>) -> Result<Literal> {
        Ok(match pair.as_rule() {
            Rule::signed_int | Rule::int => Literal::Int(self.int(pair)?),
            Rule::boolean => Literal::Bool(pair.as_str() == "true"),
            Rule::string => Literal::Str(self.plain_string(pair, "tier value")?),
            _ => return Err(self.shape(&pair)),
        })
    }

    pub(super) fn params(&self, pair: Pair<Rule>) -> Result<Vec<Ident>> {
        pair.into_inner().map(|p| self.ident(p)).collect()
    }
}
