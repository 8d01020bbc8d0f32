//! `deserialize_with`: specialization values applied before types are built
//! (docs/import.md, "Specialization before import"). The binary is built
//! with rspirv: an array whose length is `OpSpecConstantOp IMul N 3`, with N
//! the specialization constant 0 (default 4), in workgroup memory; and
//! unsized descriptor arrays sized by the descriptor counts given
//! (docs/import.md, "Unsized descriptor arrays").

use melior::{Context, dialect::DialectRegistry, utility::register_all_dialects};
use rspirv::{
    binary::Assemble,
    dr::{Builder, Instruction, Operand},
    spirv::{AddressingModel, Capability, Decoration, ExecutionModel, MemoryModel, Op, StorageClass},
};
use spirv_opt_dialects::spirv::deserialize::{DeserializeOptions, SpecValue, deserialize, deserialize_with};

fn binary() -> Vec<u8> {
    let mut b = Builder::new();
    b.set_version(1, 0);
    b.capability(Capability::Shader);
    b.memory_model(AddressingModel::Logical, MemoryModel::GLSL450);
    let void = b.type_void();
    let function_type = b.type_function(void, []);
    let uint = b.type_int(32, 0);
    let float = b.type_float(32, None);
    let n = b.spec_constant_bit32(uint, 4);
    let three = b.constant_bit32(uint, 3);
    let length = b.id();
    b.module_mut().types_global_values.push(Instruction::new(
        Op::SpecConstantOp,
        Some(uint),
        Some(length),
        vec![Operand::LiteralSpecConstantOpInteger(Op::IMul), Operand::IdRef(n), Operand::IdRef(three)],
    ));
    let array = b.type_array(float, length);
    let pointer = b.type_pointer(None, StorageClass::Workgroup, array);
    b.variable(pointer, None, StorageClass::Workgroup, None);
    b.decorate(n, Decoration::SpecId, [Operand::LiteralBit32(0)]);
    let main = b.begin_function(void, None, rspirv::spirv::FunctionControl::NONE, function_type).expect("function");
    b.begin_block(None).expect("block");
    b.ret().expect("return");
    b.end_function().expect("end");
    b.entry_point(ExecutionModel::GLCompute, main, "main", []);
    b.execution_mode(main, rspirv::spirv::ExecutionMode::LocalSize, [1, 1, 1]);
    b.module().assemble().iter().flat_map(|word| word.to_le_bytes()).collect()
}

fn context() -> Context {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    context
}

#[test]
fn the_defaults_size_the_array() {
    let context = context();
    let module = deserialize(&context, &binary(), "spec.spv").expect("imports");
    let printed = module.as_operation().to_string();
    assert!(printed.contains("!spirv.array<12 x f32>"), "{printed}");
    assert!(printed.contains("spec_id(0) = 4 : i32"), "{printed}");
}

#[test]
fn given_values_size_the_array_and_become_the_default() {
    let context = context();
    let options = DeserializeOptions { spec_values: vec![(0, SpecValue::Integer(7))], ..Default::default() };
    let module = deserialize_with(&context, &binary(), "spec.spv", &options).expect("imports");
    let printed = module.as_operation().to_string();
    assert!(printed.contains("!spirv.array<21 x f32>"), "{printed}");
    assert!(printed.contains("spec_id(0) = 7 : i32"), "{printed}");
}

#[test]
fn a_value_that_does_not_fit_is_left_to_specialize() {
    // Not applied (specialize reports it after import): the default counts.
    let context = context();
    let options = DeserializeOptions { spec_values: vec![(0, SpecValue::Float(1.5))], ..Default::default() };
    let module = deserialize_with(&context, &binary(), "spec.spv", &options).expect("imports");
    assert!(module.as_operation().to_string().contains("!spirv.array<12 x f32>"));
}

#[test]
fn integer_values_fit_by_either_reading() {
    assert_eq!(SpecValue::Integer(-1).integer_bits(8), Some(0xff));
    assert_eq!(SpecValue::Integer(255).integer_bits(8), Some(0xff));
    assert_eq!(SpecValue::Integer(256).integer_bits(8), None);
    assert_eq!(SpecValue::Integer(-129).integer_bits(8), None);
    assert_eq!(SpecValue::Integer(-1).integer_bits(64), Some(u64::MAX));
    assert_eq!(SpecValue::Bool(true).integer_bits(32), None);
}

