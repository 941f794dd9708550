"""What the chat detector sees of a message of a multi-party chat: who proposes, who takes it up.

Chats (``detector_features.kind_of`` ``chat``: IRC and Matrix meetings, team chat, issue and
pull-request threads, minutes that do not vote) can be scored by a model of their own
(``DetectorModel.chat``), apart from the shared model, whose training is dominated by minutes,
notes and spoken meetings. Every feature name here starts with ``CHAT_PREFIX``, and the chat
weights are a vector of their own. Tried and not shipped: cross-validated by source it stores
no more real chat decisions than the shared model and ranks them no better
(docs/experiments/2026-11-26-chat-model.md); ``eval detect --chat-model`` measures it.

What decides in a chat, read from the real chat labels (``eval/chat``: Monero and I2P IRC
meetings, rust-lang issue threads) and our own conversations: a proposal someone else takes up
("+1", "sgtm", "ok, that's fine with me", "go ahead"); an owner's or chair's closing line that
nobody contests ("nothing else goes in, we're in code freeze", "closing WONTFIX"); an answer to
a question the group asked ("do we have any decisions on bumping mixin?" - "I'll do mixin 4 for
HF 5 then"); a summary opened with "so" ("so branch after that list is merged"); a call for
objections and the silence after it. Often near the end of an agenda item. What does not: a
question, a status report, an opinion nobody took up, a deferral ("let's talk about it after the
meeting"), agenda moves, greetings.

Per message: its words and word pairs with nicknames of the conversation's people folded into
one token (a name says nothing of another project's chat), how it opens, its length, whether it
asks, addresses someone, links or pastes code; cue classes said in any chat ("let's", "we
should", "we'll", "I'll", agreement, "decided", "any objections", hedges, deferrals, greetings,
closing an issue, triage);
whether its author speaks most (the chair), opened the thread, or spoke just before; what came
before it (a question by someone else, a proposal by someone else, agreement by others) and
what came after (how many other people agree, how many push back, whether its author is
answered by name); where it stands in its agenda item (items are marked "2) …", "moving on",
"anything else on …", "eot"); in a thread, whether it opens or closes it; and the rule signals.
The structure is learned twice, as it is and per form (a long channel, a short thread):
"+1 after it" is common in a meeting and rare in an issue thread; and who says it is paired
with its uptake and its cues (``_together``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from nlp.detector_features import THREAD_MESSAGES, ConversationFeatures, hashed_names, is_reply, tokens
from nlp.schema import Message

CHAT_PREFIX = "chat|"
"""Every feature name of the chat model starts with this."""
AROUND = 6
"""Messages after (and before) a message in which uptake, pushback and proposals are counted."""
_AGREE = re.compile(
    r"^\W*(?:\+1|agreed|agree|i agree|sgtm|lgtm|sounds (?:good|fine|great|reasonable)|makes sense|fine(?: by| with) me|"
    r"works for me|go (?:ahead|for it)|ship it|ok(?:ay)?|k+|sure|yes|yep|yeah|right|fine|good|great|correct|exactly|"
    r"that'?s fine|that works|no objections?|seconded|definitely|absolutely|\^+)\b",
    re.IGNORECASE,
)
_PUSHBACK = re.compile(
    r"^\W*(?:-1|no\b|nope|but\b|however|i disagree|disagree|i don'?t think|i'?m not sure|not sure|i object|"
    r"i'?d rather not|why\b|wait\b|hmm|hold on)",
    re.IGNORECASE,
)
_CUES = {
    "lets": re.compile(r"\blet'?s\b|\blet us\b", re.IGNORECASE),
    "we_should": re.compile(r"\bwe (?:should|must|need to|have to|ought to)\b", re.IGNORECASE),
    "we_will": re.compile(r"\bwe(?:'ll| will| are going to|'re going to| shall)\b", re.IGNORECASE),
    "i_will": re.compile(r"\bi(?:'ll| will|'m going to| am going to)\b", re.IGNORECASE),
    "decided": re.compile(r"\b(?:decided|decision|settled|resolved|consensus|agreed|conclusion)\b", re.IGNORECASE),
    "propose": re.compile(r"\b(?:i (?:propose|suggest)|how about|what about|should we|shall we|proposal|we could)\b",
                          re.IGNORECASE),
    "objections": re.compile(r"\b(?:any objections?|objections\?|speak now|hearing no|unless (?:someone|anyone|there)|"
                             r"last call for comments|if nobody|if no one|any comments)\b", re.IGNORECASE),
    "hedge": re.compile(r"\b(?:maybe|perhaps|might|i guess|i think|probably|not sure|i wonder|could)\b", re.IGNORECASE),
    "negated": re.compile(r"\b(?:won'?t|will not|not going to|no longer|isn'?t going|don'?t want|shouldn'?t|never)\b",
                          re.IGNORECASE),
    "close": re.compile(r"\b(?:clos(?:e|ing|ed)|wontfix|won'?t fix|not a bug|working as intended)\b", re.IGNORECASE),
    "triage": re.compile(r"\b(?:accepted for|milestone|nominat\w*|p-(?:low|medium|high)|priority)\b", re.IGNORECASE),
    "defer": re.compile(r"\b(?:after the meeting|next (?:meeting|week|time)|another time|later|revisit|come back to|"
                        r"talk about (?:it|this|that)|discuss (?:it|this|that)|take (?:it|this|that) (?:offline|to)|"
                        r"as a topic|postpone|defer)\b", re.IGNORECASE),
    "presence": re.compile(r"^\W*(?:hi|hello|hey|here|present|i'?m here|back|sorry|brb|thanks|thank you|thx|welcome)\b",
                           re.IGNORECASE),
    "so": re.compile(r"^\W*(?:ok(?:ay)?,?\s+)?(?:so|then|alright|all right)\b", re.IGNORECASE),
}
"""Cue classes a chat says in many spellings ("we'll" and "we are going to"): one weight each."""
_AGENDA = re.compile(
    r"^\W*(?:\d{1,2}[).:]\s|\d{1,2}\.\s+\w|#+\s|topic\b|agenda\b|item\b|next (?:item|topic|up)|moving on|move on|"
    r"on to\b|onto\b)|\banything else (?:on|for|about)\b|\beot\b|\bnext topic\b|\bmoving on\b",
    re.IGNORECASE,
)
"""A line that opens or closes an agenda item ("2) HOPE planning", "moving on", "anything else on 4) ?", "eot")."""
_ADDRESS = re.compile(r"^\s*@?([\w\[\]|^`{}-]+)[:,]\s")
_LINK = re.compile(r"https?://|```|`[^`]+`")


def _bucket(n: int) -> str:
    return "0" if n == 0 else "1" if n == 1 else "2" if n == 2 else "3-4" if n <= 4 else "5+"


def _span(n: int) -> str:
    return "0-2" if n <= 2 else "3-10" if n <= 10 else "11-30" if n <= 30 else "31+"


class _Chat:
    """What is read once per conversation: people, their nicknames, agreement and agenda lines."""

    def __init__(self, messages: Sequence[Message]) -> None:
        self.messages = messages
        authors = Counter(m.author for m in messages if m.author)
        self.chair = authors.most_common(1)[0][0] if authors else None
        self.top = {name for name, _ in authors.most_common(3)}
        self.nicks = {a.lower() for a in authors} | {a.lower().strip("_[]") for a in authors}
        self.opener = messages[0].author if messages else None
        # "fluffypony: agreed" agrees: the addressee is left out before reading how a line opens.
        said = [_ADDRESS.sub("", m.content, count=1) for m in messages]
        self.agree = [bool(_AGREE.match(text)) and len(text) < 80 for text in said]
        self.pushback = [bool(_PUSHBACK.match(text)) for text in said]
        self.question = [m.content.rstrip().endswith("?") for m in messages]
        self.proposal = [bool(_CUES["propose"].search(m.content) or _CUES["lets"].search(m.content)
                              or _CUES["we_should"].search(m.content)) for m in messages]
        self.agenda = [bool(_AGENDA.search(m.content)) and len(m.content) < 200 for m in messages]
        self.addressee = [self._addressee(m.content) for m in messages]

    def _addressee(self, text: str) -> str | None:
        match = _ADDRESS.match(text)
        if match is None:
            return None
        name = match.group(1).lower()
        return name if name in self.nicks or name.strip("_[]") in self.nicks else None

    def words(self, text: str) -> list[str]:
        return ["<nick>" if w in self.nicks or w.lstrip("@") in self.nicks else w for w in tokens(text)]


def chat_names(features: ConversationFeatures, seq: int, chat: _Chat | None = None) -> list[str]:
    """The feature names of the message at ``seq`` of a chat, each under ``CHAT_PREFIX``."""
    chat = chat or _Chat(features.messages)
    messages = chat.messages
    message = messages[seq]
    content = message.content
    form = "thread" if len(messages) < THREAD_MESSAGES else "channel"
    words = chat.words(content)
    names = ["bias", f"form:{form}"]
    names += [f"w:{w}" for w in words]
    names += [f"b:{a}_{b}" for a, b in zip(words, words[1:], strict=False)]
    if words:
        names.append(f"first:{words[0]}")
        if len(words) > 1:
            names.append(f"first2:{words[0]}_{words[1]}")
    names += [f"sig:{name}" for name in features.signals(seq)]
    structure = [f"cue:{cue}" for cue, pattern in _CUES.items() if pattern.search(content)]
    size = len(words)
    structure.append(f"len:{'1-3' if size <= 3 else '4-10' if size <= 10 else '11-30' if size <= 30 else '31+'}")
    if chat.question[seq]:
        structure.append("asks")
    if chat.addressee[seq] is not None:
        structure.append("addresses")
    if _LINK.search(content):
        structure.append("links_or_code")
    if is_reply(content):
        structure.append("is_reply")
    if chat.agree[seq]:
        structure.append("agrees")
    if chat.agenda[seq]:
        structure.append("agenda_line")
    structure += _who(chat, seq, form)
    structure += _before(chat, seq)
    structure += _after(chat, seq)
    structure += _agenda_place(chat, seq)
    structure += [f"sig:{name}" for name in features.signals(seq)]
    structure += _together(structure)
    names += structure
    names += [f"{form}|{name}" for name in structure]
    return [f"{CHAT_PREFIX}{name}" for name in names]


def _together(structure: list[str]) -> list[str]:
    """Who says it with what came after and how: a chair's "so we'll …" that two people agree
    to is not a newcomer's, and a linear model sees that only as a feature of its own."""
    present = set(structure)
    speaker = "chair" if "chair" in present else "top_speaker" if "top_speaker" in present else "other"
    taken = [name for name in structure if name.startswith(("uptake:", "pushback_after:"))]
    cues = [name for name in structure if name.startswith("cue:")]
    statement = "asks" if "asks" in present else "reply" if "is_reply" in present else "states"
    return [f"{speaker}&{name}" for name in (*taken, *cues, statement)] + [f"{statement}&{name}" for name in taken]


