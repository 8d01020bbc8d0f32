//! `EXPECT image IDX x y SIZE w h EQ_RGB r g b | EQ_RGBA r g b a
//! [TOLERANCE t...]`: a rectangle of texels compared with one colour, as
//! amber's verifier does it (`Verifier::Probe`). Each texel's components are
//! read in the image's format: integers and floats as they are, `UNORM` as
//! v / (2^bits - 1), `SNORM` as v / (2^(bits-1) - 1), `SRGB` as `UNORM`
//! then decoded to linear (not alpha); the expected values are 0 to 255
//! over 255. A component is within tolerance when they differ by at most
//! the tolerance (0.002 unless `TOLERANCE` says; a percentage of the texel's
//! value with `%`). Components other than R, G, B (and A for `EQ_RGBA`) are
//! not compared. The probed texels are the first slice of level 0 (rows
//! `width` texels long), as amber reads an image's first frame.

use super::{
    layout::{Format, Scalar},
    parser::Tolerance,
    values::{Actual, read},
};

/// amber's tolerance of a texel component without `TOLERANCE`.
const DEFAULT_TOLERANCE: Tolerance = Tolerance { value: 0.002, percent: false };

/// An image probe, as parsed.
#[derive(Debug, Clone)]
pub struct Probe {
    /// The rectangle's first column and row.
    pub x: u32,
    /// See `x`.
    pub y: u32,
    /// Its width and height in texels.
    pub width: u32,
    /// See `width`.
    pub height: u32,
    /// The expected red, green, blue and alpha, each 0 to 255 over 255.
    pub expected: [f64; 4],
    /// Whether alpha is compared (`EQ_RGBA`).
    pub rgba: bool,
    /// 0 to 4 tolerances: one for every component, or one each.
    pub tolerances: Vec<Tolerance>,
    /// The image's width and height (the first slice), when it has a shape.
    pub frame: Option<[u32; 2]>,
}

/// How a component's bits are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Uint,
    Sint,
    Unorm,
    Snorm,
    Srgb,
    Float,
}

/// The kinds of components by the mode a format name ends in (data).
const MODES: &[(&str, Kind)] = &[
    ("UINT", Kind::Uint),
    ("SINT", Kind::Sint),
    ("UNORM", Kind::Unorm),
    ("SNORM", Kind::Snorm),
    ("SRGB", Kind::Srgb),
    ("SFLOAT", Kind::Float),
];

/// One component of a texel.
#[derive(Debug, Clone, Copy)]
struct Component {
    /// `R`, `G`, `B`, `A`, or another letter (not compared).
    channel: char,
    /// Where its bits start in the texel, from the least significant bit of
    /// the first byte.
    bit_offset: u32,
    bits: u32,
    kind: Kind,
}

/// The components of a texel of `format`, and the texel's size in bytes.
fn components(format: &Format) -> Result<(Vec<Component>, u32), String> {
    let name = &format.name;
    if let Some(parsed) = components_of_name(name)? {
        return Ok(parsed);
    }
    // A data type (`vec4<float>`, `uint32`): R, G, B, A in order.
    if format.fields.len() > 4 {
        return Err(format!("'{name}' has more than four components: not a texel"));
    }
    let parsed = format
        .fields
        .iter()
        .zip("RGBA".chars())
        .map(|(field, channel)| Component {
            channel,
            bit_offset: field.offset * 8,
            bits: field.scalar.bytes() * 8,
            kind: if field.scalar.is_float() {
                Kind::Float
            } else if field.scalar.is_signed() {
                Kind::Sint
            } else {
                Kind::Uint
            },
        })
        .collect();
    Ok((parsed, format.stride))
}

