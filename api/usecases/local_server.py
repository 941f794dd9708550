"""The local Neo4j a command uses, from whatever directory it runs: the per-user home's
server when it runs, else one an older version started under ``./.decision-journal``,
else the one holding the Bolt port; if none runs, the per-user home, after moving an
older journal into it, started.

Every command reaches the same journal this way, so a pre-commit hook or a CI step run
inside another repository never tries to start a second server (docs/neo4j.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path

from api.settings import Settings
from api.user_dirs import user_dir
from graph.errors import LocalNeo4jError
from graph.local import LocalNeo4jConfig, install_neo4j, is_installed, server_status, start_server
from graph.local.config import NEO4J_VERSION
from graph.local.discovery import RunningServer, for_running, server_on_bolt_port, with_running_ports
from graph.local.migrate import LEGACY_HOME, Migration, Outcome, holds_journal, is_vacant, move_home
from graph.local.server import port_free

Notify = Callable[[str], None]


class Found(StrEnum):
    home = "home"  # the configured (by default per-user) home's own server
    legacy = "legacy"  # ./.decision-journal/neo4j of the current directory, still running
    elsewhere = "elsewhere"  # another decision-journal server of this user, on the Bolt port
    none = "none"  # nothing runs: commands start the home's server


@dataclass(frozen=True)
class LocalServer:
    """Where the local journal is, and whether its server runs.

    Attributes:
        config: The instance commands use, with the ports it listens on when running.
        home: The configured home (by default the per-user one), even when ``config``
            points at a server found elsewhere.
        found: How ``config`` was found.
        legacy: ``./.decision-journal/neo4j`` of the current directory when it holds a
            journal that was not moved (yet).
        notes: What the user should know, one line each.
    """

    config: LocalNeo4jConfig
    home: Path
    found: Found
    legacy: Path | None = None
    notes: tuple[str, ...] = ()

    @property
    def running(self) -> bool:
        return self.found is not Found.none


def default_lib_dir() -> Path:
    """The per-user folder for the server jars of this Neo4j version."""
    return user_dir("cache") / f"neo4j-{NEO4J_VERSION}"


def local_config(settings: Settings) -> LocalNeo4jConfig:
    """The local server's configuration from the ``local_neo4j`` section."""
    local = settings.local_neo4j
    return LocalNeo4jConfig(
        home=local.home.absolute(),
        lib_dir=local.lib_dir or default_lib_dir(),
        bolt_port=local.bolt_port,
        http_port=local.http_port,
        heap=local.heap,
        pagecache=local.pagecache,
        user=settings.neo4j.user,
        java=local.java,
        mvn=local.mvn,
        start_timeout=local.start_timeout,
    )


def locate_local_server(settings: Settings, cwd: Path | None = None) -> LocalServer:
    """Find the local server commands use (``neo4j status`` reads this). It changes nothing,
    except to write back the pid file of the home's own server when that file was lost."""
    config = local_config(settings)
    home = config.home
    legacy_home = (cwd or Path.cwd()).absolute() / LEGACY_HOME
    legacy = legacy_home if legacy_home.resolve() != home.resolve() and holds_journal(legacy_home) else None
    if legacy is not None:
        old = replace(config, home=legacy)
        if server_status(old).running:
            old = with_running_ports(old)
            return LocalServer(old, home, Found.legacy, legacy, (_legacy_running(old, home),))
    not_moved = (_not_moved(legacy, home),) if legacy is not None and not is_vacant(home) else ()
    if server_status(config).running:
        return LocalServer(with_running_ports(config), home, Found.home, legacy, not_moved)
    found = server_on_bolt_port(config.bolt_port)
    if found is not None and found.home.resolve() == home.resolve():
        _restore_pid_file(config, found.pid)  # the home's own server, its pid file lost: stop needs it
        return LocalServer(for_running(config, found), home, Found.home, legacy, not_moved)
    if found is not None:
        return LocalServer(for_running(config, found), home, Found.elsewhere, legacy, (_running_elsewhere(found, home),))
    return LocalServer(config, home, Found.none, legacy, not_moved)


