//! Group instructions the dialect has no op for (docs/import.md lists each):
//!
//! - SPV_KHR_uniform_group_instructions' `OpGroupBitwise{And,Or,Xor}KHR`:
//!   calls to the builtins `__spirv_GroupBitwise{And,Or,Xor}KHR(scope,
//!   operation, value)`, which `passes/src/builtins/collectives.rs` defines
//!   over a workgroup as the other `OpGroup*` reductions and scans;
//! - `OpGroupLogical{And,Or,Xor}KHR`: the same on the predicate as an `i32`
//!   0 or 1 (and, or and xor of such bits are the logical ones), compared
//!   with 0;
//! - `OpGroupNonUniformBallotBitExtract(value, index)`: bit `index` of the
//!   128-bit ballot, from its `index / 32`th word;
//! - `OpGroupNonUniformInverseBallot(value)`: the bit of the invocation's
//!   `SubgroupLocalInvocationId` (a built-in variable the importer adds);
//! - the quad operations, a quad being 4 consecutive subgroup invocations
//!   (`SubgroupLocalInvocationId / 4`, as Vulkan defines them):
//!   `OpGroupNonUniformQuadBroadcast(scope, value, index)` a
//!   `spirv.GroupNonUniformShuffle` from invocation `(id & ~3) | (index &
//!   3)`, `OpGroupNonUniformQuadSwap(scope, value, direction)` a
//!   `spirv.GroupNonUniformShuffleXor` with the mask `direction + 1`
//!   (horizontal 1, vertical 2, diagonal 3), and SPV_KHR_quad_control's
//!   `OpGroupNonUniformQuad{All,Any}KHR(predicate)` the quad's 4 bits of a
//!   `spirv.GroupNonUniformBallot` (of the negated predicate for `All`),
//!   which counts active invocations only, compared with 0;
//! - the derivatives of SPV_KHR/NV_compute_shader_derivatives (`OpDPdx`,
//!   `OpDPdy`, `OpFwidth` and their `Fine` and `Coarse` forms) over the same
//!   quads, lane bit 0 the horizontal neighbour and bit 1 the vertical one
//!   (`DerivativeGroupLinearKHR`: quads of 4 consecutive local indices):
//!   fine `dPdx = P[id | 1] - P[id & ~1]`, `dPdy = P[id | 2] - P[id & ~2]`,
//!   coarse the same differences of the quad's first row or column
//!   (`P[(id & ~3) + 1] - P[id & ~3]`, `P[(id & ~3) + 2] - P[id & ~3]`), each
//!   `P[j]` a `spirv.GroupNonUniformShuffle`; `OpDPdx` and `OpDPdy` are the
//!   fine ones; `Fwidth` is `|dPdx| + |dPdy|`;
//! - SPV_EXT/NV_shader_subgroup_partitioned: `OpGroupNonUniformPartitionEXT
//!   (value)` (formerly `...PartitionNV`) a call of the builtin
//!   `__spirv_GroupNonUniformPartitionEXT(value)`, and the arithmetic
//!   `OpGroupNonUniform*` reductions and scans with a partitioned group
//!   operation (`PartitionedReduce` 6, `PartitionedInclusiveScan` 7,
//!   `PartitionedExclusiveScan` 8, whose last operand is the partition's
//!   ballot, not a cluster size: the dialect's verifier wants a constant
//!   power of two there) calls of `__spirv_GroupNonUniform<Op>(scope,
//!   operation, value, ballot)`, the builtin the other group operations of
//!   that name lower to. The builtins define both for a subgroup of one,
//!   the SPMD vectorizer across the lanes (`spmd/subgroup.rs`).

use melior::ir::{
    Location, Type, Value, ValueLike,
    attribute::{FlatSymbolRefAttribute, StringAttribute, TypeAttribute},
    operation::OperationBuilder,
    r#type::IntegerType,
};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};

