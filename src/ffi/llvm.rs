//! LLVM C API calls inkwell leaves out or marks `unsafe`, for the SPMD
//! vectorizer (`spirv-opt-passes`, `kernel_abi::spmd`). Each takes values of
//! one live LLVM context and builds or reads one instruction.

use inkwell::{
    basic_block::BasicBlock,
    builder::Builder,
    llvm_sys::{
        core::{
            LLVMAddCase, LLVMBuildCall2, LLVMBuildFreeze, LLVMBuildGEP2, LLVMDeleteFunction, LLVMGetAlignment,
            LLVMGetAtomicSyncScopeID, LLVMGetFirstUse, LLVMGetMDKindIDInContext, LLVMGetMaskValue,
            LLVMGetNumMaskElements, LLVMGetSyncScopeID, LLVMGetTypeContext, LLVMGetUndefMaskElem,
            LLVMGlobalGetValueType, LLVMIsAtomic, LLVMMDNodeInContext2, LLVMMDStringInContext2, LLVMMetadataAsValue,
            LLVMGetTypeKind, LLVMSetMetadata, LLVMTypeOf,
        },
        LLVMTypeKind,
        debuginfo::{LLVMMetadataReplaceAllUsesWith, LLVMTemporaryMDNode},
    },
    types::{AsTypeRef, BasicTypeEnum},
    values::{AsValueRef, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, IntValue},
};

/// Whether `instruction` is an atomic operation (`atomicrmw`, `cmpxchg`, an
/// atomic load or store, a fence) of the synchronization scope `scope`
/// (`syncscope("scope")` in LLVM IR).
pub fn has_sync_scope(instruction: InstructionValue<'_>, scope: &str) -> bool {
    // SAFETY: a live instruction, read only; the scope's ID is looked up (or
    // registered) in the instruction's own context, from a pointer and a
    // length (no NUL needed); the scope of an instruction is read only
    // after LLVMIsAtomic says it has one.
    unsafe {
        let raw = instruction.as_value_ref();
        if LLVMIsAtomic(raw) == 0 {
            return false;
        }
        let context = LLVMGetTypeContext(LLVMTypeOf(raw));
        let id = LLVMGetSyncScopeID(context, scope.as_ptr().cast(), scope.len());
        LLVMGetAtomicSyncScopeID(raw) == id
    }
}

/// Whether `instruction`'s result is a `token` (`llvm.coro.id`,
/// `llvm.coro.save`): inkwell's `get_type` panics on one.
pub fn has_token_type(instruction: InstructionValue<'_>) -> bool {
    // SAFETY: a live instruction, its type read only.
    unsafe { LLVMGetTypeKind(LLVMTypeOf(instruction.as_value_ref())) == LLVMTypeKind::LLVMTokenTypeKind }
}

/// The alignment of a load, store, `atomicrmw` or `cmpxchg` (inkwell's
/// `get_alignment` takes only loads, stores and allocas); `None` for other
/// instructions.
pub fn access_alignment(instruction: InstructionValue<'_>) -> Option<u32> {
    use InstructionOpcode as Op;
    if !matches!(instruction.get_opcode(), Op::Load | Op::Store | Op::AtomicRMW | Op::AtomicCmpXchg) {
        return None;
    }
    // SAFETY: a live instruction of a kind LLVMGetAlignment accepts (checked above), read only.
    Some(unsafe { LLVMGetAlignment(instruction.as_value_ref()) })
}

/// `getelementptr pointee, base, indices...` (not `inbounds`) at the
/// builder's position. Unlike inkwell's `build_gep`, `base` and the indices
/// may be vectors (a vector of addresses, LangRef "Vector of pointers").
///
/// Assumes the builder is positioned in a block and the operands form a
/// valid GEP for `pointee`; the result is `None` when LLVM made no value.
pub fn vector_gep<'ctx>(
    builder: &Builder<'ctx>,
    pointee: BasicTypeEnum<'ctx>,
    base: BasicValueEnum<'ctx>,
    indices: &[BasicValueEnum<'ctx>],
) -> Option<BasicValueEnum<'ctx>> {
    let mut raw: Vec<_> = indices.iter().map(|index| index.as_value_ref()).collect();
    // SAFETY: the builder, type and values are live handles of one context
    // (inkwell's types guarantee it); a plain GEP has no undefined behaviour
    // of its own, and the name is a NUL-terminated static string.
    unsafe {
        let value = LLVMBuildGEP2(
            builder.as_mut_ptr(),
            pointee.as_type_ref(),
            base.as_value_ref(),
            raw.as_mut_ptr(),
            raw.len() as u32,
            c"".as_ptr(),
        );
        (!value.is_null()).then(|| BasicValueEnum::new(value))
    }
}

