//! Macros stamping out the enum attribute models from their case lists.

/// Defines a single-valued SPIR-V enum: a `#[repr(u32)]` enum whose
/// discriminants are the SPIR-V values, plus parsing and printing.
macro_rules! value_enum {
    (
        $(#[$meta:meta])*
        $name:ident, mnemonic = $mnemonic:literal {
            $($case:ident = $value:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u32)]
        // Case names mirror the SPIR-V spelling (`GLSL450`, `R8`) on purpose.
        #[allow(clippy::upper_case_acronyms)]
        pub enum $name {
            $(
                #[doc = concat!("`", stringify!($case), "` (SPIR-V value ", stringify!($value), ").")]
                $case = $value,
            )+
        }

        impl $name {
            /// Every case, in MLIR's declaration order.
            pub const ALL: &'static [Self] = &[$(Self::$case),+];

            /// The SPIR-V numeric value.
            pub const fn value(self) -> u32 {
                self as u32
            }

            /// The case with the given SPIR-V numeric value, if any.
            pub const fn from_value(value: u32) -> Option<Self> {
                match value {
                    $($value => Some(Self::$case),)+
                    _ => None,
                }
            }

            /// The case name as MLIR prints it, e.g. `Function`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Self::$case => stringify!($case),)+
                }
            }

            /// The case with the given name (exact, case-sensitive), if any.
            pub fn from_name(name: &str) -> Option<Self> {
                match name {
                    $(stringify!($case) => Some(Self::$case),)+
                    _ => None,
                }
            }

            #[doc = concat!("Parses any printed form: `#spirv.", $mnemonic, "<Case>`, `<Case>`, `\"Case\"` or `Case`.")]
            pub fn parse(text: &str) -> Result<Self, $crate::spirv::attributes::AttrParseError> {
                <Self as $crate::spirv::attributes::SpirvEnumAttr>::parse_attr(text)
            }
        }

        impl $crate::spirv::attributes::SpirvEnumAttr for $name {
            const NAME: &'static str = stringify!($name);
            const MNEMONIC: &'static str = $mnemonic;

            fn value(self) -> u32 {
                $name::value(self)
            }

            fn from_value(value: u32) -> Result<Self, $crate::spirv::attributes::AttrParseError> {
                $name::from_value(value).ok_or(
                    $crate::spirv::attributes::AttrParseError::UnknownValue {
                        enum_name: stringify!($name),
                        value,
                    },
                )
            }

            fn from_keyword(keyword: &str) -> Result<Self, $crate::spirv::attributes::AttrParseError> {
                Self::from_name(keyword.trim()).ok_or_else(|| {
                    $crate::spirv::attributes::AttrParseError::UnknownCase {
                        enum_name: stringify!($name),
                        found: keyword.trim().to_owned(),
                    }
                })
            }
        }

        impl ::std::fmt::Display for $name {
            /// Prints the bare case name, as it appears inside types.
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::spirv::attributes::AttrParseError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                Self::parse(text)
            }
        }

        impl From<$name> for u32 {
            fn from(value: $name) -> u32 {
                value.value()
            }
        }

        impl TryFrom<u32> for $name {
            type Error = $crate::spirv::attributes::AttrParseError;

            fn try_from(value: u32) -> Result<Self, Self::Error> {
                <Self as $crate::spirv::attributes::SpirvEnumAttr>::from_value(value)
            }
        }
    };
}