/// Opcodes this module imports.
pub(super) mod opcode {
    pub const GROUP_NON_UNIFORM_INVERSE_BALLOT: u16 = 340;
    pub const GROUP_NON_UNIFORM_BALLOT_BIT_EXTRACT: u16 = 341;
    pub const GROUP_NON_UNIFORM_QUAD_BROADCAST: u16 = 365;
    pub const GROUP_NON_UNIFORM_QUAD_SWAP: u16 = 366;
    pub const DPDX: u16 = 207;
    pub const FWIDTH_COARSE: u16 = 215;
    pub const GROUP_NON_UNIFORM_IADD: u16 = 349;
    pub const GROUP_NON_UNIFORM_LOGICAL_XOR: u16 = 364;
    pub const GROUP_NON_UNIFORM_PARTITION_EXT: u16 = 5296;
    pub const GROUP_NON_UNIFORM_QUAD_ALL_KHR: u16 = 5110;
    pub const GROUP_NON_UNIFORM_QUAD_ANY_KHR: u16 = 5111;
    pub const GROUP_BITWISE_AND_KHR: u16 = 6403;
    pub const GROUP_BITWISE_OR_KHR: u16 = 6404;
    pub const GROUP_BITWISE_XOR_KHR: u16 = 6405;
    pub const GROUP_LOGICAL_AND_KHR: u16 = 6406;
    pub const GROUP_LOGICAL_OR_KHR: u16 = 6407;
    pub const GROUP_LOGICAL_XOR_KHR: u16 = 6408;
}

/// Uniform group instruction -> the builtin computing it (on `i32` bits for
/// the logical ones), and whether its operand and result are booleans.
const UNIFORM_GROUP: &[(u16, &str, bool)] = &[
    (opcode::GROUP_BITWISE_AND_KHR, "__spirv_GroupBitwiseAndKHR", false),
    (opcode::GROUP_BITWISE_OR_KHR, "__spirv_GroupBitwiseOrKHR", false),
    (opcode::GROUP_BITWISE_XOR_KHR, "__spirv_GroupBitwiseXorKHR", false),
    (opcode::GROUP_LOGICAL_AND_KHR, "__spirv_GroupBitwiseAndKHR", true),
    (opcode::GROUP_LOGICAL_OR_KHR, "__spirv_GroupBitwiseOrKHR", true),
    (opcode::GROUP_LOGICAL_XOR_KHR, "__spirv_GroupBitwiseXorKHR", true),
];

/// The arithmetic non-uniform group operations (opcodes 349 to 364, in
/// order): the builtin's name after `__spirv_GroupNonUniform`.
const ARITHMETIC: [&str; 16] = [
    "IAdd",
    "FAdd",
    "IMul",
    "FMul",
    "SMin",
    "UMin",
    "FMin",
    "SMax",
    "UMax",
    "FMax",
    "BitwiseAnd",
    "BitwiseOr",
    "BitwiseXor",
    "LogicalAnd",
    "LogicalOr",
    "LogicalXor",
];

/// The partitioned group operations (`PartitionedReduceEXT`,
/// `PartitionedInclusiveScanEXT`, `PartitionedExclusiveScanEXT`).
const PARTITIONED: std::ops::RangeInclusive<u32> = 6..=8;

/// The symbol of the `SubgroupLocalInvocationId` variable the importer adds.
const LOCAL_ID_SYMBOL: &str = "__spirv_import_SubgroupLocalInvocationId";

/// Whether this module imports `opcode`.
pub(super) fn imports(opcode: u16) -> bool {
    matches!(
        opcode,
        opcode::GROUP_NON_UNIFORM_INVERSE_BALLOT
            | opcode::GROUP_NON_UNIFORM_BALLOT_BIT_EXTRACT
            | opcode::GROUP_NON_UNIFORM_QUAD_BROADCAST
            | opcode::GROUP_NON_UNIFORM_QUAD_SWAP
            | opcode::GROUP_NON_UNIFORM_QUAD_ALL_KHR
            | opcode::GROUP_NON_UNIFORM_QUAD_ANY_KHR
            | opcode::DPDX..=opcode::FWIDTH_COARSE
    )
        || UNIFORM_GROUP.iter().any(|(row, _, _)| *row == opcode)
        || opcode == opcode::GROUP_NON_UNIFORM_PARTITION_EXT
}

