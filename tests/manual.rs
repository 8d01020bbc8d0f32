//! The conversion manual (docs/conversion-manual.md) says what the code does:
//! every op it calls done has a pattern, every op with a pattern is listed
//! (done, or error where the pattern exists to give a precise reason), and
//! it is up to date with its family pages.

use spirv_opt_passes::spirv_to_llvm::{SpirvToLlvmOptions, populate_spirv_to_llvm_patterns};
use spirv_opt_rs::conversion::PatternSet;
use std::{collections::BTreeSet, path::Path, process::Command};

fn gen_manual(argument: &str) -> std::process::Output {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    Command::new("python3")
        .arg(root.join("scripts/gen-manual"))
        .arg(argument)
        .output()
        .expect("python3 runs scripts/gen-manual")
}

#[test]
fn the_manual_lists_the_ops_with_patterns_and_only_those_as_done() {
    let output = gen_manual("--list");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let listing = String::from_utf8(output.stdout).unwrap();
    let statuses: Vec<(&str, &str)> = listing.lines().filter_map(|line| line.split_once(' ')).collect();
    let done: BTreeSet<&str> = statuses.iter().filter(|(_, status)| *status == "done").map(|(op, _)| *op).collect();
    let listed: BTreeSet<&str> = statuses.iter().map(|(op, _)| *op).collect();

    let mut patterns = PatternSet::new();
    populate_spirv_to_llvm_patterns(&mut patterns, SpirvToLlvmOptions::default());
    let lowered: BTreeSet<&str> = patterns.root_names().into_iter().filter(|op| op.starts_with("spirv.")).collect();

    let undocumented: Vec<_> = lowered.difference(&listed).collect();
    let unimplemented: Vec<_> = done.difference(&lowered).collect();
    assert!(undocumented.is_empty(), "with a pattern but not in the manual: {undocumented:?}");
    assert!(unimplemented.is_empty(), "listed as done but without a pattern: {unimplemented:?}");
}

#[test]
fn the_manual_is_up_to_date_with_its_pages() {
    let output = gen_manual("--check");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}
