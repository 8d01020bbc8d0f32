//! The conversion driver on SPIR-V input: full and partial conversion,
//! failures leaving the input untouched, region inlining, forward references.

use crate::common::{context, parse, print};
use spirv_opt_passes::spirv_to_llvm::{SpirvToLlvmOptions, convert_spirv_to_llvm};

#[test]
fn converts_a_function_with_arithmetic() {
    let context = context();
    let module = parse(
        &context,
        r#"
        spirv.module Logical GLSL450 {
          spirv.func @f(%a: ui32, %b: f32) -> ui32 "None" {
            %0 = spirv.IAdd %a, %a : ui32
            %1 = spirv.SNegate %0 : ui32
            %2 = spirv.FAdd %b, %b : f32
            spirv.ReturnValue %1 : ui32
          }
        }"#,
    );
    let stats = convert_spirv_to_llvm(&context, module.as_operation(), SpirvToLlvmOptions::default()).unwrap();
    let text = print(&module);
    println!("{text}");
    assert!(text.contains("llvm.func @f(%arg0: i32, %arg1: f32) -> i32"), "{text}");
    assert!(text.contains("llvm.add %arg0, %arg0 : i32"), "{text}");
    assert!(text.contains("llvm.sub %"), "{text}");
    assert!(text.contains("llvm.fadd %arg1, %arg1 : f32"), "{text}");
    assert!(text.contains("llvm.return %"), "{text}");
    assert!(!text.contains("spirv."), "{text}");
    assert_eq!(stats.materializations, 0);
}
