//! AmberScript's compute subset parsed into a typed [`Script`]
//! (google/amber docs/amber_script.md), images and samplers included.
//! Graphics, ray tracing, multisampled images and OpenCL-C are recognized
//! and reported as unsupported (the script is skipped), anything else
//! unknown is a located syntax error.

use std::{collections::HashMap, path::Path, rc::Rc};

use spirv_opt_passes::specialize::SpecValue;
use spirv_run::{
    Sampler,
    image::{full_chain, level_extent},
};
use thiserror::Error;

use super::{
    layout::{Format, Layout, Member, StructType, Type, builtin_type},
    probe::Probe,
    tokens::{Token, Tokens},
    values::{Num, encode},
};

/// Why a script cannot run.
#[derive(Debug, Error, PartialEq)]
pub enum ParseError {
    /// The script is malformed: the line and what is wrong.
    #[error("{line}: error: {message}")]
    Syntax {
        /// The line (1-based).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The script asks for what this runner does not do (graphics, images,
    /// a subgroup size other than 1): it is skipped, as a device without
    /// the feature skips it.
    #[error("line {line}: {reason}")]
    Unsupported {
        /// The line (1-based).
        line: usize,
        /// What is missing.
        reason: String,
    },
}

/// A shader's source language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShaderFormat {
    /// `GLSL` (glslangValidator).
    Glsl,
    /// `HLSL` (glslangValidator -D).
    Hlsl,
    /// `SPIRV-ASM` (spirv-as).
    SpirvAsm,
    /// `SPIRV-HEX`: the binary's bytes in hexadecimal.
    SpirvHex,
    /// `SPIRV-BIN`: a binary `FILE`.
    SpirvBin,
    /// `OPENCL-C`: an OpenCL C program (clang-22, for the runner's OpenCL
    /// kernels: amber's clspv is not needed; docs/amber.md).
    OpenClC,
}

/// A `SHADER compute` declaration.
#[derive(Debug, Clone)]
pub struct Shader {
    /// Its name.
    pub name: String,
    /// The line it is declared on.
    pub line: usize,
    /// Its language.
    pub format: ShaderFormat,
    /// `TARGET_ENV`, when given.
    pub target_env: Option<String>,
    /// The source text, or the binary of `SPIRV-BIN`.
    pub source: Vec<u8>,
    /// Where the source's first line is, for the compilers' messages: a
    /// `FILE` (line 1), or the script (`None`) at this line.
    pub origin: (Option<String>, usize),
}

/// The shape of what can be bound as an image: an `IMAGE`'s dimensions
/// and mip levels, or a `BUFFER`'s `WIDTH` and `HEIGHT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageShape {
    /// Width, height, depth (1 where the image has none).
    pub extent: [u32; 3],
    /// Mip levels; the bytes hold level after level (each halved, at least 1).
    pub levels: u32,
    /// Samples per texel (`SAMPLES`; above 1 a multisampled 2D image of one
    /// level, the samples of a texel one after another: docs/abi.md,
    /// "Multisampled images").
    pub samples: u32,
}

/// A buffer declared by `BUFFER`, or an image by `IMAGE`.
#[derive(Debug, Clone)]
pub struct BufferDecl {
    /// The layout of its elements, or why its `FORMAT` has none.
    pub format: Result<Format, String>,
    /// Its initial bytes.
    pub bytes: Vec<u8>,
    /// Its shape, when it can be bound as an image.
    pub shape: Option<ImageShape>,
}

/// How an image, texel buffer or sampler is bound (`BIND BUFFER ... AS
/// kind`, `BIND SAMPLER`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    /// `storage_image`.
    StorageImage,
    /// `sampled_image`.
    SampledImage,
    /// `combined_image_sampler`.
    CombinedImageSampler,
    /// `uniform_texel_buffer`.
    UniformTexelBuffer,
    /// `storage_texel_buffer`.
    StorageTexelBuffer,
    /// `BIND SAMPLER`.
    Sampler,
}

/// The `AS` keywords of image bindings (data, not code).
pub const IMAGE_KINDS: &[(&str, ImageKind)] = &[
    ("storage_image", ImageKind::StorageImage),
    ("sampled_image", ImageKind::SampledImage),
    ("combined_image_sampler", ImageKind::CombinedImageSampler),
    ("uniform_texel_buffer", ImageKind::UniformTexelBuffer),
    ("storage_texel_buffer", ImageKind::StorageTexelBuffer),
];

impl ImageKind {
    /// Whether it binds texel buffers (no dimensions, no mip levels).
    pub fn is_texel_buffer(self) -> bool {
        matches!(self, Self::UniformTexelBuffer | Self::StorageTexelBuffer)
    }

    /// Its keyword in scripts.
    pub fn keyword(self) -> &'static str {
        IMAGE_KINDS.iter().find(|(_, kind)| *kind == self).map_or("sampler", |(keyword, _)| keyword)
    }
}

/// `BIND BUFFER[_ARRAY] ... AS storage_image | sampled_image |
/// combined_image_sampler SAMPLER s | uniform_texel_buffer |
/// storage_texel_buffer`, or `BIND SAMPLER[_ARRAY]`.
#[derive(Debug, Clone)]
pub struct ImageBinding {
    /// What is bound.
    pub kind: ImageKind,
    /// The descriptor set.
    pub set: u32,
    /// The binding.
    pub binding: u32,
    /// The images or texel buffers (buffers' names), one per element; none
    /// for a sampler.
    pub buffers: Vec<String>,
    /// The samplers: one per element of `BIND SAMPLER[_ARRAY]`, or the one
    /// of every element of a combined image sampler.
    pub samplers: Vec<String>,
    /// `BASE_MIP_LEVEL`: the level the shader sees as level 0.
    pub base_level: u32,
    /// `BUFFER_ARRAY` or `SAMPLER_ARRAY`: a descriptor array.
    pub array: bool,
}

/// How a buffer is bound to a pipeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BindKind {
    /// `storage` (and `storage_dynamic`).
    Storage,
    /// `uniform` (and `uniform_dynamic`).
    Uniform,
}

/// `BIND BUFFER ... DESCRIPTOR_SET s BINDING b`.
#[derive(Debug, Clone)]
pub struct Binding {
    /// The buffer's name.
    pub buffer: String,
    /// Storage or uniform (dynamic ones are these with an offset).
    pub kind: BindKind,
    /// The descriptor set.
    pub set: u32,
    /// The binding.
    pub binding: u32,
    /// Its element, for a `BUFFER_ARRAY` (a descriptor array of buffers).
    pub element: Option<u32>,
    /// The byte offset the shader sees the buffer from (`OFFSET` of a
    /// dynamic buffer plus `DESCRIPTOR_OFFSET`).
    pub offset: u64,
    /// `DESCRIPTOR_RANGE`: the bytes the shader sees (`None`: the rest).
    pub range: Option<u64>,
}

/// `ATTACH shader [ENTRY_POINT e] [SPECIALIZE id AS type value]...`.
#[derive(Debug, Clone)]
pub struct Attach {
    /// The shader's name.
    pub shader: String,
    /// The entry point (default `main`).
    pub entry: String,
    /// Specialization constants.
    pub specs: Vec<(u32, SpecValue)>,
}

/// A `PIPELINE compute` (or `DERIVE_PIPELINE`).
#[derive(Debug, Clone, Default)]
pub struct Pipeline {
    /// Its name.
    pub name: String,
    /// The compute shader.
    pub attach: Option<Attach>,
    /// Buffer bindings.
    pub bindings: Vec<Binding>,
    /// Image, texel buffer and sampler bindings.
    pub images: Vec<ImageBinding>,
    /// The push-constant buffer's name.
    pub push_constant: Option<String>,
    /// `SHADER_OPTIMIZATION` passes (spirv-opt flags), by shader name.
    pub optimizations: HashMap<String, Vec<String>>,
    /// `SUBGROUP ... REQUIRED_SIZE n`: the subgroup size the shader must run
    /// with (docs/abi.md, "Subgroups").
    pub subgroup_size: Option<u32>,
    /// An OpenCL-C kernel's arguments (`BIND ... KERNEL`, `SET KERNEL`),
    /// the last one given for an argument winning.
    pub kernel_args: Vec<KernelArg>,
}

/// The argument `KERNEL ARG_NAME name` or `KERNEL ARG_NUMBER n` names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgRef {
    /// By its name in the kernel's source.
    Name(String),
    /// By its position, from 0.
    Number(u32),
}

impl std::fmt::Display for ArgRef {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Name(name) => write!(formatter, "ARG_NAME {name}"),
            Self::Number(number) => write!(formatter, "ARG_NUMBER {number}"),
        }
    }
}

/// What a script says a buffer given to an OpenCL-C kernel argument is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BufferAs {
    /// `BIND BUFFER b KERNEL ...` (no `AS`): whatever the argument is, a
    /// pointer or an image (amber takes the kind from clspv's map).
    Any,
    /// `AS storage` or `AS uniform`: a `__global` or `__constant` pointer.
    Pointer(BindKind),
    /// `AS storage_image` (a `write_only` or `read_write` image),
    /// `sampled_image` (a `read_only` one) or a texel buffer kind (an
    /// `image1d_buffer_t`), and the `BASE_MIP_LEVEL` of a binding.
    Image(ImageKind, u32),
}

