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

/* One resource the kernel uses: a Vulkan binding, or an OpenCL argument. */
typedef struct spvabi_resource {
  uint32_t kind;           /* SPVABI_STORAGE_BUFFER ... SPVABI_VALUE */
  uint32_t descriptor_set; /* Vulkan; 0 for OpenCL */
  uint32_t binding;        /* Vulkan; 0 for OpenCL */
  uint32_t size;           /* bytes the kernel's declaration spans (a block without its runtime
                              array; a by-value argument); 0 when unknown. A shorter Vulkan buffer
                              is allowed with bounds checks (reads past it give zero); without
                              them, give at least this many bytes */
} spvabi_resource;

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
