//! Command-line parsing, `mlir-opt` style: LLVM's single-dash long options
//! are accepted, and every registered pass is a flag of its own
//! (`--convert-spirv-to-llvm='client-api=OpenCL'`), appended to the pipeline
//! in command-line order.

use clap::{CommandFactory, FromArgMatches, Parser, error::ErrorKind};
use melior::Context;
use spirv_opt_passes::kernel_abi::spmd::{self, SpmdMode};
use spirv_opt_rs::{
    pass::PassRegistry,
    pipeline::{self, Pipeline},
};
use std::{ffi::OsString, path::PathBuf};

/// Upstream passes worth knowing about; any pass MLIR registers works.
const UPSTREAM_PASSES: &str = "canonicalize, cse, symbol-dce, inline, sccp, \
loop-invariant-code-motion, reconcile-unrealized-casts, convert-func-to-llvm, \
convert-arith-to-llvm, convert-cf-to-llvm, convert-math-to-llvm, \
convert-index-to-llvm, finalize-memref-to-llvm, convert-scf-to-cf, convert-ub-to-llvm, \
spirv-lower-abi-attrs, spirv-update-vce, spirv-canonicalize-gl, ...";

/// The options of the tool (the passes come on top, see [`Invocation`]).
#[derive(Debug, Parser)]
#[command(
    name = "spirv-opt-rs",
    version,
    about = "An mlir-opt-like driver for the SPIR-V to LLVM dialect conversion",
    long_about = "An mlir-opt-like driver for the SPIR-V to LLVM dialect conversion.\n\n\
        Reads MLIR (a file, or stdin for '-' or no file), runs the passes given as flags or \
        with --pass-pipeline, and prints the result. Single-dash long options \
        (-split-input-file) are accepted, as in mlir-opt."
)]
pub struct Options {
    /// Input file; '-' or none reads stdin
    #[arg(value_name = "INPUT")]
    pub input: Option<PathBuf>,

    /// Output file (default: stdout); only written when everything succeeds
    #[arg(short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// A textual pipeline, e.g. 'builtin.module(convert-spirv-to-llvm{client-api=OpenCL},reconcile-unrealized-casts)'
    #[arg(long, value_name = "PIPELINE")]
    pub pass_pipeline: Option<String>,

    /// List the passes and their options, then exit
    #[arg(long)]
    pub list_passes: bool,

    /// Split the input on '// -----' lines and process each chunk separately
    #[arg(long)]
    pub split_input_file: bool,

    /// Check diagnostics against 'expected-error {{...}}' comments in the input
    #[arg(long)]
    pub verify_diagnostics: bool,

    /// Print the IR on stderr after every pass
    #[arg(long)]
    pub mlir_print_ir_after_all: bool,

    /// Print locations (loc(...)) in the output and in IR dumps
    #[arg(long)]
    pub mlir_print_debuginfo: bool,

    /// Print operations in the generic form ("spirv.Branch"(...) ...), in the
    /// output and in IR dumps: it shows the attributes some custom forms
    /// leave out (spirv.BranchConditional prints none of its discardable ones)
    #[arg(long)]
    pub mlir_print_op_generic: bool,

    /// Report the time spent in each pass on stderr
    #[arg(long)]
    pub mlir_timing: bool,

    /// Accept operations of dialects that are not registered
    #[arg(long)]
    pub allow_unregistered_dialect: bool,

    /// What to write: the MLIR (default), or, from the LLVM dialect, LLVM IR,
    /// bitcode, assembly or an object (binaries only to -o)
    #[arg(long, value_enum, default_value = "mlir", value_name = "KIND")]
    pub emit: Emit,

    /// Optimization level of --emit=llvm|bc|asm|obj: LLVM's default<O0..O3> pipeline
    #[arg(short = 'O', value_name = "LEVEL", default_value = "2", value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: u8,

    /// Target triple of --emit=llvm|bc|asm|obj (default: the host)
    #[arg(long, value_name = "TRIPLE")]
    pub target: Option<String>,

    /// Target CPU of --emit=llvm|bc|asm|obj (default: generic)
    #[arg(long, value_name = "CPU")]
    pub mcpu: Option<String>,

    /// SPMD vectorization of barrier-free kernels in --emit=llvm|bc|asm|obj
    /// (docs/abi.md): `loops` (those whose invocations have a loop: LLVM
    /// vectorizes the others itself), `always` or `off`
    #[arg(long, default_value = "loops", value_name = "MODE", value_parser = str::parse::<SpmdMode>)]
    pub spmd: SpmdMode,