def _who(chat: _Chat, seq: int, form: str) -> list[str]:
    author = chat.messages[seq].author
    names: list[str] = []
    if author is None:
        return names
    if author == chat.chair:
        names.append("chair")
    elif author in chat.top:
        names.append("top_speaker")
    if form == "thread":
        names.append("opener" if author == chat.opener else "not_opener")
        if seq == 0:
            names.append("opening_post")
        if seq == len(chat.messages) - 1:
            names.append("last_post")
        names.append(f"thread_place:{min(4, 5 * seq // max(1, len(chat.messages)))}")
    if seq > 0 and chat.messages[seq - 1].author == author:
        names.append("continues")
    return names


def _before(chat: _Chat, seq: int) -> list[str]:
    messages, author = chat.messages, chat.messages[seq].author
    names: list[str] = []
    window = range(max(0, seq - AROUND), seq)
    others = [i for i in window if messages[i].author != author]
    if seq > 0 and messages[seq - 1].author != author and chat.question[seq - 1]:
        names.append("answers_question")
    if author is not None and any(chat.question[i] and author.lower() in messages[i].content.lower() for i in others):
        names.append("answers_asked_by_name")
    if any(chat.proposal[i] for i in others):
        names.append("after_others_proposal")
    if any(chat.proposal[i] for i in window if messages[i].author == author):
        names.append("after_own_proposal")
    agreed = len({messages[i].author for i in others if chat.agree[i]})
    names.append(f"agreed_before:{_bucket(agreed)}")
    names.append(f"pushback_before:{_bucket(sum(chat.pushback[i] for i in others))}")
    return names


