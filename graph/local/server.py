"""Start, stop and inspect a local Neo4j server process."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from neo4j import GraphDatabase
from neo4j.exceptions import AuthError, DriverError, Neo4jError

from graph.errors import LocalNeo4jError
from graph.local.config import NEO4J_VERSION, LocalNeo4jConfig, render_conf
from graph.local.install import is_installed, require_java

ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"
_ADMIN_TOOL = "org.neo4j.cli.AdminTool"
# The JVM options Neo4j's own launch script passes that matter for a server on Java 17:
# Netty needs reflective access to NIO buffers, and G1 is the collector Neo4j is tuned for.
_JVM_FLAGS = (
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+DisableExplicitGC",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
)


@dataclass(frozen=True)
class ServerStatus:
    """Where a local server runs (or would run) and where its files are."""

    running: bool
    pid: int | None
    installed: bool
    version: str
    bolt_uri: str
    http_url: str
    home: Path
    data_dir: Path
    logs_dir: Path
    lib_dir: Path
    password_file: Path

    @property
    def browser_url(self) -> str:
        return f"{self.http_url}/browser/"


def server_status(config: LocalNeo4jConfig) -> ServerStatus:
    """Describe the instance; ``running`` is true only for a live server of this home."""
    pid = _running_pid(config)
    return ServerStatus(
        running=pid is not None,
        pid=pid,
        installed=is_installed(config),
        version=NEO4J_VERSION,
        bolt_uri=config.bolt_uri,
        http_url=config.http_url,
        home=config.home.resolve(),
        data_dir=config.data_dir.resolve(),
        logs_dir=config.logs_dir.resolve(),
        lib_dir=config.lib_dir,
        password_file=config.password_file.resolve(),
    )


def read_password(config: LocalNeo4jConfig) -> str | None:
    """The admin password the instance was initialised with, if it has been."""
    try:
        return config.password_file.read_text().strip() or None
    except FileNotFoundError:
        return None


def start_server(config: LocalNeo4jConfig, password: str | None = None) -> ServerStatus:
    """Start the server in the background and wait until Bolt accepts the password.

    Args:
        config: The instance to start.
        password: The admin password for a new instance; by default the one in
            ``config.password_file``, or a new random one saved there (mode 0600).

    Raises:
        LocalNeo4jError: Not installed, already running, a port is taken, the home is
            not writable, or the server did not answer within ``config.start_timeout``.
    """
    require_java(config.java)
    if not is_installed(config):
        raise LocalNeo4jError(
            f"Neo4j {NEO4J_VERSION} is not installed in {config.lib_dir}: "
            "run `decision-journal neo4j install` first."
        )
    pid = _running_pid(config)
    if pid is not None:
        raise LocalNeo4jError(
            f"the local Neo4j is already running (pid {pid}) at {config.bolt_uri}; "
            "stop it with `decision-journal neo4j stop`."
        )
    _forget_pid(config)
    for name, port in (("Bolt", config.bolt_port), ("HTTP", config.http_port)):
        if not port_free(port):
            raise LocalNeo4jError(
                f"port {port} on 127.0.0.1 ({name}) is already in use: choose another "
                "port in the settings or stop what listens there."
            )
    _prepare_home(config)
    secret = _initialise_password(config, password)
    pid = _spawn(config)
    config.pid_file.write_text(f"{pid}\n")
    try:
        _wait_for_bolt(config, pid, secret)
    except LocalNeo4jError:
        _terminate(pid, timeout=20.0)
        _forget_pid(config)
        raise
    return server_status(config)


def stop_server(config: LocalNeo4jConfig, timeout: float = 60.0) -> bool:
    """Stop the server cleanly (SIGTERM, then SIGKILL after ``timeout``).

    Returns:
        True if a running server was stopped, False if none was running.
    """
    pid = _running_pid(config)
    if pid is not None:
        _terminate(pid, timeout)
    _forget_pid(config)
    return pid is not None


def _forget_pid(config: LocalNeo4jConfig) -> None:
    try:
        config.pid_file.unlink(missing_ok=True)
    except OSError:
        pass  # no run folder (never started, or not a folder): nothing to forget


def _prepare_home(config: LocalNeo4jConfig) -> None:
    try:
        for folder in (config.conf_dir, config.data_dir, config.logs_dir, config.run_dir):
            folder.mkdir(parents=True, exist_ok=True)
        for sub in ("plugins", "import"):
            (config.home / sub).mkdir(exist_ok=True)
        probe = config.data_dir / ".write-probe"
        probe.write_bytes(b"\0" * 4096)
        probe.unlink()
        (config.conf_dir / "neo4j.conf").write_text(render_conf(config))
    except OSError as exc:
        raise LocalNeo4jError(
            f"the local Neo4j folder {config.home.resolve()} is not writable "
            f"({exc.strerror or exc}): free some space or choose another home."
        ) from exc


def new_password() -> str:
    """A random admin password. It starts with a letter: the admin tool would read one
    starting with "-" (which token_urlsafe produces one time in 32) as an option."""
    return "n" + secrets.token_urlsafe(18)


def _initialise_password(config: LocalNeo4jConfig, password: str | None) -> str:
    stored = read_password(config)
    initialised = (config.data_dir / "dbms" / "auth.ini").exists()
    if initialised:
        secret = password or stored
        if secret is None:
            raise LocalNeo4jError(
                f"{config.home.resolve()} holds a database but no password file; "
                "set NEO4J_PASSWORD to its admin password."
            )
        return secret
    secret = password or stored or new_password()
    env = {**os.environ, "NEO4J_HOME": str(config.home.resolve()), "NEO4J_CONF": str(config.conf_dir.resolve())}
    result = subprocess.run(
        [config.java, "-cp", f"{config.lib_dir}/*", _ADMIN_TOOL, "dbms", "set-initial-password", "--", secret],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    if result.returncode != 0:
        raise LocalNeo4jError(f"could not set the initial password: {result.stderr.strip()[-500:]}")
    config.password_file.write_text(secret + "\n")
    config.password_file.chmod(0o600)
    return secret


def _spawn(config: LocalNeo4jConfig) -> int:
    argv = [
        config.java,
        f"-Xms{config.heap}",
        f"-Xmx{config.heap}",
        *_JVM_FLAGS,
        "-cp",
        f"{config.lib_dir}/*",
        ENTRY_POINT,
        f"--home-dir={config.home.resolve()}",
        f"--config-dir={config.conf_dir.resolve()}",
        "--console-mode",
    ]
    log = os.open(config.console_log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        # posix_spawn in a new session: the server outlives the CLI that started it and
        # does not receive the terminal's Ctrl-C.
        return os.posix_spawnp(
            config.java,
            argv,
            os.environ,
            file_actions=[
                (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
                (os.POSIX_SPAWN_DUP2, log, 1),
                (os.POSIX_SPAWN_DUP2, log, 2),
            ],
            setsid=True,
        )
    finally:
        os.close(log)


def _wait_for_bolt(config: LocalNeo4jConfig, pid: int, secret: str) -> None:
    deadline = time.monotonic() + config.start_timeout
    while time.monotonic() < deadline:
        if not _alive(pid):
            raise LocalNeo4jError(
                f"the local Neo4j exited while starting; last lines of {config.console_log}:\n"
                + _tail(config.console_log)
            )
        if not port_free(config.bolt_port):
            try:
                with GraphDatabase.driver(config.bolt_uri, auth=(config.user, secret)) as driver:
                    driver.verify_connectivity()
                return
            except AuthError as exc:
                raise LocalNeo4jError(
                    f"the local Neo4j rejected the password from {config.password_file}; "
                    "set NEO4J_PASSWORD to its admin password."
                ) from exc
            except (DriverError, Neo4jError, OSError):
                pass  # Bolt can answer before the database is available: try again
        time.sleep(0.25)
    raise LocalNeo4jError(
        f"the local Neo4j did not answer on {config.bolt_uri} within {config.start_timeout:.0f} s; "
        f"see {config.console_log}:\n" + _tail(config.console_log)
    )


def _running_pid(config: LocalNeo4jConfig) -> int | None:
    try:
        pid = int(config.pid_file.read_text().strip())
    except (OSError, ValueError):
        return None
    if not _alive(pid):
        return None
    # Guard against a recycled pid: the process must be this home's Neo4j.
    try:
        args = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return pid
    return pid if ENTRY_POINT in args and f"--home-dir={config.home.resolve()}" in args else None


def _alive(pid: int) -> bool:
    try:
        reaped, _ = os.waitpid(pid, os.WNOHANG)
        if reaped == pid:
            return False
    except ChildProcessError:
        pass  # not our child: another CLI process started it
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[-1].split()[0] != "Z"


def _terminate(pid: int, timeout: float) -> None:
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not _alive(pid):
            return
        time.sleep(0.2)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        return
    while _alive(pid):
        time.sleep(0.1)


def port_free(port: int) -> bool:
    """Whether nothing listens on ``port`` of 127.0.0.1 (a bind succeeds)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"
