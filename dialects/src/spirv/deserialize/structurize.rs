//! Structured control flow: the constructs that `OpSelectionMerge` and
//! `OpLoopMerge` declare become `spirv.mlir.selection` and `spirv.mlir.loop`
//! regions wherever the dialect can hold them; everything else stays plain
//! blocks with `spirv.Branch`, `spirv.BranchConditional` and `spirv.Switch`
//! (OpenCL modules, which have no merge instructions, and the constructs
//! below).
//!
//! What MLIR's own deserializer does (its `ControlFlowStructurizer`) is the
//! model: a construct's blocks move into the region of an op placed where
//! the header was entered, branches to the merge block become branches to
//! the region's merge block (which holds `spirv.mlir.merge`), and the ops of
//! the merge block follow the op. Unlike it, the analysis here runs on the
//! SPIR-V blocks before any op is built, so that a construct the regions
//! cannot hold is left as plain blocks rather than refused:
//!
//! - a construct is the blocks its header dominates and its merge block does
//!   not (SPIR-V's definition), plus an unreachable continue target or an
//!   unreachable merge block of a construct inside it;
//! - it becomes a region only if control enters it through its header alone
//!   and leaves it through its merge block alone (a `break` out of a
//!   selection, a `continue` from a selection, a branch out of a nested loop
//!   keep that construct plain), its merge block is reachable and only
//!   entered from inside it, a loop has one back edge, constructs nest (a
//!   nested construct's merge block lies inside the outer one), and every
//!   value defined inside and used outside is defined in a block that
//!   dominates the merge block: such values leave the region as results of
//!   the op, yielded by `spirv.mlir.merge` after the merge block's `OpPhi`s;
//! - `OpReturn`, `OpReturnValue`, `OpKill`, `OpTerminateInvocation` and
//!   `OpUnreachable` may end blocks inside a region (the dialect allows
//!   them there), so early returns keep their constructs.
//!
//! The layout follows what MLIR's serializer writes, so that a module it
//! serializes reads back as the IR it came from: a header entered by an
//! unconditional branch from its only outside predecessor (the serializer
//! puts every header in a block of its own) is placed in that predecessor's
//! block, the op taking the place of the branch, with the header's ops
//! inside the region; the merge block's ops follow the op in the same block.
//! A selection header entered otherwise (a conditional branch, several
//! predecessors, the function's entry) keeps its ops outside the region,
//! only its conditional branch inside, as MLIR's deserializer does; a loop
//! header always moves into the region, which starts with a block that only
//! branches to it; a loop header holding nothing but its `OpPhi`s,
//! `OpLoopMerge` and a branch to a block that starts a nested construct is
//! joined with that block (the serializer splits such headers so). In a
//! loop region the block holding the back edge is second to last, as the
//! dialect requires.
//!
//! The plan ([`Plan`]) says, for each MLIR block of the function and of each
//! region, what it holds: the ops of SPIR-V blocks, their terminators, and
//! the ops of constructs; `structured_body` then builds it, with the
//! importer's own instruction walk.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use melior::ir::{
    Block, BlockLike, BlockRef, Location, Region, RegionLike, Type, Value, ValueLike,
    operation::{OperationBuilder, OperationLike},
};

use super::{
    ErrorKind,
    importer::{FunctionInsts, FunctionState, Importer, Result, check_plain_header, op},
    reader::Inst,
};
use crate::spirv::types::SpirvType;

/// Constructs nested deeper than this stay plain blocks (MLIR's verifier and
/// printer recurse into regions, as does the import of one).
const MAX_DEPTH: usize = 200;

const KILL: u16 = 252;
const RETURN: u16 = 253;
const RETURN_VALUE: u16 = 254;
const UNREACHABLE: u16 = 255;

const LOAD: u16 = 61;
const STORE: u16 = 62;

/// How an opcode's words name `<id>`s, as far as the analysis needs, from
/// rspirv's grammar table.
#[derive(Debug, Clone, Default)]
struct Shape {
    /// Its operands begin with a result type and a result `<id>`.
    typed_result: bool,
    /// When every operand is one word (the last one may repeat): whether
    /// each is an `<id>`, and whether the repeated one is.
    plain: Option<(Vec<bool>, Option<bool>)>,
}

/// [`Shape`]s by opcode (built once).
fn shapes() -> &'static [Shape] {
    use rspirv::grammar::{INSTRUCTION_TABLE, OperandKind as Kind, OperandQuantifier as Count};
    static SHAPES: std::sync::OnceLock<Vec<Shape>> = std::sync::OnceLock::new();
    SHAPES.get_or_init(|| {
        let size = INSTRUCTION_TABLE.iter().map(|inst| inst.opcode as usize + 1).max().unwrap_or(0);
        let mut shapes = vec![None; size];
        for inst in INSTRUCTION_TABLE.iter() {
            let shape = &mut shapes[inst.opcode as usize];
            if shape.is_some() {
                continue;
            }
            let operands = inst.operands;
            let one_word = |kind: Kind| {
                matches!(
                    kind,
                    Kind::IdResultType
                        | Kind::IdResult
                        | Kind::IdRef
                        | Kind::IdScope
                        | Kind::IdMemorySemantics
                        | Kind::LiteralInteger
                        | Kind::LiteralFloat
                )
            };
            let is_id = |kind: Kind| matches!(kind, Kind::IdRef | Kind::IdScope | Kind::IdMemorySemantics);
            let last = operands.len().checked_sub(1);
            let plain = operands.iter().enumerate().all(|(index, operand)| {
                one_word(operand.kind)
                    && (matches!(operand.quantifier, Count::One)
                        || (Some(index) == last && matches!(operand.quantifier, Count::ZeroOrMore)))
            });
            let star = operands.last().filter(|operand| matches!(operand.quantifier, Count::ZeroOrMore));
            let fixed = &operands[..operands.len() - usize::from(star.is_some())];
            *shape = Some(Shape {
                typed_result: operands.len() >= 2
                    && operands[0].kind == Kind::IdResultType
                    && operands[1].kind == Kind::IdResult,
                plain: plain.then(|| {
                    (fixed.iter().map(|operand| is_id(operand.kind)).collect(), star.map(|operand| is_id(operand.kind)))
                }),
            });
        }
        shapes.into_iter().map(Option::unwrap_or_default).collect()
    })
}

/// The result type and result `<id>` of an instruction (0 when it has none).
fn result_of(inst: &Inst<'_>) -> (u32, u32) {
    match (shapes().get(usize::from(inst.opcode)), inst.words) {
        (Some(shape), [result_type, result, ..]) if shape.typed_result => (*result_type, *result),
        _ => (0, 0),
    }
}

/// Calls `read` with each `<id>` an instruction reads (but an `OpPhi`'s,
/// read on its edges; labels and constants among them do no harm).
/// Operands the grammar does not make one word each are taken for `<id>`s,
/// but for those of the instructions below: a literal taken for an `<id>`
/// could only make a value leave a construct it does not leave, which costs
/// a result.
fn for_each_id_read(inst: &Inst<'_>, mut read: impl FnMut(u32)) {
    let w = inst.words;
    let some = |range: std::ops::Range<usize>| w.get(range).unwrap_or_default();
    let ids: &[u32] = match inst.opcode {
        op::PHI | op::LINE | op::NO_LINE | op::SELECTION_MERGE | op::LOOP_MERGE | op::BRANCH => &[],
        op::BRANCH_CONDITIONAL | op::SWITCH => some(0..1),
        LOAD => some(2..3),
        STORE | op::COPY_MEMORY => some(0..2),
        op::COPY_MEMORY_SIZED => some(0..3),
        op::EXT_INST => w.get(4..).unwrap_or_default(),
        opcode => {
            let Some(shape) = shapes().get(usize::from(opcode)) else {
                w.iter().copied().for_each(read);
                return;
            };
            match &shape.plain {
                Some((fixed, star)) => {
                    for (position, id) in w.iter().enumerate() {
                        if fixed.get(position).copied().or(*star).unwrap_or(false) {
                            read(*id);
                        }
                    }
                    return;
                }
                None => w.get(if shape.typed_result { 2 } else { 0 }..).unwrap_or_default(),
            }
        }
    };
    ids.iter().copied().for_each(read);
}

