//! Type conversion: ordered rules from a source type to its lowered type.

use crate::error::TypeConversionError;
use melior::{
    Context,
    ir::{Type, TypeLike, r#type::FunctionType},
};
use super::hash::{AddressMap, AddressSet};
use std::cell::RefCell;

/// What a rule says about a type: `None` when the rule does not apply (the
/// next rule is tried), `Some(Ok(t))` for the converted type, `Some(Err(e))`
/// when the type is recognised but cannot be lowered.
pub type RuleResult<'c> = Option<Result<Type<'c>, TypeConversionError>>;

type Rule<'c> = Box<dyn Fn(Type<'c>, &TypeConverter<'c>) -> RuleResult<'c> + 'c>;

/// Converts types with ordered rules, as MLIR's `TypeConverter` does: the rule
/// added last is tried first; a rule converts nested types by calling back
/// into the converter, so composite types recurse naturally. Results,
/// failures included, are cached per uniqued type, so each distinct type is
/// converted once per converter.
///
/// ```
/// use melior::{Context, ir::{Type, r#type::IntegerType}};
/// use spirv_opt_rs::conversion::TypeConverter;
///
/// let context = Context::new();
/// let mut converter = TypeConverter::new(&context);
/// converter.add_identity();
/// // Signed and unsigned integers lower to signless ones of the same width.
/// converter.add_rule(|ty, _| {
///     let int = IntegerType::try_from(ty).ok()?;
///     (!int.is_signless()).then(|| Ok(IntegerType::new(&context, int.width()).into()))
/// });
/// let si8: Type = IntegerType::signed(&context, 8).into();
/// assert_eq!(converter.convert_type(si8).unwrap(), IntegerType::new(&context, 8).into());
/// ```
pub struct TypeConverter<'c> {
    context: &'c Context,
    rules: Vec<Rule<'c>>,
    cache: RefCell<AddressMap<usize, Result<Type<'c>, TypeConversionError>>>,
    in_progress: RefCell<AddressSet<usize>>,
}

/// The converted signature of a function type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureConversion<'c> {
    /// Converted input types, one per original input.
    pub inputs: Vec<Type<'c>>,
    /// Converted result types, one per original result.
    pub results: Vec<Type<'c>>,
}

impl<'c> TypeConverter<'c> {
    /// A converter for types of `context`, with no rules: every type fails
    /// to convert until rules are added.
    pub fn new(context: &'c Context) -> Self {
        Self { context, rules: Vec::new(), cache: RefCell::default(), in_progress: RefCell::default() }
    }

    /// The context converted types are built in.
    pub fn context(&self) -> &'c Context {
        self.context
    }

    /// Adds a rule, tried before every rule added earlier.
    pub fn add_rule(&mut self, rule: impl Fn(Type<'c>, &TypeConverter<'c>) -> RuleResult<'c> + 'c) {
        self.rules.push(Box::new(rule));
        self.cache.get_mut().clear();
    }

    /// Adds a rule keeping every type as it is; added first, it is the fallback.
    pub fn add_identity(&mut self) {
        self.add_rule(|ty, _| Some(Ok(ty)));
    }

    /// Converts `ty` with the first rule that applies.
    pub fn convert_type(&self, ty: Type<'c>) -> Result<Type<'c>, TypeConversionError> {
        let key = crate::ffi::key(ty.to_raw().ptr);
        if let Some(cached) = self.cache.borrow().get(&key) {
            return cached.clone();
        }
        // A type reached again while it is being converted is a cycle no rule
        // broke (e.g. a recursive struct); fail instead of recursing forever.
        if !self.in_progress.borrow_mut().insert(key) {
            return Err(TypeConversionError::new(ty, "recursive type"));
        }
        let result = self
            .rules
            .iter()
            .rev()
            .find_map(|rule| rule(ty, self))
            .unwrap_or_else(|| Err(TypeConversionError::new(ty, "no conversion rule applies")));
        self.in_progress.borrow_mut().remove(&key);
        self.cache.borrow_mut().insert(key, result.clone());
        result
    }

    /// Converts every type of `types`, failing on the first that does not convert.
    pub fn convert_types(
        &self,
        types: impl IntoIterator<Item = Type<'c>>,
    ) -> Result<Vec<Type<'c>>, TypeConversionError> {
        types.into_iter().map(|ty| self.convert_type(ty)).collect()
    }

    /// Whether `ty` converts to itself.
    pub fn is_legal(&self, ty: Type<'c>) -> bool {
        self.convert_type(ty).is_ok_and(|converted| converted == ty)
    }

    /// Converts the inputs and results of a function type.
    pub fn convert_signature(
        &self,
        function: FunctionType<'c>,
    ) -> Result<SignatureConversion<'c>, TypeConversionError> {
        let inputs = (0..function.input_count()).filter_map(|i| function.input(i).ok());
        let results = (0..function.result_count()).filter_map(|i| function.result(i).ok());
        Ok(SignatureConversion {
            inputs: self.convert_types(inputs)?,
            results: self.convert_types(results)?,
        })
    }
}