/// Defines a SPIR-V bit enum: a `...Flag` enum with one case per bit and a
/// set type holding any combination of them.
macro_rules! bit_enum {
    (
        $(#[$meta:meta])*
        $set:ident, $flag:ident, mnemonic = $mnemonic:literal {
            $($case:ident = $value:literal,)+
        }
    ) => {
        #[doc = concat!("One bit of [`", stringify!($set), "`].")]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u32)]
        pub enum $flag {
            $(
                #[doc = concat!("`", stringify!($case), "` (bit ", stringify!($value), ").")]
                $case = $value,
            )+
        }

        impl $flag {
            /// Every flag, in the order MLIR prints them.
            pub const ALL: &'static [Self] = &[$(Self::$case),+];

            /// The bit this flag stands for.
            pub const fn value(self) -> u32 {
                self as u32
            }

            /// The flag for exactly this bit, if any.
            pub const fn from_value(value: u32) -> Option<Self> {
                match value {
                    $($value => Some(Self::$case),)+
                    _ => None,
                }
            }

            /// The flag name as MLIR prints it.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Self::$case => stringify!($case),)+
                }
            }

            /// The flag with the given name (exact, case-sensitive), if any.
            pub fn from_name(name: &str) -> Option<Self> {
                match name {
                    $(stringify!($case) => Some(Self::$case),)+
                    _ => None,
                }
            }
        }

        impl ::std::fmt::Display for $flag {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub struct $set(u32);

        impl $set {
            /// The empty set, printed `None`.
            pub const NONE: Self = Self(0);
            /// Union of every known bit.
            const KNOWN_BITS: u32 = 0 $(| $value)+;

            /// The bit mask (the SPIR-V numeric value).
            pub const fn value(self) -> u32 {
                self.0
            }

            /// The set with exactly these bits, or `None` if an unknown bit
            /// is set.
            pub const fn from_value(bits: u32) -> Option<Self> {
                if bits & !Self::KNOWN_BITS == 0 { Some(Self(bits)) } else { None }
            }

            /// Whether no flag is set.
            pub const fn is_none(self) -> bool {
                self.0 == 0
            }

            /// Whether `flag` is set.
            pub const fn contains(self, flag: $flag) -> bool {
                self.0 & flag.value() != 0
            }

            /// This set with `flag` added.
            #[must_use]
            pub const fn with(self, flag: $flag) -> Self {
                Self(self.0 | flag.value())
            }

            /// This set with `flag` removed.
            #[must_use]
            pub const fn without(self, flag: $flag) -> Self {
                Self(self.0 & !flag.value())
            }

            /// The flags that are set, in the order MLIR prints them.
            pub fn flags(self) -> impl Iterator<Item = $flag> {
                $flag::ALL.iter().copied().filter(move |flag| self.contains(*flag))
            }

            #[doc = concat!("Parses any printed form: `#spirv.", $mnemonic, "<A|B>`, `<A|B>`, `\"A|B\"` or `A|B`; `None` is the empty set.")]
            pub fn parse(text: &str) -> Result<Self, $crate::spirv::attributes::AttrParseError> {
                <Self as $crate::spirv::attributes::SpirvEnumAttr>::parse_attr(text)
            }
        }

        impl $crate::spirv::attributes::SpirvEnumAttr for $set {
            const NAME: &'static str = stringify!($set);
            const MNEMONIC: &'static str = $mnemonic;

            fn value(self) -> u32 {
                self.0
            }

            fn from_value(value: u32) -> Result<Self, $crate::spirv::attributes::AttrParseError> {
                $set::from_value(value).ok_or(
                    $crate::spirv::attributes::AttrParseError::UnknownValue {
                        enum_name: stringify!($set),
                        value,
                    },
                )
            }

            fn from_keyword(keyword: &str) -> Result<Self, $crate::spirv::attributes::AttrParseError> {
                // Mirrors MLIR's symbolize: `None` only as the whole text,
                // otherwise `|`-separated names with whitespace trimmed.
                if keyword.trim() == "None" {
                    return Ok(Self::NONE);
                }
                let mut set = Self::NONE;
                for name in keyword.split('|') {
                    let name = name.trim();
                    let flag = $flag::from_name(name).ok_or_else(|| {
                        $crate::spirv::attributes::AttrParseError::UnknownCase {
                            enum_name: stringify!($set),
                            found: name.to_owned(),
                        }
                    })?;
                    set = set.with(flag);
                }
                Ok(set)
            }
        }

        impl ::std::fmt::Display for $set {
            /// Prints like MLIR: `None`, or flag names joined by `|`.
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                if self.is_none() {
                    return f.write_str("None");
                }
                for (i, flag) in self.flags().enumerate() {
                    if i > 0 {
                        f.write_str("|")?;
                    }
                    f.write_str(flag.name())?;
                }
                Ok(())
            }
        }

        impl ::std::str::FromStr for $set {
            type Err = $crate::spirv::attributes::AttrParseError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                Self::parse(text)
            }
        }

        impl From<$flag> for $set {
            fn from(flag: $flag) -> Self {
                Self(flag.value())
            }
        }

        impl ::std::ops::BitOr for $set {
            type Output = Self;

            fn bitor(self, rhs: Self) -> Self {
                Self(self.0 | rhs.0)
            }
        }

        impl ::std::ops::BitOr<$flag> for $set {
            type Output = Self;

            fn bitor(self, rhs: $flag) -> Self {
                self.with(rhs)
            }
        }

        impl ::std::ops::BitOr for $flag {
            type Output = $set;

            fn bitor(self, rhs: Self) -> $set {
                $set::from(self).with(rhs)
            }
        }

        impl FromIterator<$flag> for $set {
            fn from_iter<I: IntoIterator<Item = $flag>>(iter: I) -> Self {
                iter.into_iter().fold(Self::NONE, Self::with)
            }
        }
    };
}
