//! Group operations over a whole workgroup: `__spirv_Group{IAdd, FAdd,
//! FMin, FMax, SMin, SMax, UMin, UMax}`, `__spirv_Group{I,F}MulKHR`,
//! `__spirv_GroupBitwise{And,Or,Xor}KHR` (the importer's expansion of
//! SPV_KHR_uniform_group_instructions, logical ones included) (with
//! `Reduce`, `InclusiveScan` or `ExclusiveScan`) and `__spirv_GroupBroadcast`:
//! OpenCL 2.0's `work_group_reduce_*`, `work_group_scan_*`,
//! `work_group_broadcast`, `work_group_all` and `work_group_any` (the
//! importer expresses the last two as unsigned min and max).
//!
//! Each invocation writes its value to its slot of a scratch array in
//! workgroup memory, waits at a workgroup barrier, computes its result from
//! the slots (all of them for a reduction, those before it for a scan, the
//! chosen one for a broadcast), and waits again, so that the next
//! collective may reuse the slots. The scratch array is a `Workgroup`
//! variable and the invocation's index and the workgroup size are built-in
//! variables: the kernel ABI gives them their per-workgroup and
//! per-invocation meaning and turns the barriers into suspend points
//! (docs/abi.md). With the subgroup scope (one invocation a subgroup) the
//! operation is the identity on the invocation's value, and needs neither.

use std::fmt::Write;

use crate::ir_text::Text;

/// The scratch array: one 8-byte slot per invocation of a workgroup.
pub(super) const SCRATCH: &str = "__spvabi_group_scratch";
const LOCAL_INDEX: &str = "__spvabi_group_local_index";
const WORKGROUP_SIZE: &str = "__spvabi_group_workgroup_size";
/// `__spirv_ControlBarrier(i32, i32, i32)`, which the kernel ABI handles.
const BARRIER: &str = "_Z22__spirv_ControlBarrieriii";
/// Workgroup execution and memory scope; acquire-release on workgroup memory.
const WORKGROUP_SCOPE: i64 = 2;
const WORKGROUP_MEMORY_ACQUIRE_RELEASE: i64 = 0x108;

/// How two values of a reduction or scan combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Combine {
    /// Integer addition (wrapping).
    IAdd,
    /// Integer multiplication (wrapping).
    IMul,
    /// Float addition.
    FAdd,
    /// Float multiplication.
    FMul,
    /// Float minimum (a NaN operand loses, as `fmin`).
    FMin,
    /// Float maximum.
    FMax,
    /// Signed minimum.
    SMin,
    /// Signed maximum.
    SMax,
    /// Unsigned minimum.
    UMin,
    /// Unsigned maximum.
    UMax,
    /// Bitwise and (SPV_KHR_uniform_group_instructions).
    BitwiseAnd,
    /// Bitwise or.
    BitwiseOr,
    /// Bitwise exclusive or.
    BitwiseXor,
}

/// A group operation this module defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collective {
    /// `(scope, group operation, value)`: a reduction or a scan.
    Reduce(Combine),
    /// `(scope, value, local id)`: the value of the invocation at local id.
    Broadcast,
}

/// The collective `base` (a demangled `__spirv_*` name) names.
pub fn collective(base: &str) -> Option<Collective> {
    let combine = match base.strip_prefix("__spirv_Group")? {
        "Broadcast" => return Some(Collective::Broadcast),
        "IAdd" => Combine::IAdd,
        "IMulKHR" => Combine::IMul,
        "FAdd" => Combine::FAdd,
        "FMulKHR" => Combine::FMul,
        "FMin" => Combine::FMin,
        "FMax" => Combine::FMax,
        "SMin" => Combine::SMin,
        "SMax" => Combine::SMax,
        "UMin" => Combine::UMin,
        "UMax" => Combine::UMax,
        "BitwiseAndKHR" => Combine::BitwiseAnd,
        "BitwiseOrKHR" => Combine::BitwiseOr,
        "BitwiseXorKHR" => Combine::BitwiseXor,
        _ => return None,
    };
    Some(Collective::Reduce(combine))
}

fn is_float(ty: &str) -> bool {
    matches!(ty, "f16" | "bf16" | "f32" | "f64")
}

fn integer_bits(ty: &str) -> Option<u32> {
    ty.strip_prefix('i').and_then(|bits| bits.parse().ok())
}

