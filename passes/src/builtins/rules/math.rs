//! The OpenCL math functions that need more than one C library call: the
//! `*pi` functions (exact argument reduction), `rootn`, `remquo` (seven
//! quotient bits, where glibc gives three), `nan`, `ilogb`, and the
//! functions with a pointer out-parameter (`frexp`, `modf`, `fract`,
//! `sincos`, `remquo`, `lgamma_r`), which store exactly the pointee the
//! mangled name declares (OpenCL C 6.15.2; edge cases and accuracy from the
//! OpenCL SPIR-V environment specification, "Edge Case Behavior" and "ULP
//! Values for Math Instructions - Full Profile").
//!
//! Half and single precision are computed in double and rounded once at the
//! end; double precision adds the rounding error of the double constants
//! back (`pi` as a sum of two doubles, the residual of `1 / n`).

use super::{binary, call_intrinsic, constant, fcmp, float_constant, icmp, libm_call, select, shape, with_element};
use crate::builtins::{Signature, mangled};
use crate::ir_text::Text;

/// The functions of this module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Math {
    /// `sin(pi x)`, `cos(pi x)`, `tan(pi x)`.
    SinPi,
    CosPi,
    TanPi,
    /// `asin(x) / pi`, `acos(x) / pi`, `atan(x) / pi`, `atan2(y, x) / pi`.
    AsinPi,
    AcosPi,
    AtanPi,
    Atan2Pi,
    /// `x` to the power `1 / n`.
    RootN,
    /// A quiet NaN carrying the code in its significand.
    Nan,
    /// The unbiased exponent, as an integer.
    Ilogb,
    /// The significand in [0.5, 1), the exponent stored.
    Frexp,
    /// The fractional part, the integral part stored.
    Modf,
    /// `x - floor(x)` below 1, `floor(x)` stored.
    Fract,
    /// The sine, the cosine stored.
    SinCos,
    /// The remainder, the low seven bits of the quotient stored.
    RemQuo,
    /// `log |gamma(x)|`, the sign of `gamma(x)` stored.
    LgammaR,
    /// `log |gamma(x)|`, through the C library's reentrant function (its
    /// `lgamma` writes the global `signgam`, which threads would race on).
    Lgamma,
    /// The cube root: the C library's, and for double one Newton step on
    /// it (glibc's `cbrt` is up to about 2.5 ulp off, OpenCL allows 2).
    Cbrt,
    /// A hint with no effect here.
    Prefetch,
}

/// The body of `math` for `signature`; `None` for a `void` result.
pub(super) fn body(
    text: &mut Text,
    math: Math,
    signature: &Signature<'_>,
    arguments: &[String],
    types: &[String],
    ty: &str,
) -> Result<Option<String>, String> {
    let wanted = match math {
        Math::Atan2Pi | Math::RootN | Math::Frexp | Math::Modf | Math::Fract | Math::SinCos | Math::LgammaR => 2,
        Math::Prefetch => 2,
        Math::RemQuo => 3,
        _ => 1,
    };
    if arguments.len() != wanted {
        return Err(format!("expected {wanted} arguments, not {}", arguments.len()));
    }
    let (_, element) = shape(ty);
    if math != Math::Prefetch && math != Math::Ilogb && !matches!(element, "f16" | "f32" | "f64") {
        return Err(format!("not defined for {ty}"));
    }
    let x = arguments[0].as_str();
    Ok(Some(match math {
        Math::Prefetch => return Ok(None),
        Math::SinPi | Math::CosPi | Math::TanPi => {
            lanes(text, &arguments[..1], &types[..1], ty, &mut |text, lane| pi_function(text, math, &lane[0], element))?
        }
        Math::AsinPi | Math::AcosPi | Math::AtanPi | Math::Atan2Pi => {
            lanes(text, arguments, types, ty, &mut |text, lane| inverse_pi(text, math, lane, element))?
        }
        Math::RootN => lanes(text, arguments, types, ty, &mut |text, lane| rootn(text, &lane[0], &lane[1], element))?,
        Math::Cbrt => lanes(text, arguments, types, ty, &mut |text, lane| cbrt(text, &lane[0], element))?,
        Math::Nan => nan(text, x, &types[0], ty)?,
        Math::Ilogb => ilogb(text, x, &types[0], ty)?,
        Math::Frexp => {
            let integers = with_element(ty, "i32");
            let outputs =
                lanes_to(text, &arguments[..1], &types[..1], &[ty.to_owned(), integers.clone()], &mut |text, lane| {
                    // An infinity or a NaN stores 0 (frexp's own rule).
                    let (significand, exponent) = frexp(text, &lane[0], element);
                    Ok(vec![significand, exponent])
                })?;
            store(text, signature, 1, &outputs[1], &integers, &arguments[1], &types[1])?;
            outputs[0].clone()
        }
        Math::Modf => {
            // *iptr = trunc(x); copysign(isinf(x) ? 0 : x - *iptr, x) (the specification's definition).
            let integral = call_intrinsic(text, "trunc", &[x.to_owned()], &[ty.to_owned()], ty);
            store(text, signature, 1, &integral, ty, &arguments[1], &types[1])?;
            let fraction = binary(text, "fsub", x, &integral, ty);
            let magnitude = call_intrinsic(text, "fabs", &[x.to_owned()], &[ty.to_owned()], ty);
            let infinity = float_constant(text, ty, f64::INFINITY);
            let infinite = fcmp(text, "oeq", &magnitude, &infinity, ty);
            let zero = float_constant(text, ty, 0.0);
            let fraction = select(text, &infinite, &zero, &fraction, ty);
            call_intrinsic(text, "copysign", &[fraction, x.to_owned()], &[ty.to_owned(), ty.to_owned()], ty)
        }
        Math::Fract => {
            // fmin(x - floor(x), the largest value below 1); ±0, ±inf and NaN as the specification says.
            let floor = call_intrinsic(text, "floor", &[x.to_owned()], &[ty.to_owned()], ty);
            store(text, signature, 1, &floor, ty, &arguments[1], &types[1])?;
            let fraction = binary(text, "fsub", x, &floor, ty);
            let below_one = float_constant(text, ty, 1.0 - (-(f64::from(mantissa_bits(element)) + 1.0)).exp2());
            let fraction = call_intrinsic(text, "minnum", &[fraction, below_one], &[ty.to_owned(), ty.to_owned()], ty);
            let zero = float_constant(text, ty, 0.0);
            let is_zero = fcmp(text, "oeq", x, &zero, ty);
            let fraction = select(text, &is_zero, x, &fraction, ty);
            let magnitude = call_intrinsic(text, "fabs", &[x.to_owned()], &[ty.to_owned()], ty);
            let infinity = float_constant(text, ty, f64::INFINITY);
            let infinite = fcmp(text, "oeq", &magnitude, &infinity, ty);
            let signed_zero =
                call_intrinsic(text, "copysign", &[zero, x.to_owned()], &[ty.to_owned(), ty.to_owned()], ty);
            let fraction = select(text, &infinite, &signed_zero, &fraction, ty);
            let is_nan = fcmp(text, "uno", x, x, ty);
            select(text, &is_nan, x, &fraction, ty)
        }
        Math::SinCos => {
            // The same functions as `sin` and `cos` (LLVM's intrinsics: the C library's).
            let sine = call_intrinsic(text, "sin", &[x.to_owned()], &[ty.to_owned()], ty);
            let cosine = call_intrinsic(text, "cos", &[x.to_owned()], &[ty.to_owned()], ty);
            store(text, signature, 1, &cosine, ty, &arguments[1], &types[1])?;
            sine
        }
        Math::RemQuo => {
            let (remainder, quotient) = remquo(text, x, &arguments[1], ty, element);
            store(text, signature, 2, &quotient, &with_element(ty, "i32"), &arguments[2], &types[2])?;
            remainder
        }
        Math::LgammaR | Math::Lgamma => {
            let one = text.i32(1);
            let slot = text.value(format!("llvm.alloca {one} x i32 : (i32) -> !llvm.ptr"));
            let signs = with_element(ty, "i32");
            let outputs =
                lanes_to(text, &arguments[..1], &types[..1], &[ty.to_owned(), signs.clone()], &mut |text, lane| {
                    let (value, sign) = lgamma_r(text, &lane[0], &slot, element)?;
                    Ok(vec![value, sign])
                })?;
            if math == Math::LgammaR {
                store(text, signature, 1, &outputs[1], &signs, &arguments[1], &types[1])?;
            }
            outputs[0].clone()
        }
    }))
}

