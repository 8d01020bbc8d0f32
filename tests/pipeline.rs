//! Tests of passes, options, the registry, textual pipelines and source
//! parsing (src/pass.rs, src/pipeline.rs, src/context.rs), with small test
//! passes defined here.

use melior::{
    Context,
    diagnostic::DiagnosticSeverity,
    ir::{Module, OperationRef, RegionLike, block::BlockLike, operation::OperationLike},
};
use spirv_opt_rs::{
    pass::{Pass, PassError, PassInfo, PassOptionKind, PassOptionSpec, PassOptions, PassRegistry},
    pipeline::{
        self, PassManagerOptions, Pipeline, PipelineElement, PipelineError, build_pass_manager, create_context,
        parse_source, run_pass_manager, run_pipeline,
    },
};
use std::sync::{
    Arc, Mutex,
    atomic::{AtomicUsize, Ordering},
};

static MODES: &[(&str, &str)] = &[("fast", "go fast"), ("slow", "go slow")];

static RECORD_INFO: PassInfo = PassInfo {
    name: "test-record",
    description: "Records the options it ran with",
    options: &[
        PassOptionSpec { name: "mode", description: "a mode", kind: PassOptionKind::Enum(MODES), default: "fast" },
        PassOptionSpec { name: "verbose", description: "a flag", kind: PassOptionKind::Bool, default: "false" },
        PassOptionSpec { name: "count", description: "a number", kind: PassOptionKind::Int, default: "3" },
        PassOptionSpec { name: "label", description: "a string", kind: PassOptionKind::String, default: "" },
    ],
};

/// One run of [`Record`]: the anchor op's name, then mode, verbose, count, label.
type Run = (String, String, bool, i64, String);

/// Records each run.
#[derive(Default)]
struct Record {
    runs: Mutex<Vec<Run>>,
}

impl Pass for Record {
    fn info(&self) -> &'static PassInfo {
        &RECORD_INFO
    }

    fn run(&self, op: OperationRef<'_, '_>, options: &PassOptions) -> Result<(), PassError> {
        let entry = (
            op.name().as_string_ref().as_str().unwrap_or("?").to_owned(),
            options.get("mode").to_owned(),
            options.get_bool("verbose")?,
            options.get_int("count")?,
            options.get("label").to_owned(),
        );
        self.runs.lock().map_err(|_| PassError::failed("poisoned"))?.push(entry);
        Ok(())
    }
}

static FAIL_INFO: PassInfo = PassInfo { name: "test-fail", description: "Fails", options: &[] };

/// Fails, either reporting nothing (the adapter must) or panicking.
struct Fail {
    panic: bool,
    runs: AtomicUsize,
}

impl Pass for Fail {
    fn info(&self) -> &'static PassInfo {
        &FAIL_INFO
    }

    fn run(&self, _op: OperationRef<'_, '_>, _options: &PassOptions) -> Result<(), PassError> {
        self.runs.fetch_add(1, Ordering::SeqCst);
        if self.panic {
            panic!("deliberate panic in a test pass");
        }
        Err(PassError::failed("deliberate failure"))
    }
}

fn registry_with(record: &Arc<Record>) -> PassRegistry {
    let mut registry = PassRegistry::new();
    registry.register(record.clone());
    registry
}

/// Collects `(severity, message)` of every diagnostic of `context`.
fn capture(context: &Context) -> Arc<Mutex<Vec<(String, String)>>> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    pipeline::attach_diagnostic_handler(context, move |diagnostic| {
        let severity = match diagnostic.severity {
            DiagnosticSeverity::Error => "error",
            DiagnosticSeverity::Warning => "warning",
            DiagnosticSeverity::Note => "note",
            DiagnosticSeverity::Remark => "remark",
        };
        if let Ok(mut seen) = sink.lock() {
            seen.push((severity.to_owned(), diagnostic.message));
        }
        true
    });
    seen
}

const FUNC: &str = "func.func @f() {\n  return\n}\n";