/// The components of the image format `name` (`R8G8B8A8_UNORM`,
/// `A2B10G10R10_UINT_PACK32`); `None` when it is not a format name, `Err`
/// for a format whose components cannot be probed here (scaled, unsigned
/// small floats, compressed).
fn components_of_name(name: &str) -> Result<Option<(Vec<Component>, u32)>, String> {
    let (body, packed) = match name.rsplit_once("_PACK") {
        Some((body, _)) => (body, true),
        None => (name, false),
    };
    let Some((channels, mode)) = body.rsplit_once('_') else { return Ok(None) };
    let mut named = Vec::new();
    let mut rest = channels;
    while let Some(channel) = rest.chars().next() {
        let digits: String = rest[1..].chars().take_while(char::is_ascii_digit).collect();
        let Ok(bits) = digits.parse::<u32>() else { return Ok(None) };
        if !channel.is_ascii_uppercase() || bits == 0 || bits > 64 {
            return Ok(None);
        }
        named.push((channel, bits));
        rest = &rest[1 + digits.len()..];
    }
    if named.is_empty() {
        return Ok(None);
    }
    let Some(&(_, kind)) = MODES.iter().find(|(known, _)| *known == mode) else {
        return Err(format!("probing texels of {name} ({mode} components) is not supported"));
    };
    let total: u32 = named.iter().map(|(_, bits)| bits).sum();
    let mut parsed = Vec::new();
    let mut offset = 0;
    for &(channel, bits) in &named {
        // A packed format names its components from the most significant
        // bits down (Vulkan, "Packed Formats"); a plain one byte by byte.
        let bit_offset = if packed { total - offset - bits } else { offset };
        if kind == Kind::Float && !matches!(bits, 16 | 32 | 64) {
            return Err(format!("probing texels of {name} ({bits}-bit floats) is not supported"));
        }
        parsed.push(Component { channel, bit_offset, bits, kind });
        offset += bits;
    }
    Ok(Some((parsed, total.div_ceil(8))))
}

/// The value of `component` of the texel at the start of `texel`, scaled
/// as amber scales it.
fn value(texel: &[u8], component: Component) -> f64 {
    let mut raw: u128 = 0;
    for (index, byte) in texel.iter().take(9).enumerate() {
        raw |= u128::from(*byte) << (8 * index);
    }
    let mask = if component.bits == 64 { u64::MAX } else { (1u64 << component.bits) - 1 };
    let bits = (raw >> component.bit_offset) as u64 & mask;
    let signed = || {
        let shift = 64 - component.bits;
        ((bits << shift) as i64 >> shift) as f64
    };
    let unsigned_max = mask as f64;
    match component.kind {
        Kind::Uint => bits as f64,
        Kind::Sint => signed(),
        Kind::Unorm => bits as f64 / unsigned_max,
        Kind::Snorm => signed() / ((1u64 << (component.bits - 1)) - 1) as f64,
        Kind::Srgb => {
            let encoded = bits as f64 / unsigned_max;
            if component.channel == 'A' { encoded } else { srgb_to_linear(encoded) }
        }
        Kind::Float => {
            let scalar = match component.bits {
                16 => Scalar::F16,
                32 => Scalar::F32,
                _ => Scalar::F64,
            };
            match read(&bits.to_le_bytes(), scalar) {
                Actual::Float(float) => float,
                Actual::Int(int) => int as f64,
            }
        }
    }
}

/// amber's sRGB decoding.
fn srgb_to_linear(value: f64) -> f64 {
    if value <= 0.04045 { value / 12.92 } else { ((value + 0.055) / 1.055).powf(2.4) }
}

/// Whether `actual` is within `tolerance` of `expected` (amber's
/// `IsEqualWithTolerance`, a percentage of the actual value).
fn close(actual: f64, expected: f64, tolerance: Tolerance) -> bool {
    let difference = (actual - expected).abs();
    if tolerance.percent { difference <= tolerance.value / 100.0 * actual.abs() } else { difference <= tolerance.value }
}

