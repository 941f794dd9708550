"""A reply that picks one of the options offered before it (nlp.option_picks): a decision,
stated by the option it took, the others rejected."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from nlp.detector_features import ConversationFeatures
from nlp.language import LanguageInfo
from nlp.option_picks import PICK_CHARS, offered_options, pick_at, picked
from nlp.pipeline import OfflinePipeline
from nlp.readers.claude_code import read_claude_code
from nlp.readers.question_tool import stated_answers
from nlp.readers.specstory import read_specstory
from nlp.schema import Conversation, Message
from nlp.scored_units import units_from

OFFER = (
    "I read the routes. First question: **what goes in the navigation menu**?\n\n"
    "- **A.** Every route: Home and About\n"
    "- **B.** Only Home; About stays out of the menu\n"
    "- **C.** A custom list you give me\n\n"
    "Reply A, B or C."
)
RECOMMENDING = (
    "Two ways to keep the footer down:\n\n"
    "### Option 1: sticky footer (recommended) — sits at the bottom when the page is short\n\n"
    "### Option 2: fixed footer — always on screen\n"
)


def _messages(*turns: tuple[str, str]) -> tuple[Message, ...]:
    return tuple(Message(id=f"s#{seq}", seq=seq, role=role, author=role, content=text)
                 for seq, (role, text) in enumerate(turns))


def test_labelled_options_are_read_in_any_of_the_usual_layouts() -> None:
    assert [(o.label, o.text) for o in offered_options(OFFER)] == [
        ("A", "Every route: Home and About"), ("B", "Only Home; About stays out of the menu"), ("C", "A custom list you give me")]
    options = offered_options(RECOMMENDING)
    assert [(o.label, o.text, o.recommended) for o in options] == [
        ("1", "sticky footer", True), ("2", "fixed footer", False)]
    chinese = "导航栏你希望怎么处理？\n\n**A. 粘性页脚（推荐）** — 内容少时贴在底部\n**B. 固定悬浮** — 始终可见"
    assert [(o.label, o.text, o.recommended) for o in offered_options(chinese)] == [("A", "粘性页脚", True), ("B", "固定悬浮", False)]
    assert OFFER[offered_options(OFFER)[1].start : offered_options(OFFER)[1].end] == "Only Home; About stays out of the menu"


def test_no_options_without_a_run_of_labels_from_the_first() -> None:
    assert offered_options("B. only the second\nC. and the third") == []
    assert offered_options("1. one option alone") == []
    assert offered_options("a. lower-case letters are prose\nb. not labels") == []
    assert offered_options("No lists here at all.") == []


def test_a_bare_label_picks_and_a_reply_with_words_of_its_own_does_not() -> None:
    offer = Message(id="s#0", seq=0, role="assistant", content=OFFER)
    for reply in ("B", "b", "B.", "**B**", "Option B please", "go with B", "B, thanks", "选B", "B吧"):
        pick = picked(Message(id="s#1", seq=1, role="user", content=reply), [offer])
        assert pick is not None and pick.chosen.label == "B", reply
        assert [o.label for o in pick.others] == ["A", "C"]
    for reply in ("B is wrong, the menu needs About", "D", "Before that, check the routes", "ok"):
        assert picked(Message(id="s#1", seq=1, role="user", content=reply), [offer]) is None, reply


def test_a_bare_agreement_takes_the_one_recommended_option() -> None:
    offer = Message(id="s#0", seq=0, role="assistant", content=RECOMMENDING)
    for reply in ("ok", "OK.", "可以", "sounds good"):
        pick = picked(Message(id="s#1", seq=1, role="user", content=reply), [offer])
        assert pick is not None and pick.chosen.text == "sticky footer", reply
    two = RECOMMENDING.replace("fixed footer", "fixed footer (recommended)")
    assert picked(Message(id="s#1", seq=1, role="user", content="ok"), [Message(id="s#0", seq=0, role="assistant", content=two)]) is None


def test_a_pick_answers_the_last_talk_turn_passing_over_tool_work() -> None:
    messages = _messages(("assistant", OFFER), ("tool", "Tool use: read_file src/router.ts"), ("user", "B"))
    pick = pick_at(messages, 2)
    assert pick is not None and pick.offer.seq == 0
    # Its own options, or options the user wrote, are not an offer it answers.
    assert pick_at(_messages(("user", OFFER), ("user", "B")), 1) is None
    assert pick_at(_messages(("assistant", OFFER), ("assistant", "B")), 1) is None
    assert pick_at(_messages(("assistant", OFFER), ("user", "Thanks."), ("user", "B")), 2) is None


@given(st.text(max_size=80))
def test_a_pick_is_one_of_the_options_offered_and_never_a_long_reply(reply: str) -> None:
    offer = Message(id="s#0", seq=0, role="assistant", content=OFFER)
    pick = picked(Message(id="s#1", seq=1, role="user", content=reply), [offer])
    if pick is not None:
        assert len(reply.strip()) <= PICK_CHARS
        assert pick.chosen in offered_options(OFFER) and pick.chosen not in pick.others


def test_a_users_pick_in_a_session_is_a_decision_whatever_the_model_scores() -> None:
    messages = _messages(("user", "Set up the layout."), ("assistant", OFFER), ("user", "B"))
    features = ConversationFeatures(Conversation(session_id="s", source_format="claude-code", messages=messages), {})
    _, units = units_from(features, [0.1, 0.1, 0.1], 0.5, session=True)
    assert [unit.anchor for unit in units] == [2]
    _, units = units_from(features, [0.1, 0.1, 0.1], 0.5, session=False)
    assert units == [], "only a session's picks are declared"


def test_a_pick_is_stored_as_the_option_it_took_with_the_others_rejected(language: LanguageInfo) -> None:
    messages = _messages(("user", "Set up the layout."), ("assistant", OFFER), ("user", "B"))
    conversation = Conversation(session_id="s", source_format="claude-code", messages=messages)
    extraction = OfflinePipeline(language).run(conversation)
    assert [d.seq for d in extraction.detections if d.is_decision] == [2]
    [decision] = [d for d in extraction.decisions if 2 in d.messages]
    assert decision.summary == "Only Home; About stays out of the menu"
    assert [a.option for a in decision.alternatives][:2] == ["Every route: Home and About", "A custom list you give me"]
    assert decision.spans[0].seq == 1 and decision.messages == (1, 2)


def _claude_code_question_session() -> str:
    asked = {"questions": [
        {"question": "Which styling approach do you prefer?", "header": "Styling", "multiSelect": False, "options": [
            {"label": "CSS Modules", "description": "Scoped CSS files"},
            {"label": "Tailwind (Recommended)", "description": "Utility-first CSS"},
            {"label": "Styled Components", "description": "CSS-in-JS"}]},
        {"question": "Which features should we include?", "header": "Features", "multiSelect": True, "options": [
            {"label": "Dark mode"}, {"label": "Accessibility"}, {"label": "Offline"}]},
        {"question": "Anything else?", "header": "Other", "multiSelect": False, "options": [
            {"label": "No"}, {"label": "Yes"}]},
    ]}
    entries = [
        {"type": "user", "uuid": "u1", "timestamp": "2025-10-30T12:10:00Z",
         "message": {"role": "user", "content": "Set up the front end of the shop."}},
        {"type": "assistant", "uuid": "a1", "timestamp": "2025-10-30T12:11:00Z",
         "message": {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "AskUserQuestion", "input": asked}]}},
        {"type": "user", "uuid": "u2", "timestamp": "2025-10-30T12:12:39Z",
         "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1",
                                                  "content": "User has answered your questions: ..."}]},
         "toolUseResult": {**asked, "answers": {"Which styling approach do you prefer?": "Tailwind (Recommended)",
                                                "Which features should we include?": ["Dark mode", "Accessibility"]}}},
    ]
    return "\n".join(json.dumps(entry) for entry in entries) + "\n"


def test_claude_code_question_tool_answers_are_talk_and_a_named_option_is_a_pick(language: LanguageInfo) -> None:
    log = read_claude_code(_claude_code_question_session(), "s.jsonl", "s")
    roles = [(m.role, m.content.splitlines()[0][:40]) for m in log.messages]
    assert roles == [
        ("user", "Set up the front end of the shop."),
        ("tool", 'AskUserQuestion {"questions": [{"header"'),  # the call itself stays evidence
        ("assistant", "Which styling approach do you prefer?"), ("user", "Tailwind (Recommended)"),
        ("assistant", "Which features should we include?"), ("user", "Dark mode, Accessibility"),
    ], "the unanswered question is left out"
    assert log.messages[2].content.splitlines()[2:] == [
        "A. CSS Modules — Scoped CSS files", "B. Tailwind (Recommended) — Utility-first CSS", "C. Styled Components — CSS-in-JS"]
    assert [m.id for m in log.messages[2:]] == ["s#u2.0.q0", "s#u2.0.a0", "s#u2.0.q1", "s#u2.0.a1"]
    assert pick_at(log.messages, 3) is not None and pick_at(log.messages, 5) is None, "two options at once pick none"
    conversation = Conversation(session_id="s", source_format="claude-code", messages=tuple(log.messages))
    extraction = OfflinePipeline(language).run(conversation)
    [decision] = [d for d in extraction.decisions if 3 in d.messages]
    assert decision.summary == "Which styling approach do you prefer: Tailwind"
    assert [a.option for a in decision.alternatives][:2] == ["CSS Modules", "Styled Components"]


SPECSTORY_ASKED = """<!-- Generated by SpecStory -->

