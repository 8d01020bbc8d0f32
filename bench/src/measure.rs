//! Running the tools as processes: wall time, peak RSS through
//! `/usr/bin/time -f '%e %M'`, and the `--mlir-timing` execution time report.

use std::{
    collections::BTreeMap,
    fs,
    path::{Path, PathBuf},
    process::{Command, Stdio},
    time::Instant,
};

/// GNU time, which reports the peak RSS of its child (Debian package `time`).
pub const GNU_TIME: &str = "/usr/bin/time";

/// One of the two tools being compared, both mlir-opt-like:
/// `TOOL [--convert-spirv-to-llvm] [--mlir-timing] FILE -o OUT`.
#[derive(Debug, Clone)]
pub struct Tool {
    /// "ours" or "upstream".
    pub name: &'static str,
    /// The executable.
    pub program: PathBuf,
    /// Whether it is run with `--mlir-timing` (decided by the first check).
    pub timing: bool,
    /// Whether parse+print-only runs are needed: its timing report lacks the
    /// pass or the Parser/Output rows (decided by the first check), or
    /// `--baseline` asked for them.
    pub baseline: bool,
}

/// What a run does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Parse, convert, print.
    Convert,
    /// Parse and print only: the baseline subtracted when a tool has no
    /// timing report.
    ParseOnly,
}

/// The rows of an `--mlir-timing` execution time report, in seconds.
/// A tool timing only its pass manager (no `Parser`/`Output` rows, as with
/// the C API's `mlirPassManagerEnableTiming`) has no `parse_print`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TimingReport {
    /// `Parser` + `Output`, when the report has them.
    pub parse_print: Option<f64>,
    /// The top-level pass rows (the conversion), verifier rows aside; `None`
    /// when there is none (a run without a pass).
    pub passes: Option<f64>,
    /// `Total`.
    pub total: f64,
}

/// The measurements of one run.
#[derive(Debug, Clone)]
pub struct Sample {
    /// Wall time of the process, measured here (seconds, µs resolution).
    pub wall: f64,
    /// Wall time as GNU time's `%e` (seconds, 10 ms resolution): a cross-check.
    pub time_wall: f64,
    /// Peak resident set size, GNU time's `%M` (KiB).
    pub peak_kib: u64,
    /// The timing report, when the tool printed one.
    pub timing: Option<TimingReport>,
}

impl Tool {
    fn arguments(&self, mode: Mode, file: &Path, output: &Path) -> Vec<String> {
        let mut arguments = Vec::new();
        if mode == Mode::Convert {
            arguments.push("--convert-spirv-to-llvm".to_owned());
        }
        if self.timing {
            arguments.push("--mlir-timing".to_owned());
        }
        arguments.extend([file.display().to_string(), "-o".to_owned(), output.display().to_string()]);
        arguments
    }

    /// Runs the tool once on `file` under GNU time, discarding the output.
    pub fn measure(&self, mode: Mode, file: &Path, scratch: &Path) -> Result<Sample, String> {
        let time_file = scratch.join(format!("time-{}.txt", self.name));
        let arguments = self.arguments(mode, file, Path::new("/dev/null"));
        let start = Instant::now();
        let output = Command::new(GNU_TIME)
            .args(["-f", "%e %M", "-o"])
            .arg(&time_file)
            .arg(&self.program)
            .args(&arguments)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|error| format!("cannot run {GNU_TIME}: {error} (install Debian's package `time`)"))?;
        let wall = start.elapsed().as_secs_f64();
        let stderr = String::from_utf8_lossy(&output.stderr);
        if !output.status.success() {
            return Err(format!(
                "{} failed on {} ({}):\n{}",
                self.name,
                file.display(),
                output.status,
                head(&stderr, 20)
            ));
        }
        let times =
            fs::read_to_string(&time_file).map_err(|error| format!("cannot read {}: {error}", time_file.display()))?;
        let (time_wall, peak_kib) =
            parse_gnu_time(&times).ok_or_else(|| format!("unexpected output of {GNU_TIME}: {times:?}"))?;
        Ok(Sample { wall, time_wall, peak_kib, timing: parse_timing_report(&stderr) })
    }

    /// Converts `file` into `output`; the error carries the tool's diagnostics.
    pub fn convert_to(&self, file: &Path, output: &Path) -> Result<String, String> {
        let result = Command::new(&self.program)
            .args(self.arguments(Mode::Convert, file, output))
            .stdin(Stdio::null())
            .output()
            .map_err(|error| format!("cannot run {}: {error}", self.program.display()))?;
        let stderr = String::from_utf8_lossy(&result.stderr).into_owned();
        if result.status.success() {
            Ok(stderr)
        } else {
            Err(format!(
                "{} ({}) cannot convert {} ({}):\n{}",
                self.name,
                self.program.display(),
                file.display(),
                result.status,
                head(&stderr, 30)
            ))
        }
    }
}

/// The first `lines` lines of `text`.
pub fn head(text: &str, lines: usize) -> String {
    let mut kept: Vec<&str> = text.lines().take(lines).collect();
    if text.lines().count() > lines {
        kept.push("...");
    }
    kept.join("\n")
}

/// Parses the last line of GNU time's `-f '%e %M'` output (a failing child
/// adds a "Command exited with non-zero status" line before it).
pub fn parse_gnu_time(text: &str) -> Option<(f64, u64)> {
    let line = text.lines().rev().find(|line| !line.trim().is_empty())?;
    let mut fields = line.split_whitespace();
    let wall = fields.next()?.parse().ok()?;
    let peak = fields.next()?.parse().ok()?;
    Some((wall, peak))
}

