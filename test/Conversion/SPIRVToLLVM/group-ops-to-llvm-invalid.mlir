// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

spirv.func @subgroup_block_read(%ptr: !spirv.ptr<i32, CrossWorkgroup>) -> i32 "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.INTEL.SubgroupBlockRead' that was explicitly marked illegal: not lowered yet: the '__spirv_SubgroupBlockReadINTEL' builtin is mangled on its pointer's SPIR address space and pointee, which is not implemented}}
  %0 = spirv.INTEL.SubgroupBlockRead %ptr : !spirv.ptr<i32, CrossWorkgroup> -> i32
  spirv.ReturnValue %0 : i32
}

// -----

spirv.func @subgroup_block_write(%ptr: !spirv.ptr<i32, CrossWorkgroup>, %value: i32) "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.INTEL.SubgroupBlockWrite' that was explicitly marked illegal: not lowered yet: the '__spirv_SubgroupBlockWriteINTEL' builtin is mangled on its pointer's SPIR address space and pointee, which is not implemented}}
  spirv.INTEL.SubgroupBlockWrite "CrossWorkgroup" %ptr, %value : i32
  spirv.Return
}
