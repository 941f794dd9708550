"""The one place a decision's id is made (the readers, extraction, ingest and every face use
these), kept free of spaCy so that a reader of ids loads nothing. A person's handle is made
by ``nlp.schema.handle_for``, beside the tag rule: it is the key ``graph`` stores and
migrates people under, and ``graph`` reads only that module of ``nlp``."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence


def decision_id(session_id: str, message_ids: Sequence[str], summary: str) -> str:
    """A stable id: the same statement in the same messages always gets the same id."""
    digest = hashlib.sha1(f"{session_id}\x1f{','.join(message_ids)}\x1f{summary}".encode()).hexdigest()
    return f"dec-{digest[:12]}"


def stored_decision_id(session_id: str, message_ids: Sequence[str], summary: str, source: str) -> str:
    """The id a decision is stored under, which ``extract --json`` prints too: one found in
    a conversation follows its statement; a decision document's (``source`` ``adr``) follows
    its file however it is edited, so re-importing an edited ADR updates the decision
    instead of adding one."""
    return decision_id(session_id, message_ids, "" if source == "adr" else summary)