/// What an OpenCL-C kernel argument is given.
#[derive(Debug, Clone, PartialEq)]
pub enum ArgValue {
    /// `BIND BUFFER b [AS kind] KERNEL ...` (or `DESCRIPTOR_SET 0 BINDING
    /// n`): a `__global` or `__constant` pointer, or an image.
    Buffer(String, BufferAs),
    /// `BIND SAMPLER s KERNEL ...`.
    Sampler(String),
    /// `SET KERNEL ... AS type value`: the value's bytes and its type.
    Scalar(Vec<u8>, spirv_run::ScalarType),
}

/// One `BIND ... KERNEL` or `SET KERNEL`.
#[derive(Debug, Clone, PartialEq)]
pub struct KernelArg {
    /// The argument.
    pub arg: ArgRef,
    /// What it is given.
    pub value: ArgValue,
    /// The script line, for messages.
    pub line: usize,
}

/// A comparison of `EXPECT buf IDX x CMP values`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparator {
    /// `EQ` (`==`; with a tolerance `~=`).
    Eq,
    /// `NE` (`!=`).
    Ne,
    /// `LT` (`<`).
    Lt,
    /// `LE` (`<=`).
    Le,
    /// `GT` (`>`).
    Gt,
    /// `GE` (`>=`).
    Ge,
}

/// Amber's comparator keywords (data, not code).
pub const COMPARATORS: &[(&str, Comparator, &str)] = &[
    ("EQ", Comparator::Eq, "=="),
    ("NE", Comparator::Ne, "!="),
    ("LT", Comparator::Lt, "<"),
    ("LE", Comparator::Le, "<="),
    ("GT", Comparator::Gt, ">"),
    ("GE", Comparator::Ge, ">="),
];

/// A `TOLERANCE` value: absolute, or a percentage of the expected value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tolerance {
    /// The amount.
    pub value: f64,
    /// Whether it is a percentage.
    pub percent: bool,
}

/// What an `EXPECT` checks.
#[derive(Debug, Clone)]
pub enum Check {
    /// `IDX offset [TOLERANCE t...] CMP values...`; `format`: the layout
    /// to read the buffer in, when not its own (VkScript's `probe ssbo`).
    Values { offset: u64, tolerances: Vec<Tolerance>, comparator: Comparator, values: Vec<Num>, format: Option<Format> },
    /// `EQ_BUFFER other`.
    EqBuffer(String),
    /// `RMSE_BUFFER other TOLERANCE t`.
    Rmse(String, f64),
    /// `IDX x y SIZE w h EQ_RGB(A) ...`.
    Probe(Probe),
}

/// A command of the script, run in order.
#[derive(Debug, Clone)]
pub enum Command {
    /// `RUN pipeline x y z`.
    Run { line: usize, pipeline: String, groups: [u32; 3] },
    /// `COPY from TO to`.
    Copy { from: String, to: String },
    /// `EXPECT buffer ...`.
    Expect { line: usize, buffer: String, check: Check },
    /// `REPEAT n ... END`.
    Repeat { count: u32, body: Vec<Command> },
    /// VkScript's `ssbo ... subdata`, `uniform`: bytes written at
    /// `offset`, the buffer grown to hold them.
    Write { buffer: String, offset: u64, bytes: Vec<u8> },
    /// VkScript's `ssbo B SIZE`: the buffer's length in bytes.
    Resize { buffer: String, len: u64 },
}

/// A parsed script.
#[derive(Debug, Default)]
pub struct Script {
    /// Shaders by name.
    pub shaders: HashMap<String, Shader>,
    /// Buffers (and images) by name.
    pub buffers: HashMap<String, BufferDecl>,
    /// Samplers by name.
    pub samplers: HashMap<String, Sampler>,
    /// Pipelines by name.
    pub pipelines: HashMap<String, Pipeline>,
    /// The commands.
    pub commands: Vec<Command>,
    /// `DEVICE_FEATURE`, `DEVICE_EXTENSION`, `INSTANCE_EXTENSION`,
    /// `DEVICE_PROPERTY` and `SET ENGINE_DATA`, as written (recorded).
    pub requirements: Vec<String>,
}

/// Device features a script may require that this runner lacks (the
/// script is skipped); every other one is available or irrelevant to
/// compute.
const UNSUPPORTED_FEATURES: &[&str] = &[
    "RayTracingPipelineFeaturesKHR.rayTracingPipeline",
    "AccelerationStructureFeaturesKHR.accelerationStructure",
    "BufferDeviceAddressFeatures.bufferDeviceAddress",
    "ShaderLongVectorFeaturesEXT.longVector",
];

/// Shader formats by keyword; `None`: known but not available here.
const SHADER_FORMATS: &[(&str, Option<ShaderFormat>)] = &[
    ("GLSL", Some(ShaderFormat::Glsl)),
    ("HLSL", Some(ShaderFormat::Hlsl)),
    ("SPIRV-ASM", Some(ShaderFormat::SpirvAsm)),
    ("SPIRV-HEX", Some(ShaderFormat::SpirvHex)),
    ("SPIRV-BIN", Some(ShaderFormat::SpirvBin)),
    ("OPENCL-C", Some(ShaderFormat::OpenClC)),
];

/// The largest buffer a script may declare (1 GiB).
const MAX_BUFFER_BYTES: u64 = 1 << 30;

/// Commands that only concern graphics or ray tracing: a script using one
/// is skipped.
const GRAPHICS_ONLY: &[&str] = &["ACCELERATION_STRUCTURE", "CLEAR", "CLEAR_COLOR", "CLEAR_DEPTH", "CLEAR_STENCIL"];

/// The sample counts Vulkan has (`SAMPLES`).
const SAMPLE_COUNTS: &[u32] = &[1, 2, 4, 8, 16, 32, 64];

struct Parser<'a> {
    tokens: Tokens<'a>,
    script: Script,
    structs: HashMap<String, Rc<StructType>>,
    /// `VIRTUAL_FILE`s: their text and first line.
    virtual_files: HashMap<String, (String, usize)>,
    directory: &'a Path,
    /// `WIDTH` and `HEIGHT` of the buffer being declared.
    buffer_extent: Option<[u32; 3]>,
}

/// Parses `text`; `FILE` paths are relative to `directory`.
pub fn parse(text: &str, directory: &Path) -> Result<Script, ParseError> {
    if super::vkscript::is_vkscript(text) {
        return super::vkscript::parse(text);
    }
    let mut parser = Parser {
        tokens: Tokens::new(text),
        script: Script::default(),
        structs: HashMap::new(),
        virtual_files: HashMap::new(),
        directory,
        buffer_extent: None,
    };
    parser.script_body()?;
    Ok(parser.script)
}

type Parsed<T> = Result<T, ParseError>;

