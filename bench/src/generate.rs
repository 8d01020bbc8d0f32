//! A deterministic, seeded generator of SPIR-V dialect modules.
//!
//! A module is one `spirv.module` with two globals (a StorageBuffer struct
//! and a Private vector) and many functions of moderate size (60 to 400 ops)
//! sharing one signature, so that any function can call an earlier one. The
//! bodies mix arithmetic, bitfield, GLSL, composite, memory, comparison and
//! select ops, calls, and nested `spirv.mlir.selection` / `spirv.mlir.loop`
//! regions. Only ops that upstream `mlir-opt --convert-spirv-to-llvm` lowers
//! are used, so both tools must convert every module.
//!
//! SSA scoping follows dominance: values defined inside a region or a branch
//! are dropped from the pools when it closes; values leave regions through
//! Function variables, as in real shaders.

use std::fmt::Write as _;

/// A splitmix64 generator: tiny, deterministic on every platform.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `low..=high`.
    pub fn range(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One element of a non-empty slice.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// The value types the generator works with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ty {
    I32,
    F32,
    V4I,
    V4F,
    Bool,
    V4Bool,
    Struct,
}

const TYPES: usize = 7;

impl Ty {
    fn text(self) -> &'static str {
        match self {
            Ty::I32 => "i32",
            Ty::F32 => "f32",
            Ty::V4I => "vector<4xi32>",
            Ty::V4F => "vector<4xf32>",
            Ty::Bool => "i1",
            Ty::V4Bool => "vector<4xi1>",
            Ty::Struct => STRUCT,
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The scalar element of a vector type (itself for a scalar).
    fn element(self) -> Ty {
        match self {
            Ty::V4I => Ty::I32,
            Ty::V4F => Ty::F32,
            Ty::V4Bool => Ty::Bool,
            other => other,
        }
    }

    fn is_vector(self) -> bool {
        matches!(self, Ty::V4I | Ty::V4F | Ty::V4Bool)
    }

    /// The boolean type of a comparison of values of this type.
    fn condition(self) -> Ty {
        if self.is_vector() { Ty::V4Bool } else { Ty::Bool }
    }
}

/// The struct held in a Function variable of every function.
const STRUCT: &str = "!spirv.struct<(f32, vector<4xf32>, i32)>";
/// Field types of [`STRUCT`].
const STRUCT_FIELDS: [Ty; 3] = [Ty::F32, Ty::V4F, Ty::I32];
/// The StorageBuffer block: a runtime-sized-like array of floats.
const BUFFER: &str = "!spirv.struct<(!spirv.array<256 x f32, stride=4> [0])>";
/// The common signature of every generated function.
const SIGNATURE: &str = "(i32, f32, vector<4xf32>, vector<4xi32>) -> f32";
/// How deep selections and loops nest.
const MAX_DEPTH: usize = 3;

/// A generated module.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The module text.
    pub text: String,
    /// The number of operations in it (the implicit `builtin.module` aside).
    pub ops: usize,
    /// The number of `spirv.func`s.
    pub functions: usize,
}

