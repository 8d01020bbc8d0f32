//! The shapes of the shape benchmark (issue 9, point 2): modules that stress
//! one dimension each — many functions, one huge function, deep nesting, many
//! blocks, many globals, big composites, wide structs, long access chains —
//! generated at a size `N` and at `2N`, to compare both tools and see how
//! each grows.
//!
//! Every module uses only what upstream `mlir-opt --convert-spirv-to-llvm`
//! lowers, so both tools must convert it (the runner checks that before
//! timing). Generation is deterministic: a shape and a size give the same
//! bytes every time.

use crate::generate;

/// One shape of module.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// Its name on the command line and in the report (`deep-selection`).
    pub name: &'static str,
    /// What its size counts (`levels`).
    pub unit: &'static str,
    /// The default size `N` (the benchmark also runs `2N`).
    pub default_size: usize,
    /// One line on what the module holds.
    pub description: &'static str,
    generator: fn(usize) -> Module,
}

impl Shape {
    /// The module of this shape at `size`.
    pub fn generate(&self, size: usize) -> Module {
        (self.generator)(size)
    }
}

/// A generated module.
#[derive(Debug, Clone)]
pub struct Module {
    /// Its text.
    pub text: String,
    /// Operations in it (the implicit `builtin.module` aside).
    pub ops: usize,
}

/// Every shape, in report order.
pub const SHAPES: &[Shape] = &[
    Shape {
        name: "tiny-functions-bare",
        unit: "functions",
        default_size: 10_000,
        description: "`spirv.func`s of 3 ops each, at the top level (no `spirv.module`)",
        generator: |n| tiny_functions(n, false),
    },
    Shape {
        name: "tiny-functions-module",
        unit: "functions",
        default_size: 10_000,
        description: "the same functions inside one `spirv.module`",
        generator: |n| tiny_functions(n, true),
    },
    Shape {
        name: "call-chain",
        unit: "functions",
        default_size: 10_000,
        description: "`@f<i>` calls `@f<i-1>` (`spirv.FunctionCall`)",
        generator: call_chain,
    },
    Shape {
        name: "huge-function",
        unit: "ops",
        default_size: 50_000,
        description: "one function with the op mix of the size benchmark (nested selections and loops up to 3 deep)",
        generator: huge_function,
    },
    Shape {
        name: "deep-selection",
        unit: "levels",
        default_size: 1_000,
        description: "`spirv.mlir.selection`s nested in each other's then-block, a load/add/store each",
        generator: deep_selection,
    },
    Shape {
        name: "deep-loop",
        unit: "levels",
        default_size: 1_000,
        description: "`spirv.mlir.loop`s nested in each other's body, an induction variable each",
        generator: deep_loop,
    },
    Shape {
        name: "many-blocks",
        unit: "blocks",
        default_size: 10_000,
        description: "one function, a chain of blocks with block arguments, each may branch to the exit",
        generator: many_blocks,
    },
    Shape {
        name: "many-globals",
        unit: "globals",
        default_size: 5_000,
        description: "`spirv.GlobalVariable`s (Private; every 8th a bound StorageBuffer), each read through `spirv.mlir.addressof`",
        generator: many_globals,
    },
    Shape {
        name: "big-composite",
        unit: "elements",
        default_size: 10_000,
        description: "an `!spirv.array<N x f32>` filled from constants by `spirv.CompositeInsert`, stored, indexed",
        generator: big_composite,
    },
    Shape {
        name: "wide-struct",
        unit: "members",
        default_size: 1_000,
        description: "a struct of N members in a Function variable; 200 access chains and 20 extracts into it",
        generator: wide_struct,
    },
    Shape {
        name: "long-access-chain",
        unit: "indices",
        default_size: 60,
        description: "structs nested N deep in an array; 400 access chains of N+1 indices to the innermost member",
        generator: long_access_chain,
    },
];

/// The shape called `name`.
pub fn find(name: &str) -> Option<&'static Shape> {
    SHAPES.iter().find(|shape| shape.name == name)
}

