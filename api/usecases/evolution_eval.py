"""``eval evolution``: are later decisions on a subject linked to the earlier ones, and rightly?

Two parts, both through the real ingest path into a throwaway Neo4j (candidates from its
indexes, ``nlp.evolution`` deciding, edges written as ``ingest`` writes them):

* **W3C resolutions** (``resolutions/meetings.jsonl``): every meeting is a session of its
  working group (access group = the group, so groups never link to each other), ingested in
  date order. Its decisions are the recorded resolutions, one message each under its agenda
  topic, extracted by the offline extractor: detection is given, linking is measured.
  ``eval/evolution_w3c.tsv`` holds hand labels for pairs of resolutions: ``same`` subject (a
  later decision should be linked to the earlier one), ``different`` (a link is wrong) or
  ``unsure`` (left out). A later resolution counts as linked when its link points at a
  resolution of its labelled subject (any earlier member, since a chain is linked to its
  most recent member).
* **Meeting notes** (``meetings/``): every note file of a repository is ingested with the
  whole pipeline (detection included), oldest first; its inferred links are listed for a
  hand check.
* **AMI series** (QMSum ``meetings.jsonl``): the four meetings of a design team (``ES2002a``
  .. ``d``) are sessions of one series, ingested in order with the whole pipeline; their
  inferred links are listed, and ``eval/evolution_ami.tsv`` holds a hand check of them
  (``checked-same`` / ``checked-different``) for precision. ``eval/evolution_ami_cases.tsv``
  pairs QMSum decision queries of a series by hand (``ES2010a#5`` → ``ES2010c#0``, both on
  the battery): a later case counts as linked when a decision inside its query's span is
  linked to one inside the earlier query's span.
"""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from api.settings import Settings
from api.usecases.ingest import IngestServices, ingest_conversation
from api.usecases.local_server import default_lib_dir
from api.usecases.services import build_services
from graph.connection import open_driver
from graph.cypher import load_query
from graph.executor import Neo4jExecutor
from graph.local.throwaway import throwaway_neo4j
from graph.schema import apply_schema
from nlp.detect import DetectorConfig
from nlp.evaluation.qmsum_spans import AMI_MEETING, query_spans
from nlp.extractor_config import ExtractorConfig
from nlp.language import load_language
from nlp.pipeline import OfflinePipeline
from nlp.readers import read_conversation
from nlp.readers.qmsum import read_qmsum_meetings
from nlp.schema import Conversation, Detection, Message

Progress = Callable[[str], None]
LABELS = ("same", "different", "unsure", "checked-same", "checked-different")


@dataclass(frozen=True)
class Link:
    """One inferred SUPERSEDES or REVISITS edge, with both ends as the evaluation names them."""

    kind: str
    later: str
    earlier: str
    reason: str
    later_text: str
    earlier_text: str
    verdict: str = "unlabelled"  # "right", "wrong" or "unlabelled"


@dataclass
class GroupScore:
    """Linking figures of one working group (or all of them)."""

    later: int = 0
    linked: int = 0
    links: int = 0
    right: int = 0
    wrong: int = 0

    @property
    def recall(self) -> float:
        return self.linked / self.later if self.later else 0.0

    @property
    def precision(self) -> float:
        checked = self.right + self.wrong
        return self.right / checked if checked else 0.0


@dataclass
class EvolutionEvaluation:
    """Per-group scores, every W3C link with its verdict, and the links found in meeting notes."""

    groups: dict[str, GroupScore]
    links: list[Link]
    missed: list[tuple[str, str]]
    note_links: list[Link] = field(default_factory=list)
    spoken_links: list[Link] = field(default_factory=list)
    """Links inferred between the meetings of an AMI series, with the hand check's verdict."""
    spoken: GroupScore = field(default_factory=GroupScore)
    """The AMI series' labelled cases (``later``, ``linked``) and their hand-checked links."""
    spoken_missed: list[str] = field(default_factory=list)
    """The labelled later AMI queries (``ES2010c#0``) none of whose decisions was linked."""

    @property
    def total(self) -> GroupScore:
        """Every W3C working group together."""
        return _summed(self.groups.values())

    @property
    def labelled(self) -> GroupScore:
        """Every case labelled by hand, W3C and AMI together, and every hand-checked link:
        the figures the issue's target is stated in."""
        return _summed([*self.groups.values(), self.spoken])


