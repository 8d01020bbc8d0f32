#!/usr/bin/env python3
"""Runs one kernel with spirv-run-rs in every execution mode and prints its
outputs, for the regression tests of test/Runner/regressions (bugs the
differential runs found; docs/differential.md).

    run-modes.py [--in FILE=TYPE:VALUES]... [--out FILE=TYPE[/ROW]]... [--modes M,...] -- RUNNER ARGS...

--in writes FILE (in the current directory) with VALUES, comma-separated
(`7*16` is sixteen 7s; floats for f16/f32/f64), and more TYPE:VALUES after
a `;` (push constants of several types: `u32:7,0;u64:5`); ARGS name the files, as
spirv-run-rs's --buffer, --arg and --push-constants do. Each mode runs
RUNNER ARGS plus the mode's flags: `off` (--spmd off), `loops` (the
default), `always` (--spmd always), `off-unchecked` and `always-unchecked`
(with --unchecked), `one-thread` (--threads 1). Then each --out FILE (one
ARGS writes), decoded as TYPE, is printed once, `FILE: v v v ...`, when
every mode wrote the same bytes (with /ROW, ROW values a line: `FILE[i]: ...`
for the values from index i); else each mode's values are printed and the
exit status is 1. A run that fails, or exits 0 without writing an output,
prints its mode and error and makes the exit status 1.

TYPE: i8 u8 i16 u16 i32 u32 i64 u64 f16 f32 f64.
"""

import argparse
import os
import struct
import subprocess
import sys

FORMATS = {"i8": "b", "u8": "B", "i16": "h", "u16": "H", "i32": "i", "u32": "I", "i64": "q", "u64": "Q",
           "f16": "e", "f32": "f", "f64": "d"}
MODES = {
    "off": ["--spmd", "off"],
    "loops": [],
    "always": ["--spmd", "always"],
    "off-unchecked": ["--spmd", "off", "--unchecked"],
    "always-unchecked": ["--spmd", "always", "--unchecked"],
    "one-thread": ["--threads", "1"],
}


def parse_values(type_: str, text: str) -> list:
    values = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        value, _, repeat = item.partition("*")
        number = float(value) if type_.startswith("f") else int(value, 0)
        values.extend([number] * (int(repeat) if repeat else 1))
    return values


def decode(type_: str, data: bytes) -> list:
    fmt = FORMATS[type_]
    count = len(data) // struct.calcsize(fmt)
    return list(struct.unpack("<%d%s" % (count, fmt), data[:count * struct.calcsize(fmt)]))


def show(label: str, spec: str, data: bytes) -> list[str]:
    type_, _, row = spec.partition("/")
    values = [repr(v) if type_.startswith("f") else str(v) for v in decode(type_, data)]
    if not row:
        return [f"{label}: {' '.join(values)}"]
    row = int(row)
    return [f"{label}[{start}]: {' '.join(values[start:start + row])}" for start in range(0, len(values), row)]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--in", dest="inputs", action="append", default=[])
    parser.add_argument("--out", dest="outputs", action="append", default=[])
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    for spec in args.inputs:
        name, _, rest = spec.partition("=")
        with open(name, "wb") as out:
            for segment in rest.split(";"):
                type_, _, text = segment.partition(":")
                values = parse_values(type_, text)
                out.write(struct.pack("<%d%s" % (len(values), FORMATS[type_]), *values))
    outputs = [(spec.partition("=")[0], spec.partition("=")[2]) for spec in args.outputs]
    results = {}
    failed = False
    for mode in args.modes.split(","):
        for name, _ in outputs:
            if os.path.exists(name):
                os.remove(name)
        run = subprocess.run(command + MODES[mode], capture_output=True, text=True)
        missing = [name for name, _ in outputs if not os.path.exists(name)]
        if run.returncode != 0 or missing:
            status = f"exit status {run.returncode}" if run.returncode >= 0 else f"signal {-run.returncode}"
            print(f"{mode}: {status}{', no ' + ', '.join(missing) if missing else ''}: {run.stderr.strip()}")
            failed = True
            continue
        results[mode] = [open(name, "rb").read() for name, _ in outputs]
    if failed:
        return 1
    agree = len({tuple(result) for result in results.values()}) == 1
    for index, (name, spec) in enumerate(outputs):
        if agree:
            print("\n".join(show(name, spec, next(iter(results.values()))[index])))
        else:
            for mode, result in results.items():
                print("\n".join(show(f"{mode}: {name}", spec, result[index])))
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