/// Writes a module: ops (counted) and structural lines (labels, closing
/// braces: not ops). Indentation is capped so that deep nesting does not
/// make the text quadratic.
struct Writer {
    text: String,
    ops: usize,
    depth: usize,
}

const MAX_INDENT: usize = 8;

impl Writer {
    fn new() -> Self {
        Self { text: String::new(), ops: 0, depth: 0 }
    }

    fn indent(&mut self, extra: usize) {
        for _ in 0..(self.depth.min(MAX_INDENT) * 2 + extra) {
            self.text.push(' ');
        }
    }

    /// An op on one line.
    fn op(&mut self, line: impl AsRef<str>) {
        self.indent(0);
        self.text.push_str(line.as_ref());
        self.text.push('\n');
        self.ops += 1;
    }

    /// An op that opens a region (`... {`); [`Self::close`] ends it.
    fn open(&mut self, line: impl AsRef<str>) {
        self.op(line);
        self.depth += 1;
    }

    fn close(&mut self) {
        self.depth -= 1;
        self.indent(0);
        self.text.push_str("}\n");
    }

    /// A block label, outdented by one level.
    fn label(&mut self, line: impl AsRef<str>) {
        self.depth -= 1;
        self.indent(0);
        self.depth += 1;
        self.text.push_str(line.as_ref());
        self.text.push_str(":\n");
    }

    fn finish(self) -> Module {
        Module { text: self.text, ops: self.ops }
    }
}

const MODULE: &str = "spirv.module Logical GLSL450 {";

fn tiny_functions(n: usize, wrapped: bool) -> Module {
    let mut w = Writer::new();
    if wrapped {
        w.open(MODULE);
    }
    for i in 0..n {
        w.open(format!("spirv.func @f{i}(%a: i32) -> i32 \"None\" {{"));
        w.op(format!("%0 = spirv.Constant {} : i32", i % 1000 + 1));
        w.op("%1 = spirv.IAdd %a, %0 : i32");
        w.op("spirv.ReturnValue %1 : i32");
        w.close();
    }
    if wrapped {
        w.close();
    }
    w.finish()
}

fn call_chain(n: usize) -> Module {
    let mut w = Writer::new();
    w.open(MODULE);
    w.open("spirv.func @f0(%a: i32) -> i32 \"None\" {");
    w.op("%0 = spirv.Constant 1 : i32");
    w.op("%1 = spirv.IAdd %a, %0 : i32");
    w.op("spirv.ReturnValue %1 : i32");
    w.close();
    for i in 1..n {
        w.open(format!("spirv.func @f{i}(%a: i32) -> i32 \"None\" {{"));
        w.op(format!("%0 = spirv.FunctionCall @f{}(%a) : (i32) -> i32", i - 1));
        w.op("spirv.ReturnValue %0 : i32");
        w.close();
    }
    w.close();
    w.finish()
}

fn huge_function(n: usize) -> Module {
    let generated = generate::single_function(n, 1);
    Module { text: generated.text, ops: generated.ops }
}

/// The common head of the nesting shapes: a function with an i32 variable
/// `%v` holding `%a`, the constant `%one` and a condition `%c`.
fn nesting_head(w: &mut Writer) {
    w.open(MODULE);
    w.open("spirv.func @deep(%a: i32) -> i32 \"None\" {");
    w.op("%v = spirv.Variable : !spirv.ptr<i32, Function>");
    w.op("%one = spirv.Constant 1 : i32");
    w.op("%c = spirv.SLessThan %a, %one : i32");
    w.op("spirv.Store \"Function\" %v, %a : i32");
}

fn nesting_tail(w: &mut Writer) {
    w.op("%r = spirv.Load \"Function\" %v : i32");
    w.op("spirv.ReturnValue %r : i32");
    w.close();
    w.close();
}

