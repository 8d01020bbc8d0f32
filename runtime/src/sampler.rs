//! Samplers and sampling (docs/abi.md, "Sampled images and samplers"):
//! the [`Sampler`] a host binds, its descriptor, and the filtering the
//! compiled code's `__spvabi_image_sample` calls do, as the Vulkan
//! specification's "Texel Filtering", "Texel Coordinate Systems" and
//! "Wrapping Operation" sections define them:
//!
//! - the level of detail from the explicit `Lod` or from the gradients
//!   (`λ = log2 max(ρx, ρy)`, isotropic), plus the sampler's bias, clamped
//!   to its `[min_lod, max_lod]`; magnification when `λ <= 0`;
//! - the mip level(s): nearest (`⌈d' + 0.5⌉ - 1`) or linear between
//!   `⌊d'⌋` and the next;
//! - unnormalized texel coordinates `u = s · width` (or `s` itself for
//!   unnormalized samplers), plus the offsets; nearest `i = ⌊u⌋`, linear
//!   `i0 = ⌊u - 0.5⌋`, `α = frac(u - 0.5)`;
//! - wrapping by address mode (repeat, mirrored repeat, clamp to edge,
//!   clamp to border, mirror clamp to edge), border texels replaced by the
//!   border colour;
//! - formats decoded texel by texel before filtering (sRGB to linear);
//!   integer formats are never filtered linearly (Vulkan gives no format
//!   with integer texels the linear-filter feature): they take the nearest
//!   texel;
//! - depth comparison (`Dref`): each texel's first component compared
//!   with the reference (`reference OP texel`; the reference clamped to
//!   [0, 1] for UNORM formats), the results filtered;
//! - gathers: component `c` of the four texels of the linear footprint at
//!   the base level, in Vulkan's order `(i0, j1), (i1, j1), (i1, j0), (i0, j0)`.
//!
//! The arithmetic is single precision with exact weights, within what
//! Vulkan allows an implementation (which may use as few as 4 sub-texel
//! bits).

use crate::image::{Format, NumericClass, level_layout, level_texel_offset};
use crate::jit::{RawImage, RawSampler};

/// `VkFilter`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    /// The nearest texel.
    Nearest = 0,
    /// The four (2D) or eight (3D) nearest texels, weighted.
    Linear = 1,
}

/// `VkSamplerMipmapMode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MipmapMode {
    /// The nearest level.
    Nearest = 0,
    /// The two nearest levels, weighted.
    Linear = 1,
}

/// `VkSamplerAddressMode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressMode {
    /// The image repeats.
    Repeat = 0,
    /// Every other copy mirrored.
    MirroredRepeat = 1,
    /// The edge texel.
    ClampToEdge = 2,
    /// The border colour outside.
    ClampToBorder = 3,
    /// Mirrored once, then the edge.
    MirrorClampToEdge = 4,
}

/// `VkBorderColor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BorderColor {
    /// (0, 0, 0, 0), floats.
    FloatTransparentBlack = 0,
    /// (0, 0, 0, 0), integers.
    IntTransparentBlack = 1,
    /// (0, 0, 0, 1), floats.
    FloatOpaqueBlack = 2,
    /// (0, 0, 0, 1), integers.
    IntOpaqueBlack = 3,
    /// (1, 1, 1, 1), floats.
    FloatOpaqueWhite = 4,
    /// (1, 1, 1, 1), integers.
    IntOpaqueWhite = 5,
}

/// `VkCompareOp`: how a depth comparison compares the reference with a
/// texel (`reference OP texel`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompareOp {
    /// Always 0.
    Never = 0,
    /// `reference < texel`.
    Less = 1,
    /// `reference == texel`.
    Equal = 2,
    /// `reference <= texel`.
    LessOrEqual = 3,
    /// `reference > texel`.
    Greater = 4,
    /// `reference != texel`.
    NotEqual = 5,
    /// `reference >= texel`.
    GreaterOrEqual = 6,
    /// Always 1.
    Always = 7,
}

/// The names of each enum's cases, lower case, in Vulkan's order (as
/// `spirv-run-rs --sampler` spells them).
const FILTERS: [&str; 2] = ["nearest", "linear"];
const ADDRESS_MODES: [&str; 5] = ["repeat", "mirrored_repeat", "clamp_to_edge", "clamp_to_border", "mirror_clamp_to_edge"];
const BORDER_COLORS: [&str; 6] = [
    "float_transparent_black",
    "int_transparent_black",
    "float_opaque_black",
    "int_opaque_black",
    "float_opaque_white",
    "int_opaque_white",
];
const COMPARE_OPS: [&str; 8] =
    ["never", "less", "equal", "less_or_equal", "greater", "not_equal", "greater_or_equal", "always"];