/// Stores `value` of type `ty` through the pointer argument `pointer` (the
/// `index`-th parameter), whose pointee the mangled name must say is `ty`:
/// a builtin writes the bytes of its pointee, no more.
fn store(
    text: &mut Text,
    signature: &Signature<'_>,
    index: usize,
    value: &str,
    ty: &str,
    pointer: &str,
    pointer_type: &str,
) -> Result<(), String> {
    let parameters = mangled::parameters(signature.mangled_parameters)
        .ok_or_else(|| format!("cannot read the parameter types of {}", signature.name))?;
    match parameters.get(index) {
        Some(mangled::Mangled::Pointer { pointee, .. }) if pointee.mlir_type() == ty => {
            text.line(format!("llvm.store {value}, {pointer} : {ty}, {pointer_type}"));
            Ok(())
        }
        Some(mangled::Mangled::Pointer { pointee, .. }) => {
            Err(format!("parameter {} points to {}, where the result needs {ty}", index + 1, pointee.mlir_type()))
        }
        _ => Err(format!("parameter {} is not a pointer in the mangled name", index + 1)),
    }
}

/// The number of significand bits an element type stores (23 for `f32`).
fn mantissa_bits(element: &str) -> u32 {
    match element {
        "f16" => 10,
        "f64" => 52,
        _ => 23,
    }
}

/// The body of a lanewise function for one lane: (text, lane arguments) to
/// one value.
type LaneBody<'a> = dyn FnMut(&mut Text, &[String]) -> Result<String, String> + 'a;

/// The same, to one value per output.
type LanesBody<'a> = dyn FnMut(&mut Text, &[String]) -> Result<Vec<String>, String> + 'a;

/// Applies `scalar` lane by lane (or once, for scalars): one value of
/// `result` per lane.
fn lanes(
    text: &mut Text,
    arguments: &[String],
    types: &[String],
    result: &str,
    scalar: &mut LaneBody<'_>,
) -> Result<String, String> {
    let outputs =
        lanes_to(text, arguments, types, &[result.to_owned()], &mut |text, lane| Ok(vec![scalar(text, lane)?]))?;
    Ok(outputs[0].clone())
}

