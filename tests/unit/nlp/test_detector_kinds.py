"""How a conversation's kind and operating point are read, what a short thread's features
leave out, and how an operating point is chosen for a kind whose meetings decided nothing."""

from __future__ import annotations

import numpy as np
from spacy.language import Language

from nlp.detect import DecisionDetector
from nlp.detector_features import (
    BUCKETS,
    PROSE_NOTES,
    THREAD_MESSAGES,
    ConversationFeatures,
    heading_kinds,
    is_backchannel,
    is_dissent,
    is_reply,
    kind_of,
    polls,
    tally,
    tokens,
)
from nlp.detector_model import operating_logit_of
from nlp.evaluation.corpus import LabelledMeeting
from nlp.evaluation.operating_points import choose_operating_logits
from nlp.evaluation.train import Featurized
from nlp.readers import read_conversation_text
from nlp.schema import Conversation, Message


def _conversation(texts: list[str], source_format: str = "chat", name: str = "c", authors: str = "ab") -> Conversation:
    messages = tuple(
        Message(id=f"{name}#{i}", seq=i, author=authors[i % len(authors)], content=t) for i, t in enumerate(texts)
    )
    return Conversation(session_id=name, source_format=source_format, messages=messages)


def test_a_conversation_s_kind_is_read_from_its_content() -> None:
    short = ["Should we use REST or GraphQL?", "REST keeps it simple.", "Then REST it is for now."]
    assert kind_of(_conversation(short)) == "chat"
    long = [f"Status update number {i} on the build." for i in range(THREAD_MESSAGES)]
    assert kind_of(_conversation(long)) == "chat"
    assert kind_of(_conversation([*long, "+1", "+1", "+1"], authors="abc")) == "voting"
    assert kind_of(_conversation(short, source_format="markdown")) == "notes"


def test_a_chat_in_which_two_people_plus_one_a_few_items_is_not_minutes_that_vote() -> None:
    # A community meeting of 120 lines in which, on four items, two people "+1" what was
    # said: 8 bare votes (7%, well above VOTING_SHARE) but never a poll of three people.
    texts = [f"Next item {i}: the release notes need another pass." for i in range(120)]
    for start in (10, 40, 70, 100):
        texts[start + 1], texts[start + 2] = "+1", "+1 from me"
    chat = _conversation(texts, authors="abcde")
    assert tally(chat.messages).votes == 8 and polls(chat.messages) == 0
    assert kind_of(chat) == "chat"
    # The same meeting, once the room answers a proposal in a run of three people: it votes.
    texts[71:74] = ["+1", "+1", "+1"]
    voting = _conversation(texts, authors="abcde")
    assert polls(voting.messages) == 1 and kind_of(voting) == "voting"
    # One person voting three times is no poll; a message between two votes (RUN_GAP) keeps the run.
    assert polls(_conversation(["+1", "+1", "+1"], authors="a").messages) == 0
    assert polls(_conversation(["+1", "sorry, I was muted", "+1", "+1"], authors="abcd").messages) == 1
    assert polls(_conversation(["+1", "ok", "well", "+1", "+1"], authors="abcde").messages) == 0


def test_a_short_thread_keeps_whether_its_neighbours_agree_but_not_their_words() -> None:
    texts = ["Should we cache pricing?", "We will not cache pricing.", "Agreed."]
    names = ConversationFeatures(_conversation(texts), {}).names(1)
    assert "chat|n1:reply" in names
    assert not any(name.startswith(("chat|p1:", "chat|n1:")) and not name.endswith(":reply") for name in names)
    long = ConversationFeatures(_conversation(texts + ["Lunch is at noon."] * THREAD_MESSAGES), {})
    assert "chat|p1:should" in long.names(1)


def test_numbers_are_one_token_whichever_they_are() -> None:
    assert tokens("Status update 2005: see issue #17 for v3") == ["status", "update", "<num>", "see", "issue", "<num>", "for", "v", "<num>"]


def test_a_kind_whose_meetings_decided_nothing_gets_the_loosest_point_with_the_fewest_wrong_detections() -> None:
    texts = [f"Status update number {i} on the build." for i in range(THREAD_MESSAGES)]
    texts[5] = "We decided nothing today."
    conversation = _conversation(texts, name="quiet")
    features = ConversationFeatures(conversation, {})
    rows = tuple(tuple(row) for row in features.all_hashed())
    meeting = LabelledMeeting("w3c", "g", False, conversation, (), frozenset())
    item = Featurized(meeting, features, rows)
    weights = np.zeros(BUCKETS)
    distinct = sorted(set(rows[5]) - set().union(*(set(row) for i, row in enumerate(rows) if i != 5)))
    weights[distinct[0]] = 2.0  # only message 5 scores above 0
    chosen = choose_operating_logits([item], {"quiet": weights})
    # At 2.0 message 5 is still detected (and wrong); from 2.25 on nothing is.
    assert chosen == {"chat": 2.25}


