//! Typed errors of the framework.

use melior::ir::Location;
use thiserror::Error;

/// A type the [`TypeConverter`](crate::conversion::TypeConverter) could not lower.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot convert type '{ty}': {reason}")]
pub struct TypeConversionError {
    /// The printed form of the type.
    pub ty: String,
    /// Why no rule converted it.
    pub reason: String,
}

impl TypeConversionError {
    /// A conversion failure for the type printed as `ty`.
    pub fn new(ty: impl ToString, reason: impl Into<String>) -> Self {
        Self { ty: ty.to_string(), reason: reason.into() }
    }
}

/// Why a pattern did not rewrite an op. The driver reports the reason in its
/// `failed to legalize operation` diagnostic.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{reason}")]
pub struct MatchFailure {
    /// A sentence fragment, lower case, no trailing period.
    pub reason: String,
}

impl MatchFailure {
    /// A failure with the given reason.
    pub fn new(reason: impl Into<String>) -> Self {
        Self { reason: reason.into() }
    }
}

impl From<TypeConversionError> for MatchFailure {
    fn from(error: TypeConversionError) -> Self {
        Self::new(error.to_string())
    }
}

impl From<melior::Error> for MatchFailure {
    fn from(error: melior::Error) -> Self {
        Self::new(format!("MLIR rejected the replacement: {error}"))
    }
}

/// Why a conversion failed. The input IR is unchanged whenever this is returned.
#[derive(Debug, Error)]
pub enum ConversionError<'c> {
    /// No pattern rewrote an op that must not stay (illegal, or unknown in a
    /// full conversion). The message starts as MLIR's driver's does, so that
    /// `expected-error` lines written for `mlir-opt` match it too; our reason
    /// follows.
    #[error(
        "failed to legalize operation '{op}'{}{}",
        if *explicitly_illegal { " that was explicitly marked illegal" } else { "" },
        reason.as_ref().map(|r| format!(": {r}")).unwrap_or_default()
    )]
    FailedToLegalize {
        /// The op's name.
        op: String,
        /// Whether the target marks the op illegal (rather than not legal).
        explicitly_illegal: bool,
        /// Where the op is.
        location: Location<'c>,
        /// The last pattern's reason, when a pattern was tried.
        reason: Option<String>,
    },
    /// A malformed input the driver cannot walk (a use before its
    /// definition, say) or an op MLIR refused to create.
    #[error("{message}")]
    Internal {
        /// Where the problem is.
        location: Location<'c>,
        /// What went wrong.
        message: String,
    },
    /// The converted IR did not verify; the verifier has already reported why.
    #[error("the converted IR failed to verify")]
    InvalidResult {
        /// The root op's location.
        location: Location<'c>,
    },
}

impl<'c> ConversionError<'c> {
    /// Where to report the error.
    pub fn location(&self) -> Location<'c> {
        match self {
            Self::FailedToLegalize { location, .. }
            | Self::Internal { location, .. }
            | Self::InvalidResult { location } => *location,
        }
    }

    /// Whether MLIR has already emitted a diagnostic for this error (so the
    /// caller must not report it again).
    pub fn is_reported(&self) -> bool {
        matches!(self, Self::InvalidResult { .. })
    }

    /// Reports the error as an MLIR diagnostic at its location, unless MLIR
    /// already did.
    pub fn emit(&self) {
        if !self.is_reported() {
            crate::ffi::emit_error(self.location(), &self.to_string());
        }
    }
}
