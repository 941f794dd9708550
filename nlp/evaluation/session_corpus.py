"""Real coding-assistant sessions drawn from public repositories, for blind labelling (issue 46).

The repositories commit aider histories (``.aider.chat.history.md``, many sessions a file, each
opening ``# aider chat started at …``) or SpecStory histories (``.specstory/history/*.md``, one
session a file). ``eval/sessions/sources.tsv`` pins each repository to a commit; this module
cuts the sessions out of the files at that commit, drops the trivial ones, trims long ones at a
user turn, draws a seeded sample with a cap per repository, and writes each session in its
original format beside the clone (``../eval-data/sessions``), with its provenance in
``eval/sessions/FILES.tsv``. The rules are stated once here and in ``eval/sessions/README.md``.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
import subprocess
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from nlp.evaluation.sessions import is_reserved_owner
from nlp.readers import read_conversation_text
from nlp.tool_commands import TALK_COMMANDS

SEED = 20261126
SEEDS = {1: SEED, 2: 2026112602, 3: 2026112703, 4: 2026112804}
"""Each draw's own seed, fixed before it was made: a later draw adds repositories without
changing which sessions an earlier one holds (one generator runs over a draw's repositories)."""
PER_REPOSITORY = 12
"""At most this many sessions from one repository: 20% of a sample of 60."""
MIN_USER_TURNS = 4
MAX_BYTES = 60_000
MAX_MESSAGES = 150
HARD_MAX_BYTES = 200_000
"""A session whose first four user turns already take more than this is too long to keep."""

_AIDER_START = re.compile(r"^# aider chat started at (.+?)\s*$")
_SPECSTORY_USER = re.compile(r"^_\*\*User(?:\s*\([^)]*\))*\*\*_\s*$")
_SPECSTORY_TITLE = re.compile(r"^#{1,2} .*?\((\d{4}-\d\d-\d\d[ T_]\d\d[:-]\d\d(?:[:-]\d\d)?Z?)\)\s*$")
_FILE_STAMP = re.compile(r"(\d{4}-\d\d-\d\d_\d\d-\d\d(?:-\d\d)?Z?)")
PATHS = {"aider": re.compile(r"(^|/)\.?aider\.chat\.history\.md$"),
         "specstory": re.compile(r"(^|/)\.specstory/history/[^/]+\.md$")}


@dataclass(frozen=True)
class Source:
    """One repository pinned to a commit, with the session format it commits and its licence."""

    repo: str
    commit: str
    fmt: str
    licence: str
    draw: int = 1
    """The draw the repository was added in (``sources.tsv``'s fifth column; 1 when absent)."""


@dataclass(frozen=True)
class Session:
    """One session as cut from a file of ``source`` (``text`` already trimmed)."""

    source: Source
    path: str
    start_line: int
    started: str
    text: str
    original_bytes: int

    @property
    def session_id(self) -> str:
        name = re.sub(r"[^a-z0-9]+", "-", self.source.repo.split("/")[1].lower()).strip("-")
        stamp = re.sub(r"\D", "", self.started)[:12] or "undated"
        kind = "aider" if self.source.fmt == "aider" else "ss"
        digest = hashlib.sha1(f"{self.source.repo}:{self.path}:{self.start_line}".encode()).hexdigest()[:6]
        return f"{name}-{kind}-{stamp}-{digest}"

    @property
    def folder(self) -> str:
        return self.source.repo.replace("/", "__")

    @property
    def trimmed(self) -> bool:
        return len(self.text.encode()) < self.original_bytes


def split_aider(text: str) -> list[tuple[int, str, str]]:
    """Each session of an aider history: its 1-based start line, start time and text."""
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if _AIDER_START.match(line)]
    out = []
    for k, first in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        found = _AIDER_START.match(lines[first])
        out.append((first + 1, found.group(1) if found else "", "".join(lines[first:end])))
    return out


def specstory_started(text: str, path: str) -> str:
    """A SpecStory session's start: the time in its title, else the one in its file name."""
    for line in text.splitlines()[:12]:
        found = _SPECSTORY_TITLE.match(line)
        if found:
            return found.group(1)
    named = _FILE_STAMP.search(path.rsplit("/", 1)[-1])
    return named.group(1) if named else ""


