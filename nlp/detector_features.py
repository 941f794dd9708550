"""What the learned detector sees of a message: its words, its neighbours, its rule signals.

Every feature is a name hashed (crc32) into ``BUCKETS`` slots, so the model is one weight
vector and unseen words cost nothing. Per message:

- its words and word pairs (the first ``MAX_TOKENS``), lower-cased;
- the first words of the two messages before and after it ("+1", "agreed", "so we'll …"
  answer or lead into a decision);
- how many bare votes or short agreements stand just before and just after it (a
  proposal is followed by a run of "+1"s; a chair's conclusion follows them), and how
  many of those votes are against or abstain ("-1", "0": a poll that draws them is often
  not resolved);
- how many messages around it carry rule cues, and where in the meeting it stands;
- its length, whether it asks, whether its author speaks most in the meeting (the chair);
- for notes, whether its heading says decisions, outcomes or action items;
- the rule signals of ``nlp.decision_cues`` for the messages the pre-filter let through.

Words are shared by every kind of conversation (``kind_of``: notes, a meeting that votes,
a spoken meeting, a chat); everything about a message's place among its neighbours is
learned per kind, and rule signals both ways: what "no vote follows" means in W3C minutes
is not what it means in a two-person chat. In a short thread (a chat of fewer than
``THREAD_MESSAGES``) the neighbours' words are left out: a thread of five messages has
little to learn them from, and what was learned of them fitted single threads (in-sample
+0.5 a word, out of fold noise; docs/experiments/2026-11-25-detection-variants.md).

No embedding: all-MiniLM on this project's 2 cores embeds about 73 short messages a
second, and detection must keep up with 2,000.
"""

from __future__ import annotations

import re
import zlib
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Literal

from nlp.resent_prompts import prompt_keys
from nlp.schema import Conversation, Message, Preceding

BUCKETS = 1 << 18
MAX_TOKENS = 60
NEIGHBOUR_TOKENS = 6
_TOKEN = re.compile(r"[+-]1\b|[a-z][a-z'+#-]*|\d+|\?")
_VOTE = re.compile(r"^\W*(?:[+-][01]|0)(?:\W|$)")
_SHORT_AGREEMENT = re.compile(
    r"^\W*(agreed|agree|yes|yeah|yep|ok(ay)?|sure|right|fine|sounds good|great|good|lgtm|approved|"
    r"no objections?|so resolved|resolved|done|deal|works for me|fine by me)\b",
    re.IGNORECASE,
)
_BACKCHANNEL = re.compile(
    r"^\W*(?:(?:mm-hmm|uh-huh|mm+|hmm+|um+|uh+|ah+|oh|okay|ok|yeah|yes|yep|right|so|well|and|but)\b\W*)+$",
    re.IGNORECASE,
)
_AGREEMENT_OPENING = re.compile(
    r"^\W*(agreed|i agree|agree|sounds good|\+1|fine by me|makes sense|no objections?)\b", re.IGNORECASE
)
# Whole words: "Multiresolution" and "multi-resolution grids" are agenda items, not a list of resolutions.
DECISION_HEADING = re.compile(r"(?<![\w-])(decisions?|resolutions?|agreed|resolved)\b", re.IGNORECASE)
OUTCOME_HEADING = re.compile(r"(?<![\w-])(outcomes?|conclusions?|results?)\b", re.IGNORECASE)
ACTION_HEADING = re.compile(r"action item|actions? items|todo|next steps", re.IGNORECASE)
KINDS = {"qmsum": "spoken", "markdown": "notes"}
SESSION_FORMATS = frozenset({"claude-code", "codex", "aider", "specstory"})
"""Coding-assistant sessions: a user instructs, an assistant answers and acts through tools."""
SESSION = "session"
"""The operating kind of a coding-assistant session: read as a chat by the shared model, scored
by a model of its own when the detector has one (``nlp.session_features``)."""
SPOKEN = "spoken"
"""The kind of a transcribed spoken meeting: scored by a model of its own when the detector has
one (``nlp.spoken_features``), else by the shared weights."""
VOTING = "voting"
"""The kind of a conversation that decides by voting (``kind_of``): scored by a model of its own
when the detector has one (``nlp.voting_features``), else by the shared weights."""
CHAT = "chat"
"""The kind of a chat (``kind_of``): IRC or team chat, an issue thread, minutes that do not vote.
Scored by a model of its own when the detector has one (``nlp.chat_features``), else by the
shared weights."""
SESSION_PREFIX = "session|"
"""Every feature name of the session model starts with this."""
_FILLER = re.compile(r"\b(um+|uh+|hmm+|mm-hmm|uh-huh)\b", re.IGNORECASE)
SPOKEN_SHARE = 0.15
"""A conversation in which this share of messages holds a filler ("um", "uh", "mm-hmm") was
spoken and transcribed, whatever its file format."""


