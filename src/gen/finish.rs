//! The finished item: once an attempt is accepted, its gold, checkpoints,
//! instance and choices, and its prompt, solution trace and prompt parts in
//! every language, with the checks on those texts.

use super::error::{GenError, ItemContext};
use super::gold::gold_text;
use super::item::{Checkpoint, Item, Rendered, Trace};
use crate::check::program::Program;
use crate::eval::interp::iter_values;
use crate::eval::{Env, EvalError, Fuel, Interp, Value};
use crate::syntax::ast::Expr;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The accepted attempt: its bindings, its trace and how many it took.
pub(super) struct Attempt<'p> {
    pub(super) env: Env,
    pub(super) trace: Trace<'p>,
    pub(super) attempts: u64,
}

#[allow(clippy::too_many_arguments)]
pub(super) fn finish(
    program: &Program,
    ctx: &ItemContext,
    tier: &str,
    index: u64,
    seed: [u8; 32],
    levers: Vec<(String, Value)>,
    globals: &Env,
    done: Attempt<'_>,
    fuel: &Rc<Fuel>,
) -> Result<Item, GenError> {
    let Attempt {
        env,
        trace,
        attempts,
    } = done;
    let trace = &trace;
    let rt = |e: EvalError| GenError::runtime(program.source.named(), e, ctx);
    let mut interp = Interp::new(program, None)
        .with_globals(globals.clone())
        .with_fuel(fuel.clone());
    let eval_at = |interp: &mut Interp<'_>, e: &Expr, env: &Env| {
        interp
            .eval(e, env)
            .map_err(|err| rt(err.in_statement(e.span)))
    };
    let gold_value = eval_at(&mut interp, &program.answer, &env)?;
    let kind = program
        .item_answer_kind(&levers)
        .ok_or_else(|| GenError::Gold {
            message: "the item's answer kind is not a known kind".into(),
            help: format!("this happened while generating {ctx}"),
            src: program.source.named(),
            span: program.answer.span,
        })?;
    let answer = gold_text(kind, &gold_value).map_err(|message| GenError::Gold {
        message,
        help: format!("this happened while generating {ctx}"),
        src: program.source.named(),
        span: program.answer.span,
    })?;
    let mut checkpoints = Vec::with_capacity(trace.checkpoints.len());
    for (i, (kind_ident, value, span)) in trace.checkpoints.iter().enumerate() {
        let gold_error = |message: String| GenError::Gold {
            message,
            help: format!("this happened while generating {ctx}"),
            src: program.source.named(),
            span: *span,
        };
        let kind = crate::answer::AnswerKind::from_name(&kind_ident.name)
            .ok_or_else(|| gold_error(format!("`{}` is not an answer kind", kind_ident.name)))?;
        checkpoints.push(Checkpoint {
            step: i + 1,
            kind,
            gold: gold_text(kind, value)
                .map_err(|m| gold_error(format!("checkpoint {}: {m}", i + 1)))?,
        });
    }
    let instance = match &program.instance {
        Some(e) => eval_at(&mut interp, e, &env)?.to_json(),
        None => serde_json::Value::Object(Default::default()),
    };
    super::text_checks::check_accepted(program, ctx, &instance, &answer)?;
    let gold_of = |interp: &mut Interp<'_>, e: &Expr| -> Result<String, GenError> {
        let text =
            gold_text(kind, &eval_at(interp, e, &env)?).map_err(|message| GenError::Gold {
                message,
                help: format!("this happened while generating {ctx}"),
                src: program.source.named(),
                span: e.span,
            })?;
        super::text_checks::check_accepted(program, ctx, &instance, &text)?;
        Ok(text)
    };
    let options_of = |interp: &mut Interp<'_>, e: &Expr| -> Result<Vec<String>, GenError> {
        let v = eval_at(interp, e, &env)?;
        let items = iter_values(&v, e.span).map_err(rt)?;
        Ok(items.iter().map(Value::display).collect())
    };
    let choices = match &program.choices {
        Some(e) => Some(options_of(&mut interp, e)?),
        None => None,
    };
    let mut renders = BTreeMap::new();
    for lang in &program.languages {
        let template = &program.templates[lang];
        let question = eval_at(&mut interp, template, &env)?.display();
        if program.slot == crate::answer::AnswerSlot::FirstBrackets && !question.contains("[[") {
            return Err(GenError::Gold {
                message: format!(
                    "the `{lang}` prompt never asks for `[[…]]`, but `slot first_brackets` reads the answer from it"
                ),
                help: format!("this happened while generating {ctx}; say in the prompt that the answer goes in double square brackets"),
                src: program.source.named(),
                span: template.span,
            });
        }
        let korean = lang == "ko";
        if korean {
            super::text_checks::check_particles(
                program,
                ctx,
                &interp,
                "ko prompt",
                &question,
                template.span,
            )?;
        }
        let mut lines = Vec::new();
        for (t, step_env) in trace.steps.iter().zip(&trace.step_envs) {
            if &t.lang.name == lang {
                let line = eval_at(&mut interp, &t.text, step_env)?.display();
                if korean {
                    super::text_checks::check_particles(
                        program,
                        ctx,
                        &interp,
                        "ko solution",
                        &line,
                        t.text.span,
                    )?;
                }
                lines.push(line);
            }
        }
        let (context, query) = match program.parts.get(lang) {
            Some((c, t)) => {
                let context = eval_at(&mut interp, c, &env)?.display();
                let query = eval_at(&mut interp, t, &env)?.display();
                super::prompt_parts::check_in_prompt(
                    program,
                    ctx,
                    lang,
                    &question,
                    (&context, c.span),
                    (&query, t.span),
                )?;
                (context, query)
            }
            None => Default::default(),
        };
        renders.insert(
            lang.clone(),
            Rendered {
                question,
                context,
                query,
                solution: lines.join("\n"),
                answer: match program.answers_in.get(lang) {
                    Some(e) => Some(gold_of(&mut interp, e)?),
                    None => None,
                },
                choices: match program.choices_in.get(lang) {
                    Some(e) => Some(options_of(&mut interp, e)?),
                    None => None,
                },
            },
        );
    }
    let mut lever_json = serde_json::Map::new();
    for (name, value) in &levers {
        lever_json.insert(name.clone(), value.to_json());
    }
    Ok(Item {
        tier: tier.to_string(),
        index,
        seed,
        levers: serde_json::Value::Object(lever_json),
        answer_kind: kind,
        answer,
        instance,
        choices,
        checkpoints,
        renders,
        attempts,
        usage: fuel.usage(),
    })
}
