//! Generating one item: sample the tier's levers and run `generate` until
//! every `require` holds (within the budget); `finish.rs` then computes the
//! gold, the instance, the solution trace and the prompt in every language.

use super::constraint::{Constraints, Outcome};
use super::error::{GenError, ItemContext};
use super::rng::Rng;
use super::sampler::RngSampler;
use super::seed::item_seed;
use crate::check::program::{Program, TierDef};
use crate::eval::fuel::Usage;
use crate::eval::interp::{bind_pattern, expect_bool, expect_int, iter_values, literal_value};
use crate::eval::{Env, EvalError, EvalErrorKind, Fuel, Interp, Value};
use crate::span::Span;
use crate::syntax::ast::{Block, Ident, LangText, Stmt, TierValue};
use std::collections::BTreeMap;
use std::rc::Rc;

/// One generated latent instance, rendered in every language of the spec.
#[derive(Debug, Clone)]
pub struct Item {
    /// The tier.
    pub tier: String,
    /// The index within the tier.
    pub index: u64,
    /// The derived item seed.
    pub seed: [u8; 32],
    /// Lever values in declaration order, as a JSON object.
    pub levers: serde_json::Value,
    /// The canonical gold text (of every language without its own, see
    /// [`Item::answer_in`]).
    pub answer: String,
    /// The answer kind of this item.
    pub answer_kind: crate::answer::AnswerKind,
    /// The structured givens.
    pub instance: serde_json::Value,
    /// Multiple-choice options, if any.
    pub choices: Option<Vec<String>>,
    /// The `checkpoint` values in the order they ran (empty without any).
    pub checkpoints: Vec<Checkpoint>,
    /// Prompt and solution per language.
    pub renders: BTreeMap<String, Rendered>,
    /// Attempts used (1 when the first sample was accepted).
    pub attempts: u64,
    /// The run-time budget the item spent (not part of any record).
    pub usage: Usage,
}

impl Item {
    /// The gold of the item's record in `lang`: its `answer LANG` when the
    /// spec has one, else the item's answer.
    pub fn answer_in(&self, lang: &str) -> &str {
        self.renders
            .get(lang)
            .and_then(|r| r.answer.as_deref())
            .unwrap_or(&self.answer)
    }

    /// The options of the item's record in `lang`: its `choices LANG` when
    /// the spec has one, else the item's choices.
    pub fn choices_in(&self, lang: &str) -> Option<&[String]> {
        self.renders
            .get(lang)
            .and_then(|r| r.choices.as_deref())
            .or(self.choices.as_deref())
    }
}

/// One intermediate answer of an item, from a `checkpoint` statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    /// The 1-based step number: the order in which the checkpoints ran.
    pub step: usize,
    /// Its answer kind.
    pub kind: crate::answer::AnswerKind,
    /// The canonical gold text of the kind.
    pub gold: String,
}

/// The text of one item in one language.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rendered {
    /// The prompt.
    pub question: String,
    /// The prompt's `context` part (`""` when the spec has none).
    pub context: String,
    /// The prompt's `query` part (`""` when the spec has none).
    pub query: String,
    /// The solution trace, one step per line.
    pub solution: String,
    /// The gold in this language when it differs by language
    /// (`answer LANG = EXPR`); else the item's [`Item::answer`].
    pub answer: Option<String>,
    /// The options in this language (`choices LANG = EXPR`); else the
    /// item's [`Item::choices`].
    pub choices: Option<Vec<String>>,
}

/// Why an attempt ended.
enum Flow {
    Done(Env),
    Reject(Span),
}

