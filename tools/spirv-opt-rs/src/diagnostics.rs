//! Capturing MLIR diagnostics and printing them the way `mlir-opt` (LLVM's
//! `SourceMgr`) does: `file:line:col: error: message`, the source line, and a
//! caret under the column.

use melior::{
    Context,
    diagnostic::{DiagnosticHandlerId, DiagnosticSeverity},
    ir::Location,
};
use spirv_opt_rs::pipeline::{self, Reported};
use std::{
    borrow::Cow,
    fmt::Write as _,
    io::Write as _,
    sync::{Arc, Mutex, OnceLock, PoisonError},
};

/// The kind of a diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Remark,
    Note,
}

impl Severity {
    /// The word LLVM prints (`error`, `warning`...).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
            Self::Remark => "remark",
            Self::Note => "note",
        }
    }

    /// Parses the word used in `expected-<kind>` comments.
    pub fn from_word(word: &str) -> Option<Self> {
        Some(match word {
            "error" => Self::Error,
            "warning" => Self::Warning,
            "remark" => Self::Remark,
            "note" => Self::Note,
            _ => return None,
        })
    }
}

impl From<DiagnosticSeverity> for Severity {
    fn from(severity: DiagnosticSeverity) -> Self {
        match severity {
            DiagnosticSeverity::Error => Self::Error,
            DiagnosticSeverity::Warning => Self::Warning,
            DiagnosticSeverity::Remark => Self::Remark,
            DiagnosticSeverity::Note => Self::Note,
        }
    }
}

/// Where a diagnostic points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Loc {
    /// A file position (1-based line and column; 0 when unknown).
    File { file: String, line: usize, column: usize },
    /// `loc(unknown)`.
    Unknown,
    /// A location with no file position in it, printed (`loc("name")`).
    Other(String),
}

impl Loc {
    /// The first file position in `location`, looking through names, call
    /// sites (callee first) and fused locations, as MLIR's handler does.
    pub fn from_location(location: Location<'_>) -> Self {
        find_file(location, 0).unwrap_or_else(|| {
            let printed = pipeline::print_location(location);
            if printed == "loc(unknown)" { Self::Unknown } else { Self::Other(printed) }
        })
    }
}

fn find_file(location: Location<'_>, depth: usize) -> Option<Loc> {
    // Locations are DAGs of bounded depth, but guard against pathological nesting.
    if depth > 64 {
        return None;
    }
    if location.is_file_line_col_range() {
        let file = location.file_line_col_range_filename();
        // Our own file names are UTF-8 (lossily converted paths); only an
        // explicit `loc(...)` in the input could hold other bytes.
        let file = file.as_string_ref().as_str().unwrap_or("<file name is not UTF-8>").to_owned();
        return Some(Loc::File {
            file,
            line: location.file_line_col_range_start_line(),
            column: location.file_line_col_range_start_column(),
        });
    }
    if location.is_name() {
        return find_file(location.name_child_location(), depth + 1);
    }
    if location.is_call_site() {
        return find_file(location.call_site_callee(), depth + 1)
            .or_else(|| find_file(location.call_site_caller(), depth + 1));
    }
    if location.is_fused() {
        return (0..location.fused_num_locations())
            .find_map(|index| find_file(location.fused_location(index), depth + 1));
    }
    None
}

/// A diagnostic copied out of MLIR.
#[derive(Debug, Clone)]
pub struct Captured {
    pub severity: Severity,
    pub loc: Loc,
    pub message: String,
    pub notes: Vec<Captured>,
    /// Whether to quote the source line: MLIR does not for a note at the same
    /// location as its diagnostic.
    pub show_source: bool,
}

impl Captured {
    fn from_reported(diagnostic: &Reported<'_>) -> Self {
        let notes = diagnostic
            .notes
            .iter()
            .map(|note| {
                let mut captured = Self::from_reported(note);
                captured.show_source = note.location != diagnostic.location;
                captured
            })
            .collect();
        Self {
            severity: diagnostic.severity.into(),
            loc: Loc::from_location(diagnostic.location),
            message: diagnostic.message.clone(),
            notes,
            show_source: true,
        }
    }
}

