//! SPMD vectorization of barrier-free entry points (docs/abi.md, "SPMD
//! vectorization") and of the steps of regions of entry points with
//! barriers (docs/abi.md, "Regions as vector lanes"), on LLVM IR after the
//! kernel ABI.
//!
//! A step `__spvabi_E.step.R(..., x, y, z, x_end)` has the invocation
//! function's shape and runs region R of invocation (x, y, z) if its state
//! says so, returning its new state: vectorized like an invocation
//! function, it returns the lowest state of its lanes instead of the width,
//! and `__spvabi_E.region_width` gets the width. All steps of an entry
//! point are vectorized at one width or none is.
//!
//! `__spvabi_E.invocations(..., x, y, z, x_end)` runs invocation (x, y, z)
//! and returns 1. This rewrites it to run `width` invocations at once, x to
//! x + width - 1, one per vector lane (lanes at or past `x_end` masked off),
//! and to return `width`: the workgroup function's loop then steps by it.
//! LLVM's loop vectorizer already widens invocation loops whose body it can
//! if-convert; a kernel with a loop of its own (a data-dependent trip count,
//! as Mandelbrot's) it cannot, and that is where this earns its keep.
//!
//! How (whole-function vectorization with masks, as lavapipe and ISPC do it):
//! - a value is *uniform* (one scalar for every lane) when it depends only on
//!   the dispatch, the workgroup, y, z and constants; the rest is *varying*,
//!   a vector per component (a per-invocation `<2 x float>` becomes two
//!   `<W x float>`);
//! - control flow is linearized: every block runs under a lane mask (the
//!   lanes that would have reached it), branches become masks, phis become
//!   selects on the incoming edges' masks;
//! - a loop stays a loop, run while any lane is still in it; each exit edge
//!   accumulates the lanes that took it and, per lane, the values it carried
//!   (LCSSA phis), captured in the iteration the lane left;
//! - memory: varying addresses become masked loads and stores when the lanes'
//!   addresses are consecutive (checked at run time), masked gathers and
//!   scatters otherwise; uniform loads and stores in blocks not every lane
//!   reaches run only when some lane does; a load through a per-lane pick of
//!   two uniform addresses loads each where some lane picks it
//!   (`load_either`); divisors of masked-off lanes become 1;
//! - the host's device-range query runs only for the lanes of the mask, and
//!   not at all under an empty one (`emit_masked_query`).
//!
//! - atomics and volatile accesses run lane by lane, in lane order, each
//!   under its lane's mask bit (`spmd/subgroup.rs`); so do calls with side
//!   effects in a function using subgroups;
//! - {value, flag} pairs and `llvm.frexp`'s {fraction, exponent} stay in
//!   lanes field by field; irreducible cycles are made natural loops by the
//!   preparing passes (`fix-irreducible`);
//! - the lanes are a subgroup: subgroup operations are computed across the
//!   block's active lanes (`spmd/subgroup.rs`, docs/abi.md "Subgroups").
//!
//! Anything else (allocas that SROA could not remove, calls that are not
//! pure in a function without subgroups, other aggregates) leaves the
//! function scalar:
//! vectorization is an optimization, never a requirement (and a kernel that
//! uses subgroups then has subgroups of one invocation).

use std::collections::{HashMap, HashSet};

use inkwell::{
    FloatPredicate, IntPredicate,
    attributes::{Attribute, AttributeLoc},
    basic_block::BasicBlock,
    builder::{Builder, BuilderError},
    context::ContextRef,
    intrinsics::Intrinsic,
    module::Module,
    passes::PassBuilderOptions,
    targets::TargetMachine,
    types::{BasicType, BasicTypeEnum, IntType, VectorType},
    values::{
        AnyValue, AsValueRef, BasicMetadataValueEnum, BasicValue, BasicValueEnum, CallSiteValue, FunctionValue,
        InstructionOpcode as Op, InstructionValue, IntValue, Operand, PhiValue, VectorValue,
    },
};
use spirv_opt_rs::llvm as llvm_edge;
use thiserror::Error;

mod clamped;
mod rendezvous;
mod subgroup;
mod versions;
pub use rendezvous::{rendezvous_sites, rendezvous_site_entry};
use subgroup::{SubgroupOp, subgroup_call, subgroup_op};

/// Lanes per vector: 8 is one AVX2 register of f32 or i32 (lavapipe's
/// width); LLVM splits wider types over several registers.
pub const DEFAULT_WIDTH: u32 = 8;

/// Which barrier-free entry points are vectorized.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpmdMode {
    /// None: one invocation at a time, as before.
    Off,
    /// Those whose invocation has a loop of its own (the default: LLVM's loop
    /// vectorizer handles loop-free bodies well on its own).
    Loops,
    /// Every one the vectorizer supports (tests).
    Always,
}

impl std::str::FromStr for SpmdMode {
    type Err = String;

    /// `off`, `loops` or `always` (the tools' `--spmd`).
    fn from_str(text: &str) -> std::result::Result<Self, String> {
        match text {
            "off" => Ok(Self::Off),
            "loops" => Ok(Self::Loops),
            "always" => Ok(Self::Always),
            other => Err(format!("'{other}' is not off, loops or always")),
        }
    }
}

/// Whether `width` lanes is a width the vectorizer takes: a power of two
/// from 2 to 64.
pub fn valid_width(width: u32) -> bool {
    width.is_power_of_two() && (2..=64).contains(&width)
}

/// What [`vectorize_invocations`] does.
#[derive(Debug, Clone, Copy)]
pub struct SpmdOptions {
    /// Which entry points.
    pub mode: SpmdMode,
    /// Invocations per call (a power of two, 2 to 64).
    pub width: u32,
    /// The subgroup size asked for (docs/abi.md, "Subgroups"): `None`, the
    /// lanes of a function using subgroups when the vectorizer takes it
    /// (any mode but `Off`; the width, narrowed to the workgroup's constant
    /// x size), else 1; `Some(1)`, functions using subgroups stay scalar;
    /// `Some(n)` (a valid width), they run exactly n lanes wide, whatever
    /// the mode, or their outcome says why not.
    pub subgroup_size: Option<u32>,
}

impl Default for SpmdOptions {
    fn default() -> Self {
        Self { mode: SpmdMode::Loops, width: DEFAULT_WIDTH, subgroup_size: None }
    }
}

/// Why a function stays scalar, or why the module could not be prepared.
#[derive(Debug, Error)]
pub enum SpmdError {
    /// Something the vectorizer does not handle; the function stays scalar.
    #[error("not vectorized: {0}")]
    Unsupported(String),
    /// LLVM refused a step (the preparing pass pipeline, building IR).
    #[error("LLVM: {0}")]
    Llvm(String),
}

impl From<BuilderError> for SpmdError {
    fn from(error: BuilderError) -> Self {
        Self::Llvm(error.to_string())
    }
}

type Result<T> = std::result::Result<T, SpmdError>;

fn unsupported<T>(what: impl Into<String>) -> Result<T> {
    Err(SpmdError::Unsupported(what.into()))
}

/// What happened to one `__spvabi_E.invocations`.
#[derive(Debug)]
pub struct SpmdOutcome {
    /// The function's name.
    pub function: String,
    /// `Ok(lanes)` when it now runs that many invocations per call (the
    /// width, or less for a narrower workgroup), else why not.
    pub result: std::result::Result<u32, String>,
    /// Whether it uses subgroup operations or built-ins: its subgroups are
    /// then `subgroup_size` invocations (1 when it stays scalar).
    pub subgroups: bool,
    /// The subgroup size its invocations see when it runs as lanes: the
    /// lanes, or the size asked for when the lanes were capped at a
    /// workgroup narrower than it ([`capped_lanes`]: one partial
    /// subgroup); 1 when it stays scalar.
    pub subgroup_size: u32,
}

/// The lanes that run a function using subgroups whose size `size` was
/// asked for, in workgroups of a constant `invocations` (its local-index
/// loop's end, when known): `size`, or, when the workgroup has fewer
/// invocations, the narrowest power of two (at least 2) that holds them.
/// The lanes past the workgroup would always be off: the workgroup is one
/// partial subgroup of `size` either way, and every subgroup operation
/// gives the same on its active lanes (indexes wrap modulo a power of two
/// that divides `size`; the subgroup's bits and `SubgroupSize` are still
/// `size`'s: subgroup.rs). ggml's flash attention at a 1-wide workgroup
/// and `--subgroup-size 8` compiled 8 lanes of which 7 were always off.
pub fn capped_lanes(size: u32, invocations: Option<u64>) -> u32 {
    match invocations {
        Some(count) if count < u64::from(size) => (count.max(2).next_power_of_two() as u32).min(size),
        _ => size,
    }
}

/// Whether `name` is a function computing a subgroup operation across the
/// subgroup's invocations (not the subgroup size).
pub(super) fn is_subgroup_operation(name: &str) -> bool {
    subgroup_op(name).is_some_and(|op| op != SubgroupOp::Size)
}

/// Whether `module` has a function computing a subgroup operation or the
/// subgroup size (what the vectorizer computes across lanes).
pub fn uses_subgroups(module: &Module<'_>) -> bool {
    module.get_functions().any(|function| {
        function.get_basic_block_iter().any(|block| block.get_instructions().any(|instruction| subgroup_scoped(instruction).is_some()))
    })
}

/// The subgroup operation (or size) `instruction` calls for, unless it is
/// a collective with a constant workgroup scope.
fn subgroup_scoped(instruction: InstructionValue<'_>) -> Option<SubgroupOp> {
    let op = subgroup_call(instruction)?;
    let scope = match instruction.get_operand(0) {
        Some(Operand::Value(BasicValueEnum::IntValue(scope))) => scope.get_zero_extended_constant(),
        _ => None,
    };
    scope.is_none_or(|scope| scope == 3 || op == SubgroupOp::Ballot).then_some(op)
}

/// The passes that put an invocation function in the form the vectorizer
/// reads: everything inlined, promoted to SSA, switches lowered to branches,
/// per-invocation vectors split into scalars, irreducible cycles made
/// natural loops (`fix-irreducible`: an OpenCL C `goto` into a loop), loops
/// in simplified and LCSSA form.
const PREPARE: &str = "always-inline,function(sroa<modify-cfg>,early-cse<memssa>,gvn,instcombine<no-verify-fixpoint>,\
simplifycfg,sroa<modify-cfg>,instcombine<no-verify-fixpoint>,loop-mssa(licm),scalarizer<load-store>,\
instcombine<no-verify-fixpoint>,lower-switch,fix-irreducible,loop-simplify,lcssa)";

/// Vectorizes the `__spvabi_E.invocations` functions of `module` (the kernel
/// ABI's barrier-free entry points) as `options` say; run before LLVM's
/// optimization pipeline. Functions it cannot vectorize stay as they were
/// (their outcome says why).
///
/// # Errors
///
/// [`SpmdError::Llvm`] when LLVM refuses the preparing passes.
pub fn vectorize_invocations(
    module: &Module<'_>,
    machine: &TargetMachine,
    options: SpmdOptions,
) -> Result<Vec<SpmdOutcome>> {
    // Done already where the regions were formed (a no-op then).
    super::loop_exits::reconverge(module).map_err(SpmdError::Llvm)?;
    let targets: Vec<FunctionValue<'_>> = module
        .get_functions()
        .filter(|function| {
            let name = function.get_name().to_string_lossy();
            name.starts_with("__spvabi_")
                && (name.ends_with(".invocations") || step_entry(&name).is_some() || rendezvous_site_entry(&name).is_some())
                && function.count_basic_blocks() > 0
        })
        .collect();
    let sized = options.subgroup_size.is_some_and(|size| size > 1);
    if targets.is_empty() || (options.mode == SpmdMode::Off && !sized) {
        return Ok(Vec::new());
    }
    if !valid_width(options.width) {
        return unsupported(format!("width {} (a power of two from 2 to 64)", options.width));
    }
    let context = module.get_context();
    let kind = Attribute::get_named_enum_kind_id;
    let (noinline, alwaysinline, optnone) = (kind("noinline"), kind("alwaysinline"), kind("optnone"));
    let flag = |id: u32| context.create_enum_attribute(id, 0);

    // The prepared form for the invocation functions and what they call,
    // and nothing else: the other functions (workgroup functions,
    // coroutines) are shielded with optnone for the time of the passes.
    let reachable = callees(&targets);
    let mut shielded = Vec::new();
    let mut subgroup_functions = Vec::new();
    for function in module.get_functions().filter(|function| function.count_basic_blocks() > 0) {
        if targets.contains(&function) {
            function.add_attribute(AttributeLoc::Function, flag(noinline));
        } else if subgroup_op(&function.get_name().to_string_lossy()).is_some() {
            // Calls the vectorizer computes across lanes (subgroup.rs).
            let had_alwaysinline = function.get_enum_attribute(AttributeLoc::Function, alwaysinline).is_some();
            function.remove_enum_attribute(AttributeLoc::Function, alwaysinline);
            function.add_attribute(AttributeLoc::Function, flag(noinline));
            subgroup_functions.push((function.get_name().to_owned(), had_alwaysinline));
        } else if reachable.contains(&function) {
            function.remove_enum_attribute(AttributeLoc::Function, noinline);
            function.add_attribute(AttributeLoc::Function, flag(alwaysinline));
        } else if function.get_enum_attribute(AttributeLoc::Function, optnone).is_none() {
            let had_noinline = function.get_enum_attribute(AttributeLoc::Function, noinline).is_some();
            function.add_attribute(AttributeLoc::Function, flag(optnone));
            function.add_attribute(AttributeLoc::Function, flag(noinline));
            shielded.push((function.get_name().to_owned(), had_noinline));
        }
    }
    let prepared = module.run_passes(PREPARE, machine, PassBuilderOptions::create());
    // By name: the passes may have deleted a function nothing called.
    for (name, had_noinline) in shielded {
        let Some(function) = name.to_str().ok().and_then(|name| module.get_function(name)) else {
            tracing::debug!(?name, "deleted by the preparing passes");
            continue;
        };
        function.remove_enum_attribute(AttributeLoc::Function, optnone);
        if !had_noinline {
            function.remove_enum_attribute(AttributeLoc::Function, noinline);
        }
    }
    prepared.map_err(|error| SpmdError::Llvm(error.to_string()))?;
    // What the vectorizer leaves of the subgroup functions' calls runs in
    // subgroups of one: inlined as the builtins defined them.
    let restore_subgroup_functions = || {
        for (name, had_alwaysinline) in &subgroup_functions {
            let Some(function) = name.to_str().ok().and_then(|name| module.get_function(name)) else { continue };
            function.remove_enum_attribute(AttributeLoc::Function, noinline);
            if *had_alwaysinline {
                function.add_attribute(AttributeLoc::Function, flag(alwaysinline));
            }
        }
    };

    let mut outcomes = Vec::new();
    let names: Vec<String> =
        targets.iter().map(|function| function.get_name().to_string_lossy().into_owned()).collect();
    let mut steps: Vec<(String, Vec<String>)> = Vec::new();
    for name in names {
        if let Some(entry) = step_entry(&name) {
            match steps.iter_mut().find(|(known, _)| *known == entry) {
                Some((_, names)) => names.push(name),
                None => steps.push((entry.to_owned(), vec![name])),
            }
            continue;
        }
        let Some(function) = module.get_function(&name) else { continue };
        function.remove_enum_attribute(AttributeLoc::Function, noinline);
        // (A shape the analysis refuses is left to the vectorizer to refuse.)
        // Loops whose exits do not depend on the invocation (blur's 5x5
        // taps) are fully unrolled when their trip counts are constants
        // and the result is not too big: the straight-line body is then
        // the vectorizer's. Otherwise they are LLVM's, which widens the
        // invocation loop around them where it can, where the vectorizer
        // would run them with a counter per lane.
        let uniform_loops = Cfg::new(function).is_ok_and(|cfg| cfg.has_loop() && !has_divergent_loop(function, &cfg));
        let unrolled = uniform_loops
            && options.mode != SpmdMode::Off
            && super::unroll::unroll_constant_loops(module, function, machine).map_err(SpmdError::Llvm)?;
        let loop_free = !unrolled && Cfg::new(function).is_ok_and(|cfg| !cfg.has_loop() || !has_divergent_loop(function, &cfg));
        let subgroups = calls_subgroup_functions(function);
        // No wider than the workgroup's x size when the workgroup function
        // passes a constant one: lanes past it would only be masked off.
        // A subgroup size asked for is kept, whatever the workgroup.
        let narrowed = |width: u32| match constant_x_size(function) {
            Some(size) if size < u64::from(width) => 1 << size.max(1).ilog2(),
            _ => width,
        };
        // A size asked for, at fewer lanes for a narrower workgroup (not
        // a rendezvous's resolver: its lanes are the S invocations met).
        let mut size_asked = None;
        let (wanted, width) = match (subgroups, options.subgroup_size) {
            (true, Some(1)) => (Err("subgroups of one invocation asked for".to_owned()), 1),
            (true, Some(size)) if rendezvous_site_entry(&name).is_none() => {
                size_asked = Some(size);
                (Ok(()), capped_lanes(size, constant_x_size(function)))
            }
            (true, Some(size)) => (Ok(()), size),
            (true, None) if options.mode != SpmdMode::Off => (Ok(()), narrowed(options.width)),
            _ if options.mode == SpmdMode::Loops && loop_free => {
                (Err("no loop whose exit depends on the invocation: left to LLVM's loop vectorizer".to_owned()), 1)
            }
            _ => (Ok(()), narrowed(options.width)),
        };
        let result = match wanted {
            Err(reason) => Err(reason),
            Ok(()) if options.mode == SpmdMode::Off && !(subgroups && options.subgroup_size.is_some()) => {
                Err("SPMD vectorization off".to_owned())
            }
            Ok(()) if !valid_width(width) => Err(if width < 2 {
                "a workgroup one invocation wide".to_owned()
            } else {
                format!("width {width} (a power of two from 2 to 64)")
            }),
            Ok(()) => match vectorize_versions(module, function, width, size_asked.unwrap_or(width), subgroups) {
                Ok(vector) => {
                    function.replace_all_uses_with(vector);
                    llvm_edge::delete_unused_function(function);
                    vector.as_global_value().set_name(&name);
                    if rendezvous_site_entry(&name).is_some() {
                        // One call each, from the rendezvous's switch:
                        // inlined, dozens of them made one function that
                        // took LLVM's code generator seconds.
                        vector.add_attribute(AttributeLoc::Function, flag(noinline));
                    }
                    Ok(width)
                }
                Err(error) => Err(error.to_string()),
            },
        };
        match &result {
            Ok(width) => tracing::debug!(function = %name, width, "SPMD-vectorized"),
            Err(reason) => tracing::debug!(function = %name, %reason, "left scalar"),
        }
        let subgroup_size = match result {
            Ok(width) => size_asked.unwrap_or(width),
            Err(_) => 1,
        };
        outcomes.push(SpmdOutcome { function: name, result, subgroups, subgroup_size });
    }
    for (entry, names) in steps {
        outcomes.push(vectorize_steps(module, &entry, &names, options));
    }
    restore_subgroup_functions();
    Ok(outcomes)
}

