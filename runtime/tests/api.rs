//! The spirv-run library as a Rust program uses it: compile once, dispatch
//! many times, errors before anything runs. (The tool's behaviour, and real
//! compiler output, are tested by lit: test/Runner.)

use spirv_opt_passes::kernel_abi::spmd::{self, SpmdMode, SpmdOptions};
use spirv_run::{Buffer, BufferView, CompileOptions, Dispatch, Kernel, Resource, ResourceKind, RunError};

/// out[i] = 3 * in[i] + bias + i, bias a push constant; 32 invocations a workgroup.
const KERNEL: &str = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @input bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
  spirv.GlobalVariable @output bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
  spirv.GlobalVariable @pc : !spirv.ptr<!spirv.struct<(i32 [0]), Block>, PushConstant>
  spirv.func @main() "None" {
    %zero = spirv.Constant 0 : i32
    %three = spirv.Constant 3 : i32
    %g = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Load "Input" %g : vector<3xi32>
    %i = spirv.CompositeExtract %v[0 : i32] : vector<3xi32>
    %in = spirv.mlir.addressof @input : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
    %p = spirv.AccessChain %in[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    %x = spirv.Load "StorageBuffer" %p : i32
    %pc = spirv.mlir.addressof @pc : !spirv.ptr<!spirv.struct<(i32 [0]), Block>, PushConstant>
    %bias_ptr = spirv.AccessChain %pc[%zero] : !spirv.ptr<!spirv.struct<(i32 [0]), Block>, PushConstant>, i32 -> !spirv.ptr<i32, PushConstant>
    %bias = spirv.Load "PushConstant" %bias_ptr : i32
    %tripled = spirv.IMul %x, %three : i32
    %biased = spirv.IAdd %tripled, %bias : i32
    %result = spirv.IAdd %biased, %i : i32
    %out = spirv.mlir.addressof @output : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
    %q = spirv.AccessChain %out[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    spirv.Store "StorageBuffer" %q, %result : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @gid, @input, @output, @pc
  spirv.ExecutionMode @main "LocalSize", 32, 1, 1
}
"#;

fn words(values: &[i32]) -> Vec<u8> {
    values.iter().flat_map(|value| value.to_le_bytes()).collect()
}

fn read_words(buffer: &Buffer) -> Vec<i32> {
    buffer.bytes().chunks_exact(4).map(|word| i32::from_le_bytes([word[0], word[1], word[2], word[3]])).collect()
}

fn compile() -> Kernel {
    Kernel::compile(KERNEL.as_bytes(), "kernel.mlir", &CompileOptions::default()).expect("the kernel compiles")
}

#[test]
fn the_info_describes_the_interface() {
    let kernel = compile();
    let info = kernel.info();
    assert_eq!(info.entry, "main");
    assert_eq!(info.workgroup_size, Some([32, 1, 1]));
    assert_eq!(info.push_constant_size, 4);
    assert!(!info.uses_barriers);
    let bindings: Vec<_> = info.resources.iter().map(|r| (r.kind, r.descriptor_set, r.binding)).collect();
    assert_eq!(bindings, [(ResourceKind::StorageBuffer, 0, 0), (ResourceKind::StorageBuffer, 0, 1)]);
}

#[test]
fn one_compilation_serves_many_dispatches_on_many_threads() {
    let kernel = compile();
    for (bias, threads) in [(7i32, 1usize), (-100, 2), (0, 0)] {
        dispatch_and_check(&kernel, 8, threads, bias);
    }
}

/// One dispatch of `workgroups` on `threads` threads; its output checked.
fn dispatch_and_check(kernel: &Kernel, workgroups: u32, threads: usize, bias: i32) {
    let count = workgroups as usize * 32;
    let input: Vec<i32> = (0..count as i32).map(|i| i * 7 - 1000).collect();
    let mut input_buffer = Buffer::from_bytes(&words(&input));
    let mut output = Buffer::zeroed(count * 4);
    let mut dispatch = Dispatch::new([workgroups, 1, 1]);
    dispatch.threads = threads;
    dispatch.push_constants = bias.to_le_bytes().to_vec();
    dispatch.bind(0, 0, Resource::Buffer(&mut input_buffer));
    dispatch.bind(0, 1, Resource::Buffer(&mut output));
    kernel.dispatch(&mut dispatch).expect("the dispatch runs");
    drop(dispatch);
    let expected: Vec<i32> = (0..count as i32).map(|i| 3 * input[i as usize] + bias + i).collect();
    assert_eq!(read_words(&output), expected, "{workgroups} workgroups, {threads} threads, bias {bias}");
}

#[test]
fn the_dispatch_threads_survive_many_dispatches_and_errors() {
    // The kernel's threads are kept between dispatches (runtime/src/pool.rs):
    // thread counts that go up and down, dispatches of fewer workgroups than
    // threads, dispatches that fail before anything runs, and several host
    // threads dispatching the same kernel at once.
    let kernel = compile();
    for round in 0..60u32 {
        let threads = [2usize, 1, 4, 3, 0, 7][round as usize % 6];
        let workgroups = [1u32, 2, 3, 8, 33, 100, 5][round as usize % 7];
        if round % 9 == 4 {
            let mut input = Buffer::from_bytes(&words(&[1; 32]));
            let mut dispatch = Dispatch::new([workgroups, 1, 1]);
            dispatch.threads = threads;
            dispatch.bind(0, 0, Resource::Buffer(&mut input));
            let error = kernel.dispatch(&mut dispatch).expect_err("binding 1 is missing");
            assert!(matches!(error, RunError::Dispatch(_)), "{error}");
        }
        dispatch_and_check(&kernel, workgroups, threads, round as i32 - 30);
    }
    std::thread::scope(|scope| {
        for host in 0..3u32 {
            let kernel = &kernel;
            scope.spawn(move || {
                for round in 0..20u32 {
                    dispatch_and_check(kernel, 1 + (host * 7 + round * 5) % 40, 1 + (host + round) as usize % 4, host as i32);
                }
            });
        }
    });
    // Dropping the kernel stops its threads (a hang here fails the test by
    // timing out).
    drop(kernel);
}

#[test]
fn buffers_shorter_than_the_dispatch_are_bounds_checked() {
    // 64 invocations. A 40-element input: the loads past its end give
    // zero. Then a 40-element output: the stores past its end are dropped,
    // and the ones before land.
    let kernel = compile();
    for (input_length, output_length) in [(40usize, 64usize), (64, 40)] {
        let input: Vec<i32> = (1..=input_length as i32).collect();
        let mut input_buffer = Buffer::from_bytes(&words(&input));
        let mut output = Buffer::zeroed(output_length * 4);
        let mut dispatch = Dispatch::new([2, 1, 1]);
        dispatch.push_constants = 1000i32.to_le_bytes().to_vec();
        dispatch.bind(0, 0, Resource::Buffer(&mut input_buffer));
        dispatch.bind(0, 1, Resource::Buffer(&mut output));
        kernel.dispatch(&mut dispatch).expect("the dispatch runs");
        drop(dispatch);
        let expected: Vec<i32> =
            (0..output_length as i32).map(|i| 3 * input.get(i as usize).copied().unwrap_or(0) + 1000 + i).collect();
        assert_eq!(read_words(&output), expected, "input {input_length}, output {output_length}");
    }
}

#[test]
fn unchecked_kernels_compute_the_same_in_bounds() {
    let options = CompileOptions { unchecked: true, ..Default::default() };
    let unchecked = Kernel::compile(KERNEL.as_bytes(), "kernel.mlir", &options).expect("the kernel compiles");
    let input: Vec<i32> = (0..64).collect();
    let mut results = Vec::new();
    for kernel in [compile(), unchecked] {
        let mut input_buffer = Buffer::from_bytes(&words(&input));
        let mut output = Buffer::zeroed(64 * 4);
        let mut dispatch = Dispatch::new([2, 1, 1]);
        dispatch.push_constants = 5i32.to_le_bytes().to_vec();
        dispatch.bind(0, 0, Resource::Buffer(&mut input_buffer));
        dispatch.bind(0, 1, Resource::Buffer(&mut output));
        kernel.dispatch(&mut dispatch).expect("the dispatch runs");
        drop(dispatch);
        results.push(read_words(&output));
    }
    assert_eq!(results[0], (0..64).map(|i| 3 * i + 5 + i).collect::<Vec<i32>>());
    assert_eq!(results[0], results[1]);
}

#[test]
fn buffers_are_aligned_for_any_vector_load() {
    // Code is generated for the host CPU: 64-byte vectors load aligned.
    for length in [1, 3, 64, 100, 4096] {
        let buffer = Buffer::from_bytes(&vec![7; length]);
        assert_eq!(buffer.bytes().as_ptr() as usize % 64, 0, "{length} bytes");
        assert_eq!(buffer.bytes(), vec![7; length].as_slice());
    }
}

#[test]
fn a_dispatch_that_does_not_fit_runs_nothing() {
    let kernel = compile();
    let mut input = Buffer::from_bytes(&words(&[1; 32]));
    let output = Buffer::zeroed(32 * 4);
    let mut missing = Dispatch::new([1, 1, 1]);
    missing.push_constants = 0i32.to_le_bytes().to_vec();
    missing.bind(0, 0, Resource::Buffer(&mut input));
    let error = kernel.dispatch(&mut missing).expect_err("binding 1 is missing");
    assert!(matches!(error, RunError::Dispatch(_)));
    assert_eq!(error.to_string(), "the kernel uses set 0 binding 1, which has no buffer");
    drop(missing);
    assert!(read_words(&output).iter().all(|&word| word == 0), "nothing ran");
}

#[test]
fn push_constants_shorter_than_the_block_read_zero_past_their_end() {
    // As a driver takes any range covering what the shader reads: none
    // given here, so the bias reads zero (checked or not: a padded copy).
    for unchecked in [false, true] {
        let options = CompileOptions { unchecked, ..Default::default() };
        let kernel = Kernel::compile(KERNEL.as_bytes(), "kernel.mlir", &options).expect("the kernel compiles");
        let mut input = Buffer::from_bytes(&words(&[1; 32]));
        let mut output = Buffer::zeroed(32 * 4);
        let mut dispatch = Dispatch::new([1, 1, 1]);
        dispatch.bind(0, 0, Resource::Buffer(&mut input));
        dispatch.bind(0, 1, Resource::Buffer(&mut output));
        kernel.dispatch(&mut dispatch).expect("the dispatch runs");
        drop(dispatch);
        assert_eq!(read_words(&output), (0..32).map(|i| 3 + i).collect::<Vec<i32>>(), "unchecked: {unchecked}");
    }
}

#[test]
fn one_buffer_viewed_by_several_bindings() {
    // Side by side: the input is words 0..32, the output words 32..96. The
    // 64 invocations read zero past the input's view (not the output's
    // words), and the output lands in the same buffer.
    let kernel = compile();
    let input: Vec<i32> = (1..=32).collect();
    let mut buffer = Buffer::zeroed(96 * 4);
    buffer.bytes_mut()[..128].copy_from_slice(&words(&input));
    let mut dispatch = Dispatch::new([2, 1, 1]);
    dispatch.push_constants = 100i32.to_le_bytes().to_vec();
    let views = [
        BufferView { set: 0, binding: 0, element: 0, offset: 0, length: 128 },
        BufferView { set: 0, binding: 1, element: 0, offset: 128, length: 256 },
    ];
    dispatch.bind_views(&mut buffer, &views).expect("the views fit");
    kernel.dispatch(&mut dispatch).expect("the dispatch runs");
    drop(dispatch);
    let mut expected = input.clone();
    expected.extend((0..64).map(|i| 3 * input.get(i as usize).copied().unwrap_or(0) + 100 + i));
    assert_eq!(read_words(&buffer), expected);

    // In place: both bindings view the same words.
    let mut buffer = Buffer::from_bytes(&words(&input));
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.push_constants = 0i32.to_le_bytes().to_vec();
    let views = [
        BufferView { set: 0, binding: 0, element: 0, offset: 0, length: 128 },
        BufferView { set: 0, binding: 1, element: 0, offset: 0, length: 128 },
    ];
    dispatch.bind_views(&mut buffer, &views).expect("the views fit");
    kernel.dispatch(&mut dispatch).expect("the dispatch runs");
    drop(dispatch);
    assert_eq!(read_words(&buffer), input.iter().enumerate().map(|(i, x)| 3 * x + i as i32).collect::<Vec<i32>>());
}

#[test]
fn views_outside_their_buffer_are_refused() {
    let mut buffer = Buffer::zeroed(64);
    let mut dispatch = Dispatch::new([1, 1, 1]);
    let misaligned = [BufferView { set: 0, binding: 0, element: 0, offset: 8, length: 16 }];
    let error = dispatch.bind_views(&mut buffer, &misaligned).map(|_| ()).expect_err("offset 8");
    assert_eq!(error.to_string(), "set 0 binding 0: offset 8 is not a multiple of 16");
    let mut buffer = Buffer::zeroed(64);
    let too_long = [BufferView { set: 0, binding: 1, element: 0, offset: 48, length: 32 }];
    let error = dispatch.bind_views(&mut buffer, &too_long).map(|_| ()).expect_err("past the end");
    assert_eq!(error.to_string(), "set 0 binding 1: 32 bytes from offset 48 do not fit a buffer of 64 bytes");
}

#[test]
fn compile_errors_are_located() {
    let broken = KERNEL.replace("spirv.IMul %x, %three : i32", "spirv.IMul %x, %three : f32");
    let error =
        Kernel::compile(broken.as_bytes(), "broken.mlir", &CompileOptions::default()).expect_err("a type error");
    let RunError::Compile(messages) = error else { panic!("not a compile error: {error}") };
    assert!(messages.iter().any(|message| message.starts_with("broken.mlir:")), "{messages:?}");
    let error = Kernel::compile(
        KERNEL.as_bytes(),
        "kernel.mlir",
        &CompileOptions { entry: Some("other".into()), ..Default::default() },
    )
    .expect_err("no such entry point");
    assert_eq!(error.to_string(), "the module has no compute entry point named 'other'");
}

#[test]
fn spmd_runs_invocations_side_by_side_with_the_same_results() {
    // The loop-free kernel: `loops` (the default) leaves it to LLVM and says
    // why, `always` runs 8 invocations per call, `off` one. Short buffers:
    // the masked accesses keep the bounds checks.
    let mut results = Vec::new();
    for (mode, lanes) in [(SpmdMode::Off, 1), (SpmdMode::Loops, 1), (SpmdMode::Always, 8)] {
        let options = CompileOptions { spmd: SpmdOptions { mode, width: 8, ..SpmdOptions::default() }, ..Default::default() };
        let kernel = Kernel::compile(KERNEL.as_bytes(), "kernel.mlir", &options).expect("the kernel compiles");
        assert_eq!(kernel.info().lanes, lanes, "{mode:?}");
        match mode {
            SpmdMode::Loops => {
                assert!(kernel.info().scalar_reason.as_deref().is_some_and(|why| why.contains("no loop")))
            }
            _ => assert_eq!(kernel.info().scalar_reason, None, "{mode:?}"),
        }
        let input: Vec<i32> = (0..50).map(|i| i * 7 - 20).collect();
        let mut input_buffer = Buffer::from_bytes(&words(&input));
        let mut output = Buffer::zeroed(45 * 4);
        let mut dispatch = Dispatch::new([2, 1, 1]);
        dispatch.push_constants = 9i32.to_le_bytes().to_vec();
        dispatch.bind(0, 0, Resource::Buffer(&mut input_buffer));
        dispatch.bind(0, 1, Resource::Buffer(&mut output));
        kernel.dispatch(&mut dispatch).expect("the dispatch runs");
        drop(dispatch);
        results.push(read_words(&output));
    }
    let expected: Vec<i32> = (0..45).map(|i| 3 * (i * 7 - 20) + 9 + i).collect();
    for result in &results {
        assert_eq!(result, &expected);
    }
}

#[test]
fn spmd_options_parse_as_the_tools_take_them() {
    assert_eq!("always".parse::<SpmdMode>(), Ok(SpmdMode::Always));
    assert_eq!("off".parse::<SpmdMode>(), Ok(SpmdMode::Off));
    assert!("sometimes".parse::<SpmdMode>().is_err());
    assert_eq!(SpmdOptions::default().mode, SpmdMode::Loops);
    assert!(spmd::valid_width(8) && spmd::valid_width(2) && spmd::valid_width(64));
    assert!(!spmd::valid_width(3) && !spmd::valid_width(1) && !spmd::valid_width(128));
}

/// dst[x] = src[x] * 2 over a 1D rgba8 storage image and an r32ui texel
/// buffer (its size added), written as MLIR to stay independent of glslang.
const IMAGE_KERNEL: &str = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Image1D, ImageBuffer, ImageQuery], []> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @src bind(0, 0) : !spirv.ptr<!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, UniformConstant>
  spirv.GlobalVariable @dst bind(0, 1) : !spirv.ptr<!spirv.image<i32, Buffer, NoDepth, NonArrayed, SingleSampled, NoSampler, R32ui>, UniformConstant>
  spirv.func @main() "None" {
    %g = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Load "Input" %g : vector<3xi32>
    %x = spirv.CompositeExtract %v[0 : i32] : vector<3xi32>
    %src_addr = spirv.mlir.addressof @src : !spirv.ptr<!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, UniformConstant>
    %src = spirv.Load "UniformConstant" %src_addr : !spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>
    %texel = spirv.ImageRead %src, %x : !spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, i32 -> vector<4xf32>
    %red = spirv.CompositeExtract %texel[0 : i32] : vector<4xf32>
    %scale = spirv.Constant 510.0 : f32
    %scaled = spirv.FMul %red, %scale : f32
    %integer = spirv.ConvertFToU %scaled : f32 to i32
    %dst_addr = spirv.mlir.addressof @dst : !spirv.ptr<!spirv.image<i32, Buffer, NoDepth, NonArrayed, SingleSampled, NoSampler, R32ui>, UniformConstant>
    %dst = spirv.Load "UniformConstant" %dst_addr : !spirv.image<i32, Buffer, NoDepth, NonArrayed, SingleSampled, NoSampler, R32ui>
    %size = spirv.ImageQuerySize %dst : !spirv.image<i32, Buffer, NoDepth, NonArrayed, SingleSampled, NoSampler, R32ui> -> i32
    %sum = spirv.IAdd %integer, %size : i32
    %out = spirv.CompositeConstruct %sum, %sum, %sum, %sum : (i32, i32, i32, i32) -> vector<4xi32>
    spirv.ImageWrite %dst, %x, %out : !spirv.image<i32, Buffer, NoDepth, NonArrayed, SingleSampled, NoSampler, R32ui>, i32, vector<4xi32>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @gid
  spirv.ExecutionMode @main "LocalSize", 8, 1, 1
}
"#;

#[test]
fn images_bind_through_the_api_and_are_checked_before_running() {
    use spirv_run::{Format, Image};
    let kernel = Kernel::compile(IMAGE_KERNEL.as_bytes(), "images.mlir", &CompileOptions::default()).expect("compiles");
    let kinds: Vec<_> = kernel.info().resources.iter().map(|r| r.kind).collect();
    assert_eq!(kinds, [ResourceKind::StorageImage, ResourceKind::StorageTexelBuffer]);
    let rgba8 = Format::from_name("R8G8B8A8_UNORM").unwrap();
    let r32ui = Format::from_name("R32_UINT").unwrap();
    // 6 texels read, 7 written: invocation 6 reads outside (zero), 7 writes outside.
    let texels: Vec<u8> = (0..6u8).flat_map(|i| [i * 40, 0, 0, 255]).collect();
    let mut src = Image::new(rgba8, [6, 1, 1], 1, &texels).unwrap();
    let mut dst = Image::texel_buffer(r32ui, &[0xff; 28]).unwrap();
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.bind(0, 0, Resource::Image(&mut src));
    dispatch.bind(0, 1, Resource::Image(&mut dst));
    kernel.dispatch(&mut dispatch).expect("runs");
    drop(dispatch);
    let got: Vec<u32> = dst.bytes().chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
    assert_eq!(got, [7, 87, 167, 247, 327, 407, 7]);

    // A format the shader does not declare, a buffer for an image: refused.
    let mut wrong = Image::new(r32ui, [6, 1, 1], 1, &[0; 24]).unwrap();
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.bind(0, 0, Resource::Image(&mut wrong));
    dispatch.bind(0, 1, Resource::Image(&mut dst));
    let error = kernel.dispatch(&mut dispatch).unwrap_err().to_string();
    assert_eq!(error, "set 0 binding 0: the shader declares the image R8G8B8A8_UNORM, the image is R32_UINT");
    let mut buffer = Buffer::zeroed(64);
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.bind(0, 0, Resource::Buffer(&mut buffer));
    let error = kernel.dispatch(&mut dispatch).unwrap_err().to_string();
    assert_eq!(error, "set 0 binding 0 must be an image");
}

/// A combined image sampler and a separate image and sampler (paired by the
/// importer's OpSampledImage call), 1D R32_SFLOAT images of two mip levels:
/// out[2x] samples the first at (x + 0.5) / 8, LOD 0.5; out[2x + 1] the
/// second half a texture further, LOD 0.
const SAMPLING_KERNEL: &str = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Sampled1D, Linkage], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @tex bind(0, 0) : !spirv.ptr<!spirv.sampled_image<!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, UniformConstant>
  spirv.GlobalVariable @img bind(0, 1) : !spirv.ptr<!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, UniformConstant>
  spirv.GlobalVariable @smp bind(0, 2) : !spirv.ptr<!spirv.struct<__spvabi_sampler, ()>, UniformConstant>
  spirv.GlobalVariable @out bind(0, 3) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
  spirv.func @__spvabi_op_sampled_image_0(!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, !spirv.struct<__spvabi_sampler, ()>) -> !spirv.sampled_image<!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>> "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "__spvabi_op_sampled_image_0", linkage_type = <Import>>}
  spirv.func @main() "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %two = spirv.Constant 2 : i32
    %half = spirv.Constant 0.5 : f32
    %eighth = spirv.Constant 0.125 : f32
    %lod0 = spirv.Constant 0.0 : f32
    %g = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Load "Input" %g : vector<3xi32>
    %x = spirv.CompositeExtract %v[0 : i32] : vector<3xi32>
    %xf = spirv.ConvertSToF %x : i32 to f32
    %centre = spirv.FAdd %xf, %half : f32
    %s = spirv.FMul %centre, %eighth : f32
    %ta = spirv.mlir.addressof @tex : !spirv.ptr<!spirv.sampled_image<!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, UniformConstant>
    %t = spirv.Load "UniformConstant" %ta : !spirv.sampled_image<!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    %a = spirv.ImageSampleExplicitLod %t, %s ["Lod"], %half : !spirv.sampled_image<!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, f32, f32 -> vector<4xf32>
    %ia = spirv.mlir.addressof @img : !spirv.ptr<!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, UniformConstant>
    %i = spirv.Load "UniformConstant" %ia : !spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>
    %sa = spirv.mlir.addressof @smp : !spirv.ptr<!spirv.struct<__spvabi_sampler, ()>, UniformConstant>
    %sm = spirv.Load "UniformConstant" %sa : !spirv.struct<__spvabi_sampler, ()>
    %si = spirv.FunctionCall @__spvabi_op_sampled_image_0(%i, %sm) : (!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, !spirv.struct<__spvabi_sampler, ()>) -> !spirv.sampled_image<!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    %further = spirv.FAdd %s, %half : f32
    %b = spirv.ImageSampleExplicitLod %si, %further ["Lod"], %lod0 : !spirv.sampled_image<!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, f32, f32 -> vector<4xf32>
    %ar = spirv.CompositeExtract %a[0 : i32] : vector<4xf32>
    %br = spirv.CompositeExtract %b[0 : i32] : vector<4xf32>
    %o = spirv.mlir.addressof @out : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
    %even = spirv.IMul %x, %two : i32
    %odd = spirv.IAdd %even, %one : i32
    %pa = spirv.AccessChain %o[%zero, %even] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    spirv.Store "StorageBuffer" %pa, %ar : f32
    %pb = spirv.AccessChain %o[%zero, %odd] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    spirv.Store "StorageBuffer" %pb, %br : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @gid
  spirv.ExecutionMode @main "LocalSize", 8, 1, 1
}
"#;

