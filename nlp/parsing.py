"""Parse each message of a conversation at most once, in batches."""

from __future__ import annotations

from collections.abc import Iterable

from spacy.language import Language
from spacy.tokens import Doc

from nlp.schema import Conversation


MAX_PARSE_CHARS = 20_000
"""Only the start of a longer message is analysed: decisions are stated in sentences, and
spaCy's parser needs about 1 GB per 100,000 characters. The message itself is kept whole."""


class ParsedConversation:
    """Lazily parsed messages of one conversation, shared by detection and extraction.

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

    @property
    def conversation(self) -> Conversation:
        return self._conversation

    def prime(self, seqs: Iterable[int]) -> None:
        """Parse, in one batch, the messages among ``seqs`` not parsed yet."""
        missing = sorted({seq for seq in seqs if seq not in self._docs})
        texts = (self._conversation.messages[seq].content[:MAX_PARSE_CHARS] for seq in missing)
        for seq, doc in zip(missing, self._nlp.pipe(texts, batch_size=self._batch_size), strict=True):
            self._docs[seq] = doc

    def doc(self, seq: int) -> Doc:
        """The parse of message ``seq``."""
        if seq not in self._docs:
            self.prime([seq])
        return self._docs[seq]

    def prime_light(self, seqs: Iterable[int]) -> None:
        """Light-parse, in one batch, the messages among ``seqs`` with no parse yet."""
        if self._light is None:
            self.prime(seqs)
            return
        missing = sorted({seq for seq in seqs if seq not in self._docs and seq not in self._light_docs})
        texts = (self._conversation.messages[seq].content[:MAX_PARSE_CHARS] for seq in missing)
        for seq, doc in zip(missing, self._light.pipe(texts, batch_size=self._batch_size * 4), strict=True):
            self._light_docs[seq] = doc

    def light_doc(self, seq: int) -> Doc:
        """Entities and sentences of message ``seq``: its full parse if it has one."""
        if seq in self._docs:
            return self._docs[seq]
        if seq not in self._light_docs:
            self.prime_light([seq])
        return self._light_docs.get(seq) or self._docs[seq]
