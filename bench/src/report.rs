//! The results of a benchmark run and their Markdown report.

use crate::measure::{Sample, TimingReport, median};
use std::fmt::Write as _;

/// The runs of one tool on one module.
#[derive(Debug, Clone, Default)]
pub struct Runs {
    /// Runs that convert.
    pub convert: Vec<Sample>,
    /// Runs that only parse and print (no pass), when the tool's timing
    /// report lacks a share or `--baseline` asked for them.
    pub parse_only: Vec<Sample>,
    /// Take the conversion share as a difference of wall times even when the
    /// timing report has pass rows (`--baseline`).
    pub subtract: bool,
}

impl Runs {
    /// Median wall time of the converting runs (s).
    pub fn wall(&self) -> f64 {
        median(&self.convert.iter().map(|s| s.wall).collect::<Vec<_>>())
    }

    /// Median of GNU time's `%e` (s), the cross-check of [`Self::wall`].
    pub fn time_wall(&self) -> f64 {
        median(&self.convert.iter().map(|s| s.time_wall).collect::<Vec<_>>())
    }

    /// Median peak RSS of the converting runs (MiB).
    pub fn peak_mib(&self) -> f64 {
        median(&self.convert.iter().map(|s| s.peak_kib as f64 / 1024.0).collect::<Vec<_>>())
    }

    /// The medians of a timing-report row, when every run has it.
    fn timing_row(&self, row: impl Fn(&TimingReport) -> Option<f64>) -> Option<f64> {
        if self.subtract || self.convert.is_empty() {
            return None;
        }
        let rows: Option<Vec<f64>> = self.convert.iter().map(|s| s.timing.as_ref().and_then(&row)).collect();
        rows.map(|rows| median(&rows))
    }

    /// Median conversion-only time (s): the timing report's pass rows, or the
    /// converting runs' wall time minus the parse-only runs'.
    pub fn conversion(&self) -> Option<f64> {
        self.timing_row(|t| t.passes).or_else(|| self.baseline().map(|baseline| (self.wall() - baseline).max(0.0)))
    }

    /// Median parse+print time (s): the timing report's Parser + Output rows,
    /// or the whole parse-only run (process start included).
    pub fn parse_print(&self) -> Option<f64> {
        self.timing_row(|t| t.parse_print).or_else(|| self.baseline())
    }

    /// How [`Self::conversion`] and [`Self::parse_print`] were obtained.
    pub fn sources(&self) -> (&'static str, &'static str) {
        let conversion = if self.timing_row(|t| t.passes).is_some() {
            "its `--mlir-timing` pass rows"
        } else if self.baseline().is_some() {
            "converting runs minus parse+print-only runs (wall)"
        } else {
            "not measured"
        };
        let parse_print = if self.timing_row(|t| t.parse_print).is_some() {
            "its `--mlir-timing` Parser + Output rows"
        } else if self.baseline().is_some() {
            "parse+print-only runs (wall, process start included)"
        } else {
            "not measured"
        };
        (conversion, parse_print)
    }

    fn baseline(&self) -> Option<f64> {
        (!self.parse_only.is_empty()).then(|| median(&self.parse_only.iter().map(|s| s.wall).collect::<Vec<_>>()))
    }
}

/// Everything measured on one module.
#[derive(Debug, Clone)]
pub struct SizeResult {
    /// The size as asked (`10k`).
    pub label: String,
    /// Ops in the module.
    pub ops: usize,
    /// Functions in the module.
    pub functions: usize,
    /// File size in bytes.
    pub bytes: u64,
    /// Our tool.
    pub ours: Runs,
    /// Upstream mlir-opt.
    pub upstream: Runs,
}

/// The context printed above the tables.
#[derive(Debug, Clone)]
pub struct Setup {
    /// Machine description lines.
    pub machine: Vec<String>,
    /// Repetitions per tool and size.
    pub reps: usize,
    /// Generator seed.
    pub seed: u64,
    /// The command lines, for the record.
    pub commands: Vec<String>,
}

fn seconds(value: f64) -> String {
    if value.is_nan() {
        "n/a".to_owned()
    } else if value < 1.0 {
        format!("{:.1} ms", value * 1e3)
    } else {
        format!("{value:.2} s")
    }
}

