"""Are a session's decision-to-file links right? A blind reading of a random draw.

Issue 46's done-criterion: "decision-to-file links right in ≥ 80% of a hand-checked sample
of 50". ``eval session-links`` ingests real coding-assistant sessions with their
repositories' checkouts and reads back every link a decision got from the files its session
edited after it (``AFFECTS`` via ``session_edit``); a random draw of them is written to a
sheet that shows what a user of ``impact`` sees (the decision, the file, where the edit
is) and nothing of how sure the journal was. The reader opens the session at those
messages and fills in one column per row:

- ``yes``: the edit to that file carries out (or is part of carrying out) that decision;
- ``no``: the file was edited for something else (another request, a fix on the way), or
  the decision is no decision at all;
- ``unsure``: the session does not let one tell.

``score_sheet`` gives the share of ``yes`` among ``yes``/``no``, with a Wilson 95% interval,
per repository and pooled; ``unsure`` rows are left out and counted. The sessions of the
owners in the final split (``corpus.is_final`` of the owner, as for detection) are never
drawn: the figure is a development figure until the final split is scored once.
"""

from __future__ import annotations

import csv
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from nlp.evaluation.corpus import is_final
from nlp.evaluation.judged_turns import wilson
from nlp.evaluation.sessions import is_reserved_owner, owner_of

ANSWERS = ("yes", "no", "unsure")
COLUMNS = ("id", "repository", "session", "decision", "decision_messages", "file", "edited_in", "read_in", "right")
KEY_COLUMNS = ("id", "decision_id", "confidence", "evidence")
_EDITED_IN = re.compile(r"\bin message (\d+)")
_HEADER = """# Decision-to-file links of real coding-assistant sessions, drawn at random for a blind reading
# (docs/quality.md, "Session edit links"). Each row is one link the journal stored when the session
# was ingested with its repository: the decision (its summary, and the positions of the messages that
# state it) is said to show in the file, which the session edited at the position in `edited_in`.
# Open the session's packet (`read_in`: message positions are the [N] there), read the decision's
# messages and the edit, and fill in the column `right` with one of:
#   yes     the edit to that file carries out (or is one part of carrying out) that decision
#   no      the file was edited for something else (another request, a fix on the way),
#           or what is stored is no decision at all
#   unsure  the session does not let you tell
# Nothing in this file says how sure the journal was. Do not open the key file beside it.
# Score it with
#   decision-journal eval session-links --reading THIS_FILE
"""


@dataclass(frozen=True)
class LinkedFile:
    """A file a decision's session edited after it, as stored."""

    path: str
    evidence: str
    confidence: float


@dataclass(frozen=True)
class StoredDecision:
    """A decision of a session ingested with its repository, and its session-edit links.

    Attributes:
        repository: The session's folder (``<owner>__<repo>``).
        session: The session id.
        id: The decision.
        summary: Its summary, as the journal shows it.
        status: Its status (``candidate`` for a draft, which never links).
        messages: Positions of the messages that state it, in order.
        links: The files it is linked to via ``session_edit``.
    """

    repository: str
    session: str
    id: str
    summary: str
    status: str
    messages: tuple[int, ...]
    links: tuple[LinkedFile, ...]

    @property
    def draft(self) -> bool:
        return self.status == "candidate"


@dataclass(frozen=True)
class Link:
    """One decision → file link, the unit that is drawn and read."""

    decision: StoredDecision
    file: LinkedFile

    @property
    def repository(self) -> str:
        return self.decision.repository

    @property
    def edited_in(self) -> tuple[int, ...]:
        """The positions of the edits, as the evidence names them."""
        return tuple(int(n) for n in _EDITED_IN.findall(self.file.evidence))


def development_folders(sessions: Path) -> list[Path]:
    """The ``<owner>__<repo>`` folders under ``sessions`` whose owner is neither in the final
    split nor reserved for evaluation."""
    return sorted(p for p in sessions.iterdir() if p.is_dir() and "__" in p.name
                  and not is_final(owner_of(p.name)) and not is_reserved_owner(owner_of(p.name)))


