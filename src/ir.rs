//! Safe queries on builtin MLIR types that melior does not wrap.

use crate::ffi;
use melior::ir::{Type, TypeLike, r#type::IntegerType};

/// The length and element type of a 1-D vector type, `None` for any other type.
pub fn vector_shape(ty: Type<'_>) -> Option<(u64, Type<'_>)> {
    if !ty.is_vector() {
        return None;
    }
    ffi::vector_shape(ty)
}

/// The element type of a vector, or the type itself.
pub fn element_type(ty: Type<'_>) -> Type<'_> {
    vector_shape(ty).map_or(ty, |(_, element)| element)
}

/// The bit width of an integer or float type, or of a vector's elements.
pub fn scalar_bit_width(ty: Type<'_>) -> Option<u32> {
    let element = element_type(ty);
    if let Ok(integer) = IntegerType::try_from(element) {
        return Some(integer.width());
    }
    element.is_float().then(|| element.float_width())
}

/// Whether `ty` is an integer type, or a vector of them.
pub fn is_integer_like(ty: Type<'_>) -> bool {
    element_type(ty).is_integer()
}

/// Whether `ty` is a float type, or a vector of them.
pub fn is_float_like(ty: Type<'_>) -> bool {
    element_type(ty).is_float()
}

/// The result type and the parameter types of an `!llvm.func` type, `None`
/// for any other type.
pub fn llvm_function_type_parts(ty: Type<'_>) -> Option<(Type<'_>, Vec<Type<'_>>)> {
    crate::ffi::surgery::llvm_function_type_parts(ty)
}

/// The value of a string attribute or a flat symbol reference (bytes that
/// are not UTF-8 replaced); `None` for any other attribute. Unlike melior's
/// `value()`, it never panics.
pub fn string_value(attribute: melior::ir::Attribute<'_>) -> Option<String> {
    crate::ffi::surgery::string_like_value(attribute)
}

/// The op defining `value`; `None` for a block argument. Use this, not
/// `OperationResult::try_from`, to test: melior's failing conversion prints
/// the value, which prints (and verifies) its whole module.
pub fn defining_op<'c, 'a>(value: melior::ir::Value<'c, 'a>) -> Option<melior::ir::OperationRef<'c, 'a>> {
    use melior::ir::ValueLike;
    if !value.is_operation_result() {
        return None;
    }
    melior::ir::operation::OperationResult::try_from(value).ok().map(|result| result.owner())
}

/// `value` as a block argument; `None` for an op's result (see [`defining_op`]).
pub fn block_argument<'c, 'a>(value: melior::ir::Value<'c, 'a>) -> Option<melior::ir::block::BlockArgument<'c, 'a>> {
    use melior::ir::ValueLike;
    if !value.is_block_argument() {
        return None;
    }
    melior::ir::block::BlockArgument::try_from(value).ok()
}
