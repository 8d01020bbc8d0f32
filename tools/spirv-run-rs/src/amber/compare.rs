//! `EXPECT`: values at a byte offset compared in the buffer's own types
//! (as Amber's verifier does), whole buffers byte for byte, and the root
//! mean square error of two buffers.

use super::{
    layout::{Format, Scalar},
    parser::{COMPARATORS, Comparator, Tolerance},
    values::{Actual, Num, as_field, read},
};

/// Amber's tolerance of a float `EQ` without `TOLERANCE`: 0.000001 %.
const DEFAULT_TOLERANCE: Tolerance = Tolerance { value: 0.000001, percent: true };

/// Whether `actual` is within `tolerance` of `expected` (NaN equals NaN).
fn close(actual: f64, expected: f64, tolerance: Tolerance) -> bool {
    if actual.is_nan() || expected.is_nan() {
        return actual.is_nan() == expected.is_nan();
    }
    let allowed = if tolerance.percent { tolerance.value / 100.0 * expected.abs() } else { tolerance.value };
    // Infinities compare equal to themselves only.
    actual == expected || (actual - expected).abs() <= allowed
}

fn holds(comparator: Comparator, actual: Actual, expected: Actual, tolerance: Tolerance) -> bool {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let ordering = match (actual, expected) {
        (Actual::Int(actual), Actual::Int(expected)) => Some(actual.cmp(&expected)),
        (Actual::Float(actual), Actual::Float(expected)) => match comparator {
            Comparator::Eq => return close(actual, expected, tolerance),
            Comparator::Ne => return !close(actual, expected, tolerance),
            _ => actual.partial_cmp(&expected),
        },
        _ => None,
    };
    matches!(
        (comparator, ordering),
        (Comparator::Eq, Some(Equal))
            | (Comparator::Ne, Some(Less | Greater))
            | (Comparator::Lt, Some(Less))
            | (Comparator::Le, Some(Less | Equal))
            | (Comparator::Gt, Some(Greater))
            | (Comparator::Ge, Some(Greater | Equal))
    )
}

/// A value as its field's type prints it (a 32-bit float as `2.6`, not as
/// the double it widens to).
fn show(value: Actual, scalar: Scalar) -> String {
    match value {
        Actual::Float(float) if scalar != Scalar::F64 => format!("{}", float as f32),
        other => other.to_string(),
    }
}

/// `EXPECT buf IDX offset [TOLERANCE ...] CMP values`: `Err` names the
/// first value that fails (`3 == 4, at index 2`, as Amber words it).
pub fn check_values(
    bytes: &[u8],
    format: &Format,
    offset: u64,
    tolerances: &[Tolerance],
    comparator: Comparator,
    values: &[Num],
) -> Result<(), String> {
    let per_element = format.fields.len();
    let stride = u64::from(format.stride);
    if !offset.is_multiple_of(stride) {
        return Err(format!(
            "Verifier failed: offset {offset} is not a multiple of the element size {stride} of {}",
            format.name
        ));
    }
    // The last element may be read partly: only its fields that are compared.
    let last = values.len() - 1;
    let needed = offset.saturating_add((last / per_element) as u64 * stride).saturating_add(u64::from(
        format.fields[last % per_element].offset + format.fields[last % per_element].scalar.bytes(),
    ));
    if needed > bytes.len() as u64 {
        return Err(format!(
            "Verifier failed: reading {} values from byte {offset} needs {} bytes; the buffer has {}",
            values.len(),
            needed,
            bytes.len()
        ));
    }
    let symbol = COMPARATORS.iter().find(|(_, known, _)| *known == comparator).map_or("?", |(_, _, symbol)| symbol);
    for (index, value) in values.iter().enumerate() {
        let field = format.fields[index % per_element];
        let at = (offset + (index / per_element) as u64 * stride + u64::from(field.offset)) as usize;
        let actual = read(&bytes[at..], field.scalar);
        let expected = as_field(field.scalar, *value);
        // The k-th component takes the k-th tolerance, or the first.
        let tolerance =
            tolerances.get(index % per_element).or(tolerances.first()).copied().unwrap_or(DEFAULT_TOLERANCE);
        if !holds(comparator, actual, expected, tolerance) {
            let symbol = if tolerances.is_empty() { symbol } else { "~=" };
            let (actual, expected) = (show(actual, field.scalar), show(expected, field.scalar));
            return Err(format!("Verifier failed: {actual} {symbol} {expected}, at index {index}"));
        }
    }
    Ok(())
}

