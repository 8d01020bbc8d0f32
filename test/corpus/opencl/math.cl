// OpenCL.std math built-ins.
__kernel void math(__global float *data) {
  size_t i = get_global_id(0);
  float x = data[i];
  data[i] = erf(x) + erfc(x) + asinh(x) + acosh(fabs(x) + 1.0f) + atanh(x * 0.5f) + sin(x) * cos(x) + tan(x)
      + exp(x) + exp2(x) + log(fabs(x) + 1.0f) + log2(fabs(x) + 1.0f) + pow(fabs(x), 1.5f) + fma(x, 2.0f, 1.0f)
      + fmin(x, 1.0f) + fmax(x, -1.0f) + sqrt(fabs(x)) + rsqrt(fabs(x) + 1.0f) + tanh(x) + cbrt(x) + hypot(x, 2.0f)
      + floor(x) + ceil(x) + trunc(x) + round(x) + copysign(1.0f, x) + fmod(x, 3.0f);
}
