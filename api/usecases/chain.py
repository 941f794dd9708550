"""How a decision evolved, as every face asks it: the chain of any member, as of a moment,
with the members the reader may not see redacted."""

from __future__ import annotations

from api.usecases.normalise import instant
from api.usecases.requests import ChainRequest, InvalidRequest
from api.usecases.services import Services
from graph.records import DecisionChain


async def decision_chain(services: Services, request: ChainRequest, groups: tuple[str, ...] | None = None) -> DecisionChain:
    """The chain ``request.decision_id`` belongs to, as it stood at ``request.as_of`` (a day
    means its start), read by a caller of ``groups`` (None: every group).

    Raises:
        InvalidRequest: No id, or a bad ``as_of``.
        DecisionNotFound: No such decision the caller may see (then, or at all).
    """
    decision_id = request.decision_id.strip()
    if not decision_id:
        raise InvalidRequest("a chain needs the id of one of its decisions", field="id")
    return await services.reader.chain(decision_id, instant(request.as_of, "as_of"), groups)
