/* The kernel ABI of spirv-opt-rs (docs/abi.md): what a host declares to call
 * an entry point compiled with `spirv-opt-rs --convert-spirv-to-llvm
 * --spirv-kernel-abi --emit=obj`.
 *
 * For an entry point E the object defines
 *   void __spvabi_E(const spvabi_dispatch *dispatch, const uint32_t workgroup_id[3]);
 *   extern const spvabi_kernel_info __spvabi_E_info;
 * Declare them with SPVABI_DECLARE_KERNEL(E). */
#ifndef SPVABI_H
#define SPVABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SPVABI_VERSION 1u

/* spvabi_kernel_info.execution_model: SPIR-V's numbers. */
#define SPVABI_GLCOMPUTE 5u
#define SPVABI_KERNEL 6u

/* spvabi_resource.kind */
#define SPVABI_STORAGE_BUFFER 1u /* Vulkan: resources[i] is the buffer */
#define SPVABI_UNIFORM_BUFFER 2u /* Vulkan: resources[i] is the buffer */
#define SPVABI_GLOBAL_POINTER 3u /* OpenCL __global/__constant pointer: resources[i] is the buffer */
#define SPVABI_LOCAL_POINTER 4u  /* OpenCL __local pointer: resource_sizes[i] bytes per workgroup */
#define SPVABI_VALUE 5u          /* OpenCL by-value argument: resources[i] points at the value */
#define SPVABI_STORAGE_IMAGE 6u        /* Vulkan storage image: resources[i] points at a spvabi_image */
#define SPVABI_STORAGE_TEXEL_BUFFER 7u /* Vulkan storage texel buffer: a spvabi_image (dim 5) */
#define SPVABI_UNIFORM_TEXEL_BUFFER 8u /* Vulkan uniform texel buffer: a spvabi_image (dim 5) */

/* One resource the kernel uses: a Vulkan binding, or an OpenCL argument. */
typedef struct spvabi_resource {
  uint32_t kind;           /* SPVABI_STORAGE_BUFFER ... SPVABI_VALUE */
  uint32_t descriptor_set; /* Vulkan; 0 for OpenCL */
  uint32_t binding;        /* Vulkan; 0 for OpenCL */
  uint32_t size;           /* bytes the kernel's declaration spans (a block without its runtime
                              array; a by-value argument); 0 when unknown. A shorter Vulkan buffer
                              is allowed with bounds checks (reads past it give zero); without
                              them, give at least this many bytes. For the image kinds, what the
                              shader declares: see SPVABI_IMAGE_* below */
} spvabi_resource;

/* The `size` of an image resource: the SPIR-V Image Format the shader declares (0: Unknown,
 * any format), whether it reads floats (0) or integers (1), its SPIR-V Dim (0 1D, 1 2D,
 * 2 3D, 5 Buffer), whether it is arrayed. */
#define SPVABI_IMAGE_FORMAT(size) ((size) & 0xffu)
#define SPVABI_IMAGE_SAMPLED_TYPE(size) (((size) >> 8) & 0xfu)
#define SPVABI_IMAGE_DIM(size) (((size) >> 12) & 0xfu)
#define SPVABI_IMAGE_ARRAYED(size) (((size) >> 16) & 1u)

/* What resources[i] points at for an image or texel buffer (resource_sizes[i] is its size,
 * 64). Texel (x, y, z) of layer l of level 0 is at
 *   texels + l * layer_pitch + z * slice_pitch + y * row_pitch + x * texel size. */
typedef struct spvabi_image {
  void *texels;         /* the first texel of layer 0 of level 0 */
  uint32_t format;      /* the texels' format, a SPIR-V Image Format (never 0: Rgba8 is 4,
                           R32f 3, R32ui 33...; docs/abi.md lists them with Vulkan's names) */
  uint32_t dim;         /* SPIR-V Dim: 0 1D, 1 2D, 2 3D, 5 Buffer (a texel buffer) */
  uint32_t width;       /* texels; a texel buffer: its number of texels */
  uint32_t height;      /* 1 for 1D images and texel buffers */
  uint32_t depth;       /* 1 but for 3D images */
  uint32_t layers;      /* array layers; 1 when not arrayed */
  uint32_t levels;      /* mip levels (1: only level 0 is read in this version) */
  uint32_t samples;     /* 1 */
  uint64_t row_pitch;   /* bytes from one row to the next */
  uint64_t slice_pitch; /* bytes from one depth slice to the next */
  uint64_t layer_pitch; /* bytes from one array layer to the next */
} spvabi_image;         /* 64 bytes */

/* The functions an object with image ops calls, which the host provides (spirv-run defines
 * them; runtime/src/image.rs): four 32-bit components (floats as their bits, component 0 in
 * the low bits) travel as one 128-bit integer. Reads outside the image give 0, 0, 0 and an
 * alpha of 1 when the format has none (else 0); writes outside do nothing. */
typedef __int128 spvabi_texel;
spvabi_texel __spvabi_image_read(const spvabi_image *image, int32_t x, int32_t y, int32_t z, int32_t layer);
void __spvabi_image_write(const spvabi_image *image, int32_t x, int32_t y, int32_t z, int32_t layer, spvabi_texel texel);
spvabi_texel __spvabi_image_size(const spvabi_image *image); /* width, height, depth, layers */

/* __spvabi_E_info: read-only, for the host. */
typedef struct spvabi_kernel_info {
  uint32_t abi_version;        /* SPVABI_VERSION */
  uint32_t execution_model;    /* SPVABI_GLCOMPUTE or SPVABI_KERNEL */
  uint32_t workgroup_size[3];  /* the module's (LocalSize, LocalSizeId, WorkgroupSize), or 0,0,0:
                                  then dispatch->workgroup_size decides (OpenCL) */
  uint32_t num_resources;
  uint32_t push_constant_size; /* bytes; 0 without push constants */
  uint32_t uses_barriers;      /* 1: invocations are coroutines (frames from malloc/free) */
  const spvabi_resource *resources; /* num_resources entries: Vulkan bindings sorted by
                                       (set, binding), one per variable: views of one
                                       binding sit side by side and get the same buffer;
                                       OpenCL arguments in order */
} spvabi_kernel_info;

/* What every workgroup of one dispatch shares; read-only for the kernel, so
 * one dispatch can run its workgroups on any number of threads at once. */
typedef struct spvabi_dispatch {
  void *const *resources;         /* num_resources pointers, in the info's order */
  const uint64_t *resource_sizes; /* num_resources byte sizes: the bounds checks trust them */
  const void *push_constants;     /* push_constant_size bytes (a shorter range padded with
                                     zeros by the host), or NULL */
  uint32_t num_workgroups[3];     /* NumWorkgroups; OpenCL: the number of work-groups */
  uint32_t workgroup_size[3];     /* used only when info.workgroup_size is 0,0,0 */
  uint64_t global_offset[3];      /* OpenCL's global work offset; 0 for Vulkan */
  uint32_t work_dim;              /* OpenCL's get_work_dim(); 3 for Vulkan */
  uint32_t reserved;              /* 0 */
} spvabi_dispatch;

typedef void spvabi_workgroup_fn(const spvabi_dispatch *dispatch, const uint32_t workgroup_id[3]);

#define SPVABI_DECLARE_KERNEL(E)                        \
  spvabi_workgroup_fn __spvabi_##E;                     \
  extern const spvabi_kernel_info __spvabi_##E##_info

#ifdef __cplusplus
}
#endif

#endif /* SPVABI_H */