/// `EXPECT image IDX x y SIZE w h EQ_RGB(A) ...` on the bytes of an
/// image (or buffer) of `format`; `Err` names the first texel that differs.
pub fn check_probe(bytes: &[u8], format: &Format, probe: &Probe) -> Result<(), String> {
    let (parsed, texel_size) = components(format)?;
    let texel_size = texel_size.max(1) as usize;
    let [frame_width, frame_height] =
        probe.frame.unwrap_or([u32::try_from(bytes.len() / texel_size).unwrap_or(u32::MAX), 1]);
    let (right, bottom) = (u64::from(probe.x) + u64::from(probe.width), u64::from(probe.y) + u64::from(probe.height));
    if right > u64::from(frame_width) || bottom > u64::from(frame_height) {
        return Err(format!(
            "Verifier::Probe Position({}, {}) is out of framebuffer scope ({frame_width},{frame_height})",
            right - 1,
            bottom - 1
        ));
    }
    let row = frame_width as usize * texel_size;
    if bytes.len() < row * frame_height as usize {
        return Err(format!("the image has {} bytes, fewer than {frame_width}x{frame_height} texels", bytes.len()));
    }
    let tolerance = |index: usize| match probe.tolerances.len() {
        0 => DEFAULT_TOLERANCE,
        4 => probe.tolerances[index],
        _ => probe.tolerances[0],
    };
    let normalized = parsed.iter().any(|component| matches!(component.kind, Kind::Unorm | Kind::Snorm | Kind::Srgb));
    let scale = if normalized { 255.0 } else { 1.0 };
    let mut failures = 0u64;
    let mut first = None;
    for j in probe.y..probe.y + probe.height {
        for i in probe.x..probe.x + probe.width {
            let at = j as usize * row + i as usize * texel_size;
            let texel = &bytes[at..at + texel_size];
            let mut actual = [0.0; 4];
            let mut same = true;
            for component in &parsed {
                let Some(index) = "RGBA".find(component.channel) else { continue };
                let value = value(texel, *component);
                actual[index] = value;
                if (index < 3 || probe.rgba) && !close(value, probe.expected[index], tolerance(index)) {
                    same = false;
                }
            }
            if !same {
                failures += 1;
                first.get_or_insert((i, j, actual));
            }
        }
    }
    let Some((i, j, actual)) = first else { return Ok(()) };
    let shown = if probe.rgba { 4 } else { 3 };
    let list = |values: &[f64]| values[..shown].iter().map(|value| format!("{}", value * scale)).collect::<Vec<_>>().join(", ");
    Err(format!(
        "Probe failed at: {i}, {j}; expected {}, actual {} ({failures} of {} texels differ)",
        list(&probe.expected),
        list(&actual),
        u64::from(probe.width) * u64::from(probe.height)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn format(name: &str) -> Format {
        Format::image(name).unwrap()
    }

    #[test]
    fn packed_formats_name_components_from_the_top() {
        let (parsed, size) = components_of_name("A2B10G10R10_UNORM_PACK32").unwrap().unwrap();
        assert_eq!(size, 4);
        let offsets: Vec<(char, u32, u32)> = parsed.iter().map(|c| (c.channel, c.bit_offset, c.bits)).collect();
        assert_eq!(offsets, [('A', 30, 2), ('B', 20, 10), ('G', 10, 10), ('R', 0, 10)]);
        // R = 1023 (1.0), G = 0, B = 511, A = 3 (1.0).
        let texel = (3u32 << 30 | 511 << 20 | 1023).to_le_bytes();
        assert_eq!(value(&texel, parsed[3]), 1.0);
        assert_eq!(value(&texel, parsed[2]), 0.0);
        assert!((value(&texel, parsed[1]) - 511.0 / 1023.0).abs() < 1e-12);
        assert_eq!(value(&texel, parsed[0]), 1.0);
    }

    #[test]
    fn scaling_follows_the_mode() {
        let snorm = components_of_name("R8G8_SNORM").unwrap().unwrap().0;
        assert_eq!(value(&[0x81, 0x7f], snorm[0]), -1.0);
        assert_eq!(value(&[0x81, 0x7f], snorm[1]), 1.0);
        let srgb = components_of_name("R8G8B8A8_SRGB").unwrap().unwrap().0;
        let texel = [188, 0, 255, 188];
        assert!((value(&texel, srgb[0]) - srgb_to_linear(188.0 / 255.0)).abs() < 1e-12);
        assert!((value(&texel, srgb[3]) - 188.0 / 255.0).abs() < 1e-12, "alpha is not decoded");
        let half = components_of_name("R16_SFLOAT").unwrap().unwrap().0;
        assert_eq!(value(&0x3c00u16.to_le_bytes(), half[0]), 1.0);
        assert!(components_of_name("B10G11R11_UFLOAT_PACK32").is_err());
        assert!(components_of_name("vec4<float>").unwrap().is_none());
    }

    #[test]
    fn probes_a_rectangle() {
        // 3x2 RGBA8: every texel green but (2, 1), red.
        let mut bytes = [0, 255, 0, 255].repeat(6);
        bytes[20..24].copy_from_slice(&[255, 0, 0, 255]);
        let probe = |x, y, width, height| Probe {
            x,
            y,
            width,
            height,
            expected: [0.0, 1.0, 0.0, 1.0],
            rgba: true,
            tolerances: Vec::new(),
            frame: Some([3, 2]),
        };
        let rgba8 = format("R8G8B8A8_UNORM");
        assert!(check_probe(&bytes, &rgba8, &probe(0, 0, 2, 2)).is_ok());
        let error = check_probe(&bytes, &rgba8, &probe(0, 0, 3, 2)).unwrap_err();
        assert_eq!(error, "Probe failed at: 2, 1; expected 0, 255, 0, 255, actual 255, 0, 0, 255 (1 of 6 texels differ)");
        assert!(check_probe(&bytes, &rgba8, &probe(1, 1, 3, 1)).unwrap_err().contains("out of framebuffer scope"));
    }
}
