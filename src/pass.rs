//! Passes written in Rust, their typed options, and the registry that names
//! them.
//!
//! A [`Pass`] runs inside MLIR's own pass manager (as an MLIR "external
//! pass", see [`into_mlir_pass`]), so a pipeline can mix our passes with
//! upstream ones, and MLIR's timing, IR printing and verifier see them like
//! any other pass.
//!
//! Options use MLIR's textual syntax, `name=value` pairs separated by spaces
//! (`client-api=OpenCL enable-foo`), and are validated against the pass's
//! [`PassOptionSpec`]s before the pass ever runs.

use melior::{
    ContextRef,
    dialect::DialectHandle,
    ir::{OperationRef, operation::OperationLike, r#type::TypeId},
    pass::{ExternalPass, RunExternalPass, create_external},
};
use std::{
    collections::{BTreeMap, HashMap},
    fmt::{self, Write as _},
    panic::{AssertUnwindSafe, catch_unwind},
    str::FromStr,
    sync::{Arc, Mutex, PoisonError},
};
use thiserror::Error;

/// The declaration of one option of a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PassOptionSpec {
    /// The option's name, as written in a pipeline (`client-api`).
    pub name: &'static str,
    /// One line of help.
    pub description: &'static str,
    /// What values it accepts.
    pub kind: PassOptionKind,
    /// The value used when the option is not given (textual, validated like a
    /// user-given value).
    pub default: &'static str,
}

/// The type of a pass option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassOptionKind {
    /// `true`/`false` (also `1`/`0`, `True`, `FALSE`...); a bare `name` means true.
    Bool,
    /// A signed 64-bit integer, decimal or `0x` hexadecimal.
    Int,
    /// Any text.
    String,
    /// One of the listed `(value, description)` pairs, case-sensitively.
    Enum(&'static [(&'static str, &'static str)]),
}

impl PassOptionKind {
    /// The placeholder shown in help texts.
    fn placeholder(self) -> &'static str {
        match self {
            Self::Bool => "<bool>",
            Self::Int => "<int>",
            Self::String => "<string>",
            Self::Enum(_) => "<value>",
        }
    }
}

/// The static description of a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PassInfo {
    /// The pass's name in pipelines and on the command line (`convert-spirv-to-llvm`).
    pub name: &'static str,
    /// One line of help.
    pub description: &'static str,
    /// The options it accepts.
    pub options: &'static [PassOptionSpec],
}

impl PassInfo {
    /// The declaration of option `name`, if the pass has one.
    pub fn option(&self, name: &str) -> Option<&'static PassOptionSpec> {
        self.options.iter().find(|spec| spec.name == name)
    }

    /// A help entry in the style of `mlir-opt --help`: the pass, then its
    /// options indented, then the values of enum options.
    pub fn help(&self) -> String {
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = writeln!(text, "  --{:<36} - {}", self.name, self.description);
        for option in self.options {
            let flag = format!("{}={}", option.name, option.kind.placeholder());
            let _ =
                writeln!(text, "    --{:<34} - {} (default: {})", flag, option.description, display_default(option));
            if let PassOptionKind::Enum(values) = option.kind {
                for (value, description) in values {
                    let _ = writeln!(text, "      ={:<33} - {}", value, description);
                }
            }
        }
        text
    }
}

fn display_default(option: &PassOptionSpec) -> &'static str {
    if option.default.is_empty() { "\"\"" } else { option.default }
}

