"""The installed ``decision-journal`` command run as a user (or a git hook) runs it: a
subprocess in a directory of their choosing, with no ``NEO4J_*`` or ``DJ_*`` variables
and the per-user folders under a temporary folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.git import git

COMMAND = Path(sys.executable).parent / "decision-journal"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "platform-sync.txt"


def user_env(user: Path, **settings: str) -> dict[str, str]:
    """The environment of a user whose data and config folders are under ``user``, with
    ``decision-journal`` on PATH; ``settings`` become ``DJ_*`` variables."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "DJ_", "XDG_DATA", "XDG_CONFIG"))}
    env |= {"XDG_DATA_HOME": str(user / "data"), "XDG_CONFIG_HOME": str(user / "config"),
            "PATH": f"{COMMAND.parent}{os.pathsep}{env.get('PATH', '')}"}
    return env | settings


def run_cli(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """``decision-journal ARGS`` in ``cwd``; never raises on a non-zero exit."""
    return subprocess.run([str(COMMAND), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False)


def orders_repo(path: Path) -> Path:
    """A repository whose last commit changes the orders schema, naming MongoDB again
    (the example conversation decided PostgreSQL for it and rejected MongoDB)."""
    (path / "services" / "orders").mkdir(parents=True)
    git(path, "init", "-q")
    (path / "services" / "orders" / "schema.sql").write_text("CREATE TABLE orders (id bigint PRIMARY KEY);\n")
    (path / "README.md").write_text("orders\n")
    git(path, "add", ".")
    git(path, "commit", "-qm", "Start the orders service")
    with (path / "services" / "orders" / "schema.sql").open("a") as schema:
        schema.write("-- export nightly to MongoDB for the reporting team\n")
    git(path, "commit", "-qam", "Orders: add the reporting export")
    return path
