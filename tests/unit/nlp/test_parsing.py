"""What each message costs: detection parses only what a signal reads; the recogniser
runs only on what extraction reads."""

from __future__ import annotations

from nlp.detect import DecisionDetector
from nlp.language import LanguageInfo
from nlp.schema import Conversation, Message

_MESSAGES = (
    "Should we cache sessions in Redis or Memcached?",
    "Redis, since it keeps data across restarts.",
    "We will use Redis from Monday, Alice Smith said.",
)


def _conversation() -> Conversation:
    return Conversation(
        session_id="s", source_format="chat",
        messages=tuple(Message(id=str(i), seq=i, author="a", content=text) for i, text in enumerate(_MESSAGES)),
    )


def test_only_a_candidate_that_says_we_gets_the_dependency_parse(language: LanguageInfo) -> None:
    conversation = _conversation()
    detector = DecisionDetector(language.nlp, light=language.light)
    parsed = detector.parse(conversation)
    features = detector.features(conversation, parsed)
    # The answer to "Redis or Memcached?" is read from its words alone; "we will use" needs the parse.
    assert features.signals(1) == ("answers_choice",) and not parsed.is_parsed(1)
    assert "we_commit" in features.signals(2) and parsed.is_parsed(2)


def test_people_and_dates_are_recognised_only_when_asked_for(language: LanguageInfo) -> None:
    parsed = DecisionDetector(language.nlp, light=language.light).parse(_conversation())
    detection_view = {(e.text, e.label_) for e in parsed.syntax(2).ents}
    extraction_view = {(e.text, e.label_) for e in parsed.doc(2).ents}
    assert detection_view == {("Redis", "TECH")}
    assert {("Redis", "TECH"), ("Alice Smith", "PERSON"), ("Monday", "DATE")} <= extraction_view
    assert parsed.syntax(2) is parsed.doc(2)  # one parse, completed in place of a second one
