// Binary garbage is a located error; the unprintable line is not echoed.

// RUN: printf '\177ELF\002\001\001\000\000\000\n' > %t.bin
// RUN: not spirv-opt-rs %t.bin 2>&1 | FileCheck %s -DFILE=%t.bin

// CHECK: {{^}}[[FILE]]:1:1: error: unexpected character{{$}}
// CHECK-NOT: ELF