def _summed(scores: Iterable[GroupScore]) -> GroupScore:
    total = GroupScore()
    for score in scores:
        for name in ("later", "linked", "links", "right", "wrong"):
            setattr(total, name, getattr(total, name) + getattr(score, name))
    return total


@dataclass(frozen=True)
class Labels:
    """Hand labels: which resolutions share a subject, which pairs do not."""

    same: frozenset[tuple[str, str]]
    different: frozenset[tuple[str, str]]
    checked: frozenset[tuple[str, str]] = frozenset()
    """Pairs labelled ``checked-same``: inferred links found right by hand. They join
    subjects for the verdict but are no cases of recall (they were linked by construction)."""

    @classmethod
    def read(cls, path: Path) -> Labels:
        """Read ``earlier<TAB>later<TAB>label<TAB>note`` lines (``#`` comments and a header allowed).

        Raises:
            ValueError: A line with an unknown label.
        """
        same: set[tuple[str, str]] = set()
        different: set[tuple[str, str]] = set()
        checked: set[tuple[str, str]] = set()
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip() or line.startswith("#") or line.startswith("earlier\t"):
                continue
            earlier, later, label, *_ = line.split("\t")
            if label not in LABELS:
                raise ValueError(f"{path}:{number}: unknown label {label!r}; expected one of {', '.join(LABELS)}")
            target = {"same": same, "different": different, "checked-different": different, "checked-same": checked}
            target.get(label, set()).add((earlier, later))
        return cls(frozenset(same), frozenset(different), frozenset(checked))

    def subject_of(self, later: str) -> set[str]:
        """Every resolution labelled as on ``later``'s subject, through chains of labels."""
        neighbours: dict[str, set[str]] = defaultdict(set)
        for a, b in self.same | self.checked:
            neighbours[a].add(b)
            neighbours[b].add(a)
        seen, todo = {later}, [later]
        while todo:
            for other in neighbours[todo.pop()] - seen:
                seen.add(other)
                todo.append(other)
        return seen - {later}

    def verdict(self, earlier: str, later: str) -> str:
        if earlier in self.subject_of(later):
            return "right"
        if (earlier, later) in self.different or (later, earlier) in self.different:
            return "wrong"
        return "unlabelled"


def evaluate_evolution(
    settings: Settings, shared: Path, labels_file: Path, progress: Progress | None = None,
    spoken_labels_file: Path | None = None, spoken_cases_file: Path | None = None,
) -> EvolutionEvaluation:
    """Ingest the W3C resolutions, the meeting notes and the AMI series into a throwaway
    Neo4j and score the links."""
    labels = Labels.read(labels_file)
    spoken = _SpokenLabels(
        Labels.read(spoken_labels_file) if spoken_labels_file is not None else Labels(frozenset(), frozenset()),
        Labels.read(spoken_cases_file) if spoken_cases_file is not None else Labels(frozenset(), frozenset()),
    )
    with throwaway_neo4j(default_lib_dir()) as server:
        return asyncio.run(_evaluate(server.uri, server.user, server.password, settings, shared, labels, spoken, progress))


@dataclass(frozen=True)
class _SpokenLabels:
    checked: Labels
    """Verdicts on inferred links, by decision name (``ES2014c@352``)."""
    cases: Labels
    """Which later decision queries revisit which earlier ones (``ES2010a#5``)."""


