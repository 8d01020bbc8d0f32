//! Storage images and texel buffers (docs/abi.md, "Images"): the texel
//! formats, the conversions between a format's bytes and the four 32-bit
//! components a shader reads and writes, and the [`Image`] a host binds.
//!
//! The compiled code calls three functions the runner provides
//! (`__spvabi_image_read`, `__spvabi_image_write`, `__spvabi_image_size`;
//! their `extern "C"` shims are in jit.rs, the JIT edge). Everything they do
//! besides touching the texel memory is here, as safe code: the format
//! switch, the bounds (robustImageAccess2: an out-of-bounds read gives zero
//! with a missing alpha of one, an out-of-bounds write does nothing), and
//! the rounding of normalized formats.

/// How a format's channels are numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumericClass {
    /// Unsigned normalized: `v / (2^b - 1)`.
    Unorm,
    /// Signed normalized: `max(v / (2^(b-1) - 1), -1)`.
    Snorm,
    /// Unsigned integer.
    Uint,
    /// Signed integer.
    Sint,
    /// IEEE float (16 or 32 bits).
    Float,
}

impl NumericClass {
    /// What a shader reads from it: 0 floats, 1 integers (the `sampled
    /// type` field of docs/abi.md's image word; SPIR-V's integer types as
    /// the importer reads them carry no sign, the declared format does).
    pub fn sampled_type(self) -> u32 {
        match self {
            Self::Unorm | Self::Snorm | Self::Float => 0,
            Self::Sint | Self::Uint => 1,
        }
    }
}

/// A texel format: SPIR-V's `Image Format` number (what a shader declares
/// and what the descriptor holds), Vulkan's name, and the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Format {
    /// SPIR-V's `Image Format` (`Rgba8` is 4).
    pub spirv: u32,
    /// The Vulkan format name without `VK_FORMAT_`.
    pub name: &'static str,
    /// The bits of each channel (R, G, B, A), from the least significant bit
    /// of the little-endian texel; 0 past the last channel.
    pub bits: [u32; 4],
    /// How the channels are numbers.
    pub class: NumericClass,
    /// sRGB: R, G and B are decoded to linear values on reads (Vulkan's
    /// `*_SRGB` formats; written back encoded).
    pub srgb: bool,
    /// The first channel in memory is B and the third R (`B8G8R8A8_*`).
    pub bgr: bool,
}

use NumericClass::{Float, Sint, Snorm, Uint, Unorm};

const fn format(spirv: u32, name: &'static str, bits: [u32; 4], class: NumericClass) -> Format {
    Format { spirv, name, bits, class, srgb: false, bgr: false }
}

/// An image atomic on 32-bit texels (`__spvabi_image_atomic`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AtomicOp {
    Exchange,
    Add,
    Sub,
    And,
    Or,
    Xor,
    SMax,
    SMin,
    UMax,
    UMin,
    FAdd,
    /// SPV_EXT_shader_atomic_float_min_max's: of a NaN and a number, the
    /// number (as IEEE 754's minNum/maxNum; Rust's `f32::min`/`max`).
    FMax,
    FMin,
    CompareExchange,
}

impl AtomicOp {
    /// The operation `code` (LLVM's `AtomicBinOp`, 16 a compare-exchange)
    /// on a texel of `format`: `R32_UINT` and `R32_SINT` take them all but
    /// the float ones, `R32_SFLOAT` exchanges, compare-exchanges, adds and
    /// takes minima and maxima (SPV_EXT_shader_atomic_float_min_max);
    /// `None` otherwise (Vulkan's image atomics are on these formats).
    pub(crate) fn new(format: Format, code: i32) -> Option<Self> {
        let op = match code {
            0 => Self::Exchange,
            1 => Self::Add,
            2 => Self::Sub,
            3 => Self::And,
            5 => Self::Or,
            6 => Self::Xor,
            7 => Self::SMax,
            8 => Self::SMin,
            9 => Self::UMax,
            10 => Self::UMin,
            11 => Self::FAdd,
            13 => Self::FMax,
            14 => Self::FMin,
            16 => Self::CompareExchange,
            _ => return None,
        };
        match format.spirv {
            24 | 33 | 40 | 41 if !matches!(op, Self::FAdd | Self::FMax | Self::FMin) => Some(op),
            3 if matches!(op, Self::Exchange | Self::CompareExchange | Self::FAdd | Self::FMax | Self::FMin) => Some(op),
            _ => None,
        }
    }

    /// The new 32-bit texel from the old one, or `None` to leave it (a
    /// failed compare-exchange).
    pub(crate) fn apply(self, old: u32, value: u32, comparator: u32) -> Option<u32> {
        match self {
            Self::FAdd => return Some((f32::from_bits(old) + f32::from_bits(value)).to_bits()),
            Self::FMax => return Some(f32::from_bits(old).max(f32::from_bits(value)).to_bits()),
            Self::FMin => return Some(f32::from_bits(old).min(f32::from_bits(value)).to_bits()),
            _ => {}
        }
        // The signed ones compare the words sign-extended; the rest keep the low 32 bits.
        let wide = |word: u32| word as i32 as i64 as u64;
        self.apply_wide(wide(old), wide(value), wide(comparator)).map(|new| new as u32)
    }

    /// [`Self::apply`] on a 64-bit texel (`R64_UINT`, `R64_SINT`).
    pub(crate) fn apply_wide(self, old: u64, value: u64, comparator: u64) -> Option<u64> {
        Some(match self {
            Self::Exchange => value,
            Self::Add => old.wrapping_add(value),
            Self::Sub => old.wrapping_sub(value),
            Self::And => old & value,
            Self::Or => old | value,
            Self::Xor => old ^ value,
            Self::SMax => (old as i64).max(value as i64) as u64,
            Self::SMin => (old as i64).min(value as i64) as u64,
            Self::UMax => old.max(value),
            Self::UMin => old.min(value),
            Self::FAdd => (f64::from_bits(old) + f64::from_bits(value)).to_bits(),
            Self::FMax => f64::from_bits(old).max(f64::from_bits(value)).to_bits(),
            Self::FMin => f64::from_bits(old).min(f64::from_bits(value)).to_bits(),
            Self::CompareExchange if old == comparator => value,
            Self::CompareExchange => return None,
        })
    }
}

/// The texel kind (bits 8-11) of an OpenCL image's word: any, the
/// format's (docs/abi.md, "OpenCL images and samplers").
pub const OPENCL_SAMPLED_TYPE: u32 = 0xf;

/// The first number of the formats no shader can declare (sampled only):
/// SPIR-V's `Image Format` ends far below it.
pub const SAMPLED_ONLY_BASE: u32 = 256;

/// Formats a shader cannot declare, which sampled images can have: sRGB,
/// BGRA and depth formats, numbered from [`SAMPLED_ONLY_BASE`] for the
/// descriptor (docs/abi.md).
pub const SAMPLED_ONLY_FORMATS: &[Format] = &[
    Format { srgb: true, ..format(256, "R8G8B8A8_SRGB", [8, 8, 8, 8], Unorm) },
    Format { bgr: true, ..format(257, "B8G8R8A8_UNORM", [8, 8, 8, 8], Unorm) },
    Format { srgb: true, bgr: true, ..format(258, "B8G8R8A8_SRGB", [8, 8, 8, 8], Unorm) },
    Format { srgb: true, ..format(259, "R8_SRGB", [8, 0, 0, 0], Unorm) },
    Format { srgb: true, ..format(260, "R8G8_SRGB", [8, 8, 0, 0], Unorm) },
    format(261, "D16_UNORM", [16, 0, 0, 0], Unorm),
    format(262, "D32_SFLOAT", [32, 0, 0, 0], Float),
    // R, G, B mantissas of 9 bits, then their shared 5-bit exponent.
    format(SHARED_EXPONENT, "E5B9G9R9_UFLOAT_PACK32", [9, 9, 9, 5], Float),
];