/// Generates item `index` of `tier` for a dataset seed.
pub fn generate(
    program: &Program,
    tier: &str,
    index: u64,
    dataset_seed: u64,
) -> Result<Item, GenError> {
    let ctx = ItemContext {
        puzzle: program.name.name.clone(),
        tier: tier.to_string(),
        index,
        seed: dataset_seed,
    };
    let tier_def = program.tier(tier).ok_or_else(|| GenError::UnknownTier {
        puzzle: ctx.puzzle.clone(),
        tier: tier.to_string(),
        help: format!("the tiers are: {}", program.tier_names().join(", ")),
    })?;
    let seed = item_seed(dataset_seed, &ctx.puzzle, tier, index);
    let mut rng = Rng::from_seed(seed);
    let rt = |e: EvalError| GenError::runtime(program.source.named(), e, &ctx);

    let fuel = Rc::new(Fuel::new(program.limits));
    let levers = sample_levers(program, tier_def, &mut rng).map_err(rt)?;
    let base = super::constants::bind(program, &levers, &fuel)
        .map_err(|(i, e)| rt(e.in_statement(program.consts[i].1.span)))?;

    let mut rejections: BTreeMap<(usize, usize), (Span, u64)> = BTreeMap::new();
    let reasons = super::require::require_reasons(&program.generate);
    for attempt in 1..=program.attempts {
        let mut trace = Trace::default();
        let flow = {
            let mut sampler = RngSampler::new(&mut rng);
            let mut interp = Interp::new(program, Some(&mut sampler))
                .with_globals(base.clone())
                .with_fuel(fuel.clone());
            let mut cons = None;
            fuel.run(program.generate.span)
                .map_err(|e| rt(e.in_statement(program.generate.span)))?;
            run_block(
                program,
                &mut interp,
                &program.generate,
                base.clone(),
                &mut cons,
                &mut trace,
            )
            .map_err(rt)?
        };
        match flow {
            Flow::Reject(span) => {
                rejections
                    .entry((span.start, span.end))
                    .or_insert((span, 0))
                    .1 += 1;
            }
            Flow::Done(env) => {
                let done = super::finish::Attempt {
                    env,
                    trace,
                    attempts: attempt,
                };
                return super::finish::finish(
                    program, &ctx, tier, index, seed, levers, &base, done, &fuel,
                );
            }
        }
    }
    let (span, count) = rejections
        .values()
        .max_by_key(|(_, n)| *n)
        .copied()
        .unwrap_or((program.generate.span, 0));
    let shown: Vec<String> = levers
        .iter()
        .map(|(n, v)| format!("{n} = {}", v.display()))
        .collect();
    Err(GenError::Budget {
        puzzle: ctx.puzzle.clone(),
        tier: tier.to_string(),
        index,
        attempts: program.attempts,
        help: format!(
            "{}lever values: {}; dataset seed {}. Loosen the statement that rejects the samples, change the tier's levers, or raise `attempts`.",
            reasons
                .iter()
                .find(|(s, _)| s.start == span.start && s.end == span.end)
                .map_or(String::new(), |(_, why)| format!("it says: {why}; ")),
            if shown.is_empty() { "none".into() } else { shown.join(", ") },
            dataset_seed
        ),
        src: program.source.named(),
        span,
        rejections: count,
    })
}

/// Samples each lever's value for one item, in declaration order.
fn sample_levers(
    program: &Program,
    tier: &TierDef,
    rng: &mut Rng,
) -> Result<Vec<(String, Value)>, EvalError> {
    let mut out = Vec::with_capacity(program.levers.len());
    for (lever, value) in program.levers.iter().zip(&tier.values) {
        let v = match value {
            TierValue::Fixed(lit, _) => literal_value(lit),
            TierValue::Range { lo, hi, span } => Value::Int(
                rng.int_in(*lo, *hi)
                    .map_err(|e| EvalError::new(EvalErrorKind::Invalid(e.to_string()), *span))?,
            ),
            TierValue::Weighted(entries, span) => {
                let weights: Vec<u64> =
                    entries.iter().map(|(_, w, _)| (*w).max(0) as u64).collect();
                let i = rng
                    .weighted(&weights)
                    .map_err(|e| EvalError::new(EvalErrorKind::Invalid(e.to_string()), *span))?;
                literal_value(&entries[i].0)
            }
        };
        out.push((lever.name.name.clone(), v));
    }
    Ok(out)
}

/// What an attempt records besides its bindings: the steps with the
/// environment each sees, and the checkpoints with their values.
#[derive(Default)]
pub(super) struct Trace<'p> {
    pub(super) steps: Vec<&'p LangText>,
    pub(super) step_envs: Vec<Env>,
    pub(super) checkpoints: Vec<(&'p Ident, Value, Span)>,
}

/// Runs a block; steps are recorded with the environment they see. Each
/// statement costs a step, and a spent budget is placed in the innermost
/// statement that was running.
fn run_block<'p>(
    program: &Program,
    interp: &mut Interp<'_>,
    block: &'p Block,
    mut env: Env,
    cons: &mut Option<Constraints>,
    trace: &mut Trace<'p>,
) -> Result<Flow, EvalError> {
    for stmt in &block.stmts {
        interp.set_model(cons.as_ref().map(Constraints::view));
        let span = stmt_span(stmt);
        let started = super::profile::enabled().then(std::time::Instant::now);
        let next = interp
            .fuel()
            .steps(1, span)
            .and_then(|()| run_stmt(program, interp, stmt, env, cons, trace))
            .map_err(|e| e.in_statement(span))?;
        if let Some(t) = started {
            let rejected =
                matches!(next, Next::Reject(at) if (at.start, at.end) == (span.start, span.end));
            super::profile::record(span, t.elapsed(), rejected);
        }
        if let Some(c) = cons.as_ref() {
            let (vars, clauses) = c.size();
            interp.fuel().model_size(vars, clauses);
        }
        match next {
            Next::Go(e) => env = e,
            Next::Reject(at) => return Ok(Flow::Reject(at)),
        }
    }
    Ok(Flow::Done(env))
}

