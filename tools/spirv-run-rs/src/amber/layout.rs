//! AmberScript data types (`int8` .. `double`, `vecN<T>`, `matCxR<T>`,
//! `STRUCT`s, `T[]`, and plain-data image formats such as
//! `R32G32B32A32_SFLOAT`) and their memory layout: where each scalar of one
//! buffer element lies, by the Vulkan rules of `STD140` and `STD430`
//! (Vulkan spec, "Offset and Stride Assignment").

use std::rc::Rc;

/// A scalar type of a buffer field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    /// `int8`.
    I8,
    /// `int16`.
    I16,
    /// `int32`.
    I32,
    /// `int64`.
    I64,
    /// `uint8`.
    U8,
    /// `uint16`.
    U16,
    /// `uint32`.
    U32,
    /// `uint64`.
    U64,
    /// `float16`.
    F16,
    /// `float`.
    F32,
    /// `double`.
    F64,
}

/// Amber's scalar type names and what they are (data, not code).
const SCALARS: &[(&str, Scalar)] = &[
    ("int8", Scalar::I8),
    ("int16", Scalar::I16),
    ("int32", Scalar::I32),
    ("int64", Scalar::I64),
    ("uint8", Scalar::U8),
    ("uint16", Scalar::U16),
    ("uint32", Scalar::U32),
    ("uint64", Scalar::U64),
    ("float16", Scalar::F16),
    ("float", Scalar::F32),
    ("double", Scalar::F64),
];

impl Scalar {
    /// The scalar named `name` in Amber (`int32`, `float`, ...).
    pub fn named(name: &str) -> Option<Self> {
        SCALARS.iter().find(|(known, _)| *known == name).map(|(_, scalar)| *scalar)
    }

    /// Its size in bytes.
    pub fn bytes(self) -> u32 {
        match self {
            Self::I8 | Self::U8 => 1,
            Self::I16 | Self::U16 | Self::F16 => 2,
            Self::I32 | Self::U32 | Self::F32 => 4,
            Self::I64 | Self::U64 | Self::F64 => 8,
        }
    }

    /// Whether it is a floating-point type.
    pub fn is_float(self) -> bool {
        matches!(self, Self::F16 | Self::F32 | Self::F64)
    }

    /// Whether it is a signed integer type.
    pub fn is_signed(self) -> bool {
        matches!(self, Self::I8 | Self::I16 | Self::I32 | Self::I64)
    }
}

/// A type of buffer data.
#[derive(Debug, Clone, PartialEq)]
pub enum Type {
    /// One scalar.
    Scalar(Scalar),
    /// `vecN<T>`.
    Vector(Scalar, u32),
    /// `matCxR<T>`: C columns of R rows, column-major.
    Matrix {
        /// The element type.
        scalar: Scalar,
        /// C.
        columns: u32,
        /// R.
        rows: u32,
    },
    /// A `STRUCT` of the script.
    Struct(Rc<StructType>),
}

/// A `STRUCT name [STRIDE n] ... END` definition.
#[derive(Debug, Clone, PartialEq)]
pub struct StructType {
    /// Its name in the script.
    pub name: String,
    /// The members, in order.
    pub members: Vec<Member>,
    /// `STRIDE`: the struct's size as an array element, when given.
    pub stride: Option<u32>,
}

/// One member of a [`StructType`].
#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    /// Its name.
    pub name: String,
    /// Its type.
    pub ty: Type,
    /// `OFFSET`: its byte offset, when given.
    pub offset: Option<u32>,
    /// `MATRIX_STRIDE`, for a matrix member.
    pub matrix_stride: Option<u32>,
}

/// `STD140` (uniform blocks) or `STD430` (storage blocks, push constants;
/// Amber's default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// `STD140`: arrays, matrix columns and structs rounded up to 16 bytes.
    Std140,
    /// `STD430`.
    #[default]
    Std430,
}

/// One scalar of an element: where it lies and what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// Byte offset from the element's start.
    pub offset: u32,
    /// Its type.
    pub scalar: Scalar,
}

/// The layout of a buffer's elements: the scalars of one element, in the
/// order values are written (`DATA`, `EXPECT`), and the element stride.
#[derive(Debug, Clone, PartialEq)]
pub struct Format {
    /// The scalars of one element.
    pub fields: Vec<Field>,
    /// Bytes from one element to the next.
    pub stride: u32,
    /// The type as written, for messages.
    pub name: String,
}

