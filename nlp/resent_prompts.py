"""A user's prompt sent again, word for word: the same request, not a new decision.

A user sends a prompt again after an error or a lost answer; it says nothing the first did
not. Over the 87 labelled coding-assistant sessions, 44 user turns of ``RESENT_LENGTH``
characters or more repeat an earlier user turn of their session (case and spacing aside), in
8 owners' sessions; 1 of them is labelled a decision. Where units are formed such a turn is
held at 0 (``nlp.scored_units``), and the prompts of a session's earlier parts travel in its
tally (``Preceding.prompts``), so that a session ingested part by part reads as the whole.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

from nlp.schema import Message

RESENT_LENGTH = 20
"""A turn this long or longer that repeats an earlier one is the prompt sent again; a short one
("yes", "далее", "B") answers the question now asked."""


def prompt_key(message: Message) -> str | None:
    """A user turn's words (case and spacing aside), as a short digest, when it is long enough
    to be a prompt sent again; None for any other turn."""
    if message.role != "user":
        return None
    words = " ".join(message.content.lower().split())
    if len(words) < RESENT_LENGTH:
        return None
    return hashlib.sha1(words.encode("utf-8")).hexdigest()[:16]


def prompt_keys(messages: Iterable[Message]) -> list[str]:
    """The keys of ``messages``' prompts (``prompt_key``), in order."""
    return [key for m in messages if (key := prompt_key(m)) is not None]


def resent(messages: Sequence[Message], before: Iterable[str] = ()) -> set[int]:
    """The seqs of the user turns that repeat a prompt said earlier: among ``messages`` or
    before them (``before``: the keys of the session's earlier parts)."""
    said = set(before)
    out = set()
    for m in messages:
        key = prompt_key(m)
        if key is None:
            continue
        if key in said:
            out.add(m.seq)
        said.add(key)
    return out