/// The number of `E5B9G9R9_UFLOAT_PACK32` (three 9-bit mantissas and a
/// shared exponent: Vulkan's "Shared Exponent" conversions), which only a
/// sampled image can have.
pub const SHARED_EXPONENT: u32 = 263;

/// Every format an image or texel buffer can have: the storage-image and
/// texel-buffer formats a SPIR-V shader can name (SPIR-V's `Image Format`),
/// each with its Vulkan format.
pub const FORMATS: &[Format] = &[
    format(1, "R32G32B32A32_SFLOAT", [32, 32, 32, 32], Float),
    format(2, "R16G16B16A16_SFLOAT", [16, 16, 16, 16], Float),
    format(3, "R32_SFLOAT", [32, 0, 0, 0], Float),
    format(4, "R8G8B8A8_UNORM", [8, 8, 8, 8], Unorm),
    format(5, "R8G8B8A8_SNORM", [8, 8, 8, 8], Snorm),
    format(6, "R32G32_SFLOAT", [32, 32, 0, 0], Float),
    format(7, "R16G16_SFLOAT", [16, 16, 0, 0], Float),
    format(8, "B10G11R11_UFLOAT_PACK32", [11, 11, 10, 0], Float),
    format(9, "R16_SFLOAT", [16, 0, 0, 0], Float),
    format(10, "R16G16B16A16_UNORM", [16, 16, 16, 16], Unorm),
    format(11, "A2B10G10R10_UNORM_PACK32", [10, 10, 10, 2], Unorm),
    format(12, "R16G16_UNORM", [16, 16, 0, 0], Unorm),
    format(13, "R8G8_UNORM", [8, 8, 0, 0], Unorm),
    format(14, "R16_UNORM", [16, 0, 0, 0], Unorm),
    format(15, "R8_UNORM", [8, 0, 0, 0], Unorm),
    format(16, "R16G16B16A16_SNORM", [16, 16, 16, 16], Snorm),
    format(17, "R16G16_SNORM", [16, 16, 0, 0], Snorm),
    format(18, "R8G8_SNORM", [8, 8, 0, 0], Snorm),
    format(19, "R16_SNORM", [16, 0, 0, 0], Snorm),
    format(20, "R8_SNORM", [8, 0, 0, 0], Snorm),
    format(21, "R32G32B32A32_SINT", [32, 32, 32, 32], Sint),
    format(22, "R16G16B16A16_SINT", [16, 16, 16, 16], Sint),
    format(23, "R8G8B8A8_SINT", [8, 8, 8, 8], Sint),
    format(24, "R32_SINT", [32, 0, 0, 0], Sint),
    format(25, "R32G32_SINT", [32, 32, 0, 0], Sint),
    format(26, "R16G16_SINT", [16, 16, 0, 0], Sint),
    format(27, "R8G8_SINT", [8, 8, 0, 0], Sint),
    format(28, "R16_SINT", [16, 0, 0, 0], Sint),
    format(29, "R8_SINT", [8, 0, 0, 0], Sint),
    format(30, "R32G32B32A32_UINT", [32, 32, 32, 32], Uint),
    format(31, "R16G16B16A16_UINT", [16, 16, 16, 16], Uint),
    format(32, "R8G8B8A8_UINT", [8, 8, 8, 8], Uint),
    format(33, "R32_UINT", [32, 0, 0, 0], Uint),
    format(34, "A2B10G10R10_UINT_PACK32", [10, 10, 10, 2], Uint),
    format(35, "R32G32_UINT", [32, 32, 0, 0], Uint),
    format(36, "R16G16_UINT", [16, 16, 0, 0], Uint),
    format(37, "R8G8_UINT", [8, 8, 0, 0], Uint),
    format(38, "R16_UINT", [16, 0, 0, 0], Uint),
    format(39, "R8_UINT", [8, 0, 0, 0], Uint),
    // One 64-bit channel (Int64ImageEXT): its low and high words are
    // components 0 and 1 of what the host functions pass.
    format(40, "R64_UINT", [64, 0, 0, 0], Uint),
    format(41, "R64_SINT", [64, 0, 0, 0], Sint),
];

/// [`FORMATS`] indexed by their SPIR-V number.
const BY_SPIRV: [Option<Format>; 42] = {
    let mut table = [None; 42];
    let mut index = 0;
    while index < FORMATS.len() {
        table[FORMATS[index].spirv as usize] = Some(FORMATS[index]);
        index += 1;
    }
    table
};

impl Format {
    /// The format of SPIR-V `Image Format` `spirv`.
    /// (or a number of [`SAMPLED_ONLY_FORMATS`]).
    pub fn from_spirv(spirv: u32) -> Option<Self> {
        // Indexed, not searched: every texel access looks its format up.
        if let Some(index) = spirv.checked_sub(SAMPLED_ONLY_BASE) {
            return SAMPLED_ONLY_FORMATS.get(index as usize).copied();
        }
        BY_SPIRV.get(spirv as usize).copied().flatten()
    }

    /// The format named `name` (Vulkan's name, without `VK_FORMAT_`, any case).
    pub fn from_name(name: &str) -> Option<Self> {
        FORMATS.iter().chain(SAMPLED_ONLY_FORMATS).copied().find(|format| format.name.eq_ignore_ascii_case(name))
    }

    /// Whether a storage image or texel buffer can have it (a shader can
    /// declare it); the others are for sampled images only.
    pub fn storage(self) -> bool {
        self.spirv < SAMPLED_ONLY_BASE
    }

    /// SPIR-V's Image Channel Data Type and Image Channel Order of the
    /// format, what `OpImageQueryFormat` and `OpImageQueryOrder` give
    /// (OpenCL's `get_image_channel_data_type` and `_order` less
    /// `CL_SNORM_INT8` and `CL_R`): RGBA, RG, R, BGRA, their sRGB forms,
    /// Depth. `A2B10G10R10_UINT_PACK32` has no OpenCL counterpart and
    /// reports `UnsignedInt32`.
    pub fn channel_info(self) -> (u32, u32) {
        let packed = self.bits[0] == 10;
        let data_type = match (self.class, self.bits[0]) {
            (Unorm, _) if packed => 16,
            (Uint, _) if packed => 12,
            (Snorm, 8) => 0,
            (Snorm, _) => 1,
            (Unorm, 8) => 2,
            (Unorm, _) => 3,
            (Sint, 8) => 7,
            (Sint, 16) => 8,
            (Sint, _) => 9,
            (Uint, 8) => 10,
            (Uint, 16) => 11,
            (Uint, _) => 12,
            (Float, 16) => 13,
            (Float, _) => 14,
        };
        let order = match (self.channels(), self.bgr, self.srgb) {
            _ if self.is_depth() => 13,
            (4, true, true) => 18,
            (4, true, false) => 6,
            (4, false, true) => 17,
            (4, false, false) => 5,
            (2, ..) => 2,
            _ => 0,
        };
        (data_type, order)
    }

