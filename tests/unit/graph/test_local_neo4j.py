from __future__ import annotations

from pathlib import Path

import pytest

from graph.errors import LocalNeo4jError
from graph.local import LocalNeo4jConfig, install_neo4j, server_status, start_server, stop_server
from graph.local.config import VECTOR_MERGE_FACTOR, render_conf
from graph.local.install import require_java


def _config(tmp_path: Path, **overrides: object) -> LocalNeo4jConfig:
    values: dict[str, object] = {"home": tmp_path / "home", "lib_dir": tmp_path / "lib"}
    values.update(overrides)
    return LocalNeo4jConfig(**values)  # type: ignore[arg-type]  # test helper over the dataclass fields


def test_conf_binds_loopback_with_the_configured_ports_and_memory(tmp_path: Path) -> None:
    conf = render_conf(_config(tmp_path, bolt_port=17687, http_port=17474, heap="768m", pagecache="128m"))
    lines = set(conf.splitlines())
    assert "server.default_listen_address=127.0.0.1" in lines
    assert "server.bolt.listen_address=127.0.0.1:17687" in lines
    assert "server.http.listen_address=127.0.0.1:17474" in lines
    assert "server.memory.heap.max_size=768m" in lines
    assert "server.memory.pagecache.size=128m" in lines
    assert "dbms.usage_report.enabled=false" in lines
    assert f"server.directories.data={(tmp_path / 'home' / 'data').resolve()}" in lines
    # Without it a loaded vector index keeps ~25 Lucene segments and every query searches each.
    assert f"internal.dbms.index.vector.standard_merge_factor={VECTOR_MERGE_FACTOR}" in lines


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [("heap", "lots", "heap must be a size"), ("bolt_port", 70000, "TCP port"), ("http_port", 7687, "must differ")],
)
def test_invalid_values_are_rejected(tmp_path: Path, field: str, value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _config(tmp_path, **{field: value})


def test_missing_java_is_one_clear_sentence(tmp_path: Path) -> None:
    with pytest.raises(LocalNeo4jError) as caught:
        require_java("/nonexistent/bin/java")
    message = str(caught.value)
    assert "Java was not found" in message and "NEO4J_URI" in message
    assert "\n" not in message
    with pytest.raises(LocalNeo4jError, match="Java was not found"):
        start_server(_config(tmp_path, java="/nonexistent/bin/java"))


def test_missing_maven_is_a_clear_error_when_jars_are_not_installed(tmp_path: Path) -> None:
    with pytest.raises(LocalNeo4jError, match="Maven was not found .*NEO4J_URI"):
        install_neo4j(_config(tmp_path, mvn="/nonexistent/bin/mvn"))


def test_start_before_install_says_what_to_run(tmp_path: Path) -> None:
    with pytest.raises(LocalNeo4jError, match="decision-journal neo4j install"):
        start_server(_config(tmp_path))


def test_status_and_stop_of_a_server_that_never_ran(tmp_path: Path) -> None:
    config = _config(tmp_path)
    state = server_status(config)
    assert not state.running and state.pid is None and not state.installed
    assert state.data_dir == (tmp_path / "home" / "data").resolve()
    assert stop_server(config) is False


def test_a_stale_pid_file_does_not_count_as_running(tmp_path: Path) -> None:
    config = _config(tmp_path)
    config.run_dir.mkdir(parents=True)
    config.pid_file.write_text("999999\n")
    assert not server_status(config).running
