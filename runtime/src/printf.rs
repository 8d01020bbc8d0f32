//! OpenCL C's `printf` with vector arguments (`%v4d`, `%v2hlf`: OpenCL C
//! 6.15.14), which the C library's `printf` does not know. A call with a
//! vector argument is lowered (passes `spirv_to_llvm/opencl.rs`) to
//! `__spvabi_printf(format, slots, count)`: every argument, vectors lane by
//! lane, promoted as C's variadic calls promote them (integers to 32 or 64
//! bits, floats to `double`, pointers as addresses) in one 8-byte slot.
//! This function walks the format and prints each conversion with the C
//! library's `snprintf`, a vector's lanes separated by commas, and the
//! whole line through the C library's `printf`, so that its output and
//! that of plain `printf` calls stay in order on one stream.

// A host function the JIT's code calls (the JIT edge, as jit.rs): it reads
// the kernel's pointers and calls the C library.
#![allow(unsafe_code)]

use std::ffi::{c_char, c_int};

unsafe extern "C" {
    fn snprintf(buffer: *mut c_char, size: usize, format: *const c_char, ...) -> c_int;
    fn printf(format: *const c_char, ...) -> c_int;
}

/// The host function `__spvabi_printf`: OpenCL's result, 0 when printed,
/// -1 when the format asks for more arguments than there are or is
/// malformed (what was printed before stays).
pub(crate) extern "C" fn spvabi_printf(format: *const c_char, slots: *const u64, count: u32) -> i32 {
    if format.is_null() || (slots.is_null() && count > 0) {
        return -1;
    }
    // SAFETY: the kernel passes its format string (NUL-terminated, in the
    // module's constants) and `count` slots it filled, as the lowering
    // builds the call.
    let (format, slots) = unsafe {
        let format = std::ffi::CStr::from_ptr(format).to_bytes();
        let slots = if count == 0 { &[][..] } else { std::slice::from_raw_parts(slots, count as usize) };
        (format, slots)
    };
    let (text, ok) = render(format, slots);
    let mut line = text;
    line.push(0);
    // SAFETY: a NUL-terminated buffer and a constant format.
    unsafe { printf(c"%s".as_ptr(), line.as_ptr().cast::<c_char>()) };
    if ok { 0 } else { -1 }
}

/// The text `format` gives with `slots`, and whether every conversion had
/// its argument and was well formed.
fn render(format: &[u8], slots: &[u64]) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    let mut next = 0usize;
    let mut at = 0usize;
    while at < format.len() {
        let byte = format[at];
        if byte != b'%' {
            out.push(byte);
            at += 1;
            continue;
        }
        if format.get(at + 1) == Some(&b'%') {
            out.push(b'%');
            at += 2;
            continue;
        }
        let Some(spec) = Spec::parse(&format[at + 1..]) else { return (out, false) };
        at += 1 + spec.length;
        for lane in 0..spec.lanes {
            if lane > 0 {
                out.push(b',');
            }
            let Some(&slot) = slots.get(next) else { return (out, false) };
            next += 1;
            out.extend_from_slice(&spec.print(slot));
        }
    }
    (out, true)
}

/// One conversion specification: `%[flags][width][.precision][vN][length]conversion`.
struct Spec {
    /// The C specification for one value: flags, width, precision, the
    /// length C needs, the conversion.
    c_format: Vec<u8>,
    conversion: u8,
    /// 64-bit integer (`l`).
    long: bool,
    lanes: usize,
    /// The bytes after `%` it took.
    length: usize,
}

