"""The repository a session is about, as ingest uses it: its key, and its tree to find the
paths the session's decisions name."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from graph.writer import StatedPath
from nlp.code_links.tree import RepoTree, too_wide
from nlp.schema import ExtractedDecision
from nlp.session_paths import is_absolute


@dataclass(frozen=True)
class InRepository:
    """The repository a session is about: its key, and its tree (to find the paths its
    decisions name, by their name today)."""

    key: str
    tree: RepoTree | None = None
    root: Path | None = None
    """The checkout's top folder on this machine (never stored): paths are said relative to it."""
    name: str | None = None
    """What people call it (``acme/shop``, a folder's name): a file's session id is qualified by
    it when another repository's file of the same name holds the plain one."""

    def paths(self, decision: ExtractedDecision, machine: Callable[[str], str | None] | None = None) -> tuple[StatedPath, ...]:
        """The paths ``decision`` names, as found in the tree: a name one file alone bears
        becomes that file; a directory too wide to govern (``src/``) is left out; a path not
        in the tree stays as written (it may have been deleted or renamed since).

        Args:
            machine: For a coding-assistant session, whose absolute paths are folders of the
                machine it ran on: such a path → its path in the repository, or None for one
                outside it (left out).
        """
        named = decision.related_code
        if machine is not None:
            named = tuple(p for path in named if (p := machine(path) if is_absolute(path) else path))
        if self.tree is None:
            return tuple(StatedPath(p) for p in named)
        found: dict[str, StatedPath] = {}
        for path in named:
            resolved = self.tree.resolve(path)
            if resolved is None:
                found.setdefault(path, StatedPath(path))
            elif not too_wide(resolved.path, self.tree):
                found.setdefault(resolved.path, StatedPath(resolved.path, resolved.evidence))
        return tuple(found.values())


