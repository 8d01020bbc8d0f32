//! Runs a parsed [`Script`]'s commands through the spirv-run library:
//! each pipeline's shader compiled once (at its first `RUN`), buffers,
//! images and samplers bound by (set, binding), results compared by
//! `EXPECT`.

use std::{
    collections::HashMap,
    io::Write,
    sync::{
        Mutex, OnceLock,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use spirv_opt_passes::kernel_abi::ExecutionModel;
use spirv_opt_passes::kernel_abi::spmd::SpmdOptions;
use spirv_opt_passes::spirv_to_llvm::image::DESCRIPTOR_COUNT_SHIFT;
use spirv_run::{
    Buffer, BufferView, CompileOptions, Dispatch, Image, Kernel, Resource, ResourceKind, RunError, image::level_extent,
};

use super::{
    Settings, compare,
    compile::compile,
    kernel_args,
    layout::Format,
    parser::{ArgValue, BindKind, BufferAs, Check, Command, ImageBinding, ImageKind, Pipeline, Script, ShaderFormat},
    probe,
};

/// What the shader declares a resource as, for messages.
fn describe(kind: ResourceKind) -> &'static str {
    match kind {
        ResourceKind::StorageBuffer => "a storage buffer",
        ResourceKind::UniformBuffer => "a uniform buffer",
        ResourceKind::StorageImage => "a storage image",
        ResourceKind::SampledImage => "a sampled image",
        ResourceKind::Sampler => "a sampler",
        ResourceKind::CombinedImageSampler => "a combined image sampler",
        ResourceKind::UniformTexelBuffer => "a uniform texel buffer",
        ResourceKind::StorageTexelBuffer => "a storage texel buffer",
        _ => "an OpenCL argument",
    }
}

/// The descriptors `pipeline` binds at each binding it binds as an array
/// (`BUFFER_ARRAY`, `SAMPLER_ARRAY`): the count an unsized descriptor array
/// of its shader takes (docs/import.md, "Unsized descriptor arrays").
fn descriptor_counts(pipeline: &Pipeline) -> Vec<((u32, u32), u32)> {
    let mut counts: HashMap<(u32, u32), u32> = HashMap::new();
    for binding in &pipeline.bindings {
        if let Some(element) = binding.element {
            let count = counts.entry((binding.set, binding.binding)).or_default();
            *count = (*count).max(element.saturating_add(1));
        }
    }
    for image in pipeline.images.iter().filter(|image| image.array) {
        let given = image.buffers.len().max(image.samplers.len());
        counts.insert((image.set, image.binding), u32::try_from(given).unwrap_or(u32::MAX));
    }
    let mut counts: Vec<_> = counts.into_iter().collect();
    counts.sort_unstable();
    counts
}

/// The resource kind an image binding gives.
fn resource_kind(kind: ImageKind) -> ResourceKind {
    match kind {
        ImageKind::StorageImage => ResourceKind::StorageImage,
        ImageKind::SampledImage => ResourceKind::SampledImage,
        ImageKind::CombinedImageSampler => ResourceKind::CombinedImageSampler,
        ImageKind::UniformTexelBuffer => ResourceKind::UniformTexelBuffer,
        ImageKind::StorageTexelBuffer => ResourceKind::StorageTexelBuffer,
        ImageKind::Sampler => ResourceKind::Sampler,
    }
}

/// Where an image of a dispatch came from: its buffer, the byte its bytes
/// start at there, and those bytes before the run (what the shader
/// changed is what goes back).
struct ImageOrigin {
    buffer: String,
    start: usize,
    original: Vec<u8>,
}

/// The state of a running script.
pub struct Execution<'a> {
    script: &'a Script,
    settings: &'a Settings,
    /// The script's name, for diagnostics of its shaders.
    name: String,
    /// Each buffer's layout (`None`: a FORMAT that is not plain data) and bytes.
    buffers: HashMap<String, (Option<Format>, Vec<u8>)>,
    /// Compiled pipelines.
    kernels: HashMap<String, Kernel>,
}

/// When the running dispatch must have ended, in milliseconds since
/// [`epoch`] (0: none running).
static DEADLINE: AtomicU64 = AtomicU64::new(0);

/// The script and line of the running `RUN`, for the watcher's message.
static RUNNING: Mutex<String> = Mutex::new(String::new());

fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

