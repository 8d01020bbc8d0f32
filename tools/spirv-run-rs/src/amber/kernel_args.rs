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

use super::parser::{ArgRef, ArgValue, BindKind, Binding, BufferAs, ImageBinding, ImageKind, KernelArg};

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

/// The resource kind an argument bound `AS kind` must have.
fn image_resource(kind: ImageKind) -> ResourceKind {
    match kind {
        ImageKind::StorageImage => ResourceKind::StorageImage,
        ImageKind::SampledImage => ResourceKind::SampledImage,
        ImageKind::StorageTexelBuffer => ResourceKind::StorageTexelBuffer,
        ImageKind::UniformTexelBuffer => ResourceKind::UniformTexelBuffer,
        ImageKind::CombinedImageSampler => ResourceKind::CombinedImageSampler,
        ImageKind::Sampler => ResourceKind::Sampler,
    }
}

/// Whether an argument of this kind takes an image (a `Resource::Image`).
pub fn is_image(kind: ResourceKind) -> bool {
    matches!(
        kind,
        ResourceKind::StorageImage
            | ResourceKind::SampledImage
            | ResourceKind::StorageTexelBuffer
            | ResourceKind::UniformTexelBuffer
    )
}

/// An argument of this kind in words, its OpenCL C type's qualifiers.
fn describe_kind(kind: ResourceKind) -> &'static str {
    match kind {
        ResourceKind::GlobalPointer => "a __global or __constant pointer",
        ResourceKind::LocalPointer => "a __local pointer",
        ResourceKind::Sampler => "a sampler",
        ResourceKind::StorageImage => "a write_only or read_write image",
        ResourceKind::SampledImage => "a read_only image",
        ResourceKind::StorageTexelBuffer => "a write_only or read_write image1d_buffer_t",
        ResourceKind::UniformTexelBuffer => "a read_only image1d_buffer_t",
        _ => "a value",
    }
}

/// One `DESCRIPTOR_SET s BINDING b` of an OpenCL-C pipeline: the argument
/// it names (`descriptors`: the arguments clspv gives one, in order).
fn by_binding(descriptors: &[usize], what: &str, set: u32, binding: u32, array: bool) -> Result<usize, String> {
    if set != 0 || array {
        return Err(format!(
            "{what} at set {set} binding {binding}: an OpenCL-C kernel's buffers, images and samplers are at set 0, one binding each"
        ));
    }
    descriptors.get(binding as usize).copied().ok_or_else(|| {
        format!("{what} at binding {binding}: the kernel has {} buffer, image and sampler arguments", descriptors.len())
    })
}

/// Each argument's value: the script's kernel arguments and its
/// descriptor bindings (`bindings` of buffers, `images` of images and
/// samplers) resolved against the kernel's `arguments` (its resources) and
/// parameter `names`. Every argument must get one, of its kind.
pub fn resolve(
    arguments: &[ResourceInfo],
    names: Option<&[String]>,
    given: &[KernelArg],
    bindings: &[Binding],
    images: &[ImageBinding],
) -> Result<Vec<ArgValue>, String> {
    let mut values: Vec<Option<ArgValue>> = vec![None; arguments.len()];
    let descriptors: Vec<usize> =
        (0..arguments.len()).filter(|&index| has_descriptor(arguments[index].kind)).collect();
    let mut by_descriptor = Vec::new();
    for binding in bindings {
        let what = format!("buffer '{}'", binding.buffer);
        let index = by_binding(&descriptors, &what, binding.set, binding.binding, binding.element.is_some())?;
        by_descriptor.push((index, ArgValue::Buffer(binding.buffer.clone(), BufferAs::Pointer(binding.kind)), what));
    }
    for image in images {
        let what = match image.buffers.first() {
            Some(buffer) => format!("buffer '{buffer}'"),
            None => format!("sampler '{}'", image.samplers.join(" ")),
        };
        let index = by_binding(&descriptors, &what, image.set, image.binding, image.array)?;
        let value = match image.kind {
            ImageKind::Sampler => ArgValue::Sampler(image.samplers[0].clone()),
            ImageKind::CombinedImageSampler => {
                return Err(format!(
                    "{what} AS combined_image_sampler: an OpenCL-C kernel takes its image and its sampler as two arguments"
                ));
            }
            kind => ArgValue::Buffer(image.buffers[0].clone(), BufferAs::Image(kind, image.base_level)),
        };
        by_descriptor.push((index, value, what));
    }
    for (index, value, what) in by_descriptor {
        let kind = arguments[index].kind;
        let fits = match &value {
            ArgValue::Buffer(_, BufferAs::Pointer(_)) => kind == ResourceKind::GlobalPointer,
            ArgValue::Buffer(_, BufferAs::Image(image, _)) => image_resource(*image) == kind,
            _ => kind == ResourceKind::Sampler,
        };
        if !fits {
            let bound = match &value {
                ArgValue::Buffer(_, BufferAs::Pointer(BindKind::Storage)) => " AS storage",
                ArgValue::Buffer(_, BufferAs::Pointer(BindKind::Uniform)) => " AS uniform",
                ArgValue::Buffer(_, BufferAs::Image(image, _)) => image.keyword(),
                _ => "",
            };
            let bound = if bound.starts_with(' ') || bound.is_empty() { bound.to_owned() } else { format!(" AS {bound}") };
            return Err(format!("{what} is bound{bound} to argument {index}, which is {}", describe_kind(kind)));
        }
        values[index] = Some(value);
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
            ArgValue::Buffer(_, BufferAs::Any) => argument.kind == ResourceKind::GlobalPointer || is_image(argument.kind),
            ArgValue::Buffer(_, BufferAs::Pointer(_)) => argument.kind == ResourceKind::GlobalPointer,
            ArgValue::Buffer(_, BufferAs::Image(kind, _)) => image_resource(*kind) == argument.kind,
            ArgValue::Sampler(_) => argument.kind == ResourceKind::Sampler,
            ArgValue::Scalar(_, ty) => argument.scalar == Some(*ty),
        };
        if !fits {
            let wanted = match &arg.value {
                ArgValue::Buffer(buffer, BufferAs::Any) => format!("buffer '{buffer}'"),
                ArgValue::Buffer(buffer, BufferAs::Pointer(BindKind::Storage)) => format!("buffer '{buffer}' AS storage"),
                ArgValue::Buffer(buffer, BufferAs::Pointer(BindKind::Uniform)) => format!("buffer '{buffer}' AS uniform"),
                ArgValue::Buffer(buffer, BufferAs::Image(kind, _)) => format!(
                    "buffer '{buffer}' AS {} (for {})",
                    kind.keyword(),
                    describe_kind(image_resource(*kind))
                ),
                ArgValue::Sampler(_) => "a sampler".to_owned(),
                ArgValue::Scalar(_, ty) => describe(*ty),
            };
            let is = match argument.scalar {
                Some(ty) => describe(ty),
                None => describe_kind(argument.kind).to_owned(),
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
