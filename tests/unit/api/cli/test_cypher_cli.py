"""``decision-journal cypher``: a query as Neo4j Browser runs it, its fragments filled in."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from api.cli.main import app
from graph.cypher import load_query


def test_a_query_prints_with_its_params_and_fragments_expanded() -> None:
    result = CliRunner().invoke(app, ["cypher", "decisions_page"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    params = [line.split()[1] for line in lines if line.startswith(":param ")]
    assert sorted(params) == sorted(load_query("decisions_page").params)
    assert "{{" not in result.stdout
    assert "any(g IN s.access_groups WHERE g IN $groups)" in result.stdout
    assert result.stdout.rstrip().endswith(";")


def test_no_name_lists_the_queries_and_an_unknown_one_is_a_clear_error() -> None:
    listed = CliRunner().invoke(app, ["cypher"])
    assert "decisions_page" in listed.stdout.splitlines()
    unknown = CliRunner().invoke(app, ["cypher", "nope"])
    assert unknown.exit_code == 1
    assert "no Cypher query named 'nope'" in unknown.output


def test_the_browser_queries_readme_lists_are_known_by_name_too() -> None:
    browser = Path(__file__).resolve().parents[4] / "cypher" / "browser"
    listed = CliRunner().invoke(app, ["cypher"]).stdout.splitlines()
    for file in sorted(browser.glob("*.cypher")):
        assert file.stem in listed
        for name in (file.stem, file.name):
            result = CliRunner().invoke(app, ["cypher", name])
            assert result.exit_code == 0, result.output
            assert result.stdout == file.read_text()
