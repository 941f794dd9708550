"""``decision-journal eval detect|extract``: quality figures, ours beside the baselines."""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer

from api.cli.context import cli_context, fail
from api.search_eval import evaluate_search
from api.services import load_llm, with_llm
from nlp.detect import WEIGHTS, DecisionDetector, DetectorConfig
from nlp.evaluation.metrics import ExtractionScore, FieldScore
from nlp.evaluation.run import evaluate_detection, evaluate_extraction, load_sets
from nlp.evaluation.train import fit_weights, save_weights, training_examples
from nlp.language import load_language
from nlp.llm.pipeline import LLMPipeline
from nlp.pipeline import OfflinePipeline

app = typer.Typer(help="Measure decision detection and extraction on the labelled sets (docs/quality.md).")

_SPLIT = typer.Option("heldout", help="dev (tuned on), heldout (never tuned on) or all.")
_DATA = typer.Option(Path("eval"), help="Folder with conversations.jsonl and meeting_note_decisions.tsv.")
_SHARED = typer.Option(None, help="The shared data folder (default: $DJ_SHARED_DATA or ../shared/data).")


def _shared(path: Path | None) -> Path | None:
    candidate = path or Path(os.environ.get("DJ_SHARED_DATA") or "../shared/data")
    return candidate if candidate.is_dir() else None


def _check(split: str, data: Path) -> None:
    if split not in {"dev", "heldout", "all"}:
        raise fail(f"--split is dev, heldout or all, not {split!r}", code=2)
    if not (data / "conversations.jsonl").is_file():
        raise fail(f"{data}/conversations.jsonl not found: run from the repository root or pass --data", code=2)