fn round_up(value: u32, to: u32) -> u32 {
    value.div_ceil(to.max(1)) * to.max(1)
}

/// The base alignment of a vector of `count` scalars (a vec3 aligns as a vec4).
fn vector_alignment(scalar: Scalar, count: u32) -> u32 {
    scalar.bytes() * if count == 3 { 4 } else { count }
}

/// Alignment of `ty` in `layout` (std140 rounds matrices and structs up to 16).
fn alignment(ty: &Type, layout: Layout) -> u32 {
    let rounded = |align: u32| if layout == Layout::Std140 { round_up(align, 16) } else { align };
    match ty {
        Type::Scalar(scalar) => scalar.bytes(),
        Type::Vector(scalar, count) => vector_alignment(*scalar, *count),
        Type::Matrix { scalar, rows, .. } => rounded(vector_alignment(*scalar, *rows)),
        Type::Struct(def) => rounded(def.members.iter().map(|member| alignment(&member.ty, layout)).max().unwrap_or(1)),
    }
}

/// Appends the fields of `ty` placed at `base`; returns its size in bytes.
fn place(ty: &Type, layout: Layout, base: u32, matrix_stride: Option<u32>, fields: &mut Vec<Field>) -> u32 {
    match ty {
        Type::Scalar(scalar) => {
            fields.push(Field { offset: base, scalar: *scalar });
            scalar.bytes()
        }
        Type::Vector(scalar, count) => {
            for index in 0..*count {
                fields.push(Field { offset: base + index * scalar.bytes(), scalar: *scalar });
            }
            count * scalar.bytes()
        }
        Type::Matrix { scalar, columns, rows } => {
            let column_stride = matrix_stride.unwrap_or_else(|| alignment(ty, layout));
            for column in 0..*columns {
                place(&Type::Vector(*scalar, *rows), layout, base + column * column_stride, None, fields);
            }
            columns * column_stride
        }
        Type::Struct(def) => {
            let mut end = 0;
            for member in &def.members {
                let offset = member.offset.unwrap_or_else(|| round_up(end, alignment(&member.ty, layout)));
                let size = place(&member.ty, layout, base + offset, member.matrix_stride, fields);
                end = end.max(offset + size);
            }
            def.stride.unwrap_or_else(|| round_up(end, alignment(ty, layout)))
        }
    }
}

impl Format {
    /// The layout of `ty` (an array of it when `array`) in `layout`.
    pub fn of(ty: &Type, array: bool, layout: Layout, name: &str) -> Self {
        let mut fields = Vec::new();
        let size = place(ty, layout, 0, None, &mut fields);
        let align = alignment(ty, layout);
        // An element is padded to its alignment (a vec3 takes 16 bytes, as
        // in Amber); array elements in std140 to a multiple of 16.
        let mut stride = round_up(size, align);
        if array && layout == Layout::Std140 {
            stride = round_up(stride, 16);
        }
        Self { fields, stride: stride.max(1), name: name.to_owned() }
    }

