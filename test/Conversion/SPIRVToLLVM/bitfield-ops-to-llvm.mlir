// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

// Unlike upstream, every input SPIR-V defines (offset + count <= width) gives
// the defined result, never poison: no shift amount reaches the width except
// with count == 0, which a final llvm.select settles; BitFieldInsert also
// masks %insert to its count low bits. scripts/check-bitfield runs these
// sequences on every (offset, count) pair; see
// docs/conversion-manual/bitfield.md.

//===----------------------------------------------------------------------===//
// spirv.BitFieldInsert
//===----------------------------------------------------------------------===//

// The field mask is -1 >> (width - count), shifted by offset (upstream:
// ~(-1 << count) << offset, poison for count == width); the insert bits are
// merged into it as base ^ ((base ^ (insert << offset)) & field) (upstream
// ors in insert << offset unmasked); count == 0 selects base.
// CHECK-LABEL: @bitfield_insert_scalar_same_width
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[INSERT:.*]]: i32, %[[OFFSET:.*]]: i32, %[[COUNT:.*]]: i32)
spirv.func @bitfield_insert_scalar_same_width(%base: i32, %insert: i32, %offset: i32, %count: i32) -> i32 "None" {
  // CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(-1 : i32) : i32
  // CHECK-NEXT: %[[WIDTH:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[T0:.*]] = llvm.sub %[[WIDTH]], %[[COUNT]] : i32
  // CHECK-NEXT: %[[ONES:.*]] = llvm.lshr %[[MINUS_ONE]], %[[T0]] : i32
  // CHECK-NEXT: %[[FIELD:.*]] = llvm.shl %[[ONES]], %[[OFFSET]] : i32
  // CHECK-NEXT: %[[SHIFTED_INSERT:.*]] = llvm.shl %[[INSERT]], %[[OFFSET]] : i32
  // CHECK-NEXT: %[[DIFF:.*]] = llvm.xor %[[BASE]], %[[SHIFTED_INSERT]] : i32
  // CHECK-NEXT: %[[IN_FIELD:.*]] = llvm.and %[[DIFF]], %[[FIELD]] : i32
  // CHECK-NEXT: %[[INSERTED:.*]] = llvm.xor %[[BASE]], %[[IN_FIELD]] : i32
  // CHECK-NEXT: %[[IS_EMPTY:.*]] = llvm.icmp "eq" %[[COUNT]], %[[ZERO]] : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[IS_EMPTY]], %[[BASE]], %[[INSERTED]] : i1, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.BitFieldInsert %base, %insert, %offset, %count : i32, i32, i32
  spirv.ReturnValue %0 : i32
}

// -----

// Offset and count narrower than the base are zero-extended, offset first.
// CHECK-LABEL: @bitfield_insert_scalar_narrower
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[INSERT:.*]]: i32, %[[OFFSET:.*]]: i8, %[[COUNT:.*]]: i16)
spirv.func @bitfield_insert_scalar_narrower(%base: i32, %insert: i32, %offset: i8, %count: i16) -> i32 "None" {
  // CHECK-NEXT: %[[EXT_OFFSET:.*]] = llvm.zext %[[OFFSET]] : i8 to i32
  // CHECK-NEXT: %[[EXT_COUNT:.*]] = llvm.zext %[[COUNT]] : i16 to i32
  // CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(-1 : i32) : i32
  // CHECK-NEXT: %[[WIDTH:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[T0:.*]] = llvm.sub %[[WIDTH]], %[[EXT_COUNT]] : i32
  // CHECK-NEXT: %[[ONES:.*]] = llvm.lshr %[[MINUS_ONE]], %[[T0]] : i32
  // CHECK-NEXT: %[[FIELD:.*]] = llvm.shl %[[ONES]], %[[EXT_OFFSET]] : i32
  // CHECK-NEXT: %[[SHIFTED_INSERT:.*]] = llvm.shl %[[INSERT]], %[[EXT_OFFSET]] : i32
  // CHECK-NEXT: %[[DIFF:.*]] = llvm.xor %[[BASE]], %[[SHIFTED_INSERT]] : i32
  // CHECK-NEXT: %[[IN_FIELD:.*]] = llvm.and %[[DIFF]], %[[FIELD]] : i32
  // CHECK-NEXT: %[[INSERTED:.*]] = llvm.xor %[[BASE]], %[[IN_FIELD]] : i32
  // CHECK-NEXT: %[[IS_EMPTY:.*]] = llvm.icmp "eq" %[[EXT_COUNT]], %[[ZERO]] : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[IS_EMPTY]], %[[BASE]], %[[INSERTED]] : i1, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.BitFieldInsert %base, %insert, %offset, %count : i32, i8, i16
  spirv.ReturnValue %0 : i32
}

