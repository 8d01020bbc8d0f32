// dvec4 and vec4 frexp (test/Runner/frexp.test): significands, exponents.
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { dvec4 d; vec4 f; ivec4 e; ivec4 e2; };
void main() { ivec4 ex; d = frexp(d, ex); e = ex; ivec4 ex2; f = frexp(f, ex2); e2 = ex2; }
