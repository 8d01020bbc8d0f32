//! MLIR text with fresh value names, for glue that reads best in the IR's
//! own syntax (the kernel ABI's workgroup functions, builtin definitions):
//! parsed into the module with `spirv_opt_rs::surgery::append_parsed`.

use std::fmt::{Display, Write};

/// The body of one function, op by op.
#[derive(Debug, Default)]
pub(crate) struct Text {
    pub out: String,
    next: usize,
}

impl Text {
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends `%vN = rhs` and returns `%vN`.
    pub fn value(&mut self, rhs: impl Display) -> String {
        let name = format!("%v{}", self.next);
        self.next += 1;
        let _ = writeln!(self.out, "    {name} = {rhs}");
        name
    }

    /// Appends an op without result.
    pub fn line(&mut self, text: impl Display) {
        let _ = writeln!(self.out, "    {text}");
    }

    /// Starts the block `^text`.
    pub fn label(&mut self, text: impl Display) {
        let _ = writeln!(self.out, "  ^{text}:");
    }

    pub fn i64(&mut self, value: i64) -> String {
        self.value(format!("llvm.mlir.constant({value} : i64) : i64"))
    }

    pub fn i32(&mut self, value: i64) -> String {
        self.value(format!("llvm.mlir.constant({value} : i32) : i32"))
    }

    pub fn zext(&mut self, value: &str) -> String {
        self.value(format!("llvm.zext {value} : i32 to i64"))
    }

    /// `base[index]` of pointers, `index` an i64 value.
    pub fn pointer_at(&mut self, base: &str, index: &str) -> String {
        self.value(format!("llvm.getelementptr {base}[{index}] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr"))
    }

    /// `pointer` (address space 0) cast to `address_space`.
    pub fn cast_to(&mut self, pointer: &str, address_space: u32) -> String {
        if address_space == 0 {
            pointer.to_owned()
        } else {
            self.value(format!("llvm.addrspacecast {pointer} : !llvm.ptr to !llvm.ptr<{address_space}>"))
        }
    }
}

/// `@name` as MLIR's parser reads it: bare when it is an identifier,
/// quoted (with escapes) otherwise.
pub(crate) fn symbol(name: &str) -> String {
    let bare = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || "_$.-".contains(c));
    if bare {
        return format!("@{name}");
    }
    let mut quoted = String::from("@\"");
    for byte in name.bytes() {
        match byte {
            b'"' | b'\\' => quoted.push_str(&format!("\\{byte:02X}")),
            0x20..=0x7e => quoted.push(byte as char),
            _ => quoted.push_str(&format!("\\{byte:02X}")),
        }
    }
    quoted.push('"');
    quoted
}
