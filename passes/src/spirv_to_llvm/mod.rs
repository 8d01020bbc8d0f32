//! `convert-spirv-to-llvm`: the SPIR-V dialect to the LLVM dialect.
//!
//! One module per op family, named as the sections of the conversion manual
//! (docs/conversion-manual.md) and the lit files under
//! test/Conversion/SPIRVToLLVM/. Each family module has a `populate` function
//! adding its patterns; 1:1 mappings are tables of [`DirectConversion`]s.

pub mod abi_attributes;
mod arithmetic;
mod atomic;
mod barrier;
mod bitfield;
mod bitwise;
mod builtin_call;
mod cast;
mod comparison;
mod composite;
mod constant;
mod control_flow;
mod coop_matrix;
mod function;
mod glsl;
mod group;
pub mod image;
pub mod image_inline;
pub mod sampling;
mod intel;
mod logical;
mod matrix;
mod memory;
mod misc;
mod module;
pub mod opencl;
mod shift;
pub mod types;
pub(crate) mod util;

use melior::{
    Context,
    ir::{BlockLike, OperationRef, RegionLike, operation::OperationLike},
};
use spirv_opt_rs::{
    conversion::{Conversion, ConversionStats, ConversionTarget, PatternSet, TypeConverter},
    error::ConversionError,
};
pub use types::{ClientApi, PointerLayout, UnknownPointerLayout};

#[allow(unused_imports)]
pub(crate) use spirv_opt_rs::conversion::DirectConversion;

/// Options of `convert-spirv-to-llvm`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SpirvToLlvmOptions {
    /// Decides the LLVM address space of each storage class.
    pub client_api: ClientApi,
    /// Decides how many bytes a pointer takes in memory: the host's (the
    /// default, upstream's output) or, in a `Physical32` module, the
    /// module's 4 ([`PointerLayout`]).
    pub pointer_layout: PointerLayout,
}

impl SpirvToLlvmOptions {
    /// These options for `module`: [`PointerLayout::Module`] only where it
    /// changes something, every `spirv.module` in `module` (at least one)
    /// having the `Physical32` addressing model; else [`PointerLayout::Host`].
    /// The conversion resolves its options so, so that the patterns read
    /// `pointer_layout == Module` as "pointers in memory are 32-bit".
    pub fn resolved_for(self, module: OperationRef<'_, '_>) -> Self {
        if self.pointer_layout == PointerLayout::Module && !all_physical32(module) {
            return Self { pointer_layout: PointerLayout::Host, ..self };
        }
        self
    }

    /// Whether a pointer's memory form is an `i32` (after [`Self::resolved_for`]).
    pub(crate) fn pointers_are_32_bit_in_memory(self) -> bool {
        self.pointer_layout == PointerLayout::Module
    }
}

/// Whether `op` is or holds (directly, or in a nested `builtin.module`)
/// `spirv.module`s, all of the `Physical32` addressing model.
fn all_physical32(op: OperationRef<'_, '_>) -> bool {
    fn visit(op: OperationRef<'_, '_>, found: &mut bool) -> bool {
        match op.name().as_string_ref().as_str() {
            Ok("spirv.module") => {
                *found = true;
                util::printed_attribute(op, "addressing_model").is_some_and(|model| model.contains("Physical32"))
            }
            Ok("builtin.module") => {
                let Some(block) = op.region(0).ok().and_then(|region| region.first_block()) else { return true };
                let mut next = block.first_operation();
                while let Some(child) = next {
                    if !visit(child, found) {
                        return false;
                    }
                    next = child.next_in_block();
                }
                true
            }
            _ => true,
        }
    }
    let mut found = false;
    visit(op, &mut found) && found
}

/// Adds every SPIR-V to LLVM pattern to `patterns`, family by family.
pub fn populate_spirv_to_llvm_patterns(patterns: &mut PatternSet, options: SpirvToLlvmOptions) {
    arithmetic::populate(patterns);
    atomic::populate(patterns);
    barrier::populate(patterns);
    bitfield::populate(patterns);
    bitwise::populate(patterns);
    cast::populate(patterns, options);
    comparison::populate(patterns);
    composite::populate(patterns);
    constant::populate(patterns);
    control_flow::populate(patterns);
    coop_matrix::populate(patterns);
    function::populate(patterns);
    glsl::populate(patterns);
    group::populate(patterns);
    // Before memory: a load of an image is the image's descriptor address.
    image::populate(patterns);
    intel::populate(patterns);
    logical::populate(patterns);
    matrix::populate(patterns);
    memory::populate(patterns, options);
    misc::populate(patterns);
    module::populate(patterns);
    opencl::populate(patterns);
    shift::populate(patterns);
}

/// The target of the conversion: the LLVM dialect and `builtin.module`; every
/// SPIR-V op is illegal.
pub fn spirv_to_llvm_target() -> ConversionTarget {
    let mut target = ConversionTarget::new();
    target
        .add_legal_dialect("llvm")
        .add_legal_op("builtin.module")
        .add_legal_op("builtin.unrealized_conversion_cast")
        .add_illegal_dialect("spirv");
    target
}

/// Converts every SPIR-V op nested in `module` (a `builtin.module`) to the
/// LLVM dialect. As upstream, this is a partial conversion: ops of other
/// dialects stay, and every SPIR-V op must be converted. On error, `module`
/// is unchanged and the error carries the location of the op that could not
/// be converted.
pub fn convert_spirv_to_llvm<'c>(
    context: &'c Context,
    module: OperationRef<'c, '_>,
    options: SpirvToLlvmOptions,
) -> Result<ConversionStats, ConversionError<'c>> {
    convert_spirv_to_llvm_with_verification(context, module, options, true)
}

/// [`convert_spirv_to_llvm`], verifying the converted IR before it replaces
/// the input only when `verify` is set. For a caller that verifies the
/// result itself (the pass under a pass manager that verifies after each
/// pass): one full verification less, but invalid IR replaces the input
/// instead of leaving it unchanged (the caller's verification then fails).
pub fn convert_spirv_to_llvm_with_verification<'c>(
    context: &'c Context,
    module: OperationRef<'c, '_>,
    options: SpirvToLlvmOptions,
    verify: bool,
) -> Result<ConversionStats, ConversionError<'c>> {
    let options = options.resolved_for(module);
    let type_converter = types::spirv_to_llvm_type_converter(context, options);
    let mut patterns = PatternSet::new();
    populate_spirv_to_llvm_patterns(&mut patterns, options);
    let target = spirv_to_llvm_target();
    Conversion::partial(&target, &patterns, &type_converter).verify_result(verify).apply(module)
}

#[doc(hidden)]
pub fn type_converter_for_tests(context: &Context, options: SpirvToLlvmOptions) -> TypeConverter<'_> {
    types::spirv_to_llvm_type_converter(context, options)
}

/// Every SPIR-V builtin function (unmangled `__spirv_*` name) the
/// conversion can call: what `spirv-define-builtins` and the kernel ABI
/// must give a meaning to.
pub fn emitted_builtins() -> Vec<&'static str> {
    let mut names: Vec<&'static str> =
        barrier::builtin_names().chain(group::builtin_names()).chain(opencl::builtin_names()).collect();
    names.sort_unstable();
    names.dedup();
    names
}