/// The identity of `combine` in type `ty`, as an `llvm.mlir.constant` value.
fn identity(text: &mut Text, combine: Combine, ty: &str) -> Result<String, String> {
    let float_bits = |positive_infinity: bool| -> Result<String, String> {
        let bits: u64 = match (ty, positive_infinity) {
            ("f16", true) => 0x7C00,
            ("f16", false) => 0xFC00,
            ("f32", true) => 0x7F80_0000,
            ("f32", false) => 0xFF80_0000,
            ("f64", true) => 0x7FF0_0000_0000_0000,
            ("f64", false) => 0xFFF0_0000_0000_0000,
            _ => return Err(format!("no infinity of type {ty}")),
        };
        Ok(format!("0x{bits:X} : {ty}"))
    };
    let value = match combine {
        Combine::FAdd => format!("0.0 : {ty}"),
        Combine::FMul => format!("1.0 : {ty}"),
        Combine::FMin => float_bits(true)?,
        Combine::FMax => float_bits(false)?,
        integer => {
            let bits = integer_bits(ty).ok_or_else(|| format!("an integer group operation on {ty}"))?;
            let value: i128 = match integer {
                Combine::IAdd | Combine::UMax | Combine::BitwiseOr | Combine::BitwiseXor => 0,
                Combine::IMul => 1,
                // All ones, as a signed value: the unsigned maximum.
                Combine::UMin | Combine::BitwiseAnd => -1,
                Combine::SMin => (1i128 << (bits - 1)) - 1,
                Combine::SMax => -(1i128 << (bits - 1)),
                _ => unreachable!("float combinations handled above"),
            };
            format!("{value} : {ty}")
        }
    };
    Ok(text.value(format!("llvm.mlir.constant({value}) : {ty}")))
}

fn combine(text: &mut Text, combine: Combine, a: &str, b: &str, ty: &str) -> String {
    let intrinsic = |text: &mut Text, name: &str| {
        text.value(format!("llvm.call_intrinsic \"llvm.{name}\"({a}, {b}) : ({ty}, {ty}) -> {ty}"))
    };
    match combine {
        Combine::IAdd => text.value(format!("llvm.add {a}, {b} : {ty}")),
        Combine::IMul => text.value(format!("llvm.mul {a}, {b} : {ty}")),
        Combine::FAdd => text.value(format!("llvm.fadd {a}, {b} : {ty}")),
        Combine::FMul => text.value(format!("llvm.fmul {a}, {b} : {ty}")),
        Combine::FMin => intrinsic(text, "minnum"),
        Combine::FMax => intrinsic(text, "maxnum"),
        Combine::SMin => intrinsic(text, "smin"),
        Combine::SMax => intrinsic(text, "smax"),
        Combine::UMin => intrinsic(text, "umin"),
        Combine::UMax => intrinsic(text, "umax"),
        Combine::BitwiseAnd => text.value(format!("llvm.and {a}, {b} : {ty}")),
        Combine::BitwiseOr => text.value(format!("llvm.or {a}, {b} : {ty}")),
        Combine::BitwiseXor => text.value(format!("llvm.xor {a}, {b} : {ty}")),
    }
}

/// The scratch array, the built-ins and the barrier the workgroup
/// definitions use, less the symbols the module has already.
pub fn workgroup_declarations(existing: &dyn Fn(&str) -> bool) -> String {
    let mut out = String::new();
    let interface = |storage_class: &str, built_in: Option<&str>| match built_in {
        Some(built_in) => {
            format!("spirv_abi.interface = {{built_in = \"{built_in}\", storage_class = \"{storage_class}\"}}")
        }
        None => format!("spirv_abi.interface = {{storage_class = \"{storage_class}\"}}"),
    };
    let globals = [
        (SCRATCH, interface("Workgroup", None), "!llvm.array<1024 x i64>"),
        (LOCAL_INDEX, interface("Input", Some("LocalInvocationIndex")), "i32"),
        (WORKGROUP_SIZE, interface("Input", Some("WorkgroupSize")), "vector<3xi32>"),
    ];
    for (name, interface, ty) in globals {
        if !existing(name) {
            let _ = writeln!(out, "  llvm.mlir.global internal @{name}() {{addr_space = 0 : i32, {interface}}} : {ty}");
        }
    }
    if !existing(BARRIER) {
        let _ = writeln!(out, "  llvm.func @{BARRIER}(i32, i32, i32) attributes {{convergent, no_unwind}}");
    }
    out
}

fn barrier(text: &mut Text) {
    let scope = text.i32(WORKGROUP_SCOPE);
    let semantics = text.i32(WORKGROUP_MEMORY_ACQUIRE_RELEASE);
    text.line(format!("llvm.call @{BARRIER}({scope}, {scope}, {semantics}) : (i32, i32, i32) -> ()"));
}

