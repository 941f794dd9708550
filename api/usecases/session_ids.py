"""The id a file's session takes in a repository: its plain id (the file name) unless another
repository's file already holds it.

A session id is the file name, so ``docs/styling.md`` of two repositories would be one session:
the second ingest moved it to its repository and the first lost its decisions. Qualifying
only on a clash keeps every stored id as it is (a journal ingested again changes nothing),
and the second repository's file gets ``styling@<its name>`` — or ``styling@<its key>`` when
a third repository of the same name holds that too.
"""

from __future__ import annotations

from collections.abc import Sequence

from graph.executor import QueryExecutor
from graph.messages import session_repositories


def _candidates(plain: str, name: str, key: str) -> tuple[str, str, str]:
    return plain, f"{plain}@{name}", f"{plain}@{key}"


async def own_session_ids(
    executor: QueryExecutor, plain_ids: Sequence[str], key: str, name: str,
) -> dict[str, str]:
    """The id each of ``plain_ids`` takes for a file of the repository ``key`` (called ``name``).

    The first of the plain id, ``<plain>@<name>`` and ``<plain>@<key>`` that no session of
    another repository holds. A session about no repository is taken as this file's own (an
    ingest without ``--repo`` before one with it: the same file, as it always was).
    """
    wanted = {plain: _candidates(plain, name, key) for plain in plain_ids}
    held = await session_repositories(executor, [c for options in wanted.values() for c in options])
    chosen: dict[str, str] = {}
    for plain, options in wanted.items():
        chosen[plain] = next((c for c in options if held.get(c, key) in {key, None}), options[-1])
    return chosen
