#!/usr/bin/env python3
"""The kernel benchmark of issue 7 (docs/performance.md, "Kernels against
lavapipe and PoCL (issue 7)"): the same compute kernels through spirv-run-rs,
Mesa's lavapipe (Vulkan on the CPU) and PoCL (OpenCL on the CPU), side by
side in one run, at realistic sizes:

  saxpy       y = a*x + y over 16M floats
  reduce      a shared-memory tree reduction (256 per workgroup, 8 barriers), 16M uints
  matmul      1024x1024 float matrix multiply, 16x16 shared-memory tiles, barriers
  histogram   256 bins over 16M uints, atomics on shared memory then on the buffer
  mandelbrot  escape-time Mandelbrot, 2048x2048 pixels, at most 256 iterations
  scan        inclusive prefix sums of runs of 256 uints through shared memory (16 barriers), 16M uints
  transpose   2048x2048 float matrix transpose through 16x16 shared-memory tiles, one barrier
  reduce_subgroup  reduce with subgroup sums (subgroupAdd / sub_group_reduce_add), one barrier, 16M uints
  blur        a 5x5 Gaussian over a 2048x2048 RGBA8 image (storage images; OpenCL images, a literal sampler)

Each kernel is GLSL compute (bench/kernels/NAME.comp, compiled with
glslangValidator -V) and OpenCL C (bench/kernels/NAME.cl). The .spv runs on
spirv-run-rs (through the library, bench/src/run_bench.rs: one compile,
then timed dispatches) and on lavapipe; the .cl runs on PoCL (from source)
and, compiled by clang-22 to SPIR-V, on spirv-run-rs again.

Timed: dispatch to result. The buffers are filled before the clock starts
(not timed); the clock stops when the results are in memory the host reads
(lavapipe: vkQueueSubmit to vkWaitForFences on host-visible coherent
memory; PoCL: clEnqueueNDRangeKernel to clFinish; spirv-run-rs:
Kernel::dispatch). Compile times are reported apart. Each implementation
runs 1 + REPS dispatches on fresh copies of the inputs: the first is
reported alone (lavapipe and PoCL compile the kernel code at the first
dispatch), the median of the others is the result. Every output is checked
against a reference computed here (numpy), and every repetition must give
the same bytes as the first, so no timing is of a wrong answer: a kernel
whose results do not agree is reported as such and the run fails.

    scripts/bench-kernels [--reps N] [--rounds N] [--threads N] [--only NAME,...] [--no-tool] [--no-unchecked] [--no-opencl-ours]
    scripts/bench-kernels --check      # small sizes, one run, correctness only (scripts/test)
"""

from __future__ import annotations

