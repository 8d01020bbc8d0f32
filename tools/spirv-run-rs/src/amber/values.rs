//! Numbers in scripts (`DATA`, `FILL`, `EXPECT`), and scalars in buffer
//! bytes: written from numbers, read back for comparisons.

use super::layout::{Field, Format, Scalar};

/// A number as the script writes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num {
    /// A decimal or `0x` hexadecimal integer (negative ones too).
    Int(i128),
    /// A number with a point or an exponent.
    Float(f64),
}

impl Num {
    /// `text` as a number, if it is one.
    pub fn parse(text: &str) -> Option<Self> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let sign = if negative { -1 } else { 1 };
        if let Some(hex) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
            return i128::from_str_radix(hex, 16).ok().map(|value| Self::Int(sign * value));
        }
        if !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit()) {
            return digits.parse::<i128>().ok().map(|value| Self::Int(sign * value));
        }
        let starts_numeric = digits.starts_with(|c: char| c.is_ascii_digit() || c == '.');
        let special = matches!(digits.to_ascii_lowercase().as_str(), "inf" | "infinity" | "nan");
        if starts_numeric || special { text.parse::<f64>().ok().map(Self::Float) } else { None }
    }

    /// Its value as a float.
    pub fn as_f64(self) -> f64 {
        match self {
            Self::Int(value) => value as f64,
            Self::Float(value) => value,
        }
    }
}

/// IEEE half-precision bits of `value`, converted as `amber` converts
/// buffer data (its `FloatToHexFloat16`): to `f32` first, then the
/// mantissa truncated (not rounded) to 10 bits, and values below the
/// smallest normal half flushed to a signed zero. Scripts' expected results
/// are computed from the inputs `amber` writes (VK-GL-CTS's `f16mat3`
/// determinant expects 5140 ± 4 from truncated inputs, 5150 from rounded
/// ones). Where `amber`'s conversion has no defined result (magnitudes of
/// 65536 and more) this gives infinity.
pub fn f16_bits(value: f64) -> u16 {
    let value = value as f32;
    let bits = value.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exponent = ((bits >> 23) & 0xff) as i32;
    let mantissa = bits & 0x7f_ffff;
    if exponent == 0xff {
        return sign | 0x7c00 | if mantissa != 0 { 0x200 } else { 0 };
    }
    let half_exponent = exponent - 127 + 15;
    if half_exponent >= 0x1f {
        return sign | 0x7c00;
    }
    if half_exponent <= 0 {
        return sign;
    }
    sign | ((half_exponent as u16) << 10) | (mantissa >> 13) as u16
}

/// The value of IEEE half-precision `bits`.
pub fn f16_value(bits: u16) -> f64 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exponent = i32::from((bits >> 10) & 0x1f);
    let mantissa = f64::from(bits & 0x3ff);
    sign * match exponent {
        0 => mantissa * 2f64.powi(-24),
        0x1f if mantissa == 0.0 => f64::INFINITY,
        0x1f => f64::NAN,
        _ => (1.0 + mantissa / 1024.0) * 2f64.powi(exponent - 15),
    }
}

/// A scalar read from memory.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Actual {
    /// An integer field, by its signedness.
    Int(i128),
    /// A float field, widened.
    Float(f64),
}

impl std::fmt::Display for Actual {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Int(value) => write!(formatter, "{value}"),
            Self::Float(value) => write!(formatter, "{value}"),
        }
    }
}

/// Writes `value` as a `scalar` at `bytes[0..]`. Integers wrap to the
/// field's width (`-1` in a `uint8` is 255); an integer field takes a
/// number written with a point when it is a whole number (`FILL 0.0` on
/// an `int32` buffer, as VK-GL-CTS scripts write it and `amber` runs it)
/// and refuses any other.
pub fn write(bytes: &mut [u8], scalar: Scalar, value: Num) -> Result<(), String> {
    let size = scalar.bytes() as usize;
    if scalar.is_float() {
        let value = value.as_f64();
        match scalar {
            Scalar::F16 => bytes[..2].copy_from_slice(&f16_bits(value).to_le_bytes()),
            Scalar::F32 => bytes[..4].copy_from_slice(&(value as f32).to_le_bytes()),
            _ => bytes[..8].copy_from_slice(&value.to_le_bytes()),
        }
        return Ok(());
    }
    let value = match value {
        Num::Int(value) => value,
        // Whole numbers only; 2^64 bounds what any integer field can hold.
        Num::Float(value) if value.fract() == 0.0 && value.abs() < 18_446_744_073_709_551_616.0 => value as i128,
        Num::Float(value) => return Err(format!("an integer field cannot hold {value}")),
    };
    bytes[..size].copy_from_slice(&value.to_le_bytes()[..size]);
    Ok(())
}