// -----

// Offset and count wider than the base are truncated.
// CHECK-LABEL: @bitfield_insert_scalar_wider
// CHECK-SAME: (%[[BASE:.*]]: i16, %[[INSERT:.*]]: i16, %[[OFFSET:.*]]: i32, %[[COUNT:.*]]: i64)
spirv.func @bitfield_insert_scalar_wider(%base: i16, %insert: i16, %offset: i32, %count: i64) -> i16 "None" {
  // CHECK-NEXT: %[[TRUNC_OFFSET:.*]] = llvm.trunc %[[OFFSET]] : i32 to i16
  // CHECK-NEXT: %[[TRUNC_COUNT:.*]] = llvm.trunc %[[COUNT]] : i64 to i16
  // CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(-1 : i16) : i16
  // CHECK-NEXT: %[[WIDTH:.*]] = llvm.mlir.constant(16 : i16) : i16
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i16) : i16
  // CHECK-NEXT: %[[T0:.*]] = llvm.sub %[[WIDTH]], %[[TRUNC_COUNT]] : i16
  // CHECK-NEXT: %[[ONES:.*]] = llvm.lshr %[[MINUS_ONE]], %[[T0]] : i16
  // CHECK-NEXT: %[[FIELD:.*]] = llvm.shl %[[ONES]], %[[TRUNC_OFFSET]] : i16
  // CHECK-NEXT: %[[SHIFTED_INSERT:.*]] = llvm.shl %[[INSERT]], %[[TRUNC_OFFSET]] : i16
  // CHECK-NEXT: %[[DIFF:.*]] = llvm.xor %[[BASE]], %[[SHIFTED_INSERT]] : i16
  // CHECK-NEXT: %[[IN_FIELD:.*]] = llvm.and %[[DIFF]], %[[FIELD]] : i16
  // CHECK-NEXT: %[[INSERTED:.*]] = llvm.xor %[[BASE]], %[[IN_FIELD]] : i16
  // CHECK-NEXT: %[[IS_EMPTY:.*]] = llvm.icmp "eq" %[[TRUNC_COUNT]], %[[ZERO]] : i16
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[IS_EMPTY]], %[[BASE]], %[[INSERTED]] : i1, i16
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.BitFieldInsert %base, %insert, %offset, %count : i16, i32, i64
  spirv.ReturnValue %0 : i16
}

// -----

