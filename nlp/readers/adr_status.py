"""What an ADR's status words mean: the model's status, whether a supersede is of the whole
ADR or of a part, and the date a status carries.

A status may list steps ("* Proposed May 2021 * Accepted June 2021 * Updated to match
reality August 2021"; "Accepted; interface superseded by ADR-20"): the last step that
starts with a status word is the current one. A step that supersedes, replaces, rejects or
deprecates only part of the ADR ("partially superseded by ADR-9", "Decisions 2 and 3 are
superseded") leaves the rest in force. A status with no word the reader knows
("Documented existing implementation", "Merged", "Current") reads as ``active``, like an
ADR with no status: an ADR records a decision, and one still open says so in words
listed here (proposed, draft, review, discussion, RFC, deferred…).
"""

from __future__ import annotations

import calendar
import re
from datetime import UTC, datetime

from nlp.readers.adr_markdown import plain

_SUPERSEDE = r"super[sc]ed(?:ed|es)?|replaced"
""""superceded" is a common misspelling, and means the same."""
_STATUS_WORDS: tuple[tuple[str, str], ...] = (
    (r"super[sc]eded|replaced", "superseded"), (r"deprecated|reverted|obsolete|retired", "deprecated"),
    (r"rejected|declined|withdrawn|abandoned", "rejected"),
    (r"propos\w*|drafts?|drafted|review|reviewing|pending|discuss\w*|wip|work in progress|"
     r"deferred|postponed|on hold|thinking|vorschlag|entwurf", "proposed"),
    (r"accepted|implemented|approved|decided|adopted|super[sc]edes|replaces|amends|done|completed?", "active"),
)
"""Each status word with the status it gives, in priority order within one step ("Rejected,
superseded by ADR-2" is superseded; "Adopted but not yet implemented" active)."""
_MONTHS = {name.lower(): number for number, name in enumerate(calendar.month_name) if name}
_MONTHS |= {name.lower(): number for number, name in enumerate(calendar.month_abbr) if name}
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_WORD = re.compile("|".join(rf"\b(?:{words})\b" for words, _ in _STATUS_WORDS), re.IGNORECASE)
_STRUCK = re.compile(r"~~.*?~~")
_STEP_BREAK = re.compile(rf"(?:^|\s)[*•+]\s+|\s[-–—]\s+(?=[A-Z*•])(?!(?i:{_MONTH})\b)|;\s*|(?<=[.!?])\s+(?=[A-Z(])|\n+")
_PARTIAL_WORD = re.compile(
    rf"\b(?:partially|partly|in part)\s+(?:{_SUPERSEDE}|rejected|deprecated)\b"
    rf"|\b(?:{_SUPERSEDE}|rejected|deprecated)\s+(?:in part|partly|partially)\b",
    re.IGNORECASE,
)
_SUPERSEDED_AT = re.compile(rf"\b(?:{_SUPERSEDE})\b", re.IGNORECASE)
_WHOLE_WORDS = frozenset(
    "this that the it its adr record document decision whole entire entirely fully completely wholly is was are were "
    "has have had been be being now then and but also later since already meanwhile status all of in on at by as "
    "accepted approved implemented adopted decided rejected declined deprecated proposed originally".split()
)
"""Words before "superseded" that still speak of the whole ADR ("This ADR has now been
superseded"); any other word names a part of it ("Decisions 2 and 3 are superseded")."""
_DATES = re.compile(
    r"\b(?P<iy>\d{4})-(?P<im>\d{1,2})-(?P<id>\d{1,2})\b"
    rf"|\b(?P<dd>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<dm>{_MONTH})\.?,?\s+(?P<dy>\d{{4}})\b"
    rf"|\b(?P<mm>{_MONTH})\.?\s+(?:(?P<md>\d{{1,2}})(?:st|nd|rd|th)?,?\s+)?(?P<my>\d{{4}})\b"
    r"|\b(?P<sd>\d{1,2})/(?P<sm>\d{1,2})/(?P<sy>\d{4})\b",
    re.IGNORECASE,
)


def normalize_status(text: str | None) -> str:
    """Free-form statuses ("Accepted ([#1484])", "Implemented", "Declined until …", a list
    of dated steps) → the model's status: the last step that starts with a status word,
    else the strongest status word anywhere, else ``active`` (see the module docstring)."""
    steps = status_steps(text or "")
    stated = [status for step in steps if (status := _step_status(step, leading=True))]
    if stated:
        return stated[-1]
    found = [status for step in steps if (status := _step_status(step, leading=False))]
    return _strongest(found) or "active"


