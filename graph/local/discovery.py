"""Find a decision-journal Neo4j that already runs, whichever folder it was started from.

A command run in another directory, or by an older version that kept the server under a
checkout's ``./.decision-journal/neo4j``, must use the server that holds the port rather
than start a second one. The server's own command line names its home, and the home's
``neo4j.conf`` its ports.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from graph.local.config import LocalNeo4jConfig, conf_ports
from graph.local.server import ENTRY_POINT

_HOME_FLAG = "--home-dir="


@dataclass(frozen=True)
class RunningServer:
    """A live decision-journal Neo4j process of this user."""

    pid: int
    home: Path
    bolt_port: int
    http_port: int


def running_servers(proc: Path = Path("/proc")) -> list[RunningServer]:
    """Every decision-journal Neo4j this user runs, read from ``/proc`` (empty where the
    system has none: there the port error says what to do instead)."""
    if not proc.is_dir():
        return []
    uid = os.getuid()
    found: list[RunningServer] = []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if entry.stat().st_uid != uid:
                continue
            args = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
        except OSError:
            continue  # the process ended while we looked
        if ENTRY_POINT not in args:
            continue
        home = next((Path(arg[len(_HOME_FLAG):]) for arg in args if arg.startswith(_HOME_FLAG)), None)
        ports = conf_ports(home) if home is not None else None
        if home is not None and ports is not None:
            found.append(RunningServer(int(entry.name), home, *ports))
    return sorted(found, key=lambda server: server.pid)


def server_on_bolt_port(port: int, proc: Path = Path("/proc")) -> RunningServer | None:
    """The decision-journal Neo4j of this user that listens on Bolt ``port``, if any."""
    return next((server for server in running_servers(proc) if server.bolt_port == port), None)


def with_running_ports(config: LocalNeo4jConfig) -> LocalNeo4jConfig:
    """``config`` with the ports its home was last started on (where a running server
    listens), or unchanged when the home has no configuration yet."""
    ports = conf_ports(config.home)
    if ports is None:
        return config
    return replace(config, bolt_port=ports[0], http_port=ports[1])


def for_running(config: LocalNeo4jConfig, server: RunningServer) -> LocalNeo4jConfig:
    """``config`` (jars, Java, user) pointed at a server found running elsewhere."""
    return replace(config, home=server.home, bolt_port=server.bolt_port, http_port=server.http_port)
