"""``decision-journal mcp``: the MCP server on stdio, for agents."""

from __future__ import annotations

import logging
import sys

import typer

from api.cli.context import cli_context
from api.mcp_server import build_mcp_server


def mcp(ctx: typer.Context) -> None:
    """Serve MCP tools on stdin/stdout: record_decision, query_decisions, pre_decision,
    get_chain, get_impact, decisions_for_paths, check_lineage."""
    cli = cli_context(ctx)
    # stdout carries the protocol; anything else a library prints goes to stderr.
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    build_mcp_server(cli.settings).run("stdio")
