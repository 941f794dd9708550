"""QMSum meetings with their decision queries (shared ``qmsum/``) as weak labels.

A decision query (``disagreement_only`` false: decid*/agree*/conclu*/choos*/settl*/final*)
is found when a detection lies inside one of its relevant spans. A detection is *in span*
when it lies inside the span of any decision query, the disagreement-only ones included.
Spans mark the whole discussion (median 31 turns), not the decision turn, so they are weak
labels: good for recall and for "is this where decisions are talked about", not exact.

Meetings without any decision query are left out: QMSum asks about some of a meeting's
topics, not all, so their decisions are unlabelled rather than absent (over all 162
meetings, even messages saying "decide" or "agree" fall in a decision span at the base
rate). Series (AMI ``ES2002a``..``d``, ICSI ``Bmr``, a Welsh committee) are held out together.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from nlp.evaluation.corpus import LabelledMeeting, Target, folded, is_final
from nlp.readers.common import message_id
from nlp.readers.qmsum import clean_qmsum_text
from nlp.schema import Conversation, Message

AMI_MEETING = re.compile(r"([A-Z]{2}\d{4})[a-d]")
"""An AMI meeting id: a design team's series (``ES2002``) and the meeting's letter."""


def series_of(meeting_id: str) -> str:
    """``ES2002a`` → ``ES2002``; ``Bmr003`` → ``Bmr``; ``education_4`` → ``education``."""
    ami = AMI_MEETING.fullmatch(meeting_id)
    if ami:
        return ami.group(1)
    return re.sub(r"[_\d]+$", "", meeting_id)


def load_qmsum(shared_data: Path) -> list[LabelledMeeting]:
    """The meetings of ``qmsum/meetings.jsonl`` that have a decision query."""
    queries = _queries_by_meeting(shared_data)
    meetings: list[LabelledMeeting] = []
    with (shared_data / "qmsum" / "meetings.jsonl").open() as lines:
        for line in lines:
            record = json.loads(line)
            session = record["meeting_id"]
            mine = queries.get(session, [])
            if not mine:
                continue
            messages: list[Message] = []
            seq_of_turn = _seq_of_turn(record["transcript"])
            for turn in record["transcript"]:
                if turn["turn_index"] in seq_of_turn:
                    messages.append(Message(id=message_id(session, len(messages)), seq=len(messages),
                                            author=turn["speaker"] or None, content=clean_qmsum_text(turn["content"])))
            targets = tuple(
                Target(_span_seqs(q["relevant_spans"], seq_of_turn), answer=str(q["answer"]).strip() or None)
                for q in mine if not q["disagreement_only"]
            )
            positives = frozenset().union(*(_span_seqs(q["relevant_spans"], seq_of_turn) for q in mine))
            series = series_of(session)
            meetings.append(
                LabelledMeeting(
                    source="qmsum",
                    group=folded(series),
                    final=is_final(series),
                    conversation=Conversation(session_id=session, source_format="qmsum", messages=tuple(messages)),
                    targets=tuple(t for t in targets if t.messages),
                    positives=positives,
                )
            )
    return meetings


def query_spans(shared_data: Path) -> dict[str, frozenset[int]]:
    """``meeting#query_index`` → the message positions (as the qmsum readers number them) that
    the query's relevant spans cover, for every query of ``decision_queries.jsonl``."""
    wanted = _queries_by_meeting(shared_data)
    spans: dict[str, frozenset[int]] = {}
    with (shared_data / "qmsum" / "meetings.jsonl").open() as lines:
        for line in lines:
            record = json.loads(line)
            queries = wanted.get(record["meeting_id"], [])
            if queries:
                seq_of_turn = _seq_of_turn(record["transcript"])
                for query in queries:
                    spans[f"{record['meeting_id']}#{query['query_index']}"] = _span_seqs(query["relevant_spans"], seq_of_turn)
    return spans


def _queries_by_meeting(shared_data: Path) -> dict[str, list[dict[str, Any]]]:
    """The decision queries of ``decision_queries.jsonl``, by meeting id."""
    queries: dict[str, list[dict[str, Any]]] = {}
    with (shared_data / "qmsum" / "decision_queries.jsonl").open() as lines:
        for line in lines:
            query = json.loads(line)
            queries.setdefault(query["meeting_id"], []).append(query)
    return queries


def _seq_of_turn(transcript: list[dict[str, Any]]) -> dict[int, int]:
    """Turn index → message position: turns left empty by ``clean_qmsum_text`` (markup only)
    are no messages, as in ``nlp.readers.qmsum``."""
    seq_of_turn: dict[int, int] = {}
    for turn in transcript:
        if clean_qmsum_text(turn["content"]):
            seq_of_turn[turn["turn_index"]] = len(seq_of_turn)
    return seq_of_turn


def _span_seqs(spans: object, seq_of_turn: dict[int, int]) -> frozenset[int]:
    """The positions of the messages a query's relevant spans (turn ranges) cover."""
    assert isinstance(spans, list)
    return frozenset(seq_of_turn[t] for start, end in spans for t in range(start, end + 1) if t in seq_of_turn)
