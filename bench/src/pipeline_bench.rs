//! `spirv-opt-bench pipeline`: the speed benchmark of issue 10, a SPIR-V
//! binary in, LLVM IR out.
//!
//! - **Ours**, one process, no text in the middle:
//!   `spirv-opt-rs K.spv --convert-spirv-to-llvm=client-api=Vulkan --emit=llvm -O0 -o K.ll`
//!   (`-O0`: no LLVM pipeline that upstream does not run; `-O2`, the tool's
//!   default, is timed too, as information).
//! - **Upstream**, three MLIR processes and two text round trips, with the
//!   nested module that `convert-spirv-to-llvm` makes unwrapped in between
//!   (no MLIR pass does it; `sed` drops the outer `module {` line and its
//!   closing `}`, the only line that is exactly `}`), timed as one bash
//!   pipeline:
//!   `mlir-translate --deserialize-spirv K.spv | mlir-opt --convert-spirv-to-llvm=client-api=Vulkan | sed -e 1d -e '/^}$/d' | mlir-translate --mlir-to-llvmir -o K.ll`.
//!   Each stage is also timed alone, through files, to show where the time goes.
//!
//! The binaries are the benchmark's generated modules ([`crate::generate`])
//! made serializable ([`serializable`]) and serialized by upstream's
//! `mlir-translate --serialize-spirv`. With `--corpus`, every module of
//! `target/corpus` that upstream's pipeline can do is timed the same way;
//! the others are counted by the stage that fails.
//!
//! The text path is measured on the same generated modules as text
//! (`spirv-<size>.mlir`, as `scripts/bench` writes them): parse and print
//! with no pass (`TOOL FILE -o /dev/null`), and `--convert-spirv-to-llvm`,
//! ours against `mlir-opt`.

use crate::{
    generate,
    measure::{GNU_TIME, head, median, parse_gnu_time},
};
use std::{
    fmt::Write as _,
    fs,
    path::{Path, PathBuf},
    process::{Command, Stdio},
    time::Instant,
};

const USAGE: &str = "\
usage: spirv-opt-bench pipeline [options]

  --sizes LIST          sizes in ops (default 10k,100k,1M)
  --reps N              runs per command and size; medians are reported (default 5)
  --seed N              generator seed (default 1)
  --ours PATH           our tool (default target/release/spirv-opt-rs)
  --llvm-bin DIR        where mlir-opt and mlir-translate are (default /usr/lib/llvm-22/bin)
  --out DIR             where modules and results go (default target/bench/pipeline)
  --corpus              also the modules of target/corpus (scripts/build-corpus)
  --no-text             skip the text-path measurements
  --no-stages           skip timing upstream's stages one by one
  --generate-only       write the modules and binaries and stop
";

/// The sed program that unwraps the nested module: the outer `module {` is
/// the first line, its `}` the only line that is exactly `}` (everything
/// inside is indented).
const UNWRAP: &str = "sed -e 1d -e '/^}$/d'";

/// The client API of the generated modules (`GLSL450`, Shader).
const VULKAN: &str = "client-api=Vulkan";

struct Options {
    sizes: Vec<(String, usize)>,
    reps: usize,
    seed: u64,
    ours: PathBuf,
    llvm_bin: PathBuf,
    out: PathBuf,
    corpus: bool,
    text: bool,
    stages: bool,
    generate_only: bool,
}

fn parse_options(mut arguments: impl Iterator<Item = String>) -> Result<Options, String> {
    let root = crate::workspace_root();
    let mut options = Options {
        sizes: Vec::new(),
        reps: 5,
        seed: 1,
        ours: root.join("target/release/spirv-opt-rs"),
        llvm_bin: PathBuf::from("/usr/lib/llvm-22/bin"),
        out: root.join("target/bench/pipeline"),
        corpus: false,
        text: true,
        stages: true,
        generate_only: false,
    };
    let mut sizes = "10k,100k,1M".to_owned();
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
            "--ours" => options.ours = value("--ours")?.into(),
            "--llvm-bin" => options.llvm_bin = value("--llvm-bin")?.into(),
            "--out" => options.out = value("--out")?.into(),
            "--corpus" => options.corpus = true,
            "--no-text" => options.text = false,
            "--no-stages" => options.stages = false,
            "--generate-only" => options.generate_only = true,
            "-h" | "--help" => return Err(USAGE.to_owned()),
            other => return Err(format!("unknown argument '{other}'\n\n{USAGE}")),
        }
    }
    for size in sizes.split(',').filter(|s| !s.trim().is_empty()) {
        options.sizes.push((size.trim().to_owned(), crate::parse_size(size)?));
    }
    options.sizes.sort_by_key(|&(_, ops)| ops);
    options.sizes.dedup_by_key(|(_, ops)| *ops);
    Ok(options)
}

