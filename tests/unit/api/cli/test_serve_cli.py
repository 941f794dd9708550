"""`decision-journal serve` against a Neo4j it cannot reach: one clear line, as every other
command gives, not uvicorn's traceback of a failed start-up."""

from __future__ import annotations

from pathlib import Path

from tests.support.throwaway import free_port
from tests.support.user_cli import run_cli, user_env


def test_serve_without_a_reachable_neo4j_says_so_in_one_line(tmp_path: Path) -> None:
    nowhere = f"bolt://127.0.0.1:{free_port()}"
    env = user_env(tmp_path, NEO4J_URI=nowhere, NEO4J_USER="neo4j", NEO4J_PASSWORD="whatever-x")
    result = run_cli(tmp_path, env, "serve", "--port", str(free_port()))
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert result.returncode == 1, result.stderr
    assert len(errors) == 1 and errors[0].startswith(f"error: cannot reach {nowhere}"), result.stderr
    assert "Traceback" not in result.stderr and "Application startup failed" not in result.stderr