// A vector base: offset and count are broadcast lane by lane, then extended
// (offset) or used as they are (count, already of the base width).
// CHECK-LABEL: @bitfield_insert_vector
// CHECK-SAME: (%[[BASE:.*]]: vector<2xi32>, %[[INSERT:.*]]: vector<2xi32>, %[[OFFSET:.*]]: i8, %[[COUNT:.*]]: i32)
spirv.func @bitfield_insert_vector(%base: vector<2xi32>, %insert: vector<2xi32>, %offset: i8, %count: i32) -> vector<2xi32> "None" {
  // CHECK-NEXT: %[[OFFSET_POISON:.*]] = llvm.mlir.poison : vector<2xi8>
  // CHECK-NEXT: %[[LANE0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[OFFSET0:.*]] = llvm.insertelement %[[OFFSET]], %[[OFFSET_POISON]][%[[LANE0]] : i32] : vector<2xi8>
  // CHECK-NEXT: %[[LANE1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[OFFSET1:.*]] = llvm.insertelement %[[OFFSET]], %[[OFFSET0]][%[[LANE1]] : i32] : vector<2xi8>
  // CHECK-NEXT: %[[EXT_OFFSET:.*]] = llvm.zext %[[OFFSET1]] : vector<2xi8> to vector<2xi32>
  // CHECK-NEXT: %[[COUNT_POISON:.*]] = llvm.mlir.poison : vector<2xi32>
  // CHECK-NEXT: %[[LANE0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[COUNT0:.*]] = llvm.insertelement %[[COUNT]], %[[COUNT_POISON]][%[[LANE0]] : i32] : vector<2xi32>
  // CHECK-NEXT: %[[LANE1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[VEC_COUNT:.*]] = llvm.insertelement %[[COUNT]], %[[COUNT0]][%[[LANE1]] : i32] : vector<2xi32>
  // CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(dense<-1> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[WIDTH:.*]] = llvm.mlir.constant(dense<32> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(dense<0> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[T0:.*]] = llvm.sub %[[WIDTH]], %[[VEC_COUNT]] : vector<2xi32>
  // CHECK-NEXT: %[[ONES:.*]] = llvm.lshr %[[MINUS_ONE]], %[[T0]] : vector<2xi32>
  // CHECK-NEXT: %[[FIELD:.*]] = llvm.shl %[[ONES]], %[[EXT_OFFSET]] : vector<2xi32>
  // CHECK-NEXT: %[[SHIFTED_INSERT:.*]] = llvm.shl %[[INSERT]], %[[EXT_OFFSET]] : vector<2xi32>
  // CHECK-NEXT: %[[DIFF:.*]] = llvm.xor %[[BASE]], %[[SHIFTED_INSERT]] : vector<2xi32>
  // CHECK-NEXT: %[[IN_FIELD:.*]] = llvm.and %[[DIFF]], %[[FIELD]] : vector<2xi32>
  // CHECK-NEXT: %[[INSERTED:.*]] = llvm.xor %[[BASE]], %[[IN_FIELD]] : vector<2xi32>
  // CHECK-NEXT: %[[IS_EMPTY:.*]] = llvm.icmp "eq" %[[VEC_COUNT]], %[[ZERO]] : vector<2xi32>
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[IS_EMPTY]], %[[BASE]], %[[INSERTED]] : vector<2xi1>, vector<2xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi32>
  %0 = spirv.BitFieldInsert %base, %insert, %offset, %count : vector<2xi32>, i8, i32
  spirv.ReturnValue %0 : vector<2xi32>
}

// -----

