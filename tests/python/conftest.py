"""Shared by the Python module's tests: the built `warpsim` binary, to compare with (ctest sets
WARPSIM_BIN and PYTHONPATH, tests/CMakeLists.txt)."""
import os
import subprocess

import pytest


@pytest.fixture(scope="session")
def cli():
    """Runs the built binary: cli("run", "--gpu", ...) -> CompletedProcess with text stdout/stderr."""
    binary = os.environ["WARPSIM_BIN"]

    def run(*args):
        return subprocess.run([binary, *args], capture_output=True, text=True, check=False)

    return run


@pytest.fixture(scope="session")
def source_dir():
    return os.environ["WARPSIM_SOURCE_DIR"]
