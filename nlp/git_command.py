"""Run the ``git`` command and parse what it prints: what a change touches, a repository's
history, its files and their text.

No database and no network: ``check-diff`` asks which paths a change touches and what
lines it adds; ``ingest-git`` reads commits with the files they changed. A repository is
input to ``nlp`` as a transcript file is; the product reads it through this module.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from nlp.errors import NlpError
from nlp.schema import CommitInfo

_TIMEOUT_SECONDS = 120
_UNTRACKED_LIMIT = 256 * 1024
"""Untracked files larger than this count as changed without their lines being read."""
_RECORD = "\x1e"
_FIELD = "\x1f"
_DATE_LIKE = re.compile(r"^\d{4}-\d{2}-\d{2}")


class GitError(NlpError):
    """The path is not a git work tree, a revision is unknown, or git is missing."""


@dataclass(frozen=True)
class Change:
    """What a diff touches.

    Attributes:
        paths: Repository-relative paths added, modified, deleted or renamed (both names of
            a rename), in git's order.
        added: Path → the lines the change adds to it (untracked files: all their lines).
        removed: Path → the lines the change takes out of it.
    """

    paths: tuple[str, ...]
    added: dict[str, tuple[str, ...]]
    removed: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def changed_lines(self, path: str) -> tuple[str, ...]:
        """The lines the change adds to ``path`` or takes out of it."""
        return (*self.added.get(path, ()), *self.removed.get(path, ()))


def run_git(repo: Path, *args: str) -> str:
    """git's standard output.

    Raises:
        GitError: git is missing, timed out, or failed (its first error line is kept).
    """
    try:
        result = subprocess.run(
            ["git", "-C", str(repo), *args], capture_output=True, text=True, timeout=_TIMEOUT_SECONDS, check=False,
            encoding="utf-8", errors="replace",
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise GitError(f"git could not run in {repo}: {exc}") from exc
    if result.returncode != 0:
        first = (result.stderr.strip().splitlines() or ["git failed"])[0]
        raise GitError(f"git {args[0]} failed in {repo}: {first}")
    return result.stdout


def git_succeeds(repo: Path, *args: str) -> bool:
    """Whether git exits 0 (``merge-base --is-ancestor`` answers by its exit code); False
    also when git cannot run."""
    try:
        result = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, timeout=_TIMEOUT_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return result.returncode == 0


def read_change(repo: Path, base: str = "HEAD", head: str | None = None, staged: bool = False) -> Change:
    """The paths and added lines between ``base`` and ``head``; without ``head``, the work
    tree (and untracked files) against ``base``; with ``staged``, only what is staged.

    Raises:
        GitError: Not a git work tree, or an unknown revision.
    """
    if staged:
        revisions = ["--cached", base]
    elif head is not None:
        revisions = [base, head]
    else:
        revisions = [base]
    names = run_git(repo, "diff", "--name-status", "--find-renames", *revisions, "--")
    paths: list[str] = []
    for line in names.splitlines():
        parts = line.split("\t")
        paths += [p for p in parts[1:] if p]
    added, removed = _changed_lines(run_git(repo, "diff", "--unified=0", "--no-color", "--no-ext-diff", *revisions, "--"))
    if head is None and not staged:
        for path in run_git(repo, "ls-files", "--others", "--exclude-standard").splitlines():
            if path:
                paths.append(path)
                added[path] = _file_lines(repo / path)
    return Change(tuple(dict.fromkeys(paths)), added, removed)


def _changed_lines(diff: str) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """The lines a ``--unified=0`` diff adds to each path and takes out of each."""
    added: dict[str, list[str]] = {}
    removed: dict[str, list[str]] = {}
    source: str | None = None
    target: str | None = None
    for line in diff.splitlines():
        if line.startswith("--- "):
            named = line[4:]
            source = named[2:] if named.startswith("a/") else None  # /dev/null: a new file
        elif line.startswith("+++ "):
            named = line[4:]
            target = named[2:] if named.startswith("b/") else None  # /dev/null: a deletion
        elif line.startswith("+") and target is not None:
            added.setdefault(target, []).append(line[1:])
        elif line.startswith("-") and source is not None:
            removed.setdefault(source, []).append(line[1:])
    return ({path: tuple(lines) for path, lines in added.items()},
            {path: tuple(lines) for path, lines in removed.items()})


def _file_lines(path: Path) -> tuple[str, ...]:
    try:
        if not path.is_file() or path.stat().st_size > _UNTRACKED_LIMIT:
            return ()
        return tuple(path.read_text(encoding="utf-8", errors="replace").splitlines())
    except OSError:
        return ()


def read_commits(repo: Path, since: str | None = None) -> list[CommitInfo]:
    """Commits reachable from HEAD, oldest first, with the files each changed.

    Args:
        since: A revision (commits after it) or a date such as ``2024-01-31`` (commits on
            or after it); None for the whole history.

    Raises:
        GitError: Not a git work tree, an unknown revision, or a repository without commits.
    """
    args = ["log", "--reverse", "--no-merges", "--name-only", "--no-renames",
            f"--format={_RECORD}%H{_FIELD}%an{_FIELD}%ae{_FIELD}%aI{_FIELD}%B{_FIELD}"]
    if since and _DATE_LIKE.match(since):
        args.append(f"--since={since}")
    elif since:
        args.append(f"{since}..HEAD")
    else:
        args.append("HEAD")
    commits: list[CommitInfo] = []
    for record in run_git(repo, *args).split(_RECORD)[1:]:
        sha, author, email, date, message, files = record.split(_FIELD, 5)
        commits.append(CommitInfo(
            sha=sha, author=author or None, email=email or None, date=datetime.fromisoformat(date),
            message=message.strip(), files=tuple(f for f in files.strip().splitlines() if f),
        ))
    return commits


def tracked_files(repo: Path, revision: str = "HEAD") -> list[str]:
    """Every file path in ``revision``'s tree, in git's order.

    Raises:
        GitError: Not a git repository, or an unknown revision.
    """
    return [line for line in run_git(repo, "ls-tree", "-r", "-z", "--name-only", revision).split("\0") if line]


def file_text(repo: Path, path: str, revision: str = "HEAD", limit: int = 2 * 1024 * 1024) -> str | None:
    """The text of ``path`` at ``revision``; None when it is missing or larger than ``limit``."""
    try:
        size = int(run_git(repo, "cat-file", "-s", f"{revision}:{path}").strip())
        if size > limit:
            return None
        return run_git(repo, "cat-file", "blob", f"{revision}:{path}")
    except (GitError, ValueError):
        return None


BATCH_PATHS = 500
"""Paths asked of one ``git cat-file --batch``: its output is held whole, so a large tree is read in parts."""


def file_texts(
    repo: Path, paths: Sequence[str], revision: str = "HEAD", limit: int = 1024 * 1024, head: int | None = None,
) -> dict[str, str]:
    """The texts of ``paths`` at ``revision``, read by ``git cat-file --batch`` (one process
    per ``BATCH_PATHS``, where ``file_text`` takes two per file); with ``head``, each one's
    first ``head`` characters only (what is kept of a large tree stays small). A path missing
    there, not a file, or larger than ``limit`` bytes is left out.

    Raises:
        GitError: git is missing, timed out, or failed.
    """
    texts: dict[str, str] = {}
    wanted = [p for p in paths if "\n" not in p]
    for start in range(0, len(wanted), BATCH_PATHS):
        part = wanted[start:start + BATCH_PATHS]
        request = "".join(f"{revision}:{path}\n" for path in part).encode()
        try:
            result = subprocess.run(["git", "-C", str(repo), "cat-file", "--batch"], input=request,
                                    capture_output=True, timeout=_TIMEOUT_SECONDS, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise GitError(f"git could not run in {repo}: {exc}") from exc
        if result.returncode != 0:
            first = (result.stderr.decode(errors="replace").strip().splitlines() or ["git failed"])[0]
            raise GitError(f"git cat-file failed in {repo}: {first}")
        out, at = result.stdout, 0
        for path in part:
            end = out.index(b"\n", at)
            header = out[at:end].split()
            at = end + 1
            if len(header) != 3:  # "<name> missing" (or ambiguous): no content follows
                continue
            size = int(header[2])
            if header[1] == b"blob" and size <= limit:
                texts[path] = out[at:at + size].decode("utf-8", errors="replace")[:head]
            at += size + 1
    return texts


def grep_files(
    repo: Path, patterns: list[str], revision: str = "HEAD", pathspecs: list[str] | None = None, ignore_case: bool = False,
) -> list[str]:
    """Files of ``revision`` in which a line matches one of the extended regular expressions
    ``patterns``, without their revision prefix."""
    flags = ["-l", "-I", "-E", *(["-i"] if ignore_case else [])]
    return [line for line in _git_grep(repo, flags, patterns, revision, pathspecs) if line]


def _git_grep(repo: Path, flags: list[str], patterns: list[str], revision: str, pathspecs: list[str] | None) -> list[str]:
    """``git grep`` of ``revision`` for any of ``patterns``: its output lines, without the
    revision prefix; none when nothing matches (git grep then exits 1) or no pattern is given."""
    if not patterns:
        return []
    args = ["grep", *flags]
    for pattern in patterns:
        args += ["-e", pattern]
    args += [revision, "--", *(pathspecs or [])]
    try:
        output = run_git(repo, *args)
    except GitError:
        return []
    prefix = f"{revision}:"
    return [line.removeprefix(prefix) for line in output.splitlines()]


def grep_matches(repo: Path, patterns: list[str], revision: str = "HEAD", pathspecs: list[str] | None = None) -> list[tuple[str, str]]:
    """(file, matched text) for every match of the extended regular expressions
    ``patterns`` in ``revision``'s files: one pass over the tree for many patterns."""
    return _by_file(_git_grep(repo, ["-o", "-I", "-E", "--no-color"], patterns, revision, pathspecs))