/// A module with two unsized descriptor arrays: storage images at (0, 3)
/// and storage blocks at (1, 0) (docs/import.md, "Unsized descriptor arrays").
fn unsized_binary() -> Vec<u8> {
    let mut b = Builder::new();
    b.set_version(1, 3);
    b.capability(Capability::Shader);
    b.capability(Capability::RuntimeDescriptorArray);
    b.memory_model(AddressingModel::Logical, MemoryModel::GLSL450);
    let void = b.type_void();
    let function_type = b.type_function(void, []);
    let float = b.type_float(32, None);
    let image = b.type_image(
        float,
        rspirv::spirv::Dim::Dim2D,
        0,
        0,
        0,
        2,
        rspirv::spirv::ImageFormat::Rgba32f,
        None,
    );
    let images = b.type_runtime_array(image);
    let images_pointer = b.type_pointer(None, StorageClass::UniformConstant, images);
    let images_variable = b.variable(images_pointer, None, StorageClass::UniformConstant, None);
    let floats = b.type_runtime_array(float);
    let block = b.type_struct([floats]);
    let blocks = b.type_runtime_array(block);
    let blocks_pointer = b.type_pointer(None, StorageClass::StorageBuffer, blocks);
    let blocks_variable = b.variable(blocks_pointer, None, StorageClass::StorageBuffer, None);
    b.decorate(images_variable, Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
    b.decorate(images_variable, Decoration::Binding, [Operand::LiteralBit32(3)]);
    b.decorate(blocks_variable, Decoration::DescriptorSet, [Operand::LiteralBit32(1)]);
    b.decorate(blocks_variable, Decoration::Binding, [Operand::LiteralBit32(0)]);
    b.decorate(block, Decoration::Block, []);
    b.decorate(floats, Decoration::ArrayStride, [Operand::LiteralBit32(4)]);
    b.member_decorate(block, 0, Decoration::Offset, [Operand::LiteralBit32(0)]);
    let main = b.begin_function(void, None, rspirv::spirv::FunctionControl::NONE, function_type).expect("function");
    b.begin_block(None).expect("block");
    b.ret().expect("return");
    b.end_function().expect("end");
    b.entry_point(ExecutionModel::GLCompute, main, "main", [images_variable, blocks_variable]);
    b.execution_mode(main, rspirv::spirv::ExecutionMode::LocalSize, [1, 1, 1]);
    b.module().assemble().iter().flat_map(|word| word.to_le_bytes()).collect()
}

#[test]
fn descriptor_counts_size_unsized_descriptor_arrays() {
    let context = context();
    let options = DeserializeOptions { descriptor_counts: vec![((0, 3), 5), ((1, 0), 2)], ..Default::default() };
    let module = deserialize_with(&context, &unsized_binary(), "unsized.spv", &options).expect("imports");
    let printed = module.as_operation().to_string();
    assert!(printed.contains("!spirv.ptr<!spirv.array<5 x !spirv.image<f32, Dim2D"), "{printed}");
    assert!(printed.contains("!spirv.ptr<!spirv.array<2 x !spirv.struct<"), "{printed}");
    assert!(!printed.contains("!spirv.rtarray<!spirv.image"), "{printed}");
}

#[test]
fn without_a_count_the_runtime_arrays_stay() {
    let context = context();
    // A count for another binding changes nothing.
    let options = DeserializeOptions { descriptor_counts: vec![((0, 4), 5)], ..Default::default() };
    let module = deserialize_with(&context, &unsized_binary(), "unsized.spv", &options).expect("imports");
    let printed = module.as_operation().to_string();
    assert!(printed.contains("!spirv.ptr<!spirv.rtarray<!spirv.image<f32, Dim2D"), "{printed}");
    assert!(printed.contains("!spirv.ptr<!spirv.rtarray<!spirv.struct<"), "{printed}");
}

#[test]
fn descriptor_counts_parse_as_the_tools_take_them() {
    use spirv_opt_dialects::spirv::deserialize::parse_descriptor_count;
    assert_eq!(parse_descriptor_count("0:3=5"), Ok(((0, 3), 5)));
    assert_eq!(parse_descriptor_count("4294967295:7=65536"), Ok(((u32::MAX, 7), 65_536)));
    for bad in ["0:3", "0=5", "0:3=0", "0:3=-1", "a:b=c", "0:4294967296=1"] {
        let error = parse_descriptor_count(bad).expect_err(bad);
        assert!(error.contains("is not SET:BINDING=N"), "{bad}: {error}");
    }
}
