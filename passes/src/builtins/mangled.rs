//! The parameter types of an Itanium-mangled builtin name, as far as
//! OpenCL builtins use the encoding (seed 000): builtin scalar types,
//! vectors (`Dv4_f`), pointers with their SPIR address space as a vendor
//! qualifier (`PU3AS1i`) and cv-qualifiers (`PU3AS1Kf`), substitutions
//! (`S_`, `S0_`...). The declared LLVM types say `!llvm.ptr<1>`; the name
//! says what the pointer points to, which is what a builtin writing
//! through it must store (no more bytes than the pointee's).

/// One mangled parameter type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Mangled {
    /// A scalar, as its MLIR type (`i32`, `f16`...), and whether an integer
    /// is mangled unsigned.
    Scalar { ty: &'static str, unsigned: bool },
    /// A vector of `lanes` scalars.
    Vector { lanes: u32, element: Box<Mangled> },
    /// A pointer to `pointee` in the SPIR address space `address_space`.
    Pointer { address_space: u32, pointee: Box<Mangled> },
    /// `void` (a function without parameters, or `void *`).
    Void,
}

impl Mangled {
    /// The MLIR type of a value of this type (`vector<4xi32>`, `!llvm.ptr<1>`).
    pub(crate) fn mlir_type(&self) -> String {
        match self {
            Mangled::Scalar { ty, .. } => (*ty).to_owned(),
            Mangled::Vector { lanes, element } => format!("vector<{lanes}x{}>", element.mlir_type()),
            Mangled::Pointer { address_space: 0, .. } => "!llvm.ptr".to_owned(),
            Mangled::Pointer { address_space, .. } => format!("!llvm.ptr<{address_space}>"),
            Mangled::Void => "!llvm.void".to_owned(),
        }
    }
}

/// The parameter types encoded by `mangled` (what follows the name in an
/// Itanium-mangled function name), or `None` for an encoding outside the
/// subset OpenCL builtins use.
pub(crate) fn parameters(mangled: &str) -> Option<Vec<Mangled>> {
    let mut parser = Parser { rest: mangled, candidates: Vec::new() };
    let mut types = Vec::new();
    while !parser.rest.is_empty() {
        types.push(parser.parse_type()?);
    }
    Some(types)
}

struct Parser<'a> {
    rest: &'a str,
    /// Substitution candidates, in the order their encodings end.
    candidates: Vec<Mangled>,
}

impl Parser<'_> {
    fn eat(&mut self, prefix: &str) -> bool {
        match self.rest.strip_prefix(prefix) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    fn number(&mut self) -> Option<u32> {
        let digits = self.rest.bytes().take_while(u8::is_ascii_digit).count();
        let value = self.rest[..digits].parse().ok()?;
        self.rest = &self.rest[digits..];
        Some(value)
    }

    fn parse_type(&mut self) -> Option<Mangled> {
        const BUILTINS: &[(&str, &str, bool)] = &[
            ("DF16b", "bf16", false),
            ("Dh", "f16", false),
            ("b", "i1", false),
            ("c", "i8", false),
            ("a", "i8", false),
            ("h", "i8", true),
            ("s", "i16", false),
            ("t", "i16", true),
            ("i", "i32", false),
            ("j", "i32", true),
            ("l", "i64", false),
            ("m", "i64", true),
            ("x", "i64", false),
            ("y", "i64", true),
            ("f", "f32", false),
            ("d", "f64", false),
        ];
        if self.eat("v") {
            return Some(Mangled::Void);
        }
        if self.eat("S") {
            // S_ is the first candidate, S<base 36>_ the (n + 2)-th.
            let end = self.rest.find('_')?;
            let digits = &self.rest[..end];
            self.rest = &self.rest[end + 1..];
            let index = if digits.is_empty() { 0 } else { usize::from_str_radix(digits, 36).ok()? + 1 };
            return self.candidates.get(index).cloned();
        }
        if self.eat("Dv") {
            let lanes = self.number()?;
            if !self.eat("_") {
                return None;
            }
            let element = self.parse_type()?;
            let vector = Mangled::Vector { lanes, element: Box::new(element) };
            self.candidates.push(vector.clone());
            return Some(vector);
        }
        if self.eat("P") {
            // Qualifiers: U3AS<n> (the address space), then K, V, r (cv).
            let mut address_space = 0;
            let mut qualified = false;
            if self.eat("U") {
                let length = self.number()? as usize;
                let qualifier = self.rest.get(..length)?;
                self.rest = &self.rest[length..];
                address_space = qualifier.strip_prefix("AS")?.parse().ok()?;
                qualified = true;
            }
            while self.eat("r") || self.eat("V") || self.eat("K") {
                qualified = true;
            }
            let pointee = self.parse_type()?;
            if qualified {
                // The qualified pointee is a candidate of its own (its
                // contents do not matter here: nothing compares them).
                self.candidates.push(pointee.clone());
            }
            let pointer = Mangled::Pointer { address_space, pointee: Box::new(pointee) };
            self.candidates.push(pointer.clone());
            return Some(pointer);
        }
        for (code, ty, unsigned) in BUILTINS {
            if self.eat(code) {
                return Some(Mangled::Scalar { ty, unsigned: *unsigned });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{Mangled, parameters};

    fn types(mangled: &str) -> Vec<String> {
        parameters(mangled).unwrap_or_else(|| panic!("{mangled}")).iter().map(Mangled::mlir_type).collect()
    }

    fn pointee(mangled: &str, index: usize) -> String {
        match &parameters(mangled).unwrap()[index] {
            Mangled::Pointer { pointee, .. } => pointee.mlir_type(),
            other => panic!("{other:?} is no pointer"),
        }
    }

    #[test]
    fn reads_the_translators_names() {
        assert_eq!(types("fPU3AS1i"), ["f32", "!llvm.ptr<1>"]);
        assert_eq!(types("fPi"), ["f32", "!llvm.ptr"]);
        assert_eq!(pointee("fPi", 1), "i32");
        assert_eq!(types("Dv4_fPU3AS4Dv4_i"), ["vector<4xf32>", "!llvm.ptr<4>"]);
        assert_eq!(pointee("Dv4_fPU3AS4Dv4_i", 1), "vector<4xi32>");
        assert_eq!(pointee("Dv4_fPU3AS1S_", 1), "vector<4xf32>");
        assert_eq!(types("Dv4_fS_PU3AS1Dv4_i"), ["vector<4xf32>", "vector<4xf32>", "!llvm.ptr<1>"]);
        assert_eq!(pointee("Dv2_dPU3AS3S_", 1), "vector<2xf64>");
        assert_eq!(pointee("DhPU3AS1i", 1), "i32");
        assert_eq!(types("PU3AS1Dv4_fl"), ["!llvm.ptr<1>", "i64"]);
        assert_eq!(types("PU3AS1fS0_"), ["!llvm.ptr<1>", "!llvm.ptr<1>"]);
        assert_eq!(types("Dv2_fDv4_fS0_"), ["vector<2xf32>", "vector<4xf32>", "vector<4xf32>"]);
        assert_eq!(types("PU3AS3Vj"), ["!llvm.ptr<3>"]);
        assert_eq!(types("v"), ["!llvm.void"]);
        assert_eq!(parameters("Q"), None);
        assert_eq!(parameters("S3_"), None);
        assert_eq!(parameters("Dv4"), None);
    }
}