/// What follows a statement.
enum Next {
    /// Go on with these bindings.
    Go(Env),
    /// The attempt is rejected here.
    Reject(Span),
}

/// The span of a statement.
fn stmt_span(stmt: &Stmt) -> Span {
    match stmt {
        Stmt::Let(_, e) => e.span,
        Stmt::Dig(_, dig) => dig.span,
        Stmt::Reveal(_, reveal) => reveal.span,
        Stmt::SampleSolution(_, _, _, span)
        | Stmt::PlantSolution(_, _, span)
        | Stmt::Clue(_, span)
        | Stmt::Require(_, _, span)
        | Stmt::Step(_, span)
        | Stmt::Checkpoint(_, _, span)
        | Stmt::For(_, _, span)
        | Stmt::If(_, _, _, span)
        | Stmt::Retry(_, _, span)
        | Stmt::Unique(_, span)
        | Stmt::Optimize(_, _, _, span) => *span,
        Stmt::Rule(rule) => rule.span,
    }
}

/// Runs one statement of a block.
fn run_stmt<'p>(
    program: &Program,
    interp: &mut Interp<'_>,
    stmt: &'p Stmt,
    mut env: Env,
    cons: &mut Option<Constraints>,
    trace: &mut Trace<'p>,
) -> Result<Next, EvalError> {
    match stmt {
        Stmt::Let(pattern, expr) => {
            let v = interp.eval(expr, &env)?;
            env = bind_pattern(&env, pattern, v)?;
        }
        Stmt::Require(cond, _, span) => {
            let v = interp.eval(cond, &env)?;
            if !expect_bool(&v, cond.span)? {
                return Ok(Next::Reject(*span));
            }
        }
        Stmt::Step(texts, span) => {
            for t in texts {
                interp.fuel().trace_line(*span)?;
                trace.steps.push(t);
                trace.step_envs.push(env.clone());
            }
        }
        Stmt::Checkpoint(kind, expr, span) => {
            let v = interp.eval(expr, &env)?;
            trace.checkpoints.push((kind, v, *span));
        }
        Stmt::For(binding, body, _) => {
            let source = interp.eval(&binding.source, &env)?;
            for item in iter_values(&source, binding.source.span)? {
                interp.fuel().steps(1, binding.source.span)?;
                let inner = bind_pattern(&env, &binding.pattern, item)?;
                if let Flow::Reject(span) = run_block(program, interp, body, inner, cons, trace)? {
                    return Ok(Next::Reject(span));
                }
            }
        }
        Stmt::Retry(runs, body, span) => {
            let n = expect_int(&interp.eval(runs, &env)?, runs.span)?;
            if !(1..=1_000_000).contains(&n) {
                return Err(EvalError::invalid(
                    format!("`retry` allows 1 to 1000000 runs of its block, not {n}"),
                    runs.span,
                ));
            }
            // What the block may change, to undo a run that rejects.
            let saved = cons.as_ref().map(Constraints::save);
            if let Some(c) = cons.as_mut() {
                c.hold();
            }
            let (steps, checkpoints) = (trace.steps.len(), trace.checkpoints.len());
            let mut last = *span;
            let mut done = None;
            for _ in 0..n {
                interp.fuel().run(*span)?;
                match run_block(program, interp, body, env.clone(), cons, trace)? {
                    Flow::Done(e) => {
                        done = Some(e);
                        break;
                    }
                    Flow::Reject(at) => {
                        last = at;
                        match &saved {
                            Some(point) => {
                                if let Some(c) = cons.as_mut() {
                                    c.restore(point);
                                }
                            }
                            None => *cons = None,
                        }
                        trace.steps.truncate(steps);
                        trace.step_envs.truncate(steps);
                        trace.checkpoints.truncate(checkpoints);
                    }
                }
            }
            if saved.is_some() {
                if let Some(c) = cons.as_mut() {
                    c.release();
                }
            }
            match done {
                Some(e) => env = e,
                None => return Ok(Next::Reject(last)),
            }
        }
        Stmt::If(cond, then, otherwise, _) => {
            let v = interp.eval(cond, &env)?;
            let branch = if expect_bool(&v, cond.span)? {
                Some(then)
            } else {
                otherwise.as_ref()
            };
            if let Some(b) = branch {
                if let Flow::Reject(span) = run_block(program, interp, b, env.clone(), cons, trace)?
                {
                    return Ok(Next::Reject(span));
                }
            }
        }
        Stmt::SampleSolution(pattern, prefer, order, span) => {
            let prefer = match prefer {
                Some(f) => Some(interp.eval(f, &env)?),
                None => None,
            };
            let c = ensure_model(program, interp, &mut env, cons, *span)?;
            match c.sample(interp, prefer.as_ref(), *order, *span)? {
                Outcome::Value(v) => env = bind_pattern(&env, pattern, v)?,
                Outcome::Reject => return Ok(Next::Reject(*span)),
            }
        }
        Stmt::PlantSolution(pattern, given, span) => {
            let c = ensure_model(program, interp, &mut env, cons, *span)?;
            let v = interp.eval(given, &env)?;
            let planted = c.plant(&v, given.span)?;
            env = bind_pattern(&env, pattern, planted)?;
        }
        Stmt::Dig(pattern, dig) => {
            let c = ensure_model(program, interp, &mut env, cons, dig.span)?;
            let from = interp.eval(&dig.from, &env)?;
            let keep = match &dig.keep {
                Some(k) => Some(expect_int(&interp.eval(k, &env)?, k.span)?),
                None => None,
            };
            let var = dig.var.as_ref().map(|v| v.name.as_str());
            let symmetry = dig
                .symmetry
                .as_ref()
                .map(|s| s.name.as_str())
                .filter(|s| *s != "none");
            let while_cond = dig.while_cond.as_ref().map(|cond| (cond, &env));
            match c.dig(interp, var, from, keep, symmetry, while_cond, dig.span)? {
                Outcome::Value(v) => env = bind_pattern(&env, pattern, v)?,
                Outcome::Reject => return Ok(Next::Reject(dig.span)),
            }
        }
        Stmt::Reveal(pattern, reveal) => {
            let c = ensure_model(program, interp, &mut env, cons, reveal.span)?;
            let from = interp.eval(&reveal.from, &env)?;
            let limit = match &reveal.limit {
                Some(l) => Some(expect_int(&interp.eval(l, &env)?, l.span)?),
                None => None,
            };
            let of = match &reveal.of {
                Some(e) => Some(interp.eval(e, &env)?),
                None => None,
            };
            match c.reveal(interp, from, of, limit, reveal.span)? {
                Outcome::Value(v) => {
                    if let Some(p) = pattern {
                        env = bind_pattern(&env, p, v)?;
                    }
                }
                Outcome::Reject => return Ok(Next::Reject(reveal.span)),
            }
        }
        Stmt::Clue(expr, span) => {
            let c = ensure_model(program, interp, &mut env, cons, *span)?;
            let v = interp.eval(expr, &env)?;
            if let Outcome::Reject = c.clue(v, *span)? {
                return Ok(Next::Reject(*span));
            }
        }
        Stmt::Unique(expr, span) => {
            let c = ensure_model(program, interp, &mut env, cons, *span)?;
            let v = interp.eval(expr, &env)?;
            if let Outcome::Reject = c.unique(v, *span)? {
                return Ok(Next::Reject(*span));
            }
        }
        Stmt::Rule(rule) => {
            let c = ensure_model(program, interp, &mut env, cons, rule.span)?;
            c.layout_rule(interp, &env, rule)?;
        }
        Stmt::Optimize(pattern, maximize, expr, span) => {
            let c = ensure_model(program, interp, &mut env, cons, *span)?;
            let v = interp.eval(expr, &env)?;
            match c.optimize(v, *maximize, *span)? {
                Outcome::Value(v) => {
                    if let Some(p) = pattern {
                        env = bind_pattern(&env, p, v)?;
                    }
                }
                Outcome::Reject => return Ok(Next::Reject(*span)),
            }
        }
    }
    Ok(Next::Go(env))
}

/// The attempt's constraint model, built on first use; binds the finds in `env`.
fn ensure_model<'c>(
    program: &Program,
    interp: &mut Interp<'_>,
    env: &mut Env,
    cons: &'c mut Option<Constraints>,
    span: Span,
) -> Result<&'c mut Constraints, EvalError> {
    if cons.is_none() {
        let (c, bound) = Constraints::build_shared(program, interp, env, span)?;
        *env = bound;
        *cons = Some(c);
    }
    cons.as_mut()
        .ok_or_else(|| EvalError::new(EvalErrorKind::Invalid("no constraint model".into()), span))
}