/// The opcodes that end a block.
fn ends_block(opcode: u16) -> bool {
    matches!(opcode, op::BRANCH | op::BRANCH_CONDITIONAL | op::SWITCH | KILL | RETURN | RETURN_VALUE | UNREACHABLE)
        || opcode == op::TERMINATE_INVOCATION
}

/// How control reaches a construct's op.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entered {
    /// By the unconditional branch ending this block, which the op replaces.
    Branch(usize),
    /// Through the block that holds the op, whose arguments are the header's `OpPhi`s.
    Arguments,
    /// From the op of this construct, whose merge block is the header.
    Merge(usize),
    /// As the function's entry block.
    Entry,
}

/// What one MLIR block holds, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// The instructions of a SPIR-V block but its terminator.
    Ops(usize),
    /// The terminator of a SPIR-V block.
    Terminator(usize),
    /// The op of a construct.
    Construct(usize, Entered),
}

/// The part an MLIR block plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The function's entry block: the parameters are its arguments.
    FunctionEntry,
    /// A SPIR-V block starting an MLIR block: its `OpPhi`s are the arguments.
    Plain(usize),
    /// The block holding the op of a construct whose header is entered
    /// otherwise than by an absorbed branch: the header's `OpPhi`s are its arguments.
    HeaderEntry(usize),
    /// A selection's first block.
    SelectionHeader(usize),
    /// A loop's first block: one branch to the header.
    LoopEntry(usize),
    /// A loop's header: its `OpPhi`s are the arguments.
    LoopHeader(usize),
    /// The last block: `spirv.mlir.merge`, the merge block's `OpPhi`s as arguments.
    Merge(usize),
}

#[derive(Debug, Clone)]
struct PlannedBlock {
    role: Role,
    steps: Vec<Step>,
}

/// A construct that becomes a region.
#[derive(Debug, Clone)]
struct Construct {
    header: usize,
    merge: usize,
    is_loop: bool,
    /// The block holding the loop's back edge.
    back_edge: usize,
    /// The region's blocks.
    region: Vec<PlannedBlock>,
    /// Values defined inside and used outside: `<id>` and result type `<id>`.
    escaping: Vec<(u32, u32)>,
}

/// How a function's blocks become regions (see the module documentation).
pub(super) struct Plan {
    constructs: Vec<Construct>,
    /// The function region's blocks.
    function: Vec<PlannedBlock>,
}

/// A construct a merge instruction declares.
#[derive(Debug, Clone, Copy)]
struct Declared {
    header: usize,
    merge: usize,
    /// The loop's continue target.
    continue_target: Option<usize>,
}

/// A value an instruction of the function defines.
#[derive(Debug, Clone, Copy)]
struct Def {
    id: u32,
    type_id: u32,
    is_phi: bool,
    /// The block defining it.
    block: usize,
}

/// The function's control-flow graph and dominator tree.
struct Cfg {
    succs: Vec<Vec<usize>>,
    preds: Vec<Vec<usize>>,
    reachable: Vec<bool>,
    /// Preorder and postorder numbers in the dominator tree.
    pre: Vec<usize>,
    post: Vec<usize>,
    children: Vec<Vec<usize>>,
}

impl Cfg {
    fn new(succs: Vec<Vec<usize>>) -> Self {
        let n = succs.len();
        let mut preds = vec![Vec::new(); n];
        for (block, targets) in succs.iter().enumerate() {
            for &target in targets {
                preds[target].push(block);
            }
        }
        // Reverse postorder from the entry, iteratively.
        let mut reachable = vec![false; n];
        let mut postorder = Vec::with_capacity(n);
        let mut stack = vec![(0usize, 0usize)];
        reachable[0] = true;
        while let Some((block, next)) = stack.pop() {
            if let Some(&successor) = succs[block].get(next) {
                stack.push((block, next + 1));
                if !reachable[successor] {
                    reachable[successor] = true;
                    stack.push((successor, 0));
                }
            } else {
                postorder.push(block);
            }
        }
        let mut rpo_number = vec![usize::MAX; n];
        for (number, &block) in postorder.iter().rev().enumerate() {
            rpo_number[block] = number;
        }
        // Cooper, Harvey and Kennedy's iterative dominators.
        let mut idom = vec![usize::MAX; n];
        idom[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for &block in postorder.iter().rev().skip(1) {
                let mut new = usize::MAX;
                for &pred in &preds[block] {
                    if idom[pred] == usize::MAX {
                        continue;
                    }
                    new = if new == usize::MAX {
                        pred
                    } else {
                        let (mut a, mut b) = (pred, new);
                        while a != b {
                            while rpo_number[a] > rpo_number[b] {
                                a = idom[a];
                            }
                            while rpo_number[b] > rpo_number[a] {
                                b = idom[b];
                            }
                        }
                        a
                    };
                }
                if new != usize::MAX && idom[block] != new {
                    idom[block] = new;
                    changed = true;
                }
            }
        }
        let mut children = vec![Vec::new(); n];
        for block in 1..n {
            if reachable[block] && idom[block] != usize::MAX {
                children[idom[block]].push(block);
            }
        }
        let mut pre = vec![0; n];
        let mut post = vec![0; n];
        let (mut pre_count, mut post_count) = (0, 0);
        let mut stack = vec![(0usize, 0usize)];
        pre[0] = pre_count;
        pre_count += 1;
        while let Some((block, next)) = stack.pop() {
            if let Some(&child) = children[block].get(next) {
                stack.push((block, next + 1));
                pre[child] = pre_count;
                pre_count += 1;
                stack.push((child, 0));
            } else {
                post[block] = post_count;
                post_count += 1;
            }
        }
        Self { succs, preds, reachable, pre, post, children }
    }

    /// Whether `a` dominates `b` (both reachable).
    fn dominates(&self, a: usize, b: usize) -> bool {
        self.reachable[a] && self.reachable[b] && self.pre[a] <= self.pre[b] && self.post[b] <= self.post[a]
    }
}

/// The analysis of one function.
struct Analysis {
    cfg: Cfg,
    declared: Vec<Declared>,
    /// The construct declared in each header block.
    declared_at: Vec<usize>,
    /// Unreachable blocks inside constructs: block to the constructs holding it.
    extra: HashMap<usize, Vec<usize>>,
    /// The same, construct to blocks.
    extra_members: HashMap<usize, Vec<usize>>,
    /// The terminator's opcode and the target of an unconditional branch.
    terminators: Vec<(u16, Option<usize>)>,
    /// The values the function's instructions define, in order.
    defs: Vec<Def>,
    /// (value, as an index in `defs`; a block using it other than its own):
    /// an `OpPhi`'s operand is used at the end of its predecessor.
    uses: Vec<(usize, usize)>,
    /// Whether a block has OpPhis.
    has_phis: Vec<bool>,
    /// Whether a block holds nothing but OpPhis, debug lines, a merge
    /// instruction and its terminator.
    empty_header: Vec<bool>,
}

impl Analysis {
    /// The construct declared in a block.
    fn declared_in(&self, block: usize) -> Option<usize> {
        self.declared_at.get(block).copied().filter(|&c| c != usize::MAX)
    }

    /// Whether block `block` lies in construct `c`.
    fn contains(&self, c: usize, block: usize) -> bool {
        let construct = self.declared[c];
        if self.cfg.reachable[block] {
            self.cfg.dominates(construct.header, block) && !self.cfg.dominates(construct.merge, block)
        } else {
            self.extra.get(&block).is_some_and(|holders| holders.contains(&c))
        }
    }