/// The invocation's index in its workgroup, and the workgroup's
/// invocations, as i64 values.
fn position(text: &mut Text) -> (String, String) {
    let index_address = text.value(format!("llvm.mlir.addressof @{LOCAL_INDEX} : !llvm.ptr"));
    let index = text.value(format!("llvm.load {index_address} : !llvm.ptr -> i32"));
    let index = text.zext(&index);
    let size_address = text.value(format!("llvm.mlir.addressof @{WORKGROUP_SIZE} : !llvm.ptr"));
    let size = text.value(format!("llvm.load {size_address} : !llvm.ptr -> vector<3xi32>"));
    let mut invocations = None;
    for axis in 0..3 {
        let lane = text.i32(axis);
        let extent = text.value(format!("llvm.extractelement {size}[{lane} : i32] : vector<3xi32>"));
        let extent = text.zext(&extent);
        invocations = Some(match invocations {
            None => extent,
            Some(product) => text.value(format!("llvm.mul {product}, {extent} : i64")),
        });
    }
    (index, invocations.unwrap_or_default())
}

fn slot(text: &mut Text, index: &str) -> String {
    let scratch = text.value(format!("llvm.mlir.addressof @{SCRATCH} : !llvm.ptr"));
    text.value(format!("llvm.getelementptr {scratch}[{index}] : (!llvm.ptr, i64) -> !llvm.ptr, i64"))
}

/// The definition of `name` (parameters `inputs`, result `result`, the
/// calling convention of its calls `convention`), over the workgroup when
/// `workgroup`, else over a subgroup of one invocation.
pub fn define(
    name: &str,
    collective: Collective,
    inputs: &[String],
    result: &str,
    workgroup: bool,
    convention: &str,
) -> Result<String, String> {
    if !(is_float(result) || integer_bits(result).is_some_and(|bits| bits <= 64)) {
        return Err(format!("group operations on {result} are not supported (scalars only)"));
    }
    let mut text = Text::new();
    let arguments: Vec<String> = (0..inputs.len()).map(|index| format!("%a{index}")).collect();
    let returned = match collective {
        Collective::Reduce(how) => {
            let [scope, operation, value] = arguments.as_slice() else {
                return Err("expected (scope, group operation, value)".into());
            };
            let zero = text.i32(0);
            let one = text.i32(1);
            let two = text.i32(2);
            let is_reduce = text.value(format!("llvm.icmp \"eq\" {operation}, {zero} : i32"));
            let is_inclusive = text.value(format!("llvm.icmp \"eq\" {operation}, {one} : i32"));
            let is_exclusive = text.value(format!("llvm.icmp \"eq\" {operation}, {two} : i32"));
            let known = text.value(format!("llvm.or {is_reduce}, {is_inclusive} : i1"));
            let known = text.value(format!("llvm.or {known}, {is_exclusive} : i1"));
            // Clustered reductions and the like are not group operations of these ops.
            text.line(format!("llvm.cond_br {known}, ^start, ^unknown"));
            text.label("unknown");
            let poison = text.value(format!("llvm.mlir.poison : {result}"));
            text.line(format!("llvm.return {poison} : {result}"));
            text.label("start");
            let start = identity(&mut text, how, result)?;
            if workgroup {
                subgroup_of_one(
                    &mut text,
                    scope,
                    |text| text.value(format!("llvm.select {is_exclusive}, {start}, {value} : i1, {result}")),
                    result,
                );
                let (index, invocations) = position(&mut text);
                let own = slot(&mut text, &index);
                text.line(format!("llvm.store {value}, {own} : {result}, !llvm.ptr"));
                barrier(&mut text);
                let next = text.i64(1);
                let after = text.value(format!("llvm.add {index}, {next} : i64"));
                let scan_end = text.value(format!("llvm.select {is_inclusive}, {after}, {index} : i1, i64"));
                let end = text.value(format!("llvm.select {is_reduce}, {invocations}, {scan_end} : i1, i64"));
                let first = text.i64(0);
                text.line(format!("llvm.br ^loop({first}, {start} : i64, {result})"));
                text.label(format!("loop(%i: i64, %acc: {result})"));
                let more = text.value(format!("llvm.icmp \"ult\" %i, {end} : i64"));
                text.line(format!("llvm.cond_br {more}, ^body, ^done"));
                text.label("body");
                let address = slot(&mut text, "%i");
                let element = text.value(format!("llvm.load {address} : !llvm.ptr -> {result}"));
                let combined = combine(&mut text, how, "%acc", &element, result);
                let step = text.i64(1);
                let next_index = text.value(format!("llvm.add %i, {step} : i64"));
                text.line(format!("llvm.br ^loop({next_index}, {combined} : i64, {result})"));
                text.label("done");
                barrier(&mut text);
                "%acc".to_owned()
            } else {
                text.value(format!("llvm.select {is_exclusive}, {start}, {value} : i1, {result}"))
            }
        }
        Collective::Broadcast => {
            let [scope, value, local_id] = arguments.as_slice() else {
                return Err("expected (scope, value, local id)".into());
            };
            if !workgroup {
                value.clone()
            } else {
                subgroup_of_one(&mut text, scope, |_| value.clone(), result);
                let id_type = &inputs[2];
                let (index, invocations) = position(&mut text);
                let own = slot(&mut text, &index);
                text.line(format!("llvm.store {value}, {own} : {result}, !llvm.ptr"));
                barrier(&mut text);
                let linear = linear_id(&mut text, local_id, id_type)?;
                // An id outside the workgroup (undefined in OpenCL) reads slot 0.
                let inside = text.value(format!("llvm.icmp \"ult\" {linear}, {invocations} : i64"));
                let first = text.i64(0);
                let chosen = text.value(format!("llvm.select {inside}, {linear}, {first} : i1, i64"));
                let address = slot(&mut text, &chosen);
                let broadcast = text.value(format!("llvm.load {address} : !llvm.ptr -> {result}"));
                barrier(&mut text);
                broadcast
            }
        }
    };
    text.line(format!("llvm.return {returned} : {result}"));
    let parameters: Vec<String> =
        arguments.iter().zip(inputs).map(|(argument, ty)| format!("{argument}: {ty}")).collect();
    Ok(format!(
        "  llvm.func linkonce_odr {convention} {}({}) -> {result} attributes {{no_unwind}} {{\n{}  }}\n",
        crate::ir_text::symbol(name),
        parameters.join(", "),
        text.out
    ))
}

