"""The parentless commits reachable from HEAD, remembered between runs.

A checkout with no forge remote (a clone of a local folder, a repository never pushed) is
known by its root commit (``nlp/repository.py``). Finding it walks the whole history: on
JabRef's 24,000 commits without a commit-graph file, 0.2 s of git's CPU and 0.3-0.6 s of
wall time, which every pre-commit ``check-diff`` paid. The roots found at a HEAD never
change, so they are kept in a small file per repository; the next run walks only the
commits since that HEAD, and none when HEAD has not moved.

Exact, not a guess: roots(HEAD) = roots(C) plus the roots of ``HEAD ^C`` when the
remembered HEAD C is an ancestor of HEAD; otherwise (a branch switched, a rebase) the
whole history is walked again. Shallow clones (deepening changes the roots without moving
HEAD) and repositories with grafts or replace refs are never remembered. A file that
cannot be read or written costs only the walk.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from nlp.git_command import GitError, git_succeeds, run_git


def roots_from_head(root: Path, revision: str = "HEAD", since: str | None = None) -> list[str]:
    """The parentless commits reachable from ``revision`` (and not from ``since``), sorted.

    Raises:
        GitError: An unknown revision (no commits yet, or ``since`` gone).
    """
    return sorted(run_git(root, "rev-list", "--max-parents=0", revision, *([f"^{since}"] if since else [])).split())


def remembered_roots(root: Path, folder: Path) -> list[str]:
    """The parentless commits reachable from HEAD in the work tree ``root``, sorted, with
    what an earlier run found kept in ``folder`` (one file per repository).

    Raises:
        GitError: No commits yet.
    """
    shallow, common, head = run_git(
        root, "rev-parse", "--is-shallow-repository", "--path-format=absolute", "--git-common-dir", "HEAD",
    ).split()
    if shallow == "true" or _history_rewritten(Path(common)):
        return roots_from_head(root)
    file = folder / f"{hashlib.sha256(common.encode()).hexdigest()[:24]}.roots"
    kept = _read(file)
    if kept is not None and kept[0] == head:
        return kept[1]
    if kept is not None and git_succeeds(root, "merge-base", "--is-ancestor", kept[0], head):
        try:
            roots = sorted({*kept[1], *roots_from_head(root, head, since=kept[0])})
        except GitError:
            roots = roots_from_head(root, head)
    else:
        roots = roots_from_head(root, head)
    _write(file, head, roots)
    return roots


def _history_rewritten(common: Path) -> bool:
    """Grafts or replace refs: they change a commit's parents without changing HEAD."""
    replace = common / "refs" / "replace"
    try:
        packed = (common / "packed-refs").read_text(encoding="utf-8", errors="replace")
    except OSError:
        packed = ""
    return (common / "info" / "grafts").exists() or (replace.is_dir() and any(replace.iterdir())) or " refs/replace/" in packed


def _read(file: Path) -> tuple[str, list[str]] | None:
    try:
        head, *roots = file.read_text(encoding="ascii").split()
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return (head, roots) if roots else None


def _write(file: Path, head: str, roots: list[str]) -> None:
    if not roots:
        return
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        # Written whole, then renamed: two hooks running at once never read half a file.
        handle, temporary = tempfile.mkstemp(dir=file.parent, suffix=".tmp")
        with os.fdopen(handle, "w", encoding="ascii") as out:
            out.write(" ".join([head, *roots]) + "\n")
        os.replace(temporary, file)
    except OSError:
        return
