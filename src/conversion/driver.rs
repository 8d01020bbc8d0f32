//! The conversion driver, and the rewriter patterns build with.
//!
//! The driver never edits the input. It walks the input once and builds the
//! converted IR into a detached twin of the root op, keeping maps from
//! original values and blocks to their converted counterparts. Only when
//! every op is legal and the twin verifies are the twin's regions moved into
//! the root (an O(1) splice per region). A failure drops the twin, so the
//! input is exactly as it was, and no rollback machinery is needed: the cost
//! is linear in the size of the input. See docs/architecture.md.

use super::{
    Replacement,
    hash::AddressMap,
    ConversionPattern, ConversionTarget, PatternSet, TypeConverter,
    target::{Legality, evaluate},
};
use crate::{
    error::{ConversionError, MatchFailure},
    ffi,
};
use melior::{
    Context,
    ir::{
        Attribute, Block, BlockLike, BlockRef, Identifier, Location, Operation, OperationRef,
        Region, RegionLike, RegionRef, Type, TypeLike, Value, ValueLike,
        operation::{OperationBuilder, OperationLike},
    },
};
use mlir_sys::{MlirBlock, MlirOperation, MlirValue};
use std::{
    any::{Any, TypeId},
    cell::RefCell,
    collections::HashMap,
    marker::PhantomData,
    rc::Rc,
    sync::Arc,
};
use tracing::debug;

/// Full or partial conversion, as MLIR's `applyFullConversion` and
/// `applyPartialConversion`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConversionMode {
    /// Every op must end legal: an op the target says nothing about and no
    /// pattern rewrites is an error.
    Full,
    /// Ops the target says nothing about may stay; where a converted value
    /// meets an op that stayed (or the reverse),
    /// `builtin.unrealized_conversion_cast` is materialized.
    Partial,
}

/// What a conversion did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ConversionStats {
    /// Ops rewritten by a pattern.
    pub rewritten: usize,
    /// Ops kept (legal, or unknown in a partial conversion), rebuilt with
    /// their operands remapped.
    pub kept: usize,
    /// `builtin.unrealized_conversion_cast` ops created.
    pub materializations: usize,
}

/// A configured conversion: target, patterns, type converter and mode.
///
/// ```
/// use melior::{Context, ir::{Module, Location, operation::OperationLike}};
/// use spirv_opt_rs::conversion::{Conversion, ConversionTarget, PatternSet, TypeConverter};
///
/// let context = Context::new();
/// let module = Module::new(Location::unknown(&context));
/// let mut converter = TypeConverter::new(&context);
/// converter.add_identity();
/// let mut target = ConversionTarget::new();
/// target.add_legal_dialect("builtin");
/// let patterns = PatternSet::new();
/// let stats = Conversion::full(&target, &patterns, &converter)
///     .apply(module.as_operation())
///     .unwrap();
/// assert_eq!(stats.rewritten, 0);
/// ```
pub struct Conversion<'p, 'c> {
    target: &'p ConversionTarget,
    patterns: &'p PatternSet,
    type_converter: &'p TypeConverter<'c>,
    mode: ConversionMode,
    verify: bool,
}

impl<'p, 'c> Conversion<'p, 'c> {
    /// A conversion in the given mode; the result is verified before it
    /// replaces the input.
    pub fn new(
        mode: ConversionMode,
        target: &'p ConversionTarget,
        patterns: &'p PatternSet,
        type_converter: &'p TypeConverter<'c>,
    ) -> Self {
        Self { target, patterns, type_converter, mode, verify: true }
    }

    /// A full conversion.
    pub fn full(
        target: &'p ConversionTarget,
        patterns: &'p PatternSet,
        type_converter: &'p TypeConverter<'c>,
    ) -> Self {
        Self::new(ConversionMode::Full, target, patterns, type_converter)
    }

    /// A partial conversion.
    pub fn partial(
        target: &'p ConversionTarget,
        patterns: &'p PatternSet,
        type_converter: &'p TypeConverter<'c>,
    ) -> Self {
        Self::new(ConversionMode::Partial, target, patterns, type_converter)
    }

    /// Whether to verify the converted IR before it replaces the input (on by
    /// default). Turning it off saves a walk when the caller verifies anyway,
    /// at the price of replacing the input with IR that may not verify.
    pub fn verify_result(mut self, verify: bool) -> Self {
        self.verify = verify;
        self
    }

    /// Converts everything nested in `root`'s regions; `root` itself stays (it
    /// is typically a `builtin.module`) and must have no operands or results.
    /// On error the input is untouched and the error says where and why.
    pub fn apply(&self, root: OperationRef<'c, '_>) -> Result<ConversionStats, ConversionError<'c>> {
        let _span = tracing::debug_span!("conversion", mode = ?self.mode).entered();
        let context = self.type_converter.context();
        let location = root.location();
        let name = op_name(root);
        let attributes: Vec<(Identifier<'c>, Attribute<'c>)> = root.attributes().collect();
        let regions = (0..root.region_count()).map(|_| Region::new()).collect();
        let twin = OperationBuilder::new(&name, location)
            .add_attributes(&attributes)
            .add_regions_vec(regions)
            .build()
            .map_err(|error| ConversionError::Internal {
                location,
                message: format!("cannot create the result container '{name}': {error}"),
            })?;

