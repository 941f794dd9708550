"""``decision-journal eval detect|extract|summaries|train-detector|review-curve|search|evolution|code-links|session-links|adr-fidelity`` (and, from ``eval_spoken_cmd``, spoken-ceiling|spoken-precision): quality figures, ours beside the baselines."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import typer

from api.cli import eval_spoken_cmd
from api.cli.context import CliContext, cli_context, fail
from api.cli.eval_code_links_cmd import code_links_command
from api.cli.eval_common import DATA as _DATA
from api.cli.eval_common import SHARED as _SHARED
from api.cli.eval_common import SPLIT as _SPLIT
from api.cli.eval_common import check as _check
from api.cli.eval_common import shared_dir as _shared
from api.cli.eval_detect_cmd import detect_command, train_detector_command
from api.cli.eval_fidelity_cmd import adr_fidelity
from api.cli.eval_review_cmd import review_curve_command
from api.cli.eval_session_links_cmd import session_links_command
from api.cli.eval_sessions_cmd import sessions_command
from api.usecases.evolution_eval import GroupScore, evaluate_evolution
from api.usecases.search_eval import SearchEvaluation, evaluate_search
from api.usecases.services import load_llm, with_llm
from nlp.evaluation.metrics import ExtractionScore, FieldScore
from nlp.evaluation.qmsum_spans import load_qmsum
from nlp.evaluation.run import evaluate_extraction, load_sets
from nlp.evaluation.summaries import FRAGMENT_WORDS, score_summaries
from nlp.language import load_language
from nlp.llm.pipeline import LLMPipeline
from nlp.pipeline import OfflinePipeline

app = typer.Typer(help="Measure decision detection and extraction on the labelled sets (docs/quality.md).")

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


@app.command("summaries")
def summaries_command(
    ctx: typer.Context,
    shared: Path | None = _SHARED,
    final: bool = typer.Option(False, "--final", help="Score the final split's meetings instead of the others."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """How decision summaries of spoken meetings read: QMSum's meetings extracted offline, each
    decision query's answer against the summaries of the decisions in its span, and how many
    summaries are fragments, questions or keep disfluency."""
    cli = cli_context(ctx)
    shared_dir = _shared(shared)
    if shared_dir is None or not (shared_dir / "qmsum" / "meetings.jsonl").is_file():
        raise fail("the shared QMSum meetings were not found: pass --shared PATH (or set DJ_SHARED_DATA)", code=2)
    meetings = [m for m in load_qmsum(shared_dir) if m.final == final]
    cli.note(f"extracting the decisions of {len(meetings)} QMSum meetings offline ...")
    pipeline = OfflinePipeline(load_language())
    score = score_summaries(meetings, lambda conversation: pipeline.run(conversation).decisions)
    if as_json:
        typer.echo(json.dumps({"split": "final" if final else "development", **asdict(score)}, indent=2))
        return
    total = max(score.summaries, 1)
    cli.out.print(
        f"{len(meetings)} QMSum meetings ({'final split' if final else 'development'}): {score.summaries} decisions; "
        f"{score.covered}/{score.queries} decision queries have one in their span; word F1 of the best summary "
        f"with the annotators' answer {score.overlap:.3f}",
        highlight=False,
    )
    cli.out.print(
        f"summaries under {FRAGMENT_WORDS} words {score.fragments / total:.3f}, questions {score.questions / total:.3f}, "
        f"with a filler or a doubled word {score.disfluent / total:.3f}",
        highlight=False,
    )


@app.command("search")
def search_command(
    ctx: typer.Context,
    data: Path = _DATA,
    shared: Path | None = _SHARED,
    verbose: bool = typer.Option(False, "--verbose", "-v", help="List the questions ours did not answer first."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """MRR@10 and Recall@5 per ADR collection: ours (as shipped, and with its full-text weight
    chosen on the other collections), SQLite FTS5 (any term, the baseline; every term then any, beside it), seed 004's Jaccard."""
    cli = cli_context(ctx)
    questions = data / "search_questions.jsonl"
    if not questions.is_file():
        raise fail(f"{questions} not found: pass --data with the folder that holds search_questions.jsonl", code=2)
    shared_dir = _shared(shared)
    if shared_dir is None:
        cli.note("the shared data was not found (--shared PATH or DJ_SHARED_DATA): only the collections in "
                 f"{data / 'adr'} are scored")
    cli.note("starting a throwaway Neo4j and importing the ADR collections ...")
    result = evaluate_search(cli.settings, shared_dir, data, cli.note)
    if not result.within.questions:
        raise fail("no ADR collection of the questions was found", code=2)
    scopes = {"within_collection": result.within, "across_collections": result.across}
    if as_json:
        typer.echo(json.dumps({scope: _search_json(r) for scope, r in scopes.items()}, indent=2))
        return
    for title, scored in (("within its collection (search --session REPO)", result.within),
                          ("across all collections at once", result.across)):
        _print_search(cli, title, scored, verbose)