// Signed and unsigned operands. Upstream extends and broadcasts the
// unconverted `ui8`/`si64` values and fails to legalize.
// CHECK-LABEL: @bitfield_insert_signedness
// CHECK-SAME: (%[[BASE:.*]]: vector<2xi32>, %[[INSERT:.*]]: vector<2xi32>, %[[OFFSET:.*]]: i8, %[[COUNT:.*]]: i64)
spirv.func @bitfield_insert_signedness(%base: vector<2xsi32>, %insert: vector<2xsi32>, %offset: ui8, %count: si64) -> vector<2xsi32> "None" {
  // CHECK-NEXT: %[[OFFSET_POISON:.*]] = llvm.mlir.poison : vector<2xi8>
  // CHECK-NEXT: %[[LANE0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[OFFSET0:.*]] = llvm.insertelement %[[OFFSET]], %[[OFFSET_POISON]][%[[LANE0]] : i32] : vector<2xi8>
  // CHECK-NEXT: %[[LANE1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[OFFSET1:.*]] = llvm.insertelement %[[OFFSET]], %[[OFFSET0]][%[[LANE1]] : i32] : vector<2xi8>
  // CHECK-NEXT: %[[EXT_OFFSET:.*]] = llvm.zext %[[OFFSET1]] : vector<2xi8> to vector<2xi32>
  // CHECK-NEXT: %[[COUNT_POISON:.*]] = llvm.mlir.poison : vector<2xi64>
  // CHECK-NEXT: %[[LANE0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[COUNT0:.*]] = llvm.insertelement %[[COUNT]], %[[COUNT_POISON]][%[[LANE0]] : i32] : vector<2xi64>
  // CHECK-NEXT: %[[LANE1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[COUNT1:.*]] = llvm.insertelement %[[COUNT]], %[[COUNT0]][%[[LANE1]] : i32] : vector<2xi64>
  // CHECK-NEXT: %[[TRUNC_COUNT:.*]] = llvm.trunc %[[COUNT1]] : vector<2xi64> to vector<2xi32>
  // CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(dense<-1> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[WIDTH:.*]] = llvm.mlir.constant(dense<32> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(dense<0> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[T0:.*]] = llvm.sub %[[WIDTH]], %[[TRUNC_COUNT]] : vector<2xi32>
  // CHECK-NEXT: %[[ONES:.*]] = llvm.lshr %[[MINUS_ONE]], %[[T0]] : vector<2xi32>
  // CHECK-NEXT: %[[FIELD:.*]] = llvm.shl %[[ONES]], %[[EXT_OFFSET]] : vector<2xi32>
  // CHECK-NEXT: %[[SHIFTED_INSERT:.*]] = llvm.shl %[[INSERT]], %[[EXT_OFFSET]] : vector<2xi32>
  // CHECK-NEXT: %[[DIFF:.*]] = llvm.xor %[[BASE]], %[[SHIFTED_INSERT]] : vector<2xi32>
  // CHECK-NEXT: %[[IN_FIELD:.*]] = llvm.and %[[DIFF]], %[[FIELD]] : vector<2xi32>
  // CHECK-NEXT: %[[INSERTED:.*]] = llvm.xor %[[BASE]], %[[IN_FIELD]] : vector<2xi32>
  // CHECK-NEXT: %[[IS_EMPTY:.*]] = llvm.icmp "eq" %[[TRUNC_COUNT]], %[[ZERO]] : vector<2xi32>
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[IS_EMPTY]], %[[BASE]], %[[INSERTED]] : vector<2xi1>, vector<2xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi32>
  %0 = spirv.BitFieldInsert %base, %insert, %offset, %count : vector<2xsi32>, ui8, si64
  spirv.ReturnValue %0 : vector<2xsi32>
}

//===----------------------------------------------------------------------===//
// spirv.BitFieldSExtract
//===----------------------------------------------------------------------===//

// -----

