

// CHECK-LABEL: llvm.funaccess_chain_padded_stride(%i: i32) "None" {
  %ptr = spirv.Variable : !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32, stride=16> [0]), Block>, Function>
  %zero = spirv.Constant 0 : i32
  // CHECK: llvm.gec @pointer_output(
spirv.func @pointer_output() "None" {
  // UNKNOWN-NEXT: %{{.*}ef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, Output>
  spirv.Return
}

