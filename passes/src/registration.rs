//! Registration of the passes of this crate in a [`PassRegistry`].

use melior::ir::{OperationRef, operation::OperationLike};
use spirv_opt_rs::pass::{Pass, PassError, PassInfo, PassOptionKind, PassOptionSpec, PassOptions, PassRegistry};
use crate::spirv_to_llvm::{self, ClientApi, SpirvToLlvmOptions};
use std::sync::Arc;

/// Registers every pass of this crate.
pub fn register_all(registry: &mut PassRegistry) {
    registry.register(Arc::new(ConvertSpirvToLlvm));
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
    options: &[PassOptionSpec {
        name: "client-api",
        description: "Derive StorageClass to address space mapping from the client API",
        kind: PassOptionKind::Enum(CLIENT_APIS),
        default: "Unknown",
    }],
};

impl Pass for ConvertSpirvToLlvm {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&self, op: OperationRef<'_, '_>, options: &PassOptions) -> Result<(), PassError> {
        let client_api: ClientApi = options.parse_as("client-api")?;
        let _span = tracing::info_span!("convert-spirv-to-llvm", %client_api).entered();
        let result = spirv_opt_rs::with_context(op.context(), |context| {
            spirv_to_llvm::convert_spirv_to_llvm(context, op, SpirvToLlvmOptions { client_api }).map_err(|error| {
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