    /// Walks the dominator tree, calling `visit` with each reachable block
    /// and the constructs (among those taking part) holding it, outermost
    /// first. The holders are a stack: a construct is pushed at its header
    /// and set aside under its merge block, so that each step costs little
    /// however long a sequence of constructs is.
    fn walk_holders(&self, takes_part: &dyn Fn(usize) -> bool, visit: &mut dyn FnMut(usize, &[usize])) {
        // (merge block, construct), sorted.
        let mut closing: Vec<(usize, usize)> = self
            .declared
            .iter()
            .enumerate()
            .filter(|(c, _)| takes_part(*c))
            .map(|(c, declared)| (declared.merge, c))
            .collect();
        closing.sort_unstable();
        let closed_at = |block: usize| {
            let start = closing.partition_point(|(merge, _)| *merge < block);
            closing[start..].iter().take_while(move |(merge, _)| *merge == block).map(|(_, c)| *c)
        };
        let header_here = |block: usize| self.declared_in(block).filter(|&c| takes_part(c));
        let mut open: Vec<usize> = Vec::new();
        // (construct, its position in `open`) while under its merge block.
        let mut set_aside: Vec<(usize, usize)> = Vec::new();
        let mut stack = vec![(0usize, false)];
        while let Some((block, done)) = stack.pop() {
            if done {
                if let Some(c) = header_here(block)
                    && let Some(at) = open.iter().rposition(|&o| o == c)
                {
                    open.remove(at);
                }
                let closed: Vec<usize> = closed_at(block).collect();
                for &c in closed.iter().rev() {
                    if let Some(slot) = set_aside.iter().rposition(|(aside, _)| *aside == c) {
                        let (_, at) = set_aside.remove(slot);
                        open.insert(at.min(open.len()), c);
                    }
                }
                continue;
            }
            for c in closed_at(block) {
                if let Some(at) = open.iter().rposition(|&o| o == c) {
                    open.remove(at);
                    set_aside.push((c, at));
                }
            }
            visit(block, &open);
            if let Some(c) = header_here(block) {
                open.push(c);
            }
            stack.push((block, true));
            for &child in self.cfg.children[block].iter().rev() {
                stack.push((child, false));
            }
        }
    }

    /// The blocks of construct `c`, header first.
    fn members(&self, c: usize) -> Vec<usize> {
        let construct = self.declared[c];
        let mut members = Vec::new();
        let mut stack = vec![construct.header];
        while let Some(block) = stack.pop() {
            if block == construct.merge {
                continue;
            }
            members.push(block);
            stack.extend(self.cfg.children[block].iter().copied());
        }
        members.extend(self.extra_members.get(&c).into_iter().flatten());
        members
    }

    /// Whether construct `c` is closed: entered through its header only,
    /// left through its merge block only, its merge block entered from
    /// inside only, and (a loop) with one back edge, which is not the header.
    fn closed(&self, c: usize) -> Option<usize> {
        let construct = self.declared[c];
        let members = self.members(c);
        let mut back_edges = Vec::new();
        for &block in &members {
            for &successor in &self.cfg.succs[block] {
                if successor == construct.header {
                    back_edges.push(block);
                } else if successor != construct.merge && !self.contains(c, successor) {
                    return None;
                }
            }
            if block != construct.header && self.cfg.preds[block].iter().any(|&pred| !self.contains(c, pred)) {
                return None;
            }
        }
        if self.cfg.preds[construct.merge].iter().any(|&pred| !self.contains(c, pred)) {
            return None;
        }
        match (construct.continue_target, back_edges.as_slice()) {
            (None, []) => Some(usize::MAX),
            (Some(_), [back_edge]) if *back_edge != construct.header => Some(*back_edge),
            _ => None,
        }
    }
}

/// The state of the fixed point: which constructs become regions.
struct Layout<'a> {
    analysis: &'a Analysis,
    /// The constructs that become regions.
    alive: Vec<bool>,
    /// The back edge of each closed loop.
    back_edges: Vec<usize>,
    /// Per construct, the constructs holding its header (innermost last).
    holders: Vec<Vec<usize>>,
    /// Per block: the innermost living construct holding it, other than the
    /// one it is the header of.
    level: Vec<Option<usize>>,
    /// Per living construct: whether its header is absorbed into the block
    /// of its only outside predecessor, which ends with a branch to it.
    absorbed: Vec<bool>,
    /// That predecessor.
    absorbed_into: Vec<usize>,
    /// Blocks placed in the block of the loop header branching to them (see `compute_levels`).
    joined: HashMap<usize, usize>,
    /// The merge blocks of living constructs.
    merges: Vec<bool>,
}

