//! The SPMD vectorizer on an `i1` in memory (issue 17, bug 2): LLVM packs a
//! `<8 x i1>` into 8 bits, so one bool per lane from consecutive bytes must
//! be loaded and stored as bytes, never as a masked `<8 x i1>`. The lowering
//! keeps bools as bytes in memory (a SPIR-V module cannot reach this), so the
//! vectorizer is given LLVM IR that loads and stores `i1`s directly.

use inkwell::{
    OptimizationLevel,
    context::Context,
    memory_buffer::MemoryBuffer,
    targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine},
};
use spirv_opt_passes::kernel_abi::spmd::{SpmdMode, SpmdOptions, vectorize_invocations};

/// An invocation function as the kernel ABI shapes it (`x`, `y`, `z` and
/// `x_end` last): flag x of `flags` (a byte each) negated into `out`, in a
/// loop so that the vectorizer has a reason to run.
const MODULE: &str = r#"
define internal i64 @__spvabi_k.invocations(ptr noalias %flags, ptr noalias %out, i64 %n, i64 %x, i64 %y, i64 %z, i64 %x_end) {
entry:
  %p = getelementptr i1, ptr %flags, i64 %x
  %q = getelementptr i1, ptr %out, i64 %x
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %b = load i1, ptr %p
  %nb = xor i1 %b, true
  store i1 %nb, ptr %q
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %done
done:
  ret i64 1
}

define void @caller(ptr %flags, ptr %out, i64 %n) {
  %r = call i64 @__spvabi_k.invocations(ptr %flags, ptr %out, i64 %n, i64 0, i64 0, i64 0, i64 64)
  ret void
}
"#;

#[test]
fn one_bool_per_lane_is_loaded_and_stored_as_bytes() {
    Target::initialize_native(&InitializationConfig::default()).expect("the native target");
    let triple = TargetMachine::get_default_triple();
    let machine = Target::from_triple(&triple)
        .expect("the host target")
        .create_target_machine(&triple, "generic", "", OptimizationLevel::Default, RelocMode::PIC, CodeModel::Default)
        .expect("a target machine");
    let context = Context::create();
    let buffer = MemoryBuffer::create_from_memory_range_copy(MODULE.as_bytes(), "bools");
    let module = context.create_module_from_ir(buffer).expect("the IR parses");
    module.set_triple(&triple);
    module.set_data_layout(&machine.get_target_data().get_data_layout());
    let outcomes = vectorize_invocations(&module, &machine, SpmdOptions { mode: SpmdMode::Always, width: 8, subgroup_size: None })
        .expect("the vectorizer runs");
    assert_eq!(outcomes.len(), 1);
    assert_eq!(outcomes[0].result, Ok(8), "vectorized 8 wide");
    let text = module.print_to_string().to_string();
    assert!(text.contains("@llvm.masked.load.v8i8"), "bytes loaded:\n{text}");
    assert!(text.contains("@llvm.masked.store.v8i8"), "bytes stored:\n{text}");
    assert!(!text.contains("masked.load.v8i1") && !text.contains("masked.store.v8i1"), "no packed bits:\n{text}");
    assert!(!text.contains("masked.gather.v8i1") && !text.contains("masked.scatter.v8i1"), "no packed bits:\n{text}");
}