    /// Whether it is a depth format (`D16_UNORM`, `D32_SFLOAT`).
    pub fn is_depth(self) -> bool {
        self.name.starts_with('D')
    }

    /// Whether its channel is 64 bits wide (`R64_UINT`, `R64_SINT`): the
    /// host functions pass its low and high words as components 0 and 1.
    pub fn wide(self) -> bool {
        self.bits[0] == 64
    }

    /// How many channels it has (3 for the shared-exponent format, whose
    /// fourth field is the exponent).
    pub fn channels(self) -> usize {
        if self.spirv == SHARED_EXPONENT {
            return 3;
        }
        self.bits.iter().take_while(|&&bits| bits != 0).count()
    }

    /// Bytes per texel.
    pub fn texel_size(self) -> usize {
        (self.bits.iter().sum::<u32>() / 8) as usize
    }

    /// The four 32-bit components a shader reads from `texel` (its
    /// `texel_size()` bytes): floats as their bits, integers sign- or
    /// zero-extended; a missing G or B is 0, a missing A is 1.
    pub fn decode(self, texel: &[u8]) -> [u32; 4] {
        if self.class == Unorm && self.bits[0] == 8 && !self.srgb {
            // 8-bit UNORM channels (one a byte), the most common texels: the
            // table holds the same quotients as the division below, and the
            // missing channels are `missing()`'s (bench-kernels' blur).
            let channel = |index: usize| match texel.get(index) {
                Some(&byte) => UNORM8[usize::from(byte)],
                None if index == 3 => 1.0f32.to_bits(),
                None => 0,
            };
            let mut out = [channel(0), channel(1), channel(2), channel(3)];
            if self.bgr {
                out.swap(0, 2);
            }
            return out;
        }
        let mut out = self.missing();
        let mut word = [0u8; 16];
        word[..texel.len()].copy_from_slice(texel);
        let word = u128::from_le_bytes(word);
        if self.spirv == SHARED_EXPONENT {
            let [red, green, blue] = shared_exponent_to_floats(word as u32);
            return [red.to_bits(), green.to_bits(), blue.to_bits(), out[3]];
        }
        if self.wide() {
            // The 64-bit channel's low and high words (the lowering's i64).
            return [word as u32, (word >> 32) as u32, 0, 0];
        }
        let mut shift = 0;
        for (channel, &bits) in self.bits.iter().enumerate().take(self.channels()) {
            let raw = ((word >> shift) as u64 & mask(bits)) as u32;
            shift += bits;
            out[channel] = match self.class {
                Unorm => (raw as f32 / mask(bits) as f32).to_bits(),
                Snorm => {
                    let max = (1u64 << (bits - 1)) - 1;
                    (sign_extend(raw, bits) as f32 / max as f32).max(-1.0).to_bits()
                }
                Uint => raw,
                Sint => sign_extend(raw, bits) as u32,
                Float if bits == 16 => half_to_float(raw as u16).to_bits(),
                Float if bits < 16 => small_float_to_float(raw, bits - 5).to_bits(),
                Float => raw,
            };
        }
        self.finish_decode(out)
    }

    /// The last steps of [`Self::decode`]: B and R swapped for BGRA
    /// formats, sRGB decoded to linear values.
    fn finish_decode(self, mut out: [u32; 4]) -> [u32; 4] {
        if self.bgr {
            out.swap(0, 2);
        }
        if self.srgb {
            for component in out.iter_mut().take(self.channels().min(3)) {
                *component = srgb_to_linear(f32::from_bits(*component)).to_bits();
            }
        }
        out
    }

    /// The `texel_size()` bytes of a texel written as `components`: floats
    /// to normalized values clamped and rounded to nearest (ties to even),
    /// to half precision rounded to nearest even; integers keep their low
    /// bits (Vulkan leaves an integer out of the format's range undefined).
    pub fn encode(self, mut components: [u32; 4], texel: &mut [u8]) {
        if self.srgb {
            for component in components.iter_mut().take(self.channels().min(3)) {
                *component = linear_to_srgb(f32::from_bits(*component)).to_bits();
            }
        }
        if self.bgr {
            components.swap(0, 2);
        }
        if self.spirv == SHARED_EXPONENT {
            let packed = floats_to_shared_exponent(std::array::from_fn(|c| f32::from_bits(components[c])));
            texel.copy_from_slice(&packed.to_le_bytes()[..texel.len()]);
            return;
        }
        if self.wide() {
            let value = u64::from(components[0]) | (u64::from(components[1]) << 32);
            texel.copy_from_slice(&value.to_le_bytes()[..texel.len()]);
            return;
        }
        let mut word: u128 = 0;
        let mut shift = 0;
        for (channel, &bits) in self.bits.iter().enumerate().take(self.channels()) {
            let value = components[channel];
            let raw: u64 = match self.class {
                Unorm => {
                    let float = f32::from_bits(value);
                    let clamped = if float.is_nan() { 0.0 } else { float.clamp(0.0, 1.0) };
                    (f64::from(clamped) * mask(bits) as f64).round_ties_even() as u64
                }
                Snorm => {
                    let float = f32::from_bits(value);
                    let clamped = if float.is_nan() { 0.0 } else { float.clamp(-1.0, 1.0) };
                    let max = ((1u64 << (bits - 1)) - 1) as f64;
                    (f64::from(clamped) * max).round_ties_even() as i64 as u64
                }
                Uint | Sint => u64::from(value),
                Float if bits == 16 => u64::from(float_to_half(f32::from_bits(value))),
                Float if bits < 16 => u64::from(float_to_small_float(f32::from_bits(value), bits - 5)),
                Float => u64::from(value),
            };
            word |= u128::from(raw & mask(bits)) << shift;
            shift += bits;
        }
        let bytes = word.to_le_bytes();
        texel.copy_from_slice(&bytes[..texel.len()]);
    }

    /// What a read gives for the channels the format lacks (and, with those
    /// zeroed, out of bounds): G and B 0, A 1 (1.0 for float formats).
    pub fn missing(self) -> [u32; 4] {
        let one = if self.class.sampled_type() == 0 { 1.0f32.to_bits() } else { 1 };
        let alpha = if self.channels() < 4 { one } else { 0 };
        [0, 0, 0, alpha]
    }
}

/// Every 8-bit UNORM value as the float bits [`Format::decode`] gives it
/// (`v / 255`, correctly rounded).
static UNORM8: [u32; 256] = {
    let mut table = [0; 256];
    let mut value = 0;
    while value < 256 {
        table[value] = (value as f32 / 255.0).to_bits();
        value += 1;
    }
    table
};

/// sRGB's transfer function, decoding (Vulkan's "sRGB EOTF").
pub fn srgb_to_linear(value: f32) -> f32 {
    if value <= 0.04045 { value / 12.92 } else { ((value + 0.055) / 1.055).powf(2.4) }
}

/// Its inverse, encoding a linear value.
pub fn linear_to_srgb(value: f32) -> f32 {
    if value.is_nan() {
        return 0.0;
    }
    let value = value.clamp(0.0, 1.0);
    if value <= 0.003_130_8 { value * 12.92 } else { 1.055 * value.powf(1.0 / 2.4) - 0.055 }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 }
}