@app.command()
def detect(
    ctx: typer.Context,
    split: str = _SPLIT,
    data: Path = _DATA,
    shared: Path | None = _SHARED,
    threshold: float = typer.Option(0.7, min=0.0, max=1.0, help="Detection threshold for ours."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Precision, recall and F1 of detection: ours, seed 001's regex, seed 000's keywords."""
    cli = cli_context(ctx)
    _check(split, data)
    shared_dir = _shared(shared)
    if shared_dir is None:
        cli.note("shared data not found: scoring our conversations only (pass --shared)")
    rows = evaluate_detection(load_language(), load_sets(data, shared_dir), split, threshold)
    if as_json:
        typer.echo(json.dumps([
            {"dataset": r.dataset, "system": r.system, "precision": round(r.score.precision, 4),
             "recall": round(r.score.recall, 4), "f1": round(r.score.f1, 4), "predicted": r.score.predicted,
             "correct": r.score.correct, "units": r.score.units, "found": r.score.found} for r in rows
        ], indent=2))
        return
    cli.out.print(f"decision detection, split={split}, threshold={threshold}", highlight=False)
    cli.out.print(f"{'dataset':<15}{'system':<18}{'P':>7}{'R':>7}{'F1':>7}{'predicted':>11}{'units':>7}", highlight=False)
    for r in rows:
        s = r.score
        cli.out.print(
            f"{r.dataset:<15}{r.system:<18}{s.precision:>7.3f}{s.recall:>7.3f}{s.f1:>7.3f}{s.predicted:>11}{s.units:>7}",
            highlight=False,
        )


@app.command()
def extract(
    ctx: typer.Context,
    split: str = _SPLIT,
    data: Path = _DATA,
    shared: Path | None = _SHARED,
    as_json: bool = typer.Option(False, "--json"),
    llm: bool = typer.Option(False, "--llm", help="Also score the configured LLM path, beside the offline one."),
) -> None:
    """Field-level scores of extraction, and grounding precision of people and files
    (with --llm: the configured LLM path beside the offline one)."""
    cli = cli_context(ctx)
    _check(split, data)
    language = load_language()
    sets = load_sets(data, _shared(shared))
    systems: dict[str, ExtractionScore] = {"offline": evaluate_extraction(language, sets, split)}
    if llm:
        client = load_llm(cli.settings)
        if client is None:
            raise fail("--llm needs the LLM path: set [llm] model and OPENAI_BASE_URL or OPENAI_API_KEY (see doctor)", code=2)
        pipeline = with_llm(OfflinePipeline(language), cli.settings, client)
        assert isinstance(pipeline, LLMPipeline)
        systems[f"llm:{cli.settings.llm.model}"] = evaluate_extraction(language, sets, split, pipeline)
        usage = client.usage
        cli.note(f"llm: {usage.calls} calls, {usage.cache_hits} cached, {usage.failures} failed, "
                 f"{usage.prompt_tokens + usage.completion_tokens} tokens; grounding dropped "
                 f"{pipeline.grounding.dropped_stakeholders} people, {pipeline.grounding.dropped_files} files, "
                 f"{pipeline.grounding.dropped_alternatives} alternatives; {pipeline.grounding.fallbacks} offline fallbacks")
    names = ("alternatives", "stakeholders", "files", "rationale_terms", "grounded_stakeholders", "grounded_files")
    if as_json:
        typer.echo(json.dumps({
            "split": split,
            "systems": {
                system: {"gold": score.gold, "matched": score.matched, "fields": {
                    n: {"precision": round(f.precision, 4), "recall": round(f.recall, 4), "extracted": f.extracted, "gold": f.gold}
                    for n in names for f in [getattr(score, n)]}}
                for system, score in systems.items()
            },
        }, indent=2))
        return
    for system, score in systems.items():
        cli.out.print(f"extraction ({system}), split={split}: {score.matched}/{score.gold} gold decisions detected", highlight=False)
        cli.out.print(f"{'field':<24}{'P':>7}{'R':>7}{'extracted':>11}{'gold':>7}", highlight=False)
        for name in names:
            f: FieldScore = getattr(score, name)
            recall = f"{f.recall:>7.3f}" if f.gold else f"{'-':>7}"
            precision = f"{f.precision:>7.3f}" if f.extracted else f"{'-':>7}"
            cli.out.print(f"{name:<24}{precision}{recall}{f.extracted:>11}{f.gold:>7}", highlight=False)


@app.command("train-detector")
def train_detector(
    ctx: typer.Context,
    data: Path = _DATA,
    shared: Path | None = _SHARED,
    out: Path = typer.Option(Path("nlp/detector_weights.json"), help="Where to write the fitted weights."),
    l2: float = typer.Option(0.1, help="L2 penalty (0.1 chosen on the dev split)."),
) -> None:
    """Fit the detector's signal weights on the dev split only, and write them."""
    cli = cli_context(ctx)
    _check("dev", data)
    sets = load_sets(data, _shared(shared))
    dev = [item for items in sets.values() for item in items if item.split == "dev"]
    detector = DecisionDetector(load_language().nlp, DetectorConfig(weights=dict(WEIGHTS)))
    examples = training_examples(detector, dev)
    weights = fit_weights(examples, l2=l2)
    note = f"fitted by `decision-journal eval train-detector` on the dev split ({', '.join(sets)}): {len(examples)} examples, l2={l2}"
    save_weights(weights, out, note)
    cli.note(note)
    for name, value in weights.items():
        cli.out.print(f"  {name:<24}{value:>8.3f}", highlight=False)


@app.command("search")
def search_command(
    ctx: typer.Context,
    split: str = _SPLIT,
    data: Path = _DATA,
    shared: Path | None = _SHARED,
    verbose: bool = typer.Option(False, "--verbose", "-v", help="List the questions ours did not answer first."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """MRR@10 and Recall@5 over the shared ADR sets: ours, SQLite FTS5, seed 004's Jaccard."""
    cli = cli_context(ctx)
    _check(split, data)
    shared_dir = _shared(shared)
    if shared_dir is None or not (shared_dir / "adr").is_dir():
        raise fail("the shared ADR collections were not found: pass --shared PATH (or set DJ_SHARED_DATA)", code=2)
    cli.note("starting a throwaway Neo4j and ingesting the ADR collections ...")
    result = evaluate_search(cli.settings, shared_dir, data / "search_questions.jsonl", split)
    if as_json:
        typer.echo(json.dumps({
            "split": split, "questions": result.questions, "decisions": result.decisions,
            "systems": {n: {"mrr@10": round(s.mrr, 4), "recall@5": round(s.recall5, 4)} for n, s in result.scores.items()},
        }, indent=2))
        return
    cli.out.print(f"search over {result.decisions} ADRs, split={split}, {result.questions} questions", highlight=False)
    cli.out.print(f"{'system':<14}{'MRR@10':>8}{'Recall@5':>10}", highlight=False)
    for name, score in result.scores.items():
        cli.out.print(f"{name:<14}{score.mrr:>8.3f}{score.recall5:>10.3f}", highlight=False)
    if verbose:
        for question, adr, rank in result.misses:
            cli.out.print(f"  rank {rank or '>10'}: {question}  [{adr}]", highlight=False, markup=False)