// Upstream's sequence, then count == 0 selects 0 (there the ashr shifts by
// the width: poison upstream).
// CHECK-LABEL: @bitfield_sextract_scalar_same_width
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[OFFSET:.*]]: i32, %[[COUNT:.*]]: i32)
spirv.func @bitfield_sextract_scalar_same_width(%base: i32, %offset: i32, %count: i32) -> i32 "None" {
  // CHECK-NEXT: %[[SIZE:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[T0:.*]] = llvm.add %[[COUNT]], %[[OFFSET]] : i32
  // CHECK-NEXT: %[[T1:.*]] = llvm.sub %[[SIZE]], %[[T0]] : i32
  // CHECK-NEXT: %[[SHIFTED_LEFT:.*]] = llvm.shl %[[BASE]], %[[T1]] : i32
  // CHECK-NEXT: %[[T2:.*]] = llvm.add %[[OFFSET]], %[[T1]] : i32
  // CHECK-NEXT: %[[EXTRACTED:.*]] = llvm.ashr %[[SHIFTED_LEFT]], %[[T2]] : i32
  // CHECK-NEXT: %[[IS_EMPTY:.*]] = llvm.icmp "eq" %[[COUNT]], %[[ZERO]] : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[IS_EMPTY]], %[[ZERO]], %[[EXTRACTED]] : i1, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.BitFieldSExtract %base, %offset, %count : i32, i32, i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @bitfield_sextract_scalar_narrower_and_wider
// CHECK-SAME: (%[[BASE:.*]]: i16, %[[OFFSET:.*]]: i8, %[[COUNT:.*]]: i32)
spirv.func @bitfield_sextract_scalar_narrower_and_wider(%base: i16, %offset: i8, %count: i32) -> i16 "None" {
  // CHECK-NEXT: %[[EXT_OFFSET:.*]] = llvm.zext %[[OFFSET]] : i8 to i16
  // CHECK-NEXT: %[[TRUNC_COUNT:.*]] = llvm.trunc %[[COUNT]] : i32 to i16
  // CHECK-NEXT: %[[SIZE:.*]] = llvm.mlir.constant(16 : i16) : i16
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i16) : i16
  // CHECK-NEXT: %[[T0:.*]] = llvm.add %[[TRUNC_COUNT]], %[[EXT_OFFSET]] : i16
  // CHECK-NEXT: %[[T1:.*]] = llvm.sub %[[SIZE]], %[[T0]] : i16
  // CHECK-NEXT: %[[SHIFTED_LEFT:.*]] = llvm.shl %[[BASE]], %[[T1]] : i16
  // CHECK-NEXT: %[[T2:.*]] = llvm.add %[[EXT_OFFSET]], %[[T1]] : i16
  // CHECK-NEXT: %[[EXTRACTED:.*]] = llvm.ashr %[[SHIFTED_LEFT]], %[[T2]] : i16
  // CHECK-NEXT: %[[IS_EMPTY:.*]] = llvm.icmp "eq" %[[TRUNC_COUNT]], %[[ZERO]] : i16
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[IS_EMPTY]], %[[ZERO]], %[[EXTRACTED]] : i1, i16
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.BitFieldSExtract %base, %offset, %count : i16, i8, i32
  spirv.ReturnValue %0 : i16
}

// -----

// CHECK-LABEL: @bitfield_sextract_vector
// CHECK-SAME: (%[[BASE:.*]]: vector<2xi64>, %[[OFFSET:.*]]: i16, %[[COUNT:.*]]: i8)
spirv.func @bitfield_sextract_vector(%base: vector<2xi64>, %offset: i16, %count: i8) -> vector<2xi64> "None" {
  // CHECK-NEXT: %[[OFFSET_POISON:.*]] = llvm.mlir.poison : vector<2xi16>
  // CHECK-NEXT: %[[LANE0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[OFFSET0:.*]] = llvm.insertelement %[[OFFSET]], %[[OFFSET_POISON]][%[[LANE0]] : i32] : vector<2xi16>
  // CHECK-NEXT: %[[LANE1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[OFFSET1:.*]] = llvm.insertelement %[[OFFSET]], %[[OFFSET0]][%[[LANE1]] : i32] : vector<2xi16>
  // CHECK-NEXT: %[[EXT_OFFSET:.*]] = llvm.zext %[[OFFSET1]] : vector<2xi16> to vector<2xi64>
  // CHECK-NEXT: %[[COUNT_POISON:.*]] = llvm.mlir.poison : vector<2xi8>
  // CHECK-NEXT: %[[LANE0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[COUNT0:.*]] = llvm.insertelement %[[COUNT]], %[[COUNT_POISON]][%[[LANE0]] : i32] : vector<2xi8>
  // CHECK-NEXT: %[[LANE1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[COUNT1:.*]] = llvm.insertelement %[[COUNT]], %[[COUNT0]][%[[LANE1]] : i32] : vector<2xi8>
  // CHECK-NEXT: %[[EXT_COUNT:.*]] = llvm.zext %[[COUNT1]] : vector<2xi8> to vector<2xi64>
  // CHECK-NEXT: %[[SIZE:.*]] = llvm.mlir.constant(dense<64> : vector<2xi64>) : vector<2xi64>
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(dense<0> : vector<2xi64>) : vector<2xi64>
  // CHECK-NEXT: %[[T0:.*]] = llvm.add %[[EXT_COUNT]], %[[EXT_OFFSET]] : vector<2xi64>
  // CHECK-NEXT: %[[T1:.*]] = llvm.sub %[[SIZE]], %[[T0]] : vector<2xi64>
  // CHECK-NEXT: %[[SHIFTED_LEFT:.*]] = llvm.shl %[[BASE]], %[[T1]] : vector<2xi64>
  // CHECK-NEXT: %[[T2:.*]] = llvm.add %[[EXT_OFFSET]], %[[T1]] : vector<2xi64>
  // CHECK-NEXT: %[[EXTRACTED:.*]] = llvm.ashr %[[SHIFTED_LEFT]], %[[T2]] : vector<2xi64>
  // CHECK-NEXT: %[[IS_EMPTY:.*]] = llvm.icmp "eq" %[[EXT_COUNT]], %[[ZERO]] : vector<2xi64>
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[IS_EMPTY]], %[[ZERO]], %[[EXTRACTED]] : vector<2xi1>, vector<2xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi64>
  %0 = spirv.BitFieldSExtract %base, %offset, %count : vector<2xi64>, i16, i8
  spirv.ReturnValue %0 : vector<2xi64>
}

