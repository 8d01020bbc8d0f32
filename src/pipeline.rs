//! Textual pass pipelines, in `mlir-opt`'s syntax, run in MLIR's pass
//! manager.
//!
//! ```text
//! builtin.module(convert-spirv-to-llvm{client-api=OpenCL}, func.func(cse), reconcile-unrealized-casts)
//! ```
//!
//! The pipeline is parsed here ([`Pipeline::parse`]). Each pass named in our
//! [`PassRegistry`] becomes an MLIR external pass running our Rust code; any
//! other element is handed to MLIR as text, on the pass manager of its
//! nesting level, so upstream passes mix freely with ours. Ours always wins
//! a name clash (upstream's `convert-spirv-to-llvm` is never registered).

pub use crate::context::{
    Reported, attach_diagnostic_handler, create_context, parse_file, parse_source, print_location, print_operation,
    print_verified_operation, print_verified_operation_generic, register_upstream_passes,
};
use crate::{
    ffi::pass as ffi,
    pass::{PASS_ANCHOR, PassError, PassOptions, PassRegistry, into_mlir_pass},
};
use melior::{
    Context,
    ir::{Module, operation::OperationPrintingFlags},
    pass::{OperationPassManager, PassIrPrintingOptions, PassManager},
};
use std::{fmt, path::PathBuf, str::FromStr};
use thiserror::Error;

/// The anchor of an op-agnostic pass manager.
pub const ANY_ANCHOR: &str = "any";

/// Why a pipeline could not be parsed, built or run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PipelineError {
    /// The text does not follow the pipeline grammar.
    #[error("invalid pass pipeline '{pipeline}': {message} at column {column}")]
    Syntax {
        /// The whole pipeline text.
        pipeline: String,
        /// 1-based column (in characters) of the problem.
        column: usize,
        /// What was expected.
        message: String,
    },
    /// The top level is a pass list without an operation anchor.
    #[error("the pass pipeline '{pipeline}' must be anchored on an operation, e.g. 'builtin.module({pipeline})'")]
    NotAnchored {
        /// The pipeline text.
        pipeline: String,
    },
    /// The top-level anchor is neither `builtin.module` nor `any`.
    #[error(
        "the pass pipeline is anchored on '{anchor}', but it runs on a 'builtin.module'; nest it: 'builtin.module({anchor}(...))'"
    )]
    WrongAnchor {
        /// The anchor found.
        anchor: String,
    },
    /// Neither our registry nor MLIR's knows the pass.
    #[error("'{name}' does not refer to a registered pass or pass pipeline")]
    UnknownPass {
        /// The name as written.
        name: String,
    },
    /// One of our passes was nested under an op it cannot run on.
    #[error("pass '{pass}' runs on '{PASS_ANCHOR}' and cannot be nested under '{anchor}'")]
    Misplaced {
        /// The pass.
        pass: String,
        /// The anchor it was nested under.
        anchor: String,
    },
    /// Bad options for one of our passes.
    #[error(transparent)]
    Options(#[from] PassError),
    /// MLIR refused an upstream pipeline element (bad option, wrong nesting...).
    #[error("invalid pass '{element}': {message}")]
    Upstream {
        /// The element as handed to MLIR.
        element: String,
        /// MLIR's explanation.
        message: String,
    },
    /// The pipeline ran and failed; MLIR diagnostics say why.
    #[error("the pass pipeline failed")]
    Failed,
}

/// One element of a pipeline: a pass (with its option text) or a nested
/// pipeline anchored on another op.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PipelineElement {
    /// A pass by name; `options` is the text between the braces, if any.
    Pass {
        /// The pass name.
        name: String,
        /// The raw option text (`client-api=OpenCL`).
        options: Option<String>,
    },
    /// `anchor(elements...)`.
    Nested(Pipeline),
}

/// A pipeline: passes to run on the ops named `anchor`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pipeline {
    /// The op name (`builtin.module`, `func.func`, `spirv.module`) or `any`.
    pub anchor: String,
    /// The passes and nested pipelines, in order.
    pub elements: Vec<PipelineElement>,
}

