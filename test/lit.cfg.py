# lit configuration for pypto-mlir's regression tests.
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "pypto-mlir"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".pto", ".test"]
config.excludes = ["Inputs", "Unit", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.pypto_obj_root, "test")

config.substitutions.append(("%pypto_src", config.pypto_src_root))
config.substitutions.append(("%pypto_obj", config.pypto_obj_root))
config.substitutions.append(("%examples", os.path.join(config.pypto_src_root, "examples")))
# The host C++ compiler and the tile library, to check that emitted kernel
# C++ compiles.
config.substitutions.append(("%cxx", os.environ.get("CXX") or "g++"))
config.substitutions.append(("%tile_lib", os.path.join(config.pypto_src_root, "include",
                                                       "pypto", "Runtime")))

# FileCheck variables are scoped to their CHECK-LABEL block.
config.environment["FILECHECK_OPTS"] = "--enable-var-scope"
# Runs share one kernel cache per build tree, so tests do not recompile.
config.environment["PYPTO_CACHE_DIR"] = os.path.join(config.pypto_obj_root, "kernel-cache")

llvm_config.with_system_environment(["HOME", "PATH", "CXX"])
llvm_config.use_default_substitutions()
llvm_config.add_tool_substitutions(
    ["pypto-opt", "pypto-translate", "pypto-run", "pypto-fuzz", "pypto-lsp-server",
     "pypto-fuzz-frontend-replay"],
    [config.pypto_tools_dir])
llvm_config.add_tool_substitutions(["FileCheck", "not", "split-file"],
                                   [config.llvm_tools_dir])

# Python's torch, to check that torch.load reads the .pt files pypto-run
# writes; tests that need it report UNSUPPORTED ("requires python-torch")
# where it is not installed.
import subprocess
import sys

try:
    if subprocess.run([sys.executable, "-c", "import torch"], capture_output=True,
                      timeout=120).returncode == 0:
        config.available_features.add("python-torch")
except (OSError, subprocess.TimeoutExpired):
    pass

# A real ptoas ($PTOAS_ROOT/ptoas, else ptoas on PATH) for the compatibility
# tests (docs/Compatibility.md): they REQUIRE ptoas and name it %ptoas. CI
# has none, so they show as unsupported there. Other tests never see it: the
# environment they run in has no PTOAS_ROOT.
import shutil

ptoas = None
if os.environ.get("PTOAS_ROOT"):
    candidate = os.path.join(os.environ["PTOAS_ROOT"], "ptoas")
    if os.access(candidate, os.X_OK):
        ptoas = candidate
if ptoas is None:
    ptoas = shutil.which("ptoas")
if ptoas:
    config.available_features.add("ptoas")
    config.substitutions.append(("%ptoas", ptoas))

