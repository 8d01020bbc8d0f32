//! The conversion framework on its own, with small patterns over upstream
//! dialects (arith, func, cf, scf) and an unregistered `test` dialect: full
//! and partial conversion, dynamic legality, type and signature conversion,
//! materialized casts, failures leaving the input untouched, region inlining
//! and forward references.

use crate::common::{context, parse, print};
use melior::{
    Context,
    ir::{
        Attribute, BlockLike, Identifier, OperationRef, Region, RegionLike, Type, TypeLike, Value, ValueLike,
        attribute::{StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike, OperationPrintingFlags},
        r#type::{FunctionType, IntegerType},
    },
};
use spirv_opt_rs::{
    conversion::{
        Conversion, ConversionMode, ConversionPattern, ConversionRewriter, ConversionTarget, DirectConversion,
        PatternSet, Replacement, TypeConverter,
    },
    error::{ConversionError, MatchFailure},
};
use std::{cell::Cell, rc::Rc};

/// `index` becomes `i64`; everything else stays.
fn index_to_i64(context: &Context) -> TypeConverter<'_> {
    let mut converter = TypeConverter::new(context);
    converter.add_identity();
    converter.add_rule(move |ty, _| ty.is_index().then(|| Ok(IntegerType::new(context, 64).into())));
    converter.add_rule(|ty, converter| {
        let (length, element) = spirv_opt_rs::ir::vector_shape(ty)?;
        Some(converter.convert_type(element).map(|element| Type::vector(&[length], element)))
    });
    converter
}

/// `arith.addi` on converted operands becomes `llvm.add`.
const ADD_TO_LLVM: &[DirectConversion] = &[DirectConversion { from: "arith.addi", to: "llvm.add" }];

/// `func.func` with its signature and body converted; kept as `func.func`.
struct FuncSignature;

impl ConversionPattern for FuncSignature {
    fn root_names(&self) -> &[&'static str] {
        &["func.func"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        _operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let context = rewriter.context();
        let ty = TypeAttribute::try_from(op.attribute("function_type").map_err(|_| MatchFailure::new("no type"))?)
            .map_err(|_| MatchFailure::new("not a type"))?
            .value();
        let signature = rewriter.type_converter().convert_signature(FunctionType::try_from(ty).unwrap())?;
        let new_type = FunctionType::new(context, &signature.inputs, &signature.results);
        let name = StringAttribute::try_from(op.attribute("sym_name").unwrap()).unwrap();
        let func = OperationBuilder::new("func.func", rewriter.location())
            .add_attributes(&[
                (Identifier::new(context, "sym_name"), name.into()),
                (Identifier::new(context, "function_type"), TypeAttribute::new(new_type.into()).into()),
            ])
            .add_regions([Region::new()])
            .build()?;
        let func = rewriter.insert(func);
        rewriter.convert_region_into(op, op.region(0).unwrap(), func.region(0).unwrap(), &signature.inputs)?;
        Ok(vec![])
    }
}

/// Rebuilds an op with the same name and attributes over converted operands
/// and successors, converting its result types: enough for `func.return`,
/// `cf.br` and `cf.cond_br`.
struct Retype(&'static [&'static str]);

impl ConversionPattern for Retype {
    fn root_names(&self) -> &[&'static str] {
        self.0
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let results = rewriter.converted_result_types(op)?;
        let successors = op.successors().map(|block| rewriter.lookup_block(block)).collect::<Result<Vec<_>, _>>()?;
        let successors: Vec<_> = successors.iter().map(|block| &**block).collect();
        let attributes: Vec<(Identifier, Attribute)> = op.attributes().collect();
        let name = op.name();
        let new = OperationBuilder::new(name.as_string_ref().as_str().unwrap(), rewriter.location())
            .add_operands(operands)
            .add_results(&results)
            .add_attributes(&attributes)
            .add_successors(&successors)
            .build()?;
        let new = rewriter.insert(new);
        Ok(rewriter.results_of(new))
    }
}

/// `scf.execute_region` inlined into the enclosing CFG; `scf.yield` inside
/// branches to the continuation with the yielded values.
struct InlineExecuteRegion;

