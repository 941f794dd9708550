"""What each message costs: detection parses only what a signal reads; the recogniser
runs only on what extraction reads."""

from __future__ import annotations

from nlp.detect import DecisionDetector
from nlp.language import LanguageInfo
from nlp.parsing import parsed_text
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


def test_fenced_code_is_blanked_for_the_parser_and_offsets_still_index_the_message() -> None:
    said = "We will use Redis for sessions.\n```python\nimport redis\nr = redis.Redis()  # we will\n```\nThen we ship it."
    text = parsed_text(said)
    assert len(text) == len(said) and text.count("\n") == said.count("\n")
    assert "redis.Redis" not in text and "import" not in text
    assert text.startswith("We will use Redis for sessions.\n") and text.endswith("\nThen we ship it.")
    assert parsed_text("inline ```x``` stays") == "inline ```x``` stays"  # not a fence: not at a line's start


def test_a_fence_the_cut_left_open_is_blanked_to_the_end() -> None:
    said = "Let's keep SQLite.\n~~~\nCREATE TABLE t (id int);"
    assert parsed_text(said).rstrip() == "Let's keep SQLite."


def test_sentences_of_a_message_with_code_are_its_prose(language: LanguageInfo) -> None:
    said = "We will use Redis for sessions.\n```\nDecided: use memcached instead.\n```\nThen we ship it."
    conversation = Conversation(
        session_id="s", source_format="chat", messages=(Message(id="0", seq=0, author="a", content=said),)
    )
    doc = DecisionDetector(language.nlp, light=language.light).parse(conversation).light_doc(0)
    sentences = [s.text.strip() for s in doc.sents if s.text.strip()]
    assert sentences == ["We will use Redis for sessions.", "Then we ship it."]
    assert doc.text == parsed_text(said)


def test_a_cue_only_in_pasted_code_makes_no_candidate_and_no_decision(language: LanguageInfo) -> None:
    asked = "Should we cache sessions in Redis or Memcached?"
    pasted = "```python\n# We decided to use Redis for sessions.\nr = redis.Redis()\n```"
    conversation = Conversation(session_id="s", source_format="chat", messages=(
        Message(id="0", seq=0, author="a", content=asked), Message(id="1", seq=1, author="b", content=pasted),
    ))
    detector = DecisionDetector(language.nlp, light=language.light)
    assert detector.prefilter(conversation.messages[1]) == ()
    assert not any(d.is_decision or d.is_candidate for d in detector.detect(conversation))
    # Said in prose beside the same code, it is one.
    stated = Message(id="1", seq=1, author="b", content="We decided to use Redis for sessions.\n" + pasted)
    assert "keyword:decided" in detector.prefilter(stated)
