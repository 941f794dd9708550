"""neomodel relationship models: the edges of the graph that carry properties."""

from __future__ import annotations

from neomodel import (
    ArrayProperty,
    AsyncStructuredRel,
    BooleanProperty,
    DateTimeNeo4jFormatProperty,
    FloatProperty,
    IntegerProperty,
    JSONProperty,
    StringProperty,
)


class SupersedesRel(AsyncStructuredRel):
    """``(new:Decision)-[:SUPERSEDES]->(old:Decision)``: the new one replaces the old."""

    at = DateTimeNeo4jFormatProperty()
    reason = StringProperty()
    partial = BooleanProperty(default=False)
    inferred = BooleanProperty(default=False)
    confidence = FloatProperty()


class RevisitsRel(AsyncStructuredRel):
    """``(new:Decision)-[:REVISITS]->(old:Decision)``: reconsidered; ``outcome`` says how it ended."""

    at = DateTimeNeo4jFormatProperty()
    reason = StringProperty()
    outcome = StringProperty()
    inferred = BooleanProperty(default=False)
    confidence = FloatProperty()


class AmendsRel(AsyncStructuredRel):
    """``(new:Decision)-[:AMENDS]->(old:Decision)``: changes part of a decision that stays in force."""

    at = DateTimeNeo4jFormatProperty()
    reason = StringProperty()
    inferred = BooleanProperty(default=False)


class AffectsRel(AsyncStructuredRel):
    """``(:Decision)-[:AFFECTS]->(:File|:Feature)``: what the decision governs, and how that
    is known. ``via`` is ``stated`` (a path the decision names), ``decision-document
    commit``, ``commit message``, ``manifest``, ``import``, ``component``, ``rename`` or
    ``git_context``; ``evidence`` says it in words ("commit 6034ba1 added ADR 0030 and
    changed src/Pipfile"); ``commits`` are the shas it rests on."""

    via = StringProperty()
    inferred = BooleanProperty(default=False)
    confidence = FloatProperty()
    evidence = StringProperty()
    commits = ArrayProperty(StringProperty(), default=list)


class InvolvesRel(AsyncStructuredRel):
    """``(:Decision)-[:INVOLVES {role, as}]->(:Stakeholder|:Entity)``."""

    role = StringProperty()
    alias = StringProperty(db_property="as")
    """The handle it was stated under, when that handle has since been merged into this person."""


class DecidedByRel(AsyncStructuredRel):
    """``(:Decision)-[:DECIDED_BY {as}]->(:Stakeholder)``: the decision maker."""

    alias = StringProperty(db_property="as")


class StatedInRel(AsyncStructuredRel):
    """``(:Decision)-[:STATED_IN {start, end}]->(:Message)``: character span of the statement."""

    start = IntegerProperty()
    end = IntegerProperty()


class EvaluatedUnderRel(AsyncStructuredRel):
    """``(:PolicyDecision)-[:EVALUATED_UNDER]->(:Policy)``: how the policy judged the call."""

    base_decision = StringProperty(choices={"allow": "allow", "deny": "deny"})
    denial_reason = StringProperty()
    conditions = JSONProperty()
    policy_hash = StringProperty()
    deciding = BooleanProperty()


class AppliedExceptionRel(AsyncStructuredRel):
    """``(:PolicyDecision)-[:APPLIED_EXCEPTION]->(:StandingException)``."""

    condition_matched = StringProperty()
    override_action = StringProperty()
    rationale = StringProperty()
    expires_at = DateTimeNeo4jFormatProperty()


class CitesPrecedentRel(AsyncStructuredRel):
    """``(:PolicyDecision)-[:CITES_PRECEDENT]->(:Decision)``: a prior decision used as precedent."""

    similarity = FloatProperty()
    match_reason = StringProperty()
    outcome_matched = BooleanProperty()