        let mut rewriter = ConversionRewriter::new(self, context, location);
        for index in 0..root.region_count() {
            let (Ok(from), Ok(into)) = (root.region(index), twin.region(index)) else { continue };
            rewriter.convert_region(root, from, into, EntryTypes::Keep)?;
        }
        let stats = rewriter.stats;
        drop(rewriter);

        if self.verify && !twin.verify() {
            return Err(ConversionError::InvalidResult { location });
        }
        for index in 0..root.region_count() {
            if let (Ok(target), Ok(source)) = (root.region(index), twin.region(index)) {
                ffi::region_take_body(target, source);
            }
        }
        debug!(?stats, "conversion succeeded");
        Ok(stats)
    }
}

/// How the block arguments of a converted region are typed.
#[derive(Clone, Copy)]
enum EntryTypes<'a, 'c> {
    /// Every block keeps its argument types (regions of ops that stay).
    Keep,
    /// Every block's argument types are converted.
    Convert,
    /// The entry block gets these types (a converted signature); the other
    /// blocks' argument types are converted.
    Given(&'a [Type<'c>]),
}

/// The result of [`ConversionRewriter::inline_region`].
#[derive(Debug, Clone, Copy)]
pub struct InlinedRegion<'c, 'r> {
    /// The converted entry block of the region, now in the enclosing region.
    pub entry: BlockRef<'c, 'r>,
    /// The block after the inlined blocks, where the ops following the
    /// region-carrying op go; its arguments carry the values the region
    /// yields.
    pub continuation: BlockRef<'c, 'r>,
}

/// Per-op-name facts, computed once per distinct name.
struct OpInfo<'p> {
    name: Arc<str>,
    legality: Option<&'p Legality>,
    patterns: &'p [Arc<dyn ConversionPattern>],
}

/// The rewriter handed to patterns: it knows where replacement ops go, maps
/// original values and blocks to converted ones, and converts nested regions.
///
/// Lifetimes: `'c` is the MLIR context, `'r` the IR being read and built
/// (both live through the conversion), `'p` the borrowed conversion setup.
pub struct ConversionRewriter<'c: 'r, 'r, 'p> {
    conversion: &'p Conversion<'p, 'c>,
    context: &'c Context,
    values: AddressMap<usize, MlirValue>,
    blocks: AddressMap<usize, MlirBlock>,
    casts: AddressMap<(usize, usize, usize), MlirValue>,
    op_infos: AddressMap<usize, OpInfo<'p>>,
    /// Where replacement ops are appended.
    insertion: MlirBlock,
    /// The last op known to be in each block being built (the C API has no
    /// "last op of a block" query; walking from the first op per pattern
    /// would make the conversion quadratic in block size).
    tails: AddressMap<usize, MlirOperation>,
    /// Continuation blocks of the regions being inlined, innermost last.
    exits: Vec<MlirBlock>,
    /// New module bodies being built, innermost last, for symbol
    /// declarations, with the input module each one comes from.
    module_scopes: Vec<(MlirBlock, MlirOperation)>,
    /// Symbol tables of input modules, built on first use.
    symbol_tables: AddressMap<usize, ffi::SymbolTable>,
    /// Symbols declared through [`Self::declare_symbol`], per module body.
    declared: AddressMap<(usize, String), MlirOperation>,
    location: Location<'c>,
    /// Pattern-owned state living as long as the conversion (see [`Self::state`]).
    states: RefCell<HashMap<TypeId, Rc<dyn Any>>>,
    /// Types derived from types, per purpose (see [`Self::memoized_type`]).
    type_memo: RefCell<HashMap<(&'static str, usize), mlir_sys::MlirType>>,
    /// An error from a nested region conversion, surfaced once the pattern
    /// that asked for it returns.
    nested_error: Option<ConversionError<'c>>,
    stats: ConversionStats,
    _ir: PhantomData<&'r ()>,
}

impl<'c: 'r, 'r, 'p> ConversionRewriter<'c, 'r, 'p> {
    fn new(conversion: &'p Conversion<'p, 'c>, context: &'c Context, location: Location<'c>) -> Self {
        Self {
            conversion,
            context,
            values: AddressMap::default(),
            blocks: AddressMap::default(),
            casts: AddressMap::default(),
            op_infos: AddressMap::default(),
            insertion: MlirBlock { ptr: std::ptr::null_mut() },
            tails: AddressMap::default(),
            exits: Vec::new(),
            module_scopes: Vec::new(),
            symbol_tables: AddressMap::default(),
            declared: AddressMap::default(),
            location,
            nested_error: None,
            states: RefCell::default(),
            type_memo: RefCell::default(),
            stats: ConversionStats::default(),
            _ir: PhantomData,
        }
    }