/// A generated module with the changes upstream needs to serialize it and to
/// lower the binary it reads back: a `vce` triple (the serializer requires
/// one), and the StorageBuffer global `@buf` as a Private one without
/// `bind`. The serializer decorates a StorageBuffer struct `Block`, and
/// upstream's conversion lowers no global of such a struct, nor (with
/// `client-api=Vulkan`) any global but a Private one. The ops are the same,
/// one for one; only the storage class of `@buf`'s pointers changes.
pub fn serializable(text: &str) -> String {
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let first = if first.contains("requires") {
        first.to_owned()
    } else {
        first.replacen(" {", " requires #spirv.vce<v1.0, [Shader], []> {", 1)
    };
    let rest = rest.replace(" bind(0, 0)", "").replace("StorageBuffer", "Private");
    format!("{first}\n{rest}")
}

/// `text` quoted for bash (single quotes).
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// Upstream's whole job as one bash pipeline: binary in, LLVM IR out.
fn upstream_script(llvm_bin: &Path, api: &str, binary: &Path, output: &Path) -> String {
    let tool = |name: &str| shell_quote(&llvm_bin.join(name).display().to_string());
    format!(
        "set -o pipefail; {translate} --deserialize-spirv {input} | {opt} --convert-spirv-to-llvm={api} | {UNWRAP} | {translate} --mlir-to-llvmir -o {output}",
        translate = tool("mlir-translate"),
        opt = tool("mlir-opt"),
        input = shell_quote(&binary.display().to_string()),
        output = shell_quote(&output.display().to_string()),
    )
}

/// Our whole job: one process.
fn ours_arguments(binary: &Path, api: &str, opt_level: &str, output: &Path) -> Vec<String> {
    vec![
        binary.display().to_string(),
        format!("--convert-spirv-to-llvm={api}"),
        "--emit=llvm".to_owned(),
        opt_level.to_owned(),
        "-o".to_owned(),
        output.display().to_string(),
    ]
}

/// One timed run: wall time (measured here) and the peak RSS GNU time
/// reports (for a pipeline: of its largest process).
#[derive(Debug, Clone, Copy)]
struct Sample {
    wall: f64,
    peak_kib: u64,
}

/// A command to time.
#[derive(Debug, Clone)]
struct Job {
    program: PathBuf,
    arguments: Vec<String>,
}

impl Job {
    fn new(program: impl Into<PathBuf>, arguments: Vec<String>) -> Self {
        Self { program: program.into(), arguments }
    }

    fn bash(script: String) -> Self {
        Self::new("/bin/bash", vec!["-c".to_owned(), script])
    }

    fn display(&self) -> String {
        let mut text = self.program.display().to_string();
        for argument in &self.arguments {
            text.push(' ');
            text.push_str(argument);
        }
        text
    }

    /// Runs once, without timing; the error carries the diagnostics.
    fn run(&self) -> Result<(), String> {
        let output = Command::new(&self.program)
            .args(&self.arguments)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|error| format!("cannot run {}: {error}", self.program.display()))?;
        if output.status.success() {
            Ok(())
        } else {
            Err(format!(
                "{} failed ({}):\n{}",
                self.display(),
                output.status,
                head(&String::from_utf8_lossy(&output.stderr), 12)
            ))
        }
    }

    /// Runs once under GNU time.
    fn measure(&self, scratch: &Path) -> Result<Sample, String> {
        let time_file = scratch.join("time.txt");
        let start = Instant::now();
        let output = Command::new(GNU_TIME)
            .args(["-f", "%e %M", "-o"])
            .arg(&time_file)
            .arg(&self.program)
            .args(&self.arguments)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|error| format!("cannot run {GNU_TIME}: {error} (install Debian's package `time`)"))?;
        let wall = start.elapsed().as_secs_f64();
        if !output.status.success() {
            return Err(format!(
                "{} failed ({}):\n{}",
                self.display(),
                output.status,
                head(&String::from_utf8_lossy(&output.stderr), 12)
            ));
        }
        let times = fs::read_to_string(&time_file).map_err(|error| format!("{}: {error}", time_file.display()))?;
        let (_, peak_kib) =
            parse_gnu_time(&times).ok_or_else(|| format!("unexpected output of {GNU_TIME}: {times:?}"))?;
        Ok(Sample { wall, peak_kib })
    }
}