def user_turns(fmt: str, lines: Sequence[str]) -> list[tuple[int, bool]]:
    """Where each user turn starts (line index) and whether it asks the model something
    (an aider ``/add`` or ``/run`` does not)."""
    turns = []
    for i, line in enumerate(lines):
        if fmt == "aider":
            if line.startswith("#### ") and not (i and lines[i - 1].startswith("#### ")):
                said = line[5:].strip()
                # Aider's commands other than those that talk to the model are bookkeeping.
                talk = bool(said) and (not said.startswith("/") or said.split()[0][1:] in TALK_COMMANDS
                                       and len(said.split()) > 1)
                turns.append((i, talk))
        elif _SPECSTORY_USER.match(line):
            turns.append((i, True))
    return turns


def trim(fmt: str, text: str, count_messages: Callable[[str], int]) -> str | None:
    """The session's longest beginning that ends before a user turn (or at the end) and
    holds at most ``MAX_BYTES`` and ``MAX_MESSAGES``; when that leaves fewer than
    ``MIN_USER_TURNS`` talking turns, the beginning through the fourth such turn's reply, if it
    fits ``HARD_MAX_BYTES`` and ``MAX_MESSAGES``. None when the session is trivial or too long."""
    lines = text.splitlines(keepends=True)
    turns = user_turns(fmt, lines)
    if sum(talk for _, talk in turns) < MIN_USER_TURNS:
        return None
    cuts = [start for start, _ in turns[1:]] + [len(lines)]
    sizes = [len("".join(lines[:cut]).encode()) for cut in cuts]
    talks = [sum(talk for start, talk in turns if start < cut) for cut in cuts]
    for k in range(len(cuts) - 1, -1, -1):
        if sizes[k] <= MAX_BYTES and talks[k] >= MIN_USER_TURNS:
            kept = "".join(lines[:cuts[k]])
            if count_messages(kept) <= MAX_MESSAGES:
                return kept
    enough = next(k for k, n in enumerate(talks) if n >= MIN_USER_TURNS)
    kept = "".join(lines[:cuts[enough]])
    if sizes[enough] <= HARD_MAX_BYTES and count_messages(kept) <= MAX_MESSAGES:
        return kept
    return None


def reader_count(fmt: str) -> Callable[[str], int]:
    """How many messages the project's reader makes of a session's text."""
    def count(text: str) -> int:
        return len(read_conversation_text(text, fmt, "count").messages)
    return count


def pieces_of(source: Source, path: str, text: str) -> list[tuple[int, str, str]]:
    """The sessions one history file holds: (start line, start time, text) each; an aider
    history holds many, a SpecStory file one."""
    return split_aider(text) if source.fmt == "aider" else [(1, specstory_started(text, path), text)]


def sessions_of(source: Source, path: str, text: str) -> list[Session]:
    """The non-trivial sessions of one history file, trimmed."""
    out = []
    for start, started, piece in pieces_of(source, path, text):
        kept = trim(source.fmt, piece, reader_count(source.fmt))
        if kept is not None:
            out.append(Session(source, path, start, started, kept, len(piece.encode())))
    return out


def draw(sessions: Sequence[Session], seed: int = SEED, cap: int = PER_REPOSITORY) -> list[Session]:
    """A seeded sample: per repository (in name order), its sessions sorted by path and
    start line, then ``random.Random(seed).sample`` of ``min(cap, n)`` of them."""
    rng = random.Random(seed)
    by_repo: dict[str, list[Session]] = defaultdict(list)
    for s in sessions:
        by_repo[s.source.repo].append(s)
    drawn = []
    for repo in sorted(by_repo):
        group = sorted(by_repo[repo], key=lambda s: (s.path, s.start_line))
        drawn.extend(sorted(rng.sample(group, min(cap, len(group))), key=lambda s: (s.path, s.start_line)))
    return drawn


def read_sources(path: Path, draw: int | None = None) -> list[Source]:
    """``sources.tsv``: repo, commit, format, licence and optionally the draw, with a header
    line; only the repositories of ``draw`` when one is given; the repositories of owners
    reserved for evaluation left out, whatever the file lists.

    Raises:
        ValueError: A repository listed twice.
    """
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()[1:] if line.strip()]
    sources = [Source(r[0], r[1], r[2], r[3], int(r[4]) if len(r) > 4 and r[4].strip() else 1) for r in rows]
    repeated = sorted({s.repo for s in sources if sum(t.repo == s.repo for t in sources) > 1})
    if repeated:
        raise ValueError(f"{path}: listed more than once: {', '.join(repeated)}")
    return [s for s in sources if (draw is None or s.draw == draw) and not is_reserved_owner(s.repo.split("/", 1)[0])]


def _git(git_dir: Path, *args: str) -> bytes:
    return subprocess.run(["git", f"--git-dir={git_dir}", *args], check=True, capture_output=True).stdout