/// Why options did not validate, or why a pass failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PassError {
    /// The pass declares no option of that name.
    #[error("unknown option '{option}' for pass '{pass}' (valid options: {})", list_or_none(known))]
    UnknownOption {
        /// The pass.
        pass: String,
        /// The option as written.
        option: String,
        /// The options the pass does declare.
        known: Vec<String>,
    },
    /// The value does not fit the option's kind.
    #[error("invalid value '{value}' for option '{option}' of pass '{pass}': expected {expected}")]
    InvalidValue {
        /// The pass.
        pass: String,
        /// The option.
        option: String,
        /// The value as written.
        value: String,
        /// What would have been accepted.
        expected: String,
    },
    /// A non-boolean option was written without `=value`.
    #[error("option '{option}' of pass '{pass}' needs a value ({option}=...)")]
    MissingValue {
        /// The pass.
        pass: String,
        /// The option.
        option: String,
    },
    /// The same option appears twice.
    #[error("option '{option}' of pass '{pass}' is given more than once")]
    DuplicateOption {
        /// The pass.
        pass: String,
        /// The option.
        option: String,
    },
    /// The option text does not follow `name=value ...` (unbalanced quotes or braces).
    #[error("malformed options for pass '{pass}': {reason}")]
    Malformed {
        /// The pass.
        pass: String,
        /// What is wrong.
        reason: String,
    },
    /// The pass ran and failed.
    #[error("{message}")]
    Failed {
        /// Why.
        message: String,
        /// Whether the failure was already emitted as an MLIR diagnostic (at a
        /// precise location); if not, the pass adapter emits `message` at the
        /// location of the op the pass ran on.
        reported: bool,
    },
}

impl PassError {
    /// A failure that the pass has not reported yet.
    pub fn failed(message: impl Into<String>) -> Self {
        Self::Failed { message: message.into(), reported: false }
    }

    /// A failure the pass has already emitted as MLIR diagnostics.
    pub fn reported(message: impl Into<String>) -> Self {
        Self::Failed { message: message.into(), reported: true }
    }

    /// Whether MLIR diagnostics for this error have already been emitted.
    pub fn is_reported(&self) -> bool {
        matches!(self, Self::Failed { reported: true, .. })
    }
}

fn list_or_none(names: &[String]) -> String {
    if names.is_empty() { "none".to_owned() } else { names.join(", ") }
}

/// The options of one pass instance: every declared option has a value (the
/// default when not given), and every value has been validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassOptions {
    pass: &'static str,
    /// In declaration order, so that printing is stable.
    values: Vec<(&'static str, String)>,
    /// Which options were given explicitly (printed back in pipelines).
    explicit: Vec<&'static str>,
    /// Whether the pass manager verifies the IR after the pass (not an
    /// option: set when the pass is added to a pass manager).
    verified_after: bool,
}

impl PassOptions {
    /// The options of `info` with every value at its default.
    pub fn defaults(info: &'static PassInfo) -> Self {
        Self {
            pass: info.name,
            values: info.options.iter().map(|spec| (spec.name, spec.default.to_owned())).collect(),
            explicit: Vec::new(),
            verified_after: false,
        }
    }

    /// These options for a pass whose result the pass manager verifies
    /// (`verified` true: MLIR's verification after each pass is on), or not.
    /// [`build_pass_manager`](crate::pipeline::build_pass_manager) sets it.
    #[must_use]
    pub fn with_verified_after(mut self, verified: bool) -> Self {
        self.verified_after = verified;
        self
    }

    /// Whether the pass manager verifies the IR after this pass: a pass may
    /// then skip verifying its own result (a failed verification still
    /// fails the pipeline, with the verifier's diagnostics). False unless
    /// [`Self::with_verified_after`] said so, e.g. for a pass run directly.
    pub fn verified_after(&self) -> bool {
        self.verified_after
    }

    /// Parses MLIR's option syntax (`a=1 b="x y" c={...} flag`) and validates
    /// it against `info`. An empty text gives the defaults.
    pub fn parse(info: &'static PassInfo, text: &str) -> Result<Self, PassError> {
        let mut options = Self::defaults(info);
        for (key, value) in split_options(info.name, text)? {
            let spec = info.option(&key).ok_or_else(|| PassError::UnknownOption {
                pass: info.name.to_owned(),
                option: key.clone(),
                known: info.options.iter().map(|spec| spec.name.to_owned()).collect(),
            })?;
            if options.explicit.contains(&spec.name) {
                return Err(PassError::DuplicateOption { pass: info.name.to_owned(), option: key });
            }
            let value = match value {
                Some(value) => value,
                // LLVM's convention: a bare boolean option turns it on.
                None if spec.kind == PassOptionKind::Bool => "true".to_owned(),
                None => return Err(PassError::MissingValue { pass: info.name.to_owned(), option: key }),
            };
            let value = validate(info.name, spec, &value)?;
            options.set(spec.name, value);
            options.explicit.push(spec.name);
        }
        Ok(options)
    }