impl Layout<'_> {
    fn header_of(&self, block: usize) -> Option<usize> {
        self.analysis.declared_in(block).filter(|&c| self.alive[c])
    }

    fn is_loop(&self, c: usize) -> bool {
        self.analysis.declared[c].continue_target.is_some()
    }

    /// The region that holds a block's terminator: a loop header's is its loop.
    fn content_level(&self, block: usize) -> Option<usize> {
        match self.header_of(block) {
            Some(c) if self.is_loop(c) => Some(c),
            _ => self.level[block],
        }
    }

    /// Levels of every block and the absorption of every living header.
    fn compute_levels(&mut self) {
        let analysis = self.analysis;
        let n = analysis.cfg.succs.len();
        self.level = vec![None; n];
        self.merges = vec![false; n];
        for (c, declared) in analysis.declared.iter().enumerate() {
            if self.alive[c] {
                self.merges[declared.merge] = true;
            }
        }
        // The innermost living holder of each block: reachable ones through
        // the dominator tree, unreachable ones through `extra`.
        let mut level = vec![None; n];
        analysis.walk_holders(&|c| self.alive[c], &mut |block, open| level[block] = open.last().copied());
        self.level = level;
        for (&block, holders) in &analysis.extra {
            let living: Vec<usize> = holders.iter().copied().filter(|&c| self.alive[c]).collect();
            // The innermost: the one whose header the others hold.
            self.level[block] = living.iter().copied().max_by_key(|&c| self.holders[c].len());
        }
        self.absorbed = vec![false; analysis.declared.len()];
        self.absorbed_into = vec![usize::MAX; analysis.declared.len()];
        for c in 0..analysis.declared.len() {
            if !self.alive[c] {
                continue;
            }
            let header = analysis.declared[c].header;
            let outside: Vec<usize> =
                analysis.cfg.preds[header].iter().copied().filter(|&pred| !analysis.contains(c, pred)).collect();
            if let [pred] = outside.as_slice()
                && analysis.terminators[*pred].1 == Some(header)
                && self.content_level(*pred) == self.level[header]
                && !self.is_merge(header)
            {
                self.absorbed[c] = true;
                self.absorbed_into[c] = *pred;
            }
        }
        // MLIR's serializer gives a loop header holding a nested construct a
        // block of its own (OpPhis, OpLoopMerge, a branch) and puts its ops
        // in the next block: such a pair is one block again. (A header block
        // holding only a branch to a block that starts a construct has the
        // same binary; it reads back joined.)
        self.joined.clear();
        for c in 0..analysis.declared.len() {
            if !self.alive[c] || !self.is_loop(c) {
                continue;
            }
            let header = analysis.declared[c].header;
            let Some(next) = analysis.terminators[header].1 else { continue };
            let starts_construct = analysis.terminators[next]
                .1
                .and_then(|target| self.header_of(target))
                .is_some_and(|inner| self.absorbed[inner] && self.absorbed_into[inner] == next);
            if analysis.empty_header[header]
                && analysis.cfg.preds[next] == [header]
                && self.header_of(next).is_none()
                && !self.is_merge(next)
                && next != self.back_edges[c]
                && !analysis.has_phis[next]
                && self.level[next] == Some(c)
                && starts_construct
            {
                self.joined.insert(next, header);
            }
        }
        // The block holding a loop's back edge cannot be its header's:
        // such a chain is cut at its first link.
        for c in 0..analysis.declared.len() {
            if !self.alive[c] || !self.is_loop(c) {
                continue;
            }
            let header = analysis.declared[c].header;
            if self.chain(Chain::Content(header)).contains(&Step::Terminator(self.back_edges[c])) {
                let Some(next) = analysis.terminators[header].1 else { continue };
                if self.joined.remove(&next).is_none()
                    && let Some(inner) = self.header_of(next)
                {
                    self.absorbed[inner] = false;
                }
            }
        }
    }

    /// Whether a block is the merge block of a living construct.
    fn is_merge(&self, block: usize) -> bool {
        self.merges[block]
    }

    /// Drops living constructs whose nesting the regions cannot express;
    /// returns whether any was dropped.
    fn check_nesting(&mut self) -> bool {
        let analysis = self.analysis;
        let mut dropped = false;
        for c in 0..analysis.declared.len() {
            if !self.alive[c] {
                continue;
            }
            let inner = analysis.declared[c];
            let depth = self.holders[c].iter().filter(|&&h| self.alive[h]).count();
            let nests = self.holders[c].iter().filter(|&&h| self.alive[h]).all(|&h| {
                let outer = analysis.declared[h];
                analysis.contains(h, inner.merge) && inner.merge != outer.merge && !analysis.contains(c, outer.merge)
            });
            if !nests || depth >= MAX_DEPTH {
                self.alive[c] = false;
                dropped = true;
            }
        }
        dropped
    }

    /// For each living construct, the values defined inside and used
    /// outside it, in the order of their definitions; and the constructs
    /// one of whose such values is not defined in a block dominating the
    /// merge block.
    fn escaping(&self) -> (Vec<Vec<(u32, u32)>>, Vec<usize>) {
        let analysis = self.analysis;
        let mut crossings: Vec<(usize, usize)> = Vec::new();
        for &(def, user) in &analysis.uses {
            let Def { block, is_phi, .. } = analysis.defs[def];
            // The innermost construct whose region holds the value: a
            // selection header's OpPhis, and its other values when it is
            // not absorbed, are outside its region.
            let mut current = match self.header_of(block) {
                Some(c) if self.is_loop(c) || (self.absorbed[c] && !is_phi) => Some(c),
                _ => self.level[block],
            };
            while let Some(c) = current {
                if analysis.contains(c, user) {
                    break;
                }
                crossings.push((c, def));
                current = self.level[analysis.declared[c].header];
            }
        }
        crossings.sort_unstable();
        crossings.dedup();
        let mut escaping = vec![Vec::new(); analysis.declared.len()];
        let mut dropped = Vec::new();
        for (c, def) in crossings {
            let Def { id, type_id, block, .. } = analysis.defs[def];
            if analysis.cfg.dominates(block, analysis.declared[c].merge) {
                escaping[c].push((id, type_id));
            } else if dropped.last() != Some(&c) {
                dropped.push(c);
            }
        }
        (escaping, dropped)
    }

    /// The steps of an MLIR block starting with `start`.
    fn chain(&self, mut next: Chain) -> Vec<Step> {
        let analysis = self.analysis;
        let mut steps = Vec::new();
        loop {
            // Each link goes down the dominator tree, so a chain is no
            // longer than the function; this bound only guards against a
            // bug (the plan's consistency check then fails).
            if steps.len() > 3 * analysis.cfg.succs.len() {
                return steps;
            }
            match next {
                Chain::Content(block) => {
                    steps.push(Step::Ops(block));
                    let absorbed = analysis.terminators[block]
                        .1
                        .and_then(|target| self.header_of(target))
                        .filter(|&c| self.absorbed[c] && self.absorbed_into[c] == block);
                    let target = analysis.terminators[block].1;
                    match absorbed {
                        Some(c) => next = Chain::Header(c, Entered::Branch(block)),
                        None if target.is_some_and(|target| self.joined.get(&target) == Some(&block)) => {
                            next = Chain::Content(target.unwrap_or_default());
                        }
                        None => {
                            steps.push(Step::Terminator(block));
                            return steps;
                        }
                    }
                }
                Chain::Header(c, entered) => {
                    if !self.is_loop(c) && !matches!(entered, Entered::Branch(_)) {
                        steps.push(Step::Ops(analysis.declared[c].header));
                    }
                    steps.push(Step::Construct(c, entered));
                    let merge = analysis.declared[c].merge;
                    next = match self.header_of(merge) {
                        Some(next_construct) => Chain::Header(next_construct, Entered::Merge(c)),
                        None => Chain::Content(merge),
                    };
                }
            }
        }
    }

    /// The blocks of the region of living construct `region` (the function's for `None`).
    fn region_blocks(&self, region: Option<usize>, members: &[Vec<usize>]) -> Vec<PlannedBlock> {
        let analysis = self.analysis;
        let mut blocks = Vec::new();
        if let Some(c) = region {
            let header = analysis.declared[c].header;
            if self.is_loop(c) {
                blocks.push(PlannedBlock { role: Role::LoopEntry(c), steps: Vec::new() });
                blocks.push(PlannedBlock { role: Role::LoopHeader(c), steps: self.chain(Chain::Content(header)) });
            } else {
                let steps =
                    if self.absorbed[c] { self.chain(Chain::Content(header)) } else { vec![Step::Terminator(header)] };
                blocks.push(PlannedBlock { role: Role::SelectionHeader(c), steps });
            }
        }
        let list = match region {
            Some(c) => &members[c],
            None => &members[analysis.declared.len()],
        };
        for &block in list {
            let header = self.header_of(block);
            if header.is_some_and(|c| self.absorbed[c]) || self.is_merge(block) || self.joined.contains_key(&block) {
                continue;
            }
            let planned = match (region, block, header) {
                (None, 0, Some(c)) => {
                    PlannedBlock { role: Role::FunctionEntry, steps: self.chain(Chain::Header(c, Entered::Entry)) }
                }
                (None, 0, None) => PlannedBlock { role: Role::FunctionEntry, steps: self.chain(Chain::Content(0)) },
                (_, _, Some(c)) => {
                    PlannedBlock { role: Role::HeaderEntry(c), steps: self.chain(Chain::Header(c, Entered::Arguments)) }
                }
                (_, _, None) => PlannedBlock { role: Role::Plain(block), steps: self.chain(Chain::Content(block)) },
            };
            blocks.push(planned);
        }
        if let Some(c) = region {
            blocks.push(PlannedBlock { role: Role::Merge(c), steps: Vec::new() });
        }
        blocks
    }
}

/// Where an MLIR block's chain goes on.
#[derive(Debug, Clone, Copy)]
enum Chain {
    Content(usize),
    Header(usize, Entered),
}

impl<'c, 'w> Importer<'c, 'w> {
    /// The plan of a function's structured constructs, or `None` when it
    /// has none the regions can hold (it is then imported as plain blocks;
    /// so is anything the analysis does not expect, which the plain import
    /// reports if it is an error).
    pub(super) fn structure(&mut self, function: &FunctionInsts<'_, 'w>) -> Result<Option<Plan>> {
        if !function
            .blocks
            .iter()
            .any(|(_, body)| body.iter().any(|inst| matches!(inst.opcode, op::SELECTION_MERGE | op::LOOP_MERGE)))
        {
            return Ok(None);
        }
        Ok(self.plan(function))
    }