fn deep_selection(n: usize) -> Module {
    let mut w = Writer::new();
    nesting_head(&mut w);
    for k in 0..n {
        w.open("spirv.mlir.selection {");
        w.op(format!("spirv.BranchConditional %c, ^then{k}, ^merge{k}"));
        w.label(format!("^then{k}"));
        w.op(format!("%x{k} = spirv.Load \"Function\" %v : i32"));
        w.op(format!("%y{k} = spirv.IAdd %x{k}, %one : i32"));
        w.op(format!("spirv.Store \"Function\" %v, %y{k} : i32"));
    }
    for k in (0..n).rev() {
        w.op(format!("spirv.Branch ^merge{k}"));
        w.label(format!("^merge{k}"));
        w.op("spirv.mlir.merge");
        w.close();
    }
    nesting_tail(&mut w);
    w.finish()
}

fn deep_loop(n: usize) -> Module {
    let mut w = Writer::new();
    nesting_head(&mut w);
    w.op("%zero = spirv.Constant 0 : i32");
    for k in 0..n {
        w.open("spirv.mlir.loop {");
        w.op(format!("spirv.Branch ^header{k}(%zero : i32)"));
        w.label(format!("^header{k}(%i{k}: i32)"));
        w.op(format!("%lt{k} = spirv.SLessThan %i{k}, %a : i32"));
        w.op(format!("spirv.BranchConditional %lt{k}, ^body{k}, ^merge{k}"));
        w.label(format!("^body{k}"));
        w.op(format!("%x{k} = spirv.Load \"Function\" %v : i32"));
        w.op(format!("%y{k} = spirv.IAdd %x{k}, %i{k} : i32"));
        w.op(format!("spirv.Store \"Function\" %v, %y{k} : i32"));
    }
    for k in (0..n).rev() {
        w.op(format!("spirv.Branch ^continue{k}"));
        w.label(format!("^continue{k}"));
        w.op(format!("%next{k} = spirv.IAdd %i{k}, %one : i32"));
        w.op(format!("spirv.Branch ^header{k}(%next{k} : i32)"));
        w.label(format!("^merge{k}"));
        w.op("spirv.mlir.merge");
        w.close();
    }
    nesting_tail(&mut w);
    w.finish()
}

fn many_blocks(n: usize) -> Module {
    let mut w = Writer::new();
    w.open(MODULE);
    w.open("spirv.func @blocks(%a: i32) -> i32 \"None\" {");
    w.op("%one = spirv.Constant 1 : i32");
    w.op("spirv.Branch ^b0(%a : i32)");
    // The entry block counts as one of the n.
    for i in 0..n.saturating_sub(3) {
        w.label(format!("^b{i}(%x{i}: i32)"));
        w.op(format!("%y{i} = spirv.IAdd %x{i}, %one : i32"));
        w.op(format!("%c{i} = spirv.SLessThan %y{i}, %a : i32"));
        w.op(format!("spirv.BranchConditional %c{i}, ^exit(%y{i} : i32), ^b{}(%y{i} : i32)", i + 1));
    }
    let last = n.saturating_sub(3);
    w.label(format!("^b{last}(%x{last}: i32)"));
    w.op(format!("spirv.Branch ^exit(%x{last} : i32)"));
    w.label("^exit(%r: i32)");
    w.op("spirv.ReturnValue %r : i32");
    w.close();
    w.close();
    w.finish()
}

/// Globals read per function in [`many_globals`].
const GLOBALS_PER_FUNCTION: usize = 100;

