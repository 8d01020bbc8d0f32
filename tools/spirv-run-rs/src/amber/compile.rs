//! Shaders of a script to SPIR-V binaries, with the compilers a user
//! already has: glslangValidator (GLSL, HLSL), spirv-as (SPIRV-ASM),
//! clang-22 (OPENCL-C) and spirv-opt (`SHADER_OPTIMIZATION`), found on
//! `PATH`.

use std::{
    ffi::OsString,
    path::{Path, PathBuf},
    process::Command,
    sync::atomic::{AtomicU32, Ordering},
};

use super::parser::{Shader, ShaderFormat};

/// Amber's target environments: (TARGET_ENV, glslang's --target-env
/// arguments, spirv-as's --target-env). The default is `spv1.0`
/// (`--amber-target-env` sets another, as amber's `-t` does).
const TARGET_ENVS: &[(&str, &[&str], &str)] = &[
    ("spv1.0", &["vulkan1.0"], "spv1.0"),
    ("spv1.1", &["vulkan1.1", "spirv1.1"], "spv1.1"),
    ("spv1.2", &["vulkan1.1", "spirv1.2"], "spv1.2"),
    ("spv1.3", &["vulkan1.1", "spirv1.3"], "spv1.3"),
    ("spv1.4", &["vulkan1.2", "spirv1.4"], "spv1.4"),
    ("spv1.5", &["vulkan1.2", "spirv1.5"], "spv1.5"),
    ("spv1.6", &["vulkan1.3", "spirv1.6"], "spv1.6"),
    ("vulkan1.0", &["vulkan1.0"], "vulkan1.0"),
    ("vulkan1.1", &["vulkan1.1"], "vulkan1.1"),
    ("vulkan1.1spv1.4", &["vulkan1.1", "spirv1.4"], "vulkan1.1spv1.4"),
    ("vulkan1.2", &["vulkan1.2"], "vulkan1.2"),
    ("vulkan1.3", &["vulkan1.3"], "vulkan1.3"),
];

/// A scratch directory for one compilation, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Self, String> {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let path = std::env::temp_dir().join(format!(
            "spirv-run-rs-amber-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&path).map_err(|failure| format!("cannot create '{}': {failure}", path.display()))?;
        Ok(Self(path))
    }

    fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `program` with `arguments`; its output when it fails.
fn run_tool(program: &str, arguments: &[OsString]) -> Result<(), String> {
    let output = Command::new(program)
        .args(arguments)
        .output()
        .map_err(|failure| format!("cannot run {program} (is it installed and on PATH?): {failure}"))?;
    if output.status.success() {
        return Ok(());
    }
    let mut message = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !stderr.trim().is_empty() {
        message.push('\n');
        message.push_str(stderr.trim());
    }
    let lines: Vec<&str> = message.lines().filter(|line| !line.trim().is_empty()).collect();
    Err(format!("{program} failed:\n{}", lines.join("\n")))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|failure| format!("cannot write '{}': {failure}", path.display()))
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|failure| format!("cannot read '{}': {failure}", path.display()))
}

/// `SPIRV-HEX`: bytes as hexadecimal numbers, in order.
fn decode_hex(text: &str) -> Result<Vec<u8>, String> {
    text.split_whitespace()
        .map(|word| {
            let digits = word.trim_start_matches("0x").trim_start_matches("0X");
            u8::from_str_radix(digits, 16).map_err(|_| format!("SPIRV-HEX: '{word}' is not a byte in hexadecimal"))
        })
        .collect()
}