/// Prefix of the note MLIR attaches to verifier errors; `mlir-opt` turns it
/// off when verifying diagnostics, which the C API cannot, so it is dropped.
pub const CURRENT_OPERATION_NOTE: &str = "see current operation: ";

/// The text of the input, to quote source lines.
#[derive(Debug, Clone, Default)]
pub struct Source {
    /// The name locations use for it (the path as given, or `<stdin>`).
    pub name: String,
    /// Its bytes, as read.
    bytes: Vec<u8>,
    /// Where each line starts, found on the first quote: most runs quote
    /// nothing, and indexing a large input up front costs time and memory
    /// that grow with it.
    line_starts: OnceLock<Vec<usize>>,
    /// Whether the input is a SPIR-V binary (it has no lines to quote).
    pub binary: bool,
}

impl Source {
    /// Indexes a copy of `bytes` named `name`.
    pub fn new(name: &str, bytes: &[u8]) -> Self {
        Self::from_bytes(name, bytes.to_vec())
    }

    /// Takes `bytes`, named `name` (see [`Self::bytes`] to read them back).
    pub fn from_bytes(name: &str, bytes: Vec<u8>) -> Self {
        let binary = spirv_opt_dialects::spirv::deserialize::is_spirv_binary(&bytes);
        Self { name: name.to_owned(), bytes, line_starts: OnceLock::new(), binary }
    }

    /// The input's bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Line `line` (1-based) of the file named `file`, if it is this source:
    /// without its line terminator (`\n`, or `\r\n`), lossily decoded.
    pub fn line(&self, file: &str, line: usize) -> Option<Cow<'_, str>> {
        if file != self.name || line == 0 {
            return None;
        }
        let starts = self.line_starts.get_or_init(|| {
            let mut starts = vec![0];
            starts.extend(self.bytes.iter().enumerate().filter(|(_, byte)| **byte == b'\n').map(|(at, _)| at + 1));
            starts
        });
        let start = *starts.get(line - 1)?;
        let end = starts.get(line).map_or(self.bytes.len(), |next| next - 1);
        let text = &self.bytes[start..end];
        Some(String::from_utf8_lossy(text.strip_suffix(b"\r").unwrap_or(text)))
    }

    /// Renders one diagnostic (without its notes) as LLVM's `SourceMgr` does.
    /// `range` is the number of characters to mark from the caret on
    /// (`^~~~`), 0 or 1 for a lone caret.
    pub fn render(&self, severity: Severity, loc: &Loc, message: &str, range: usize) -> String {
        self.render_with(severity, loc, message, range, true)
    }

    fn render_with(&self, severity: Severity, loc: &Loc, message: &str, range: usize, show_source: bool) -> String {
        let mut text = String::new();
        match loc {
            // Instructions of a SPIR-V binary without a source line are
            // located at `file:0:<byte offset>`.
            Loc::File { file, line: 0, column } if self.binary && *file == self.name => {
                let _ = writeln!(text, "{file}: {}: at byte offset {column}: {message}", severity.as_str());
            }
            Loc::File { file, line, column } => {
                let _ = writeln!(text, "{file}:{line}:{column}: {}: {message}", severity.as_str());
                // A line with control characters (binary input) is not quoted:
                // it would garble the terminal.
                let quotable = |text: &&str| !text.chars().any(|c| c.is_control() && c != '\t');
                if let Some(source_line) =
                    self.line(file, *line).filter(|text| quotable(&text.as_ref())).filter(|_| show_source)
                {
                    let (expanded, caret_at) = expand_tabs(&source_line, column.saturating_sub(1));
                    let width = expanded.chars().count();
                    let tildes = range.saturating_sub(1).min(width.saturating_sub(caret_at + 1));
                    let _ = writeln!(text, "{expanded}");
                    let _ = writeln!(text, "{}^{}", " ".repeat(caret_at), "~".repeat(tildes));
                }
            }
            Loc::Unknown => {
                let _ = writeln!(text, "<unknown>:0: {}: {message}", severity.as_str());
            }
            Loc::Other(printed) => {
                let _ = writeln!(text, "<unknown>:0: {}: {printed}: {message}", severity.as_str());
            }
        }
        text
    }

    /// Renders a diagnostic and its notes.
    pub fn render_all(&self, diagnostic: &Captured) -> String {
        let mut text =
            self.render_with(diagnostic.severity, &diagnostic.loc, &diagnostic.message, 0, diagnostic.show_source);
        for note in &diagnostic.notes {
            text.push_str(&self.render_all(note));
        }
        text
    }
}