/// Reads a `scalar` at `bytes[0..]`.
pub fn read(bytes: &[u8], scalar: Scalar) -> Actual {
    let mut raw = [0u8; 8];
    let size = scalar.bytes() as usize;
    raw[..size].copy_from_slice(&bytes[..size]);
    let unsigned = u64::from_le_bytes(raw);
    match scalar {
        Scalar::F16 => Actual::Float(f16_value(unsigned as u16)),
        Scalar::F32 => Actual::Float(f64::from(f32::from_bits(unsigned as u32))),
        Scalar::F64 => Actual::Float(f64::from_bits(unsigned)),
        _ if scalar.is_signed() => {
            let shift = 64 - 8 * size as u32;
            Actual::Int(i128::from(((unsigned << shift) as i64) >> shift))
        }
        _ => Actual::Int(i128::from(unsigned)),
    }
}

/// `value` as a field of `scalar` would hold it (wrapped, rounded), for
/// comparisons in the field's own type as Amber makes them.
pub fn as_field(scalar: Scalar, value: Num) -> Actual {
    let mut bytes = [0u8; 8];
    let value = match (scalar.is_float(), value) {
        (false, Num::Float(float)) => Num::Int(float as i128),
        (_, value) => value,
    };
    // Cannot fail: integer fields get integers here.
    let _ = write(&mut bytes, scalar, value);
    read(&bytes, scalar)
}

/// The bytes of `values` laid out in `format`, value after value through
/// the fields of each element; `elements` elements (zero past the values),
/// or as many as the values fill.
pub fn encode(format: &Format, values: &[Num], elements: Option<usize>) -> Result<Vec<u8>, String> {
    let per_element = format.fields.len();
    let count = elements.unwrap_or_else(|| values.len().div_ceil(per_element));
    let mut bytes = vec![0u8; count * format.stride as usize];
    for (index, value) in values.iter().enumerate().take(count * per_element) {
        let Field { offset, scalar } = format.fields[index % per_element];
        let at = (index / per_element) * format.stride as usize + offset as usize;
        write(&mut bytes[at..], scalar, *value).map_err(|message| format!("value {}: {message}", index))?;
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(Num::parse("-3"), Some(Num::Int(-3)));
        assert_eq!(Num::parse("0xff"), Some(Num::Int(255)));
        assert_eq!(Num::parse("1.5"), Some(Num::Float(1.5)));
        assert_eq!(Num::parse("-2e3"), Some(Num::Float(-2000.0)));
        assert_eq!(Num::parse("END"), None);
        assert_eq!(Num::parse("e5"), None);
    }

    #[test]
    fn half_precision() {
        for value in [0.0, 1.0, -2.5, 65504.0, 0.00006103515625, 0.1] {
            let back = f16_value(f16_bits(value));
            assert!((back - value).abs() <= value.abs() / 1024.0, "{value} -> {back}");
        }
        assert_eq!(f16_bits(1.0), 0x3c00);
        // Truncated as amber does: 90.5568627 is 90.5625 to nearest, 90.5 here.
        assert_eq!(f16_value(f16_bits(90.5568627)), 90.5);
        assert_eq!(f16_value(f16_bits(-60.4349515)), -60.40625);
        // Below the smallest normal half: a signed zero.
        assert_eq!(f16_bits(5.9604645e-8), 0);
        assert_eq!(f16_bits(-1e-5), 0x8000);
        assert_eq!(f16_bits(f64::INFINITY), 0x7c00);
        assert!(f16_value(f16_bits(f64::NAN)).is_nan());
    }

    #[test]
    fn fields_wrap_and_sign() {
        let mut bytes = [0u8; 8];
        write(&mut bytes, Scalar::U8, Num::Int(-1)).unwrap();
        assert_eq!(read(&bytes, Scalar::U8), Actual::Int(255));
        assert_eq!(read(&bytes, Scalar::I8), Actual::Int(-1));
        assert!(write(&mut bytes, Scalar::I32, Num::Float(1.5)).is_err());
        assert_eq!(as_field(Scalar::F32, Num::Float(0.1)), Actual::Float(f64::from(0.1f32)));
    }
}
