"""Scoring decision → code links the way a team meets them: ``check-diff`` over a
repository's recent commits, (commit, ADR) pairs against hand labels of which paths each
ADR governs (``eval/code_links/<owner>__<repo>/governs.tsv``, written by reading the ADRs
and the code before any rule was written against them)."""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from nlp.errors import InputFormatError

IN_FORCE = ("yes", "no", "unclear")


@dataclass(frozen=True)
class GovernRow:
    """One label row: an ADR (repository-relative path), whether it is in force, and one
    path it governs (a file, a ``dir/``, a glob, or None for "no particular path")."""

    adr: str
    in_force: str
    pattern: str | None
    why: str


@dataclass(frozen=True)
class RepositoryLabels:
    """A labelled repository: where it is, the commit it was labelled at, its ADR folders
    and its rows."""

    folder: str
    repo: str
    commit: str
    adr_dirs: tuple[str, ...]
    rows: tuple[GovernRow, ...]

    def adrs(self) -> dict[str, str]:
        """ADR path → in force (``yes``, ``no``, ``unclear``)."""
        return {row.adr: row.in_force for row in self.rows}

    def governs(self, adr: str, path: str) -> bool:
        """Whether ``adr`` governs ``path`` by these labels."""
        return any(row.pattern is not None and matches(row.pattern, path) for row in self.rows if row.adr == adr)


def load_labels(folder: Path) -> RepositoryLabels:
    """Read ``repository.json`` and ``governs.tsv`` of one labelled repository.

    Raises:
        InputFormatError: A file is missing or a row is malformed (its line is named).
    """
    meta_path, rows_path = folder / "repository.json", folder / "governs.tsv"
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        lines = rows_path.read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError) as exc:
        raise InputFormatError(str(folder), f"cannot read the labels: {exc}") from exc
    reader = csv.reader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)
    header = next(reader, None)
    if header != ["adr", "in_force", "path", "why"]:
        raise InputFormatError(str(rows_path), "the header must be adr, in_force, path, why", line=1)
    rows: list[GovernRow] = []
    for number, fields in enumerate(reader, start=2):
        if len(fields) != 4 or fields[1] not in IN_FORCE or not fields[0]:
            raise InputFormatError(str(rows_path), f"row {number} is not adr, in_force (yes|no|unclear), path, why", line=number)
        adr, in_force, pattern, why = fields
        rows.append(GovernRow(adr, in_force, None if pattern.strip() in ("", "-") else pattern.strip(), why))
    return RepositoryLabels(folder.name, str(meta["repo"]), str(meta["commit"]), tuple(meta["adr_dirs"]), tuple(rows))


def matches(pattern: str, path: str) -> bool:
    """Whether a label's ``pattern`` covers ``path``: the file itself, anything under a
    ``dir/``, or a glob where ``*`` and ``?`` stay within one directory and ``**`` spans any."""
    if pattern.endswith("/"):
        return path.startswith(pattern)
    if not any(ch in pattern for ch in "*?["):
        return path == pattern
    return _glob(pattern).fullmatch(path) is not None


@lru_cache(maxsize=4096)
def _glob(pattern: str) -> re.Pattern[str]:
    out: list[str] = []
    index = 0
    while index < len(pattern):
        if pattern.startswith("/**", index) and index + 3 == len(pattern):
            out.append("/.*")
            index += 3
        elif pattern.startswith("**/", index):
            out.append("(?:.*/)?")
            index += 3
        elif pattern.startswith("**", index):
            out.append(".*")
            index += 2
        elif pattern[index] == "*":
            out.append("[^/]*")
            index += 1
        elif pattern[index] == "?":
            out.append("[^/]")
            index += 1
        else:
            out.append(re.escape(pattern[index]))
            index += 1
    return re.compile("".join(out))


@dataclass(frozen=True)
class ScoredCommit:
    """One commit: the ADRs check-diff listed for it and the ADRs the labels pair with it."""

    sha: str
    listed: frozenset[str]
    expected: frozenset[str]
    ignored: frozenset[str] = frozenset()
    """ADRs labelled ``unclear``: neither right nor wrong when listed."""


@dataclass
class PairScore:
    """(commit, ADR) pairs over some commits."""

    commits: int = 0
    true_positive: int = 0
    false_positive: int = 0
    false_negative: int = 0
    foreign: int = 0
    """Decisions listed that are not this repository's ADRs at all."""
    missed: dict[str, int] = field(default_factory=dict)
    wrong: dict[str, int] = field(default_factory=dict)

    def add(self, commit: ScoredCommit, foreign: int = 0) -> None:
        self.commits += 1
        listed = commit.listed - commit.ignored
        expected = commit.expected - commit.ignored
        self.true_positive += len(listed & expected)
        self.false_positive += len(listed - expected)
        self.false_negative += len(expected - listed)
        self.foreign += foreign
        for adr in expected - listed:
            self.missed[adr] = self.missed.get(adr, 0) + 1
        for adr in listed - expected:
            self.wrong[adr] = self.wrong.get(adr, 0) + 1

    @property
    def precision(self) -> float:
        listed = self.true_positive + self.false_positive
        return self.true_positive / listed if listed else 1.0

    @property
    def recall(self) -> float:
        expected = self.true_positive + self.false_negative
        return self.true_positive / expected if expected else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def expected_adrs(labels: RepositoryLabels, changed: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The ADRs in force that govern any of ``changed`` by the labels, and the ``unclear``
    ones that do (scored neither way)."""
    paths = list(changed)
    status = labels.adrs()
    governing = {row.adr for row in labels.rows if row.pattern is not None and any(matches(row.pattern, p) for p in paths)}
    return (frozenset(a for a in governing if status[a] == "yes"),
            frozenset(a for a, s in status.items() if s == "unclear"))


def score_commits(
    labels: RepositoryLabels, commits: Sequence[tuple[str, Sequence[str]]],
    listed_for: Callable[[str, Sequence[str]], tuple[set[str], int]],
) -> tuple[PairScore, list[ScoredCommit]]:
    """Score ``commits`` ((sha, changed paths), newest first) with ``listed_for(sha,
    paths)``, which returns the ADR paths check-diff lists and how many listed decisions
    were not this repository's ADRs."""
    score = PairScore()
    scored: list[ScoredCommit] = []
    for sha, paths in commits:
        listed, foreign = listed_for(sha, paths)
        expected, ignored = expected_adrs(labels, paths)
        commit = ScoredCommit(sha, frozenset(listed), expected, ignored)
        score.add(commit, foreign)
        scored.append(commit)
    return score, scored


@dataclass(frozen=True)
class MeanScore:
    """Per-repository means (macro): each repository weighs the same, however many pairs
    it has, so one repository's many commits of one kind cannot carry the figure."""

    precision: float
    recall: float
    f1: float
    repositories: int


def mean_over_repositories(scores: Iterable[PairScore]) -> MeanScore:
    """The mean of the repositories' precision, recall and F1 (each its own F1)."""
    listed = list(scores)
    if not listed:
        return MeanScore(1.0, 1.0, 1.0, 0)
    n = len(listed)
    return MeanScore(sum(s.precision for s in listed) / n, sum(s.recall for s in listed) / n,
                     sum(s.f1 for s in listed) / n, n)


def pooled(scores: Mapping[str, PairScore]) -> PairScore:
    """Every repository's pairs together."""
    total = PairScore()
    for score in scores.values():
        total.commits += score.commits
        total.true_positive += score.true_positive
        total.false_positive += score.false_positive
        total.false_negative += score.false_negative
        total.foreign += score.foreign
    return total