/// `message` of a compiler that read `input`, its `input:LINE` places
/// turned into the places of the shader's source (`script.amber:LINE`, or
/// its `FILE`).
fn relocate(message: String, input: &Path, shader: &Shader, script: &str) -> String {
    let input = input.display().to_string();
    let (file, first_line) = &shader.origin;
    let file = file.as_deref().unwrap_or(script);
    let mut out = String::new();
    let mut rest = message.as_str();
    while let Some(at) = rest.find(&input) {
        out.push_str(&rest[..at]);
        rest = &rest[at + input.len()..];
        let digits: String = rest.strip_prefix(':').unwrap_or("").chars().take_while(char::is_ascii_digit).collect();
        match digits.parse::<usize>() {
            Ok(line) => {
                out.push_str(&format!("{file}:{}", line + first_line - 1));
                rest = &rest[1 + digits.len()..];
            }
            Err(_) => out.push_str(file),
        }
    }
    out.push_str(rest);
    // spirv-as names no file: `error: LINE: COLUMN: message`.
    out.lines()
        .map(|line| {
            let Some((severity, rest)) = line.split_once(": ") else { return line.to_owned() };
            match rest.split_once(": ").and_then(|(number, rest)| Some((number.parse::<usize>().ok()?, rest))) {
                Some((number, rest)) if matches!(severity, "error" | "warning") => {
                    format!("{severity}: {file}:{}:{rest}", number + first_line - 1)
                }
                _ => line.to_owned(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The compilers' target environments of Amber's environment `name`
/// (glslang's, spirv-as's), or an error naming the known ones.
fn target_env(name: &str) -> Result<(&'static [&'static str], &'static str), String> {
    match TARGET_ENVS.iter().find(|(known, _, _)| *known == name) {
        Some(&(_, glslang_envs, as_env)) => Ok((glslang_envs, as_env)),
        None => {
            let known: Vec<&str> = TARGET_ENVS.iter().map(|(name, _, _)| *name).collect();
            Err(format!("unknown target environment '{name}' (known: {})", known.join(", ")))
        }
    }
}

/// Whether `name` is one of Amber's target environments (an error naming
/// the known ones if not).
pub fn check_target_env(name: &str) -> Result<(), String> {
    target_env(name).map(|_| ())
}

/// The SPIR-V binary of `shader` (its entry point `entry`, which HLSL
/// needs), after the spirv-opt `passes`; `default_env` is the target
/// environment when the shader names none; `script` names the script in
/// messages.
pub fn compile(shader: &Shader, entry: &str, passes: &[String], default_env: &str, script: &str) -> Result<Vec<u8>, String> {
    let (glslang_envs, as_env) = target_env(shader.target_env.as_deref().unwrap_or(default_env))?;
    let scratch = Scratch::new()?;
    let output = scratch.file("shader.spv");
    let binary = match shader.format {
        ShaderFormat::SpirvBin => shader.source.clone(),
        ShaderFormat::SpirvHex => decode_hex(&String::from_utf8_lossy(&shader.source))?,
        ShaderFormat::SpirvAsm => {
            let input = scratch.file("shader.spvasm");
            write(&input, &shader.source)?;
            run_tool(
                "spirv-as",
                &["--target-env".into(), as_env.into(), input.clone().into(), "-o".into(), output.clone().into()],
            )
            .map_err(|message| relocate(message, &input, shader, script))?;
            read(&output)?
        }
        ShaderFormat::Glsl | ShaderFormat::Hlsl => {
            let hlsl = shader.format == ShaderFormat::Hlsl;
            let input = scratch.file(if hlsl { "shader.hlsl" } else { "shader.comp" });
            write(&input, &shader.source)?;
            let mut arguments: Vec<OsString> = vec!["-V".into(), "-S".into(), "comp".into()];
            for env in glslang_envs {
                arguments.extend(["--target-env".into(), env.into()]);
            }
            if hlsl {
                arguments.extend(["-D".into(), "-e".into(), entry.into()]);
            }
            arguments.extend([input.clone().into(), "-o".into(), output.clone().into()]);
            run_tool("glslangValidator", &arguments).map_err(|message| relocate(message, &input, shader, script))?;
            read(&output)?
        }
        ShaderFormat::OpenClC => {
            // clang's SPIR-V back end, as the corpus's OpenCL kernels are
            // built (OpenCL C 2.0, -O2): an OpenCL kernel the runner takes
            // as it is, where amber compiles with clspv for Vulkan.
            let input = scratch.file("kernel.cl");
            write(&input, &shader.source)?;
            let arguments: Vec<OsString> = vec![
                "--target=spirv64".into(),
                "-cl-std=CL2.0".into(),
                "-O2".into(),
                "-c".into(),
                // The script's lines, not clang's snippets numbered by the
                // kernel's own lines.
                "-fno-caret-diagnostics".into(),
                input.clone().into(),
                "-o".into(),
                output.clone().into(),
            ];
            run_tool("clang-22", &arguments).map_err(|message| relocate(message, &input, shader, script))?;
            read(&output)?
        }
    };
    if passes.is_empty() {
        return Ok(binary);
    }
    let input = scratch.file("unoptimized.spv");
    write(&input, &binary)?;
    let mut arguments: Vec<OsString> = passes.iter().map(OsString::from).collect();
    arguments.extend([input.into(), "-o".into(), output.clone().into()]);
    run_tool("spirv-opt", &arguments)?;
    read(&output)
}