/// `llvm.coro.suspend(llvm.coro.save(handle), false)` at the builder's
/// position (`save` and `suspend` those intrinsics' declarations): the
/// token between them is no type inkwell can hold. The suspend's `i8`.
pub fn coro_save_suspend<'ctx>(
    builder: &Builder<'ctx>,
    save: FunctionValue<'ctx>,
    suspend: FunctionValue<'ctx>,
    handle: BasicValueEnum<'ctx>,
    no: BasicValueEnum<'ctx>,
) -> Option<BasicValueEnum<'ctx>> {
    // SAFETY: live builder, declarations and values of one context (as
    // above); the arguments match the intrinsics' signatures (ptr; token,
    // i1), and the names are NUL-terminated static strings.
    unsafe {
        let mut arguments = [handle.as_value_ref()];
        let token = LLVMBuildCall2(
            builder.as_mut_ptr(),
            LLVMGlobalGetValueType(save.as_value_ref()),
            save.as_value_ref(),
            arguments.as_mut_ptr(),
            1,
            c"".as_ptr(),
        );
        if token.is_null() {
            return None;
        }
        let mut arguments = [token, no.as_value_ref()];
        let state = LLVMBuildCall2(
            builder.as_mut_ptr(),
            LLVMGlobalGetValueType(suspend.as_value_ref()),
            suspend.as_value_ref(),
            arguments.as_mut_ptr(),
            2,
            c"".as_ptr(),
        );
        (!state.is_null()).then(|| BasicValueEnum::new(state))
    }
}

/// `freeze value` at the builder's position.
pub fn freeze<'ctx>(builder: &Builder<'ctx>, value: BasicValueEnum<'ctx>) -> Option<BasicValueEnum<'ctx>> {
    // SAFETY: live builder and value (as above); freeze takes any first-class value.
    unsafe {
        let frozen = LLVMBuildFreeze(builder.as_mut_ptr(), value.as_value_ref(), c"".as_ptr());
        (!frozen.is_null()).then(|| BasicValueEnum::new(frozen))
    }
}

/// The mask of a `shufflevector`: per result element, the source element
/// (`None` for poison). `None` for any other instruction.
pub fn shuffle_mask(instruction: InstructionValue<'_>) -> Option<Vec<Option<u32>>> {
    if instruction.get_opcode() != InstructionOpcode::ShuffleVector {
        return None;
    }
    // SAFETY: a live shufflevector instruction (checked above), read only.
    unsafe {
        let raw = instruction.as_value_ref();
        let undef = LLVMGetUndefMaskElem();
        Some(
            (0..LLVMGetNumMaskElements(raw))
                .map(|element| {
                    let source = LLVMGetMaskValue(raw, element);
                    (source != undef).then_some(source as u32)
                })
                .collect(),
        )
    }
}

/// Deletes `function` when nothing uses it any more; says whether it did.
pub fn delete_unused_function(function: FunctionValue<'_>) -> bool {
    // SAFETY: a live function; deleted only without uses, so no dangling
    // reference is left; the caller holds no other handle into its body.
    unsafe {
        if !LLVMGetFirstUse(function.as_value_ref()).is_null() {
            return false;
        }
        LLVMDeleteFunction(function.as_value_ref());
    }
    true
}

/// Removes `instruction`'s metadata of kind `kind` (inkwell sets metadata
/// but cannot remove it); nothing when it has none.
pub fn remove_metadata(instruction: InstructionValue<'_>, kind: u32) {
    // SAFETY: a live instruction; a null node is the C API's way to remove
    // the attachment (LLVMSetMetadata documents it).
    unsafe { LLVMSetMetadata(instruction.as_value_ref(), kind, std::ptr::null_mut()) }
}

/// Adds the case `value` -> `destination` to the `switch` instruction
/// `switch` (inkwell builds switches but cannot extend one).
///
/// Assumes `switch` is a `switch` and `value` a constant of its condition's
/// type not yet among its cases (LLVM's verifier refuses a duplicate).
pub fn add_case<'ctx>(switch: InstructionValue<'ctx>, value: IntValue<'ctx>, destination: BasicBlock<'ctx>) {
    debug_assert_eq!(switch.get_opcode(), InstructionOpcode::Switch);
    // SAFETY: a live switch, a constant and a block of one context.
    unsafe { LLVMAddCase(switch.as_value_ref(), value.as_value_ref(), destination.as_mut_ptr()) }
}

/// Attaches `!llvm.loop !{self, !{"llvm.loop.unroll.full"}}` to the
/// branch `latch` (a loop's latch): LLVM's loop unroller then unrolls the
/// loop fully when it knows its trip count. The node must be distinct and
/// refer to itself (LangRef, "llvm.loop"), which inkwell cannot build.
pub fn request_full_unroll(latch: InstructionValue<'_>) {
    const FULL: &str = "llvm.loop.unroll.full";
    const KIND: &str = "llvm.loop";
    // SAFETY: a live instruction; the temporary node is replaced (and
    // freed) by the node referring to it, which LLVM makes distinct as it
    // becomes self-referential (MDNode::handleChangedOperand).
    unsafe {
        let value = latch.as_value_ref();
        let context = LLVMGetTypeContext(LLVMTypeOf(value));
        let temporary = LLVMTemporaryMDNode(context, std::ptr::null_mut(), 0);
        let name = LLVMMDStringInContext2(context, FULL.as_ptr().cast(), FULL.len());
        let mut property = [name];
        let property = LLVMMDNodeInContext2(context, property.as_mut_ptr(), 1);
        let mut operands = [temporary, property];
        let node = LLVMMDNodeInContext2(context, operands.as_mut_ptr(), 2);
        LLVMMetadataReplaceAllUsesWith(temporary, node);
        let kind = LLVMGetMDKindIDInContext(context, KIND.as_ptr().cast(), KIND.len() as u32);
        LLVMSetMetadata(value, kind, LLVMMetadataAsValue(context, node));
    }
}