// -----

// Signed and unsigned operands (upstream fails to legalize them, as in
// @bitfield_insert_signedness).
// CHECK-LABEL: @bitfield_sextract_signedness
// CHECK-SAME: (%[[BASE:.*]]: vector<2xi16>, %[[OFFSET:.*]]: i8, %[[COUNT:.*]]: i16)
spirv.func @bitfield_sextract_signedness(%base: vector<2xsi16>, %offset: ui8, %count: si16) -> vector<2xsi16> "None" {
  // CHECK-NEXT: %[[OFFSET_POISON:.*]] = llvm.mlir.poison : vector<2xi8>
  // CHECK-NEXT: %[[LANE0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[OFFSET0:.*]] = llvm.insertelement %[[OFFSET]], %[[OFFSET_POISON]][%[[LANE0]] : i32] : vector<2xi8>
  // CHECK-NEXT: %[[LANE1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[OFFSET1:.*]] = llvm.insertelement %[[OFFSET]], %[[OFFSET0]][%[[LANE1]] : i32] : vector<2xi8>
  // CHECK-NEXT: %[[EXT_OFFSET:.*]] = llvm.zext %[[OFFSET1]] : vector<2xi8> to vector<2xi16>
  // CHECK-NEXT: %[[COUNT_POISON:.*]] = llvm.mlir.poison : vector<2xi16>
  // CHECK-NEXT: %[[LANE0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[COUNT0:.*]] = llvm.insertelement %[[COUNT]], %[[COUNT_POISON]][%[[LANE0]] : i32] : vector<2xi16>
  // CHECK-NEXT: %[[LANE1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[VEC_COUNT:.*]] = llvm.insertelement %[[COUNT]], %[[COUNT0]][%[[LANE1]] : i32] : vector<2xi16>
  // CHECK-NEXT: %[[SIZE:.*]] = llvm.mlir.constant(dense<16> : vector<2xi16>) : vector<2xi16>
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(dense<0> : vector<2xi16>) : vector<2xi16>
  // CHECK-NEXT: %[[T0:.*]] = llvm.add %[[VEC_COUNT]], %[[EXT_OFFSET]] : vector<2xi16>
  // CHECK-NEXT: %[[T1:.*]] = llvm.sub %[[SIZE]], %[[T0]] : vector<2xi16>
  // CHECK-NEXT: %[[SHIFTED_LEFT:.*]] = llvm.shl %[[BASE]], %[[T1]] : vector<2xi16>
  // CHECK-NEXT: %[[T2:.*]] = llvm.add %[[EXT_OFFSET]], %[[T1]] : vector<2xi16>
  // CHECK-NEXT: %[[EXTRACTED:.*]] = llvm.ashr %[[SHIFTED_LEFT]], %[[T2]] : vector<2xi16>
  // CHECK-NEXT: %[[IS_EMPTY:.*]] = llvm.icmp "eq" %[[VEC_COUNT]], %[[ZERO]] : vector<2xi16>
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[IS_EMPTY]], %[[ZERO]], %[[EXTRACTED]] : vector<2xi1>, vector<2xi16>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi16>
  %0 = spirv.BitFieldSExtract %base, %offset, %count : vector<2xsi16>, ui8, si16
  spirv.ReturnValue %0 : vector<2xsi16>
}