fn sign_extend(raw: u32, bits: u32) -> i32 {
    let shift = 32 - bits;
    ((raw << shift) as i32) >> shift
}

/// An IEEE half to single precision (exact).
pub fn half_to_float(half: u16) -> f32 {
    let sign = u32::from(half >> 15) << 31;
    let exponent = u32::from((half >> 10) & 0x1f);
    let mantissa = u32::from(half & 0x3ff);
    let bits = match (exponent, mantissa) {
        (0, 0) => sign,
        // Subnormal: exact in single precision.
        (0, _) => {
            let magnitude = mantissa as f32 * 2f32.powi(-24);
            return if sign != 0 { -magnitude } else { magnitude };
        }
        (0x1f, 0) => sign | 0x7f80_0000,
        (0x1f, _) => sign | 0x7fc0_0000 | (mantissa << 13),
        _ => sign | ((exponent + 112) << 23) | (mantissa << 13),
    };
    f32::from_bits(bits)
}

/// The bias of the shared exponent and the bits of each mantissa of
/// `E5B9G9R9_UFLOAT_PACK32`.
const SHARED_BIAS: i32 = 15;
const SHARED_MANTISSA: i32 = 9;

/// The R, G and B of an `E5B9G9R9_UFLOAT_PACK32` texel (exact: each is its
/// 9-bit mantissa times 2^(exponent - 15 - 9); Vulkan's "Shared Exponent
/// to RGB").
pub fn shared_exponent_to_floats(texel: u32) -> [f32; 3] {
    let scale = 2f32.powi((texel >> 27) as i32 - SHARED_BIAS - SHARED_MANTISSA);
    std::array::from_fn(|channel| ((texel >> (9 * channel)) & 0x1ff) as f32 * scale)
}

/// R, G and B to an `E5B9G9R9_UFLOAT_PACK32` texel by Vulkan's "RGB to
/// Shared Exponent Conversion": each clamped to [0, the largest value]
/// (NaN to 0), the exponent from the largest, mantissas rounded to nearest.
pub fn floats_to_shared_exponent(rgb: [f32; 3]) -> u32 {
    let largest = f64::from((1u32 << SHARED_MANTISSA) - 1) / f64::from(1u32 << SHARED_MANTISSA) * 2f64.powi(31 - SHARED_BIAS);
    let clamped = rgb.map(|value| if value.is_nan() { 0.0 } else { f64::from(value).clamp(0.0, largest) });
    let max = clamped.iter().copied().fold(0.0, f64::max);
    // floor(log2(max)) for a positive value; -infinity (so the clamp) for 0.
    let floor_log2 = if max > 0.0 { max.log2().floor() as i32 } else { i32::MIN };
    let exponent = floor_log2.max(-SHARED_BIAS - 1) + 1 + SHARED_BIAS;
    let scale = |exponent: i32| 2f64.powi(exponent - SHARED_BIAS - SHARED_MANTISSA);
    let max_mantissa = (max / scale(exponent) + 0.5).floor();
    let exponent = if max_mantissa < f64::from(1u32 << SHARED_MANTISSA) { exponent } else { exponent + 1 };
    let mantissas = clamped.map(|value| (value / scale(exponent) + 0.5).floor() as u32 & 0x1ff);
    mantissas[0] | (mantissas[1] << 9) | (mantissas[2] << 18) | ((exponent as u32) << 27)
}

/// An unsigned float of 5 exponent bits and `mantissa_bits` (6 for the
/// 11-bit, 5 for the 10-bit channels of `B10G11R11_UFLOAT_PACK32`) to single
/// precision (exact; Vulkan's "Unsigned 11-Bit/10-Bit Floating-Point Numbers").
pub fn small_float_to_float(raw: u32, mantissa_bits: u32) -> f32 {
    let exponent = raw >> mantissa_bits;
    let mantissa = raw & ((1 << mantissa_bits) - 1);
    let scale = (1u32 << mantissa_bits) as f32;
    match exponent {
        0 => mantissa as f32 / scale * 2f32.powi(-14),
        31 if mantissa == 0 => f32::INFINITY,
        31 => f32::NAN,
        _ => (1.0 + mantissa as f32 / scale) * 2f32.powi(exponent as i32 - 15),
    }
}

/// Single precision to an unsigned float of 5 exponent bits and
/// `mantissa_bits`, rounded to nearest even: negative values (and -0,
/// -infinity) become 0, NaN a NaN, what rounds past the largest finite
/// value infinity (as to half precision).
pub fn float_to_small_float(float: f32, mantissa_bits: u32) -> u32 {
    let infinity = 31 << mantissa_bits;
    if float.is_nan() {
        return infinity | (1 << (mantissa_bits - 1));
    }
    if float <= 0.0 {
        return 0;
    }
    if float.is_infinite() {
        return infinity;
    }
    let bits = float.to_bits();
    let exponent = ((bits >> 23) & 0xff) as i32 - 127 + 15;
    let shift = 23 - mantissa_bits;
    let round = |value: u64, by: u32| -> u64 {
        if by >= 64 {
            return 0;
        }
        let kept = value >> by;
        let rest = value & ((1u64 << by) - 1);
        let half = 1u64 << (by - 1);
        if rest > half || (rest == half && kept & 1 == 1) { kept + 1 } else { kept }
    };
    let rounded = if exponent >= 1 {
        // A carry out of the mantissa raises the exponent: still right.
        round((u64::from(exponent as u32) << 23) | u64::from(bits & 0x7f_ffff), shift)
    } else {
        // Subnormal: the significand with its leading one, shifted down.
        round(u64::from((bits & 0x7f_ffff) | 0x80_0000), shift + (1 - exponent) as u32)
    };
    (rounded as u32).min(infinity)
}

/// Single to half precision, rounded to nearest even (overflow to infinity).
pub fn float_to_half(float: f32) -> u16 {
    let bits = float.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    if float.is_nan() {
        return sign | 0x7e00;
    }
    let magnitude = float.abs();
    if magnitude >= 65520.0 {
        return sign | 0x7c00;
    }
    if magnitude < 2f32.powi(-14) {
        // Subnormal or zero: a multiple of 2^-24, rounded to nearest even.
        let units = (f64::from(magnitude) * 2f64.powi(24)).round_ties_even() as u16;
        return sign | units;
    }
    let exponent = ((bits >> 23) & 0xff) as i32 - 127 + 15;
    let mantissa = bits & 0x7f_ffff;
    let mut half = ((exponent as u32) << 10) | (mantissa >> 13);
    let rest = mantissa & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && half & 1 == 1) {
        half += 1; // may carry into the exponent: still right (up to infinity)
    }
    sign | half as u16
}

/// SPIR-V's `Dim` of an image resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dim {
    /// `1D`.
    D1 = 0,
    /// `2D`.
    D2 = 1,
    /// `3D`.
    D3 = 2,
    /// `Buffer`: a texel buffer.
    Buffer = 5,
}

/// An image or texel buffer: its texels (level after level, each level's
/// layers one after another, rows and slices tightly packed) and how to
/// read them.
#[derive(Debug, Clone)]
pub struct Image {
    format: Format,
    dim: Dim,
    extent: [u32; 3],
    layers: u32,
    levels: u32,
    /// Samples per texel (1, or a multisampled 2D image's 2 to 64).
    samples: u32,
    texels: crate::jit::Lines,
    len: usize,
}

