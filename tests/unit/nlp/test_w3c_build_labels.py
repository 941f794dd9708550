"""From items to the shared record's messages and resolution labels."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from nlp.evaluation.w3c_build.labels import (
    assemble,
    content_words,
    context_overlap,
    is_routine,
    is_vote,
    verbatim_at,
    vote_run,
)
from nlp.evaluation.w3c_build.model import Item, ItemKind, MessageRecord


def said(speaker: str, text: str, line: int = 1) -> Item:
    return Item("message", speaker, text, line)


def marker(kind: ItemKind, text: str, line: int) -> Item:
    return Item(kind, None, text, line)


MEETING = [
    said("Ivan Herman", "Approving last week's minutes, any objections?"),
    said("Gregg Kellogg", "+1"),
    marker("resolution", "RESOLUTION: Last week's minutes approved", 5),
    Item("topic", None, "Issue 115: expanded form", 7),
    said("Markus", "Should we expand every value to @value form?"),
    Item("continuation", None, "including numbers", 9),
    said("zakim", "agendum 2 -- taken up"),
    said("Manu", "q+"),
    said("Manu", "s/expand/compact/"),
    said("Manu", "PROPOSAL: Expand all property values to value objects except @id and @type"),
    said("Niklas", "+1"),
    said("Gregg Kellogg", "+1 as long as numbers stay native in compact form, as we said"),
    said("Dave", "Expand all property values to value objects except @id and @type"),
    said("Markus", "0"),
    said("Manu", "RESOLVED: Expand all property values to value objects except @id and @type", 20),
    said("Manu", "ACTION: Manu to edit the spec"),
    said("Manu", "Next is the base IRI"),
]


def test_markers_are_removed_and_the_discussion_stays() -> None:
    out = assemble(MEETING)
    assert [m["content"] for m in out.messages] == [
        "Approving last week's minutes, any objections?",
        "+1",
        "Should we expand every value to @value form? including numbers",
        "+1",
        "+1 as long as numbers stay native in compact form, as we said",
        "0",
        "Next is the base IRI",
    ]
    assert out.topics == [{"title": "Issue 115: expanded form", "start": 2}]
    assert out.stats() == {
        "dropped_marker": 1,
        "dropped_noise": 2,
        "dropped_echo": 1,
        "dropped_bot": 1,
        "proposals": 1,
        "dropped_other": 0,
        "n_messages": 7,
        "n_resolutions": 2,
    }


def test_resolutions_are_anchored_where_their_line_stood() -> None:
    first, second = assemble(MEETING).resolutions
    assert first == {
        "text": "Last week's minutes approved",
        "position": 1,
        "marker": "Resolution#1",
        "topic": None,
        "topic_start": 0,
        "proposal": None,
        "routine": True,
        "source_line": 5,
        "verbatim_at": None,
        "context_overlap": 0.75,
        "vote_run": 1,
    }
    assert second["position"] == 5
    assert second["marker"] == "Resolution#2"
    assert (second["topic"], second["topic_start"]) == ("Issue 115: expanded form", 2)
    assert second["proposal"] == "Expand all property values to value objects except @id and @type"
    assert second["source_line"] == 20
    assert second["vote_run"] == 1  # "0"; the +1 before it carries a 61-character comment: discussion
    assert second["routine"] is False


def test_a_resolution_before_any_message_has_position_minus_one() -> None:
    out = assemble([marker("resolution", "approve the agenda", 3), said("a", "hello")])
    assert out.resolutions[0]["position"] == -1
    assert out.resolutions[0]["vote_run"] == 0


def test_a_proposal_resets_with_the_topic() -> None:
    out = assemble([said("a", "PROPOSAL: x"), Item("topic", None, "next", 2), said("b", "talk"), marker("resolution", "y", 4)])
    assert out.resolutions[0]["proposal"] is None


def test_votes_are_short_and_start_with_a_number() -> None:
    assert all(is_vote(v) for v in ("+1", "0", "-1", "+0.5", "0, not sure i understand", "+1 (with concerns about scope creep)"))
    assert not any(is_vote(v) for v in ("+", "=1", "2019 was a long year", "+1 to everything Benjamin is saying about the JSON literals, but"))
    messages = [MessageRecord(speaker="a", content=c) for c in ("talk", "+1", "-1 too vague", "+1")]
    assert vote_run(messages, 3) == 3
    assert vote_run(messages, 0) == 0


def test_context_overlap_counts_content_words_of_the_topic_so_far() -> None:
    assert content_words("Close #10 as won't fix, see https://x/10") == {"close", "won't", "fix", "see"}
    context = [MessageRecord(speaker="a", content="we could close it"), MessageRecord(speaker="b", content="won't fix then")]
    assert context_overlap("Close #10 as won't fix", context) == 1.0
    assert context_overlap("Adopt the charter", context) == 0.0


def test_verbatim_finds_the_message_that_states_the_resolution() -> None:
    messages = [MessageRecord(speaker="a", content=c) for c in ("intro", "we will publish the note next week", "+1")]
    assert verbatim_at("We will publish the note next week.", messages, 0, 2) == 1
    assert verbatim_at("We will publish the note next week.", messages, 2, 2) is None
    assert verbatim_at("Agreed.", messages, 0, 2) is None


def test_routine_is_approving_minutes() -> None:
    assert is_routine("Approve minutes of last call https://www.w3.org/2019/02/12-dpvcg-minutes")
    assert is_routine("Last week's minutes approved")
    assert not is_routine("minutes look awesome")
    assert not is_routine("Publish the note")


SHARED = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "resolutions" / "meetings.jsonl"


@pytest.mark.skipif(not SHARED.is_file(), reason="the shared W3C data is not beside this checkout")
def test_the_definitions_reproduce_the_shared_labels_built_by_another_builder() -> None:
    records = [json.loads(line) for line in SHARED.read_text().splitlines()]
    pairs = [(r["messages"], x) for r in records for x in r["resolutions"]]
    assert all(vote_run(m, x["position"]) == x["vote_run"] for m, x in pairs)
    assert all(is_routine(x["text"]) == x["routine"] for _, x in pairs)
    same_verbatim = sum(verbatim_at(x["text"], m, x["topic_start"], x["position"]) == x["verbatim_at"] for m, x in pairs)
    assert same_verbatim >= 0.99 * len(pairs)
    ours = [context_overlap(x["text"], m[x["topic_start"] : x["position"] + 1]) for m, x in pairs]
    assert statistics.correlation(ours, [x["context_overlap"] for _, x in pairs]) > 0.9