def _after(chat: _Chat, seq: int) -> list[str]:
    messages, author = chat.messages, chat.messages[seq].author
    names: list[str] = []
    window = [i for i in range(seq + 1, min(len(messages), seq + 1 + AROUND)) if messages[i].author != author]
    agreeing = {messages[i].author for i in window if chat.agree[i]}
    names.append(f"uptake:{_bucket(len(agreeing))}")
    names.append(f"pushback_after:{_bucket(sum(chat.pushback[i] for i in window))}")
    if seq + 1 < len(messages):
        following = messages[seq + 1]
        if following.author != author:
            names.append("next_agrees" if chat.agree[seq + 1] else "next_asks" if chat.question[seq + 1] else "next_other")
    if author is not None and any(chat.addressee[i] == author.lower() for i in window):
        names.append("answered_by_name")
    return names


def _agenda_place(chat: _Chat, seq: int) -> list[str]:
    """Where the message stands in its agenda item, when the chat marks items at all."""
    if not any(chat.agenda):
        return []
    since = next((seq - i for i in range(seq - 1, -1, -1) if chat.agenda[i]), None)
    until = next((i - seq for i in range(seq + 1, len(chat.messages)) if chat.agenda[i]), None)
    return [f"since_item:{_span(since) if since is not None else 'none'}",
            f"until_item:{_span(until) if until is not None else 'none'}"]


def chat_rows(features: ConversationFeatures) -> list[list[int]]:
    """The hashed features (``chat_names``) of every message, in order."""
    chat = _Chat(features.messages)
    return [hashed_names(chat_names(features, m.seq, chat)) for m in features.messages]
