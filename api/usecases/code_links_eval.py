"""``eval code-links``: decisions that reach the code, measured the way a team meets them.

Each labelled repository's ADRs are imported and its history ingested into one throwaway
Neo4j (beside the example conversation, whose decisions belong to no repository), then
``check-diff``'s use case is asked about each of its last real commits; the (commit, ADR)
pairs it lists are scored against the hand labels (``nlp.evaluation.code_links``). A link
whose only evidence is the very commit asked about, or the commits of the pull request it was
merged in, is not counted: a change is checked before it lands, when it is not yet history.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from api.errors import ApiError
from api.settings import Settings
from api.usecases.adr_import import collection_name, import_adrs
from api.usecases.git_ingest import ingest_git
from api.usecases.ingest import ingest_conversation
from api.usecases.path_check import decisions_for_paths
from api.usecases.repositories import store_repository
from api.usecases.services import build_services
from api.usecases.throwaway_graph import on_throwaway_graph
from graph.executor import QueryExecutor
from graph.schema import apply_schema
from nlp.code_links.infer import MIN_CONFIDENCE
from nlp.evaluation.code_links import (
    MeanScore,
    PairScore,
    RepositoryLabels,
    expected_adrs,
    load_labels,
    mean_over_repositories,
    pooled,
    score_commits,
)
from nlp.git_command import PathHistory, history_of, merged_by, run_git
from nlp.readers import read_conversation
from nlp.repository import identify_repository

Progress = Callable[[str], None]
COMMITS = 150
FLOORS = (0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8)
"""Link strengths the cross-validation tries as the weakest a listed decision may rest on."""
STORED_FLOOR = min(FLOORS)


class MissingClone(ApiError):
    """A labelled repository's clone is missing or not at the labelled commit."""


@dataclass(frozen=True)
class PairDetail:
    """One (commit, ADR) pair listed or expected at the shipped floor, and the strongest
    link it was listed by (for a missed pair, the link below the floor if any): what ``--pairs`` writes."""

    sha: str
    adr: str
    verdict: str
    """``right``, ``wrong`` (listed, not labelled) or ``missed`` (labelled, not listed)."""
    strength: float
    via: str
    file: str
    evidence: str


@dataclass
class RepositoryResult:
    """One repository: the pairs at the shipped floor and at the floor chosen on the others."""

    repo: str
    commits: int
    shipped: PairScore
    chosen_floor: float
    cross_validated: PairScore
    foreign: int
    by_floor: dict[float, PairScore] = field(default_factory=dict)
    pairs: list[PairDetail] = field(default_factory=list)


@dataclass
class CodeLinkEvaluation:
    """Every labelled repository scored in one run."""

    repositories: list[RepositoryResult]

    def pooled(self, cross_validated: bool = False) -> PairScore:
        return pooled({r.repo: r.cross_validated if cross_validated else r.shipped for r in self.repositories})

    def mean(self, cross_validated: bool = False) -> MeanScore:
        """Per-repository means of P, R and F1 beside the pooled pairs."""
        return mean_over_repositories(r.cross_validated if cross_validated else r.shipped for r in self.repositories)


def labelled_repositories(folder: Path) -> list[RepositoryLabels]:
    """Every labelled repository under ``folder`` (``<owner>__<repo>/governs.tsv``)."""
    return [load_labels(p) for p in sorted(folder.iterdir()) if (p / "governs.tsv").is_file()]


def labelled_sets(folders: Sequence[Path], note: Progress = lambda _: None) -> list[RepositoryLabels]:
    """The repositories labelled under ``folders``, each once: a repository labelled in two
    folders would be scored twice and weigh double in the pooled figures, so the first
    folder's labels are used and ``note`` says which were left out."""
    chosen: dict[str, tuple[RepositoryLabels, Path]] = {}
    for folder in folders:
        for labels in labelled_repositories(folder):
            first = chosen.setdefault(labels.repo.lower(), (labels, folder))
            if first[0] is not labels:
                note(f"{labels.repo} is labelled in {first[1]} and in {folder}: scored once, with the labels in {first[1]}")
    return [labels for labels, _ in chosen.values()]


