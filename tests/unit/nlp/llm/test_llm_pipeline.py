"""The LLM path's logic with a fake client: confirmation, grounded extraction, abstraction,
and falling back to the offline result on any failure."""

from __future__ import annotations

import asyncio

import pytest

from nlp.evolution import Stated
from nlp.language import load_language
from nlp.llm.client import ChatMessage, LLMError, T
from nlp.llm.pipeline import LLMOptions, LLMPipeline
from nlp.llm.relations import RelationJudge
from nlp.pipeline import OfflinePipeline
from nlp.readers.common import with_content_ids
from nlp.schema import Conversation, Message
from tests.unit.nlp.llm.fake_client import FakeClient, always, mentions

LINES = [
    ("alice", "For the orders service, should we use PostgreSQL or MongoDB?"),
    ("bob", "MongoDB is flexible but we need transactions."),
    ("carol", "We decided to use PostgreSQL because we need transactions; schema in services/orders/schema.sql."),
    ("dave", "Maybe we should look at caching later?"),
]
EXTRACTION = {
    "decision": "Use PostgreSQL for the orders service", "rationale": "transactions across orders and payments",
    "alternatives": [{"option": "MongoDB", "cons": ["no multi-document transactions"]}, {"option": "CockroachDB"}],
    "stakeholders": [{"name": "carol", "role": "decider"}, {"name": "Zed", "role": "approver"}],
    "decision_maker": "carol", "tags": ["Database"],
    "related_code": ["services/orders/schema.sql", "src/invented.py"], "risks": ["migration effort"],
}
ABSTRACTION = {"pattern": "Pick the store whose guarantees the workload needs", "structure": "data store",
               "function": "consistency", "tags": ["storage"]}


@pytest.fixture(scope="module")
def offline() -> OfflinePipeline:
    return OfflinePipeline(load_language())


def _conversation() -> Conversation:
    messages = [Message(id="", seq=i, author=a, content=c) for i, (a, c) in enumerate(LINES)]
    return Conversation(session_id="s", source_format="transcript", messages=tuple(with_content_ids("s", messages)))


def test_without_llm_failures_the_llm_answers_are_used_and_grounded(offline: OfflinePipeline) -> None:
    client = FakeClient({
        "Confirmation": mentions("We decided", {"score": 0.9, "explanation": "states a decision"},
                                 {"score": 0.1, "explanation": "a question"}),
        "LLMExtraction": always(EXTRACTION), "Abstraction": always(ABSTRACTION),
    })
    pipeline = LLMPipeline(offline, client)
    result = pipeline.run(_conversation())
    (decision,) = result.decisions
    assert decision.summary == "Use PostgreSQL for the orders service" and decision.origin == "stated"
    assert [a.option for a in decision.alternatives] == ["MongoDB"]  # CockroachDB is not in the text
    assert "@carol" in {s.handle for s in decision.stakeholders} and "@zed" not in {s.handle for s in decision.stakeholders}
    assert decision.decision_maker == "@carol"
    assert decision.related_code == ("services/orders/schema.sql",)  # src/invented.py dropped
    assert decision.trade_offs.risks == ("migration effort",) and "database" in decision.tags and "storage" in decision.tags
    assert decision.pattern == "Pick the store whose guarantees the workload needs | data store / consistency"
    report = pipeline.grounding
    assert (report.dropped_alternatives, report.dropped_stakeholders, report.dropped_files) == (1, 1, 1)
    confirmed = [d for d in result.detections if "llm_confirmed" in d.signals]
    assert [d.seq for d in confirmed] == [2] and confirmed[0].confidence == 0.9
    extraction_prompt = next(m for name, m in client.prompts if name == "LLMExtraction")
    assert "carol: We decided to use PostgreSQL" in extraction_prompt[1].content
    assert "PostgreSQL (" in extraction_prompt[1].content  # spaCy's entities go into the prompt


def test_the_llm_can_reject_what_the_rules_accepted(offline: OfflinePipeline) -> None:
    client = FakeClient({"Confirmation": always({"score": 0.2, "explanation": "hypothetical"}),
                         "LLMExtraction": always(EXTRACTION), "Abstraction": always(ABSTRACTION)})
    result = LLMPipeline(offline, client).run(_conversation())
    assert result.decisions == () and any("llm_rejected" in d.signals for d in result.detections)
    (warning,) = result.warnings  # a model that empties the result says so, and names the settings
    assert "rejected 1 of the 1" in warning and "llm_confirmation = false" in warning and "detection_threshold" in warning


