//! `spirv-opt-bench shapes`: the shape benchmark of issue 9 (point 2). Each
//! shape of [`crate::shapes`] is generated at `N` and `2N`, checked with both
//! tools, then both tools are timed on both sizes in one run:
//! `TOOL --convert-spirv-to-llvm FILE -o /dev/null`, alternating which goes
//! first, medians of the runs. The report gives, per shape, the times, the
//! ratio ours/upstream and the growth from `N` to `2N` of each tool (2.00 is
//! linear).

use crate::{
    measure::{GNU_TIME, Mode, Tool, llvm_op_histogram},
    report::{self, Runs, ShapeResult, ShapeRun},
    shapes::{self, SHAPES, Shape},
};
use std::{
    fs,
    path::{Path, PathBuf},
};

const USAGE: &str = "\
usage: spirv-opt-bench shapes [options]

  --shapes LIST         comma-separated shape names (default: all)
  --scale X             multiply every default size N by X (default 1)
  --size N              run only at N and 2N (with a single shape)
  --reps N              runs per tool and size; medians are reported (default 5)
  --ours PATH           our tool (default target/release/spirv-opt-rs)
  --upstream PATH       upstream mlir-opt (default /usr/lib/llvm-22/bin/mlir-opt)
  --out DIR             where modules and results go (default target/bench/shapes)
  --generate-only       write the modules and stop
  --list                list the shapes and their default sizes
";

struct Options {
    shapes: Vec<&'static Shape>,
    scale: f64,
    size: Option<usize>,
    reps: usize,
    ours: Tool,
    upstream: Tool,
    out: PathBuf,
    generate_only: bool,
    list: bool,
}

