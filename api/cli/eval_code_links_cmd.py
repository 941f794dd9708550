"""``decision-journal eval code-links``: decisions that reach the code, scored over real
repositories' recent commits against hand labels (docs/check-diff.md, "Measured")."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import typer

from api.cli.context import cli_context, fail
from api.usecases.code_links_eval import COMMITS, CodeLinkEvaluation, MissingClone, evaluate_code_links
from nlp.code_links.infer import MIN_CONFIDENCE
from nlp.errors import NlpError
from nlp.evaluation.code_links import MeanScore, PairScore

DEFAULT_CLONES = Path.home() / ".cache" / "decision-journal" / "code-links"
DEVELOPMENT = Path("eval/code_links")
UNSEEN = Path("eval/code_links_unseen")


def code_links_command(
    ctx: typer.Context,
    labels: list[Path] = typer.Option(
        [DEVELOPMENT], help="Labelled repositories: <owner>__<repo>/governs.tsv each. Repeat it to score several sets "
        "in one run (each repository's floor is then chosen on all the others).",
    ),
    clones: list[Path] = typer.Option(
        [DEFAULT_CLONES], help="Where the clones are, <owner>__<repo> each, at the labelled commit; repeat it to look "
        "in several places (the first that holds a clone is used).",
    ),
    unseen: bool = typer.Option(False, "--unseen", help="Score eval/code_links_unseen instead: repositories no rule was written against."),
    commits: int = typer.Option(COMMITS, min=1, help="How many of each repository's latest non-merge commits to check."),
    example: Path | None = typer.Option(
        Path("examples/platform-sync.txt"), help="A conversation ingested beside them, whose decisions belong to no "
        "repository: any of them listed counts as foreign.",
    ),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="The ADRs most often missed and most often listed wrongly."),
    pairs: Path | None = typer.Option(
        None, "--pairs", help="Write every (commit, ADR) pair listed or labelled at the shipped floor to this TSV: "
        "repository, commit, ADR, right|wrong|missed, link strength, via, file, evidence.",
    ),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Precision and recall of (commit, ADR) pairs: each repository's ADRs imported and its
    history ingested, check-diff asked about its last COMMITS commits, against labels of which
    paths each ADR governs; per repository at the shipped link strength and at the strength
    chosen on the other repositories, and decisions listed from another source."""
    cli = cli_context(ctx)
    folders = [UNSEEN] if unseen and labels == [DEVELOPMENT] else labels
    for folder in folders:
        if not folder.is_dir():
            raise fail(f"{folder} not found: run from the repository root or pass --labels", code=2)
    cli.note("starting a throwaway Neo4j, importing each repository's ADRs and history ...")
    try:
        result = evaluate_code_links(cli.settings, folders, clones, example if example and example.is_file() else None,
                                     cli.note, commits)
    except (MissingClone, NlpError) as exc:
        raise fail(str(exc), code=2) from exc
    if pairs is not None:
        _write_pairs(pairs, result)
    if as_json:
        typer.echo(json.dumps(_json(result), indent=2))
        return

    def say(text: str) -> None:
        cli.out.print(text, highlight=False, markup=False)

    say(f"\n(commit, ADR) pairs over each repository's last {commits} commits ({', '.join(str(f) for f in folders)})")
    say(f"{'repository':<46}{'commits':>8}  {'shipped ' + format(MIN_CONFIDENCE, 'g'):>22}  {'floor chosen on the others':>30}  foreign")
    for r in result.repositories:
        say(f"{r.repo:<46}{r.commits:>8}  {_prf(r.shipped):>22}  {_prf(r.cross_validated) + f' @{r.chosen_floor:g}':>30}  {r.foreign:>7}")
    say(f"{'all':<46}{sum(r.commits for r in result.repositories):>8}  {_prf(result.pooled()):>22}  "
        f"{_prf(result.pooled(True)):>30}  {sum(r.foreign for r in result.repositories):>7}")
    say(f"{'mean of the ' + str(len(result.repositories)) + ' repositories':<46}{'':>8}  {_mean(result.mean()):>22}  "
        f"{_mean(result.mean(True)):>30}")
    say("P / R / F1; pairs: " + ", ".join(f"{r.repo} {r.shipped.true_positive}+{r.shipped.false_negative} labelled" for r in result.repositories))
    if verbose:
        for r in result.repositories:
            say(f"\n{r.repo}: missed " + ", ".join(f"{a.rsplit('/', 1)[-1]} ({n})" for a, n in _top(r.shipped.missed)))
            say(f"{r.repo}: listed wrongly " + ", ".join(f"{a.rsplit('/', 1)[-1]} ({n})" for a, n in _top(r.shipped.wrong)))


def _prf(score: PairScore) -> str:
    return f"{score.precision:.2f} / {score.recall:.2f} / {score.f1:.2f}"


def _mean(score: MeanScore) -> str:
    return f"{score.precision:.2f} / {score.recall:.2f} / {score.f1:.2f}"


def _write_pairs(path: Path, result: CodeLinkEvaluation) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, delimiter="\t", lineterminator="\n")
        writer.writerow(["repo", "commit", "adr", "verdict", "strength", "via", "file", "evidence"])
        for r in result.repositories:
            for p in r.pairs:
                writer.writerow([r.repo, p.sha, p.adr, p.verdict, f"{p.strength:g}", p.via, p.file,
                                 " ".join(p.evidence.split())])


def _top(counts: dict[str, int], n: int = 8) -> list[tuple[str, int]]:
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:n]


def _json(result: CodeLinkEvaluation) -> dict[str, Any]:
    def score(s: PairScore) -> dict[str, Any]:
        return {"precision": round(s.precision, 4), "recall": round(s.recall, 4), "f1": round(s.f1, 4),
                "true_positive": s.true_positive, "false_positive": s.false_positive, "false_negative": s.false_negative}
    def mean(m: MeanScore) -> dict[str, Any]:
        return {"precision": round(m.precision, 4), "recall": round(m.recall, 4), "f1": round(m.f1, 4),
                "repositories": m.repositories}
    return {
        "shipped_floor": MIN_CONFIDENCE,
        "repositories": [
            {"repo": r.repo, "commits": r.commits, "shipped": score(r.shipped), "chosen_floor": r.chosen_floor,
             "cross_validated": score(r.cross_validated), "foreign": r.foreign,
             "by_floor": {str(f): score(s) for f, s in r.by_floor.items()}}
            for r in result.repositories
        ],
        "pooled": {"shipped": score(result.pooled()), "cross_validated": score(result.pooled(True)),
                   "foreign": sum(r.foreign for r in result.repositories)},
        "mean_over_repositories": {"shipped": mean(result.mean()), "cross_validated": mean(result.mean(True))},
    }