/// The invocation function `function` vectorized at `width`; when branches
/// of it test only the descriptors (versions.rs), vectorized twice, as it
/// is and with those tests passing, behind a function that tests them on
/// entry and calls one or the other.
fn vectorize_versions<'ctx>(
    module: &Module<'ctx>,
    function: FunctionValue<'ctx>,
    width: u32,
    subgroup_size: u32,
    subgroups: bool,
) -> Result<FunctionValue<'ctx>> {
    let folded = clamped::fold_clamped_bounds(function);
    if folded > 0 {
        tracing::debug!(function = %function.get_name().to_string_lossy(), folded, "bounds tests of clamped coordinates folded");
    }
    let general = vectorize_function(module, function, [width, subgroup_size], Returns::Width, subgroups, &[])?;
    let Some(conditions) = versions::find(function) else { return Ok(general) };
    let assumed: Vec<usize> = conditions.conditions.iter().map(key).collect();
    let fast = match vectorize_function(module, function, [width, subgroup_size], Returns::Width, subgroups, &assumed) {
        Ok(fast) => fast,
        Err(error) => {
            tracing::debug!(function = %function.get_name().to_string_lossy(), %error, "no fast version");
            return Ok(general);
        }
    };
    match versions::dispatcher(module, function, &conditions, fast, general) {
        Ok(versions) => {
            tracing::debug!(function = %function.get_name().to_string_lossy(), conditions = conditions.conditions.len(), "versioned on descriptor tests");
            Ok(versions)
        }
        Err(error) => {
            tracing::debug!(function = %function.get_name().to_string_lossy(), %error, "no versions");
            llvm_edge::delete_unused_function(fast);
            Ok(general)
        }
    }
}

/// Whether a loop of the invocation function `function` (`cfg` its graph)
/// leaves on a condition that depends on the invocation's x (its fourth
/// parameter from the end), through the values computing it: loads from
/// addresses that depend on x, phis of values that do. Control dependence
/// is ignored: this only chooses between the vectorizer and LLVM's own
/// loop vectorizer (`SpmdMode::Loops`), both correct.
fn has_divergent_loop(function: FunctionValue<'_>, cfg: &Cfg<'_>) -> bool {
    let count = function.count_params();
    let Some(x) = count.checked_sub(4).and_then(|index| function.get_nth_param(index)) else { return true };
    let mut varying: HashSet<usize> = HashSet::from([key(&x)]);
    let instructions: Vec<InstructionValue<'_>> =
        function.get_basic_block_iter().flat_map(|block| block.get_instructions()).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for instruction in &instructions {
            if varying.contains(&key(instruction)) {
                continue;
            }
            let depends = (0..instruction.get_num_operands()).any(|index| {
                matches!(instruction.get_operand(index), Some(Operand::Value(value)) if varying.contains(&key(&value)))
            });
            if depends {
                varying.insert(key(instruction));
                changed = true;
            }
        }
    }
    cfg.loops.iter().any(|l| {
        (0..cfg.blocks.len()).filter(|&block| l.contains[block]).any(|block| {
            let leaves = cfg.successors[block].iter().any(|&to| !l.contains[to]);
            let terminator = cfg.blocks[block].get_terminator();
            leaves
                && terminator.is_some_and(|terminator| {
                    terminator.get_num_operands() != 1
                        && matches!(terminator.get_operand(0), Some(Operand::Value(condition))
                            if varying.contains(&key(&condition)) || terminator.get_opcode() != Op::Br)
                })
        })
    })
}

/// The entry point whose step `name` is (`__spvabi_E.step.R`, from
/// `workgroup.rs`): `__spvabi_E`.
fn step_entry(name: &str) -> Option<&str> {
    let (entry, region) = name.rsplit_once(".step.")?;
    (entry.starts_with("__spvabi_") && !region.is_empty() && region.bytes().all(|byte| byte.is_ascii_digit()))
        .then_some(entry)
}

/// The steps `names` of the regions of one entry point (`__spvabi_E`), all
/// vectorized at one width or all left scalar: their outcome, named
/// `__spvabi_E.region`. Vectorized, they run that many invocations a step,
/// the vector's lanes, which are then its subgroups; the width is written
/// to `__spvabi_E.region_width`, which the rounds step by.
fn vectorize_steps(module: &Module<'_>, entry: &str, names: &[String], options: SpmdOptions) -> SpmdOutcome {
    let noinline = Attribute::get_named_enum_kind_id("noinline");
    let functions: Vec<FunctionValue<'_>> = names.iter().filter_map(|name| module.get_function(name)).collect();
    for function in &functions {
        function.remove_enum_attribute(AttributeLoc::Function, noinline);
        // The region function's inlined `noalias` parameters left scope
        // declarations (hints, with a metadata operand the vectorizer does
        // not read).
        for block in function.get_basic_block_iter() {
            let declarations: Vec<InstructionValue<'_>> = block
                .get_instructions()
                .filter(|instruction| {
                    CallSiteValue::try_from(*instruction).ok().and_then(|call| call.get_called_fn_value()).is_some_and(
                        |callee| callee.get_name().to_bytes() == b"llvm.experimental.noalias.scope.decl",
                    )
                })
                .collect();
            for declaration in declarations {
                declaration.erase_from_basic_block();
            }
        }
    }
    let subgroups = functions.iter().any(|function| calls_subgroup_functions(*function));
    let narrowed = |width: u32| match functions.first().and_then(|function| constant_x_size(*function)) {
        Some(size) if size < u64::from(width) => 1 << size.max(1).ilog2(),
        _ => width,
    };
    // By default (`Loops`) only the steps of a kernel using subgroups (whose
    // size is the lanes'): elsewhere values crossing a barrier come back as
    // vectors (a loop counter, a stride: varying, so its loops and
    // addresses are too), which made bench-kernels' reduce and matmul 3x
    // slower than the scalar steps that LLVM's loop vectorizer widens
    // (docs/performance.md, session 10 (h2)). `Always` takes every one.
    let size_asked = options.subgroup_size.filter(|&size| subgroups && size > 1);
    let width = match (subgroups, options.subgroup_size) {
        (true, Some(1)) => Err("subgroups of one invocation asked for".to_owned()),
        (true, Some(size)) => Ok(capped_lanes(size, functions.first().and_then(|function| constant_x_size(*function)))),
        _ if options.mode == SpmdMode::Off => Err("SPMD vectorization off".to_owned()),
        (true, None) => Ok(narrowed(options.width)),
        _ if options.mode == SpmdMode::Loops => {
            Err("a kernel with barriers and no subgroups: its regions run as lanes with --spmd always".to_owned())
        }
        _ => Ok(narrowed(options.width)),
    };
    let width = width.and_then(|width| {
        if valid_width(width) {
            Ok(width)
        } else if width < 2 {
            Err("a workgroup one invocation wide".to_owned())
        } else {
            Err(format!("width {width} (a power of two from 2 to 64)"))
        }
    });
    let mut vectors = Vec::new();
    let result = width.and_then(|width| {
        for function in &functions {
            let lanes = [width, size_asked.unwrap_or(width)];
            match vectorize_function(module, *function, lanes, Returns::LowestState, subgroups, &[]) {
                Ok(vector) => vectors.push((*function, vector)),
                Err(error) => {
                    return Err(format!("{} ({error})", function.get_name().to_string_lossy()));
                }
            }
        }
        Ok(width)
    });
    match result {
        Ok(width) => {
            for (function, vector) in vectors {
                let name = function.get_name().to_string_lossy().into_owned();
                function.replace_all_uses_with(vector);
                llvm_edge::delete_unused_function(function);
                vector.as_global_value().set_name(&name);
            }
            if let Some(global) = module.get_global(&format!("{entry}.region_width")) {
                global.set_initializer(&module.get_context().i64_type().const_int(u64::from(width), false));
            }
        }
        Err(_) => {
            for (_, vector) in vectors {
                llvm_edge::delete_unused_function(vector);
            }
        }
    }
    let function = format!("{entry}.region");
    match &result {
        Ok(width) => tracing::debug!(%function, width, "regions SPMD-vectorized"),
        Err(reason) => tracing::debug!(%function, %reason, "regions left scalar"),
    }
    let subgroup_size = match result {
        Ok(width) => size_asked.unwrap_or(width),
        Err(_) => 1,
    };
    SpmdOutcome { function, result, subgroups, subgroup_size }
}

/// What a vectorized function returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Returns {
    /// The width (`__spvabi_E.invocations`: the invocations it ran).
    Width,
    /// The lowest of the lanes' returned values (a step of regions: the
    /// lowest state of its invocations).
    LowestState,
}

/// [`vectorize_invocations`] as the step `spirv_opt_rs::translate::emit_with`
/// runs before LLVM's pipeline.
pub fn before_optimization(
    options: SpmdOptions,
) -> impl Fn(&Module<'_>, &TargetMachine) -> std::result::Result<(), String> {
    move |module, machine| {
        vectorize_invocations(module, machine, options).map(|_| ()).map_err(|error| error.to_string())
    }
}

/// The workgroup's x size the callers of `invocations` pass (its last
/// argument), when every call passes the same constant.
fn constant_x_size(invocations: FunctionValue<'_>) -> Option<u64> {
    let mut size = None;
    let mut seen = false;
    let mut user = invocations.as_global_value().as_pointer_value().get_first_use();
    while let Some(current) = user {
        user = current.get_next_use();
        // The call returns an i64: its user shows as an integer value.
        let call = BasicValueEnum::try_from(current.get_user()).ok()?.as_instruction_value()?;
        let arguments = call.get_num_operands().checked_sub(1)?;
        let Some(Operand::Value(BasicValueEnum::IntValue(last))) = call.get_operand(arguments.checked_sub(1)?) else {
            return None;
        };
        let value = last.get_zero_extended_constant()?;
        if seen && size != Some(value) {
            return None;
        }
        (seen, size) = (true, Some(value));
    }
    size
}

/// Whether `function` (prepared: its callees inlined) calls a subgroup
/// function.
fn calls_subgroup_functions(function: FunctionValue<'_>) -> bool {
    function.get_basic_block_iter().any(|block| {
        block.get_instructions().any(|instruction| subgroup_call(instruction).is_some())
    })
}

/// The defined functions `roots` call, directly or not (roots excluded).
fn callees<'ctx>(roots: &[FunctionValue<'ctx>]) -> HashSet<FunctionValue<'ctx>> {
    let mut seen: HashSet<FunctionValue<'ctx>> = HashSet::new();
    let mut stack: Vec<FunctionValue<'ctx>> = roots.to_vec();
    while let Some(function) = stack.pop() {
        for block in function.get_basic_block_iter() {
            for instruction in block.get_instructions() {
                let Ok(call) = CallSiteValue::try_from(instruction) else { continue };
                if let Some(callee) = call.get_called_fn_value()
                    && callee.count_basic_blocks() > 0
                    && !roots.contains(&callee)
                    && seen.insert(callee)
                {
                    stack.push(callee);
                }
            }
        }
    }
    seen
}

/// A vectorized copy of `function` (same type), or why there is none; the
/// partial copy is deleted on failure.
/// `subgroups`: the function is (a step of) a kernel using subgroups, whose
/// calls with side effects then run lane by lane.
fn vectorize_function<'ctx>(
    module: &Module<'ctx>,
    function: FunctionValue<'ctx>,
    [width, subgroup_size]: [u32; 2],
    returns: Returns,
    subgroups: bool,
    assumed: &[usize],
) -> Result<FunctionValue<'ctx>> {
    let name = format!("{}.simd", function.get_name().to_string_lossy());
    let vector = module.add_function(&name, function.get_type(), Some(inkwell::module::Linkage::Internal));
    let result = Vectorizer::new(module, function, vector, width).and_then(|mut vectorizer| {
        vectorizer.returns = returns;
        vectorizer.subgroup_size = subgroup_size;
        vectorizer.per_lane_calls = subgroups;
        vectorizer.run()?;
        vectorizer.assume_true(assumed)
    });
    // A function LLVM's verifier rejects would abort the pipeline: it stays
    // scalar instead (and the bug shows in the outcome).
    let result = result.and_then(|()| {
        if vector.verify(std::env::var("H5DUMP").is_ok()) {
            Ok(())
        } else {
            unsupported("the vectorized function does not verify (a vectorizer bug)")
        }
    });
    match result {
        Ok(()) => Ok(vector),
        Err(error) => {
            llvm_edge::delete_unused_function(vector);
            Err(error)
        }
    }
}