def links_of(decisions: Iterable[StoredDecision]) -> list[Link]:
    """Every link of ``decisions``, in a stable order."""
    found = [Link(d, f) for d in decisions for f in d.links]
    return sorted(found, key=lambda link: (link.repository, link.decision.session, link.decision.id, link.file.path))


def draw(links: Sequence[Link], size: int, seed: int) -> list[Link]:
    """``size`` of the development ``links`` at random (all of them when there are fewer),
    in drawn order; the same links, size and seed draw the same rows."""
    pool = sorted(links_of_development(links),
                  key=lambda link: (link.repository, link.decision.session, link.decision.id, link.file.path))
    return random.Random(seed).sample(pool, min(size, len(pool)))


def links_of_development(links: Iterable[Link]) -> list[Link]:
    """``links`` without those of the final split's owners."""
    return [link for link in links if not is_final(owner_of(link.repository))]


def write_sheet(path: Path, drawn: Sequence[Link], note: str, packets: Path) -> Path:
    """The blind reading sheet at ``path`` and its key (decision id, confidence, evidence) at
    ``path.key.tsv``; return the key's path.

    Args:
        packets: The folder of the numbered session packets, ``<session>.txt`` each.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as out:
        out.write(_HEADER + "".join(f"# {line}\n" for line in note.splitlines()))
        writer = csv.writer(out, delimiter="\t", lineterminator="\n")
        writer.writerow(COLUMNS)
        for index, link in enumerate(drawn, 1):
            d = link.decision
            writer.writerow((
                index, d.repository, d.session, " ".join(d.summary.split()), ",".join(map(str, d.messages)),
                link.file.path, ",".join(map(str, link.edited_in)), str(packets / f"{d.session}.txt"), "",
            ))
    key = path.with_name(path.name + ".key.tsv")
    with key.open("w", newline="") as out:
        writer = csv.writer(out, delimiter="\t", lineterminator="\n")
        writer.writerow(KEY_COLUMNS)
        for index, link in enumerate(drawn, 1):
            writer.writerow((index, link.decision.id, link.file.confidence, link.file.evidence))
    return key


@dataclass(frozen=True)
class Share:
    """How many read links were right, of one repository or pooled."""

    right: int
    wrong: int
    unsure: int
    unread: int

    @property
    def read(self) -> int:
        """Links read yes or no (``unsure`` left out)."""
        return self.right + self.wrong

    @property
    def share(self) -> float:
        return self.right / self.read if self.read else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.right, self.read)


@dataclass(frozen=True)
class SheetScore:
    """A filled-in sheet: per repository, and pooled."""

    repositories: dict[str, Share]

    @property
    def pooled(self) -> Share:
        shares = self.repositories.values()
        return Share(sum(s.right for s in shares), sum(s.wrong for s in shares), sum(s.unsure for s in shares),
                     sum(s.unread for s in shares))


def score_sheet(path: Path) -> SheetScore:
    """Count a filled-in sheet.

    Raises:
        ValueError: The sheet has no ``right`` or ``repository`` column, or a row's answer
            is none of ``ANSWERS``.
    """
    rows = [line for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
    reader = csv.DictReader(rows, delimiter="\t")
    missing = {"repository", "right"} - set(reader.fieldnames or ())
    if missing:
        raise ValueError(f"{path}: no column {', '.join(sorted(missing))}: not a sheet `eval session-links --draw` wrote")
    counts: dict[str, list[int]] = {}
    for number, row in enumerate(reader, 1):
        answer = (row.get("right") or "").strip().lower()
        tally = counts.setdefault((row.get("repository") or "").strip(), [0, 0, 0, 0])
        if not answer:
            tally[3] += 1
            continue
        if answer not in ANSWERS:
            raise ValueError(f"{path}: row {row.get('id') or number}: right {answer!r} is none of {', '.join(ANSWERS)}")
        tally[ANSWERS.index(answer)] += 1
    return SheetScore({repo: Share(*tally) for repo, tally in sorted(counts.items())})
