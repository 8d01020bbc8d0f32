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

#define SPVABI_VERSION 4u

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
#define SPVABI_SAMPLED_IMAGE 9u        /* Vulkan sampled image: a spvabi_image */
#define SPVABI_SAMPLER 10u              /* Vulkan sampler: resources[i] points at a spvabi_sampler */
#define SPVABI_COMBINED_IMAGE_SAMPLER 11u /* Vulkan combined image sampler: a spvabi_combined */
/* OpenCL image and sampler arguments take kinds 6 to 10 too (docs/abi.md, "OpenCL images and
 * samplers"): read_only images SPVABI_SAMPLED_IMAGE, write_only and read_write ones
 * SPVABI_STORAGE_IMAGE, image1d_buffer_t the texel-buffer kinds, sampler_t SPVABI_SAMPLER. */

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
  uint32_t element;        /* a descriptor array of buffers (buffer B { ... } b[N]) has one
                              resource per element, elements 0 to N-1 one after another: this
                              one's; 0 otherwise */
  uint32_t count;          /* the binding's descriptor array length N (of buffers: N resources;
                              of images or samplers: one resource of N descriptors); 0 for a
                              binding that is no array */
} spvabi_resource;

/* The `size` of an image resource: the SPIR-V Image Format the shader declares (0: Unknown,
 * any format), whether it reads floats (0) or integers (1) (0xf for an OpenCL image: what
 * its format holds), its SPIR-V Dim (0 1D, 1 2D, 2 3D, 5 Buffer), whether it is arrayed,
 * whether it is multisampled. */
#define SPVABI_IMAGE_FORMAT(size) ((size) & 0xffu)
#define SPVABI_IMAGE_SAMPLED_TYPE(size) (((size) >> 8) & 0xfu)
#define SPVABI_IMAGE_DIM(size) (((size) >> 12) & 0xfu)
#define SPVABI_IMAGE_ARRAYED(size) (((size) >> 16) & 1u)
#define SPVABI_IMAGE_MULTISAMPLED(size) (((size) >> 17) & 1u)
/* A descriptor array (uniform sampler2D tex[N]): N, its descriptors one after another in
 * resources[i] (64 bytes each, 128 for combined image samplers); 0 for one descriptor. */
#define SPVABI_IMAGE_COUNT(size) (((size) >> 20) & 0xfffu)

/* What resources[i] points at for an image or texel buffer (resource_sizes[i] is its size,
 * 64). Texel (x, y, z) of layer l of level 0 is at
 *   texels + l * layer_pitch + z * slice_pitch + y * row_pitch + x * texel size
 * (a multisampled image: (x * samples + s) * texel size for sample s, passed in z).
 * Mip level m > 0 (extent max(1, extent >> m) in each dimension, tightly packed, its layers
 * one after another) follows level m - 1; level 1 starts at texels + layers * layer_pitch. */