/// Generates a module of about `target_ops` operations (never fewer) from `seed`.
pub fn generate(target_ops: usize, seed: u64) -> Generated {
    let mut rng = Rng::new(seed ^ (target_ops as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut text = String::with_capacity(target_ops * 72);
    text.push_str("spirv.module Logical GLSL450 {\n");
    let _ = writeln!(text, "  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<{BUFFER}, StorageBuffer>");
    text.push_str("  spirv.GlobalVariable @priv : !spirv.ptr<vector<4xf32>, Private>\n");
    let mut ops = 3;
    let mut functions = 0;
    while ops < target_ops {
        let remaining = target_ops - ops;
        // Moderate sizes; the last function takes what is left, if not tiny.
        let size = if remaining < 460 { remaining.max(40) } else { rng.range(60, 400) };
        let mut function = FunctionBuilder::new(&mut rng, functions);
        function.build(size);
        ops += function.ops;
        text.push_str(&function.out);
        functions += 1;
    }
    text.push_str("}\n");
    Generated { text, ops, functions }
}

/// Generates a module whose single function has about `target_ops`
/// operations (never fewer), with the same mix as [`generate`] but no calls:
/// the "one huge function" shape of the shape benchmark.
pub fn single_function(target_ops: usize, seed: u64) -> Generated {
    let mut rng = Rng::new(seed ^ (target_ops as u64).wrapping_mul(0x9E6C_63D0_676A_9A99));
    let mut text = String::with_capacity(target_ops * 72);
    text.push_str("spirv.module Logical GLSL450 {\n");
    let _ = writeln!(text, "  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<{BUFFER}, StorageBuffer>");
    text.push_str("  spirv.GlobalVariable @priv : !spirv.ptr<vector<4xf32>, Private>\n");
    let mut function = FunctionBuilder::new(&mut rng, 0);
    // The module and the two globals count too.
    function.build(target_ops.saturating_sub(3).max(40));
    text.push_str(&function.out);
    text.push_str("}\n");
    Generated { text, ops: 3 + function.ops, functions: 1 }
}

/// Builds one `spirv.func`.
struct FunctionBuilder<'a> {
    rng: &'a mut Rng,
    out: String,
    ops: usize,
    /// Values in scope, per type, in definition order.
    pools: [Vec<String>; TYPES],
    next_value: usize,
    next_label: usize,
    indent: usize,
    depth: usize,
    /// Index of this function: it may call `@f0` .. `@f{index-1}`.
    index: usize,
    /// Constants 0, 1, 2 (struct indices) and 8 (a loop bound).
    constants: [String; 4],
    /// Function variables of f32, i32, vector<4xf32> and the struct.
    variables: [String; 4],
}

impl<'a> FunctionBuilder<'a> {
    fn new(rng: &'a mut Rng, index: usize) -> Self {
        Self {
            rng,
            out: String::new(),
            ops: 0,
            pools: Default::default(),
            next_value: 0,
            next_label: 0,
            indent: 2,
            depth: 0,
            index,
            constants: Default::default(),
            variables: Default::default(),
        }
    }

    fn build(&mut self, size: usize) {
        let _ = writeln!(
            self.out,
            "  spirv.func @f{}(%a: i32, %b: f32, %c: vector<4xf32>, %d: vector<4xi32>) -> f32 \"None\" {{",
            self.index
        );
        self.ops += 1;
        self.indent = 4;
        for (ty, name) in [(Ty::I32, "%a"), (Ty::F32, "%b"), (Ty::V4F, "%c"), (Ty::V4I, "%d")] {
            self.pools[ty.index()].push(name.to_owned());
        }
        for (slot, ty) in [Ty::F32, Ty::I32, Ty::V4F, Ty::Struct].into_iter().enumerate() {
            self.variables[slot] =
                self.define_untracked(&format!("spirv.Variable : !spirv.ptr<{}, Function>", ty.text()));
        }
        for (slot, value) in [0, 1, 2, 8].into_iter().enumerate() {
            self.constants[slot] = self.define(Ty::I32, &format!("spirv.Constant {value} : i32"));
        }
        let half = format!("{}.5", self.rng.below(9));
        self.define(Ty::F32, &format!("spirv.Constant {half} : f32"));
        let ints: Vec<String> = (0..4).map(|_| self.rng.below(64).to_string()).collect();
        self.define(Ty::V4I, &format!("spirv.Constant dense<[{}]> : vector<4xi32>", ints.join(", ")));
        let floats: Vec<String> = (0..4).map(|_| format!("{}.25", self.rng.below(16))).collect();
        self.define(Ty::V4F, &format!("spirv.Constant dense<[{}]> : vector<4xf32>", floats.join(", ")));
        let (float_var, b) = (self.variables[0].clone(), "%b");
        self.emit(&format!("spirv.Store \"Function\" {float_var}, {b} : f32"));
        // Leave room for the return sequence.
        while self.ops + 3 < size {
            self.statement();
        }
        let loaded = self.define(Ty::F32, &format!("spirv.Load \"Function\" {float_var} : f32"));
        let other = self.value(Ty::F32);
        let result = self.define(Ty::F32, &format!("spirv.FAdd {loaded}, {other} : f32"));
        self.emit(&format!("spirv.ReturnValue {result} : f32"));
        self.out.push_str("  }\n");
    }

    // ----- Text and pools -----

    fn emit(&mut self, line: &str) {
        for _ in 0..self.indent {
            self.out.push(' ');
        }
        self.out.push_str(line);
        self.out.push('\n');
        self.ops += 1;
    }

    fn raw_line(&mut self, line: &str) {
        for _ in 0..self.indent.saturating_sub(2) {
            self.out.push(' ');
        }
        self.out.push_str(line);
        self.out.push('\n');
    }

    fn fresh(&mut self) -> String {
        self.next_value += 1;
        format!("%{}", self.next_value)
    }

    fn label(&mut self, what: &str) -> String {
        self.next_label += 1;
        format!("^{what}{}", self.next_label)
    }

    /// Emits `%N = rhs` and returns `%N` without adding it to a pool.
    fn define_untracked(&mut self, rhs: &str) -> String {
        let name = self.fresh();
        self.emit(&format!("{name} = {rhs}"));
        name
    }

    /// Emits `%N = rhs` and adds `%N` to the pool of `ty`.
    fn define(&mut self, ty: Ty, rhs: &str) -> String {
        let name = self.define_untracked(rhs);
        self.pools[ty.index()].push(name.clone());
        name
    }

    /// A value of `ty` in scope, preferring recent ones (as real code does);
    /// makes one when there is none.
    fn value(&mut self, ty: Ty) -> String {
        let pool = &self.pools[ty.index()];
        if !pool.is_empty() {
            let len = pool.len();
            let at = if self.rng.chance(70) { len - 1 - self.rng.below(len.min(6)) } else { self.rng.below(len) };
            return self.pools[ty.index()][at].clone();
        }
        match ty {
            Ty::Bool | Ty::V4Bool => {
                let operand = if ty == Ty::Bool { Ty::I32 } else { Ty::V4I };
                let (x, y) = self.two_values(operand);
                self.define(ty, &format!("spirv.SLessThan {x}, {y} : {}", operand.text()))
            }
            Ty::Struct => {
                let variable = self.variables[3].clone();
                self.define(Ty::Struct, &format!("spirv.Load \"Function\" {variable} : {STRUCT}"))
            }
            // Arguments and constants keep the other pools non-empty.
            _ => self.define(ty, &format!("spirv.Undef : {}", ty.text())),
        }
    }

    fn scope(&self) -> [usize; TYPES] {
        std::array::from_fn(|i| self.pools[i].len())
    }

    fn close_scope(&mut self, scope: [usize; TYPES]) {
        for (pool, len) in self.pools.iter_mut().zip(scope) {
            pool.truncate(len);
        }
    }

    /// Two values of `ty`, distinct when the pool allows: real code seldom
    /// computes `x op x`, which both tools could fold away.
    fn two_values(&mut self, ty: Ty) -> (String, String) {
        let first = self.value(ty);
        let mut second = self.value(ty);
        for _ in 0..4 {
            if second != first {
                break;
            }
            second = self.value(ty);
        }
        (first, second)
    }

    // ----- Statements -----

    fn statement(&mut self) {
        let nesting = self.depth < MAX_DEPTH;
        let choice = self.rng.below(100);
        match choice {
            0..12 => self.integer_arithmetic(),
            12..24 => self.float_arithmetic(),
            24..30 => self.bitfield(),
            30..36 => self.bitwise(),
            36..44 => self.glsl(),
            44..51 => self.vector_composite(),
            51..54 => self.struct_composite(),
            54..62 => self.function_memory(),
            62..67 => self.buffer_memory(),
            67..69 => self.private_memory(),
            69..79 => self.compare_select(),
            79..82 => self.logical(),
            82..87 => self.conversion(),
            87..89 if self.index > 0 => self.call(),
            89..94 if nesting => self.selection(),
            94..97 if nesting => self.r#loop(),
            _ => self.integer_arithmetic(),
        }
    }

    fn int_type(&mut self) -> Ty {
        if self.rng.chance(30) { Ty::V4I } else { Ty::I32 }
    }

    fn float_type(&mut self) -> Ty {
        if self.rng.chance(30) { Ty::V4F } else { Ty::F32 }
    }

    fn binary(&mut self, op: &str, ty: Ty) -> String {
        let (x, y) = self.two_values(ty);
        self.define(ty, &format!("spirv.{op} {x}, {y} : {}", ty.text()))
    }

    fn unary(&mut self, op: &str, ty: Ty) -> String {
        let x = self.value(ty);
        self.define(ty, &format!("spirv.{op} {x} : {}", ty.text()))
    }

    fn integer_arithmetic(&mut self) {
        let ty = self.int_type();
        let op = self.rng.pick(&["IAdd", "IAdd", "ISub", "IMul", "IMul", "SDiv", "UDiv", "SRem", "UMod"]);
        self.binary(op, ty);
    }

    fn float_arithmetic(&mut self) {
        let ty = self.float_type();
        match self.rng.pick(&["FAdd", "FAdd", "FSub", "FMul", "FMul", "FDiv", "FRem", "FNegate"]) {
            "FNegate" => self.unary("FNegate", ty),
            op => self.binary(op, ty),
        };
    }

    fn bitfield(&mut self) {
        let ty = self.int_type();
        let base = self.value(ty);
        let (offset, count) = (self.value(Ty::I32), self.value(Ty::I32));
        let types = format!("{}, i32, i32", ty.text());
        match self.rng.below(3) {
            0 => {
                let insert = self.value(ty);
                self.define(ty, &format!("spirv.BitFieldInsert {base}, {insert}, {offset}, {count} : {types}"))
            }
            1 => self.define(ty, &format!("spirv.BitFieldUExtract {base}, {offset}, {count} : {types}")),
            _ => self.define(ty, &format!("spirv.BitFieldSExtract {base}, {offset}, {count} : {types}")),
        };
    }

    fn bitwise(&mut self) {
        let ty = self.int_type();
        match self.rng.below(9) {
            0 => self.unary("BitCount", ty),
            1 => self.unary("BitReverse", ty),
            2 => self.unary("Not", ty),
            3 => self.binary("BitwiseAnd", ty),
            4 => self.binary("BitwiseOr", ty),
            5 => self.binary("BitwiseXor", ty),
            shift => {
                let op = ["ShiftLeftLogical", "ShiftRightLogical", "ShiftRightArithmetic"][shift % 3];
                let (x, y) = self.two_values(ty);
                self.define(ty, &format!("spirv.{op} {x}, {y} : {0}, {0}", ty.text()))
            }
        };
    }

    fn glsl(&mut self) {
        if self.rng.chance(20) {
            let ty = self.int_type();
            let op = self.rng.pick(&["GL.SMax", "GL.SMin"]);
            self.binary(op, ty);
            return;
        }
        let ty = self.float_type();
        if self.rng.chance(25) {
            let op = self.rng.pick(&["GL.FMax", "GL.FMin"]);
            self.binary(op, ty);
        } else {
            let op = self.rng.pick(&[
                "GL.Sqrt",
                "GL.InverseSqrt",
                "GL.Floor",
                "GL.Ceil",
                "GL.Exp",
                "GL.Log",
                "GL.FAbs",
                "GL.Sin",
                "GL.Cos",
                "GL.Tan",
                "GL.Tanh",
            ]);
            self.unary(op, ty);
        }
    }

    fn vector_composite(&mut self) {
        let ty = if self.rng.chance(60) { Ty::V4F } else { Ty::V4I };
        let lane = self.rng.below(4);
        match self.rng.below(3) {
            0 => {
                let vector = self.value(ty);
                self.define(ty.element(), &format!("spirv.CompositeExtract {vector}[{lane} : i32] : {}", ty.text()));
            }
            1 => {
                let (scalar, vector) = (self.value(ty.element()), self.value(ty));
                let (e, v) = (ty.element().text(), ty.text());
                self.define(ty, &format!("spirv.CompositeInsert {scalar}, {vector}[{lane} : i32] : {e} into {v}"));
            }
            _ => {
                let (x, y) = self.two_values(ty);
                let lanes: Vec<String> = (0..4).map(|_| format!("{} : i32", self.rng.below(8))).collect();
                let v = ty.text();
                self.define(ty, &format!("spirv.VectorShuffle [{}] {x}, {y} : {v}, {v} -> {v}", lanes.join(", ")));
            }
        }
    }

    fn struct_composite(&mut self) {
        let variable = self.variables[3].clone();
        let loaded = self.define(Ty::Struct, &format!("spirv.Load \"Function\" {variable} : {STRUCT}"));
        let field = self.rng.below(3);
        let ty = STRUCT_FIELDS[field];
        let value = self.value(ty);
        let updated = self.define(
            Ty::Struct,
            &format!("spirv.CompositeInsert {value}, {loaded}[{field} : i32] : {} into {STRUCT}", ty.text()),
        );
        let other = self.rng.below(3);
        self.define(STRUCT_FIELDS[other], &format!("spirv.CompositeExtract {updated}[{other} : i32] : {STRUCT}"));
        if self.rng.chance(50) {
            self.emit(&format!("spirv.Store \"Function\" {variable}, {updated} : {STRUCT}"));
        }
    }

    fn function_memory(&mut self) {
        if self.rng.chance(30) {
            // A field of the struct variable, through an access chain.
            let field = self.rng.below(3);
            let ty = STRUCT_FIELDS[field];
            let (variable, index) = (self.variables[3].clone(), self.constants[field].clone());
            let pointer = self.define_untracked(&format!(
                "spirv.AccessChain {variable}[{index}] : !spirv.ptr<{STRUCT}, Function>, i32 -> !spirv.ptr<{}, Function>",
                ty.text()
            ));
            self.load_or_store(&pointer, "Function", ty);
            return;
        }
        let slot = self.rng.below(3);
        let ty = [Ty::F32, Ty::I32, Ty::V4F][slot];
        let variable = self.variables[slot].clone();
        self.load_or_store(&variable, "Function", ty);
    }

    fn load_or_store(&mut self, pointer: &str, class: &str, ty: Ty) {
        if self.rng.chance(50) {
            self.define(ty, &format!("spirv.Load \"{class}\" {pointer} : {}", ty.text()));
        } else {
            let value = self.value(ty);
            self.emit(&format!("spirv.Store \"{class}\" {pointer}, {value} : {}", ty.text()));
        }
    }

    fn buffer_memory(&mut self) {
        let block = self.define_untracked(&format!("spirv.mlir.addressof @buf : !spirv.ptr<{BUFFER}, StorageBuffer>"));
        let (zero, index) = (self.constants[0].clone(), self.value(Ty::I32));
        let element = self.define_untracked(&format!(
            "spirv.AccessChain {block}[{zero}, {index}] : !spirv.ptr<{BUFFER}, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>"
        ));
        self.load_or_store(&element, "StorageBuffer", Ty::F32);
    }

    fn private_memory(&mut self) {
        let pointer = self.define_untracked("spirv.mlir.addressof @priv : !spirv.ptr<vector<4xf32>, Private>");
        self.load_or_store(&pointer, "Private", Ty::V4F);
    }

    fn compare(&mut self) -> (Ty, String) {
        let ty = self.rng.pick(&[Ty::I32, Ty::I32, Ty::V4I, Ty::F32, Ty::F32, Ty::V4F]);
        let op = if ty.element() == Ty::I32 {
            self.rng.pick(&[
                "IEqual",
                "INotEqual",
                "SLessThan",
                "SLessThanEqual",
                "SGreaterThan",
                "SGreaterThanEqual",
                "ULessThan",
                "UGreaterThanEqual",
            ])
        } else {
            self.rng.pick(&[
                "FOrdLessThan",
                "FOrdGreaterThan",
                "FOrdEqual",
                "FOrdNotEqual",
                "FOrdLessThanEqual",
                "FUnordLessThan",
                "FUnordGreaterThanEqual",
                "FUnordNotEqual",
            ])
        };
        let (x, y) = self.two_values(ty);
        (ty, self.define(ty.condition(), &format!("spirv.{op} {x}, {y} : {}", ty.text())))
    }

    fn compare_select(&mut self) {
        let (ty, condition) = self.compare();
        if self.rng.chance(70) {
            let (x, y) = self.two_values(ty);
            let c = ty.condition().text();
            self.define(ty, &format!("spirv.Select {condition}, {x}, {y} : {c}, {}", ty.text()));
        }
    }

    fn logical(&mut self) {
        let ty = if self.rng.chance(70) { Ty::Bool } else { Ty::V4Bool };
        match self.rng.below(5) {
            0 => self.unary("LogicalNot", ty),
            1 => self.binary("LogicalAnd", ty),
            2 => self.binary("LogicalOr", ty),
            3 => self.binary("LogicalEqual", ty),
            _ => self.binary("LogicalNotEqual", ty),
        };
    }

    fn conversion(&mut self) {
        let vector = self.rng.chance(30);
        let (int, float) = if vector { (Ty::V4I, Ty::V4F) } else { (Ty::I32, Ty::F32) };
        let (op, from, to) = self.rng.pick(&[
            ("ConvertSToF", int, float),
            ("ConvertUToF", int, float),
            ("ConvertFToS", float, int),
            ("ConvertFToU", float, int),
            ("Bitcast", float, int),
            ("Bitcast", int, float),
        ]);
        let x = self.value(from);
        self.define(to, &format!("spirv.{op} {x} : {} to {}", from.text(), to.text()));
    }

    fn call(&mut self) {
        let callee = self.rng.below(self.index);
        let arguments: Vec<String> =
            [Ty::I32, Ty::F32, Ty::V4F, Ty::V4I].into_iter().map(|ty| self.value(ty)).collect();
        self.define(Ty::F32, &format!("spirv.FunctionCall @f{callee}({}) : {SIGNATURE}", arguments.join(", ")));
    }

    /// Statements in a nested scope whose values die at its end; with
    /// `publish`, a float computed there leaves through a Function variable,
    /// as values leave structured control flow in real shaders.
    fn nested_statements(&mut self, count: usize, publish: bool) {
        let scope = self.scope();
        for _ in 0..count {
            self.statement();
        }
        if publish {
            let value = self.value(Ty::F32);
            let variable = self.variables[0].clone();
            self.emit(&format!("spirv.Store \"Function\" {variable}, {value} : f32"));
        }
        self.close_scope(scope);
    }

    fn selection(&mut self) {
        let condition = self.value(Ty::Bool);
        let (then, otherwise, merge) = (self.label("then"), self.label("else"), self.label("merge"));
        let has_else = self.rng.chance(50);
        self.emit("spirv.mlir.selection {");
        self.depth += 1;
        self.indent += 2;
        let false_target = if has_else { &otherwise } else { &merge };
        self.emit(&format!("spirv.BranchConditional {condition}, {then}, {false_target}"));
        self.raw_line(&format!("{then}:"));
        let count = self.rng.range(2, 8);
        self.nested_statements(count, true);
        self.emit(&format!("spirv.Branch {merge}"));
        if has_else {
            self.raw_line(&format!("{otherwise}:"));
            let count = self.rng.range(1, 6);
            self.nested_statements(count, false);
            self.emit(&format!("spirv.Branch {merge}"));
        }
        self.raw_line(&format!("{merge}:"));
        self.emit("spirv.mlir.merge");
        self.indent -= 2;
        self.depth -= 1;
        self.emit_close();
    }

    fn r#loop(&mut self) {
        let (header, body, next, merge) =
            (self.label("header"), self.label("body"), self.label("continue"), self.label("merge"));
        let (zero, one) = (self.constants[0].clone(), self.constants[1].clone());
        let bound = if self.rng.chance(50) { self.constants[3].clone() } else { "%a".to_owned() };
        self.emit("spirv.mlir.loop {");
        self.depth += 1;
        self.indent += 2;
        let scope = self.scope();
        self.emit(&format!("spirv.Branch {header}({zero} : i32)"));
        let induction = self.fresh();
        self.raw_line(&format!("{header}({induction}: i32):"));
        self.pools[Ty::I32.index()].push(induction.clone());
        let keep_going = self.define_untracked(&format!("spirv.SLessThan {induction}, {bound} : i32"));
        self.emit(&format!("spirv.BranchConditional {keep_going}, {body}, {merge}"));
        self.raw_line(&format!("{body}:"));
        let count = self.rng.range(3, 10);
        self.nested_statements(count, true);
        self.emit(&format!("spirv.Branch {next}"));
        self.raw_line(&format!("{next}:"));
        let incremented = self.define_untracked(&format!("spirv.IAdd {induction}, {one} : i32"));
        self.emit(&format!("spirv.Branch {header}({incremented} : i32)"));
        self.raw_line(&format!("{merge}:"));
        self.emit("spirv.mlir.merge");
        self.close_scope(scope);
        self.indent -= 2;
        self.depth -= 1;
        self.emit_close();
    }

    /// The closing brace of a region op (not an op itself).
    fn emit_close(&mut self) {
        for _ in 0..self.indent {
            self.out.push(' ');
        }
        self.out.push_str("}\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generation_is_deterministic() {
        assert_eq!(generate(3000, 7).text, generate(3000, 7).text);
        assert_ne!(generate(3000, 7).text, generate(3000, 8).text);
    }

    #[test]
    fn sizes_are_close_to_the_target() {
        for target in [1_000, 10_000, 50_000] {
            let module = generate(target, 1);
            assert!(module.ops >= target, "{} < {target}", module.ops);
            assert!(module.ops < target + target / 20 + 200, "{} >> {target}", module.ops);
            assert!(module.functions >= target / 450, "{} functions", module.functions);
        }
    }

    #[test]
    fn the_op_count_matches_the_text() {
        let module = generate(5_000, 3);
        // Every op is one line with `spirv.`, except the lines that only
        // close a region or a function and the block labels.
        let counted = module.text.lines().filter(|line| line.contains("spirv.")).count();
        assert_eq!(counted, module.ops);
    }

    #[test]
    fn the_mix_covers_every_family() {
        let text = generate(20_000, 11).text;
        for needle in [
            "spirv.IMul",
            "spirv.SDiv",
            "spirv.FMul",
            "spirv.BitFieldInsert %",
            "spirv.BitFieldUExtract",
            ": vector<4xi32>, i32, i32",
            "spirv.GL.Sqrt",
            "spirv.GL.FMax",
            "spirv.GL.InverseSqrt",
            "spirv.GL.Floor",
            "spirv.CompositeExtract",
            &format!("into {STRUCT}"),
            "spirv.Variable",
            "spirv.AccessChain",
            "spirv.Load \"StorageBuffer\"",
            "spirv.Store \"Private\"",
            "spirv.Select",
            "spirv.mlir.selection",
            "spirv.mlir.loop",
            "spirv.FunctionCall",
        ] {
            assert!(text.contains(needle), "no {needle}");
        }
        // Nesting: a region op inside a region op.
        assert!(text.lines().any(|line| line.starts_with("          spirv.mlir.")), "no nested region");
    }

    #[test]
    fn generated_modules_parse_and_verify() {
        use melior::{
            Context,
            dialect::DialectRegistry,
            ir::{Module, operation::OperationLike},
            utility::register_all_dialects,
        };
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        let context = Context::new();
        context.append_dialect_registry(&registry);
        context.load_all_available_dialects();
        for seed in 0..4 {
            let module = generate(4_000, seed);
            let parsed = Module::parse(&context, &module.text).expect("the generated module parses");
            assert!(parsed.as_operation().verify(), "seed {seed}: the generated module does not verify");
        }
    }
}