/// The extent of mip level `level` of an image of `extent`: each
/// dimension halved `level` times, at least 1.
pub fn level_extent(extent: [u32; 3], level: u32) -> [u32; 3] {
    extent.map(|size| size.checked_shr(level).unwrap_or(0).max(1))
}

/// How many mip levels a full chain of `extent` has.
pub fn full_chain(extent: [u32; 3]) -> u32 {
    extent.iter().copied().max().unwrap_or(1).max(1).ilog2() + 1
}

impl Image {
    /// An image of `format` and `extent` (width, height, depth; 1 where the
    /// dimension has none) with `layers` array layers, from `bytes` (tightly
    /// packed, layer after layer); `dim` follows the extent (3D when depth
    /// is above 1, 2D when height is, else 1D).
    ///
    /// # Errors
    ///
    /// The size of `bytes` does not match, or an extent is 0.
    pub fn new(format: Format, extent: [u32; 3], layers: u32, bytes: &[u8]) -> Result<Self, String> {
        Self::with_levels(format, extent, layers, 1, bytes)
    }

    /// As [`Image::new`], with `levels` mip levels: `bytes` holds level 0
    /// (its layers one after another), then level 1 (each dimension
    /// halved, at least 1), and so on.
    ///
    /// # Errors
    ///
    /// The size of `bytes` does not match, an extent is 0, or there are
    /// more levels than a full mip chain of the extent has.
    pub fn with_levels(format: Format, extent: [u32; 3], layers: u32, levels: u32, bytes: &[u8]) -> Result<Self, String> {
        let dim = if extent[2] > 1 {
            Dim::D3
        } else if extent[1] > 1 {
            Dim::D2
        } else {
            Dim::D1
        };
        if levels == 0 || levels > full_chain(extent) {
            return Err(format!(
                "{levels} mip levels: a {}x{}x{} image has 1 to {}",
                extent[0],
                extent[1],
                extent[2],
                full_chain(extent)
            ));
        }
        Self::with_dim(format, dim, extent, layers, levels, bytes)
    }

    /// A texel buffer of `format` holding `bytes` (a whole number of texels).
    ///
    /// # Errors
    ///
    /// `bytes` is not a whole number of texels, or holds none.
    pub fn texel_buffer(format: Format, bytes: &[u8]) -> Result<Self, String> {
        let size = format.texel_size();
        if bytes.is_empty() || !bytes.len().is_multiple_of(size) {
            return Err(format!(
                "{} bytes are not a whole number of {} texels ({size} bytes each)",
                bytes.len(),
                format.name
            ));
        }
        let count = u32::try_from(bytes.len() / size).map_err(|_| "more than 2^32 texels".to_owned())?;
        Self::with_dim(format, Dim::Buffer, [count, 1, 1], 1, 1, bytes)
    }

    /// The bytes of an image of `format`, `extent`, `layers` and `levels`
    /// (`None` past `u64`).
    pub fn size_of(format: Format, extent: [u32; 3], layers: u32, levels: u32) -> Option<u64> {
        (0..levels).try_fold(0u64, |total, level| {
            let texels = level_extent(extent, level)
                .iter()
                .chain(std::iter::once(&layers))
                .try_fold(format.texel_size() as u64, |size, &n| size.checked_mul(u64::from(n)))?;
            total.checked_add(texels)
        })
    }

    fn with_dim(format: Format, dim: Dim, extent: [u32; 3], layers: u32, levels: u32, bytes: &[u8]) -> Result<Self, String> {
        if extent.contains(&0) || layers == 0 {
            return Err(format!("an image of {}x{}x{} texels and {layers} layers is empty", extent[0], extent[1], extent[2]));
        }
        let expected = Self::size_of(format, extent, layers, levels);
        if expected != Some(bytes.len() as u64) {
            return Err(format!(
                "{} bytes, but {}x{}x{} texels of {} ({} bytes each) in {layers} layer(s){} are {} bytes",
                bytes.len(),
                extent[0],
                extent[1],
                extent[2],
                format.name,
                format.texel_size(),
                if levels > 1 { format!(" and {levels} mip levels") } else { String::new() },
                expected.map_or_else(|| "too many".to_owned(), |size| size.to_string())
            ));
        }
        let mut texels = crate::jit::Lines::zeroed(bytes.len().div_ceil(64).max(1));
        crate::jit::bytes_of_mut(&mut texels)[..bytes.len()].copy_from_slice(bytes);
        Ok(Self { format, dim, extent, layers, levels, samples: 1, texels, len: bytes.len() })
    }

    /// A multisampled 2D image (`OpTypeImage` with MS 1) of `format`,
    /// `width` x `height` texels of `samples` samples each, `layers`
    /// layers, from `bytes`: sample s of texel (x, y) of layer l at
    /// `((l·height + y)·width + x)·samples + s` texels, the samples of a
    /// texel one after another (docs/abi.md, "Multisampled images").
    ///
    /// # Errors
    ///
    /// `samples` is not a power of two from 2 to 64 (Vulkan's sample
    /// counts), an extent is 0, or the size of `bytes` does not match.
    pub fn multisampled(
        format: Format,
        [width, height]: [u32; 2],
        layers: u32,
        samples: u32,
        bytes: &[u8],
    ) -> Result<Self, String> {
        if !(2..=64).contains(&samples) || !samples.is_power_of_two() {
            return Err(format!("{samples} samples: a multisampled image has 2, 4, 8, 16, 32 or 64"));
        }
        let wide = width.checked_mul(samples).ok_or_else(|| "too many samples".to_owned())?;
        // The bytes of an image `samples` times as wide.
        let mut image = Self::with_dim(format, Dim::D2, [wide, height, 1], layers, 1, bytes)
            .map_err(|reason| format!("{reason} ({width} texels of {samples} samples a row)"))?;
        image.extent = [width, height, 1];
        image.samples = samples;
        Ok(image)
    }

    /// Samples per texel (1 unless [`Image::multisampled`]).
    pub fn samples(&self) -> u32 {
        self.samples
    }

    /// Mip levels.
    pub fn levels(&self) -> u32 {
        self.levels
    }

    /// The format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The dimensionality.
    pub fn dim(&self) -> Dim {
        self.dim
    }

    /// Width, height, depth (a texel buffer: its texel count, 1, 1).
    pub fn extent(&self) -> [u32; 3] {
        self.extent
    }

    /// Array layers.
    pub fn layers(&self) -> u32 {
        self.layers
    }

    /// The texels, tightly packed.
    pub fn bytes(&self) -> &[u8] {
        &crate::jit::bytes_of(&self.texels)[..self.len]
    }

    /// The descriptor the kernel reads (`spvabi_image`).
    pub(crate) fn descriptor(&mut self) -> crate::jit::RawImage {
        let texel = self.format.texel_size() as u64;
        let row_pitch = texel * u64::from(self.samples) * u64::from(self.extent[0]);
        let slice_pitch = row_pitch * u64::from(self.extent[1]);
        crate::jit::RawImage {
            texels: self.texels.as_mut_ptr().cast(),
            format: self.format.spirv,
            dim: self.dim as u32,
            extent: self.extent,
            layers: self.layers,
            levels: self.levels,
            samples: self.samples,
            row_pitch,
            slice_pitch,
            layer_pitch: slice_pitch * u64::from(self.extent[2]),
        }
    }