THREAD_MESSAGES = 20
"""A chat of fewer messages than this is one short thread (a question, a few replies, an
answer), not a long channel or log: the same length below which a conversation is not
read as a spoken meeting."""


VOTING_SHARE = 0.02
"""A conversation in which at least this share of messages (and at least 3) are bare votes,
and that holds a poll (``POLL_VOTERS``), decides by voting: IRC-scribed minutes, a chat that polls with "+1"."""
RUN_GAP = 1
"""Messages that are not votes a run of votes may hold and go on ("+1" - "sorry, +1 from me too" - "+1")."""
POLL_VOTERS = 3
"""A poll is a run of bare votes from at least this many people. A group that decides by
voting asks and the room answers ("+1", "+1", "+1" after a proposal: 358 of the 362 labelled
W3C minutes read as voting hold one); two people who "+1" a suggestion in a chat are a reply
and a seconding, not a vote. Chef and I2P meetings that "+1" here and there (2-3% of their
messages, never three people in a row) were read as minutes that vote, and their 17 decisions
moved the voting model's training and points (docs/experiments/2026-11-26-voting-points.md)."""


PROSE_NOTES = "notes-prose"
"""The operating point of notes that file no decision under a heading or label ("Decisions",
"Outcomes", "RESOLVED:"): their decisions are sentences of prose. Where a note-taker keeps
such a list, the prose around it is discussion, and the same score means less there: one
operating point for both cannot serve both (docs/experiments/2026-11-25-detection-variants.md,
"Minutes of a project the detector never saw"). Only the threshold differs; the features are those of ``notes``."""
FILED = frozenset({"decision_topic", "declared", "outcome_topic"})
"""The rule signals of a message filed under a decisions or outcomes heading, or a decision label."""

DetectorKind = Literal["chat", "notes", "notes-prose", "voting", "spoken", "session"]
"""Every kind of conversation the detector has points for (a settings value names one)."""
DRAFT_KINDS: frozenset[DetectorKind] = frozenset({"spoken"})
"""Kinds no operating point makes reliable, so every detection in them waits for a person.
Spoken meetings: no point reaches ``RELIABLE_PRECISION`` by the AMI labels, and at the point
chosen instead (as many stored as were labelled) two blind readings of 60 stored decisions
found 12 and 10 real decisions in their own words (docs/quality.md, "spoken"). A person
confirms them from the review queue; nothing a reader would not call a decision is stored."""


def kind_of(conversation: Conversation) -> str:
    """``notes``, ``voting``, ``spoken`` or ``chat``: how a conversation reaches its decisions.

    The kind is read from the conversation itself (markdown notes; whether it votes; a QMSum
    file, or fillers in many messages, for a transcribed spoken meeting), so the same rule
    holds at training and at ingest. Part of a session (``preceding``) is of its whole
    session's kind.
    """
    by_format = KINDS.get(conversation.source_format, "chat")
    if by_format == "notes":
        return by_format
    whole = tally(conversation.messages, conversation.preceding)
    if whole.votes >= 3 and whole.votes >= VOTING_SHARE * whole.messages and whole.polls >= 1:
        return VOTING
    if by_format == "spoken" or (whole.messages >= THREAD_MESSAGES and whole.fillers >= SPOKEN_SHARE * whole.messages):
        return "spoken"
    return "chat"


def tally(messages: Sequence[Message], before: Preceding | None = None) -> Preceding:
    """``before`` with ``messages`` counted in: what the messages after them need to know."""
    authors = Counter(before.authors if before is not None else {})
    authors.update(m.author for m in messages if m.author)
    return Preceding(
        messages=(before.messages if before is not None else 0) + len(messages),
        votes=(before.votes if before is not None else 0) + sum(1 for m in messages if is_vote(m.content)),
        fillers=(before.fillers if before is not None else 0) + sum(1 for m in messages if _FILLER.search(m.content)),
        authors=dict(authors),
        polls=(before.polls if before is not None else 0) + polls(messages),
        prompts=tuple(sorted({*(before.prompts if before is not None else ()), *prompt_keys(messages)})),
    )


