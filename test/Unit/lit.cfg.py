# Runs the GoogleTest binaries under build/unittests as lit tests.
import os

import lit.formats

config.name = "pypto-mlir-unit"
config.test_format = lit.formats.GoogleTest(".", "Tests")
config.test_source_root = os.path.join(config.pypto_obj_root, "unittests")
config.test_exec_root = config.test_source_root
config.environment["PYPTO_CACHE_DIR"] = os.path.join(config.pypto_obj_root, "kernel-cache")
for var in ["HOME", "PATH", "CXX"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