    /// Whether a shader image of `word` (the resource's `size`, docs/abi.md)
    /// can use this image; why not otherwise.
    /// `storage`: bound as a storage image or texel buffer, which cannot
    /// have a sampled-only format.
    pub(crate) fn check(&self, word: u32, storage: bool) -> Result<(), String> {
        let declared = word & 0xff;
        let sampled_type = (word >> 8) & 0xf;
        // OpenCL writes depth images (write_only image2d_depth_t: D16_UNORM
        // and D32_SFLOAT encode as any one-channel format), CL_BGRA ones
        // (a format every OpenCL 1.2+ device writes) and sRGB ones
        // (cl_khr_srgb_image_writes): `encode` swaps and converts them.
        // The shared-exponent format has no OpenCL counterpart.
        let opencl_writable = sampled_type == OPENCL_SAMPLED_TYPE && self.format.spirv != SHARED_EXPONENT;
        if storage && !self.format.storage() && !opencl_writable {
            return Err(format!("{} is for sampled images only, not storage images or texel buffers", self.format.name));
        }
        let dim = (word >> 12) & 0xf;
        let arrayed = (word >> 16) & 1 == 1;
        let multisampled = (word >> 17) & 1 == 1;
        if multisampled != (self.samples > 1) {
            return Err(if multisampled {
                "the shader's image is multisampled, this one has 1 sample (samples=N binds one)".to_owned()
            } else {
                format!("the shader's image is not multisampled, this one has {} samples", self.samples)
            });
        }
        if declared != 0 && declared != self.format.spirv {
            let name = Format::from_spirv(declared).map_or("an unsupported format", |format| format.name);
            return Err(format!("the shader declares the image {name}, the image is {}", self.format.name));
        }
        if Format::from_spirv(declared).is_none() && declared != 0 {
            return Err(format!("the shader's image format {declared} is not supported"));
        }
        // 0xf: an OpenCL image, whose texels are what its format says.
        if sampled_type != OPENCL_SAMPLED_TYPE && sampled_type != self.format.class.sampled_type() {
            let kind = ["float", "integer"];
            return Err(format!(
                "the shader reads {} texels, the image is {} ({})",
                kind.get(sampled_type as usize).unwrap_or(&"other"),
                self.format.name,
                kind[self.format.class.sampled_type() as usize]
            ));
        }
        if dim == 3 {
            // A cube: square 2D faces, six layers a cube (+x, -x, +y, -y, +z, -z).
            let square = self.dim != Dim::Buffer && self.extent[0] == self.extent[1] && self.extent[2] == 1;
            let cubes = self.layers.is_multiple_of(6) && (arrayed || self.layers == 6);
            if !square || !cubes {
                return Err(format!(
                    "the shader wants a cube{} image, this one is {}x{}x{} with {} layer(s) (square faces, {} layers)",
                    if arrayed { " array" } else { "" },
                    self.extent[0],
                    self.extent[1],
                    self.extent[2],
                    self.layers,
                    if arrayed { "6 per cube" } else { "6" }
                ));
            }
            return Ok(());
        }
        let fits = match dim {
            // OpenCL's image1d_buffer_t: a texel buffer, or a 1D image.
            5 if sampled_type == OPENCL_SAMPLED_TYPE => {
                self.dim == Dim::Buffer || (self.extent[1] == 1 && self.extent[2] == 1 && self.layers == 1)
            }
            5 => self.dim == Dim::Buffer,
            0 => self.dim != Dim::Buffer && self.extent[1] == 1 && self.extent[2] == 1,
            1 => self.dim != Dim::Buffer && self.extent[2] == 1,
            2 => self.dim != Dim::Buffer,
            _ => false,
        };
        if !fits && dim == 5 {
            return Err(format!(
                "the shader wants a texel buffer (--buffer SET:BINDING=FILE@FORMAT), this is a {}x{}x{} image",
                self.extent[0], self.extent[1], self.extent[2]
            ));
        }
        if !fits {
            let names = ["1D", "2D", "3D", "Cube", "Rect", "Buffer"];
            let wanted = names.get(dim as usize).unwrap_or(&"another kind of");
            return Err(format!(
                "the shader wants a {wanted} image, this one is {}x{}x{}{}",
                self.extent[0],
                self.extent[1],
                self.extent[2],
                if self.dim == Dim::Buffer { " (a texel buffer)" } else { "" }
            ));
        }
        if !arrayed && self.layers != 1 {
            return Err(format!("the shader's image is not arrayed, this one has {} layers", self.layers));
        }
        Ok(())
    }
}

/// The byte offset of texel (x, y, z, layer) in an image of `descriptor`,
/// or `None` out of bounds.
/// A multisampled image's texel takes the sample index in z (the lowering
/// passes the `Sample` operand there: such images are 2D): sample s of
/// (x, y) is `s` texels after the texel's first sample.
pub(crate) fn texel_offset(descriptor: &crate::jit::RawImage, format: Format, coordinates: [i32; 4]) -> Option<usize> {
    if descriptor.samples > 1 {
        let [x, y, sample, layer] = coordinates;
        let sample = u32::try_from(sample).ok().filter(|&sample| sample < descriptor.samples)?;
        let first = texel_offset(&crate::jit::RawImage { samples: 1, ..*descriptor }, format, [x, y, 0, layer])?;
        // Row pitch counts every sample; x's texel begins x·samples texels in.
        let texel = format.texel_size();
        let x = usize::try_from(x).ok()?;
        let samples = descriptor.samples as usize;
        return Some(first - x * texel + (x * samples + sample as usize) * texel);
    }
    // Level 0 has the descriptor's extent and pitches (level_layout's
    // first case), without the call: every texel read and write comes here.
    let level = LevelLayout {
        base: 0,
        extent: descriptor.extent,
        pitches: [descriptor.row_pitch, descriptor.slice_pitch, descriptor.layer_pitch],
    };
    offset_in(&level, descriptor.layers, format, coordinates)
}

/// Where mip level `level` of an image lies: its first byte (from the
/// descriptor's `texels`), extent, and row, slice and layer pitches.
/// Level 0 has the descriptor's pitches; the levels after it follow the
/// last layer of level 0, tightly packed (docs/abi.md).
pub(crate) struct LevelLayout {
    pub base: u64,
    pub extent: [u32; 3],
    pub pitches: [u64; 3],
}

pub(crate) fn level_layout(descriptor: &crate::jit::RawImage, format: Format, level: u32) -> Option<LevelLayout> {
    if level >= descriptor.levels.max(1) {
        return None;
    }
    if level == 0 {
        return Some(LevelLayout {
            base: 0,
            extent: descriptor.extent,
            pitches: [descriptor.row_pitch, descriptor.slice_pitch, descriptor.layer_pitch],
        });
    }
    let texel = format.texel_size() as u64;
    let layers = u64::from(descriptor.layers);
    let mut base = descriptor.layer_pitch.checked_mul(layers)?;
    for earlier in 1..level {
        let [w, h, d] = level_extent(descriptor.extent, earlier);
        base = base.checked_add(texel * u64::from(w) * u64::from(h) * u64::from(d) * layers)?;
    }
    let extent = level_extent(descriptor.extent, level);
    let row = texel * u64::from(extent[0]);
    let slice = row * u64::from(extent[1]);
    Some(LevelLayout { base, extent, pitches: [row, slice, slice * u64::from(extent[2])] })
}