typedef struct spvabi_image {
  void *texels;         /* the first texel of layer 0 of level 0 */
  uint32_t format;      /* the texels' format, a SPIR-V Image Format (never 0: Rgba8 is 4,
                           R32f 3, R32ui 33...; docs/abi.md lists them with Vulkan's names),
                           or for sampled images one from 256 up (R8G8B8A8_SRGB 256...) */
  uint32_t dim;         /* SPIR-V Dim: 0 1D, 1 2D, 2 3D, 3 Cube (6 layers a cube: +x, -x, +y, -y,
                           +z, -z), 5 Buffer (a texel buffer) */
  uint32_t width;       /* texels; a texel buffer: its number of texels */
  uint32_t height;      /* 1 for 1D images and texel buffers */
  uint32_t depth;       /* 1 but for 3D images */
  uint32_t layers;      /* array layers; 1 when not arrayed */
  uint32_t levels;      /* mip levels (1 for storage images and texel buffers) */
  uint32_t samples;     /* 1, or a multisampled image's 2 to 64: sample s of texel (x, y) is
                           s texels after the texel's first, x * samples texels into the row */
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

/* What a sampler resource points at (64 bytes): the fields of VkSamplerCreateInfo a compute
 * shader observes, with Vulkan's enum values. */
typedef struct spvabi_sampler {
  uint32_t mag_filter;      /* VkFilter: 0 nearest, 1 linear */
  uint32_t min_filter;
  uint32_t mipmap_mode;     /* VkSamplerMipmapMode: 0 nearest, 1 linear */
  uint32_t address_mode[3]; /* u, v, w: VkSamplerAddressMode 0 repeat ... 4 mirror clamp to edge */
  uint32_t border_color;    /* VkBorderColor 0 ... 5 */
  uint32_t unnormalized_coordinates; /* 0 or 1 */
  uint32_t compare_enable;  /* 0 or 1 */
  uint32_t compare_op;      /* VkCompareOp 0 ... 7: reference OP texel */
  float min_lod, max_lod, mip_lod_bias;
  uint32_t reserved[3];     /* 0 */
} spvabi_sampler;

/* What a combined image sampler's resource points at (128 bytes). */
typedef struct spvabi_combined {
  spvabi_image image;
  spvabi_sampler sampler; /* 64 bytes in */
} spvabi_combined;

/* spvabi_image_sample's mode: a gather (bits 1-2: its component), a depth comparison with dref,
 * the level from the gradients dx*, dy* rather than lod, a cube image. */
#define SPVABI_SAMPLE_GATHER 1u
#define SPVABI_SAMPLE_COMPONENT(mode) (((mode) >> 1) & 3u)
#define SPVABI_SAMPLE_COMPARE 8u
#define SPVABI_SAMPLE_GRAD 16u
#define SPVABI_SAMPLE_CUBE 32u /* x, y, z: a direction; the face is the host's to select */

/* Sampled images (docs/abi.md, "Sampled images and samplers"): every sampling operation
 * (filtered sample, gather, depth comparison; coordinates already divided by q for the
 * projective forms, the array layer last; offsets in texels), a texel of a mip level, the
 * extent of a level and its layers, the levels and samples. */
spvabi_texel __spvabi_image_sample(const spvabi_image *image, const spvabi_sampler *sampler, uint32_t mode,
                                   float x, float y, float z, float layer, float lod, float dref,
                                   float dxx, float dxy, float dxz, float dyx, float dyy, float dyz,
                                   int32_t ox, int32_t oy, int32_t oz);
spvabi_texel __spvabi_image_fetch(const spvabi_image *image, int32_t x, int32_t y, int32_t z, int32_t layer,
                                  int32_t level);
spvabi_texel __spvabi_image_size_lod(const spvabi_image *image, int32_t level); /* width, height, depth, layers */
spvabi_texel __spvabi_image_levels(const spvabi_image *image);                  /* levels, samples, 0, 0 */
/* OpImageQueryFormat, OpImageQueryOrder (OpenCL's get_image_channel_data_type and _order): the
 * format's SPIR-V Image Channel Data Type (bits 0-15) and Image Channel Order (bits 16-31). */
uint32_t __spvabi_image_channels(const spvabi_image *image);
/* Image atomics (docs/abi.md, "Image atomics"): op is LLVM's AtomicBinOp (exchange 0, add 1,
 * sub 2, and 3, or 5, xor 6, max 7, min 8, umax 9, umin 10, float add 11) or 16, a compare-
 * exchange; value and comparator as 64-bit words (floats as their bits); the texel before, 0
 * out of bounds (nothing changed). */
uint64_t __spvabi_image_atomic(const spvabi_image *image, int32_t x, int32_t y, int32_t z, int32_t layer,
                               int32_t op, uint64_t value, uint64_t comparator);

struct spvabi_dispatch;

/* __spvabi_E_info: read-only, for the host. */
typedef struct spvabi_kernel_info {
  uint32_t abi_version;        /* SPVABI_VERSION */
  uint32_t execution_model;    /* SPVABI_GLCOMPUTE or SPVABI_KERNEL */
  uint32_t workgroup_size[3];  /* the module's (LocalSize, LocalSizeId, WorkgroupSize), or 0,0,0:
                                  then dispatch->workgroup_size decides (OpenCL) */
  uint32_t num_resources;
  uint32_t push_constant_size; /* bytes; 0 without push constants */
  uint32_t uses_barriers;      /* 0: no barrier; 1: invocations are coroutines; 2: regions (both take memory from malloc/free) */
  const spvabi_resource *resources; /* num_resources entries: Vulkan bindings sorted by
                                       (set, binding), one per variable (and per element of
                                       a descriptor array of buffers): views of one
                                       binding sit side by side and get the same buffer;
                                       OpenCL arguments in order */
  /* Version 4: runs of workgroups (docs/abi.md), or NULL. groups(d, id, n) runs the n
   * workgroups (id[0] + i, id[1], id[2]), i < n, as n calls of __spvabi_E would, in one
   * call; id[0] + n must not pass d->num_workgroups[0]. Defined for kernels without
   * barriers, workgroup memory (__local arguments included) or subgroups. */
  void (*groups)(const struct spvabi_dispatch *dispatch, const uint32_t workgroup_id[3], uint32_t count);
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
  uint64_t global_size[3];        /* OpenCL's global size where it is no multiple of the workgroup
                                     size (non-uniform work-groups, only when info.workgroup_size
                                     is 0,0,0): num_workgroups is then each rounded up, and the last
                                     workgroup of a dimension runs what is left; 0,0,0: uniform */
} spvabi_dispatch;

typedef void spvabi_workgroup_fn(const spvabi_dispatch *dispatch, const uint32_t workgroup_id[3]);

/* Buffer device addresses (docs/abi.md): the bounds checks of a Vulkan compute kernel whose
 * addressing model is PhysicalStorageBuffer64 call this for a pointer they cannot trace to a
 * resource (loaded from memory, made from an integer): the buffer the host gave the dispatch by
 * address (a bound buffer too, whole, when the host gave its address) that holds `address` (its
 * end included), its start in the low 64 bits and its length
 * in bytes in the high 64; 0 when none does. An access lying in none of the kernel's resources
 * nor in that buffer is skipped (a load gives zero, a store does nothing). The host defines it
 * when it links such a kernel built with bounds checks; its answers must not change during a
 * dispatch. */
unsigned __int128 __spvabi_device_range(uint64_t address);

#define SPVABI_DECLARE_KERNEL(E)                        \
  spvabi_workgroup_fn __spvabi_##E;                     \
  extern const spvabi_kernel_info __spvabi_##E##_info

#ifdef __cplusplus
}
#endif

#endif /* SPVABI_H */