import argparse
import glob
import itertools
import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KERNELS = ROOT / "bench/kernels"
LLVM_BIN = Path(os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin"))
CLANG = os.environ.get("CLANG", "clang-22")
TIMEOUT = 600
KEEP = "--keep" in sys.argv
BARRIERS = ""  # --barriers: how spirv-run-rs runs barriers ("": its default)


class Unavailable(Exception):
    """A reference implementation that cannot be used here."""


# ------------------------------------------------------------------ the kernels

@dataclass
class Case:
    """One kernel at one size."""
    name: str
    size: str
    entry: str                       # the OpenCL C kernel's name
    buffers: list                    # [(binding, numpy array, is output)]
    push: bytes                      # Vulkan push constants
    workgroups: tuple                # Vulkan
    cl_args: list                    # [("buffer", binding) | ("value", type, value)]
    global_size: tuple
    local_size: tuple
    check: object                    # outputs {binding: bytes} -> (problems, note)
    note: str = ""
    outputs: list = field(default_factory=list)
    cl_std: str = "CL1.2"            # the OpenCL C version clang-22 compiles the .cl for
    no_pocl: str = ""                # why PoCL cannot run the .cl ("": it can)
    # Storage images (Vulkan) and image arguments (OpenCL): [(binding, numpy array of
    # height x width x 4 bytes, is output)], all of IMAGE_FORMAT; cl_args name them ("image", binding).
    images: list = field(default_factory=list)

    def __post_init__(self):
        self.outputs = [binding for binding, _, out in self.buffers + self.images if out]


# The images' format: Vulkan's name (spirv-run-rs), lavapipe's and PoCL's.
IMAGE_FORMAT = "R8G8B8A8_UNORM"


def exact(np, expected, dtype):
    """A check: the output equals `expected`, bit for bit."""
    def check(outputs: dict) -> tuple[list[str], str]:
        (binding,) = outputs
        got = np.frombuffer(outputs[binding], dtype=dtype)
        if got.shape != expected.shape:
            return [f"{got.size} elements, expected {expected.size}"], ""
        wrong = np.flatnonzero(got != expected)
        if wrong.size:
            i = int(wrong[0])
            return [f"{wrong.size} of {expected.size} elements differ; first [{i}]: {got[i]!r}, "
                    f"expected {expected[i]!r}"], ""
        return [], ""
    return check


def mandelbrot_reference(np, width: int, height: int, max_iter: int):
    """Iterations per pixel in float32, operation by operation as the kernels write them (no fma)."""
    f32 = np.float32
    sx, sy = f32(3.0) / f32(width), f32(3.0) / f32(height)
    cx = (f32(-2.0) + np.arange(width, dtype=f32) * sx).astype(f32)
    cy = (f32(-1.5) + np.arange(height, dtype=f32) * sy).astype(f32)
    cx, cy = np.meshgrid(cx, cy)
    cx, cy = cx.ravel(), cy.ravel()
    iterations = np.zeros(width * height, dtype=np.uint32)
    index = np.arange(width * height)
    zx = np.zeros(index.size, dtype=f32)
    zy = np.zeros(index.size, dtype=f32)
    for _ in range(max_iter):
        keep = ~(zx * zx + zy * zy > f32(4.0))
        index, zx, zy = index[keep], zx[keep], zy[keep]
        if not index.size:
            break
        iterations[index] += 1
        zx, zy = zx * zx - zy * zy + cx[index], f32(2.0) * zx * zy + cy[index]
    return iterations


def cases(np, small: bool) -> list[Case]:
    rng = np.random.default_rng(20261125)
    result = []

    n = 1 << (16 if small else 24)
    a = 2.5
    # Small integers (and a = 2.5): every product and sum is exact, so fma or not, all agree bit for bit.
    x = rng.integers(-1000, 1001, n).astype(np.float32)
    y = rng.integers(-1000, 1001, n).astype(np.float32)
    result.append(Case(
        "saxpy", f"{n >> 20}M floats" if n >= 1 << 20 else f"{n >> 10}K floats", "saxpy",
        [(0, x, False), (1, y, True)], struct.pack("<fI", a, n), (n // 256, 1, 1),
        [("value", "f32", a), ("buffer", 0), ("buffer", 1), ("value", "u32", n)], (n,), (256,),
        exact(np, np.float32(a) * x + y, np.float32)))

    data = rng.integers(0, 1 << 16, n, dtype=np.uint32)
    sums = np.zeros(n // 256, dtype=np.uint32)
    result.append(Case(
        "reduce", f"{n >> 20}M uints" if n >= 1 << 20 else f"{n >> 10}K uints", "reduce",
        [(0, data, False), (1, sums, True)], b"", (n // 256, 1, 1),
        [("buffer", 0), ("buffer", 1)], (n,), (256,),
        exact(np, data.reshape(-1, 256).sum(axis=1, dtype=np.uint64).astype(np.uint32), np.uint32),
        "256 per workgroup"))

    m = 128 if small else 1024
    # Integers in [-4, 4]: the sums stay exact whatever the order and fma.
    ma = rng.integers(-4, 5, (m, m)).astype(np.float32)
    mb = rng.integers(-4, 5, (m, m)).astype(np.float32)
    mc = np.zeros((m, m), dtype=np.float32)
    reference = (ma.astype(np.float64) @ mb.astype(np.float64)).astype(np.float32).ravel()
    result.append(Case(
        "matmul", f"{m}x{m}", "matmul",
        [(0, ma.ravel(), False), (1, mb.ravel(), False), (2, mc.ravel(), True)], struct.pack("<I", m),
        (m // 16, m // 16, 1),
        [("buffer", 0), ("buffer", 1), ("buffer", 2), ("value", "u32", m)], (m, m), (16, 16),
        exact(np, reference, np.float32), "16x16 tiles"))

    values = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    bins = np.zeros(256, dtype=np.uint32)
    groups = n // 256 // 16   # 16 values per invocation
    result.append(Case(
        "histogram", f"{n >> 20}M uints" if n >= 1 << 20 else f"{n >> 10}K uints", "histogram",
        [(0, values, False), (1, bins, True)], struct.pack("<I", n), (groups, 1, 1),
        [("buffer", 0), ("buffer", 1), ("value", "u32", n)], (groups * 256,), (256,),
        exact(np, np.bincount(values & 255, minlength=256).astype(np.uint32), np.uint32),
        "256 bins, 16 values per invocation"))

    side = 128 if small else 2048
    max_iter = 256
    image = np.zeros(side * side, dtype=np.uint32)
    expected = mandelbrot_reference(np, side, side, max_iter)

    def mandelbrot_check(outputs: dict) -> tuple[list[str], str]:
        got = np.frombuffer(outputs[0], dtype=np.uint32)
        wrong = np.flatnonzero(got != expected)
        # A contraction into fma (both APIs allow it: lavapipe and PoCL do it) changes the orbit of
        # some pixels on the set's boundary: up to 0.5% of the pixels may differ from the reference,
        # which has no fma; the count is reported.
        note = f"{wrong.size} px off" if wrong.size else ""
        if wrong.size > expected.size // 200 or got.sum(dtype=np.int64) == 0:
            i = int(wrong[0]) if wrong.size else 0
            return [f"{wrong.size} of {expected.size} pixels differ (at most {expected.size // 200} may); "
                    f"first [{i}]: {got[i]}, expected {expected[i]}"], note
        return [], note
    result.append(Case(
        "mandelbrot", f"{side}x{side}", "mandelbrot",
        [(0, image, True)], struct.pack("<III", side, side, max_iter), (side // 16, side // 16, 1),
        [("buffer", 0), ("value", "u32", side), ("value", "u32", side), ("value", "u32", max_iter)],
        (side, side), (16, 16), mandelbrot_check, f"at most {max_iter} iterations"))

    block_sums = data.reshape(-1, 256).cumsum(axis=1, dtype=np.uint64).astype(np.uint32).ravel()
    result.append(Case(
        "scan", f"{n >> 20}M uints" if n >= 1 << 20 else f"{n >> 10}K uints", "scan",
        [(0, data, False), (1, np.zeros(n, dtype=np.uint32), True)], b"", (n // 256, 1, 1),
        [("buffer", 0), ("buffer", 1)], (n,), (256,),
        exact(np, block_sums, np.uint32), "runs of 256"))

    t = 128 if small else 2048
    source = rng.integers(-1 << 20, 1 << 20, (t, t)).astype(np.float32)
    result.append(Case(
        "transpose", f"{t}x{t}", "transpose",
        [(0, source.ravel(), False), (1, np.zeros(t * t, dtype=np.float32), True)], struct.pack("<I", t),
        (t // 16, t // 16, 1),
        [("buffer", 0), ("buffer", 1), ("value", "u32", t)], (t, t), (16, 16),
        exact(np, np.ascontiguousarray(source.T).ravel(), np.float32), "16x16 tiles"))

    result.append(Case(
        "reduce_subgroup", f"{n >> 20}M uints" if n >= 1 << 20 else f"{n >> 10}K uints", "reduce_subgroup",
        [(0, data, False), (1, np.zeros(n // 256, dtype=np.uint32), True)], b"", (n // 256, 1, 1),
        [("buffer", 0), ("buffer", 1)], (n,), (256,),
        exact(np, data.reshape(-1, 256).sum(axis=1, dtype=np.uint64).astype(np.uint32), np.uint32),
        "256 per workgroup, subgroup sums", cl_std="CL2.0",
        no_pocl="PoCL 3.1 here has no cl_khr_subgroups"))
    side = 128 if small else 2048
    picture = rng.integers(0, 256, (side, side, 4), dtype=np.uint8)
    blurred = np.zeros_like(picture)
    result.append(Case(
        "blur", f"{side}x{side}", "blur", [], b"", (side // 16, side // 16, 1),
        [("image", 0), ("image", 1)], (side, side), (16, 16), blur_check(np, picture),
        "RGBA8, 5x5 taps", images=[(0, picture, False), (1, blurred, True)]))
    return result


def blur_check(np, picture):
    """The check of the blur: each channel within one unit of the exact
    weighted mean (the kernels compute in float, then round to 8 bits:
    Vulkan and OpenCL allow a conversion to UNORM either neighbour of a
    value between two units)."""
    height, width, _ = picture.shape
    weights = np.array([1, 4, 6, 4, 1], dtype=np.int64)
    padded = np.pad(picture.astype(np.int64), ((2, 2), (2, 2), (0, 0)), mode="edge")
    sums = np.zeros(picture.shape, dtype=np.int64)
    for dy in range(5):
        for dx in range(5):
            sums += weights[dx] * weights[dy] * padded[dy:dy + height, dx:dx + width]
    exact_values = sums.ravel() / 256.0

    def check(outputs: dict) -> tuple[list[str], str]:
        got = np.frombuffer(outputs[1], dtype=np.uint8)
        if got.size != exact_values.size:
            return [f"{got.size} bytes, expected {exact_values.size}"], ""
        wrong = np.flatnonzero(np.abs(got - exact_values) >= 1.0)
        if wrong.size:
            i = int(wrong[0])
            return [f"{wrong.size} of {got.size} channels off by a unit or more; first [{i}]: {got[i]}, "
                    f"exact {exact_values[i]}"], ""
        return [], ""
    return check


# ------------------------------------------------------------------ results of one implementation

@dataclass
class Timing:
    compile_ms: float | None = None   # what it spends before the first dispatch can start
    first_ms: float | None = None     # the first dispatch (lavapipe and PoCL compile here too)
    runs_ms: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    note: str = ""
    error: str | None = None

    @property
    def median(self) -> float | None:
        return statistics.median(self.runs_ms) if self.runs_ms else None

    @property
    def ok(self) -> bool:
        return self.error is None and not self.problems


def split_runs(timing: Timing, runs: list[float]):
    timing.first_ms = runs[0]
    timing.runs_ms = runs[1:] or runs[:1]


def compare_outputs(timing: Timing, first: dict, outputs: dict, rep: int):
    """Keeps the first dispatch's outputs in `first`; a later one that differs is a problem."""
    if rep == 0:
        first.update(outputs)
    elif outputs != first:
        timing.problems.append(f"repetition {rep} gave other results than the first")


def finish_steps(steps, reps: int, timing: Timing, first: dict) -> tuple[Timing, dict]:
    """1 + reps dispatches of a generator of dispatches (`steps`), then closed."""
    try:
        split_runs(timing, list(itertools.islice(steps, reps + 1)))
    finally:
        steps.close()
    return timing, first


# ------------------------------------------------------------------ lavapipe

class Lavapipe:
    def __init__(self):
        icds = sorted(glob.glob("/usr/share/vulkan/icd.d/lvp_icd*.json"))
        if not icds:
            raise Unavailable("no lavapipe ICD (/usr/share/vulkan/icd.d/lvp_icd*.json): run scripts/setup")
        os.environ["VK_DRIVER_FILES"] = os.environ["VK_ICD_FILENAMES"] = icds[0]
        try:
            import vulkan as vk
        except Exception as error:
            raise Unavailable(f"cannot load the Python package vulkan ({error}): run scripts/setup")
        self.vk, self.ffi = vk, vk.ffi
        app = vk.VkApplicationInfo(pApplicationName="bench-kernels", applicationVersion=1,
                                   pEngineName="none", engineVersion=1, apiVersion=vk.VK_MAKE_VERSION(1, 3, 0))
        self.instance = vk.vkCreateInstance(vk.VkInstanceCreateInfo(pApplicationInfo=app), None)
        devices = [d for d in vk.vkEnumeratePhysicalDevices(self.instance)
                   if vk.vkGetPhysicalDeviceProperties(d).deviceType == vk.VK_PHYSICAL_DEVICE_TYPE_CPU]
        if not devices:
            raise Unavailable("Vulkan has no CPU device (lavapipe)")
        self.physical = devices[0]
        properties = vk.vkGetPhysicalDeviceProperties(self.physical)
        driver = vk.VkPhysicalDeviceDriverProperties()
        vk.vkGetPhysicalDeviceProperties2(self.physical, vk.VkPhysicalDeviceProperties2(pNext=driver))
        self.name = f"{properties.deviceName}, {self.ffi.string(driver.driverInfo).decode()}"
        families = vk.vkGetPhysicalDeviceQueueFamilyProperties(self.physical)
        self.family = next(i for i, f in enumerate(families) if f.queueFlags & vk.VK_QUEUE_COMPUTE_BIT)
        queue_info = vk.VkDeviceQueueCreateInfo(queueFamilyIndex=self.family, queueCount=1, pQueuePriorities=[1.0])
        self.device = vk.vkCreateDevice(self.physical, vk.VkDeviceCreateInfo(
            queueCreateInfoCount=1, pQueueCreateInfos=[queue_info]), None)
        self.queue = vk.vkGetDeviceQueue(self.device, self.family, 0)
        memory = vk.vkGetPhysicalDeviceMemoryProperties(self.physical)
        wanted = vk.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | vk.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
        self.memory_type = next(i for i in range(memory.memoryTypeCount)
                                if memory.memoryTypes[i].propertyFlags & wanted == wanted)
        self.pool = vk.vkCreateCommandPool(self.device, vk.VkCommandPoolCreateInfo(queueFamilyIndex=self.family), None)

    def run(self, spv: bytes, case: Case, reps: int) -> tuple[Timing, dict]:
        timing, first = Timing(), {}
        return finish_steps(self.steps(spv, case, timing, first), reps, timing, first)

    def steps(self, spv: bytes, case: Case, timing: Timing, first: dict):
        """A generator: one dispatch per step, yielding its time in ms; the first dispatch's outputs in
        `first`, a repetition that differs from it in `timing.problems`; closing it frees everything."""
        vk, ffi, device = self.vk, self.ffi, self.device
        destroy = []
        try:
            handles = []
            for binding, array, _ in case.buffers:
                data = array.tobytes()
                size = (len(data) + 255) // 256 * 256
                buffer = vk.vkCreateBuffer(device, vk.VkBufferCreateInfo(
                    size=size, usage=vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, sharingMode=vk.VK_SHARING_MODE_EXCLUSIVE), None)
                destroy.append(lambda b=buffer: vk.vkDestroyBuffer(device, b, None))
                requirements = vk.vkGetBufferMemoryRequirements(device, buffer)
                memory = vk.vkAllocateMemory(device, vk.VkMemoryAllocateInfo(
                    allocationSize=requirements.size, memoryTypeIndex=self.memory_type), None)
                destroy.append(lambda m=memory: vk.vkFreeMemory(device, m, None))
                vk.vkBindBufferMemory(device, buffer, memory, 0)
                mapped = vk.vkMapMemory(device, memory, 0, size, 0)
                destroy.append(lambda m=memory: vk.vkUnmapMemory(device, m))
                handles.append((binding, buffer, mapped, size, data))
            images = [self.image(array, destroy) + (binding, array.tobytes()) for binding, array, _ in case.images]
            layout_bindings = [vk.VkDescriptorSetLayoutBinding(
                binding=binding, descriptorCount=1, stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT,
                descriptorType=vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER) for binding, *_ in handles]
            layout_bindings += [vk.VkDescriptorSetLayoutBinding(
                binding=binding, descriptorCount=1, stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT,
                descriptorType=vk.VK_DESCRIPTOR_TYPE_STORAGE_IMAGE) for *_, binding, _ in images]
            set_layout = vk.vkCreateDescriptorSetLayout(device, vk.VkDescriptorSetLayoutCreateInfo(
                bindingCount=len(layout_bindings), pBindings=layout_bindings), None)
            destroy.append(lambda: vk.vkDestroyDescriptorSetLayout(device, set_layout, None))
            push = case.push
            ranges = [vk.VkPushConstantRange(stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT, offset=0, size=len(push))] \
                if push else []
            pipeline_layout = vk.vkCreatePipelineLayout(device, vk.VkPipelineLayoutCreateInfo(
                setLayoutCount=1, pSetLayouts=[set_layout], pushConstantRangeCount=len(ranges),
                pPushConstantRanges=ranges or None), None)
            destroy.append(lambda: vk.vkDestroyPipelineLayout(device, pipeline_layout, None))
            pool = vk.vkCreateDescriptorPool(device, vk.VkDescriptorPoolCreateInfo(maxSets=1, poolSizeCount=2, pPoolSizes=[
                vk.VkDescriptorPoolSize(type=vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, descriptorCount=16),
                vk.VkDescriptorPoolSize(type=vk.VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, descriptorCount=16)]), None)
            destroy.append(lambda: vk.vkDestroyDescriptorPool(device, pool, None))
            descriptor_set = vk.vkAllocateDescriptorSets(device, vk.VkDescriptorSetAllocateInfo(
                descriptorPool=pool, descriptorSetCount=1, pSetLayouts=[set_layout]))[0]
            writes = [vk.VkWriteDescriptorSet(
                dstSet=descriptor_set, dstBinding=binding, descriptorCount=1,
                descriptorType=vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                pBufferInfo=[vk.VkDescriptorBufferInfo(buffer=buffer, offset=0, range=size)])
                for binding, buffer, _, size, _ in handles]
            writes += [vk.VkWriteDescriptorSet(
                dstSet=descriptor_set, dstBinding=binding, descriptorCount=1,
                descriptorType=vk.VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
                pImageInfo=[vk.VkDescriptorImageInfo(imageView=view, imageLayout=vk.VK_IMAGE_LAYOUT_GENERAL)])
                for _, view, _, _, binding, _ in images]
            vk.vkUpdateDescriptorSets(device, len(writes), writes, 0, None)
            if images:
                self.to_general([image for image, *_ in images])

            started = time.perf_counter()
            module = vk.vkCreateShaderModule(device, vk.VkShaderModuleCreateInfo(codeSize=len(spv), pCode=spv), None)
            destroy.append(lambda: vk.vkDestroyShaderModule(device, module, None))
            stage = vk.VkPipelineShaderStageCreateInfo(stage=vk.VK_SHADER_STAGE_COMPUTE_BIT, module=module, pName="main")
            pipeline = vk.vkCreateComputePipelines(device, vk.VK_NULL_HANDLE, 1, [vk.VkComputePipelineCreateInfo(
                stage=stage, layout=pipeline_layout)], None)[0]
            timing.compile_ms = (time.perf_counter() - started) * 1e3
            destroy.append(lambda: vk.vkDestroyPipeline(device, pipeline, None))

            command = vk.vkAllocateCommandBuffers(device, vk.VkCommandBufferAllocateInfo(
                commandPool=self.pool, level=vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY, commandBufferCount=1))[0]
            destroy.append(lambda: vk.vkFreeCommandBuffers(device, self.pool, 1, [command]))
            vk.vkBeginCommandBuffer(command, vk.VkCommandBufferBeginInfo())
            vk.vkCmdBindPipeline(command, vk.VK_PIPELINE_BIND_POINT_COMPUTE, pipeline)
            vk.vkCmdBindDescriptorSets(command, vk.VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_layout, 0, 1,
                                       [descriptor_set], 0, None)
            if push:
                push_data = ffi.new("char[]", push)
                vk.vkCmdPushConstants(command, pipeline_layout, vk.VK_SHADER_STAGE_COMPUTE_BIT, 0, len(push), push_data)
            vk.vkCmdDispatch(command, *case.workgroups)
            barrier = vk.VkMemoryBarrier(srcAccessMask=vk.VK_ACCESS_SHADER_WRITE_BIT,
                                         dstAccessMask=vk.VK_ACCESS_HOST_READ_BIT)
            vk.vkCmdPipelineBarrier(command, vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, vk.VK_PIPELINE_STAGE_HOST_BIT,
                                    0, 1, [barrier], 0, None, 0, None)
            vk.vkEndCommandBuffer(command)
            fence = vk.vkCreateFence(device, vk.VkFenceCreateInfo(), None)
            destroy.append(lambda: vk.vkDestroyFence(device, fence, None))
            submit = [vk.VkSubmitInfo(commandBufferCount=1, pCommandBuffers=[command])]
            for rep in itertools.count():
                for _, _, mapped, _, data in handles:
                    mapped[:len(data)] = data
                for _, _, write, _, _, data in images:
                    write(data)
                vk.vkResetFences(device, 1, [fence])
                started = time.perf_counter()
                vk.vkQueueSubmit(self.queue, 1, submit, fence)
                vk.vkWaitForFences(device, 1, [fence], vk.VK_TRUE, TIMEOUT * 10**9)
                elapsed = (time.perf_counter() - started) * 1e3
                outputs = {binding: bytes(mapped[:len(data)]) for binding, _, mapped, _, data in handles
                           if binding in case.outputs}
                outputs.update({binding: read() for _, _, _, read, binding, _ in images if binding in case.outputs})
                compare_outputs(timing, first, outputs, rep)
                yield elapsed
        finally:
            for undo in reversed(destroy):
                undo()

    def image(self, array, destroy: list):
        """A 2D storage image of IMAGE_FORMAT with `array`'s size (height x
        width x 4), linear in host-visible memory: (image, view, write(bytes),
        read() -> bytes), each row at the driver's row pitch."""
        vk, device = self.vk, self.device
        height, width, texel = array.shape
        image = vk.vkCreateImage(device, vk.VkImageCreateInfo(
            imageType=vk.VK_IMAGE_TYPE_2D, format=vk.VK_FORMAT_R8G8B8A8_UNORM,
            extent=vk.VkExtent3D(width=width, height=height, depth=1), mipLevels=1, arrayLayers=1,
            samples=vk.VK_SAMPLE_COUNT_1_BIT, tiling=vk.VK_IMAGE_TILING_LINEAR, usage=vk.VK_IMAGE_USAGE_STORAGE_BIT,
            sharingMode=vk.VK_SHARING_MODE_EXCLUSIVE, initialLayout=vk.VK_IMAGE_LAYOUT_PREINITIALIZED), None)
        destroy.append(lambda: vk.vkDestroyImage(device, image, None))
        requirements = vk.vkGetImageMemoryRequirements(device, image)
        memory = vk.vkAllocateMemory(device, vk.VkMemoryAllocateInfo(
            allocationSize=requirements.size, memoryTypeIndex=self.memory_type), None)
        destroy.append(lambda: vk.vkFreeMemory(device, memory, None))
        vk.vkBindImageMemory(device, image, memory, 0)
        layout = vk.vkGetImageSubresourceLayout(device, image, vk.VkImageSubresource(
            aspectMask=vk.VK_IMAGE_ASPECT_COLOR_BIT, mipLevel=0, arrayLayer=0))
        mapped = vk.vkMapMemory(device, memory, 0, requirements.size, 0)
        destroy.append(lambda: vk.vkUnmapMemory(device, memory))
        view = vk.vkCreateImageView(device, vk.VkImageViewCreateInfo(
            image=image, viewType=vk.VK_IMAGE_VIEW_TYPE_2D, format=vk.VK_FORMAT_R8G8B8A8_UNORM,
            subresourceRange=vk.VkImageSubresourceRange(aspectMask=vk.VK_IMAGE_ASPECT_COLOR_BIT, baseMipLevel=0,
                                                        levelCount=1, baseArrayLayer=0, layerCount=1)), None)
        destroy.append(lambda: vk.vkDestroyImageView(device, view, None))
        row, pitch, offset = width * texel, layout.rowPitch, layout.offset

        def write(data: bytes):
            for y in range(height):
                mapped[offset + y * pitch:offset + y * pitch + row] = data[y * row:(y + 1) * row]

        def read() -> bytes:
            return b"".join(bytes(mapped[offset + y * pitch:offset + y * pitch + row]) for y in range(height))
        return image, view, write, read

    def to_general(self, images: list):
        """Moves `images` from the preinitialized layout to the general one
        (their texels kept), once before the timed dispatches."""
        vk, device = self.vk, self.device
        command = vk.vkAllocateCommandBuffers(device, vk.VkCommandBufferAllocateInfo(
            commandPool=self.pool, level=vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY, commandBufferCount=1))[0]
        vk.vkBeginCommandBuffer(command, vk.VkCommandBufferBeginInfo())
        barriers = [vk.VkImageMemoryBarrier(
            srcAccessMask=vk.VK_ACCESS_HOST_WRITE_BIT,
            dstAccessMask=vk.VK_ACCESS_SHADER_READ_BIT | vk.VK_ACCESS_SHADER_WRITE_BIT,
            oldLayout=vk.VK_IMAGE_LAYOUT_PREINITIALIZED, newLayout=vk.VK_IMAGE_LAYOUT_GENERAL,
            srcQueueFamilyIndex=vk.VK_QUEUE_FAMILY_IGNORED, dstQueueFamilyIndex=vk.VK_QUEUE_FAMILY_IGNORED,
            image=image, subresourceRange=vk.VkImageSubresourceRange(
                aspectMask=vk.VK_IMAGE_ASPECT_COLOR_BIT, baseMipLevel=0, levelCount=1, baseArrayLayer=0, layerCount=1))
            for image in images]
        vk.vkCmdPipelineBarrier(command, vk.VK_PIPELINE_STAGE_HOST_BIT, vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                0, 0, None, 0, None, len(barriers), barriers)
        vk.vkEndCommandBuffer(command)
        vk.vkQueueSubmit(self.queue, 1, [vk.VkSubmitInfo(commandBufferCount=1, pCommandBuffers=[command])], None)
        vk.vkQueueWaitIdle(self.queue)
        vk.vkFreeCommandBuffers(device, self.pool, 1, [command])


# ------------------------------------------------------------------ PoCL

class PoCL:
    def __init__(self):
        os.environ.setdefault("PYOPENCL_COMPILER_OUTPUT", "0")
        try:
            import pyopencl as cl
        except Exception as error:
            raise Unavailable(f"cannot load the Python package pyopencl ({error}): run scripts/setup")
        warnings.filterwarnings("ignore", module="pyopencl")
        self.cl = cl
        try:
            platforms = [p for p in cl.get_platforms() if "Portable Computing Language" in p.name]
        except cl.Error as error:
            raise Unavailable(f"no OpenCL platform ({error}): run scripts/setup (pocl-opencl-icd)")
        if not platforms:
            raise Unavailable("no PoCL platform: run scripts/setup (pocl-opencl-icd)")
        self.device = platforms[0].get_devices()[0]
        self.name = f"{platforms[0].version.split(' Linux')[0].strip()}, {self.device.name}, " \
                    f"{self.device.max_compute_units} compute units"
        self.context = cl.Context([self.device])
        self.queue = cl.CommandQueue(self.context)

    def run(self, source: str, case: Case, reps: int, np) -> tuple[Timing, dict]:
        timing, first = Timing(), {}
        return finish_steps(self.steps(source, case, np, timing, first), reps, timing, first)

    def steps(self, source: str, case: Case, np, timing: Timing, first: dict):
        """A generator of dispatches, as Lavapipe.steps."""
        cl = self.cl
        started = time.perf_counter()
        program = cl.Program(self.context, source).build(options=["-cl-std=CL1.2"])
        kernel = cl.Kernel(program, case.entry)
        timing.compile_ms = (time.perf_counter() - started) * 1e3
        arrays = {binding: array for binding, array, _ in case.buffers}
        buffers = {binding: cl.Buffer(self.context, cl.mem_flags.READ_WRITE, size=array.nbytes)
                   for binding, array in arrays.items()}
        pictures = {binding: array for binding, array, _ in case.images}
        image_format = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.UNORM_INT8)
        images = {binding: cl.create_image(self.context, cl.mem_flags.READ_WRITE, image_format,
                                    shape=(array.shape[1], array.shape[0]))
                  for binding, array in pictures.items()}
        for index, arg in enumerate(case.cl_args):
            if arg[0] == "buffer":
                kernel.set_arg(index, buffers[arg[1]])
            elif arg[0] == "image":
                kernel.set_arg(index, images[arg[1]])
            else:
                kernel.set_arg(index, np.array(arg[2], dtype={"u32": np.uint32, "f32": np.float32}[arg[1]]))
        for rep in itertools.count():
            for binding, array in arrays.items():
                cl.enqueue_copy(self.queue, buffers[binding], array)
            for binding, array in pictures.items():
                cl.enqueue_copy(self.queue, images[binding], array, origin=(0, 0),
                                region=(array.shape[1], array.shape[0]))
            self.queue.finish()
            started = time.perf_counter()
            cl.enqueue_nd_range_kernel(self.queue, kernel, case.global_size, case.local_size)
            self.queue.finish()
            elapsed = (time.perf_counter() - started) * 1e3
            outputs = {}
            for binding in case.outputs:
                if binding in pictures:
                    host = np.empty_like(pictures[binding])
                    cl.enqueue_copy(self.queue, host, images[binding], origin=(0, 0),
                                    region=(host.shape[1], host.shape[0]))
                else:
                    host = np.empty_like(arrays[binding])
                    cl.enqueue_copy(self.queue, host, buffers[binding])
                outputs[binding] = host.tobytes()
            self.queue.finish()
            compare_outputs(timing, first, outputs, rep)
            yield elapsed


# ------------------------------------------------------------------ spirv-run-rs

def run_ours(driver: Path, spv: Path, case: Case, reps: int, threads: int, opencl: bool,
             work: Path, unchecked: bool = False, spmd: str = "") -> tuple[Timing, dict]:
    """Through spirv-run-bench (the library: one compile, 1 + reps dispatches)."""
    timing = Timing()
    arguments = [str(driver), str(spv), "--reps", str(reps + 1), "--threads", str(threads)]
    arguments += ["--unchecked"] if unchecked else []
    arguments += ["--spmd", spmd] if spmd else []
    arguments += ["--barriers", BARRIERS] if BARRIERS else []
    arguments += resource_arguments(case, opencl, work)
    if KEEP:
        print("  " + " ".join(arguments), flush=True)
    done = subprocess.run(arguments, capture_output=True, text=True, timeout=TIMEOUT)
    if done.returncode != 0:
        timing.error = "spirv-run-bench failed: " + (done.stderr.strip() or f"exit status {done.returncode}")
        return timing, {}
    report = json.loads(done.stdout)
    timing.compile_ms = report["compile_ms"]
    split_runs(timing, report["runs_ms"])
    if not report["identical"]:
        timing.problems.append("the repetitions gave other results than the first")
    return timing, {binding: (work / f"{binding}.out").read_bytes() for binding in case.outputs}


class OursSteps:
    """spirv-run-bench --lockstep (one compile, then one dispatch per request) as a generator of dispatches,
    like Lavapipe.steps: next() runs one dispatch and gives its time in ms; finish() ends the process and
    gives the timing (first dispatch alone, the others' times, whether all gave the same bytes) and the
    first dispatch's outputs."""

    def __init__(self, driver: Path, spv: Path, case: Case, threads: int, opencl: bool, work: Path,
                 extra: tuple = ()):
        work.mkdir(parents=True, exist_ok=True)
        self.case, self.work, self.timing, self.runs = case, work, Timing(), []
        arguments = [str(driver), str(spv), "--lockstep", "--threads", str(threads), *extra]
        arguments += ["--barriers", BARRIERS] if BARRIERS else []
        arguments += resource_arguments(case, opencl, work)
        if KEEP:
            print("  " + " ".join(arguments), flush=True)
        self.process = subprocess.Popen(arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)

    def __iter__(self):
        return self

    def __next__(self) -> float:
        if self.timing.error:
            raise StopIteration
        self.process.stdin.write("run\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            self.process.wait(timeout=TIMEOUT)
            self.timing.error = "spirv-run-bench failed: " + (self.process.stderr.read().strip()
                                                               or f"exit status {self.process.returncode}")
            raise StopIteration
        elapsed = json.loads(line)["ms"]
        self.runs.append(elapsed)
        return elapsed

    def finish(self) -> tuple[Timing, dict]:
        if self.timing.error:
            return self.timing, {}
        rest, errors = self.process.communicate(timeout=TIMEOUT)
        if self.process.returncode != 0:
            self.timing.error = "spirv-run-bench failed: " + (errors.strip() or f"exit status {self.process.returncode}")
            return self.timing, {}
        report = json.loads(rest.strip().splitlines()[-1])
        self.timing.compile_ms = report["compile_ms"]
        split_runs(self.timing, self.runs)
        if not report["identical"]:
            self.timing.problems.append("the repetitions gave other results than the first")
        return self.timing, {binding: (self.work / f"{binding}.out").read_bytes() for binding in self.case.outputs}


class ReferenceSteps:
    """Lavapipe.steps or PoCL.steps with the finish() of OursSteps."""

    def __init__(self, make):
        self.timing, self.first = Timing(), {}
        self.steps = make(self.timing, self.first)
        self.runs = []

    def __iter__(self):
        return self

    def __next__(self) -> float:
        elapsed = next(self.steps)
        self.runs.append(elapsed)
        return elapsed

    def finish(self) -> tuple[Timing, dict]:
        self.steps.close()
        if self.runs:
            split_runs(self.timing, self.runs)
        return self.timing, self.first


def lockstep(sides: dict, rounds: int) -> tuple[dict, list]:
    """--lockstep: a first dispatch of every side (compiles), then `rounds` rounds of one dispatch of each
    side in turn, the order rotated each round. Returns each side's times by round (None where it failed)
    and each round's load average."""
    times = {label: [] for label in sides}
    loads = []
    for label, steps in sides.items():
        try:
            next(steps)
        except Exception as error:  # a failed first dispatch: reported by finish()
            if isinstance(steps, ReferenceSteps) and not isinstance(error, StopIteration):
                steps.timing.error = f"{type(error).__name__}: {error}"
    labels = list(sides)
    for number in range(rounds):
        loads.append(os.getloadavg()[0])
        shift = number % len(labels)
        for label in labels[shift:] + labels[:shift]:
            steps = sides[label]
            if steps.timing.error:
                times[label].append(None)
                continue
            try:
                times[label].append(next(steps))
            except Exception as error:
                if not isinstance(error, StopIteration):
                    steps.timing.error = f"{type(error).__name__}: {error}"
                times[label].append(None)
    return times, loads


def quartiles(values: list[float]) -> str:
    """median [25th, 75th percentile] (lowest, highest)."""
    if len(values) < 2:
        return f"{values[0]:.3f}" if values else "—"
    q = statistics.quantiles(values, n=4)
    return f"{statistics.median(values):.3f} [{q[0]:.3f}, {q[2]:.3f}] ({min(values):.3f}, {max(values):.3f})"


def lockstep_report(rows, threads: int) -> str:
    """The --lockstep table: per round, ours / the faster of lavapipe and PoCL in that round."""
    lines = [
        f"Lockstep (`--lockstep`): one dispatch of each implementation in turn, the order rotated each round, "
        f"{threads} threads each; per round, ours / the faster of lavapipe and PoCL in that round: "
        "median [25th, 75th percentile] (lowest, highest) over the rounds, and in how many rounds ours took no "
        "more time. The times are ms per dispatch, the same summary.",
        "",
        "| kernel | rounds | spirv-run-rs / faster | no slower | on the OpenCL C / faster | no slower "
        "| baseline / spirv-run-rs | spirv-run-rs ms | PoCL ms | lavapipe ms | load average |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for case, times, loads in rows:
        count = len(loads)
        def ratios(label, against=None):
            values = []
            for number in range(count):
                ours = times.get(label, [None] * count)[number]
                if against:
                    reference = times.get(against, [None] * count)[number]
                else:
                    candidates = [times[r][number] for r in ("lavapipe", "PoCL")
                                  if r in times and times[r][number] is not None]
                    reference = min(candidates) if candidates else None
                if ours is not None and reference:
                    values.append(ours / reference)
            return values
        cells = []
        for label in ("spirv-run-rs", "spirv-run-rs OpenCL"):
            values = ratios(label)
            cells += [quartiles(values), f"{sum(v <= 1.0 for v in values)} of {len(values)}"] if values else ["—", "—"]
        baseline = ratios("spirv-run-rs baseline", against="spirv-run-rs")
        cells.append(quartiles(baseline) if baseline else "—")
        for label in ("spirv-run-rs", "PoCL", "lavapipe"):
            values = [v for v in times.get(label, []) if v is not None]
            cells.append(quartiles(values) if values else "—")
        lines.append(f"| {case.name} | {count} | " + " | ".join(cells) + f" | {min(loads):.2f}-{max(loads):.2f} |")
    return "\n".join(lines) + "\n"


def run_tool(tool: Path, spv: Path, case: Case, threads: int, opencl: bool, work: Path) -> tuple[Timing, dict]:
    """Once through the spirv-run-rs tool with --time (its own compile and run times)."""
    timing = Timing()
    arguments = [str(tool), str(spv), "--time", "--threads", str(threads)]
    arguments += ["--barriers", BARRIERS] if BARRIERS else []
    arguments += resource_arguments(case, opencl, work)
    # Compile times are measured, so never from the object cache (docs/abi.md).
    environment = {name: value for name, value in os.environ.items() if name != "SPIRV_RUN_RS_CACHE"}
    done = subprocess.run(arguments, capture_output=True, text=True, timeout=TIMEOUT, env=environment)
    if done.returncode != 0:
        timing.error = "spirv-run-rs failed: " + (done.stderr.strip() or f"exit status {done.returncode}")
        return timing, {}
    for line in done.stderr.splitlines():
        if line.startswith("spirv-run-rs: compile"):
            parts = line.replace(",", "").split()
            timing.compile_ms, run_ms = float(parts[2]), float(parts[5])
            timing.first_ms, timing.runs_ms = run_ms, [run_ms]
    return timing, {binding: (work / f"{binding}.out").read_bytes() for binding in case.outputs}


def resource_arguments(case: Case, opencl: bool, work: Path) -> list[str]:
    """The buffers as files in `work` (written once per case), as spirv-run-rs takes them."""
    files = {}
    for binding, array, output in case.buffers:
        path = work / f"{binding}.in"
        if not path.exists():
            path.write_bytes(array.tobytes())
        files[binding] = f"{path}:{work / f'{binding}.out'}" if output else str(path)
    for binding, array, output in case.images:
        path = work / f"{binding}.in"
        if not path.exists():
            path.write_bytes(array.tobytes())
        spec = f"{path}@{IMAGE_FORMAT},{array.shape[1]},{array.shape[0]}"
        files[binding] = f"{spec}:{work / f'{binding}.out'}" if output else spec
    arguments = []
    if opencl:
        arguments += ["--entry", case.entry, "--global", ",".join(map(str, case.global_size)),
                      "--local", ",".join(map(str, case.local_size))]
        for index, arg in enumerate(case.cl_args):
            if arg[0] in ("buffer", "image"):
                arguments += ["--arg", f"{index}={arg[0]}:{files[arg[1]]}"]
            else:
                arguments += ["--arg", f"{index}={arg[1]}:{arg[2]}"]
    else:
        arguments += ["--workgroups", ",".join(map(str, case.workgroups))]
        for binding, *_ in case.buffers:
            arguments += ["--buffer", f"0:{binding}={files[binding]}"]
        for binding, *_ in case.images:
            arguments += ["--image", f"0:{binding}={files[binding]}"]
        if case.push:
            (work / "push.bin").write_bytes(case.push)
            arguments += ["--push-constants", str(work / "push.bin")]
    return arguments


# ------------------------------------------------------------------ building the modules

def build_modules(out: Path, selected: list[Case]) -> dict:
    """NAME.spv (glslangValidator) and NAME-cl.spv (clang-22, -O2, the case's OpenCL C version) into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    modules = {}
    for case in selected:
        name = case.name
        spv = out / f"{name}.spv"
        subprocess.run(["glslangValidator", "-V", "--target-env", "vulkan1.1", "-o", str(spv),
                        str(KERNELS / f"{name}.comp")], check=True, capture_output=True)
        cl_spv = out / f"{name}-cl.spv"
        subprocess.run([CLANG, "--target=spirv64", f"-cl-std={case.cl_std}", "-O2", "-c", str(KERNELS / f"{name}.cl"),
                        "-o", str(cl_spv)], check=True, capture_output=True)
        modules[name] = (spv, cl_spv)
    return modules


# ------------------------------------------------------------------ report

def ms(value: float | None) -> str:
    if value is None:
        return "—"
    if value >= 1000:
        return f"{value / 1000:.2f} s"
    if value >= 10:
        return f"{value:.1f} ms"
    return f"{value:.2f} ms"


def ratio(ours: Timing | None, reference: Timing | None) -> str:
    if not ours or not reference or ours.median is None or reference.median is None or not ours.ok or not reference.ok:
        return "—"
    return f"{ours.median / reference.median:.2f}"


def cell(timing: Timing | None) -> str:
    if timing is None:
        return "—"
    if timing.error:
        return "failed"
    if timing.problems:
        return "WRONG"
    return ms(timing.median)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=5, help="timed dispatches after the first (median; default 5)")
    parser.add_argument("--threads", type=int, default=0,
                        help="threads for all three (default 0: every core; sets LP_NUM_THREADS, POCL_MAX_PTHREAD_COUNT)")
    parser.add_argument("--only", default="", help="comma-separated kernel names")
    parser.add_argument("--check", action="store_true",
                        help="small sizes, one dispatch each, through the debug spirv-run-rs tool: correctness only")
    parser.add_argument("--no-tool", action="store_true", help="skip the single run of the spirv-run-rs tool")
    parser.add_argument("--no-unchecked", action="store_true", help="skip spirv-run-rs --unchecked")
    parser.add_argument("--no-opencl-ours", action="store_true", help="skip spirv-run-rs on the OpenCL C kernels")
    parser.add_argument("--barriers", default="", choices=["", "regions", "coroutines"],
                        help="how spirv-run-rs runs barriers (--barriers; default: its own, regions)")
    parser.add_argument("--also-spmd-off", action="store_true",
                        help="also run ours with --spmd off (GLSL and OpenCL C), in the same run (the lines printed)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="run every implementation this many times per kernel, alternating, the order rotated "
                             "each round; the table shows the median of the rounds' medians, and a second table each "
                             "round's ratio to the faster of lavapipe and PoCL (median, spread, load)")
    parser.add_argument("--lockstep", type=int, default=0, metavar="ROUNDS",
                        help="instead of --reps/--rounds: ROUNDS rounds of one dispatch of each implementation in "
                             "turn (ours through spirv-run-bench --lockstep), the order rotated each round; the table "
                             "gives each round's ratio to the faster of lavapipe and PoCL (docs/performance.md)")
    parser.add_argument("--baseline-driver", default=None,
                        help="with --lockstep: also run this spirv-run-bench (with --lockstep) as 'baseline', "
                             "reported as baseline / spirv-run-rs per round")
    parser.add_argument("--baseline-args", default="",
                        help="with --lockstep: options for the baseline's spirv-run-bench (e.g. "
                             "--one-workgroup-per-call); gives a baseline of the same driver when alone")
    parser.add_argument("--keep", action="store_true",
                        help="keep the input files and print spirv-run-bench's command lines (for profiling)")
    parser.add_argument("--driver", default=str(ROOT / "target/release/spirv-run-bench"))
    parser.add_argument("--tool", default=None, help="spirv-run-rs (default target/release, or target/debug with --check)")
    parser.add_argument("--out", default=str(ROOT / "target/bench/kernels"))
    options = parser.parse_args()

    threads = options.threads or os.cpu_count() or 1
    os.environ["LP_NUM_THREADS"] = str(threads)
    os.environ["POCL_MAX_PTHREAD_COUNT"] = str(threads)
    # Compile times from scratch, not from a cache of an earlier run.
    os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")
    os.environ.setdefault("POCL_KERNEL_CACHE", "0")
    try:
        import numpy as np
    except ImportError:
        print("bench-kernels: numpy is missing: run scripts/setup", file=sys.stderr)
        return 2
    out = Path(options.out)
    if options.check:
        out = out / "check"
    reps = 0 if options.check else options.reps
    default_tool = os.environ.get("SPIRV_RUN_RS", ROOT / "target/debug/spirv-run-rs") if options.check \
        else ROOT / "target/release/spirv-run-rs"
    global BARRIERS
    BARRIERS = options.barriers
    tool = Path(options.tool or default_tool)
    driver = Path(options.driver)
    all_cases = cases(np, options.check)
    wanted = [n for n in options.only.split(",") if n]
    unknown = [n for n in wanted if n not in {c.name for c in all_cases}]
    if unknown:
        print(f"bench-kernels: unknown kernel {unknown[0]} (kernels: {', '.join(c.name for c in all_cases)})",
              file=sys.stderr)
        return 2
    selected = [c for c in all_cases if not wanted or c.name in wanted]
    needed = [tool] if options.check or not options.no_tool else []
    needed += [] if options.check else [driver]
    for binary in needed:
        if not binary.exists():
            print(f"bench-kernels: {binary} not found: run scripts/bench-kernels, which builds it", file=sys.stderr)
            return 2
    modules = build_modules(out / "modules", selected)
    prog = "bench-kernels" + (" --check" if options.check else "")

    references = {}
    for name, cls in (("lavapipe", Lavapipe), ("PoCL", PoCL)):
        try:
            references[name] = cls()
        except Unavailable as error:
            print(f"{prog}: error: {error}", file=sys.stderr)
            return 2
    load_before = os.getloadavg()
    print(f"{prog}: lavapipe: {references['lavapipe'].name}; PoCL: {references['PoCL'].name}; "
          f"{threads} threads each; load average {load_before[0]:.2f}", flush=True)

    if options.lockstep and not options.check:
        return lockstep_main(options, selected, modules, references, driver, threads, out, prog, np)

    rounds = 1 if options.check else max(1, options.rounds)
    rows, failures, round_rows = [], 0, []
    for case in selected:
        spv, cl_spv = modules[case.name]
        # Each implementation's run, by label, in the order of a round.
        jobs = []
        if options.check:
            jobs.append(("spirv-run-rs", lambda work: run_tool(tool, spv, case, threads, False, work)))
        else:
            jobs.append(("spirv-run-rs", lambda work: run_ours(driver, spv, case, reps, threads, False, work)))
            if not options.no_unchecked:
                jobs.append(("spirv-run-rs --unchecked",
                             lambda work: run_ours(driver, spv, case, reps, threads, False, work, unchecked=True)))
        jobs.append(("lavapipe", lambda work: references["lavapipe"].run(spv.read_bytes(), case, reps)))
        if not case.no_pocl:
            jobs.append(("PoCL", lambda work: references["PoCL"].run((KERNELS / f"{case.name}.cl").read_text(),
                                                                    case, reps, np)))
        if not options.no_opencl_ours:
            if options.check:
                jobs.append(("spirv-run-rs OpenCL", lambda work: run_tool(tool, cl_spv, case, threads, True, work)))
            else:
                jobs.append(("spirv-run-rs OpenCL",
                             lambda work: run_ours(driver, cl_spv, case, reps, threads, True, work)))
        if options.also_spmd_off and not options.check:
            jobs.append(("spirv-run-rs --spmd off",
                         lambda work: run_ours(driver, spv, case, reps, threads, False, work, spmd="off")))
            if not options.no_opencl_ours:
                jobs.append(("spirv-run-rs OpenCL --spmd off",
                             lambda work: run_ours(driver, cl_spv, case, reps, threads, True, work, spmd="off")))
        # --rounds: every implementation once per round, the order rotated
        # from one round to the next (no implementation always runs first,
        # or always after lavapipe's long dispatches); each round's
        # outputs checked as the single run's.
        per_round = []

        def checked(timing: Timing, outputs: dict) -> Timing:
            if timing.error is None and not outputs:
                timing.problems.append("no output")
            elif timing.error is None:
                problems, timing.note = case.check(outputs)
                timing.problems += problems
            return timing

        work = Path(tempfile.mkdtemp(prefix=f"{case.name}-", dir=out))
        try:
            for number in range(rounds):
                load = os.getloadavg()[0]
                shift = number % len(jobs)
                # Checked at once: the outputs (64 MB for saxpy) are not kept.
                done = {label: checked(*run(work)) for label, run in jobs[shift:] + jobs[:shift]}
                per_round.append(({label: done[label] for label, _ in jobs}, load, os.getloadavg()[0]))
            results = dict(per_round[0][0])
            if not options.no_tool and not options.check:
                results["spirv-run-rs tool"] = checked(*run_tool(tool, spv, case, threads, False, work))
        finally:
            if not options.keep:
                shutil.rmtree(work, ignore_errors=True)
        if rounds > 1:
            # The main table's figure: the median of the rounds' medians;
            # a problem in any round is the implementation's.
            for label in [label for label, _ in jobs]:
                timings = [done[label] for done, _, _ in per_round]
                results[label] = Timing(compile_ms=timings[0].compile_ms, first_ms=timings[0].first_ms,
                                        runs_ms=[t.median for t in timings if t.median is not None],
                                        problems=[p for t in timings for p in t.problems], note=timings[0].note,
                                        error=next((t.error for t in timings if t.error), None))
            round_rows.append((case, per_round))
        line = []
        for label, timing in results.items():
            state = timing.error or ("; ".join(timing.problems) if timing.problems else "agrees")
            if timing.ok and timing.note:
                state += f", {timing.note}"
            if not timing.ok:
                failures += 1
            if options.check:
                line.append(f"{label} {state}")
            else:
                line.append(f"{label} {ms(timing.median)} ({state})")
        if case.no_pocl:
            line.append(f"PoCL not run ({case.no_pocl})")
        print(f"{prog}: {case.name} {case.size}: " + ", ".join(line), flush=True)
        rows.append((case, results))
    load_after = os.getloadavg()

    if options.check:
        total = sum(len(r) for _, r in rows)
        print(f"{prog}: {total - failures} of {total} runs agree with the references")
        return 1 if failures else 0

    table = report(rows, references, threads, reps, load_before, load_after)
    if round_rows:
        table += "\n" + rounds_report(round_rows, reps)
    (out / "results.md").write_text(table)
    print()
    print(table)
    print(f"{prog}: written to {out / 'results.md'}")
    return 1 if failures else 0


def lockstep_main(options, selected, modules, references, driver, threads, out, prog, np) -> int:
    """--lockstep: every selected kernel, its implementations in lockstep (see `lockstep`)."""
    baseline = options.baseline_driver or (driver if options.baseline_args else None)
    rows, failures = [], 0
    for case in selected:
        spv, cl_spv = modules[case.name]
        work = Path(tempfile.mkdtemp(prefix=f"{case.name}-", dir=out))
        sides = {}
        try:
            sides["spirv-run-rs"] = OursSteps(driver, spv, case, threads, False, work / "ours")
            if baseline:
                sides["spirv-run-rs baseline"] = OursSteps(Path(baseline), spv, case, threads, False,
                                                           work / "baseline", tuple(options.baseline_args.split()))
            if not options.no_opencl_ours:
                sides["spirv-run-rs OpenCL"] = OursSteps(driver, cl_spv, case, threads, True, work / "opencl")
            sides["lavapipe"] = ReferenceSteps(
                lambda timing, first: references["lavapipe"].steps(spv.read_bytes(), case, timing, first))
            if not case.no_pocl:
                source = (KERNELS / f"{case.name}.cl").read_text()
                sides["PoCL"] = ReferenceSteps(
                    lambda timing, first: references["PoCL"].steps(source, case, np, timing, first))
            times, loads = lockstep(sides, options.lockstep)
            line = []
            for label, steps in sides.items():
                timing, outputs = steps.finish()
                if timing.error is None and not outputs:
                    timing.problems.append("no output")
                elif timing.error is None:
                    problems, timing.note = case.check(outputs)
                    timing.problems += problems
                state = timing.error or ("; ".join(timing.problems) if timing.problems else "agrees")
                if not timing.ok:
                    failures += 1
                line.append(f"{label} {ms(timing.median)} ({state})")
            print(f"{prog}: {case.name} {case.size}: " + ", ".join(line), flush=True)
            rows.append((case, times, loads))
        finally:
            for steps in sides.values():
                if isinstance(steps, OursSteps) and steps.process.poll() is None:
                    steps.process.kill()
                    steps.process.wait()
            if not options.keep:
                shutil.rmtree(work, ignore_errors=True)
    table = lockstep_report(rows, threads)
    (out / "results.md").write_text(table)
    # Every dispatch's time, by kernel and side, and each round's load: for other summaries.
    (out / "lockstep.json").write_text(json.dumps(
        {case.name: {"times_ms": times, "loads": loads} for case, times, loads in rows}, indent=1))
    print()
    print(table)
    print(f"{prog}: written to {out / 'results.md'}")
    return 1 if failures else 0


def spread(values: list[float]) -> str:
    """median [lowest, highest] of `values`, as ratios."""
    return f"{statistics.median(values):.2f} [{min(values):.2f}, {max(values):.2f}]"


def rounds_report(round_rows, reps) -> str:
    """--rounds: per kernel, each round's ratio of ours (GLSL and OpenCL C) to the faster of lavapipe and PoCL
    in that round, summarized as median [lowest, highest], the rounds ours was no slower, and the load."""
    lines = [
        f"Rounds (`--rounds`): each round runs every implementation once ({reps} dispatches after a first, "
        "median), the order rotated from round to round; per round, ours / the faster of lavapipe and PoCL in "
        "that round; median [lowest, highest] over the rounds, and in how many rounds ours took no more time.",
        "",
        "| kernel | rounds | spirv-run-rs / faster | no slower | on the OpenCL C / faster | no slower "
        "| spirv-run-rs ms | PoCL ms | load average |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for case, rounds in round_rows:
        ratios = {"spirv-run-rs": [], "spirv-run-rs OpenCL": []}
        for results, _, _ in rounds:
            faster = [results[label].median for label in ("lavapipe", "PoCL")
                      if label in results and results[label].ok and results[label].median]
            for label, values in ratios.items():
                ours = results.get(label)
                if faster and ours and ours.ok and ours.median:
                    values.append(ours.median / min(faster))
        cells = []
        for values in ratios.values():
            cells += [spread(values), f"{sum(v <= 1.0 for v in values)} of {len(values)}"] if values else ["—", "—"]
        times = {label: [r[label].median for r, _, _ in rounds if label in r and r[label].median]
                 for label in ("spirv-run-rs", "PoCL")}
        ms_cells = [f"{statistics.median(v):.2f} [{min(v):.2f}, {max(v):.2f}]" if v else "—" for v in times.values()]
        loads = [load for _, before, after in rounds for load in (before, after)]
        lines.append(f"| {case.name} | {len(rounds)} | " + " | ".join(cells) + " | " + " | ".join(ms_cells)
                     + f" | {min(loads):.2f}-{max(loads):.2f} |")
    return "\n".join(lines) + "\n"


def report(rows, references, threads, reps, load_before, load_after) -> str:
    lines = [
        f"- lavapipe: {references['lavapipe'].name}; PoCL: {references['PoCL'].name}.",
        f"- {threads} threads for each (`--threads`, `LP_NUM_THREADS`, `POCL_MAX_PTHREAD_COUNT`); "
        f"`nproc` {os.cpu_count()}; load average {load_before[0]:.2f} before, {load_after[0]:.2f} after.",
        f"- Dispatch to result, median of {reps} dispatches after a first one; ratio: time / lavapipe's "
        "(below 1 is faster than lavapipe).",
        "",
        "| kernel | size | lavapipe | spirv-run-rs | ratio | spirv-run-rs --unchecked | ratio | PoCL | ratio "
        "| spirv-run-rs on the OpenCL C | ratio | results |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for case, results in rows:
        lava, ours, pocl = results.get("lavapipe"), results.get("spirv-run-rs"), results.get("PoCL")
        ours_cl = results.get("spirv-run-rs OpenCL")
        unchecked = results.get("spirv-run-rs --unchecked")
        agree = all(t.ok for t in results.values())
        state = "all agree" if agree else "; ".join(
            f"{label}: {t.error or '; '.join(t.problems)}" for label, t in results.items() if not t.ok)
        notes = [f"{label} {t.note}" for label, t in results.items() if t.ok and t.note]
        if agree and notes:
            state += " (" + ", ".join(notes) + " of the reference without fma)"
        if case.no_pocl:
            state += f"; PoCL not run: {case.no_pocl}"
        lines.append(f"| {case.name} | {case.size}{', ' + case.note if case.note else ''} | {cell(lava)} | {cell(ours)} | "
                     f"**{ratio(ours, lava)}** | {cell(unchecked)} | {ratio(unchecked, lava)} | {cell(pocl)} | {ratio(pocl, lava)} | {cell(ours_cl)} | "
                     f"{ratio(ours_cl, lava)} | {state} |")
    lines += [
        "",
        "Compile and first dispatch (lavapipe compiles the shader's code at the first dispatch, "
        "PoCL the work-group function at the first enqueue; spirv-run-rs compiles everything in `Kernel::compile`):",
        "",
        "| kernel | spirv-run-rs compile | first dispatch | lavapipe pipeline | first dispatch | PoCL build | first dispatch "
        "| spirv-run-rs OpenCL C compile | first dispatch | spirv-run-rs tool (one process): compile | run |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for case, results in rows:
        cells = []
        for label in ("spirv-run-rs", "lavapipe", "PoCL", "spirv-run-rs OpenCL", "spirv-run-rs tool"):
            timing = results.get(label)
            cells += [ms(timing.compile_ms) if timing else "—", ms(timing.first_ms) if timing else "—"]
        lines.append(f"| {case.name} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