def grep_lines(repo: Path, words: list[str], revision: str = "HEAD") -> list[tuple[str, str]]:
    """(file, line) for every line of ``revision``'s text files that holds one of the fixed
    strings ``words`` as a whole word (case-sensitive): one pass over the tree for all."""
    return _by_file(_git_grep(repo, ["-I", "-F", "-w", "--no-color"], words, revision, None))


def grep_lines_matching(repo: Path, patterns: list[str], revision: str = "HEAD") -> list[tuple[str, str]]:
    """(file, line) for every line of ``revision``'s text files that matches one of the
    extended regular expressions ``patterns``, ignoring case: one pass over the tree."""
    return _by_file(_git_grep(repo, ["-I", "-i", "-E", "--no-color"], patterns, revision, None))


_DECLARATION_LINE = r"(class|struct|interface|type|trait|enum|module|record|protocol|object|impl)[[:space:]]+[A-Z]"


def grep_declarations(repo: Path, revision: str = "HEAD") -> list[tuple[str, str]]:
    """(file, line) for every line of ``revision``'s text files that may declare a type
    (``class CustomerAgreement(``, ``type SpanReader struct``, ``pub trait ChainHandle``):
    one pass over the tree; the caller reads the name."""
    return _by_file(_git_grep(repo, ["-I", "-E", "--no-color"], [_DECLARATION_LINE], revision, None))


