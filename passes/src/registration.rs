//! Registration of the passes of this crate in a [`PassRegistry`].

use crate::spirv_to_llvm::{self, ClientApi, PointerLayout, SpirvToLlvmOptions};
use melior::ir::{OperationRef, operation::OperationLike};
use spirv_opt_rs::pass::{Pass, PassError, PassInfo, PassOptionKind, PassOptionSpec, PassOptions, PassRegistry};
use std::sync::Arc;

/// Registers every pass of this crate.
pub fn register_all(registry: &mut PassRegistry) {
    registry.register(Arc::new(ConvertSpirvToLlvm));
    registry.register(Arc::new(SpirvKernelAbi));
    registry.register(Arc::new(MergeNestedModules));
    registry.register(Arc::new(SpirvDefineBuiltins));
}

/// `convert-spirv-to-llvm`, as a pass.
pub struct ConvertSpirvToLlvm;

const CLIENT_APIS: &[(&str, &str)] = &[
    ("Unknown", "Unknown (every storage class in address space 0)"),
    ("Metal", "Metal"),
    ("OpenCL", "OpenCL"),
    ("Vulkan", "Vulkan"),
    ("WebGPU", "WebGPU"),
];

static INFO: PassInfo = PassInfo {
    name: "convert-spirv-to-llvm",
    description: "Convert SPIR-V dialect to LLVM dialect",
    options: &[
        PassOptionSpec {
            name: "client-api",
            description: "Derive StorageClass to address space mapping from the client API",
            kind: PassOptionKind::Enum(CLIENT_APIS),
            default: "Unknown",
        },
        PassOptionSpec {
            name: "pointer-layout",
            description: "Bytes of a pointer in memory: the host's, or the module's (32-bit addresses in a Physical32 \
                          module; everything the code reaches must lie below 4 GiB)",
            kind: PassOptionKind::Enum(POINTER_LAYOUTS),
            default: "host",
        },
    ],
};

const POINTER_LAYOUTS: &[(&str, &str)] = &[
    ("host", "host (a pointer in memory is an !llvm.ptr)"),
    ("module", "module (a Physical32 module's pointers are i32 addresses in memory)"),
];

impl Pass for ConvertSpirvToLlvm {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&self, op: OperationRef<'_, '_>, options: &PassOptions) -> Result<(), PassError> {
        let client_api: ClientApi = options.parse_as("client-api")?;
        let pointer_layout: PointerLayout = options.parse_as("pointer-layout")?;
        let _span = tracing::info_span!("convert-spirv-to-llvm", %client_api, %pointer_layout).entered();
        // The converted IR is verified once: by the pass manager after the
        // pass when it verifies (the tools' default), by the conversion otherwise.
        let verify = !options.verified_after();
        let result = spirv_opt_rs::with_context(op.context(), |context| {
            spirv_to_llvm::convert_spirv_to_llvm_with_verification(
                context,
                op,
                SpirvToLlvmOptions { client_api, pointer_layout },
                verify,
            )
            .map_err(|error| {
                error.emit();
                error.to_string()
            })
        });
        match result {
            Ok(stats) => {
                tracing::debug!(?stats, "converted");
                Ok(())
            }
            Err(message) => Err(PassError::reported(message)),
        }
    }
}

/// `spirv-kernel-abi`, as a pass (docs/abi.md).
pub struct SpirvKernelAbi;

static KERNEL_ABI_INFO: PassInfo = PassInfo {
    name: "spirv-kernel-abi",
    description: "Give the converted GLCompute and Kernel entry points the kernel ABI of docs/abi.md: \
                  __spvabi_<entry>(dispatch, workgroup_id) runs one workgroup, __spvabi_<entry>_info describes it",
    options: &[
        PassOptionSpec {
            name: "bounds-checks",
            description: "Bounds-check every memory access (robustBufferAccess); run spirv-define-builtins first",
            kind: PassOptionKind::Bool,
            default: "true",
        },
        PassOptionSpec {
            name: "barriers",
            description: "How kernels with workgroup barriers run",
            kind: PassOptionKind::Enum(BARRIER_MODES),
            default: "regions",
        },
        PassOptionSpec {
            name: "workgroup-runs",
            description: "Runs of consecutive workgroups in one call where the kernel allows it (info.groups)",
            kind: PassOptionKind::Bool,
            default: "true",
        },
    ],
};

static BARRIER_MODES: &[(&str, &str)] = &[
    ("regions", "regions between the barriers, each a loop over the invocations (formed on LLVM IR by --emit)"),
    ("coroutines", "every invocation a coroutine suspended at each barrier"),
];

impl Pass for SpirvKernelAbi {
    fn info(&self) -> &'static PassInfo {
        &KERNEL_ABI_INFO
    }

    fn run(&self, op: OperationRef<'_, '_>, options: &PassOptions) -> Result<(), PassError> {
        let bounds_checks = options.get_bool("bounds-checks")?;
        let barriers: crate::kernel_abi::BarrierMode = options.parse_as("barriers")?;
        let _span = tracing::info_span!("spirv-kernel-abi", bounds_checks, %barriers).entered();
        let workgroup_runs = options.get_bool("workgroup-runs")?;
        let options = crate::kernel_abi::KernelAbiOptions { bounds_checks, barriers, workgroup_runs };
        spirv_opt_rs::with_context(op.context(), |context| {
            crate::kernel_abi::apply_kernel_abi(context, op, options).map(|_| ()).map_err(|error| {
                spirv_opt_rs::emit_error(error.location, &error.message);
                PassError::reported(error.message.clone())
            })
        })
    }
}

/// `merge-nested-modules`: the ops of the nested modules
/// `convert-spirv-to-llvm` makes, moved into the top-level module, so that
/// `mlir-translate --mlir-to-llvmir` (which skips nested modules) gives the code.
pub struct MergeNestedModules;

static MERGE_INFO: PassInfo = PassInfo {
    name: "merge-nested-modules",
    description: "Move the ops of nested builtin.modules into the top-level module (refused on a symbol clash)",
    options: &[],
};

impl Pass for MergeNestedModules {
    fn info(&self) -> &'static PassInfo {
        &MERGE_INFO
    }

    fn run(&self, op: OperationRef<'_, '_>, _options: &PassOptions) -> Result<(), PassError> {
        spirv_opt_rs::translate::inline_nested_modules(op).map_err(|error| {
            spirv_opt_rs::emit_error(op.location(), &error.to_string());
            PassError::reported(error.to_string())
        })
    }
}

/// `spirv-define-builtins`, as a pass (passes/src/builtins/).
pub struct SpirvDefineBuiltins;

static DEFINE_BUILTINS_INFO: PassInfo = PassInfo {
    name: "spirv-define-builtins",
    description: "Define, in the module, the SPIR-V builtin functions (__spirv_ocl_*, subgroup operations) and \
                  OpenCL C atomics the converted code declares",
    options: &[],
};

impl Pass for SpirvDefineBuiltins {
    fn info(&self) -> &'static PassInfo {
        &DEFINE_BUILTINS_INFO
    }

    fn run(&self, op: OperationRef<'_, '_>, _options: &PassOptions) -> Result<(), PassError> {
        let _span = tracing::info_span!("spirv-define-builtins").entered();
        spirv_opt_rs::with_context(op.context(), |context| match crate::builtins::define_builtins(context, op) {
            Ok(defined) => {
                tracing::debug!(defined = defined.defined.len(), left = ?defined.left, "builtins");
                Ok(())
            }
            Err(error) => {
                spirv_opt_rs::emit_error(error.location, &error.message);
                Err(PassError::reported(error.message.clone()))
            }
        })
    }
}