/// Expands tabs to 8-column stops (as LLVM does when quoting a line) and maps
/// the byte column `column` to its display position.
fn expand_tabs(line: &str, column: usize) -> (String, usize) {
    let mut expanded = String::with_capacity(line.len());
    let mut caret = None;
    let mut width = 0;
    for (offset, character) in line.char_indices() {
        if caret.is_none() && offset >= column {
            caret = Some(width);
        }
        if character == '\t' {
            let spaces = 8 - width % 8;
            expanded.extend(std::iter::repeat_n(' ', spaces));
            width += spaces;
        } else {
            expanded.push(character);
            width += 1;
        }
    }
    // A column at or past the end points just after the last character.
    let caret = caret.unwrap_or(width + column.saturating_sub(line.len()));
    (expanded, caret)
}

/// What the handler does with diagnostics.
#[derive(Debug)]
enum Mode {
    /// Print to stderr at once (so they interleave with IR dumps and timing).
    Print,
    /// Keep them for `--verify-diagnostics`.
    Collect,
}

#[derive(Debug)]
struct State {
    mode: Mode,
    source: Arc<Source>,
    collected: Vec<Captured>,
    errors: usize,
}

/// The diagnostic handler of one context: prints or collects.
#[derive(Debug, Clone)]
pub struct Sink {
    state: Arc<Mutex<State>>,
}

impl Sink {
    /// A sink quoting `source`; `collect` keeps diagnostics instead of printing.
    pub fn new(source: Arc<Source>, collect: bool) -> Self {
        let mode = if collect { Mode::Collect } else { Mode::Print };
        Self { state: Arc::new(Mutex::new(State { mode, source, collected: Vec::new(), errors: 0 })) }
    }

    /// Installs the sink as `context`'s diagnostic handler. The handler runs
    /// under MLIR's diagnostic lock, possibly on worker threads: hence the mutex.
    pub fn attach(&self, context: &Context) -> DiagnosticHandlerId {
        let sink = self.clone();
        pipeline::attach_diagnostic_handler(context, move |diagnostic| {
            sink.accept(Captured::from_reported(&diagnostic));
            true
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn accept(&self, diagnostic: Captured) {
        let mut state = self.lock();
        if diagnostic.severity == Severity::Error {
            state.errors += 1;
        }
        match state.mode {
            Mode::Print => {
                let text = state.source.render_all(&diagnostic);
                // Nothing sensible to do if stderr is gone.
                let _ = std::io::stderr().write_all(text.as_bytes());
            }
            Mode::Collect => state.collected.push(diagnostic),
        }
    }

    /// The number of errors seen so far.
    pub fn error_count(&self) -> usize {
        self.lock().errors
    }

    /// Takes the collected diagnostics.
    pub fn take(&self) -> Vec<Captured> {
        std::mem::take(&mut self.lock().collected)
    }
}

/// Prints a tool-level error (not tied to a source location).
/// Reports a SPIR-V binary that could not be imported, at its byte offset.
pub fn binary_error(file: &str, error: &spirv_opt_dialects::spirv::deserialize::DeserializeError) {
    let _ = writeln!(std::io::stderr(), "{file}: error: at byte offset {}: {}", error.offset, error.kind);
}

/// Reports an error that belongs to no input position, as
/// `<program>: error: <message>` (the running tool's name, as LLVM's tools).
pub fn tool_error(message: impl std::fmt::Display) {
    let program = std::env::args_os()
        .next()
        .and_then(|path| std::path::Path::new(&path).file_name().map(|name| name.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "spirv-opt-rs".to_owned());
    let _ = writeln!(std::io::stderr(), "{program}: error: {message}");
}