    fn plan(&self, function: &FunctionInsts<'_, 'w>) -> Option<Plan> {
        let blocks = &function.blocks;
        let n = blocks.len();

        let mut index = HashMap::with_capacity_and_hasher(n, Default::default());
        for (position, (label, _)) in blocks.iter().enumerate() {
            if index.insert(*label.words.first()?, position).is_some() {
                return None;
            }
        }
        let mut succs = Vec::with_capacity(n);
        let mut terminators = Vec::with_capacity(n);
        let mut declared = Vec::new();
        let mut declared_at = vec![usize::MAX; n];
        for (position, (_, body)) in blocks.iter().enumerate() {
            let terminator = body.last()?;
            if !ends_block(terminator.opcode) {
                return None;
            }
            let mut targets: Vec<usize> = match terminator.opcode {
                op::BRANCH => vec![*index.get(terminator.words.first()?)?],
                op::BRANCH_CONDITIONAL => {
                    vec![*index.get(terminator.words.get(1)?)?, *index.get(terminator.words.get(2)?)?]
                }
                op::SWITCH => {
                    let literal_words = self.literal_words(*terminator.words.first()?, function);
                    let mut targets = vec![*index.get(terminator.words.get(1)?)?];
                    for case in terminator.words.get(2..)?.chunks(literal_words + 1) {
                        targets.push(*index.get(case.get(literal_words)?)?);
                    }
                    targets
                }
                _ => Vec::new(),
            };
            let mut seen = HashSet::default();
            targets.retain(|target| seen.insert(*target));
            if targets.contains(&0) {
                return None;
            }
            let branch_target = if terminator.opcode == op::BRANCH { targets.first().copied() } else { None };
            terminators.push((terminator.opcode, branch_target));
            succs.push(targets);
            let mut merges = body.iter().filter(|inst| matches!(inst.opcode, op::SELECTION_MERGE | op::LOOP_MERGE));
            if let Some(merge) = merges.next() {
                if merges.next().is_some() {
                    return None;
                }
                let merge_block = *index.get(merge.words.first()?)?;
                let continue_target = match merge.opcode {
                    op::LOOP_MERGE => Some(*index.get(merge.words.get(1)?)?),
                    _ => None,
                };
                let shape_ok = match continue_target {
                    None => matches!(terminator.opcode, op::BRANCH_CONDITIONAL | op::SWITCH),
                    Some(_) => matches!(terminator.opcode, op::BRANCH | op::BRANCH_CONDITIONAL),
                };
                if shape_ok && merge_block != position && continue_target != Some(position) {
                    declared_at[position] = declared.len();
                    declared.push(Declared { header: position, merge: merge_block, continue_target });
                }
            }
        }
        let cfg = Cfg::new(succs);
        // Definitions and uses of the function's values.
        let mut defs = Vec::new();
        let mut uses: Vec<(usize, usize)> = Vec::new();
        for (block, (_, body)) in blocks.iter().enumerate() {
            for inst in body {
                let (type_id, id) = result_of(inst);
                if id != 0 && type_id != 0 && self.is_value(inst, type_id) {
                    defs.push(Def { id, type_id, is_phi: inst.opcode == op::PHI, block });
                }
            }
        }
        // Where each value is defined; only uses in other blocks matter.
        // Compilers number a function's values densely: a table over their
        // range, unless it is sparse (then a sorted list).
        let low = defs.iter().map(|def| def.id).min().unwrap_or(0);
        let high = defs.iter().map(|def| def.id).max().unwrap_or(0);
        let dense = (high - low) as usize <= 4 * defs.len() + 64;
        let mut table = vec![usize::MAX; if dense { (high - low) as usize + 1 } else { 0 }];
        let mut sorted: Vec<(u32, usize)> = Vec::new();
        for (index, def) in defs.iter().enumerate() {
            if dense {
                table[(def.id - low) as usize] = index;
            } else {
                sorted.push((def.id, index));
            }
        }
        sorted.sort_unstable();
        let defined_in = |id: u32| {
            if dense {
                id.checked_sub(low).and_then(|at| table.get(at as usize)).copied().filter(|&block| block != usize::MAX)
            } else {
                sorted.binary_search_by_key(&id, |(defined, _)| *defined).ok().map(|at| sorted[at].1)
            }
        };
        for (position, (_, body)) in blocks.iter().enumerate() {
            for inst in body {
                if inst.opcode == op::PHI {
                    for pair in inst.words.get(2..).unwrap_or_default().chunks_exact(2) {
                        if let Some(&pred) = index.get(&pair[1])
                            && let Some(def) = defined_in(pair[0])
                            && defs[def].block != pred
                        {
                            uses.push((def, pred));
                        }
                    }
                } else {
                    for_each_id_read(inst, |id| {
                        if let Some(def) = defined_in(id)
                            && defs[def].block != position
                        {
                            uses.push((def, position));
                        }
                    });
                }
            }
        }
        // Constructs whose header and merge block are reachable are
        // candidates; unreachable continue targets and merge blocks belong
        // to the constructs around their declaring header.
        let has_phis = blocks.iter().map(|(_, body)| body.iter().any(|inst| inst.opcode == op::PHI)).collect();
        let empty_header = blocks
            .iter()
            .map(|(_, body)| {
                body[..body.len() - 1].iter().all(|inst| {
                    matches!(
                        inst.opcode,
                        op::PHI | op::LINE | op::NO_LINE | op::NOP | op::LOOP_MERGE | op::SELECTION_MERGE
                    )
                })
            })
            .collect();
        let mut analysis = Analysis {
            cfg,
            declared,
            declared_at,
            extra: HashMap::default(),
            extra_members: HashMap::default(),
            terminators,
            defs,
            uses,
            has_phis,
            empty_header,
        };
        // The candidates: reachable header and merge block, the header
        // dominating the merge block. The candidates holding each header
        // (too deep a header's construct is no candidate).
        let count = analysis.declared.len();
        let mut candidate: Vec<bool> = analysis
            .declared
            .iter()
            .map(|d| {
                analysis.cfg.reachable[d.header]
                    && analysis.cfg.reachable[d.merge]
                    && analysis.cfg.dominates(d.header, d.merge)
            })
            .collect();
        let mut holders = vec![Vec::new(); count];
        analysis.walk_holders(&|c| candidate[c], &mut |block, open| {
            if let Some(c) = analysis.declared_in(block) {
                holders[c] = open.iter().copied().take(MAX_DEPTH).collect();
            }
        });
        for c in 0..count {
            if holders[c].len() >= MAX_DEPTH {
                candidate[c] = false;
            }
        }
        // Unreachable continue targets and merge blocks belong to the
        // constructs around their declaring header.
        let mut extra: HashMap<usize, Vec<usize>> = HashMap::default();
        for (c, construct) in analysis.declared.iter().enumerate() {
            if !analysis.cfg.reachable[construct.header] {
                continue;
            }
            if let Some(target) = construct.continue_target
                && !analysis.cfg.reachable[target]
            {
                let entry = extra.entry(target).or_default();
                entry.push(c);
                entry.extend(&holders[c]);
            }
            if !analysis.cfg.reachable[construct.merge] {
                extra.entry(construct.merge).or_default().extend(&holders[c]);
            }
        }
        for (&block, holding) in &extra {
            for &c in holding {
                analysis.extra_members.entry(c).or_default().push(block);
            }
        }
        analysis.extra = extra;
        let mut back_edges = vec![usize::MAX; count];
        let mut alive = vec![false; count];
        for c in 0..count {
            if candidate[c]
                && let Some(back_edge) = analysis.closed(c)
            {
                alive[c] = true;
                back_edges[c] = back_edge;
            }
        }
        if !alive.contains(&true) {
            return None;
        }
        let mut layout = Layout {
            analysis: &analysis,
            alive,
            back_edges,
            holders,
            level: Vec::new(),
            absorbed: Vec::new(),
            absorbed_into: Vec::new(),
            joined: HashMap::default(),
            merges: Vec::new(),
        };
        loop {
            if layout.check_nesting() {
                continue;
            }
            layout.compute_levels();
            let mut dropped = false;
            let (mut escaping, unrepresentable) = layout.escaping();
            for c in unrepresentable {
                layout.alive[c] = false;
                dropped = true;
            }
            if dropped {
                continue;
            }
            if !layout.alive.contains(&true) {
                return None;
            }
            // The blocks of each region, in layout order (the last list is the function's).
            let mut members = vec![Vec::new(); count + 1];
            for block in 0..n {
                match layout.level[block] {
                    Some(c) => members[c].push(block),
                    None => members[count].push(block),
                }
            }
            let mut constructs = Vec::new();
            let mut numbering = vec![usize::MAX; count];
            for c in 0..count {
                if layout.alive[c] {
                    numbering[c] = constructs.len();
                    let declared = analysis.declared[c];
                    let mut region = layout.region_blocks(Some(c), &members);
                    if declared.continue_target.is_some() {
                        // The block holding the back edge goes second to last.
                        let back_edge = layout.back_edges[c];
                        let holder =
                            region.iter().position(|planned| planned.steps.contains(&Step::Terminator(back_edge)));
                        match holder {
                            Some(position) if position >= 2 => {
                                let planned = region.remove(position);
                                let last = region.len() - 1;
                                region.insert(last, planned);
                            }
                            _ => {
                                layout.alive[c] = false;
                                dropped = true;
                            }
                        }
                    }
                    constructs.push(Construct {
                        header: declared.header,
                        merge: declared.merge,
                        is_loop: declared.continue_target.is_some(),
                        back_edge: layout.back_edges[c],
                        region,
                        escaping: std::mem::take(&mut escaping[c]),
                    });
                }
            }
            if dropped {
                continue;
            }
            let function = layout.region_blocks(None, &members);
            let mut plan = Plan { constructs, function };
            plan.renumber(&numbering);
            return plan.consistent(&analysis, n).then_some(plan);
        }
    }

