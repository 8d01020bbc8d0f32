// OpenCL C 3.0's optional extensions as clang-22 compiles them with every
// SPIR-V extension allowed (`-Xclang -cl-ext=+all -mllvm --spirv-ext=all`):
// cl_khr_integer_dot_product (OpUDot, OpSDotAccSat),
// cl_khr_extended_bit_ops (SPV_KHR_bit_instructions), the cl_khr_subgroup_*
// family (ballot, shuffle, shuffle_relative, clustered_reduce,
// non_uniform_arithmetic, non_uniform_vote, extended_types) and
// cl_khr_subgroup_rotate (SPV_KHR_subgroup_rotate).
__kernel void dots_bits_votes(__global uint *out, __global const uint *in) {
  uint i = get_global_id(0);
  uint x = in[i];
  out[16*i+0] = dot(as_uchar4(x), (uchar4)(1,2,3,4));
  out[16*i+1] = dot_acc_sat(as_char4(x), (char4)(-1,2,-3,4), (int)x);
  out[16*i+2] = dot_4x8packed_uu_uint(x, 0x01020304u);
  out[16*i+3] = bitfield_insert(x, 0xffu, 4, 8);
  out[16*i+4] = bitfield_extract_signed((int)x, 3, 9);
  out[16*i+5] = bit_reverse(x);
  uint4 b = sub_group_ballot(x & 1);
  out[16*i+6] = sub_group_ballot_bit_count(b);
  out[16*i+7] = sub_group_shuffle(x, 0);
  out[16*i+8] = sub_group_shuffle_xor(x, 1);
  out[16*i+9] = sub_group_clustered_reduce_add(x, 2);
  out[16*i+10] = sub_group_non_uniform_reduce_max(x);
  out[16*i+11] = sub_group_elect();
  out[16*i+12] = sub_group_non_uniform_all_equal(x);
  out[16*i+13] = sub_group_shuffle_down(x, 1);
  out[16*i+14] = sub_group_scan_inclusive_add((ushort)x);
  out[16*i+15] = sub_group_ballot_inclusive_scan(b);
}

__kernel void ballots_rotates(__global uint *out, __global const uint *in) {
  uint i = get_global_id(0);
  uint x = in[i];
  uint4 b = sub_group_ballot((x & 3) != 0);
  out[16*i+0] = sub_group_ballot_find_lsb(b);
  out[16*i+1] = sub_group_ballot_find_msb(b);
  out[16*i+2] = sub_group_inverse_ballot((uint4)(0x5555u, 0, 0, 0));
  out[16*i+3] = sub_group_ballot_bit_extract(b, 1);
  out[16*i+4] = sub_group_shuffle_up(x, 1);
  out[16*i+5] = sub_group_non_uniform_scan_exclusive_xor(x);
  out[16*i+6] = sub_group_non_uniform_reduce_logical_and((int)(x & 1));
  out[16*i+7] = sub_group_clustered_reduce_min(x, 4);
  out[16*i+8] = sub_group_non_uniform_broadcast(x, 1);
  out[16*i+9] = get_sub_group_lt_mask().x;
  out[16*i+10] = sub_group_rotate(x, 3);
  out[16*i+11] = sub_group_clustered_rotate(x, 1, 4);
  out[16*i+12] = (uint)sub_group_reduce_add((short)x) & 0xffffu;
  out[16*i+13] = (uint)(uchar)sub_group_non_uniform_reduce_max((char)x);
  out[16*i+14] = sub_group_ballot_exclusive_scan(b);
  out[16*i+15] = sub_group_non_uniform_reduce_logical_xor((int)(x >> 31));
}
