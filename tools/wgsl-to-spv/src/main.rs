//! `wgsl-to-spv INPUT.wgsl OUTPUT.spv [--override NAME=VALUE,...]
//! [--bounds-checks restrict] [--spirv-version X.Y]`: a WGSL compute
//! program to a SPIR-V module (version 1.0 unless asked: subgroup
//! operations need 1.3)
//! with naga, as wgpu compiles one for Vulkan. Overrides are resolved here
//! (naga writes no specialization constants), from `--override` (names or
//! `@id` numbers) and the defaults. `--bounds-checks restrict` clamps every
//! index, buffer access and image load into bounds, as wgpu asks naga to
//! for a device without robustBufferAccess2. Exit status 1 with naga's
//! located diagnostic on any error.

use std::process::ExitCode;

use naga::back::spv;
use naga::proc::{BoundsCheckPolicies, BoundsCheckPolicy};
use naga::valid::{Capabilities, ShaderStages, SubgroupOperationSet, ValidationFlags, Validator};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut paths = Vec::new();
    let mut overrides = naga::back::PipelineConstants::default();
    let mut restrict = false;
    let mut version = (1, 0);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--override" => {
                let pairs = args
                    .next()
                    .ok_or("wgsl-to-spv: --override needs NAME=VALUE,...")?;
                for pair in pairs.split(',') {
                    let (name, value) = pair
                        .split_once('=')
                        .ok_or_else(|| format!("wgsl-to-spv: --override {pair}: not NAME=VALUE"))?;
                    let value: f64 = value.parse().map_err(|_| {
                        format!("wgsl-to-spv: --override {pair}: '{value}' is not a number")
                    })?;
                    overrides.insert(name.to_string(), value);
                }
            }
            "--bounds-checks" => match args.next().as_deref() {
                Some("restrict") => restrict = true,
                Some("unchecked") => restrict = false,
                other => {
                    return Err(format!(
                        "wgsl-to-spv: --bounds-checks {other:?}: restrict or unchecked"
                    ));
                }
            },
            "--spirv-version" => {
                let text = args.next().unwrap_or_default();
                version = text
                    .split_once('.')
                    .and_then(|(major, minor)| Some((major.parse().ok()?, minor.parse().ok()?)))
                    .ok_or_else(|| format!("wgsl-to-spv: --spirv-version '{text}': not X.Y"))?;
            }
            _ if arg.starts_with('-') => return Err(format!("wgsl-to-spv: unknown option {arg}")),
            _ => paths.push(arg),
        }
    }
    let [input, output] = paths.as_slice() else {
        return Err("usage: wgsl-to-spv INPUT.wgsl OUTPUT.spv [--override NAME=VALUE,...] [--bounds-checks restrict] [--spirv-version X.Y]".into());
    };
    let source = std::fs::read_to_string(input)
        .map_err(|error| format!("wgsl-to-spv: cannot read {input}: {error}"))?;
    let module = naga::front::wgsl::parse_str(&source)
        .map_err(|error| error.emit_to_string_with_path(&source, input))?;
    // Every capability: what the program may use is the corpus's choice
    // (f16, 8-bit dot products...); lavapipe has them all.
    let info = Validator::new(ValidationFlags::all(), Capabilities::all())
        .subgroup_stages(ShaderStages::all())
        .subgroup_operations(SubgroupOperationSet::all())
        .validate(&module)
        .map_err(|error| error.emit_to_string_with_path(&source, input))?;
    let (module, info) =
        naga::back::pipeline_constants::process_overrides(&module, &info, None, &overrides)
            .map_err(|error| format!("{input}: overrides: {error}"))?;
    let policy = if restrict {
        BoundsCheckPolicy::Restrict
    } else {
        BoundsCheckPolicy::Unchecked
    };
    let options = spv::Options {
        bounds_check_policies: BoundsCheckPolicies {
            index: policy,
            buffer: policy,
            image_load: policy,
            binding_array: BoundsCheckPolicy::Unchecked,
        },
        lang_version: version,
        ..spv::Options::default()
    };
    let words = spv::write_vec(&module, &info, &options, None)
        .map_err(|error| format!("{input}: SPIR-V: {error}"))?;
    let bytes: Vec<u8> = words.iter().flat_map(|word| word.to_le_bytes()).collect();
    std::fs::write(output, bytes)
        .map_err(|error| format!("wgsl-to-spv: cannot write {output}: {error}"))
}