def _by_file(lines: list[str]) -> list[tuple[str, str]]:
    """``git grep``'s ``path:text`` lines as (path, text)."""
    return [(path, text) for path, _, text in (line.partition(":") for line in lines) if path]


@dataclass(frozen=True)
class PathHistory:
    """A commit that touched some of the paths asked about, with everything it changed.

    Attributes:
        sha: The commit.
        date: When it was authored.
        message: Its whole message.
        added: Paths it added (an ADR added here was written in this commit).
        changed: Every path it changed (both names of a rename).
        renames: (old, new) paths it renamed.
    """

    sha: str
    date: datetime
    message: str
    added: tuple[str, ...]
    changed: tuple[str, ...]
    renames: tuple[tuple[str, str], ...]


def history_of(repo: Path, paths: list[str] | None = None, revision: str = "HEAD") -> list[PathHistory]:
    """The non-merge commits reachable from ``revision`` (newest first) that touched
    ``paths`` (every commit when None), each with all the paths it changed, renames found.

    Raises:
        GitError: Not a git repository, or an unknown revision.
    """
    args = ["log", "--no-merges", "--name-status", "--find-renames", "-z",
            f"--format={_RECORD}%H{_FIELD}%aI{_FIELD}%B{_FIELD}", revision]
    if paths is not None:
        if not paths:
            return []
        args += ["--", *paths]
    try:
        output = run_git(repo, *args)
        renames = "--find-renames"
    except GitError:
        # Finding renames reads file contents; a partial clone (or one missing some
        # objects) can still list what changed, with a rename as a delete and an add.
        output = run_git(repo, *[("--no-renames" if a == "--find-renames" else a) for a in args])
        renames = "--no-renames"
    found: list[PathHistory] = []
    for record in output.split(_RECORD)[1:]:
        sha, date, message, status = record.split(_FIELD, 3)
        if paths is not None:
            # With a pathspec git lists only the matching paths; read the commit whole.
            status = run_git(repo, "show", "--name-status", renames, "-z", "--format=", sha)
        found.append(_path_history(sha, datetime.fromisoformat(date), message.strip(), status))
    return found


