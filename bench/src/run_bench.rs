//! `spirv-run-bench`: the spirv-run-rs side of the kernel benchmark
//! (issue 7; `scripts/bench-kernels`, bench/kernels/bench_kernels.py,
//! docs/performance.md "Kernels against lavapipe and PoCL").
//!
//! Compiles a module once with `spirv_run::Kernel::compile` (the default
//! options: what `spirv-run-rs` does), then dispatches it `--reps` times
//! with `Kernel::dispatch`, each time on fresh copies of the inputs (the
//! copy is not timed), and times each dispatch alone: from the buffers
//! ready to the results in them. Every repetition's outputs must be
//! byte-identical to the first one's (the kernels of the benchmark are
//! deterministic), so no timed run can have computed something else than
//! the output written and checked. Same command line as `spirv-run-rs`
//! for what it has:
//!
//! ```text
//! spirv-run-bench k.spv --workgroups X[,Y[,Z]] --buffer SET:BINDING=IN[:OUT]... [--image SET:BINDING=IMAGE[:OUT]]...
//!     [--push-constants FILE]
//! spirv-run-bench k.spv --entry NAME --global X[,Y[,Z]] --local X[,Y[,Z]]
//!     --arg I=buffer:IN[:OUT]|I=image:IMAGE[:OUT]|I=local:BYTES|I=TYPE:VALUE...
//!     [--reps N] [--threads N] [--opt-level N] [--unchecked]
//! ```
//!
//! IMAGE is `[FILE]@FORMAT,W[,H[,D]]`: raw texels of the Vulkan format
//! (spirv-run-rs's raw form, one level and layer; no FILE: zeros). Images
//! are fresh copies of the input at each repetition too.
//!
//! Prints one JSON object on stdout:
//! `{"compile_ms": C, "runs_ms": [R1, ...], "identical": true}`; OUT files
//! hold the first repetition's buffers.
//!
//! `--lockstep` (bench_kernels.py `--lockstep`): instead of `--reps`, one
//! dispatch for each line read from stdin, its time printed at once as a
//! line `{"ms": R}`; at the end of stdin, the OUT files and the JSON object
//! above. The benchmark then runs one dispatch of each implementation in
//! turn, so that all of them see the same moments of a busy machine.

use std::{path::PathBuf, process::ExitCode, time::Instant};

use spirv_run::{Buffer, CompileOptions, Dispatch, Format, Image, Kernel, Resource};

const USAGE: &str = "\
usage: spirv-run-bench K.spv --workgroups X[,Y[,Z]] --buffer SET:BINDING=IN[:OUT]... [--image SET:BINDING=IMAGE[:OUT]]...
           [--push-constants FILE]
       spirv-run-bench K.spv --entry NAME --global X[,Y[,Z]] --local X[,Y[,Z]]
           --arg I=buffer:IN[:OUT]|I=image:IMAGE[:OUT]|I=local:BYTES|I=TYPE:VALUE...
  IMAGE           [FILE]@FORMAT,W[,H[,D]]: raw texels of a Vulkan format (no FILE: zeros)
  --reps N        dispatches after the one compile (default 5)
  --threads N     worker threads (default 0: every core)
  --opt-level N   LLVM's default<ON> (default: the library's, -O2)
  --unchecked     no bounds checks (spirv-run-rs --unchecked)
  --barriers P    how barriers run: regions (default) or coroutines (spirv-run-rs --barriers)
  --spmd MODE     SPMD vectorization: off, loops (default) or always (spirv-run-rs --spmd)
  --entry NAME    the entry point
  --lockstep      one dispatch per line of stdin, each time printed at once
  --one-workgroup-per-call  no runs of workgroups (spirv-run-rs --one-workgroup-per-call)
";

/// Where a buffer goes in the dispatch.
#[derive(Debug, Clone, Copy)]
enum Slot {
    Binding(u32, u32),
    Argument(u32),
}

/// A buffer: its initial bytes, the working copy, where to write it.
struct Input {
    slot: Slot,
    initial: Vec<u8>,
    buffer: Buffer,
    output: Option<PathBuf>,
    first: Option<Vec<u8>>,
}

#[derive(Default)]
struct Options {
    input: Option<PathBuf>,
    entry: Option<String>,
    workgroups: Option<[u32; 3]>,
    global: Option<Vec<u64>>,
    local: Option<Vec<u64>>,
    push_constants: Vec<u8>,
    buffers: Vec<(Slot, PathBuf, Option<PathBuf>)>,
    images: Vec<(Slot, Image, Option<PathBuf>)>,
    locals: Vec<(u32, usize)>,
    values: Vec<(u32, Vec<u8>)>,
    reps: usize,
    threads: usize,
    opt_level: Option<u8>,
    unchecked: bool,
    barriers: spirv_run::BarrierMode,
    spmd: Option<spirv_run::SpmdMode>,
    lockstep: bool,
    one_workgroup_per_call: bool,
}

