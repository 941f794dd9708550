"""The learned model's confidences with the rules' vetoes and declarations applied, and the
decision units (``nlp.units``) they form: one decision per proposal, its votes and its
conclusion. The detector and the evaluation both go through ``units_from``."""

from __future__ import annotations

from collections.abc import Sequence

from nlp.code_text import pasted_output
from nlp.decision_cues import is_proposal
from nlp.detector_features import ConversationFeatures
from nlp.option_picks import pick_at
from nlp.resent_prompts import resent
from nlp.schema import TOOL_ROLE, Message
from nlp.tool_commands import written_by_tool
from nlp.units import Unit, decision_units

VETOES = frozenset({"question", "negated", "empty"})
"""A message whose best sentence asks, or says a decision was not made, or that holds only a
placeholder ("N/A" under a "Decisions" heading) decides nothing, whatever else it holds:
its confidence is capped below any sensible threshold."""
VETO_CAP = 0.3


DECLARED_FLOOR = 0.9
"""An item a note-taker filed under a "Decisions" (or "Resolutions", "Agreed") heading is a
decision unless it asks or negates, or sits under an action-item heading too: its
confidence is at least this. The learned model cannot know it for a notes layout it never
saw (cross-validated by repository, each repository's headings are new to the model).

An item under an "Outcomes" or "Conclusion" heading is declared too when it says that
something was agreed, accepted or approved (``AGREED_SIGNALS``): such lists also hold what
was only discussed ("Brief discussion about charter."), so the heading alone is not enough,
but "RFC accepted with request to add a comment" filed there is the note-taker's record of
a decision."""
AGREED_SIGNALS = frozenset({"strong_cue", "acceptance", "consensus", "we_commit"})


def units_from(
    features: ConversationFeatures, confidences: Sequence[float], threshold: float, session: bool = False
) -> tuple[list[float], list[Unit]]:
    """The model's confidences with vetoes and declarations applied, and the decision units
    they form; the detector and the evaluation both go through here. ``session``: scored by
    the session model, where a user's turn that says the choice in so many words (a strong
    cue: "we decided …", "let's go with …", "settled on …") is declared: the session model
    learns from a few hundred turns that seldom say it so (by owner, stored F1 0.574 -> 0.581).
    So is a user's turn that picks one of the options the assistant offered ("B" after
    "**A.** … **B.** …", ``nlp.option_picks``): a choice between named alternatives, settled
    (by owner, stored F1 0.592 -> 0.633; two owners' sessions ask their questions so)."""
    messages = features.messages
    signals = [features.signals(m.seq) for m in messages]
    if session:
        signals = [(*names, "declared") if _says_choice(messages, m.seq, names) else names
                   for m, names in zip(messages, signals, strict=True)]
    final = capped(confidences, signals)
    # A tool call or its output is evidence of what a session did, never talk: it can
    # neither state a decision nor anchor one, whatever words a file or log holds. So is a
    # turn of slash commands that work the tool ("/ls", "/run pytest") or a prompt the editor
    # wrote for the user (Cursor's "Implement the plan as specified"). It keeps its role, so
    # the turns after it read as before: given the tool's role by the reader instead, they
    # read "after the tool" and stored session F1 by owner fell 0.548 -> 0.483 (here: 0.592;
    # Cursor's prompt as a system turn, 0.639 -> 0.621; held here, 0.640).
    # In a session, so is a user's turn that repeats an earlier one word for word: the prompt
    # sent again (after an error, a lost answer) says nothing the first did not (nlp.resent_prompts).
    again = resent(messages, features.prompts_before) if session else set()
    # So is a message of nothing but pasted machine output (a log, a stack trace, a command
    # line): no words of its writer's own state anything. Asked only of those that could anchor.
    final = [0.0 if m.role == TOOL_ROLE or m.seq in again or written_by_tool(m.content)
             or (score >= threshold and pasted_output(m.content)) else score
             for m, score in zip(messages, final, strict=True)]
    units = decision_units(
        final, features.replies, threshold, [m.topic for m in messages],
        statements_join=features.kind != "notes", times=[m.timestamp for m in messages],
        authors=[m.author for m in messages],
        # In a chat, "Agreed, let's do that." agrees with the proposal just before it. In a
        # meeting that votes, a run of "+1"s follows the scribed proposal, which the model
        # scores, and the chair's questions in between are many (W3C recall 0.858 -> 0.847).
        proposes=(lambda seq: is_proposal(messages[seq].content)) if features.kind == "chat" else None,
    )
    return final, units


def _says_choice(messages: Sequence[Message], seq: int, signals: Sequence[str]) -> bool:
    """Whether a session's turn is a user's that states a choice outright: a strong cue, or
    a pick of an offered option."""
    return messages[seq].role == "user" and ("strong_cue" in signals or pick_at(messages, seq) is not None)


def capped(confidences: Sequence[float], signals: Sequence[Sequence[str]]) -> list[float]:
    """``confidences`` with every vetoed message held at ``VETO_CAP`` and every declared one
    (under a decisions heading or label, or an outcomes heading with an agreed cue) raised
    to ``DECLARED_FLOOR``."""
    out = []
    for confidence, names in zip(confidences, signals, strict=True):
        found = set(names)
        if VETOES & found:
            confidence = min(confidence, VETO_CAP)
        elif "action_topic" not in found and (
            "decision_topic" in found or "declared" in found or ("outcome_topic" in found and AGREED_SIGNALS & found)
        ):
            confidence = max(confidence, DECLARED_FLOOR)
        out.append(confidence)
    return out
