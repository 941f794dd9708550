"""The per-user folders of decision-journal: data (the journal), config and cache (jars).

One journal per user, wherever a command runs: the platform's own places, named after
the XDG base directories on Linux. An ``XDG_*_HOME`` variable that is set to an absolute
path wins on every platform (whoever sets it means it, and tests point it at a temporary
folder); the XDG specification says relative values are to be ignored.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Literal

APP_NAME = "decision-journal"

Kind = Literal["data", "config", "cache"]

_XDG = {"data": ("XDG_DATA_HOME", ".local/share"), "config": ("XDG_CONFIG_HOME", ".config"), "cache": ("XDG_CACHE_HOME", ".cache")}
_MACOS = {"data": "Library/Application Support", "config": "Library/Application Support", "cache": "Library/Caches"}
# Data and cache stay on this machine (LOCALAPPDATA); settings roam with the user (APPDATA).
_WINDOWS = {"data": "LOCALAPPDATA", "config": "APPDATA", "cache": "LOCALAPPDATA"}


def user_dir(kind: Kind, platform: str | None = None) -> Path:
    """The folder of ``kind`` for this user, ending in ``decision-journal``.

    Args:
        kind: ``data`` (the local Neo4j's home), ``config`` (``config.toml``) or ``cache``.
        platform: ``sys.platform`` by default; given only by tests.
    """
    variable, linux_default = _XDG[kind]
    explicit = os.environ.get(variable, "")
    if explicit and Path(explicit).is_absolute():
        return Path(explicit) / APP_NAME
    system = platform or sys.platform
    if system == "darwin":
        return Path.home() / _MACOS[kind] / APP_NAME
    if system == "win32":
        base = os.environ.get(_WINDOWS[kind], "")
        root = Path(base) if base else Path.home() / "AppData" / ("Roaming" if kind == "config" else "Local")
        return root / APP_NAME / "cache" if kind == "cache" else root / APP_NAME
    return Path.home() / linux_default / APP_NAME


def default_neo4j_home() -> Path:
    """Where the local Neo4j keeps its ``conf/``, ``data/``, ``logs/`` and ``run/``."""
    return user_dir("data") / "neo4j"


def user_config_file() -> Path:
    """The per-user settings file, read when no ``--config`` or ``DJ_CONFIG`` names one."""
    return user_dir("config") / "config.toml"
