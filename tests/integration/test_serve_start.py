"""`decision-journal serve` with the journal's local Neo4j stopped starts it and says so, as
`ingest` does, before it serves; without tokens it warns that auth is off, once."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import httpx
import pytest

from tests.support.throwaway import free_port
from tests.support.user_cli import COMMAND, run_cli, user_env

START_SECONDS = 240.0


def test_serve_starts_the_local_neo4j_and_says_so(tmp_path: Path) -> None:
    port = free_port()
    env = user_env(tmp_path, DJ_LOCAL_NEO4J__BOLT_PORT=str(free_port()), DJ_LOCAL_NEO4J__HTTP_PORT=str(free_port()))
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        serve = subprocess.Popen([str(COMMAND), "serve", "--port", str(port)], cwd=tmp_path, env=env,
                                 stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_SECONDS
        while not _ready(f"http://127.0.0.1:{port}"):
            if serve.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"serve did not become ready: {log.read_text()[-3000:]}")
            time.sleep(0.5)
        said = log.read_text()
        assert "starting the local Neo4j with a new, empty journal in" in said, said
        assert said.index("starting the local Neo4j") < said.index("Uvicorn running")  # before it serves
        assert said.count("AUTH IS OFF") == 1, said  # no tokens configured: said once, not by both CLI and app
    finally:
        serve.terminate()
        serve.wait(timeout=60)
        stopped = run_cli(tmp_path, env, "neo4j", "stop")
        assert stopped.returncode == 0, stopped.stderr


def _ready(base: str) -> bool:
    try:
        return httpx.get(f"{base}/readyz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False