/// A kernel that never ends is stopped with the whole process: its
/// threads cannot be cancelled. One watcher serves every `RUN`.
fn watch(timeout: Duration) {
    static WATCHER: OnceLock<()> = OnceLock::new();
    WATCHER.get_or_init(|| {
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(20));
                let deadline = DEADLINE.load(Ordering::Relaxed);
                if deadline != 0 && epoch().elapsed().as_millis() as u64 > deadline {
                    let running = RUNNING.lock().map(|running| running.clone()).unwrap_or_default();
                    let message =
                        format!("FAIL {running}: ran longer than --timeout {}s: stopped", timeout.as_secs_f64());
                    let _ = writeln!(std::io::stdout().lock(), "{message}");
                    std::process::exit(1);
                }
            }
        });
    });
}

impl<'a> Execution<'a> {
    /// A fresh state for `script`, named `name` in diagnostics.
    pub fn new(script: &'a Script, settings: &'a Settings, name: &str) -> Self {
        let buffers = script
            .buffers
            .iter()
            .map(|(name, decl)| (name.clone(), (decl.format.clone().ok(), decl.bytes.clone())))
            .collect();
        Self { script, settings, name: name.to_owned(), buffers, kernels: HashMap::new() }
    }

    /// Runs every command; `Err` is the first failure, `Line N: ...`.
    pub fn run(&mut self) -> Result<(), String> {
        self.commands(&self.script.commands)
    }

