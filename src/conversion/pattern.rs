//! Conversion patterns and the set they are dispatched from.

use super::ConversionRewriter;
use crate::error::MatchFailure;
use melior::ir::{OperationRef, Value};
use std::{collections::HashMap, sync::Arc};

/// The values replacing an op's results, one per result, in order. Empty for
/// an op without results (the op is simply erased).
pub type Replacement<'c, 'r> = Vec<Value<'c, 'r>>;

/// A rewrite of one op into ops of the target, as MLIR's `ConversionPattern`.
///
/// The driver calls [`match_and_rewrite`](Self::match_and_rewrite) with the
/// original op (still in the input IR, unchanged), its operands already
/// converted (`operands[i]` is the lowered value of operand `i`, of the
/// converted type), and a rewriter positioned where replacement ops go. A
/// pattern must decide whether it applies before it creates anything: on a
/// [`MatchFailure`] the ops it created in the current block are erased, but a
/// pattern that created blocks must not fail afterwards.
///
/// ```
/// use melior::ir::{OperationRef, Value};
/// use spirv_opt_rs::conversion::{ConversionPattern, ConversionRewriter, Replacement};
/// use spirv_opt_rs::error::MatchFailure;
///
/// /// `math.sqrt` to `llvm.intr.sqrt`, keeping the operand and result types.
/// struct SqrtToLlvm;
///
/// impl ConversionPattern for SqrtToLlvm {
///     fn root_names(&self) -> &[&'static str] {
///         &["math.sqrt"]
///     }
///
///     fn match_and_rewrite<'c, 'r>(
///         &self,
///         op: OperationRef<'c, 'r>,
///         operands: &[Value<'c, 'r>],
///         rewriter: &mut ConversionRewriter<'c, 'r, '_>,
///     ) -> Result<Replacement<'c, 'r>, MatchFailure> {
///         let ty = rewriter.converted_result_type(op, 0)?;
///         Ok(vec![rewriter.create_value("llvm.intr.sqrt", operands, ty, &[])?])
///     }
/// }
/// ```
pub trait ConversionPattern: Send + Sync + 'static {
    /// The names of the ops this pattern rewrites (e.g. `spirv.IAdd`).
    fn root_names(&self) -> &[&'static str];

    /// A name for logs; the type name by default.
    fn name(&self) -> &str {
        std::any::type_name::<Self>()
    }

    /// Rewrites `op`, returning the values replacing its results.
    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure>;
}

/// A 1:1 mapping: op `from` becomes op `to` with the same (converted)
/// operands and the converted result types, and no attributes. This is the
/// data form of MLIR's `DirectConversionPattern`; declare a table of them with
/// [`PatternSet::add_direct`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DirectConversion {
    /// Source op name.
    pub from: &'static str,
    /// Target op name.
    pub to: &'static str,
}

struct DirectPattern {
    names: [&'static str; 1],
    to: &'static str,
}

impl ConversionPattern for DirectPattern {
    fn root_names(&self) -> &[&'static str] {
        &self.names
    }

    fn name(&self) -> &str {
        self.to
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let results = rewriter.converted_result_types(op)?;
        let new = rewriter.create(self.to, operands, &results, &[])?;
        Ok(rewriter.results_of(new))
    }
}

/// A pattern written as a plain function: what
/// [`ConversionPattern::match_and_rewrite`] does, without a type to carry it.
/// Register one with [`PatternSet::add_fn`].
pub type PatternFn = for<'c, 'r, 'p> fn(
    OperationRef<'c, 'r>,
    &[Value<'c, 'r>],
    &mut ConversionRewriter<'c, 'r, 'p>,
) -> Result<Replacement<'c, 'r>, MatchFailure>;

struct FnPattern {
    names: [&'static str; 1],
    function: PatternFn,
}

impl ConversionPattern for FnPattern {
    fn root_names(&self) -> &[&'static str] {
        &self.names
    }

    fn name(&self) -> &str {
        self.names[0]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        (self.function)(op, operands, rewriter)
    }
}

/// Patterns indexed by the name of the op they rewrite, so that dispatch is
/// one hash lookup per op whatever the number of patterns. Patterns for the
/// same op are tried in the order they were added.
#[derive(Default)]
pub struct PatternSet {
    by_name: HashMap<&'static str, Vec<Arc<dyn ConversionPattern>>>,
}

impl PatternSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a pattern under each of its root names.
    pub fn add(&mut self, pattern: impl ConversionPattern) -> &mut Self {
        let pattern: Arc<dyn ConversionPattern> = Arc::new(pattern);
        for name in pattern.root_names() {
            self.by_name.entry(name).or_default().push(Arc::clone(&pattern));
        }
        self
    }

    /// Adds `function` as the pattern of the op named `root`: the lightest
    /// way to write a pattern with real logic but no parameters.
    ///
    /// ```
    /// use melior::ir::{OperationRef, Value, ValueLike};
    /// use spirv_opt_rs::conversion::{ConversionRewriter, PatternSet, Replacement};
    /// use spirv_opt_rs::error::MatchFailure;
    ///
    /// /// `x * x`, for a square op.
    /// fn square<'c, 'r>(
    ///     _op: OperationRef<'c, 'r>,
    ///     operands: &[Value<'c, 'r>],
    ///     rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    /// ) -> Result<Replacement<'c, 'r>, MatchFailure> {
    ///     let x = operands[0];
    ///     Ok(vec![rewriter.create_value("llvm.fmul", &[x, x], x.r#type(), &[])?])
    /// }
    ///
    /// let mut patterns = PatternSet::new();
    /// patterns.add_fn("test.square", square);
    /// assert_eq!(patterns.root_names(), ["test.square"]);
    /// ```
    pub fn add_fn(&mut self, root: &'static str, function: PatternFn) -> &mut Self {
        self.by_name.entry(root).or_default().push(Arc::new(FnPattern { names: [root], function }));
        self
    }

    /// Adds a 1:1 pattern per table row.
    pub fn add_direct(&mut self, table: &[DirectConversion]) -> &mut Self {
        for row in table {
            self.by_name
                .entry(row.from)
                .or_default()
                .push(Arc::new(DirectPattern { names: [row.from], to: row.to }));
        }
        self
    }

    /// The patterns rewriting ops named `name`.
    pub fn patterns_for(&self, name: &str) -> &[Arc<dyn ConversionPattern>] {
        self.by_name.get(name).map_or(&[], Vec::as_slice)
    }

    /// The names of all ops some pattern rewrites, sorted.
    pub fn root_names(&self) -> Vec<&'static str> {
        let mut names: Vec<_> = self.by_name.keys().copied().collect();
        names.sort_unstable();
        names
    }

    /// Number of op names with at least one pattern.
    pub fn len(&self) -> usize {
        self.by_name.len()
    }

    /// Whether the set has no pattern.
    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }
}
