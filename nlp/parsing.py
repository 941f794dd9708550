"""Parse each message of a conversation at most once, in batches."""

from __future__ import annotations

from collections.abc import Iterable

from spacy.language import Language
from spacy.tokens import Doc

from nlp.schema import Conversation


class ParsedConversation:
    """Lazily parsed messages of one conversation, shared by detection and extraction.

    Args:
        nlp: The spaCy pipeline.
        conversation: The messages to parse on demand.
        batch_size: How many texts ``nlp.pipe`` parses at once.
    """

    def __init__(self, nlp: Language, conversation: Conversation, batch_size: int = 64) -> None:
        self._nlp = nlp
        self._conversation = conversation
        self._batch_size = batch_size
        self._docs: dict[int, Doc] = {}

    @property
    def conversation(self) -> Conversation:
        return self._conversation

    def prime(self, seqs: Iterable[int]) -> None:
        """Parse, in one batch, the messages among ``seqs`` not parsed yet."""
        missing = sorted({seq for seq in seqs if seq not in self._docs})
        texts = (self._conversation.messages[seq].content for seq in missing)
        for seq, doc in zip(missing, self._nlp.pipe(texts, batch_size=self._batch_size), strict=True):
            self._docs[seq] = doc

    def doc(self, seq: int) -> Doc:
        """The parse of message ``seq``."""
        if seq not in self._docs:
            self.prime([seq])
        return self._docs[seq]