fn dimensions(text: &str) -> Result<Vec<u64>, String> {
    let values: Result<Vec<u64>, _> = text.split(',').map(|part| part.trim().parse::<u64>()).collect();
    match values {
        Ok(values) if (1..=3).contains(&values.len()) && values.iter().all(|&value| value > 0) => Ok(values),
        _ => Err(format!("'{text}' is not X[,Y[,Z]] of positive integers")),
    }
}

fn three(values: &[u64]) -> Result<[u32; 3], String> {
    let mut out = [1u32; 3];
    for (slot, &value) in out.iter_mut().zip(values) {
        *slot = u32::try_from(value).map_err(|_| format!("{value} is too large a size"))?;
    }
    Ok(out)
}

/// `IN[:OUT]`.
fn files(text: &str) -> (PathBuf, Option<PathBuf>) {
    match text.split_once(':') {
        Some((input, output)) => (PathBuf::from(input), Some(PathBuf::from(output))),
        None => (PathBuf::from(text), None),
    }
}

/// `[FILE]@FORMAT,W[,H[,D]][:OUT]`: the image and where to write it.
fn image(text: &str) -> Result<(Image, Option<PathBuf>), String> {
    let bad = || format!("'{text}' is not [FILE]@FORMAT,W[,H[,D]][:OUT]");
    let (input, output) = files(text);
    let input = input.to_string_lossy().into_owned();
    let (file, spec) = input.split_once('@').ok_or_else(bad)?;
    let mut parts = spec.split(',');
    let name = parts.next().unwrap_or_default();
    let format = Format::from_name(name).ok_or_else(|| format!("'{name}' is not a format spirv-run knows"))?;
    let sizes: Vec<u64> = dimensions(&parts.collect::<Vec<_>>().join(","))?;
    let extent = three(&sizes)?;
    let bytes = if file.is_empty() {
        let size = Image::size_of(format, extent, 1, 1).and_then(|size| usize::try_from(size).ok()).ok_or_else(bad)?;
        vec![0; size]
    } else {
        std::fs::read(file).map_err(|error| format!("cannot read '{file}': {error}"))?
    };
    let image = Image::new(format, extent, 1, &bytes).map_err(|reason| format!("'{text}': {reason}"))?;
    Ok((image, output))
}

/// `SET:BINDING`.
fn binding_slot(option: &str, text: &str, slot: &str) -> Result<Slot, String> {
    let (set, binding) = slot.split_once(':').ok_or_else(|| format!("{option} {text}: not SET:BINDING=..."))?;
    let set = set.parse().map_err(|_| format!("{option} {text}: bad set"))?;
    let binding = binding.parse().map_err(|_| format!("{option} {text}: bad binding"))?;
    Ok(Slot::Binding(set, binding))
}

/// The little-endian bytes of an OpenCL argument by value.
fn value_bytes(ty: &str, value: &str) -> Result<Vec<u8>, String> {
    let bad = || format!("'{value}' is not a {ty}");
    Ok(match ty {
        "i8" => value.parse::<i8>().map_err(|_| bad())?.to_le_bytes().to_vec(),
        "u8" => value.parse::<u8>().map_err(|_| bad())?.to_le_bytes().to_vec(),
        "i16" => value.parse::<i16>().map_err(|_| bad())?.to_le_bytes().to_vec(),
        "u16" => value.parse::<u16>().map_err(|_| bad())?.to_le_bytes().to_vec(),
        "i32" => value.parse::<i32>().map_err(|_| bad())?.to_le_bytes().to_vec(),
        "u32" => value.parse::<u32>().map_err(|_| bad())?.to_le_bytes().to_vec(),
        "i64" => value.parse::<i64>().map_err(|_| bad())?.to_le_bytes().to_vec(),
        "u64" => value.parse::<u64>().map_err(|_| bad())?.to_le_bytes().to_vec(),
        "f32" => value.parse::<f32>().map_err(|_| bad())?.to_le_bytes().to_vec(),
        "f64" => value.parse::<f64>().map_err(|_| bad())?.to_le_bytes().to_vec(),
        _ => return Err(format!("unknown argument type '{ty}'")),
    })
}

