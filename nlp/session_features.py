"""What the session detector sees of a turn of a coding-assistant session.

A coding session is scored by a model of its own (``DetectorModel.session``), apart from the
model every other kind shares: trained into the shared weights, sessions moved the other
kinds' operating points (docs/quality.md, "Coding-assistant sessions"). Every feature name
here starts with ``SESSION_PREFIX``, and the session weights are a vector of their own, so
nothing a session teaches can reach a meeting's score, and back.

What decides in a session is read from the development sessions' labels
(``eval/sessions``): mostly a user's instruction that picks how the code should be ("instead
of coloring borders, color each component", "no backup files, just overwrite"), an
assistant's recommendation the user asked for ("I recommend staying on the branch"), and a
user taking up what the assistant offered ("yes do that"). What does not: a user's question
or error report, an assistant's explanation, plan narration and summary of what it did.

Per turn: its words and word pairs by role (a user's "use X" instructs, an assistant's
proposes), its role and the role of the turn before it, how it opens, its length, whether it
asks, pastes code or a log, whether the turn before it asked or offered options, the first
words of the talk before it, and the rule signals (``nlp.decision_cues``, in English and the
languages of ``nlp.cue_languages``) by role. Nothing after a
turn: a session is ingested as it grows, and a turn is judged the same before its answer is
written as after (a feature of the edits after a turn found decisions a whole read found and
a growing one missed).

Words are read in any script (``nlp.script_tokens``), but a word's weight is learned only
from sessions in its language, and the labelled sessions are nearly all in English. What a
turn is in any language (its role, its length, a question mark, pasted code, listed options
or tool work before it) is in ``structural_rows`` too: the model is trained on every turn
twice, as it is and with the features read from its words left out (``LEXICAL``), so that
the structure alone scores a turn of a language it never learned.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from nlp.chat_features import chat_rows
from nlp.cue_languages.signals import is_short_agreement, offers
from nlp.decision_cues import says_choice_words
from nlp.detector_features import CHAT, SESSION, SESSION_PREFIX, SPOKEN, ConversationFeatures, hashed_names
from nlp.schema import TOOL_ROLE, Message
from nlp.script_tokens import ends_question, script_tokens
from nlp.spoken_features import spoken_rows

TALK_BEFORE = 2
"""Talk turns before a turn whose opening words are features (tool turns are skipped)."""
OPENING_WORDS = 6
_LOG_LINE = re.compile(r"^\s*(?:Traceback|\w*(?:Error|Exception)\b|at \S+\(|\s*File \")", re.MULTILINE)
"""A line of a stack trace or error log: a user who pastes one asks for a fix, not a choice."""
_LISTED_OPTIONS = re.compile(r"^\s*(?:\d+[.)\u3001\uff0e]|[-*]\s+\*\*)", re.MULTILINE)
"""An assistant's turn that lists options ("1. …", "- **Keep it** …", "1、…"), in any language:
the user's next turn often settles it."""
_OFFER = re.compile(
    r"^\s*(?:#+\s*option|option\s+\w+\s*[:.)-])"
    r"|\b(?:would you like|do you want|shall i|should i|which (?:one|option|approach)|or would you|let me know if)\b",
    re.IGNORECASE | re.MULTILINE,
)
"""The same said in English words ("Option A:", "Would you like me to …"); in other languages,
``nlp.cue_languages`` ("需要我…吗", "хотите, я …")."""
LEXICAL = ("|w:", "|b:", "|first:", "|first2:", "sig:", "|is_reply", "|after_offer:")
"""What of a feature name is read from the words of a language (words, word pairs, openings,
the rule cues, an English "ok" or "would you like"): a turn in a language the model never
learned has none of these with a weight, and is scored by the rest (``structural_rows``)."""


