"""neomodel node models for every node of the graph model (docs/graph-model.md).

neomodel reserves the attribute name ``id``, so natural keys called ``id`` in the
database are the Python attribute ``uid`` mapped with ``db_property="id"``.
Uniqueness is enforced by ``cypher/schema/001_constraints.cypher``; ``unique_index``
here only documents it (tests check the two agree).
"""

from __future__ import annotations

from neomodel import (
    ArrayProperty,
    AsyncRelationshipFrom,
    AsyncRelationshipTo,
    AsyncStructuredNode,
    AsyncZeroOrOne,
    BooleanProperty,
    DateTimeNeo4jFormatProperty,
    FloatProperty,
    IntegerProperty,
    StringProperty,
)

from graph.filters import DECISION_SOURCES, DECISION_STATUSES
from graph.models.relationships import (
    AffectsRel,
    AmendsRel,
    AppliedExceptionRel,
    CitesPrecedentRel,
    DecidedByRel,
    EvaluatedUnderRel,
    InvolvesRel,
    RevisitsRel,
    StatedInRel,
    SupersedesRel,
)

REVIEW_VERDICTS = ("confirmed", "rejected")
DECISION_ORIGINS = ("stated", "inferred")


def _choices(values: tuple[str, ...]) -> dict[str, str]:
    return {value: value for value in values}


class SessionNode(AsyncStructuredNode):
    """A conversation, meeting, agent session or ADR collection."""

    __label__ = "Session"

    uid = StringProperty(unique_index=True, required=True, db_property="id")
    title = StringProperty()
    source = StringProperty()
    started_at = DateTimeNeo4jFormatProperty()
    access_groups = ArrayProperty(StringProperty(), default=list)
    series = StringProperty()
    repository = StringProperty()
    """The key of the repository the session is about (ADRs imported from it, a chat
    ingested with ``--repo``): the paths its decisions state belong to it."""
    git_branch = StringProperty()
    ended_at = DateTimeNeo4jFormatProperty()
    last_message_at = DateTimeNeo4jFormatProperty()
    """Its latest message's time, kept by ingest: the list of sessions is ordered by it
    without reading every message."""
    cwd = StringProperty()
    """A coding-assistant session's working directory relative to its repository's top
    (``.`` for the top): never a machine's folder."""
    drafts_only = BooleanProperty()
    """Whether its last ingest that chose said every detection waits for review (``ingest
    --drafts``: true, ``--no-drafts``: false); an ingest that does not choose keeps it. Absent:
    no ingest chose (``graph.session_drafts``)."""


class MessageNode(AsyncStructuredNode):
    """One message of a session, in order (``seq``)."""

    __label__ = "Message"

    uid = StringProperty(unique_index=True, required=True, db_property="id")
    session_id = StringProperty(required=True)
    seq = IntegerProperty(required=True)
    author = StringProperty()
    role = StringProperty()
    content = StringProperty()
    content_hash = StringProperty()
    timestamp = DateTimeNeo4jFormatProperty()
    topic = StringProperty()
    stored_at = DateTimeNeo4jFormatProperty()
    pruned_at = DateTimeNeo4jFormatProperty()
    files = ArrayProperty(StringProperty(), default=list)
    """Repository-relative paths this message's tool calls edited or wrote."""

    session = AsyncRelationshipTo(SessionNode, "IN_SESSION", cardinality=AsyncZeroOrOne)


class StakeholderNode(AsyncStructuredNode):
    """A person or team, by normalized handle such as ``@alice``."""

    __label__ = "Stakeholder"

    handle = StringProperty(unique_index=True, required=True)
    name = StringProperty()
    handle_left = StringProperty()  # why ``schema apply`` left an old rule's handle as it is


class AliasNode(AsyncStructuredNode):
    """Another handle of a person (``people merge``, ``[people.aliases]``): the name it went by."""

    __label__ = "Alias"

    handle = StringProperty(unique_index=True, required=True)
    name = StringProperty()
    handle_left = StringProperty()  # as on a person

    alias_of = AsyncRelationshipTo(StakeholderNode, "ALIAS_OF", cardinality=AsyncZeroOrOne)


