from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from api.settings import describe, load_settings

_ENV_NAMES = (
    "NEO4J_URI", "NEO4J_USER", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE", "DJ_CONFIG",
    "OPENAI_API_KEY", "OPENAI_BASE_URL", "DJ_LLM__MODEL", "DJ_LOCAL_NEO4J__HOME",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in _ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no ./decision-journal.toml unless a test writes one
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


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
    path = tmp_path / "custom.toml"
    path.write_text('[local_neo4j]\nbolt_port = 9999\nheap = "2g"\n[server]\nport = 9000\n')
    monkeypatch.setenv("DJ_SERVER__PORT", "9100")
    settings = load_settings(path)
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


def test_seed_000_config_shape_is_read(tmp_path: Path) -> None:
    path = tmp_path / "seed.toml"
    path.write_text(
        '[[contexts]]\nmodule = "context-decision-journal"\n[contexts.config]\n'
        'detection_threshold = 0.8\ndetection_keywords = ["decided", "ship it"]\nauto_link_strategy = "git_context"\n'
        'search_index = "sqlite"\n'
    )
    journal = load_settings(path).journal
    assert journal.detection_threshold == 0.8
    assert journal.detection_keywords == ["decided", "ship it"]
    assert journal.auto_link_strategy == "git_context"


def test_unknown_seed_keys_and_modules_are_reported(tmp_path: Path) -> None:
    path = tmp_path / "seed.toml"
    path.write_text('[[contexts]]\nmodule = "context-decision-journal"\n[contexts.config]\ndetection_treshold = 0.8\n')
    with pytest.raises(ValidationError, match="detection_treshold"):
        load_settings(path)
    path.write_text('[[contexts]]\nmodule = "context-other"\n')
    with pytest.raises(ValidationError, match="unknown module 'context-other'"):
        load_settings(path)


def test_journal_keys_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DJ_JOURNAL__DETECTION_THRESHOLD", "0.9")
    monkeypatch.setenv("DJ_JOURNAL__AUTO_DETECT", "false")
    journal = load_settings().journal
    assert (journal.detection_threshold, journal.auto_detect) == (0.9, False)


def test_the_llm_path_needs_a_model_and_an_endpoint_or_key(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not load_settings().llm.active
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:8080/v1")
    assert not load_settings().llm.active  # no model named yet
    monkeypatch.setenv("DJ_LLM__MODEL", "qwen2.5-7b-instruct")
    settings = load_settings()
    assert settings.llm.active and settings.llm.base_url == "http://127.0.0.1:8080/v1"
    monkeypatch.delenv("OPENAI_BASE_URL")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-123")
    settings = load_settings()
    assert settings.llm.active and describe(settings)["llm"]["api_key"] == "********"


def test_doctor_names_the_active_path(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from api.cli.main import app

    offline = CliRunner().invoke(app, ["doctor"])
    assert offline.exit_code == 0 and "offline (spaCy + rules)" in offline.stdout
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("DJ_LLM__MODEL", "local-model")
    llm = CliRunner().invoke(app, ["doctor", "--json"])
    assert '"path": "LLM: model local-model at http://127.0.0.1:9/v1' in llm.stdout