fn parse_options(arguments: impl Iterator<Item = String>) -> Result<Options, String> {
    let root = crate::workspace_root();
    let tool = |name, program| Tool { name, program, timing: false, baseline: false };
    let mut options = Options {
        shapes: SHAPES.iter().collect(),
        scale: 1.0,
        size: None,
        reps: 5,
        ours: tool("ours", root.join("target/release/spirv-opt-rs")),
        upstream: tool("upstream", PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt")),
        out: root.join("target/bench/shapes"),
        generate_only: false,
        list: false,
    };
    let mut arguments = arguments;
    while let Some(argument) = arguments.next() {
        let mut value = |name: &str| arguments.next().ok_or_else(|| format!("{name} needs a value\n\n{USAGE}"));
        match argument.as_str() {
            "--shapes" => {
                options.shapes = value("--shapes")?
                    .split(',')
                    .filter(|name| !name.trim().is_empty())
                    .map(|name| shapes::find(name.trim()).ok_or_else(|| format!("unknown shape '{name}' (see --list)")))
                    .collect::<Result<_, _>>()?;
            }
            "--scale" => {
                options.scale = value("--scale")?.parse().map_err(|_| "--scale needs a number".to_owned())?;
                if !(options.scale > 0.0) {
                    return Err("--scale must be positive".to_owned());
                }
            }
            "--size" => options.size = Some(crate::parse_count(&value("--size")?)?),
            "--reps" => {
                options.reps = value("--reps")?.parse().map_err(|_| "--reps needs a number".to_owned())?;
                if options.reps == 0 {
                    return Err("--reps must be at least 1".to_owned());
                }
            }
            "--ours" => options.ours.program = value("--ours")?.into(),
            "--upstream" => options.upstream.program = value("--upstream")?.into(),
            "--out" => options.out = value("--out")?.into(),
            "--generate-only" => options.generate_only = true,
            "--list" => options.list = true,
            "-h" | "--help" => return Err(USAGE.to_owned()),
            other => return Err(format!("unknown argument '{other}'\n\n{USAGE}")),
        }
    }
    if options.shapes.is_empty() {
        return Err("--shapes is empty".to_owned());
    }
    if options.size.is_some() && options.shapes.len() != 1 {
        return Err("--size needs exactly one shape (--shapes NAME)".to_owned());
    }
    Ok(options)
}

/// A generated module on disk.
struct Input {
    size: usize,
    path: PathBuf,
    ops: usize,
    bytes: u64,
}

fn write_input(out: &Path, shape: &Shape, size: usize) -> Result<Input, String> {
    let module = shape.generate(size);
    let path = out.join(format!("{}-{size}.mlir", shape.name));
    // Rewriting an identical file would only evict it from the page cache.
    if fs::read_to_string(&path).ok().as_deref() != Some(module.text.as_str()) {
        fs::write(&path, &module.text).map_err(|error| format!("{}: {error}", path.display()))?;
    }
    eprintln!("generated {} ({} ops, {} bytes)", path.display(), module.ops, module.text.len());
    Ok(Input { size, path, ops: module.ops, bytes: module.text.len() as u64 })
}

/// Both tools must convert the module and print LLVM functions; a different
/// number of `llvm.func`s is reported, not fatal.
fn check(options: &Options, input: &Input) -> Result<(), String> {
    let mut functions = Vec::new();
    for tool in [&options.ours, &options.upstream] {
        let output = options.out.join(format!("check-{}.mlir", tool.name));
        tool.convert_to(&input.path, &output)?;
        let text = fs::read_to_string(&output).map_err(|error| format!("{}: {error}", output.display()))?;
        let count = llvm_op_histogram(&text).get("llvm.func").copied().unwrap_or(0);
        if count == 0 {
            return Err(format!(
                "{} ({}) exited successfully on {} but printed no llvm.func",
                tool.name,
                tool.program.display(),
                input.path.display()
            ));
        }
        functions.push(count);
    }
    eprintln!("check: both tools convert {}", input.path.display());
    if functions[0] != functions[1] {
        eprintln!("check: note: {} llvm.func in our output, {} in upstream's", functions[0], functions[1]);
    }
    Ok(())
}

/// The median wall time of each tool converting an empty module (ours,
/// upstream): what every run pays whatever the input.
fn startup(options: &Options) -> Result<(f64, f64), String> {
    let path = options.out.join("empty.mlir");
    fs::write(&path, "spirv.module Logical GLSL450 {\n}\n").map_err(|error| format!("{}: {error}", path.display()))?;
    let (mut ours, mut upstream) = (Runs::default(), Runs::default());
    for rep in 0..options.reps {
        let order: [(&Tool, &mut Runs); 2] = if rep % 2 == 0 {
            [(&options.ours, &mut ours), (&options.upstream, &mut upstream)]
        } else {
            [(&options.upstream, &mut upstream), (&options.ours, &mut ours)]
        };
        for (tool, runs) in order {
            runs.convert.push(tool.measure(Mode::Convert, &path, &options.out)?);
        }
    }
    eprintln!("startup (empty module): ours {:.3} s, upstream {:.3} s", ours.wall(), upstream.wall());
    Ok((ours.wall(), upstream.wall()))
}

/// Runs the shape benchmark; the arguments follow `shapes`.
pub fn run(arguments: impl Iterator<Item = String>) -> Result<(), String> {
    let options = parse_options(arguments)?;
    if options.list {
        for shape in SHAPES {
            println!("{:<22} N = {} {}: {}", shape.name, shape.default_size, shape.unit, shape.description);
        }
        return Ok(());
    }
    for tool in [&options.ours, &options.upstream] {
        if !options.generate_only && !tool.program.is_file() {
            return Err(format!(
                "{} tool not found: {} (scripts/bench-shapes builds the release binaries)",
                tool.name,
                tool.program.display()
            ));
        }
    }
    if !options.generate_only && !Path::new(GNU_TIME).is_file() {
        return Err(format!("{GNU_TIME} not found: install Debian's package `time`"));
    }
    fs::create_dir_all(&options.out).map_err(|error| format!("{}: {error}", options.out.display()))?;
    let startup = if options.generate_only { (f64::NAN, f64::NAN) } else { startup(&options)? };
    let mut results = Vec::new();
    for &shape in &options.shapes {
        let n = options.size.unwrap_or(((shape.default_size as f64 * options.scale).round() as usize).max(2));
        let inputs = [write_input(&options.out, shape, n)?, write_input(&options.out, shape, 2 * n)?];
        if options.generate_only {
            continue;
        }
        for input in &inputs {
            check(&options, input)?;
        }
        let mut runs: [[Runs; 2]; 2] = Default::default();
        for rep in 0..options.reps {
            for (index, input) in inputs.iter().enumerate() {
                let [ours, upstream] = &mut runs[index];
                // Alternate who goes first, so that neither always runs on a
                // machine warmed (or loaded) by the other.
                let order: [(&Tool, &mut Runs); 2] = if (rep + index) % 2 == 0 {
                    [(&options.ours, ours), (&options.upstream, upstream)]
                } else {
                    [(&options.upstream, upstream), (&options.ours, ours)]
                };
                for (tool, runs) in order {
                    runs.convert.push(tool.measure(Mode::Convert, &input.path, &options.out)?);
                }
            }
            let last = |runs: &Runs| runs.convert.last().map_or(f64::NAN, |s| s.wall);
            eprintln!(
                "{} rep {}/{}: N ours {:.3} s, upstream {:.3} s; 2N ours {:.3} s, upstream {:.3} s",
                shape.name,
                rep + 1,
                options.reps,
                last(&runs[0][0]),
                last(&runs[0][1]),
                last(&runs[1][0]),
                last(&runs[1][1]),
            );
        }
        let [[ours_n, upstream_n], [ours_2n, upstream_2n]] = runs;
        let [n_input, two_n_input] = inputs;
        let size = |input: Input, ours, upstream| ShapeRun {
            size: input.size,
            ops: input.ops,
            bytes: input.bytes,
            ours,
            upstream,
        };
        results.push(ShapeResult {
            name: shape.name,
            unit: shape.unit,
            description: shape.description,
            n: size(n_input, ours_n, upstream_n),
            two_n: size(two_n_input, ours_2n, upstream_2n),
            startup,
        });
    }
    if options.generate_only {
        return Ok(());
    }
    let commands = vec![
        format!("{} --convert-spirv-to-llvm FILE -o /dev/null", options.ours.program.display()),
        format!("{} --convert-spirv-to-llvm FILE -o /dev/null", options.upstream.program.display()),
    ];
    let markdown = report::render_shapes(&crate::machine(), options.reps, &commands, &results);
    let path = options.out.join("results.md");
    fs::write(&path, &markdown).map_err(|error| format!("{}: {error}", path.display()))?;
    print!("{markdown}");
    eprintln!("written to {}", path.display());
    Ok(())
}
