from __future__ import annotations

import secrets
import socket
from pathlib import Path

import pytest
from neo4j import GraphDatabase

from graph.errors import LocalNeo4jError
from graph.local import server_status, start_server, stop_server
from graph.local.server import read_password
from tests.support.throwaway import throwaway_config

pytestmark = pytest.mark.launcher


def test_start_status_refuse_twice_and_stop(tmp_path: Path) -> None:
    config = throwaway_config(tmp_path / "neo4j")
    password = secrets.token_urlsafe(12)
    try:
        started = start_server(config, password)
        assert started.running and started.pid is not None
        assert read_password(config) == password
        assert config.password_file.stat().st_mode & 0o777 == 0o600

        with GraphDatabase.driver(config.bolt_uri, auth=(config.user, password)) as driver:
            records, _, _ = driver.execute_query("RETURN 1 AS one")
            assert records[0]["one"] == 1

        state = server_status(config)
        assert state.running and state.pid == started.pid
        assert state.data_dir == (tmp_path / "neo4j" / "data").resolve()
        assert (state.data_dir / "databases").is_dir()

        with pytest.raises(LocalNeo4jError, match=f"already running \\(pid {started.pid}\\)"):
            start_server(config)
    finally:
        stopped = stop_server(config)
    assert stopped is True
    assert not server_status(config).running
    assert not config.pid_file.exists()
    assert stop_server(config) is False


def test_a_home_that_cannot_be_written_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the home's parent should be")
    config = throwaway_config(blocker / "neo4j")
    with pytest.raises(LocalNeo4jError, match="is not writable"):
        start_server(config)


def test_a_taken_port_is_a_clear_error(tmp_path: Path) -> None:


    config = throwaway_config(tmp_path / "neo4j")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", config.bolt_port))
        taken.listen()
        with pytest.raises(LocalNeo4jError, match=f"port {config.bolt_port} .* already in use"):
            start_server(config)
