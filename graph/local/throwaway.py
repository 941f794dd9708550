"""A throwaway local Neo4j: temporary home, free ports, random password, always removed."""

from __future__ import annotations

import shutil
import socket
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from graph.local.config import LocalNeo4jConfig
from graph.local.install import install_neo4j
from graph.local.server import new_password, start_server, stop_server


@dataclass(frozen=True)
class Throwaway:
    """Connection details of a running throwaway server."""

    uri: str
    user: str
    password: str
    home: Path


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def throwaway_config(home: Path, lib_dir: Path) -> LocalNeo4jConfig:
    """A small server (512 MB heap, 256 MB page cache) in ``home`` on free ports."""
    bolt = free_port()
    http = free_port()
    while http == bolt:
        http = free_port()
    return LocalNeo4jConfig(home=home, lib_dir=lib_dir, bolt_port=bolt, http_port=http, heap="512m", pagecache="256m")


@contextmanager
def throwaway_neo4j(lib_dir: Path) -> Iterator[Throwaway]:
    """Install if needed, start a fresh server, and always stop and delete it afterwards."""
    home = Path(tempfile.mkdtemp(prefix="dj-neo4j-"))
    config = throwaway_config(home, lib_dir)
    password = new_password()
    try:
        install_neo4j(config)
        start_server(config, password)
        yield Throwaway(config.bolt_uri, config.user, password, home)
    finally:
        stop_server(config)
        shutil.rmtree(home, ignore_errors=True)