fn optional_seconds(value: Option<f64>) -> String {
    value.map_or_else(|| "n/a".to_owned(), seconds)
}

fn ratio(ours: f64, upstream: f64) -> String {
    if upstream > 0.0 && ours.is_finite() && upstream.is_finite() {
        format!("{:.2}", ours / upstream)
    } else {
        "n/a".to_owned()
    }
}

fn optional_ratio(ours: Option<f64>, upstream: Option<f64>) -> String {
    match (ours, upstream) {
        (Some(ours), Some(upstream)) => ratio(ours, upstream),
        _ => "n/a".to_owned(),
    }
}

fn bytes(value: u64) -> String {
    if value >= 1 << 20 {
        format!("{:.1} MB", value as f64 / f64::from(1 << 20))
    } else {
        format!("{:.0} KB", value as f64 / 1024.0)
    }
}

fn per_op(value: Option<f64>, ops: usize) -> String {
    value.map_or_else(|| "n/a".to_owned(), |value| format!("{:.2}", value * 1e6 / ops as f64))
}

/// Renders the report as Markdown.
pub fn render(setup: &Setup, results: &[SizeResult]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "## Results\n");
    for line in &setup.machine {
        let _ = writeln!(out, "- {line}");
    }
    let _ = writeln!(
        out,
        "- {} repetitions per tool and size, alternating the tools; medians. Seed {}.",
        setup.reps, setup.seed
    );
    if let Some(first) = results.first() {
        for (name, runs) in [("ours", &first.ours), ("upstream", &first.upstream)] {
            let (conversion, parse_print) = runs.sources();
            let _ = writeln!(out, "- {name}: conversion share from {conversion}; parse+print from {parse_print}.");
        }
    }
    for command in &setup.commands {
        let _ = writeln!(out, "- `{command}`");
    }
    let _ = writeln!(
        out,
        "\n| size (ops) | functions | file | ours wall | upstream wall | ratio | ours peak MB | upstream peak MB | ratio | ours conversion | upstream conversion | ratio |"
    );
    let _ = writeln!(out, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in results {
        let (oc, uc) = (r.ours.conversion(), r.upstream.conversion());
        let _ = writeln!(
            out,
            "| {} ({}) | {} | {} | {} | {} | {} | {:.1} | {:.1} | {} | {} | {} | {} |",
            r.ops,
            r.label,
            r.functions,
            bytes(r.bytes),
            seconds(r.ours.wall()),
            seconds(r.upstream.wall()),
            ratio(r.ours.wall(), r.upstream.wall()),
            r.ours.peak_mib(),
            r.upstream.peak_mib(),
            ratio(r.ours.peak_mib(), r.upstream.peak_mib()),
            optional_seconds(oc),
            optional_seconds(uc),
            optional_ratio(oc, uc),
        );
    }

    let _ = writeln!(out, "\n### Where the time goes (medians)\n");
    let _ = writeln!(
        out,
        "\"other\" is the wall time left: process start, context and dialect loading, verification, exit (when parse+print comes from parse-only runs, those are in it instead)."
    );
    let _ = writeln!(
        out,
        "\n| size (ops) | ours parse+print | ours conversion | ours other | upstream parse+print | upstream conversion | upstream other | `%e` ours / upstream |"
    );
    let _ = writeln!(out, "|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in results {
        let row = |runs: &Runs| {
            let (parse, conversion) = (runs.parse_print(), runs.conversion());
            let other = match (parse, conversion) {
                (Some(p), Some(c)) => Some((runs.wall() - p - c).max(0.0)),
                _ => None,
            };
            format!("{} | {} | {}", optional_seconds(parse), optional_seconds(conversion), optional_seconds(other))
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {:.2} s / {:.2} s |",
            r.ops,
            row(&r.ours),
            row(&r.upstream),
            r.ours.time_wall(),
            r.upstream.time_wall()
        );
    }

    let _ = writeln!(out, "\n### Growth (µs per op)\n");
    let _ = writeln!(out, "| size (ops) | ours total | upstream total | ours conversion | upstream conversion |");
    let _ = writeln!(out, "|---:|---:|---:|---:|---:|");
    for r in results {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            r.ops,
            per_op(Some(r.ours.wall()), r.ops),
            per_op(Some(r.upstream.wall()), r.ops),
            per_op(r.ours.conversion(), r.ops),
            per_op(r.upstream.conversion(), r.ops),
        );
    }

    let _ = writeln!(out, "\n### Verdict\n");
    for line in verdict(results) {
        let _ = writeln!(out, "- {line}");
    }
    out
}