    fn commands(&mut self, commands: &[Command]) -> Result<(), String> {
        for command in commands {
            match command {
                Command::Run { line, pipeline, groups } => {
                    if let Ok(mut running) = RUNNING.lock() {
                        *running = format!("{}: Line {line}", self.name);
                    }
                    self.dispatch(pipeline, *groups).map_err(|message| format!("Line {line}: {message}"))?;
                }
                Command::Copy { from, to, .. } => {
                    let source = self.buffers[from].clone();
                    self.buffers.insert(to.clone(), source);
                }
                Command::Expect { line, buffer, check } => {
                    self.expect(buffer, check).map_err(|message| format!("Line {line}: {message}"))?;
                }
                Command::Write { buffer, offset, bytes } => {
                    if let Some((_, data)) = self.buffers.get_mut(buffer) {
                        let start = *offset as usize;
                        if data.len() < start + bytes.len() {
                            data.resize(start + bytes.len(), 0);
                        }
                        data[start..start + bytes.len()].copy_from_slice(bytes);
                    }
                }
                Command::Resize { buffer, len } => {
                    if let Some((_, data)) = self.buffers.get_mut(buffer) {
                        data.resize(*len as usize, 0);
                    }
                }
                Command::Repeat { count, body } => {
                    for _ in 0..*count {
                        self.commands(body)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn expect(&self, buffer: &str, check: &Check) -> Result<(), String> {
        let (own, bytes) = &self.buffers[buffer];
        let read_as = match check {
            Check::Values { format, .. } => format.as_ref(),
            _ => None,
        };
        let format = read_as.or(own.as_ref()).ok_or_else(|| format!("buffer '{buffer}' has no plain-data format"))?;
        match check {
            Check::Values { offset, tolerances, comparator, values, .. } => {
                compare::check_values(bytes, format, *offset, tolerances, *comparator, values)
            }
            Check::EqBuffer(other) => compare::check_equal(bytes, &self.buffers[other].1),
            Check::Rmse(other, tolerance) => compare::check_rmse(bytes, &self.buffers[other].1, format, *tolerance),
            Check::Probe(probe) => probe::check_probe(bytes, format, probe),
        }
    }

    /// The compiled kernel of `pipeline` (compiled at its first use).
    fn kernel(&mut self, name: &str) -> Result<&Kernel, String> {
        if !self.kernels.contains_key(name) {
            let pipeline = &self.script.pipelines[name];
            let attach = pipeline.attach.as_ref().ok_or_else(|| format!("pipeline '{name}' has no shader"))?;
            let shader = &self.script.shaders[&attach.shader];
            let passes = pipeline.optimizations.get(&shader.name).map_or(&[][..], Vec::as_slice);
            let binary = compile(shader, &attach.entry, passes, &self.settings.target_env, &self.name)
                .map_err(|message| format!("shader '{}' (line {}): {message}", shader.name, shader.line))?;
            // OPENCL-C: specialization constants 0 to 2 are clspv's
            // workgroup size (dispatch_opencl), not the kernel's.
            let specs = match shader.format {
                ShaderFormat::OpenClC => attach.specs.iter().filter(|(id, _)| *id > 2).cloned().collect(),
                _ => attach.specs.clone(),
            };
            let options = CompileOptions {
                entry: Some(attach.entry.clone()),
                specs,
                descriptor_counts: descriptor_counts(pipeline),
                opt_level: None,
                unchecked: self.settings.unchecked,
                spmd: SpmdOptions {
                    subgroup_size: pipeline.subgroup_size.or(self.settings.spmd.subgroup_size),
                    ..self.settings.spmd
                },
                barriers: self.settings.barriers,
                one_workgroup_per_call: false,
                object_cache: crate::object_cache(),
                // The runner's default (Vulkan modules, Logical or
                // PhysicalStorageBuffer64, are not concerned).
                pointer_layout: CompileOptions::default().pointer_layout,
            };
            let source_name = format!("{}: shader {}", self.name, shader.name);
            let kernel = Kernel::compile(&binary, &source_name, &options).map_err(|failure| match failure {
                RunError::Compile(messages) => messages.join("\n"),
                other => format!("shader '{}': {other}", shader.name),
            })?;
            let opencl = shader.format == ShaderFormat::OpenClC;
            match kernel.info().model {
                ExecutionModel::GlCompute if opencl => {
                    return Err(format!("shader '{}' is OPENCL-C but compiled to a GLCompute shader", shader.name));
                }
                ExecutionModel::Kernel if !opencl => {
                    return Err(format!("shader '{}' is an OpenCL kernel, not a GLCompute shader", shader.name));
                }
                _ => {}
            }
            self.kernels.insert(name.to_owned(), kernel);
        }
        Ok(&self.kernels[name])
    }

    /// `RUN pipeline x y z`.
    fn dispatch(&mut self, name: &str, groups: [u32; 3]) -> Result<(), String> {
        let settings = self.settings;
        let pipeline = &self.script.pipelines[name];
        // Compiled first: `kernel` borrows self.
        self.kernel(name)?;
        let kernel = &self.kernels[name];
        let info = kernel.info();
        if info.model == ExecutionModel::Kernel {
            return self.dispatch_opencl(name, groups);
        }
        // Each binding's view of its buffer: (start, length) and the bytes
        // the shader sees from `start`: padded to its block's size (the
        // runner refuses shorter buffers; Vulkan leaves reads past the end
        // undefined). A buffer bound more than once is one copy that all
        // its bindings view (what one writes, the others see), padded so
        // that each view's block fits.
        let mut bound_count: HashMap<&str, usize> = HashMap::new();
        for binding in &pipeline.bindings {
            *bound_count.entry(binding.buffer.as_str()).or_default() += 1;
        }
        let mut views = Vec::new();
        let mut shared: HashMap<&str, Vec<u8>> = HashMap::new();
        for binding in &pipeline.bindings {
            // A BUFFER_ARRAY binds the shader's descriptor array, of its length.
            let key = (binding.set, binding.binding);
            let declared = info.resources.iter().find(|resource| (resource.descriptor_set, resource.binding) == key);
            if let (Some(_), Some(declared)) = (binding.element, declared) {
                let given = pipeline.bindings.iter().filter(|other| (other.set, other.binding) == key).count();
                if declared.count as usize != given {
                    return Err(format!(
                        "BUFFER_ARRAY of {given} buffers at set {} binding {}, which the shader declares as {}",
                        key.0,
                        key.1,
                        match declared.count {
                            0 => "one buffer".to_owned(),
                            count => format!("an array of {count}"),
                        }
                    ));
                }
            }
            let bytes = &self.buffers[&binding.buffer].1;
            let start = (binding.offset as usize).min(bytes.len());
            let end = binding.range.map_or(bytes.len(), |range| start.saturating_add(range as usize).min(bytes.len()));
            let resource = info.resources.iter().find(|resource| {
                (resource.descriptor_set, resource.binding) == (binding.set, binding.binding)
                    && resource.element == binding.element.unwrap_or(0)
            });
            let mut block = 0;
            if let Some(resource) = resource {
                let wanted = match binding.kind {
                    BindKind::Storage => ResourceKind::StorageBuffer,
                    BindKind::Uniform => ResourceKind::UniformBuffer,
                };
                if resource.kind != wanted {
                    return Err(format!(
                        "buffer '{}' is bound AS {} to set {} binding {}, which the shader declares as {}",
                        binding.buffer,
                        if binding.kind == BindKind::Storage { "storage" } else { "uniform" },
                        binding.set,
                        binding.binding,
                        describe(resource.kind)
                    ));
                }
                block = resource.size as usize;
            }
            // The elements of a BUFFER_ARRAY are views too, each of its own
            // element (a buffer may be in the array twice).
            if bound_count[binding.buffer.as_str()] > 1 || binding.element.is_some() {
                let copy = shared.entry(binding.buffer.as_str()).or_insert_with(|| bytes.clone());
                if copy.len() < start + block {
                    copy.resize(start + block, 0);
                }
                views.push((start, end - start, None));
                continue;
            }
            let mut view = bytes[start..end].to_vec();
            if view.len() < block {
                view.resize(block, 0);
            }
            views.push((start, end - start, Some(Buffer::from_bytes(&view))));
        }
        let mut shared: Vec<(&str, Buffer)> =
            shared.into_iter().map(|(name, bytes)| (name, Buffer::from_bytes(&bytes))).collect();
        let mut push_constants = match &pipeline.push_constant {
            Some(buffer) => self.buffers[buffer].1.clone(),
            None => Vec::new(),
        };
        if push_constants.len() < info.push_constant_size as usize {
            push_constants.resize(info.push_constant_size as usize, 0);
        }
        let (mut images, origins) = self.images(&pipeline.images, &info.resources)?;
        let mut dispatch = Dispatch::new(groups);
        dispatch.push_constants = push_constants;
        dispatch.threads = settings.threads;
        let spans: Vec<(usize, usize)> = views.iter().map(|&(start, length, _)| (start, length)).collect();
        for (binding, (_, _, buffer)) in pipeline.bindings.iter().zip(&mut views) {
            if let Some(buffer) = buffer {
                dispatch.bind(binding.set, binding.binding, Resource::Buffer(buffer));
            }
        }
        let mut rest: &mut [Image] = &mut images;
        for bound in &pipeline.images {
            let (mine, tail) = std::mem::take(&mut rest).split_at_mut(bound.buffers.len());
            rest = tail;
            let samplers: Vec<spirv_run::Sampler> =
                bound.samplers.iter().map(|name| self.script.samplers[name]).collect();
            let mut elements: Vec<Resource> = match bound.kind {
                ImageKind::Sampler => samplers.iter().map(|sampler| Resource::Sampler(*sampler)).collect(),
                ImageKind::CombinedImageSampler => {
                    mine.iter_mut().map(|image| Resource::SampledImage(image, samplers[0])).collect()
                }
                _ => mine.iter_mut().map(Resource::Image).collect(),
            };
            // A shader's descriptor array takes an array, even of one.
            let declared_array = info.resources.iter().any(|resource| {
                (resource.descriptor_set, resource.binding) == (bound.set, bound.binding)
                    && resource.size >> DESCRIPTOR_COUNT_SHIFT != 0
            });
            let resource = if bound.array || declared_array || elements.len() != 1 {
                Resource::Array(elements)
            } else {
                elements.remove(0)
            };
            dispatch.bind(bound.set, bound.binding, resource);
        }
        for (name, buffer) in &mut shared {
            let buffer_views: Vec<BufferView> = pipeline
                .bindings
                .iter()
                .zip(&spans)
                .filter(|(binding, _)| binding.buffer == *name)
                .map(|(binding, &(offset, length))| BufferView {
                    set: binding.set,
                    binding: binding.binding,
                    element: binding.element.unwrap_or(0),
                    offset,
                    length,
                })
                .collect();
            dispatch.bind_views(buffer, &buffer_views).map_err(|failure| failure.to_string())?;
        }
        watch(settings.timeout);
        let deadline = epoch().elapsed() + settings.timeout;
        DEADLINE.store(deadline.as_millis().max(1) as u64, Ordering::Relaxed);
        let result = kernel.dispatch(&mut dispatch);
        DEADLINE.store(0, Ordering::Relaxed);
        result.map_err(|failure| failure.to_string())?;
        drop(dispatch);
        for (binding, (start, length, buffer)) in pipeline.bindings.iter().zip(&views) {
            if let (Some((_, bytes)), Some(buffer)) = (self.buffers.get_mut(&binding.buffer), buffer) {
                bytes[*start..start + length].copy_from_slice(&buffer.bytes()[..*length]);
            }
        }
        for (name, buffer) in &shared {
            if let Some((_, bytes)) = self.buffers.get_mut(*name) {
                let length = bytes.len();
                bytes.copy_from_slice(&buffer.bytes()[..length]);
            }
        }
        // Images last: the bytes each changed, so that a buffer bound as a
        // texel buffer and as a storage buffer (or twice in an array)
        // keeps what every binding wrote.
        self.write_back_images(&origins, &images);
        Ok(())
    }

    /// `RUN pipeline x y z` of an OPENCL-C pipeline: `x y z` workgroups of
    /// the kernel's required size, else of one work-item (clspv's default
    /// workgroup size); each argument given as the script says
    /// (`kernel_args`), buffers written back after the dispatch.
    fn dispatch_opencl(&mut self, name: &str, groups: [u32; 3]) -> Result<(), String> {
        let pipeline = &self.script.pipelines[name];
        let kernel = &self.kernels[name];
        let info = kernel.info();
        let attach = pipeline.attach.as_ref().ok_or_else(|| format!("pipeline '{name}' has no shader"))?;
        let shader = &self.script.shaders[&attach.shader];
        let names = kernel_args::parameter_names(&String::from_utf8_lossy(&shader.source), &attach.entry);
        let values = kernel_args::resolve(
            &info.resources,
            names.as_deref(),
            &pipeline.kernel_args,
            &pipeline.bindings,
            &pipeline.images,
        )?;
        let mut given: Vec<&str> = Vec::new();
        for value in &values {
            if let ArgValue::Buffer(buffer, _) = value {
                if given.contains(&buffer.as_str()) {
                    return Err(format!("buffer '{buffer}' is given to two kernel arguments, which is not supported"));
                }
                given.push(buffer);
            }
        }
        let is_image = |index: usize| kernel_args::is_image(info.resources[index].kind);
        let mut buffers: Vec<Buffer> = Vec::new();
        let mut image_bindings = Vec::new();
        for (index, value) in values.iter().enumerate() {
            match value {
                ArgValue::Buffer(buffer, bound_as) if is_image(index) => image_bindings.push(ImageBinding {
                    kind: match info.resources[index].kind {
                        ResourceKind::StorageImage => ImageKind::StorageImage,
                        ResourceKind::StorageTexelBuffer => ImageKind::StorageTexelBuffer,
                        ResourceKind::UniformTexelBuffer => ImageKind::UniformTexelBuffer,
                        _ => ImageKind::SampledImage,
                    },
                    set: 0,
                    binding: index as u32,
                    buffers: vec![buffer.clone()],
                    samplers: Vec::new(),
                    base_level: match bound_as {
                        BufferAs::Image(_, level) => *level,
                        _ => 0,
                    },
                    array: false,
                }),
                ArgValue::Buffer(buffer, _) => buffers.push(Buffer::from_bytes(&self.buffers[buffer].1)),
                _ => {}
            }
        }
        // Images as the script declares them (no descriptors to check).
        let (mut images, origins) = self.images(&image_bindings, &[])?;
        let mut dispatch = Dispatch::new(groups);
        dispatch.workgroup_size =
            Some(info.workgroup_size.or_else(|| kernel_args::workgroup_size(&attach.specs)).unwrap_or([1, 1, 1]));
        dispatch.threads = self.settings.threads;
        let mut rest: &mut [Buffer] = &mut buffers;
        let mut rest_images: &mut [Image] = &mut images;
        for (index, value) in values.iter().enumerate() {
            let resource = match value {
                ArgValue::Buffer(..) if is_image(index) => {
                    let (mine, tail) = std::mem::take(&mut rest_images).split_first_mut().expect("one image per image argument");
                    rest_images = tail;
                    Resource::Image(mine)
                }
                ArgValue::Buffer(..) => {
                    let (mine, tail) = std::mem::take(&mut rest).split_first_mut().expect("one buffer per buffer argument");
                    rest = tail;
                    Resource::Buffer(mine)
                }
                ArgValue::Sampler(sampler) => Resource::Sampler(self.script.samplers[sampler]),
                ArgValue::Scalar(bytes, _) => Resource::Value(Buffer::from_bytes(bytes)),
            };
            dispatch.argument(index as u32, resource);
        }
        watch(self.settings.timeout);
        let deadline = epoch().elapsed() + self.settings.timeout;
        DEADLINE.store(deadline.as_millis().max(1) as u64, Ordering::Relaxed);
        let result = kernel.dispatch(&mut dispatch);
        DEADLINE.store(0, Ordering::Relaxed);
        result.map_err(|failure| failure.to_string())?;
        drop(dispatch);
        let buffer_names = values.iter().enumerate().filter_map(|(index, value)| match value {
            ArgValue::Buffer(buffer, _) if !is_image(index) => Some(buffer),
            _ => None,
        });
        for (buffer, written) in buffer_names.zip(&buffers) {
            if let Some((_, bytes)) = self.buffers.get_mut(buffer) {
                let length = bytes.len();
                bytes.copy_from_slice(&written.bytes()[..length]);
            }
        }
        self.write_back_images(&origins, &images);
        Ok(())
    }

    /// The bytes each image changed, into the buffers they came from.
    fn write_back_images(&mut self, origins: &[ImageOrigin], images: &[Image]) {
        for (origin, image) in origins.iter().zip(images) {
            if let Some((_, bytes)) = self.buffers.get_mut(&origin.buffer)
                && let Some(target) = bytes.get_mut(origin.start..origin.start + origin.original.len())
            {
                for ((byte, &new), &old) in target.iter_mut().zip(image.bytes()).zip(&origin.original) {
                    if new != old {
                        *byte = new;
                    }
                }
            }
        }
    }

    /// The images (and texel buffers) of `bound`, element after element,
    /// each a copy of the bytes its binding views: from `BASE_MIP_LEVEL` on
    /// for images. Bindings are checked against what the shader declares.
    fn images(
        &self,
        bound: &[ImageBinding],
        resources: &[spirv_run::ResourceInfo],
    ) -> Result<(Vec<Image>, Vec<ImageOrigin>), String> {
        let mut images = Vec::new();
        let mut origins = Vec::new();
        for binding in bound {
            let wanted = resource_kind(binding.kind);
            if let Some(resource) = resources
                .iter()
                .find(|resource| (resource.descriptor_set, resource.binding) == (binding.set, binding.binding))
                && resource.kind != wanted
            {
                let what = match binding.buffers.first() {
                    Some(buffer) => {
                        format!("buffer '{buffer}' is bound AS {}", binding.kind.keyword())
                    }
                    None => format!("sampler '{}' is bound", binding.samplers.join(" ")),
                };
                return Err(format!(
                    "{what} to set {} binding {}, which the shader declares as {}",
                    binding.set,
                    binding.binding,
                    describe(resource.kind)
                ));
            }
            for buffer in &binding.buffers {
                let decl = &self.script.buffers[buffer];
                let bytes = &self.buffers[buffer].1;
                let format = decl
                    .format
                    .as_ref()
                    .ok()
                    .and_then(|format| format.texel())
                    .ok_or_else(|| format!("buffer '{buffer}' has no image format"))?;
                let failed =
                    |reason: String| format!("buffer '{buffer}' bound AS {}: {reason}", binding.kind.keyword());
                let (image, start) = if binding.kind.is_texel_buffer() {
                    (Image::texel_buffer(format, bytes).map_err(failed)?, 0)
                } else {
                    let shape = decl.shape.ok_or_else(|| failed("it has no dimensions".into()))?;
                    if shape.samples > 1 {
                        let [width, height, _] = shape.extent;
                        let image = Image::multisampled(format, [width, height], 1, shape.samples, bytes).map_err(failed)?;
                        origins.push(ImageOrigin { buffer: buffer.clone(), start: 0, original: image.bytes().to_vec() });
                        images.push(image);
                        continue;
                    }
                    let base = binding.base_level;
                    let start = Image::size_of(format, shape.extent, 1, base).unwrap_or(u64::MAX) as usize;
                    let view = bytes.get(start..).ok_or_else(|| failed(format!("it has {} bytes", bytes.len())))?;
                    let extent = level_extent(shape.extent, base);
                    (
                        Image::with_levels(format, extent, 1, shape.levels.saturating_sub(base), view)
                            .map_err(failed)?,
                        start,
                    )
                };
                origins.push(ImageOrigin { buffer: buffer.clone(), start, original: image.bytes().to_vec() });
                images.push(image);
            }
        }
        Ok((images, origins))
    }
}
