// SPV_INTEL_split_barrier (test/Runner/split-barrier.test): every
// invocation writes its slot of workgroup memory, arrives, waits, then
// reads its neighbour's slot.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, SplitBarrierINTEL], [SPV_KHR_storage_buffer_storage_class, SPV_INTEL_split_barrier]> {
  spirv.GlobalVariable @lid built_in("LocalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @shared : !spirv.ptr<!spirv.array<64 x i32>, Workgroup>
  spirv.GlobalVariable @out bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
  spirv.func @main() "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %mask = spirv.Constant 63 : i32
    %lid_ptr = spirv.mlir.addressof @lid : !spirv.ptr<vector<3xi32>, Input>
    %lid = spirv.Load "Input" %lid_ptr : vector<3xi32>
    %i = spirv.CompositeExtract %lid[0 : i32] : vector<3xi32>
    %shared = spirv.mlir.addressof @shared : !spirv.ptr<!spirv.array<64 x i32>, Workgroup>
    %mine = spirv.AccessChain %shared[%i] : !spirv.ptr<!spirv.array<64 x i32>, Workgroup>, i32 -> !spirv.ptr<i32, Workgroup>
    %value = spirv.IMul %i, %i : i32
    spirv.Store "Workgroup" %mine, %value : i32
    spirv.INTEL.ControlBarrierArrive <Workgroup> <Workgroup> <Release|WorkgroupMemory>
    spirv.INTEL.ControlBarrierWait <Workgroup> <Workgroup> <Acquire|WorkgroupMemory>
    %next = spirv.IAdd %i, %one : i32
    %wrapped = spirv.BitwiseAnd %next, %mask : i32
    %theirs = spirv.AccessChain %shared[%wrapped] : !spirv.ptr<!spirv.array<64 x i32>, Workgroup>, i32 -> !spirv.ptr<i32, Workgroup>
    %read = spirv.Load "Workgroup" %theirs : i32
    %out = spirv.mlir.addressof @out : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
    %slot = spirv.AccessChain %out[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    spirv.Store "StorageBuffer" %slot, %read : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @lid, @shared, @out
  spirv.ExecutionMode @main "LocalSize", 64, 1, 1
}