/// Differences smaller than this fraction are within the run-to-run noise
/// of this shared machine (an A/A run, mlir-opt against itself, differs by
/// up to about 5%).
const NOISE: f64 = 0.05;
/// Sizes from which fixed costs (process start, dialect loading) stop
/// dominating, for the linearity check.
const LINEAR_FROM_OPS: usize = 5_000;
/// Largest growth of the per-op time between the smallest and largest such
/// sizes still called linear.
const LINEAR_TOLERANCE: f64 = 1.5;

/// The checks against the targets, one sentence each.
pub fn verdict(results: &[SizeResult]) -> Vec<String> {
    let mut lines = Vec::new();
    let compare = |what: &str, ours: &dyn Fn(&SizeResult) -> f64, upstream: &dyn Fn(&SizeResult) -> f64| {
        let above: Vec<&SizeResult> = results.iter().filter(|r| ours(r) > upstream(r)).collect();
        let beyond: Vec<String> =
            above.iter().filter(|r| ours(r) > upstream(r) * (1.0 + NOISE)).map(|r| r.ops.to_string()).collect();
        if above.is_empty() {
            format!("{what} ≤ upstream at every size: **yes**.")
        } else if beyond.is_empty() {
            format!(
                "{what} ≤ upstream at every size: **within noise** (above at {} ops, by at most {:.0}%).",
                above.iter().map(|r| r.ops.to_string()).collect::<Vec<_>>().join(", "),
                NOISE * 100.0
            )
        } else {
            format!(
                "{what} ≤ upstream at every size: **no** (more than {:.0}% above at {} ops).",
                NOISE * 100.0,
                beyond.join(", ")
            )
        }
    };
    lines.push(compare("Total time", &|r| r.ours.wall(), &|r| r.upstream.wall()));
    lines.push(compare("Peak memory", &|r| r.ours.peak_mib(), &|r| r.upstream.peak_mib()));
    let large: Vec<&SizeResult> = results.iter().filter(|r| r.ops >= LINEAR_FROM_OPS).collect();
    if large.len() < 2 {
        lines.push(format!("Linear growth: not checked (needs two sizes of at least {LINEAR_FROM_OPS} ops)."));
        return lines;
    }
    let (first, last) = (large[0], large[large.len() - 1]);
    let growth = |name: &str, f: &dyn Fn(&SizeResult) -> Option<f64>| -> String {
        match (f(first), f(last)) {
            (Some(a), Some(b)) if a > 0.0 => {
                let (a, b) = (a / first.ops as f64 * 1e6, b / last.ops as f64 * 1e6);
                let verdict = if b / a <= LINEAR_TOLERANCE { "linear" } else { "**not linear**" };
                format!(
                    "{name}: {a:.2} µs/op at {} ops, {b:.2} µs/op at {} ops (×{:.2}): {verdict}.",
                    first.ops,
                    last.ops,
                    b / a
                )
            }
            _ => format!("{name}: n/a."),
        }
    };
    lines.push(growth("Growth of our total time", &|r| Some(r.ours.wall())));
    lines.push(growth("Growth of our conversion time", &|r| r.ours.conversion()));
    lines.push(growth("Growth of upstream's total time", &|r| Some(r.upstream.wall())));
    lines.push(growth("Growth of upstream's conversion time", &|r| r.upstream.conversion()));
    lines
}

/// One size of one shape in the shape benchmark.
#[derive(Debug, Clone)]
pub struct ShapeRun {
    /// The size, in the shape's unit.
    pub size: usize,
    /// Ops in the module.
    pub ops: usize,
    /// File size in bytes.
    pub bytes: u64,
    /// Our tool.
    pub ours: Runs,
    /// Upstream mlir-opt.
    pub upstream: Runs,
}

