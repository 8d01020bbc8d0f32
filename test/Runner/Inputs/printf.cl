// OpenCL C printf (test/Runner/printf.test): every work-item prints a line
// of integer, float, string, character and hexadecimal conversions and
// stores printf's result (0 on success).
kernel void print(global const int *x, global int *result) {
  int i = (int)get_global_id(0);
  result[i] = printf("item %d: %d %.3f %s %c %#x %ld\n", i, x[i] * 10, x[i] / 4.0f, i % 2 ? "odd" : "even",
                     'a' + i, 255 + i, (long)x[i] << 40);
}
