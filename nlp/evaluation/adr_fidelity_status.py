"""eval adr-fidelity's checks of an ADR's status and date, with rules of their own (not the
reader's ``adr_status``):

- ``status``: the stored status says what the status words do not: ``superseded`` when
  they supersede only a part ("partially superseded by …", "Decisions 2 and 3 are
  superseded") or supersede nothing; ``proposed`` when they hold no word of a proposal
  ("Documented existing implementation", "Supersedes 0005-…") or list steps whose last one
  is no proposal ("* Proposed May 2021 * Accepted June 2021");
- ``undated``: the file states a date in its metadata (``Date:``, ``Decided:``, ``Decision
  date:``, front matter) or in its status ("Accepted (March 2023)"; not an edit's date,
  "Accepted (Updated: 2026-01-09 …)", which the reader rightly leaves out), and none is stored.
"""

from __future__ import annotations

import re

from nlp.schema import ExtractedDecision

_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_A_DATE = re.compile(rf"\b\d{{4}}-\d{{1,2}}-\d{{1,2}}\b|\b{_MONTH}\.?\s+(?:\d{{1,2}},?\s+)?\d{{4}}\b", re.IGNORECASE)
_DATE_LINE = re.compile(r"^\W*(?:date|decided|decision[ -]date)\W*[:|]\W*(.+)$", re.IGNORECASE | re.MULTILINE)
_EDIT_DATE = re.compile(
    rf"\b(?:last\s+)?(?:updated|revised|edited|modified|amended|changed)\b[\s:,(–—-]*(?:on\s+)?(?:{_A_DATE.pattern})",
    re.IGNORECASE)
"""A date a status gives an edit ("Accepted (Updated: 2026-01-09 - Added …)"): not the decision's."""
_STATUS_HEAD = re.compile(r"^#{1,3}\s*status\s*$|^status\s*\n[=*~^-]{3,}\s*$", re.IGNORECASE | re.MULTILINE)
_STATUS_LINE = re.compile(r"^\W*status\W*[:|]\W*(.+)$", re.IGNORECASE | re.MULTILINE)
_PROPOSAL = re.compile(r"\b(?:propos\w*|draft\w*|review\w*|pending|discuss\w*|wip|work in progress|deferred|postponed|"
                       r"on hold|thinking|vorschlag|entwurf|under consideration|open)\b", re.IGNORECASE)
_ANY_STATUS = re.compile(r"\b(?:accepted|approved|implemented|adopted|decided|done|completed?|rejected|declined|"
                         r"deprecated|super[sc]eded|super[sc]edes|replaced|replaces)\b", re.IGNORECASE)
_PART = re.compile(r"\b(?:partially|partly|in part)\s+super[sc]eded\b"
                   r"|\b(?:decisions?|parts?|sections?|points?)\s+[\d\w ,&]{0,20}?\s*(?:is|are|were|was|have been|has been)\s+super[sc]eded\b"
                   r"|\b\w+\s+and\s+\w+\s+super[sc]eded\s+by\b", re.IGNORECASE)
_WHOLE = re.compile(r"\bsuper[sc]eded\b|\breplaced\b", re.IGNORECASE)


def status_findings(text: str, decision: ExtractedDecision) -> list[tuple[str, str]]:
    """The status and date checks ``decision`` (read from ``text``) fails, with what showed it."""
    found: list[tuple[str, str]] = []
    words = " ".join((decision.status_text or "").split())
    if decision.status == "superseded" and words and (_PART.search(words) or not _WHOLE.search(words)):
        found.append(("status", f"superseded: {words[:100]}"))
    if decision.status == "proposed" and words:
        steps = [s for s in re.split(r"(?:^|\s)[*•]\s+", words) if _ANY_STATUS.search(s) or _PROPOSAL.search(s)]
        if not _PROPOSAL.search(words) or (len(steps) > 1 and not _PROPOSAL.search(steps[-1])):
            found.append(("status", f"proposed: {words[:100]}"))
    if decision.decided_at is None:
        stated = _stated_date(text)
        if stated:
            found.append(("undated", stated[:100]))
    return found


def _stated_date(text: str) -> str | None:
    """A date the file states about itself: a date line, front matter, or its status."""
    head = text[:3000]
    for match in _DATE_LINE.finditer(head):
        if _A_DATE.search(match.group(1)):
            return match.group(0).strip()
    for match in _STATUS_LINE.finditer(head):
        if _A_DATE.search(_EDIT_DATE.sub(" ", match.group(1))):
            return match.group(0).strip()
    section = _STATUS_HEAD.search(text)
    if section:
        body = re.split(r"^#{1,3}\s|^\S.*\n[=*~^-]{3,}\s*$", text[section.end():], maxsplit=1, flags=re.MULTILINE)[0]
        if _A_DATE.search(_EDIT_DATE.sub(" ", body[:400])):
            return " ".join(body.split())[:100]
    return None
