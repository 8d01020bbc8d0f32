// Two kernels for the SPIRV-LLVM-Translator's shapes (translator-kernels.test).
kernel void scale(global const int *in, global int *out, int k) {
  size_t i = get_global_id(0);
  out[i] = in[i] * k + (int)i;
}

// Reverses each workgroup's slice through local memory across a barrier.
kernel void reverse_local(global int *data, local int *tmp) {
  size_t l = get_local_id(0), n = get_local_size(0), g = get_group_id(0);
  tmp[l] = data[g * n + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  data[g * n + l] = tmp[n - 1 - l] + 1000 * (int)g;
}