    fn set(&mut self, name: &'static str, value: String) {
        if let Some(slot) = self.values.iter_mut().find(|(key, _)| *key == name) {
            slot.1 = value;
        }
    }

    /// The name of the pass these options belong to.
    pub fn pass_name(&self) -> &'static str {
        self.pass
    }

    /// The value of option `name`. For a name the pass does not declare
    /// (a bug in the pass, not in the input) this logs an error and returns "".
    pub fn get(&self, name: &str) -> &str {
        match self.values.iter().find(|(key, _)| *key == name) {
            Some((_, value)) => value,
            None => {
                tracing::error!(pass = self.pass, option = name, "pass reads an option it does not declare");
                ""
            }
        }
    }

    /// The value of option `name` parsed as `T`.
    pub fn parse_as<T: FromStr>(&self, name: &str) -> Result<T, PassError> {
        let value = self.get(name);
        value.parse().map_err(|_| PassError::InvalidValue {
            pass: self.pass.to_owned(),
            option: name.to_owned(),
            value: value.to_owned(),
            expected: std::any::type_name::<T>().to_owned(),
        })
    }

    /// The value of boolean option `name`.
    pub fn get_bool(&self, name: &str) -> Result<bool, PassError> {
        parse_bool(self.get(name)).ok_or_else(|| self.invalid(name, "a boolean"))
    }

    /// The value of integer option `name`.
    pub fn get_int(&self, name: &str) -> Result<i64, PassError> {
        parse_int(self.get(name)).ok_or_else(|| self.invalid(name, "an integer"))
    }

    fn invalid(&self, name: &str, expected: &str) -> PassError {
        PassError::InvalidValue {
            pass: self.pass.to_owned(),
            option: name.to_owned(),
            value: self.get(name).to_owned(),
            expected: expected.to_owned(),
        }
    }

    /// Whether option `name` was given explicitly rather than defaulted.
    pub fn is_explicit(&self, name: &str) -> bool {
        self.explicit.contains(&name)
    }

    /// `(name, value)` for every declared option, in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.values.iter().map(|(key, value)| (*key, value.as_str()))
    }
}

/// Prints the explicitly given options in MLIR's syntax (`a=1 b="x y"`).
impl fmt::Display for PassOptions {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (key, value) in self.iter().filter(|(key, _)| self.is_explicit(key)) {
            if !first {
                formatter.write_str(" ")?;
            }
            first = false;
            if value.is_empty() || value.contains(char::is_whitespace) {
                write!(formatter, "{key}=\"{value}\"")?;
            } else {
                write!(formatter, "{key}={value}")?;
            }
        }
        Ok(())
    }
}

/// LLVM's `cl::opt<bool>` spellings.
fn parse_bool(value: &str) -> Option<bool> {
    match value {
        "true" | "True" | "TRUE" | "1" => Some(true),
        "false" | "False" | "FALSE" | "0" => Some(false),
        _ => None,
    }
}

fn parse_int(value: &str) -> Option<i64> {
    let (negative, digits) = match value.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, value.strip_prefix('+').unwrap_or(value)),
    };
    let magnitude = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        Some(hex) => i128::from_str_radix(hex, 16).ok()?,
        None if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => digits.parse::<i128>().ok()?,
        None => return None,
    };
    i64::try_from(if negative { -magnitude } else { magnitude }).ok()
}