impl Parser<'_> {
    fn error<T>(&self, message: impl Into<String>) -> Parsed<T> {
        Err(ParseError::Syntax { line: self.tokens.line(), message: message.into() })
    }

    fn unsupported<T>(&self, reason: impl Into<String>) -> Parsed<T> {
        Err(ParseError::Unsupported { line: self.tokens.line(), reason: reason.into() })
    }

    /// The next word of this line, which `what` names.
    fn expect_word(&mut self, what: &str) -> Parsed<String> {
        match self.tokens.word() {
            Some(word) => Ok(word),
            None => self.error(format!("missing {what}")),
        }
    }

    fn expect_keyword(&mut self, keyword: &str, context: &str) -> Parsed<()> {
        if self.tokens.keyword(keyword) { Ok(()) } else { self.error(format!("{context}: expected {keyword}")) }
    }

    fn integer<T: TryFrom<i128>>(&mut self, what: &str) -> Parsed<T> {
        let word = self.expect_word(what)?;
        match Num::parse(&word) {
            Some(Num::Int(value)) => match T::try_from(value) {
                Ok(value) => Ok(value),
                Err(_) => self.error(format!("{what} {word} is out of range")),
            },
            _ => self.error(format!("{what} must be an integer, not '{word}'")),
        }
    }

    fn number(&mut self, what: &str) -> Parsed<Num> {
        let word = self.expect_word(what)?;
        match Num::parse(&word) {
            Some(number) => Ok(number),
            None => self.error(format!("{what} must be a number, not '{word}'")),
        }
    }

    /// The rest of the line must be empty.
    fn end_of_line(&mut self, command: &str) -> Parsed<()> {
        match self.tokens.word() {
            None => Ok(()),
            Some(extra) => self.error(format!("extra parameter '{extra}' after {command}")),
        }
    }

    fn script_body(&mut self) -> Parsed<()> {
        loop {
            match self.tokens.next() {
                Token::Eof => return Ok(()),
                Token::Eol => continue,
                Token::Word(word) => {
                    if let Some(command) = self.repeatable(&word)? {
                        self.script.commands.push(command);
                        continue;
                    }
                    match word.as_str() {
                        "SHADER" => self.shader()?,
                        "BUFFER" => self.buffer()?,
                        "IMAGE" => self.image()?,
                        "SAMPLER" => self.sampler()?,
                        "STRUCT" => self.structure()?,
                        "PIPELINE" => self.pipeline(None)?,
                        "DERIVE_PIPELINE" => {
                            let name = self.expect_word("pipeline name")?;
                            self.expect_keyword("FROM", "DERIVE_PIPELINE")?;
                            let parent = self.expect_word("parent pipeline")?;
                            let Some(parent) = self.script.pipelines.get(&parent).cloned() else {
                                return self.error(format!("unknown parent pipeline '{parent}'"));
                            };
                            self.pipeline(Some((name, parent)))?;
                        }
                        "REPEAT" => {
                            let command = self.repeat()?;
                            self.script.commands.push(command);
                        }
                        "DEVICE_FEATURE" => {
                            let feature = self.expect_word("feature name")?;
                            self.end_of_line("DEVICE_FEATURE")?;
                            if UNSUPPORTED_FEATURES.contains(&feature.as_str()) {
                                return self.unsupported(format!("device feature {feature} is not supported"));
                            }
                            self.script.requirements.push(format!("DEVICE_FEATURE {feature}"));
                        }
                        "DEVICE_EXTENSION" | "INSTANCE_EXTENSION" | "DEVICE_PROPERTY" | "SET" => {
                            let rest = self.tokens.rest_of_line();
                            if rest.is_empty() {
                                return self.error(format!("{word} needs a value"));
                            }
                            if word == "SET" && rest[0] != "ENGINE_DATA" {
                                return self.error(format!("SET {}: only SET ENGINE_DATA is known", rest[0]));
                            }
                            self.script.requirements.push(format!("{word} {}", rest.join(" ")));
                        }
                        "VIRTUAL_FILE" => {
                            let path = self.expect_word("virtual file path")?;
                            self.end_of_line("VIRTUAL_FILE")?;
                            let first_line = self.tokens.line() + 1;
                            let Some(text) = self.tokens.raw_until_end() else {
                                return self.error("VIRTUAL_FILE without END");
                            };
                            self.virtual_files.insert(path, (text, first_line));
                        }
                        other if GRAPHICS_ONLY.contains(&other) => {
                            return self.unsupported(format!("{other}: graphics and ray tracing are not supported"));
                        }
                        other => return self.error(format!("unknown command '{other}'")),
                    }
                }
            }
        }
    }

    /// `RUN`, `COPY`, `EXPECT` (commands that `REPEAT` may hold).
    fn repeatable(&mut self, word: &str) -> Parsed<Option<Command>> {
        let line = self.tokens.line();
        Ok(Some(match word {
            "RUN" => {
                let _ = self.tokens.keyword("TIMED_EXECUTION");
                let pipeline = self.expect_word("pipeline name")?;
                if !self.script.pipelines.contains_key(&pipeline) {
                    return self.error(format!("unknown pipeline '{pipeline}'"));
                }
                if let Some(next) = self.tokens.peek_word()
                    && next.starts_with("DRAW")
                {
                    return self.unsupported(format!("RUN {next}: graphics pipelines are not supported"));
                }
                let groups = [self.integer("x")?, self.integer("y")?, self.integer("z")?];
                self.end_of_line("RUN")?;
                Command::Run { line, pipeline, groups }
            }
            "COPY" => {
                let from = self.buffer_name()?;
                self.expect_keyword("TO", "COPY")?;
                let to = self.buffer_name()?;
                self.not_multisampled(&[&from, &to], "COPY")?;
                self.end_of_line("COPY")?;
                Command::Copy { from, to }
            }
            "EXPECT" => self.expect(line)?,
            _ => return Ok(None),
        }))
    }

    /// Vulkan copies no multisampled image to or from a buffer, so `amber`
    /// can neither fill nor read one back (`COPY`, `EXPECT`): a script that
    /// asks is skipped.
    fn not_multisampled(&self, buffers: &[&str], what: &str) -> Parsed<()> {
        for buffer in buffers {
            if let Some(shape) = self.script.buffers.get(*buffer).and_then(|decl| decl.shape)
                && shape.samples > 1
            {
                return self.unsupported(format!("{what} of the multisampled image '{buffer}' (Vulkan copies none)"));
            }
        }
        Ok(())
    }

    fn buffer_name(&mut self) -> Parsed<String> {
        let name = self.expect_word("buffer name")?;
        if !self.script.buffers.contains_key(&name) {
            return self.error(format!("unknown buffer '{name}'"));
        }
        Ok(name)
    }

    fn repeat(&mut self) -> Parsed<Command> {
        let count = self.integer("REPEAT count")?;
        self.end_of_line("REPEAT")?;
        let mut body = Vec::new();
        loop {
            match self.tokens.next() {
                Token::Eof => return self.error("REPEAT without END"),
                Token::Eol => {}
                Token::Word(word) if word == "END" => break,
                Token::Word(word) => match self.repeatable(&word)? {
                    Some(command) => body.push(command),
                    None if word == "REPEAT" => body.push(self.repeat()?),
                    None => return self.error(format!("{word} cannot be repeated (RUN, COPY, EXPECT, REPEAT)")),
                },
            }
        }
        Ok(Command::Repeat { count, body })
    }

    fn shader(&mut self) -> Parsed<()> {
        let kind = self.expect_word("shader type")?;
        let name = self.expect_word("shader name")?;
        let line = self.tokens.line();
        let format = self.expect_word("shader format")?;
        if kind != "compute" {
            return self.unsupported(format!("SHADER {kind}: only compute shaders run here (no graphics)"));
        }
        let Some((_, format)) = SHADER_FORMATS.iter().find(|(keyword, _)| *keyword == format) else {
            return self.error(format!("unknown shader format '{format}'"));
        };
        let Some(format) = *format else {
            return self.unsupported("OPENCL-C shaders need clspv, which is not available");
        };
        let target_env = if self.tokens.keyword("TARGET_ENV") { Some(self.expect_word("target env")?) } else { None };
        let (source, origin) = if self.tokens.keyword("FILE") {
            let path = self.expect_word("shader file")?;
            let full = self.directory.join(&path);
            let source = std::fs::read(&full)
                .or_else(|failure| self.error(format!("cannot read shader file '{path}': {failure}")))?;
            (source, (Some(full.display().to_string()), 1))
        } else if self.tokens.keyword("VIRTUAL_FILE") {
            let path = self.expect_word("virtual file path")?;
            match self.virtual_files.get(&path) {
                Some((text, first_line)) => (text.clone().into_bytes(), (None, *first_line)),
                None => return self.error(format!("unknown virtual file '{path}'")),
            }
        } else {
            self.end_of_line("SHADER")?;
            if format == ShaderFormat::SpirvBin {
                return self.error("SPIRV-BIN shaders come from a FILE");
            }
            match self.tokens.raw_until_end() {
                Some(text) if !text.trim().is_empty() => (text.into_bytes(), (None, line + 1)),
                Some(_) => return self.error("SHADER must not be empty"),
                None => return self.error("SHADER without END"),
            }
        };
        self.end_of_line("SHADER")?;
        if self.script.shaders.contains_key(&name) {
            return self.error(format!("shader '{name}' declared twice"));
        }
        self.script.shaders.insert(name.clone(), Shader { name, line, format, target_env, source, origin });
        Ok(())
    }

    /// A data type name: builtin, `STRUCT`, or image format, with `[]`.
    fn data_type(&mut self, name: &str) -> Parsed<Result<Format, String>> {
        // Amber's default layout; a later STD140 rebuilds it.
        self.data_type_in(name, Layout::Std430)
    }

    fn data_type_in(&self, name: &str, layout: Layout) -> Parsed<Result<Format, String>> {
        let (base, array) = match name.strip_suffix("[]") {
            Some(base) => (base, true),
            None => (name, false),
        };
        let ty = match (builtin_type(base), self.structs.get(base)) {
            (Some(ty), _) => ty,
            (None, Some(def)) => Type::Struct(Rc::clone(def)),
            (None, None) => {
                let looks_like_format = base.starts_with(|c: char| "RGBADSXE".contains(c)) && base.contains('_');
                if looks_like_format && !array {
                    return Ok(Format::image(base));
                }
                return self.error(format!("unknown data type '{name}'"));
            }
        };
        Ok(Ok(Format::of(&ty, array, layout, name)))
    }

    fn buffer(&mut self) -> Parsed<()> {
        let name = self.expect_word("buffer name")?;
        if self.script.buffers.contains_key(&name) {
            return self.error(format!("buffer '{name}' declared twice"));
        }
        let how = self.expect_word("DATA_TYPE or FORMAT")?;
        let decl = match how.as_str() {
            "DATA_TYPE" => {
                let type_name = self.expect_word("data type")?;
                let mut format = self.data_type(&type_name)?;
                if self.tokens.keyword("STD140") {
                    format = self.data_type_in(&type_name, Layout::Std140)?;
                } else {
                    let _ = self.tokens.keyword("STD430");
                }
                let format = match format {
                    Ok(format) => format,
                    Err(reason) => return self.unsupported(reason),
                };
                self.buffer_extent = None;
                let bytes = self.initializer(&format)?;
                let shape = self.buffer_extent.take().map(|extent| ImageShape { extent, levels: 1, samples: 1 });
                BufferDecl { format: Ok(format), bytes, shape }
            }
            "FORMAT" => {
                let format_name = self.expect_word("format")?;
                let format = Format::image(&format_name);
                let mut bytes = Vec::new();
                while let Some(word) = self.tokens.word() {
                    match word.as_str() {
                        "MIP_LEVELS" => {
                            let _: u32 = self.integer(&word)?;
                        }
                        "SAMPLES" => {
                            let samples = self.samples()?;
                            if samples > 1 {
                                return self.unsupported(format!(
                                    "a multisampled BUFFER (SAMPLES {samples}; an IMAGE may have samples)"
                                ));
                            }
                        }
                        "FILE" => {
                            let Ok(format) = &format else {
                                return self.unsupported(format.unwrap_err());
                            };
                            bytes = self.file_data(format, None)?;
                        }
                        other => return self.error(format!("unknown BUFFER FORMAT parameter '{other}'")),
                    }
                }
                BufferDecl { format, bytes, shape: None }
            }
            other => return self.error(format!("BUFFER {other}: expected DATA_TYPE or FORMAT")),
        };
        self.script.buffers.insert(name, decl);
        Ok(())
    }

    /// `SIZE n FILL v | SIZE n SERIES_FROM a INC_BY b | SIZE n FILE ... |
    /// DATA ... END | WIDTH w HEIGHT h ...`.
    fn initializer(&mut self, format: &Format) -> Parsed<Vec<u8>> {
        let what = self.expect_word("buffer initializer (SIZE, DATA, WIDTH)")?;
        let elements: u64 = match what.as_str() {
            "DATA" => {
                let values = self.data_values(true)?;
                self.end_of_line("DATA ... END")?;
                return encode(format, &values, None).or_else(|message| self.error(message));
            }
            "SIZE" => self.integer("SIZE")?,
            "WIDTH" => {
                let width: u64 = self.integer("WIDTH")?;
                self.expect_keyword("HEIGHT", "BUFFER WIDTH")?;
                let height: u64 = self.integer("HEIGHT")?;
                if let (Ok(width), Ok(height)) = (u32::try_from(width), u32::try_from(height)) {
                    self.buffer_extent = Some([width, height, 1]);
                }
                width.saturating_mul(height)
            }
            other => return self.error(format!("unknown BUFFER initializer '{other}'")),
        };
        // Bad sizes are errors, not an abort when the memory runs out.
        let bytes = elements.saturating_mul(u64::from(format.stride));
        if bytes > MAX_BUFFER_BYTES {
            return self.error(format!("a buffer of {bytes} bytes: at most {MAX_BUFFER_BYTES} are supported"));
        }
        let elements = elements as usize;
        if what == "WIDTH" && self.tokens.peek_word().is_none() {
            return Ok(vec![0; bytes as usize]);
        }
        let how = self.expect_word("FILL, SERIES_FROM or FILE")?;
        self.sized_initializer(&how, format, elements)
    }

    /// `FILL v | SERIES_FROM a INC_BY b | FILE ...` (`how`, already read)
    /// of `elements` elements.
    fn sized_initializer(&mut self, how: &str, format: &Format, elements: usize) -> Parsed<Vec<u8>> {
        let values = match how {
            "FILL" => {
                let value = self.number("FILL value")?;
                vec![value; elements * format.fields.len()]
            }
            "SERIES_FROM" => {
                if format.fields.len() != 1 {
                    return self.error("SERIES_FROM needs a scalar data type");
                }
                let start = self.number("SERIES_FROM start")?;
                self.expect_keyword("INC_BY", "SERIES_FROM")?;
                let step = self.number("INC_BY value")?;
                match (format.fields[0].scalar.is_float(), start, step) {
                    (false, Num::Int(start), Num::Int(step)) => {
                        (0..elements).map(|index| Num::Int(start + step * index as i128)).collect()
                    }
                    (false, _, _) => return self.error("SERIES_FROM of an integer type needs integers"),
                    // Repeated addition, as Amber counts.
                    (true, start, step) => {
                        std::iter::successors(Some(start.as_f64()), |value| Some(value + step.as_f64()))
                            .take(elements)
                            .map(Num::Float)
                            .collect()
                    }
                }
            }
            "FILE" => return self.file_data(format, Some(elements)),
            other => return self.error(format!("unknown BUFFER initializer '{other}'")),
        };
        self.end_of_line(&format!("BUFFER {how}"))?;
        encode(format, &values, Some(elements)).or_else(|message| self.error(message))
    }

    /// `FILE [BINARY|TEXT|PNG] path`.
    fn file_data(&mut self, format: &Format, elements: Option<usize>) -> Parsed<Vec<u8>> {
        let mut kind = self.expect_word("file name")?;
        let path = if matches!(kind.as_str(), "BINARY" | "TEXT" | "PNG") {
            self.expect_word("file name")?
        } else {
            std::mem::replace(&mut kind, "PNG".into())
        };
        if kind == "PNG" {
            return self.unsupported("PNG buffer files are image data: not supported");
        }
        let contents = std::fs::read(self.directory.join(&path))
            .or_else(|failure| self.error(format!("cannot read '{path}': {failure}")))?;
        self.end_of_line("FILE")?;
        let mut bytes = if kind == "TEXT" {
            let text = String::from_utf8_lossy(&contents);
            let mut values = Vec::new();
            // `amber` reads the file with its script tokenizer: `#` starts a
            // comment up to the end of the line (VK-GL-CTS's input files
            // label their values so).
            let words = text.lines().flat_map(|line| line.split('#').next().unwrap_or("").split_whitespace());
            for word in words {
                match Num::parse(word) {
                    Some(value) => values.push(value),
                    None => return self.error(format!("'{path}': '{word}' is not a number")),
                }
            }
            encode(format, &values, None).or_else(|message| self.error(format!("'{path}': {message}")))?
        } else {
            contents
        };
        if let Some(elements) = elements {
            bytes.resize(elements * format.stride as usize, 0);
        }
        Ok(bytes)
    }

    /// Numbers up to `END` (over lines when `multi_line`).
    fn data_values(&mut self, multi_line: bool) -> Parsed<Vec<Num>> {
        let mut values = Vec::new();
        loop {
            match self.tokens.next() {
                Token::Word(word) if word == "END" => return Ok(values),
                Token::Word(word) => match Num::parse(&word) {
                    Some(value) => values.push(value),
                    None => return self.error(format!("invalid BUFFER data value '{word}'")),
                },
                Token::Eol if multi_line => {}
                Token::Eol | Token::Eof => return self.error("DATA without END"),
            }
        }
    }

    /// `SAMPLES n`: a Vulkan sample count.
    fn samples(&mut self) -> Parsed<u32> {
        let samples: u32 = self.integer("SAMPLES")?;
        if !SAMPLE_COUNTS.contains(&samples) {
            return self.error(format!("invalid sample count {samples} (1, 2, 4, 8, 16, 32 or 64)"));
        }
        Ok(samples)
    }

    /// `IMAGE name (DATA_TYPE type | FORMAT fmt) [MIP_LEVELS n] [SAMPLES n]
    /// DIM_1D|DIM_2D|DIM_3D WIDTH w [HEIGHT h [DEPTH d]] [initializer]`, its
    /// parameters in any order as `amber` takes them. The bytes hold every
    /// mip level, one after another; `amber` fills each level from the
    /// start of the script's data (level 0's `W*H*D` texels: its
    /// `vkCmdCopyBufferToImage` reads every level from offset 0), and so
    /// does this; `DATA` may also give every level's texels.
    fn image(&mut self) -> Parsed<()> {
        let name = self.expect_word("image name")?;
        if name == "DATA_TYPE" || name == "FORMAT" {
            return self.error("missing IMAGE name");
        }
        if self.script.buffers.contains_key(&name) {
            return self.error(format!("buffer '{name}' declared twice"));
        }
        let mut format = None;
        let mut levels = 1;
        let mut samples = 1;
        let mut dim = None;
        let mut sizes: [Option<u32>; 3] = [None; 3];
        while let Some(word) = self.tokens.peek_word() {
            if matches!(word.as_str(), "FILL" | "SERIES_FROM" | "DATA" | "FILE") {
                break;
            }
            self.tokens.word();
            match word.as_str() {
                "DATA_TYPE" | "FORMAT" => {
                    let type_name = self.expect_word("image data type")?;
                    format = Some(self.data_type(&type_name)?);
                }
                "MIP_LEVELS" => levels = self.integer("MIP_LEVELS")?,
                "SAMPLES" => samples = self.samples()?,
                "DIM_1D" => dim = Some(1),
                "DIM_2D" => dim = Some(2),
                "DIM_3D" => dim = Some(3),
                "WIDTH" | "HEIGHT" | "DEPTH" => {
                    let size: u32 = self.integer(&word)?;
                    if size == 0 {
                        return self.error(format!("expected positive IMAGE {word}"));
                    }
                    sizes[["WIDTH", "HEIGHT", "DEPTH"].iter().position(|known| *known == word).unwrap_or(0)] =
                        Some(size);
                }
                other => return self.error(format!("unknown IMAGE parameter '{other}'")),
            }
        }
        let Some(format) = format else {
            return self.error("IMAGE needs a DATA_TYPE or FORMAT");
        };
        let Some(dim) = dim else {
            return self.error("IMAGE needs its dimensionality: DIM_1D, DIM_2D or DIM_3D");
        };
        if dim == 3 && sizes[2].is_none() {
            return self.error("expected IMAGE DEPTH");
        }
        if dim >= 2 && sizes[1].is_none() {
            return self.error("expected IMAGE HEIGHT");
        }
        if sizes[0].is_none() {
            return self.error("expected IMAGE WIDTH");
        }
        if let Some(extra) = (dim..3).find(|&axis| sizes[axis].is_some()) {
            return self.error(format!("a DIM_{dim}D image has no {}", ["WIDTH", "HEIGHT", "DEPTH"][extra]));
        }
        let format = match format {
            Ok(format) => format,
            Err(reason) => return self.unsupported(reason),
        };
        let extent = sizes.map(|size| size.unwrap_or(1));
        if levels == 0 || levels > full_chain(extent) {
            return self.error(format!(
                "MIP_LEVELS {levels}: a {}x{}x{} image has 1 to {}",
                extent[0],
                extent[1],
                extent[2],
                full_chain(extent)
            ));
        }
        if samples > 1 {
            // Vulkan's multisampled images are 2D, of one level; no copy
            // fills them, so they start zeroed (the shader writes them).
            if dim != 2 || levels != 1 {
                return self.error(format!(
                    "a multisampled image (SAMPLES {samples}) is DIM_2D with one mip level, not DIM_{dim}D with {levels}"
                ));
            }
            let texels = u64::from(extent[0]) * u64::from(extent[1]) * u64::from(samples);
            if texels.saturating_mul(u64::from(format.stride)) > MAX_BUFFER_BYTES {
                return self.error(format!("an image of {texels} samples: at most {MAX_BUFFER_BYTES} bytes are supported"));
            }
            if let Some(word) = self.tokens.word() {
                return self.unsupported(format!(
                    "IMAGE {word} of a multisampled image (Vulkan copies no data into one)"
                ));
            }
            let bytes = vec![0; texels as usize * format.stride as usize];
            let shape = Some(ImageShape { extent, levels, samples });
            self.script.buffers.insert(name, BufferDecl { format: Ok(format), bytes, shape });
            return Ok(());
        }
        let texels = |level: u32| level_extent(extent, level).iter().map(|&size| u64::from(size)).product::<u64>();
        let all: u64 = (0..levels).map(texels).sum();
        if all.saturating_mul(u64::from(format.stride)) > MAX_BUFFER_BYTES {
            return self.error(format!("an image of {all} texels: at most {MAX_BUFFER_BYTES} bytes are supported"));
        }
        let level0 = texels(0) as usize;
        let stride = format.stride as usize;
        let mut bytes = match self.tokens.word() {
            None => vec![0; level0 * stride],
            Some(word) if word == "DATA" => {
                let values = self.data_values(true)?;
                self.end_of_line("DATA ... END")?;
                let per_texel = format.fields.len();
                if values.len() != level0 * per_texel && values.len() != all as usize * per_texel {
                    return self.error(format!(
                        "IMAGE DATA has {} values; {level0} texels of {per_texel} component(s) need {}{}",
                        values.len(),
                        level0 * per_texel,
                        if levels > 1 {
                            format!(" (or {} for all {levels} levels)", all as usize * per_texel)
                        } else {
                            String::new()
                        }
                    ));
                }
                encode(&format, &values, None).or_else(|message| self.error(message))?
            }
            Some(how) => self.sized_initializer(&how, &format, level0)?,
        };
        if bytes.len() == level0 * stride {
            // amber's initial levels: each from the start of the data.
            let level0_bytes = bytes.clone();
            for level in 1..levels {
                bytes.extend_from_slice(&level0_bytes[..texels(level) as usize * stride]);
            }
        }
        let shape = Some(ImageShape { extent, levels, samples });
        self.script.buffers.insert(name, BufferDecl { format: Ok(format), bytes, shape });
        Ok(())
    }

    /// `SAMPLER name [MAG_FILTER f] [MIN_FILTER f] [ADDRESS_MODE_U|V|W m]
    /// [BORDER_COLOR c] [MIN_LOD v] [MAX_LOD v] [NORMALIZED_COORDS |
    /// UNNORMALIZED_COORDS] [COMPARE on|off] [COMPARE_OP op]`, with
    /// `amber`'s defaults (nearest filters and mipmaps, repeat, float
    /// transparent black, LOD 0 to 1, no comparison); a later parameter
    /// overrides an earlier one. `UNNORMALIZED_COORDS` sets both LODs to 0.
    fn sampler(&mut self) -> Parsed<()> {
        let name = self.expect_word("sampler name")?;
        if self.script.samplers.contains_key(&name) {
            return self.error(format!("sampler '{name}' declared twice"));
        }
        // The runtime's `Sampler::parse` keys, last value wins.
        let mut settings: Vec<(&str, String)> = vec![("max_lod", "1".into())];
        let mut compare = false;
        let mut compare_op = "never".to_owned();
        while let Some(word) = self.tokens.word() {
            let key = match word.as_str() {
                "MAG_FILTER" => "mag_filter",
                "MIN_FILTER" => "min_filter",
                "ADDRESS_MODE_U" => "address_u",
                "ADDRESS_MODE_V" => "address_v",
                "ADDRESS_MODE_W" => "address_w",
                "BORDER_COLOR" => "border",
                "MIN_LOD" => "min_lod",
                "MAX_LOD" => "max_lod",
                "COMPARE_OP" => "compare",
                "NORMALIZED_COORDS" | "UNNORMALIZED_COORDS" => {
                    let unnormalized = word == "UNNORMALIZED_COORDS";
                    settings.push(("unnormalized", unnormalized.to_string()));
                    if unnormalized {
                        settings.push(("min_lod", "0".into()));
                        settings.push(("max_lod", "0".into()));
                    }
                    continue;
                }
                "COMPARE" => {
                    compare = match self.expect_word("COMPARE on or off")?.as_str() {
                        "on" => true,
                        "off" => false,
                        other => {
                            return self.error(format!("invalid value for COMPARE: '{other}' (on or off)"));
                        }
                    };
                    continue;
                }
                other => return self.error(format!("unknown SAMPLER parameter '{other}'")),
            };
            let mut value = self.expect_word(&format!("{word} value"))?;
            if key.ends_with("_lod") {
                value = self.number_text(&word, &value)?;
            }
            // amber's documentation spells it so, its parser `mirror_clamp_to_edge`.
            if value == "mirrored_clamp_to_edge" {
                value = "mirror_clamp_to_edge".into();
            }
            // Each value checked where it is written.
            if let Err(reason) = Sampler::parse(&format!("{key}={value}")) {
                return self.error(format!("SAMPLER {name} {word}: {reason}"));
            }
            if key == "compare" {
                compare_op = value;
            } else {
                settings.push((key, value));
            }
        }
        if compare {
            settings.push(("compare", compare_op));
        }
        let mut last: Vec<(&str, String)> = Vec::new();
        for (key, value) in settings {
            last.retain(|(known, _)| *known != key);
            last.push((key, value));
        }
        let text: Vec<String> = last.iter().map(|(key, value)| format!("{key}={value}")).collect();
        let sampler =
            Sampler::parse(&text.join(",")).or_else(|reason| self.error(format!("SAMPLER {name}: {reason}")))?;
        self.script.samplers.insert(name, sampler);
        Ok(())
    }

    /// `value` (of `what`) if it is a number.
    fn number_text(&self, what: &str, value: &str) -> Parsed<String> {
        match Num::parse(value) {
            Some(number) => Ok(number.as_f64().to_string()),
            None => self.error(format!("{what} must be a number, not '{value}'")),
        }
    }

    fn sampler_name(&mut self) -> Parsed<String> {
        let name = self.expect_word("sampler name")?;
        if !self.script.samplers.contains_key(&name) {
            return self.error(format!("unknown sampler '{name}'"));
        }
        Ok(name)
    }

    /// `DESCRIPTOR_SET s BINDING b` of a `BIND`.
    fn set_and_binding(&mut self) -> Parsed<(u32, u32)> {
        self.expect_keyword("DESCRIPTOR_SET", "BIND")?;
        let set = self.integer("DESCRIPTOR_SET")?;
        self.expect_keyword("BINDING", "BIND")?;
        let binding = self.integer("BINDING")?;
        Ok((set, binding))
    }

    /// Binds `bound` at its set and binding, replacing what was there.
    fn bind_image(pipeline: &mut Pipeline, bound: ImageBinding) {
        let key = (bound.set, bound.binding);
        pipeline.bindings.retain(|old| (old.set, old.binding) != key);
        pipeline.images.retain(|old| (old.set, old.binding) != key);
        pipeline.images.push(bound);
    }

    /// The rest of `BIND BUFFER[_ARRAY] buffers AS kind` for image kinds.
    fn bind_images(
        &mut self,
        pipeline: &mut Pipeline,
        kind: ImageKind,
        buffers: Vec<String>,
        array: bool,
    ) -> Parsed<()> {
        let mut samplers = Vec::new();
        if kind == ImageKind::CombinedImageSampler {
            self.expect_keyword("SAMPLER", "a combined_image_sampler")?;
            samplers.push(self.sampler_name()?);
        }
        let kernel = self.tokens.peek_word().as_deref() == Some("KERNEL");
        if kernel && kind == ImageKind::CombinedImageSampler {
            return self.error(
                "AS combined_image_sampler KERNEL: an OpenCL-C kernel takes its image and its sampler as two arguments",
            );
        }
        for buffer in &buffers {
            let decl = &self.script.buffers[buffer];
            let format = match &decl.format {
                Ok(format) => format,
                Err(reason) => return self.unsupported(format!("buffer '{buffer}': {reason}")),
            };
            let Some(texel) = format.texel() else {
                return self.unsupported(format!(
                    "buffer '{buffer}' of {} bound AS {}: the runner's images have no such format",
                    format.name,
                    kind.keyword()
                ));
            };
            // OpenCL writes BGRA and sRGB images too (the runner's host
            // writes encode every format); a shader cannot declare them.
            if !texel.storage() && !kernel && !matches!(kind, ImageKind::SampledImage | ImageKind::CombinedImageSampler) {
                return self.unsupported(format!(
                    "{} is for sampled images only here, not {} (buffer '{buffer}')",
                    texel.name,
                    kind.keyword()
                ));
            }
            if !kind.is_texel_buffer() && decl.shape.is_none() {
                return self.error(format!(
                    "buffer '{buffer}' bound AS {} has no dimensions: declare it with IMAGE (or BUFFER ... WIDTH w HEIGHT h)",
                    kind.keyword()
                ));
            }
        }
        if kernel {
            self.tokens.keyword("KERNEL");
            if array {
                return self.error("BUFFER_ARRAY cannot be a kernel argument");
            }
            let line = self.tokens.line();
            let arg = self.arg_ref()?;
            self.end_of_line("BIND")?;
            let value = ArgValue::Buffer(buffers[0].clone(), BufferAs::Image(kind, 0));
            pipeline.kernel_args.push(KernelArg { arg, value, line });
            return Ok(());
        }
        let (set, binding) = self.set_and_binding()?;
        let mut base_level = 0;
        if !kind.is_texel_buffer() && self.tokens.keyword("BASE_MIP_LEVEL") {
            base_level = self.integer("BASE_MIP_LEVEL")?;
            for buffer in &buffers {
                let levels = self.script.buffers[buffer].shape.map_or(1, |shape| shape.levels);
                if base_level >= levels {
                    return self.error(format!("BASE_MIP_LEVEL {base_level}: '{buffer}' has {levels} mip level(s)"));
                }
            }
        }
        self.end_of_line("BIND")?;
        Self::bind_image(pipeline, ImageBinding { kind, set, binding, buffers, samplers, base_level, array });
        Ok(())
    }

    /// `BIND SAMPLER s DESCRIPTOR_SET s BINDING b` (`SAMPLER_ARRAY`: several).
    fn bind_samplers(&mut self, pipeline: &mut Pipeline, array: bool) -> Parsed<()> {
        let mut samplers = vec![self.sampler_name()?];
        while array && self.tokens.peek_word().is_some_and(|word| word != "DESCRIPTOR_SET" && word != "KERNEL") {
            samplers.push(self.sampler_name()?);
        }
        if array && samplers.len() < 2 {
            return self.error("SAMPLER_ARRAY needs several sampler names");
        }
        if self.tokens.keyword("KERNEL") {
            if array {
                return self.error("SAMPLER_ARRAY cannot be a kernel argument");
            }
            let line = self.tokens.line();
            let arg = self.arg_ref()?;
            self.end_of_line("BIND")?;
            pipeline.kernel_args.push(KernelArg { arg, value: ArgValue::Sampler(samplers.remove(0)), line });
            return Ok(());
        }
        let (set, binding) = self.set_and_binding()?;
        self.end_of_line("BIND")?;
        let bound = ImageBinding {
            kind: ImageKind::Sampler,
            set,
            binding,
            buffers: Vec::new(),
            samplers,
            base_level: 0,
            array,
        };
        Self::bind_image(pipeline, bound);
        Ok(())
    }

    fn structure(&mut self) -> Parsed<()> {
        let name = self.expect_word("STRUCT name")?;
        let stride = if self.tokens.keyword("STRIDE") { Some(self.integer("STRIDE")?) } else { None };
        self.end_of_line("STRUCT")?;
        let mut members: Vec<Member> = Vec::new();
        loop {
            match self.tokens.next() {
                Token::Eof => return self.error("STRUCT without END"),
                Token::Eol => continue,
                Token::Word(word) if word == "END" => break,
                Token::Word(type_name) => {
                    let ty = match (builtin_type(&type_name), self.structs.get(&type_name)) {
                        (Some(ty), _) => ty,
                        (None, Some(def)) => Type::Struct(Rc::clone(def)),
                        (None, None) if type_name == name => return self.error("recursive STRUCT"),
                        (None, None) => return self.error(format!("unknown type '{type_name}' for STRUCT member")),
                    };
                    let member_name = self.expect_word("STRUCT member name")?;
                    if members.iter().any(|member| member.name == member_name) {
                        return self.error(format!("duplicate STRUCT member '{member_name}'"));
                    }
                    let mut member = Member { name: member_name, ty, offset: None, matrix_stride: None };
                    while let Some(word) = self.tokens.word() {
                        match word.as_str() {
                            "OFFSET" => member.offset = Some(self.integer("OFFSET")?),
                            "MATRIX_STRIDE" if matches!(member.ty, Type::Matrix { .. }) => {
                                member.matrix_stride = Some(self.integer("MATRIX_STRIDE")?)
                            }
                            "ARRAY_STRIDE" => {
                                return self.unsupported("sized array STRUCT members are not supported");
                            }
                            other => return self.error(format!("unknown STRUCT member parameter '{other}'")),
                        }
                    }
                    members.push(member);
                }
            }
        }
        self.end_of_line("END")?;
        if members.is_empty() {
            return self.error(format!("STRUCT {name} has no members"));
        }
        self.structs.insert(name.clone(), Rc::new(StructType { name, members, stride }));
        Ok(())
    }

    fn pipeline(&mut self, derived: Option<(String, Pipeline)>) -> Parsed<()> {
        let mut pipeline = match derived {
            Some((name, parent)) => Pipeline { name, ..parent },
            None => {
                let kind = self.expect_word("pipeline type")?;
                let name = self.expect_word("pipeline name")?;
                match kind.as_str() {
                    "compute" => {}
                    "graphics" | "ray_tracing" => {
                        return self.unsupported(format!("{kind} pipeline '{name}': only compute pipelines run here"));
                    }
                    other => return self.error(format!("unknown pipeline type '{other}'")),
                }
                Pipeline { name, ..Pipeline::default() }
            }
        };
        self.end_of_line("PIPELINE")?;
        loop {
            let word = match self.tokens.next() {
                Token::Eof => return self.error("PIPELINE without END"),
                Token::Eol => continue,
                Token::Word(word) => word,
            };
            match word.as_str() {
                "END" => break,
                "ATTACH" => self.attach(&mut pipeline)?,
                "BIND" => self.bind(&mut pipeline)?,
                "SHADER_OPTIMIZATION" => {
                    let shader = self.expect_word("shader name")?;
                    self.end_of_line("SHADER_OPTIMIZATION")?;
                    let passes = self.block_words()?;
                    pipeline.optimizations.insert(shader, passes);
                }
                "COMPILE_OPTIONS" => {
                    let _ = self.expect_word("shader name")?;
                    self.end_of_line("COMPILE_OPTIONS")?;
                    // clspv's options: they choose how clspv passes
                    // arguments (push constants, uniform buffers), which
                    // the runner's OpenCL kernels take as they are.
                    self.block_words()?;
                }
                "SUBGROUP" => pipeline.subgroup_size = self.subgroup()?.or(pipeline.subgroup_size),
                "SET" => self.set_kernel_arg(&mut pipeline)?,
                other => {
                    return self.error(format!("'{other}' is not a compute PIPELINE command (ATTACH, BIND, ...)"));
                }
            }
        }
        self.end_of_line("END")?;
        if pipeline.attach.is_none() {
            return self.error(format!("pipeline '{}' has no shader (ATTACH)", pipeline.name));
        }
        self.script.pipelines.insert(pipeline.name.clone(), pipeline);
        Ok(())
    }

    /// Words of lines up to `END`.
    fn block_words(&mut self) -> Parsed<Vec<String>> {
        let mut words = Vec::new();
        loop {
            match self.tokens.next() {
                Token::Eof => return self.error("block without END"),
                Token::Eol => {}
                Token::Word(word) if word == "END" => return Ok(words),
                Token::Word(word) => words.push(word),
            }
        }
    }

    /// `SUBGROUP shader ... END`: a required size the runner's subgroups can
    /// have (1, or a power of two from 2 to 64: the SPMD lanes) becomes the
    /// pipeline's; `MIN` and `MAX` leave the default (any size is in range).
    fn subgroup(&mut self) -> Parsed<Option<u32>> {
        let line = self.tokens.line();
        let _ = self.expect_word("shader name")?;
        self.end_of_line("SUBGROUP")?;
        let words = self.block_words()?;
        let mut words = words.iter();
        let mut required = None;
        while let Some(word) = words.next() {
            let value = words.next().map(String::as_str).unwrap_or("");
            match (word.as_str(), value) {
                ("FULLY_POPULATED" | "VARYING_SIZE", "on" | "off") => {}
                ("REQUIRED_SIZE", "MIN" | "MAX") => {}
                ("REQUIRED_SIZE", size) => match size.parse::<u32>() {
                    Ok(size) if size == 1 || spirv_opt_passes::kernel_abi::spmd::valid_width(size) => {
                        required = Some(size);
                    }
                    _ => {
                        let reason = format!("subgroup size {size} required; this runner's are 1 and powers of two from 2 to 64");
                        return Err(ParseError::Unsupported { line, reason });
                    }
                },
                (other, _) => return self.error(format!("unknown SUBGROUP setting '{other}'")),
            }
        }
        Ok(required)
    }

    fn attach(&mut self, pipeline: &mut Pipeline) -> Parsed<()> {
        let shader = self.expect_word("shader name")?;
        if !self.script.shaders.contains_key(&shader) {
            return self.error(format!("unknown shader '{shader}'"));
        }
        let mut attach = Attach { shader, entry: "main".into(), specs: Vec::new() };
        while let Some(word) = self.tokens.word() {
            match word.as_str() {
                "ENTRY_POINT" => attach.entry = self.expect_word("entry point name")?,
                "TYPE" => {
                    let kind = self.expect_word("shader type")?;
                    if kind != "compute" {
                        return self.unsupported(format!("ATTACH TYPE {kind}: only compute shaders run here"));
                    }
                }
                "SPECIALIZE" => {
                    let id = self.integer("specialization id")?;
                    self.expect_keyword("AS", "SPECIALIZE")?;
                    let ty = self.expect_word("specialization type")?;
                    let value = self.number("specialization value")?;
                    let value = match (ty.as_str(), value) {
                        ("uint32", Num::Int(value)) => SpecValue::Integer(i128::from(value as u32)),
                        ("int32", Num::Int(value)) => SpecValue::Integer(i128::from(value as i32)),
                        ("float", value) => SpecValue::Float(f64::from(value.as_f64() as f32)),
                        ("uint32" | "int32", _) => {
                            return self.error(format!("SPECIALIZE {id}: {ty} needs an integer"));
                        }
                        _ => return self.error(format!("SPECIALIZE {id}: only uint32, int32 and float values")),
                    };
                    attach.specs.push((id, value));
                }
                other => return self.error(format!("unknown ATTACH parameter '{other}'")),
            }
        }
        if pipeline.attach.is_some() {
            return self.error("a compute pipeline has one shader");
        }
        pipeline.attach = Some(attach);
        Ok(())
    }

    /// `ARG_NAME name` or `ARG_NUMBER n` after `KERNEL`.
    fn arg_ref(&mut self) -> Parsed<ArgRef> {
        match self.expect_word("ARG_NAME or ARG_NUMBER")?.as_str() {
            "ARG_NAME" => Ok(ArgRef::Name(self.expect_word("argument name")?)),
            "ARG_NUMBER" => Ok(ArgRef::Number(self.integer("argument number")?)),
            other => self.error(format!("KERNEL {other}: expected ARG_NAME or ARG_NUMBER")),
        }
    }

    /// The rest of `BIND BUFFER b [AS storage|uniform] KERNEL ARG_NAME a`.
    fn bind_kernel_buffer(
        &mut self,
        pipeline: &mut Pipeline,
        mut buffers: Vec<String>,
        array: bool,
        bound_as: BufferAs,
    ) -> Parsed<()> {
        if array {
            return self.error("BUFFER_ARRAY cannot be a kernel argument");
        }
        let line = self.tokens.line();
        let arg = self.arg_ref()?;
        self.end_of_line("BIND")?;
        pipeline.kernel_args.push(KernelArg { arg, value: ArgValue::Buffer(buffers.remove(0), bound_as), line });
        Ok(())
    }

    /// `SET KERNEL ARG_NAME a AS type value` (amber's scalar data types).
    fn set_kernel_arg(&mut self, pipeline: &mut Pipeline) -> Parsed<()> {
        use spirv_run::ScalarType;
        let line = self.tokens.line();
        self.expect_keyword("KERNEL", "SET")?;
        let arg = self.arg_ref()?;
        self.expect_keyword("AS", "SET KERNEL")?;
        let ty = self.expect_word("argument type")?;
        let value = self.number("argument value")?;
        let (bytes, scalar) = match (ty.as_str(), value) {
            ("int8" | "uint8", Num::Int(v)) => ((v as u8).to_le_bytes().to_vec(), ScalarType::Integer { bits: 8 }),
            ("int16" | "uint16", Num::Int(v)) => ((v as u16).to_le_bytes().to_vec(), ScalarType::Integer { bits: 16 }),
            ("int32" | "uint32", Num::Int(v)) => ((v as u32).to_le_bytes().to_vec(), ScalarType::Integer { bits: 32 }),
            ("int64" | "uint64", Num::Int(v)) => ((v as u64).to_le_bytes().to_vec(), ScalarType::Integer { bits: 64 }),
            ("float", v) => ((v.as_f64() as f32).to_le_bytes().to_vec(), ScalarType::Float { bits: 32 }),
            ("double", v) => (v.as_f64().to_le_bytes().to_vec(), ScalarType::Float { bits: 64 }),
            ("int8" | "uint8" | "int16" | "uint16" | "int32" | "uint32" | "int64" | "uint64", _) => {
                return self.error(format!("SET KERNEL {arg}: {ty} needs an integer"));
            }
            _ => {
                return self.error(format!(
                    "SET KERNEL {arg}: unknown type '{ty}' (int8 to uint64, float, double)"
                ));
            }
        };
        self.end_of_line("SET KERNEL")?;
        pipeline.kernel_args.push(KernelArg { arg, value: ArgValue::Scalar(bytes, scalar), line });
        Ok(())
    }

    fn bind(&mut self, pipeline: &mut Pipeline) -> Parsed<()> {
        let what = self.expect_word("BUFFER, BUFFER_ARRAY, SAMPLER or SAMPLER_ARRAY")?;
        match what.as_str() {
            "BUFFER" | "BUFFER_ARRAY" => {}
            "SAMPLER" | "SAMPLER_ARRAY" => {
                return self.bind_samplers(pipeline, what == "SAMPLER_ARRAY");
            }
            "ACCELERATION_STRUCTURE" => {
                return self.unsupported("BIND ACCELERATION_STRUCTURE: ray tracing is not supported");
            }
            other => {
                return self.error(format!("BIND {other}: expected BUFFER, BUFFER_ARRAY, SAMPLER or SAMPLER_ARRAY"));
            }
        }
        let array = what == "BUFFER_ARRAY";
        let mut buffers = vec![self.buffer_name()?];
        while array
            && self.tokens.peek_word().is_some_and(|word| !matches!(word.as_str(), "AS" | "KERNEL" | "DESCRIPTOR_SET"))
        {
            buffers.push(self.buffer_name()?);
        }
        if array && buffers.len() < 2 {
            return self.error("BUFFER_ARRAY needs several buffer names");
        }
        if self.tokens.keyword("KERNEL") {
            return self.bind_kernel_buffer(pipeline, buffers, array, BufferAs::Any);
        }
        if !self.tokens.keyword("AS") {
            return self.error("BIND BUFFER needs AS type or KERNEL");
        }
        let kind = self.expect_word("buffer type")?;
        if matches!(kind.as_str(), "storage" | "uniform") && self.tokens.keyword("KERNEL") {
            let pointer = if kind == "storage" { BindKind::Storage } else { BindKind::Uniform };
            return self.bind_kernel_buffer(pipeline, buffers, array, BufferAs::Pointer(pointer));
        }
        if let Some(&(_, image_kind)) = IMAGE_KINDS.iter().find(|(keyword, _)| *keyword == kind) {
            return self.bind_images(pipeline, image_kind, buffers, array);
        }
        if matches!(kind.as_str(), "color" | "depth_stencil" | "resolve") {
            return self.unsupported(format!("BIND ... AS {kind}: graphics attachments are not supported"));
        }
        let (kind, dynamic) = match kind.as_str() {
            "storage" => (BindKind::Storage, false),
            "uniform" => (BindKind::Uniform, false),
            "storage_dynamic" => (BindKind::Storage, true),
            "uniform_dynamic" => (BindKind::Uniform, true),
            "push_constant" if !array => {
                self.end_of_line("BIND ... AS push_constant")?;
                pipeline.push_constant = Some(buffers.remove(0));
                return Ok(());
            }
            other => {
                return self.unsupported(format!(
                    "BIND {what} ... AS {other}: only storage, uniform, push_constant and the image kinds"
                ));
            }
        };
        for buffer in &buffers {
            if let Err(reason) = &self.script.buffers[buffer].format {
                return self.unsupported(format!("buffer '{buffer}': {reason}"));
            }
        }
        let (set, binding) = self.set_and_binding()?;
        // One value per buffer of a BUFFER_ARRAY, as amber reads them.
        let count = buffers.len();
        let mut offsets: Vec<u64> = vec![0; count];
        let mut ranges: Vec<Option<u64>> = vec![None; count];
        if dynamic {
            self.expect_keyword("OFFSET", "a dynamic buffer")?;
            for offset in &mut offsets {
                *offset = self.integer("OFFSET")?;
            }
        }
        while let Some(word) = self.tokens.word() {
            match word.as_str() {
                "DESCRIPTOR_OFFSET" => {
                    for offset in &mut offsets {
                        *offset += self.integer::<u64>("DESCRIPTOR_OFFSET")?;
                    }
                }
                "DESCRIPTOR_RANGE" => {
                    for range in &mut ranges {
                        let value: i128 = self.integer("DESCRIPTOR_RANGE")?;
                        // -1 is VK_WHOLE_SIZE.
                        *range = u64::try_from(value).ok();
                    }
                }
                other => return self.error(format!("unknown BIND parameter '{other}'")),
            }
        }
        pipeline.bindings.retain(|old| (old.set, old.binding) != (set, binding));
        pipeline.images.retain(|old| (old.set, old.binding) != (set, binding));
        for (element, ((buffer, offset), range)) in buffers.into_iter().zip(offsets).zip(ranges).enumerate() {
            let element = array.then_some(element as u32);
            pipeline.bindings.push(Binding { buffer, kind, set, binding, element, offset, range });
        }
        Ok(())
    }

    /// The rest of `EXPECT buffer IDX x y SIZE w h EQ_RGB r g b |
    /// EQ_RGBA r g b a [TOLERANCE t...]` after `x` (amber's image probe).
    fn probe(&mut self, buffer: &str, x: u64) -> Parsed<Probe> {
        let x = u32::try_from(x).or_else(|_| self.error(format!("EXPECT x {x} is out of range")))?;
        let y = self.integer("EXPECT y")?;
        self.expect_keyword("SIZE", "EXPECT IDX x y")?;
        let width: u32 = self.integer("EXPECT width")?;
        let height: u32 = self.integer("EXPECT height")?;
        if width == 0 || height == 0 {
            return self.error("EXPECT SIZE needs a positive width and height");
        }
        let comparator = self.expect_word("EQ_RGB or EQ_RGBA")?;
        let rgba = match comparator.as_str() {
            "EQ_RGBA" => true,
            "EQ_RGB" => false,
            other => return self.error(format!("unknown comparator type in EXPECT: {other} (EQ_RGB or EQ_RGBA)")),
        };
        let mut expected = [0.0; 4];
        for (index, channel) in ["R", "G", "B", "A"].iter().enumerate().take(if rgba { 4 } else { 3 }) {
            let value: u8 = self.integer(&format!("EXPECT {channel} value (0 to 255)"))?;
            expected[index] = f64::from(value) / 255.0;
        }
        let tolerances = self.tolerances()?;
        if tolerances.len() > if rgba { 4 } else { 3 } {
            return self.error("TOLERANCE of an EQ_RGB probe takes 1 to 3 values, of EQ_RGBA 1 to 4");
        }
        let frame = self.script.buffers[buffer].shape.map(|shape| [shape.extent[0], shape.extent[1]]);
        Ok(Probe { x, y, width, height, expected, rgba, tolerances, frame })
    }

    /// `[TOLERANCE t[%]...]`: none, or 1 to 4 values.
    fn tolerances(&mut self) -> Parsed<Vec<Tolerance>> {
        let mut tolerances = Vec::new();
        if self.tokens.keyword("TOLERANCE") {
            while let Some(word) = self.tokens.peek_word() {
                let (number, percent) = match word.strip_suffix('%') {
                    Some(number) => (number, true),
                    None => (word.as_str(), false),
                };
                let Some(value) = Num::parse(number) else { break };
                self.tokens.word();
                tolerances.push(Tolerance { value: value.as_f64(), percent });
            }
            if tolerances.is_empty() || tolerances.len() > 4 {
                return self.error("TOLERANCE takes 1 to 4 values");
            }
        }
        Ok(tolerances)
    }

    fn expect(&mut self, line: usize) -> Parsed<Command> {
        let buffer = self.buffer_name()?;
        self.not_multisampled(&[&buffer], "EXPECT")?;
        let format = match &self.script.buffers[&buffer].format {
            Ok(format) => format.clone(),
            Err(reason) => return self.unsupported(format!("buffer '{buffer}': {reason}")),
        };
        let what = self.expect_word("IDX, EQ_BUFFER, RMSE_BUFFER or EQ_HISTOGRAM_EMD_BUFFER")?;
        let check = match what.as_str() {
            "EQ_BUFFER" => {
                let other = self.buffer_name()?;
                self.not_multisampled(&[&other], "EXPECT")?;
                Check::EqBuffer(other)
            }
            "RMSE_BUFFER" => {
                let other = self.buffer_name()?;
                self.not_multisampled(&[&other], "EXPECT")?;
                self.expect_keyword("TOLERANCE", "EXPECT RMSE_BUFFER")?;
                Check::Rmse(other, self.number("TOLERANCE")?.as_f64())
            }
            "EQ_HISTOGRAM_EMD_BUFFER" => {
                return self.unsupported("EQ_HISTOGRAM_EMD_BUFFER (a comparison of image histograms) is not supported");
            }
            "IDX" => {
                let offset = self.integer("IDX")?;
                if let Some(Num::Int(_)) = self.tokens.peek_word().as_deref().and_then(Num::parse) {
                    let probe = self.probe(&buffer, offset)?;
                    self.end_of_line("EXPECT")?;
                    return Ok(Command::Expect { line, buffer, check: Check::Probe(probe) });
                }
                let tolerances = self.tolerances()?;
                let comparator = self.expect_word("comparator")?;
                let Some(&(_, comparator, _)) = COMPARATORS.iter().find(|(name, _, _)| *name == comparator) else {
                    return self.error(format!("unknown comparator '{comparator}' (EQ NE LT LE GT GE)"));
                };
                if !tolerances.is_empty() && comparator != Comparator::Eq {
                    return self.error("TOLERANCE only with EQ");
                }
                let mut values = Vec::new();
                while let Some(word) = self.tokens.word() {
                    match Num::parse(&word) {
                        Some(value) => values.push(value),
                        None => return self.error(format!("invalid EXPECT value '{word}'")),
                    }
                }
                if values.is_empty() {
                    return self.error("EXPECT needs values to compare");
                }
                if let Some(index) = values.iter().enumerate().position(|(index, value)| {
                    !format.fields[index % format.fields.len()].scalar.is_float() && matches!(value, Num::Float(_))
                }) {
                    return self.error(format!("EXPECT value {index} is not an integer, as the buffer's type"));
                }
                Check::Values { offset, tolerances, comparator, values, format: None }
            }
            other => return self.error(format!("EXPECT {buffer} {other}: expected IDX, EQ_BUFFER or RMSE_BUFFER")),
        };
        if let Check::EqBuffer(other) | Check::Rmse(other, _) = &check
            && self.script.buffers[other].format.as_ref().map(|format| format.fields.clone())
                != Ok(format.fields.clone())
        {
            return self.error(format!("EXPECT {buffer} {what} {other}: buffers of different formats"));
        }
        self.end_of_line("EXPECT")?;
        Ok(Command::Expect { line, buffer, check })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHADER: &str = "SHADER compute s GLSL\n#version 450\nvoid main() {}\nEND\n";

    fn parsed(body: &str) -> Result<Script, ParseError> {
        parse(&format!("#!amber\n{SHADER}{body}"), Path::new("."))
    }

    #[test]
    fn derived_pipelines_inherit_and_override() {
        let script = parsed(
            "BUFFER a DATA_TYPE uint32 SIZE 2 FILL 1\nBUFFER b DATA_TYPE uint32 SIZE 2 FILL 2\n\
             PIPELINE compute p\n  ATTACH s SPECIALIZE 1 AS float 0.5\n  BIND BUFFER a AS storage DESCRIPTOR_SET 0 BINDING 0\nEND\n\
             DERIVE_PIPELINE q FROM p\n  BIND BUFFER b AS storage DESCRIPTOR_SET 0 BINDING 0\nEND\n",
        )
        .unwrap();
        let q = &script.pipelines["q"];
        assert_eq!(q.attach.as_ref().unwrap().specs, vec![(1, SpecValue::Float(0.5))]);
        assert_eq!(q.bindings.len(), 1);
        assert_eq!(q.bindings[0].buffer, "b");
        assert_eq!(script.pipelines["p"].bindings[0].buffer, "a");
    }

    #[test]
    fn repeat_nests_and_buffers_fill() {
        let script = parsed(
            "BUFFER a DATA_TYPE int8 SIZE 3 SERIES_FROM -1 INC_BY 1\nBUFFER v DATA_TYPE vec3<int16> SIZE 1 FILL 7\n\
             PIPELINE compute p\n  ATTACH s\nEND\nREPEAT 2\n  RUN p 1 1 1\n  REPEAT 3\n    COPY a TO v\n  END\nEND\n",
        )
        .unwrap();
        assert_eq!(script.buffers["a"].bytes, vec![0xff, 0, 1]);
        assert_eq!(script.buffers["v"].bytes, vec![7, 0, 7, 0, 7, 0, 0, 0]);
        let [Command::Repeat { count: 2, body }] = script.commands.as_slice() else { panic!("{:?}", script.commands) };
        assert!(matches!(body.as_slice(), [Command::Run { .. }, Command::Repeat { count: 3, .. }]));
    }

    #[test]
    fn samplers_take_amber_defaults_and_the_last_value() {
        use spirv_run::sampler::{AddressMode, CompareOp, Filter};
        let script = parsed(
            "SAMPLER plain\nSAMPLER s MAG_FILTER linear ADDRESS_MODE_V mirrored_clamp_to_edge MAX_LOD 4.0 \
             COMPARE_OP greater COMPARE on MAG_FILTER nearest\nSAMPLER u MIN_LOD 0.5 UNNORMALIZED_COORDS\n",
        )
        .unwrap();
        let plain = script.samplers["plain"];
        // amber's defaults: MAX_LOD 1, no comparison.
        assert_eq!((plain.min_lod, plain.max_lod, plain.compare), (0.0, 1.0, None));
        let s = script.samplers["s"];
        assert_eq!(
            (s.mag_filter, s.address_modes[1], s.max_lod),
            (Filter::Nearest, AddressMode::MirrorClampToEdge, 4.0)
        );
        assert_eq!(s.compare, Some(CompareOp::Greater));
        let u = script.samplers["u"];
        assert!(u.unnormalized_coordinates);
        assert_eq!((u.min_lod, u.max_lod), (0.0, 0.0));
    }

    #[test]
    fn images_fill_every_level_from_the_data_start() {
        let script =
            parsed("IMAGE i DATA_TYPE uint8 MIP_LEVELS 3 DIM_2D WIDTH 4 HEIGHT 2 SERIES_FROM 1 INC_BY 1\n").unwrap();
        let image = &script.buffers["i"];
        // 4x2, then 2x1 and 1x1, each level the start of level 0's data.
        assert_eq!(image.bytes, vec![1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 1]);
        assert_eq!(image.shape, Some(ImageShape { extent: [4, 2, 1], levels: 3, samples: 1 }));
        let error = parsed("IMAGE i DATA_TYPE uint8 DIM_1D WIDTH 4 HEIGHT 2\n").unwrap_err();
        assert_eq!(error, ParseError::Syntax { line: 6, message: "a DIM_1D image has no HEIGHT".into() });
    }

    #[test]
    fn errors_are_located_and_unsupported_skipped() {
        let error = parsed("BUFFER a DATA_TYPE uint32 SIZE 1 FILL 0\nEXPECT a IDX 0 ABOUT 1\n").unwrap_err();
        assert_eq!(
            error,
            ParseError::Syntax { line: 7, message: "unknown comparator 'ABOUT' (EQ NE LT LE GT GE)".into() }
        );
        let skipped = parsed("PIPELINE graphics g\nEND\n").unwrap_err();
        assert!(matches!(skipped, ParseError::Unsupported { line: 6, .. }), "{skipped:?}");
        let error = parsed("BUFFER a DATA_TYPE uint32 SIZE 4000000000 FILL 0\n").unwrap_err();
        assert!(matches!(error, ParseError::Syntax { line: 6, .. }), "{error:?}");
    }
}
