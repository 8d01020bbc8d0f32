//! `spirv-opt-bench`: compares `spirv-opt-rs --convert-spirv-to-llvm` with
//! upstream `mlir-opt --convert-spirv-to-llvm` on generated SPIR-V modules of
//! growing size (issue 3). See docs/performance.md; `scripts/bench` builds
//! the release binaries and runs it.
//!
//! For each size it writes `target/bench/spirv-<size>.mlir`, then runs both
//! tools on it in alternation, N times each, under `/usr/bin/time`, and
//! reports medians of wall time, peak RSS and the conversion-only share. The
//! smallest module is first converted by both tools with the output kept;
//! either failing aborts the run.
//!
//! `spirv-opt-bench shapes` runs the shape benchmark instead (issue 9:
//! many functions, deep nesting, many blocks, ..., each at N and 2N; see
//! [`shape_bench`] and `scripts/bench-shapes`).
//!
//! `spirv-opt-bench pipeline` runs the benchmark of issue 10 instead: a
//! SPIR-V binary to LLVM IR in one process against upstream's three-process
//! pipeline, and the text path against mlir-opt (see [`pipeline_bench`] and
//! `scripts/bench-pipeline`).

mod generate;
mod measure;
mod pipeline_bench;
mod report;
mod shape_bench;
mod shapes;

use measure::{GNU_TIME, Mode, Tool, llvm_op_histogram};
use report::{Runs, Setup, SizeResult};
use std::{
    fs,
    path::{Path, PathBuf},
    process::ExitCode,
};