/// Whether this module imports `inst`: those of [`imports`], and the
/// arithmetic non-uniform group operations with a partitioned group
/// operation.
pub(super) fn imports_instruction(inst: &Inst<'_>) -> bool {
    imports(inst.opcode)
        || ((opcode::GROUP_NON_UNIFORM_IADD..=opcode::GROUP_NON_UNIFORM_LOGICAL_XOR).contains(&inst.opcode)
            && inst.words.get(3).is_some_and(|operation| PARTITIONED.contains(operation)))
}

impl<'c, 'w> Importer<'c, 'w> {
    /// One instruction of this module (see the module's documentation).
    pub(super) fn group_extension<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        let ty = self.mlir_type(inst, self.word(inst, 0)?)?;
        let value = match inst.opcode {
            opcode::GROUP_NON_UNIFORM_PARTITION_EXT => {
                let value = self.value(state, inst, self.word(inst, 2)?)?;
                self.call_builtin(state, inst, location, "__spirv_GroupNonUniformPartitionEXT", &[value], ty)?
            }
            arithmetic @ opcode::GROUP_NON_UNIFORM_IADD..=opcode::GROUP_NON_UNIFORM_LOGICAL_XOR => {
                // (scope, partitioned operation, value, ballot).
                let name = ARITHMETIC[usize::from(arithmetic - opcode::GROUP_NON_UNIFORM_IADD)];
                let scope = self.constant_u32(self.word(inst, 2)?).ok_or_else(|| {
                    inst.error(ErrorKind::Invalid("the execution scope is not an integer constant".into()))
                })?;
                // Invalid, not merely unsupported: the ballot is "a valid
                // partition of the active invocations in the subgroup", one
                // bit per subgroup invocation
                // (SPV_NV/EXT_shader_subgroup_partitioned), and the
                // GroupNonUniform arithmetic instructions' Execution scope
                // must be Subgroup (the unified SPIR-V specification; Vulkan
                // limits non-uniform group operations to Subgroup scope).
                if scope != 3 {
                    return Err(inst.error(ErrorKind::Invalid(format!(
                        "a partitioned group operation with execution scope {scope}: its ballot partitions the \
                         invocations of a subgroup, and the scope must be Subgroup (3)"
                    ))));
                }
                let operation = self.word(inst, 3)?;
                let value = self.value(state, inst, self.word(inst, 4)?)?;
                let ballot = self.value(state, inst, self.word(inst, 5)?)?;
                let scope = self.integer_constant(state, inst, location, 32, i64::from(scope))?;
                let operation = self.integer_constant(state, inst, location, 32, i64::from(operation))?;
                let builtin = format!("__spirv_GroupNonUniform{name}");
                self.call_builtin(state, inst, location, &builtin, &[scope, operation, value, ballot], ty)?
            }
            opcode::GROUP_NON_UNIFORM_BALLOT_BIT_EXTRACT => {
                let ballot = self.value(state, inst, self.word(inst, 3)?)?;
                let index = self.value(state, inst, self.word(inst, 4)?)?;
                self.ballot_bit(state, inst, location, ballot, index, ty)?
            }
            opcode::GROUP_NON_UNIFORM_INVERSE_BALLOT => {
                let ballot = self.value(state, inst, self.word(inst, 3)?)?;
                let index = self.subgroup_local_id(state, inst, location)?;
                self.ballot_bit(state, inst, location, ballot, index, ty)?
            }
            opcode::GROUP_NON_UNIFORM_QUAD_BROADCAST | opcode::GROUP_NON_UNIFORM_QUAD_SWAP => {
                let scope = self.constant_u32(self.word(inst, 2)?).ok_or_else(|| {
                    inst.error(ErrorKind::Invalid("the execution scope is not an integer constant".into()))
                })?;
                let scope = (self.id("execution_scope"), self.enum_attribute(inst, "scope", scope)?);
                let value = self.value(state, inst, self.word(inst, 3)?)?;
                let operand = self.value(state, inst, self.word(inst, 4)?)?;
                let operand = self.as_i32(state, inst, location, operand)?;
                let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
                let three = self.integer_constant(state, inst, location, 32, 3)?;
                self.added_capabilities.insert("GroupNonUniformShuffle");
                if inst.opcode == opcode::GROUP_NON_UNIFORM_QUAD_BROADCAST {
                    let id = self.subgroup_local_id(state, inst, location)?;
                    let not_three = self.integer_constant(state, inst, location, 32, !3)?;
                    let quad = self.emit(state, inst, location, "spirv.BitwiseAnd", &[id, not_three], &[], Some(i32_type))?;
                    let within =
                        self.emit(state, inst, location, "spirv.BitwiseAnd", &[operand, three], &[], Some(i32_type))?;
                    let source = self.emit(state, inst, location, "spirv.BitwiseOr", &[quad, within], &[], Some(i32_type))?;
                    self.emit(state, inst, location, "spirv.GroupNonUniformShuffle", &[value, source], &[scope], Some(ty))?
                } else {
                    let one = self.integer_constant(state, inst, location, 32, 1)?;
                    let mask = self.emit(state, inst, location, "spirv.IAdd", &[operand, one], &[], Some(i32_type))?;
                    let mask = self.emit(state, inst, location, "spirv.BitwiseAnd", &[mask, three], &[], Some(i32_type))?;
                    self.emit(state, inst, location, "spirv.GroupNonUniformShuffleXor", &[value, mask], &[scope], Some(ty))?
                }
            }
            opcode::GROUP_NON_UNIFORM_QUAD_ALL_KHR | opcode::GROUP_NON_UNIFORM_QUAD_ANY_KHR => {
                let mut predicate = self.value(state, inst, self.word(inst, 2)?)?;
                let all = inst.opcode == opcode::GROUP_NON_UNIFORM_QUAD_ALL_KHR;
                if all {
                    predicate = self.emit(state, inst, location, "spirv.LogicalNot", &[predicate], &[], Some(ty))?;
                }
                let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
                let ballot_type = self
                    .parse_type("vector<4xi32>")
                    .ok_or_else(|| inst.error(ErrorKind::Invalid("vector<4xi32>".into())))?;
                // Subgroup = 3.
                let scope = (self.id("execution_scope"), self.enum_attribute(inst, "scope", 3)?);
                let ballot =
                    self.emit(state, inst, location, "spirv.GroupNonUniformBallot", &[predicate], &[scope], Some(ballot_type))?;
                self.added_capabilities.insert("GroupNonUniformBallot");
                let id = self.subgroup_local_id(state, inst, location)?;
                let five = self.integer_constant(state, inst, location, 32, 5)?;
                let quad_shift = self.integer_constant(state, inst, location, 32, 28)?;
                let fifteen = self.integer_constant(state, inst, location, 32, 15)?;
                let zero = self.integer_constant(state, inst, location, 32, 0)?;
                let word_index =
                    self.emit(state, inst, location, "spirv.ShiftRightLogical", &[id, five], &[], Some(i32_type))?;
                let word = self.emit(
                    state,
                    inst,
                    location,
                    "spirv.VectorExtractDynamic",
                    &[ballot, word_index],
                    &[],
                    Some(i32_type),
                )?;
                let shift = self.emit(state, inst, location, "spirv.BitwiseAnd", &[id, quad_shift], &[], Some(i32_type))?;
                let moved = self.emit(state, inst, location, "spirv.ShiftRightLogical", &[word, shift], &[], Some(i32_type))?;
                let bits = self.emit(state, inst, location, "spirv.BitwiseAnd", &[moved, fifteen], &[], Some(i32_type))?;
                let compare = if all { "spirv.IEqual" } else { "spirv.INotEqual" };
                self.emit(state, inst, location, compare, &[bits, zero], &[], Some(ty))?
            }
            derivative @ opcode::DPDX..=opcode::FWIDTH_COARSE => {
                let value = self.value(state, inst, self.word(inst, 2)?)?;
                // 207-209 plain, 210-212 fine, 213-215 coarse; x, y, width.
                let coarse = derivative >= opcode::DPDX + 6;
                let which = (derivative - opcode::DPDX) % 3;
                let horizontal = self.quad_difference(state, inst, location, value, ty, 1, coarse)?;
                let vertical = self.quad_difference(state, inst, location, value, ty, 2, coarse)?;
                match which {
                    0 => horizontal,
                    1 => vertical,
                    _ => {
                        let h = self.emit(state, inst, location, "spirv.GL.FAbs", &[horizontal], &[], Some(ty))?;
                        let v = self.emit(state, inst, location, "spirv.GL.FAbs", &[vertical], &[], Some(ty))?;
                        self.emit(state, inst, location, "spirv.FAdd", &[h, v], &[], Some(ty))?
                    }
                }
            }
            uniform => {
                let &(_, builtin, logical) = UNIFORM_GROUP
                    .iter()
                    .find(|(row, _, _)| *row == uniform)
                    .ok_or_else(|| inst.error(ErrorKind::Invalid(format!("opcode {uniform}"))))?;
                let scope = self.constant_u32(self.word(inst, 2)?).ok_or_else(|| {
                    inst.error(ErrorKind::Invalid("the execution scope is not an integer constant".into()))
                })?;
                let operation = self.word(inst, 3)?;
                let mut operand = self.value(state, inst, self.word(inst, 4)?)?;
                let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
                if logical {
                    let one = self.integer_constant(state, inst, location, 32, 1)?;
                    let zero = self.integer_constant(state, inst, location, 32, 0)?;
                    operand =
                        self.emit(state, inst, location, "spirv.Select", &[operand, one, zero], &[], Some(i32_type))?;
                }
                let scope = self.integer_constant(state, inst, location, 32, i64::from(scope))?;
                let operation = self.integer_constant(state, inst, location, 32, i64::from(operation))?;
                let combined = self.call_builtin(
                    state,
                    inst,
                    location,
                    builtin,
                    &[scope, operation, operand],
                    operand.r#type(),
                )?;
                if logical {
                    let zero = self.integer_constant(state, inst, location, 32, 0)?;
                    self.emit(state, inst, location, "spirv.INotEqual", &[combined, zero], &[], Some(ty))?
                } else {
                    combined
                }
            }
        };
        self.define_value(state, inst, self.word(inst, 1)?, value)
    }

    /// Bit `index` of the ballot `ballot` (a `vector<4xi32>`): bit
    /// `index % 32` of word `index / 32`, as a `bool_type`.
    fn ballot_bit<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        ballot: Value<'c, 'b>,
        index: Value<'c, 'b>,
        bool_type: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
        let index = self.as_i32(state, inst, location, index)?;
        let five = self.integer_constant(state, inst, location, 32, 5)?;
        let low_bits = self.integer_constant(state, inst, location, 32, 31)?;
        let one = self.integer_constant(state, inst, location, 32, 1)?;
        let zero = self.integer_constant(state, inst, location, 32, 0)?;
        let word_index =
            self.emit(state, inst, location, "spirv.ShiftRightLogical", &[index, five], &[], Some(i32_type))?;
        let word =
            self.emit(state, inst, location, "spirv.VectorExtractDynamic", &[ballot, word_index], &[], Some(i32_type))?;
        let bit_index = self.emit(state, inst, location, "spirv.BitwiseAnd", &[index, low_bits], &[], Some(i32_type))?;
        let shifted =
            self.emit(state, inst, location, "spirv.ShiftRightLogical", &[word, bit_index], &[], Some(i32_type))?;
        let bit = self.emit(state, inst, location, "spirv.BitwiseAnd", &[shifted, one], &[], Some(i32_type))?;
        self.emit(state, inst, location, "spirv.INotEqual", &[bit, zero], &[], Some(bool_type))
    }

    /// The difference of `value` across a quad (4 consecutive subgroup
    /// invocations) along lane bit `bit` (1: horizontal, 2: vertical): from
    /// the invocation's own row or column, or the quad's first (`coarse`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn quad_difference<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        value: Value<'c, 'b>,
        ty: Type<'c>,
        bit: i64,
        coarse: bool,
    ) -> Result<Value<'c, 'b>> {
        let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
        // Subgroup = 3.
        let scope = (self.id("execution_scope"), self.enum_attribute(inst, "scope", 3)?);
        let id = self.subgroup_local_id(state, inst, location)?;
        let clear = self.integer_constant(state, inst, location, 32, if coarse { !3 } else { !bit })?;
        let low = self.emit(state, inst, location, "spirv.BitwiseAnd", &[id, clear], &[], Some(i32_type))?;
        let bit = self.integer_constant(state, inst, location, 32, bit)?;
        let high = self.emit(state, inst, location, "spirv.BitwiseOr", &[low, bit], &[], Some(i32_type))?;
        self.added_capabilities.insert("GroupNonUniformShuffle");
        let first = self.emit(state, inst, location, "spirv.GroupNonUniformShuffle", &[value, low], &[scope], Some(ty))?;
        let second =
            self.emit(state, inst, location, "spirv.GroupNonUniformShuffle", &[value, high], &[scope], Some(ty))?;
        self.emit(state, inst, location, "spirv.FSub", &[second, first], &[], Some(ty))
    }

    /// An integer operand (a lane index, a direction) as an `i32`.
    fn as_i32<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        value: Value<'c, 'b>,
    ) -> Result<Value<'c, 'b>> {
        let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
        let width = IntegerType::try_from(value.r#type())
            .map(|ty| ty.width())
            .map_err(|_| inst.error(ErrorKind::Invalid(format!("an index of type {}", value.r#type()))))?;
        if width == 32 {
            Ok(value)
        } else {
            self.emit(state, inst, location, "spirv.UConvert", &[value], &[], Some(i32_type))
        }
    }

    /// The invocation's `SubgroupLocalInvocationId`, loaded from a built-in
    /// `Input` variable the importer declares once.
    fn subgroup_local_id<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<Value<'c, 'b>> {
        let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
        let pointer_type = self
            .parse_type("!spirv.ptr<i32, Input>")
            .ok_or_else(|| inst.error(ErrorKind::Invalid("!spirv.ptr<i32, Input>".into())))?;
        if self.symbols.insert(LOCAL_ID_SYMBOL.to_owned()) {
            let variable = OperationBuilder::new("spirv.GlobalVariable", self.location(inst, None))
                .add_attributes(&[
                    (self.id("type"), TypeAttribute::new(pointer_type).into()),
                    (self.id("sym_name"), StringAttribute::new(self.context, LOCAL_ID_SYMBOL).into()),
                    (self.id("built_in"), StringAttribute::new(self.context, "SubgroupLocalInvocationId").into()),
                ])
                .build()
                .map_err(inst.invalid())?;
            self.module_ops.push(variable);
        }
        let address = OperationBuilder::new("spirv.mlir.addressof", location)
            .add_attributes(&[(self.id("variable"), FlatSymbolRefAttribute::new(self.context, LOCAL_ID_SYMBOL).into())])
            .add_results(&[pointer_type])
            .build();
        let address = self.append(inst, state.current(), address)?;
        let address: Value<'c, 'b> = address.result(0).map_err(inst.invalid())?.into();
        self.emit(state, inst, location, "spirv.Load", &[address], &[], Some(i32_type))
    }
}
