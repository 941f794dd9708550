from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from api.settings import describe, load_settings

_ENV_NAMES = ("NEO4J_URI", "NEO4J_USER", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE", "DJ_CONFIG")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in _ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no ./decision-journal.toml unless a test writes one


def test_defaults_use_the_embedded_server() -> None:
    settings = load_settings()
    assert settings.embedded
    assert settings.local_neo4j.bolt_port == 7687
    assert settings.embedding.dimension == 384


def test_standard_neo4j_variables_point_at_an_external_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "neo4j://db.internal:7687")
    monkeypatch.setenv("NEO4J_USER", "journal")
    monkeypatch.setenv("NEO4J_PASSWORD", "s3cret")
    settings = load_settings()
    assert not settings.embedded
    assert settings.neo4j.uri == "neo4j://db.internal:7687"
    assert settings.neo4j.user == "journal"
    assert settings.neo4j.password is not None
    assert settings.neo4j.password.get_secret_value() == "s3cret"
    assert "s3cret" not in repr(settings)


def test_blank_uri_means_embedded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "")
    assert load_settings().embedded


def test_prefixed_nested_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DJ_LOCAL_NEO4J__BOLT_PORT", "17687")
    monkeypatch.setenv("DJ_EMBEDDING__DIMENSION", "512")
    settings = load_settings()
    assert settings.local_neo4j.bolt_port == 17687
    assert settings.embedding.dimension == 512


def test_toml_file_is_read_and_env_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "decision-journal.toml"
    path.write_text('[local_neo4j]\nbolt_port = 9999\nheap = "2g"\n[server]\nport = 9000\n')
    monkeypatch.setenv("DJ_SERVER__PORT", "9100")
    settings = load_settings()
    assert settings.local_neo4j.bolt_port == 9999
    assert settings.local_neo4j.heap == "2g"
    assert settings.server.port == 9100


def test_unknown_keys_in_the_file_are_reported(tmp_path: Path) -> None:
    path = tmp_path / "custom.toml"
    path.write_text("[local_neo4j]\nbolt_prot = 9999\n")
    with pytest.raises(ValidationError, match="bolt_prot"):
        load_settings(path)


def test_a_named_config_file_must_exist(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="missing.toml"):
        load_settings(tmp_path / "missing.toml")


def test_describe_masks_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_PASSWORD", "hunter2")
    data = describe(load_settings())
    assert data["neo4j"]["password"] == "********"
    assert "hunter2" not in str(data)
