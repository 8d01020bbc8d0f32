//! `--image SET:BINDING=IN[:OUT]` and `--buffer SET:BINDING=FILE@FORMAT[:OUT]`:
//! storage images and texel buffers from raw files or PNGs (docs/abi.md,
//! "Images"; README, "Images").
//!
//! - `FILE@FORMAT,W[,H[,D]][,levels=L][,layers=A][,samples=N]`: raw texels
//!   of Vulkan format `FORMAT` (without `VK_FORMAT_`), tightly packed, level
//!   after level (each halved, at least 1), each level's layers one after
//!   another; without FILE (`@FORMAT,W,H`), zeros; `samples=N` (2 to 64, a
//!   power of two) a multisampled 2D image of one level, each texel's N
//!   samples one after another (docs/abi.md, "Multisampled images");
//! - `FILE.png[@FORMAT]`: a PNG of 8 or 16 bits per channel; gray is
//!   `R8_UNORM`/`R16_UNORM`, gray and alpha `R8G8_UNORM`/`R16G16_UNORM`,
//!   RGB and RGBA `R8G8B8A8_UNORM`/`R16G16B16A16_UNORM` (RGB gets an opaque
//!   alpha); `@FORMAT` reads the same bytes as another format of that size
//!   (`R8G8B8A8_UINT`);
//! - OUT: the texels in the input's layout, or a PNG when its name ends in
//!   `.png` (formats of 1, 2 or 4 channels of 8 or 16 bits).

use std::path::{Path, PathBuf};

use spirv_run::{Format, Image};

/// An image to bind, and where to write it at the end.
pub struct ImageInput {
    pub image: Image,
    pub output: Option<PathBuf>,
}

/// `IN[:OUT]` of `--image`.
pub fn image_input(text: &str) -> Result<ImageInput, String> {
    let (input, output) = split_output(text);
    let image = match input.split_once('@') {
        Some((file, spec)) if !is_png(file) => raw_image(file, spec)?,
        Some((file, format)) => png_image(file, Some(format))?,
        None if is_png(input) => png_image(input, None)?,
        None => {
            return Err(format!(
                "'{input}': not FILE@FORMAT,W[,H[,D]][,levels=L][,layers=A][,samples=N] nor a .png file"
            ));
        }
    };
    check_output(&image, output.as_deref())?;
    Ok(ImageInput { image, output })
}

/// `IN[:OUT]` of `--buffer` when IN is `FILE@FORMAT` (a texel buffer);
/// `None` for a plain buffer.
pub fn texel_buffer_input(text: &str) -> Result<Option<ImageInput>, String> {
    let (input, output) = split_output(text);
    let Some((file, name)) = input.split_once('@') else { return Ok(None) };
    let format = format_named(name)?;
    let image = Image::texel_buffer(format, &read(Path::new(file))?).map_err(|reason| format!("'{file}': {reason}"))?;
    if output.as_deref().is_some_and(is_png_path) {
        return Err("a texel buffer is written as raw texels, not PNG".into());
    }
    Ok(Some(ImageInput { image, output }))
}

/// Writes `input.image` to its output, if it has one.
pub fn write_output(input: &ImageInput) -> Result<(), String> {
    let Some(output) = &input.output else { return Ok(()) };
    let bytes = if is_png_path(output) { encode_png(&input.image)? } else { input.image.bytes().to_vec() };
    std::fs::write(output, bytes).map_err(|failure| format!("cannot write '{}': {failure}", output.display()))
}

fn split_output(text: &str) -> (&str, Option<PathBuf>) {
    match text.split_once(':') {
        Some((input, output)) => (input, Some(PathBuf::from(output))),
        None => (text, None),
    }
}

fn is_png(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with(".png")
}

fn is_png_path(path: &Path) -> bool {
    is_png(&path.to_string_lossy())
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|failure| format!("cannot read '{}': {failure}", path.display()))
}

fn format_named(name: &str) -> Result<Format, String> {
    let name = name.trim();
    Format::from_name(name.strip_prefix("VK_FORMAT_").unwrap_or(name)).ok_or_else(|| {
        format!(
            "unknown or unsupported format '{name}' (one of {})",
            spirv_run::image::FORMATS.iter().map(|format| format.name).collect::<Vec<_>>().join(", ")
        )
    })
}

/// `FILE@FORMAT,W[,H[,D]][,levels=L][,layers=A][,samples=N]`.
fn raw_image(file: &str, spec: &str) -> Result<Image, String> {
    let mut parts = spec.split(',');
    let format = format_named(parts.next().unwrap_or_default())?;
    let mut extent = Vec::new();
    let mut layers = 1;
    let mut levels = 1;
    let mut samples = 1;
    for part in parts {
        let number = |text: &str| {
            text.trim().parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(|| format!("'{text}' is not a positive size"))
        };
        match part.split_once('=') {
            Some(("layers", count)) => layers = number(count)?,
            Some(("levels", count)) => levels = number(count)?,
            Some(("samples", count)) => samples = number(count)?,
            Some((key, _)) => return Err(format!("unknown image parameter '{key}' (levels=L, layers=A, samples=N)")),
            None if extent.len() < 3 => extent.push(number(part)?),
            None => return Err(format!("'{spec}': at most three sizes, W,H,D")),
        }
    }
    if extent.is_empty() {
        return Err(format!("'{spec}': the image needs a width (FORMAT,W[,H[,D]])"));
    }
    extent.resize(3, 1);
    // No file: zeros, for an image the shader only writes.
    let extent = [extent[0], extent[1], extent[2]];
    if samples > 1 && (levels > 1 || extent[2] > 1) {
        return Err(format!("'{spec}': a multisampled image is 2D with one level"));
    }
    let bytes = if file.is_empty() {
        let size = Image::size_of(format, [extent[0].saturating_mul(samples), extent[1], extent[2]], layers, levels)
            .and_then(|size| usize::try_from(size).ok())
            .filter(|&size| size <= 1 << 34)
            .ok_or_else(|| format!("'{spec}': too many texels"))?;
        vec![0; size]
    } else {
        read(Path::new(file))?
    };
    let image = if samples > 1 {
        Image::multisampled(format, [extent[0], extent[1]], layers, samples, &bytes)
    } else {
        Image::with_levels(format, extent, layers, levels, &bytes)
    };
    image.map_err(|reason| format!("'{file}': {reason}"))
}

