//! A lowering a user of spirv-opt-rs might write for their own compiler:
//! `arith` and `math` integer ops on `index` values to the LLVM dialect on
//! `i64`, with one type conversion rule, a table of 1:1 mappings and one
//! hand-written pattern. It runs directly through the framework's driver
//! ([`lower`]) or as a pass in MLIR's pass manager ([`LowerIndexArithmetic`]),
//! mixed with upstream passes.

use melior::{
    Context,
    ir::{
        OperationRef, Type, TypeLike, Value, ValueLike,
        attribute::BoolAttribute,
        operation::OperationLike,
        r#type::IntegerType,
    },
};
use spirv_opt_rs::{
    pass::{Pass, PassError, PassInfo, PassOptions, PassRegistry},
    conversion::{
        Conversion, ConversionPattern, ConversionRewriter, ConversionStats, ConversionTarget, DirectConversion,
        PatternSet, Replacement, TypeConverter,
    },
    error::{ConversionError, MatchFailure},
};

use std::sync::Arc;

/// The type conversion: `index` is 64 bits wide on our target; every other
/// type stays.
pub fn type_converter(context: &Context) -> TypeConverter<'_> {
    let mut converter = TypeConverter::new(context);
    converter.add_identity();
    converter.add_rule(move |ty: Type<'_>, _| ty.is_index().then(|| Ok(IntegerType::new(context, 64).into())));
    converter
}

/// The 1:1 mappings, as data.
const DIRECT: &[DirectConversion] = &[
    DirectConversion { from: "arith.addi", to: "llvm.add" },
    DirectConversion { from: "arith.muli", to: "llvm.mul" },
    DirectConversion { from: "arith.subi", to: "llvm.sub" },
];

/// `math.absi` becomes `llvm.intr.abs`, which also needs to be told that the
/// minimum integer is not poison (`math.absi` defines it).
struct AbsToLlvm;

impl ConversionPattern for AbsToLlvm {
    fn root_names(&self) -> &[&'static str] {
        &["math.absi"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        _op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let not_poison = BoolAttribute::new(rewriter.context(), false).into();
        let abs = rewriter.create_value(
            "llvm.intr.abs",
            operands,
            operands[0].r#type(),
            &[("is_int_min_poison", not_poison)],
        )?;
        Ok(vec![abs])
    }
}

/// The patterns of this lowering.
pub fn patterns() -> PatternSet {
    let mut patterns = PatternSet::new();
    patterns.add_direct(DIRECT).add(AbsToLlvm);
    patterns
}

/// `arith` and `math` are illegal; `func` stays when its signature has no
/// `index` left, which is not our business here, so `func` is left alone by a
/// partial conversion.
pub fn target() -> ConversionTarget {
    let mut target = ConversionTarget::new();
    target.add_legal_dialect("llvm").add_illegal_op("arith.addi").add_illegal_op("arith.muli");
    target.add_illegal_op("arith.subi").add_illegal_op("math.absi");
    target
}

/// Lowers the `arith`/`math` ops of `module` in place (a partial
/// conversion: everything else stays, joined by casts where types changed).
pub fn lower<'c>(context: &'c Context, module: OperationRef<'c, '_>) -> Result<ConversionStats, ConversionError<'c>> {
    let converter = type_converter(context);
    let (patterns, target) = (patterns(), target());
    Conversion::partial(&target, &patterns, &converter).apply(module)
}

/// The lowering as a pass, `lower-index-arithmetic`, for pipelines such as
/// `builtin.module(lower-index-arithmetic, canonicalize)`.
pub struct LowerIndexArithmetic;

static INFO: PassInfo = PassInfo {
    name: "lower-index-arithmetic",
    description: "Lower arith/math integer ops on index to the LLVM dialect on i64",
    options: &[],
};

impl Pass for LowerIndexArithmetic {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&self, op: OperationRef<'_, '_>, _options: &PassOptions) -> Result<(), PassError> {
        spirv_opt_rs::with_context(op.context(), |context| {
            lower(context, op).map(drop).map_err(|error| {
                error.emit();
                PassError::reported(error.to_string())
            })
        })
    }
}

/// A pass registry with the example's pass.
pub fn registry() -> PassRegistry {
    let mut registry = PassRegistry::new();
    registry.register(Arc::new(LowerIndexArithmetic));
    registry
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::{dialect::DialectRegistry, ir::Module, utility::register_all_dialects};

    fn context() -> Context {
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        let context = Context::new();
        context.append_dialect_registry(&registry);
        context.load_all_available_dialects();
        context
    }

    #[test]
    fn lowers_index_arithmetic_with_casts_at_the_edges() {
        let context = context();
        let module = Module::parse(
            &context,
            "func.func @f(%a: index) -> index {\n  %0 = arith.muli %a, %a : index\n  %1 = math.absi %0 : index\n  return %1 : index\n}",
        )
        .unwrap();
        let stats = lower(&context, module.as_operation()).unwrap();
        let text = module.as_operation().to_string();
        assert!(text.contains("%0 = builtin.unrealized_conversion_cast %arg0 : index to i64"), "{text}");
        assert!(text.contains("%1 = llvm.mul %0, %0 : i64"), "{text}");
        assert!(text.contains(r#"%2 = "llvm.intr.abs"(%1) <{is_int_min_poison = false}> : (i64) -> i64"#), "{text}");
        assert!(text.contains("%3 = builtin.unrealized_conversion_cast %2 : i64 to index"), "{text}");
        assert!(text.contains("return %3 : index"), "{text}");
        assert_eq!(stats.rewritten, 2);
        assert_eq!(stats.materializations, 2);
    }

    #[test]
    fn runs_as_a_pass_beside_upstream_ones() {
        let context = spirv_opt_rs::pipeline::create_context();
        let mut module = Module::parse(
            &context,
            "func.func @f(%a: index) -> index {\n  %0 = arith.subi %a, %a : index\n  %1 = arith.addi %0, %a : index\n  return %1 : index\n}",
        )
        .unwrap();
        spirv_opt_rs::pipeline::run_pipeline(
            &context,
            &registry(),
            "builtin.module(lower-index-arithmetic, reconcile-unrealized-casts, canonicalize)",
            &mut module,
        )
        .unwrap();
        let text = module.as_operation().to_string();
        // Lowered by our pass; the casts at the function's edges stay, as
        // reconcile-unrealized-casts only removes pairs that cancel out.
        assert!(text.contains("%0 = builtin.unrealized_conversion_cast %arg0 : index to i64"), "{text}");
        assert!(text.contains("%1 = llvm.sub %0, %0 : i64"), "{text}");
        assert!(text.contains("%2 = llvm.add %1, %0 : i64"), "{text}");
        assert!(text.contains("%3 = builtin.unrealized_conversion_cast %2 : i64 to index"), "{text}");
        assert!(!text.contains("arith."), "{text}");
    }
}