    // ----- What patterns use -----

    /// The type `compute` derives from `key` for `purpose`, computed once per
    /// conversion: types are uniqued and live as long as the context, so a
    /// pattern that lowers the same large type at every use (the pointee of
    /// every access chain into a wide struct) pays for it once.
    pub fn memoized_type<E>(
        &self,
        purpose: &'static str,
        key: Type<'c>,
        compute: impl FnOnce() -> Result<Type<'c>, E>,
    ) -> Result<Type<'c>, E> {
        let slot = (purpose, key.to_raw().ptr as usize);
        if let Some(raw) = self.type_memo.borrow().get(&slot) {
            return Ok(ffi::type_from_raw(*raw));
        }
        let computed = compute()?;
        self.type_memo.borrow_mut().insert(slot, computed.to_raw());
        Ok(computed)
    }

    /// The MLIR context.
    pub fn context(&self) -> &'c Context {
        self.context
    }

    /// The location of the op being rewritten; replacement ops get it by default.
    pub fn location(&self) -> Location<'c> {
        self.location
    }

    /// The type converter of this conversion.
    pub fn type_converter(&self) -> &'p TypeConverter<'c> {
        self.conversion.type_converter
    }

    /// Converts a type, as a match failure when it has no conversion.
    pub fn convert_type(&self, ty: Type<'c>) -> Result<Type<'c>, MatchFailure> {
        Ok(self.conversion.type_converter.convert_type(ty)?)
    }

    /// The converted type of result `index` of `op`.
    pub fn converted_result_type(
        &self,
        op: OperationRef<'c, 'r>,
        index: usize,
    ) -> Result<Type<'c>, MatchFailure> {
        let result = op
            .result(index)
            .map_err(|_| MatchFailure::new(format!("op has no result #{index}")))?;
        self.convert_type(result.r#type())
    }

    /// The converted types of all results of `op`.
    pub fn converted_result_types(&self, op: OperationRef<'c, 'r>) -> Result<Vec<Type<'c>>, MatchFailure> {
        Ok(self.conversion.type_converter.convert_types(op.results().map(|r| r.r#type()))?)
    }

    /// Appends `op` at the insertion point.
    pub fn insert(&mut self, op: Operation<'c>) -> OperationRef<'c, 'r> {
        let op = ffi::block::<'c, 'r>(self.insertion).append_operation(op);
        self.tails.insert(ffi::key(self.insertion.ptr), op.to_raw());
        op
    }

    /// Creates op `name` at the insertion point, at the location of the op
    /// being rewritten, with the given operands, result types and attributes.
    pub fn create(
        &mut self,
        name: &str,
        operands: &[Value<'c, '_>],
        results: &[Type<'c>],
        attributes: &[(&str, Attribute<'c>)],
    ) -> Result<OperationRef<'c, 'r>, MatchFailure> {
        let attributes: Vec<_> = attributes
            .iter()
            .map(|(key, value)| (Identifier::new(self.context, key), *value))
            .collect();
        let op = OperationBuilder::new(name, self.location)
            .add_operands(operands)
            .add_results(results)
            .add_attributes(&attributes)
            .build()?;
        Ok(self.insert(op))
    }

    /// Creates a single-result op and returns its result.
    pub fn create_value(
        &mut self,
        name: &str,
        operands: &[Value<'c, '_>],
        result: Type<'c>,
        attributes: &[(&str, Attribute<'c>)],
    ) -> Result<Value<'c, 'r>, MatchFailure> {
        let op = self.create(name, operands, &[result], attributes)?;
        self.results_of(op)
            .into_iter()
            .next()
            .ok_or_else(|| MatchFailure::new(format!("'{name}' produced no result")))
    }

    /// The results of an op, as values of the IR being built.
    pub fn results_of(&self, op: OperationRef<'c, '_>) -> Vec<Value<'c, 'r>> {
        op.results().map(|result| ffi::value(result.to_raw())).collect()
    }

    /// The converted counterpart of a block of the input (a successor, say).
    pub fn lookup_block(&self, block: BlockRef<'c, '_>) -> Result<BlockRef<'c, 'r>, MatchFailure> {
        self.blocks
            .get(&ffi::key(block.to_raw().ptr))
            .map(|&raw| ffi::block(raw))
            .ok_or_else(|| MatchFailure::new("successor block was not converted"))
    }

    /// The converted counterpart of a value of the input, of whatever type
    /// it was built with (patterns get their own operands already converted;
    /// this is for values reached otherwise, e.g. successor operands).
    pub fn lookup_value(&self, value: Value<'c, '_>) -> Result<Value<'c, 'r>, MatchFailure> {
        self.values
            .get(&ffi::key(value.to_raw().ptr))
            .map(|&raw| ffi::value(raw))
            .ok_or_else(|| MatchFailure::new("value used before it was converted"))
    }

    /// State of type `T` shared by the patterns of this conversion, created
    /// on first use and dropped with the conversion: a cache of what patterns
    /// read from the IR, typically. Uniqued MLIR objects (types, attributes)
    /// keep their address for the whole conversion, so they make good keys.
    ///
    /// ```
    /// # use spirv_opt_rs::conversion::ConversionRewriter;
    /// # use std::{cell::Cell, rc::Rc};
    /// #[derive(Default)]
    /// struct Counter(Cell<usize>);
    ///
    /// fn count(rewriter: &ConversionRewriter<'_, '_, '_>) -> usize {
    ///     let counter: Rc<Counter> = rewriter.state();
    ///     counter.0.set(counter.0.get() + 1);
    ///     counter.0.get()
    /// }
    /// ```
    pub fn state<T: Default + 'static>(&self) -> Rc<T> {
        let mut states = self.states.borrow_mut();
        let state = states.entry(TypeId::of::<T>()).or_insert_with(|| Rc::new(T::default()) as Rc<dyn Any>);
        // The entry for TypeId::of::<T>() always holds a T.
        Rc::clone(state).downcast::<T>().unwrap_or_else(|_| Rc::new(T::default()))
    }

    /// The block replacement ops are appended to.
    pub fn insertion_block(&self) -> BlockRef<'c, 'r> {
        ffi::block(self.insertion)
    }

    /// Moves the insertion point to the end of `block` (a block of the IR
    /// being built, e.g. [`InlinedRegion::continuation`]).
    pub fn set_insertion_point_to_end(&mut self, block: BlockRef<'c, 'r>) {
        self.insertion = block.to_raw();
    }

    /// Converts `from` (a region of the op being rewritten) into `into` (an
    /// empty region of the replacement op), giving the entry block the
    /// `entry_types` (a converted signature) and converting the other blocks'
    /// argument types.
    pub fn convert_region_into(
        &mut self,
        owner: OperationRef<'c, 'r>,
        from: RegionRef<'c, 'r>,
        into: RegionRef<'c, 'r>,
        entry_types: &[Type<'c>],
    ) -> Result<(), MatchFailure> {
        let result = self.convert_region(owner, from, into, EntryTypes::Given(entry_types));
        self.park(result)
    }

    /// Inlines `region` (of the op being rewritten) into the region being
    /// built, right after the insertion block, converting its ops, as
    /// MLIR's structured-control-flow lowerings do with `inlineRegionBefore`.
    /// Terminators inside that leave the region branch to
    /// [`Self::region_exit`], the returned continuation block, whose arguments
    /// have `continuation_types`. The insertion point is left in the block
    /// that was current; the caller branches to `entry` and then moves the
    /// insertion point to `continuation`.
    pub fn inline_region(
        &mut self,
        owner: OperationRef<'c, 'r>,
        region: RegionRef<'c, 'r>,
        continuation_types: &[Type<'c>],
    ) -> Result<InlinedRegion<'c, 'r>, MatchFailure> {
        let current = self.insertion;
        let parent = ffi::block::<'c, 'r>(current)
            .parent_region()
            .ok_or_else(|| MatchFailure::new("cannot inline a region outside of a region"))?;
        let arguments: Vec<_> = continuation_types.iter().map(|&ty| (ty, self.location)).collect();
        let continuation = parent.insert_block_after(ffi::block(current), Block::new(&arguments));
        let Some(first) = region.first_block() else {
            return Err(MatchFailure::new("region has no block"));
        };
        self.exits.push(continuation.to_raw());
        let result = self.convert_blocks(owner, region, EntryTypes::Convert, Placement::After(current));
        self.exits.pop();
        self.insertion = current;
        self.park(result)?;
        let entry = self.lookup_block(first)?;
        Ok(InlinedRegion { entry, continuation: ffi::block(continuation.to_raw()) })
    }

    /// Inlines `region` (a region of `owner`) as [`Self::inline_region`]
    /// does, then merges `entry`, one of its blocks, into the insertion block
    /// (so that the current block ends with `entry`'s terminator, as
    /// upstream's structured control flow lowerings do) and continues in the
    /// continuation. Returns the continuation's arguments, the values the
    /// region yields, which replace `owner`'s results.
    pub fn inline_region_in_place(
        &mut self,
        owner: OperationRef<'c, 'r>,
        region: RegionRef<'c, 'r>,
        entry: BlockRef<'c, 'r>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let result_types = self.converted_result_types(owner)?;
        let inlined = self.inline_region(owner, region, &result_types)?;
        self.merge_into_insertion_block(entry)?;
        self.set_insertion_point_to_end(inlined.continuation);
        let continuation = inlined.continuation;
        Ok((0..continuation.argument_count())
            .filter_map(|index| continuation.argument(index).ok().map(Value::from))
            .collect())
    }

    /// The continuation block of the innermost region being inlined, where
    /// a region's exit (`spirv.mlir.merge`, say) branches to.
    pub fn region_exit(&self) -> Option<BlockRef<'c, 'r>> {
        self.exits.last().map(|&raw| ffi::block(raw))
    }

    /// The body of the innermost `builtin.module` being built, where
    /// module-level declarations go.
    pub fn module_body(&self) -> Option<BlockRef<'c, 'r>> {
        self.module_scopes.last().map(|&(raw, _)| ffi::block(raw))
    }

    /// The op of the input defining symbol `name` in the symbol table
    /// nearest to `from` (`from` itself or its closest ancestor that is a
    /// `spirv.module` or `builtin.module`),
    /// as MLIR resolves a flat symbol reference. Each table is built once
    /// per conversion, so lookups are O(1).
    pub fn lookup_symbol(&mut self, from: OperationRef<'c, 'r>, name: &str) -> Option<OperationRef<'c, 'r>> {
        // MLIR's getNearestSymbolTable: `from` itself, or its closest ancestor.
        let mut table_owner = from;
        while !(op_name_is(table_owner, "builtin.module") || op_name_is(table_owner, "spirv.module")) {
            table_owner = table_owner.parent_operation()?;
        }
        self.symbol_table(table_owner).lookup(name)
    }

    fn symbol_table(&mut self, owner: OperationRef<'c, 'r>) -> &ffi::SymbolTable {
        self.symbol_tables.entry(ffi::key(owner.to_raw().ptr)).or_insert_with(|| ffi::SymbolTable::new(owner))
    }

    /// Moves the ops of the converted counterpart of `original` (a block of
    /// the input, typically the entry block of a region just inlined with
    /// [`Self::inline_region`]) to the end of the insertion block, then
    /// erases that converted block, as MLIR's `RewriterBase::mergeBlocks`.
    /// The converted block must have no arguments and no predecessors (a
    /// region's entry block never has any). Structured control flow
    /// lowerings use it to enter a region straight from the current block,
    /// e.g. the `llvm.cond_br` of a selection header ends the current block.
    pub fn merge_into_insertion_block(&mut self, original: BlockRef<'c, '_>) -> Result<(), MatchFailure> {
        let original_key = ffi::key(original.to_raw().ptr);
        let block = self.lookup_block(original)?;
        if block.argument_count() != 0 || block.predecessor_count() != 0 {
            return Err(MatchFailure::new("only a block without arguments or predecessors can be merged"));
        }
        if block.to_raw().ptr == self.insertion.ptr {
            return Err(MatchFailure::new("cannot merge the insertion block into itself"));
        }
        let target = ffi::block::<'c, 'r>(self.insertion);
        while let Some(op) = block.first_operation() {
            ffi::move_to_end(op, target);
        }
        // Casts materialized in the merged block now live in the insertion
        // block; re-key them so that a later block reusing the freed address
        // cannot pick them up.
        let merged_key = ffi::key(block.to_raw().ptr);
        let insertion_key = ffi::key(self.insertion.ptr);
        let stale: Vec<_> = self.casts.keys().filter(|key| key.2 == merged_key).copied().collect();
        for key in stale {
            if let Some(cast) = self.casts.remove(&key) {
                self.casts.entry((key.0, key.1, insertion_key)).or_insert(cast);
            }
        }
        self.blocks.remove(&original_key);
        // Its tail moved with its ops; a block allocated later at the same
        // address must not inherit it.
        self.tails.remove(&merged_key);
        ffi::erase_block(block);
        Ok(())
    }

    /// Declares a module-level symbol once per module: the first call for a
    /// name builds the op and puts it at the start of [`Self::module_body`];
    /// later calls return the same op. When the input module defines the
    /// symbol itself (a user-written builtin, say), nothing is declared and
    /// `None` is returned: the converted definition will stand for it.
    pub fn declare_symbol(
        &mut self,
        name: &str,
        build: impl FnOnce(&'c Context, Location<'c>) -> Result<Operation<'c>, MatchFailure>,
    ) -> Result<Option<OperationRef<'c, 'r>>, MatchFailure> {
        let (body, input_module) = *self
            .module_scopes
            .last()
            .ok_or_else(|| MatchFailure::new("no enclosing module to declare a symbol in"))?;
        let key = (ffi::key(body.ptr), name.to_owned());
        if let Some(&op) = self.declared.get(&key) {
            return Ok(Some(ffi::operation(op)));
        }
        if self.symbol_table(ffi::operation(input_module)).lookup(name).is_some() {
            return Ok(None);
        }
        let op = build(self.context, self.location)?;
        let op = ffi::block::<'c, 'r>(body).insert_operation(0, op);
        self.declared.insert(key, op.to_raw());
        Ok(Some(op))
    }

    // ----- The driver -----

    /// Keeps an error of a nested conversion for the driver and gives the
    /// pattern a failure to return.
    fn park(&mut self, result: Result<(), ConversionError<'c>>) -> Result<(), MatchFailure> {
        result.map_err(|error| {
            let failure = MatchFailure::new(format!("nested: {error}"));
            self.nested_error.get_or_insert(error);
            failure
        })
    }

    fn convert_region(
        &mut self,
        owner: OperationRef<'c, 'r>,
        from: RegionRef<'c, 'r>,
        into: RegionRef<'c, 'r>,
        entry_types: EntryTypes<'_, 'c>,
    ) -> Result<(), ConversionError<'c>> {
        self.convert_blocks(owner, from, entry_types, Placement::Append(into))
    }

    /// Creates the converted blocks of `from` (all of them first, so that
    /// branches can refer to blocks not converted yet), then converts their
    /// ops in reverse post-order, so that a value is converted before the
    /// blocks it dominates use it.
    fn convert_blocks(
        &mut self,
        owner: OperationRef<'c, 'r>,
        from: RegionRef<'c, 'r>,
        entry_types: EntryTypes<'_, 'c>,
        placement: Placement<'c, 'r>,
    ) -> Result<(), ConversionError<'c>> {
        let mut old_blocks = Vec::new();
        let mut next = from.first_block();
        while let Some(block) = next {
            next = block.next_in_region();
            old_blocks.push(block);
        }
        let mut new_blocks = Vec::with_capacity(old_blocks.len());
        let mut after = match placement {
            Placement::After(block) => Some(block),
            Placement::Append(_) => None,
        };
        for (index, old) in old_blocks.iter().enumerate() {
            let arguments = self.block_argument_types(owner, *old, index, entry_types)?;
            let new = match placement {
                Placement::Append(region) => region.append_block(Block::new(&arguments)),
                Placement::After(_) => {
                    let previous = ffi::block::<'c, 'r>(after.unwrap_or(self.insertion));
                    let region = previous.parent_region().ok_or_else(|| self.internal(owner, "detached block"))?;
                    region.insert_block_after(previous, Block::new(&arguments))
                }
            };
            after = Some(new.to_raw());
            self.blocks.insert(ffi::key(old.to_raw().ptr), new.to_raw());
            for position in 0..old.argument_count() {
                if let (Ok(old_argument), Ok(new_argument)) = (old.argument(position), new.argument(position)) {
                    self.values.insert(ffi::key(old_argument.to_raw().ptr), new_argument.to_raw());
                }
            }
            new_blocks.push(new.to_raw());
        }

        let saved = self.insertion;
        let is_module = op_name_is(owner, "builtin.module") || op_name_is(owner, "spirv.module");
        for index in reverse_post_order(&old_blocks) {
            self.insertion = new_blocks[index];
            if is_module {
                self.module_scopes.push((new_blocks[index], owner.to_raw()));
            }
            let result = self.convert_block_ops(old_blocks[index]);
            if is_module {
                self.module_scopes.pop();
            }
            result?;
        }
        self.insertion = saved;
        Ok(())
    }

    fn block_argument_types(
        &self,
        owner: OperationRef<'c, 'r>,
        block: BlockRef<'c, 'r>,
        index: usize,
        entry_types: EntryTypes<'_, 'c>,
    ) -> Result<Vec<(Type<'c>, Location<'c>)>, ConversionError<'c>> {
        let mut arguments = Vec::with_capacity(block.argument_count());
        for position in 0..block.argument_count() {
            let Ok(argument) = block.argument(position) else { continue };
            let ty = match entry_types {
                EntryTypes::Given(types) if index == 0 => types.get(position).copied().ok_or_else(|| {
                    self.failure(owner, format!("the converted signature has no type for argument #{position}"))
                })?,
                EntryTypes::Keep => argument.r#type(),
                EntryTypes::Convert | EntryTypes::Given(_) => {
                    match self.conversion.type_converter.convert_type(argument.r#type()) {
                        Ok(ty) => ty,
                        Err(_) if self.conversion.mode == ConversionMode::Partial => argument.r#type(),
                        Err(error) => {
                            return Err(self.failure(owner, format!("block argument #{position}: {error}")));
                        }
                    }
                }
            };
            arguments.push((ty, argument.location()));
        }
        Ok(arguments)
    }

    fn convert_block_ops(&mut self, block: BlockRef<'c, 'r>) -> Result<(), ConversionError<'c>> {
        let mut next = block.first_operation();
        while let Some(op) = next {
            next = op.next_in_block();
            self.convert_operation(op)?;
        }
        Ok(())
    }

    fn op_info(&mut self, op: OperationRef<'c, 'r>) -> &OpInfo<'p> {
        let conversion = self.conversion;
        self.op_infos.entry(ffi::key(op.name().to_raw().ptr)).or_insert_with(|| {
            let name: Arc<str> = op_name(op).into();
            OpInfo {
                legality: conversion.target.legality_of_name(&name),
                patterns: conversion.patterns.patterns_for(&name),
                name,
            }
        })
    }

    fn convert_operation(&mut self, op: OperationRef<'c, 'r>) -> Result<(), ConversionError<'c>> {
        let info = self.op_info(op);
        let (name, legality, patterns) = (Arc::clone(&info.name), info.legality, info.patterns);
        let legal = legality.map(|legality| evaluate(legality, op));
        if legal == Some(true) {
            return self.keep(op, &name);
        }
        let mut reason = None;
        if !patterns.is_empty() {
            self.location = op.location();
            let operands = self.adapt_operands(op)?;
            for pattern in patterns {
                let mark = Mark::of(self);
                match pattern.match_and_rewrite(op, &operands, self) {
                    Ok(replacement) if replacement.len() == op.result_count() => {
                        self.map_results(op, &replacement);
                        self.stats.rewritten += 1;
                        debug!(op = %name, pattern = pattern.name(), "rewrote");
                        return Ok(());
                    }
                    Ok(replacement) => {
                        mark.rollback(self);
                        reason = Some(format!(
                            "pattern '{}' gave {} values for {} results",
                            pattern.name(),
                            replacement.len(),
                            op.result_count()
                        ));
                    }
                    Err(failure) => {
                        if let Some(error) = self.nested_error.take() {
                            return Err(error);
                        }
                        mark.rollback(self);
                        debug!(op = %name, pattern = pattern.name(), %failure, "no match");
                        reason = Some(failure.reason);
                    }
                }
            }
        }
        if legal == Some(false) || self.conversion.mode == ConversionMode::Full {
            return Err(ConversionError::FailedToLegalize {
                op: name.to_string(),
                explicitly_illegal: legal == Some(false),
                location: op.location(),
                reason,
            });
        }
        self.keep(op, &name)
    }

    /// The converted operands of `op`: each operand's converted value, cast
    /// to its converted type where it was built with another type.
    fn adapt_operands(&mut self, op: OperationRef<'c, 'r>) -> Result<Vec<Value<'c, 'r>>, ConversionError<'c>> {
        let mut operands = Vec::with_capacity(op.operand_count());
        for (index, operand) in op.operands().enumerate() {
            let value = self.mapped_operand(op, index, operand)?;
            let value = match self.conversion.type_converter.convert_type(operand.r#type()) {
                Ok(ty) => self.materialize(op, value, ty)?,
                // A type with no conversion is passed through as it is; the
                // pattern decides whether it can work with it.
                Err(_) => value,
            };
            operands.push(value);
        }
        Ok(operands)
    }

    fn mapped_operand(
        &self,
        op: OperationRef<'c, 'r>,
        index: usize,
        operand: Value<'c, 'r>,
    ) -> Result<Value<'c, 'r>, ConversionError<'c>> {
        self.lookup_value(operand)
            .map_err(|_| self.internal(op, &format!("operand #{index} is used before it is defined")))
    }

    /// `value` as type `ty`: itself, or a cached `builtin.unrealized_conversion_cast`.
    fn materialize(
        &mut self,
        user: OperationRef<'c, 'r>,
        value: Value<'c, 'r>,
        ty: Type<'c>,
    ) -> Result<Value<'c, 'r>, ConversionError<'c>> {
        if value.r#type() == ty {
            return Ok(value);
        }
        if self.conversion.mode == ConversionMode::Full
            && !matches!(self.conversion.target.legality_of_name(CAST), Some(Legality::Legal))
        {
            return Err(self.failure(
                user,
                format!("cannot materialize a conversion from {} to {}", value.r#type(), ty),
            ));
        }
        let key = (ffi::key(value.to_raw().ptr), ffi::key(ty.to_raw().ptr), ffi::key(self.insertion.ptr));
        if let Some(&cast) = self.casts.get(&key) {
            return Ok(ffi::value(cast));
        }
        let op = OperationBuilder::new(CAST, user.location())
            .add_operands(&[value])
            .add_results(&[ty])
            .build()
            .map_err(|error| self.internal(user, &error.to_string()))?;
        let op = self.insert(op);
        let cast: Value<'c, 'r> = self.results_of(op)[0];
        self.casts.insert(key, cast.to_raw());
        self.stats.materializations += 1;
        Ok(cast)
    }

    fn map_results(&mut self, op: OperationRef<'c, 'r>, replacement: &[Value<'c, 'r>]) {
        for (result, value) in op.results().zip(replacement) {
            self.values.insert(ffi::key(result.to_raw().ptr), value.to_raw());
        }
    }

    /// Rebuilds `op` as it is, with remapped operands and successors and its
    /// regions converted.
    fn keep(&mut self, op: OperationRef<'c, 'r>, name: &str) -> Result<(), ConversionError<'c>> {
        let mut operands = Vec::with_capacity(op.operand_count());
        for (index, operand) in op.operands().enumerate() {
            let value = self.mapped_operand(op, index, operand)?;
            operands.push(self.materialize(op, value, operand.r#type())?);
        }
        let mut successors = Vec::with_capacity(op.successor_count());
        for successor in op.successors() {
            successors.push(self.lookup_block(successor).map_err(|f| self.internal(op, &f.reason))?);
        }
        let successor_refs: Vec<&Block<'c>> = successors.iter().map(|block| &**block).collect();
        let results: Vec<Type<'c>> = op.results().map(|result| result.r#type()).collect();
        let attributes: Vec<(Identifier<'c>, Attribute<'c>)> = op.attributes().collect();
        let regions = (0..op.region_count()).map(|_| Region::new()).collect();
        let new = OperationBuilder::new(name, op.location())
            .add_operands(&operands)
            .add_results(&results)
            .add_attributes(&attributes)
            .add_successors(&successor_refs)
            .add_regions_vec(regions)
            .build()
            .map_err(|error| self.internal(op, &error.to_string()))?;
        let new = self.insert(new);
        let replacement = self.results_of(new);
        self.map_results(op, &replacement);
        for index in 0..op.region_count() {
            if let (Ok(from), Ok(into)) = (op.region(index), new.region(index)) {
                self.convert_region(op, from, ffi::region(into.to_raw()), EntryTypes::Keep)?;
            }
        }
        self.stats.kept += 1;
        Ok(())
    }

    /// The last op of `block`: the recorded tail, advanced past ops appended
    /// without [`Self::insert`].
    fn last_operation(&mut self, block: MlirBlock) -> Option<MlirOperation> {
        let key = ffi::key(block.ptr);
        let mut last = match self.tails.get(&key) {
            Some(&op) => ffi::operation::<'c, 'r>(op),
            None => ffi::block::<'c, 'r>(block).first_operation()?,
        };
        while let Some(next) = last.next_in_block() {
            last = next;
        }
        self.tails.insert(key, last.to_raw());
        Some(last.to_raw())
    }

    fn failure(&self, op: OperationRef<'c, 'r>, reason: String) -> ConversionError<'c> {
        let name = op_name(op);
        let explicitly_illegal = self
            .conversion
            .target
            .legality_of_name(&name)
            .is_some_and(|legality| !evaluate(legality, op));
        ConversionError::FailedToLegalize { op: name, explicitly_illegal, location: op.location(), reason: Some(reason) }
    }

    fn internal(&self, op: OperationRef<'c, 'r>, message: &str) -> ConversionError<'c> {
        ConversionError::Internal { location: op.location(), message: message.to_owned() }
    }
}