/// Checks `value` against `spec` and returns its canonical form.
fn validate(pass: &str, spec: &PassOptionSpec, value: &str) -> Result<String, PassError> {
    let invalid = |expected: String| PassError::InvalidValue {
        pass: pass.to_owned(),
        option: spec.name.to_owned(),
        value: value.to_owned(),
        expected,
    };
    match spec.kind {
        PassOptionKind::Bool => {
            parse_bool(value).map(|flag| flag.to_string()).ok_or_else(|| invalid("true or false".to_owned()))
        }
        PassOptionKind::Int => {
            parse_int(value).map(|number| number.to_string()).ok_or_else(|| invalid("a 64-bit integer".to_owned()))
        }
        PassOptionKind::String => Ok(value.to_owned()),
        PassOptionKind::Enum(values) => {
            if values.iter().any(|(name, _)| *name == value) {
                Ok(value.to_owned())
            } else {
                let names: Vec<&str> = values.iter().map(|(name, _)| *name).collect();
                Err(invalid(format!("one of {}", names.join(", "))))
            }
        }
    }
}

/// Splits `a=1 b="x y" c={k=v} flag` into `(key, value)` pairs. Quotes and
/// one level of outer braces are removed from values, as MLIR does.
fn split_options(pass: &str, text: &str) -> Result<Vec<(String, Option<String>)>, PassError> {
    let malformed = |reason: String| PassError::Malformed { pass: pass.to_owned(), reason };
    let chars: Vec<char> = text.chars().collect();
    let mut pairs = Vec::new();
    let mut index = 0;
    while index < chars.len() {
        if chars[index].is_whitespace() {
            index += 1;
            continue;
        }
        let start = index;
        while index < chars.len() && !chars[index].is_whitespace() && chars[index] != '=' {
            index += 1;
        }
        let key: String = chars[start..index].iter().collect();
        if key.is_empty() {
            return Err(malformed(format!("expected an option name before '=' in '{text}'")));
        }
        if index >= chars.len() || chars[index] != '=' {
            pairs.push((key, None));
            continue;
        }
        index += 1; // '='
        let mut value = String::new();
        let mut depth = 0usize;
        while index < chars.len() && (depth > 0 || !chars[index].is_whitespace()) {
            match chars[index] {
                quote @ ('"' | '\'') => {
                    let close = chars[index + 1..]
                        .iter()
                        .position(|c| *c == quote)
                        .ok_or_else(|| malformed(format!("unterminated {quote} in the value of '{key}'")))?;
                    let quoted: String = chars[index + 1..index + 1 + close].iter().collect();
                    // Inside braces the quotes belong to a nested option list: keep them.
                    if depth > 0 {
                        value.push(quote);
                        value.push_str(&quoted);
                        value.push(quote);
                    } else {
                        value.push_str(&quoted);
                    }
                    index += close + 2;
                    continue;
                }
                '{' => {
                    if depth > 0 {
                        value.push('{');
                    }
                    depth += 1;
                }
                '}' => {
                    if depth == 0 {
                        return Err(malformed(format!("unbalanced '}}' in the value of '{key}'")));
                    }
                    depth -= 1;
                    if depth > 0 {
                        value.push('}');
                    }
                }
                other => value.push(other),
            }
            index += 1;
        }
        if depth > 0 {
            return Err(malformed(format!("unbalanced '{{' in the value of '{key}'")));
        }
        pairs.push((key, Some(value)));
    }
    Ok(pairs)
}

/// A pass written in Rust.
pub trait Pass: Send + Sync + 'static {
    /// The pass's name, description and options.
    fn info(&self) -> &'static PassInfo;

    /// Runs on the op the pass is anchored on (`builtin.module`). Reports its
    /// own diagnostics through MLIR (at op locations) and returns `Err` to
    /// fail the pipeline.
    fn run(&self, op: OperationRef<'_, '_>, options: &PassOptions) -> Result<(), PassError>;

    /// Dialects whose ops the pass may create; MLIR loads them before the
    /// pipeline runs, since loading during a multi-threaded run is not allowed.
    fn dependent_dialects(&self) -> Vec<DialectHandle> {
        vec![DialectHandle::llvm()]
    }
}

/// The op every pass of this crate is anchored on.
pub const PASS_ANCHOR: &str = "builtin.module";

