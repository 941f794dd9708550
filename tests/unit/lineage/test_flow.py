"""check_with_lineage and its parts, with the seed's in-memory store (no database)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from lineage.flow import check_with_lineage, gather_decision_inputs
from lineage.memory_store import InMemoryPrecedentStore
from lineage.observer import PrecedentConsistencyObserver
from lineage.policy import NamedTool, ToolContext, VersionedPolicy
from lineage.replay import replay
from lineage.standing_exceptions import ExceptionCondition, ExceptionRegistry
from lineage.store import LedgerViolation
from tests.support.lineage_example import (
    DEADLINE_V1,
    JAN_2024,
    PROCESS,
    DeadlineEnforcement,
    customer_context,
    healthcare_exception,
)

MARCH = datetime(2024, 3, 1, 12, tzinfo=UTC)


async def _check(params: dict[str, int], context: ToolContext, registry: ExceptionRegistry, store=None, now=MARCH):  # type: ignore[no-untyped-def]
    return await check_with_lineage(PROCESS, params, context=context, policies=[DEADLINE_V1],
                                    exception_registry=registry, precedent_store=store, now=now)


async def test_the_seed_healthcare_example() -> None:
    registry = ExceptionRegistry.of(healthcare_exception())
    verdict, decision = await _check({"timeout_seconds": 45}, customer_context("st-mary", "healthcare"), registry)
    assert verdict.allowed and verdict.modifications == {"timeout_multiplier": 1.5}
    assert decision.outcome == "allowed_by_exception"
    assert decision.rationale == "Extended timeout for healthcare customer per policy v1.0"
    evaluation = decision.policy_evaluation
    assert (evaluation.policy_name, evaluation.policy_version, evaluation.base_decision) == ("deadline_enforcement", "1.0.0", "deny")
    assert evaluation.policy_hash == DEADLINE_V1.policy_hash and evaluation.policy_hash.startswith("sha256:")
    assert evaluation.denial_reason == "timeout 45s exceeds 30s"
    assert [c.result for c in evaluation.conditions_checked] == [False]
    applied = decision.exception_applied
    assert applied is not None
    assert (applied.exception_name, applied.condition_matched, applied.override_action) == (
        "healthcare_extended_timeout", "Customer industry is healthcare", "modify_params")

    verdict, decision = await _check({"timeout_seconds": 45}, customer_context("acme", "retail"), registry)
    assert not verdict.allowed and decision.outcome == "denied" and decision.exception_applied is None
    assert decision.rationale == "timeout 45s exceeds 30s"
    verdict, decision = await _check({"timeout_seconds": 10}, customer_context("acme", "retail"), registry)
    assert verdict.allowed and decision.outcome == "allowed" and decision.rationale == "Allowed by deadline_enforcement v1.0.0"


async def test_no_policy_allows_and_says_so() -> None:
    verdict, decision = await check_with_lineage(PROCESS, None, context=ToolContext(), policies=[],
                                                 exception_registry=ExceptionRegistry(), now=MARCH)
    assert verdict.allowed and decision.rationale == "No policy constraints"
    assert decision.policy_evaluation.policy_name == "none"


async def test_exceptions_expire_and_start_on_their_dates() -> None:
    expiring = ExceptionRegistry.of(healthcare_exception(expires_at=MARCH))
    _, decision = await _check({"timeout_seconds": 45}, customer_context("st-mary", "healthcare"), expiring, now=MARCH)
    assert decision.outcome == "denied"  # expires_at is exclusive
    _, decision = await _check({"timeout_seconds": 45}, customer_context("st-mary", "healthcare"), expiring,
                               now=MARCH - timedelta(seconds=1))
    assert decision.outcome == "allowed_by_exception" and decision.exception_applied.expires_at == MARCH  # type: ignore[union-attr]
    future = ExceptionRegistry.of(healthcare_exception(effective_from=MARCH + timedelta(days=1)))
    _, decision = await _check({"timeout_seconds": 45}, customer_context("st-mary", "healthcare"), future)
    assert decision.outcome == "denied"


async def test_max_applications_in_memory_and_from_a_store() -> None:
    context = customer_context("st-mary", "healthcare")
    registry = ExceptionRegistry.of(healthcare_exception(max_applications=2))
    outcomes = [(await _check({"timeout_seconds": 45}, context, registry))[1].outcome for _ in range(3)]
    assert outcomes == ["allowed_by_exception", "allowed_by_exception", "denied"]

    store = InMemoryPrecedentStore()
    for _ in range(2):
        await _check({"timeout_seconds": 45}, context, ExceptionRegistry.of(healthcare_exception(max_applications=2)), store)
    # A fresh registry (a restarted agent) still sees the two applications the store recorded.
    _, third = await _check({"timeout_seconds": 45}, context, ExceptionRegistry.of(healthcare_exception(max_applications=2)), store)
    assert third.outcome == "denied" and await store.exception_applications("healthcare_extended_timeout", "1.0.0") == 2


async def test_first_registered_exception_wins_and_a_failing_predicate_grants_nothing() -> None:
    def broken(_inputs: object) -> bool:
        raise KeyError("industry")

    first = healthcare_exception(name="broken", condition=ExceptionCondition(broken, "always fails"))
    second = healthcare_exception(name="second")
    third = healthcare_exception(name="third")
    registry = ExceptionRegistry.of(first, second, third)
    _, decision = await _check({"timeout_seconds": 45}, customer_context("st-mary", "healthcare"), registry)
    assert decision.exception_applied.exception_name == "second"  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="registered already"):
        registry.register(healthcare_exception(name="second"))
    assert [e.name for e in registry.all_for_policy("deadline_enforcement")] == ["broken", "second", "third"]
    assert registry.all_for_policy("other") == []


async def test_precedent_informs_but_never_decides_and_deviations_are_flagged() -> None:
    store = InMemoryPrecedentStore()
    registry = ExceptionRegistry.of(healthcare_exception())
    _, denied = await _check({"timeout_seconds": 45}, customer_context("st-mary", "retail"), ExceptionRegistry(), store)
    _, allowed = await _check({"timeout_seconds": 45}, customer_context("st-mary", "healthcare"), registry, store,
                              now=MARCH + timedelta(hours=1))
    assert denied.outcome == "denied" and allowed.outcome == "allowed_by_exception"  # precedent did not change it
    (ref,) = allowed.precedent_refs
    assert ref.decision_id == denied.decision_id and not ref.outcome_matched and ref.similarity_score == 1.0
    assert "customer:st-mary" in ref.match_reason
    assessment = PrecedentConsistencyObserver().observe(await store.session_decisions("agent-run-1"))
    assert assessment.severity == "caution" and assessment.summary == "1 decision deviated from precedent"
    (deviation,) = assessment.deviations
    assert (deviation.decision_id, deviation.precedent_id, deviation.deviation_type) == (allowed.decision_id, denied.decision_id, "outcome_differs")
    _, again = await _check({"timeout_seconds": 45}, customer_context("st-mary", "healthcare"), registry, store,
                            now=MARCH + timedelta(hours=2))
    assert [r.outcome_matched for r in again.precedent_refs] == [True, False]  # newest similar first on equal scores


async def test_same_inputs_and_policy_version_give_the_same_decision() -> None:
    registry = ExceptionRegistry.of(healthcare_exception())
    context = customer_context("st-mary", "healthcare")
    _, a = await _check({"timeout_seconds": 45}, context, registry)
    _, b = await _check({"timeout_seconds": 45}, context, registry)
    assert a.decision_id != b.decision_id
    assert replace(a, decision_id=b.decision_id) == b


async def test_replay_reproduces_and_names_what_changed() -> None:
    registry = ExceptionRegistry.of(healthcare_exception())
    context = customer_context("st-mary", "healthcare")
    _, recorded = await _check({"timeout_seconds": 45}, context, registry)
    newer = VersionedPolicy(DeadlineEnforcement(max_seconds=60), "2.0.0", JAN_2024)
    report = replay(recorded, PROCESS, {"timeout_seconds": 45}, context=context, policies=[newer, DEADLINE_V1],
                    exception_registry=registry)
    assert report.reproduced and report.replayed_outcome == "allowed_by_exception"
    tampered = VersionedPolicy(DeadlineEnforcement(max_seconds=60), "1.0.0", JAN_2024)  # same version, other content
    report = replay(recorded, PROCESS, {"timeout_seconds": 45}, context=context, policies=[tampered], exception_registry=registry)
    assert not report.reproduced and "hash differs" in report.differences[0]
    report = replay(recorded, PROCESS, {"timeout_seconds": 50}, context=context, policies=[DEADLINE_V1], exception_registry=registry)
    assert "params digest differs" in report.differences[0]
    report = replay(recorded, PROCESS, {"timeout_seconds": 45}, context=customer_context("st-mary", "retail"),
                    policies=[DEADLINE_V1], exception_registry=registry)
    assert "input source customer digest differs" in report.differences
    assert "outcome differs: recorded allowed_by_exception, replayed denied" in report.differences


async def test_the_ledger_is_append_only() -> None:
    store = InMemoryPrecedentStore()
    _, decision = await _check({"timeout_seconds": 10}, customer_context("acme", "retail"), ExceptionRegistry(), store)
    await store.record(decision)  # the same again: nothing changes
    assert await store.session_decisions("agent-run-1") == [decision]
    with pytest.raises(LedgerViolation):
        await store.record(replace(decision, outcome="denied"))


def test_a_path_parameter_is_a_file_entity() -> None:
    inputs = gather_decision_inputs(NamedTool("write_file"), {"path": "src/api/routes.py", "content": "x"},
                                    context=ToolContext(filesystem=True))
    assert [(r.entity_type, r.entity_id) for r in inputs.entity_refs] == [("file", "src/api/routes.py")]
    assert set(inputs.sources) == {"session", "params", "filesystem"}
    assert inputs.sources["params"].keys_accessed == ("path", "content")


def test_policy_hash_follows_content_not_version() -> None:
    assert DEADLINE_V1.policy_hash == VersionedPolicy(DeadlineEnforcement(), "9.9.9", MARCH).policy_hash
    assert DEADLINE_V1.policy_hash != VersionedPolicy(DeadlineEnforcement(max_seconds=31), "1.0.0", JAN_2024).policy_hash