impl Pipeline {
    /// An empty pipeline on `anchor`.
    pub fn new(anchor: impl Into<String>) -> Self {
        Self { anchor: anchor.into(), elements: Vec::new() }
    }

    /// Appends a pass with optional option text.
    pub fn push_pass(&mut self, name: impl Into<String>, options: Option<String>) {
        self.elements.push(PipelineElement::Pass { name: name.into(), options });
    }

    /// Parses `anchor(element, ...)`; see the module documentation.
    pub fn parse(text: &str) -> Result<Self, PipelineError> {
        let mut parser = Parser { text, position: 0 };
        parser.skip_whitespace();
        if parser.peek().is_none() {
            return Err(parser.error("empty pass pipeline"));
        }
        let element = parser.element()?;
        parser.skip_whitespace();
        if let Some(next) = parser.peek() {
            return Err(parser.error(format!("unexpected '{next}' after the end of the pipeline")));
        }
        match element {
            PipelineElement::Nested(pipeline) => Ok(pipeline),
            PipelineElement::Pass { .. } => Err(PipelineError::NotAnchored { pipeline: text.trim().to_owned() }),
        }
    }
}

impl FromStr for Pipeline {
    type Err = PipelineError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse(text)
    }
}

/// Prints the pipeline back in MLIR's syntax.
impl fmt::Display for Pipeline {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}(", self.anchor)?;
        for (index, element) in self.elements.iter().enumerate() {
            if index > 0 {
                formatter.write_str(",")?;
            }
            write!(formatter, "{element}")?;
        }
        formatter.write_str(")")
    }
}

impl fmt::Display for PipelineElement {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Pass { name, options: Some(options) } => write!(formatter, "{name}{{{options}}}"),
            Self::Pass { name, options: None } => formatter.write_str(name),
            Self::Nested(pipeline) => write!(formatter, "{pipeline}"),
        }
    }
}

/// A recursive-descent parser over the pipeline text.
struct Parser<'t> {
    text: &'t str,
    /// Byte offset of the next character.
    position: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.position..].chars().next()
    }

    fn bump(&mut self) {
        if let Some(next) = self.peek() {
            self.position += next.len_utf8();
        }
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn error(&self, message: impl Into<String>) -> PipelineError {
        PipelineError::Syntax {
            pipeline: self.text.to_owned(),
            column: self.text[..self.position].chars().count() + 1,
            message: message.into(),
        }
    }

    /// `name`, `name{options}` or `name(elements)`.
    fn element(&mut self) -> Result<PipelineElement, PipelineError> {
        self.skip_whitespace();
        let start = self.position;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')) {
            self.bump();
        }
        let name = self.text[start..self.position].to_owned();
        if name.is_empty() {
            return Err(match self.peek() {
                Some(found) => self.error(format!("expected a pass or operation name, found '{found}'")),
                None => self.error("expected a pass or operation name at the end of the pipeline"),
            });
        }
        self.skip_whitespace();
        match self.peek() {
            Some('(') => {
                self.bump();
                let elements = self.elements(&name)?;
                Ok(PipelineElement::Nested(Pipeline { anchor: name, elements }))
            }
            Some('{') => {
                let options = self.braced(&name)?;
                Ok(PipelineElement::Pass { name, options: Some(options) })
            }
            _ => Ok(PipelineElement::Pass { name, options: None }),
        }
    }

    /// The elements after `anchor(`, through the closing `)`.
    fn elements(&mut self, anchor: &str) -> Result<Vec<PipelineElement>, PipelineError> {
        let mut elements = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(')') {
            self.bump();
            return Ok(elements);
        }
        loop {
            elements.push(self.element()?);
            self.skip_whitespace();
            match self.peek() {
                Some(',') => self.bump(),
                Some(')') => {
                    self.bump();
                    return Ok(elements);
                }
                Some(found) => {
                    return Err(self.error(format!("expected ',' or ')' in '{anchor}(...)', found '{found}'")));
                }
                None => return Err(self.error(format!("expected ')' to close '{anchor}('"))),
            }
        }
    }

    /// The text between `{` and its matching `}`, skipping quoted strings.
    fn braced(&mut self, pass: &str) -> Result<String, PipelineError> {
        let open = self.position;
        self.bump();
        let start = self.position;
        let mut depth = 1usize;
        while let Some(next) = self.peek() {
            match next {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        let options = self.text[start..self.position].to_owned();
                        self.bump();
                        return Ok(options);
                    }
                }
                quote @ ('"' | '\'') => {
                    self.bump();
                    while self.peek().is_some_and(|c| c != quote) {
                        self.bump();
                    }
                    if self.peek().is_none() {
                        return Err(self.error(format!("unterminated {quote} in the options of '{pass}'")));
                    }
                }
                _ => {}
            }
            self.bump();
        }
        self.position = open;
        Err(self.error(format!("unterminated '{{' in the options of '{pass}'")))
    }
}

