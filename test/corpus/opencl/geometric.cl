// Geometric built-ins.
__kernel void geometric(__global float4 *data, __global float *lengths) {
  size_t i = get_global_id(0);
  float4 v = data[i];
  float3 n = normalize(v.xyz + (float3)(1.0f));
  data[i] = (float4)(cross(n, v.zxy), dot(v, v)) * distance(v.xy, v.zw);
  lengths[i] = length(v) + fast_length(v.xy) + dot(n, n);
}
