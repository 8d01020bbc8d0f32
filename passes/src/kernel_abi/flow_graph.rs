//! A function's control-flow graph on LLVM IR, in reverse post-order with
//! immediate dominators: what the SPMD vectorizer (`spmd.rs`) and the loop
//! exit paths (`loop_exits.rs`) read before they rewrite a function.

use std::collections::{HashMap, HashSet};

use inkwell::{basic_block::BasicBlock, values::FunctionValue};

use super::spmd::targets_of;

/// A function's control-flow graph: its reachable blocks in reverse
/// post-order, their successors and predecessors (each edge once, by
/// position) and immediate dominators.
pub(super) struct FlowGraph<'ctx> {
    pub(super) blocks: Vec<BasicBlock<'ctx>>,
    pub(super) index: HashMap<BasicBlock<'ctx>, usize>,
    pub(super) successors: Vec<Vec<usize>>,
    pub(super) predecessors: Vec<Vec<usize>>,
    pub(super) idom: Vec<Option<usize>>,
}

impl<'ctx> FlowGraph<'ctx> {
    /// The graph of `function`; `None` for a declaration or a block
    /// without terminator.
    pub(super) fn new(function: FunctionValue<'ctx>) -> Option<Self> {
        let entry = function.get_first_basic_block()?;
        let mut order = Vec::new();
        let mut visited = HashSet::new();
        let mut stack = vec![(entry, 0usize)];
        visited.insert(entry);
        while let Some((block, next)) = stack.pop() {
            let successors = targets_of(block.get_terminator()?);
            if next < successors.len() {
                stack.push((block, next + 1));
                if visited.insert(successors[next]) {
                    stack.push((successors[next], 0));
                }
            } else {
                order.push(block);
            }
        }
        order.reverse();
        let index: HashMap<BasicBlock<'ctx>, usize> = order.iter().enumerate().map(|(i, b)| (*b, i)).collect();
        let count = order.len();
        let mut successors = vec![Vec::new(); count];
        let mut predecessors = vec![Vec::new(); count];
        for (from, block) in order.iter().enumerate() {
            for target in targets_of(block.get_terminator()?) {
                let to = index[&target];
                if !successors[from].contains(&to) {
                    successors[from].push(to);
                    predecessors[to].push(from);
                }
            }
        }
        // Dominators (Cooper, Harvey and Kennedy's iteration over RPO numbers).
        let mut idom: Vec<Option<usize>> = vec![None; count];
        idom[0] = Some(0);
        let mut changed = true;
        while changed {
            changed = false;
            for block in 1..count {
                let mut new: Option<usize> = None;
                for &predecessor in &predecessors[block] {
                    if idom[predecessor].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => predecessor,
                        Some(mut other) => {
                            let mut finger = predecessor;
                            while finger != other {
                                while finger > other {
                                    finger = idom[finger]?;
                                }
                                while other > finger {
                                    other = idom[other]?;
                                }
                            }
                            finger
                        }
                    });
                }
                if new.is_some() && idom[block] != new {
                    idom[block] = new;
                    changed = true;
                }
            }
        }
        Some(Self { blocks: order, index, successors, predecessors, idom })
    }

    /// Whether block `a` dominates block `b` (by position).
    pub(super) fn dominates(&self, a: usize, mut b: usize) -> bool {
        loop {
            if a == b {
                return true;
            }
            match self.idom[b] {
                Some(parent) if parent != b => b = parent,
                _ => return false,
            }
        }
    }
}