class RepositoryNode(AsyncStructuredNode):
    """A code repository, keyed by its normalised remote URL or ``git:<root commit>``:
    never a path of the machine that imported it."""

    __label__ = "Repository"

    key = StringProperty(unique_index=True, required=True)
    name = StringProperty()
    remote = StringProperty()
    root_commit = StringProperty()


class FileNode(AsyncStructuredNode):
    """A path within one repository (``repository`` is its key, ``''`` when the path was
    stated where no repository was known); directories are paths too (``kind``). The key
    is the pair: two repositories' ``src/api`` are two nodes."""

    __label__ = "File"

    repository = StringProperty(required=True)
    path = StringProperty(required=True)
    kind = StringProperty(choices={"file": "file", "directory": "directory"}, default="file")

    in_repository = AsyncRelationshipTo(RepositoryNode, "IN_REPOSITORY", cardinality=AsyncZeroOrOne)


class FeatureNode(AsyncStructuredNode):
    """A feature, epic or ticket key."""

    __label__ = "Feature"

    key = StringProperty(unique_index=True, required=True)
    name = StringProperty()


class TagNode(AsyncStructuredNode):
    """A tag shared across decisions."""

    __label__ = "Tag"

    name = StringProperty(unique_index=True, required=True)


class AlternativeNode(AsyncStructuredNode):
    """An option a decision considered and did not choose."""

    __label__ = "Alternative"

    uid = StringProperty(unique_index=True, required=True, db_property="id")
    option = StringProperty(required=True)
    pros = ArrayProperty(StringProperty(), default=list)
    cons = ArrayProperty(StringProperty(), default=list)
    why_not_chosen = StringProperty()


class PolicyNode(AsyncStructuredNode):
    """A versioned policy (seed 003); (name, version) is unique."""

    __label__ = "Policy"

    name = StringProperty(required=True)
    version = StringProperty(required=True)
    content_hash = StringProperty()


class StandingExceptionNode(AsyncStructuredNode):
    """A standing exception to policies (seed 003); (name, version) is unique."""

    __label__ = "StandingException"

    name = StringProperty(required=True)
    version = StringProperty(required=True)
    description = StringProperty()


class EntityNode(AsyncStructuredNode):
    """A domain entity an agent decision involved (seed 003 ``EntityRef``)."""

    __label__ = "Entity"

    type = StringProperty(required=True)
    uid = StringProperty(required=True, db_property="id")


class DecisionNode(AsyncStructuredNode):
    """What was decided, why, by whom, and where it stands now."""

    __label__ = "Decision"

    uid = StringProperty(unique_index=True, required=True, db_property="id")
    summary = StringProperty(required=True)
    subject = StringProperty()
    subject_key = StringProperty()
    context = StringProperty()
    rationale = StringProperty()
    status = StringProperty(choices=_choices(DECISION_STATUSES), default="active")
    status_text = StringProperty()
    decided_at = DateTimeNeo4jFormatProperty()
    recorded_at = DateTimeNeo4jFormatProperty()
    superseded_at = DateTimeNeo4jFormatProperty()
    confidence = FloatProperty()
    origin = StringProperty(choices=_choices(DECISION_ORIGINS), default="stated")
    source = StringProperty(choices=_choices(DECISION_SOURCES), default="conversation")
    source_path = StringProperty()
    tags = ArrayProperty(StringProperty(), default=list)
    keywords = ArrayProperty(StringProperty(), default=list)
    pattern = StringProperty()
    category = StringProperty()
    reversibility = StringProperty()
    impact = StringProperty()
    pros = ArrayProperty(StringProperty(), default=list)
    cons = ArrayProperty(StringProperty(), default=list)
    risks = ArrayProperty(StringProperty(), default=list)
    assumptions = ArrayProperty(StringProperty(), default=list)
    quality = FloatProperty()
    embedding = ArrayProperty(FloatProperty())
    alternatives_embedding = ArrayProperty(FloatProperty())
    proposal = StringProperty()
    """A draft's whole extraction (JSON of ``nlp.schema.ExtractedDecision``): what its
    confirmation links, as ingest would have. A draft stores only its evidence until then."""

    supersedes = AsyncRelationshipTo("DecisionNode", "SUPERSEDES", model=SupersedesRel)
    superseded_by = AsyncRelationshipFrom("DecisionNode", "SUPERSEDES", model=SupersedesRel)
    revisits = AsyncRelationshipTo("DecisionNode", "REVISITS", model=RevisitsRel)
    revisited_by = AsyncRelationshipFrom("DecisionNode", "REVISITS", model=RevisitsRel)
    amends = AsyncRelationshipTo("DecisionNode", "AMENDS", model=AmendsRel)
    amended_by = AsyncRelationshipFrom("DecisionNode", "AMENDS", model=AmendsRel)
    considered = AsyncRelationshipTo(AlternativeNode, "CONSIDERED")
    decided_by = AsyncRelationshipTo(StakeholderNode, "DECIDED_BY", model=DecidedByRel, cardinality=AsyncZeroOrOne)
    involves = AsyncRelationshipTo(StakeholderNode, "INVOLVES", model=InvolvesRel)
    involves_entities = AsyncRelationshipTo(EntityNode, "INVOLVES", model=InvolvesRel)
    affects_files = AsyncRelationshipTo(FileNode, "AFFECTS", model=AffectsRel)
    affects_features = AsyncRelationshipTo(FeatureNode, "AFFECTS")
    stated_in = AsyncRelationshipTo(MessageNode, "STATED_IN", model=StatedInRel)
    session = AsyncRelationshipTo(SessionNode, "IN_SESSION", cardinality=AsyncZeroOrOne)
    tagged = AsyncRelationshipTo(TagNode, "TAGGED")