const ALL_FILTERS: [Filter; 2] = [Filter::Nearest, Filter::Linear];
const ALL_MIPMAP_MODES: [MipmapMode; 2] = [MipmapMode::Nearest, MipmapMode::Linear];
const ALL_ADDRESS_MODES: [AddressMode; 5] = [
    AddressMode::Repeat,
    AddressMode::MirroredRepeat,
    AddressMode::ClampToEdge,
    AddressMode::ClampToBorder,
    AddressMode::MirrorClampToEdge,
];
const ALL_BORDER_COLORS: [BorderColor; 6] = [
    BorderColor::FloatTransparentBlack,
    BorderColor::IntTransparentBlack,
    BorderColor::FloatOpaqueBlack,
    BorderColor::IntOpaqueBlack,
    BorderColor::FloatOpaqueWhite,
    BorderColor::IntOpaqueWhite,
];
const ALL_COMPARE_OPS: [CompareOp; 8] = [
    CompareOp::Never,
    CompareOp::Less,
    CompareOp::Equal,
    CompareOp::LessOrEqual,
    CompareOp::Greater,
    CompareOp::NotEqual,
    CompareOp::GreaterOrEqual,
    CompareOp::Always,
];

/// A sampler, as `VkSamplerCreateInfo` describes one (the fields a
/// compute shader can observe).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sampler {
    /// The filter when magnifying (`λ <= 0`).
    pub mag_filter: Filter,
    /// The filter when minifying.
    pub min_filter: Filter,
    /// Between mip levels.
    pub mipmap_mode: MipmapMode,
    /// For u, v and w.
    pub address_modes: [AddressMode; 3],
    /// What clamp-to-border gives outside.
    pub border_color: BorderColor,
    /// Coordinates in texels, not normalized to [0, 1].
    pub unnormalized_coordinates: bool,
    /// A comparison sampler's operation (`compareEnable`, `compareOp`).
    pub compare: Option<CompareOp>,
    /// The smallest level of detail.
    pub min_lod: f32,
    /// The largest.
    pub max_lod: f32,
    /// Added to every level of detail.
    pub mip_lod_bias: f32,
}

impl Default for Sampler {
    /// Nearest filtering and mipmaps, repeat, transparent black, normalized
    /// coordinates, no comparison, LOD 0 to 1000 (VK_LOD_CLAMP_NONE), no bias.
    fn default() -> Self {
        Self {
            mag_filter: Filter::Nearest,
            min_filter: Filter::Nearest,
            mipmap_mode: MipmapMode::Nearest,
            address_modes: [AddressMode::Repeat; 3],
            border_color: BorderColor::FloatTransparentBlack,
            unnormalized_coordinates: false,
            compare: None,
            min_lod: 0.0,
            max_lod: 1000.0,
            mip_lod_bias: 0.0,
        }
    }
}

/// The `key=value` pairs of `text`, separated by commas (blanks around
/// them and empty pairs ignored), each key at most once.
fn pairs(text: &str) -> Result<Vec<(&str, &str)>, String> {
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for pair in text.split(',').map(str::trim).filter(|pair| !pair.is_empty()) {
        let (key, value) = pair.split_once('=').ok_or_else(|| format!("'{pair}' is not KEY=VALUE"))?;
        let key = key.trim();
        if pairs.iter().any(|(seen, _)| *seen == key) {
            return Err(format!("'{key}' is given twice"));
        }
        pairs.push((key, value));
    }
    Ok(pairs)
}

fn named<T: Copy>(what: &str, names: &[&str], cases: &[T], value: &str) -> Result<T, String> {
    names
        .iter()
        .position(|name| name.eq_ignore_ascii_case(value.trim()))
        .map(|index| cases[index])
        .ok_or_else(|| format!("{what} '{value}' is not one of {}", names.join(", ")))
}