async def _evaluate(
    uri: str, user: str, password: str, settings: Settings, shared: Path, labels: Labels, spoken: _SpokenLabels,
    progress: Progress | None,
) -> EvolutionEvaluation:
    say = progress or (lambda _message: None)
    async with open_driver(uri, user, password) as driver:
        executor = Neo4jExecutor(driver)
        await apply_schema(executor, settings.embedding.dimension)
        services = build_services(settings, executor)
        # The offline decision is measured: no LLM judge, whatever the settings say.
        ingest = replace(services.ingest, relation_judge=None, detect_evolution=True)
        extractor = OfflinePipeline(load_language(), DetectorConfig(), ExtractorConfig())
        meetings = sorted(_w3c_meetings(shared / "resolutions" / "meetings.jsonl"), key=lambda m: (m["date"], m["meeting_id"]))
        names: dict[str, str] = {}
        texts: dict[str, str] = {}
        for done, meeting in enumerate(meetings, 1):
            conversation, keys = _resolutions(meeting)
            if not keys:
                continue
            detections = [Detection(seq=m.seq, is_decision=True, confidence=1.0, snippet=m.content[:80]) for m in conversation.messages]
            decisions = extractor.extract(conversation, detections, extractor.parse(conversation))
            report = await ingest_conversation(conversation, ingest, decisions=decisions, access_groups=[meeting["group"]])
            for decision, decision_id in zip(decisions, report.decision_ids, strict=True):
                names[decision_id] = keys[decision.messages[0]]
                texts[decision_id] = decision.summary
            if done % 25 == 0:
                say(f"w3c: {done}/{len(meetings)} meetings ingested")
        links = [
            Link(row["kind"], names[row["later"]], names[row["earlier"]], row["reason"] or "", texts[row["later"]],
                 texts[row["earlier"]], labels.verdict(names[row["earlier"]], names[row["later"]]))
            for row in await executor.read(load_query("evaluation_inferred_links"), {})
            if row["later"] in names and row["earlier"] in names
        ]
        groups, missed = _score(labels, links, {key: _group_of(key) for key in names.values()})
        note_links = await _note_links(ingest, executor, shared / "meetings", say)
        spoken_links, members = await _spoken_links(
            ingest, executor, extractor, shared / "qmsum" / "meetings.jsonl", spoken.checked, say
        )
        spoken_score, spoken_missed = spoken_recall(spoken.cases, spoken_links, members, query_spans(shared))
        return EvolutionEvaluation(groups, links, missed, note_links, spoken_links, spoken_score, spoken_missed)


def spoken_recall(
    cases: Labels, links: Sequence[Link], members: dict[str, frozenset[int]], spans: dict[str, frozenset[int]],
) -> tuple[GroupScore, list[str]]:
    """How many labelled later queries have a decision in their span linked to a decision in
    the span of an earlier query on the same subject, and the links' hand-check verdicts.

    Args:
        cases: ``same`` pairs of queries (``ES2010a#5``, ``ES2010c#0``).
        links: The links inferred between the series' decisions (named ``ES2010c@171``).
        members: Decision name → the positions of its unit's messages.
        spans: Query name → the message positions its relevant spans cover.
    """
    score = GroupScore(links=len(links), right=sum(link.verdict == "right" for link in links),
                       wrong=sum(link.verdict == "wrong" for link in links))
    missed = []

    def inside(decision: str, query: str) -> bool:
        return decision.split("@", 1)[0] == query.split("#", 1)[0] and bool(members[decision] & spans.get(query, frozenset()))

    for later in sorted({b for _a, b in cases.same}):
        earlier = {a for a, b in cases.same if b == later}
        score.later += 1
        if any(inside(link.later, later) and any(inside(link.earlier, query) for query in earlier) for link in links):
            score.linked += 1
        else:
            missed.append(later)
    return score, missed


def _score(labels: Labels, links: Sequence[Link], group_of: dict[str, str]) -> tuple[dict[str, GroupScore], list[tuple[str, str]]]:
    groups: dict[str, GroupScore] = defaultdict(GroupScore)
    target = {link.later: link.earlier for link in links}
    missed = []
    for later in sorted({b for _a, b in labels.same if b in group_of}):
        earlier = {a for a, b in labels.same if b == later}
        if not earlier:
            continue
        score = groups[group_of[later]]
        score.later += 1
        if target.get(later) in labels.subject_of(later):
            score.linked += 1
        else:
            missed.append((later, target.get(later) or ""))
    for link in links:
        score = groups[group_of[link.later]]
        score.links += 1
        score.right += link.verdict == "right"
        score.wrong += link.verdict == "wrong"
    return dict(sorted(groups.items())), missed


def _w3c_meetings(path: Path) -> Iterable[dict[str, Any]]:
    for line in path.read_text().splitlines():
        if line.strip():
            yield json.loads(line)


