//! Module ops (manual: "Module ops", "spirv.EntryPoint and
//! spirv.ExecutionMode"): `spirv.module` becomes `builtin.module`.

use super::util::attribute;
use melior::ir::{
    Identifier, OperationRef, Region, RegionLike, Value,
    operation::{OperationBuilder, OperationLike},
};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
};

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns.add(Module);
}

/// `spirv.module` to `builtin.module`, keeping its symbol name; the
/// addressing model, memory model and VCE triple are dropped, as upstream.
struct Module;

impl ConversionPattern for Module {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.module"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        _operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let mut builder = OperationBuilder::new("builtin.module", rewriter.location()).add_regions([Region::new()]);
        if let Ok(name) = attribute(op, "sym_name") {
            builder = builder.add_attributes(&[(Identifier::new(rewriter.context(), "sym_name"), name)]);
        }
        let module = rewriter.insert(builder.build()?);
        let body = op.region(0).map_err(|_| MatchFailure::new("spirv.module has no region"))?;
        let into = module.region(0).map_err(|_| MatchFailure::new("builtin.module has no region"))?;
        if body.first_block().is_some() {
            rewriter.convert_region_into(op, body, into, &[])?;
        } else {
            into.append_block(melior::ir::Block::new(&[]));
        }
        Ok(vec![])
    }
}
