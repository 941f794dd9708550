"""The Neo4j driver's own log lines stay out of a command's output unless ``-v`` is given.

Run in a process of its own: pytest hangs its capture handlers on every logger that does
not propagate, which is the very thing under test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
DEFUNCT = "[#C53A]  _: <CONNECTION> error: Failed to read from defunct connection IPv4Address(('127.0.0.1', 7687))"
# A command runs (its root callback sets the log up), then the driver logs a lost connection
# as it does when Neo4j stops mid-command.
SCRIPT = f"""
import logging, sys
from typer.testing import CliRunner
from api.cli.main import app
assert CliRunner().invoke(app, [*sys.argv[1:], "cypher"]).exit_code == 0
logging.getLogger("neo4j.io").error({DEFUNCT!r})
"""


def _stderr(*options: str) -> str:
    done = subprocess.run([sys.executable, "-c", SCRIPT, *options], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=True)
    return done.stderr


def test_the_driver_log_is_left_out_unless_verbose() -> None:
    assert DEFUNCT not in _stderr()
    assert DEFUNCT in _stderr("-v")
