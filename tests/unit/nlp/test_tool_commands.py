"""A turn of slash commands works a tool: it states no decision (nlp.tool_commands)."""

from __future__ import annotations

from nlp.code_text import pasted_output
from nlp.detector_features import ConversationFeatures, tally, untally
from nlp.schema import Conversation, Message
from nlp.scored_units import units_from
from nlp.tool_commands import only_commands, works_the_tool, written_by_tool


def test_commands_that_work_the_tool_and_those_that_talk_to_the_model() -> None:
    assert works_the_tool("/ls") and works_the_tool("/run pytest -q") and works_the_tool("  /git remote add origin x")
    assert not works_the_tool("/ask should dates be ISO strings?")
    assert not works_the_tool("/code use ISO strings everywhere")
    assert not works_the_tool("/home/me/notes.txt has the spec"), "a path is not a command"
    assert not works_the_tool("Use /api/v2 for the new endpoints")
    assert only_commands("/add notes.py\n\n/run pytest\n")
    assert not only_commands("/add notes.py\nnow use ISO strings everywhere")
    assert not only_commands("")


def test_a_turn_of_commands_anchors_no_decision_however_the_model_scores_it() -> None:
    turns = [("user", "/git remote add origin https://example.org/me/app.git"), ("assistant", "Done."),
             ("user", "Use ISO 8601 strings for every date.")]
    messages, features = _session(turns, "aider")
    confidences, units = units_from(features, [0.95, 0.1, 0.95], 0.5, session=True)
    assert confidences[0] == 0.0
    assert [unit.anchor for unit in units] == [2]


def test_a_prompt_the_editor_wrote_anchors_no_decision_and_keeps_its_role() -> None:
    build = ("Implement the plan as specified, it is attached for your reference. Do NOT edit the plan file itself.\n\n"
             "To-do's from the plan have already been created. Do not create them again.")
    assert written_by_tool(build) and written_by_tool("/ls") and not written_by_tool("Implement the plan, but use Redis.")
    turns = [("user", "Plan the cache: use Redis, not Memcached."), ("assistant", "Here is the plan."), ("user", build)]
    messages, features = _session(turns, "specstory")
    confidences, units = units_from(features, [0.95, 0.1, 0.95], 0.5, session=True)
    assert confidences[2] == 0.0 and messages[2].role == "user"
    assert [unit.anchor for unit in units] == [0]


def test_a_prompt_sent_again_anchors_no_decision_but_a_short_answer_repeated_does() -> None:
    ask = "Please change the dash-case class names to camelCase in all .module.css files"
    turns = [("user", ask), ("assistant", "Which folder?"), ("user", "  please change the dash-case class names to "
             "CAMELCASE in all .module.css files"), ("assistant", "**A.** src **B.** lib"), ("user", "yes"),
             ("assistant", "**A.** keep **B.** drop"), ("user", "yes")]
    messages, features = _session(turns, "specstory")
    confidences, units = units_from(features, [0.95, 0.1, 0.95, 0.1, 0.95, 0.1, 0.95], 0.5, session=True)
    assert confidences[2] == 0.0  # the same words again, case and spacing aside
    assert confidences[4] == confidences[6] == 0.95  # a short answer to a new question
    assert 2 not in {unit.anchor for unit in units} and 0 in {unit.anchor for unit in units}
    # Outside a session (a chat, minutes) a repeated line is left to the model.
    chat = ConversationFeatures(Conversation(session_id="c", source_format="chat-jsonl", messages=messages), {})
    assert units_from(chat, [0.95, 0.1, 0.95, 0.1, 0.95, 0.1, 0.95], 0.5)[0][2] == 0.95


def test_a_prompt_sent_again_in_a_later_part_of_a_session_is_known_from_the_tally() -> None:
    ask = "Please change the dash-case class names to camelCase in all .module.css files"
    first = (Message(id="s#0", seq=0, role="user", author="user", content=ask),
             Message(id="s#1", seq=1, role="assistant", author="assistant", content="Done."))
    later = (Message(id="s#2", seq=0, role="user", author="user", content=ask.upper()),)
    before = tally(first)
    assert len(before.prompts) == 1 and tally(later, before).prompts == before.prompts
    part = ConversationFeatures(Conversation(session_id="s", source_format="specstory", messages=later, preceding=before), {})
    assert units_from(part, [0.95], 0.5, session=True)[0] == [0.0]
    alone = ConversationFeatures(Conversation(session_id="s", source_format="specstory", messages=later), {})
    assert units_from(alone, [0.95], 0.5, session=True)[0] == [0.95]
    # What came before a part keeps its prompts, whatever window is read with the part.
    assert untally(tally(first), first[1:]).prompts == before.prompts


def test_cursors_fix_prompt_is_the_editors_unless_the_user_adds_words() -> None:
    fix = ("For the code present, we get this error:\n```\nCannot find module 'next/navigation'.\n```\n"
           "How can I resolve this? If you propose a fix, please make it concise.")
    assert written_by_tool(fix)
    assert not written_by_tool(fix + "\nLet's drop next-intl and keep our own router.")
    assert not written_by_tool("For the code present, we get this error: a timeout. Let's switch to Postgres.")


def test_pasted_machine_output_anchors_no_decision_but_a_fenced_document_or_words_do() -> None:
    trace = ("Exception in thread \"main\" java.lang.IllegalStateException: no bean\n"
             "\tat com.example.tourism.App.main(App.java:18)\n\tat java.base/java.lang.Thread.run(Thread.java:833)")
    assert pasted_output(trace)
    assert pasted_output("2025-04-14 02:00:18.708  INFO 21344 --- [main] o.s.b.StartupInfoLogger : Starting App")
    assert not pasted_output(trace + "\nThis keeps failing, so let's drop the bean and use a plain factory instead.")
    assert not pasted_output("```\nUse Pandera for dataframe schemas; keep pydantic for records.\n```")
    turns = [("user", trace), ("assistant", "The bean is missing."), ("user", "Use a plain factory, not a bean.")]
    messages, features = _session(turns, "specstory")
    confidences, units = units_from(features, [0.95, 0.1, 0.95], 0.5, session=True)
    assert confidences[0] == 0.0
    assert [unit.anchor for unit in units] == [2]


def _session(turns: list[tuple[str, str]], source_format: str) -> tuple[tuple[Message, ...], ConversationFeatures]:
    """The turns (role, text) as a session's messages, each written by its role, and their features."""
    messages = tuple(Message(id=f"s#{seq}", seq=seq, role=role, author=role, content=text)
                     for seq, (role, text) in enumerate(turns))
    return messages, ConversationFeatures(Conversation(session_id="s", source_format=source_format, messages=messages), {})
