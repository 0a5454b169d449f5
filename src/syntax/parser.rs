//! The pest parser generated from `grammar/puzzle.pest`.

use pest_derive::Parser;

/// The generated parser; `Rule` names every grammar rule.
#[derive(Parser)]
#[grammar = "../grammar/puzzle.pest"]
pub struct SpecParser;

/// A grammar rule described in words, for "expected ..." messages.
pub fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "the end of the file",
        Rule::spec | Rule::header => "`puzzle NAME`",
        Rule::expr_only => "an expression",
        Rule::title_decl
        | Rule::family_decl
        | Rule::languages_decl
        | Rule::attempts_decl
        | Rule::limits_decl
        | Rule::lever_decl
        | Rule::tier_decl
        | Rule::const_decl
        | Rule::fn_decl
        | Rule::find_decl
        | Rule::rule_decl
        | Rule::generate_decl
        | Rule::answer_decl
        | Rule::instance_decl
        | Rule::choices_decl
        | Rule::template_decl
        | Rule::calibrate_decl => {
            "a declaration (`lever`, `tier`, `generate`, `answer`, `template`, ...)"
        }
        Rule::lang_text => "a language code and a string",
        Rule::limit_setting => "a run-time limit such as `steps 100_000_000`",
        Rule::calibrate_lever
        | Rule::calibrate_range
        | Rule::calibrate_list
        | Rule::calibrate_mix => {
            "a calibrated lever such as `givens in 25..=45 harder down`, `key in [\"given\", \"label\"]` or `ask from weighted { .. } to weighted { .. }`"
        }
        Rule::calibrate_steps => "`steps N`",
        Rule::lang => "a language code such as `en` or `ko`",
        Rule::lever_type | Rule::lever_int | Rule::lever_bool | Rule::lever_choice => {
            "a lever type (`int in A..=B`, `bool` or `one of \"a\", \"b\"`)"
        }
        Rule::tier_setting => "a lever setting such as `size = 5`",
        Rule::eq_sign => "`=`",
        Rule::tier_value | Rule::tier_range | Rule::tier_weighted | Rule::literal => {
            "a value, a range such as `3..=5`, or `weighted { ... }`"
        }
        Rule::params => "parameter names",
        Rule::find_index => "`[` with index bindings",
        Rule::find_domain | Rule::kw_bool => "a domain (`bool` or a range)",
        Rule::binding => "a binding such as `x in xs`",
        Rule::block => "`{`",
        Rule::let_stmt
        | Rule::require_stmt
        | Rule::step_stmt
        | Rule::for_stmt
        | Rule::if_stmt
        | Rule::retry_stmt
        | Rule::unique_stmt
        | Rule::optimize_stmt
        | Rule::reveal_stmt
        | Rule::clue_stmt => "a statement (`let`, `require`, `step`, `for`, `if`, ...)",
        Rule::optimize_expr => "`maximize` or `minimize`",
        Rule::dig_cells => "`NAME from SOLUTION`",
        Rule::kw_minimal => "`minimal`",
        Rule::answer_from => "`from LEVER`",
        Rule::reveal_of => "`of`",
        Rule::reveal_limit => "`limit`",
        Rule::optimize_dir => "`maximize` or `minimize`",
        Rule::sample_solution => "`sample solution`",
        Rule::sample_in_order => "`in order`",
        Rule::kw_order => "`order`",
        Rule::plant_solution => "`plant solution`",
        Rule::kw_retry => "`retry`",
        Rule::kw_else => "`else`",
        Rule::kw_solution => "`solution`",
        Rule::dig_expr => "`dig`",
        Rule::reveal_expr => "`reveal`",
        Rule::expr
        | Rule::let_expr
        | Rule::if_expr
        | Rule::lambda
        | Rule::sample_expr
        | Rule::sample_int
        | Rule::sample_pick
        | Rule::sample_one
        | Rule::sample_weighted
        | Rule::or_expr
        | Rule::and_expr
        | Rule::not_expr
        | Rule::cmp_expr
        | Rule::range_expr
        | Rule::add_expr
        | Rule::mul_expr
        | Rule::unary
        | Rule::postfix
        | Rule::list
        | Rule::record
        | Rule::tuple_or_paren => "an expression",
        Rule::weight_entry => "`value: weight`",
        Rule::kw_or | Rule::kw_and => "an operator",
        Rule::kw_not | Rule::not_in => "`not`",
        Rule::kw_in => "`in`",
        Rule::cmp_op => "a comparison (`==`, `<`, `in`, ...)",
        Rule::range_op => "`..` or `..=`",
        Rule::add_op | Rule::mul_op => "an operator",
        Rule::neg => "`-`",
        Rule::call_args => "`(`",
        Rule::index_args | Rule::index_arg => "`[`",
        Rule::wildcard => "`*`",
        Rule::field => "`.`",
        Rule::int | Rule::signed_int => "an integer",
        Rule::boolean => "`true` or `false`",
        Rule::comp_clause | Rule::comp_for | Rule::comp_if => "`for` or `if`",
        Rule::record_entry | Rule::record_key => "a `key: value` entry",
        Rule::trailing_comma => "`,`",
        Rule::pattern | Rule::tuple_pattern => "a name or a tuple of names",
        Rule::string | Rule::triple_string | Rule::plain_string => "a string in double quotes",
        Rule::triple_text | Rule::plain_text | Rule::escape => "text",
        Rule::placeholder => "a placeholder `{...}`",
        Rule::particle => "a Korean particle such as `은`",
        Rule::ident | Rule::ident_raw => "a name",
        Rule::keyword => return None,
        _ => return None,
    })
}