class PolicyDecisionNode(DecisionNode):
    """An unattended agent's policy-driven decision (seed 003): labels ``Decision:PolicyDecision``."""

    __label__ = "PolicyDecision"

    tool_name = StringProperty(required=True)
    params_digest = StringProperty(required=True)
    entity_keys = ArrayProperty(StringProperty(), default=list)
    source_keys = ArrayProperty(StringProperty(), default=list)
    lineage_json = StringProperty()
    outcome = StringProperty(
        choices=_choices(("allowed", "denied", "allowed_by_exception")), required=True
    )

    evaluated_under = AsyncRelationshipTo(PolicyNode, "EVALUATED_UNDER", model=EvaluatedUnderRel)
    applied_exception = AsyncRelationshipTo(
        StandingExceptionNode, "APPLIED_EXCEPTION", model=AppliedExceptionRel, cardinality=AsyncZeroOrOne
    )
    cites_precedent = AsyncRelationshipTo(DecisionNode, "CITES_PRECEDENT", model=CitesPrecedentRel)


class ReviewLabelNode(AsyncStructuredNode):
    """A person's verdict on a draft, kept as a training label: the draft's sentence, its unit
    of messages (ids and texts, so a label outlives retention), where it came from, and who
    confirmed or rejected it when and why. A rejected draft leaves only this behind."""

    __label__ = "ReviewLabel"

    decision_id = StringProperty(unique_index=True, required=True)
    verdict = StringProperty(choices=_choices(REVIEW_VERDICTS), required=True)
    proposed = StringProperty(required=True)
    summary = StringProperty()
    subject = StringProperty()
    confidence = FloatProperty()
    session_id = StringProperty(required=True)
    source_format = StringProperty()
    source_kind = StringProperty()
    series = StringProperty()
    message_ids = ArrayProperty(StringProperty(), default=list)
    message_texts = ArrayProperty(StringProperty(), default=list)
    anchor = IntegerProperty()
    reviewer = StringProperty()
    reviewed_at = DateTimeNeo4jFormatProperty(required=True)
    reason = StringProperty()


class CommitNode(AsyncStructuredNode):
    """A git commit (``ingest-git``): the files it changed, the decisions it mentions by id,
    ADR number or title, and the decisions its files were decided under before it."""

    __label__ = "Commit"

    sha = StringProperty(unique_index=True, required=True)
    author = StringProperty()
    email = StringProperty()
    date = DateTimeNeo4jFormatProperty(required=True)
    message = StringProperty(required=True)

    changed = AsyncRelationshipTo(FileNode, "CHANGED")
    in_repository = AsyncRelationshipTo(RepositoryNode, "IN_REPOSITORY")
    mentions = AsyncRelationshipTo(DecisionNode, "MENTIONS")
    follows = AsyncRelationshipTo(DecisionNode, "FOLLOWS")

