//! The cast ops of the conversion manual.

use super::SpirvToLlvmOptions;
use spirv_opt_rs::conversion::PatternSet;

pub(crate) fn populate(_patterns: &mut PatternSet, _options: SpirvToLlvmOptions) {}