/// One shape measured at `N` and `2N`.
#[derive(Debug, Clone)]
pub struct ShapeResult {
    /// The shape's name.
    pub name: &'static str,
    /// What its size counts.
    pub unit: &'static str,
    /// What the module holds.
    pub description: &'static str,
    /// At `N`.
    pub n: ShapeRun,
    /// At `2N`.
    pub two_n: ShapeRun,
    /// Median wall time of each tool on an empty module (ours, upstream):
    /// process start, context and dialect loading, exit.
    pub startup: (f64, f64),
}

/// Largest growth from `N` to `2N` still called linear: 2 plus the noise of
/// two medians on this machine.
const LINEAR_GROWTH: f64 = 2.0 * (1.0 + 2.0 * NOISE);

impl ShapeResult {
    /// Our median wall time over upstream's, at `N` and at `2N`.
    pub fn ratios(&self) -> (f64, f64) {
        (self.n.ours.wall() / self.n.upstream.wall(), self.two_n.ours.wall() / self.two_n.upstream.wall())
    }

    /// Median wall time at `2N` over that at `N`: (ours, upstream).
    pub fn growth(&self) -> (f64, f64) {
        (self.two_n.ours.wall() / self.n.ours.wall(), self.two_n.upstream.wall() / self.n.upstream.wall())
    }

    /// The growth of the time above the startup time (an empty module's):
    /// (ours, upstream). Fixed costs pull the plain growth towards 1, which
    /// would hide a super-linear cost in a tool that starts slowly.
    /// `None` when the time at `N` is not at least twice the startup time
    /// (the difference would be mostly noise).
    pub fn net_growth(&self) -> (Option<f64>, Option<f64>) {
        let net = |n: f64, two_n: f64, startup: f64| (n > 2.0 * startup).then(|| (two_n - startup) / (n - startup));
        (
            net(self.n.ours.wall(), self.two_n.ours.wall(), self.startup.0),
            net(self.n.upstream.wall(), self.two_n.upstream.wall(), self.startup.1),
        )
    }

    /// "ok", or what misses the goal: slower than upstream (beyond the
    /// noise) at either size, or growing faster than linearly (net of the
    /// startup time).
    pub fn verdict(&self) -> String {
        let (at_n, at_2n) = self.ratios();
        let (net_ours, net_upstream) = self.net_growth();
        let (raw_ours, raw_upstream) = self.growth();
        let (ours, upstream) = (net_ours.unwrap_or(raw_ours), net_upstream.unwrap_or(raw_upstream));
        let mut problems = Vec::new();
        if at_n.max(at_2n) > 1.0 + NOISE {
            problems.push("slower".to_owned());
        } else if at_n.max(at_2n) > 1.0 {
            problems.push("slower within noise".to_owned());
        }
        if ours > LINEAR_GROWTH {
            problems.push(if upstream > LINEAR_GROWTH {
                "super-linear (as upstream)".to_owned()
            } else {
                "super-linear".to_owned()
            });
        }
        if problems.is_empty() { "ok".to_owned() } else { format!("**{}**", problems.join(", ")) }
    }
}

