//! OpenCL-C pipelines: which kernel argument each `BIND ... KERNEL`, `SET
//! KERNEL` and `DESCRIPTOR_SET 0 BINDING n` of a script gives a value.
//!
//! amber compiles `OPENCL-C` shaders with clspv, which turns the kernel's
//! arguments into Vulkan descriptors (buffers, images and samplers at set
//! 0, one binding each in argument order) and push constants (arguments by
//! value). The runner takes OpenCL kernels as they are, so the script's
//! values go straight to the arguments: by name (`ARG_NAME`, read from the
//! kernel's source), by number (`ARG_NUMBER`), or by binding, the n-th
//! argument that clspv would give a descriptor.

use spirv_opt_passes::specialize::SpecValue;
use spirv_run::{ResourceInfo, ResourceKind, ScalarType};

use super::parser::{ArgRef, ArgValue, Binding, KernelArg};

/// The names of the parameters of kernel `entry` in OpenCL C `source`, in
/// order; `None` when no `kernel`/`__kernel` function of that name is
/// found.
pub fn parameter_names(source: &str, entry: &str) -> Option<Vec<String>> {
    let code = strip_comments(source);
    let mut from = 0;
    while let Some(found) = code[from..].find(entry) {
        let at = from + found;
        from = at + entry.len();
        let before_ok = code[..at].chars().next_back().is_none_or(|c| !is_identifier(c));
        let rest = code[at + entry.len()..].trim_start();
        if !before_ok || !rest.starts_with('(') {
            continue;
        }
        // A kernel's declaration: `kernel` or `__kernel` since the last
        // statement or block ended.
        let start = code[..at].rfind([';', '}', '{']).map_or(0, |end| end + 1);
        let head = &code[start..at];
        if !head.split(|c: char| !is_identifier(c)).any(|word| word == "kernel" || word == "__kernel") {
            continue;
        }
        let list = &rest[1..];
        let mut depth = 0usize;
        let mut end = None;
        for (index, c) in list.char_indices() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' if depth > 0 => depth -= 1,
                ')' => {
                    end = Some(index);
                    break;
                }
                _ => {}
            }
        }
        let list = &list[..end?];
        if list.trim().is_empty() || list.trim() == "void" {
            return Some(Vec::new());
        }
        return split_top_level(list).iter().map(|parameter| last_identifier(parameter)).collect();
    }
    None
}

fn is_identifier(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `source` with `//` and `/* */` comments blanked out.
fn strip_comments(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('/', Some('/')) => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            ('/', Some('*')) => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
                out.push(' ');
            }
            _ => out.push(c),
        }
    }
    out
}

/// `list` split at the commas outside brackets.
fn split_top_level(list: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (index, c) in list.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&list[start..index]);
                start = index + 1;
            }
            _ => {}
        }
    }
    parts.push(&list[start..]);
    parts
}

/// A parameter's name: its last identifier outside brackets
/// (`global int* restrict in`, `float a[4]`).
fn last_identifier(parameter: &str) -> Option<String> {
    let outside = match parameter.find('[') {
        Some(at) => &parameter[..at],
        None => parameter,
    };
    let name: String = outside.trim_end().chars().rev().take_while(|&c| is_identifier(c)).collect();
    let name: String = name.chars().rev().collect();
    (!name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit())).then_some(name)
}

/// Whether clspv gives an argument of this kind a descriptor (set 0, the
/// next binding): buffers, images and samplers; not arguments by value
/// (push constants) nor `__local` ones (specialization constants).
fn has_descriptor(kind: ResourceKind) -> bool {
    matches!(
        kind,
        ResourceKind::GlobalPointer
            | ResourceKind::StorageImage
            | ResourceKind::SampledImage
            | ResourceKind::Sampler
            | ResourceKind::StorageTexelBuffer
            | ResourceKind::UniformTexelBuffer
    )
}

/// clspv's workgroup size: specialization constants 0, 1 and 2 (x, y, z;
/// 1 where not given), or `None` when `specs` sets none of them.
pub fn workgroup_size(specs: &[(u32, SpecValue)]) -> Option<[u32; 3]> {
    let mut size = [1u32; 3];
    let mut any = false;
    for (id, value) in specs {
        if let (Some(slot), SpecValue::Integer(value)) = (size.get_mut(*id as usize), value) {
            *slot = u32::try_from(*value).unwrap_or(0);
            any = true;
        }
    }
    any.then_some(size)
}

/// `a 32-bit float`, `a 64-bit integer`.
fn describe(ty: ScalarType) -> String {
    match ty {
        ScalarType::Integer { bits } => format!("a {bits}-bit integer"),
        ScalarType::Float { bits } => format!("a {bits}-bit float"),
    }
}

