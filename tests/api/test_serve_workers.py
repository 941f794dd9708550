"""`decision-journal serve --workers 2`: two worker processes, each built from the same
settings (the --config file reaches them), answering over the real Neo4j."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.graph_fixtures import Neo4jServer

pytestmark = pytest.mark.integration

TOKEN = "workers-admin-token-0123456789"
START_SECONDS = 120.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def test_serve_with_two_workers_answers_from_two_processes_under_the_config_file(
    neo4j_server: Neo4jServer, driver: object, tmp_path: Path
) -> None:
    config = tmp_path / "decision-journal.toml"
    config.write_text(
        f'[neo4j]\nuri = "{neo4j_server.uri}"\nuser = "{neo4j_server.user}"\npassword = "{neo4j_server.password}"\n\n'
        f'[[auth.tokens]]\nname = "admin"\ntoken = "{TOKEN}"\nscopes = ["admin"]\n'
    )
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "DJ_"))}
    log = tmp_path / "serve.log"
    with log.open("wb") as output:
        serve = subprocess.Popen(
            [sys.executable, "-m", "api.cli.main", "--config", str(config), "serve", "--port", str(port), "--workers", "2"],
            env=env, cwd=tmp_path, stdout=output, stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while not _ready(base):
            if serve.poll() is not None or time.monotonic() > deadline:
                serve.kill()
                serve.wait()
                pytest.fail(f"serve --workers 2 did not become ready: {log.read_text()[-2000:]}")
            time.sleep(0.5)

        # The workers read the config file: its token is required and accepted.
        query = {"query": "{ decisions(first: 1) { totalCount } }"}
        assert httpx.post(f"{base}/graphql", json=query, timeout=30).status_code == 401
        answered = httpx.post(f"{base}/graphql", json=query, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30)
        assert answered.status_code == 200 and "errors" not in answered.json(), answered.text
        workers = _workers(serve.pid)
        assert len(workers) == 2, [_cmdline(child) for child in _children(serve.pid)]
    finally:
        serve.terminate()
        serve.wait(timeout=60)


def _ready(base: str) -> bool:
    try:
        return httpx.get(f"{base}/readyz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def _workers(pid: int) -> list[str]:
    """The worker processes uvicorn's supervisor started (multiprocessing spawns each with
    spawn_main; its resource tracker, if any, is not a worker)."""
    commands = [_cmdline(child) for child in _children(pid)]
    return [command for command in commands if "spawn_main" in command]


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""