/// Medians of several samples.
#[derive(Debug, Clone, Copy, Default)]
struct Timing {
    wall: f64,
    peak_mib: f64,
}

fn summarize(samples: &[Sample]) -> Timing {
    Timing {
        wall: median(&samples.iter().map(|s| s.wall).collect::<Vec<_>>()),
        peak_mib: median(&samples.iter().map(|s| s.peak_kib as f64 / 1024.0).collect::<Vec<_>>()),
    }
}

/// Times `jobs` `reps` times each, in rotation (each rep starts with the
/// next job), so that all see the same machine load.
fn measure_all(jobs: &[&Job], reps: usize, scratch: &Path, label: &str) -> Result<Vec<Timing>, String> {
    let mut samples = vec![Vec::new(); jobs.len()];
    for rep in 0..reps {
        for offset in 0..jobs.len() {
            let index = (rep + offset) % jobs.len();
            samples[index].push(jobs[index].measure(scratch)?);
        }
        let walls: Vec<String> =
            samples.iter().map(|s| format!("{:.3}", s.last().map_or(f64::NAN, |s| s.wall))).collect();
        eprintln!("{label} rep {}/{reps}: {} s", rep + 1, walls.join(" / "));
    }
    Ok(samples.iter().map(|s| summarize(s)).collect())
}

/// A generated module, as text and as a binary.
struct Generated {
    label: String,
    ops: usize,
    text: PathBuf,
    binary: PathBuf,
    binary_bytes: u64,
}

fn write_if_changed(path: &Path, text: &str) -> Result<(), String> {
    // Rewriting an identical file would only evict it from the page cache.
    if fs::read_to_string(path).ok().as_deref() != Some(text) {
        fs::write(path, text).map_err(|error| format!("{}: {error}", path.display()))?;
    }
    Ok(())
}

fn generate_inputs(options: &Options) -> Result<Vec<Generated>, String> {
    fs::create_dir_all(&options.out).map_err(|error| format!("{}: {error}", options.out.display()))?;
    let mut inputs = Vec::new();
    for (label, ops) in &options.sizes {
        let module = generate::generate(*ops, options.seed);
        let text = options.out.join(format!("spirv-{label}.mlir"));
        write_if_changed(&text, &module.text)?;
        let serializable_text = options.out.join(format!("serializable-{label}.mlir"));
        write_if_changed(&serializable_text, &serializable(&module.text))?;
        let binary = options.out.join(format!("spirv-{label}.spv"));
        Job::new(
            options.llvm_bin.join("mlir-translate"),
            vec![
                "--no-implicit-module".to_owned(),
                "--serialize-spirv".to_owned(),
                serializable_text.display().to_string(),
                "-o".to_owned(),
                binary.display().to_string(),
            ],
        )
        .run()
        .map_err(|error| format!("upstream cannot serialize the generated module: {error}"))?;
        let binary_bytes = fs::metadata(&binary).map_err(|error| format!("{}: {error}", binary.display()))?.len();
        eprintln!("generated {} ({} ops) and {} ({binary_bytes} bytes)", text.display(), module.ops, binary.display());
        inputs.push(Generated { label: label.clone(), ops: module.ops, text, binary, binary_bytes });
    }
    Ok(inputs)
}

/// Counts `define` lines of LLVM IR.
fn defined_functions(text: &str) -> usize {
    text.lines().filter(|line| line.starts_with("define ")).count()
}

/// Whether `text` is what the unwrapping expects: `module {` first, and one
/// line that is exactly `}` (the outer module's), last of the non-empty ones.
fn unwrappable(text: &str) -> bool {
    let mut lines = text.lines().filter(|line| !line.is_empty());
    lines.next() == Some("module {")
        && text.lines().filter(|line| *line == "}").count() == 1
        && text.lines().rev().find(|line| !line.is_empty()) == Some("}")
}

/// Upstream's stages one by one, through files.
struct Stages {
    deserialize: Job,
    convert: Job,
    unwrap: Job,
    translate: Job,
    /// The intermediate file the unwrapping reads.
    converted: PathBuf,
}