def _score_json(score: GroupScore) -> dict[str, object]:
    return {"later_decisions": score.later, "linked": score.linked, "recall": round(score.recall, 4),
            "links": score.links, "right": score.right, "wrong": score.wrong, "precision": round(score.precision, 4)}


def _search_json(result: SearchEvaluation) -> dict[str, object]:
    return {
        "questions": result.questions, "decisions": result.decisions,
        "systems": {n: {"mrr@10": round(s.mrr, 4), "recall@5": round(s.recall5, 4), "empty_answers": s.empty,
                        "mrr@10_by_collection": [round(v, 4) for v in result.spread(n)]}
                    for n, s in result.pooled.items()},
        "collections": {name: {"decisions": c.decisions, "questions": len(c.scores["ours"].reciprocal_ranks),
                               "chosen_fulltext_weight": c.chosen_weight,
                               "systems": {n: {"mrr@10": round(s.mrr, 4), "recall@5": round(s.recall5, 4)}
                                           for n, s in c.scores.items()}}
                        for name, c in result.collections.items()},
    }


def _print_search(cli: CliContext, title: str, result: SearchEvaluation, verbose: bool) -> None:
    cli.out.print(f"\nsearch {title}: {result.decisions} ADRs in {len(result.collections)} collections, "
                  f"{result.questions} questions", highlight=False)
    systems = list(result.pooled)
    cli.out.print(f"{'collection':<40}{'n':>4}  " + "  ".join(f"{s[:22]:>22}" for s in systems) + "  fold's weight", highlight=False)
    for name, c in result.collections.items():
        cells = "  ".join(f"{c.scores[s].mrr:>13.3f} / {c.scores[s].recall5:.2f}" for s in systems)
        cli.out.print(f"{name:<40}{len(c.scores['ours'].reciprocal_ranks):>4}  {cells}  {c.chosen_weight:g}", highlight=False)
    cells = "  ".join(f"{result.pooled[s].mrr:>13.3f} / {result.pooled[s].recall5:.2f}" for s in systems)
    cli.out.print(f"{'all (MRR@10 / Recall@5)':<40}{result.questions:>4}  {cells}", highlight=False)
    spread = "  ".join(f"{'{:.3f} ± {:.3f}'.format(*result.spread(s)):>22}" for s in systems)
    cli.out.print(f"{'MRR@10 by collection':<40}{'':>4}  {spread}", highlight=False)
    empty = "  ".join(f"{result.pooled[s].empty:>22}" for s in systems)
    cli.out.print(f"{'empty answers':<40}{'':>4}  {empty}", highlight=False)
    if verbose:
        for question, adr, rank in result.misses:
            cli.out.print(f"  rank {rank or '>10'}: {question}  [{adr}]", highlight=False, markup=False)