@pytest.mark.parametrize("failure", [LLMError("timeout"), '{"score": "high"', "not json at all", {"score": 7, "explanation": "x"}])
def test_any_failure_falls_back_to_the_offline_result(offline: OfflinePipeline, failure: object) -> None:
    client = FakeClient({"Confirmation": always(failure), "LLMExtraction": always(failure), "Abstraction": always(failure)})
    pipeline = LLMPipeline(offline, client)
    result = pipeline.run(_conversation())
    assert result.decisions == offline.run(_conversation()).decisions
    assert pipeline.grounding.fallbacks >= 3


def test_a_paraphrase_with_words_the_text_never_used_is_marked_inferred(offline: OfflinePipeline) -> None:
    client = FakeClient({"Confirmation": always({"score": 0.9, "explanation": "ok"}),
                         "LLMExtraction": always({"decision": "Adopt relational persistence layer strategy"}),
                         "Abstraction": always(ABSTRACTION)})
    pipeline = LLMPipeline(offline, client, LLMOptions(abstract=False))
    (decision,) = pipeline.run(_conversation()).decisions
    assert decision.origin == "inferred" and pipeline.grounding.inferred_decisions == 1


def test_switched_off_steps_make_no_calls(offline: OfflinePipeline) -> None:
    client = FakeClient({})
    result = LLMPipeline(offline, client, LLMOptions(confirm=False, extract=False, abstract=False)).run(_conversation())
    assert client.usage.calls == 0 and result.decisions == offline.run(_conversation()).decisions


def test_the_relation_judge_never_links_unrelated_subjects_and_needs_confidence() -> None:
    sure = FakeClient({"RelationVerdict": always({"relation": "supersedes", "confidence": 0.9, "reason": "replaces it"})})
    judge = RelationJudge(sure)
    relation = asyncio.run(judge.judge(
        Stated("Move orders to DynamoDB", technologies=("DynamoDB",)), Stated("Use PostgreSQL for orders", technologies=("PostgreSQL",)),
        None, 0.9,
    ))
    assert relation is not None and relation.kind == "supersedes" and relation.reason == "llm: replaces it"
    unrelated = judge.judge(Stated("Use Kafka", technologies=("Kafka",)), Stated("Use PostgreSQL", technologies=("PostgreSQL",)), None, 0.2)
    assert asyncio.run(unrelated) is None
    assert sure.usage.calls == 1  # unrelated subjects are not even asked
    unsure = FakeClient({"RelationVerdict": always({"relation": "revisits", "confidence": 0.5, "reason": "maybe"})})
    assert asyncio.run(RelationJudge(unsure).judge(Stated("x"), Stated("y"), None, 0.95)) is None


class _Overlapping(FakeClient):
    """A client whose every answer takes a moment, counting how many are asked at once."""

    def __init__(self) -> None:
        super().__init__({"Confirmation": always({"score": 0.9, "explanation": "a decision"})})
        self.in_flight = 0
        self.most = 0

    async def complete(self, messages: list[ChatMessage], response_model: type[T], *, prompt_version: str = "") -> T:
        self.in_flight += 1
        self.most = max(self.most, self.in_flight)
        await asyncio.sleep(0.02)
        self.in_flight -= 1
        return await super().complete(messages, response_model, prompt_version=prompt_version)


def test_candidates_are_confirmed_concurrently_within_the_bound(offline: OfflinePipeline) -> None:
    lines = ["The build took five minutes today.", "Lunch is at noon.", "The printer is out of paper.",
             "Alice is back on Monday.", "The demo went fine.", "Coffee machine is fixed."]
    messages = [Message(id="", seq=i, author=f"p{i}", content=c) for i, c in enumerate(lines)]
    conversation = Conversation(session_id="many", source_format="chat", messages=tuple(with_content_ids("many", messages)))
    client = _Overlapping()
    options = LLMOptions(extract=False, abstract=False, candidate_threshold=0.0, concurrency=2)  # every message asked
    result = LLMPipeline(offline, client, options).run(conversation)
    assert len(client.prompts) == len(lines) and client.most == 2  # overlapping, never more than the bound
    assert [d.seq for d in result.detections if "llm_confirmed" in d.signals] == list(range(len(lines)))  # in message order