/// How to set up the pass manager around a pipeline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassManagerOptions {
    /// Verify the IR after each pass (MLIR's default; keep it on).
    pub verify_each: bool,
    /// Report pass timings on stderr (`--mlir-timing`).
    pub timing: bool,
    /// Print the IR on stderr after each pass (`--mlir-print-ir-after-all`).
    pub print_ir_after_all: bool,
    /// Print locations in those IR dumps (`--mlir-print-debuginfo`).
    pub print_debug_info: bool,
    /// Print those IR dumps in the generic form (`--mlir-print-op-generic`).
    pub print_generic: bool,
    /// Nest an upstream pass restricted to another op (e.g. `spirv-update-vce`
    /// on `spirv.module`) automatically, as `mlir-opt` does for pass flags.
    /// Textual pipelines (`--pass-pipeline`) keep MLIR's explicit nesting.
    pub implicit_nesting: bool,
}

impl Default for PassManagerOptions {
    fn default() -> Self {
        Self {
            verify_each: true,
            timing: false,
            print_ir_after_all: false,
            print_debug_info: false,
            print_generic: false,
            implicit_nesting: false,
        }
    }
}

/// Builds a pass manager running `pipeline`. The pipeline must be anchored
/// on `builtin.module` or `any`.
pub fn build_pass_manager<'c>(
    context: &'c Context,
    registry: &PassRegistry,
    pipeline: &Pipeline,
    options: &PassManagerOptions,
) -> Result<PassManager<'c>, PipelineError> {
    if pipeline.anchor != PASS_ANCHOR && pipeline.anchor != ANY_ANCHOR {
        return Err(PipelineError::WrongAnchor { anchor: pipeline.anchor.clone() });
    }
    let manager = ffi::pass_manager_on(context, &pipeline.anchor);
    manager.enable_verifier(options.verify_each);
    add_elements(registry, manager.as_operation_pass_manager(), &pipeline.anchor, &pipeline.elements, options)?;
    if options.timing {
        ffi::enable_timing(&manager);
    }
    if options.print_ir_after_all {
        manager.enable_ir_printing(&PassIrPrintingOptions {
            before_all: false,
            after_all: true,
            module_scope: false,
            on_change: false,
            on_failure: false,
            flags: if options.print_generic {
                OperationPrintingFlags::new()
                    .enable_debug_info(options.print_debug_info, false)
                    .print_generic_operation_form()
            } else {
                OperationPrintingFlags::new().enable_debug_info(options.print_debug_info, false)
            },
            // Empty: print to stderr.
            tree_printing_path: PathBuf::new(),
        });
    }
    tracing::debug!(%pipeline, "built pass manager");
    Ok(manager)
}

