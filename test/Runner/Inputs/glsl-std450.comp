#version 450
// GLSL.std.450 instructions the MLIR dialect lacks, as glslang emits them:
// packing and unpacking (Unorm/Snorm 4x8 and 2x16, Double2x32), Modf (the
// pointer form), frexp (FrexpStruct), determinant, inverse, refract.
layout(local_size_x = 1) in;
layout(std430, set=0, binding=0) buffer In { vec4 f[8]; uint u[4]; dvec2 d; uvec2 du; mat2 m2; mat3 m3; mat4 m4; vec4 rI; vec4 rN; float eta; } i;
layout(std430, set=0, binding=1) buffer Out { uint p[24]; vec4 up[12]; vec4 mf[4]; ivec4 fe; vec4 fs; uvec2 ud; double pd; float det[3]; mat2 i2; mat3 i3; mat4 i4; vec4 rr[2]; } o;
void main() {
  for (int k = 0; k < 6; k++) {
    o.p[4*k] = packUnorm4x8(i.f[k]);
    o.p[4*k+1] = packSnorm4x8(i.f[k]);
    o.p[4*k+2] = packUnorm2x16(i.f[k].xy);
    o.p[4*k+3] = packSnorm2x16(i.f[k].zw);
  }
  for (int k = 0; k < 4; k++) {
    o.up[3*k] = unpackUnorm4x8(i.u[k]);
    o.up[3*k+1] = unpackSnorm4x8(i.u[k]);
    o.up[3*k+2] = vec4(unpackUnorm2x16(i.u[k]), unpackSnorm2x16(i.u[k]));
  }
  vec4 whole;
  o.mf[0] = modf(i.f[6], whole);
  o.mf[1] = whole;
  o.mf[2] = modf(i.f[7], whole);
  o.mf[3] = whole;
  ivec4 e;
  o.fs = frexp(i.f[6], e);
  o.fe = e;
  o.ud = unpackDouble2x32(i.d.x);
  o.pd = packDouble2x32(i.du);
  o.det[0] = determinant(i.m2);
  o.det[1] = determinant(i.m3);
  o.det[2] = determinant(i.m4);
  o.i2 = inverse(i.m2);
  o.i3 = inverse(i.m3);
  o.i4 = inverse(i.m4);
  o.rr[0] = refract(i.rI, i.rN, i.eta);
  o.rr[1] = refract(i.rI, i.rN, 1.0/i.eta * 10.0);
}