/// Applies `scalar` lane by lane (or once, for scalars), each call giving
/// one value per type of `outputs`; vector arguments are split into their
/// lanes, scalar arguments given to every lane.
fn lanes_to(
    text: &mut Text,
    arguments: &[String],
    types: &[String],
    outputs: &[String],
    scalar: &mut LanesBody<'_>,
) -> Result<Vec<String>, String> {
    let Some(lanes) = outputs.first().and_then(|output| shape(output).0) else {
        return scalar(text, arguments);
    };
    let mut vectors: Vec<String> = outputs.iter().map(|ty| text.value(format!("llvm.mlir.poison : {ty}"))).collect();
    for lane in 0..lanes {
        let index = text.i32(lane as i64);
        let mut scalars = Vec::new();
        for (value, ty) in arguments.iter().zip(types) {
            scalars.push(match shape(ty) {
                (Some(_), _) => text.value(format!("llvm.extractelement {value}[{index} : i32] : {ty}")),
                (None, _) => value.clone(),
            });
        }
        let computed = scalar(text, &scalars)?;
        for ((vector, value), ty) in vectors.iter_mut().zip(computed).zip(outputs) {
            *vector = text.value(format!("llvm.insertelement {value}, {vector}[{index} : i32] : {ty}"));
        }
    }
    Ok(vectors)
}

/// `value` of `from` as `to` (`fpext`, `fptrunc` or itself).
fn convert(text: &mut Text, value: &str, from: &str, to: &str) -> String {
    let width = |ty: &str| match ty {
        "f16" => 16,
        "f32" => 32,
        _ => 64,
    };
    match width(from).cmp(&width(to)) {
        std::cmp::Ordering::Equal => value.to_owned(),
        std::cmp::Ordering::Less => text.value(format!("llvm.fpext {value} : {from} to {to}")),
        std::cmp::Ordering::Greater => text.value(format!("llvm.fptrunc {value} : {from} to {to}")),
    }
}

fn unary(text: &mut Text, intrinsic: &str, value: &str, ty: &str) -> String {
    call_intrinsic(text, intrinsic, &[value.to_owned()], &[ty.to_owned()], ty)
}

fn fma(text: &mut Text, a: &str, b: &str, c: &str) -> String {
    call_intrinsic(
        text,
        "fma",
        &[a.to_owned(), b.to_owned(), c.to_owned()],
        &["f64".into(), "f64".into(), "f64".into()],
        "f64",
    )
}

/// `values[q]`, `q` an `i64` in 0..4.
fn quadrant(text: &mut Text, q: &str, values: [&str; 4], ty: &str) -> String {
    let mut picked = values[0].to_owned();
    for (index, value) in values.iter().enumerate().skip(1) {
        let k = text.i64(index as i64);
        let is = icmp(text, "eq", q, &k, "i64");
        picked = text.value(format!("llvm.select {is}, {value}, {picked} : i1, {ty}"));
    }
    picked
}

/// `sinpi`, `cospi`, `tanpi` of one scalar `x` of `element`.
///
/// `|x| = n / 2 + r` with `n = rint(2 |x|)` and `|r| <= 1/4`, both exact
/// (below `2^p`, `p` the significand's bits, `n` fits and `r` is a multiple
/// of `ulp(x)` smaller than `|x|`; at and above `2^p` every value is an even
/// integer). Then `sin(pi r)` and `cos(pi r)` give the result by the
/// quadrant `n mod 4`, in double; for double, `pi r` carries the low part of
/// `pi` as a first-order correction. Signs and exact zeros and infinities
/// are the specification's: `sinpi` and `tanpi` are odd, `cospi` even,
/// zeros of `sinpi(|x|)` and `cospi` are `+0`, `tanpi(n + 1/2)` is `+inf`
/// for even `n`.
fn pi_function(text: &mut Text, math: Math, x: &str, element: &str) -> Result<String, String> {
    let limit = f64::from(mantissa_bits(element) + 1).exp2();
    let magnitude = unary(text, "fabs", x, element);
    let limit = float_constant(text, element, limit);
    // False for infinities and NaN too.
    let reducible = fcmp(text, "olt", &magnitude, &limit, element);
    let zero = float_constant(text, element, 0.0);
    let safe = text.value(format!("llvm.select {reducible}, {magnitude}, {zero} : i1, {element}"));
    let y = convert(text, &safe, element, "f64");
    let two = float_constant(text, "f64", 2.0);
    let twice = binary(text, "fmul", &y, &two, "f64");
    let n = unary(text, "rint", &twice, "f64");
    let half = float_constant(text, "f64", 0.5);
    let whole = binary(text, "fmul", &n, &half, "f64");
    let r = binary(text, "fsub", &y, &whole, "f64");
    let n = text.value(format!("llvm.fptosi {n} : f64 to i64"));
    let three = text.i64(3);
    let q = binary(text, "and", &n, &three, "i64");
    let (sine, cosine) = sin_cos_pi(text, &r, element == "f64")?;
    let minus_sine = text.value(format!("llvm.fneg {sine} : f64"));
    let minus_cosine = text.value(format!("llvm.fneg {cosine} : f64"));
    let plus_zero = float_constant(text, "f64", 0.0);
    let value = match math {
        Math::SinPi => quadrant(text, &q, [&sine, &cosine, &minus_sine, &minus_cosine], "f64"),
        Math::CosPi => quadrant(text, &q, [&cosine, &minus_sine, &minus_cosine, &sine], "f64"),
        _ => {
            let numerator = quadrant(text, &q, [&sine, &cosine, &minus_sine, &minus_cosine], "f64");
            let denominator = quadrant(text, &q, [&cosine, &minus_sine, &minus_cosine, &sine], "f64");
            let quotient = binary(text, "fdiv", &numerator, &denominator, "f64");
            // r = 0: an integer (+0 even, -0 odd) or a pole (+inf after an even integer, -inf after an odd one).
            let minus_zero = text.value("llvm.mlir.constant(-0.0 : f64) : f64");
            let plus_infinity = float_constant(text, "f64", f64::INFINITY);
            let minus_infinity = float_constant(text, "f64", f64::NEG_INFINITY);
            let exact = quadrant(text, &q, [&plus_zero, &plus_infinity, &minus_zero, &minus_infinity], "f64");
            let is_exact = fcmp(text, "oeq", &r, &plus_zero, "f64");
            text.value(format!("llvm.select {is_exact}, {exact}, {quotient} : i1, f64"))
        }
    };
    let value = if math == Math::TanPi { value } else { binary(text, "fadd", &value, &plus_zero, "f64") };
    let value = convert(text, &value, "f64", element);
    // Beyond the reduction: even integers (sinpi, tanpi +0; cospi 1), or NaN.
    let difference = binary(text, "fsub", &magnitude, &magnitude, element);
    let beyond = if math == Math::CosPi {
        let one = float_constant(text, element, 1.0);
        binary(text, "fadd", &difference, &one, element)
    } else {
        difference
    };
    let value = text.value(format!("llvm.select {reducible}, {value}, {beyond} : i1, {element}"));
    if math == Math::CosPi {
        return Ok(value);
    }
    let one = float_constant(text, element, 1.0);
    let sign =
        call_intrinsic(text, "copysign", &[one, x.to_owned()], &[element.to_owned(), element.to_owned()], element);
    Ok(binary(text, "fmul", &value, &sign, element))
}

