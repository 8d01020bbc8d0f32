//! Importing only what one entry point reaches (docs/import.md, "One entry
//! point"): a Vulkan driver compiles only the stage a pipeline names, so a
//! module whose fragment function samples with implicit LOD (naga and Tint
//! write every stage of a WGSL program into one module) still runs its
//! compute entry point. The reader knows the call graph before anything is
//! imported: the other entry points, their execution modes and the
//! functions only they reach are left out of the instruction stream.
//! Types, constants and global variables stay (the runner's
//! `passes/src/prune.rs` drops the variables nothing reaches).

use std::collections::{HashMap, HashSet};

use super::{
    DeserializeError,
    importer::op,
    reader::{Inst, literal_string},
};

/// Which entry points [`deserialize_with`](super::deserialize_with) imports.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum EntryPoints {
    /// Every entry point and function of the module (the default of the
    /// translate and opt tools).
    #[default]
    All,
    /// The entry points named so (its `OpEntryPoint` name), the compute ones
    /// (`GLCompute`, `Kernel`) when there are any, and the functions they
    /// reach; every function when none has the name (the caller reports it).
    Named(String),
    /// The module's compute entry point when it has exactly one, else every
    /// entry point: what the runner without `--entry` runs.
    OnlyCompute,
}

/// The names of the entry points of the SPIR-V binary `bytes`, in order:
/// what a tool checks a requested [`EntryPoints::Named`] against (the
/// importer itself imports everything when no entry point has the name).
///
/// # Errors
///
/// A [`DeserializeError`] when the binary cannot be read.
pub fn entry_point_names(bytes: &[u8]) -> Result<Vec<String>, DeserializeError> {
    let words = super::reader::words(bytes)?;
    Ok(super::reader::instructions(&words.words)?
        .iter()
        .filter(|inst| inst.opcode == op::ENTRY_POINT)
        .filter_map(|inst| inst.words.get(2..).and_then(literal_string).map(|(name, _)| name))
        .collect())
}

/// Whether the SPIR-V binary `bytes` has an entry point named `wanted`
/// (`None`: nothing asked), or why not, naming the ones it has; a binary
/// that cannot be read passes (its import reports it).
///
/// # Errors
///
/// The message for a tool's `--entry-point` that names no entry point.
pub fn check_entry_point(bytes: &[u8], wanted: Option<&str>) -> Result<(), String> {
    let Some(wanted) = wanted else { return Ok(()) };
    let Ok(names) = entry_point_names(bytes) else { return Ok(()) };
    if names.iter().any(|name| name == wanted) {
        return Ok(());
    }
    Err(format!(
        "--entry-point {wanted}: the module has no such entry point ({})",
        if names.is_empty() { "it has none".to_owned() } else { format!("it has {}", names.join(", ")) }
    ))
}

/// `GLCompute` and `Kernel`.
const COMPUTE_MODELS: [u32; 2] = [5, 6];

/// `instructions` without the entry points `which` leaves out, their
/// execution modes and the functions only they reach (all of them for
/// [`EntryPoints::All`], or when nothing is selected).
pub(super) fn select<'w>(instructions: Vec<Inst<'w>>, which: &EntryPoints) -> Vec<Inst<'w>> {
    // (model, function, name) of each OpEntryPoint.
    let entries: Vec<(u32, u32, String)> = instructions
        .iter()
        .filter(|inst| inst.opcode == op::ENTRY_POINT && inst.words.len() >= 3)
        .map(|inst| {
            let name = literal_string(&inst.words[2..]).map(|(name, _)| name).unwrap_or_default();
            (inst.words[0], inst.words[1], name)
        })
        .collect();
    let is_compute = |entry: &&(u32, u32, String)| COMPUTE_MODELS.contains(&entry.0);
    let kept: Vec<&(u32, u32, String)> = match which {
        EntryPoints::All => return instructions,
        EntryPoints::Named(name) => {
            let named: Vec<_> = entries.iter().filter(|entry| entry.2 == *name).collect();
            let compute: Vec<_> = named.iter().copied().filter(is_compute).collect();
            if compute.is_empty() { named } else { compute }
        }
        EntryPoints::OnlyCompute => {
            let compute: Vec<_> = entries.iter().filter(is_compute).collect();
            if compute.len() == 1 { compute } else { Vec::new() }
        }
    };
    if kept.is_empty() || kept.len() == entries.len() {
        return instructions;
    }

    // Each function's instructions, and what its body references: any word
    // that is a function's id counts (calls, OpEnqueueKernel's invoke...),
    // which can only keep too much, never too little.
    let mut bodies: HashMap<u32, (usize, usize)> = HashMap::new();
    let mut start = None;
    for (index, inst) in instructions.iter().enumerate() {
        match inst.opcode {
            op::FUNCTION => start = inst.words.get(1).map(|id| (*id, index)),
            op::FUNCTION_END => {
                if let Some((id, first)) = start.take() {
                    bodies.insert(id, (first, index));
                }
            }
            _ => {}
        }
    }
    let mut reached: HashSet<u32> = HashSet::new();
    let mut work: Vec<u32> = kept.iter().map(|entry| entry.1).collect();
    while let Some(function) = work.pop() {
        if !reached.insert(function) {
            continue;
        }
        let Some(&(first, last)) = bodies.get(&function) else { continue };
        for inst in &instructions[first + 1..last] {
            work.extend(inst.words.iter().filter(|word| bodies.contains_key(word) && !reached.contains(word)));
        }
    }
    let kept_entries: HashSet<u32> = kept.iter().map(|entry| entry.1).collect();
    let kept_names: HashSet<(u32, &str)> = kept.iter().map(|entry| (entry.1, entry.2.as_str())).collect();
    // Inside a function left out, up to its OpFunctionEnd.
    let mut skipping = false;
    let mut selected = Vec::with_capacity(instructions.len());
    for inst in &instructions {
        if skipping {
            skipping = inst.opcode != op::FUNCTION_END;
            continue;
        }
        let keep = match inst.opcode {
            op::ENTRY_POINT => {
                let name = inst.words.get(2..).and_then(literal_string).map(|(name, _)| name).unwrap_or_default();
                inst.words.get(1).is_some_and(|function| kept_names.contains(&(*function, name.as_str())))
            }
            op::EXECUTION_MODE | op::EXECUTION_MODE_ID => {
                inst.words.first().is_some_and(|function| kept_entries.contains(function))
            }
            op::FUNCTION => {
                let reachable = inst.words.get(1).is_some_and(|id| reached.contains(id));
                skipping = !reachable;
                reachable
            }
            _ => true,
        };
        if keep {
            selected.push(*inst);
        }
    }
    selected
}
