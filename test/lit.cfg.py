# lit configuration of spirv-opt-rs's tests.
#
#   /usr/lib/llvm-22/bin/lit -sv test
#
# Environment:
#   SPIRV_OPT_RS    the tool under test (default: target/debug/spirv-opt-rs,
#                   what `cargo build -p spirv-opt-tools` produces)
#   SPIRV_TRANSLATE_RS  likewise spirv-translate-rs (spirv-translate-tools)
#   LLVM_TOOLS_DIR  FileCheck, not, split-file, mlir-opt, mlir-translate
#                   (default: /usr/lib/llvm-22/bin)

import os
import re

import lit.formats

config.name = "spirv-opt-rs"
config.test_format = lit.formats.ShTest(execute_external=False)
# .comp (GLSL) and .cl (OpenCL C) files compile themselves in their RUN
# lines: the importer is tested on real compiler output. .amber files are
# AmberScript tests run by spirv-run-rs (test/Amber, docs/amber.md), and
# .vkscript files VkScript ones.
config.suffixes = [".mlir", ".comp", ".cl", ".spvasm", ".test", ".amber", ".vkscript"]
config.excludes = ["Inputs", "fixtures", "corpus", "lit.cfg.py", "lit.local.cfg"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
repo_root = os.path.dirname(config.test_source_root)
# Output/ directories (%t) go under target/, which git ignores.
config.test_exec_root = os.path.join(repo_root, "target", "lit")

tool = os.environ.get(
    "SPIRV_OPT_RS", os.path.join(repo_root, "target", "debug", "spirv-opt-rs")
)
llvm_tools = os.environ.get("LLVM_TOOLS_DIR", "/usr/lib/llvm-22/bin")

if not os.access(tool, os.X_OK):
    lit_config.fatal(
        "spirv-opt-rs not found at %s: run `cargo build -p spirv-opt-tools` "
        "or set SPIRV_OPT_RS" % tool
    )


def tool_pattern(name):
    # Whole words only, so that paths or file names containing the tool's
    # name (test/Tool/spirv-opt-rs-help.mlir) are left alone.
    return r"(?<![\w.\-/])" + re.escape(name) + r"(?![\w.\-/])"


config.substitutions.append((tool_pattern("spirv-opt-rs"), tool))
translate_tool = os.environ.get(
    "SPIRV_TRANSLATE_RS", os.path.join(repo_root, "target", "debug", "spirv-translate-rs")
)
if not os.access(translate_tool, os.X_OK):
    lit_config.fatal(
        "spirv-translate-rs not found at %s: run `cargo build -p spirv-translate-tools` "
        "or set SPIRV_TRANSLATE_RS" % translate_tool
    )
config.substitutions.append((tool_pattern("spirv-translate-rs"), translate_tool))
run_tool = os.environ.get(
    "SPIRV_RUN_RS", os.path.join(repo_root, "target", "debug", "spirv-run-rs")
)
if not os.access(run_tool, os.X_OK):
    lit_config.fatal(
        "spirv-run-rs not found at %s: run `cargo build -p spirv-run-tools` "
        "or set SPIRV_RUN_RS" % run_tool
    )
config.substitutions.append((tool_pattern("spirv-run-rs"), run_tool))
# The kernel ABI's C header (include/spvabi.h), for C hosts in RUN lines.
config.substitutions.append(("%spvabi_include", os.path.join(repo_root, "include")))
for name in ["FileCheck", "not", "split-file", "mlir-opt", "mlir-translate", "count", "llvm-dis", "llvm-nm"]:
    path = os.path.join(llvm_tools, name)
    if not os.access(path, os.X_OK):
        lit_config.warning("%s not found in %s" % (name, llvm_tools))
    config.substitutions.append((tool_pattern(name), path))

# The compilers and SPIR-V tools the import tests run (scripts/setup installs them).
for name, path in [
    ("glslangValidator", "/usr/bin/glslangValidator"),
    ("spirv-val", "/usr/bin/spirv-val"),
    ("spirv-as", "/usr/bin/spirv-as"),
    ("clang-22", "/usr/bin/clang-22"),
    ("llvm-spirv-15", "/usr/bin/llvm-spirv-15"),
]:
    if not os.access(path, os.X_OK):
        lit_config.fatal("%s not found: run scripts/setup" % path)
    config.substitutions.append((tool_pattern(name), path))

# Root reads any file: permission tests need another user.
if hasattr(os, "geteuid") and os.geteuid() != 0:
    config.available_features.add("non-root")

# Make runs reproducible: no colours, no logging unless a test asks for it.
config.environment["RUST_LOG"] = "off"
config.environment["NO_COLOR"] = "1"
config.environment.pop("RUST_BACKTRACE", None)
# The runner's object cache (docs/abi.md, "Object cache"): scripts/test
# names one folder for the whole command, so that a kernel compiled again
# (the same module with other inputs, threads or a mode that leaves its IR
# as it was) is linked from there instead of compiled.
if os.environ.get("SPIRV_RUN_RS_CACHE"):
    config.environment["SPIRV_RUN_RS_CACHE"] = os.environ["SPIRV_RUN_RS_CACHE"]

# `python3` in RUN lines and the scripts they call (about 300 runs): the
# interpreter itself, found once here, first on PATH. A version manager's
# shim (pyenv's, on the CI machine) is a shell script that finds it again
# on every run, which costs more than most of the runs it starts.
import shutil
import subprocess

_python = shutil.which("python3")
if _python:
    try:
        _real = subprocess.run(
            [_python, "-c", "import sys; print(sys.executable)"],
            capture_output=True, text=True, timeout=60,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        _real = ""
    if _real and os.path.basename(_real).startswith("python3"):
        _bin = os.path.join(config.test_exec_root, "python-bin")
        os.makedirs(_bin, exist_ok=True)
        _link = os.path.join(_bin, "python3")
        if os.path.realpath(_link) != os.path.realpath(_real):
            if os.path.lexists(_link):
                os.remove(_link)
            os.symlink(_real, _link)
        config.environment["PATH"] = _bin + os.pathsep + config.environment.get("PATH", os.environ.get("PATH", ""))
