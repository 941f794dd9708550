"""Who a decision names: people, never a session's roles; one person per mention of a name of
several words; and never the author of a reaction as the one who decided."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nlp.language import LanguageInfo
from nlp.llm.grounding import Grounding
from nlp.pipeline import OfflinePipeline
from nlp.reactions import is_wordless
from nlp.readers import read_conversation
from nlp.schema import Conversation, ExtractedDecision, Message, person_name


def _run(language: LanguageInfo, *turns: tuple[str | None, str], role: bool = False,
         people: tuple[str, ...] = (), fmt: str = "chat") -> list[ExtractedDecision]:
    messages = tuple(
        Message(id=f"s#{seq}", seq=seq, author=author, role=author if role else None, content=text)
        for seq, (author, text) in enumerate(turns)
    )
    conversation = Conversation(session_id="s", source_format=fmt, messages=messages, people=people)
    return list(OfflinePipeline(language).run(conversation).decisions)


@pytest.mark.parametrize("author", ["user", "assistant", "system", "tool", "User", " ASSISTANT "])
def test_a_sessions_role_names_no_person(author: str) -> None:
    assert person_name(author) is None


@pytest.mark.parametrize("author", ["alice", "Alice Smith", "users", "userbot", "王小明"])
def test_a_name_is_a_person(author: str) -> None:
    assert person_name(author) == author


@pytest.mark.parametrize("role", [True, False])
def test_a_decision_in_a_coding_assistant_session_names_no_role(language: LanguageInfo, role: bool) -> None:
    # With its role (Claude Code, Codex, aider, SpecStory) or written as the author alone (a chat JSONL).
    [decision] = _run(
        language,
        ("user", "Should the cache be Redis or Memcached?"),
        ("assistant", "Redis gives us persistence; Memcached is simpler."),
        ("user", "We decided to use Redis for the cache, since we need persistence. @dana will review it."),
        role=role,
    )
    assert decision.decision_maker is None
    assert [s.handle for s in decision.stakeholders] == ["@dana"]


def test_the_llm_cannot_name_a_role_as_a_person() -> None:
    grounding = Grounding(["the user asked the assistant", "alice agreed"], ["user", "assistant", "alice"])
    assert not grounding.person("user") and not grounding.person("@assistant")
    assert grounding.person("alice")


@pytest.mark.parametrize("people", [("Alice Smith",), ()])
def test_a_mention_of_a_known_name_of_several_words_is_one_person(language: LanguageInfo, people: tuple[str, ...]) -> None:
    # Known from the source's list of people, or as the author of another message.
    [decision] = _run(
        language,
        ("Bob Jones" if people else "Alice Smith", "Which queue should the billing jobs use, RabbitMQ or SQS?"),
        ("Bob Jones", "@Alice Smith let's go with SQS for the billing jobs, because we don't want to run brokers."),
        people=people,
    )
    mentioned = [(s.handle, s.name) for s in decision.stakeholders if s.handle.startswith("@alice")]
    assert mentioned == [("@alice-smith", "Alice Smith")]


def test_a_mention_of_an_unknown_name_is_the_mention_alone(language: LanguageInfo) -> None:
    # "@Alice Postgres …": no one is called that, so the next word is not part of the name.
    [decision] = _run(
        language,
        ("Alice Smithers", "Which database for the invoices, MySQL or Postgres?"),
        ("Bob", "@Alice Postgres it is, we decided to use Postgres for the invoices because of JSONB."),
    )
    assert "@alice" in {s.handle for s in decision.stakeholders}
    assert "@alice-postgres" not in {s.handle for s in decision.stakeholders}


def test_a_slack_exports_users_are_the_names_its_mentions_may_have(tmp_path: Path) -> None:
    (tmp_path / "eng").mkdir()
    (tmp_path / "users.json").write_text(json.dumps([{"id": "U1", "name": "asmith", "real_name": "Alice Smith"}]))
    day = tmp_path / "eng" / "2024-03-15.json"
    day.write_text(json.dumps([{"user": "U2", "ts": "1.0", "text": "<@U1> owns it"}]))
    conversation = read_conversation(day)
    assert conversation.people == ("Alice Smith",)
    assert conversation.messages[0].content == "@Alice Smith owns it"


@pytest.mark.parametrize("text", [":+1:", "+1", "👍", "👍🏽 🎉", ":white_check_mark: :tada:", "-1", "!!", ""])
def test_a_reaction_has_no_words(text: str) -> None:
    assert is_wordless(text)


@pytest.mark.parametrize("text", ["B", "2", "ok", "+1, ship it", "可以", "1️⃣", "v2 +1"])
def test_a_word_label_or_number_is_not_a_reaction(text: str) -> None:
    assert not is_wordless(text)


@pytest.mark.parametrize("reaction", [":+1:", "+1", "👍"])
def test_a_reaction_to_an_offer_never_makes_its_author_the_decider(language: LanguageInfo, reaction: str) -> None:
    decisions = _run(
        language, ("Bob Jones", "Options for the queue:\n1) RabbitMQ\n2) SQS (recommended)"), ("Carol Wu", reaction),
    )
    assert all(d.decision_maker != "@carol-wu" for d in decisions)
    assert all(d.summary.strip() != reaction for d in decisions)
    assert [d.decision_maker for d in decisions] in ([], ["@bob-jones"])