const USAGE: &str = "\
usage: spirv-opt-bench [options]
       spirv-opt-bench shapes [options]   (the shape benchmark; shapes --help)
       spirv-opt-bench pipeline [options] (binary to LLVM IR against upstream's pipeline; pipeline --help)

  --sizes LIST          sizes in ops, e.g. 1k,10k,100k,1M (default)
  --reps N              runs per tool and size; medians are reported (default 5)
  --seed N              generator seed (default 1)
  --ours PATH           our tool (default target/release/spirv-opt-rs)
  --upstream PATH       upstream mlir-opt (default /usr/lib/llvm-22/bin/mlir-opt)
  --out DIR             where modules and results go (default target/bench)
  --baseline            also time parse+print-only runs, and take the conversion
                        share as the difference (automatic when a tool has no
                        --mlir-timing report)
  --generate-only       write the modules and stop
";

/// The parsed command line.
struct Options {
    sizes: Vec<(String, usize)>,
    reps: usize,
    seed: u64,
    ours: Tool,
    upstream: Tool,
    out: PathBuf,
    baseline: bool,
    generate_only: bool,
}

fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// `1k` → 1000, `1M` → 1000000, `2500` → 2500 (at least 100).
fn parse_size(text: &str) -> Result<usize, String> {
    let size = parse_count(text)?;
    if size < 100 {
        return Err(format!("size '{}' is too small (at least 100 ops)", text.trim()));
    }
    Ok(size)
}

/// `1k` → 1000, `1M` → 1000000, `2500` → 2500.
fn parse_count(text: &str) -> Result<usize, String> {
    let text = text.trim();
    let (digits, factor) = match text.chars().last() {
        Some('k' | 'K') => (&text[..text.len() - 1], 1_000),
        Some('m' | 'M') => (&text[..text.len() - 1], 1_000_000),
        _ => (text, 1),
    };
    let number: f64 = digits.parse().map_err(|_| format!("bad size '{text}' (expected e.g. 1k, 10k, 1M, 2500)"))?;
    Ok((number * f64::from(factor)).round() as usize)
}

fn parse_options() -> Result<Options, String> {
    let root = workspace_root();
    let mut options = Options {
        sizes: Vec::new(),
        reps: 5,
        seed: 1,
        ours: Tool {
            name: "ours",
            program: root.join("target/release/spirv-opt-rs"),
            timing: true,
            baseline: false,
        },
        upstream: Tool {
            name: "upstream",
            program: PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt"),
            timing: true,
            baseline: false,
        },
        out: root.join("target/bench"),
        baseline: false,
        generate_only: false,
    };
    let mut sizes = "1k,10k,100k,1M".to_owned();
    let mut arguments = std::env::args().skip(1);
    while let Some(argument) = arguments.next() {
        let mut value = |name: &str| arguments.next().ok_or_else(|| format!("{name} needs a value\n\n{USAGE}"));
        match argument.as_str() {
            "--sizes" => sizes = value("--sizes")?,
            "--reps" => {
                options.reps = value("--reps")?.parse().map_err(|_| "--reps needs a number".to_owned())?;
                if options.reps == 0 {
                    return Err("--reps must be at least 1".to_owned());
                }
            }
            "--seed" => options.seed = value("--seed")?.parse().map_err(|_| "--seed needs a number".to_owned())?,
            "--ours" => options.ours.program = value("--ours")?.into(),
            "--upstream" => options.upstream.program = value("--upstream")?.into(),
            "--out" => options.out = value("--out")?.into(),
            "--baseline" => options.baseline = true,
            "--generate-only" => options.generate_only = true,
            "-h" | "--help" => return Err(USAGE.to_owned()),
            other => return Err(format!("unknown argument '{other}'\n\n{USAGE}")),
        }
    }
    for size in sizes.split(',').filter(|s| !s.trim().is_empty()) {
        options.sizes.push((size.trim().to_owned(), parse_size(size)?));
    }
    options.sizes.sort_by_key(|&(_, ops)| ops);
    options.sizes.dedup_by_key(|(_, ops)| *ops);
    if options.sizes.is_empty() {
        return Err("--sizes is empty".to_owned());
    }
    Ok(options)
}

/// A generated module on disk.
struct Input {
    label: String,
    path: PathBuf,
    ops: usize,
    functions: usize,
    bytes: u64,
}

fn generate_inputs(options: &Options) -> Result<Vec<Input>, String> {
    fs::create_dir_all(&options.out).map_err(|error| format!("{}: {error}", options.out.display()))?;
    let mut inputs = Vec::new();
    for (label, ops) in &options.sizes {
        let module = generate::generate(*ops, options.seed);
        let path = options.out.join(format!("spirv-{label}.mlir"));
        // Rewriting an identical file would only evict it from the page cache.
        if fs::read_to_string(&path).ok().as_deref() != Some(module.text.as_str()) {
            fs::write(&path, &module.text).map_err(|error| format!("{}: {error}", path.display()))?;
        }
        eprintln!(
            "generated {} ({} ops, {} functions, {} bytes)",
            path.display(),
            module.ops,
            module.functions,
            module.text.len()
        );
        inputs.push(Input {
            label: label.clone(),
            path,
            ops: module.ops,
            functions: module.functions,
            bytes: module.text.len() as u64,
        });
    }
    Ok(inputs)
}

/// Converts the smallest module with both tools, keeping the outputs; decides
/// whether our tool has a timing report. Either tool failing is fatal.
fn check(options: &mut Options, input: &Input) -> Result<(), String> {
    for tool in [&options.ours, &options.upstream] {
        if !tool.program.is_file() {
            return Err(format!(
                "{} tool not found: {} (build it: scripts/bench builds the release binaries)",
                tool.name,
                tool.program.display()
            ));
        }
    }
    if !Path::new(GNU_TIME).is_file() {
        return Err(format!("{GNU_TIME} not found: install Debian's package `time`"));
    }
    let mut outputs = Vec::new();
    for tool in [&mut options.ours, &mut options.upstream] {
        let output = options.out.join(format!("check-{}.mlir", tool.name));
        let diagnostics = match tool.convert_to(&input.path, &output) {
            Ok(diagnostics) => diagnostics,
            // Accept a tool without --mlir-timing, and measure it otherwise.
            Err(_) if tool.timing => {
                tool.timing = false;
                tool.convert_to(&input.path, &output)?
            }
            Err(error) => return Err(error),
        };
        let report = if tool.timing { measure::parse_timing_report(&diagnostics) } else { None };
        tool.timing = report.is_some();
        let complete = report.as_ref().is_some_and(|r| r.passes.is_some() && r.parse_print.is_some());
        tool.baseline = options.baseline || !complete;
        eprintln!(
            "check: {} converts {} ({})",
            tool.name,
            input.path.display(),
            match (&report, complete) {
                (None, _) => "no timing report",
                (Some(_), true) => "with a complete timing report",
                (Some(_), false) => "with a timing report lacking the parser/output or pass rows",
            }
        );
        outputs.push(fs::read_to_string(&output).map_err(|error| format!("{}: {error}", output.display()))?);
    }
    // Same LLVM ops on both sides, constants aside (their placement and
    // deduplication may differ). A difference is reported, not fatal.
    let (ours, upstream) = (llvm_op_histogram(&outputs[0]), llvm_op_histogram(&outputs[1]));
    for (tool, histogram) in [(&options.ours, &ours), (&options.upstream, &upstream)] {
        if !histogram.contains_key("llvm.func") {
            return Err(format!(
                "{} ({}) exited successfully on {} but printed no llvm.func: is it a working build?",
                tool.name,
                tool.program.display(),
                input.path.display()
            ));
        }
    }
    let mut names: Vec<&String> = ours.keys().chain(upstream.keys()).collect();
    names.sort();
    names.dedup();
    for name in names.into_iter().filter(|name| *name != "llvm.mlir.constant") {
        let (a, b) = (ours.get(name).copied().unwrap_or(0), upstream.get(name).copied().unwrap_or(0));
        if a != b {
            eprintln!("check: note: {name} appears {a} times in our output, {b} times in upstream's");
        }
    }
    Ok(())
}

fn machine() -> Vec<String> {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|line| line.strip_prefix("model name").and_then(|rest| rest.split_once(':')).map(|(_, m)| m.trim()))
        .unwrap_or("unknown CPU")
        .to_owned();
    let meminfo = fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let memory = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemTotal:"))
        .and_then(|kib| kib.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or_else(|| "unknown memory".to_owned(), |kib| format!("{:.1} GiB", kib / 1024.0 / 1024.0));
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    vec![format!("Machine: {model}, nproc {cores}, {memory}.")]
}

fn run(mut options: Options) -> Result<(), String> {
    let inputs = generate_inputs(&options)?;
    if options.generate_only {
        return Ok(());
    }
    check(&mut options, &inputs[0])?;
    let scratch = options.out.clone();
    let mut results = Vec::new();
    for input in &inputs {
        let fresh = || Runs { subtract: options.baseline, ..Runs::default() };
        let (mut ours, mut upstream) = (fresh(), fresh());
        for rep in 0..options.reps {
            // Alternate who goes first, so that neither always runs on a
            // machine warmed (or loaded) by the other.
            let order: [(&Tool, &mut Runs); 2] = if rep % 2 == 0 {
                [(&options.ours, &mut ours), (&options.upstream, &mut upstream)]
            } else {
                [(&options.upstream, &mut upstream), (&options.ours, &mut ours)]
            };
            for (tool, runs) in order {
                runs.convert.push(tool.measure(Mode::Convert, &input.path, &scratch)?);
                if tool.baseline {
                    runs.parse_only.push(tool.measure(Mode::ParseOnly, &input.path, &scratch)?);
                }
            }
            eprintln!(
                "{} ({} ops) rep {}/{}: ours {:.3} s, upstream {:.3} s",
                input.label,
                input.ops,
                rep + 1,
                options.reps,
                ours.convert.last().map_or(f64::NAN, |s| s.wall),
                upstream.convert.last().map_or(f64::NAN, |s| s.wall)
            );
        }
        results.push(SizeResult {
            label: input.label.clone(),
            ops: input.ops,
            functions: input.functions,
            bytes: input.bytes,
            ours,
            upstream,
        });
    }
    let commands = vec![
        format!(
            "{} --convert-spirv-to-llvm{} FILE -o /dev/null",
            options.ours.program.display(),
            if options.ours.timing { " --mlir-timing" } else { "" }
        ),
        format!("{} --convert-spirv-to-llvm --mlir-timing FILE -o /dev/null", options.upstream.program.display()),
    ];
    let setup = Setup { machine: machine(), reps: options.reps, seed: options.seed, commands };
    let markdown = report::render(&setup, &results);
    let path = options.out.join("results.md");
    fs::write(&path, &markdown).map_err(|error| format!("{}: {error}", path.display()))?;
    print!("{markdown}");
    eprintln!("written to {}", path.display());
    Ok(())
}

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("pipeline") {
        return match pipeline_bench::run(std::env::args().skip(2)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) if message.starts_with("usage:") || message.contains("\n\nusage:") => {
                eprintln!("{message}");
                ExitCode::from(2)
            }
            Err(message) => {
                eprintln!("spirv-opt-bench pipeline: error: {message}");
                ExitCode::FAILURE
            }
        };
    }
    if std::env::args().nth(1).as_deref() == Some("shapes") {
        return match shape_bench::run(std::env::args().skip(2)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) if message.starts_with("usage:") || message.contains("\n\nusage:") => {
                eprintln!("{message}");
                ExitCode::from(2)
            }
            Err(message) => {
                eprintln!("spirv-opt-bench shapes: error: {message}");
                ExitCode::FAILURE
            }
        };
    }
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    match run(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("spirv-opt-bench: error: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("1k"), Ok(1_000));
        assert_eq!(parse_size("10K"), Ok(10_000));
        assert_eq!(parse_size("1M"), Ok(1_000_000));
        assert_eq!(parse_size("2500"), Ok(2_500));
        assert_eq!(parse_size("0.5M"), Ok(500_000));
        assert!(parse_size("abc").is_err());
        assert!(parse_size("10").is_err());
    }
}