fn parse(arguments: Vec<String>) -> Result<Options, String> {
    let mut options = Options { reps: 5, ..Options::default() };
    let mut arguments = arguments.into_iter();
    while let Some(argument) = arguments.next() {
        let mut value = |name: &str| arguments.next().ok_or_else(|| format!("{name} needs a value"));
        match argument.as_str() {
            "--help" | "-h" => return Err(String::new()),
            "--entry" => options.entry = Some(value("--entry")?),
            "--workgroups" => options.workgroups = Some(three(&dimensions(&value("--workgroups")?)?)?),
            "--global" => options.global = Some(dimensions(&value("--global")?)?),
            "--local" => options.local = Some(dimensions(&value("--local")?)?),
            "--push-constants" => {
                let path = value("--push-constants")?;
                options.push_constants = std::fs::read(&path).map_err(|error| format!("cannot read '{path}': {error}"))?;
            }
            "--buffer" => {
                let text = value("--buffer")?;
                let (slot, rest) = text.split_once('=').ok_or_else(|| format!("--buffer {text}: not SET:BINDING=IN[:OUT]"))?;
                let (input, output) = files(rest);
                options.buffers.push((binding_slot("--buffer", &text, slot)?, input, output));
            }
            "--image" => {
                let text = value("--image")?;
                let (slot, rest) = text.split_once('=').ok_or_else(|| format!("--image {text}: not SET:BINDING=IMAGE[:OUT]"))?;
                let (image, output) = image(rest)?;
                options.images.push((binding_slot("--image", &text, slot)?, image, output));
            }
            "--arg" => {
                let text = value("--arg")?;
                let (index, rest) = text.split_once('=').ok_or_else(|| format!("--arg {text}: not I=KIND:VALUE"))?;
                let index: u32 = index.parse().map_err(|_| format!("--arg {text}: bad index"))?;
                let (kind, rest) = rest.split_once(':').ok_or_else(|| format!("--arg {text}: not I=KIND:VALUE"))?;
                match kind {
                    "buffer" => {
                        let (input, output) = files(rest);
                        options.buffers.push((Slot::Argument(index), input, output));
                    }
                    "image" => {
                        let (image, output) = image(rest)?;
                        options.images.push((Slot::Argument(index), image, output));
                    }
                    "local" => options.locals.push((index, rest.parse().map_err(|_| format!("--arg {text}: bad size"))?)),
                    ty => options.values.push((index, value_bytes(ty, rest)?)),
                }
            }
            "--unchecked" => options.unchecked = true,
            "--lockstep" => options.lockstep = true,
            "--one-workgroup-per-call" => options.one_workgroup_per_call = true,
            "--barriers" => options.barriers = value("--barriers")?.parse().map_err(|error| format!("--barriers {error}"))?,
            "--spmd" => options.spmd = Some(value("--spmd")?.parse().map_err(|error| format!("--spmd {error}"))?),
            "--reps" => options.reps = value("--reps")?.parse().map_err(|_| "--reps: not a number".to_owned())?,
            "--threads" => options.threads = value("--threads")?.parse().map_err(|_| "--threads: not a number".to_owned())?,
            "--opt-level" => {
                options.opt_level = Some(value("--opt-level")?.parse().map_err(|_| "--opt-level: not a number".to_owned())?)
            }
            other if other.starts_with('-') => return Err(format!("unknown option '{other}'")),
            other => {
                if options.input.replace(PathBuf::from(other)).is_some() {
                    return Err("more than one input".into());
                }
            }
        }
    }
    if options.reps == 0 {
        return Err("--reps must be at least 1".into());
    }
    Ok(options)
}

