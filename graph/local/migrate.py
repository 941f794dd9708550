"""Move a journal kept by an older version under a checkout's ``./.decision-journal/neo4j``
into the per-user home, without ever losing or duplicating it.

The folder moves whole (``conf/`` with its password, ``data/``, ``logs/``): Neo4j's store
does not depend on where its folder lives, and ``neo4j.conf`` is written afresh at the
next start. A rename when both are on one file system; otherwise a copy into a staging
folder beside the target, renamed into place once complete, and only then the old folder
removed, so an interruption leaves the old journal whole and no half-copied target.
"""

from __future__ import annotations

import errno
import os
import shutil
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

LEGACY_HOME = Path(".decision-journal") / "neo4j"
"""Where versions before the per-user home kept the local server, under the directory a
command ran in."""


class Outcome(StrEnum):
    moved = "moved"
    target_exists = "target-exists"
    running = "running"
    nothing = "nothing"


@dataclass(frozen=True)
class Migration:
    """What ``move_home`` did with ``old``."""

    outcome: Outcome
    old: Path
    new: Path


def holds_journal(home: Path) -> bool:
    """Whether a local server's folder holds a database or its password (worth keeping)."""
    return (home / "data").is_dir() or (home / "conf" / "password").is_file()


def is_vacant(home: Path) -> bool:
    """Whether nothing would be lost by putting another journal at ``home``."""
    try:
        return not home.exists() or (home.is_dir() and not any(home.iterdir()))
    except OSError:
        return False


def move_home(old: Path, new: Path, old_running: bool) -> Migration:
    """Move the journal at ``old`` to ``new`` when ``new`` is vacant and its server stopped.

    Args:
        old: The older instance folder.
        new: The per-user instance folder.
        old_running: Whether a server still runs from ``old`` (then nothing moves: the
            command uses that server).

    Returns:
        ``moved``; ``running`` or ``target-exists`` (nothing touched); ``nothing`` when
        ``old`` holds no journal (already moved, or never started).

    Raises:
        OSError: The move failed; ``old`` is still whole.
    """
    old, new = old.absolute(), new.absolute()
    if not holds_journal(old) or old.resolve() == new.resolve():
        return Migration(Outcome.nothing, old, new)
    if old_running:
        return Migration(Outcome.running, old, new)
    if not is_vacant(new):
        return Migration(Outcome.target_exists, old, new)
    new.parent.mkdir(parents=True, exist_ok=True)
    if new.is_dir():
        new.rmdir()  # vacant: an empty folder, nothing to lose
    try:
        os.rename(old, new)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        _copy_then_remove(old, new)
    _remove_if_empty(old.parent)
    return Migration(Outcome.moved, old, new)


def _copy_then_remove(old: Path, new: Path) -> None:
    staging = new.with_name(new.name + ".moving")
    shutil.rmtree(staging, ignore_errors=True)  # a copy an earlier, interrupted move left
    shutil.copytree(old, staging, symlinks=True)
    os.rename(staging, new)
    shutil.rmtree(old)


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass  # other files live there: they are not ours to remove
