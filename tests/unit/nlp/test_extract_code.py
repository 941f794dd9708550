"""Code in a coding-assistant session never becomes a decision's summary, subject, context or
reason (``nlp.code_text``), and what an assistant tool prints is nobody's words."""

from __future__ import annotations

import re

from spacy.language import Language

from nlp.extract import DecisionExtractor
from nlp.language import LanguageInfo
from nlp.readers import read_conversation_text
from nlp.schema import Conversation, Detection, ExtractedDecision, Message

_AIDER = """# aider chat started at 2025-05-08 20:38:00

#### /ask How does the calculator keep its state?

The `App` component keeps the state and passes a click handler down.

> Tokens: 1.3k sent, 558 received.
> src\\component\\App.js
> Add file to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: y

#### Keep the history in the App state, not in calculate.js, because calculate should stay pure.

We will keep the history array in the `App` state because the calculation logic should stay pure. Here's the updated `App.js` file:

src\\component\\App.js
```javascript
import React from 'react';

export default class App extends React.Component {
  state = { total: null, history: [] };
}
```

This keeps the logic simple and easy to test.
"""


def _extract(nlp: Language, conversation: Conversation, seq: int, light: LanguageInfo | None = None) -> ExtractedDecision:
    # A detection without signals is read with the light parse, as the pipeline reads one.
    signals = () if light is not None else ("commitment",)
    detection = Detection(seq=seq, is_decision=True, confidence=0.9, snippet="", signals=signals)
    (decision,) = DecisionExtractor(nlp, light=light.light if light is not None else None).extract(conversation, [detection])
    return decision


def _turns(*texts: tuple[str, str]) -> Conversation:
    messages = tuple(
        Message(id=f"s#{seq}", seq=seq, author=role, role=role, content=text) for seq, (role, text) in enumerate(texts)
    )
    return Conversation(session_id="s", source_format="specstory", messages=messages)


def test_an_aider_reply_s_reasons_leave_its_code_and_the_blanks_that_stood_for_it_out(nlp: Language) -> None:
    conversation = read_conversation_text(_AIDER, "aider", "calc")
    seq = next(m.seq for m in conversation.messages if m.content.startswith("We will keep"))
    decision = _extract(nlp, conversation, seq)
    assert decision.rationale is not None
    assert "simple and easy to test" in decision.rationale
    assert not re.search(r"\s{2,}", decision.rationale), decision.rationale
    assert "React" not in decision.rationale and "src\\component" not in decision.rationale
    for text in (decision.summary, decision.subject or "", decision.context or ""):
        assert "Add file to the chat" not in text  # aider's own prompt, not the user's question


def test_a_summary_that_would_be_code_is_the_message_s_next_best_sentence(nlp: Language) -> None:
    conversation = _turns((
        "user",
        # "->" reads as a commitment ("A -> B"): in code it is a return type, and no statement.
        "def merge(self, other: Meta) -> Meta:\n    return other\nKeep one metadata class for every plugin.",
    ))
    decision = _extract(nlp, conversation, 0)
    assert decision.summary == "Keep one metadata class for every plugin."
    assert decision.status == "active"


def test_a_unit_that_states_nothing_but_code_waits_for_review_without_its_code(nlp: Language) -> None:
    code = "merged_data = {**self.data, **other.data}\nreturn SimpleTypeMeta(data=merged_data)"
    decision = _extract(nlp, _turns(("user", code)), 0)
    assert decision.status == "candidate"
    assert "merged_data" not in decision.summary


def test_a_summary_is_not_cut_inside_inline_code_nor_left_ending_at_a_list_marker(
    nlp: Language, language: LanguageInfo
) -> None:
    # The light parse ends a sentence at the "?" inside the backticks and at "1.".
    for text, whole in (
        (
            "为了移除 `window_craftlist.rb` 中的 `can_craft?` 方法，并将相应的调用直接改成调用 `$game_craft.can_craft?`，"
            "我们需要进行以下步骤：\n\n1. 修改 `window_craftlist.rb`。\n2. 运行测试。",
            "为了移除 `window_craftlist.rb` 中的 `can_craft?` 方法，并将相应的调用直接改成调用 `$game_craft.can_craft?`，"
            "我们需要进行以下步骤：",
        ),
        (
            "We need these steps, then `can_craft?` goes away: 1. Remove the method.",
            "We need these steps, then `can_craft?` goes away:",
        ),
    ):
        decision = _extract(nlp, _turns(("assistant", text)), 0, language)
        assert decision.summary == whole