def _resolutions(meeting: dict[str, Any]) -> tuple[Conversation, dict[int, str]]:
    """One message per non-routine resolution, under its agenda topic, at the meeting's date."""
    meeting_id = str(meeting["meeting_id"])
    day = datetime.fromisoformat(str(meeting["date"])).replace(tzinfo=UTC)
    messages: list[Message] = []
    keys: dict[int, str] = {}
    for index, resolution in enumerate(meeting["resolutions"]):
        if resolution["routine"]:
            continue
        seq = len(messages)
        messages.append(Message(
            id=f"{meeting_id}#{index}", seq=seq, author="chair", content=f"RESOLVED: {resolution['text']}",
            timestamp=day + timedelta(minutes=seq), topic=resolution.get("topic"),
        ))
        keys[seq] = f"{meeting_id}#{index}"
    return Conversation(session_id=meeting_id, source_format="transcript", messages=tuple(messages), title=str(meeting.get("title") or "")), keys


def _group_of(key: str) -> str:
    return key.split(":", 1)[0]


async def _note_links(ingest: IngestServices, executor: Neo4jExecutor, folder: Path, say: Progress) -> list[Link]:
    """Ingest each repository's meeting notes oldest first and list the links inferred."""
    found: list[Link] = []
    for repo in sorted(p for p in folder.iterdir() if p.is_dir()):
        sessions: dict[str, str] = {}
        for path in sorted(repo.rglob("*.md"), key=_note_date):
            session = f"{repo.name}:{path.relative_to(repo)}"
            report = await ingest_conversation(read_conversation(path, "markdown", session), ingest, access_groups=[repo.name])
            sessions.update(dict.fromkeys(report.decision_ids, session))
        say(f"notes: {repo.name} ingested")
        for row in await executor.read(load_query("evaluation_inferred_links"), {}):
            if row["later"] in sessions and row["earlier"] in sessions:
                found.append(Link(row["kind"], sessions[row["later"]], sessions[row["earlier"]], row["reason"] or "",
                                  row["later_summary"], row["earlier_summary"]))
    return found


def _note_date(path: Path) -> str:
    digits = "".join(ch for ch in str(path) if ch.isdigit())
    return digits[-8:] if len(digits) >= 8 else str(path)


async def _spoken_links(
    ingest: IngestServices, executor: Neo4jExecutor, pipeline: OfflinePipeline, path: Path, labels: Labels, say: Progress
) -> tuple[list[Link], dict[str, frozenset[int]]]:
    """Ingest every AMI series of two or more meetings in order (one day apart, the series
    as access group) and list the links inferred between its meetings, with the hand
    check's verdict, and the messages of every decision. A decision is named by its meeting
    and the position of its unit's first message (``ES2002b@212``)."""
    series: dict[str, list[Conversation]] = defaultdict(list)
    for meeting in read_qmsum_meetings(path):
        match = AMI_MEETING.fullmatch(meeting.session_id)
        if match:
            series[match.group(1)].append(meeting)
    names: dict[str, str] = {}
    members: dict[str, frozenset[int]] = {}
    start = datetime(2005, 1, 3, 9, tzinfo=UTC)  # AMI was recorded in 2005; only the order matters
    chosen = {name: sorted(meetings, key=lambda m: m.session_id) for name, meetings in sorted(series.items()) if len(meetings) > 1}
    for number, (name, meetings) in enumerate(chosen.items(), 1):
        for day, meeting in enumerate(meetings):
            conversation = _dated(meeting, name, start + timedelta(days=7 * number + day))
            decisions = pipeline.run(conversation).decisions
            report = await ingest_conversation(conversation, ingest, decisions=decisions, access_groups=[f"ami:{name}"])
            for decision, decision_id in zip(decisions, report.decision_ids, strict=True):
                names[decision_id] = f"{conversation.session_id}@{min(decision.messages, default=0)}"
                members[names[decision_id]] = frozenset(decision.messages)
        say(f"ami: series {name} ingested ({number}/{len(chosen)})")
    return [
        Link(row["kind"], names[row["later"]], names[row["earlier"]], row["reason"] or "", row["later_summary"],
             row["earlier_summary"], labels.verdict(names[row["earlier"]], names[row["later"]]))
        for row in await executor.read(load_query("evaluation_inferred_links"), {})
        if row["later"] in names and row["earlier"] in names
    ], members


def _dated(meeting: Conversation, series: str, day: datetime) -> Conversation:
    """A meeting as the qmsum reader gives it, on ``day`` and in its series (QMSum has no dates)."""
    messages = tuple(m.model_copy(update={"timestamp": day + timedelta(seconds=m.seq)}) for m in meeting.messages)
    return meeting.model_copy(update={"messages": messages, "date": day, "series": series, "series_from": "title"})