    /// An image format (`R32G32B32A32_SFLOAT`, `R8_UINT`, `B8G8R8A8_UNORM`)
    /// as `amber` lays out its data: its components in the order named,
    /// each a scalar of its size: normalized, scaled and sRGB components are
    /// integers (unsigned or signed as the format), so `DATA` and `EXPECT`
    /// give the raw values (255 for a UNORM 1.0); a packed format
    /// (`A2B10G10R10_UNORM_PACK32`) is one unsigned integer of its pack
    /// size. `Err` says why another format (compressed, components of 4, 5,
    /// 10 or 24 bits unpacked, depth and stencil together) has no such layout.
    pub fn image(name: &str) -> Result<Self, String> {
        let not_plain = || format!("format {name} has no data layout here (compressed, or components of odd sizes)");
        let whole = |scalar: Scalar| Self {
            fields: vec![Field { offset: 0, scalar }],
            stride: scalar.bytes(),
            name: name.to_owned(),
        };
        if let Some((_, pack)) = name.rsplit_once("_PACK") {
            return match pack {
                "8" => Ok(whole(Scalar::U8)),
                "16" => Ok(whole(Scalar::U16)),
                "32" => Ok(whole(Scalar::U32)),
                _ => Err(not_plain()),
            };
        }
        let (components, mode) = name.rsplit_once('_').ok_or_else(not_plain)?;
        let mut fields = Vec::new();
        let mut offset = 0;
        let mut rest = components;
        while !rest.is_empty() {
            let mut chars = rest.chars();
            let channel = chars.next().ok_or_else(not_plain)?;
            if !"RGBADX".contains(channel) {
                return Err(not_plain());
            }
            let digits: String = chars.take_while(char::is_ascii_digit).collect();
            let bits: u32 = digits.parse().map_err(|_| not_plain())?;
            let scalar = match (mode, bits) {
                ("UINT" | "UNORM" | "USCALED" | "SRGB", 8) => Scalar::U8,
                ("UINT" | "UNORM" | "USCALED", 16) => Scalar::U16,
                ("UINT", 32) => Scalar::U32,
                ("UINT", 64) => Scalar::U64,
                ("SINT" | "SNORM" | "SSCALED", 8) => Scalar::I8,
                ("SINT" | "SNORM" | "SSCALED", 16) => Scalar::I16,
                ("SINT", 32) => Scalar::I32,
                ("SINT", 64) => Scalar::I64,
                ("SFLOAT", 16) => Scalar::F16,
                ("SFLOAT", 32) => Scalar::F32,
                ("SFLOAT", 64) => Scalar::F64,
                _ => return Err(not_plain()),
            };
            fields.push(Field { offset, scalar });
            offset += scalar.bytes();
            rest = &rest[1 + digits.len()..];
        }
        if fields.is_empty() {
            return Err(not_plain());
        }
        Ok(Self { fields, stride: offset, name: name.to_owned() })
    }

    /// The runner's texel format of data laid out so, for binding it as an
    /// image or texel buffer: the format it names (`R8G8B8A8_UNORM`), or
    /// for a data type the format of the same bytes (`float` is
    /// `R32_SFLOAT`, `vec4<int32>` `R32G32B32A32_SINT`, as `amber` picks);
    /// `None` when the runner has no such format (`vec3<float>`, `R64_UINT`).
    pub fn texel(&self) -> Option<spirv_run::Format> {
        if let Some(format) = spirv_run::Format::from_name(&self.name) {
            return Some(format);
        }
        let first = self.fields.first()?.scalar;
        let contiguous = self
            .fields
            .iter()
            .enumerate()
            .all(|(index, field)| field.scalar == first && field.offset == index as u32 * first.bytes());
        if !contiguous || self.stride != self.fields.len() as u32 * first.bytes() || self.fields.len() > 4 {
            return None;
        }
        let bits = first.bytes() * 8;
        let channels: String =
            "RGBA".chars().take(self.fields.len()).map(|channel| format!("{channel}{bits}")).collect();
        let mode = if first.is_float() {
            "SFLOAT"
        } else if first.is_signed() {
            "SINT"
        } else {
            "UINT"
        };
        spirv_run::Format::from_name(&format!("{channels}_{mode}"))
    }
}

