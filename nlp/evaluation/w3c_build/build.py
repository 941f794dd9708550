"""Read the sources from local git mirrors and build the meeting records of one split.

Which meetings are kept follows the shared data's README: meetings with at least
``MIN_MESSAGES`` messages and a resolution; and, per repository, a few negatives (at least
``NEGATIVE_MIN_MESSAGES`` messages, no proposal, no message that mentions a resolution or
proposal or casts a ``+1``), at most ``NEGATIVE_SHARE`` of that repository's positives, picked
by a hash of their path so the pick does not depend on file order.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from nlp.errors import NlpError
from nlp.evaluation.w3c_build.dates import meeting_date
from nlp.evaluation.w3c_build.labels import assemble
from nlp.evaluation.w3c_build.model import Item, MeetingRecord
from nlp.evaluation.w3c_build.scrawl_html import read_scrawl_html
from nlp.evaluation.w3c_build.scribe_html import read_scribe_html
from nlp.evaluation.w3c_build.scribed_markdown import read_scribed_markdown
from nlp.evaluation.w3c_build.sources import Format, Source

MIN_MESSAGES = 20
NEGATIVE_MIN_MESSAGES = 40
NEGATIVE_SHARE = 0.25
_TIMEOUT_SECONDS = 120
_SUBSTANTIAL = 30
"""Messages longer than this (characters) are compared to tell two copies of one meeting."""
_SAME_MEETING_SHARE = 0.5
_MENTIONS_DECISION = re.compile(r"resolved|resolution\s*:|proposal\s*:", re.I)
_PLUS_ONE = re.compile(r"^\s*\+\s?1(?!\d)")

READERS: dict[Format, Callable[[str], tuple[list[Item], str]]] = {
    "scrawl-html": read_scrawl_html,
    "scribe-perl-html": read_scribe_html,
    "scribed-md": read_scribed_markdown,
}


class MirrorError(NlpError):
    """A source's git mirror is missing, or git cannot read the pinned commit or a file."""


