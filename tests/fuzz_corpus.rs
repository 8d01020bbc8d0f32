//! Every input the fuzz targets have kept (fuzz/corpus/{binary,text}: each
//! reached new code once, or reproduced a fixed crash) through the targets'
//! own properties (fuzz/properties.rs), without libFuzzer's instrumentation:
//! the regression half of fuzzing, in `cargo test`. Exploring for new
//! inputs is `scripts/fuzz`'s (docs/testing.md).

#[path = "../fuzz/properties.rs"]
mod properties;

use std::path::{Path, PathBuf};

/// The files of one kept corpus, sorted for a stable order.
fn kept_inputs(target: &str) -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", folder.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "{} holds no input", folder.display());
    inputs
}

/// Runs `property` on every kept input of `target`, each on the big stack
/// the tools use; fails naming every input whose property failed.
fn replay(target: &str, property: fn(&[u8])) {
    let inputs = kept_inputs(target);
    let mut failed = Vec::new();
    for input in &inputs {
        let data = std::fs::read(input).unwrap_or_else(|error| panic!("cannot read {}: {error}", input.display()));
        let outcome = std::panic::catch_unwind(|| properties::run_on_big_stack(|| property(&data)));
        if outcome.is_err() {
            failed.push(input.display().to_string());
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} kept {target} inputs fail their property (reproduce with \
         `cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run -s none --dev {target} FILE`): {}",
        failed.len(),
        inputs.len(),
        failed.join(", ")
    );
}

#[test]
fn every_kept_binary_input_holds_the_importer_property() {
    replay("binary", properties::binary);
}

#[test]
fn every_kept_text_input_holds_the_text_path_property() {
    replay("text", properties::text);
}