def move_legacy_journal(located: LocalServer, notify: Notify) -> Migration | None:
    """Move ``./.decision-journal/neo4j`` into the home when nothing runs and the home is
    vacant, saying what was done (``None``: there is nothing to move).

    Raises:
        LocalNeo4jError: The move failed (the old folder is still whole).
    """
    if located.legacy is None or located.running:
        return None
    try:
        migration = move_home(located.legacy, located.home, old_running=False)
    except OSError as exc:
        raise LocalNeo4jError(
            f"could not move the journal from {located.legacy} to {located.home} ({exc.strerror or exc}); "
            f"nothing was lost: it is still in {located.legacy}. Free the space or set local_neo4j.home "
            f"to {located.legacy} to keep using it there."
        ) from exc
    if migration.outcome is Outcome.moved:
        notify(f"moved the journal an older version kept in {migration.old} to {migration.new} "
               "(one journal per user now: every directory uses it)")
    return migration


def ensure_local_server(settings: Settings, notify: Notify) -> LocalNeo4jConfig:
    """The running local server, found, or installed and started (after moving an older
    journal into the home); it is left running.

    Raises:
        LocalNeo4jError: It cannot be installed or started, or a port it needs is taken by
            a program that is not a decision-journal Neo4j.
    """
    located = locate_local_server(settings)
    for note in located.notes:
        notify(note)
    if located.running:
        return located.config
    return start_home(settings, located, notify)


def start_home(settings: Settings, located: LocalServer, notify: Notify) -> LocalNeo4jConfig:
    """Move an older journal in if there is one, then install and start the home's server.

    Raises:
        LocalNeo4jError: See ``ensure_local_server``.
    """
    config = located.config
    require_free_ports(config)
    move_legacy_journal(located, notify)
    if not is_installed(config):
        notify(f"installing Neo4j {NEO4J_VERSION} (first run only) into {config.lib_dir}")
        install_neo4j(config, notify)
    if holds_journal(config.home):
        notify(f"starting the local Neo4j in {config.home} ...")
    else:
        notify(f"starting the local Neo4j with a new, empty journal in {config.home} ...")
    password = settings.neo4j.password.get_secret_value() if settings.neo4j.password else None
    status = start_server(config, password)
    notify(
        f"local Neo4j {status.version} running at {status.bolt_uri} (Browser {status.browser_url}); "
        "it keeps running: stop it with `decision-journal neo4j stop`"
    )
    return config


def require_free_ports(config: LocalNeo4jConfig) -> None:
    """Raise when a port the server needs is taken (by then, not by one of our servers:
    ``locate_local_server`` would have found it), naming the setting that moves it."""
    for name, key, port in (("Bolt", "bolt_port", config.bolt_port), ("HTTP", "http_port", config.http_port)):
        if not port_free(port):
            raise LocalNeo4jError(
                f"port {port} on 127.0.0.1 ({name}) is in use by a program that is not decision-journal's Neo4j: "
                f"set local_neo4j.{key} in the config file (or DJ_LOCAL_NEO4J__{key.upper()}) to a free port, "
                "or stop what listens there."
            )


def _restore_pid_file(config: LocalNeo4jConfig, pid: int) -> None:
    try:
        config.pid_file.write_text(f"{pid}\n")
    except OSError:
        pass  # status then says "not running" for a server that answers; nothing worse


def _legacy_running(old: LocalNeo4jConfig, home: Path) -> str:
    return (f"note: using the local Neo4j an older version started in {old.home} ({old.bolt_uri}); "
            f"to move that journal to {home}, the one every directory uses: `decision-journal neo4j stop`, "
            "then run any decision-journal command here again")


def _running_elsewhere(found: RunningServer, home: Path) -> str:
    checkout = found.home.parent.parent if found.home.parts[-2:] == LEGACY_HOME.parts else None
    how = (f"`decision-journal neo4j stop`, then run any decision-journal command in {checkout}" if checkout
           else f"set local_neo4j.home to {found.home}, or `decision-journal neo4j stop` it")
    return (f"note: using the local Neo4j already running from {found.home} (pid {found.pid}, "
            f"bolt://127.0.0.1:{found.bolt_port}) instead of {home}; to make {home} the journal: {how}")


def _not_moved(legacy: Path, home: Path) -> str:
    return (f"note: an older journal in {legacy} was not moved, because {home} exists already; "
            f"to use it, set local_neo4j.home to {legacy} (or DJ_LOCAL_NEO4J__HOME), "
            f"or stop the server and move {home} aside, then run a command here again")
