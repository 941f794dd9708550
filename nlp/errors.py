"""One error root for ``nlp``, with the data callers need on each error."""

from __future__ import annotations


class NlpError(Exception):
    """Root of every error raised by ``nlp``."""


class InputFormatError(NlpError):
    """Input that cannot be read as the given (or detected) format.

    The message names the file and, where it helps, the line.
    """

    def __init__(self, path: str, problem: str, line: int | None = None) -> None:
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {problem}")
        self.path = path
        self.line = line
        self.problem = problem
