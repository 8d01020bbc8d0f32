//! Memoized reading of live MLIR types into the Rust model.

use std::{
    cell::{Cell, RefCell},
    collections::HashMap,
    marker::PhantomData,
    sync::Arc,
};

use melior::{
    Context,
    ir::{Type, TypeLike},
};

use super::{SpirvType, TypeParseError};

/// Reads MLIR types into [`SpirvType`]s, printing and parsing each distinct
/// type only once.
///
/// MLIR uniques types in their context, so the storage pointer identifies a
/// type for the context's whole lifetime; the cache is keyed by it. The `'c`
/// lifetime ties the cache to one context: a pointer from a dropped context
/// could be reused by an unrelated type, so the cache must not outlive it.
#[derive(Debug)]
pub struct SpirvTypeCache<'c> {
    entries: RefCell<HashMap<usize, Arc<SpirvType>>>,
    parses: Cell<usize>,
    context: PhantomData<&'c Context>,
}

impl<'c> SpirvTypeCache<'c> {
    /// An empty cache for types of `context`.
    pub fn new(_context: &'c Context) -> Self {
        Self {
            entries: RefCell::default(),
            parses: Cell::new(0),
            context: PhantomData,
        }
    }

    /// The model of `ty`, parsed from its printed form on first sight and
    /// shared (the same [`Arc`]) on every later read of the same type.
    ///
    /// # Errors
    ///
    /// The [`TypeParseError`] of parsing the printed type. Failures are not
    /// cached; they are reported again on every read.
    pub fn read(&self, ty: Type<'c>) -> Result<Arc<SpirvType>, TypeParseError> {
        let key = ty.to_raw().ptr as usize;
        if let Some(model) = self.entries.borrow().get(&key) {
            return Ok(Arc::clone(model));
        }
        // The shared borrow above ends with the `if let` (edition 2024
        // temporary scoping), so the mutable borrow below cannot conflict.
        self.parses.set(self.parses.get() + 1);
        let model = Arc::new(SpirvType::parse(&ty.to_string())?);
        self.entries.borrow_mut().insert(key, Arc::clone(&model));
        Ok(model)
    }

    /// Number of distinct types cached.
    pub fn len(&self) -> usize {
        self.entries.borrow().len()
    }

    /// Whether nothing has been cached yet.
    pub fn is_empty(&self) -> bool {
        self.entries.borrow().is_empty()
    }

    /// Number of print-and-parse round trips performed (cache misses).
    pub fn parses(&self) -> usize {
        self.parses.get()
    }
}
