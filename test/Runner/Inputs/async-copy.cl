// OpGroupAsyncCopy and OpGroupWaitEvents (test/Runner/async-copy.test):
// each workgroup copies its block of `in` into local memory (plain and
// strided), works on it, and copies the result back (strided, and a
// 3-component vector copy).
kernel void async_copy(global const int *in, global int *out, global int *strided_out,
                       global const float3 *vectors, global float3 *vectors_out,
                       local int *block, local int *gathered, local float3 *local_vectors) {
  size_t group = get_group_id(0), n = get_local_size(0), i = get_local_id(0);
  event_t plain = async_work_group_copy(block, in + group * n, n, 0);
  // Every second element of the block.
  event_t strided = async_work_group_strided_copy(gathered, in + group * n, n / 2, 2, 0);
  wait_group_events(1, &plain);
  wait_group_events(1, &strided);
  block[i] = block[i] * 3 + (i < n / 2 ? gathered[i] : 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t back = async_work_group_copy(out + group * n, block, n, 0);
  // The first half of the block to every second element of strided_out.
  event_t back_strided = async_work_group_strided_copy(strided_out + group * n, block, n / 2, 2, 0);
  event_t v = async_work_group_copy(local_vectors, vectors + group * 4, 4, 0);
  wait_group_events(1, &v);
  if (i < 4)
    local_vectors[i] = local_vectors[i] + local_vectors[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  v = async_work_group_copy(vectors_out + group * 4, local_vectors, 4, 0);
  wait_group_events(1, &back);
  wait_group_events(1, &back_strided);
  wait_group_events(1, &v);
}