const CAST: &str = "builtin.unrealized_conversion_cast";

/// Where converted blocks go.
#[derive(Clone, Copy)]
enum Placement<'c, 'r> {
    /// At the end of this (empty) region.
    Append(RegionRef<'c, 'r>),
    /// After this block, in its region.
    After(MlirBlock),
}

/// The end of a block before a pattern ran, to erase what a failing pattern
/// created.
struct Mark {
    block: MlirBlock,
    last: Option<MlirOperation>,
}

impl Mark {
    fn of(rewriter: &mut ConversionRewriter<'_, '_, '_>) -> Self {
        let block = rewriter.insertion;
        Self { block, last: rewriter.last_operation(block) }
    }

    fn rollback(self, rewriter: &mut ConversionRewriter<'_, '_, '_>) {
        let block = ffi::block(self.block);
        let mut next = match self.last {
            Some(last) => ffi::operation(last).next_in_block(),
            None => block.first_operation(),
        };
        let mut created = Vec::new();
        while let Some(op) = next {
            next = op.next_in_block();
            created.push(op);
        }
        // Newest first, so that no erased op still has users.
        for op in created.into_iter().rev() {
            ffi::erase(op);
        }
        match self.last {
            Some(last) => rewriter.tails.insert(ffi::key(self.block.ptr), last),
            None => rewriter.tails.remove(&ffi::key(self.block.ptr)),
        };
        rewriter.insertion = self.block;
    }
}