impl Sampler {
    /// A sampler from `key=value` pairs separated by commas, each key at
    /// most once, the rest [`Sampler::default`]'s: `filter` (both filters),
    /// `mag_filter`, `min_filter` (`nearest`, `linear`), `mipmap`
    /// (`nearest`, `linear`), `address` (all three), `address_u`,
    /// `address_v`, `address_w` (`repeat`, `mirrored_repeat`,
    /// `clamp_to_edge`, `clamp_to_border`, `mirror_clamp_to_edge`),
    /// `border` (`float_transparent_black`, `int_transparent_black`,
    /// `float_opaque_black`, `int_opaque_black`, `float_opaque_white`,
    /// `int_opaque_white`), `unnormalized` (`false`, `true`), `compare`
    /// (`never`, `less`, `equal`, `less_or_equal`, `greater`, `not_equal`,
    /// `greater_or_equal`, `always`: a comparison sampler), `min_lod`,
    /// `max_lod`, `lod_bias` (numbers). An empty text is the default.
    ///
    /// # Errors
    ///
    /// An unknown key or value, a key given twice, `min_lod > max_lod`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut sampler = Self::default();
        for (key, value) in pairs(text)? {
            let number = |value: &str| {
                value.trim().parse::<f32>().ok().filter(|number| number.is_finite()).ok_or_else(|| format!("{key} '{value}' is not a number"))
            };
            match key {
                "filter" => {
                    let filter = named("filter", &FILTERS, &ALL_FILTERS, value)?;
                    (sampler.mag_filter, sampler.min_filter) = (filter, filter);
                }
                "mag_filter" => sampler.mag_filter = named("filter", &FILTERS, &ALL_FILTERS, value)?,
                "min_filter" => sampler.min_filter = named("filter", &FILTERS, &ALL_FILTERS, value)?,
                "mipmap" => sampler.mipmap_mode = named("mipmap", &FILTERS, &ALL_MIPMAP_MODES, value)?,
                "address" => sampler.address_modes = [named("address", &ADDRESS_MODES, &ALL_ADDRESS_MODES, value)?; 3],
                "address_u" | "address_v" | "address_w" => {
                    let axis = usize::from(key == "address_v") + 2 * usize::from(key == "address_w");
                    sampler.address_modes[axis] = named("address", &ADDRESS_MODES, &ALL_ADDRESS_MODES, value)?;
                }
                "border" => sampler.border_color = named("border", &BORDER_COLORS, &ALL_BORDER_COLORS, value)?,
                "unnormalized" => {
                    sampler.unnormalized_coordinates = named("unnormalized", &["false", "true"], &[false, true], value)?;
                }
                "compare" => sampler.compare = Some(named("compare", &COMPARE_OPS, &ALL_COMPARE_OPS, value)?),
                "min_lod" => sampler.min_lod = number(value)?,
                "max_lod" => sampler.max_lod = number(value)?,
                "lod_bias" => sampler.mip_lod_bias = number(value)?,
                other => {
                    return Err(format!(
                        "unknown sampler parameter '{other}' (filter, mag_filter, min_filter, mipmap, address, address_u, \
                         address_v, address_w, border, unnormalized, compare, min_lod, max_lod, lod_bias)"
                    ));
                }
            }
        }
        if sampler.min_lod > sampler.max_lod {
            return Err(format!("min_lod {} is above max_lod {}", sampler.min_lod, sampler.max_lod));
        }
        Ok(sampler)
    }

    /// An OpenCL sampler (`sampler_t`), from `key=value` pairs separated by
    /// commas, each key at most once: `filter` (`nearest`, the default, or
    /// `linear`), `address` (`none`, the default, `clamp_to_edge`, `clamp`,
    /// `repeat`, `mirrored_repeat`), `normalized` (`true`, the default, or
    /// `false`). OpenCL's modes in Vulkan's terms, as a literal sampler
    /// lowers (docs/abi.md, "OpenCL images and samplers"): `none` reads as
    /// `clamp_to_edge`, `clamp` is `clamp_to_border` with transparent black
    /// (the format's alpha where it has none, OpenCL's border); level 0.
    ///
    /// # Errors
    ///
    /// An unknown key or value, a key given twice; `repeat` or
    /// `mirrored_repeat` with unnormalized coordinates (OpenCL leaves them
    /// undefined).
    pub fn parse_opencl(text: &str) -> Result<Self, String> {
        let mut sampler = Self { address_modes: [AddressMode::ClampToEdge; 3], min_lod: 0.0, max_lod: 0.0, ..Self::default() };
        for (key, value) in pairs(text)? {
            match key {
                "filter" => {
                    let filter = named("filter", &FILTERS, &ALL_FILTERS, value)?;
                    (sampler.mag_filter, sampler.min_filter) = (filter, filter);
                }
                "address" => {
                    let modes = [
                        AddressMode::ClampToEdge,
                        AddressMode::ClampToEdge,
                        AddressMode::ClampToBorder,
                        AddressMode::Repeat,
                        AddressMode::MirroredRepeat,
                    ];
                    let names = ["none", "clamp_to_edge", "clamp", "repeat", "mirrored_repeat"];
                    sampler.address_modes = [named("address", &names, &modes, value)?; 3];
                }
                "normalized" => {
                    sampler.unnormalized_coordinates = named("normalized", &["true", "false"], &[false, true], value)?;
                }
                other => return Err(format!("unknown OpenCL sampler parameter '{other}' (filter, address, normalized)")),
            }
        }
        if sampler.unnormalized_coordinates
            && matches!(sampler.address_modes[0], AddressMode::Repeat | AddressMode::MirroredRepeat)
        {
            return Err("repeat and mirrored_repeat need normalized coordinates (OpenCL)".into());
        }
        Ok(sampler)
    }

    /// The descriptor the kernel reads (`spvabi_sampler`).
    pub(crate) fn descriptor(&self) -> RawSampler {
        RawSampler {
            mag_filter: self.mag_filter as u32,
            min_filter: self.min_filter as u32,
            mipmap_mode: self.mipmap_mode as u32,
            address_modes: self.address_modes.map(|mode| mode as u32),
            border_color: self.border_color as u32,
            unnormalized_coordinates: u32::from(self.unnormalized_coordinates),
            compare_enable: u32::from(self.compare.is_some()),
            compare_op: self.compare.map_or(0, |op| op as u32),
            min_lod: self.min_lod,
            max_lod: self.max_lod,
            mip_lod_bias: self.mip_lod_bias,
            reserved: [0; 3],
        }
    }

    /// The sampler a descriptor describes; values outside Vulkan's enums
    /// (a C host's mistake) read as the first case.
    fn from_descriptor(raw: &RawSampler) -> Self {
        let pick = |value: u32, count: usize| if (value as usize) < count { value as usize } else { 0 };
        Self {
            mag_filter: ALL_FILTERS[pick(raw.mag_filter, 2)],
            min_filter: ALL_FILTERS[pick(raw.min_filter, 2)],
            mipmap_mode: ALL_MIPMAP_MODES[pick(raw.mipmap_mode, 2)],
            address_modes: raw.address_modes.map(|mode| ALL_ADDRESS_MODES[pick(mode, 5)]),
            border_color: ALL_BORDER_COLORS[pick(raw.border_color, 6)],
            unnormalized_coordinates: raw.unnormalized_coordinates != 0,
            compare: (raw.compare_enable != 0).then(|| ALL_COMPARE_OPS[pick(raw.compare_op, 8)]),
            min_lod: raw.min_lod,
            max_lod: raw.max_lod,
            mip_lod_bias: raw.mip_lod_bias,
        }
    }
}

