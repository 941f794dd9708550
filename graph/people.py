"""One person, many names: handles merged into one stakeholder, listed and undone.

A nick in IRC minutes, a full name in meeting notes and an ``@handle`` in chat are one
person once merged; every decision stated under any of them is found by any of them.
A merge moves edges, it never drops them: each remembers the handle it was stated under.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from dataclasses import dataclass

from graph.cypher import load_query
from graph.errors import GraphError
from graph.executor import QueryExecutor


class PeopleError(GraphError):
    """A merge that cannot be done (a handle into itself), or an unmerge of no alias."""


@dataclass(frozen=True)
class Person:
    """A stakeholder with the other handles that name them and how many decisions they are in."""

    handle: str
    name: str | None
    aliases: tuple[str, ...]
    decisions: int


class ConfiguredAliases:
    """The config's ``[people.aliases]`` as (alias, person) handles, merged once per
    process, before its first ingest: the config cannot change while the process runs, so
    merging again on every ingest (every message, for a live session) would do nothing."""

    def __init__(self, pairs: Sequence[tuple[str, str]] = ()) -> None:
        self.pairs = tuple(pairs)
        self._applied = False

    async def apply(self, people: People) -> None:
        """Merge the pairs through ``people``, the first time only."""
        if self.pairs and not self._applied:
            await people.merge(self.pairs)
            self._applied = True


class People:
    """Stakeholder identities through a ``QueryExecutor``."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    # builtins.list: inside this class, `list` names the method.
    async def list(self) -> builtins.list[Person]:
        """Every stakeholder, most involved first."""
        rows = await self._executor.read(load_query("people_list"), {})
        return [Person(r["handle"], r["name"], tuple(sorted(r["aliases"])), int(r["decisions"])) for r in rows]

    async def merge(self, pairs: Sequence[tuple[str, str]]) -> builtins.list[tuple[str, str]]:
        """Make each ``(alias, into)``'s alias another name of the person ``into`` names, in
        one transaction; returns the pairs that changed something (as ``(alias, person)``).

        Raises:
            PeopleError: A handle merged into itself.
        """
        for alias, into in pairs:
            if alias == into:
                raise PeopleError(f"{alias} cannot be merged into itself")
        if not pairs:
            return []
        rows = await self._executor.write(
            load_query("people_merge"), {"pairs": [{"alias": alias, "into": into} for alias, into in pairs]}
        )
        return [(r["alias"], r["into"]) for r in rows]

    async def unmerge(self, alias: str) -> str:
        """Make ``alias`` a person of their own again, with every decision stated under it;
        returns whom it was an alias of.

        Raises:
            PeopleError: ``alias`` is no alias.
        """
        rows = await self._executor.write(load_query("people_unmerge"), {"alias": alias})
        if not rows:
            raise PeopleError(f"{alias} is not an alias of anyone (see `decision-journal people list`)")
        return str(rows[0]["was"])
