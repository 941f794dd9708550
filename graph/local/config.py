"""Where a local Neo4j instance lives and how its ``neo4j.conf`` reads."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

NEO4J_VERSION = "5.26.30"
"""The server version; kept in step with ``graph/local/pom.xml``."""

VECTOR_MERGE_FACTOR = 10
"""Lucene segments of one size a vector index may hold before they are merged (Neo4j's
default is 50); see ``render_conf``."""

_MEMORY = re.compile(r"^\d+[kmg]?$", re.IGNORECASE)
_CONF_HEADER = "# Written by decision-journal"
_LISTEN = re.compile(r"^server\.(bolt|http)\.listen_address=127\.0\.0\.1:(\d+)$", re.MULTILINE)


@dataclass(frozen=True)
class LocalNeo4jConfig:
    """Everything needed to install, start, stop and inspect one local server.

    Attributes:
        home: The instance folder; ``conf/``, ``data/``, ``logs/`` and ``run/`` live below it.
        lib_dir: The folder of server jars, shared by every instance of one version.
        bolt_port: Bolt port on 127.0.0.1.
        http_port: HTTP port on 127.0.0.1 (Neo4j Browser at ``/browser/``).
        heap: JVM heap size, such as ``1g`` (both initial and maximum).
        pagecache: Page cache size, such as ``512m``.
        user: The admin user name (Community Edition has only ``neo4j``).
        java: The ``java`` executable.
        mvn: The ``mvn`` executable, needed only to install.
        start_timeout: Seconds to wait for Bolt to answer after starting.
    """

    home: Path
    lib_dir: Path
    bolt_port: int = 7687
    http_port: int = 7474
    heap: str = "1g"
    pagecache: str = "512m"
    user: str = "neo4j"
    java: str = "java"
    mvn: str = "mvn"
    start_timeout: float = 120.0

    def __post_init__(self) -> None:
        for name in ("heap", "pagecache"):
            value = getattr(self, name)
            if not _MEMORY.match(value):
                raise ValueError(f"{name} must be a size such as 512m or 1g, not {value!r}")
        for name in ("bolt_port", "http_port"):
            port = getattr(self, name)
            if not 1 <= port <= 65535:
                raise ValueError(f"{name} must be a TCP port (1-65535), not {port}")
        if self.bolt_port == self.http_port:
            raise ValueError("bolt_port and http_port must differ")

    @property
    def conf_dir(self) -> Path:
        return self.home / "conf"

    @property
    def data_dir(self) -> Path:
        return self.home / "data"

    @property
    def logs_dir(self) -> Path:
        return self.home / "logs"

    @property
    def run_dir(self) -> Path:
        return self.home / "run"

    @property
    def pid_file(self) -> Path:
        return self.run_dir / "neo4j.pid"

    @property
    def password_file(self) -> Path:
        return self.conf_dir / "password"

    @property
    def console_log(self) -> Path:
        return self.logs_dir / "console.log"

    @property
    def bolt_uri(self) -> str:
        return f"bolt://127.0.0.1:{self.bolt_port}"

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"


def conf_ports(home: Path) -> tuple[int, int] | None:
    """The (Bolt, HTTP) ports a home's ``neo4j.conf`` was last started with, or None when
    the home has no configuration that decision-journal wrote.

    A running server listens where its conf says, whatever today's settings say: a
    command run from another directory (or with other settings) still finds it.
    """
    try:
        text = (home / "conf" / "neo4j.conf").read_text()
    except (OSError, UnicodeDecodeError):
        return None
    if not text.startswith(_CONF_HEADER):
        return None
    ports = {kind: int(port) for kind, port in _LISTEN.findall(text)}
    if "bolt" not in ports or "http" not in ports:
        return None
    return ports["bolt"], ports["http"]


def render_conf(config: LocalNeo4jConfig) -> str:
    """Return the ``neo4j.conf`` text for an instance.

    Everything binds to 127.0.0.1: the local server is for this machine only, and
    advertised addresses match so that ``neo4j://`` routing answers with the real ports.
    """
    home = config.home.resolve()
    lines = [
        f"{_CONF_HEADER}; edits are overwritten at the next start.",
        "server.default_listen_address=127.0.0.1",
        "server.default_advertised_address=127.0.0.1",
        f"server.bolt.listen_address=127.0.0.1:{config.bolt_port}",
        f"server.bolt.advertised_address=127.0.0.1:{config.bolt_port}",
        f"server.http.listen_address=127.0.0.1:{config.http_port}",
        f"server.http.advertised_address=127.0.0.1:{config.http_port}",
        "server.https.enabled=false",
        f"server.directories.data={home / 'data'}",
        f"server.directories.logs={home / 'logs'}",
        f"server.directories.run={home / 'run'}",
        f"server.directories.plugins={home / 'plugins'}",
        f"server.directories.import={home / 'import'}",
        f"server.memory.heap.initial_size={config.heap}",
        f"server.memory.heap.max_size={config.heap}",
        f"server.memory.pagecache.size={config.pagecache}",
        "dbms.usage_report.enabled=false",
        "dbms.security.auth_enabled=true",
        # A vector query searches every Lucene segment of the index, and Neo4j merges a
        # vector index's segments only once 50 of a size pile up (HNSW merges are
        # costly), so a loaded journal kept ~25 segments. Merging at 10 left 11 at 100k:
        # vector query 4.7 -> 2.9 ms on the server, search p95 30 -> 26 ms (interleaved
        # A/B), bulk load time unchanged. An internal setting, read only at startup.
        f"internal.dbms.index.vector.standard_merge_factor={VECTOR_MERGE_FACTOR}",
        "",
    ]
    return "\n".join(lines)
