"""Parse each message of a conversation at most once, in batches."""

from __future__ import annotations

from collections.abc import Iterable

from spacy.language import Language
from spacy.tokens import Doc

from nlp.prose import prose
from nlp.schema import Conversation

MAX_PARSE_CHARS = 20_000
"""Only the start of a longer message is analysed: decisions are stated in sentences, and
spaCy's parser needs about 1 GB per 100,000 characters. The message itself is kept whole."""


def parsed_text(content: str) -> str:
    """What spaCy reads of a message: the prose (``nlp.prose``) of its first
    ``MAX_PARSE_CHARS`` characters.

    In coding sessions fenced code is about half of what the candidates say: parsed as English
    it costs as much as the prose and yields sentences no reader would take for a statement.
    spaCy reads a blank as one space token.
    """
    return prose(content[:MAX_PARSE_CHARS])


class ParsedConversation:
    """Lazily parsed messages of one conversation, shared by detection and extraction.

    Detection reads the syntax of every candidate message but no named entity the
    statistical recogniser finds (people, dates, amounts); extraction reads those of the
    few statements it keeps. The recogniser costs as much as the rest of the parse, so it
    runs, with the components after it, only on the docs that ``doc`` hands out.

    Args:
        nlp: The spaCy pipeline.
        conversation: The messages to parse on demand.
        light: A cheaper pipeline for ``light_doc``; without it, light docs are full parses.
        batch_size: How many texts ``nlp.pipe`` parses at once.
    """

    def __init__(
        self, nlp: Language, conversation: Conversation, light: Language | None = None, batch_size: int = 64
    ) -> None:
        self._nlp = nlp
        self._light = light
        self._conversation = conversation
        self._batch_size = batch_size
        self._docs: dict[int, Doc] = {}
        self._light_docs: dict[int, Doc] = {}
        names = nlp.pipe_names
        # The recogniser keeps the entities our rules set before it; the components after
        # it (token entities) run again once it has.
        self._deferred = names[names.index("ner") :] if "ner" in names else []
        self._named: set[int] = set()

    @property
    def conversation(self) -> Conversation:
        return self._conversation

    def prime(self, seqs: Iterable[int]) -> None:
        """Parse, in one batch, the messages among ``seqs`` not parsed yet (syntax only)."""
        missing = sorted({seq for seq in seqs if seq not in self._docs})
        if not missing:
            return  # spaCy's set-up for a batch costs more than a short parse
        texts = (parsed_text(self._conversation.messages[seq].content) for seq in missing)
        parses = self._nlp.pipe(texts, batch_size=self._batch_size, disable=self._deferred[:1])
        for seq, doc in zip(missing, parses, strict=True):
            self._docs[seq] = doc

    def name(self, seqs: Iterable[int]) -> None:
        """Parse, in one batch, the messages among ``seqs`` with their named entities."""
        wanted = sorted({seq for seq in seqs if seq not in self._named})
        if not wanted:
            return
        self.prime(wanted)
        docs = [self._docs[seq] for seq in wanted]
        for component in self._deferred:
            process = self._nlp.get_pipe(component)
            docs = list(process.pipe(docs, batch_size=self._batch_size) if hasattr(process, "pipe") else map(process, docs))
        self._docs.update(zip(wanted, docs, strict=True))
        self._named.update(wanted)

    def is_parsed(self, seq: int) -> bool:
        """Whether message ``seq`` has its full parse already."""
        return seq in self._docs

    def syntax(self, seq: int) -> Doc:
        """The parse of message ``seq`` without the recogniser's entities (detection's view)."""
        if seq not in self._docs:
            self.prime([seq])
        return self._docs[seq]

    def doc(self, seq: int) -> Doc:
        """The full parse of message ``seq``, named entities included."""
        if seq not in self._named:
            self.name([seq])
        return self._docs[seq]

    def prime_light(self, seqs: Iterable[int]) -> None:
        """Light-parse, in one batch, the messages among ``seqs`` with no parse yet."""
        if self._light is None:
            self.name(seqs)
            return
        missing = sorted({seq for seq in seqs if seq not in self._docs and seq not in self._light_docs})
        if not missing:
            return  # as in ``prime``: an empty batch still pays spaCy's set-up
        texts = (parsed_text(self._conversation.messages[seq].content) for seq in missing)
        for seq, doc in zip(missing, self._light.pipe(texts, batch_size=self._batch_size * 4), strict=True):
            self._light_docs[seq] = doc

    def light_doc(self, seq: int) -> Doc:
        """Entities and sentences of message ``seq``: its parse if it has one (with the
        recogniser's entities only if ``doc`` or ``name`` asked for them)."""
        if seq in self._docs:
            return self._docs[seq]
        if seq not in self._light_docs:
            self.prime_light([seq])
        return self._light_docs.get(seq) or self._docs[seq]
