//! VkScript's compute subset (google/amber docs/vk_script.md, VkRunner's
//! format) translated into the same [`Script`] as AmberScript:
//! `[require]`, `[compute shader]` (GLSL, `spirv`, `spirv hex`), and
//! `[test]` with `ssbo`, `uniform ubo`, `uniform` (push constants),
//! `compute`, `probe ssbo`, `tolerance` and `compute entrypoint`.

use std::collections::{BTreeMap, HashMap};

use super::{
    layout::{Format, Layout, Scalar, Type},
    parser::{
        Attach, BindKind, Binding, BufferDecl, COMPARATORS, Check, Command, ParseError, Pipeline, Script, Shader,
        ShaderFormat, Tolerance,
    },
    values::{Num, encode},
};

/// Whether `text` is VkScript: its first line that is not a comment is a
/// `[section]` header.
pub fn is_vkscript(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
        .is_some_and(|line| line.starts_with('['))
}

/// VkScript's scalar names and vector prefixes (`ivec3`: `ivec`, int32).
const SCALARS: &[(&str, &str, Scalar)] = &[
    ("int", "ivec", Scalar::I32),
    ("uint", "uvec", Scalar::U32),
    ("int8_t", "i8vec", Scalar::I8),
    ("uint8_t", "u8vec", Scalar::U8),
    ("int16_t", "i16vec", Scalar::I16),
    ("uint16_t", "u16vec", Scalar::U16),
    ("int64_t", "i64vec", Scalar::I64),
    ("uint64_t", "u64vec", Scalar::U64),
    ("float16_t", "f16vec", Scalar::F16),
    ("float", "vec", Scalar::F32),
    ("double", "dvec", Scalar::F64),
];

/// A VkScript data type (`uvec4`, `mat3x2`, `dmat4`, `int64_t`).
fn data_type(name: &str) -> Option<Type> {
    let dimension = |text: &str| text.parse::<u32>().ok().filter(|value| (2..=4).contains(value));
    for &(scalar_name, vector, scalar) in SCALARS {
        if name == scalar_name {
            return Some(Type::Scalar(scalar));
        }
        if let Some(count) = name.strip_prefix(vector) {
            return Some(Type::Vector(scalar, dimension(count)?));
        }
    }
    let (scalar, shape) = match name.strip_prefix("dmat") {
        Some(shape) => (Scalar::F64, shape),
        None => (Scalar::F32, name.strip_prefix("mat")?),
    };
    let (columns, rows) = match shape.split_once('x') {
        Some((columns, rows)) => (dimension(columns)?, dimension(rows)?),
        None => (dimension(shape)?, dimension(shape)?),
    };
    Some(Type::Matrix { scalar, columns, rows })
}

/// The sections of a script: (header line, header, lines with their numbers).
type Section<'a> = (usize, String, Vec<(usize, &'a str)>);

fn sections(text: &str) -> Vec<Section<'_>> {
    let mut sections: Vec<Section<'_>> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && trimmed.ends_with(']') {
            sections.push((index + 1, trimmed[1..trimmed.len() - 1].trim().to_owned(), Vec::new()));
        } else if let Some((_, _, lines)) = sections.last_mut() {
            lines.push((index + 1, line));
        }
    }
    sections
}

/// Lines without comments, `\` continuations joined: (line, words).
fn statements(lines: &[(usize, &str)]) -> Vec<(usize, Vec<String>)> {
    let mut statements: Vec<(usize, Vec<String>)> = Vec::new();
    let mut continued = false;
    for &(number, line) in lines {
        let code = line.split('#').next().unwrap_or("");
        let (code, continues) = match code.trim_end().strip_suffix('\\') {
            Some(code) => (code, true),
            None => (code, false),
        };
        // `(1.0, 2.0)` in probes: parentheses and commas separate words.
        let words: Vec<String> = code
            .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
            .filter(|word| !word.is_empty())
            .map(str::to_owned)
            .collect();
        match statements.last_mut() {
            Some((_, previous)) if continued => previous.extend(words),
            _ if !words.is_empty() => statements.push((number, words)),
            _ => {}
        }
        continued = continues;
    }
    statements
}

/// `N` (set 0) or `S:N`.
fn slot(text: &str) -> Option<(u32, u32)> {
    match text.split_once(':') {
        Some((set, binding)) => Some((set.parse().ok()?, binding.parse().ok()?)),
        None => Some((0, text.parse().ok()?)),
    }
}

struct Builder {
    script: Script,
    /// Buffers by slot, and their kind.
    slots: BTreeMap<(u32, u32), (String, BindKind)>,
    tolerances: Vec<Tolerance>,
    entry: String,
    /// Pipelines by entry point.
    pipelines: HashMap<String, String>,
}

type Parsed<T> = Result<T, ParseError>;