fn run(options: Options) -> Result<String, String> {
    let path = options.input.as_ref().ok_or("no input")?;
    let source = std::fs::read(path).map_err(|error| format!("cannot read '{}': {error}", path.display()))?;
    let compile_options = CompileOptions {
        entry: options.entry.clone(),
        opt_level: options.opt_level,
        unchecked: options.unchecked,
        barriers: options.barriers,
        one_workgroup_per_call: options.one_workgroup_per_call,
        spmd: spirv_run::SpmdOptions {
            mode: options.spmd.unwrap_or(spirv_run::SpmdOptions::default().mode),
            ..spirv_run::SpmdOptions::default()
        },
        ..CompileOptions::default()
    };
    let started = Instant::now();
    let kernel = Kernel::compile(&source, &path.display().to_string(), &compile_options).map_err(|error| error.to_string())?;
    let compile = started.elapsed();

    let mut inputs = Vec::new();
    for (slot, input, output) in &options.buffers {
        let initial = std::fs::read(input).map_err(|error| format!("cannot read '{}': {error}", input.display()))?;
        let buffer = Buffer::from_bytes(&initial);
        inputs.push(Input { slot: *slot, initial, buffer, output: output.clone(), first: None });
    }
    let (workgroups, local) = match (&options.workgroups, &options.global) {
        (Some(workgroups), None) => (*workgroups, None),
        (None, Some(global)) => {
            let local = options.local.as_ref().ok_or("--global needs --local here")?;
            if local.len() != global.len() {
                return Err("--local must have as many dimensions as --global".into());
            }
            let (global3, local3) = (three(global)?, three(local)?);
            let mut workgroups = [1; 3];
            for axis in 0..3 {
                if global3[axis] % local3[axis] != 0 {
                    return Err(format!("the global size is not a multiple of the local size in dimension {axis}"));
                }
                workgroups[axis] = global3[axis] / local3[axis];
            }
            (workgroups, Some(local3))
        }
        _ => return Err("give --workgroups (Vulkan) or --global and --local (OpenCL)".into()),
    };

    let mut runs = Vec::with_capacity(options.reps);
    let mut identical = true;
    let mut first_images: Vec<Vec<u8>> = Vec::new();
    let mut commands = std::io::stdin().lines();
    for rep in 0.. {
        if options.lockstep {
            match commands.next() {
                Some(Ok(_)) => {}
                Some(Err(error)) => return Err(format!("cannot read stdin: {error}")),
                None => break,
            }
        } else if rep == options.reps {
            break;
        }
        for input in &mut inputs {
            input.buffer.bytes_mut().copy_from_slice(&input.initial);
        }
        let mut images: Vec<Image> = options.images.iter().map(|(_, image, _)| image.clone()).collect();
        let mut dispatch = Dispatch::new(workgroups);
        dispatch.workgroup_size = local;
        dispatch.work_dim = options.global.as_ref().map_or(3, |global| global.len() as u32);
        dispatch.push_constants = options.push_constants.clone();
        dispatch.threads = options.threads;
        for input in &mut inputs {
            match input.slot {
                Slot::Binding(set, binding) => dispatch.bind(set, binding, Resource::Buffer(&mut input.buffer)),
                Slot::Argument(index) => dispatch.argument(index, Resource::Buffer(&mut input.buffer)),
            };
        }
        for ((slot, _, _), image) in options.images.iter().zip(&mut images) {
            match *slot {
                Slot::Binding(set, binding) => dispatch.bind(set, binding, Resource::Image(image)),
                Slot::Argument(index) => dispatch.argument(index, Resource::Image(image)),
            };
        }
        for &(index, bytes) in &options.locals {
            dispatch.argument(index, Resource::Local(bytes));
        }
        for (index, bytes) in &options.values {
            dispatch.argument(*index, Resource::Value(Buffer::from_bytes(bytes)));
        }
        let started = Instant::now();
        kernel.dispatch(&mut dispatch).map_err(|error| error.to_string())?;
        let ran = started.elapsed();
        drop(dispatch);
        runs.push(ran.as_secs_f64() * 1e3);
        if options.lockstep {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            writeln!(out, "{{\"ms\": {:.4}}}", ran.as_secs_f64() * 1e3)
                .and_then(|()| out.flush())
                .map_err(|error| format!("cannot write stdout: {error}"))?;
        }
        for input in &mut inputs {
            match &input.first {
                None if rep == 0 => input.first = Some(input.buffer.bytes().to_vec()),
                Some(first) => identical &= first.as_slice() == input.buffer.bytes(),
                None => {}
            }
        }
        if rep == 0 {
            first_images = images.iter().map(|image| image.bytes().to_vec()).collect();
        } else {
            identical &= images.iter().zip(&first_images).all(|(image, first)| image.bytes() == first.as_slice());
        }
    }
    for ((_, _, output), first) in options.images.iter().zip(&first_images) {
        if let Some(output) = output {
            std::fs::write(output, first).map_err(|error| format!("cannot write '{}': {error}", output.display()))?;
        }
    }
    for input in &inputs {
        if let (Some(output), Some(first)) = (&input.output, &input.first) {
            std::fs::write(output, first).map_err(|error| format!("cannot write '{}': {error}", output.display()))?;
        }
    }
    let runs: Vec<String> = runs.iter().map(|ms| format!("{ms:.4}")).collect();
    Ok(format!(
        "{{\"compile_ms\": {:.4}, \"runs_ms\": [{}], \"identical\": {identical}}}",
        compile.as_secs_f64() * 1e3,
        runs.join(", ")
    ))
}

fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1).collect()) {
        Ok(options) => options,
        Err(message) if message.is_empty() => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("spirv-run-bench: error: {message}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    match run(options) {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("spirv-run-bench: error: {message}");
            ExitCode::FAILURE
        }
    }
}