def polls(messages: Sequence[Message]) -> int:
    """How many runs of bare votes (``RUN_GAP``) among ``messages`` hold ``POLL_VOTERS`` people
    or more. A run cut by the edge of a part of a session counts only as far as the part holds it."""
    count, voters, misses = 0, set[str](), 0
    for index, message in enumerate(messages):
        if is_vote(message.content):
            voters.add(message.author or f"#{index}")  # a vote without an author is someone's
            misses = 0
            continue
        misses += 1
        if misses > RUN_GAP:
            count += int(len(voters) >= POLL_VOTERS)
            voters = set()
    return count + int(len(voters) >= POLL_VOTERS)


def untally(whole: Preceding, messages: Sequence[Message]) -> Preceding:
    """``whole`` without ``messages`` (its last ones): what came before them."""
    part = tally(messages)
    authors = Counter(whole.authors)
    authors.subtract(part.authors)
    return Preceding(
        messages=max(0, whole.messages - part.messages), votes=max(0, whole.votes - part.votes),
        fillers=max(0, whole.fillers - part.fillers), authors={a: n for a, n in authors.items() if n > 0},
        polls=max(0, whole.polls - part.polls),
        # The prompts stay: a part's window is read with it, and a prompt of the window sent
        # again after it is sent again either way.
        prompts=whole.prompts,
    )


def tokens(text: str, limit: int = MAX_TOKENS) -> list[str]:
    """Lower-cased word tokens, votes ("+1") and question marks, the first ``limit``."""
    found = _TOKEN.findall(text[: limit * 12].lower())
    # A number is an issue, a year or a version: which one says nothing about deciding, and
    # a weight per number would be learned from the single meeting that named it.
    return ["<num>" if token.isdigit() else token for token in found[:limit]]


def is_vote(text: str) -> bool:
    """A bare vote ("+1", "0", "-1 because …" counts when it starts the message)."""
    return bool(_VOTE.match(text)) and len(text) < 80


AGREEMENT_TAIL_WORDS = 3
"""Words an agreement may add and still say nothing of its own ("Sounds good to me", "Yes,
let's do it"); "Okay, we'll wait for the venue." says what was decided."""


_DISSENT = re.compile(r"^\W*(?:-\s*1|[+-]?\s*0(?:\.\d+)?)(?:\W|$)")


def is_dissent(text: str) -> bool:
    """A vote against or an abstention ("-1", "0", "-0.5", "+0"): a proposal that draws them
    is often not resolved."""
    return is_vote(text) and bool(_DISSENT.match(text))


def is_short_agreement(text: str) -> bool:
    """"Agreed.", "OK", "no objections" — a reply that carries no content of its own."""
    opening = _SHORT_AGREEMENT.match(text)
    if opening is None or len(text) >= 40:
        return False
    return len(_TOKEN.findall(text[opening.end():].lower())) <= AGREEMENT_TAIL_WORDS


REPLY_CHARS = 60


def is_backchannel(text: str) -> bool:
    """"Mm-hmm.", "Um okay, so um": fillers and acknowledgements only, nothing said of its own
    (a spoken meeting holds hundreds of them)."""
    return bool(_BACKCHANNEL.match(text))


def is_reply(text: str) -> bool:
    """A vote, a short agreement, a backchannel, or a short message that opens by agreeing
    ("Agreed, let's do that."): it joins a decision rather than stating one. "Agreed. We
    decided to use PostgreSQL for the orders service because …" states one."""
    return (
        is_vote(text) or is_short_agreement(text) or is_backchannel(text)
        or (len(text) < REPLY_CHARS and bool(_AGREEMENT_OPENING.match(text)))
    )


def word_names(text: str, kind: str) -> list[str]:
    """The word and word-pair features of ``text`` alone in a conversation of ``kind``, as
    ``ConversationFeatures.names`` spells them: what the model's weights say of a
    sentence's own words."""
    words = tokens(text)
    pairs = [f"{a}_{b}" for a, b in zip(words, words[1:], strict=False)]
    names = ["bias", *(f"w:{w}" for w in words), *(f"b:{p}" for p in pairs)]
    if kind == "spoken":
        names += [*(f"spoken|w:{w}" for w in words), *(f"spoken|b:{p}" for p in pairs)]
    return names