/// `sin(pi r)` and `cos(pi r)` for a double `|r| <= 1/4`; `precise` adds
/// the first-order correction for `pi r`'s rounding and `pi`'s low part.
fn sin_cos_pi(text: &mut Text, r: &str, precise: bool) -> Result<(String, String), String> {
    let pi = float_constant(text, "f64", std::f64::consts::PI);
    if !precise {
        let angle = binary(text, "fmul", r, &pi, "f64");
        let sine = libm_call(text, "sin", std::slice::from_ref(&angle), "f64")?;
        let cosine = libm_call(text, "cos", &[angle], "f64")?;
        return Ok((sine, cosine));
    }
    // pi = PI + PI_LO; pi r = high + low with high = fl(PI r).
    let pi_low = float_constant(text, "f64", 1.224_646_799_147_353_2e-16);
    let high = binary(text, "fmul", r, &pi, "f64");
    let minus_high = text.value(format!("llvm.fneg {high} : f64"));
    let error = fma(text, r, &pi, &minus_high);
    let low = fma(text, r, &pi_low, &error);
    let sine = libm_call(text, "sin", std::slice::from_ref(&high), "f64")?;
    let cosine = libm_call(text, "cos", &[high], "f64")?;
    // sin(h + l) = sin h + l cos h, cos(h + l) = cos h - l sin h (l^2 is below the rounding).
    let corrected_sine = fma(text, &low, &cosine, &sine);
    let minus_low = text.value(format!("llvm.fneg {low} : f64"));
    let corrected_cosine = fma(text, &minus_low, &sine, &cosine);
    Ok((corrected_sine, corrected_cosine))
}

/// `asinpi`, `acospi`, `atanpi`, `atan2pi` of one lane: the C library's
/// function in double, divided by `pi` (so that `asin(1) / pi` is exactly
/// `0.5`), rounded once; `atan2pi` of two infinities exactly `±0.25` or `±0.75`.
fn inverse_pi(text: &mut Text, math: Math, lane: &[String], element: &str) -> Result<String, String> {
    let function = match math {
        Math::AsinPi => "asin",
        Math::AcosPi => "acos",
        Math::AtanPi => "atan",
        _ => "atan2",
    };
    let wide: Vec<String> = lane.iter().map(|value| convert(text, value, element, "f64")).collect();
    let angle = libm_call(text, function, &wide, "f64")?;
    let pi = float_constant(text, "f64", std::f64::consts::PI);
    let mut value = binary(text, "fdiv", &angle, &pi, "f64");
    if math == Math::Atan2Pi {
        let (y, x) = (&wide[0], &wide[1]);
        let infinity = float_constant(text, "f64", f64::INFINITY);
        let magnitude_y = unary(text, "fabs", y, "f64");
        let magnitude_x = unary(text, "fabs", x, "f64");
        let infinite_y = fcmp(text, "oeq", &magnitude_y, &infinity, "f64");
        let infinite_x = fcmp(text, "oeq", &magnitude_x, &infinity, "f64");
        let both = binary(text, "and", &infinite_y, &infinite_x, "i1");
        let one = float_constant(text, "f64", 1.0);
        let sign_x = call_intrinsic(text, "copysign", &[one, x.clone()], &["f64".into(), "f64".into()], "f64");
        let zero = float_constant(text, "f64", 0.0);
        let negative_x = fcmp(text, "olt", &sign_x, &zero, "f64");
        let three_quarters = float_constant(text, "f64", 0.75);
        let quarter = float_constant(text, "f64", 0.25);
        let magnitude = text.value(format!("llvm.select {negative_x}, {three_quarters}, {quarter} : i1, f64"));
        let exact = call_intrinsic(text, "copysign", &[magnitude, y.clone()], &["f64".into(), "f64".into()], "f64");
        value = text.value(format!("llvm.select {both}, {exact}, {value} : i1, f64"));
    }
    Ok(convert(text, &value, "f64", element))
}