impl Stages {
    fn new(llvm_bin: &Path, api: &str, binary: &Path, scratch: &Path, name: &str) -> Self {
        let translate = llvm_bin.join("mlir-translate");
        let file = |suffix: &str| scratch.join(format!("{name}.{suffix}"));
        let (deserialized, converted, unwrapped) = (file("spirv.mlir"), file("llvm.mlir"), file("unwrapped.mlir"));
        let path = |path: &Path| path.display().to_string();
        Self {
            deserialize: Job::new(
                &translate,
                vec!["--deserialize-spirv".to_owned(), path(binary), "-o".to_owned(), path(&deserialized)],
            ),
            convert: Job::new(
                llvm_bin.join("mlir-opt"),
                vec![format!("--convert-spirv-to-llvm={api}"), path(&deserialized), "-o".to_owned(), path(&converted)],
            ),
            unwrap: Job::bash(format!(
                "{UNWRAP} {} > {}",
                shell_quote(&path(&converted)),
                shell_quote(&path(&unwrapped))
            )),
            translate: Job::new(
                &translate,
                vec!["--mlir-to-llvmir".to_owned(), path(&unwrapped), "-o".to_owned(), path(&file("ll"))],
            ),
            converted,
        }
    }

    fn jobs(&self) -> [(&'static str, &Job); 4] {
        [
            ("deserialize", &self.deserialize),
            ("convert", &self.convert),
            ("unwrap", &self.unwrap),
            ("translate", &self.translate),
        ]
    }

    /// Runs each stage once; the name of the first that fails, with why.
    fn run(&self) -> Result<(), (&'static str, String)> {
        for (name, job) in self.jobs() {
            job.run().map_err(|error| (name, error))?;
            if name == "convert" {
                let text = fs::read_to_string(&self.converted).unwrap_or_default();
                if !unwrappable(&text) {
                    return Err((
                        "unwrap",
                        "the converted module is not `module {` around one nested module".to_owned(),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// What was measured on one generated module.
struct SizeRow {
    label: String,
    ops: usize,
    binary_bytes: u64,
    ours: Timing,
    upstream: Timing,
    ours_o2: Timing,
    /// Upstream's stages alone: deserialize, convert, unwrap, translate.
    stages: Option<[Timing; 4]>,
    /// Text path: ours and mlir-opt parse+print, ours and mlir-opt converting.
    text: Option<[Timing; 4]>,
}

/// Converts the smallest binary with both, keeping the outputs, and compares
/// how many functions each defines.
fn check(options: &Options, input: &Generated) -> Result<(), String> {
    for tool in [options.ours.clone(), options.llvm_bin.join("mlir-opt"), options.llvm_bin.join("mlir-translate")] {
        if !tool.is_file() {
            return Err(format!("{} not found (scripts/bench-pipeline builds the release binaries)", tool.display()));
        }
    }
    if !Path::new(GNU_TIME).is_file() {
        return Err(format!("{GNU_TIME} not found: install Debian's package `time`"));
    }
    let (ours_ll, upstream_ll) = (options.out.join("check-ours.ll"), options.out.join("check-upstream.ll"));
    Job::new(&options.ours, ours_arguments(&input.binary, VULKAN, "-O0", &ours_ll)).run()?;
    Job::bash(upstream_script(&options.llvm_bin, VULKAN, &input.binary, &upstream_ll)).run()?;
    Stages::new(&options.llvm_bin, VULKAN, &input.binary, &options.out, "check-stages")
        .run()
        .map_err(|(stage, error)| format!("upstream's stage {stage} fails: {error}"))?;
    let read = |path: &Path| fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()));
    let (ours, upstream) = (defined_functions(&read(&ours_ll)?), defined_functions(&read(&upstream_ll)?));
    eprintln!("check: {} defines {ours} functions in ours, {upstream} in upstream's", input.binary.display());
    if ours == 0 || ours != upstream {
        return Err(format!("the two outputs differ in defined functions ({ours} against {upstream})"));
    }
    Ok(())
}

fn measure_size(options: &Options, input: &Generated) -> Result<SizeRow, String> {
    let scratch = &options.out;
    let ours = Job::new(&options.ours, ours_arguments(&input.binary, VULKAN, "-O0", &scratch.join("ours.ll")));
    let ours_o2 = Job::new(&options.ours, ours_arguments(&input.binary, VULKAN, "-O2", &scratch.join("ours-O2.ll")));
    let upstream = Job::bash(upstream_script(&options.llvm_bin, VULKAN, &input.binary, &scratch.join("upstream.ll")));
    let label = format!("{} binary (ours -O0 / upstream / ours -O2)", input.label);
    let timings = measure_all(&[&ours, &upstream, &ours_o2], options.reps, scratch, &label)?;
    let stages = if options.stages {
        let stages = Stages::new(&options.llvm_bin, VULKAN, &input.binary, scratch, "stages");
        stages.run().map_err(|(stage, error)| format!("upstream's stage {stage} fails: {error}"))?;
        let jobs: Vec<&Job> = stages.jobs().iter().map(|&(_, job)| job).collect();
        let label = format!("{} upstream stages", input.label);
        let timings = measure_all(&jobs, options.reps, scratch, &label)?;
        Some([timings[0], timings[1], timings[2], timings[3]])
    } else {
        None
    };
    let text = if options.text {
        let file = input.text.display().to_string();
        let null = || vec![file.clone(), "-o".to_owned(), "/dev/null".to_owned()];
        let converting = || {
            let mut arguments = vec!["--convert-spirv-to-llvm".to_owned()];
            arguments.extend(null());
            arguments
        };
        let mlir_opt = options.llvm_bin.join("mlir-opt");
        let jobs = [
            Job::new(&options.ours, null()),
            Job::new(&mlir_opt, null()),
            Job::new(&options.ours, converting()),
            Job::new(&mlir_opt, converting()),
        ];
        let label = format!("{} text (parse+print ours / mlir-opt, convert ours / mlir-opt)", input.label);
        let timings = measure_all(&jobs.iter().collect::<Vec<_>>(), options.reps, scratch, &label)?;
        Some([timings[0], timings[1], timings[2], timings[3]])
    } else {
        None
    };
    Ok(SizeRow {
        label: input.label.clone(),
        ops: input.ops,
        binary_bytes: input.binary_bytes,
        ours: timings[0],
        upstream: timings[1],
        ours_o2: timings[2],
        stages,
        text,
    })
}

/// The corpus: which modules upstream's pipeline does, and the times on those.
struct CorpusResult {
    total: usize,
    /// Modules that fail upstream, per first failing stage.
    upstream_failures: Vec<(&'static str, usize)>,
    /// Modules ours fails on.
    ours_failures: Vec<String>,
    /// Per module upstream does: name, ours, upstream.
    timed: Vec<(String, Timing, Timing)>,
    /// Ours on every module it does: the sum of medians.
    ours_all: Option<(usize, f64)>,
}

/// The client API of a corpus module, from its directory.
fn corpus_api(binary: &Path) -> &'static str {
    if binary.components().any(|part| part.as_os_str() == "opencl") { "client-api=OpenCL" } else { VULKAN }
}

fn measure_corpus(options: &Options) -> Result<CorpusResult, String> {
    let root = crate::workspace_root().join("target/corpus");
    let mut binaries: Vec<PathBuf> = Vec::new();
    for directory in ["glsl", "opencl"] {
        let Ok(entries) = fs::read_dir(root.join(directory)) else { continue };
        binaries.extend(
            entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "spv")),
        );
    }
    binaries.sort();
    if binaries.is_empty() {
        return Err(format!("no module under {} (run scripts/build-corpus)", root.display()));
    }
    let scratch = options.out.join("corpus");
    fs::create_dir_all(&scratch).map_err(|error| format!("{}: {error}", scratch.display()))?;
    let mut result = CorpusResult {
        total: binaries.len(),
        upstream_failures: Vec::new(),
        ours_failures: Vec::new(),
        timed: Vec::new(),
        ours_all: None,
    };
    let mut ours_jobs = Vec::new();
    for binary in &binaries {
        let name = binary.strip_prefix(&root).unwrap_or(binary).display().to_string();
        let api = corpus_api(binary);
        let ours = Job::new(&options.ours, ours_arguments(binary, api, "-O0", &scratch.join("ours.ll")));
        let ours_ok = ours.run().is_ok();
        if ours_ok {
            ours_jobs.push(ours.clone());
        } else {
            result.ours_failures.push(name.clone());
        }
        match Stages::new(&options.llvm_bin, api, binary, &scratch, "stages").run() {
            Err((stage, _)) => match result.upstream_failures.iter_mut().find(|(s, _)| *s == stage) {
                Some((_, count)) => *count += 1,
                None => result.upstream_failures.push((stage, 1)),
            },
            Ok(()) if ours_ok => {
                let upstream = Job::bash(upstream_script(&options.llvm_bin, api, binary, &scratch.join("upstream.ll")));
                let timings = measure_all(&[&ours, &upstream], options.reps, &scratch, &name)?;
                result.timed.push((name, timings[0], timings[1]));
            }
            Ok(()) => {}
        }
    }
    let mut sum = 0.0;
    for job in &ours_jobs {
        let samples = (0..options.reps).map(|_| job.measure(&scratch)).collect::<Result<Vec<_>, _>>()?;
        sum += summarize(&samples).wall;
    }
    eprintln!("corpus: ours on {} modules: {sum:.3} s (sum of medians)", ours_jobs.len());
    result.ours_all = Some((ours_jobs.len(), sum));
    Ok(result)
}

fn seconds(value: f64) -> String {
    if value.is_nan() {
        "n/a".to_owned()
    } else if value < 1.0 {
        format!("{:.1} ms", value * 1e3)
    } else {
        format!("{value:.2} s")
    }
}

/// Time per op at this size over time per op at the previous one (1.00 is
/// linear), empty for the first size.
fn growth(previous: Option<(usize, f64)>, ops: usize, time: f64) -> String {
    match previous {
        Some((previous_ops, previous_time)) if previous_time > 0.0 => {
            format!("{:.2}", (time / ops as f64) / (previous_time / previous_ops as f64))
        }
        _ => String::new(),
    }
}

/// The goal of issue 10: at most a quarter of upstream's time.
const GOAL: f64 = 0.25;

fn render(options: &Options, rows: &[SizeRow], corpus: Option<&CorpusResult>) -> String {
    let mut out = String::new();
    let ours = options.ours.display();
    let bin = options.llvm_bin.display();
    let _ = writeln!(out, "### Results\n");
    for line in crate::machine() {
        let _ = writeln!(out, "- {line}");
    }
    let _ = writeln!(
        out,
        "- {} repetitions per command and size, in rotation (each repetition starts with the next command); medians of the wall time. Seed {}.",
        options.reps, options.seed
    );
    let _ =
        writeln!(out, "- ours: `{ours} K.spv --convert-spirv-to-llvm={VULKAN} --emit=llvm -O0 -o K.ll` (and `-O2`)");
    let _ = writeln!(
        out,
        "- upstream: `bash -c 'set -o pipefail; {bin}/mlir-translate --deserialize-spirv K.spv | {bin}/mlir-opt --convert-spirv-to-llvm={VULKAN} | {UNWRAP} | {bin}/mlir-translate --mlir-to-llvmir -o K.ll'`"
    );
    let _ = writeln!(out, "- growth: time per op over that at the previous size (1.00 is linear).");
    let _ = writeln!(
        out,
        "\n| size | ops | binary | ours -O0 | upstream pipeline | ratio | growth ours | growth upstream | ours -O2 | ours peak MB | upstream peak MB (largest process) |"
    );
    let _ = writeln!(out, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut previous: Option<&SizeRow> = None;
    for row in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {:.1} MB | {} | {} | {:.2} | {} | {} | {} | {:.0} | {:.0} |",
            row.label,
            row.ops,
            row.binary_bytes as f64 / 1e6,
            seconds(row.ours.wall),
            seconds(row.upstream.wall),
            row.ours.wall / row.upstream.wall,
            growth(previous.map(|p| (p.ops, p.ours.wall)), row.ops, row.ours.wall),
            growth(previous.map(|p| (p.ops, p.upstream.wall)), row.ops, row.upstream.wall),
            seconds(row.ours_o2.wall),
            row.ours.peak_mib,
            row.upstream.peak_mib,
        );
        previous = Some(row);
    }
    if rows.iter().any(|row| row.stages.is_some()) {
        let _ = writeln!(out, "\n#### Upstream's stages alone (through files)\n");
        let _ = writeln!(out, "| size | deserialize | convert | unwrap (sed) | translate | sum | pipeline |");
        let _ = writeln!(out, "| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
        for row in rows {
            if let Some(stages) = &row.stages {
                let sum: f64 = stages.iter().map(|s| s.wall).sum();
                let cells: Vec<String> = stages.iter().map(|s| seconds(s.wall)).collect();
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} |",
                    row.label,
                    cells.join(" | "),
                    seconds(sum),
                    seconds(row.upstream.wall)
                );
            }
        }
    }
    if rows.iter().any(|row| row.text.is_some()) {
        let _ = writeln!(out, "\n#### Text path (`spirv-<size>.mlir`, the same modules as text)\n");
        let _ = writeln!(
            out,
            "- parse+print: `TOOL FILE -o /dev/null`; convert: `TOOL --convert-spirv-to-llvm FILE -o /dev/null`."
        );
        let _ = writeln!(
            out,
            "\n| size | ours parse+print | mlir-opt parse+print | ratio | ours convert | mlir-opt convert | ratio | ours peak MB | mlir-opt peak MB |"
        );
        let _ = writeln!(out, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        for row in rows {
            if let Some([ours_parse, upstream_parse, ours_convert, upstream_convert]) = &row.text {
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {:.2} | {} | {} | {:.2} | {:.0} | {:.0} |",
                    row.label,
                    seconds(ours_parse.wall),
                    seconds(upstream_parse.wall),
                    ours_parse.wall / upstream_parse.wall,
                    seconds(ours_convert.wall),
                    seconds(upstream_convert.wall),
                    ours_convert.wall / upstream_convert.wall,
                    ours_convert.peak_mib,
                    upstream_convert.peak_mib,
                );
            }
        }
    }
    if let Some(corpus) = corpus {
        let _ = writeln!(out, "\n#### Corpus (`target/corpus`, glsl with {VULKAN}, opencl with client-api=OpenCL)\n");
        let failures: Vec<String> =
            corpus.upstream_failures.iter().map(|(stage, count)| format!("{count} at {stage}")).collect();
        let _ = writeln!(
            out,
            "- {} modules; upstream's pipeline does {}; fails {}.",
            corpus.total,
            corpus.total - corpus.upstream_failures.iter().map(|(_, count)| count).sum::<usize>(),
            if failures.is_empty() { "none".to_owned() } else { failures.join(", ") }
        );
        if let Some((count, sum)) = corpus.ours_all {
            let _ = writeln!(
                out,
                "- ours does {count} of them (fails: {}); sum of its medians over them: {} (kernel ABI included for modules with GLCompute/Kernel entry points).",
                if corpus.ours_failures.is_empty() { "none".to_owned() } else { corpus.ours_failures.join(", ") },
                seconds(sum)
            );
        }
        if !corpus.timed.is_empty() {
            let (ours, upstream): (f64, f64) =
                corpus.timed.iter().fold((0.0, 0.0), |(a, b), (_, o, u)| (a + o.wall, b + u.wall));
            let _ = writeln!(
                out,
                "- on the {} modules both do: ours {}, upstream {} (sums of medians), ratio {:.2}.",
                corpus.timed.len(),
                seconds(ours),
                seconds(upstream),
                ours / upstream
            );
        }
    }
    let _ = writeln!(out, "\n#### Verdict\n");
    let worst = rows.iter().map(|row| row.ours.wall / row.upstream.wall).fold(f64::NAN, f64::max);
    let _ = writeln!(
        out,
        "- At most {GOAL:.2} of upstream's time at every size: **{}** (worst ratio {worst:.2}).",
        if worst <= GOAL { "yes" } else { "no" }
    );
    if let (Some(first), Some(last)) = (rows.first(), rows.last())
        && last.ops > first.ops
    {
        let per_op = |row: &SizeRow, wall: f64| wall / row.ops as f64 * 1e6;
        let (a, b) = (per_op(first, first.ours.wall), per_op(last, last.ours.wall));
        let (c, d) = (per_op(first, first.upstream.wall), per_op(last, last.upstream.wall));
        let _ = writeln!(
            out,
            "- Growth, ours: {a:.2} µs/op at {} ops, {b:.2} at {} ops (×{:.2}); upstream: {c:.2} → {d:.2} (×{:.2}).",
            first.ops,
            last.ops,
            b / a,
            d / c
        );
    }
    out
}

/// Runs the benchmark with the arguments after `pipeline`.
pub fn run(arguments: impl Iterator<Item = String>) -> Result<(), String> {
    let options = parse_options(arguments)?;
    let inputs = generate_inputs(&options)?;
    if options.generate_only {
        return Ok(());
    }
    if let Some(first) = inputs.first() {
        check(&options, first)?;
    }
    let mut rows = Vec::new();
    for input in &inputs {
        rows.push(measure_size(&options, input)?);
    }
    let corpus = if options.corpus { Some(measure_corpus(&options)?) } else { None };
    let markdown = render(&options, &rows, corpus.as_ref());
    let path = options.out.join("results.md");
    fs::write(&path, &markdown).map_err(|error| format!("{}: {error}", path.display()))?;
    print!("{markdown}");
    eprintln!("written to {}", path.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializable_adds_a_triple_and_makes_the_buffer_private() {
        let module = generate::generate(2_000, 5);
        let text = serializable(&module.text);
        let first = text.lines().next().unwrap();
        assert_eq!(first, "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {");
        assert!(!text.contains("StorageBuffer"));
        assert!(!text.contains("bind("));
        assert!(text.contains("spirv.GlobalVariable @buf : !spirv.ptr<"));
        // The same ops, one for one.
        let count = |text: &str| text.lines().filter(|line| line.contains("spirv.")).count();
        assert_eq!(count(&text), module.ops);
        assert_eq!(text.lines().count(), module.text.lines().count());
        // A module that already has a triple keeps it.
        assert_eq!(serializable(&text), text);
    }

    #[test]
    fn serializable_modules_parse_and_verify() {
        use melior::{
            Context,
            dialect::DialectRegistry,
            ir::{Module, operation::OperationLike},
            utility::register_all_dialects,
        };
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        let context = Context::new();
        context.append_dialect_registry(&registry);
        context.load_all_available_dialects();
        let text = serializable(&generate::generate(3_000, 2).text);
        let module = Module::parse(&context, &text).expect("the serializable module parses");
        assert!(module.as_operation().verify());
    }

    #[test]
    fn quoting_for_bash() {
        assert_eq!(shell_quote("/a b/c.spv"), "'/a b/c.spv'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
    }

    #[test]
    fn the_upstream_pipeline_has_three_mlir_processes_and_the_unwrapping() {
        let script = upstream_script(Path::new("/llvm/bin"), VULKAN, Path::new("k.spv"), Path::new("k.ll"));
        assert_eq!(
            script,
            "set -o pipefail; '/llvm/bin/mlir-translate' --deserialize-spirv 'k.spv' | '/llvm/bin/mlir-opt' \
             --convert-spirv-to-llvm=client-api=Vulkan | sed -e 1d -e '/^}$/d' | '/llvm/bin/mlir-translate' \
             --mlir-to-llvmir -o 'k.ll'"
        );
        assert_eq!(
            ours_arguments(Path::new("k.spv"), VULKAN, "-O0", Path::new("k.ll")),
            ["k.spv", "--convert-spirv-to-llvm=client-api=Vulkan", "--emit=llvm", "-O0", "-o", "k.ll"]
        );
    }

    #[test]
    fn the_unwrapping_expects_one_outer_module() {
        let nested = "module {\n  module attributes {a} {\n    llvm.func @f() {\n      llvm.return\n    }\n  }\n}\n\n";
        assert!(unwrappable(nested));
        assert!(!unwrappable("module {\n}\nmodule {\n}\n"));
        assert!(!unwrappable("llvm.func @f()\n"));
        assert!(!unwrappable("module attributes {x} {\n}\n"));
    }

    #[test]
    fn counts_defined_functions() {
        assert_eq!(
            defined_functions("declare void @g()\ndefine void @f() {\n  ret void\n}\ndefine i32 @h() {\n}\n"),
            2
        );
    }

    #[test]
    fn growth_is_time_per_op_over_the_previous() {
        assert_eq!(growth(None, 10, 1.0), "");
        assert_eq!(growth(Some((10, 1.0)), 100, 10.0), "1.00");
        assert_eq!(growth(Some((10, 1.0)), 100, 20.0), "2.00");
    }

    #[test]
    fn corpus_api_follows_the_directory() {
        assert_eq!(corpus_api(Path::new("target/corpus/opencl/a.spv")), "client-api=OpenCL");
        assert_eq!(corpus_api(Path::new("target/corpus/glsl/a.spv")), VULKAN);
    }

    #[test]
    fn options_parse() {
        let options = parse_options(
            ["--sizes", "100k,10k", "--reps", "2", "--corpus", "--no-text"].map(String::from).into_iter(),
        )
        .unwrap();
        assert_eq!(options.sizes, [("10k".to_owned(), 10_000), ("100k".to_owned(), 100_000)]);
        assert_eq!(options.reps, 2);
        assert!(options.corpus && !options.text && options.stages);
        assert!(parse_options(["--reps", "0"].map(String::from).into_iter()).is_err());
        assert!(parse_options(["--bogus"].map(String::from).into_iter()).is_err());
    }
}