def hashed_names(names: list[str]) -> list[int]:
    """The buckets of feature names, duplicates removed."""
    return sorted({_hashed(name) for name in names})


@lru_cache(maxsize=1 << 17)
def _hashed(name: str) -> int:
    # Cached: a conversation asks for the same few thousand names (words, neighbours'
    # words, structure) hundreds of thousands of times.
    return zlib.crc32(name.encode()) % BUCKETS


def _count_bucket(n: int) -> str:
    return "0" if n == 0 else "1" if n == 1 else "2-3" if n <= 3 else "4+"


class ConversationFeatures:
    """Features of every message of one conversation, computed once.

    Args:
        conversation: The messages.
        signals: Rule signals per message seq (only the pre-filtered ones have any).
    """

    def __init__(self, conversation: Conversation, signals: dict[int, tuple[str, ...]]) -> None:
        self._messages = conversation.messages
        self._signals = signals
        self._kind = kind_of(conversation)
        whole = tally(self._messages, conversation.preceding)
        # Part of a session (an incremental ingest) stands where it stands in the whole.
        self._before = whole.messages - len(self._messages)
        self._prompts_before = conversation.preceding.prompts if conversation.preceding is not None else ()
        self._total = whole.messages
        # A short thread's neighbours are few and its kind's data small: their words would
        # be learned from single threads. Whether a neighbour agrees is kept.
        self._neighbour_words = not (self._kind == "chat" and self._total < THREAD_MESSAGES)
        self._words = [tokens(m.content) for m in self._messages]
        self._replies = [is_reply(m.content) for m in self._messages]
        self._dissent = [is_dissent(m.content) for m in self._messages]
        strong = {"strong_cue", "we_commit", "agreement_to_proposal", "acceptance", "decision_topic"}
        self._cued = [bool(self._signals.get(m.seq)) for m in self._messages]
        self._strong = [bool(strong & set(self._signals.get(m.seq, ()))) for m in self._messages]
        authors = Counter(whole.authors)
        self._chair = authors.most_common(1)[0][0] if authors else None
        filed = any(FILED & set(names) for names in self._signals.values())
        self._operating_kind = PROSE_NOTES if self._kind == "notes" and not filed else self._kind
        if conversation.source_format in SESSION_FORMATS:
            self._operating_kind = SESSION

    @property
    def prompts_before(self) -> tuple[str, ...]:
        """The user prompts of the session's parts before this one (``Preceding.prompts``)."""
        return self._prompts_before

    @property
    def kind(self) -> str:
        """The kind of source (``kind_of``)."""
        return self._kind

    @property
    def operating_kind(self) -> str:
        """Which operating point scores this conversation: its kind, except notes in which
        the note-taker filed no decision under a heading or label (``PROSE_NOTES``) and
        coding-assistant sessions (``SESSION``: their own model when the detector has one,
        else the chat point, ``operating_logit_of``)."""
        return self._operating_kind

    @property
    def messages(self) -> tuple[Message, ...]:
        """The conversation's messages."""
        return self._messages

    @property
    def replies(self) -> list[bool]:
        """Whether each message is a reply (``is_reply``)."""
        return self._replies

    def signals(self, seq: int) -> tuple[str, ...]:
        """The rule signals of the message at ``seq`` (empty when the pre-filter skipped it)."""
        return self._signals.get(seq, ())

    def names(self, seq: int) -> list[str]:
        """The feature names of the message at ``seq`` (for tests and explanations)."""
        words = self._words[seq]
        names = ["bias", f"kind:{self._kind}"]
        names += [f"w:{w}" for w in words]
        names += [f"b:{a}_{b}" for a, b in zip(words, words[1:], strict=False)]
        if self._kind == "spoken":
            # Talk is not minutes: "okay", "we'll" and "the button" say different things in a
            # design meeting than in W3C minutes or a chat, and the AMI labels are many enough
            # to learn spoken words of their own beside the shared ones.
            names += [f"spoken|w:{w}" for w in words]
            names += [f"spoken|b:{a}_{b}" for a, b in zip(words, words[1:], strict=False)]
        # How a message sits among its neighbours means different things in a meeting that
        # votes and in a team chat ("no +1 after it"): those features are learned per kind.
        # Not for notes: their position, length and neighbours were learned from a few
        # repositories' templates and, cross-validated by repository, kept a third one's
        # decisions ("We voted to move our CLA ...") below its headings.
        if self._kind != "notes":
            names += [f"{self._kind}|{name}" for name in self._structure(seq)]
        elif self._messages[seq].author:
            # In notes, a line attributed to someone ("(SM): we should ...") is what they said;
            # what the meeting decided is usually recorded in the note-taker's own voice.
            names.append("notes|attributed")
        names += _heading_names(self._messages[seq])
        signals = self._signals.get(seq, ())
        names += [f"sig:{name}" for name in signals]
        names += [f"{self._kind}|sig:{name}" for name in signals]
        return names

    def _structure(self, seq: int) -> list[str]:
        message = self._messages[seq]
        words = self._words[seq]
        names: list[str] = []
        for offset, label in ((-2, "p2"), (-1, "p1"), (1, "n1"), (2, "n2")):
            other = seq + offset
            if 0 <= other < len(self._messages):
                if self._neighbour_words:
                    names += [f"{label}:{w}" for w in self._words[other][:NEIGHBOUR_TOKENS]]
                if self._replies[other]:
                    names.append(f"{label}:reply")
            # No feature for "no neighbour": a one-message input is not the end of a meeting.
        after = sum(self._replies[seq + 1 : seq + 9])
        before = sum(self._replies[max(0, seq - 8) : seq])
        names += [f"replies_after:{_count_bucket(after)}", f"replies_before:{_count_bucket(before)}"]
        dissent_after = sum(self._dissent[seq + 1 : seq + 9])
        dissent_before = sum(self._dissent[max(0, seq - 8) : seq])
        names += [f"dissent_after:{_count_bucket(dissent_after)}", f"dissent_before:{_count_bucket(dissent_before)}"]
        # Decisions are talked about in stretches: how many messages around this one carry
        # a cue, or a strong one, says more than the message alone in a long spoken meeting.
        around = slice(max(0, seq - 5), seq + 6)
        names += [f"cued_around:{_count_bucket(sum(self._cued[around]))}",
                  f"strong_around:{_count_bucket(sum(self._strong[around]))}"]
        names.append(f"position:{min(9, 10 * (self._before + seq) // max(1, self._total))}")
        if self._replies[seq]:
            names.append("is_reply")
            names.append(f"reply_run_ends:{seq + 1 >= len(self._messages) or not self._replies[seq + 1]}")
        size = len(words)
        names.append(f"len:{'1-3' if size <= 3 else '4-10' if size <= 10 else '11-30' if size <= 30 else '31+'}")
        if message.content.rstrip().endswith("?"):
            names.append("ends_question")
        if self._chair is not None and message.author == self._chair:
            names.append("chair")
        return names

    def hashed(self, seq: int) -> list[int]:
        """The bucket of each feature of the message at ``seq``, duplicates removed."""
        return sorted({_hashed(name) for name in self.names(seq)})

    def all_hashed(self) -> list[list[int]]:
        """``hashed`` for every message, in order."""
        return [self.hashed(m.seq) for m in self._messages]