/// A PNG, as the module doc says.
fn png_image(file: &str, format: Option<&str>) -> Result<Image, String> {
    let bytes = read(Path::new(file))?;
    let bad = |failure: png::DecodingError| format!("'{file}': not a PNG image we can read: {failure}");
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    // Palettes and bit depths below 8 become 8-bit channels.
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().map_err(bad)?;
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).map_err(bad)?;
    pixels.truncate(frame.buffer_size());
    let wide = frame.bit_depth == png::BitDepth::Sixteen;
    let (channels, add_alpha) = match frame.color_type {
        png::ColorType::Grayscale => (1, false),
        png::ColorType::GrayscaleAlpha => (2, false),
        png::ColorType::Rgb => (4, true),
        png::ColorType::Rgba => (4, false),
        png::ColorType::Indexed => return Err(format!("'{file}': an indexed PNG that was not expanded")),
    };
    let sample = if wide { 2 } else { 1 };
    let mut texels = Vec::with_capacity(pixels.len() / 3 * 4);
    let source_channels = if add_alpha { 3 } else { channels };
    for pixel in pixels.chunks_exact(source_channels * sample) {
        // PNG samples are big-endian; texels little-endian.
        for value in pixel.chunks_exact(sample) {
            texels.extend(value.iter().rev());
        }
        if add_alpha {
            texels.extend(std::iter::repeat_n(0xff, sample));
        }
    }
    let natural = match (channels, wide) {
        (1, false) => "R8_UNORM",
        (2, false) => "R8G8_UNORM",
        (_, false) => "R8G8B8A8_UNORM",
        (1, true) => "R16_UNORM",
        (2, true) => "R16G16_UNORM",
        (_, true) => "R16G16B16A16_UNORM",
    };
    let natural = format_named(natural)?;
    let format = match format {
        Some(name) => {
            let format = format_named(name)?;
            if format.texel_size() != natural.texel_size() {
                return Err(format!(
                    "'{file}' has {}-byte pixels ({}), {} has {}-byte texels",
                    natural.texel_size(),
                    natural.name,
                    format.name,
                    format.texel_size()
                ));
            }
            format
        }
        None => natural,
    };
    Image::new(format, [frame.width, frame.height, 1], 1, &texels).map_err(|reason| format!("'{file}': {reason}"))
}

/// Refuses, before anything runs, an output the image cannot be written as.
fn check_output(image: &Image, output: Option<&Path>) -> Result<(), String> {
    match output {
        Some(_) if image.samples() > 1 && output.is_some_and(is_png_path) => {
            Err("a multisampled image is written as raw samples, not PNG".into())
        }
        Some(path) if is_png(&path.to_string_lossy()) => png_layout(image).map(|_| ()),
        _ => Ok(()),
    }
}

/// The PNG colour type and bit depth of `image`'s format.
fn png_layout(image: &Image) -> Result<(png::ColorType, png::BitDepth), String> {
    let format = image.format();
    let bits = format.bits[0];
    let uniform = format.bits.iter().take(format.channels()).all(|&b| b == bits);
    let color = match format.channels() {
        1 => png::ColorType::Grayscale,
        2 => png::ColorType::GrayscaleAlpha,
        4 => png::ColorType::Rgba,
        _ => png::ColorType::Rgb,
    };
    let depth = match bits {
        8 => png::BitDepth::Eight,
        16 => png::BitDepth::Sixteen,
        _ => png::BitDepth::One,
    };
    if !uniform || depth == png::BitDepth::One || color == png::ColorType::Rgb || image.extent()[2] != 1 || image.layers() != 1
    {
        return Err(format!(
            "a {}x{}x{} image of {} with {} layer(s) cannot be written as a PNG (2D, 1, 2 or 4 channels of 8 or 16 bits)",
            image.extent()[0],
            image.extent()[1],
            image.extent()[2],
            format.name,
            image.layers()
        ));
    }
    Ok((color, depth))
}

fn encode_png(image: &Image) -> Result<Vec<u8>, String> {
    let (color, depth) = png_layout(image)?;
    let mut samples = image.bytes().to_vec();
    if depth == png::BitDepth::Sixteen {
        for pair in samples.chunks_exact_mut(2) {
            pair.swap(0, 1);
        }
    }
    let mut bytes = Vec::new();
    {
        let [width, height, _] = image.extent();
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(color);
        encoder.set_depth(depth);
        let mut writer = encoder.write_header().map_err(|failure| failure.to_string())?;
        writer.write_image_data(&samples).map_err(|failure| failure.to_string())?;
    }
    Ok(bytes)
}