/// `mode` of `__spvabi_image_sample` (spirv_to_llvm/sampling.rs).
const MODE_GATHER: u32 = 1;
const MODE_COMPARE: u32 = 8;
const MODE_GRAD: u32 = 16;
const MODE_CUBE: u32 = 32;
const MODE_MIN_LOD: u32 = 64;
/// `OpImageQueryLod`: the level `d_l` and `λ'` rather than a texel.
const MODE_QUERY_LOD: u32 = 128;

/// The arguments of one `__spvabi_image_sample` call.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SampleArgs {
    pub mode: u32,
    /// s, t, r and the array layer.
    pub coordinates: [f32; 4],
    pub lod: f32,
    pub dref: f32,
    pub dx: [f32; 3],
    pub dy: [f32; 3],
    pub offset: [i32; 3],
}

/// Copies the texel bytes at a byte offset of the image (one the caller
/// checked lies inside it) into the slice.
pub(crate) type ReadTexel<'a> = &'a dyn Fn(usize, &mut [u8]);

/// What one texel reads as.
#[derive(Clone, Copy)]
enum Texel {
    /// Components as floats (normalized and float formats).
    Float([f32; 4]),
    /// Components' bits (integer formats).
    Bits([u32; 4]),
}

struct Sampling<'a> {
    image: &'a RawImage,
    format: Format,
    sampler: Sampler,
    read: ReadTexel<'a>,
    layer: i32,
    /// How many coordinates address a texel in a layer: 1 to 3.
    spatial: usize,
    /// A cube image: `layer` is a face, texels off its edges come from the
    /// adjacent faces.
    cube: bool,
}

/// The face a direction selects (Vulkan's "Cube Map Face Selection": the
/// major axis, ties to z, then y), the face coordinates `sc`, `tc` and
/// `|ma|`.
fn select_face([rx, ry, rz]: [f32; 3]) -> (i32, f32, f32, f32) {
    let (ax, ay, az) = (rx.abs(), ry.abs(), rz.abs());
    if az >= ax && az >= ay {
        if rz >= 0.0 { (4, rx, -ry, az) } else { (5, -rx, -ry, az) }
    } else if ay >= ax {
        if ry >= 0.0 { (2, rx, rz, ay) } else { (3, rx, -rz, ay) }
    } else if rx >= 0.0 {
        (0, -rz, -ry, ax)
    } else {
        (1, rz, -ry, ax)
    }
}

/// The direction through face coordinates (`sc`, `tc`) of `face` (the
/// inverse of [`select_face`], `|ma| = 1`).
fn face_direction(face: i32, sc: f32, tc: f32) -> [f32; 3] {
    match face {
        0 => [1.0, -tc, -sc],
        1 => [-1.0, -tc, sc],
        2 => [sc, 1.0, tc],
        3 => [sc, -1.0, -tc],
        4 => [sc, -tc, 1.0],
        _ => [-sc, -tc, -1.0],
    }
}

/// The face coordinate (0 to 1) of `sc` on a face whose major axis is `ma`.
fn face_coordinate(sc: f32, ma: f32) -> f32 {
    0.5 * sc / ma + 0.5
}