def _path_history(sha: str, date: datetime, message: str, status: str) -> PathHistory:
    parts = [p for p in status.strip("\n").split("\0")]
    added: list[str] = []
    changed: list[str] = []
    renames: list[tuple[str, str]] = []
    index = 0
    while index < len(parts):
        code = parts[index].strip()
        if not code:
            index += 1
            continue
        if code[0] in "RC" and index + 2 < len(parts) + 1:
            old, new = parts[index + 1], parts[index + 2]
            changed += [old, new]
            if code[0] == "R":
                renames.append((old, new))
            else:
                added.append(new)
            index += 3
            continue
        path = parts[index + 1] if index + 1 < len(parts) else ""
        if path:
            changed.append(path)
            if code[0] == "A":
                added.append(path)
        index += 2
    return PathHistory(sha, date, message, tuple(added), tuple(dict.fromkeys(changed)), tuple(renames))


def merged_by(repo: Path, revision: str = "HEAD") -> dict[str, str]:
    """Each commit that reached ``revision``'s first-parent line through a merge → that merge.

    A pull request merged with a merge commit leaves its commits on a side branch: the one that
    adds an ADR and the ones that carry it out are apart, and only the merge shows they went in
    together. A commit belongs to the oldest merge of the first-parent line that brings it in
    (a branch that merged the main line into itself brings nothing new: those commits are on the
    line or came with an earlier merge). Commits on the line itself, and every commit of a
    history merged by squashing or rebasing, are in no merge.

    Raises:
        GitError: Not a git repository, or an unknown revision.
    """
    parents: dict[str, list[str]] = {}
    for line in run_git(repo, "log", "--format=%H %P", revision).splitlines():
        sha, *rest = line.split()
        parents[sha] = rest
    line_of: list[str] = []
    head: str | None = run_git(repo, "rev-parse", revision).strip()
    while head is not None and head in parents:
        line_of.append(head)
        head = parents[head][0] if parents[head] else None
    on_line = set(line_of)
    owner: dict[str, str] = {}
    for merge in reversed(line_of):  # oldest first: the first merge to bring a commit in owns it
        waiting = list(parents[merge][1:])
        while waiting:
            sha = waiting.pop()
            if sha in on_line or sha in owner or sha not in parents:
                continue
            owner[sha] = merge
            waiting.extend(parents[sha])
    return owner