/// A call with the subgroup scope (3) returns `own(text)` right away: a
/// subgroup has one invocation. The workgroup path follows.
fn subgroup_of_one(text: &mut Text, scope: &str, own: impl FnOnce(&mut Text) -> String, result: &str) {
    let subgroup = text.i32(3);
    let is_subgroup = text.value(format!("llvm.icmp \"eq\" {scope}, {subgroup} : i32"));
    text.line(format!("llvm.cond_br {is_subgroup}, ^subgroup, ^workgroup"));
    text.label("subgroup");
    let value = own(text);
    text.line(format!("llvm.return {value} : {result}"));
    text.label("workgroup");
}

/// The local id (a scalar, or a vector of 2 or 3 components, of 32- or
/// 64-bit integers) as a linear index: x + y·sx + z·sx·sy.
fn linear_id(text: &mut Text, id: &str, ty: &str) -> Result<String, String> {
    let widen = |text: &mut Text, value: &str, element: &str| -> Result<String, String> {
        Ok(match element {
            "i64" => value.to_owned(),
            "i32" => text.zext(value),
            other => return Err(format!("a local id of type {other}")),
        })
    };
    let Some(vector) = ty.strip_prefix("vector<").and_then(|rest| rest.strip_suffix('>')) else {
        return widen(text, id, ty);
    };
    let (count, element) = vector.split_once('x').ok_or_else(|| format!("a local id of type {ty}"))?;
    let count: i64 = count.parse().map_err(|_| format!("a local id of type {ty}"))?;
    let size_address = text.value(format!("llvm.mlir.addressof @{WORKGROUP_SIZE} : !llvm.ptr"));
    let size = text.value(format!("llvm.load {size_address} : !llvm.ptr -> vector<3xi32>"));
    let mut linear: Option<String> = None;
    let mut stride: Option<String> = None;
    for axis in 0..count.min(3) {
        let lane = text.i32(axis);
        let component = text.value(format!("llvm.extractelement {id}[{lane} : i32] : {ty}"));
        let component = widen(text, &component, element)?;
        let term = match &stride {
            None => component,
            Some(stride) => text.value(format!("llvm.mul {component}, {stride} : i64")),
        };
        linear = Some(match linear {
            None => term,
            Some(sum) => text.value(format!("llvm.add {sum}, {term} : i64")),
        });
        let extent = text.value(format!("llvm.extractelement {size}[{lane} : i32] : vector<3xi32>"));
        let extent = text.zext(&extent);
        stride = Some(match stride {
            None => extent,
            Some(stride) => text.value(format!("llvm.mul {stride}, {extent} : i64")),
        });
    }
    linear.ok_or_else(|| format!("a local id of type {ty}"))
}