/// `EXPECT a EQ_BUFFER b`: byte for byte.
pub fn check_equal(left: &[u8], right: &[u8]) -> Result<(), String> {
    if left.len() != right.len() {
        return Err(format!("Buffers have different sizes: {} and {} bytes", left.len(), right.len()));
    }
    let mut differences = left.iter().zip(right).enumerate().filter(|(_, (a, b))| a != b);
    if let Some((first, (a, b))) = differences.next() {
        return Err(format!(
            "Buffers have different values. {} values differed, first difference at byte {first} values {a} != {b}",
            differences.count() + 1
        ));
    }
    Ok(())
}

/// The values of every field of every element, as floats.
fn all_values(bytes: &[u8], format: &Format) -> Vec<f64> {
    let stride = format.stride as usize;
    let mut values = Vec::new();
    for element in 0..bytes.len() / stride {
        for field in &format.fields {
            values.push(match read(&bytes[element * stride + field.offset as usize..], field.scalar) {
                Actual::Int(value) => value as f64,
                Actual::Float(value) => value,
            });
        }
    }
    values
}

/// `EXPECT a RMSE_BUFFER b TOLERANCE t`: the root mean square of the
/// differences of all values at most `t`.
pub fn check_rmse(left: &[u8], right: &[u8], format: &Format, tolerance: f64) -> Result<(), String> {
    if left.len() != right.len() {
        return Err(format!("Buffers have different sizes: {} and {} bytes", left.len(), right.len()));
    }
    let (a, b) = (all_values(left, format), all_values(right, format));
    let sum: f64 = a.iter().zip(&b).map(|(a, b)| (a - b) * (a - b)).sum();
    let rmse = (sum / a.len().max(1) as f64).sqrt();
    if rmse > tolerance || rmse.is_nan() {
        return Err(format!("Root Mean Square Error of {rmse} is greater than tolerance of {tolerance}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::amber::layout::{Layout, Type, builtin_type};

    fn format(name: &str) -> Format {
        let ty: Type = builtin_type(name).unwrap();
        Format::of(&ty, true, Layout::Std430, name)
    }

    fn bytes_of_u32(values: &[u32]) -> Vec<u8> {
        values.iter().flat_map(|value| value.to_le_bytes()).collect()
    }

    #[test]
    fn values_and_first_failure() {
        let bytes = bytes_of_u32(&[1, 2, 3, 0xffff_ffff]);
        let uint = format("uint32");
        let eq = |offset, values: &[i128]| {
            let values: Vec<Num> = values.iter().map(|value| Num::Int(*value)).collect();
            check_values(&bytes, &uint, offset, &[], Comparator::Eq, &values)
        };
        assert_eq!(eq(0, &[1, 2, 3, -1]), Ok(()));
        assert_eq!(eq(4, &[2, 4]), Err("Verifier failed: 3 == 4, at index 1".into()));
        assert!(eq(2, &[0]).is_err());
        assert!(eq(12, &[1, 2]).is_err());
        let int = format("int32");
        assert_eq!(check_values(&bytes, &int, 12, &[], Comparator::Lt, &[Num::Int(0)]), Ok(()));
    }

    #[test]
    fn float_tolerances() {
        let bytes: Vec<u8> = [1.0f32, 2.5].iter().flat_map(|value| value.to_le_bytes()).collect();
        let float = format("float");
        let absolute = [Tolerance { value: 0.1, percent: false }];
        let percent = [Tolerance { value: 1.0, percent: true }];
        let check = |tolerances: &[Tolerance], values: &[f64]| {
            let values: Vec<Num> = values.iter().map(|value| Num::Float(*value)).collect();
            check_values(&bytes, &float, 0, tolerances, Comparator::Eq, &values)
        };
        assert_eq!(check(&[], &[1.0, 2.5]), Ok(()));
        assert!(check(&[], &[1.0, 2.50001]).is_err());
        assert_eq!(check(&absolute, &[1.05, 2.45]), Ok(()));
        assert_eq!(check(&percent, &[1.009, 2.52]), Ok(()));
        assert!(check(&percent, &[1.02]).is_err());
    }

    #[test]
    fn whole_buffers() {
        assert_eq!(check_equal(&[1, 2, 3], &[1, 2, 3]), Ok(()));
        assert!(check_equal(&[1, 2, 3], &[1, 0, 0]).unwrap_err().contains("2 values differed"));
        let float = format("float");
        let a: Vec<u8> = [1.0f32, 2.0].iter().flat_map(|value| value.to_le_bytes()).collect();
        let b: Vec<u8> = [1.0f32, 2.2].iter().flat_map(|value| value.to_le_bytes()).collect();
        assert_eq!(check_rmse(&a, &b, &float, 0.15), Ok(()));
        assert!(check_rmse(&a, &b, &float, 0.1).is_err());
    }
}
