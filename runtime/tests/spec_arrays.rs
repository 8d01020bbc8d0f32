//! Specialization before import through the library: `CompileOptions::specs`
//! size a workgroup array whose length is a specialization constant, and the
//! workgroup itself (`LocalSizeId`), with the same value (docs/import.md,
//! "Specialization"). The binary is built here with rspirv.

use rspirv::{
    binary::Assemble,
    dr::{Builder, Instruction, Operand},
    spirv::{AddressingModel, Capability, Decoration, ExecutionMode, ExecutionModel, MemoryModel, Op, StorageClass},
};
use spirv_opt_passes::specialize::SpecValue;
use spirv_run::{Buffer, CompileOptions, Dispatch, Kernel, Resource};

/// `shared uint s[N]; s[i] = i + 1; barrier(); out[i] = s[N - 1 - i];` with
/// N the specialization constant 0 (default 8) and the workgroup N x 1 x 1.
fn binary() -> Vec<u8> {
    let mut b = Builder::new();
    b.set_version(1, 3);
    b.capability(Capability::Shader);
    b.memory_model(AddressingModel::Logical, MemoryModel::GLSL450);
    let void = b.type_void();
    let function_type = b.type_function(void, []);
    let uint = b.type_int(32, 0);
    let uvec3 = b.type_vector(uint, 3);
    let input_uvec3 = b.type_pointer(None, StorageClass::Input, uvec3);
    let local_id = b.variable(input_uvec3, None, StorageClass::Input, None);
    let n = b.spec_constant_bit32(uint, 8);
    let one = b.constant_bit32(uint, 1);
    let zero = b.constant_bit32(uint, 0);
    let workgroup_scope = b.constant_bit32(uint, 2);
    let semantics = b.constant_bit32(uint, 0x108);
    let last = b.id();
    b.module_mut().types_global_values.push(Instruction::new(
        Op::SpecConstantOp,
        Some(uint),
        Some(last),
        vec![Operand::LiteralSpecConstantOpInteger(Op::ISub), Operand::IdRef(n), Operand::IdRef(one)],
    ));
    let array = b.type_array(uint, n);
    let workgroup_array = b.type_pointer(None, StorageClass::Workgroup, array);
    let workgroup_uint = b.type_pointer(None, StorageClass::Workgroup, uint);
    let shared = b.variable(workgroup_array, None, StorageClass::Workgroup, None);
    let runtime_array = b.type_runtime_array(uint);
    let block = b.type_struct([runtime_array]);
    let buffer_type = b.type_pointer(None, StorageClass::StorageBuffer, block);
    let buffer_uint = b.type_pointer(None, StorageClass::StorageBuffer, uint);
    let buffer = b.variable(buffer_type, None, StorageClass::StorageBuffer, None);
    b.decorate(n, Decoration::SpecId, [Operand::LiteralBit32(0)]);
    b.decorate(local_id, Decoration::BuiltIn, [Operand::BuiltIn(rspirv::spirv::BuiltIn::LocalInvocationId)]);
    b.decorate(runtime_array, Decoration::ArrayStride, [Operand::LiteralBit32(4)]);
    b.member_decorate(block, 0, Decoration::Offset, [Operand::LiteralBit32(0)]);
    b.decorate(block, Decoration::Block, []);
    b.decorate(buffer, Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
    b.decorate(buffer, Decoration::Binding, [Operand::LiteralBit32(0)]);
    let main = b.begin_function(void, None, rspirv::spirv::FunctionControl::NONE, function_type).expect("function");
    b.begin_block(None).expect("block");
    let id = b.load(uvec3, None, local_id, None, []).expect("load");
    let i = b.composite_extract(uint, None, id, [0]).expect("extract");
    let value = b.i_add(uint, None, i, one).expect("add");
    let slot = b.access_chain(workgroup_uint, None, shared, [i]).expect("chain");
    b.store(slot, value, None, []).expect("store");
    b.control_barrier(workgroup_scope, workgroup_scope, semantics).expect("barrier");
    let mirrored = b.i_sub(uint, None, last, i).expect("sub");
    let source = b.access_chain(workgroup_uint, None, shared, [mirrored]).expect("chain");
    let read = b.load(uint, None, source, None, []).expect("load");
    let out = b.access_chain(buffer_uint, None, buffer, [zero, i]).expect("chain");
    b.store(out, read, None, []).expect("store");
    b.ret().expect("return");
    b.end_function().expect("end");
    b.entry_point(ExecutionModel::GLCompute, main, "main", [local_id]);
    b.execution_mode_id(main, ExecutionMode::LocalSizeId, [n, one, one]);
    b.module().assemble().iter().flat_map(|word| word.to_le_bytes()).collect()
}

fn run(specs: Vec<(u32, SpecValue)>) -> (Option<[u32; 3]>, Vec<u32>) {
    let options = CompileOptions { specs, ..Default::default() };
    let kernel = Kernel::compile(&binary(), "spec-array.spv", &options).expect("compiles");
    let mut out = Buffer::zeroed(4 * 32);
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.bind(0, 0, Resource::Buffer(&mut out));
    kernel.dispatch(&mut dispatch).expect("runs");
    drop(dispatch);
    let words = out.bytes().chunks_exact(4).map(|word| u32::from_le_bytes([word[0], word[1], word[2], word[3]]));
    (kernel.info().workgroup_size, words.collect())
}

#[test]
fn the_default_sizes_the_array_and_the_workgroup() {
    let (size, words) = run(Vec::new());
    assert_eq!(size, Some([8, 1, 1]));
    assert_eq!(words[..9], [8, 7, 6, 5, 4, 3, 2, 1, 0]);
}

#[test]
fn a_given_value_sizes_both_alike() {
    let (size, words) = run(vec![(0, SpecValue::Integer(20))]);
    assert_eq!(size, Some([20, 1, 1]));
    let expected: Vec<u32> = (1..=20).rev().chain(std::iter::repeat_n(0, 12)).collect();
    assert_eq!(words, expected);
}