    /// Invocations per vector under --spmd (2 to 64, a power of two)
    #[arg(long, default_value = "8", value_name = "LANES", value_parser = parse_spmd_width)]
    pub spmd_width: u32,

    /// Fix a specialization constant before the passes run (VALUE: an
    /// integer, a float, true or false); repeatable
    #[arg(long = "spec", value_name = "ID=VALUE", value_parser = parse_spec)]
    pub specs: Vec<(u32, spirv_opt_passes::specialize::SpecValue)>,

    /// A SPIR-V binary input: the number of descriptors at SET:BINDING, where
    /// the shader declares an unsized descriptor array (runtimeDescriptorArray;
    /// docs/import.md): it becomes an array of N; repeatable
    #[arg(long = "descriptor-count", value_name = "SET:BINDING=N", value_parser = parse_descriptor_count)]
    pub descriptor_counts: Vec<((u32, u32), u32)>,

    /// A SPIR-V binary input: import only this entry point (its OpEntryPoint
    /// name) and the functions it reaches, without the module's other entry
    /// points (default: everything)
    #[arg(long, value_name = "NAME")]
    pub entry_point: Option<String>,
}

fn parse_spmd_width(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(width) if spmd::valid_width(width) => Ok(width),
        _ => Err(format!("'{text}' is not a power of two from 2 to 64")),
    }
}

fn parse_descriptor_count(text: &str) -> Result<((u32, u32), u32), String> {
    spirv_opt_dialects::spirv::deserialize::parse_descriptor_count(text)
}

fn parse_spec(text: &str) -> Result<(u32, spirv_opt_passes::specialize::SpecValue), String> {
    spirv_opt_passes::specialize::parse_spec(text).map_err(|error| error.to_string())
}

/// What `--emit` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Emit {
    /// The MLIR the pipeline leaves.
    Mlir,
    /// LLVM IR text.
    Llvm,
    /// LLVM bitcode.
    Bc,
    /// Target assembly.
    Asm,
    /// A relocatable object.
    Obj,
}

impl Emit {
    /// The library's kind, `None` for MLIR.
    pub fn kind(self) -> Option<spirv_opt_rs::translate::EmitKind> {
        use spirv_opt_rs::translate::EmitKind;
        match self {
            Self::Mlir => None,
            Self::Llvm => Some(EmitKind::LlvmIr),
            Self::Bc => Some(EmitKind::Bitcode),
            Self::Asm => Some(EmitKind::Assembly),
            Self::Obj => Some(EmitKind::Object),
        }
    }
}

/// Everything the command line asks for.
#[derive(Debug)]
pub struct Invocation {
    /// The tool options.
    pub options: Options,
    /// The pipeline: from `--pass-pipeline`, or from pass flags (then built
    /// with implicit nesting, as mlir-opt does), or empty.
    pub pipeline: Pipeline,
    /// Whether the pipeline came from pass flags.
    pub from_flags: bool,
}

/// What `main` should do after parsing the command line.
#[derive(Debug)]
pub enum Parsed {
    /// Run.
    Run(Box<Invocation>),
    /// Print this on stdout and exit successfully (help, version, pass list).
    Print(String),
    /// Print this error and exit with failure.
    Fail(String),
}

/// Rewrites LLVM-style single-dash long options (`-split-input-file`,
/// `-pass-pipeline=...`) to clap's double-dash form. `-o` and `-` stay.
pub fn normalize(args: Vec<OsString>) -> Vec<OsString> {
    let mut normalized = Vec::with_capacity(args.len());
    let mut positional_only = false;
    for (index, arg) in args.into_iter().enumerate() {
        if index == 0 || positional_only {
            normalized.push(arg);
            continue;
        }
        let Some(text) = arg.to_str() else {
            normalized.push(arg);
            continue;
        };
        if text == "--" {
            positional_only = true;
            normalized.push(arg);
            continue;
        }
        // `-O2` is the short option O with a value, as in LLVM's tools
        // (clap then rejects a level beyond 3).
        if text.strip_prefix("-O").is_some_and(|level| !level.is_empty() && level.bytes().all(|b| b.is_ascii_digit())) {
            normalized.push(arg);
            continue;
        }
        let name = text.strip_prefix('-').filter(|rest| !rest.starts_with('-'));
        match name {
            Some(rest) if rest.split('=').next().is_some_and(|name| name.chars().count() > 1) => {
                normalized.push(OsString::from(format!("-{text}")));
            }
            _ => normalized.push(arg),
        }
    }
    normalized
}