impl ConversionPattern for InlineExecuteRegion {
    fn root_names(&self) -> &[&'static str] {
        &["scf.execute_region"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        _operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let results = rewriter.converted_result_types(op)?;
        let inlined = rewriter.inline_region(op, op.region(0).unwrap(), &results)?;
        let branch = OperationBuilder::new("cf.br", rewriter.location()).add_successors(&[&inlined.entry]).build()?;
        rewriter.insert(branch);
        rewriter.set_insertion_point_to_end(inlined.continuation);
        Ok((0..results.len()).map(|i| inlined.continuation.argument(i).unwrap().into()).collect())
    }
}

/// `scf.execute_region` inlined with its entry merged into the current block.
fn execute_region_in_place<'c, 'r>(
    op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let region = op.region(0).unwrap();
    let entry = region.first_block().unwrap();
    rewriter.inline_region_in_place(op, region, entry)
}

struct YieldToBranch;

impl ConversionPattern for YieldToBranch {
    fn root_names(&self) -> &[&'static str] {
        &["scf.yield"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        _op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let exit = rewriter.region_exit().ok_or_else(|| MatchFailure::new("scf.yield outside an inlined region"))?;
        let branch = OperationBuilder::new("cf.br", rewriter.location())
            .add_operands(operands)
            .add_successors(&[&exit])
            .build()?;
        rewriter.insert(branch);
        Ok(vec![])
    }
}

/// Patterns and target for the index-to-i64 lowering used by most tests.
fn index_lowering() -> (PatternSet, ConversionTarget) {
    let mut patterns = PatternSet::new();
    patterns
        .add_direct(ADD_TO_LLVM)
        .add(FuncSignature)
        .add(Retype(&["func.return", "cf.br", "cf.cond_br"]))
        .add(InlineExecuteRegion)
        .add(YieldToBranch);
    let mut target = ConversionTarget::new();
    target
        .add_legal_dialect("llvm")
        .add_legal_op("builtin.module")
        .add_legal_op("builtin.unrealized_conversion_cast")
        .add_illegal_op("scf.execute_region")
        .add_illegal_op("scf.yield")
        .add_dynamically_legal_op("func.func", |op| !op.to_string().contains("index"))
        .add_dynamically_legal_op("func.return", |op| op.operands().all(|v| !v.r#type().is_index()))
        .add_dynamically_legal_op("cf.br", |op| op.operands().all(|v| !v.r#type().is_index()))
        .add_dynamically_legal_op("cf.cond_br", |op| op.operands().all(|v| !v.r#type().is_index()))
        .add_dynamically_legal_op("arith.addi", |op| op.result(0).is_ok_and(|r| !r.r#type().is_index()));
    (patterns, target)
}

#[test]
fn full_conversion_rewrites_illegal_ops_and_keeps_legal_ones() {
    let context = context();
    let module = parse(
        &context,
        r#"
        func.func @f(%a: index, %b: i64) -> index {
          %0 = arith.addi %a, %a : index
          %1 = arith.addi %b, %b : i64
          return %0 : index
        }"#,
    );
    let converter = index_to_i64(&context);
    let (patterns, target) = index_lowering();
    let stats = Conversion::full(&target, &patterns, &converter).apply(module.as_operation()).unwrap();
    let text = print(&module);
    assert!(text.contains("func.func @f(%arg0: i64, %arg1: i64) -> i64"), "{text}");
    assert!(text.contains("llvm.add %arg0, %arg0 : i64"), "{text}");
    // Dynamically legal: the i64 addition stays an arith op.
    assert!(text.contains("arith.addi %arg1, %arg1 : i64"), "{text}");
    assert!(!text.contains("index"), "{text}");
    assert_eq!(stats.materializations, 0);
    assert_eq!(stats.rewritten, 3, "func, addi, return");
}

#[test]
fn partial_conversion_materializes_casts_both_ways() {
    let context = context();
    context.set_allow_unregistered_dialects(true);
    let module = parse(
        &context,
        r#"
        func.func @f(%a: i64) -> i64 {
          %0 = "test.def"() : () -> index
          %1 = arith.addi %0, %0 : index
          "test.use"(%1) : (index) -> ()
          return %a : i64
        }"#,
    );
    let converter = index_to_i64(&context);
    let (patterns, target) = index_lowering();
    let stats = Conversion::partial(&target, &patterns, &converter).apply(module.as_operation()).unwrap();
    let text = print(&module);
    // The unknown producer stays; its index result is cast to i64 for the
    // converted addition, whose i64 result is cast back for the unknown user.
    assert!(text.contains(r#"%0 = "test.def"() : () -> index"#), "{text}");
    assert!(text.contains("%1 = builtin.unrealized_conversion_cast %0 : index to i64"), "{text}");
    assert!(text.contains("%2 = llvm.add %1, %1 : i64"), "{text}");
    assert!(text.contains("%3 = builtin.unrealized_conversion_cast %2 : i64 to index"), "{text}");
    assert!(text.contains(r#""test.use"(%3) : (index) -> ()"#), "{text}");
    assert_eq!(stats.materializations, 2);
}

#[test]
fn failed_full_conversion_leaves_the_input_untouched_and_says_where() {
    let context = context();
    context.set_allow_unregistered_dialects(true);
    let source = r#"
        func.func @f(%a: index) -> index {
          %0 = arith.addi %a, %a : index
          "test.use"(%0) : (index) -> ()
          return %0 : index
        }"#;
    let module = parse(&context, source);
    let before = print(&module);
    let converter = index_to_i64(&context);
    let (patterns, target) = index_lowering();
    let error = Conversion::full(&target, &patterns, &converter).apply(module.as_operation()).unwrap_err();
    assert_eq!(error.to_string(), "failed to legalize operation 'test.use'");
    let location = error.location().to_string();
    assert!(location.contains(":4:11"), "location {location}");
    assert_eq!(print(&module), before, "the input must be unchanged");
}

#[test]
fn a_pattern_failure_reports_its_reason() {
    let context = context();
    let module = parse(&context, "func.func @f() {\n  %0 = scf.execute_region -> index {\n    %c = arith.constant 1 : index\n    scf.yield %c : index\n  }\n  return\n}");
    let mut converter = TypeConverter::new(&context);
    converter.add_identity();
    let mut patterns = PatternSet::new();
    patterns.add(YieldToBranch);
    let mut target = ConversionTarget::new();
    target.add_legal_dialect("func").add_legal_dialect("arith").add_legal_op("builtin.module");
    target.add_illegal_op("scf.yield").add_legal_op("scf.execute_region");
    let error = Conversion::full(&target, &patterns, &converter).apply(module.as_operation()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "failed to legalize operation 'scf.yield' that was explicitly marked illegal: scf.yield outside an inlined region"
    );
    assert!(matches!(error, ConversionError::FailedToLegalize { explicitly_illegal: true, .. }));
}

#[test]
fn region_inlining_carries_results_through_the_continuation() {
    let context = context();
    let module = parse(
        &context,
        r#"
        func.func @f(%a: index) -> index {
          %0 = scf.execute_region -> index {
            %1 = arith.addi %a, %a : index
            scf.yield %1 : index
          }
          %2 = arith.addi %0, %0 : index
          return %2 : index
        }"#,
    );
    let converter = index_to_i64(&context);
    let (patterns, target) = index_lowering();
    Conversion::full(&target, &patterns, &converter).apply(module.as_operation()).unwrap();
    let text = print(&module);
    let expected = "  func.func @f(%arg0: i64) -> i64 {
    cf.br ^bb1
  ^bb1:  // pred: ^bb0
    %0 = llvm.add %arg0, %arg0 : i64
    cf.br ^bb2(%0 : i64)
  ^bb2(%1: i64):  // pred: ^bb1
    %2 = llvm.add %1, %1 : i64
    return %2 : i64
  }";
    assert!(text.contains(expected), "{text}");
}

#[test]
fn in_place_inlining_merges_the_entry_into_the_current_block() {
    let context = context();
    let module = parse(
        &context,
        r#"
        func.func @f(%a: index) -> index {
          %0 = scf.execute_region -> index {
            %1 = arith.addi %a, %a : index
            scf.yield %1 : index
          }
          %2 = arith.addi %0, %0 : index
          return %2 : index
        }"#,
    );
    let converter = index_to_i64(&context);
    let (_, target) = index_lowering();
    let mut patterns = PatternSet::new();
    patterns
        .add_direct(ADD_TO_LLVM)
        .add(FuncSignature)
        .add(Retype(&["func.return", "cf.br"]))
        .add_fn("scf.execute_region", execute_region_in_place)
        .add(YieldToBranch);
    Conversion::full(&target, &patterns, &converter).apply(module.as_operation()).unwrap();
    let text = print(&module);
    let expected = "  func.func @f(%arg0: i64) -> i64 {
    %0 = llvm.add %arg0, %arg0 : i64
    cf.br ^bb1(%0 : i64)
  ^bb1(%1: i64):  // pred: ^bb0
    %2 = llvm.add %1, %1 : i64
    return %2 : i64
  }";
    assert!(text.contains(expected), "{text}");
}

#[test]
fn forward_references_and_block_arguments_convert() {
    let context = context();
    // ^bb1 uses %v, defined in ^bb2 which comes later in the text but
    // dominates ^bb1; both branch before their targets are converted.
    let module = parse(
        &context,
        r#"
        func.func @f(%a: index, %c: i1) -> index {
          cf.br ^bb2(%a : index)
        ^bb1:
          %w = arith.addi %v, %v : index
          return %w : index
        ^bb2(%x: index):
          %v = arith.addi %x, %x : index
          cf.cond_br %c, ^bb1, ^bb3(%v : index)
        ^bb3(%y: index):
          return %y : index
        }"#,
    );
    let converter = index_to_i64(&context);
    let (patterns, target) = index_lowering();
    Conversion::full(&target, &patterns, &converter).apply(module.as_operation()).unwrap();
    let text = print(&module);
    let expected = "  func.func @f(%arg0: i64, %arg1: i1) -> i64 {
    cf.br ^bb2(%arg0 : i64)
  ^bb1:  // pred: ^bb2
    %0 = llvm.add %2, %2 : i64
    return %0 : i64
  ^bb2(%1: i64):  // pred: ^bb0
    %2 = llvm.add %1, %1 : i64
    cf.cond_br %arg1, ^bb1, ^bb3(%2 : i64)
  ^bb3(%3: i64):  // pred: ^bb2
    return %3 : i64
  }";
    assert!(text.contains(expected), "{text}");
    assert!(!text.contains("index"), "{text}");
}

#[test]
fn locations_are_kept() {
    let context = context();
    let module = parse(&context, "func.func @f(%a: index) -> index {\n  %0 = arith.addi %a, %a : index loc(\"k.mlir\":7:9)\n  return %0 : index\n}");
    let converter = index_to_i64(&context);
    let (patterns, target) = index_lowering();
    Conversion::full(&target, &patterns, &converter).apply(module.as_operation()).unwrap();
    let text = module
        .as_operation()
        .to_string_with_flags(OperationPrintingFlags::new().enable_debug_info(true, false))
        .unwrap();
    assert!(text.contains("llvm.add %arg0, %arg0 : i64 loc(#loc3)"), "{text}");
    assert!(text.contains(r#"#loc3 = loc("k.mlir":7:9)"#), "{text}");
    assert!(text.contains(r#"return %0 : i64 loc(#loc4)"#), "{text}");
    assert!(text.contains(r#"#loc4 = loc("-":3:3)"#), "{text}");
}

#[test]
fn invalid_results_are_caught_before_they_replace_the_input() {
    /// Produces an `llvm.add` whose result type does not match its operands.
    struct Broken;
    impl ConversionPattern for Broken {
        fn root_names(&self) -> &[&'static str] {
            &["arith.addi"]
        }
        fn match_and_rewrite<'c, 'r>(
            &self,
            _op: OperationRef<'c, 'r>,
            operands: &[Value<'c, 'r>],
            rewriter: &mut ConversionRewriter<'c, 'r, '_>,
        ) -> Result<Replacement<'c, 'r>, MatchFailure> {
            let f32_type = Type::float32(rewriter.context());
            Ok(vec![rewriter.create_value("llvm.add", operands, f32_type, &[])?])
        }
    }
    let context = context();
    let module = parse(&context, "func.func @f(%a: i64) -> i64 {\n  %0 = arith.addi %a, %a : i64\n  return %a : i64\n}");
    let before = print(&module);
    let converter = index_to_i64(&context);
    let mut patterns = PatternSet::new();
    patterns.add(Broken);
    let mut target = ConversionTarget::new();
    target.add_legal_dialect("func").add_legal_dialect("llvm").add_legal_op("builtin.module");
    let error = Conversion::full(&target, &patterns, &converter).apply(module.as_operation()).unwrap_err();
    assert!(matches!(error, ConversionError::InvalidResult { .. }), "{error}");
    assert_eq!(print(&module), before);
}

#[test]
fn a_failing_pattern_leaves_nothing_behind_for_the_next_one() {
    /// Creates a constant, then gives up.
    struct GivesUp;
    impl ConversionPattern for GivesUp {
        fn root_names(&self) -> &[&'static str] {
            &["arith.addi"]
        }
        fn match_and_rewrite<'c, 'r>(
            &self,
            _op: OperationRef<'c, 'r>,
            operands: &[Value<'c, 'r>],
            rewriter: &mut ConversionRewriter<'c, 'r, '_>,
        ) -> Result<Replacement<'c, 'r>, MatchFailure> {
            rewriter.create_value("llvm.mlir.poison", &[], operands[0].r#type(), &[])?;
            Err(MatchFailure::new("not today"))
        }
    }
    let context = context();
    let module = parse(&context, "func.func @f(%a: i64) -> i64 {\n  %0 = arith.addi %a, %a : i64\n  return %0 : i64\n}");
    let converter = index_to_i64(&context);
    let mut patterns = PatternSet::new();
    patterns.add(GivesUp).add_direct(ADD_TO_LLVM);
    let mut target = ConversionTarget::new();
    target.add_legal_dialect("func").add_legal_dialect("llvm").add_legal_op("builtin.module");
    Conversion::full(&target, &patterns, &converter).apply(module.as_operation()).unwrap();
    let text = print(&module);
    assert!(!text.contains("poison"), "{text}");
    assert!(text.contains("llvm.add %arg0, %arg0 : i64"), "{text}");
}

#[test]
fn type_conversion_recurses_caches_and_converts_signatures() {
    let context = context();
    let calls = Rc::new(Cell::new(0));
    let mut converter = index_to_i64(&context);
    let counter = Rc::clone(&calls);
    converter.add_rule(move |_, _| {
        counter.set(counter.get() + 1);
        None
    });
    let index_vector = Type::parse(&context, "vector<4xindex>").unwrap();
    let expected = Type::parse(&context, "vector<4xi64>").unwrap();
    assert_eq!(converter.convert_type(index_vector).unwrap(), expected);
    assert_eq!(converter.convert_type(index_vector).unwrap(), expected);
    // The vector and its element type each reached the rules once.
    assert_eq!(calls.get(), 2);

    let function = FunctionType::try_from(Type::parse(&context, "(index, f32) -> vector<2xindex>").unwrap()).unwrap();
    let signature = converter.convert_signature(function).unwrap();
    assert_eq!(signature.inputs, vec![IntegerType::new(&context, 64).into(), Type::float32(&context)]);
    assert_eq!(signature.results, vec![Type::parse(&context, "vector<2xi64>").unwrap()]);
    assert!(converter.is_legal(Type::float32(&context)));
    assert!(!converter.is_legal(Type::index(&context)));
}

#[test]
fn type_conversion_failures_are_errors_not_loops() {
    let context = context();
    let mut converter = TypeConverter::new(&context);
    // A rule that converts a type through itself never terminates on its own.
    converter.add_rule(|ty, converter| Some(converter.convert_type(ty)));
    let error = converter.convert_type(Type::index(&context)).unwrap_err();
    assert_eq!(error.to_string(), "cannot convert type 'index': recursive type");

    let empty = TypeConverter::new(&context);
    let error = empty.convert_type(Type::float32(&context)).unwrap_err();
    assert_eq!(error.to_string(), "cannot convert type 'f32': no conversion rule applies");
}

#[test]
fn target_legality_prefers_ops_over_dialects() {
    let mut target = ConversionTarget::new();
    target.add_illegal_dialect("arith").add_legal_op("arith.constant");
    assert!(matches!(target.legality_of_name("arith.constant"), Some(spirv_opt_rs::conversion::Legality::Legal)));
    assert!(matches!(target.legality_of_name("arith.addi"), Some(spirv_opt_rs::conversion::Legality::Illegal)));
    assert!(target.legality_of_name("func.func").is_none());
    assert_eq!(ConversionMode::Full, ConversionMode::Full);
}