fn syntax<T>(line: usize, message: impl Into<String>) -> Parsed<T> {
    Err(ParseError::Syntax { line, message: message.into() })
}

fn unsupported<T>(line: usize, reason: impl Into<String>) -> Parsed<T> {
    Err(ParseError::Unsupported { line, reason: reason.into() })
}

impl Builder {
    /// The buffer at `slot_text` (created at its first use).
    fn buffer(&mut self, line: usize, slot_text: &str, kind: BindKind) -> Parsed<String> {
        let Some(key) = slot(slot_text) else {
            return syntax(line, format!("'{slot_text}' is not a binding (N or SET:N)"));
        };
        if let Some((name, existing)) = self.slots.get(&key) {
            if *existing != kind {
                return syntax(line, format!("binding {slot_text} is used as both a uniform and a storage buffer"));
            }
            return Ok(name.clone());
        }
        let name = format!("{} {}:{}", if kind == BindKind::Storage { "ssbo" } else { "ubo" }, key.0, key.1);
        self.script
            .buffers
            .insert(name.clone(), BufferDecl { format: Err("raw bytes".into()), bytes: Vec::new(), shape: None });
        self.slots.insert(key, (name.clone(), kind));
        Ok(name)
    }

    /// `TYPE OFFSET values...` as the bytes to write at OFFSET.
    fn typed_values(&self, line: usize, words: &[String], layout: Layout) -> Parsed<(u64, Vec<u8>, Format)> {
        let [type_name, offset, values @ ..] = words else {
            return syntax(line, "expected TYPE OFFSET VALUES...");
        };
        let Some(ty) = data_type(type_name) else {
            return syntax(line, format!("unknown data type '{type_name}'"));
        };
        let format = Format::of(&ty, false, layout, type_name);
        let Some(Num::Int(offset)) = Num::parse(offset) else {
            return syntax(line, format!("'{offset}' is not an offset"));
        };
        let values = numbers(line, values)?;
        if values.is_empty() || values.len() % format.fields.len() != 0 {
            return syntax(line, format!("the values must fill whole {type_name}s"));
        }
        let bytes = encode(&format, &values, None).or_else(|message| syntax(line, message))?;
        Ok((offset.max(0) as u64, bytes, format))
    }

    fn test(&mut self, line: usize, words: &[String]) -> Parsed<()> {
        let word = |index: usize| words.get(index).map(String::as_str).unwrap_or("");
        match (word(0), word(1)) {
            ("ssbo", _) => {
                let buffer = self.buffer(line, word(1), BindKind::Storage)?;
                if word(2) == "subdata" {
                    let (offset, bytes, _) = self.typed_values(line, &words[3..], Layout::Std430)?;
                    self.script.commands.push(Command::Write { buffer, offset, bytes });
                } else {
                    let Some(Num::Int(len)) = Num::parse(word(2)) else {
                        return syntax(line, "expected ssbo BINDING SIZE or ssbo BINDING subdata ...");
                    };
                    self.script.commands.push(Command::Resize { buffer, len: len.max(0) as u64 });
                }
            }
            ("uniform", "ubo") => {
                let buffer = self.buffer(line, word(2), BindKind::Uniform)?;
                let (offset, bytes, _) = self.typed_values(line, &words[3..], Layout::Std140)?;
                self.script.commands.push(Command::Write { buffer, offset, bytes });
            }
            ("uniform", _) => {
                let (offset, bytes, _) = self.typed_values(line, &words[1..], Layout::Std430)?;
                let buffer = "push constants".to_owned();
                self.script.commands.push(Command::Write { buffer, offset, bytes });
            }
            ("compute", "entrypoint") => self.entry = word(2).to_owned(),
            ("compute", _) => {
                let mut groups = [1u32; 3];
                for (axis, group) in groups.iter_mut().enumerate() {
                    match word(1 + axis).parse() {
                        Ok(value) => *group = value,
                        Err(_) => return syntax(line, "expected compute X Y Z"),
                    }
                }
                let count = self.pipelines.len();
                let pipeline =
                    self.pipelines.entry(self.entry.clone()).or_insert_with(|| format!("pipeline {count}")).clone();
                self.script.commands.push(Command::Run { line, pipeline, groups });
            }
            ("probe", "ssbo") => {
                let buffer = self.buffer(line, word(3), BindKind::Storage)?;
                let Some(ty) = data_type(word(2)) else {
                    return syntax(line, format!("unknown data type '{}'", word(2)));
                };
                let Some(Num::Int(offset)) = Num::parse(word(4)) else {
                    return syntax(line, format!("'{}' is not an offset", word(4)));
                };
                let (comparator, tolerances) = match word(5) {
                    "~=" => (super::parser::Comparator::Eq, self.tolerances.clone()),
                    symbol => match COMPARATORS.iter().find(|(_, _, known)| *known == symbol) {
                        Some(&(_, comparator, _)) => (comparator, Vec::new()),
                        None => return syntax(line, format!("unknown comparison '{symbol}'")),
                    },
                };
                let values = numbers(line, &words[6..])?;
                let format = Format::of(&ty, false, Layout::Std430, word(2));
                if values.is_empty() || values.len() % format.fields.len() != 0 {
                    return syntax(line, format!("the values must fill whole {}s", word(2)));
                }
                let check = Check::Values {
                    offset: offset.max(0) as u64,
                    tolerances,
                    comparator,
                    values,
                    format: Some(format),
                };
                self.script.commands.push(Command::Expect { line, buffer, check });
            }
            ("tolerance", _) => {
                self.tolerances.clear();
                for text in &words[1..] {
                    let (number, percent) = match text.strip_suffix('%') {
                        Some(number) => (number, true),
                        None => (text.as_str(), false),
                    };
                    let Some(value) = Num::parse(number) else {
                        return syntax(line, format!("'{text}' is not a tolerance"));
                    };
                    self.tolerances.push(Tolerance { value: value.as_f64(), percent });
                }
            }
            ("probe" | "draw" | "clear" | "relative", _) => {
                return unsupported(line, format!("'{}': graphics commands are not supported", words.join(" ")));
            }
            (other, _) => return syntax(line, format!("unknown test command '{other}'")),
        }
        Ok(())
    }
}

