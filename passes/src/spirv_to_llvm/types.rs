//! Type conversion (manual: "Type Conversion"): SPIR-V types to LLVM types.

use super::SpirvToLlvmOptions;
use melior::{
    Context,
    ir::{Type, TypeLike, r#type::IntegerType},
};
use spirv_opt_rs::{conversion::TypeConverter, error::TypeConversionError, ir::vector_shape};
use std::{fmt, str::FromStr};

/// The client API, which decides the LLVM address space of each SPIR-V
/// storage class (option `client-api` of `convert-spirv-to-llvm`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum ClientApi {
    /// Every storage class in address space 0.
    #[default]
    Unknown,
    /// Address spaces of the OpenCL/SPIR-V mapping (seed 000).
    OpenCL,
    /// Vulkan.
    Vulkan,
    /// Metal.
    Metal,
    /// WebGPU.
    WebGPU,
}

impl ClientApi {
    /// Every value, with its option spelling.
    pub const ALL: [(Self, &'static str); 5] = [
        (Self::Unknown, "Unknown"),
        (Self::Metal, "Metal"),
        (Self::OpenCL, "OpenCL"),
        (Self::Vulkan, "Vulkan"),
        (Self::WebGPU, "WebGPU"),
    ];
}

impl fmt::Display for ClientApi {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = Self::ALL.iter().find(|(api, _)| api == self).map_or("Unknown", |(_, name)| name);
        formatter.write_str(name)
    }
}

/// An unknown `client-api` value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown client API '{0}' (expected Unknown, Metal, OpenCL, Vulkan or WebGPU)")]
pub struct UnknownClientApi(pub String);

impl FromStr for ClientApi {
    type Err = UnknownClientApi;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .iter()
            .find(|(_, name)| *name == text)
            .map(|(api, _)| *api)
            .ok_or_else(|| UnknownClientApi(text.to_owned()))
    }
}

/// The type converter of the SPIR-V to LLVM conversion.
pub(crate) fn spirv_to_llvm_type_converter(context: &Context, options: SpirvToLlvmOptions) -> TypeConverter<'_> {
    let mut converter = TypeConverter::new(context);
    // Types that are already valid LLVM dialect types stay. Tried last.
    converter.add_rule(|ty, _| is_llvm_compatible(ty).then_some(Ok(ty)));
    // SPIR-V integers may be signed or unsigned; LLVM's are signless, the
    // signedness lives in the ops.
    converter.add_rule(move |ty, _| {
        let integer = IntegerType::try_from(ty).ok()?;
        Some(Ok(if integer.is_signless() { ty } else { IntegerType::new(context, integer.width()).into() }))
    });
    converter.add_rule(|ty, converter| {
        let (length, element) = vector_shape(ty)?;
        Some(converter.convert_type(element).map(|element| Type::vector(&[length], element)))
    });
    converter.add_rule(move |ty, converter| convert_spirv_type(context, ty, converter, options));
    converter
}

/// Converts the types of the SPIR-V dialect itself (pointers, arrays,
/// structs...); `None` for any other type.
fn convert_spirv_type<'c>(
    _context: &'c Context,
    ty: Type<'c>,
    _converter: &TypeConverter<'c>,
    _options: SpirvToLlvmOptions,
) -> Option<Result<Type<'c>, TypeConversionError>> {
    if ty.dialect().namespace() != Ok("spirv") {
        return None;
    }
    Some(Err(TypeConversionError::new(ty, "SPIR-V dialect types are not lowered yet")))
}

/// Builtin types the LLVM dialect accepts as they are.
fn is_llvm_compatible(ty: Type<'_>) -> bool {
    let dialect = ty.dialect();
    dialect.namespace() == Ok("llvm")
        || ty.is_float()
        || IntegerType::try_from(ty).is_ok_and(|integer| integer.is_signless())
}