/// The byte offset of texel (x, y, z, layer) of mip level `level`, or
/// `None` out of bounds.
pub(crate) fn level_texel_offset(
    descriptor: &crate::jit::RawImage,
    format: Format,
    level: u32,
    coordinates: [i32; 4],
) -> Option<usize> {
    offset_in(&level_layout(descriptor, format, level)?, descriptor.layers, format, coordinates)
}

/// The offset of the texel at `coordinates` in `layout` (of an image of
/// `layers` layers); `None` outside it.
#[inline]
fn offset_in(layout: &LevelLayout, layers: u32, format: Format, coordinates: [i32; 4]) -> Option<usize> {
    let [x, y, z, layer] = coordinates.map(|c| u32::try_from(c).ok());
    let (x, y, z, layer) = (x?, y?, z?, layer?);
    let [width, height, depth] = layout.extent;
    if x >= width || y >= height || z >= depth || layer >= layers {
        return None;
    }
    let [row, slice, layer_pitch] = layout.pitches;
    let offset = layout.base
        + u64::from(layer) * layer_pitch
        + u64::from(z) * slice
        + u64::from(y) * row
        + u64::from(x) * format.texel_size() as u64;
    usize::try_from(offset).ok()
}

/// The array layers a size query gives: the layers, or the cubes of a
/// cube image (six layers each).
pub(crate) fn array_layers(descriptor: &crate::jit::RawImage) -> u32 {
    if descriptor.dim == 3 { descriptor.layers / 6 } else { descriptor.layers }
}

/// Packs four 32-bit components as the `i128` the compiled code sees as
/// `<4 x i32>` (component 0 in the low bits).
pub(crate) fn pack(components: [u32; 4]) -> u128 {
    let [x, y, z, w] = components.map(u128::from);
    x | (y << 32) | (z << 64) | (w << 96)
}