def clone_of(clones: Path | Sequence[Path], labels: RepositoryLabels) -> Path:
    """The clone of a labelled repository (in the first of ``clones`` that holds one),
    checked to be at the labelled commit.

    Raises:
        MissingClone: It is missing or elsewhere, with the commands that make it.
    """
    places = [clones] if isinstance(clones, Path) else list(clones)
    root = next((c / labels.folder for c in places if (c / labels.folder / ".git").exists()), places[0] / labels.folder)
    how = (f"git clone https://github.com/{labels.repo} {root} && git -C {root} checkout {labels.commit}")
    if not (root / ".git").exists():
        raise MissingClone(f"no clone of {labels.repo} in {root}: {how}")
    head = run_git(root, "rev-parse", "HEAD").strip()
    if head != labels.commit:
        raise MissingClone(f"{root} is at {head[:12]}, the labels at {labels.commit[:12]}: git -C {root} checkout {labels.commit}")
    return root


async def _evaluate(
    executor: QueryExecutor, settings: Settings, sets: Sequence[tuple[RepositoryLabels, Path]], example: Path | None,
    progress: Progress, commits: int,
) -> CodeLinkEvaluation:
    await apply_schema(executor, settings.embedding.dimension)
    services = build_services(settings, executor)
    try:
        if example is not None:
            await ingest_conversation(read_conversation(example), services.ingest)
        keys: dict[str, str] = {}
        adrs: dict[str, dict[str, str]] = {}
        for labels, root in sets:
            progress(f"{labels.repo}: importing ADRs and history ...")
            checkout = identify_repository(root)
            key = await store_repository(executor, checkout)
            dirs = [root / d for d in labels.adr_dirs]
            report = await import_adrs(
                dirs, collection_name(dirs, checkout), services.ingest, None, checkout, key, executor, link_floor=STORED_FLOOR,
            )
            found = await services.reader.decisions(list(report.decision_ids.values()))
            adrs[labels.folder] = {r.id: r.source_path or "" for r in found}
            keys[labels.folder] = key
            await ingest_git(executor, root, None, None, link_floor=STORED_FLOOR)
    finally:
        await services.aclose()
    results: dict[str, dict[float, PairScore]] = {}
    details: dict[str, list[PairDetail]] = {}
    foreign: dict[str, int] = {}
    for labels, root in sets:
        progress(f"{labels.repo}: checking its last {commits} commits ...")
        history = history_of(root)[:commits]
        results[labels.folder], foreign[labels.folder], details[labels.folder] = await _score(
            executor, labels, history, keys[labels.folder], adrs[labels.folder], merged_by(root),
        )
    out: list[RepositoryResult] = []
    for labels, _ in sets:
        others = [results[o.folder] for o, _ in sets if o.folder != labels.folder]
        floor = _best_floor(others) if others else MIN_CONFIDENCE
        mine = results[labels.folder]
        out.append(RepositoryResult(labels.repo, mine[MIN_CONFIDENCE].commits, mine[MIN_CONFIDENCE], floor, mine[floor],
                                    foreign[labels.folder], mine, details[labels.folder]))
    return CodeLinkEvaluation(out)