/// The name of an op, e.g. `spirv.IAdd`.
pub(crate) fn op_name(op: OperationRef<'_, '_>) -> String {
    op.name().as_string_ref().as_str().unwrap_or("<invalid>").to_owned()
}

fn op_name_is(op: OperationRef<'_, '_>, name: &str) -> bool {
    op.name().as_string_ref().as_str() == Ok(name)
}

/// Indices of `blocks` in reverse post-order from the first block, followed
/// by the unreachable blocks in textual order.
fn reverse_post_order(blocks: &[BlockRef<'_, '_>]) -> Vec<usize> {
    if blocks.len() <= 1 {
        return (0..blocks.len()).collect();
    }
    let index: AddressMap<usize, usize> =
        blocks.iter().enumerate().map(|(i, block)| (ffi::key(block.to_raw().ptr), i)).collect();
    let successors = |i: usize| -> Vec<usize> {
        blocks[i]
            .terminator()
            .map(|terminator| {
                terminator
                    .successors()
                    .filter_map(|successor| index.get(&ffi::key(successor.to_raw().ptr)).copied())
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut visited = vec![false; blocks.len()];
    let mut post_order = Vec::with_capacity(blocks.len());
    // Iterative DFS: (block, its successors, next successor to visit).
    let mut stack = vec![(0, successors(0), 0)];
    visited[0] = true;
    while let Some((block, succs, next)) = stack.last_mut() {
        if let Some(&successor) = succs.get(*next) {
            *next += 1;
            if !visited[successor] {
                visited[successor] = true;
                stack.push((successor, successors(successor), 0));
            }
        } else {
            post_order.push(*block);
            stack.pop();
        }
    }
    post_order.reverse();
    post_order.extend((0..blocks.len()).filter(|&i| !visited[i]));
    post_order
}
