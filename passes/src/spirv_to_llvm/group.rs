//! The group ops of the conversion manual.

use spirv_opt_rs::conversion::PatternSet;

pub(crate) fn populate(_patterns: &mut PatternSet) {}
