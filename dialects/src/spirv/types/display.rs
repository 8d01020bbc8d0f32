//! Printing the model back in MLIR 22's syntax.

use std::fmt::{self, Formatter, Write};

use super::{DecorationInfo, DecorationValue, Signedness, SpirvType, StructType};

/// Writes `ty` exactly as MLIR 22 prints it.
pub(super) fn write_type(f: &mut Formatter<'_>, ty: &SpirvType) -> fmt::Result {
    match ty {
        SpirvType::Integer { width, signedness } => {
            let prefix = match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            };
            write!(f, "{prefix}{width}")
        }
        SpirvType::Float(kind) => f.write_str(kind.keyword()),
        SpirvType::Index => f.write_str("index"),
        SpirvType::Void => f.write_str("none"),
        SpirvType::Vector { count, element } => write!(f, "vector<{count}x{element}>"),
        SpirvType::Pointer {
            pointee,
            storage_class,
        } => write!(f, "!spirv.ptr<{pointee}, {storage_class}>"),
        SpirvType::Array {
            count,
            element,
            stride,
        } => {
            write!(f, "!spirv.array<{count} x {element}")?;
            write_stride(f, *stride)?;
            f.write_char('>')
        }
        SpirvType::RuntimeArray { element, stride } => {
            write!(f, "!spirv.rtarray<{element}")?;
            write_stride(f, *stride)?;
            f.write_char('>')
        }
        SpirvType::Struct(st) => write_struct(f, st),
        SpirvType::StructRef(name) => write!(f, "!spirv.struct<{name}>"),
        SpirvType::Image(image) => write!(
            f,
            "!spirv.image<{}, {}, {}, {}, {}, {}, {}>",
            image.element,
            image.dim,
            image.depth,
            image.arrayed,
            image.sampling,
            image.sampler_use,
            image.format
        ),
        SpirvType::SampledImage(image) => write!(f, "!spirv.sampled_image<{image}>"),
        SpirvType::Sampler => f.write_str("!spirv.sampler"),
        SpirvType::Matrix {
            columns,
            column_type,
        } => write!(f, "!spirv.matrix<{columns} x {column_type}>"),
        SpirvType::CooperativeMatrix {
            element,
            rows,
            columns,
            scope,
            use_,
        } => write!(
            f,
            "!spirv.coopmatrix<{rows}x{columns}x{element}, {scope}, {use_}>"
        ),
        SpirvType::TensorArm { shape, element } => {
            f.write_str("!spirv.arm.tensor<")?;
            for dim in shape {
                match dim {
                    Some(size) => write!(f, "{size}x")?,
                    None => f.write_str("?x")?,
                }
            }
            write!(f, "{element}>")
        }
        SpirvType::Function { inputs, results } => {
            f.write_char('(')?;
            write_list(f, inputs)?;
            f.write_str(") -> ")?;
            // MLIR drops the parentheses around a single result unless that
            // result is itself a function type (which would be ambiguous).
            match results.as_slice() {
                [single] if !matches!(**single, SpirvType::Function { .. }) => {
                    write!(f, "{single}")
                }
                _ => {
                    f.write_char('(')?;
                    write_list(f, results)?;
                    f.write_char(')')
                }
            }
        }
        SpirvType::Other(text) => f.write_str(text),
    }
}

fn write_stride(f: &mut Formatter<'_>, stride: Option<u32>) -> fmt::Result {
    match stride {
        Some(stride) => write!(f, ", stride={stride}"),
        None => Ok(()),
    }
}

fn write_list<T: fmt::Display>(f: &mut Formatter<'_>, items: &[T]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

fn write_struct(f: &mut Formatter<'_>, st: &StructType) -> fmt::Result {
    f.write_str("!spirv.struct<")?;
    if let Some(name) = &st.identifier {
        write!(f, "{name}, ")?;
    }
    f.write_char('(')?;
    for (i, member) in st.members.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{}", member.ty)?;
        if member.offset.is_some() || !member.decorations.is_empty() {
            f.write_str(" [")?;
            let mut first = true;
            if let Some(offset) = member.offset {
                write!(f, "{offset}")?;
                first = false;
            }
            for decoration in &member.decorations {
                if !first {
                    f.write_str(", ")?;
                }
                first = false;
                write!(f, "{decoration}")?;
            }
            f.write_char(']')?;
        }
    }
    f.write_char(')')?;
    for decoration in &st.decorations {
        write!(f, ", {decoration}")?;
    }
    f.write_char('>')
}

impl fmt::Display for DecorationInfo {
    /// Prints `Name` or `Name=value`, as inside struct types.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(self.decoration.name())?;
        match &self.value {
            Some(value) => write!(f, "={value}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for DecorationValue {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Self::Integer(value) => write!(f, "{value}"),
            Self::Bool(value) => write!(f, "{value}"),
            Self::Other(text) => f.write_str(text),
        }
    }
}

impl fmt::Display for StructType {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_struct(f, self)
    }
}