//===----------------------------------------------------------------------===//
// spirv.BitFieldUExtract
//===----------------------------------------------------------------------===//

// -----

// The mask is -1 >> (width - count) (upstream: ~(-1 << count), poison for
// count == width); count == 0, where offset may be the width, selects 0.
// CHECK-LABEL: @bitfield_uextract_scalar_same_width
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[OFFSET:.*]]: i32, %[[COUNT:.*]]: i32)
spirv.func @bitfield_uextract_scalar_same_width(%base: i32, %offset: i32, %count: i32) -> i32 "None" {
  // CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(-1 : i32) : i32
  // CHECK-NEXT: %[[WIDTH:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[T0:.*]] = llvm.sub %[[WIDTH]], %[[COUNT]] : i32
  // CHECK-NEXT: %[[MASK:.*]] = llvm.lshr %[[MINUS_ONE]], %[[T0]] : i32
  // CHECK-NEXT: %[[SHIFTED_BASE:.*]] = llvm.lshr %[[BASE]], %[[OFFSET]] : i32
  // CHECK-NEXT: %[[EXTRACTED:.*]] = llvm.and %[[SHIFTED_BASE]], %[[MASK]] : i32
  // CHECK-NEXT: %[[IS_EMPTY:.*]] = llvm.icmp "eq" %[[COUNT]], %[[ZERO]] : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[IS_EMPTY]], %[[ZERO]], %[[EXTRACTED]] : i1, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.BitFieldUExtract %base, %offset, %count : i32, i32, i32
  spirv.ReturnValue %0 : i32
}

// -----

// Unsigned operands (upstream fails to legalize them, as in
// @bitfield_insert_signedness).
// CHECK-LABEL: @bitfield_uextract_scalar_wider_and_narrower
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[OFFSET:.*]]: i64, %[[COUNT:.*]]: i8)
spirv.func @bitfield_uextract_scalar_wider_and_narrower(%base: ui32, %offset: ui64, %count: ui8) -> ui32 "None" {
  // CHECK-NEXT: %[[TRUNC_OFFSET:.*]] = llvm.trunc %[[OFFSET]] : i64 to i32
  // CHECK-NEXT: %[[EXT_COUNT:.*]] = llvm.zext %[[COUNT]] : i8 to i32
  // CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(-1 : i32) : i32
  // CHECK-NEXT: %[[WIDTH:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[T0:.*]] = llvm.sub %[[WIDTH]], %[[EXT_COUNT]] : i32
  // CHECK-NEXT: %[[MASK:.*]] = llvm.lshr %[[MINUS_ONE]], %[[T0]] : i32
  // CHECK-NEXT: %[[SHIFTED_BASE:.*]] = llvm.lshr %[[BASE]], %[[TRUNC_OFFSET]] : i32
  // CHECK-NEXT: %[[EXTRACTED:.*]] = llvm.and %[[SHIFTED_BASE]], %[[MASK]] : i32
  // CHECK-NEXT: %[[IS_EMPTY:.*]] = llvm.icmp "eq" %[[EXT_COUNT]], %[[ZERO]] : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[IS_EMPTY]], %[[ZERO]], %[[EXTRACTED]] : i1, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.BitFieldUExtract %base, %offset, %count : ui32, ui64, ui8
  spirv.ReturnValue %0 : ui32
}

