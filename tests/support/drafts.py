"""Drafts the honest way for tests: the real offline pipeline reads a conversation, and its
detections are stored as drafts (status candidate), as detection stores those it is not sure
of. Nothing is mocked: the graph, the pipeline and the ingest path are the product's own."""

from __future__ import annotations

from collections.abc import Sequence

from api.usecases.in_repository import InRepository
from api.usecases.ingest import IngestReport, IngestServices, ingest_conversation
from nlp.readers import read_conversation_text

MARCH = """\
[2024-03-15T10:00:00Z] alice: Which database for the new service, PostgreSQL or MongoDB?
[2024-03-15T10:05:00Z] bob: PostgreSQL gives us ACID guarantees and the team knows it well.
[2024-03-15T10:10:00Z] alice: Agreed. We decided to use PostgreSQL for the primary database.
"""
SEPTEMBER = """\
[2024-09-20T09:00:00Z] carol: Our PostgreSQL instance struggles at peak. Should we migrate to DynamoDB for better scale?
[2024-09-20T09:10:00Z] bob: Migration would take a quarter; caching the hot reads would fix most of it.
[2024-09-20T09:20:00Z] alice: Decision: we keep PostgreSQL and add Redis for caching, see services/cache/.
"""
"""A later decision on March's subject: it revisits March's once it is a decision."""
CHATTER = """\
[2024-09-21T09:00:00Z] dave: I will carry on in English, if that's okay.
[2024-09-21T09:01:00Z] erin: Sure. We decided to order pizza for the retro.
"""
"""A detection nobody would keep as a team decision."""
OCTOBER = """\
[2024-10-02T09:00:00Z] hana: Should the worker queue be SQS or RabbitMQ?
[2024-10-02T09:03:00Z] ivan: We decided to use SQS for the worker queue because we do not want to run brokers.
"""
"""A decision on the worker queue (SQS)."""
NOVEMBER = """\
[2024-11-12T09:00:00Z] hana: SQS costs keep climbing. Should we move the worker queue to RabbitMQ?
[2024-11-12T09:05:00Z] ivan: Decision: we keep SQS for the worker queue and batch the messages in src/queue/.
"""
"""A later word on October's subject, which keeps SQS: a draft in the review tests."""

UNDATED_MEETING = """\
alice: Which database for the orders service, PostgreSQL or MongoDB?
bob: We decided to use PostgreSQL for the orders service.
carol: And the public API, REST or GraphQL?
alice: We decided to build the public API with REST.
dave: Which CI, Jenkins or GitHub Actions?
erin: We decided to run CI on GitHub Actions.
frank: How do we deploy it?
alice: We decided to deploy the services with Kubernetes.
carol: What about logs?
bob: We decided to ship the logs to OpenTelemetry.
"""
"""A meeting whose lines carry no time: its drafts share their ingest time."""


async def ingest_as_drafts(
    services: IngestServices, text: str, session: str, access_groups: Sequence[str] = (),
    repository: InRepository | None = None,
) -> IngestReport:
    """Ingest a transcript whose every detection is stored as a draft (``ingest --drafts``)."""
    conversation = read_conversation_text(text, "transcript", session)
    report = await ingest_conversation(
        conversation, services.drafting(), access_groups=access_groups, repository=repository
    )
    # What it found (a draft reviewed since is found again, and not a draft to review).
    assert report.decision_ids, "the pipeline found nothing to make drafts of"
    return report


async def ingest_as_decisions(
    services: IngestServices, text: str, session: str, access_groups: Sequence[str] = ()
) -> IngestReport:
    """Ingest a transcript as ingest does (its detections sure enough to be decisions)."""
    conversation = read_conversation_text(text, "transcript", session)
    return await ingest_conversation(conversation, services, access_groups=access_groups)
CARDS = """\
[2024-11-14T10:00:00Z] judy: Rounded corners or square ones for the cards?
[2024-11-14T10:01:00Z] ken: I propose we use square corners for the cards, they line up with the grid.
[2024-11-14T10:02:00Z] liz: +1
[2024-11-14T10:03:00Z] judy: Agreed, square corners for the cards then.
"""
"""A design team's small decision: a proposal, a vote and the agreement, one unit."""