fn module<'c>(context: &'c Context, source: &str) -> Module<'c> {
    parse_source(context, source.as_bytes(), "test.mlir").expect("test input parses")
}

#[test]
fn options_default_and_validate() {
    let defaults = PassOptions::defaults(&RECORD_INFO);
    assert_eq!(defaults.get("mode"), "fast");
    assert_eq!(defaults.get_int("count"), Ok(3));
    assert!(!defaults.is_explicit("mode"));

    let options = PassOptions::parse(&RECORD_INFO, r#"mode=slow verbose count=0x10 label="a b""#).unwrap();
    assert_eq!(options.get("mode"), "slow");
    assert_eq!(options.get_bool("verbose"), Ok(true));
    assert_eq!(options.get_int("count"), Ok(16));
    assert_eq!(options.get("label"), "a b");
    assert_eq!(options.to_string(), r#"mode=slow verbose=true count=16 label="a b""#);
    assert_eq!(options.parse_as::<u8>("count"), Ok(16));

    let braced = PassOptions::parse(&RECORD_INFO, "label={x=1 y='2 3'}").unwrap();
    assert_eq!(braced.get("label"), "x=1 y='2 3'");
    let negative = PassOptions::parse(&RECORD_INFO, "count=-7 verbose=FALSE").unwrap();
    assert_eq!(negative.get_int("count"), Ok(-7));
    assert_eq!(negative.get_bool("verbose"), Ok(false));
}

#[test]
fn options_errors_are_precise() {
    let error = |text: &str| PassOptions::parse(&RECORD_INFO, text).unwrap_err().to_string();
    assert_eq!(
        error("speed=1"),
        "unknown option 'speed' for pass 'test-record' (valid options: mode, verbose, count, label)"
    );
    assert_eq!(
        error("mode=medium"),
        "invalid value 'medium' for option 'mode' of pass 'test-record': expected one of fast, slow"
    );
    assert_eq!(
        error("verbose=yes"),
        "invalid value 'yes' for option 'verbose' of pass 'test-record': expected true or false"
    );
    assert_eq!(
        error("count=12abc"),
        "invalid value '12abc' for option 'count' of pass 'test-record': expected a 64-bit integer"
    );
    assert_eq!(
        error("count=99999999999999999999"),
        "invalid value '99999999999999999999' for option 'count' of pass 'test-record': expected a 64-bit integer"
    );
    assert_eq!(error("mode"), "option 'mode' of pass 'test-record' needs a value (mode=...)");
    assert_eq!(error("mode=fast mode=slow"), "option 'mode' of pass 'test-record' is given more than once");
    assert_eq!(
        error("label=\"open"),
        "malformed options for pass 'test-record': unterminated \" in the value of 'label'"
    );
    assert_eq!(
        error("label={open"),
        "malformed options for pass 'test-record': unbalanced '{' in the value of 'label'"
    );
    assert_eq!(error("=x"), "malformed options for pass 'test-record': expected an option name before '=' in '=x'");
    // A name the pass does not declare is a bug in the pass, not a panic.
    assert_eq!(PassOptions::defaults(&RECORD_INFO).get("undeclared"), "");
}

#[test]
fn registry_is_sorted_and_replaces() {
    let mut registry = PassRegistry::new();
    assert!(registry.is_empty());
    registry.register(Arc::new(Fail { panic: false, runs: AtomicUsize::new(0) }));
    registry.register(Arc::new(Record::default()));
    assert!(registry.register(Arc::new(Record::default())).is_some());
    let names: Vec<&str> = registry.iter().map(|pass| pass.info().name).collect();
    assert_eq!(names, ["test-fail", "test-record"]);
    assert!(registry.contains("test-record") && registry.get("nope").is_none());
    let help = registry.help();
    assert!(help.contains("--test-record"), "{help}");
    assert!(help.contains("--mode=<value>") && help.contains("=slow"), "{help}");
}

#[test]
fn pipeline_syntax_round_trips() {
    let text =
        "builtin.module(test-record{mode=slow label=\"x, y\"}, func.func(cse, canonicalize{max-iterations=2}), any())";
    let pipeline = Pipeline::parse(text).unwrap();
    assert_eq!(pipeline.anchor, "builtin.module");
    assert_eq!(pipeline.elements.len(), 3);
    assert_eq!(
        pipeline.elements[0],
        PipelineElement::Pass { name: "test-record".into(), options: Some("mode=slow label=\"x, y\"".into()) }
    );
    let printed = pipeline.to_string();
    assert_eq!(
        printed,
        "builtin.module(test-record{mode=slow label=\"x, y\"},func.func(cse,canonicalize{max-iterations=2}),any())"
    );
    assert_eq!(Pipeline::parse(&printed).unwrap(), pipeline);
}

#[test]
fn pipeline_syntax_errors_have_columns() {
    let error = |text: &str| Pipeline::parse(text).unwrap_err();
    assert!(matches!(error(""), PipelineError::Syntax { column: 1, .. }));
    assert!(matches!(error("builtin.module(cse"), PipelineError::Syntax { column: 19, .. }));
    assert!(matches!(error("builtin.module(cse,)"), PipelineError::Syntax { column: 20, .. }));
    assert!(matches!(error("builtin.module(a{b)"), PipelineError::Syntax { column: 17, .. }));
    assert!(matches!(error("builtin.module(a) x"), PipelineError::Syntax { column: 19, .. }));
    assert_eq!(
        error("cse").to_string(),
        "the pass pipeline 'cse' must be anchored on an operation, e.g. 'builtin.module(cse)'"
    );
}

#[test]
fn our_pass_runs_with_options_between_upstream_passes() {
    let context = create_context();
    let record = Arc::new(Record::default());
    let registry = registry_with(&record);
    let mut module = module(&context, FUNC);
    run_pipeline(
        &context,
        &registry,
        "builtin.module(canonicalize, test-record{mode=slow count=5}, func.func(cse), test-record)",
        &mut module,
    )
    .unwrap();
    let runs = record.runs.lock().unwrap().clone();
    assert_eq!(
        runs,
        [
            ("builtin.module".to_owned(), "slow".to_owned(), false, 5, String::new()),
            ("builtin.module".to_owned(), "fast".to_owned(), false, 3, String::new()),
        ]
    );
}

#[test]
fn pipeline_build_errors() {
    let context = create_context();
    let registry = registry_with(&Arc::new(Record::default()));
    let build = |text: &str| {
        let pipeline = Pipeline::parse(text).unwrap();
        build_pass_manager(&context, &registry, &pipeline, &PassManagerOptions::default()).map(|_| ())
    };
    assert_eq!(build("builtin.module(no-such-pass)"), Err(PipelineError::UnknownPass { name: "no-such-pass".into() }));
    assert_eq!(
        build("builtin.module(func.func(test-record))"),
        Err(PipelineError::Misplaced { pass: "test-record".into(), anchor: "func.func".into() })
    );
    assert!(matches!(build("builtin.module(test-record{mode=x})"), Err(PipelineError::Options(_))));
    assert!(matches!(build("builtin.module(canonicalize{nope=1})"), Err(PipelineError::Upstream { .. })));
    assert_eq!(build("func.func(cse)"), Err(PipelineError::WrongAnchor { anchor: "func.func".into() }));
    assert_eq!(build("any(test-record, cse)"), Ok(()));
}

#[test]
fn implicit_nesting_for_op_specific_upstream_passes() {
    let context = create_context();
    let registry = PassRegistry::new();
    let pipeline = Pipeline::parse("builtin.module(spirv-update-vce)").unwrap();
    let explicit = build_pass_manager(&context, &registry, &pipeline, &PassManagerOptions::default());
    assert!(matches!(explicit, Err(PipelineError::Upstream { .. })));
    let options = PassManagerOptions { implicit_nesting: true, ..PassManagerOptions::default() };
    assert!(build_pass_manager(&context, &registry, &pipeline, &options).is_ok());
}

#[test]
fn failing_and_panicking_passes_fail_the_pipeline_with_a_diagnostic() {
    for panic in [false, true] {
        let context = create_context();
        let seen = capture(&context);
        let fail = Arc::new(Fail { panic, runs: AtomicUsize::new(0) });
        let mut registry = PassRegistry::new();
        registry.register(fail.clone());
        let mut module = module(&context, FUNC);
        let result = run_pipeline(&context, &registry, "builtin.module(test-fail, cse)", &mut module);
        assert_eq!(result, Err(PipelineError::Failed));
        assert_eq!(fail.runs.load(Ordering::SeqCst), 1);
        let seen = seen.lock().unwrap().clone();
        let expected = if panic {
            "internal error in pass 'test-fail': deliberate panic in a test pass"
        } else {
            "deliberate failure"
        };
        assert_eq!(seen, [("error".to_owned(), expected.to_owned())]);
    }
}

#[test]
fn upstream_pass_names_are_recognised() {
    let context = create_context();
    assert!(pipeline::is_upstream_pass(&context, "canonicalize"));
    assert!(pipeline::is_upstream_pass(&context, "reconcile-unrealized-casts"));
    assert!(pipeline::is_upstream_pass(&context, "spirv-update-vce"));
    assert!(!pipeline::is_upstream_pass(&context, "split-input-file"));
    assert!(!pipeline::is_upstream_pass(&context, "cse{"));
    // Ours only: upstream's own convert-spirv-to-llvm is never registered.
    assert!(!pipeline::is_upstream_pass(&context, "convert-spirv-to-llvm"));
}

fn printed_with_locations(module: &Module<'_>) -> String {
    String::from_utf8(pipeline::print_operation(module.as_operation(), true)).unwrap()
}

#[test]
fn sources_are_wrapped_like_mlir_opt_without_moving_ops() {
    let context = create_context();
    // No op: an empty module located at line 0.
    let empty = parse_source(&context, b"// nothing\n", "e.mlir").unwrap();
    assert!(empty.body().first_operation().is_none());
    assert!(printed_with_locations(&empty).contains("loc(\"e.mlir\":0:0)"));

    // One module: itself.
    let named = parse_source(&context, b"module @m {\n}\n", "m.mlir").unwrap();
    assert!(module_text(&named).starts_with("module @m {"));

    // Several ops, the first on line 1 (no free line above it): exact columns.
    let source = "func.func private @a()\n  func.func private @b()\n";
    let wrapped = parse_source(&context, source.as_bytes(), "w.mlir").unwrap();
    let printed = printed_with_locations(&wrapped);
    for location in ["\"w.mlir\":0:0", "\"w.mlir\":1:1", "\"w.mlir\":2:3"] {
        assert!(printed.contains(location), "{location} missing in\n{printed}");
    }

    // Aliases stay top-level; a comment line above the ops takes the brace.
    let source = "!t = i32\n// ops:\nfunc.func private @a(!t)\nfunc.func private @b()\n";
    let aliased = parse_source(&context, source.as_bytes(), "a.mlir").unwrap();
    let printed = printed_with_locations(&aliased);
    assert!(printed.contains("\"a.mlir\":3:1") && printed.contains("\"a.mlir\":4:1"), "{printed}");
}

fn module_text(module: &Module<'_>) -> String {
    module.as_operation().to_string()
}

#[test]
fn bad_sources_report_and_return_none() {
    let context = create_context();
    let seen = capture(&context);
    assert!(parse_source(&context, b"func.func @f( {\n", "bad.mlir").is_none());
    assert!(parse_source(&context, b"\x7fELF\x00\x01", "bin.mlir").is_none());
    assert!(
        parse_source(&context, b"func.func @f() {\n  return\n}\nfunc.func @f() {\n  return\n}\n", "dup.mlir").is_none()
    );
    {
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 3, "{seen:?}");
        assert!(seen[1].1.contains("unexpected character"), "{seen:?}");
        assert!(seen[2].1.contains("redefinition of symbol named 'f'"), "{seen:?}");
    }
    // Invalid UTF-8 in a comment is fine, as in MLIR; in a message it is
    // decoded lossily (melior's own handler would fail on it).
    let source = b"func.func @\"\xff\"() {\n  return\n}\nfunc.func @\"\xff\"() {\n  return\n}\n";
    assert!(parse_source(&context, source, "sym.mlir").is_none());
    let last = seen.lock().unwrap().last().cloned().unwrap();
    assert_eq!(last, ("error".to_owned(), "redefinition of symbol named '\u{fffd}'".to_owned()));
    assert!(parse_source(&context, b"// \xff\xfe\nfunc.func private @g()\n", "u.mlir").is_some());
}

#[test]
fn run_pass_manager_reports_failure_without_panicking() {
    let context = create_context();
    let seen = capture(&context);
    let mut module = module(&context, "spirv.module Logical GLSL450 {\n}\n");
    let pipeline = Pipeline::parse("builtin.module(spirv-update-vce)").unwrap();
    let options = PassManagerOptions { implicit_nesting: true, ..PassManagerOptions::default() };
    let manager = build_pass_manager(&context, &PassRegistry::new(), &pipeline, &options).unwrap();
    assert_eq!(run_pass_manager(&manager, &mut module), Err(PipelineError::Failed));
    assert!(seen.lock().unwrap().iter().any(|(_, message)| message.contains("spirv.target_env")));
}

static BREAK_INFO: PassInfo =
    PassInfo { name: "test-break", description: "Records verified_after, then breaks the IR", options: &[] };

/// Records whether the pass manager verifies after it, then appends a
/// second terminator to the first function (IR that does not verify).
#[derive(Default)]
struct Break {
    verified_after: Mutex<Vec<bool>>,
}

impl Pass for Break {
    fn info(&self) -> &'static PassInfo {
        &BREAK_INFO
    }

    fn run(&self, op: OperationRef<'_, '_>, options: &PassOptions) -> Result<(), PassError> {
        self.verified_after.lock().map_err(|_| PassError::failed("poisoned"))?.push(options.verified_after());
        let function = op.region(0).ok().and_then(|body| body.first_block()).and_then(|body| body.first_operation());
        let block = function.and_then(|function| function.region(0).ok()).and_then(|body| body.first_block());
        let block = block.ok_or_else(|| PassError::failed("no function body"))?;
        spirv_opt_rs::with_context(op.context(), |context| {
            let location = melior::ir::Location::unknown(context);
            let terminator = melior::ir::operation::OperationBuilder::new("func.return", location).build();
            block.append_operation(terminator.map_err(|error| PassError::failed(error.to_string()))?);
            Ok::<_, PassError>(())
        })?;
        Ok(())
    }
}

#[test]
fn passes_know_whether_the_pass_manager_verifies_their_result() {
    assert!(!PassOptions::defaults(&BREAK_INFO).verified_after());
    for verify_each in [true, false] {
        let context = create_context();
        let seen = capture(&context);
        let pass = Arc::new(Break::default());
        let mut registry = PassRegistry::new();
        registry.register(pass.clone());
        let pipeline = Pipeline::parse("builtin.module(test-break)").unwrap();
        let options = PassManagerOptions { verify_each, ..PassManagerOptions::default() };
        let manager = build_pass_manager(&context, &registry, &pipeline, &options).unwrap();
        let mut module = module(&context, FUNC);
        let result = run_pass_manager(&manager, &mut module);
        assert_eq!(*pass.verified_after.lock().unwrap(), [verify_each]);
        if verify_each {
            // The pass's broken result fails the pipeline, with the verifier's error.
            assert_eq!(result, Err(PipelineError::Failed));
            let seen = seen.lock().unwrap().clone();
            assert!(
                seen.iter()
                    .any(|(severity, message)| severity == "error" && message.contains("must be the last operation")),
                "{seen:?}"
            );
        } else {
            assert_eq!(result, Ok(()));
            assert!(!module.as_operation().verify());
        }
    }
}
