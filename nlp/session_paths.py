"""Where the files a coding-assistant session edited are in its repository.

A session names files as its tool calls did: absolute paths of the machine it ran on
(``/home/dev/shop/app/cache.py``), or paths relative to its working directory
(``app/cache.py``). The journal keeps only repository-relative paths: a machine's folders
mean nothing elsewhere, and a path outside the repository is no file of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from nlp.code_links.tree import RepoTree

_DRIVE = re.compile(r"^[A-Za-z]:/")


@dataclass(frozen=True)
class SessionPaths:
    """Turns the paths a session names into paths of its repository.

    Attributes:
        root: The repository's work tree on this machine.
        cwd: The working directory the session states, if any (possibly another machine's).
        tree: The repository's files today, to check paths against when the session's
            working directory is not on this machine.
    """

    root: Path
    cwd: str | None = None
    tree: RepoTree | None = None
    names: tuple[str, ...] = ()
    """What the repository's folder is called where its sessions ran: its name in its remote
    (``cal-date-widget`` of ``github.com/DanCard/cal-date-widget``) and its checkout's here."""
    _offset: str | None = field(init=False, default=None)
    _known: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        offset = _local_offset(self.cwd, self.root) if self.cwd else None
        # Without a working directory of this machine, the session is taken to have run at
        # the repository's top (aider and SpecStory write paths relative to it; Claude Code
        # and Codex are usually started there), and each path is checked against the tree.
        object.__setattr__(self, "_known", offset is not None)
        object.__setattr__(self, "_offset", offset if offset is not None else "")

    @property
    def cwd_in_repository(self) -> str | None:
        """The session's working directory relative to the repository's top (``.`` for the
        top itself), when it is a folder of this machine inside the checkout; else None
        (never a machine path)."""
        if not self._known:
            return None
        return self._offset or "."

    def relative(self, named: str) -> str | None:
        """The repository-relative path of a file the session named, or None when it lies
        outside the repository (or, for a session that ran elsewhere, is not in its tree)."""
        text = _posix(named)
        if not text:
            return None
        candidate: str | None
        local = False
        if _is_absolute(text):
            candidate = _under(text, self.root)
            local = candidate is not None
            if candidate is None and self.cwd:
                below = _below(text, _posix(self.cwd))
                candidate = _join(self._offset or "", below) if below is not None else None
            elif candidate is None:
                # A session that states no working directory (a SpecStory export) still names
                # its files under the project's folder, usually called as the repository is:
                # what follows that folder is the file, when the tree has it there.
                below = _after_folder(text, self.names)
                if below is not None and self.tree is not None and self.tree.exists(below):
                    return below
                return None
        else:
            candidate = _join(self._offset or "", text)
        if candidate is None:
            return None
        if local or self._known or self.tree is None or self.tree.exists(candidate):
            return candidate
        # The session ran in a folder this machine does not have: a path found in the tree
        # under that name alone is that file; one that is not there is not guessed at.
        resolved = self.tree.resolve(candidate)
        return resolved.path if resolved is not None and not resolved.path.endswith("/") else None


def _posix(text: str) -> str:
    text = text.strip()
    if "\\" in text and "/" not in text.replace("\\", ""):
        text = text.replace("\\", "/")  # a Windows path
    return text


def _is_absolute(text: str) -> bool:
    return text.startswith("/") or bool(_DRIVE.match(text))


def is_absolute(text: str) -> bool:
    """Whether a path is absolute, in POSIX or Windows form (``/home/…``, ``C:\\work\\…``)."""
    return _is_absolute(_posix(text))


def is_machine_path(text: str) -> bool:
    """Whether a path a session names is a folder of some machine (absolute, or from a home
    folder), not a path of a repository."""
    return is_absolute(text) or _posix(text).startswith("~")


def _join(base: str, relative: str) -> str | None:
    """``base/relative`` normalised; None when it climbs out of the repository or is empty."""
    parts: list[str] = [p for p in PurePosixPath(base).parts if p not in ("", ".")] if base else []
    for part in PurePosixPath(relative).parts:
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part == "/" or _DRIVE.match(part + "/"):
            return None
        else:
            parts.append(part)
    return "/".join(parts) or None


def _after_folder(path: str, names: tuple[str, ...]) -> str | None:
    """What follows the last folder of ``path`` named one of ``names`` (case-insensitive)."""
    wanted = {name.lower() for name in names if name}
    parts = PurePosixPath(path).parts
    for index in range(len(parts) - 2, -1, -1):
        if parts[index].lower() in wanted:
            return _join("", "/".join(parts[index + 1 :]))
    return None


def _below(path: str, folder: str) -> str | None:
    """``path`` relative to ``folder`` (both as written), or None when it is not inside it."""
    top = folder.rstrip("/")
    if not top or not path.startswith(top + "/"):
        return None
    return path[len(top) + 1 :]


def _under(path: str, root: Path) -> str | None:
    """``path`` relative to the checkout ``root`` of this machine (as given, or with links
    resolved), or None."""
    for top in dict.fromkeys([root.as_posix(), _resolved(root)]):
        below = _below(path, top)
        if below is not None:
            return _join("", below)
    return None


def _resolved(folder: Path) -> str:
    try:
        return folder.resolve().as_posix()
    except OSError:
        return folder.as_posix()


def _local_offset(cwd: str, root: Path) -> str | None:
    """Where ``cwd`` is in the checkout, when it is a folder of this machine inside it."""
    try:
        here = Path(cwd)
        if not here.is_absolute() or not here.is_dir():
            return None
        inside = here.resolve().relative_to(root.resolve()).as_posix()
    except (OSError, ValueError):
        return None
    return "" if inside == "." else inside