async def _score(
    executor: QueryExecutor, labels: RepositoryLabels, history: Sequence[PathHistory], key: str, adrs: dict[str, str],
    merged: Mapping[str, str],
) -> tuple[dict[float, PairScore], int, list[PairDetail]]:
    """Pairs per floor, how many listed decisions were not this repository's ADRs, and
    each pair at the shipped floor with the link it rests on.

    A link that rests on the asked commit alone, or on commits of its own pull request alone
    (``merged``: a commit → the merge that brought it in), is not counted: the change being
    checked cannot be its own evidence."""
    asked: list[tuple[str, tuple[str, ...], dict[str, float], int]] = []
    details: list[PairDetail] = []
    change_of = changes(merged)
    for commit in history:
        sha, paths = commit.sha, commit.changed
        own = change_of(sha)
        report = await decisions_for_paths(executor, paths, None, None, key)
        strength: dict[str, float] = {}
        strongest: dict[str, tuple[str, str, str]] = {}
        alien = 0
        for item in report.governed:
            for decision in item.governing:
                link = item.links.get(decision.id)
                if decision.id not in adrs:
                    alien += 1
                    continue
                if link is not None and link.commits and set(link.commits) <= own:
                    continue  # rests on this very change alone
                value = 1.0 if link is None or not link.inferred else float(link.confidence or 0.0)
                adr = adrs[decision.id]
                if value > strength.get(adr, -1.0):
                    strongest[adr] = ("document" if link is None else link.via, item.path,
                                      "" if link is None else link.evidence or "")
                strength[adr] = max(strength.get(adr, 0.0), value)
        asked.append((sha, paths, strength, alien))
        details.extend(_details(labels, sha, paths, strength, strongest))
    by_floor: dict[float, PairScore] = {}
    for floor in sorted({*FLOORS, MIN_CONFIDENCE}):
        def listed(sha: str, paths: Sequence[str], floor: float = floor) -> tuple[set[str], int]:
            row = next(a for a in asked if a[0] == sha)
            return {adr for adr, value in row[2].items() if value >= floor}, row[3]

        by_floor[floor], _ = score_commits(labels, [(a[0], a[1]) for a in asked], listed)
    return by_floor, sum(a[3] for a in asked), details


def changes(merged: Mapping[str, str]) -> Callable[[str], frozenset[str]]:
    """A commit → the commits of the change it was merged in: its pull request's, when
    ``merged`` (a commit → its merge, ``merged_by``) has it, else itself alone."""
    branches: dict[str, set[str]] = {}
    for child, merge in merged.items():
        branches.setdefault(merge, set()).add(child)
    return lambda sha: frozenset({sha, *branches.get(merged.get(sha, ""), ())})


def _details(
    labels: RepositoryLabels, sha: str, paths: Sequence[str], strength: dict[str, float],
    strongest: dict[str, tuple[str, str, str]],
) -> list[PairDetail]:
    expected, ignored = expected_adrs(labels, paths)
    listed = {adr for adr, value in strength.items() if value >= MIN_CONFIDENCE} - ignored
    out: list[PairDetail] = []
    for adr in sorted(listed | (expected - ignored)):
        verdict = "missed" if adr not in listed else "right" if adr in expected else "wrong"
        via, path, evidence = strongest.get(adr, ("", "", ""))
        out.append(PairDetail(sha, adr, verdict, strength.get(adr, 0.0), via, path, evidence))
    return out


def _best_floor(others: Sequence[dict[float, PairScore]]) -> float:
    """The floor with the best F1 over the other repositories' pairs together (ties: the
    one nearest the shipped floor)."""
    def f1(floor: float) -> float:
        return pooled({str(i): o[floor] for i, o in enumerate(others)}).f1
    return max(FLOORS, key=lambda f: (round(f1(f), 6), -abs(f - MIN_CONFIDENCE)))


def evaluate_code_links(
    settings: Settings, labels_folders: Path | Sequence[Path], clones: Path | Sequence[Path], example: Path | None,
    progress: Progress = lambda _: None, commits: int = COMMITS,
) -> CodeLinkEvaluation:
    """Score every repository labelled under ``labels_folders`` together, so that each
    repository's floor is chosen on all the others (clones: in the first of ``clones``
    that holds one).

    Raises:
        MissingClone: A clone is missing or not at its labelled commit.
    """
    folders = [labels_folders] if isinstance(labels_folders, Path) else list(labels_folders)
    sets = [(labels, clone_of(clones, labels)) for labels in labelled_sets(folders, progress)]

    return on_throwaway_graph(lambda executor: _evaluate(executor, settings, sets, example, progress, commits))