/// `rootn(x, n)` of one lane: `pow(|x|, 1/n)` in double, corrected for the
/// rounding of `1/n` (`d = (1 - n fl(1/n)) / n` exactly enough, and
/// `|x|^d = 1 + d log|x|`), the sign of `x` for odd `n`; NaN for `n = 0`
/// and for `x < 0` with even `n`.
fn rootn(text: &mut Text, x: &str, n: &str, element: &str) -> Result<String, String> {
    let x = convert(text, x, element, "f64");
    let count = text.value(format!("llvm.sitofp {n} : i32 to f64"));
    let one = float_constant(text, "f64", 1.0);
    let exponent = binary(text, "fdiv", &one, &count, "f64");
    let minus_exponent = text.value(format!("llvm.fneg {exponent} : f64"));
    let residual = fma(text, &minus_exponent, &count, &one);
    let correction = binary(text, "fdiv", &residual, &count, "f64");
    let magnitude = unary(text, "fabs", &x, "f64");
    let root = libm_call(text, "pow", &[magnitude.clone(), exponent], "f64")?;
    let logarithm = libm_call(text, "log", std::slice::from_ref(&magnitude), "f64")?;
    let scaled = binary(text, "fmul", &correction, &logarithm, "f64");
    let adjustment = binary(text, "fmul", &root, &scaled, "f64");
    let corrected = binary(text, "fadd", &root, &adjustment, "f64");
    // Only where all of it is finite and nonzero.
    let zero = float_constant(text, "f64", 0.0);
    let infinity = float_constant(text, "f64", f64::INFINITY);
    let positive = fcmp(text, "ogt", &magnitude, &zero, "f64");
    let finite = fcmp(text, "olt", &magnitude, &infinity, "f64");
    let root_magnitude = unary(text, "fabs", &root, "f64");
    let root_finite = fcmp(text, "olt", &root_magnitude, &infinity, "f64");
    let usable = binary(text, "and", &positive, &finite, "i1");
    let usable = binary(text, "and", &usable, &root_finite, "i1");
    let root = text.value(format!("llvm.select {usable}, {corrected}, {root} : i1, f64"));
    let one_i = text.i32(1);
    let low_bit = binary(text, "and", n, &one_i, "i32");
    let zero_i = text.i32(0);
    let odd = icmp(text, "ne", &low_bit, &zero_i, "i32");
    let signed = call_intrinsic(text, "copysign", &[root.clone(), x.clone()], &["f64".into(), "f64".into()], "f64");
    let root = text.value(format!("llvm.select {odd}, {signed}, {root} : i1, f64"));
    let negative = fcmp(text, "olt", &x, &zero, "f64");
    let even = icmp(text, "eq", &low_bit, &zero_i, "i32");
    let negative_even = binary(text, "and", &negative, &even, "i1");
    let zero_n = icmp(text, "eq", n, &zero_i, "i32");
    let undefined = binary(text, "or", &negative_even, &zero_n, "i1");
    let nan = nan_constant(text, "f64");
    let root = text.value(format!("llvm.select {undefined}, {nan}, {root} : i1, f64"));
    Ok(convert(text, &root, "f64", element))
}

/// `cbrt` of one scalar `x` of `element`. Half and single precision: C's
/// `cbrtf` (glibc's is within 1 ulp; half rounds that once more). Double:
/// C's `cbrt` gives `y` within a few ulp (glibc 2.36: up to about 2.5, 1%
/// of inputs beyond OpenCL's 2: fuzz-diff-cl seeds 20267153, 20267160),
/// then one Newton step `y - (y^3 - x) / (3 y^2)`. The residual is exact up
/// to its own rounding: `y * y = s + e2` and `s * y = c + e3` exactly (fma),
/// `c - x` exactly (Sterbenz: `c` and `x` are within a factor of 2), so the
/// step's error is quadratic in `y`'s and the result within about half an
/// ulp. `x` is first scaled by `2^+-900` into a range where neither `y^3`
/// nor its error terms leave the normal doubles (a subnormal `x` too), and
/// the root back by `2^-+300`, both exact. Zeros, infinities and NaN keep
/// the library's value (there the step would be 0/0 or inf - inf).
fn cbrt(text: &mut Text, x: &str, element: &str) -> Result<String, String> {
    if element != "f64" {
        return libm_call(text, "cbrt", &[x.to_owned()], element);
    }
    let magnitude = unary(text, "fabs", x, "f64");
    let low = float_constant(text, "f64", (-900f64).exp2());
    let high = float_constant(text, "f64", 900f64.exp2());
    let small = fcmp(text, "olt", &magnitude, &low, "f64");
    let large = fcmp(text, "ogt", &magnitude, &high, "f64");
    let one = float_constant(text, "f64", 1.0);
    let up = float_constant(text, "f64", 900f64.exp2());
    let down = float_constant(text, "f64", (-900f64).exp2());
    let scale = select(text, &large, &down, &one, "f64");
    let scale = select(text, &small, &up, &scale, "f64");
    let root_up = float_constant(text, "f64", 300f64.exp2());
    let root_down = float_constant(text, "f64", (-300f64).exp2());
    let unscale = select(text, &large, &root_up, &one, "f64");
    let unscale = select(text, &small, &root_down, &unscale, "f64");
    let scaled = binary(text, "fmul", x, &scale, "f64");
    let y = libm_call(text, "cbrt", std::slice::from_ref(&scaled), "f64")?;
    let square = binary(text, "fmul", &y, &y, "f64");
    let minus_square = text.value(format!("llvm.fneg {square} : f64"));
    let square_error = fma(text, &y, &y, &minus_square);
    let cube = binary(text, "fmul", &square, &y, "f64");
    let minus_cube = text.value(format!("llvm.fneg {cube} : f64"));
    let cube_error = fma(text, &square, &y, &minus_cube);
    let difference = binary(text, "fsub", &cube, &scaled, "f64");
    // y^3 - x = (c - x) + e3 + e2 * y
    let tail = fma(text, &square_error, &y, &cube_error);
    let residual = binary(text, "fadd", &difference, &tail, "f64");
    let three = float_constant(text, "f64", 3.0);
    let derivative = binary(text, "fmul", &three, &square, "f64");
    let step = binary(text, "fdiv", &residual, &derivative, "f64");
    let refined = binary(text, "fsub", &y, &step, "f64");
    let zero = float_constant(text, "f64", 0.0);
    let infinity = float_constant(text, "f64", f64::INFINITY);
    let nonzero = fcmp(text, "one", &scaled, &zero, "f64");
    let finite = fcmp(text, "olt", &magnitude, &infinity, "f64");
    let usable = binary(text, "and", &nonzero, &finite, "i1");
    let root = select(text, &usable, &refined, &y, "f64");
    Ok(binary(text, "fmul", &root, &unscale, "f64"))
}

