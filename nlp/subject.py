"""What a decision is about: its agenda item, heading, or the question it answers.

A conclusion such as "Approved for the next stage." means nothing without the item it was
taken under, so every decision carries a ``subject`` and a summary that reads on its own.
Headings that only say what kind of list follows ("Decisions", "Outcomes from Discussion
topics", "Conclusion", "Action Items", "Meeting Agenda") or which meeting it was (a date, "SIG meeting")
are not subjects; the nearest heading that is, is.
"""

from __future__ import annotations

import re

from nlp.subject_match import subject_terms

_GENERIC = re.compile(
    r"^\W*(short version|decisions?|decided|agreed|resolved|consensus|outcomes?|outcomes? from discussion topics|conclusions?|results?|"
    r"actions?|action items?|actions? items|"
    r"notes?|meeting notes|minutes|agenda|meeting agenda|discussions?|discussion topics|(key )?(discussion )?points|details|summary|"
    r"attendees|participants|next steps|resolutions?|todo|misc\w*|other|other business|any other business|aob|"
    r"updates?|announcements?|introductions?|topics?|(important )?links?|resources?|references?)\W*$",
    re.IGNORECASE,
)
_MEETING_TITLE = re.compile(
    r"\b(\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|\d{8})\b|\b(meeting|telco|call|plenary|sync|standup|minutes)\b",
    re.IGNORECASE,
)
_LEAD_IN = re.compile(r"^\W*(so|okay|ok|right|well|and|alright|um+|uh+)\b[\s,]*", re.IGNORECASE)
QUESTION_TERMS = 2
"""A question is a subject only when this many of its words name things ("REST or GraphQL for
the public API?"); "Do you think?" or "Can you go on to the next slide, please?" is talk."""
_SELF_STANDING = 6
"""A summary of fewer words than this (or one that opens with a bare verdict) gets its subject in front."""
_VERDICT = re.compile(
    r"^\W*(approved|accepted|rejected|agreed|declined|adopted|yes|no|done|confirmed|ok(ay)?|deferred|postponed)\b",
    re.IGNORECASE,
)
MAX_SUBJECT = 100


def subject_from_topic(topic: str | None) -> str | None:
    """The innermost heading (or list lead-in) of ``topic`` that names a subject."""
    if not topic:
        return None
    for part in reversed([p.strip().rstrip(":").strip() for p in re.split(r"\s+>\s+", topic)]):
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", part)  # a markdown link reads as its text
        text = re.sub(r"[*_`\[\]]", "", text).strip()
        if not re.search(r"[^\W\d_]{3,}", text) or _MEETING_TITLE.search(text):
            continue  # "(AJ):" says who spoke, not what about
        if all(_GENERIC.match(p) for p in re.split(r"\s*[/,&|]\s*", text)):
            continue
        return _shorten(text)
    return None


def subject_from_question(question: str | None) -> str | None:
    """The question a decision answers, as a subject ("REST or GraphQL for the public API?")."""
    if not question:
        return None
    text = _LEAD_IN.sub("", question.strip())
    text = re.sub(r"^\W*(next|next item|next up|next topic)\s*:\s*", "", text, flags=re.IGNORECASE)
    return _shorten(text) if len(text.split()) >= 3 and len(subject_terms(text)) >= QUESTION_TERMS else None


def subject_of(topic: str | None, question: str | None, spoken: bool = False) -> str | None:
    """The heading's subject, else the question's. In a transcribed spoken meeting a question
    is a turn of talk ("is that what you mean?"), asked every few turns, rarely the item a
    decision settles: there only a heading gives a subject."""
    return subject_from_topic(topic) or (None if spoken else subject_from_question(question))


def self_standing(summary: str, subject: str | None) -> str:
    """``summary``, with its subject in front when it does not say what it is about."""
    if not subject or subject.lower() in summary.lower():
        return summary
    if len(summary.split()) < _SELF_STANDING or _VERDICT.match(summary):
        return f"{subject.rstrip('?.:')}: {summary}"
    return summary


def _shorten(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= MAX_SUBJECT else flat[: MAX_SUBJECT - 1].rsplit(" ", 1)[0] + "…"
