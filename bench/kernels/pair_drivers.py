#!/usr/bin/env python3
"""Two spirv-run-bench drivers (or one under two environments) in lockstep on one saxpy dispatch.

Without lavapipe and PoCL in the rotation (bench_kernels.py --lockstep runs them too, and lavapipe's
saxpy takes 0.3 s a round), a few hundred paired rounds take a minute: what a change of the runtime
around the kernel (the dispatch threads, the work split) needs on a busy machine. Each round runs one
dispatch of A and one of B, the order alternated; per round B / A; prints the median and quartiles of
the ratios, in how many rounds B took more time, each side's median and quartiles in ms, the load.

    python3 bench/kernels/pair_drivers.py A B --threads 2 --rounds 200 \\
        --module saxpy.spv --x x.in --y y.in --push push.bin [--workgroups 65536]

A driver is a path, or NAME=VALUE@PATH to run it with that environment variable set. The inputs are
saxpy.comp's (bench/kernels/saxpy.comp): x and y as raw floats, the push constants `<fI` (a, n).
"""
import argparse
import json
import os
import statistics
import subprocess


def start(driver: str, options) -> subprocess.Popen:
    env = dict(os.environ)
    if "@" in driver:
        setting, driver = driver.split("@", 1)
        name, value = setting.split("=", 1)
        env[name] = value
    return subprocess.Popen([driver, options.module, "--lockstep", "--threads", str(options.threads),
                             "--workgroups", f"{options.workgroups},1,1", "--buffer", f"0:0={options.x}",
                             "--buffer", f"0:1={options.y}", "--push-constants", options.push],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)


def dispatch(process: subprocess.Popen) -> float:
    process.stdin.write("run\n")
    process.stdin.flush()
    return json.loads(process.stdout.readline())["ms"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--workgroups", type=int, default=65536)
    parser.add_argument("--module", default="saxpy.spv")
    parser.add_argument("--x", default="x.in")
    parser.add_argument("--y", default="y.in")
    parser.add_argument("--push", default="push.bin")
    options = parser.parse_args()
    sides = {"a": start(options.a, options), "b": start(options.b, options)}
    for process in sides.values():
        dispatch(process)  # the first dispatch of each, not counted
    times = {"a": [], "b": []}
    for number in range(options.rounds):
        for side in ("a", "b") if number % 2 == 0 else ("b", "a"):
            times[side].append(dispatch(sides[side]))
    for process in sides.values():
        process.stdin.close()
        process.wait()
    ratios = [b / a for a, b in zip(times["a"], times["b"])]

    def summary(values):
        return f"{statistics.median(values):.3f} {[round(value, 3) for value in statistics.quantiles(values, n=4)]}"

    print(f"threads {options.threads}, {options.workgroups} workgroups, {options.rounds} rounds: "
          f"B / A {summary(ratios)}, B slower in {sum(ratio > 1 for ratio in ratios)} of {options.rounds}; "
          f"A ms {summary(times['a'])}, B ms {summary(times['b'])}; load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