    /// How many words each literal of an `OpSwitch` on `selector` takes.
    fn literal_words(&self, selector: u32, function: &FunctionInsts<'_, 'w>) -> usize {
        let local = function
            .params
            .iter()
            .copied()
            .chain(function.blocks.iter().flat_map(|(_, body)| body.iter().copied()))
            .map(|inst| match inst.opcode {
                op::FUNCTION_PARAMETER => (inst.words.first().copied().unwrap_or(0), inst.words.get(1).copied()),
                _ => {
                    let (type_id, id) = result_of(inst);
                    (type_id, Some(id))
                }
            })
            .find(|(_, id)| *id == Some(selector))
            .map(|(type_id, _)| type_id);
        let type_id = local
            .or_else(|| self.constants.get(&selector).map(|(type_id, _)| *type_id))
            .or_else(|| self.spec_constants.get(&selector).map(|spec| spec.type_id))
            .or_else(|| self.undefs.get(&selector).copied());
        match type_id.and_then(|type_id| self.type_models.get(&type_id)).map(|model| &**model) {
            Some(SpirvType::Integer { width, .. }) if *width > 32 => 2,
            _ => 1,
        }
    }

    /// Whether an instruction's result is a value of the function (not an
    /// `OpUndef`, which is materialized where used, a void call or a
    /// non-semantic instruction).
    fn is_value(&self, inst: &Inst<'_>, type_id: u32) -> bool {
        match inst.opcode {
            op::UNDEF => false,
            op::FUNCTION_CALL => !self.is_void(type_id),
            op::EXT_INST => inst
                .words
                .get(2)
                .and_then(|set| self.ext_sets.get(set))
                .is_none_or(|name| !name.starts_with("NonSemantic.")),
            _ => true,
        }
    }

    /// Imports a function's blocks as the plan says (the structured
    /// counterpart of `function_body`).
    pub(super) fn structured_body(
        &mut self,
        function: &FunctionInsts<'_, 'w>,
        param_types: &[u32],
        region: &Region<'c>,
        plan: &Plan,
    ) -> Result<()> {
        let mut block_index = HashMap::default();
        for (index, (label, _)) in function.blocks.iter().enumerate() {
            let label_id = self.word(label, 0)?;
            self.check_bound(label, label_id)?;
            block_index.insert(label_id, index);
        }
        let mut phis = HashMap::default();
        let mut loop_controls = HashMap::default();
        let mut plain_headers = HashMap::default();
        let structured_loops: HashSet<usize> = plan.constructs.iter().filter(|c| c.is_loop).map(|c| c.header).collect();
        let structured_headers: HashSet<usize> = plan.constructs.iter().map(|c| c.header).collect();
        for (index, (_, body)) in function.blocks.iter().enumerate() {
            let block_phis: Vec<Inst<'w>> =
                body.iter().filter(|inst| inst.opcode == op::PHI).map(|inst| **inst).collect();
            if index == 0
                && let Some(phi) = block_phis.first()
            {
                return Err(phi.error(ErrorKind::Invalid("OpPhi in the entry block".into())));
            }
            for phi in &block_phis {
                let id = self.word(phi, 1)?;
                self.check_bound(phi, id)?;
            }
            phis.insert(index, block_phis);
            // Unstructured loops keep their unroll control on the back edge.
            if !structured_loops.contains(&index)
                && let Some(merge) = body.iter().find(|inst| inst.opcode == op::LOOP_MERGE)
                && let Some(&control) = merge.words.get(2)
                && control & 0x3 != 0
            {
                loop_controls.insert(index, control);
            }
            // The others keep their control on the header's terminator.
            if !structured_headers.contains(&index)
                && let Some(merge) =
                    body.iter().find(|inst| matches!(inst.opcode, op::SELECTION_MERGE | op::LOOP_MERGE))
            {
                check_plain_header(merge, body)?;
                plain_headers.insert(index, **merge);
            }
        }
        // The function region's blocks, then the state.
        let mut made = Vec::new();
        for planned in &plan.function {
            let arguments = self.block_arguments(function, param_types, &phis, planned.role, plan)?;
            made.push(region.append_block(Block::new(&arguments)));
        }
        let mut state = FunctionState {
            values: HashMap::default(),
            materialized: HashMap::default(),
            block_index,
            targets: vec![None; function.blocks.len()],
            cursor: made[0],
            scope: 0,
            phis,
            block: 0,
            label: 0,
            loop_controls,
            plain_headers,
            columns: HashMap::default(),
        };
        let mut builder = Builder { function, plan, lines: HashMap::default(), scopes: 0 };
        for (planned, block) in plan.function.iter().zip(&made) {
            builder.enter(self, &mut state, planned.role, *block)?;
        }
        for (planned, block) in plan.function.iter().zip(&made) {
            builder.fill(self, &mut state, planned, *block)?;
        }
        Ok(())
    }

    /// The argument types of a planned block.
    fn block_arguments(
        &mut self,
        function: &FunctionInsts<'_, 'w>,
        param_types: &[u32],
        phis: &HashMap<usize, Vec<Inst<'w>>>,
        role: Role,
        plan: &Plan,
    ) -> Result<Vec<(Type<'c>, Location<'c>)>> {
        let phi_block = match role {
            Role::FunctionEntry => {
                let location = self.location(function.blocks[0].0, None);
                let mut arguments = Vec::new();
                for (param, &type_id) in function.params.iter().zip(param_types) {
                    if self.word(param, 0)? != type_id {
                        return Err(
                            param.error(ErrorKind::Invalid("parameter type does not match the function type".into()))
                        );
                    }
                    arguments.push((self.mlir_type(param, type_id)?, location));
                }
                return Ok(arguments);
            }
            Role::Plain(block) => block,
            Role::HeaderEntry(c) | Role::LoopHeader(c) => plan.constructs[c].header,
            Role::Merge(c) => plan.constructs[c].merge,
            Role::SelectionHeader(_) | Role::LoopEntry(_) => return Ok(Vec::new()),
        };
        let mut arguments = Vec::new();
        for phi in phis.get(&phi_block).into_iter().flatten() {
            let type_id = self.word(phi, 0)?;
            arguments.push((self.mlir_type(phi, type_id)?, self.location(phi, None)));
        }
        Ok(arguments)
    }
}

impl Plan {
    /// Construct numbers from the analysis's to the plan's.
    fn renumber(&mut self, numbering: &[usize]) {
        let fix = |blocks: &mut Vec<PlannedBlock>| {
            for planned in blocks.iter_mut() {
                planned.role = match planned.role {
                    Role::HeaderEntry(c) => Role::HeaderEntry(numbering[c]),
                    Role::SelectionHeader(c) => Role::SelectionHeader(numbering[c]),
                    Role::LoopEntry(c) => Role::LoopEntry(numbering[c]),
                    Role::LoopHeader(c) => Role::LoopHeader(numbering[c]),
                    Role::Merge(c) => Role::Merge(numbering[c]),
                    other => other,
                };
                for step in &mut planned.steps {
                    if let Step::Construct(c, entered) = step {
                        *c = numbering[*c];
                        if let Entered::Merge(previous) = entered {
                            *previous = numbering[*previous];
                        }
                    }
                }
            }
        };
        fix(&mut self.function);
        for construct in &mut self.constructs {
            fix(&mut construct.region);
        }
    }

