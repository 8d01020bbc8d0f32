//! `--verify-diagnostics`: MLIR's expected-diagnostic checker.
//!
//! Comments such as `// expected-error @+1 {{message}}` declare a diagnostic
//! of that kind on that line (`@+N`, `@-N`, `@above`, `@below`, `@unknown`
//! for a location-less diagnostic; no designator means the comment's own
//! line). The message is matched as a substring, or, with
//! `expected-<kind>-re`, as a pattern whose `{{...}}` parts are regular
//! expressions. Every diagnostic must be expected and every expectation met;
//! mismatches are reported exactly like `mlir-opt` does.

use spirv_opt_tools::diagnostics::{CURRENT_OPERATION_NOTE, Captured, Loc, Severity, Source};
use regex::Regex;
use std::sync::LazyLock;

/// `expected-<kind>[-re] [@designator] {{message}}` at the end of a line.
static EXPECTED: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$").ok()
});

/// How an expectation's message is matched.
#[derive(Debug)]
enum Matcher {
    Substring(String),
    Pattern(Regex),
}

/// One `expected-*` comment.
#[derive(Debug)]
struct Expectation {
    severity: Severity,
    /// The line the diagnostic must be on; `None` for `@unknown`.
    target: Option<usize>,
    /// Where the `expected-...` text starts (1-based), for reporting.
    line: usize,
    column: usize,
    /// The message as written.
    text: String,
    matcher: Matcher,
    matched: bool,
}

impl Expectation {
    fn matches(&self, message: &str) -> bool {
        match &self.matcher {
            Matcher::Substring(text) => message.contains(text.as_str()),
            Matcher::Pattern(regex) => regex.is_match(message),
        }
    }
}

/// Turns `literal {{regex}} literal` into one regular expression.
fn compile_pattern(text: &str) -> Result<Regex, String> {
    let mut pattern = String::new();
    let mut rest = text;
    while let Some(open) = rest.find("{{") {
        pattern.push_str(&regex::escape(&rest[..open]));
        let after = &rest[open + 2..];
        let close = after.find("}}").ok_or_else(|| "found start of regex with no end '}}'".to_owned())?;
        pattern.push('(');
        pattern.push_str(&after[..close]);
        pattern.push(')');
        rest = &after[close + 2..];
    }
    pattern.push_str(&regex::escape(rest));
    Regex::new(&pattern).map_err(|error| format!("invalid regex: {error}"))
}

/// The checker for one chunk of input.
#[derive(Debug)]
pub struct Verifier {
    expectations: Vec<Expectation>,
    /// Reports produced so far (printed by the caller).
    report: String,
    failed: bool,
}

impl Verifier {
    /// Collects the expectations written in `text` (a chunk whose lines keep
    /// their numbers in the original file). Malformed ones are reported.
    pub fn new(source: &Source, text: &str) -> Self {
        let mut verifier = Self { expectations: Vec::new(), report: String::new(), failed: false };
        let Some(expected) = EXPECTED.as_ref() else {
            return verifier;
        };
        for (index, line_text) in text.lines().enumerate() {
            let line = index + 1;
            let Some(captures) = expected.captures(line_text) else {
                continue;
            };
            let start = captures.get(0).map_or(0, |m| m.start());
            let column = line_text[..start].len() + 1;
            let severity = captures.get(1).and_then(|m| Severity::from_word(m.as_str())).unwrap_or(Severity::Error);
            let message = captures.get(5).map_or("", |m| m.as_str()).to_owned();
            let target = match captures.get(4).map(|m| m.as_str()) {
                None => Some(line),
                Some("above") => Some(line.saturating_sub(1)),
                Some("below") => Some(line + 1),
                Some("unknown") => None,
                Some(offset) => {
                    let amount: usize = offset[1..].parse().unwrap_or(usize::MAX);
                    let target =
                        if offset.starts_with('+') { line.checked_add(amount) } else { line.checked_sub(amount) };
                    match target {
                        Some(target) if target >= 1 => Some(target),
                        _ => {
                            verifier.error_at(
                                source,
                                line,
                                column,
                                "expected diagnostic line offset is out of range",
                                0,
                            );
                            continue;
                        }
                    }
                }
            };
            let matcher = if captures.get(2).is_some() {
                match compile_pattern(&message) {
                    Ok(regex) => Matcher::Pattern(regex),
                    Err(reason) => {
                        verifier.error_at(source, line, column, &reason, 0);
                        continue;
                    }
                }
            } else {
                Matcher::Substring(message.clone())
            };
            verifier.expectations.push(Expectation {
                severity,
                target,
                line,
                column,
                text: message,
                matcher,
                matched: false,
            });
        }
        verifier
    }

    fn error_at(&mut self, source: &Source, line: usize, column: usize, message: &str, range: usize) {
        let loc = Loc::File { file: source.name.clone(), line, column };
        self.report.push_str(&source.render(Severity::Error, &loc, message, range));
        self.failed = true;
    }

    /// Checks one diagnostic and its notes against the expectations.
    pub fn process(&mut self, source: &Source, diagnostic: &Captured) {
        self.process_one(source, diagnostic.severity, &diagnostic.loc, &diagnostic.message);
        for note in &diagnostic.notes {
            if note.severity == Severity::Note && note.message.starts_with(CURRENT_OPERATION_NOTE) {
                continue;
            }
            self.process(source, note);
        }
    }

    fn process_one(&mut self, source: &Source, severity: Severity, loc: &Loc, message: &str) {
        let target = match loc {
            Loc::File { file, line, .. } if *file == source.name => Some(*line),
            Loc::File { .. } => return self.unexpected(source, severity, loc, message),
            Loc::Unknown | Loc::Other(_) => None,
        };
        let mut near_miss = None;
        for (index, expectation) in self.expectations.iter_mut().enumerate() {
            if expectation.target == target && expectation.matches(message) {
                if expectation.severity == severity {
                    expectation.matched = true;
                    return;
                }
                near_miss = Some(index);
            }
        }
        match near_miss {
            Some(index) => {
                let (line, column, expected) = {
                    let expectation = &self.expectations[index];
                    (expectation.line, expectation.column, expectation.severity)
                };
                let text =
                    format!("'{}' diagnostic emitted when expecting a '{}'", severity.as_str(), expected.as_str());
                self.error_at(source, line, column, &text, 0);
            }
            None => self.unexpected(source, severity, loc, message),
        }
    }

    fn unexpected(&mut self, source: &Source, severity: Severity, loc: &Loc, message: &str) {
        let text = format!("unexpected {}: {message}", severity.as_str());
        self.report.push_str(&source.render(Severity::Error, loc, &text, 0));
        self.failed = true;
    }

    /// Ends the chunk. Returns whether it passed, the report of unexpected
    /// diagnostics (mlir-opt prints those as they come), and the report of
    /// unmet expectations (mlir-opt prints those after the last chunk).
    pub fn finish(self, source: &Source) -> (bool, String, String) {
        let mut unmet = String::new();
        for expectation in self.expectations.iter().filter(|expectation| !expectation.matched) {
            let message =
                format!("expected {} \"{}\" was not produced", expectation.severity.as_str(), expectation.text);
            let loc = Loc::File { file: source.name.clone(), line: expectation.line, column: expectation.column };
            unmet.push_str(&source.render(Severity::Error, &loc, &message, expectation.text.len()));
        }
        (!self.failed && unmet.is_empty(), self.report, unmet)
    }
}