/// Parses MLIR's `--mlir-timing` report (list display), e.g.
///
/// ```text
///   ----Wall Time----  ----Name----
///     0.0030 ( 42.0%)  Parser
///     0.0023 ( 31.8%)  ConvertSPIRVToLLVMPass
///     0.0007 (  9.9%)  Output
///     0.0012 ( 16.4%)  Rest
///     0.0072 (100.0%)  Total
/// ```
///
/// Pass rows nested under a pipeline row are not added twice: only the
/// outermost non-fixed rows count.
pub fn parse_timing_report(text: &str) -> Option<TimingReport> {
    let start = text.find("Execution time report")?;
    let mut report = TimingReport::default();
    let mut passes: Vec<(usize, f64)> = Vec::new();
    let mut seen_total = false;
    for line in text[start..].lines() {
        let Some((left, name)) = line.rsplit_once("%)") else { continue };
        // With user and wall columns, the wall time is the last "(x%)" pair.
        let Some(seconds) = left.rsplit_once('(').and_then(|(number, _)| number.split_whitespace().last()) else {
            continue;
        };
        let Ok(seconds) = seconds.parse::<f64>() else { continue };
        // "%)  Name": two separating spaces, then the nesting indentation.
        let depth = name.len() - name.trim_start().len();
        match name.trim() {
            "Parser" | "Output" => *report.parse_print.get_or_insert(0.0) += seconds,
            "Total" => {
                report.total = seconds;
                seen_total = true;
            }
            "Rest" | "Verifier" => {}
            _ => passes.push((depth, seconds)),
        }
    }
    let outermost = passes.iter().map(|&(depth, _)| depth).min();
    report.passes =
        outermost.map(|outermost| passes.iter().filter(|&&(depth, _)| depth == outermost).map(|&(_, s)| s).sum());
    seen_total.then_some(report)
}

/// How many times each LLVM dialect op appears in a printed module: a cheap
/// check that both tools produced the same ops.
pub fn llvm_op_histogram(text: &str) -> BTreeMap<String, usize> {
    let mut histogram = BTreeMap::new();
    for line in text.lines() {
        let mut rest = line.trim_start();
        if rest.starts_with('%') {
            match rest.split_once(" = ") {
                Some((_, after)) => rest = after,
                None => continue,
            }
        }
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '.' || *c == '_').collect();
        if name.starts_with("llvm.") {
            *histogram.entry(name).or_insert(0) += 1;
        }
    }
    histogram
}

/// The median of non-empty `values`.
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    if sorted.is_empty() {
        f64::NAN
    } else if sorted.len() % 2 == 1 {
        sorted[middle]
    } else {
        (sorted[middle - 1] + sorted[middle]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const UPSTREAM: &str = "\
===-------------------------------------------------------------------------===
                         ... Execution time report ...
===-------------------------------------------------------------------------===
  Total Execution Time: 0.0072 seconds

  ----Wall Time----  ----Name----
    0.0030 ( 42.0%)  Parser
    0.0023 ( 31.8%)  ConvertSPIRVToLLVMPass
    0.0007 (  9.9%)  Output
    0.0012 ( 16.4%)  Rest
    0.0072 (100.0%)  Total
";

    #[test]
    fn reads_upstream_timing_report() {
        let report = parse_timing_report(UPSTREAM).unwrap();
        assert!((report.parse_print.unwrap() - 0.0037).abs() < 1e-9);
        assert!((report.passes.unwrap() - 0.0023).abs() < 1e-9);
        assert!((report.total - 0.0072).abs() < 1e-9);
    }

    #[test]
    fn nested_pass_rows_count_once() {
        let text = "Execution time report
  ----User Time----  ----Wall Time----  ----Name----
    0.5000 ( 50.0%)    0.1000 ( 10.0%)  Parser
    0.5000 ( 50.0%)    0.5000 ( 50.0%)  'builtin.module' Pipeline
    0.5000 ( 50.0%)    0.4000 ( 40.0%)    ConvertSpirvToLlvm
    0.1000 ( 10.0%)    0.1000 ( 10.0%)    Verifier
    1.0000 (100.0%)    1.0000 (100.0%)  Total
";
        let report = parse_timing_report(text).unwrap();
        assert_eq!(report.passes, Some(0.5));
        assert_eq!(report.parse_print, Some(0.1));
    }

    #[test]
    fn a_pass_manager_only_report_has_no_parse_rows() {
        let text = "... Execution time report ...
  ----Wall Time----  ----Name----
    0.0400 ( 80.0%)  convert-spirv-to-llvm
    0.0100 ( 20.0%)  Rest
    0.0500 (100.0%)  Total
";
        let report = parse_timing_report(text).unwrap();
        assert_eq!(report.passes, Some(0.04));
        assert_eq!(report.parse_print, None);
    }

    #[test]
    fn no_report_is_none() {
        assert_eq!(parse_timing_report("error: something"), None);
    }

    #[test]
    fn reads_gnu_time() {
        assert_eq!(parse_gnu_time("0.05 12345\n"), Some((0.05, 12345)));
        assert_eq!(parse_gnu_time("Command exited with non-zero status 1\n0.01 999\n"), Some((0.01, 999)));
        assert_eq!(parse_gnu_time(""), None);
    }

    #[test]
    fn counts_llvm_ops() {
        let text = "module {\n  llvm.func @f() {\n    %0 = llvm.mlir.constant(1 : i32) : i32\n    %1 = llvm.add %0, %0 : i32\n    llvm.return\n  }\n}\n";
        let histogram = llvm_op_histogram(text);
        assert_eq!(histogram.get("llvm.add"), Some(&1));
        assert_eq!(histogram.get("llvm.func"), Some(&1));
        assert_eq!(histogram.get("llvm.mlir.constant"), Some(&1));
        assert_eq!(histogram.get("llvm.return"), Some(&1));
    }

    #[test]
    fn median_of_odd_and_even() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