/// The four components of [`pack`]'s word.
pub(crate) fn unpack(word: u128) -> [u32; 4] {
    [0, 1, 2, 3].map(|index| (word >> (32 * index)) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> Format {
        Format::from_name(name).unwrap()
    }

    #[test]
    fn packed_small_floats_round_trip_and_round_to_nearest_even() {
        // Every 11- and 10-bit value decodes and encodes back (NaNs to a NaN).
        for (bits, mantissa) in [(11u32, 6u32), (10, 5)] {
            for raw in 0..(1u32 << bits) {
                let float = small_float_to_float(raw, mantissa);
                let back = float_to_small_float(float, mantissa);
                if float.is_nan() {
                    assert!(small_float_to_float(back, mantissa).is_nan());
                } else {
                    assert_eq!(back, raw, "{bits}-bit {raw:#x} = {float}");
                }
            }
        }
        // 1 + 1/128 lies halfway between 1 and 1 + 1/64 (6 mantissa bits): to even.
        assert_eq!(float_to_small_float(1.0 + 1.0 / 128.0, 6), 15 << 6);
        assert_eq!(float_to_small_float(1.0 + 3.0 / 128.0, 6), (15 << 6) | 2);
        assert_eq!(float_to_small_float(-3.0, 6), 0);
        assert_eq!(float_to_small_float(1.0e9, 5), 31 << 5);
        let format = named("B10G11R11_UFLOAT_PACK32");
        let mut texel = [0u8; 4];
        format.encode([1.0f32, 0.5, 2.0, 7.0].map(f32::to_bits), &mut texel);
        assert_eq!(u32::from_le_bytes(texel), (15 << 6) | ((14 << 6) << 11) | ((16 << 5) << 22));
        assert_eq!(format.decode(&texel).map(f32::from_bits), [1.0, 0.5, 2.0, 1.0]);
    }

    #[test]
    fn unorm8_round_trips_and_rounds_to_nearest_even() {
        let format = named("R8G8B8A8_UNORM");
        let read = format.decode(&[0, 255, 128, 1]);
        assert_eq!(read.map(f32::from_bits), [0.0, 1.0, 128.0 / 255.0, 1.0 / 255.0]);
        let mut texel = [0u8; 4];
        format.encode([0.5f32, 2.0, -1.0, f32::NAN].map(f32::to_bits), &mut texel);
        // 0.5 * 255 = 127.5: to even, 128.
        assert_eq!(texel, [128, 255, 0, 0]);
    }

    #[test]
    fn snorm_clamps_minus_one() {
        let format = named("R8_SNORM");
        assert_eq!(f32::from_bits(format.decode(&[0x80])[0]), -1.0);
        assert_eq!(f32::from_bits(format.decode(&[0x81])[0]), -1.0);
        assert_eq!(format.decode(&[0x7f]).map(f32::from_bits), [1.0, 0.0, 0.0, 1.0]);
        let mut texel = [0u8; 1];
        format.encode([(-0.5f32).to_bits(), 0, 0, 0], &mut texel);
        assert_eq!(texel[0] as i8, -64); // -63.5 to even
    }

    #[test]
    fn integers_extend_and_missing_alpha_is_one() {
        assert_eq!(named("R16_SINT").decode(&[0xfe, 0xff]), [(-2i32) as u32, 0, 0, 1]);
        assert_eq!(named("R8G8_UINT").decode(&[200, 7]), [200, 7, 0, 1]);
        assert_eq!(named("R32_SFLOAT").missing(), [0, 0, 0, 1.0f32.to_bits()]);
        assert_eq!(named("R32G32B32A32_UINT").missing(), [0; 4]);
        let format = named("A2B10G10R10_UINT_PACK32");
        let word: u32 = 5 | (6 << 10) | (7 << 20) | (3 << 30);
        assert_eq!(format.decode(&word.to_le_bytes()), [5, 6, 7, 3]);
        let mut texel = [0u8; 4];
        format.encode([5, 6, 7, 3], &mut texel);
        assert_eq!(u32::from_le_bytes(texel), word);
    }

    #[test]
    fn halves_convert_exactly_and_round_to_even() {
        for (half, float) in [(0x3c00u16, 1.0f32), (0xc000, -2.0), (0x0001, 2f32.powi(-24)), (0x7bff, 65504.0)] {
            assert_eq!(half_to_float(half), float);
            assert_eq!(float_to_half(float), half);
        }
        assert_eq!(float_to_half(1.0 + 2f32.powi(-11)), 0x3c00); // tie to even
        assert_eq!(float_to_half(1.0 + 3.0 * 2f32.powi(-11)), 0x3c02);
        assert_eq!(float_to_half(1e6), 0x7c00);
        assert!(half_to_float(0x7e00).is_nan());
    }

    #[test]
    fn unorm8_table_is_the_division() {
        for format in ["R8_UNORM", "R8G8B8A8_UNORM", "B8G8R8A8_UNORM"].map(named) {
            for value in 0..=255u8 {
                let texel = vec![value; format.texel_size()];
                let read = format.decode(&texel);
                assert_eq!(read[0], (f32::from(value) / 255.0).to_bits(), "{} {value}", format.name);
            }
        }
        // BGRA still swaps, sRGB still decodes.
        assert_eq!(named("B8G8R8A8_UNORM").decode(&[255, 0, 0, 0])[2], 1.0f32.to_bits());
        assert_eq!(named("R8G8B8A8_SRGB").decode(&[255, 0, 0, 0])[0], 1.0f32.to_bits());
    }

    #[test]
    fn shared_exponent_texels_decode_exactly_and_encode_back() {
        let format = named("E5B9G9R9_UFLOAT_PACK32");
        assert_eq!((format.texel_size(), format.channels(), format.storage()), (4, 3, false));
        // R 256, G 1, B 0 at exponent 16: 256 * 2^-8, 1 * 2^-8; alpha 1.
        let texel = 256 | (1 << 9) | (16 << 27);
        let read = format.decode(&u32::to_le_bytes(texel)).map(f32::from_bits);
        assert_eq!(read, [1.0, 2f32.powi(-8), 0.0, 1.0]);
        // The largest value, and values beyond it, negatives and NaN clamped.
        assert_eq!(shared_exponent_to_floats(u32::MAX), [65408.0; 3]);
        assert_eq!(floats_to_shared_exponent([1e9, -1.0, f32::NAN]), 0x1ff | (31 << 27));
        // 1.0 is 256 * 2^-8: the exponent 16; 0.999 rounds up to 512 * 2^-9,
        // which takes the next exponent.
        assert_eq!(floats_to_shared_exponent([1.0, 0.0, 0.0]), 256 | (16 << 27));
        assert_eq!(floats_to_shared_exponent([0.9995, 0.0, 0.0]), 256 | (16 << 27));
        // Every value the format has comes back the same through the encoder.
        for exponent in 0..32u32 {
            for step in 0..512u32 {
                let mantissas = [step, (step * 7 + 3) % 512, (step * 131) % 512];
                let texel = mantissas[0] | (mantissas[1] << 9) | (mantissas[2] << 18) | (exponent << 27);
                let values = shared_exponent_to_floats(texel);
                assert_eq!(shared_exponent_to_floats(floats_to_shared_exponent(values)), values, "{texel:#x}");
                let mut bytes = [0u8; 4];
                format.encode(format.decode(&texel.to_le_bytes()), &mut bytes);
                assert_eq!(shared_exponent_to_floats(u32::from_le_bytes(bytes)), values);
            }
        }
    }

    #[test]
    fn images_check_their_size() {
        let format = named("R32_UINT");
        assert!(Image::new(format, [2, 2, 1], 1, &[0; 16]).is_ok());
        let error = Image::new(format, [2, 2, 1], 1, &[0; 12]).unwrap_err();
        assert!(error.contains("12 bytes"), "{error}");
        assert!(Image::texel_buffer(format, &[0; 6]).is_err());
    }

    #[test]
    fn sampled_only_formats_decode_srgb_and_bgra() {
        let srgb = named("R8G8B8A8_SRGB");
        assert_eq!(Format::from_spirv(srgb.spirv), Some(srgb));
        assert!(!srgb.storage() && named("R8G8B8A8_UNORM").storage());
        let read = srgb.decode(&[0, 255, 188, 188]).map(f32::from_bits);
        assert_eq!(&read[..2], &[0.0, 1.0]);
        // sRGB 188 is linear 0.5029; alpha stays linear.
        assert!((read[2] - 0.502_886).abs() < 1e-5, "{read:?}");
        assert_eq!(read[3], 188.0 / 255.0);
        let mut texel = [0u8; 4];
        srgb.encode(read.map(f32::to_bits), &mut texel);
        assert_eq!(texel, [0, 255, 188, 188]);
        let bgra = named("B8G8R8A8_UNORM");
        assert_eq!(bgra.decode(&[255, 0, 51, 102]).map(f32::from_bits), [0.2, 0.0, 1.0, 0.4]);
        assert_eq!(named("D16_UNORM").decode(&[0xff, 0xff]).map(f32::from_bits), [1.0, 0.0, 0.0, 1.0]);
    }

    #[test]
    fn samples_of_a_texel_are_consecutive() {
        let format = named("R32_UINT");
        // 3x2 texels of 4 samples, 2 layers: 48 texels.
        let mut image = Image::multisampled(format, [3, 2], 2, 4, &[0; 4 * 48]).unwrap();
        assert_eq!((image.samples(), image.extent(), image.dim()), (4, [3, 2, 1], Dim::D2));
        let descriptor = image.descriptor();
        assert_eq!((descriptor.samples, descriptor.row_pitch), (4, 4 * 12));
        // Sample 3 of (2, 1) of layer 1: ((1·2 + 1)·3 + 2)·4 + 3 = 47 texels in.
        assert_eq!(texel_offset(&descriptor, format, [2, 1, 3, 1]), Some(4 * 47));
        assert_eq!(texel_offset(&descriptor, format, [1, 0, 2, 0]), Some(4 * 6));
        for outside in [[3, 0, 0, 0], [0, 2, 0, 0], [0, 0, 4, 0], [0, 0, -1, 0], [0, 0, 0, 2]] {
            assert_eq!(texel_offset(&descriptor, format, outside), None, "{outside:?}");
        }
        assert!(Image::multisampled(format, [3, 2], 2, 3, &[0; 4 * 36]).is_err());
        assert!(Image::multisampled(format, [3, 2], 2, 1, &[0; 4 * 12]).is_err());
        assert!(Image::multisampled(format, [3, 2], 2, 4, &[0; 4 * 47]).is_err());
        // The image word's bit 17 must match: a 2D multisampled R32_UINT image.
        let word = 33 | 1 << 8 | 1 << 12 | 1 << 16;
        assert!(image.check(word | 1 << 17, true).is_ok());
        assert!(image.check(word, true).is_err());
        let mut single = Image::new(format, [3, 2, 1], 2, &[0; 4 * 12]).unwrap();
        assert!(single.check(word | 1 << 17, true).is_err());
        assert_eq!(single.descriptor().samples, 1);
    }

    #[test]
    fn levels_follow_level_zero() {
        let format = named("R32_UINT");
        assert_eq!(full_chain([8, 4, 1]), 4);
        assert_eq!(level_extent([8, 4, 1], 3), [1, 1, 1]);
        // 8x4 + 4x2 + 2x1 texels, 2 layers each.
        assert_eq!(Image::size_of(format, [8, 4, 1], 2, 3), Some(4 * 2 * (32 + 8 + 2)));
        let mut image = Image::with_levels(format, [8, 4, 1], 2, 3, &[0; 4 * 2 * 42]).unwrap();
        assert!(Image::with_levels(format, [8, 4, 1], 2, 5, &[0; 4 * 2 * 43]).is_err());
        let descriptor = image.descriptor();
        // Level 1 layer 1 texel (1, 1): after level 0 (2 x 32 texels) and layer 0 of level 1 (8).
        assert_eq!(level_texel_offset(&descriptor, format, 1, [1, 1, 0, 1]), Some(4 * (64 + 8 + 4 + 1)));
        assert_eq!(level_texel_offset(&descriptor, format, 2, [0, 0, 0, 0]), Some(4 * (64 + 16)));
        assert_eq!(level_texel_offset(&descriptor, format, 2, [2, 0, 0, 0]), None);
        assert_eq!(level_texel_offset(&descriptor, format, 3, [0, 0, 0, 0]), None);
    }

    #[test]
    fn packs_component_zero_low() {
        assert_eq!(unpack(pack([1, 2, 3, 4])), [1, 2, 3, 4]);
        assert_eq!(pack([1, 0, 0, 0]), 1);
    }
}