@dataclass(frozen=True)
class GitMirror:
    """A bare (or work-tree) git copy of a source repository, read with git's command line."""

    git_dir: Path

    @classmethod
    def under(cls, root: Path, source: Source) -> GitMirror:
        """The mirror of ``source`` below ``root`` (``root/owner+name/repo`` or its ``.git``).

        Raises:
            MirrorError: There is none.
        """
        base = root / source.mirror_name / "repo"
        for candidate in (base, base / ".git"):
            if (candidate / "objects").is_dir():
                return cls(candidate)
        raise MirrorError(f"no git mirror of {source.repo} at {base}")

    def _git(self, *args: str) -> bytes:
        try:
            result = subprocess.run(
                ["git", "--git-dir", str(self.git_dir), *args], capture_output=True, timeout=_TIMEOUT_SECONDS, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise MirrorError(f"git {' '.join(args)} in {self.git_dir}: {exc}") from exc
        if result.returncode != 0:
            raise MirrorError(f"git {' '.join(args)} in {self.git_dir}: {result.stderr.decode(errors='replace').strip()}")
        return result.stdout

    def paths(self, commit: str) -> list[str]:
        """Every file path of ``commit``."""
        return self._git("ls-tree", "-r", "--name-only", "-z", commit).decode().split("\0")[:-1]

    def read(self, commit: str, path: str) -> bytes:
        """The bytes of ``path`` at ``commit``."""
        return self._git("show", f"{commit}:{path}")


def decode(data: bytes) -> str:
    """UTF-8 text, or Windows-1252 for the few older pages that are not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


@dataclass
class SourceReport:
    """What building one source found, for the README's table and the build log."""

    source: Source
    files: int = 0
    unreadable: dict[str, str] = field(default_factory=dict)
    duplicates: list[str] = field(default_factory=list)
    records: list[MeetingRecord] = field(default_factory=list)
    kept: list[MeetingRecord] = field(default_factory=list)


def build_record(source: Source, path: str, text: str) -> MeetingRecord:
    """The meeting record of one minutes file.

    Raises:
        ValueError: The file is not minutes in the source's format, or has no date.
    """
    items, title = READERS[source.format](text)
    assembly = assemble(items)
    head = "\n".join(text.splitlines()[:12]) if source.format == "scribed-md" else title
    return MeetingRecord(
        meeting_id=f"{source.repo}:{path.rsplit('.', 1)[0]}",
        source_repo=source.repo,
        commit=source.commit,
        path=path,
        group=source.group,
        split=source.split,
        date=meeting_date(path, head),
        title=title,
        format=source.format,
        license=source.license,
        messages=assembly.messages,
        resolutions=assembly.resolutions,
        topics=assembly.topics,
        stats=assembly.stats(),
    )


def read_source(source: Source, mirror: GitMirror) -> SourceReport:
    """Every minutes file of ``source`` as a record (before selection), secondary copies deduplicated.

    A secondary copy is left out when a primary file has its date or most of its messages.
    """
    report = SourceReport(source)
    paths = sorted(p for p in mirror.paths(source.commit) if source.wanted(p))
    report.files = len(paths)
    primary_dates: set[str] = set()
    secondary: list[MeetingRecord] = []
    for path in paths:
        try:
            record = build_record(source, path, decode(mirror.read(source.commit, path)))
        except ValueError as exc:
            report.unreadable[path] = str(exc)
            continue
        if source.is_secondary(path):
            secondary.append(record)
        else:
            primary_dates.add(record["date"])
            report.records.append(record)
    primaries = list(report.records)
    for record in secondary:
        twin = next((p for p in primaries if same_meeting(p, record)), None)
        if record["date"] in primary_dates or twin is not None:
            report.duplicates.append(record["path"])
            if twin is not None and len(twin["date"]) < len(record["date"]) and record["date"].startswith(twin["date"]):
                twin["date"] = record["date"]  # the copy's file name knows the day the primary's path lacks
        else:
            report.records.append(record)
    report.records.sort(key=lambda r: (r["date"], r["path"]))
    return report


def same_meeting(a: MeetingRecord, b: MeetingRecord) -> bool:
    """Two records of one meeting: most of the longer messages of the second are in the first."""
    ours = {m["content"] for m in b["messages"] if len(m["content"]) > _SUBSTANTIAL}
    theirs = {m["content"] for m in a["messages"] if len(m["content"]) > _SUBSTANTIAL}
    return bool(ours) and len(ours & theirs) / len(ours) > _SAME_MEETING_SHARE


def is_positive(record: MeetingRecord) -> bool:
    """A meeting kept for its resolutions."""
    return len(record["messages"]) >= MIN_MESSAGES and bool(record["resolutions"])


def is_negative_candidate(record: MeetingRecord) -> bool:
    """A meeting with no formal decision in sight: no resolution, no proposal, no vote, long enough."""
    if record["resolutions"] or record["stats"]["proposals"] or len(record["messages"]) < NEGATIVE_MIN_MESSAGES:
        return False
    return not any(_MENTIONS_DECISION.search(m["content"]) or _PLUS_ONE.match(m["content"]) for m in record["messages"])


def select(records: Sequence[MeetingRecord]) -> list[MeetingRecord]:
    """The positives of one repository, and up to ``NEGATIVE_SHARE`` as many negatives."""
    positives = [r for r in records if is_positive(r)]
    candidates = sorted((r for r in records if is_negative_candidate(r)), key=lambda r: hashlib.sha1(r["path"].encode()).hexdigest())
    negatives = candidates[: int(len(positives) * NEGATIVE_SHARE)]
    chosen = {id(r) for r in positives + negatives}
    return [r for r in records if id(r) in chosen]


def build_split(sources: Iterable[Source], mirrors: Path) -> list[SourceReport]:
    """Read and select every source; the kept records are in each report's ``kept``.

    Raises:
        MirrorError: A source's mirror is missing or cannot be read at its pinned commit.
    """
    reports = []
    for source in sources:
        report = read_source(source, GitMirror.under(mirrors, source))
        report.kept = select(report.records)
        reports.append(report)
    return reports