/// The quiet NaN of an element type.
fn nan_constant(text: &mut Text, element: &str) -> String {
    let (integer, bits) = match element {
        "f16" => ("i16", "32256"),
        "f64" => ("i64", "9221120237041090560"),
        _ => ("i32", "2143289344"),
    };
    let bits = text.value(format!("llvm.mlir.constant({bits} : {integer}) : {integer}"));
    text.value(format!("llvm.bitcast {bits} : {integer} to {element}"))
}

/// `nan(code)`: the quiet NaN with the code's low bits in its significand
/// (as many as fit below the quiet bit).
fn nan(text: &mut Text, code: &str, code_type: &str, ty: &str) -> Result<String, String> {
    let (_, element) = shape(ty);
    let (width, quiet, payload) = match element {
        "f16" => (16, "32256", "511"),
        "f64" => (64, "9221120237041090560", "2251799813685247"),
        _ => (32, "2143289344", "4194303"),
    };
    let integers = with_element(ty, &format!("i{width}"));
    let (_, code_element) = shape(code_type);
    let code_width: u32 =
        code_element.strip_prefix('i').and_then(|bits| bits.parse().ok()).ok_or("nan takes integers")?;
    let code = match code_width.cmp(&width) {
        std::cmp::Ordering::Equal => code.to_owned(),
        std::cmp::Ordering::Less => text.value(format!("llvm.zext {code} : {code_type} to {integers}")),
        std::cmp::Ordering::Greater => text.value(format!("llvm.trunc {code} : {code_type} to {integers}")),
    };
    let payload = constant(text, &integers, payload);
    let quiet = constant(text, &integers, quiet);
    let low = binary(text, "and", &code, &payload, &integers);
    let bits = binary(text, "or", &low, &quiet, &integers);
    Ok(text.value(format!("llvm.bitcast {bits} : {integers} to {ty}")))
}

/// `ilogb(x)`: `frexp`'s exponent minus one; `FP_ILOGB0` (`INT_MIN`) for
/// zeros, `INT_MAX` for infinities and `FP_ILOGBNAN` (`INT_MAX`, clang's
/// OpenCL headers) for NaN.
fn ilogb(text: &mut Text, x: &str, x_type: &str, ty: &str) -> Result<String, String> {
    let (_, element) = shape(ty);
    if element != "i32" {
        return Err(format!("ilogb returns int, not {ty}"));
    }
    let (_, float) = shape(x_type);
    if !matches!(float, "f16" | "f32" | "f64") {
        return Err(format!("not defined for {x_type}"));
    }
    lanes(text, &[x.to_owned()], &[x_type.to_owned()], ty, &mut |text, lane| {
        let x = &lane[0];
        let (_, exponent) = frexp(text, x, float);
        let one = text.i32(1);
        let value = binary(text, "sub", &exponent, &one, "i32");
        let zero = float_constant(text, float, 0.0);
        let is_zero = fcmp(text, "oeq", x, &zero, float);
        let magnitude = unary(text, "fabs", x, float);
        let infinity = float_constant(text, float, f64::INFINITY);
        // True for NaN too.
        let not_finite = fcmp(text, "ueq", &magnitude, &infinity, float);
        let minimum = text.i32(i64::from(i32::MIN));
        let maximum = text.i32(i64::from(i32::MAX));
        let value = text.value(format!("llvm.select {is_zero}, {minimum}, {value} : i1, i32"));
        Ok(text.value(format!("llvm.select {not_finite}, {maximum}, {value} : i1, i32")))
    })
}