/// A type name of Amber's data types without `[]`: a scalar, `vecN<T>` or
/// `matCxR<T>` (structs are looked up by the caller).
pub fn builtin_type(name: &str) -> Option<Type> {
    if let Some(scalar) = Scalar::named(name) {
        return Some(Type::Scalar(scalar));
    }
    let (head, inner) = name.strip_suffix('>')?.split_once('<')?;
    let scalar = Scalar::named(inner)?;
    let dimension = |text: &str| text.parse::<u32>().ok().filter(|value| (2..=4).contains(value));
    if let Some(count) = head.strip_prefix("vec") {
        return Some(Type::Vector(scalar, dimension(count)?));
    }
    let (columns, rows) = head.strip_prefix("mat")?.split_once('x')?;
    Some(Type::Matrix { scalar, columns: dimension(columns)?, rows: dimension(rows)? })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn format(name: &str, array: bool, layout: Layout) -> Format {
        Format::of(&builtin_type(name).unwrap(), array, layout, name)
    }

    fn offsets(format: &Format) -> Vec<u32> {
        format.fields.iter().map(|field| field.offset).collect()
    }

    #[test]
    fn vectors_and_scalars() {
        assert_eq!(format("int32", false, Layout::Std430).stride, 4);
        assert_eq!(format("int32", true, Layout::Std140).stride, 16);
        assert_eq!(format("uint8", true, Layout::Std430).stride, 1);
        assert_eq!(format("vec3<float>", false, Layout::Std430).stride, 16);
        assert_eq!(format("vec2<double>", true, Layout::Std140).stride, 16);
        assert_eq!(format("vec2<float>", true, Layout::Std430).stride, 8);
        assert_eq!(format("vec2<float>", true, Layout::Std140).stride, 16);
    }

    #[test]
    fn matrices() {
        let mat = format("mat2x2<float>", false, Layout::Std430);
        assert_eq!((offsets(&mat), mat.stride), (vec![0, 4, 8, 12], 16));
        let mat = format("mat2x2<float>", false, Layout::Std140);
        assert_eq!((offsets(&mat), mat.stride), (vec![0, 4, 16, 20], 32));
        let mat = format("mat2x3<float>", false, Layout::Std430);
        assert_eq!((offsets(&mat), mat.stride), (vec![0, 4, 8, 16, 20, 24], 32));
    }

    #[test]
    fn structs() {
        let def = StructType {
            name: "s".into(),
            members: vec![
                Member { name: "a".into(), ty: Type::Scalar(Scalar::F32), offset: None, matrix_stride: None },
                Member { name: "b".into(), ty: Type::Vector(Scalar::F32, 3), offset: None, matrix_stride: None },
                Member { name: "c".into(), ty: Type::Scalar(Scalar::U32), offset: None, matrix_stride: None },
                Member { name: "d".into(), ty: Type::Scalar(Scalar::U8), offset: Some(40), matrix_stride: None },
            ],
            stride: None,
        };
        let ty = Type::Struct(Rc::new(def));
        let layout = Format::of(&ty, true, Layout::Std430, "s");
        assert_eq!((offsets(&layout), layout.stride), (vec![0, 16, 20, 24, 28, 40], 48));
    }

    #[test]
    fn image_formats() {
        let rgba = Format::image("R32G32B32A32_SFLOAT").unwrap();
        assert_eq!((offsets(&rgba), rgba.stride), (vec![0, 4, 8, 12], 16));
        assert_eq!(Format::image("R8G8_SINT").unwrap().stride, 2);
        // Normalized and sRGB components are their raw integers, as amber reads them.
        let bgra = Format::image("B8G8R8A8_UNORM").unwrap();
        assert_eq!((bgra.fields[0].scalar, bgra.stride), (Scalar::U8, 4));
        assert_eq!(Format::image("R16G16_SNORM").unwrap().fields[1].scalar, Scalar::I16);
        let packed = Format::image("A2B10G10R10_UINT_PACK32").unwrap();
        assert_eq!((packed.fields.len(), packed.fields[0].scalar), (1, Scalar::U32));
        assert!(Format::image("D32_SFLOAT_S8_UINT").is_err());
        assert!(Format::image("BC1_RGB_UNORM_BLOCK").is_err());
    }

    #[test]
    fn texel_formats() {
        let texel = |name: &str| format(name, false, Layout::Std430).texel().map(|format| format.name);
        assert_eq!(texel("float"), Some("R32_SFLOAT"));
        assert_eq!(texel("vec4<int32>"), Some("R32G32B32A32_SINT"));
        assert_eq!(texel("vec2<uint8>"), Some("R8G8_UINT"));
        assert_eq!(texel("vec3<float>"), None);
        assert_eq!(Format::image("R8G8B8A8_UNORM").unwrap().texel().map(|format| format.name), Some("R8G8B8A8_UNORM"));
        // 64-bit integer texels (Int64ImageEXT) are image formats too.
        assert_eq!(Format::image("R64_UINT").unwrap().texel().map(|format| format.name), Some("R64_UINT"));
        assert_eq!(Format::image("R64G64_UINT").unwrap().texel(), None);
        // Every format the runner's images have is a BUFFER FORMAT of that same format.
        for known in spirv_run::image::FORMATS.iter().chain(spirv_run::image::SAMPLED_ONLY_FORMATS) {
            let format = Format::image(known.name).unwrap();
            assert_eq!(format.stride as usize, known.texel_size(), "{}", known.name);
            assert_eq!(format.texel(), Some(*known));
        }
    }
}