def history_files(git_dir: Path, source: Source) -> tuple[list[tuple[str, str]], list[str]]:
    """Each history file of ``source`` at its commit, with its text, in path order; and the
    paths the tree lists but the clone lacks (a snapshot may leave out its largest files)."""
    names = _git(git_dir, "ls-tree", "-r", "-z", "--name-only", source.commit).decode().split("\0")
    found, absent = [], []
    for name in sorted(n for n in names if PATHS[source.fmt].search(n)):
        try:
            found.append((name, _git(git_dir, "show", f"{source.commit}:{name}").decode("utf-8", errors="replace")))
        except subprocess.CalledProcessError:
            absent.append(name)
    return found, absent


FILES_HEADER = ("repository\tcommit\tpath\tstart_line\tstarted\tsession_id\tformat\tlicence\t"
                "source_bytes\tkept_bytes\ttrimmed\tsha256")


def files_row(s: Session) -> str:
    data = s.text.encode()
    return "\t".join([s.source.repo, s.source.commit, s.path, str(s.start_line), s.started, s.session_id,
                      s.source.fmt, s.source.licence, str(s.original_bytes), str(len(data)),
                      "yes" if s.trimmed else "no", hashlib.sha256(data).hexdigest()])


def mirrored_files(mirrors: Path, source: Source) -> tuple[Path, list[tuple[str, str]]]:
    """The bare clone of ``source`` under ``mirrors`` (``owner+name/repo``) and its history
    files at the pinned commit; a file the clone lacks is said and skipped."""
    git_dir = mirrors / source.repo.replace("/", "+") / "repo"
    files, absent = history_files(git_dir, source)
    for path in absent:
        print(f"{source.repo}: {path} is absent from the clone, skipped")
    return git_dir, files


def write_sessions(sessions: Sequence[Session], out: Path, files: Path, before: Sequence[str] = (),
                   after: Sequence[str] = ()) -> None:
    """Each session's text as ``out/<owner>__<repo>/<session-id>.md``, and their provenance
    rows as ``files`` (``FILES.tsv``), between the rows ``before`` and ``after`` (other draws',
    kept as they are)."""
    for s in sessions:
        target = out / s.folder / f"{s.session_id}.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(s.text.encode())
    files.parent.mkdir(parents=True, exist_ok=True)
    rows = [*before, *(files_row(s) for s in sessions), *after]
    files.write_text("\n".join([FILES_HEADER, *rows]) + "\n", encoding="utf-8")


def other_draws(files: Path, sources: Sequence[Source], draw_number: int) -> tuple[list[str], list[str]]:
    """The rows of ``files`` that belong to the repositories of other draws than
    ``draw_number``: those of earlier draws and those of later ones, each as written. A row of
    a repository ``sources`` no longer lists (or reserves) is nobody's and is dropped."""
    if not files.is_file():
        return [], []
    draw_of = {s.repo: s.draw for s in sources}
    rows = [line for line in files.read_text(encoding="utf-8").splitlines()[1:] if line.strip()]
    drawn_in = [(draw_of.get(row.split("\t", 1)[0]), row) for row in rows]
    return ([row for d, row in drawn_in if d is not None and d < draw_number],
            [row for d, row in drawn_in if d is not None and d > draw_number])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sources", type=Path, default=Path("eval/sessions/sources.tsv"))
    parser.add_argument("--mirrors", type=Path, required=True, help="folder of bare clones, owner+name/repo")
    parser.add_argument("--out", type=Path, default=Path("../eval-data/sessions"))
    parser.add_argument("--files", type=Path, default=Path("eval/sessions/FILES.tsv"))
    parser.add_argument("--draw", type=int, default=1, choices=sorted(SEEDS),
                        help="draw only the repositories sources.tsv adds in this draw; the other draws' "
                             "rows of FILES.tsv and their texts are left as they are")
    parser.add_argument("--seed", type=int, help="the draw's own seed unless given (SEEDS)")
    args = parser.parse_args(argv)
    found: list[Session] = []
    for source in read_sources(args.sources, args.draw):
        _, files = mirrored_files(args.mirrors, source)
        for path, text in files:
            found.extend(sessions_of(source, path, text))
    drawn = draw(found, SEEDS[args.draw] if args.seed is None else args.seed)
    earlier, later = other_draws(args.files, read_sources(args.sources), args.draw)
    write_sessions(drawn, args.out, args.files, earlier, later)
    print(f"draw {args.draw}: {len(found)} eligible sessions, {len(drawn)} drawn")


if __name__ == "__main__":
    main()
