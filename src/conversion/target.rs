//! Which ops may remain after a conversion.

use melior::ir::{OperationRef, operation::OperationLike};
use std::{collections::HashMap, sync::Arc};

type LegalityPredicate = Arc<dyn Fn(OperationRef<'_, '_>) -> bool + Send + Sync>;

/// Whether an op may stay.
#[derive(Clone)]
pub enum Legality {
    /// It stays as it is; patterns are not tried on it.
    Legal,
    /// It must be rewritten, in partial conversions too.
    Illegal,
    /// Legal exactly when the predicate holds for the op.
    Dynamic(LegalityPredicate),
}

/// Legal and illegal dialects and ops, as MLIR's `ConversionTarget`: an op's
/// own entry wins over its dialect's; an op with neither is unknown, which a
/// full conversion treats as illegal and a partial conversion leaves alone.
///
/// ```
/// use spirv_opt_rs::conversion::ConversionTarget;
///
/// let mut target = ConversionTarget::new();
/// target.add_legal_dialect("llvm");
/// target.add_illegal_dialect("spirv");
/// target.add_legal_op("builtin.module");
/// ```
#[derive(Clone, Default)]
pub struct ConversionTarget {
    ops: HashMap<String, Legality>,
    dialects: HashMap<String, Legality>,
}

impl ConversionTarget {
    /// A target where nothing is known.
    pub fn new() -> Self {
        Self::default()
    }

    /// Every op of `dialect` is legal.
    pub fn add_legal_dialect(&mut self, dialect: &str) -> &mut Self {
        self.dialects.insert(dialect.to_owned(), Legality::Legal);
        self
    }

    /// Every op of `dialect` is illegal.
    pub fn add_illegal_dialect(&mut self, dialect: &str) -> &mut Self {
        self.dialects.insert(dialect.to_owned(), Legality::Illegal);
        self
    }

    /// The op named `name` (e.g. `builtin.module`) is legal.
    pub fn add_legal_op(&mut self, name: &str) -> &mut Self {
        self.ops.insert(name.to_owned(), Legality::Legal);
        self
    }

    /// The op named `name` is illegal.
    pub fn add_illegal_op(&mut self, name: &str) -> &mut Self {
        self.ops.insert(name.to_owned(), Legality::Illegal);
        self
    }

    /// The op named `name` is legal when `predicate` holds for it.
    pub fn add_dynamically_legal_op(
        &mut self,
        name: &str,
        predicate: impl Fn(OperationRef<'_, '_>) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.ops.insert(name.to_owned(), Legality::Dynamic(Arc::new(predicate)));
        self
    }

    /// The entry deciding ops named `name`: the op's own, else its dialect's.
    pub fn legality_of_name(&self, name: &str) -> Option<&Legality> {
        self.ops.get(name).or_else(|| {
            let dialect = name.split_once('.').map_or(name, |(dialect, _)| dialect);
            self.dialects.get(dialect)
        })
    }

    /// `Some(true)` for a legal op, `Some(false)` for an illegal one, `None`
    /// when the target says nothing about it.
    pub fn is_legal(&self, op: OperationRef<'_, '_>) -> Option<bool> {
        let name = op.name();
        let name = name.as_string_ref().as_str().ok()?;
        self.legality_of_name(name).map(|legality| evaluate(legality, op))
    }
}

/// Applies a legality entry to an op.
pub(crate) fn evaluate(legality: &Legality, op: OperationRef<'_, '_>) -> bool {
    match legality {
        Legality::Legal => true,
        Legality::Illegal => false,
        Legality::Dynamic(predicate) => predicate(op),
    }
}