impl Sampling<'_> {
    fn integer(&self) -> bool {
        matches!(self.format.class, NumericClass::Uint | NumericClass::Sint)
    }

    /// The border colour as the format's texel: its components where the
    /// format has channels, the format's defaults elsewhere.
    fn border(&self) -> Texel {
        let value = match self.sampler.border_color {
            BorderColor::FloatTransparentBlack | BorderColor::IntTransparentBlack => [0.0, 0.0, 0.0, 0.0],
            BorderColor::FloatOpaqueBlack | BorderColor::IntOpaqueBlack => [0.0, 0.0, 0.0, 1.0],
            BorderColor::FloatOpaqueWhite | BorderColor::IntOpaqueWhite => [1.0; 4],
        };
        let channels = self.format.channels();
        let missing = self.format.missing();
        if self.integer() {
            Texel::Bits(std::array::from_fn(|c| if c < channels { value[c] as u32 } else { missing[c] }))
        } else {
            Texel::Float(std::array::from_fn(|c| if c < channels { value[c] } else { f32::from_bits(missing[c]) }))
        }
    }

    /// Texel (i, j, k) of `level`, already wrapped; `None` coordinates are
    /// border texels.
    fn texel(&self, level: u32, coordinates: [Option<i32>; 3]) -> Texel {
        self.texel_in(level, self.layer, coordinates)
    }

    /// [`Self::texel`] of another layer.
    fn texel_in(&self, level: u32, layer: i32, coordinates: [Option<i32>; 3]) -> Texel {
        let [Some(i), Some(j), Some(k)] = coordinates else { return self.border() };
        let Some(offset) = level_texel_offset(self.image, self.format, level, [i, j, k, layer]) else {
            return self.border();
        };
        let mut bytes = [0u8; 16];
        let size = self.format.texel_size();
        (self.read)(offset, &mut bytes[..size]);
        let components = self.format.decode(&bytes[..size]);
        if self.integer() { Texel::Bits(components) } else { Texel::Float(components.map(f32::from_bits)) }
    }

    /// Texel (i, j) of the cube face `self.layer` at `level`, unwrapped:
    /// off one edge, the adjacent face's texel there (the direction through
    /// its centre selects the face); off a corner, the average of the three
    /// texels meeting there (Vulkan's "Cube Map Edge Handling").
    fn cube_texel(&self, level: u32, i: i32, j: i32) -> Texel {
        let n = self.extent(level)[0] as i32;
        let clamp = |v: i32| v.clamp(0, n - 1);
        let (inside_i, inside_j) = ((0..n).contains(&i), (0..n).contains(&j));
        if inside_i && inside_j {
            return self.texel(level, [Some(i), Some(j), Some(0)]);
        }
        if !inside_i && !inside_j {
            let texels =
                [self.texel(level, [Some(clamp(i)), Some(clamp(j)), Some(0)]), self.adjacent(level, i, clamp(j)), self.adjacent(level, clamp(i), j)];
            let mut sum = [0.0f32; 4];
            for texel in texels {
                match texel {
                    Texel::Float(components) => sum.iter_mut().zip(components).for_each(|(total, c)| *total += c / 3.0),
                    Texel::Bits(_) => return texel,
                }
            }
            return Texel::Float(sum);
        }
        self.adjacent(level, i, j)
    }

    /// The texel of the face next to `self.layer` that (i, j), off one of its
    /// edges, falls on.
    fn adjacent(&self, level: u32, i: i32, j: i32) -> Texel {
        let n = self.extent(level)[0] as f32;
        let face = self.layer.rem_euclid(6);
        let first = self.layer - face;
        let sc = 2.0 * (i as f32 + 0.5) / n - 1.0;
        let tc = 2.0 * (j as f32 + 0.5) / n - 1.0;
        let (other, sc, tc, ma) = select_face(face_direction(face, sc, tc));
        let texel = |coordinate: f32| ((face_coordinate(coordinate, ma) * n).floor() as i32).clamp(0, n as i32 - 1);
        self.texel_in(level, first + other, [Some(texel(sc)), Some(texel(tc)), Some(0)])
    }

    /// The extent of `level` in the dimensions the image has.
    fn extent(&self, level: u32) -> [u32; 3] {
        level_layout(self.image, self.format, level).map_or([1; 3], |layout| layout.extent)
    }

    /// Unnormalized coordinates of `level` with the offsets added.
    fn texel_space(&self, level: u32, args: &SampleArgs) -> [f32; 3] {
        let extent = self.extent(level);
        std::array::from_fn(|axis| {
            if axis >= self.spatial {
                return 0.0;
            }
            let scaled = if self.sampler.unnormalized_coordinates {
                args.coordinates[axis]
            } else {
                args.coordinates[axis] * extent[axis] as f32
            };
            scaled + args.offset[axis] as f32
        })
    }

    /// Coordinate `i` along `axis` of `level` wrapped by the address mode;
    /// `None` for a border texel.
    fn wrap(&self, level: u32, axis: usize, i: i32) -> Option<i32> {
        if axis >= self.spatial {
            return Some(0);
        }
        let size = self.extent(level)[axis] as i64;
        let i = i64::from(i);
        let mirror = |a: i64| if a >= 0 { a } else { -(1 + a) };
        // Cube images ignore the address modes: the nearest texel clamps
        // to the face's edge (linear filtering goes over it: cube_texel).
        let mode = if self.cube { AddressMode::ClampToEdge } else { self.sampler.address_modes[axis] };
        let wrapped = match mode {
            AddressMode::Repeat => i.rem_euclid(size),
            AddressMode::MirroredRepeat => (size - 1) - mirror(i.rem_euclid(2 * size) - size),
            AddressMode::ClampToEdge => i.clamp(0, size - 1),
            AddressMode::ClampToBorder => {
                if i < 0 || i >= size {
                    return None;
                }
                i
            }
            AddressMode::MirrorClampToEdge => mirror(i).clamp(0, size - 1),
        };
        i32::try_from(wrapped).ok()
    }

    /// A texel's comparison result (1.0 or 0.0), or its value.
    fn value(&self, texel: Texel, compare: bool, dref: f32) -> Texel {
        if !compare {
            return texel;
        }
        let depth = match texel {
            Texel::Float(components) => components[0],
            Texel::Bits(components) => components[0] as f32,
        };
        let dref = if self.format.class == NumericClass::Unorm { dref.clamp(0.0, 1.0) } else { dref };
        let passed = match self.sampler.compare.unwrap_or(CompareOp::Never) {
            CompareOp::Never => false,
            CompareOp::Less => dref < depth,
            CompareOp::Equal => dref == depth,
            CompareOp::LessOrEqual => dref <= depth,
            CompareOp::Greater => dref > depth,
            CompareOp::NotEqual => dref != depth,
            CompareOp::GreaterOrEqual => dref >= depth,
            CompareOp::Always => true,
        };
        Texel::Float([f32::from(u8::from(passed)), 0.0, 0.0, 1.0])
    }

    /// The filtered value at `level`.
    fn filter_level(&self, level: u32, filter: Filter, args: &SampleArgs) -> Texel {
        let compare = args.mode & MODE_COMPARE != 0;
        let uvw = self.texel_space(level, args);
        if filter == Filter::Nearest || (self.integer() && !compare) {
            let coordinates = std::array::from_fn(|axis| self.wrap(level, axis, uvw[axis].floor() as i32));
            return self.value(self.texel(level, coordinates), compare, args.dref);
        }
        // Linear: the 2, 4 or 8 texels around the sample, weighted.
        let base: [i32; 3] = std::array::from_fn(|axis| (uvw[axis] - 0.5).floor() as i32);
        let fraction: [f32; 3] = std::array::from_fn(|axis| {
            let shifted = uvw[axis] - 0.5;
            shifted - shifted.floor()
        });
        let mut sum = [0.0f32; 4];
        for corner in 0..(1usize << self.spatial) {
            let mut weight = 1.0;
            let mut coordinates = [Some(0); 3];
            let mut raw = [0; 3];
            for axis in 0..self.spatial {
                let high = corner >> axis & 1 == 1;
                weight *= if high { fraction[axis] } else { 1.0 - fraction[axis] };
                raw[axis] = base[axis].saturating_add(i32::from(high));
                coordinates[axis] = self.wrap(level, axis, raw[axis]);
            }
            let texel = if self.cube { self.cube_texel(level, raw[0], raw[1]) } else { self.texel(level, coordinates) };
            if let Texel::Float(components) = self.value(texel, compare, args.dref) {
                for (total, component) in sum.iter_mut().zip(components) {
                    *total += weight * component;
                }
            }
        }
        Texel::Float(sum)
    }

    /// The level of detail λ (before clamping to the levels).
    fn lambda(&self, args: &SampleArgs) -> f32 {
        let lambda = self.lambda_prime(args);
        // The MinLod operand (with the gradients, in `lod`) raises the
        // sampler's least level of detail (Vulkan: max(minLod, shaderOp.minLod)).
        let least = if args.mode & MODE_GRAD != 0 && args.mode & MODE_MIN_LOD != 0 {
            self.sampler.min_lod.max(args.lod)
        } else {
            self.sampler.min_lod
        };
        // max then min, not clamp: NaN and infinities stay defined.
        lambda.max(least).min(self.sampler.max_lod)
    }

    /// Vulkan's λ': the level of detail from the gradients (or `Lod`) plus
    /// the sampler's bias, before the sampler's clamps.
    fn lambda_prime(&self, args: &SampleArgs) -> f32 {
        let base = if args.mode & MODE_GRAD != 0 {
            let extent = self.extent(0);
            let rho = |gradient: [f32; 3]| {
                (0..self.spatial).map(|axis| (gradient[axis] * extent[axis] as f32).powi(2)).sum::<f32>().sqrt()
            };
            rho(args.dx).max(rho(args.dy)).log2()
        } else {
            args.lod
        };
        base + self.sampler.mip_lod_bias
    }
}