/// The passes known by name, sorted by name.
#[derive(Clone, Default)]
pub struct PassRegistry {
    passes: BTreeMap<&'static str, Arc<dyn Pass>>,
}

impl PassRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers `pass` under its name; returns the pass it replaces, if any.
    pub fn register(&mut self, pass: Arc<dyn Pass>) -> Option<Arc<dyn Pass>> {
        self.passes.insert(pass.info().name, pass)
    }

    /// The pass named `name`.
    pub fn get(&self, name: &str) -> Option<&Arc<dyn Pass>> {
        self.passes.get(name)
    }

    /// Whether a pass is named `name`.
    pub fn contains(&self, name: &str) -> bool {
        self.passes.contains_key(name)
    }

    /// The passes, sorted by name.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn Pass>> {
        self.passes.values()
    }

    /// The number of passes.
    pub fn len(&self) -> usize {
        self.passes.len()
    }

    /// Whether no pass is registered.
    pub fn is_empty(&self) -> bool {
        self.passes.is_empty()
    }

    /// The help entries of all passes ([`PassInfo::help`]), sorted by name.
    pub fn help(&self) -> String {
        self.iter().map(|pass| pass.info().help()).collect()
    }
}

impl fmt::Debug for PassRegistry {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.debug_list().entries(self.passes.keys()).finish()
    }
}

/// The MLIR external pass wrapping one of our passes with its options.
/// MLIR clones it per thread, hence the `Arc`s.
#[derive(Clone)]
struct Adapter {
    pass: Arc<dyn Pass>,
    options: Arc<PassOptions>,
}

impl<'c> RunExternalPass<'c> for Adapter {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, operation: OperationRef<'c, '_>, mlir_pass: ExternalPass<'_>) {
        let name = self.pass.info().name;
        let _span = tracing::info_span!("pass", name).entered();
        // A panic must not unwind into MLIR's C++ frames (it would abort):
        // turn it into a failed pass with a located error instead.
        let result =
            catch_unwind(AssertUnwindSafe(|| self.pass.run(operation, &self.options))).unwrap_or_else(|payload| {
                Err(PassError::failed(format!("internal error in pass '{name}': {}", panic_message(&*payload))))
            });
        if let Err(error) = result {
            tracing::debug!(%error, "pass failed");
            if !error.is_reported() {
                crate::ffi::emit_error(operation.location(), &error.to_string());
            }
            mlir_pass.signal_failure();
        }
    }
}

/// The text of a panic payload.
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "unknown panic".to_owned()
    }
}

/// Storage whose address identifies a pass to MLIR (a `TypeID` must be an
/// 8-byte aligned address, unique per pass kind).
#[repr(align(8))]
struct PassIdentity(#[allow(dead_code)] u64);

/// The `TypeID` of the pass named `name`: one leaked, aligned allocation per
/// distinct name for the life of the process (a handful of bytes per pass).
fn type_id(name: &'static str) -> TypeId<'static> {
    static IDS: Mutex<Option<HashMap<&'static str, &'static PassIdentity>>> = Mutex::new(None);
    let mut ids = IDS.lock().unwrap_or_else(PoisonError::into_inner);
    let identity =
        *ids.get_or_insert_with(HashMap::new).entry(name).or_insert_with(|| Box::leak(Box::new(PassIdentity(0))));
    TypeId::create(identity)
}

/// Wraps `pass` with `options` as an MLIR pass anchored on
/// [`PASS_ANCHOR`], ready to be added to a pass manager.
pub fn into_mlir_pass(pass: Arc<dyn Pass>, options: PassOptions) -> melior::pass::Pass {
    let info = pass.info();
    let dialects = pass.dependent_dialects();
    create_external(
        Adapter { pass, options: Arc::new(options) },
        type_id(info.name),
        // MLIR shows the name in timing reports and IR dumps, the argument in
        // printed pipelines; both are the pipeline name here.
        info.name,
        info.name,
        info.description,
        PASS_ANCHOR,
        &dialects,
    )
}