fn many_globals(n: usize) -> Module {
    let mut w = Writer::new();
    w.open(MODULE);
    let bound = |i: usize| i % 8 == 7;
    let buffer = "!spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>";
    for i in 0..n {
        if bound(i) {
            w.op(format!("spirv.GlobalVariable @g{i} bind(0, {}) : {buffer}", i / 8));
        } else {
            w.op(format!("spirv.GlobalVariable @g{i} : !spirv.ptr<f32, Private>"));
        }
    }
    for (function, first) in (0..n).step_by(GLOBALS_PER_FUNCTION).enumerate() {
        w.open(format!("spirv.func @use{function}(%x: f32) -> f32 \"None\" {{"));
        w.op("%zero = spirv.Constant 0 : i32");
        let mut sum = "%x".to_owned();
        for i in first..(first + GLOBALS_PER_FUNCTION).min(n) {
            if bound(i) {
                w.op(format!("%b{i} = spirv.mlir.addressof @g{i} : {buffer}"));
                w.op(format!(
                    "%p{i} = spirv.AccessChain %b{i}[%zero] : {buffer}, i32 -> !spirv.ptr<f32, StorageBuffer>"
                ));
                w.op(format!("%l{i} = spirv.Load \"StorageBuffer\" %p{i} : f32"));
            } else {
                w.op(format!("%p{i} = spirv.mlir.addressof @g{i} : !spirv.ptr<f32, Private>"));
                w.op(format!("%l{i} = spirv.Load \"Private\" %p{i} : f32"));
            }
            w.op(format!("%s{i} = spirv.FAdd {sum}, %l{i} : f32"));
            sum = format!("%s{i}");
        }
        w.op(format!("spirv.ReturnValue {sum} : f32"));
        w.close();
    }
    w.close();
    w.finish()
}

fn big_composite(n: usize) -> Module {
    let mut w = Writer::new();
    let array = format!("!spirv.array<{n} x f32>");
    w.open(MODULE);
    w.open("spirv.func @table(%i: i32) -> f32 \"None\" {");
    const CONSTANTS: usize = 16;
    for k in 0..CONSTANTS {
        w.op(format!("%k{k} = spirv.Constant {k}.5 : f32"));
    }
    w.op(format!("%t = spirv.Undef : {array}"));
    let mut previous = "%t".to_owned();
    for e in 0..n {
        w.op(format!("%t{e} = spirv.CompositeInsert %k{}, {previous}[{e} : i32] : f32 into {array}", e % CONSTANTS));
        previous = format!("%t{e}");
    }
    w.op(format!("%v = spirv.Variable : !spirv.ptr<{array}, Function>"));
    w.op(format!("spirv.Store \"Function\" %v, {previous} : {array}"));
    w.op(format!("%p = spirv.AccessChain %v[%i] : !spirv.ptr<{array}, Function>, i32 -> !spirv.ptr<f32, Function>"));
    w.op("%r = spirv.Load \"Function\" %p : f32");
    w.op("spirv.ReturnValue %r : f32");
    w.close();
    w.close();
    w.finish()
}

/// Access chains into [`wide_struct`]'s struct.
const WIDE_CHAINS: usize = 200;
/// Loads of the whole struct followed by an extract in [`wide_struct`].
const WIDE_EXTRACTS: usize = 20;

fn wide_struct(n: usize) -> Module {
    let member = |j: usize| if j % 2 == 0 { "f32" } else { "i32" };
    let members: Vec<&str> = (0..n).map(member).collect();
    let ty = format!("!spirv.struct<({})>", members.join(", "));
    let mut w = Writer::new();
    w.open(MODULE);
    w.open("spirv.func @wide(%x: f32) -> f32 \"None\" {");
    w.op(format!("%v = spirv.Variable : !spirv.ptr<{ty}, Function>"));
    let mut sum = "%x".to_owned();
    for k in 0..WIDE_CHAINS {
        // Spread over the members; even ones are floats.
        let j = (k * 7919) % n & !1;
        w.op(format!("%c{k} = spirv.Constant {j} : i32"));
        w.op(format!(
            "%p{k} = spirv.AccessChain %v[%c{k}] : !spirv.ptr<{ty}, Function>, i32 -> !spirv.ptr<f32, Function>"
        ));
        if k % 2 == 0 {
            w.op(format!("spirv.Store \"Function\" %p{k}, {sum} : f32"));
        } else {
            w.op(format!("%l{k} = spirv.Load \"Function\" %p{k} : f32"));
            w.op(format!("%s{k} = spirv.FAdd {sum}, %l{k} : f32"));
            sum = format!("%s{k}");
        }
    }
    for k in 0..WIDE_EXTRACTS {
        let j = (k * 104_729) % n & !1;
        w.op(format!("%whole{k} = spirv.Load \"Function\" %v : {ty}"));
        w.op(format!("%e{k} = spirv.CompositeExtract %whole{k}[{j} : i32] : {ty}"));
        w.op(format!("%t{k} = spirv.FAdd {sum}, %e{k} : f32"));
        sum = format!("%t{k}");
    }
    w.op(format!("spirv.ReturnValue {sum} : f32"));
    w.close();
    w.close();
    w.finish()
}