fn add_elements(
    registry: &PassRegistry,
    manager: OperationPassManager<'_, '_>,
    anchor: &str,
    elements: &[PipelineElement],
    options: &PassManagerOptions,
) -> Result<(), PipelineError> {
    for element in elements {
        match element {
            PipelineElement::Nested(inner) => {
                add_elements(registry, manager.nested_under(&inner.anchor), &inner.anchor, &inner.elements, options)?;
            }
            PipelineElement::Pass { name, options: text } => match registry.get(name) {
                Some(pass) => {
                    // Checked here because MLIR aborts the process when a pass
                    // is added to a manager of another op with explicit nesting.
                    if anchor != PASS_ANCHOR && anchor != ANY_ANCHOR {
                        return Err(PipelineError::Misplaced { pass: name.clone(), anchor: anchor.to_owned() });
                    }
                    let pass_options = PassOptions::parse(pass.info(), text.as_deref().unwrap_or(""))?
                        .with_verified_after(options.verify_each);
                    manager.add_pass(into_mlir_pass(pass.clone(), pass_options));
                }
                None => add_upstream(manager, name, &element.to_string(), options)?,
            },
        }
    }
    Ok(())
}

/// Hands one upstream element to MLIR's parser.
fn add_upstream(
    manager: OperationPassManager<'_, '_>,
    name: &str,
    element: &str,
    options: &PassManagerOptions,
) -> Result<(), PipelineError> {
    let message = match ffi::add_pipeline(manager, element) {
        Ok(()) => return Ok(()),
        Err(message) => message,
    };
    if options.implicit_nesting
        && let Some(op) = restricted_to(&message)
    {
        tracing::debug!(element, op, "nesting the pass implicitly");
        return ffi::add_pipeline(manager.nested_under(op), element)
            .map_err(|message| upstream_error(name, element, &message));
    }
    Err(upstream_error(name, element, &message))
}

/// The op named in MLIR's "Can't add pass 'X' restricted to 'op' on a
/// PassManager intended to run on ..." error.
fn restricted_to(message: &str) -> Option<&str> {
    let rest = &message[message.find("restricted to '")? + "restricted to '".len()..];
    rest.split('\'').next().filter(|op| !op.is_empty())
}

fn upstream_error(name: &str, element: &str, message: &str) -> PipelineError {
    if message.contains("does not refer to a registered pass or pass pipeline") {
        return PipelineError::UnknownPass { name: name.to_owned() };
    }
    // MLIR's text spans several lines (a parser banner, the element echoed,
    // a trailing "failed to add" line); keep the informative ones.
    let lines: Vec<&str> = message
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("failed to add"))
        .map(|line| line.trim_start_matches("<Pass-Options-Parser>: "))
        .collect();
    // Option parse errors of upstream passes go to stderr directly (LLVM's
    // command-line library), leaving nothing here.
    let message = if lines.is_empty() { "MLIR rejected its options (see above)".to_owned() } else { lines.join("; ") };
    PipelineError::Upstream { element: element.to_owned(), message }
}

/// Whether MLIR's pass registry knows `name` (as a pass or pass pipeline).
/// Used to accept `--<upstream-pass>` flags on the command line.
pub fn is_upstream_pass(context: &Context, name: &str) -> bool {
    register_upstream_passes();
    let valid_name =
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if !valid_name {
        return false;
    }
    let scratch = ffi::pass_manager_on(context, ANY_ANCHOR);
    match ffi::add_pipeline(scratch.as_operation_pass_manager(), name) {
        Ok(()) => true,
        Err(message) => !message.contains("does not refer to a registered pass or pass pipeline"),
    }
}

/// Runs a built pass manager on `module`. On failure MLIR has emitted the
/// diagnostics; the module may be partially transformed.
pub fn run_pass_manager(manager: &PassManager<'_>, module: &mut Module<'_>) -> Result<(), PipelineError> {
    manager.run(module).map_err(|_| PipelineError::Failed)
}

/// Parses `pipeline`, builds it with default options, and runs it on `module`.
pub fn run_pipeline(
    context: &Context,
    registry: &PassRegistry,
    pipeline: &str,
    module: &mut Module<'_>,
) -> Result<(), PipelineError> {
    let pipeline = Pipeline::parse(pipeline)?;
    let manager = build_pass_manager(context, registry, &pipeline, &PassManagerOptions::default())?;
    run_pass_manager(&manager, module)
}