#[test]
fn samplers_bind_through_the_api() {
    use spirv_run::{Format, Image, Sampler};
    let kernel = Kernel::compile(SAMPLING_KERNEL.as_bytes(), "sampling.mlir", &CompileOptions::default()).expect("compiles");
    let kinds: Vec<_> = kernel.info().resources.iter().map(|r| r.kind).collect();
    assert_eq!(
        kinds,
        [ResourceKind::CombinedImageSampler, ResourceKind::SampledImage, ResourceKind::Sampler, ResourceKind::StorageBuffer]
    );
    let r32f = Format::from_name("R32_SFLOAT").unwrap();
    // Level 0: 0..7; level 1: 0, 10, 20, 30.
    let values: Vec<f32> = (0..8).map(|k| k as f32).chain((0..4).map(|k| 10.0 * k as f32)).collect();
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut combined = Image::with_levels(r32f, [8, 1, 1], 1, 2, &bytes).unwrap();
    let mut separate = Image::with_levels(r32f, [8, 1, 1], 1, 2, &bytes).unwrap();
    let mut out = Buffer::zeroed(64);
    // Nearest texels, halfway between the two levels.
    let blend = Sampler::parse("filter=nearest,mipmap=linear").unwrap();
    let border = Sampler::parse("address=clamp_to_border,border=float_opaque_white").unwrap();
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.bind(0, 0, Resource::SampledImage(&mut combined, blend));
    dispatch.bind(0, 1, Resource::Image(&mut separate));
    dispatch.bind(0, 2, Resource::Sampler(border));
    dispatch.bind(0, 3, Resource::Buffer(&mut out));
    kernel.dispatch(&mut dispatch).expect("runs");
    drop(dispatch);
    let got: Vec<f32> = out.bytes().chunks_exact(4).map(|w| f32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
    for x in 0..8 {
        // Level 0 texel x, level 1 texel x / 2, half each.
        assert_eq!(got[2 * x], 0.5 * x as f32 + 0.5 * 10.0 * (x / 2) as f32, "combined, x = {x}");
        // Half a texture further: texel x + 4, or the border past the edge.
        let further = if x < 4 { (x + 4) as f32 } else { 1.0 };
        assert_eq!(got[2 * x + 1], further, "separate, x = {x}");
    }

    // A sampler missing, an image without its sampler: refused.
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.bind(0, 0, Resource::Image(&mut combined));
    let error = kernel.dispatch(&mut dispatch).unwrap_err().to_string();
    assert_eq!(error, "set 0 binding 0 must be an image with a sampler (a combined image sampler)");
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.bind(0, 0, Resource::SampledImage(&mut combined, blend));
    dispatch.bind(0, 1, Resource::Image(&mut separate));
    let error = kernel.dispatch(&mut dispatch).unwrap_err().to_string();
    assert_eq!(error, "the kernel uses set 0 binding 2, which has no sampler");
}

/// out[i] = bufs[i % 2].d[i]: a descriptor array of two buffers, indexed per
/// invocation; 4 invocations. (OpArrayLength per element: lit's
/// Runner/descriptor-arrays.test.)
const ARRAY_KERNEL: &str = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @bufs bind(0, 0) : !spirv.ptr<!spirv.array<2 x !spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>>, StorageBuffer>
  spirv.GlobalVariable @output bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
  spirv.func @main() "None" {
    %zero = spirv.Constant 0 : i32
    %two = spirv.Constant 2 : i32
    %g = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Load "Input" %g : vector<3xi32>
    %i = spirv.CompositeExtract %v[0 : i32] : vector<3xi32>
    %k = spirv.UMod %i, %two : i32
    %b = spirv.mlir.addressof @bufs : !spirv.ptr<!spirv.array<2 x !spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>>, StorageBuffer>
    %p = spirv.AccessChain %b[%k, %zero, %i] : !spirv.ptr<!spirv.array<2 x !spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>>, StorageBuffer>, i32, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    %result = spirv.Load "StorageBuffer" %p : i32
    %out = spirv.mlir.addressof @output : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
    %q = spirv.AccessChain %out[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    spirv.Store "StorageBuffer" %q, %result : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @gid, @bufs, @output
  spirv.ExecutionMode @main "LocalSize", 4, 1, 1
}
"#;

#[test]
fn descriptor_arrays_of_buffers() {
    let kernel =
        Kernel::compile(ARRAY_KERNEL.as_bytes(), "array.mlir", &CompileOptions::default()).expect("the kernel compiles");
    let places: Vec<_> =
        kernel.info().resources.iter().map(|r| (r.kind, r.binding, r.element, r.count)).collect();
    assert_eq!(
        places,
        [
            (ResourceKind::StorageBuffer, 0, 0, 2),
            (ResourceKind::StorageBuffer, 0, 1, 2),
            (ResourceKind::StorageBuffer, 1, 0, 0)
        ]
    );
    // A Resource::Array of two buffers: element 1 is 2 words long.
    let mut even = Buffer::from_bytes(&words(&[10, 11, 12, 13]));
    let mut odd = Buffer::from_bytes(&words(&[20, 21]));
    let mut output = Buffer::zeroed(16);
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.bind(0, 0, Resource::Array(vec![Resource::Buffer(&mut even), Resource::Buffer(&mut odd)]));
    dispatch.bind(0, 1, Resource::Buffer(&mut output));
    kernel.dispatch(&mut dispatch).expect("the dispatch runs");
    drop(dispatch);
    assert_eq!(read_words(&output), [10, 21, 12, 0]);

    // Both elements views of one buffer, at offsets 0 and 16.
    let mut shared = Buffer::from_bytes(&words(&[1, 2, 3, 4, 5, 6, 7, 8]));
    let mut output = Buffer::zeroed(16);
    let mut dispatch = Dispatch::new([1, 1, 1]);
    let views = [
        BufferView { set: 0, binding: 0, element: 0, offset: 0, length: 32 },
        BufferView { set: 0, binding: 0, element: 1, offset: 16, length: 16 },
    ];
    dispatch.bind_views(&mut shared, &views).expect("the views fit");
    dispatch.bind(0, 1, Resource::Buffer(&mut output));
    kernel.dispatch(&mut dispatch).expect("the dispatch runs");
    drop(dispatch);
    assert_eq!(read_words(&output), [1, 6, 3, 8]);

    // One buffer, or an array of another length: refused before anything runs.
    let mut single = Buffer::zeroed(16);
    let mut output = Buffer::zeroed(16);
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.bind(0, 0, Resource::Buffer(&mut single));
    dispatch.bind(0, 1, Resource::Buffer(&mut output));
    let error = kernel.dispatch(&mut dispatch).expect_err("one buffer for an array");
    assert_eq!(error.to_string(), "set 0 binding 0 is an array of 2 buffers (SET:BINDING[I], Resource::Array), one given");
    dispatch.bind(0, 0, Resource::Array(vec![Resource::Buffer(&mut even)]));
    let error = kernel.dispatch(&mut dispatch).expect_err("an array of one");
    assert_eq!(error.to_string(), "set 0 binding 0 is an array of 2 buffers, 1 given");
}

/// out[i] = subgroupAdd(in[i]) + 1000 * SubgroupSize; 8 invocations a workgroup.
const SUBGROUP_KERNEL: &str = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @size built_in("SubgroupSize") : !spirv.ptr<i32, Input>
  spirv.GlobalVariable @input bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
  spirv.GlobalVariable @output bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
  spirv.func @main() "None" {
    %zero = spirv.Constant 0 : i32
    %thousand = spirv.Constant 1000 : i32
    %g = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Load "Input" %g : vector<3xi32>
    %i = spirv.CompositeExtract %v[0 : i32] : vector<3xi32>
    %in = spirv.mlir.addressof @input : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
    %p = spirv.AccessChain %in[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    %x = spirv.Load "StorageBuffer" %p : i32
    %sum = spirv.GroupNonUniformIAdd <Subgroup> <Reduce> %x : i32 -> i32
    %s = spirv.mlir.addressof @size : !spirv.ptr<i32, Input>
    %n = spirv.Load "Input" %s : i32
    %scaled = spirv.IMul %n, %thousand : i32
    %result = spirv.IAdd %sum, %scaled : i32
    %out = spirv.mlir.addressof @output : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
    %q = spirv.AccessChain %out[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    spirv.Store "StorageBuffer" %q, %result : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @gid, @size, @input, @output
  spirv.ExecutionMode @main "LocalSize", 8, 1, 1
}
"#;

/// SUBGROUP_KERNEL's output (or a variant's) on the inputs 0 to 7, one
/// workgroup.
fn run_on_eight(kernel: &Kernel) -> Vec<i32> {
    let mut input = Buffer::from_bytes(&words(&[0, 1, 2, 3, 4, 5, 6, 7]));
    let mut output = Buffer::zeroed(8 * 4);
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.bind(0, 0, Resource::Buffer(&mut input));
    dispatch.bind(0, 1, Resource::Buffer(&mut output));
    kernel.dispatch(&mut dispatch).expect("the dispatch runs");
    drop(dispatch);
    read_words(&output)
}

#[test]
fn the_subgroup_size_is_asked_for_and_reported() {
    // The default: the SPMD width; 4 lanes; subgroups of one.
    for (asked, size, expected) in [
        (None, 8, [8028; 8]),
        (Some(4), 4, [4006, 4006, 4006, 4006, 4022, 4022, 4022, 4022]),
        (Some(1), 1, [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007]),
    ] {
        let options = CompileOptions {
            spmd: SpmdOptions { subgroup_size: asked, ..SpmdOptions::default() },
            ..Default::default()
        };
        let kernel = Kernel::compile(SUBGROUP_KERNEL.as_bytes(), "subgroups.mlir", &options).expect("compiles");
        assert_eq!(kernel.info().subgroup_size, size, "{asked:?}");
        assert_eq!(run_on_eight(&kernel), expected, "{asked:?}");
    }
    // At -O0 a size asked for is still the lanes' (the functions using
    // subgroups vectorized, nothing else); none asked for: subgroups of one.
    for (asked, size, expected) in [
        (Some(4), 4, [4006, 4006, 4006, 4006, 4022, 4022, 4022, 4022]),
        (Some(8), 8, [8028; 8]),
        (None, 1, [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007]),
    ] {
        let options = CompileOptions {
            spmd: SpmdOptions { subgroup_size: asked, ..SpmdOptions::default() },
            opt_level: Some(0),
            ..Default::default()
        };
        let kernel = Kernel::compile(SUBGROUP_KERNEL.as_bytes(), "subgroups.mlir", &options).expect("compiles");
        assert_eq!(kernel.info().subgroup_size, size, "-O0 {asked:?}");
        assert_eq!(run_on_eight(&kernel), expected, "-O0 {asked:?}");
    }
}

#[test]
fn lanes_are_capped_at_a_workgroup_narrower_than_the_subgroup_size_asked_for() {
    // Three invocations in subgroups of 16 (and of 64): 4 lanes run them,
    // one partial subgroup of the size asked for (docs/abi.md,
    // "Subgroups"): each sees the sum 0 + 1 + 2 and the size.
    let narrow = SUBGROUP_KERNEL.replace("\"LocalSize\", 8, 1, 1", "\"LocalSize\", 3, 1, 1");
    assert_ne!(narrow, SUBGROUP_KERNEL);
    for (size, lanes) in [(16, 4), (64, 4), (4, 4), (2, 2)] {
        let options = CompileOptions {
            spmd: SpmdOptions { subgroup_size: Some(size), ..SpmdOptions::default() },
            ..Default::default()
        };
        let kernel = Kernel::compile(narrow.as_bytes(), "narrow.mlir", &options).expect("compiles");
        assert_eq!((kernel.info().lanes, kernel.info().subgroup_size), (lanes, size));
        let sums: [i32; 3] = if size >= 4 { [3; 3] } else { [1, 1, 2] };
        let expected: Vec<i32> =
            sums.iter().map(|sum| sum + 1000 * size as i32).chain([0; 5]).collect();
        assert_eq!(run_on_eight(&kernel), expected, "subgroups of {size}");
    }
}

/// out[i] = get_local_size(0) at each global id i: an OpenCL kernel that
/// leaves its workgroup size to the dispatch.
const LOCAL_SIZE_KERNEL: &str = r#"
spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64], []> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi64>, Input>
  spirv.GlobalVariable @size built_in("WorkgroupSize") : !spirv.ptr<vector<3xi64>, Input>
  spirv.func @k(%out: !spirv.ptr<i32, CrossWorkgroup>) "None" {
    %g = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi64>, Input>
    %gv = spirv.Load "Input" %g : vector<3xi64>
    %i = spirv.CompositeExtract %gv[0 : i32] : vector<3xi64>
    %s = spirv.mlir.addressof @size : !spirv.ptr<vector<3xi64>, Input>
    %sv = spirv.Load "Input" %s : vector<3xi64>
    %n = spirv.CompositeExtract %sv[0 : i32] : vector<3xi64>
    %n32 = spirv.UConvert %n : i64 to i32
    %p = spirv.InBoundsPtrAccessChain %out[%i] : !spirv.ptr<i32, CrossWorkgroup>, i64 -> !spirv.ptr<i32, CrossWorkgroup>
    spirv.Store "CrossWorkgroup" %p, %n32 : i32
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @k, @gid, @size
}
"#;

#[test]
fn non_uniform_work_groups_run_the_rest_in_the_last_workgroup() {
    let kernel =
        Kernel::compile(LOCAL_SIZE_KERNEL.as_bytes(), "local-size.mlir", &CompileOptions::default()).expect("compiles");
    let mut out = Buffer::zeroed(12 * 4);
    // 10 work-items in workgroups of 4: 3 workgroups, the last of 2.
    let mut dispatch = Dispatch::new([3, 1, 1]);
    dispatch.workgroup_size = Some([4, 1, 1]);
    dispatch.global_size = Some([10, 1, 1]);
    dispatch.work_dim = 1;
    dispatch.argument(0, Resource::Buffer(&mut out));
    kernel.dispatch(&mut dispatch).expect("runs");
    drop(dispatch);
    assert_eq!(read_words(&out), [4, 4, 4, 4, 4, 4, 4, 4, 2, 2, 0, 0]);

    // The workgroup count must be the global size over the workgroup size,
    // rounded up.
    let mut dispatch = Dispatch::new([2, 1, 1]);
    dispatch.workgroup_size = Some([4, 1, 1]);
    dispatch.global_size = Some([10, 1, 1]);
    dispatch.argument(0, Resource::Buffer(&mut out));
    let error = kernel.dispatch(&mut dispatch).unwrap_err().to_string();
    assert_eq!(error, "a global size of 10 in dimension 0 with workgroups of 4 takes 3 workgroups, not 2");

    // A kernel with a size of its own has uniform work-groups only.
    let fixed = compile();
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.global_size = Some([20, 1, 1]);
    let error = fixed.dispatch(&mut dispatch).unwrap_err().to_string();
    assert_eq!(
        error,
        "non-uniform work-groups need a kernel that leaves the workgroup size to the dispatch; this one requires 32x1x1"
    );
}

#[test]
fn a_kernel_with_barriers_runs_its_regions_as_lanes_with_subgroups_as_wide() {
    // SUBGROUP_KERNEL with a workgroup barrier before the reduction.
    let with_barrier = SUBGROUP_KERNEL.replace(
        "    %sum = spirv.GroupNonUniformIAdd",
        "    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>\n    %sum = spirv.GroupNonUniformIAdd",
    );
    assert_ne!(with_barrier, SUBGROUP_KERNEL);
    for (mode, asked, size, expected) in [
        (SpmdMode::Loops, None, 8, [8028; 8]),
        (SpmdMode::Loops, Some(4), 4, [4006, 4006, 4006, 4006, 4022, 4022, 4022, 4022]),
        (SpmdMode::Loops, Some(1), 1, [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007]),
        (SpmdMode::Off, None, 1, [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007]),
    ] {
        let options = CompileOptions {
            spmd: SpmdOptions { mode, subgroup_size: asked, ..SpmdOptions::default() },
            ..Default::default()
        };
        let kernel = Kernel::compile(with_barrier.as_bytes(), "barrier.mlir", &options).expect("compiles");
        let info = kernel.info();
        assert!(matches!(info.barriers, spirv_run::BarrierPath::Regions(_)), "{mode:?} {asked:?}");
        assert_eq!((info.lanes, info.subgroup_size), (size, size), "{mode:?} {asked:?}");
        assert_eq!(run_on_eight(&kernel), expected, "{mode:?} {asked:?}");
    }
    // At -O0 too, the regions' steps as lanes for a size asked for.
    let options = CompileOptions {
        spmd: SpmdOptions { subgroup_size: Some(4), ..SpmdOptions::default() },
        opt_level: Some(0),
        ..Default::default()
    };
    let kernel = Kernel::compile(with_barrier.as_bytes(), "barrier.mlir", &options).expect("compiles");
    assert_eq!((kernel.info().lanes, kernel.info().subgroup_size), (4, 4));
    assert_eq!(run_on_eight(&kernel), [4006, 4006, 4006, 4006, 4022, 4022, 4022, 4022]);
    // As coroutines: subgroups of one by default; a wider size asked for
    // runs the subgroup operations as rendezvous (docs/abi.md), the
    // invocations one by one, with the regions' results (-O0 too).
    let coroutines = CompileOptions { barriers: spirv_run::BarrierMode::Coroutines, ..Default::default() };
    let kernel = Kernel::compile(with_barrier.as_bytes(), "barrier.mlir", &coroutines).expect("compiles");
    assert_eq!((kernel.info().lanes, kernel.info().subgroup_size), (1, 1));
    assert_eq!(run_on_eight(&kernel), [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007]);
    for opt_level in [None, Some(0)] {
        let wider = CompileOptions {
            spmd: SpmdOptions { subgroup_size: Some(4), ..SpmdOptions::default() },
            opt_level,
            ..coroutines.clone()
        };
        let kernel = Kernel::compile(with_barrier.as_bytes(), "barrier.mlir", &wider).expect("compiles");
        assert!(matches!(kernel.info().barriers, spirv_run::BarrierPath::Coroutines(None)), "{opt_level:?}");
        assert_eq!((kernel.info().lanes, kernel.info().subgroup_size), (1, 4), "{opt_level:?}");
        assert_eq!(run_on_eight(&kernel), [4006, 4006, 4006, 4006, 4022, 4022, 4022, 4022], "{opt_level:?}");
    }
}

/// out[i] = word 0 of the buffer in resource-heap slot i: the descriptor
/// array SPV_EXT_descriptor_heap's import makes of the heap (docs/abi.md,
/// "Descriptor heaps"), written as MLIR; 4 invocations.
const HEAP_KERNEL: &str = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @heap bind(2147483647, 0) : !spirv.ptr<!spirv.array<65 x !spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>>, StorageBuffer>
  spirv.GlobalVariable @output bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
  spirv.func @main() "None" {
    %zero = spirv.Constant 0 : i32
    %g = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Load "Input" %g : vector<3xi32>
    %i = spirv.CompositeExtract %v[0 : i32] : vector<3xi32>
    %heap = spirv.mlir.addressof @heap : !spirv.ptr<!spirv.array<65 x !spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>>, StorageBuffer>
    %p = spirv.AccessChain %heap[%i, %zero, %zero] : !spirv.ptr<!spirv.array<65 x !spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>>, StorageBuffer>, i32, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    %x = spirv.Load "StorageBuffer" %p : i32
    %out = spirv.mlir.addressof @output : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
    %q = spirv.AccessChain %out[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    spirv.Store "StorageBuffer" %q, %x : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @gid, @heap, @output
  spirv.ExecutionMode @main "LocalSize", 4, 1, 1
}
"#;

#[test]
fn resource_heap_slots_hold_buffers_and_empty_ones_read_zero() {
    let kernel =
        Kernel::compile(HEAP_KERNEL.as_bytes(), "heap.mlir", &CompileOptions::default()).expect("the kernel compiles");
    assert_eq!(kernel.info().resources.len(), 65 + 1);
    let mut seven = Buffer::from_bytes(&words(&[7]));
    let mut nine = Buffer::from_bytes(&words(&[9, 10]));
    let mut output = Buffer::zeroed(16);
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.heap_buffer(0, &mut seven).expect("slot 0 is in the heap");
    dispatch.heap_buffer(2, &mut nine).expect("slot 2 is in the heap");
    dispatch.bind(0, 0, Resource::Buffer(&mut output));
    kernel.dispatch(&mut dispatch).expect("the dispatch runs");
    drop(dispatch);
    assert_eq!(read_words(&output), [7, 0, 9, 0]);

    // A slot past the heap; heap buffers for a kernel without a heap.
    let mut past = Buffer::zeroed(16);
    let mut buffer = Buffer::zeroed(16);
    let mut dispatch = Dispatch::new([1, 1, 1]);
    let error = dispatch.heap_buffer(spirv_run::HEAP_SLOTS, &mut past).expect_err("slot 64");
    assert_eq!(error.to_string(), "resource heap slot 64: the heap holds slots 0 to 63, each a buffer or an image");
    let mut input = Buffer::zeroed(16);
    let mut output = Buffer::zeroed(16);
    dispatch.heap_buffer(0, &mut buffer).expect("slot 0 is in the heap");
    dispatch.bind(0, 0, Resource::Buffer(&mut input));
    dispatch.bind(0, 1, Resource::Buffer(&mut output));
    dispatch.push_constants = vec![0; 4];
    let error = compile().dispatch(&mut dispatch).expect_err("the kernel has no heap");
    assert!(error.to_string().ends_with("resource heap descriptors given, but the kernel uses no resource heap"), "{error}");
}

/// dst[i] = 2 * src[i] + 1, src and dst buffer device addresses in the push
/// constants (GLSL `buffer_reference`; PhysicalStorageBuffer64).
const DEVICE_ADDRESS_KERNEL: &str = r#"
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], []> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @pc : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8]), Block>, PushConstant>
  spirv.func @main() "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %two = spirv.Constant 2 : i32
    %g = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %gx = spirv.AccessChain %g[%zero] : !spirv.ptr<vector<3xi32>, Input>, i32 -> !spirv.ptr<i32, Input>
    %i = spirv.Load "Input" %gx : i32
    %pc = spirv.mlir.addressof @pc : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8]), Block>, PushConstant>
    %src_field = spirv.AccessChain %pc[%zero] : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8]), Block>, PushConstant>, i32 -> !spirv.ptr<i64, PushConstant>
    %src_address = spirv.Load "PushConstant" %src_field : i64
    %src = spirv.ConvertUToPtr %src_address : i64 to !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, PhysicalStorageBuffer>
    %dst_field = spirv.AccessChain %pc[%one] : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8]), Block>, PushConstant>, i32 -> !spirv.ptr<i64, PushConstant>
    %dst_address = spirv.Load "PushConstant" %dst_field : i64
    %dst = spirv.ConvertUToPtr %dst_address : i64 to !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, PhysicalStorageBuffer>
    %p = spirv.AccessChain %src[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, PhysicalStorageBuffer>, i32, i32 -> !spirv.ptr<i32, PhysicalStorageBuffer>
    %x = spirv.Load "PhysicalStorageBuffer" %p ["Aligned", 4] : i32
    %doubled = spirv.IMul %two, %x : i32
    %result = spirv.IAdd %doubled, %one : i32
    %q = spirv.AccessChain %dst[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, PhysicalStorageBuffer>, i32, i32 -> !spirv.ptr<i32, PhysicalStorageBuffer>
    spirv.Store "PhysicalStorageBuffer" %q, %result ["Aligned", 4] : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @gid, @pc
  spirv.ExecutionMode @main "LocalSize", 8, 1, 1
}
"#;

fn addresses(src: u64, dst: u64) -> Vec<u8> {
    [src.to_le_bytes(), dst.to_le_bytes()].concat()
}

#[test]
fn device_buffers_are_reached_by_address() {
    for unchecked in [false, true] {
        let options = CompileOptions { unchecked, ..CompileOptions::default() };
        let kernel = Kernel::compile(DEVICE_ADDRESS_KERNEL.as_bytes(), "bda.mlir", &options).expect("the kernel compiles");
        let input: Vec<i32> = (0..32).map(|i| i * 7 - 50).collect();
        let mut src = Buffer::from_bytes(&words(&input));
        let mut dst = Buffer::zeroed(32 * 4);
        let src_data = src.bytes().as_ptr() as u64;
        let mut dispatch = Dispatch::new([4, 1, 1]);
        let src_address = dispatch.device_buffer(&mut src);
        let dst_address = dispatch.device_buffer(&mut dst);
        // The address is the buffer's data, which does not move.
        assert_eq!(src_address, src_data);
        dispatch.push_constants = addresses(src_address, dst_address);
        kernel.dispatch(&mut dispatch).expect("the dispatch runs");
        drop(dispatch);
        assert_eq!(read_words(&dst), input.iter().map(|x| 2 * x + 1).collect::<Vec<_>>(), "unchecked: {unchecked}");
    }
}

#[test]
fn addresses_outside_the_device_buffers_read_zero_and_write_nothing() {
    let kernel =
        Kernel::compile(DEVICE_ADDRESS_KERNEL.as_bytes(), "bda.mlir", &CompileOptions::default()).expect("the kernel compiles");
    // src: 16 of the 32 elements the invocations read; the rest read zero.
    let input: Vec<i32> = (1..=16).collect();
    let mut src = Buffer::from_bytes(&words(&input));
    let mut dst = Buffer::zeroed(32 * 4);
    // Memory of this process the dispatch was not given: never written.
    let mut stranger = Buffer::from_bytes(&words(&[-7; 32]));
    let stranger_address = stranger.bytes_mut().as_mut_ptr() as u64;
    {
        let mut dispatch = Dispatch::new([4, 1, 1]);
        let src_address = dispatch.device_buffer(&mut src);
        let dst_address = dispatch.device_buffer(&mut dst);
        dispatch.push_constants = addresses(src_address, dst_address);
        kernel.dispatch(&mut dispatch).expect("the dispatch runs");
        dispatch.push_constants = addresses(src_address, stranger_address);
        kernel.dispatch(&mut dispatch).expect("the dispatch runs");
    }
    let expected: Vec<i32> = (0..32).map(|i| if i < 16 { 2 * (i + 1) + 1 } else { 1 }).collect();
    assert_eq!(read_words(&dst), expected);
    assert_eq!(read_words(&stranger), vec![-7; 32]);
    // Read through its address, memory given to no dispatch reads zero.
    let mut out = Buffer::zeroed(32 * 4);
    {
        let mut dispatch = Dispatch::new([4, 1, 1]);
        let out_address = dispatch.device_buffer(&mut out);
        dispatch.push_constants = addresses(stranger_address, out_address);
        kernel.dispatch(&mut dispatch).expect("the dispatch runs");
    }
    assert_eq!(read_words(&out), vec![1; 32]);
}

#[test]
fn bound_buffers_are_reached_by_address() {
    // In Vulkan a buffer may be bound and addressed at once: the kernel
    // declares no binding, so these reach it through their addresses alone
    // (the dispatch's device memory, not the kernel's objects).
    for unchecked in [false, true] {
        let options = CompileOptions { unchecked, ..CompileOptions::default() };
        let kernel = Kernel::compile(DEVICE_ADDRESS_KERNEL.as_bytes(), "bda.mlir", &options).expect("the kernel compiles");
        let input: Vec<i32> = (0..32).map(|i| 5 - i * 3).collect();
        let mut src = Buffer::from_bytes(&words(&input));
        let mut spare = Buffer::zeroed(16);
        let mut dst = Buffer::zeroed(32 * 4);
        let src_data = src.bytes().as_ptr() as u64;
        let mut dispatch = Dispatch::new([4, 1, 1]);
        dispatch.bind(0, 0, Resource::Buffer(&mut src));
        // Element 1 of a descriptor array.
        dispatch.bind(0, 1, Resource::Array(vec![Resource::Buffer(&mut spare), Resource::Buffer(&mut dst)]));
        let src_address = dispatch.binding_address(0, 0, 0).expect("0:0 holds a buffer");
        let dst_address = dispatch.binding_address(0, 1, 1).expect("0:1[1] holds a buffer");
        assert_eq!(src_address, src_data);
        // Asked again, the same address.
        assert_eq!(dispatch.binding_address(0, 0, 0).expect("0:0 holds a buffer"), src_address);
        dispatch.push_constants = addresses(src_address, dst_address);
        kernel.dispatch(&mut dispatch).expect("the dispatch runs");
        drop(dispatch);
        assert_eq!(read_words(&dst), input.iter().map(|x| 2 * x + 1).collect::<Vec<_>>(), "unchecked: {unchecked}");
        assert_eq!(read_words(&spare), vec![0; 4]);
    }
}

#[test]
fn a_view_address_covers_its_whole_buffer() {
    let kernel =
        Kernel::compile(DEVICE_ADDRESS_KERNEL.as_bytes(), "bda.mlir", &CompileOptions::default()).expect("the kernel compiles");
    // Words 0-15 the source view, 16-31 the destination view (16 words
    // each). The 32 invocations read words 0-31 (past the source view) and
    // write words 32-63, from 16 words past the destination view's start:
    // inside the buffer up to word 47 (a Vulkan buffer's address covers
    // all of it), past its end from word 48 (nothing is written).
    let input: Vec<i32> = (0..48).map(|i| i + 100).collect();
    let mut buffer = Buffer::from_bytes(&words(&input));
    let base = buffer.bytes().as_ptr() as u64;
    let views = [
        BufferView { set: 0, binding: 0, element: 0, offset: 0, length: 64 },
        BufferView { set: 0, binding: 1, element: 0, offset: 64, length: 64 },
    ];
    {
        let mut dispatch = Dispatch::new([4, 1, 1]);
        dispatch.bind_views(&mut buffer, &views).expect("the views fit");
        let src_address = dispatch.binding_address(0, 0, 0).expect("a view");
        let dst_address = dispatch.binding_address(0, 1, 0).expect("a view");
        assert_eq!((src_address, dst_address), (base, base + 64));
        // Both views' addresses: one range of device memory, the buffer.
        dispatch.push_constants = addresses(src_address, dst_address + 64);
        kernel.dispatch(&mut dispatch).expect("the dispatch runs");
    }
    // Invocation i reads word i and writes word 32 + i where it exists.
    let mut expected = input.clone();
    for i in 0..16 {
        expected[32 + i] = 2 * input[i] + 1;
    }
    assert_eq!(read_words(&buffer), expected);
}

#[test]
fn binding_addresses_need_their_buffers() {
    let kernel =
        Kernel::compile(DEVICE_ADDRESS_KERNEL.as_bytes(), "bda.mlir", &CompileOptions::default()).expect("the kernel compiles");
    let mut first = Buffer::zeroed(64);
    let mut second = Buffer::zeroed(64);
    let mut slot = Buffer::zeroed(64);
    let slot_data = slot.bytes().as_ptr() as u64;
    let mut dispatch = Dispatch::new([1, 1, 1]);
    // A buffer in a slot of the resource heap: its address; an empty slot
    // has none.
    dispatch.heap_buffer(3, &mut slot).expect("slot 3 is in the heap");
    let slot_address = dispatch.binding_address(spirv_run::HEAP_DESCRIPTOR_SET, 0, 3).expect("slot 3 holds a buffer");
    assert_eq!(slot_address, slot_data);
    let error = dispatch.binding_address(spirv_run::HEAP_DESCRIPTOR_SET, 0, 4).expect_err("slot 4 is empty");
    assert_eq!(error.to_string(), "resource heap slot 4: no buffer is bound there, so it has no address");
    let mut dispatch = Dispatch::new([1, 1, 1]);
    let error = dispatch.binding_address(0, 0, 0).expect_err("nothing bound");
    assert_eq!(error.to_string(), "set 0 binding 0: no buffer is bound there, so it has no address");
    dispatch.bind(0, 0, Resource::Buffer(&mut first));
    let error = dispatch.binding_address(0, 0, 1).expect_err("no array");
    assert!(error.to_string().ends_with("set 0 binding 0 element 1: no buffer is bound there, so it has no address"));
    let address = dispatch.binding_address(0, 0, 0).expect("bound");
    // Another buffer bound there after its address was given.
    dispatch.bind(0, 0, Resource::Buffer(&mut second));
    dispatch.push_constants = addresses(address, address);
    let error = kernel.dispatch(&mut dispatch).expect_err("rebound");
    assert!(
        error.to_string().ends_with(&format!(
            "set 0 binding 0: its address was given ({address:#x}), but another buffer is bound there now"
        )),
        "{error}"
    );
}

/// A Physical32 OpenCL kernel (docs/abi.md, "Physical32 kernels: memory
/// below 4 GiB"): each invocation rebuilds a pointer into `x` from the low
/// 32 bits of its address (`(uint)x + 4 * i`, then `(int *)`), adds `i`
/// through it, and stores the whole address it sees, widened to 64 bits,
/// in `seen[i]`.
const PHYSICAL32_KERNEL: &str = r#"
spirv.module Physical32 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64], []> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @k(%x: !spirv.ptr<i32, CrossWorkgroup>, %seen: !spirv.ptr<i64, CrossWorkgroup>) "None" {
    %g = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Load "Input" %g : vector<3xi32>
    %i = spirv.CompositeExtract %v[0 : i32] : vector<3xi32>
    %four = spirv.Constant 4 : i32
    %narrow = spirv.ConvertPtrToU %x : !spirv.ptr<i32, CrossWorkgroup> to i32
    %offset = spirv.IMul %i, %four : i32
    %address = spirv.IAdd %narrow, %offset : i32
    %p = spirv.ConvertUToPtr %address : i32 to !spirv.ptr<i32, CrossWorkgroup>
    %old = spirv.Load "CrossWorkgroup" %p : i32
    %new = spirv.IAdd %old, %i : i32
    spirv.Store "CrossWorkgroup" %p, %new : i32
    %wide = spirv.ConvertPtrToU %x : !spirv.ptr<i32, CrossWorkgroup> to i64
    %q = spirv.PtrAccessChain %seen[%i] : !spirv.ptr<i64, CrossWorkgroup>, i32 -> !spirv.ptr<i64, CrossWorkgroup>
    spirv.Store "CrossWorkgroup" %q, %wide : i64
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @k, @gid
}
"#;