    /// Every block's instructions placed once, and every branch to a block
    /// of its own region (a safety net: the analysis guarantees both).
    fn consistent(&self, analysis: &Analysis, n: usize) -> bool {
        let mut placed = vec![0usize; n];
        // The region holding each construct's op: each op once, and the
        // regions a tree (no op inside its own region).
        let mut holder: Vec<Option<Option<usize>>> = vec![None; self.constructs.len()];
        let regions = std::iter::once((None, &self.function))
            .chain(self.constructs.iter().enumerate().map(|(c, construct)| (Some(c), &construct.region)));
        // The SPIR-V blocks starting an MLIR block of the region being checked.
        let mut starts = vec![usize::MAX; n];
        for (number, (region, blocks)) in regions.enumerate() {
            for planned in blocks {
                match planned.role {
                    Role::Plain(block) => starts[block] = number,
                    Role::HeaderEntry(c) => starts[self.constructs[c].header] = number,
                    _ => {}
                }
            }
            for planned in blocks {
                for step in &planned.steps {
                    match *step {
                        Step::Ops(block) => placed[block] += 1,
                        Step::Terminator(block) => {
                            for &successor in &analysis.cfg.succs[block] {
                                let lands = starts[successor] == number
                                    || region.is_some_and(|c| {
                                        let construct = &self.constructs[c];
                                        successor == construct.merge
                                            || (construct.is_loop
                                                && successor == construct.header
                                                && block == construct.back_edge)
                                    });
                                if !lands {
                                    return false;
                                }
                            }
                        }
                        Step::Construct(c, _) => {
                            if holder[c].replace(region).is_some() {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        for c in 0..self.constructs.len() {
            let mut current = c;
            for _ in 0..=self.constructs.len() {
                match holder[current] {
                    Some(Some(outer)) if outer != c => current = outer,
                    Some(None) => break,
                    _ => return false,
                }
            }
            if holder[current] != Some(None) {
                return false;
            }
        }
        placed.iter().all(|&count| count == 1)
    }
}

/// Builds the planned blocks of one function.
struct Builder<'p, 'f, 'a, 'c, 'w> {
    function: &'f FunctionInsts<'a, 'w>,
    plan: &'p Plan,
    /// The `OpLine` in effect at the end of each block's ops, for its terminator.
    lines: HashMap<usize, Option<Location<'c>>>,
    scopes: usize,
}

impl<'c, 'w> Builder<'_, '_, '_, 'c, 'w> {
    fn label(&self, block: usize) -> u32 {
        self.function.blocks[block].0.words.first().copied().unwrap_or(0)
    }

    /// Makes a new planned block the one branches to its SPIR-V block go
    /// to, and binds its arguments.
    fn enter<'b>(
        &mut self,
        importer: &mut Importer<'c, 'w>,
        state: &mut FunctionState<'c, 'b, 'w>,
        role: Role,
        block: BlockRef<'c, 'b>,
    ) -> Result<()> {
        let (spirv_block, bind) = match role {
            Role::FunctionEntry => {
                for (index, param) in self.function.params.iter().enumerate() {
                    let id = importer.word(param, 1)?;
                    importer.check_bound(param, id)?;
                    let value = block.argument(index).map_err(param.invalid())?;
                    state.values.insert(id, value.into());
                }
                importer.copy_by_value_parameters(state, &self.function.params, block)?;
                (0, false)
            }
            Role::Plain(spirv_block) => (spirv_block, true),
            Role::HeaderEntry(c) | Role::LoopHeader(c) => (self.plan.constructs[c].header, true),
            Role::Merge(c) => (self.plan.constructs[c].merge, false),
            Role::SelectionHeader(_) | Role::LoopEntry(_) => return Ok(()),
        };
        state.targets[spirv_block] = Some(block);
        if bind {
            let phis = state.phis.get(&spirv_block).cloned().unwrap_or_default();
            for (position, phi) in phis.iter().enumerate() {
                let id = importer.word(phi, 1)?;
                let value = block.argument(position).map_err(phi.invalid())?;
                state.values.insert(id, value.into());
            }
        }
        Ok(())
    }

    /// Fills a planned block.
    fn fill<'b>(
        &mut self,
        importer: &mut Importer<'c, 'w>,
        state: &mut FunctionState<'c, 'b, 'w>,
        planned: &PlannedBlock,
        block: BlockRef<'c, 'b>,
    ) -> Result<()> {
        state.cursor = block;
        self.scopes += 1;
        state.scope = self.scopes;
        for step in &planned.steps {
            match *step {
                Step::Ops(spirv_block) => {
                    state.block = spirv_block;
                    state.label = self.label(spirv_block);
                    let (label, body) = &self.function.blocks[spirv_block];
                    importer.loop_marker_calls(state, label, body)?;
                    let line = self.ops(importer, state, body)?;
                    self.lines.insert(spirv_block, line);
                }
                Step::Terminator(spirv_block) => {
                    state.block = spirv_block;
                    state.label = self.label(spirv_block);
                    let (label, body) = &self.function.blocks[spirv_block];
                    let line = self.lines.get(&spirv_block).copied().flatten();
                    let terminator = body.last().copied().unwrap_or(label);
                    let location = importer.location(terminator, line);
                    if !importer.instruction(state, terminator, location)? {
                        return Err(label.error(ErrorKind::Invalid(format!(
                            "block %{} has no terminator",
                            self.label(spirv_block)
                        ))));
                    }
                }
                Step::Construct(c, entered) => {
                    let cursor = state.cursor;
                    let scope = state.scope;
                    self.construct(importer, state, c, entered)?;
                    state.cursor = cursor;
                    state.scope = scope;
                }
            }
        }
        Ok(())
    }

    /// Imports the instructions of a block but its terminator (the last
    /// one) into the current block; returns the `OpLine` in effect at its end.
    fn ops<'b>(
        &mut self,
        importer: &mut Importer<'c, 'w>,
        state: &mut FunctionState<'c, 'b, 'w>,
        body: &[&Inst<'w>],
    ) -> Result<Option<Location<'c>>> {
        let mut line = None;
        let mut terminated = false;
        for inst in &body[..body.len().saturating_sub(1)] {
            if terminated {
                return Err(inst.error(ErrorKind::Invalid("instruction after the block's terminator".into())));
            }
            match inst.opcode {
                op::LINE => {
                    let file = importer.word(inst, 0)?;
                    let name = importer.strings.get(&file).cloned().unwrap_or_else(|| importer.file.clone());
                    line = Some(Location::new(
                        importer.context,
                        &name,
                        importer.word(inst, 1)? as usize,
                        importer.word(inst, 2)? as usize,
                    ));
                }
                op::NO_LINE => line = None,
                op::PHI | op::SELECTION_MERGE | op::LOOP_MERGE | op::NOP | op::LIFETIME_START | op::LIFETIME_STOP => {}
                _ => {
                    let location = importer.location(inst, line);
                    terminated = importer.instruction(state, inst, location)?;
                }
            }
        }
        if terminated && let Some(last) = body.last() {
            return Err(last.error(ErrorKind::Invalid("instruction after the block's terminator".into())));
        }
        Ok(line)
    }

    /// Builds the op of construct `c` in the current block and its region.
    fn construct<'b>(
        &mut self,
        importer: &mut Importer<'c, 'w>,
        state: &mut FunctionState<'c, 'b, 'w>,
        c: usize,
        entered: Entered,
    ) -> Result<()> {
        let plan = self.plan;
        let construct = &plan.constructs[c];
        let (header, merge) = (construct.header, construct.merge);
        let (_, header_body) = &self.function.blocks[header];
        let merge_inst = header_body
            .iter()
            .copied()
            .find(|inst| matches!(inst.opcode, op::SELECTION_MERGE | op::LOOP_MERGE))
            .ok_or_else(|| self.function.blocks[header].0.error(ErrorKind::Invalid("no merge instruction".into())))?;
        // The values the header's OpPhis take on entry.
        let header_phis = state.phis.get(&header).cloned().unwrap_or_default();
        let incoming: Vec<Value<'c, 'b>> = match entered {
            Entered::Branch(pred) => {
                state.block = pred;
                state.label = self.label(pred);
                let branch = self.function.blocks[pred].1.last().copied().unwrap_or(merge_inst);
                importer.phi_arguments(state, branch, header)?
            }
            Entered::Arguments | Entered::Merge(_) => {
                let mut values = Vec::new();
                for phi in &header_phis {
                    let id = importer.word(phi, 1)?;
                    values.push(*state.values.get(&id).ok_or_else(|| importer.undefined(phi, id, "value"))?);
                }
                values
            }
            Entered::Entry => Vec::new(),
        };
        if !construct.is_loop {
            for (phi, value) in header_phis.iter().zip(&incoming) {
                state.values.insert(importer.word(phi, 1)?, *value);
            }
        }
        // The op: results for the merge block's OpPhis, then the escaping values.
        let merge_phis = state.phis.get(&merge).cloned().unwrap_or_default();
        let mut result_types = Vec::new();
        for phi in &merge_phis {
            let type_id = importer.word(phi, 0)?;
            result_types.push(importer.mlir_type(phi, type_id)?);
        }
        for &(_, type_id) in &construct.escaping {
            result_types.push(importer.mlir_type(merge_inst, type_id)?);
        }
        let mut line = None;
        for inst in header_body.iter() {
            match inst.opcode {
                op::LINE => {
                    let file = importer.word(inst, 0)?;
                    let name = importer.strings.get(&file).cloned().unwrap_or_else(|| importer.file.clone());
                    line = Some(Location::new(
                        importer.context,
                        &name,
                        importer.word(inst, 1)? as usize,
                        importer.word(inst, 2)? as usize,
                    ));
                }
                op::NO_LINE => line = None,
                op::SELECTION_MERGE | op::LOOP_MERGE => break,
                _ => {}
            }
        }
        let location = importer.location(merge_inst, line);
        let (name, control_name, control) = if construct.is_loop {
            ("spirv.mlir.loop", "loop_control", importer.word(merge_inst, 2)?)
        } else {
            ("spirv.mlir.selection", "selection_control", importer.word(merge_inst, 1)?)
        };
        let mut attributes =
            vec![(importer.id(control_name), importer.enum_attribute(merge_inst, control_name, control)?)];
        if construct.is_loop {
            attributes.extend(importer.loop_control_operands(merge_inst)?);
        }
        let operation = OperationBuilder::new(name, location)
            .add_attributes(&attributes)
            .add_results(&result_types)
            .add_regions([Region::new()])
            .build();
        let operation = importer.append(merge_inst, state.cursor, operation)?;
        let region = operation.region(0).map_err(merge_inst.invalid())?;
        // The region's blocks, then their contents.
        let saved_header = state.targets[header];
        let saved_merge = state.targets[merge];
        let mut made = Vec::new();
        for planned in &construct.region {
            let arguments = importer.block_arguments(self.function, &[], &state.phis, planned.role, plan)?;
            let block = region.append_block(Block::new(&arguments));
            self.enter(importer, state, planned.role, block)?;
            made.push(block);
        }
        if construct.is_loop {
            let branch = OperationBuilder::new("spirv.Branch", location)
                .add_operands(&incoming)
                .add_successors(&[&made[1]])
                .build();
            importer.append(merge_inst, made[0], branch)?;
        }
        for (planned, block) in construct.region.iter().zip(&made) {
            if !planned.steps.is_empty() {
                self.fill(importer, state, planned, *block)?;
            }
        }
        // spirv.mlir.merge yields the merge block's arguments and the escaping values.
        let merge_block = made[made.len() - 1];
        let mut yielded: Vec<Value<'c, 'b>> = Vec::new();
        for position in 0..merge_block.argument_count() {
            yielded.push(merge_block.argument(position).map_err(merge_inst.invalid())?.into());
        }
        for &(id, _) in &construct.escaping {
            let value = *state.values.get(&id).ok_or_else(|| importer.undefined(merge_inst, id, "value"))?;
            if value.r#type() != result_types[yielded.len()] {
                return Err(merge_inst.error(ErrorKind::Invalid(format!(
                    "<id> %{id}, used after the construct that defines it, has a type its result type does not match"
                ))));
            }
            yielded.push(value);
        }
        importer.append(
            merge_inst,
            merge_block,
            OperationBuilder::new("spirv.mlir.merge", location).add_operands(&yielded).build(),
        )?;
        state.targets[header] = saved_header;
        state.targets[merge] = saved_merge;
        for (position, phi) in merge_phis.iter().enumerate() {
            let value = operation.result(position).map_err(merge_inst.invalid())?;
            state.values.insert(importer.word(phi, 1)?, value.into());
        }
        for (offset, &(id, _)) in construct.escaping.iter().enumerate() {
            let value = operation.result(merge_phis.len() + offset).map_err(merge_inst.invalid())?;
            state.values.insert(id, value.into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Cfg, for_each_id_read, result_of};
    use crate::spirv::deserialize::reader::Inst;

    fn inst(opcode: u16, words: &[u32]) -> Inst<'_> {
        Inst { opcode, words, offset: 0 }
    }