fn numbers(line: usize, words: &[String]) -> Parsed<Vec<Num>> {
    words
        .iter()
        .map(|word| match Num::parse(word) {
            Some(number) => Ok(number),
            None => syntax(line, format!("'{word}' is not a number")),
        })
        .collect()
}

/// Parses VkScript `text` into a [`Script`].
pub fn parse(text: &str) -> Result<Script, ParseError> {
    let mut builder = Builder {
        script: Script::default(),
        slots: BTreeMap::new(),
        tolerances: Vec::new(),
        entry: "main".into(),
        pipelines: HashMap::new(),
    };
    builder.script.buffers.insert(
        "push constants".into(),
        BufferDecl { format: Err("raw bytes".into()), bytes: Vec::new(), shape: None },
    );
    let mut shader = None;
    for (line, header, lines) in sections(text) {
        let words: Vec<&str> = header.split_whitespace().collect();
        match words.as_slice() {
            ["require"] => {
                for (line, words) in statements(&lines) {
                    match words[0].as_str() {
                        "framebuffer" | "depthstencil" | "fbsize" => {}
                        "subgroup_size" if words.get(1).map(String::as_str) != Some("1") => {
                            return unsupported(line, "a subgroup size other than 1 is required");
                        }
                        _ => builder.script.requirements.push(format!("require {}", words.join(" "))),
                    }
                }
            }
            ["compute", "shader", format @ ..] => {
                let format = match format {
                    [] => ShaderFormat::Glsl,
                    ["spirv"] => ShaderFormat::SpirvAsm,
                    ["spirv", "hex"] => ShaderFormat::SpirvHex,
                    _ => return syntax(line, format!("unknown shader section [{header}]")),
                };
                if shader.is_some() {
                    return syntax(line, "a second compute shader");
                }
                let source: String = lines.iter().map(|(_, text)| format!("{text}\n")).collect();
                shader = Some(Shader {
                    name: "compute".into(),
                    line,
                    format,
                    target_env: None,
                    source: source.into_bytes(),
                    origin: (None, line + 1),
                });
            }
            // Free text, skipped as amber's section parser skips it.
            ["comment"] => {}
            ["test"] => {
                for (line, words) in statements(&lines) {
                    builder.test(line, &words)?;
                }
            }
            _ => return unsupported(line, format!("[{header}]: only compute shaders run here (no graphics)")),
        }
    }
    let Some(shader) = shader else {
        return syntax(1, "no [compute shader] section");
    };
    let bindings: Vec<Binding> = builder
        .slots
        .iter()
        .map(|(&(set, binding), (buffer, kind))| Binding {
            buffer: buffer.clone(),
            kind: *kind,
            set,
            binding,
            element: None,
            offset: 0,
            range: None,
        })
        .collect();
    for (entry, name) in &builder.pipelines {
        builder.script.pipelines.insert(
            name.clone(),
            Pipeline {
                name: name.clone(),
                attach: Some(Attach { shader: shader.name.clone(), entry: entry.clone(), specs: Vec::new() }),
                bindings: bindings.clone(),
                images: Vec::new(),
                push_constant: Some("push constants".into()),
                optimizations: HashMap::new(),
                subgroup_size: None,
                kernel_args: Vec::new(),
            },
        );
    }
    builder.script.shaders.insert(shader.name.clone(), shader);
    Ok(builder.script)
}