/// Each argument's value: the script's kernel arguments and its
/// descriptor bindings resolved against the kernel's `arguments` (its
/// resources) and parameter `names`. Every argument must get one.
pub fn resolve(
    arguments: &[ResourceInfo],
    names: Option<&[String]>,
    given: &[KernelArg],
    bindings: &[Binding],
) -> Result<Vec<ArgValue>, String> {
    let mut values: Vec<Option<ArgValue>> = vec![None; arguments.len()];
    let descriptors: Vec<usize> =
        (0..arguments.len()).filter(|&index| has_descriptor(arguments[index].kind)).collect();
    for binding in bindings {
        if binding.set != 0 || binding.element.is_some() {
            return Err(format!(
                "buffer '{}' at set {} binding {}: an OpenCL-C kernel's buffers are at set 0, one binding each",
                binding.buffer, binding.set, binding.binding
            ));
        }
        let Some(&index) = descriptors.get(binding.binding as usize) else {
            return Err(format!(
                "buffer '{}' at binding {}: the kernel has {} buffer, image and sampler arguments",
                binding.buffer,
                binding.binding,
                descriptors.len()
            ));
        };
        values[index] = Some(ArgValue::Buffer(binding.buffer.clone()));
    }
    for arg in given {
        let index = match &arg.arg {
            ArgRef::Number(number) => *number as usize,
            ArgRef::Name(name) => {
                let names = names.ok_or_else(|| {
                    format!("line {}: KERNEL {}: the kernel's parameter names were not found in its source", arg.line, arg.arg)
                })?;
                names.iter().position(|known| known == name).ok_or_else(|| {
                    format!("line {}: KERNEL {}: the kernel has no such argument ({})", arg.line, arg.arg, names.join(", "))
                })?
            }
        };
        let Some(argument) = arguments.get(index) else {
            return Err(format!("line {}: KERNEL {}: the kernel has {} arguments", arg.line, arg.arg, arguments.len()));
        };
        let fits = match &arg.value {
            ArgValue::Buffer(_) => matches!(
                argument.kind,
                ResourceKind::GlobalPointer | ResourceKind::StorageImage | ResourceKind::SampledImage
            ),
            ArgValue::Sampler(_) => argument.kind == ResourceKind::Sampler,
            ArgValue::Scalar(_, ty) => argument.scalar == Some(*ty),
        };
        if !fits {
            let wanted = match &arg.value {
                ArgValue::Buffer(_) => "a buffer or an image".to_owned(),
                ArgValue::Sampler(_) => "a sampler".to_owned(),
                ArgValue::Scalar(_, ty) => describe(*ty),
            };
            let is = match (argument.scalar, argument.kind) {
                (Some(ty), _) => describe(ty),
                (None, ResourceKind::GlobalPointer) => "a __global or __constant pointer".to_owned(),
                (None, ResourceKind::LocalPointer) => "a __local pointer".to_owned(),
                (None, ResourceKind::Sampler) => "a sampler".to_owned(),
                (None, _) => "an image".to_owned(),
            };
            return Err(format!("line {}: KERNEL {}: argument {index} is {is}, given {wanted}", arg.line, arg.arg));
        }
        values[index] = Some(arg.value.clone());
    }
    values
        .into_iter()
        .enumerate()
        .map(|(index, value)| {
            value.ok_or_else(|| {
                let name = names.and_then(|names| names.get(index)).map_or(String::new(), |name| format!(" ({name})"));
                let hint = if arguments[index].kind == ResourceKind::LocalPointer {
                    ": a __local argument, which a script cannot size"
                } else {
                    ""
                };
                format!("kernel argument {index}{name} is given no value{hint}")
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameter_names_of_kernels() {
        let source = "// kernel void line(int nope)\nint helper(int a) { return a; }\n\
            __kernel void line(global int* restrict in, __global int *out,\n int slope, /* int x, */ const int offset) {\n}\n\
            kernel void other(float a[4], int b) {}\n";
        assert_eq!(
            parameter_names(source, "line"),
            Some(vec!["in".to_owned(), "out".to_owned(), "slope".to_owned(), "offset".to_owned()])
        );
        assert_eq!(parameter_names(source, "other"), Some(vec!["a".to_owned(), "b".to_owned()]));
        assert_eq!(parameter_names(source, "helper"), None);
        assert_eq!(parameter_names("kernel void empty(void) {}", "empty"), Some(Vec::new()));
        assert_eq!(parameter_names(source, "missing"), None);
    }
}
