//! AmberScript (google/amber's `docs/amber_script.md`), the compute
//! subset: `spirv-run-rs --amber FILE...` runs each script's pipelines on
//! the CPU and checks its `EXPECT`s, printing one line per script and a
//! summary as `amber` does. docs/amber.md says what is supported.

mod compare;
mod compile;
mod exec;
mod kernel_args;
mod layout;
mod parser;
mod probe;
mod tokens;
mod values;
mod vkscript;

use std::{path::Path, time::Duration};

use spirv_opt_passes::kernel_abi::spmd::SpmdOptions;

pub use compile::check_target_env;
pub use parser::ParseError;

/// How every pipeline of every script runs (the command line's options).
#[derive(Debug, Clone)]
pub struct Settings {
    /// Worker threads (0: every core).
    pub threads: usize,
    /// Leave out bounds checks.
    pub unchecked: bool,
    /// SPMD vectorization.
    pub spmd: SpmdOptions,
    /// How kernels with barriers run.
    pub barriers: spirv_opt_passes::kernel_abi::BarrierMode,
    /// The longest one `RUN` may take.
    pub timeout: Duration,
    /// Print what scripts require (features, extensions, engine data).
    pub verbose: bool,
    /// The target environment of shaders without a `TARGET_ENV` (amber's
    /// `-t`; `spv1.0` there and here unless given).
    pub target_env: String,
}

/// How one script ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Every command ran and every `EXPECT` held.
    Pass,
    /// The first failure: a located parse error or `Line N: ...`.
    Fail(String),
    /// The script needs what this runner lacks (graphics, images, ...).
    Skip(String),
}

/// Prints a line on stdout; a closed pipe (`| head`) is no error.
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

/// Runs the script at `path`.
pub fn run_script(path: &Path, settings: &Settings) -> Outcome {
    let name = path.display().to_string();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(failure) => return Outcome::Fail(format!("{name}: error: cannot read: {failure}")),
    };
    let directory = path.parent().unwrap_or(Path::new("."));
    let script = match parser::parse(&text, directory) {
        Ok(script) => script,
        Err(ParseError::Unsupported { line, reason }) => return Outcome::Skip(format!("line {line}: {reason}")),
        Err(error @ ParseError::Syntax { .. }) => return Outcome::Fail(format!("{name}:{error}")),
    };
    if settings.verbose {
        for requirement in &script.requirements {
            say(&format!("{name}: {requirement} (recorded)"));
        }
    }
    match exec::Execution::new(&script, settings, &name).run() {
        Ok(()) => Outcome::Pass,
        Err(message) => Outcome::Fail(message),
    }
}

/// Runs every script, printing `PASS file`, `FAIL file: why` or `SKIP
/// file: why` for each and a summary; whether all passed or were skipped.
pub fn run_scripts(paths: &[std::path::PathBuf], settings: &Settings) -> bool {
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    for path in paths {
        let name = path.display();
        match run_script(path, settings) {
            Outcome::Pass => {
                passed += 1;
                say(&format!("PASS {name}"));
            }
            Outcome::Fail(message) => {
                failed += 1;
                // A parse error is located (`file:LINE: error: ...`) on stderr too.
                if message.starts_with(&format!("{name}:")) {
                    eprintln!("{message}");
                }
                say(&format!("FAIL {name}: {message}"));
            }
            Outcome::Skip(reason) => {
                skipped += 1;
                say(&format!("SKIP {name}: {reason}"));
            }
        }
    }
    // Not "N passed, M failed": the test command's counter reads those.
    say(&format!("Summary: {passed} pass, {failed} fail, {skipped} skip"));
    failed == 0
}
