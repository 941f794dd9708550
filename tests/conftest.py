"""Suite-wide options and markers: tests under integration/ and api/ need the real Neo4j."""

from __future__ import annotations

import os
import shutil
import tempfile
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


_USER_DIRS = ("XDG_DATA_HOME", "XDG_CONFIG_HOME")
_saved_user_dirs: dict[str, str | None] = {}


def pytest_configure(config: pytest.Config) -> None:
    """Point the per-user data and config folders at a temporary folder for the whole run:
    no test may read the user's config.toml or touch their journal (the jar cache, the
    XDG cache folder, stays shared: it is read-only to the tests and slow to fill)."""
    base = Path(tempfile.mkdtemp(prefix="dj-tests-user-"))
    for name in _USER_DIRS:
        _saved_user_dirs[name] = os.environ.get(name)
        os.environ[name] = str(base / name.lower())
    _saved_user_dirs["base"] = str(base)


def pytest_unconfigure(config: pytest.Config) -> None:
    base = _saved_user_dirs.pop("base", None)
    for name, value in _saved_user_dirs.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    if base:
        shutil.rmtree(base, ignore_errors=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = Path(__file__).parent
    for item in items:
        parts = Path(item.path).relative_to(root).parts
        if parts and parts[0] in _NEEDS_NEO4J:
            item.add_marker(pytest.mark.integration)