/// A Physical32 kernel's buffers are copied below 4 GiB for the dispatch
/// (the kernel sees them there, and a pointer rebuilt from 32 bits reaches
/// them) and copied back; another kernel's are not (`physical32` false).
#[test]
fn physical32_kernels_see_their_buffers_below_4_gib() {
    let kernel =
        Kernel::compile(PHYSICAL32_KERNEL.as_bytes(), "physical32.mlir", &CompileOptions::default()).expect("compiles");
    assert!(kernel.info().physical32);
    assert!(!compile().info().physical32);
    for threads in [1, 2] {
        let values: Vec<i32> = (0..256).map(|i| 1000 * i).collect();
        let mut x = Buffer::from_bytes(&words(&values));
        let mut seen = Buffer::zeroed(256 * 8);
        let user_address = x.bytes().as_ptr() as u64;
        let mut dispatch = Dispatch::new([4, 1, 1]);
        dispatch.workgroup_size = Some([64, 1, 1]);
        dispatch.threads = threads;
        dispatch.argument(0, Resource::Buffer(&mut x)).argument(1, Resource::Buffer(&mut seen));
        kernel.dispatch(&mut dispatch).expect("runs");
        drop(dispatch);
        let expected: Vec<i32> = (0..256).map(|i| 1001 * i).collect();
        assert_eq!(read_words(&x), expected, "{threads} threads: every element written back");
        let addresses: Vec<u64> =
            seen.bytes().chunks_exact(8).map(|word| u64::from_le_bytes(word.try_into().expect("8 bytes"))).collect();
        assert!(addresses.iter().all(|&address| address == addresses[0]), "one address for every invocation");
        assert!(addresses[0] != 0 && addresses[0] < 1 << 32, "{threads} threads: the kernel's buffer lies below 4 GiB");
        if user_address >= 1 << 32 {
            assert_ne!(addresses[0], user_address, "a copy, not the user's memory");
        }
    }
}

