//! The calibrated spec: the original text with each calibrated tier's
//! setting of each calibrated lever replaced by the chosen value (a range
//! stays a range of the same width, centred on it). Nothing
//! else changes (comments, layout, other tiers), and the result is compiled
//! again before it is returned.

use super::measure::{setting_at, setting_text};
use super::run::TierResult;
use super::CalibrateError;
use crate::check::program::Program;
use crate::compile::compile;
use crate::source::SourceFile;

/// The spec text with the chosen values written into the tiers that have
/// one; `None` when no tier has a value.
pub fn calibrated_spec(
    program: &Program,
    tiers: &[TierResult],
) -> Result<Option<String>, CalibrateError> {
    let Some(calibration) = &program.calibration else {
        return Ok(None);
    };
    let text = program.source.text.as_str();
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for result in tiers {
        let (Some(_), Some(tier)) = (result.step, program.tier(&result.tier)) else {
            continue;
        };
        for lever in &calibration.levers {
            let (Some(value), Some(setting)) =
                (result.levers.get(&lever.name), tier.values.get(lever.lever))
            else {
                continue;
            };
            let span = setting.span();
            let text = setting_text(&setting_at(lever, setting, value));
            edits.push((span.start, span.end, text));
        }
    }
    if edits.is_empty() {
        return Ok(None);
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (start, end, value) in edits {
        if start <= end
            && end <= out.len()
            && out.is_char_boundary(start)
            && out.is_char_boundary(end)
        {
            out.replace_range(start..end, &value);
        }
    }
    let source = SourceFile::new(program.source.name.clone(), out.clone());
    if let Err(e) = compile(&source) {
        return Err(CalibrateError::Overlay {
            message: e
                .diagnostics()
                .first()
                .map_or_else(|| "unknown error".into(), |d| d.to_string()),
        });
    }
    Ok(Some(out))
}