impl Spec {
    fn parse(text: &[u8]) -> Option<Self> {
        let mut at = 0;
        let mut c_format = vec![b'%'];
        while let Some(&flag) = text.get(at).filter(|byte| b"-+ #0".contains(byte)) {
            c_format.push(flag);
            at += 1;
        }
        while let Some(&digit) = text.get(at).filter(|byte| byte.is_ascii_digit()) {
            c_format.push(digit);
            at += 1;
        }
        if text.get(at) == Some(&b'.') {
            c_format.push(b'.');
            at += 1;
            while let Some(&digit) = text.get(at).filter(|byte| byte.is_ascii_digit()) {
                c_format.push(digit);
                at += 1;
            }
        }
        let mut lanes = 1;
        if text.get(at) == Some(&b'v') {
            at += 1;
            let start = at;
            while text.get(at).is_some_and(u8::is_ascii_digit) {
                at += 1;
            }
            lanes = std::str::from_utf8(&text[start..at]).ok()?.parse().ok()?;
            if ![2, 3, 4, 8, 16].contains(&lanes) {
                return None;
            }
        }
        // Length: hh, h, hl (vectors only: 32 bits), l.
        let modifier: &[u8] = if text[at..].starts_with(b"hh") {
            b"hh"
        } else if text[at..].starts_with(b"hl") {
            b"hl"
        } else if text[at..].starts_with(b"h") {
            b"h"
        } else if text[at..].starts_with(b"l") {
            b"l"
        } else {
            b""
        };
        at += modifier.len();
        let conversion = *text.get(at)?;
        at += 1;
        let integer = b"diouxXc".contains(&conversion);
        let float = b"fFeEgGaA".contains(&conversion);
        if !integer && !float && !b"sp".contains(&conversion) {
            return None;
        }
        // A vector needs a length (OpenCL C), and `hl` only goes with one.
        if (lanes > 1 && modifier.is_empty()) || (lanes == 1 && modifier == b"hl") {
            return None;
        }
        let long = integer && modifier == b"l";
        if integer && conversion != b'c' {
            match modifier {
                b"hh" | b"h" => c_format.extend_from_slice(modifier),
                b"l" => c_format.extend_from_slice(b"ll"),
                _ => {}
            }
        }
        c_format.push(conversion);
        c_format.push(0);
        Some(Self { c_format, conversion, long, lanes, length: at })
    }

    /// One value, as the C library prints it.
    fn print(&self, slot: u64) -> Vec<u8> {
        let mut buffer = vec![0u8; 512];
        let format = self.c_format.as_ptr().cast::<c_char>();
        // SAFETY: `c_format` is NUL-terminated and holds one conversion,
        // whose argument has the type passed here; the buffer's size is
        // given, and snprintf writes at most that.
        let written = unsafe {
            let buffer_pointer = buffer.as_mut_ptr().cast::<c_char>();
            match self.conversion {
                b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                    snprintf(buffer_pointer, buffer.len(), format, f64::from_bits(slot))
                }
                b's' => {
                    if slot == 0 {
                        return b"(null)".to_vec();
                    }
                    snprintf(buffer_pointer, buffer.len(), format, slot as usize as *const c_char)
                }
                b'p' => snprintf(buffer_pointer, buffer.len(), format, slot as usize as *const u8),
                _ if self.long => snprintf(buffer_pointer, buffer.len(), format, slot as i64),
                _ => snprintf(buffer_pointer, buffer.len(), format, slot as i64 as i32),
            }
        };
        let written = usize::try_from(written).unwrap_or(0).min(buffer.len() - 1);
        buffer.truncate(written);
        buffer
    }
}

#[cfg(test)]
mod tests {
    use super::render;

    fn slots_of(values: &[f64]) -> Vec<u64> {
        values.iter().map(|value| value.to_bits()).collect()
    }

    #[test]
    fn vectors_print_their_lanes_separated_by_commas() {
        let slots = [1u64, 2, (-3i64) as u64, 4];
        assert_eq!(render(b"%v4hld|", &slots), (b"1,2,-3,4|".to_vec(), true));
        let floats = slots_of(&[0.5, -0.25]);
        assert_eq!(render(b"%v2hlf", &floats), (b"0.500000,-0.250000".to_vec(), true));
        assert_eq!(render(b"%#v2hlx %%", &[255, 16]), (b"0xff,0x10 %".to_vec(), true));
        assert_eq!(render(b"%v3hhu", &[257, 2, 3]), (b"1,2,3".to_vec(), true));
    }

    #[test]
    fn scalars_print_as_c_prints_them() {
        assert_eq!(render(b"%d %lu %5.2f", &[(-5i64) as u64, 1 << 40, 3.14159f64.to_bits()]).0, b"-5 1099511627776  3.14");
    }

    #[test]
    fn a_missing_argument_or_a_bad_vector_fails() {
        assert_eq!(render(b"%d %d", &[1]), (b"1 ".to_vec(), false));
        assert!(!render(b"%v5hld", &[1, 2, 3, 4, 5]).1);
        assert!(!render(b"%v4d", &[1, 2, 3, 4]).1);
        assert!(!render(b"%hld", &[1]).1);
    }
}
