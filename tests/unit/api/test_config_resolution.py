"""Where the settings and the journal are found: per user, whatever the current directory."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from api.cli.main import app
from api.settings import choose_config_file, load_settings
from api.user_dirs import default_neo4j_home, user_config_file, user_dir

_ENV_NAMES = ("NEO4J_URI", "NEO4J_PASSWORD", "DJ_CONFIG", "DJ_LOCAL_NEO4J__HOME", "DJ_LOCAL_NEO4J__BOLT_PORT",
              "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "LOCALAPPDATA", "APPDATA")


@pytest.fixture(autouse=True)
def user(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A user whose home is a temporary folder, working in another one."""
    for name in _ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return home


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_the_journal_lives_in_the_platform_data_folder(user: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert default_neo4j_home() == user / ".local" / "share" / "decision-journal" / "neo4j"
    assert load_settings().local_neo4j.home == user / ".local" / "share" / "decision-journal" / "neo4j"
    assert user_config_file() == user / ".config" / "decision-journal" / "config.toml"
    assert user_dir("cache") == user / ".cache" / "decision-journal"
    assert user_dir("data", platform="darwin") == user / "Library" / "Application Support" / "decision-journal"
    assert user_dir("cache", platform="darwin") == user / "Library" / "Caches" / "decision-journal"
    monkeypatch.setenv("LOCALAPPDATA", r"C:\Users\ann\AppData\Local")
    monkeypatch.setenv("APPDATA", r"C:\Users\ann\AppData\Roaming")
    assert user_dir("data", platform="win32") == Path(r"C:\Users\ann\AppData\Local") / "decision-journal"
    assert user_dir("config", platform="win32") == Path(r"C:\Users\ann\AppData\Roaming") / "decision-journal"


def test_xdg_variables_move_the_folders_and_relative_ones_are_ignored(
    user: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert load_settings().local_neo4j.home == tmp_path / "data" / "decision-journal" / "neo4j"
    assert user_config_file() == tmp_path / "config" / "decision-journal" / "config.toml"
    assert user_dir("data", platform="darwin") == tmp_path / "data" / "decision-journal"  # set on purpose: wins everywhere
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # the XDG specification: ignore relative values
    assert default_neo4j_home() == user / ".local" / "share" / "decision-journal" / "neo4j"


def test_config_file_order_flag_then_dj_config_then_the_user_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert choose_config_file().origin == "none"
    assert load_settings().server.port == 8000

    user_file = _write(user_config_file(), "[server]\nport = 8101\n")
    assert choose_config_file().file == user_file and choose_config_file().origin == "user"
    assert load_settings().server.port == 8101

    from_env = _write(tmp_path / "env.toml", "[server]\nport = 8102\n")
    monkeypatch.setenv("DJ_CONFIG", str(from_env))
    assert choose_config_file().origin == "DJ_CONFIG"
    assert load_settings().server.port == 8102

    flag = _write(tmp_path / "flag.toml", "[server]\nport = 8103\n")
    assert choose_config_file(flag).origin == "--config"
    assert load_settings(flag).server.port == 8103

    monkeypatch.setenv("DJ_SERVER__PORT", "8104")  # the environment still overrides any file
    assert load_settings(flag).server.port == 8104


def test_a_decision_journal_toml_here_is_read_only_when_named(monkeypatch: pytest.MonkeyPatch) -> None:
    local = _write(Path("decision-journal.toml"), '[neo4j]\nuri = "bolt://elsewhere.invalid:7687"\n')
    choice = choose_config_file()
    assert choice.file is None and choice.ignored == Path("decision-journal.toml")
    assert load_settings().neo4j.uri is None  # a repository's file does not pick the server

    named = choose_config_file(local)
    assert named.file == local and named.ignored is None
    assert load_settings(local).neo4j.uri == "bolt://elsewhere.invalid:7687"
    monkeypatch.setenv("DJ_CONFIG", str(local.absolute()))
    assert choose_config_file().ignored is None and load_settings().neo4j.uri == "bolt://elsewhere.invalid:7687"


def test_the_cli_says_in_one_line_that_a_local_file_is_not_read() -> None:
    _write(Path("decision-journal.toml"), "[server]\nport = 8105\n")
    result = CliRunner().invoke(app, ["neo4j", "status", "--json"])
    notes = [line for line in result.stderr.splitlines() if "decision-journal.toml" in line]
    assert notes == ["note: decision-journal.toml in this directory is not read unless named: pass --config "
                     "decision-journal.toml (or set DJ_CONFIG) to use it"]
    named = CliRunner().invoke(app, ["--config", "decision-journal.toml", "neo4j", "status", "--json"])
    assert "not read unless named" not in named.stderr and '"config_file": "decision-journal.toml"' in named.stdout


def test_a_named_missing_file_is_an_error_but_a_missing_user_file_is_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DJ_CONFIG", str(tmp_path / "missing.toml"))
    with pytest.raises(FileNotFoundError, match=r"missing\.toml does not exist \(DJ_CONFIG\)"):
        load_settings()
    monkeypatch.delenv("DJ_CONFIG")
    assert not user_config_file().exists() and choose_config_file().origin == "none"


def test_relative_folders_in_a_file_are_read_against_the_file(tmp_path: Path, user: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = _write(tmp_path / "team" / "dj.toml", '[local_neo4j]\nhome = "journal/neo4j"\nlib_dir = "~/jars"\n')
    local = load_settings(config).local_neo4j
    assert local.home == tmp_path / "team" / "journal" / "neo4j"
    assert local.lib_dir == user / "jars"
    monkeypatch.setenv("DJ_LOCAL_NEO4J__HOME", "~/elsewhere")
    assert load_settings(config).local_neo4j.home == user / "elsewhere"


@pytest.mark.parametrize("where", ["--config", "DJ_CONFIG", "user"])
def test_a_file_that_is_not_toml_is_one_line_naming_it_line_and_column_and_the_hook_exits_0(
    where: str, user: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    bad = _write(user_config_file() if where == "user" else Path("bad.toml"), "[server]\nthis is = not [toml\n")
    if where == "DJ_CONFIG":
        monkeypatch.setenv("DJ_CONFIG", str(bad))
    named = ["--config", str(bad)] if where == "--config" else []
    expected = f"config file {bad}, line 2, column 6: not valid TOML: Expected '=' after a key in a key/value pair"
    for command in (["search", "x"], ["neo4j", "status"], ["cypher"]):
        result = CliRunner().invoke(app, [*named, *command])
        assert result.exit_code == 2, (command, result.output)
        assert result.stderr.splitlines() == [f"error: {expected}"], (command, result.output)
    hook = CliRunner().invoke(app, [*named, "hook", "ingest"], input='{"session_id": "x", "transcript_path": "/none.jsonl"}')
    assert hook.exit_code == 0 and hook.stdout == ""
    assert hook.stderr.splitlines() == [f"decision-journal hook: {expected}"]


def test_a_bad_key_names_the_file_it_came_from(user: Path) -> None:
    bad = _write(Path("team.toml"), "[local_neo4j]\nbolt_prot = 1\n")
    result = CliRunner().invoke(app, ["--config", str(bad), "neo4j", "status"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: invalid settings: local_neo4j.bolt_prot: Extra inputs are not permitted "
        f"(config file {bad}, --config, and the environment)"
    ]