    fn ids_read(inst: &Inst<'_>) -> Vec<u32> {
        let mut ids = Vec::new();
        for_each_id_read(inst, |id| ids.push(id));
        ids
    }

    #[test]
    fn literals_are_not_read_as_ids() {
        // OpCompositeExtract %type %result %composite 7 9
        assert_eq!(ids_read(&inst(81, &[1, 2, 3, 7, 9])), [3]);
        assert_eq!(result_of(&inst(81, &[1, 2, 3, 7, 9])), (1, 2));
        // OpVectorShuffle %type %result %a %b 0 5
        assert_eq!(ids_read(&inst(79, &[1, 2, 3, 4, 0, 5])), [3, 4]);
        // OpLoad %type %result %pointer Aligned 16
        assert_eq!(ids_read(&inst(61, &[1, 2, 3, 2, 16])), [3]);
        // OpStore %pointer %value Aligned 4
        assert_eq!(ids_read(&inst(62, &[3, 4, 2, 4])), [3, 4]);
        // OpExtInst %type %result %set 31 %x %y
        assert_eq!(ids_read(&inst(12, &[1, 2, 3, 31, 5, 6])), [5, 6]);
        // OpIAdd %type %result %a %b
        assert_eq!(ids_read(&inst(128, &[1, 2, 5, 6])), [5, 6]);
        // OpSwitch %selector %default 3 %case: the selector only.
        assert_eq!(ids_read(&inst(251, &[5, 10, 3, 11])), [5]);
        // OpStore has no result.
        assert_eq!(result_of(&inst(62, &[3, 4])), (0, 0));
    }

    #[test]
    fn dominators_of_a_loop_with_an_if() {
        // 0 -> 1 (header); 1 -> 2, 5; 2 -> 3, 4; 3 -> 4; 4 -> 1; 5 exit; 6 unreachable -> 1.
        let cfg = Cfg::new(vec![vec![1], vec![2, 5], vec![3, 4], vec![4], vec![1], vec![], vec![1]]);
        assert!(cfg.dominates(0, 5));
        assert!(cfg.dominates(1, 4));
        assert!(cfg.dominates(2, 4));
        assert!(!cfg.dominates(3, 4));
        assert!(!cfg.dominates(2, 5));
        assert!(!cfg.reachable[6]);
        assert!(!cfg.dominates(1, 6));
        assert_eq!(cfg.preds[1], [0, 4, 6]);
    }
}