/// `frexp` of a scalar `x` of type `element` (`f16`, `f32`, `f64`) on its
/// bits: (significand, exponent) with `x = m * 2^e`, `0.5 <= |m| < 1`;
/// zeros, infinities and NaNs give `(x, 0)`; a subnormal is scaled by
/// `2^(M + 2)` first (exact, normal after) and its exponent corrected. Not
/// LLVM's `frexp`: LLVM 22 crashes on vector `llvm.frexp` (the x86 back end
/// on vectors it must split; VectorCombine on one the SLP vectorizer forms
/// from scalar calls), as GLSL's `FrexpStruct` (glsl/packing.rs) does too.
fn frexp(text: &mut Text, x: &str, element: &str) -> (String, String) {
    let (width, mantissa, bias): (u32, i64, i64) = match element {
        "f16" => (16, 10, 15),
        "f64" => (64, 52, 1023),
        _ => (32, 23, 127),
    };
    let bits_type = format!("i{width}");
    let field = (1i64 << (i64::from(width) - 1 - mantissa)) - 1;
    let bits = text.value(format!("llvm.bitcast {x} : {element} to {bits_type}"));
    let magnitude_mask = constant(text, &bits_type, &(i64::MAX >> (64 - width)).to_string());
    let magnitude = binary(text, "and", &bits, &magnitude_mask, &bits_type);
    let zero = constant(text, &bits_type, "0");
    let smallest_normal = constant(text, &bits_type, &(1i64 << mantissa).to_string());
    let is_subnormal = icmp(text, "ult", &magnitude, &smallest_normal, &bits_type);
    let is_zero = icmp(text, "eq", &magnitude, &zero, &bits_type);
    let scale = float_constant(text, element, 2f64.powi(mantissa as i32 + 2));
    let scaled = binary(text, "fmul", x, &scale, element);
    let normal = select(text, &is_subnormal, &scaled, x, element);
    let normal_bits = text.value(format!("llvm.bitcast {normal} : {element} to {bits_type}"));
    let shift = constant(text, &bits_type, &mantissa.to_string());
    let shifted = binary(text, "lshr", &normal_bits, &shift, &bits_type);
    let field_mask = constant(text, &bits_type, &field.to_string());
    let biased = binary(text, "and", &shifted, &field_mask, &bits_type);
    let is_special = icmp(text, "eq", &biased, &field_mask, &bits_type);
    let is_special = binary(text, "or", &is_special, &is_zero, "i1");
    let clear = constant(text, &bits_type, &(!(field << mantissa)).to_string());
    let cleared = binary(text, "and", &normal_bits, &clear, &bits_type);
    let half = constant(text, &bits_type, &((bias - 1) << mantissa).to_string());
    let significand_bits = binary(text, "or", &cleared, &half, &bits_type);
    let significand = text.value(format!("llvm.bitcast {significand_bits} : {bits_type} to {element}"));
    let significand = select(text, &is_special, x, &significand, element);
    let biased = match width {
        64 => text.value(format!("llvm.trunc {biased} : i64 to i32")),
        16 => text.value(format!("llvm.zext {biased} : i16 to i32")),
        _ => biased,
    };
    let unbias = text.i32(bias - 1);
    let exponent = binary(text, "sub", &biased, &unbias, "i32");
    let correction = text.i32(mantissa + 2);
    let corrected = binary(text, "sub", &exponent, &correction, "i32");
    let exponent = select(text, &is_subnormal, &corrected, &exponent, "i32");
    let no_exponent = text.i32(0);
    let exponent = select(text, &is_special, &no_exponent, &exponent, "i32");
    (significand, exponent)
}

/// `remquo(x, y)`: the remainder of `remainder(x, y)` (exact) and the low
/// seven bits of the quotient rounded to nearest even, with the sign of
/// `x / y`. `|x| mod 128|y|` (exact), then a binary long division in 7
/// exact subtractions, then the rounding step (halves compared without
/// losing a bit of a subnormal `y`). NaN and 0 when `x` is infinite, `y` is
/// zero or either is NaN. Whole vectors at once.
fn remquo(text: &mut Text, x: &str, y: &str, ty: &str, element: &str) -> (String, String) {
    let integers = with_element(ty, "i32");
    let booleans = with_element(ty, "i1");
    let magnitude_x = unary(text, "fabs", x, ty);
    let magnitude_y = unary(text, "fabs", y, ty);
    let scale = float_constant(text, ty, 128.0);
    let modulus = binary(text, "fmul", &magnitude_y, &scale, ty);
    let mut rest = binary(text, "frem", &magnitude_x, &modulus, ty);
    let mut quotient = constant(text, &integers, "0");
    for bit in [64, 32, 16, 8, 4, 2, 1] {
        let factor = float_constant(text, ty, f64::from(bit));
        let step = binary(text, "fmul", &magnitude_y, &factor, ty);
        let fits = fcmp(text, "oge", &rest, &step, ty);
        let smaller = binary(text, "fsub", &rest, &step, ty);
        rest = select(text, &fits, &smaller, &rest, ty);
        let bit = constant(text, &integers, &bit.to_string());
        let more = binary(text, "or", &quotient, &bit, &integers);
        quotient = select(text, &fits, &more, &quotient, &integers);
    }
    // Round: rest > |y| / 2, or a tie and an odd quotient. |y| / 2 is exact
    // unless |y| is below four times the smallest normal; then 2 rest is.
    let small_limit = float_constant(text, ty, f64::from(min_exponent(element) + 2).exp2());
    let small = fcmp(text, "olt", &magnitude_y, &small_limit, ty);
    let twice = binary(text, "fadd", &rest, &rest, ty);
    let half = float_constant(text, ty, 0.5);
    let half_y = binary(text, "fmul", &magnitude_y, &half, ty);
    let above_small = fcmp(text, "ogt", &twice, &magnitude_y, ty);
    let above_large = fcmp(text, "ogt", &rest, &half_y, ty);
    let above = select(text, &small, &above_small, &above_large, &booleans);
    let tie_small = fcmp(text, "oeq", &twice, &magnitude_y, ty);
    let tie_large = fcmp(text, "oeq", &rest, &half_y, ty);
    let tie = select(text, &small, &tie_small, &tie_large, &booleans);
    let one = constant(text, &integers, "1");
    let low_bit = binary(text, "and", &quotient, &one, &integers);
    let zero_i = constant(text, &integers, "0");
    let odd = icmp(text, "ne", &low_bit, &zero_i, &integers);
    let tie_odd = binary(text, "and", &tie, &odd, &booleans);
    let up = binary(text, "or", &above, &tie_odd, &booleans);
    let below = binary(text, "fsub", &rest, &magnitude_y, ty);
    let rest = select(text, &up, &below, &rest, ty);
    let next = binary(text, "add", &quotient, &one, &integers);
    let quotient = select(text, &up, &next, &quotient, &integers);
    let seven_bits = constant(text, &integers, "127");
    let quotient = binary(text, "and", &quotient, &seven_bits, &integers);
    // Signs: the remainder's is x's (times ±1 keeps a zero's sign right), the quotient's x/y's.
    let unit = float_constant(text, ty, 1.0);
    let sign_x = call_intrinsic(text, "copysign", &[unit.clone(), x.to_owned()], &[ty.to_owned(), ty.to_owned()], ty);
    let sign_y = call_intrinsic(text, "copysign", &[unit, y.to_owned()], &[ty.to_owned(), ty.to_owned()], ty);
    let remainder = binary(text, "fmul", &rest, &sign_x, ty);
    let differ = fcmp(text, "one", &sign_x, &sign_y, ty);
    let negated = binary(text, "sub", &zero_i, &quotient, &integers);
    let quotient = select(text, &differ, &negated, &quotient, &integers);
    // NaN and 0 for an infinite x, a zero y, or a NaN.
    let unordered = fcmp(text, "uno", x, y, ty);
    let infinity = float_constant(text, ty, f64::INFINITY);
    let infinite_x = fcmp(text, "oeq", &magnitude_x, &infinity, ty);
    let zero = float_constant(text, ty, 0.0);
    let zero_y = fcmp(text, "oeq", &magnitude_y, &zero, ty);
    let invalid = binary(text, "or", &unordered, &infinite_x, &booleans);
    let invalid = binary(text, "or", &invalid, &zero_y, &booleans);
    let nan = nan_constant(text, element);
    let nan = match shape(ty) {
        (Some(_), _) => super::splat(text, &nan, element, ty),
        (None, _) => nan,
    };
    let remainder = select(text, &invalid, &nan, &remainder, ty);
    let quotient = select(text, &invalid, &zero_i, &quotient, &integers);
    (remainder, quotient)
}