/// Access chains in [`long_access_chain`].
const LONG_CHAINS: usize = 400;

fn long_access_chain(n: usize) -> Module {
    // T0 = f32, Tk = struct<(f32, Tk-1)>; the variable holds an array of 4
    // Tn, indexed at run time first.
    let mut ty = "f32".to_owned();
    for _ in 0..n {
        ty = format!("!spirv.struct<(f32, {ty})>");
    }
    let array = format!("!spirv.array<4 x {ty}>");
    let indices = format!("%i{}", ", %one".repeat(n));
    let index_types = format!("i32{}", ", i32".repeat(n));
    let mut w = Writer::new();
    w.open(MODULE);
    w.open("spirv.func @chains(%i: i32, %x: f32) -> f32 \"None\" {");
    w.op("%one = spirv.Constant 1 : i32");
    w.op(format!("%v = spirv.Variable : !spirv.ptr<{array}, Function>"));
    let mut sum = "%x".to_owned();
    for k in 0..LONG_CHAINS {
        w.op(format!(
            "%p{k} = spirv.AccessChain %v[{indices}] : !spirv.ptr<{array}, Function>, {index_types} -> !spirv.ptr<f32, Function>"
        ));
        if k % 2 == 0 {
            w.op(format!("spirv.Store \"Function\" %p{k}, {sum} : f32"));
        } else {
            w.op(format!("%l{k} = spirv.Load \"Function\" %p{k} : f32"));
            w.op(format!("%s{k} = spirv.FAdd {sum}, %l{k} : f32"));
            sum = format!("%s{k}");
        }
    }
    w.op(format!("spirv.ReturnValue {sum} : f32"));
    w.close();
    w.close();
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Small sizes: the tests check structure, not speed.
    fn small(shape: &Shape) -> usize {
        (shape.default_size / 50).max(8)
    }

    #[test]
    fn names_are_unique_and_found() {
        for (index, shape) in SHAPES.iter().enumerate() {
            assert!(SHAPES[..index].iter().all(|other| other.name != shape.name), "{} twice", shape.name);
            assert_eq!(find(shape.name).map(|s| s.name), Some(shape.name));
        }
        assert!(find("no-such-shape").is_none());
    }

    #[test]
    fn generation_is_deterministic() {
        for shape in SHAPES {
            let size = small(shape);
            assert_eq!(shape.generate(size).text, shape.generate(size).text, "{}", shape.name);
            assert_ne!(shape.generate(size).text, shape.generate(size * 2).text, "{}", shape.name);
        }
    }

    /// Every op is one line containing `spirv.`; labels and closing braces
    /// are not ops and contain none.
    #[test]
    fn the_op_count_matches_the_text() {
        for shape in SHAPES {
            let module = shape.generate(small(shape));
            let counted = module.text.lines().filter(|line| line.contains("spirv.")).count();
            assert_eq!(counted, module.ops, "{}", shape.name);
        }
    }

    /// The sizes asked for: N of what the shape counts, and twice as much
    /// for 2N.
    #[test]
    fn sizes_are_the_ones_asked_for() {
        let count = |text: &str, needle: &str| text.matches(needle).count();
        for n in [10, 37] {
            let bare = tiny_functions(n, false).text;
            assert_eq!(count(&bare, "spirv.func @"), n);
            assert!(!bare.contains("spirv.module"));
            let wrapped = tiny_functions(n, true).text;
            assert_eq!(count(&wrapped, "spirv.func @"), n);
            assert_eq!(count(&wrapped, "spirv.module"), 1);
            let chain = call_chain(n).text;
            assert_eq!(count(&chain, "spirv.func @"), n);
            assert_eq!(count(&chain, "spirv.FunctionCall"), n - 1);
            assert_eq!(count(&deep_selection(n).text, "spirv.mlir.selection {"), n);
            assert_eq!(count(&deep_loop(n).text, "spirv.mlir.loop {"), n);
            // Labels (^b0 .. ^b(n-2), ^exit) plus the entry block.
            let blocks = many_blocks(n).text;
            assert_eq!(blocks.lines().filter(|line| line.trim_end().ends_with(':')).count() + 1, n);
            let globals = many_globals(n).text;
            assert_eq!(count(&globals, "spirv.GlobalVariable"), n);
            assert_eq!(count(&globals, "spirv.mlir.addressof"), n);
            assert_eq!(count(&big_composite(n).text, "spirv.CompositeInsert"), n);
            assert!(big_composite(n).text.contains(&format!("!spirv.array<{n} x f32>")));
            let wide = wide_struct(n).text;
            let first_type = wide.lines().find(|line| line.contains("spirv.Variable")).unwrap();
            assert_eq!(count(first_type, "f32") + count(first_type, "i32"), n);
            let long = long_access_chain(n).text;
            let chain = long.lines().find(|line| line.contains("spirv.AccessChain")).unwrap();
            assert_eq!(count(chain, "%one"), n);
            assert_eq!(count(chain, "!spirv.struct<("), n);
        }
        let huge = huge_function(20_000);
        assert!(huge.ops >= 20_000 && huge.ops < 20_500, "{} ops", huge.ops);
        assert_eq!(count(&huge.text, "spirv.func @"), 1);
    }

    /// From N to 2N the input doubles (up to a constant): its text, and its
    /// op count except where the shape grows the types instead (wide
    /// structs, long access chains). Linear time is then a factor of 2.
    #[test]
    fn two_n_is_twice_the_input() {
        for shape in SHAPES {
            let n = small(shape) * 4;
            let (one, two) = (shape.generate(n), shape.generate(2 * n));
            let growth = two.text.len() as f64 / one.text.len() as f64;
            assert!((1.6..=2.2).contains(&growth), "{}: {} -> {} bytes", shape.name, one.text.len(), two.text.len());
            let growth = two.ops as f64 / one.ops as f64;
            if matches!(shape.name, "wide-struct" | "long-access-chain") {
                assert_eq!(one.ops, two.ops, "{}", shape.name);
            } else {
                assert!((1.6..=2.05).contains(&growth), "{}: {} -> {} ops", shape.name, one.ops, two.ops);
            }
        }
    }

    #[test]
    fn the_modules_parse_and_verify() {
        use melior::{
            Context,
            dialect::DialectRegistry,
            ir::{Module as MlirModule, operation::OperationLike},
            utility::register_all_dialects,
        };
        // MLIR's parser and verifier recurse per nesting level: the deep
        // shapes need more than a test thread's stack, as the tools do.
        let check = || {
            let registry = DialectRegistry::new();
            register_all_dialects(&registry);
            let context = Context::new();
            context.append_dialect_registry(&registry);
            context.load_all_available_dialects();
            for shape in SHAPES {
                for size in [small(shape), shape.default_size] {
                    let module = shape.generate(size);
                    let parsed = MlirModule::parse(&context, &module.text)
                        .unwrap_or_else(|| panic!("{} at {size}: the module does not parse", shape.name));
                    assert!(parsed.as_operation().verify(), "{} at {size}: the module does not verify", shape.name);
                }
            }
        };
        let thread = std::thread::Builder::new().stack_size(256 << 20).spawn(check).expect("a test thread");
        if let Err(panic) = thread.join() {
            std::panic::resume_unwind(panic);
        }
    }
}