# Code block styling (2026-04-08 01:30:00Z)

_**User (2026-04-08 01:30:00Z)**_

Make the code blocks look better.

---

_**Agent (claude-sonnet-4-6 2026-04-08 01:35:50Z)**_

<tool-use data-tool-type="generic" data-tool-name="AskUserQuestion"><details>
<summary>Tool use: **AskUserQuestion**</summary>
**Which style should the code blocks take?**

Options:
- **Fix wrapping only** - keep the current look, fix lines that do not wrap
- **VS Code style (dark)** - dark background like the editor's dark theme
- **GitHub style (light)** - light grey background with a language bar


```text
User has answered your questions: "Which style should the code blocks take?"="GitHub style (light)". You can now continue with the user's answers in mind.
```
</details></tool-use>

_**Agent (claude-sonnet-4-6 2026-04-08 01:36:10Z)**_

Going with the GitHub style.
"""


def test_specstory_question_blocks_answered_become_talk_and_refused_ones_stay_tool_output() -> None:
    log = read_specstory(SPECSTORY_ASKED, "s.md", "s")
    assert [(m.role, m.content.splitlines()[0]) for m in log.messages] == [
        ("user", "Make the code blocks look better."),
        ("assistant", "Which style should the code blocks take?"), ("user", "GitHub style (light)"),
        ("assistant", "Going with the GitHub style."),
    ]
    assert log.messages[1].content.splitlines()[2:] == [
        "A. Fix wrapping only — keep the current look, fix lines that do not wrap",
        "B. VS Code style (dark) — dark background like the editor's dark theme",
        "C. GitHub style (light) — light grey background with a language bar"]
    pick = pick_at(log.messages, 2)
    assert pick is not None and pick.chosen.text == "GitHub style (light)"
    refused = SPECSTORY_ASKED.replace(
        'User has answered your questions: "Which style should the code blocks take?"="GitHub style (light)". '
        "You can now continue with the user's answers in mind.",
        "The user doesn't want to proceed with this tool use. The tool use was rejected.")
    assert [m.role for m in read_specstory(refused, "s.md", "s").messages] == ["user", "tool", "assistant"]


def test_question_results_are_read_from_their_text_when_the_entry_has_no_structured_answers() -> None:
    assert stated_answers('User has answered your questions: "Which framework?"="React", "Which features?"="Dark mode, '
                          "Offline\". You can now continue with the user's answers in mind.") == [
        ("Which framework?", "React"), ("Which features?", "Dark mode, Offline")]
    assert stated_answers("The user doesn't want to proceed with this tool use.") == []
    entries = [
        {"type": "assistant", "uuid": "a1", "message": {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "AskUserQuestion", "input": {"questions": [
                {"question": "Which framework?", "options": [{"label": "React"}, {"label": "Vue"}]}]}}]}},
        {"type": "user", "uuid": "u1", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1",
             "content": "User has answered your questions: \"Which framework?\"=\"Vue\". You can now continue."}]}},
    ]
    log = read_claude_code("\n".join(json.dumps(e) for e in entries), "s.jsonl", "s")
    assert [(m.role, m.content) for m in log.messages[1:]] == [("assistant", "Which framework?\n\nA. React\nB. Vue"), ("user", "Vue")]


def test_a_menu_of_the_assistants_next_steps_is_no_offer_and_the_last_question_is_answered() -> None:
    report = ("I've started both servers:\n1. Convex (in the background)\n2. Next.js at http://localhost:3000\n\n"
              "The root route answers 404. Would you like me to:\n\n1. Investigate and fix the 404?\n"
              "2. Continue with a different task?\n3. Stop the servers?")
    assert pick_at(_messages(("assistant", report), ("user", "1")), 1) is None, "a task chosen, not a design"
    compared = ("### Option A: a page of its own (recommended)\n\n### Option B: a modal\n\n"
                "## The design of A\n\n1. Page layout\n2. Form fields\n3. Redirect after sign-up")
    pick = pick_at(_messages(("assistant", compared), ("user", "ok")), 1)
    assert pick is not None and pick.chosen.text == "a page of its own", "the layout after the comparison is passed over"
    recommended = "1. **SSH (recommended)**: add a key\n2. **HTTPS with a token**"
    assert pick_at(_messages(("assistant", recommended), ("user", "ok, and push it")), 1) is None, "it asks for more"


def test_a_pick_is_about_the_question_its_options_answer_and_decided_by_whoever_picked(language: LanguageInfo) -> None:
    offer = "Footer settled. Next question: **how should small screens show the menu**?\n\n**A.** A burger menu\n**B.** Not yet"
    messages = _messages(("user", "Set up the layout."), ("assistant", offer), ("user", "B"))
    pick = pick_at(messages, 2)
    assert pick is not None and pick.question == "Next question: how should small screens show the menu"
    conversation = Conversation(session_id="s", source_format="claude-code", messages=messages)
    [decision] = [d for d in OfflinePipeline(language).run(conversation).decisions if 2 in d.messages]
    assert decision.summary == "Next question: how should small screens show the menu: Not yet"
    # A session's user is no one in particular (every developer's sessions speak as "user"):
    # the pick names no decider, and never the assistant that offered the options.
    assert decision.decision_maker is None and [a.option for a in decision.alternatives][:1] == ["A burger menu"]
    named = tuple(m.model_copy(update={"author": {"user": "Dana", "assistant": "Claude"}[m.role or ""]}) for m in messages)
    [by_dana] = [d for d in OfflinePipeline(language).run(conversation.model_copy(update={"messages": named})).decisions
                 if 2 in d.messages]
    assert by_dana.decision_maker == "@dana"
    assert pick_at(_messages(("assistant", "Two ways.\n\n1. Redis\n2. Memcached"), ("user", "2")), 1).question is None  # type: ignore[union-attr]