/// The exponent of the smallest normal number (-126 for `f32`).
fn min_exponent(element: &str) -> i32 {
    match element {
        "f16" => -14,
        "f64" => -1022,
        _ => -126,
    }
}

/// `lgamma_r(x)` of one lane: the C library's reentrant `lgamma_r` (half
/// through float), its sign through `slot`; the sign is 0 for zeros and
/// negative integers (the specification), where glibc says ±1.
fn lgamma_r(text: &mut Text, x: &str, slot: &str, element: &str) -> Result<(String, String), String> {
    let (function, float) = if element == "f64" { ("lgamma_r", "f64") } else { ("lgammaf_r", "f32") };
    let wide = convert(text, x, element, float);
    let value = text.value(format!("llvm.call @{function}({wide}, {slot}) : ({float}, !llvm.ptr) -> {float}"));
    let sign = text.value(format!("llvm.load {slot} : !llvm.ptr -> i32"));
    let floor = unary(text, "floor", &wide, float);
    let zero = float_constant(text, float, 0.0);
    let integral = fcmp(text, "oeq", &floor, &wide, float);
    let not_positive = fcmp(text, "ole", &wide, &zero, float);
    let magnitude = unary(text, "fabs", &wide, float);
    let infinity = float_constant(text, float, f64::INFINITY);
    let finite = fcmp(text, "olt", &magnitude, &infinity, float);
    let pole = binary(text, "and", &integral, &not_positive, "i1");
    let pole = binary(text, "and", &pole, &finite, "i1");
    let zero_i = text.i32(0);
    let sign = text.value(format!("llvm.select {pole}, {zero_i}, {sign} : i1, i32"));
    Ok((convert(text, &value, float, element), sign))
}

#[cfg(test)]
mod tests {
    use super::super::{BuiltinRule, define, rule_for};
    use crate::builtins::Signature;

    fn definition(name: &str, result: &str, inputs: &[&str]) -> Result<String, String> {
        let (base, parameters) = crate::builtins::demangle_base(name).unwrap();
        let signature = Signature {
            name,
            mangled_parameters: parameters,
            result: result.to_owned(),
            inputs: inputs.iter().map(|ty| (*ty).to_owned()).collect(),
            calling_convention: "spir_funccc".to_owned(),
        };
        define(&signature, rule_for(base).unwrap())
    }

    #[test]
    fn stores_exactly_the_pointee_the_name_declares() {
        let frexp =
            definition("_Z17__spirv_ocl_frexpDv3_fPU3AS1Dv3_i", "vector<3xf32>", &["vector<3xf32>", "!llvm.ptr<1>"])
                .unwrap();
        assert!(frexp.contains("llvm.store %v"), "{frexp}");
        assert!(frexp.contains(" : vector<3xi32>, !llvm.ptr<1>"), "{frexp}");
        assert_eq!(frexp.matches("llvm.store").count(), 1, "{frexp}");
        let sincos = definition("_Z18__spirv_ocl_sincosdPd", "f64", &["f64", "!llvm.ptr"]).unwrap();
        assert!(sincos.contains(" : f64, !llvm.ptr\n"), "{sincos}");
    }

    #[test]
    fn refuses_a_pointee_of_another_type() {
        let error = definition("_Z17__spirv_ocl_frexpfPU3AS1f", "f32", &["f32", "!llvm.ptr<1>"]).unwrap_err();
        assert_eq!(error, "parameter 2 points to f32, where the result needs i32");
        let error =
            definition("_Z18__spirv_ocl_sincosDv4_fPU3AS1f", "vector<4xf32>", &["vector<4xf32>", "!llvm.ptr<1>"])
                .unwrap_err();
        assert_eq!(error, "parameter 2 points to f32, where the result needs vector<4xf32>");
        let error = definition("_Z15__spirv_ocl_nanj", "i32", &["i32"]).unwrap_err();
        assert_eq!(error, "not defined for i32");
    }

    #[test]
    fn every_pointer_function_has_a_math_rule() {
        for name in ["frexp", "modf", "fract", "sincos", "remquo", "lgamma_r", "prefetch"] {
            assert!(matches!(rule_for(&format!("__spirv_ocl_{name}")), Some(BuiltinRule::Math(_))), "{name}");
        }
    }
}