def test_a_message_of_fillers_only_joins_a_decision_and_never_states_it() -> None:
    for text in ("Mm-hmm.", "Um okay, so um", "Uh-huh, yeah.", "Hmm"):
        assert is_backchannel(text) and is_reply(text), text
    for text in ("Um, we'll go with the rubber case.", "So we keep the yellow one."):
        assert not is_backchannel(text) and not is_reply(text), text


def test_votes_against_and_abstentions_are_dissent_and_counted_around_a_message() -> None:
    for text in ("-1", "-1 to proposal, objection to context.", "0", "-0.", "+0.5", "0 clarification is needed"):
        assert is_dissent(text), text
    for text in ("+1", "+1.", "+1 to DID URL", "10 people joined", "We vote on it next week."):
        assert not is_dissent(text), text
    votes = ["Proposal: close issue 218.", "+1", "-1", "0", "+1", "Resolved then."]
    texts = [f"Item {i} status." for i in range(THREAD_MESSAGES)] + votes
    features = ConversationFeatures(_conversation(texts, authors="abc"), {})
    proposal = THREAD_MESSAGES
    assert "voting|dissent_after:2-3" in features.names(proposal)
    assert "voting|dissent_before:2-3" in features.names(proposal + 5)
    assert "voting|dissent_after:0" in features.names(proposal + 5)


def test_a_heading_names_a_list_of_decisions_by_whole_words_only() -> None:
    assert heading_kinds("TSC > Decisions:") == ["decision"]
    assert heading_kinds("Notes > Summary of decisions") == ["decision"]
    assert heading_kinds("Outcomes from Discussion topics") == ["outcome"]
    # A subject that uses the word is not a section of decisions.
    assert heading_kinds("Details > Applying a resolved context programmatically") == []
    assert heading_kinds("PR review > Review feedback and agreed follow-ups:") == []
    assert heading_kinds("Plenary > Conclusion") == ["outcome"]
    assert heading_kinds("Plans > Multiresolution") == []
    assert heading_kinds("SIGGRAPH paper discussion - multi-resolution grids") == []


def test_notes_learn_no_position_length_or_neighbours() -> None:
    texts = ["## Decisions", "We voted to move our CLA to the one most ASWF projects use.", "+1"]
    features = ConversationFeatures(_conversation(texts, source_format="markdown"), {})
    assert features.kind == "notes"
    assert not any(name.startswith("notes|") and "sig:" not in name and name != "notes|attributed" for name in features.names(1))
    assert "chat|len:11-30" in ConversationFeatures(_conversation(texts), {}).names(1)
    said = Conversation(session_id="n", source_format="markdown", messages=(
        Message(id="n#0", seq=0, author="SM", content="We should cut releases monthly."),
        Message(id="n#1", seq=1, content="Agreed to cut releases monthly."),
    ))
    features = ConversationFeatures(said, {})
    assert "notes|attributed" in features.names(0) and "notes|attributed" not in features.names(1)


def test_notes_that_file_no_decision_under_a_heading_take_the_prose_operating_point(nlp: Language) -> None:
    detector = DecisionDetector(nlp)
    listed = read_conversation_text(
        "# TSC sync\n\n## Decisions\n\n- Meetings are public\n\n## Details\n\nWe talked about the release.\n",
        "markdown", "listed",
    )
    prose = read_conversation_text(
        "# TSC sync\n\n## Release\n\nWe agree to release 11.0 in November. Ken will write it up.\n", "markdown", "prose",
    )
    chat = _conversation(["Should we use REST?", "Yes, REST it is."])
    assert detector.features(listed).operating_kind == "notes"
    assert detector.features(prose).operating_kind == PROSE_NOTES
    assert detector.features(chat).operating_kind == "chat"


def test_a_model_without_a_prose_notes_point_scores_prose_notes_at_the_notes_one() -> None:
    assert operating_logit_of({"chat": -0.25, "notes": 1.5}, PROSE_NOTES) == 1.5
    assert operating_logit_of({"chat": -0.25, "notes": 1.5, PROSE_NOTES: -1.0}, PROSE_NOTES) == -1.0
    assert operating_logit_of({"chat": -0.25}, "spoken") == -0.25