def status_steps(text: str) -> list[str]:
    """The steps a status lists, in order: bullets, semicolons, dashes and sentences split it;
    struck-out words ("~~accepted~~ rejected") are no longer its status."""
    return [s.strip(" ,.:") for s in _STEP_BREAK.split(_STRUCK.sub(" ", plain(text))) if s and s.strip(" ,.:")]


def part_superseded(before: str) -> bool:
    """The words before "superseded" in its clause name a part of the ADR ("Decisions 2 and 3
    are", "interface and authoring"), not the ADR as a whole ("This ADR has been")."""
    clause = re.split(r"[,;:.()\[\]|]|\s[-–—]\s", before)[-1].lower()
    clause = _STRUCK.sub(" ", clause)
    if re.search(r"\b(?:decisions?|parts?|sections?|points?|items?|chapters?)\s+#?\d", clause):
        return True
    words = [w for w in re.findall(r"[a-z][a-z'-]*", clause) if w not in _MONTHS]
    return any(w not in _WHOLE_WORDS for w in words)


def _step_status(step: str, *, leading: bool) -> str | None:
    """The status one step gives, its parts superseded or rejected left out: ``active`` when
    that was all it said (the rest of the ADR stands); with ``leading``, only when the step
    starts with a status word."""
    words = _STRUCK.sub(" ", step)
    first = _WORD.search(words)
    if first is None or (leading and re.search(r"[A-Za-z]", words[:first.start()])):
        return None
    whole = _PARTIAL_WORD.sub(" ", words)
    for match in reversed(list(_SUPERSEDED_AT.finditer(whole))):
        if part_superseded(whole[:match.start()]):
            whole = f"{whole[:match.start()]} {whole[match.end():]}"
    said = [status for pattern, status in _STATUS_WORDS if re.search(rf"\b(?:{pattern})\b", whole, re.IGNORECASE)]
    return said[0] if said else "active"  # only a part was superseded or rejected


def _strongest(found: list[str]) -> str | None:
    order = [status for _, status in _STATUS_WORDS]
    return min(found, key=order.index) if found else None


def status_date(text: str | None) -> datetime | None:
    """The date a status gives the decision: the one right after the status word of the last
    step accepting it ("Accepted (March 2023)", "* Accepted June 2021"), else of its first
    step so dated that does not replace or retire it ("Proposed (2021-09-02)"). A date
    further on ("Accepted (Updated: 2026-01-09 …)") dates something else. A month without a
    day is its first day; a day/month order that could be read either way (03/04/2022) is
    not guessed."""
    dated = [(step, when) for step in status_steps(text or "") if (when := _stated_date(step))]
    accepted = [when for step, when in dated if _step_status(step, leading=False) == "active"]
    if accepted:
        return accepted[-1]
    kept = [when for step, when in dated if _step_status(step, leading=False) not in {"superseded", "deprecated"}]
    return kept[0] if kept else None


def _stated_date(step: str) -> datetime | None:
    """The date right after the step's status word: after a colon, a dash, "circa", "in",
    "on", or an undated aside ("Accepted (retrospectively) :29/04/2022")."""
    word = _WORD.search(_STRUCK.sub(" ", step))
    if word is None:
        return None
    rest = re.sub(r"\([^()\d]*\)", " ", _STRUCK.sub(" ", step)[word.end():])
    lead = re.match(r"^[\W_]*(?:(?:circa|c|ca|on|in|since|around|about|as of|from|at)\b[\W_]*)*", rest, re.IGNORECASE)
    rest = rest[lead.end():] if lead else rest
    return first_date(rest) if _DATES.match(rest) else None


def first_date(text: str) -> datetime | None:
    """The first real date in ``text``: ``2023-01-10``, ``16 November 2022``, ``November 16,
    2022``, ``March 2023`` (its first day), or ``16/11/2022`` when the day is over 12."""
    for match in _DATES.finditer(text):
        parts = match.groupdict()
        if parts["iy"]:
            year, month, day = int(parts["iy"]), int(parts["im"]), int(parts["id"])
        elif parts["dy"]:
            year, month, day = int(parts["dy"]), _MONTHS[parts["dm"].lower()], int(parts["dd"])
        elif parts["my"]:
            year, month, day = int(parts["my"]), _MONTHS[parts["mm"].lower()], int(parts["md"] or 1)
        else:
            first, second = int(parts["sd"]), int(parts["sm"])
            if first <= 12 and second <= 12 and first != second:
                continue  # 03/04/2022: April or March
            year, month, day = int(parts["sy"]), second, first
        try:
            return datetime(year, month, day, tzinfo=UTC)
        except ValueError:
            continue
    return None