def heading_kinds(topic: str | None) -> list[str]:
    """What a message's heading says its list holds: ``decision`` or ``outcome``, and ``action``.

    Only the innermost part of the topic counts (a "Decisions:" lead-in, else the nearest
    heading): outer headings often name several sections at once.
    """
    if not topic:
        return []
    innermost = topic.rsplit(">", 1)[-1]
    kinds = []
    if _names_section(DECISION_HEADING, innermost):
        kinds.append("decision")
    elif _names_section(OUTCOME_HEADING, innermost):
        kinds.append("outcome")
    if ACTION_HEADING.search(innermost):
        kinds.append("action")
    return kinds


def _names_section(kind: re.Pattern[str], heading: str) -> bool:
    """Whether ``heading`` names a section of that kind ("Decisions", "Key decisions",
    "Outcomes from discussion topics") rather than a subject that uses the word ("Applying a
    resolved context programmatically", "Review feedback and agreed follow-ups"): the word
    opens it, or closes a heading of at most three words."""
    words = re.findall(r"[\w'-]+", heading)
    if not words:
        return False
    return bool(kind.fullmatch(words[0]) or (len(words) <= 3 and kind.fullmatch(words[-1])))


def _heading_names(message: Message) -> list[str]:
    if not message.topic:
        return []
    return ["has_heading", *(f"heading:{kind}" for kind in heading_kinds(message.topic))]