def session_names(features: ConversationFeatures, seq: int) -> list[str]:
    """The feature names of the turn at ``seq`` of a session, each under ``SESSION_PREFIX``."""
    messages = features.messages
    message = messages[seq]
    role = message.role or "none"
    words = script_tokens(message.content)
    names = ["bias", f"role:{role}"]
    names += [f"{role}|w:{w}" for w in words]
    names += [f"{role}|b:{a}_{b}" for a, b in zip(words, words[1:], strict=False)]
    if words:
        # How a turn opens says what it does: "add …", "use …", "let's …" instruct;
        # "why …", "what …" ask; "ok, …" takes up what came before; "I'll …" narrates.
        names.append(f"{role}|first:{words[0]}")
        if len(words) > 1:
            names.append(f"{role}|first2:{words[0]}_{words[1]}")
    size = len(words)
    names.append(f"{role}|len:{_size(size)}")
    content = message.content
    if ends_question(content):
        names.append(f"{role}|ends_question")
    if "```" in content or _LOG_LINE.search(content):
        names.append(f"{role}|pastes_code")
    if features.replies[seq] or is_short_agreement(content):
        names.append(f"{role}|is_reply")
    before = _talk_before(messages, seq)
    if before:
        last = before[-1]
        last_role = last.role or "none"
        names.append(f"after:{role}>{last_role}")
        if ends_question(last.content):
            names.append(f"{role}|after_question:{last_role}")
        if _LISTED_OPTIONS.search(last.content):
            names.append(f"{role}|after_options:{last_role}")
        if _OFFER.search(last.content) or offers(last.content):
            names.append(f"{role}|after_offer:{last_role}")
        if any(m.role == TOOL_ROLE for m in messages[last.seq + 1 : seq]):
            names.append(f"{role}|after_tools")
    for distance, earlier in enumerate(reversed(before), start=1):
        # Not a number: "ISO 8601" two turns back says nothing of this turn, and its weight
        # was learned from the few sessions that named numbers there (a user's "add a test"
        # after it scored as a decision; by owner, stored F1 0.570 with them, 0.574 without).
        opening = [w for w in script_tokens(earlier.content, OPENING_WORDS) if w != "<num>"]
        names += [f"p{distance}|{earlier.role or 'none'}|w:{w}" for w in opening]
    if role != TOOL_ROLE and says_choice_words(content):
        # A word of choosing anywhere in the turn, in any language with a lexicon: the rule
        # signals read one sentence, and a turn's own words weigh only in a language the
        # model learned; this is the same feature in all of them.
        names.append(f"{role}|sig:choice_words")
    signals = features.signals(seq)
    names += [f"sig:{name}" for name in signals]
    names += [f"{role}|sig:{name}" for name in signals]
    return [f"{SESSION_PREFIX}{name}" for name in names]


def session_rows(features: ConversationFeatures) -> list[list[int]]:
    """The hashed features (``session_names``) of every turn, in order."""
    return [hashed_names(session_names(features, m.seq)) for m in features.messages]


def structural_rows(features: ConversationFeatures) -> list[list[int]]:
    """The hashed features of every turn without those read from its language's words
    (``LEXICAL``): a turn as the model sees one in a language it never learned. Trained on
    beside the full rows, they teach the structure to score a turn on its own."""
    return [
        hashed_names([name for name in session_names(features, m.seq) if not any(part in name for part in LEXICAL)])
        for m in features.messages
    ]


def _size(words: int) -> str:
    return "1-3" if words <= 3 else "4-10" if words <= 10 else "11-30" if words <= 30 else "31+"


def _talk_before(messages: Sequence[Message], seq: int) -> list[Message]:
    """The last ``TALK_BEFORE`` talk turns before ``seq`` (tool calls and output skipped), oldest first."""
    found: list[Message] = []
    for earlier in reversed(messages[max(0, seq - 40) : seq]):
        if earlier.role != TOOL_ROLE:
            found.append(earlier)
            if len(found) == TALK_BEFORE:
                break
    return found[::-1]


def scored_rows(features: ConversationFeatures, kind: str, spoken: bool = False, chat: bool = False) -> list[list[int]]:
    """The rows a model scores for a conversation scored as ``kind``
    (``DetectorModel.scored_kind``): a session's own features, a spoken meeting's own when
    ``spoken`` (the model has a spoken scorer), a chat's own when ``chat``, else the shared ones."""
    if kind == SESSION:
        return session_rows(features)
    if kind == SPOKEN and spoken:
        return spoken_rows(features)
    if kind == CHAT and chat:
        return chat_rows(features)
    return features.all_hashed()
