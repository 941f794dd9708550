"""Suite-wide options and markers: tests under integration/ and api/ need the real Neo4j."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ("tests.graph_fixtures", "tests.llm_fixtures")

_NEEDS_NEO4J = ("integration", "api", "web")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--wipe-nonempty-db",
        action="store_true",
        help="let the tests wipe a non-empty database they did not create (dangerous)",
    )
    parser.addoption(
        "--screenshots", default=None, metavar="DIR",
        help="the web-page tests write a PNG of each view into DIR (make screenshots: docs/screenshots)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = Path(__file__).parent
    for item in items:
        parts = Path(item.path).relative_to(root).parts
        if parts and parts[0] in _NEEDS_NEO4J:
            item.add_marker(pytest.mark.integration)