@app.command("evolution")
def evolution_command(
    ctx: typer.Context,
    data: Path = _DATA,
    shared: Path | None = _SHARED,
    verbose: bool = typer.Option(False, "--verbose", "-v", help="List every link with its verdict, the misses, and the links found in meeting notes."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Later decisions on a subject linked to the earlier ones: W3C resolutions against hand
    labels (eval/evolution_w3c.tsv), per working group; links inferred in meeting notes listed;
    AMI series against hand-paired decision queries (eval/evolution_ami_cases.tsv)."""
    cli = cli_context(ctx)
    shared_dir = _shared(shared)
    if shared_dir is None or not (shared_dir / "resolutions").is_dir():
        raise fail("the shared W3C resolutions were not found: pass --shared PATH (or set DJ_SHARED_DATA)", code=2)
    labels = data / "evolution_w3c.tsv"
    if not labels.is_file():
        raise fail(f"{labels} not found: pass --data with the folder that holds evolution_w3c.tsv", code=2)
    cli.note("starting a throwaway Neo4j and ingesting the W3C resolutions and meeting notes ...")
    ami_labels, ami_cases = data / "evolution_ami.tsv", data / "evolution_ami_cases.tsv"
    result = evaluate_evolution(
        cli.settings, shared_dir, labels, cli.note, ami_labels if ami_labels.is_file() else None,
        ami_cases if ami_cases.is_file() else None,
    )
    rows = {**result.groups, "all": result.total}
    if as_json:
        typer.echo(json.dumps({
            "groups": {name: _score_json(s) for name, s in rows.items()},
            "links": [asdict(link) for link in result.links],
            "note_links": [asdict(link) for link in result.note_links],
            "ami_links": [asdict(link) for link in result.spoken_links],
            "ami": {"later_decisions": result.spoken.later, "linked": result.spoken.linked,
                    "recall": round(result.spoken.recall, 4), "missed": result.spoken_missed},
            "all_labelled": _score_json(result.labelled),
        }, indent=2))
        return
    cli.out.print(f"{'group':<30}{'later':>6}{'linked':>8}{'recall':>8}{'links':>7}{'right':>7}{'wrong':>7}{'unlab.':>7}{'prec.':>7}", highlight=False)
    for name, s in rows.items():
        unlabelled = s.links - s.right - s.wrong
        cli.out.print(
            f"{name:<30}{s.later:>6}{s.linked:>8}{s.recall:>8.2f}{s.links:>7}{s.right:>7}{s.wrong:>7}{unlabelled:>7}{s.precision:>7.2f}",
            highlight=False,
        )
    cli.out.print(f"meeting notes: {len(result.note_links)} inferred links (listed with -v for a hand check)", highlight=False)
    spoken = result.spoken
    checked = f"; hand-checked {spoken.right + spoken.wrong}: {spoken.right} right, {spoken.wrong} wrong" if spoken.right + spoken.wrong else ""
    cli.out.print(f"AMI series: {spoken.links} inferred links{checked} (listed with -v)", highlight=False)
    if spoken.later:
        cli.out.print(f"AMI series: {spoken.later} labelled later decisions, {spoken.linked} linked "
                      f"(recall {spoken.recall:.2f})", highlight=False)
    pooled = result.labelled
    cli.out.print(f"all labelled cases (W3C and AMI): {pooled.linked} of {pooled.later} linked (recall {pooled.recall:.2f}); "
                  f"hand-checked links {pooled.right} of {pooled.right + pooled.wrong} right (precision {pooled.precision:.2f})",
                  highlight=False)
    if verbose:
        for link in result.links:
            cli.out.print(f"  [{link.verdict}] {link.kind}: {link.later} -> {link.earlier} ({link.reason})\n"
                          f"      new: {link.later_text[:110]}\n      old: {link.earlier_text[:110]}", highlight=False, markup=False)
        for later, target in result.missed:
            cli.out.print(f"  [missed] {later} -> {target or 'nothing'}", highlight=False, markup=False)
        for link in result.note_links:
            cli.out.print(f"  [notes] {link.kind}: {link.later} -> {link.earlier} ({link.reason})\n"
                          f"      new: {link.later_text[:110]}\n      old: {link.earlier_text[:110]}", highlight=False, markup=False)
        for link in result.spoken_links:
            cli.out.print(f"  [ami {link.verdict}] {link.kind}: {link.later} -> {link.earlier} ({link.reason})\n"
                          f"      new: {link.later_text[:110]}\n      old: {link.earlier_text[:110]}", highlight=False, markup=False)
        for later in result.spoken_missed:
            cli.out.print(f"  [ami missed] {later}", highlight=False, markup=False)


app.command("detect")(detect_command)
app.command("train-detector")(train_detector_command)
app.command("review-curve")(review_curve_command)
app.command("code-links")(code_links_command)
app.command("session-links")(session_links_command)
# spoken-ceiling and spoken-precision: how spoken meetings' decisions read.
app.add_typer(eval_spoken_cmd.app)
app.command("adr-fidelity")(adr_fidelity)
app.command("sessions")(sessions_command)