/// A buffer made below 4 GiB (`Buffer::from_bytes_below_4gib`) is used in
/// place by a Physical32 kernel: the kernel sees its own address, no copy.
#[test]
fn physical32_kernels_use_low_buffers_in_place() {
    let kernel =
        Kernel::compile(PHYSICAL32_KERNEL.as_bytes(), "physical32.mlir", &CompileOptions::default()).expect("compiles");
    let values: Vec<i32> = (0..64).map(|i| 7 * i).collect();
    let mut x = Buffer::from_bytes_below_4gib(&words(&values)).expect("room below 4 GiB");
    let mut seen = Buffer::zeroed(64 * 8);
    let address = x.bytes().as_ptr() as u64;
    assert!(address < 1 << 32);
    let mut dispatch = Dispatch::new([1, 1, 1]);
    dispatch.workgroup_size = Some([64, 1, 1]);
    dispatch.threads = 2;
    dispatch.argument(0, Resource::Buffer(&mut x)).argument(1, Resource::Buffer(&mut seen));
    kernel.dispatch(&mut dispatch).expect("runs");
    drop(dispatch);
    assert_eq!(read_words(&x), (0..64).map(|i| 8 * i).collect::<Vec<i32>>());
    assert!(seen.bytes().chunks_exact(8).all(|word| u64::from_le_bytes(word.try_into().expect("8 bytes")) == address));
}