/// A cube sample's arguments on its face: the face coordinates (s, t)
/// and the gradients in face space (the quotient rule on `sc / |ma|`),
/// and the face.
fn cube_face(args: &SampleArgs) -> (SampleArgs, i32) {
    let [x, y, z, _] = args.coordinates;
    let (face, sc, tc, ma) = select_face([x, y, z]);
    let on_face = |gradient: [f32; 3]| {
        // The same components of the gradient as of the direction.
        let (_, dsc, dtc, _) = face_components(face, gradient);
        let dma = face_components(face, gradient).3;
        let derivative = |dc: f32, c: f32| 0.5 * (dc * ma - c * dma) / (ma * ma);
        [derivative(dsc, sc), derivative(dtc, tc), 0.0]
    };
    let mut out = *args;
    out.coordinates = [face_coordinate(sc, ma), face_coordinate(tc, ma), 0.0, 0.0];
    out.dx = on_face(args.dx);
    out.dy = on_face(args.dy);
    (out, face)
}

/// `sc`, `tc` and `ma` (signed) of a vector on `face`, as [`select_face`]
/// takes them from a direction.
fn face_components(face: i32, [x, y, z]: [f32; 3]) -> (i32, f32, f32, f32) {
    match face {
        0 => (0, -z, -y, x),
        1 => (1, z, -y, -x),
        2 => (2, x, z, y),
        3 => (3, x, -z, -y),
        4 => (4, x, -y, z),
        _ => (5, -x, -y, -z),
    }
}