/// The key of a value (or block) in the maps below: its LLVM handle.
fn key(value: &impl AsValueRef) -> usize {
    value.as_value_ref() as usize
}

/// The control-flow graph of the scalar function: blocks in reverse
/// post-order, dominators, natural loops.
struct Cfg<'ctx> {
    blocks: Vec<BasicBlock<'ctx>>,
    index: HashMap<BasicBlock<'ctx>, usize>,
    successors: Vec<Vec<usize>>,
    predecessors: Vec<Vec<usize>>,
    loops: Vec<Loop>,
    /// Per block, the innermost loop holding it.
    innermost: Vec<Option<usize>>,
}

struct Loop {
    header: usize,
    latch: usize,
    preheader: usize,
    /// Per block, whether the loop holds it.
    contains: Vec<bool>,
    parent: Option<usize>,
}

/// The blocks a terminator branches to, in operand order (a conditional
/// `br` lists its false target first: LLVM's operand order).
pub(super) fn targets_of(terminator: InstructionValue<'_>) -> Vec<BasicBlock<'_>> {
    (0..terminator.get_num_operands())
        .filter_map(|index| match terminator.get_operand(index) {
            Some(Operand::Block(block)) => Some(block),
            _ => None,
        })
        .collect()
}

impl<'ctx> Cfg<'ctx> {
    fn new(function: FunctionValue<'ctx>) -> Result<Self> {
        Self::build(function, true)
    }

    /// The graph of `function`; `strict`, its loops must be in the form the
    /// vectorizer reads (one back edge, one preheader, exits entered from
    /// the loop only); else several back edges to one header make one loop
    /// and only irreducible control flow is refused (`rendezvous.rs`, which
    /// reads a coroutine's loops, whose exits to the shared suspend block
    /// are entered from everywhere).
    fn build(function: FunctionValue<'ctx>, strict: bool) -> Result<Self> {
        if function.get_first_basic_block().is_none() {
            return unsupported("a declaration");
        }
        let Some(graph) = super::flow_graph::FlowGraph::new(function) else {
            return unsupported("a block without terminator");
        };
        let dominates = |a: usize, b: usize| graph.dominates(a, b);
        let count = graph.blocks.len();
        let (successors, predecessors) = (graph.successors.clone(), graph.predecessors.clone());
        // Natural loops; a retreating edge that is no back edge means the
        // graph is irreducible.
        let mut loops: Vec<Loop> = Vec::new();
        for from in 0..count {
            for &to in &successors[from] {
                if to > from {
                    continue;
                }
                if !dominates(to, from) {
                    return unsupported("irreducible control flow");
                }
                let existing = loops.iter().position(|existing| existing.header == to);
                if existing.is_some() && strict {
                    return unsupported("a loop with several back edges");
                }
                let mut contains = existing.map_or_else(|| vec![false; count], |l| loops[l].contains.clone());
                contains[to] = true;
                let mut work = vec![from];
                while let Some(block) = work.pop() {
                    if !contains[block] {
                        contains[block] = true;
                        work.extend(predecessors[block].iter().copied());
                    }
                }
                if let Some(l) = existing {
                    loops[l].contains = contains;
                    continue;
                }
                let outside: Vec<usize> =
                    predecessors[to].iter().copied().filter(|&predecessor| !contains[predecessor]).collect();
                let preheader = match outside[..] {
                    [preheader] => preheader,
                    _ if !strict => outside.first().copied().unwrap_or(to),
                    _ => return unsupported("a loop without a single preheader"),
                };
                for block in (0..count).filter(|&block| contains[block] && strict) {
                    for &exit in successors[block].iter().filter(|&&exit| !contains[exit]) {
                        if predecessors[exit].iter().any(|&predecessor| !contains[predecessor]) {
                            return unsupported("a loop exit block entered from outside the loop");
                        }
                    }
                }
                loops.push(Loop { header: to, latch: from, preheader, contains, parent: None });
            }
        }
        let size = |l: &Loop| l.contains.iter().filter(|&&inside| inside).count();
        for inner in 0..loops.len() {
            loops[inner].parent = (0..loops.len())
                .filter(|&outer| outer != inner && loops[outer].contains[loops[inner].header])
                .min_by_key(|&outer| size(&loops[outer]));
        }
        let innermost = (0..count)
            .map(|block| (0..loops.len()).filter(|&l| loops[l].contains[block]).min_by_key(|&l| size(&loops[l])))
            .collect();
        let super::flow_graph::FlowGraph { blocks, index, .. } = graph;
        Ok(Self { blocks, index, successors, predecessors, loops, innermost })
    }

    fn has_loop(&self) -> bool {
        !self.loops.is_empty()
    }

    /// Per block, whether lanes may reach it along different edges, given
    /// which blocks end in a branch on a varying condition: a loop header
    /// (lanes arrive from the preheader and the latch), a block entered from
    /// a loop that does not hold it (lanes leave a loop in different
    /// iterations), and a block reachable (forward, back edges left out)
    /// from two targets of one varying branch. Elsewhere every active lane
    /// came by the same edge, so a phi of uniform values is uniform.
    fn divergent_joins(&self, varying_branches: &[bool]) -> Vec<bool> {
        let count = self.blocks.len();
        let mut joins = vec![false; count];
        for l in &self.loops {
            joins[l.header] = true;
            for block in (0..count).filter(|&block| l.contains[block]) {
                for &exit in self.successors[block].iter().filter(|&&exit| !l.contains[exit]) {
                    joins[exit] = true;
                }
            }
        }
        let reach = |start: usize| {
            let mut seen = vec![false; count];
            let mut work = vec![start];
            while let Some(block) = work.pop() {
                if !seen[block] {
                    seen[block] = true;
                    work.extend(self.successors[block].iter().copied().filter(|&next| next > block));
                }
            }
            seen
        };
        for (block, _) in varying_branches.iter().enumerate().filter(|(_, varying)| **varying) {
            let [first, second] = self.successors[block][..] else { continue };
            let (a, b) = (reach(first), reach(second));
            for join in 0..count {
                joins[join] |= a[join] && b[join];
            }
        }
        joins
    }

    /// Whether `block` lies in `region` (a loop, or the whole function).
    fn in_region(&self, region: Option<usize>, block: usize) -> bool {
        region.is_none_or(|l| self.loops[l].contains[block])
    }

    /// The node of `region` holding `block`: the block, or the outermost loop
    /// inside the region that holds it.
    fn node(&self, region: Option<usize>, block: usize) -> Node {
        let mut current = self.innermost[block];
        let mut node = Node::Block(block);
        while current != region {
            let l = current.expect("block inside region");
            node = Node::Loop(l);
            current = self.loops[l].parent;
        }
        node
    }

    /// The nodes of `region` in an order where every node follows its
    /// predecessors (back edges and exits left out).
    fn order(&self, region: Option<usize>) -> Vec<Node> {
        let first = |node: Node| match node {
            Node::Block(block) => block,
            Node::Loop(l) => self.loops[l].header,
        };
        let mut nodes: Vec<Node> = Vec::new();
        for block in (0..self.blocks.len()).filter(|&block| self.in_region(region, block)) {
            let node = self.node(region, block);
            if !nodes.contains(&node) {
                nodes.push(node);
            }
        }
        let header = region.map(|l| self.loops[l].header);
        let mut incoming: HashMap<Node, usize> = nodes.iter().map(|&node| (node, 0)).collect();
        let mut edges: Vec<(Node, Node)> = Vec::new();
        for block in (0..self.blocks.len()).filter(|&block| self.in_region(region, block)) {
            for &successor in &self.successors[block] {
                if Some(successor) == header || !self.in_region(region, successor) {
                    continue;
                }
                let (from, to) = (self.node(region, block), self.node(region, successor));
                if from != to && !edges.contains(&(from, to)) {
                    edges.push((from, to));
                    *incoming.get_mut(&to).expect("node of region") += 1;
                }
            }
        }
        let mut ready: Vec<Node> = nodes.iter().copied().filter(|node| incoming[node] == 0).collect();
        let mut order = Vec::new();
        while !ready.is_empty() {
            ready.sort_by_key(|&node| std::cmp::Reverse(first(node)));
            let node = ready.pop().expect("not empty");
            order.push(node);
            for &(from, to) in &edges {
                if from == node {
                    let count = incoming.get_mut(&to).expect("node of region");
                    *count -= 1;
                    if *count == 0 {
                        ready.push(to);
                    }
                }
            }
        }
        order
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Node {
    Block(usize),
    Loop(usize),
}

/// A value of the vectorized function standing for a scalar one.
#[derive(Clone)]
enum Lanes<'ctx> {
    /// The same for every lane: one value of the scalar type.
    Uniform(BasicValueEnum<'ctx>),
    /// Per component of the scalar type (one for a scalar, k for a
    /// `<k x T>`), a `<width x T>` vector of the lanes' values.
    Varying(Vec<BasicValueEnum<'ctx>>),
}

/// The lanes that take one edge, and the values they bring to the phis of
/// its target (in the target's phi order), widened.
struct Edge<'ctx> {
    mask: VectorValue<'ctx>,
    /// Per phi of the target, its value from this edge: the lanes' (a
    /// varying phi), or none (a uniform phi: see `uniform`).
    values: Vec<Vec<BasicValueEnum<'ctx>>>,
    /// Per phi of the target, the value of a uniform phi.
    uniform: Vec<Option<BasicValueEnum<'ctx>>>,
}

struct Vectorizer<'a, 'ctx> {
    module: &'a Module<'ctx>,
    context: ContextRef<'ctx>,
    builder: Builder<'ctx>,
    scalar: FunctionValue<'ctx>,
    vector: FunctionValue<'ctx>,
    width: u32,
    /// The subgroup size the invocations see: `width`, or more when the
    /// lanes were capped at a narrower workgroup ([`capped_lanes`]).
    subgroup_size: u32,
    cfg: Cfg<'ctx>,
    values: HashMap<usize, Lanes<'ctx>>,
    varying: HashSet<usize>,
    /// Edges taken in the current iteration of the code being emitted, by
    /// (from, to) block numbers.
    edges: HashMap<(usize, usize), Edge<'ctx>>,
    /// The fields of the per-lane compare-exchanges (subgroup.rs), for their
    /// `extractvalue`s.
    pairs: HashMap<usize, Vec<BasicValueEnum<'ctx>>>,
    /// What the function returns.
    returns: Returns,
    /// With [`Returns::LowestState`], per lane the value it returned.
    returned: Option<VectorValue<'ctx>>,
    /// Whether calls with side effects (printf, memcpy) run lane by lane,
    /// in lane order, each under its lane's mask bit, as atomics do: in
    /// functions using subgroups, whose lanes are their subgroups, rather
    /// than leave them scalar with subgroups of one.
    per_lane_calls: bool,
}

impl<'a, 'ctx> Vectorizer<'a, 'ctx> {
    fn new(
        module: &'a Module<'ctx>,
        scalar: FunctionValue<'ctx>,
        vector: FunctionValue<'ctx>,
        width: u32,
    ) -> Result<Self> {
        let context = module.get_context();
        let cfg = Cfg::new(scalar)?;
        let builder = context.create_builder();
        Ok(Self {
            module,
            context,
            builder,
            scalar,
            vector,
            width,
            subgroup_size: width,
            cfg,
            values: HashMap::new(),
            varying: HashSet::new(),
            edges: HashMap::new(),
            pairs: HashMap::new(),
            returns: Returns::Width,
            returned: None,
            per_lane_calls: false,
        })
    }

    fn run(&mut self) -> Result<()> {
        let parameters = self.scalar.count_params();
        if parameters < 4 || self.scalar.get_type().get_return_type().is_none() {
            return unsupported("not an invocation function");
        }
        let x = self.scalar.get_nth_param(parameters - 4).expect("counted");
        self.find_varying(x);
        let entry = self.context.append_basic_block(self.vector, "entry");
        self.builder.position_at_end(entry);
        for index in 0..parameters {
            let (old, new) = (self.scalar.get_nth_param(index), self.vector.get_nth_param(index));
            if let (Some(old), Some(new)) = (old, new) {
                self.values.insert(key(&old), Lanes::Uniform(new));
            }
        }
        // x + lane, and the lanes below x_end.
        let i64_type = self.context.i64_type();
        let base = self.vector.get_nth_param(parameters - 4).expect("counted");
        let lanes: Vec<IntValue<'ctx>> =
            (0..self.width).map(|lane| i64_type.const_int(u64::from(lane), false)).collect();
        let lane_numbers = VectorType::const_vector(&lanes);
        let base = self.splat(base)?.into_vector_value();
        let xs = self.builder.build_int_add(base, lane_numbers, "x")?;
        self.values.insert(key(&x), Lanes::Varying(vec![xs.into()]));
        let x_end = self.vector.get_nth_param(parameters - 1).expect("counted");
        let x_end = self.splat(x_end)?.into_vector_value();
        let mask = self.builder.build_int_compare(IntPredicate::ULT, xs, x_end, "active")?;
        if self.returns == Returns::LowestState {
            if self.scalar.get_type().get_return_type() != Some(i64_type.into()) {
                return unsupported("a step not returning i64");
            }
            let none = self.splat(i64_type.const_all_ones().into())?;
            self.returned = Some(none.into_vector_value());
        }
        self.emit_region(None, mask)?;
        let count = match self.returned {
            Some(returned) => self.reduce("llvm.vector.reduce.umin", returned)?,
            None => i64_type.const_int(u64::from(self.width), false),
        };
        self.builder.build_return(Some(&count))?;
        Ok(())
    }

    /// Makes the uniform values of the scalar conditions `assumed` (keys)
    /// `true` in the vector function (versions.rs: the fast version).
    fn assume_true(&mut self, assumed: &[usize]) -> Result<()> {
        let true_value = self.context.bool_type().const_int(1, false);
        for condition in assumed {
            match self.values.get(condition) {
                Some(Lanes::Uniform(BasicValueEnum::IntValue(value))) if value.as_instruction_value().is_some() => {
                    value.replace_all_uses_with(true_value);
                }
                Some(Lanes::Uniform(BasicValueEnum::IntValue(_))) => {}
                Some(_) => return unsupported("a condition of the descriptors that is not uniform"),
                None => {}
            }
        }
        Ok(())
    }

    /// Marks the instructions whose value may differ between lanes, to a
    /// fixed point: a phi is varying when an incoming value is, or when its
    /// block joins lanes that came by different edges
    /// ([`Cfg::divergent_joins`], from the branches found varying so far).
    /// A phi of uniform values elsewhere stays uniform: a cooperative
    /// matrix joined after a bounds check of its (uniform) address is one
    /// vector, not one per lane (each of its elements widened to a vector
    /// of lanes made big matrices compile for minutes).
    fn find_varying(&mut self, x: BasicValueEnum<'ctx>) {
        self.varying.insert(key(&x));
        loop {
            let before = self.varying.len();
            let branches: Vec<bool> = self
                .cfg
                .blocks
                .iter()
                .map(|block| {
                    block.get_terminator().is_some_and(|terminator| {
                        terminator.get_opcode() == Op::Br
                            && terminator.get_num_operands() == 3
                            && matches!(terminator.get_operand(0), Some(Operand::Value(condition)) if self.varying.contains(&key(&condition)))
                    })
                })
                .collect();
            let joins = self.cfg.divergent_joins(&branches);
            for (index, &block) in self.cfg.blocks.iter().enumerate() {
                for instruction in block.get_instructions() {
                    let opcode = instruction.get_opcode();
                    // The subgroup size is the same in every lane; atomic
                    // loads run lane by lane.
                    let always = (matches!(opcode, Op::Alloca | Op::AtomicRMW | Op::AtomicCmpXchg | Op::Call)
                        && !(opcode == Op::Call && is_pure_call(instruction))
                        && subgroup_call(instruction) != Some(SubgroupOp::Size))
                        || (opcode == Op::Phi && joins[index])
                        || (opcode == Op::Load && (is_atomic(instruction) || instruction.get_volatile().unwrap_or(false)));
                    let from_operands =
                        (0..instruction.get_num_operands()).any(|index| match instruction.get_operand(index) {
                            Some(Operand::Value(value)) => self.varying.contains(&key(&value)),
                            _ => false,
                        });
                    if always || from_operands {
                        self.varying.insert(key(&instruction));
                    }
                }
            }
            if self.varying.len() == before {
                break;
            }
        }
    }

    /// Emits the nodes of `region` (the function, or one loop's body) with
    /// `mask` as the mask of its first block.
    fn emit_region(&mut self, region: Option<usize>, mask: VectorValue<'ctx>) -> Result<()> {
        let order = self.cfg.order(region);
        let entry = match region {
            Some(l) => self.cfg.loops[l].header,
            None => 0,
        };
        for node in order {
            match node {
                Node::Block(block) => {
                    let block_mask = if block == entry { Some(mask) } else { self.incoming_mask(block)? };
                    let Some(block_mask) = block_mask else { continue };
                    if block != entry {
                        self.emit_phis(block)?;
                    }
                    self.emit_block(block, block_mask, region.is_none() && block == 0)?;
                }
                Node::Loop(l) => self.emit_loop(l)?,
            }
        }
        Ok(())
    }

    /// The union of the masks of the edges into `block` taken so far (None
    /// when none was).
    fn incoming_mask(&mut self, block: usize) -> Result<Option<VectorValue<'ctx>>> {
        let mut mask: Option<VectorValue<'ctx>> = None;
        for predecessor in self.cfg.predecessors[block].clone() {
            if let Some(edge) = self.edges.get(&(predecessor, block)) {
                let edge_mask = edge.mask;
                mask = Some(match mask {
                    None => edge_mask,
                    Some(mask) => self.builder.build_or(mask, edge_mask, "")?,
                });
            }
        }
        Ok(mask)
    }

    /// The phis of `block` (not a loop header): per lane, the value of the
    /// edge the lane came by.
    fn emit_phis(&mut self, block: usize) -> Result<()> {
        let phis: Vec<InstructionValue<'ctx>> =
            self.cfg.blocks[block].get_instructions().take_while(|i| i.get_opcode() == Op::Phi).collect();
        if phis.is_empty() {
            return Ok(());
        }
        let predecessors: Vec<usize> = self.cfg.predecessors[block]
            .iter()
            .copied()
            .filter(|&predecessor| self.edges.contains_key(&(predecessor, block)))
            .collect();
        for (position, phi) in phis.iter().enumerate() {
            if !self.varying.contains(&key(phi)) {
                // Every active lane came by one edge (find_varying): the
                // value of the edge some lane took.
                let mut value: Option<BasicValueEnum<'ctx>> = None;
                for &predecessor in &predecessors {
                    let edge = &self.edges[&(predecessor, block)];
                    let (edge_mask, incoming) = (edge.mask, edge.uniform[position]);
                    let Some(incoming) = incoming else { return unsupported("a uniform phi of a varying value") };
                    value = Some(match value {
                        None => incoming,
                        Some(previous) => {
                            let taken = self.any(edge_mask)?;
                            self.builder.build_select(taken, incoming, previous, "")?
                        }
                    });
                }
                let value = match value {
                    Some(value) => value,
                    None => {
                        let ty: BasicTypeEnum<'ctx> = phi.get_type().try_into().map_err(|_| no_type())?;
                        poison_of(ty)
                    }
                };
                self.values.insert(key(phi), Lanes::Uniform(value));
                continue;
            }
            let mut value: Option<Vec<BasicValueEnum<'ctx>>> = None;
            for &predecessor in &predecessors {
                let edge = &self.edges[&(predecessor, block)];
                let (edge_mask, incoming) = (edge.mask, edge.values[position].clone());
                value = Some(match value {
                    None => incoming,
                    Some(previous) => incoming
                        .iter()
                        .zip(&previous)
                        .map(|(new, old)| self.builder.build_select(edge_mask, *new, *old, ""))
                        .collect::<std::result::Result<_, _>>()?,
                });
            }
            let value = match value {
                Some(value) => value,
                None => self.poison_components(phi.get_type().try_into().map_err(|_| no_type())?)?,
            };
            self.values.insert(key(phi), Lanes::Varying(value));
        }
        Ok(())
    }

    /// A loop: the linearized body runs while any lane is in it.
    fn emit_loop(&mut self, l: usize) -> Result<()> {
        let (header, latch, preheader) =
            (self.cfg.loops[l].header, self.cfg.loops[l].latch, self.cfg.loops[l].preheader);
        let Some(entering) = self.edges.remove(&(preheader, header)) else { return Ok(()) };
        // Entered only when some lane enters it.
        let enter = self.any(entering.mask)?;
        let before = self.builder.get_insert_block().expect("positioned");
        let loop_block = self.context.append_basic_block(self.vector, "loop");
        let after = self.context.append_basic_block(self.vector, "loop.done");
        self.builder.build_conditional_branch(enter, loop_block, after)?;
        self.builder.position_at_end(loop_block);
        let mask_type = self.mask_type();
        let active = self.builder.build_phi(mask_type, "active")?;
        active.add_incoming(&[(&entering.mask, before)]);
        let header_phis: Vec<InstructionValue<'ctx>> =
            self.cfg.blocks[header].get_instructions().take_while(|i| i.get_opcode() == Op::Phi).collect();
        let mut carried: Vec<Vec<PhiValue<'ctx>>> = Vec::new();
        for (position, phi) in header_phis.iter().enumerate() {
            let mut components = Vec::new();
            for initial in &entering.values[position] {
                let component = self.builder.build_phi(initial.get_type(), "")?;
                component.add_incoming(&[(initial, before)]);
                components.push(component);
            }
            self.values.insert(key(phi), Lanes::Varying(components.iter().map(|phi| phi.as_basic_value()).collect()));
            carried.push(components);
        }
        let first = loop_block.get_first_instruction().expect("the active phi");

        self.emit_region(Some(l), active.as_basic_value().into_vector_value())?;

        let end = self.builder.get_insert_block().expect("positioned");
        let back = match self.edges.remove(&(latch, header)) {
            Some(back) => back,
            None => Edge {
                mask: mask_type.const_zero(),
                values: self.poison_values(&header_phis)?,
                uniform: vec![None; header_phis.len()],
            },
        };
        active.add_incoming(&[(&back.mask, end)]);
        for (components, values) in carried.iter().zip(&back.values) {
            for (phi, value) in components.iter().zip(values) {
                phi.add_incoming(&[(value, end)]);
            }
        }
        // Exit edges: the lanes that ever took each, and what they carried
        // when they did.
        let contains = self.cfg.loops[l].contains.clone();
        let mut exits: Vec<(usize, usize)> =
            self.edges.keys().copied().filter(|&(from, to)| contains[from] && !contains[to]).collect();
        // In block order, not the map's: the same input gives the same IR.
        exits.sort_unstable();
        let mut leaving = Vec::new();
        for exit in exits {
            let edge = self.edges.remove(&exit).expect("listed");
            self.builder.position_before(&first);
            let taken = self.builder.build_phi(mask_type, "exited")?;
            taken.add_incoming(&[(&mask_type.const_zero(), before)]);
            let mut carried_out = Vec::new();
            for values in &edge.values {
                let mut components = Vec::new();
                for value in values {
                    let phi = self.builder.build_phi(value.get_type(), "")?;
                    phi.add_incoming(&[(&poison_of(value.get_type()), before)]);
                    components.push(phi);
                }
                carried_out.push(components);
            }
            self.builder.position_at_end(end);
            let taken_next = self.builder.build_or(taken.as_basic_value().into_vector_value(), edge.mask, "")?;
            taken.add_incoming(&[(&taken_next, end)]);
            let mut values_next = Vec::new();
            for (components, values) in carried_out.iter().zip(&edge.values) {
                let mut next = Vec::new();
                for (phi, value) in components.iter().zip(values) {
                    let selected = self.builder.build_select(edge.mask, *value, phi.as_basic_value(), "")?;
                    phi.add_incoming(&[(&selected, end)]);
                    next.push(selected);
                }
                values_next.push(next);
            }
            leaving.push((exit, taken_next, values_next));
        }
        let again = self.any(back.mask)?;
        self.builder.build_conditional_branch(again, loop_block, after)?;
        // After the loop (or past it, when no lane entered): what left by
        // each exit.
        self.builder.position_at_end(after);
        for (exit, taken, values) in leaving {
            let mask = self.builder.build_phi(mask_type, "left")?;
            mask.add_incoming(&[(&mask_type.const_zero(), before), (&taken, end)]);
            let mut carried_out = Vec::new();
            for components in values {
                let mut joined = Vec::new();
                for value in components {
                    let phi = self.builder.build_phi(value.get_type(), "")?;
                    phi.add_incoming(&[(&poison_of(value.get_type()), before), (&value, end)]);
                    joined.push(phi.as_basic_value());
                }
                carried_out.push(joined);
            }
            // An exit block's phis are varying (lanes leave in different
            // iterations: Cfg::divergent_joins).
            let uniform = vec![None; carried_out.len()];
            self.edges.insert(exit, Edge { mask: mask.as_basic_value().into_vector_value(), values: carried_out, uniform });
        }
        Ok(())
    }

    fn poison_values(&self, phis: &[InstructionValue<'ctx>]) -> Result<Vec<Vec<BasicValueEnum<'ctx>>>> {
        phis.iter().map(|phi| self.poison_components(phi.get_type().try_into().map_err(|_| no_type())?)).collect()
    }

    /// Poison lanes for a value of `ty`: one vector per component, or per
    /// field of a {value, i1} pair.
    fn poison_components(&self, ty: BasicTypeEnum<'ctx>) -> Result<Vec<BasicValueEnum<'ctx>>> {
        if let BasicTypeEnum::StructType(pair) = ty {
            pair_fields(ty)?;
            return pair
                .get_field_types()
                .into_iter()
                .map(|field| Ok(self.components_of(field)?.poison(self.width)[0]))
                .collect();
        }
        Ok(self.components_of(ty)?.poison(self.width))
    }

    /// The instructions of `block` under `mask`; `always` when every lane
    /// runs it (the entry block).
    fn emit_block(&mut self, block: usize, mask: VectorValue<'ctx>, always: bool) -> Result<()> {
        let mut any: Option<IntValue<'ctx>> = None;
        for instruction in self.cfg.blocks[block].get_instructions() {
            match instruction.get_opcode() {
                Op::Phi => continue,
                Op::Br => return self.emit_branch(block, instruction, mask),
                Op::Return => return self.emit_return(instruction, mask),
                Op::Unreachable => return Ok(()),
                other if instruction.is_terminator() => return unsupported(format!("a {other:?}")),
                _ => {}
            }
            let guard = if always {
                None
            } else {
                if any.is_none() {
                    any = Some(self.any(mask)?);
                }
                any
            };
            self.emit_instruction(instruction, mask, guard)?;
        }
        unsupported("a block without terminator")
    }

    /// A return under `mask`: with [`Returns::LowestState`], the lanes of
    /// `mask` returned its value.
    fn emit_return(&mut self, instruction: InstructionValue<'ctx>, mask: VectorValue<'ctx>) -> Result<()> {
        let Some(returned) = self.returned else { return Ok(()) };
        let Some(Operand::Value(value)) = instruction.get_operand(0) else { return unsupported("a return without value") };
        let value = self.widen(value)?[0].into_vector_value();
        let merged = self.builder.build_select(mask, value, returned, "")?.into_vector_value();
        self.returned = Some(merged);
        Ok(())
    }

    fn emit_branch(&mut self, block: usize, branch: InstructionValue<'ctx>, mask: VectorValue<'ctx>) -> Result<()> {
        let targets = targets_of(branch);
        match targets[..] {
            [target] => self.record_edge(block, target, mask),
            [if_false, if_true] => {
                let Some(Operand::Value(condition)) = branch.get_operand(0) else {
                    return unsupported("a branch without condition");
                };
                let condition = self.widen(condition)?[0].into_vector_value();
                let zero = self.mask_type().const_zero();
                let taken = self.builder.build_select(mask, condition, zero, "")?.into_vector_value();
                let not_taken = self.builder.build_not(condition, "")?;
                let not_taken = self.builder.build_select(mask, not_taken, zero, "")?.into_vector_value();
                self.record_edge(block, if_true, taken)?;
                self.record_edge(block, if_false, not_taken)
            }
            _ => unsupported("a branch with more than two targets"),
        }
    }

    /// Records that the lanes of `mask` go from `from` to `to`, with the
    /// values `to`'s phis take from `from`.
    fn record_edge(&mut self, from: usize, to: BasicBlock<'ctx>, mask: VectorValue<'ctx>) -> Result<()> {
        let to_index = self.cfg.index[&to];
        let mut values = Vec::new();
        let mut uniform = Vec::new();
        for phi in to.get_instructions().take_while(|i| i.get_opcode() == Op::Phi) {
            let phi = PhiValue::try_from(phi).map_err(|_| no_type())?;
            let incoming = (0..phi.count_incoming())
                .filter_map(|index| phi.get_incoming(index))
                .find(|(_, block)| *block == self.cfg.blocks[from])
                .map(|(value, _)| value);
            let Some(incoming) = incoming else { return unsupported("a phi without a value for an edge") };
            // A uniform phi takes the value as it is (not widened: a big
            // value would be widened for nothing).
            if self.varying.contains(&key(&phi)) {
                values.push(self.widen(incoming)?);
                uniform.push(None);
            } else {
                values.push(Vec::new());
                uniform.push(match self.lanes(incoming)? {
                    Lanes::Uniform(value) => Some(value),
                    _ => None,
                });
            }
        }
        let edge = Edge { mask, values, uniform };
        if let Some(previous) = self.edges.insert((from, to_index), edge) {
            // Both targets of a conditional branch the same block: one edge.
            let merged = self.edges.get_mut(&(from, to_index)).expect("inserted");
            merged.mask = self.builder.build_or(previous.mask, merged.mask, "")?;
        }
        Ok(())
    }

    /// One instruction (not a phi or terminator). `guard` is "some lane
    /// runs this block" where not every lane does.
    fn emit_instruction(
        &mut self,
        instruction: InstructionValue<'ctx>,
        mask: VectorValue<'ctx>,
        guard: Option<IntValue<'ctx>>,
    ) -> Result<()> {
        let opcode = instruction.get_opcode();
        if opcode == Op::Call && is_ignorable_intrinsic(instruction) {
            return Ok(());
        }
        if let Some(op) = subgroup_call(instruction) {
            return self.emit_subgroup(instruction, op, mask);
        }
        // Atomics and volatile accesses (a `volatile` buffer's: the kernel
        // ABI's own volatile read-modify-writes are only in kernels with
        // barriers, atomics.rs) run lane by lane.
        let volatile = instruction.get_volatile().unwrap_or(false);
        if matches!(opcode, Op::AtomicRMW | Op::AtomicCmpXchg)
            || (matches!(opcode, Op::Load | Op::Store) && (is_atomic(instruction) || volatile))
        {
            return self.emit_per_lane(instruction, mask);
        }
        if opcode == Op::Store {
            return self.emit_store(instruction, mask, guard);
        }
        if let Some(kind) = image_call(instruction) {
            return self.emit_image_call(instruction, kind, mask);
        }
        if self.per_lane_calls && opcode == Op::Call && !is_pure_call(instruction) {
            return self.emit_per_lane(instruction, mask);
        }
        // The host's device-range query (kernel_abi/bounds.rs) of a varying
        // address: the checks call it where their cache of its answers
        // missed, so only for the lanes that reach the call, and not at all
        // where none does (called for every lane, as a pure library
        // function is, each miss would cost the width's calls).
        if opcode == Op::Call && self.varying.contains(&key(&instruction)) && is_device_range_call(instruction) {
            return self.emit_masked_query(instruction, mask);
        }
        if !self.varying.contains(&key(&instruction)) {
            return self.emit_uniform(instruction, guard);
        }
        let operands: Vec<BasicValueEnum<'ctx>> = (0..instruction.get_num_operands())
            .filter_map(|index| match instruction.get_operand(index) {
                Some(Operand::Value(value)) => Some(value),
                _ => None,
            })
            .collect();
        if let Some(base) = overflow_intrinsic(instruction) {
            return self.emit_overflow(instruction, base, &operands);
        }
        if is_scalar_frexp(instruction) {
            return self.emit_frexp(instruction, operands[0]);
        }
        let result_type: BasicTypeEnum<'ctx> = instruction.get_type().try_into().map_err(|_| no_type())?;
        let shape = self.components_of(result_type)?;
        let lanes = match opcode {
            Op::Add
            | Op::Sub
            | Op::Mul
            | Op::FAdd
            | Op::FSub
            | Op::FMul
            | Op::FDiv
            | Op::FRem
            | Op::Shl
            | Op::LShr
            | Op::AShr
            | Op::And
            | Op::Or
            | Op::Xor
            | Op::UDiv
            | Op::SDiv
            | Op::URem
            | Op::SRem => {
                let left = self.widen(operands[0])?;
                let mut right = self.widen(operands[1])?;
                if matches!(opcode, Op::UDiv | Op::SDiv | Op::URem | Op::SRem) {
                    // Masked-off lanes divide by 1, not by what they hold.
                    // The kernel ABI made every division safe (division.rs),
                    // but the preparing passes may have dropped its select
                    // where control flow proves the divisor safe (`if (d !=
                    // 0) x / d`): linearized, that is no longer true.
                    for component in &mut right {
                        let one = component
                            .get_type()
                            .into_vector_type()
                            .get_element_type()
                            .into_int_type()
                            .const_int(1, false);
                        let ones = self.splat(one.into())?;
                        *component = self.builder.build_select(mask, *component, ones, "")?;
                    }
                }
                left.iter()
                    .zip(&right)
                    .map(|(a, b)| self.builder.build_binop(opcode, *a, *b, ""))
                    .collect::<std::result::Result<_, _>>()?
            }
            Op::FNeg => self
                .widen(operands[0])?
                .iter()
                .map(|a| self.builder.build_float_neg(a.into_vector_value(), "").map(Into::into))
                .collect::<std::result::Result<_, _>>()?,
            Op::Trunc
            | Op::ZExt
            | Op::SExt
            | Op::FPTrunc
            | Op::FPExt
            | Op::FPToUI
            | Op::FPToSI
            | Op::UIToFP
            | Op::SIToFP
            | Op::PtrToInt
            | Op::IntToPtr
            | Op::BitCast
            | Op::AddrSpaceCast => {
                let source = self.widen(operands[0])?;
                if source.len() != shape.count {
                    if opcode != Op::BitCast {
                        return unsupported("a cast between vectors of different lengths");
                    }
                    return self.regroup(instruction, &source, &shape);
                }
                let to = shape.vector(self.width);
                source
                    .iter()
                    .map(|a| self.builder.build_cast(opcode, *a, to, ""))
                    .collect::<std::result::Result<_, _>>()?
            }
            Op::ICmp => {
                let predicate = instruction.get_icmp_predicate().ok_or_else(no_type)?;
                self.pairwise(operands[0], operands[1], |builder, a, b| {
                    builder.build_int_compare(predicate, a, b, "").map(Into::into)
                })?
            }
            Op::FCmp => {
                let predicate: FloatPredicate = instruction.get_fcmp_predicate().ok_or_else(no_type)?;
                self.pairwise(operands[0], operands[1], |builder, a, b| {
                    builder.build_float_compare(predicate, a, b, "").map(Into::into)
                })?
            }
            Op::Select => {
                let condition = self.lanes(operands[0])?;
                let (then, otherwise) = (self.widen(operands[1])?, self.widen(operands[2])?);
                let mut out = Vec::new();
                for (component, (a, b)) in then.iter().zip(&otherwise).enumerate() {
                    out.push(match &condition {
                        Lanes::Uniform(condition) if condition.is_int_value() => {
                            self.builder.build_select(condition.into_int_value(), *a, *b, "")?
                        }
                        _ => {
                            let condition = self.widen(operands[0])?;
                            let condition =
                                condition.get(component).or(condition.first()).copied().ok_or_else(no_type)?;
                            self.builder.build_select(condition.into_vector_value(), *a, *b, "")?
                        }
                    });
                }
                out
            }
            Op::GetElementPtr => {
                if shape.count != 1 {
                    return unsupported("a getelementptr of a vector of pointers");
                }
                let pointee = instruction.get_gep_source_element_type().map_err(|_| no_type())?;
                let base = self.widen(operands[0])?[0];
                let mut indices = Vec::new();
                for &index in &operands[1..] {
                    indices.push(match self.lanes(index)? {
                        Lanes::Uniform(index) => index,
                        Lanes::Varying(components) => components[0],
                    });
                }
                vec![llvm_edge::vector_gep(&self.builder, pointee, base, &indices).ok_or_else(no_type)?]
            }
            Op::Load => {
                if instruction.get_volatile().unwrap_or(false) || is_atomic(instruction) {
                    return unsupported("a volatile or atomic load");
                }
                let alignment = instruction.get_alignment().unwrap_or(1);
                if let Some(out) = self.load_either(instruction, &shape, alignment, mask)? {
                    out
                } else {
                let pointers = self.widen(operands[0])?[0];
                let mut out = Vec::new();
                if let Some((element, packed)) = self.packed_bits(&shape) {
                    // Each lane loads the integer of all the vector's bits;
                    // component c is its bits from c times the element's width.
                    let addresses = pointers.into_vector_value();
                    let loaded = self.masked_load(addresses, packed.into(), alignment, mask)?.into_vector_value();
                    for component in 0..shape.count as u64 {
                        let shift = self.packed_shift(packed, element, component);
                        let bits = self.builder.build_right_shift(loaded, shift, false, "")?;
                        out.push(self.builder.build_int_truncate(bits, element.vec_type(self.width), "")?.into());
                    }
                } else {
                    for component in 0..shape.count {
                        let addresses = self.component_addresses(pointers, shape.element, component)?;
                        out.push(self.masked_load(addresses, shape.element, alignment, mask)?);
                    }
                }
                out
                }
            }
            Op::Freeze => self
                .widen(operands[0])?
                .iter()
                .map(|a| llvm_edge::freeze(&self.builder, *a).ok_or_else(no_type))
                .collect::<Result<_>>()?,
            Op::ExtractElement => {
                let source = self.widen(operands[0])?;
                let Some(index) = constant_index(operands[1]) else {
                    return unsupported("a variable extractelement index");
                };
                vec![*source.get(index).ok_or_else(no_type)?]
            }
            Op::InsertElement => {
                let mut target = self.widen(operands[0])?;
                let element = self.widen(operands[1])?[0];
                let Some(index) = constant_index(operands[2]) else {
                    return unsupported("a variable insertelement index");
                };
                *target.get_mut(index).ok_or_else(no_type)? = element;
                target
            }
            Op::ShuffleVector => {
                let (left, right) = (self.widen(operands[0])?, self.widen(operands[1])?);
                let poison = shape.poison(self.width)[0];
                llvm_edge::shuffle_mask(instruction)
                    .ok_or_else(no_type)?
                    .iter()
                    .map(|source| match source {
                        Some(source) => left.iter().chain(&right).nth(*source as usize).copied().ok_or_else(no_type),
                        None => Ok(poison),
                    })
                    .collect::<Result<_>>()?
            }
            Op::Call => self.emit_call(instruction, &operands, &shape)?,
            Op::ExtractValue => {
                // Of a per-lane compare-exchange: {value, i1 success}; of an
                // arithmetic with overflow, or a phi of such pairs: {value,
                // i1 overflow}.
                let pair = match self.pairs.get(&key(&operands[0])) {
                    Some(pair) => pair.clone(),
                    None if pair_fields(operands[0].get_type()).is_ok() => self.widen(operands[0])?,
                    None => return unsupported("an extractvalue of something else than a {value, i1} pair"),
                };
                // The field of the extracted type (the pairs' fields differ
                // in type: {iN, i1}, {float, i32}).
                let field = pair
                    .iter()
                    .position(|value| {
                        value.get_type().is_vector_type()
                            && value.get_type().into_vector_type().get_element_type() == shape.element
                    })
                    .ok_or_else(no_type)?;
                vec![pair[field]]
            }
            Op::Alloca => vec![self.emit_alloca(instruction, operands[0])?],
            other => return unsupported(format!("a varying {other:?}")),
        };
        self.values.insert(key(&instruction), Lanes::Varying(lanes));
        Ok(())
    }

    /// An instruction every lane computes alike: copied, its operands
    /// mapped; loads and divisions only run (or divide) when some lane
    /// reaches the block.
    fn emit_uniform(&mut self, instruction: InstructionValue<'ctx>, guard: Option<IntValue<'ctx>>) -> Result<()> {
        let opcode = instruction.get_opcode();
        if matches!(opcode, Op::Alloca | Op::AtomicRMW | Op::AtomicCmpXchg | Op::VAArg) {
            return unsupported(format!("a {opcode:?}"));
        }
        if opcode == Op::Call && !is_pure_call(instruction) {
            return unsupported("a call with side effects");
        }
        // Volatile accesses are the ABI's atomics on workgroup memory
        // (atomics.rs): each lane's read-modify-write must see the last
        // one's, so a uniform one cannot run once for all lanes.
        if opcode == Op::Load && (instruction.get_volatile().unwrap_or(false) || is_atomic(instruction)) {
            return unsupported("a volatile or atomic load");
        }
        if opcode == Op::Call {
            let call = CallSiteValue::try_from(instruction).map_err(|_| no_type())?;
            if call.get_called_fn_value().is_none() {
                return unsupported("an indirect call");
            }
        }
        let copy = instruction.explicit_clone();
        self.builder.insert_instruction(&copy, None);
        for index in 0..instruction.get_num_operands() {
            if let Some(Operand::Value(value)) = instruction.get_operand(index) {
                let Lanes::Uniform(mapped) = self.lanes(value)? else {
                    return unsupported("a uniform value of varying operands");
                };
                copy.set_operand(index, mapped);
            }
        }
        if let Some(guard) = guard {
            match opcode {
                Op::UDiv | Op::SDiv | Op::URem | Op::SRem => {
                    let Some(Operand::Value(divisor)) = copy.get_operand(1) else { return unsupported("a division") };
                    self.builder.position_before(&copy);
                    let one = divisor.get_type().into_int_type().const_int(1, false);
                    let safe = self.builder.build_select(guard, divisor, one.into(), "")?;
                    copy.set_operand(1, safe);
                    self.position_after(copy);
                }
                Op::Load => {
                    // Loaded only when some lane reaches the block: the
                    // address may be meaningless otherwise (a failed
                    // bounds check).
                    let here = copy.get_parent().expect("inserted");
                    let load_block = self.context.append_basic_block(self.vector, "uniform.load");
                    let join = self.context.append_basic_block(self.vector, "uniform.join");
                    copy.remove_from_basic_block();
                    self.builder.position_at_end(here);
                    self.builder.build_conditional_branch(guard, load_block, join)?;
                    self.builder.position_at_end(load_block);
                    self.builder.insert_instruction(&copy, None);
                    self.builder.build_unconditional_branch(join)?;
                    self.builder.position_at_end(join);
                    let ty: BasicTypeEnum<'ctx> = copy.get_type().try_into().map_err(|_| no_type())?;
                    let phi = self.builder.build_phi(ty, "")?;
                    let loaded: BasicValueEnum<'ctx> = value_of(copy)?;
                    phi.add_incoming(&[(&loaded, load_block), (&poison_of(ty), here)]);
                    self.values.insert(key(&instruction), Lanes::Uniform(phi.as_basic_value()));
                    return Ok(());
                }
                _ => {}
            }
        }
        if let Ok(value) = value_of(copy) {
            self.values.insert(key(&instruction), Lanes::Uniform(value));
        }
        Ok(())
    }

    /// A bitcast that regroups a lane's bits (`<2 x i32>` to `i64`, `i32`
    /// to `<4 x i8>`): the components joined into one wide integer per lane
    /// (element 0 in the low bits: little-endian, as LLVM's bitcast on the
    /// targets the runtime has), then cut into the result's components.
    fn regroup(
        &mut self,
        instruction: InstructionValue<'ctx>,
        source: &[BasicValueEnum<'ctx>],
        shape: &Shape<'ctx>,
    ) -> Result<()> {
        let element_bits = |ty: BasicTypeEnum<'ctx>| -> Option<u32> {
            match ty {
                BasicTypeEnum::IntType(int) => Some(int.get_bit_width()),
                BasicTypeEnum::FloatType(float) => {
                    [(self.context.f16_type(), 16), (self.context.f32_type(), 32), (self.context.f64_type(), 64)]
                        .iter()
                        .find(|(known, _)| *known == float)
                        .map(|(_, bits)| *bits)
                }
                _ => None,
            }
        };
        let from_element = source.first().ok_or_else(no_type)?.get_type().into_vector_type().get_element_type();
        let (Some(from_bits), Some(to_bits)) = (element_bits(from_element), element_bits(shape.element)) else {
            return unsupported("a bitcast regrouping pointers");
        };
        let total = from_bits * source.len() as u32;
        let int = |bits: u32| -> Result<inkwell::types::IntType<'ctx>> {
            std::num::NonZeroU32::new(bits)
                .and_then(|bits| self.context.custom_width_int_type(bits).ok())
                .ok_or_else(|| SpmdError::Unsupported(format!("a bitcast through i{bits}")))
        };
        let wide_type = int(total)?.vec_type(self.width);
        let mut wide = wide_type.const_zero();
        for (index, component) in source.iter().enumerate() {
            let bits = int(from_bits)?.vec_type(self.width);
            // Frozen: LLVM's bitcast keeps poison per element, but `or` of a
            // poison part makes the whole wide integer poison. A shuffle's
            // undefined lane (the SPIRV-LLVM-Translator's `char3` stored as
            // `<4 x i8>`, lane 3 undefined) then lost the three defined
            // components (fuzz-diff-cl seed 20261969, translator-O0).
            let frozen = llvm_edge::freeze(&self.builder, *component).ok_or_else(no_type)?;
            let as_int = self.builder.build_bit_cast(frozen, bits, "")?.into_vector_value();
            let extended = self.builder.build_int_z_extend(as_int, wide_type, "")?;
            let shift = self.splat(int(total)?.const_int(u64::from(from_bits) * index as u64, false).into())?;
            let placed = self.builder.build_left_shift(extended, shift.into_vector_value(), "")?;
            wide = self.builder.build_or(wide, placed, "")?;
        }
        let part_type = int(to_bits)?.vec_type(self.width);
        let mut out = Vec::new();
        for index in 0..shape.count {
            let shift = self.splat(int(total)?.const_int(u64::from(to_bits) * index as u64, false).into())?;
            let moved = self.builder.build_right_shift(wide, shift.into_vector_value(), false, "")?;
            let part = self.builder.build_int_truncate(moved, part_type, "")?;
            out.push(self.builder.build_bit_cast(part, shape.vector(self.width), "")?);
        }
        self.values.insert(key(&instruction), Lanes::Varying(out));
        Ok(())
    }

    /// `build` on the components of `left` and `right`, pairwise.
    fn pairwise(
        &mut self,
        left: BasicValueEnum<'ctx>,
        right: BasicValueEnum<'ctx>,
        build: impl Fn(
            &Builder<'ctx>,
            VectorValue<'ctx>,
            VectorValue<'ctx>,
        ) -> std::result::Result<BasicValueEnum<'ctx>, BuilderError>,
    ) -> Result<Vec<BasicValueEnum<'ctx>>> {
        let (left, right) = (self.widen(left)?, self.widen(right)?);
        let mut out = Vec::new();
        for (a, b) in left.iter().zip(&right) {
            out.push(build(&self.builder, a.into_vector_value(), b.into_vector_value())?);
        }
        Ok(out)
    }

    /// A private variable SROA left in memory: one copy per lane, side by
    /// side in an array at the start of the function; the lanes' pointers.
    fn emit_alloca(
        &self,
        instruction: InstructionValue<'ctx>,
        count: BasicValueEnum<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>> {
        if constant_index(count) != Some(1) {
            return unsupported("an alloca of a variable count");
        }
        let allocated = instruction.get_allocated_type().map_err(|_| no_type())?;
        let copies = allocated.array_type(self.width);
        let entry = self.vector.get_first_basic_block().ok_or_else(no_type)?;
        let at_start = self.context.create_builder();
        match entry.get_first_instruction() {
            Some(first) => at_start.position_before(&first),
            None => at_start.position_at_end(entry),
        }
        let memory = at_start.build_alloca(copies, "lanes")?;
        if let Some(memory) = memory.as_instruction() {
            memory
                .set_alignment(instruction.get_alignment().unwrap_or(1).max(1))
                .map_err(|error| SpmdError::Llvm(error.to_string()))?;
        }
        let lanes: Vec<IntValue<'ctx>> =
            (0..self.width).map(|lane| self.context.i64_type().const_int(u64::from(lane), false)).collect();
        llvm_edge::vector_gep(&self.builder, allocated, memory.into(), &[VectorType::const_vector(&lanes).into()])
            .ok_or_else(no_type)
    }

    fn position_after(&self, instruction: InstructionValue<'ctx>) {
        match instruction.get_next_instruction() {
            Some(next) => self.builder.position_before(&next),
            None => self.builder.position_at_end(instruction.get_parent().expect("inserted")),
        }
    }

    fn emit_store(
        &mut self,
        instruction: InstructionValue<'ctx>,
        mask: VectorValue<'ctx>,
        guard: Option<IntValue<'ctx>>,
    ) -> Result<()> {
        if instruction.get_volatile().unwrap_or(false) || is_atomic(instruction) {
            return unsupported("a volatile or atomic store");
        }
        let (Some(Operand::Value(value)), Some(Operand::Value(pointer))) =
            (instruction.get_operand(0), instruction.get_operand(1))
        else {
            return unsupported("a store");
        };
        let alignment = instruction.get_alignment().unwrap_or(1);
        match (self.lanes(value)?, self.lanes(pointer)?) {
            (Lanes::Uniform(value), Lanes::Uniform(pointer)) => {
                let store = |builder: &Builder<'ctx>| -> Result<()> {
                    let store = builder.build_store(pointer.into_pointer_value(), value)?;
                    store.set_alignment(alignment).map_err(|error| SpmdError::Llvm(error.to_string()))?;
                    Ok(())
                };
                match guard {
                    None => store(&self.builder),
                    Some(guard) => {
                        let store_block = self.context.append_basic_block(self.vector, "uniform.store");
                        let join = self.context.append_basic_block(self.vector, "uniform.join");
                        self.builder.build_conditional_branch(guard, store_block, join)?;
                        self.builder.position_at_end(store_block);
                        store(&self.builder)?;
                        self.builder.build_unconditional_branch(join)?;
                        self.builder.position_at_end(join);
                        Ok(())
                    }
                }
            }
            _ => {
                let ty: BasicTypeEnum<'ctx> = value.get_type();
                let shape = self.components_of(ty)?;
                let values = self.widen(value)?;
                let pointers = self.widen(pointer)?[0];
                if let Some((element, packed)) = self.packed_bits(&shape) {
                    // The lanes' components put together as the integer of
                    // all the vector's bits, one store of it per lane.
                    let lanes = packed.vec_type(self.width);
                    let mut whole = lanes.const_zero();
                    for (component, value) in values.iter().enumerate() {
                        let bits = self.builder.build_int_z_extend(value.into_vector_value(), lanes, "")?;
                        let shift = self.packed_shift(packed, element, component as u64);
                        let placed = self.builder.build_left_shift(bits, shift, "")?;
                        whole = self.builder.build_or(whole, placed, "")?;
                    }
                    return self.masked_store(whole.into(), pointers.into_vector_value(), packed.into(), alignment, mask);
                }
                for (component, value) in values.iter().enumerate() {
                    let addresses = self.component_addresses(pointers, shape.element, component)?;
                    self.masked_store(*value, addresses, shape.element, alignment, mask)?;
                }
                Ok(())
            }
        }
    }

    /// The lanes' addresses of component `component` of the values at
    /// `pointers` (a `<width x ptr>`).
    fn component_addresses(
        &self,
        pointers: BasicValueEnum<'ctx>,
        element: BasicTypeEnum<'ctx>,
        component: usize,
    ) -> Result<VectorValue<'ctx>> {
        if component == 0 {
            return Ok(pointers.into_vector_value());
        }
        let index = self.context.i64_type().const_int(component as u64, false);
        Ok(llvm_edge::vector_gep(&self.builder, element, pointers, &[index.into()])
            .ok_or_else(no_type)?
            .into_vector_value())
    }

    /// Whether the lanes of `mask` have consecutive `addresses` of
    /// `element`s (lane i at lane 0's address plus i elements), and lane 0's
    /// address.
    ///
    /// The addresses are frozen first: a lane off the mask may hold poison
    /// (a pointer loaded by a masked load, an address computed from one), and
    /// a branch on a comparison with poison is undefined behaviour, which
    /// LLVM used to delete the rest of a step (fuzz-diff finding 09: a
    /// workgroup of one invocation run as 4 lanes lost its stores to the
    /// per-invocation storage). Frozen, every lane's address is some fixed
    /// value; the lanes off the mask are not compared, and lane 0's frozen
    /// address is the base of the dense access only when every lane on the
    /// mask lies where the base puts it.
    fn consecutive(
        &self,
        addresses: VectorValue<'ctx>,
        element: BasicTypeEnum<'ctx>,
        mask: VectorValue<'ctx>,
    ) -> Result<(IntValue<'ctx>, BasicValueEnum<'ctx>)> {
        let frozen = llvm_edge::freeze(&self.builder, addresses.into()).ok_or_else(no_type)?.into_vector_value();
        let zero = self.context.i32_type().const_zero();
        let first = self.builder.build_extract_element(frozen, zero, "")?;
        let lanes: Vec<IntValue<'ctx>> =
            (0..self.width).map(|lane| self.context.i64_type().const_int(u64::from(lane), false)).collect();
        let expected = llvm_edge::vector_gep(&self.builder, element, first, &[VectorType::const_vector(&lanes).into()])
            .ok_or_else(no_type)?;
        let equal = self.builder.build_int_compare(IntPredicate::EQ, frozen, expected.into_vector_value(), "")?;
        let ones = VectorType::const_vector(&vec![self.context.bool_type().const_all_ones(); self.width as usize]);
        let counted = self.builder.build_select(mask, equal, ones, "")?.into_vector_value();
        let all = self.reduce("llvm.vector.reduce.and", counted)?;
        Ok((all, first))
    }

    fn masked_load(
        &self,
        addresses: VectorValue<'ctx>,
        element: BasicTypeEnum<'ctx>,
        alignment: u32,
        mask: VectorValue<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>> {
        // An integer narrower than its bytes (an `i1`) is one per byte in
        // memory, but a vector of them is packed bits: the lanes load whole
        // bytes and truncate them.
        if let Some((narrow, bytes)) = self.stored_as_bytes(element) {
            let loaded = self.masked_load(addresses, bytes.into(), alignment, mask)?.into_vector_value();
            return Ok(self.builder.build_int_truncate(loaded, narrow.vec_type(self.width), "")?.into());
        }
        let vector_type = Shape { element, count: 1 }.vector(self.width);
        let poison = poison_of(vector_type);
        let (consecutive, first) = self.consecutive(addresses, element, mask)?;
        let (dense, sparse, join) = self.diamond(consecutive)?;
        self.builder.position_at_end(dense);
        let loaded_dense = self.intrinsic_call(
            "llvm.masked.load",
            &[vector_type, first.get_type()],
            &[first, mask.into(), poison],
            Some((0, alignment)),
        )?;
        self.builder.build_unconditional_branch(join)?;
        self.builder.position_at_end(sparse);
        let loaded_sparse = self.intrinsic_call(
            "llvm.masked.gather",
            &[vector_type, addresses.get_type().into()],
            &[addresses.into(), mask.into(), poison],
            Some((0, alignment)),
        )?;
        self.builder.build_unconditional_branch(join)?;
        self.builder.position_at_end(join);
        let phi = self.builder.build_phi(vector_type, "")?;
        phi.add_incoming(&[(&loaded_dense, dense), (&loaded_sparse, sparse)]);
        Ok(phi.as_basic_value())
    }

    fn masked_store(
        &self,
        value: BasicValueEnum<'ctx>,
        addresses: VectorValue<'ctx>,
        element: BasicTypeEnum<'ctx>,
        alignment: u32,
        mask: VectorValue<'ctx>,
    ) -> Result<()> {
        if let Some((_, bytes)) = self.stored_as_bytes(element) {
            let widened = self.builder.build_int_z_extend(value.into_vector_value(), bytes.vec_type(self.width), "")?;
            return self.masked_store(widened.into(), addresses, bytes.into(), alignment, mask);
        }
        let (consecutive, first) = self.consecutive(addresses, element, mask)?;
        let (dense, sparse, join) = self.diamond(consecutive)?;
        self.builder.position_at_end(dense);
        self.intrinsic_call(
            "llvm.masked.store",
            &[value.get_type(), first.get_type()],
            &[value, first, mask.into()],
            Some((1, alignment)),
        )?;
        self.builder.build_unconditional_branch(join)?;
        self.builder.position_at_end(sparse);
        self.intrinsic_call(
            "llvm.masked.scatter",
            &[value.get_type(), addresses.get_type().into()],
            &[value, addresses.into(), mask.into()],
            Some((1, alignment)),
        )?;
        self.builder.build_unconditional_branch(join)?;
        self.builder.position_at_end(join);
        Ok(())
    }

    /// For an integer type narrower than the bytes it takes in memory (`i1`,
    /// `i12`): it, and the integer type of those bytes.
    /// For a vector of elements narrower than a byte (a bool vector), which
    /// LLVM lays out in memory as the integer of all its bits (element 0
    /// the lowest): the element type and that integer type.
    fn packed_bits(&self, shape: &Shape<'ctx>) -> Option<(IntType<'ctx>, IntType<'ctx>)> {
        match shape.element {
            BasicTypeEnum::IntType(element) if shape.count > 1 && !byte_sized(shape.element) => {
                let bits = std::num::NonZeroU32::new(element.get_bit_width() * shape.count as u32)?;
                Some((element, self.context.custom_width_int_type(bits).ok()?))
            }
            _ => None,
        }
    }

    /// A vector of lanes, each the bit offset of `component` in a packed
    /// vector of `element`s.
    fn packed_shift(&self, packed: IntType<'ctx>, element: IntType<'ctx>, component: u64) -> VectorValue<'ctx> {
        let offset = packed.const_int(component * u64::from(element.get_bit_width()), false);
        VectorType::const_vector(&vec![offset; self.width as usize])
    }

    fn stored_as_bytes(&self, element: BasicTypeEnum<'ctx>) -> Option<(IntType<'ctx>, IntType<'ctx>)> {
        match element {
            BasicTypeEnum::IntType(narrow) if !byte_sized(element) => {
                let bits = std::num::NonZeroU32::new(narrow.get_bit_width().div_ceil(8) * 8)?;
                Some((narrow, self.context.custom_width_int_type(bits).ok()?))
            }
            _ => None,
        }
    }

    /// Branches on `condition` to two new blocks that both go on to a third:
    /// (then, else, join).
    fn diamond(&self, condition: IntValue<'ctx>) -> Result<(BasicBlock<'ctx>, BasicBlock<'ctx>, BasicBlock<'ctx>)> {
        let then = self.context.append_basic_block(self.vector, "dense");
        let otherwise = self.context.append_basic_block(self.vector, "sparse");
        let join = self.context.append_basic_block(self.vector, "memory.join");
        self.builder.build_conditional_branch(condition, then, otherwise)?;
        Ok((then, otherwise, join))
    }

    /// A call of a pure function or intrinsic on varying arguments.
    fn emit_call(
        &mut self,
        instruction: InstructionValue<'ctx>,
        operands: &[BasicValueEnum<'ctx>],
        shape: &Shape<'ctx>,
    ) -> Result<Vec<BasicValueEnum<'ctx>>> {
        let call = CallSiteValue::try_from(instruction).map_err(|_| no_type())?;
        let Some(callee) = call.get_called_fn_value() else { return unsupported("an indirect call") };
        let name = callee.get_name().to_string_lossy().into_owned();
        let arguments = &operands[..operands.len().saturating_sub(1)];
        if let Some(reduction) = name.strip_prefix("llvm.vector.reduce.") {
            return Ok(vec![self.reduce_components(reduction, arguments)?]);
        }
        if let Some(intrinsic) = elementwise_intrinsic(&name) {
            let mut out = Vec::new();
            for component in 0..shape.count {
                let mut values: Vec<BasicValueEnum<'ctx>> = Vec::new();
                for (position, &argument) in arguments.iter().enumerate() {
                    if intrinsic.immediates.contains(&position) {
                        let Lanes::Uniform(argument) = self.lanes(argument)? else {
                            return unsupported(format!("a varying immediate of {name}"));
                        };
                        values.push(argument);
                    } else {
                        let widened = self.widen(argument)?;
                        values.push(*widened.get(component).or(widened.first()).ok_or_else(no_type)?);
                    }
                }
                let overloads: Vec<BasicTypeEnum<'ctx>> = intrinsic
                    .overloads
                    .iter()
                    .map(|overload| match overload {
                        Overload::Result => Ok(shape.vector(self.width)),
                        Overload::Argument(position) => {
                            values.get(*position).map(|value| value.get_type()).ok_or_else(no_type)
                        }
                    })
                    .collect::<Result<_>>()?;
                out.push(self.intrinsic_call(intrinsic.base, &overloads, &values, None)?);
            }
            return Ok(out);
        }
        if name.starts_with("llvm.") {
            return unsupported(format!("a varying call of {name}"));
        }
        if !is_pure_call(instruction) || shape.count != 1 {
            return unsupported(format!("a varying call of {name}"));
        }
        // A pure library function (libm): called lane by lane.
        let widened: Vec<Vec<BasicValueEnum<'ctx>>> =
            arguments.iter().map(|&a| self.widen(a)).collect::<Result<_>>()?;
        if widened.iter().any(|components| components.len() != 1) {
            return unsupported(format!("a call of {name} with vector arguments"));
        }
        let mut result = shape.poison(self.width)[0].into_vector_value();
        for lane in 0..self.width {
            let index = self.context.i32_type().const_int(u64::from(lane), false);
            let mut values: Vec<BasicMetadataValueEnum<'ctx>> = Vec::new();
            for components in &widened {
                values.push(self.builder.build_extract_element(components[0].into_vector_value(), index, "")?.into());
            }
            let value = self
                .builder
                .build_direct_call(callee, &values, "")?
                .try_as_basic_value()
                .basic()
                .ok_or_else(no_type)?;
            result = self.builder.build_insert_element(result, value, index, "")?;
        }
        Ok(vec![result.into()])
    }

    /// `llvm.{u,s}{add,sub,mul}.with.overflow` of varying scalars (instcombine
    /// makes them of `uaddCarry`, `usubBorrow`, `umulExtended`): the same
    /// intrinsic on the lanes' vectors, whose {result, overflow} pair its
    /// `extractvalue`s read, as those of a compare-exchange.
    fn emit_overflow(
        &mut self,
        instruction: InstructionValue<'ctx>,
        base: &'static str,
        operands: &[BasicValueEnum<'ctx>],
    ) -> Result<()> {
        let (left, right) = (self.widen(operands[0])?, self.widen(operands[1])?);
        let ([left], [right]) = (left.as_slice(), right.as_slice()) else {
            return unsupported(format!("{base} of vectors"));
        };
        let pair = self.intrinsic_call(base, &[left.get_type()], &[*left, *right], None)?;
        self.keep_pair(instruction, pair)
    }

    /// `pair`, a {vector, vector} result standing for `instruction`'s pair:
    /// its fields, for the `extractvalue`s and (as a phi's incoming value)
    /// the phis.
    fn keep_pair(&mut self, instruction: InstructionValue<'ctx>, pair: BasicValueEnum<'ctx>) -> Result<()> {
        let mut fields = Vec::new();
        for field in 0..2 {
            fields.push(self.builder.build_extract_value(pair.into_struct_value(), field, "")?);
        }
        self.pairs.insert(key(&instruction), fields.clone());
        self.values.insert(key(&instruction), Lanes::Varying(fields));
        Ok(())
    }

    /// `llvm.frexp` of a varying scalar (GLSL's and OpenCL's `frexp`): the
    /// same intrinsic on the lanes' vector, whose {fraction, exponent} pair
    /// its `extractvalue`s read, as those of an overflow arithmetic.
    fn emit_frexp(&mut self, instruction: InstructionValue<'ctx>, operand: BasicValueEnum<'ctx>) -> Result<()> {
        let value = self.widen(operand)?;
        let [value] = value.as_slice() else { return unsupported("llvm.frexp of vectors") };
        let Ok(BasicTypeEnum::StructType(pair)) = BasicTypeEnum::try_from(instruction.get_type()) else {
            return Err(no_type());
        };
        let Some(BasicTypeEnum::IntType(exponent)) = pair.get_field_type_at_index(1) else { return Err(no_type()) };
        let overloads = [value.get_type(), exponent.vec_type(self.width).into()];
        let pair = self.intrinsic_call("llvm.frexp", &overloads, &[*value], None)?;
        self.keep_pair(instruction, pair)
    }

    /// A call of the host's image functions (spirv_to_llvm/image.rs), lane
    /// by lane in lane order, when some lane reaches the block (reads) or
    /// always (writes). Reads and size queries run in every lane then:
    /// they change nothing, and a masked-off lane's coordinates, whatever
    /// they hold, are bounds-checked by the function like any other. A
    /// write runs in every lane too, a masked-off lane's with x = -1,
    /// outside every image: the function drops it, no branch needed.
    fn emit_image_call(
        &mut self,
        instruction: InstructionValue<'ctx>,
        kind: ImageCall,
        mask: VectorValue<'ctx>,
    ) -> Result<()> {
        let call = CallSiteValue::try_from(instruction).map_err(|_| no_type())?;
        let callee = call.get_called_fn_value().ok_or_else(no_type)?;
        let count = instruction.get_num_operands().saturating_sub(1);
        let mut arguments = Vec::with_capacity(count as usize);
        for index in 0..count {
            let Some(Operand::Value(argument)) = instruction.get_operand(index) else { return Err(no_type()) };
            arguments.push(match self.lanes(argument)? {
                Lanes::Uniform(value) => Lanes::Uniform(value),
                Lanes::Varying(components) if components.len() == 1 => Lanes::Varying(components),
                Lanes::Varying(_) => return unsupported("an image call with a vector argument"),
            });
        }
        let i32_type = self.context.i32_type();
        if kind == ImageCall::Read && arguments.iter().all(|argument| matches!(argument, Lanes::Uniform(_))) {
            // The same texel (or size) for every lane: read once.
            let values: Vec<BasicMetadataValueEnum<'ctx>> = arguments
                .iter()
                .filter_map(|argument| match argument {
                    Lanes::Uniform(value) => Some((*value).into()),
                    Lanes::Varying(_) => None,
                })
                .collect();
            let result = self.builder.build_direct_call(callee, &values, "")?;
            let value = result.try_as_basic_value().basic().ok_or_else(no_type)?;
            self.values.insert(key(&instruction), Lanes::Uniform(value));
            return Ok(());
        }
        let outside = i32_type.const_all_ones();
        // A descriptor that differs between lanes (one that crossed a
        // barrier in a region's step: per-invocation storage) holds nothing
        // in a masked-off lane, past the workgroup's invocations: each
        // lane's call then runs only when the lane is active (fuzz-diff
        // seed 20261140: a null descriptor read).
        let guarded = arguments.iter().any(|argument| {
            matches!(argument, Lanes::Varying(components)
                if components[0].get_type().into_vector_type().get_element_type().is_pointer_type())
        });
        // A call runs only when some lane reaches its block: a host call on
        // the path the lanes do not take (the sampled reads and RGBA8 writes
        // image_inline.rs inlines behind a test of the descriptors, the
        // others calling the host) costs one branch, not a call per lane.
        let entered = {
            let any = self.any(mask)?;
            let here = self.builder.get_insert_block().ok_or_else(no_type)?;
            let calls = self.context.append_basic_block(self.vector, "image.any");
            let done = self.context.append_basic_block(self.vector, "image.done");
            self.builder.build_conditional_branch(any, calls, done)?;
            self.builder.position_at_end(calls);
            Some((here, done))
        };
        let mut results: Vec<BasicValueEnum<'ctx>> = Vec::new();
        for lane in 0..self.width {
            let index = i32_type.const_int(u64::from(lane), false);
            let active = self.builder.build_extract_element(mask, index, "")?.into_int_value();
            let skip = if guarded {
                let here = self.builder.get_insert_block().ok_or_else(no_type)?;
                let run = self.context.append_basic_block(self.vector, "image.lane");
                let join = self.context.append_basic_block(self.vector, "image.join");
                self.builder.build_conditional_branch(active, run, join)?;
                self.builder.position_at_end(run);
                Some((here, run, join))
            } else {
                None
            };
            let mut values: Vec<BasicMetadataValueEnum<'ctx>> = Vec::with_capacity(arguments.len());
            for (position, argument) in arguments.iter().enumerate() {
                let mut value = match argument {
                    Lanes::Uniform(value) => *value,
                    Lanes::Varying(components) => {
                        self.builder.build_extract_element(components[0].into_vector_value(), index, "")?
                    }
                };
                if kind == ImageCall::Write && position == 1 {
                    value = self.builder.build_select(active, value.into_int_value(), outside, "")?;
                }
                values.push(value.into());
            }
            let result = self.builder.build_direct_call(callee, &values, "")?;
            let mut value = result.try_as_basic_value().basic();
            if let Some((here, run, join)) = skip {
                self.builder.build_unconditional_branch(join)?;
                self.builder.position_at_end(join);
                if let Some(read) = value {
                    let phi = self.builder.build_phi(read.get_type(), "")?;
                    phi.add_incoming(&[(&read, run), (&poison_of(read.get_type()), here)]);
                    value = Some(phi.as_basic_value());
                }
            }
            if kind != ImageCall::Write {
                results.push(value.ok_or_else(no_type)?);
            }
        }
        if kind != ImageCall::Write {
            let ty = results.first().map(|value| value.get_type()).ok_or_else(no_type)?;
            let mut vector = self.components_of(ty)?.poison(self.width)[0].into_vector_value();
            for (lane, value) in results.into_iter().enumerate() {
                let index = i32_type.const_int(lane as u64, false);
                vector = self.builder.build_insert_element(vector, value, index, "")?;
            }
            let mut value: BasicValueEnum<'ctx> = vector.into();
            if let Some((here, done)) = entered {
                let last = self.builder.get_insert_block().ok_or_else(no_type)?;
                self.builder.build_unconditional_branch(done)?;
                self.builder.position_at_end(done);
                let phi = self.builder.build_phi(value.get_type(), "")?;
                phi.add_incoming(&[(&value, last), (&poison_of(value.get_type()), here)]);
                value = phi.as_basic_value();
            }
            self.values.insert(key(&instruction), Lanes::Varying(vec![value]));
        } else if let Some((_, done)) = entered {
            self.builder.build_unconditional_branch(done)?;
            self.builder.position_at_end(done);
        }
        Ok(())
    }

    /// `llvm.vector.reduce.<kind>` of a per-lane vector: its components
    /// folded in order.
    fn reduce_components(&mut self, kind: &str, arguments: &[BasicValueEnum<'ctx>]) -> Result<BasicValueEnum<'ctx>> {
        let kind = kind.split('.').next().unwrap_or(kind);
        let (start, vector) = match arguments {
            [start, vector] => (Some(self.widen(*start)?[0]), *vector),
            [vector] => (None, *vector),
            _ => return unsupported("a reduction"),
        };
        let components = self.widen(vector)?;
        let mut accumulator = start;
        for component in components {
            accumulator = Some(match accumulator {
                None => component,
                Some(accumulator) => {
                    let operation = match kind {
                        "add" => Some(Op::Add),
                        "mul" => Some(Op::Mul),
                        "and" => Some(Op::And),
                        "or" => Some(Op::Or),
                        "xor" => Some(Op::Xor),
                        "fadd" => Some(Op::FAdd),
                        "fmul" => Some(Op::FMul),
                        _ => None,
                    };
                    match operation {
                        Some(operation) => self.builder.build_binop(operation, accumulator, component, "")?,
                        None => {
                            let intrinsic = match kind {
                                "smax" | "smin" | "umax" | "umin" => format!("llvm.{kind}"),
                                "fmax" => "llvm.maxnum".to_owned(),
                                "fmin" => "llvm.minnum".to_owned(),
                                "fmaximum" => "llvm.maximum".to_owned(),
                                "fminimum" => "llvm.minimum".to_owned(),
                                _ => return unsupported(format!("llvm.vector.reduce.{kind}")),
                            };
                            self.intrinsic_call(&intrinsic, &[accumulator.get_type()], &[accumulator, component], None)?
                        }
                    }
                }
            });
        }
        accumulator.ok_or_else(no_type)
    }

    /// Calls intrinsic `name` overloaded on `overloads`; `alignment`
    /// (argument, bytes) goes on that argument (the masked memory
    /// intrinsics' pointers).
    fn intrinsic_call(
        &self,
        name: &str,
        overloads: &[BasicTypeEnum<'ctx>],
        arguments: &[BasicValueEnum<'ctx>],
        alignment: Option<(u32, u32)>,
    ) -> Result<BasicValueEnum<'ctx>> {
        let intrinsic = Intrinsic::find(name).ok_or_else(|| SpmdError::Llvm(format!("no intrinsic {name}")))?;
        let declaration = intrinsic
            .get_declaration(self.module, overloads)
            .ok_or_else(|| SpmdError::Llvm(format!("no declaration of {name}")))?;
        let arguments: Vec<BasicMetadataValueEnum<'ctx>> = arguments.iter().map(|&a| a.into()).collect();
        let call = self.builder.build_direct_call(declaration, &arguments, "")?;
        if let Some((argument, alignment)) = alignment {
            let align = self
                .context
                .create_enum_attribute(Attribute::get_named_enum_kind_id("align"), u64::from(alignment.max(1)));
            call.add_attribute(AttributeLoc::Param(argument), align);
        }
        Ok(call.try_as_basic_value().basic().unwrap_or_else(|| self.context.i8_type().get_poison().into()))
    }

    /// A load through `select(c, p, q)` with `p` and `q` the same in every
    /// lane and `c` not (a member of the push constants or another block
    /// picked per invocation): `p` loaded once if some lane of `mask` picks
    /// it, `q` likewise, and the lanes' values selected, where a gather
    /// would load lane by lane. A gather from the workgroup function's copy
    /// of the push constants would also put the copy's address in a vector,
    /// which LLVM takes for an escape: every store of the loop might then
    /// write the copy, and its loads stayed in the invocation loop.
    /// `None` for other loads.
    fn load_either(
        &mut self,
        instruction: InstructionValue<'ctx>,
        shape: &Shape<'ctx>,
        alignment: u32,
        mask: VectorValue<'ctx>,
    ) -> Result<Option<Vec<BasicValueEnum<'ctx>>>> {
        let Some(Operand::Value(pointer)) = instruction.get_operand(0) else { return Ok(None) };
        let Some(select) = pointer.as_instruction_value().filter(|select| select.get_opcode() == Op::Select) else {
            return Ok(None);
        };
        let (Some(Operand::Value(condition)), Some(Operand::Value(first)), Some(Operand::Value(second))) =
            (select.get_operand(0), select.get_operand(1), select.get_operand(2))
        else {
            return Ok(None);
        };
        if shape.count != 1 || !condition.get_type().is_int_type() || self.packed_bits(shape).is_some() {
            return Ok(None);
        }
        let (Lanes::Uniform(first), Lanes::Uniform(second)) = (self.lanes(first)?, self.lanes(second)?) else {
            return Ok(None);
        };
        let Lanes::Varying(picks) = self.lanes(condition)? else { return Ok(None) };
        let [picks] = picks.as_slice() else { return Ok(None) };
        // A masked-off lane's condition may be poison, which `and` keeps:
        // frozen, so that the branches below never test poison.
        let picks = llvm_edge::freeze(&self.builder, *picks).ok_or_else(no_type)?.into_vector_value();
        let ty = shape.element;
        let others = self.builder.build_not(picks, "")?;
        let mut loaded = Vec::new();
        for (address, lanes) in [(first, picks), (second, others)] {
            let wanted = self.builder.build_and(lanes, mask, "")?;
            let any = self.any(wanted)?;
            let here = self.builder.get_insert_block().ok_or_else(no_type)?;
            let load_block = self.context.append_basic_block(self.vector, "either.load");
            let join = self.context.append_basic_block(self.vector, "either.join");
            self.builder.build_conditional_branch(any, load_block, join)?;
            self.builder.position_at_end(load_block);
            let value = self.builder.build_load(ty, address.into_pointer_value(), "")?;
            if let Some(load) = value.as_instruction_value() {
                load.set_alignment(alignment).map_err(|_| no_type())?;
            }
            self.builder.build_unconditional_branch(join)?;
            self.builder.position_at_end(join);
            let phi = self.builder.build_phi(ty, "")?;
            phi.add_incoming(&[(&value, load_block), (&poison_of(ty), here)]);
            loaded.push(self.splat(phi.as_basic_value())?);
        }
        Ok(Some(vec![self.builder.build_select(picks, loaded[0], loaded[1], "")?]))
    }

    /// A call of `__spvabi_device_range` for the lanes of `mask`, one by
    /// one, skipped when `mask` has none; other lanes' answers are poison
    /// (they do not reach the call).
    fn emit_masked_query(&mut self, instruction: InstructionValue<'ctx>, mask: VectorValue<'ctx>) -> Result<()> {
        let any = self.any(mask)?;
        let here = self.builder.get_insert_block().ok_or_else(no_type)?;
        let lanes = self.context.append_basic_block(self.vector, "query.lanes");
        let after = self.context.append_basic_block(self.vector, "query.after");
        self.builder.build_conditional_branch(any, lanes, after)?;
        self.builder.position_at_end(lanes);
        self.emit_per_lane(instruction, mask)?;
        let end = self.builder.get_insert_block().ok_or_else(no_type)?;
        self.builder.build_unconditional_branch(after)?;
        self.builder.position_at_end(after);
        let Some(Lanes::Varying(components)) = self.values.get(&key(&instruction)).cloned() else {
            return Err(no_type());
        };
        let [answers] = components.as_slice() else { return Err(no_type()) };
        let phi = self.builder.build_phi(answers.get_type(), "")?;
        phi.add_incoming(&[(answers, end), (&poison_of(answers.get_type()), here)]);
        self.values.insert(key(&instruction), Lanes::Varying(vec![phi.as_basic_value()]));
        Ok(())
    }

    /// Whether any lane of `mask` is set.
    fn any(&self, mask: VectorValue<'ctx>) -> Result<IntValue<'ctx>> {
        self.reduce("llvm.vector.reduce.or", mask)
    }

    fn reduce(&self, name: &str, mask: VectorValue<'ctx>) -> Result<IntValue<'ctx>> {
        Ok(self.intrinsic_call(name, &[mask.get_type().into()], &[mask.into()], None)?.into_int_value())
    }

    fn mask_type(&self) -> VectorType<'ctx> {
        self.context.bool_type().vec_type(self.width)
    }

    /// `<width x T>` with every lane `value` (a scalar).
    fn splat(&self, value: BasicValueEnum<'ctx>) -> Result<BasicValueEnum<'ctx>> {
        let vector_type = Shape { element: value.get_type(), count: 1 }.vector(self.width).into_vector_type();
        let zero = self.context.i32_type().const_zero();
        let single = self.builder.build_insert_element(vector_type.get_poison(), value, zero, "")?;
        let mask = self.context.i32_type().vec_type(self.width).const_zero();
        Ok(self.builder.build_shuffle_vector(single, vector_type.get_poison(), mask, "")?.into())
    }

    /// What `value` of the scalar function is in the vector one.
    fn lanes(&self, value: BasicValueEnum<'ctx>) -> Result<Lanes<'ctx>> {
        if let Some(lanes) = self.values.get(&key(&value)) {
            return Ok(lanes.clone());
        }
        if value.as_instruction_value().is_some() {
            return unsupported("a value used before it is computed");
        }
        Ok(Lanes::Uniform(value))
    }

    /// `value`'s components, one `<width x T>` each.
    fn widen(&mut self, value: BasicValueEnum<'ctx>) -> Result<Vec<BasicValueEnum<'ctx>>> {
        match self.lanes(value)? {
            Lanes::Varying(components) => Ok(components),
            Lanes::Uniform(uniform) if uniform.is_struct_value() => {
                // A {value, flag} pair (a constant, or a uniform overflow
                // arithmetic) meeting varying ones at a phi: its fields.
                let pair = uniform.into_struct_value();
                let mut out = Vec::new();
                for field in 0..pair_fields(pair.get_type().into())? {
                    let value = self.builder.build_extract_value(pair, field, "")?;
                    out.push(self.splat(value)?);
                }
                Ok(out)
            }
            Lanes::Uniform(uniform) => {
                let shape = self.components_of(uniform.get_type())?;
                if !uniform.get_type().is_vector_type() {
                    return Ok(vec![self.splat(uniform)?]);
                }
                let mut out = Vec::new();
                for component in 0..shape.count {
                    let index = self.context.i32_type().const_int(component as u64, false);
                    let element = self.builder.build_extract_element(uniform.into_vector_value(), index, "")?;
                    out.push(self.splat(element)?);
                }
                Ok(out)
            }
        }
    }

    fn components_of(&self, ty: BasicTypeEnum<'ctx>) -> Result<Shape<'ctx>> {
        match ty {
            BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_) | BasicTypeEnum::PointerType(_) => {
                Ok(Shape { element: ty, count: 1 })
            }
            BasicTypeEnum::VectorType(vector) => {
                let element = vector.get_element_type();
                Ok(Shape { element, count: vector.get_size() as usize })
            }
            _ => unsupported("an aggregate value"),
        }
    }
}

/// The scalar element type of a value and how many elements a lane has.
struct Shape<'ctx> {
    element: BasicTypeEnum<'ctx>,
    count: usize,
}

impl<'ctx> Shape<'ctx> {
    /// `<width x element>`.
    fn vector(&self, width: u32) -> BasicTypeEnum<'ctx> {
        match self.element {
            BasicTypeEnum::IntType(t) => t.vec_type(width).into(),
            BasicTypeEnum::FloatType(t) => t.vec_type(width).into(),
            BasicTypeEnum::PointerType(t) => t.vec_type(width).into(),
            other => other,
        }
    }

    fn poison(&self, width: u32) -> Vec<BasicValueEnum<'ctx>> {
        vec![poison_of(self.vector(width)); self.count]
    }
}

/// Whether values of `ty` fill whole bytes: not integers such as `i1`, of
/// which LLVM packs a vector into bits.
fn byte_sized(ty: BasicTypeEnum<'_>) -> bool {
    !matches!(ty, BasicTypeEnum::IntType(integer) if integer.get_bit_width() % 8 != 0)
}

fn poison_of(ty: BasicTypeEnum<'_>) -> BasicValueEnum<'_> {
    match ty {
        BasicTypeEnum::IntType(t) => t.get_poison().into(),
        BasicTypeEnum::FloatType(t) => t.get_poison().into(),
        BasicTypeEnum::PointerType(t) => t.get_poison().into(),
        BasicTypeEnum::VectorType(t) => t.get_poison().into(),
        BasicTypeEnum::ArrayType(t) => t.get_poison().into(),
        BasicTypeEnum::StructType(t) => t.get_poison().into(),
        BasicTypeEnum::ScalableVectorType(t) => t.get_poison().into(),
    }
}

fn value_of(instruction: InstructionValue<'_>) -> Result<BasicValueEnum<'_>> {
    BasicValueEnum::try_from(instruction.as_any_value_enum()).map_err(|_| no_type())
}

/// Whether a load or store is atomic.
fn is_atomic(instruction: InstructionValue<'_>) -> bool {
    instruction.get_atomic_ordering().is_ok_and(|ordering| ordering != inkwell::AtomicOrdering::NotAtomic)
}

fn no_type() -> SpmdError {
    SpmdError::Unsupported("an instruction of an unexpected form".to_owned())
}

fn constant_index(value: BasicValueEnum<'_>) -> Option<usize> {
    match value {
        BasicValueEnum::IntValue(value) => value.get_zero_extended_constant().map(|index| index as usize),
        _ => None,
    }
}

/// Calls that have no effect on what the vectorized code computes.
fn is_ignorable_intrinsic(instruction: InstructionValue<'_>) -> bool {
    let Ok(call) = CallSiteValue::try_from(instruction) else { return false };
    let Some(callee) = call.get_called_fn_value() else { return false };
    let name = callee.get_name().to_string_lossy();
    // The loop markers (loop_exits.rs) mean nothing to the lanes.
    [
        "llvm.lifetime.",
        "llvm.assume",
        "llvm.dbg.",
        "llvm.experimental.noalias.scope.decl",
        super::loop_exits::PREFIX,
    ]
        .iter()
        .any(|prefix| name.starts_with(prefix))
}

/// A call of a function that neither reads nor writes memory (`memory(none)`,
/// as LLVM's math intrinsics and the libm functions the builtins call).
/// Which of the host's image functions (docs/abi.md, "Images") a call calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ImageCall {
    /// `__spvabi_image_read`, `__spvabi_image_size`, the sampling
    /// functions and queries: read only.
    Read,
    /// `__spvabi_image_write`: x is its second argument.
    Write,
}

fn image_call(instruction: InstructionValue<'_>) -> Option<ImageCall> {
    use crate::spirv_to_llvm::{
        image::{IMAGE_READ, IMAGE_SIZE, IMAGE_WRITE},
        sampling::{IMAGE_FETCH, IMAGE_LEVELS, IMAGE_SAMPLE, IMAGE_SIZE_LOD},
    };
    if instruction.get_opcode() != Op::Call {
        return None;
    }
    let callee = CallSiteValue::try_from(instruction).ok()?.get_called_fn_value()?;
    let name = callee.get_name().to_str().ok()?;
    match name {
        _ if [IMAGE_READ, IMAGE_SIZE, IMAGE_SAMPLE, IMAGE_FETCH, IMAGE_SIZE_LOD, IMAGE_LEVELS].contains(&name) => {
            Some(ImageCall::Read)
        }
        _ if name == IMAGE_WRITE => Some(ImageCall::Write),
        _ => None,
    }
}

/// The fields (2) of a {value, i1} pair or a {float, integer} pair, the
/// aggregates the vectorizer keeps in lanes (compare-exchange and overflow
/// arithmetic results; `llvm.frexp`'s). Their fields differ in type, which
/// is how an `extractvalue` finds its field.
fn pair_fields(ty: BasicTypeEnum<'_>) -> Result<u32> {
    let BasicTypeEnum::StructType(pair) = ty else { return unsupported("an aggregate value") };
    let fields = pair.get_field_types();
    let flag = |field: &BasicTypeEnum<'_>| matches!(field, BasicTypeEnum::IntType(t) if t.get_bit_width() == 1);
    match fields.as_slice() {
        [value @ (BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_)), last] if !flag(value) && flag(last) => Ok(2),
        [BasicTypeEnum::FloatType(_), exponent @ BasicTypeEnum::IntType(_)] if !flag(exponent) => Ok(2),
        _ => unsupported("an aggregate value"),
    }
}

/// The intrinsic a call of `llvm.{u,s}{add,sub,mul}.with.overflow.iN` on
/// scalars names (its base name).
fn overflow_intrinsic(instruction: InstructionValue<'_>) -> Option<&'static str> {
    const BASES: [&str; 6] = [
        "llvm.uadd.with.overflow",
        "llvm.sadd.with.overflow",
        "llvm.usub.with.overflow",
        "llvm.ssub.with.overflow",
        "llvm.umul.with.overflow",
        "llvm.smul.with.overflow",
    ];
    if instruction.get_opcode() != Op::Call {
        return None;
    }
    let call = CallSiteValue::try_from(instruction).ok()?;
    let name = call.get_called_fn_value()?.get_name().to_string_lossy().into_owned();
    BASES.into_iter().find(|base| name.strip_prefix(base).is_some_and(|rest| rest.starts_with(".i") && rest != ".i1"))
}

/// Whether `instruction` calls `llvm.frexp` on a scalar float.
fn is_scalar_frexp(instruction: InstructionValue<'_>) -> bool {
    let Ok(call) = CallSiteValue::try_from(instruction) else { return false };
    let Some(callee) = call.get_called_fn_value() else { return false };
    let name = callee.get_name().to_string_lossy();
    name.starts_with("llvm.frexp.f") && !name.contains(".v")
}

/// Whether `instruction` calls the host's device-range query
/// ([`super::DEVICE_RANGE`]).
fn is_device_range_call(instruction: InstructionValue<'_>) -> bool {
    CallSiteValue::try_from(instruction)
        .ok()
        .and_then(|call| call.get_called_fn_value())
        .is_some_and(|callee| callee.get_name().to_bytes() == super::DEVICE_RANGE.as_bytes())
}

fn is_pure_call(instruction: InstructionValue<'_>) -> bool {
    let Ok(call) = CallSiteValue::try_from(instruction) else { return false };
    let Some(callee) = call.get_called_fn_value() else { return false };
    let memory = Attribute::get_named_enum_kind_id("memory");
    let none = |attribute: Option<Attribute>| attribute.is_some_and(|attribute| attribute.get_enum_value() == 0);
    let name = callee.get_name().to_string_lossy();
    none(callee.get_enum_attribute(AttributeLoc::Function, memory))
        || none(call.get_enum_attribute(AttributeLoc::Function, memory))
        || elementwise_intrinsic(&name).is_some()
        || name.starts_with("llvm.vector.reduce.")
}

/// What an overloaded intrinsic's type suffix names.
#[derive(Clone, Copy)]
enum Overload {
    /// The result's type.
    Result,
    /// The type of argument `n`.
    Argument(usize),
}

/// An LLVM intrinsic that applies lane by lane: its name, the arguments that
/// must stay scalar immediates, and what its type suffixes stand for.
struct Elementwise {
    base: &'static str,
    immediates: &'static [usize],
    overloads: &'static [Overload],
}

/// The elementwise intrinsic `name` calls (`llvm.fabs.f32`: `llvm.fabs`).
fn elementwise_intrinsic(name: &str) -> Option<&'static Elementwise> {
    use Overload::{Argument, Result as Res};
    const fn by_result(base: &'static str) -> Elementwise {
        Elementwise { base, immediates: &[], overloads: &[Res] }
    }
    const TABLE: &[Elementwise] = &[
        by_result("llvm.fabs"),
        by_result("llvm.sqrt"),
        by_result("llvm.fma"),
        by_result("llvm.fmuladd"),
        by_result("llvm.minnum"),
        by_result("llvm.maxnum"),
        by_result("llvm.minimum"),
        by_result("llvm.maximum"),
        by_result("llvm.minimumnum"),
        by_result("llvm.maximumnum"),
        by_result("llvm.copysign"),
        by_result("llvm.floor"),
        by_result("llvm.ceil"),
        by_result("llvm.trunc"),
        by_result("llvm.rint"),
        by_result("llvm.nearbyint"),
        by_result("llvm.round"),
        by_result("llvm.roundeven"),
        by_result("llvm.sin"),
        by_result("llvm.cos"),
        by_result("llvm.tan"),
        by_result("llvm.asin"),
        by_result("llvm.acos"),
        by_result("llvm.atan"),
        by_result("llvm.atan2"),
        by_result("llvm.sinh"),
        by_result("llvm.cosh"),
        by_result("llvm.tanh"),
        by_result("llvm.exp"),
        by_result("llvm.exp2"),
        by_result("llvm.exp10"),
        by_result("llvm.log"),
        by_result("llvm.log2"),
        by_result("llvm.log10"),
        by_result("llvm.pow"),
        by_result("llvm.smin"),
        by_result("llvm.smax"),
        by_result("llvm.umin"),
        by_result("llvm.umax"),
        by_result("llvm.sadd.sat"),
        by_result("llvm.uadd.sat"),
        by_result("llvm.ssub.sat"),
        by_result("llvm.usub.sat"),
        by_result("llvm.sshl.sat"),
        by_result("llvm.ushl.sat"),
        by_result("llvm.ctpop"),
        by_result("llvm.bitreverse"),
        by_result("llvm.bswap"),
        by_result("llvm.fshl"),
        by_result("llvm.fshr"),
        Elementwise { base: "llvm.abs", immediates: &[1], overloads: &[Res] },
        Elementwise { base: "llvm.ctlz", immediates: &[1], overloads: &[Res] },
        Elementwise { base: "llvm.cttz", immediates: &[1], overloads: &[Res] },
        Elementwise { base: "llvm.is.fpclass", immediates: &[1], overloads: &[Argument(0)] },
        Elementwise { base: "llvm.fptoui.sat", immediates: &[], overloads: &[Res, Argument(0)] },
        Elementwise { base: "llvm.fptosi.sat", immediates: &[], overloads: &[Res, Argument(0)] },
        Elementwise { base: "llvm.ldexp", immediates: &[], overloads: &[Res, Argument(1)] },
        // Three-way compares (instcombine forms them from select chains of
        // compares: fuzz-diff's 64-bit compare macros).
        Elementwise { base: "llvm.scmp", immediates: &[], overloads: &[Res, Argument(0)] },
        Elementwise { base: "llvm.ucmp", immediates: &[], overloads: &[Res, Argument(0)] },
    ];
    // The base, then one type suffix per overload (`llvm.fptoui.sat.i8.f32`).
    TABLE.iter().find(|intrinsic| {
        name.strip_prefix(intrinsic.base).and_then(|rest| rest.strip_prefix('.')).is_some_and(|suffixes| {
            let suffixes: Vec<&str> = suffixes.split('.').collect();
            suffixes.len() == intrinsic.overloads.len()
                && suffixes.iter().all(|suffix| suffix.starts_with(['f', 'i', 'v', 'p']) || *suffix == "bf16")
        })
    })
}
