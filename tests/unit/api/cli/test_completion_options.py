"""Shell completion is offered by the program, not by each of its subcommands."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from api.cli.main import COMMANDS, GROUPS, app


def test_the_program_offers_completion() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0 and "--install-completion" in result.stdout and "--show-completion" in result.stdout


@pytest.mark.parametrize("command", sorted([*COMMANDS, *GROUPS, "review confirm", "people list", "neo4j status"]))
def test_no_subcommand_lists_the_completion_options(command: str) -> None:
    result = CliRunner().invoke(app, [*command.split(), "--help"])
    assert result.exit_code == 0, result.output
    assert "--install-completion" not in result.stdout and "--show-completion" not in result.stdout
