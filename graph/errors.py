"""One error root for the graph layer, with the data callers need on each error."""

from __future__ import annotations


class GraphError(Exception):
    """Root of every error raised by ``graph``."""


class QueryNotFound(GraphError):
    """A named query has no file in ``cypher/queries`` (nor, for the CLI, in ``cypher/browser``)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"no Cypher query named {name!r} in cypher/queries or cypher/browser")
        self.name = name


class CypherFileError(GraphError):
    """A ``.cypher`` file breaks the conventions the loader relies on."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


class SchemaMismatch(GraphError):
    """The database's indexes or constraints differ from ``cypher/schema``."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("schema does not match cypher/schema: " + "; ".join(problems))
        self.problems = problems


class LocalNeo4jError(GraphError):
    """The local Neo4j server could not be installed, started or stopped.

    The message is one sentence a user can act on.
    """


class DecisionNotFound(GraphError):
    """No decision has this id."""

    def __init__(self, decision_id: str, as_of: object | None = None) -> None:
        when = f" on {as_of}" if as_of is not None else ""
        super().__init__(f"no decision with id {decision_id!r}{when}")
        self.decision_id = decision_id


class DraftNotFound(DecisionNotFound):
    """No draft awaiting review has this id (none at all, one already reviewed, or one the
    reviewer's access groups do not reach)."""

    def __init__(self, decision_id: str) -> None:
        super().__init__(decision_id)
        self.args = (f"no draft awaiting review with id {decision_id!r}",)