/// Renders the shape benchmark's report as Markdown.
pub fn render_shapes(machine: &[String], reps: usize, commands: &[String], results: &[ShapeResult]) -> String {
    let startup = results.first().map_or((f64::NAN, f64::NAN), |r| r.startup);
    let mut out = String::new();
    let _ = writeln!(out, "### Results\n");
    for line in machine {
        let _ = writeln!(out, "- {line}");
    }
    let _ = writeln!(
        out,
        "- {reps} repetitions per tool and size, alternating which tool goes first; medians of the wall time."
    );
    for command in commands {
        let _ = writeln!(out, "- `{command}`");
    }
    let _ = writeln!(out, "- Startup (an empty module): ours {}, upstream {}.", seconds(startup.0), seconds(startup.1));
    let _ = writeln!(
        out,
        "- ratio: ours / upstream; growth: time at 2N / time at N (2.00 is linear; fixed costs such as process start pull it below 2); net growth: the same for the time above startup. Verdict: slower if a ratio exceeds {:.2}, super-linear if our net growth (or, where it is n/a, our growth) exceeds {LINEAR_GROWTH:.2} (\"as upstream\" if upstream's does too). Net growth is n/a where the time at N is below twice the startup time.",
        1.0 + NOISE
    );
    let _ = writeln!(
        out,
        "\n| shape | N | ops N / 2N | ours N | upstream N | ratio N | ours 2N | upstream 2N | ratio 2N | growth ours | growth upstream | net growth ours | net growth upstream | verdict |"
    );
    let _ = writeln!(
        out,
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
    );
    for r in results {
        let (at_n, at_2n) = r.ratios();
        let (ours, upstream) = r.growth();
        let (net_ours, net_upstream) = r.net_growth();
        let _ = writeln!(
            out,
            "| {} | {} {} | {} / {} | {} | {} | {:.2} | {} | {} | {:.2} | {:.2} | {:.2} | {} | {} | {} |",
            r.name,
            r.n.size,
            r.unit,
            r.n.ops,
            r.two_n.ops,
            seconds(r.n.ours.wall()),
            seconds(r.n.upstream.wall()),
            at_n,
            seconds(r.two_n.ours.wall()),
            seconds(r.two_n.upstream.wall()),
            at_2n,
            ours,
            upstream,
            net_ours.map_or_else(|| "n/a".to_owned(), |g| format!("{g:.2}")),
            net_upstream.map_or_else(|| "n/a".to_owned(), |g| format!("{g:.2}")),
            r.verdict(),
        );
    }
    let _ = writeln!(out, "\n#### Inputs and peak memory at 2N\n");
    let _ = writeln!(out, "| shape | module | file 2N | ours peak MB | upstream peak MB | ratio |");
    let _ = writeln!(out, "| --- | --- | ---: | ---: | ---: | ---: |");
    for r in results {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {:.1} | {:.1} | {} |",
            r.name,
            r.description,
            bytes(r.two_n.bytes),
            r.two_n.ours.peak_mib(),
            r.two_n.upstream.peak_mib(),
            ratio(r.two_n.ours.peak_mib(), r.two_n.upstream.peak_mib()),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::Sample;

    fn runs(wall: f64) -> Runs {
        let sample = Sample { wall, time_wall: wall, peak_kib: 1024, timing: None };
        Runs { convert: vec![sample.clone(), sample], ..Runs::default() }
    }

    fn shape(ours: (f64, f64), upstream: (f64, f64)) -> ShapeResult {
        let run = |size, ours, upstream| ShapeRun {
            size,
            ops: size * 3,
            bytes: 100,
            ours: runs(ours),
            upstream: runs(upstream),
        };
        ShapeResult {
            name: "s",
            unit: "ops",
            description: "d",
            n: run(10, ours.0, upstream.0),
            two_n: run(20, ours.1, upstream.1),
            startup: (0.01, 0.03),
        }
    }

    #[test]
    fn verdicts() {
        assert_eq!(shape((0.11, 0.21), (0.23, 0.43)).verdict(), "ok");
        assert_eq!(shape((0.11, 0.21), (0.10, 0.20)).verdict(), "**slower**");
        assert_eq!(shape((0.11, 0.21), (0.108, 0.25)).verdict(), "**slower within noise**");
        // 0.1 s above startup, then 0.4 s: quadratic; upstream linear.
        assert_eq!(shape((0.11, 0.41), (0.23, 0.43)).verdict(), "**super-linear**");
        assert_eq!(shape((0.11, 0.41), (0.23, 0.83)).verdict(), "**super-linear (as upstream)**");
    }

    #[test]
    fn net_growth_discounts_startup() {
        let result = shape((0.11, 0.21), (0.13, 0.23));
        let (ours, upstream) = result.net_growth();
        assert!((ours.unwrap() - 2.0).abs() < 1e-9);
        assert!((upstream.unwrap() - 2.0).abs() < 1e-9);
        // Below twice the startup time the difference is noise: n/a.
        assert_eq!(shape((0.015, 0.02), (0.05, 0.06)).net_growth(), (None, None));
        let table = render_shapes(&["Machine: test.".to_owned()], 2, &[], &[result]);
        assert!(table.contains("| s | 10 ops | 30 / 60 |"), "{table}");
        assert!(table.contains("| 2.00 | 2.00 | ok |"), "{table}");
    }
}