// -----

// CHECK-LABEL: @bitfield_uextract_vector
// CHECK-SAME: (%[[BASE:.*]]: vector<3xi8>, %[[OFFSET:.*]]: i16, %[[COUNT:.*]]: i64)
spirv.func @bitfield_uextract_vector(%base: vector<3xi8>, %offset: i16, %count: i64) -> vector<3xi8> "None" {
  // CHECK-NEXT: %[[OFFSET_POISON:.*]] = llvm.mlir.poison : vector<3xi16>
  // CHECK-NEXT: %[[LANE0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[OFFSET0:.*]] = llvm.insertelement %[[OFFSET]], %[[OFFSET_POISON]][%[[LANE0]] : i32] : vector<3xi16>
  // CHECK-NEXT: %[[LANE1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[OFFSET1:.*]] = llvm.insertelement %[[OFFSET]], %[[OFFSET0]][%[[LANE1]] : i32] : vector<3xi16>
  // CHECK-NEXT: %[[LANE2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: %[[OFFSET2:.*]] = llvm.insertelement %[[OFFSET]], %[[OFFSET1]][%[[LANE2]] : i32] : vector<3xi16>
  // CHECK-NEXT: %[[TRUNC_OFFSET:.*]] = llvm.trunc %[[OFFSET2]] : vector<3xi16> to vector<3xi8>
  // CHECK-NEXT: %[[COUNT_POISON:.*]] = llvm.mlir.poison : vector<3xi64>
  // CHECK-NEXT: %[[LANE0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[COUNT0:.*]] = llvm.insertelement %[[COUNT]], %[[COUNT_POISON]][%[[LANE0]] : i32] : vector<3xi64>
  // CHECK-NEXT: %[[LANE1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[COUNT1:.*]] = llvm.insertelement %[[COUNT]], %[[COUNT0]][%[[LANE1]] : i32] : vector<3xi64>
  // CHECK-NEXT: %[[LANE2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: %[[COUNT2:.*]] = llvm.insertelement %[[COUNT]], %[[COUNT1]][%[[LANE2]] : i32] : vector<3xi64>
  // CHECK-NEXT: %[[TRUNC_COUNT:.*]] = llvm.trunc %[[COUNT2]] : vector<3xi64> to vector<3xi8>
  // CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(dense<-1> : vector<3xi8>) : vector<3xi8>
  // CHECK-NEXT: %[[WIDTH:.*]] = llvm.mlir.constant(dense<8> : vector<3xi8>) : vector<3xi8>
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(dense<0> : vector<3xi8>) : vector<3xi8>
  // CHECK-NEXT: %[[T0:.*]] = llvm.sub %[[WIDTH]], %[[TRUNC_COUNT]] : vector<3xi8>
  // CHECK-NEXT: %[[MASK:.*]] = llvm.lshr %[[MINUS_ONE]], %[[T0]] : vector<3xi8>
  // CHECK-NEXT: %[[SHIFTED_BASE:.*]] = llvm.lshr %[[BASE]], %[[TRUNC_OFFSET]] : vector<3xi8>
  // CHECK-NEXT: %[[EXTRACTED:.*]] = llvm.and %[[SHIFTED_BASE]], %[[MASK]] : vector<3xi8>
  // CHECK-NEXT: %[[IS_EMPTY:.*]] = llvm.icmp "eq" %[[TRUNC_COUNT]], %[[ZERO]] : vector<3xi8>
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[IS_EMPTY]], %[[ZERO]], %[[EXTRACTED]] : vector<3xi1>, vector<3xi8>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi8>
  %0 = spirv.BitFieldUExtract %base, %offset, %count : vector<3xi8>, i16, i64
  spirv.ReturnValue %0 : vector<3xi8>
}