/// The long flags of the tool itself (never pass names).
fn tool_flags() -> Vec<String> {
    let command = Options::command();
    let mut flags: Vec<String> = command.get_arguments().filter_map(|arg| arg.get_long()).map(str::to_owned).collect();
    flags.extend(["help".to_owned(), "version".to_owned()]);
    flags
}

/// Pulls `--<pass>[=<options>]` flags out of `args`, in order. A name is a
/// pass if our registry or MLIR's knows it; other unknown flags are left for
/// clap to reject.
fn extract_pass_flags(
    args: Vec<OsString>,
    registry: &PassRegistry,
    context: &Context,
) -> (Vec<OsString>, Vec<(String, Option<String>)>) {
    let flags = tool_flags();
    let mut rest = Vec::with_capacity(args.len());
    let mut passes = Vec::new();
    let mut takes_value = false;
    let mut positional_only = false;
    for arg in args {
        if takes_value || positional_only {
            takes_value = false;
            rest.push(arg);
            continue;
        }
        let Some(text) = arg.to_str() else {
            rest.push(arg);
            continue;
        };
        if text == "--" {
            positional_only = true;
            rest.push(arg);
            continue;
        }
        if text == "-o" {
            takes_value = true;
            rest.push(arg);
            continue;
        }
        let Some(flag) = text.strip_prefix("--") else {
            rest.push(arg);
            continue;
        };
        let (name, value) = match flag.split_once('=') {
            Some((name, value)) => (name, Some(value.to_owned())),
            None => (flag, None),
        };
        if flags.iter().any(|known| known == name) {
            takes_value = value.is_none() && name == "pass-pipeline";
            rest.push(arg);
        } else if registry.contains(name) || pipeline::is_upstream_pass(context, name) {
            passes.push((name.to_owned(), value));
        } else {
            rest.push(arg);
        }
    }
    (rest, passes)
}

/// The help text appended after clap's: the passes and their options.
fn passes_help(registry: &PassRegistry) -> String {
    format!(
        "Passes (each is also a flag, --<pass>[=<options>], run in command-line order):\n{}\n\
         Upstream MLIR passes are accepted as flags and in --pass-pipeline too: {UPSTREAM_PASSES}\n\n\
         Logging: set RUST_LOG (e.g. RUST_LOG=debug).",
        registry.help()
    )
}

/// The `--list-passes` output.
pub fn pass_list(registry: &PassRegistry) -> String {
    format!("Passes:\n{}\nUpstream MLIR passes (also accepted): {UPSTREAM_PASSES}\n", registry.help())
}

/// Parses the (normalized) command line.
pub fn parse(args: Vec<OsString>, registry: &PassRegistry, context: &Context) -> Parsed {
    let (args, passes) = extract_pass_flags(args, registry, context);
    let help = passes_help(registry);
    let command = Options::command().after_help(help.clone()).after_long_help(help);
    let options = match command.try_get_matches_from(args).and_then(|matches| Options::from_arg_matches(&matches)) {
        Ok(options) => options,
        Err(error) => {
            return match error.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Parsed::Print(error.render().to_string()),
                _ => Parsed::Fail(clap_message(&error.render().to_string())),
            };
        }
    };
    if options.list_passes {
        return Parsed::Print(pass_list(registry));
    }
    let from_flags = !passes.is_empty();
    let pipeline = match (&options.pass_pipeline, from_flags) {
        (Some(_), true) => {
            return Parsed::Fail("'--pass-pipeline' cannot be combined with individual pass flags".to_owned());
        }
        (Some(text), false) => match Pipeline::parse(text) {
            Ok(pipeline) => pipeline,
            Err(error) => return Parsed::Fail(error.to_string()),
        },
        (None, _) => {
            let mut pipeline = Pipeline::new("builtin.module");
            for (name, value) in passes {
                pipeline.push_pass(name, value);
            }
            pipeline
        }
    };
    Parsed::Run(Box::new(Invocation { options, pipeline, from_flags }))
}

/// clap's multi-line error as one line: `unexpected argument '--foo' found;
/// try 'spirv-opt-rs --help'`.
fn clap_message(rendered: &str) -> String {
    let first = rendered.lines().next().unwrap_or("invalid command line");
    let first = first.strip_prefix("error: ").unwrap_or(first);
    format!("{first}; try 'spirv-opt-rs --help'")
}
