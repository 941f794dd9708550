"""The test command: run pytest against a throwaway Neo4j, stopped also when tests fail.

Usage: ``python -m tests.harness [pytest arguments]``. With ``NEO4J_URI`` set, the
tests use that server instead and nothing is started. ``DJ_TEST_URI_SCHEME=neo4j`` reaches
the throwaway server through a routing URI (``neo4j://``), as a cluster or Aura is reached.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from types import FrameType

from tests.support.throwaway import suite_uri, throwaway_neo4j


def _stop_on_signal(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def main(argv: list[str]) -> int:
    signal.signal(signal.SIGTERM, _stop_on_signal)
    command = [sys.executable, "-m", "pytest", *argv]
    if os.environ.get("NEO4J_URI"):
        print(f"harness: using NEO4J_URI={os.environ['NEO4J_URI']}", file=sys.stderr)
        return subprocess.call(command)
    started = time.monotonic()
    with throwaway_neo4j() as server:
        uri = suite_uri(server.uri)
        print(
            f"harness: throwaway Neo4j at {uri} in {server.home} "
            f"(started in {time.monotonic() - started:.1f} s)",
            file=sys.stderr,
        )
        env = {
            **os.environ,
            "NEO4J_URI": uri,
            "NEO4J_USER": server.user,
            "NEO4J_PASSWORD": server.password,
        }
        code = subprocess.call(command, env=env)
    print("harness: throwaway Neo4j stopped and deleted", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