/// One `__spvabi_image_sample` call: the four components (floats as
/// their bits).
pub(crate) fn sample(image: &RawImage, raw_sampler: &RawSampler, args: &SampleArgs, read: ReadTexel<'_>) -> [u32; 4] {
    let Some(format) = Format::from_spirv(image.format) else { return [0; 4] };
    let spatial = match image.dim {
        0 | 5 => 1,
        1 => 2,
        _ => 3,
    };
    let sampler = Sampler::from_descriptor(raw_sampler);
    let layers = image.layers.max(1);
    let cube = args.mode & MODE_CUBE != 0 && image.dim == 3;
    let (args, layer, spatial) = if cube {
        let cube_args = cube_face(args);
        let cubes = (layers / 6).max(1);
        let index = (args.coordinates[3].round_ties_even().max(0.0) as u32).min(cubes - 1);
        (cube_args.0, (index * 6) as i32 + cube_args.1, 2)
    } else {
        (*args, (args.coordinates[3].round_ties_even().max(0.0) as u32).min(layers - 1) as i32, spatial)
    };
    let args = &args;
    let sampling = Sampling { image, format, sampler, read, layer, spatial, cube };
    let compare = args.mode & MODE_COMPARE != 0;
    let bits = |texel: Texel| match texel {
        Texel::Float(components) => components.map(f32::to_bits),
        Texel::Bits(components) => components,
    };
    if args.mode & MODE_GATHER != 0 {
        // The linear footprint at the base level, component c of each.
        let component = ((args.mode >> 1) & 3) as usize;
        let uvw = sampling.texel_space(0, args);
        let i0 = (uvw[0] - 0.5).floor() as i32;
        let j0 = (uvw[1] - 0.5).floor() as i32;
        let corners = [(0, 1), (1, 1), (1, 0), (0, 0)];
        return corners.map(|(di, dj)| {
            let (i, j) = (i0.saturating_add(di), j0.saturating_add(dj));
            let texel = if cube {
                sampling.cube_texel(0, i, j)
            } else {
                sampling.texel(0, [sampling.wrap(0, 0, i), sampling.wrap(0, 1, j), Some(0)])
            };
            let texel = sampling.value(texel, compare, args.dref);
            bits(texel)[if compare { 0 } else { component }]
        });
    }
    let lambda = if sampler.unnormalized_coordinates { 0.0 } else { sampling.lambda(args) };
    let filter = if lambda <= 0.0 { sampler.mag_filter } else { sampler.min_filter };
    let top = image.levels.max(1) - 1;
    let d = lambda.max(0.0).min(top as f32);
    if args.mode & MODE_QUERY_LOD != 0 {
        // OpImageQueryLod (Vulkan, "Image Level(s) Selection"): x the level
        // d_l relative to the base level (d' = clamp(λ, 0, q); nearest(d')
        // = ⌈d' + 0.5⌉ - 1 when the mipmap mode is nearest), y λ' (the
        // gradients' level of detail plus the bias, unclamped).
        let level = if sampler.mipmap_mode == MipmapMode::Nearest { ((d + 0.5).ceil() - 1.0).max(0.0) } else { d };
        let prime = if sampler.unnormalized_coordinates { 0.0 } else { sampling.lambda_prime(args) };
        return [level.to_bits(), prime.to_bits(), 0, 0];
    }
    let texel = if lambda <= 0.0 || top == 0 {
        sampling.filter_level(0, filter, args)
    } else if sampler.mipmap_mode == MipmapMode::Nearest || sampling.integer() && !compare {
        // ⌈d' + 0.5⌉ - 1: halfway rounds down.
        let level = ((d + 0.5).ceil() - 1.0).max(0.0) as u32;
        sampling.filter_level(level.min(top), filter, args)
    } else {
        let high = d.floor() as u32;
        let low = (high + 1).min(top);
        let delta = d - high as f32;
        match (sampling.filter_level(high, filter, args), sampling.filter_level(low, filter, args)) {
            (Texel::Float(a), Texel::Float(b)) => {
                Texel::Float(std::array::from_fn(|c| (1.0 - delta) * a[c] + delta * b[c]))
            }
            (first, _) => first,
        }
    };
    let mut out = bits(texel);
    if compare {
        out = [out[0], 0, 0, 1.0f32.to_bits()];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cube_faces_follow_the_major_axis() {
        for (direction, face) in [
            ([1.0, 0.2, -0.3], 0),
            ([-1.0, 0.2, 0.3], 1),
            ([0.1, 2.0, 0.3], 2),
            ([0.1, -2.0, 0.3], 3),
            ([0.1, 0.2, 0.5], 4),
            ([0.1, 0.2, -0.5], 5),
        ] {
            let (selected, sc, tc, ma) = select_face(direction);
            assert_eq!(selected, face, "{direction:?}");
            // The face direction of (sc, tc) / |ma| is the direction, scaled.
            let back = face_direction(selected, sc / ma, tc / ma);
            for axis in 0..3 {
                assert!((back[axis] * ma - direction[axis]).abs() < 1e-6, "{direction:?} -> {back:?}");
            }
        }
    }

    #[test]
    fn cube_gradients_follow_the_face() {
        // On +z, s = (x / z + 1) / 2: d s / d x = 1 / (2 z).
        let args = SampleArgs {
            mode: MODE_CUBE | MODE_GRAD,
            coordinates: [0.0, 0.0, 2.0, 0.0],
            lod: 0.0,
            dref: 0.0,
            dx: [1.0, 0.0, 0.0],
            dy: [0.0, 0.0, 1.0],
            offset: [0; 3],
        };
        let (face_args, face) = cube_face(&args);
        assert_eq!(face, 4);
        assert_eq!(face_args.coordinates[..2], [0.5, 0.5]);
        assert_eq!(face_args.dx, [0.25, 0.0, 0.0]);
        // Moving along z at the centre moves nothing on the face.
        assert_eq!(face_args.dy, [0.0, 0.0, 0.0]);
    }

    #[test]
    fn opencl_samplers_are_the_literal_samplers_descriptors() {
        use spirv_opt_passes::spirv_to_llvm::sampling::literal_sampler_descriptor;
        let addresses = ["none", "clamp_to_edge", "clamp", "repeat", "mirrored_repeat"];
        for (addressing, address) in addresses.iter().enumerate() {
            for normalized in [0u32, 1] {
                for (filter, filter_name) in ["nearest", "linear"].iter().enumerate() {
                    let text = format!("filter={filter_name},address={address},normalized={}", normalized == 1);
                    let Ok(sampler) = Sampler::parse_opencl(&text) else {
                        // Repeat modes need normalized coordinates.
                        assert!(normalized == 0 && addressing >= 3, "{text}");
                        continue;
                    };
                    let raw = sampler.descriptor();
                    let words = [
                        raw.mag_filter,
                        raw.min_filter,
                        raw.mipmap_mode,
                        raw.address_modes[0],
                        raw.address_modes[1],
                        raw.address_modes[2],
                        raw.border_color,
                        raw.unnormalized_coordinates,
                        raw.compare_enable,
                        raw.compare_op,
                        raw.min_lod.to_bits(),
                        raw.max_lod.to_bits(),
                        raw.mip_lod_bias.to_bits(),
                        0,
                        0,
                        0,
                    ];
                    assert_eq!(words, literal_sampler_descriptor([addressing as u32, normalized, filter as u32]), "{text}");
                }
            }
        }
        assert!(Sampler::parse_opencl("address=clamp,address=repeat").is_err());
        assert!(Sampler::parse_opencl("mipmap=linear").is_err());
    }

    #[test]
    fn parses_every_key_and_refuses_bad_ones() {
        let sampler = Sampler::parse(
            "filter=linear,mipmap=linear,address=mirror_clamp_to_edge,address_w=clamp_to_border,border=int_opaque_white,\
             unnormalized=true,compare=less_or_equal,min_lod=0.5,max_lod=2,lod_bias=-1",
        )
        .unwrap();
        assert_eq!(sampler.min_filter, Filter::Linear);
        assert_eq!(sampler.mipmap_mode, MipmapMode::Linear);
        assert_eq!(
            sampler.address_modes,
            [AddressMode::MirrorClampToEdge, AddressMode::MirrorClampToEdge, AddressMode::ClampToBorder]
        );
        assert_eq!(sampler.border_color, BorderColor::IntOpaqueWhite);
        assert!(sampler.unnormalized_coordinates);
        assert_eq!(sampler.compare, Some(CompareOp::LessOrEqual));
        assert_eq!((sampler.min_lod, sampler.max_lod, sampler.mip_lod_bias), (0.5, 2.0, -1.0));
        assert_eq!(Sampler::parse("").unwrap(), Sampler::default());
        for bad in ["filter=cubic", "filter", "filter=linear,filter=nearest", "speed=3", "min_lod=2,max_lod=1", "max_lod=nan"] {
            assert!(Sampler::parse(bad).is_err(), "{bad}");
        }
        let raw = sampler.descriptor();
        assert_eq!(Sampler::from_descriptor(&raw), sampler);
    }
}
