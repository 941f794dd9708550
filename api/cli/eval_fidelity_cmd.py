"""``decision-journal eval adr-fidelity``: how faithfully every ADR collection we have imports."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import typer

from api.cli.context import cli_context, fail
from api.cli.eval_common import EXTRA, SHARED, extra_dir, shared_dir
from nlp.errors import InputFormatError
from nlp.evaluation.adr_fidelity import CHECKS, CollectionFidelity, measure_collection

_HEADERS = {"unreadable": "unread", "option_only": "opt-only", "no_alternatives": "no-alts", "missing_options": "missing",
            "plan_alternative": "plan-alt", "status": "status", "undated": "undated",
            "chosen_is_alternative": "chosen-alt", "debris": "debris", "placeholder_decider": "?-decider"}


def fidelity_collections(shared: Path | None, data: Path, extra: Path | None) -> list[Path]:
    """Every collection we have: the shared ones (``shared/adr``), those kept with the search
    evaluation (``eval/adr``) and those fetched for this check (``<eval-data>/adr_fidelity``,
    provenance in ``eval/adr_fidelity/FILES.tsv``)."""
    roots = [*([shared / "adr"] if shared else []), data / "adr", *([extra / "adr_fidelity"] if extra else [])]
    return [p for root in roots if root.is_dir() for p in sorted(root.iterdir()) if p.is_dir()]


def adr_fidelity(
    ctx: typer.Context,
    folders: list[Path] = typer.Argument(None, help="ADR collections to check (default: every collection we have)."),
    data: Path = typer.Option(Path("eval"), help="The folder with adr/."),
    shared: Path | None = SHARED,
    extra: Path | None = EXTRA,
    verbose: bool = typer.Option(False, "--verbose", "-v", help="List each ADR that fails a check, and why."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Per ADR collection, with no database: summaries that only name "option N", options
    sections with no or missing alternatives stored, chosen options stored as alternatives,
    titles or summaries that start with debris, placeholder deciders, future work stored as
    an alternative, statuses stored against their words, dates stated and not stored
    (docs/adr.md)."""
    cli = cli_context(ctx)
    chosen = list(folders or []) or fidelity_collections(shared_dir(shared), data, extra_dir(extra))
    if not chosen:
        raise fail("no ADR collection found: pass folders, --data, --shared or --eval-data", code=2)
    try:
        results = [measure_collection(folder) for folder in chosen]
    except InputFormatError as error:
        raise fail(str(error), code=2) from error
    if as_json:
        typer.echo(json.dumps({"collections": [_json(r) for r in results], "total": _json(_total(results))}, indent=2))
        return
    cli.out.print(f"{'collection':<44}{'ADRs':>5}{'w/opts':>7}{'alts':>6}" + "".join(f"{_HEADERS[c]:>11}" for c in CHECKS),
                  highlight=False)
    for result in [*results, _total(results)]:
        cli.out.print(f"{result.name:<44}{result.adrs:>5}{result.with_options:>7}{result.alternatives:>6}"
                      + "".join(f"{result.count(c):>11}" for c in CHECKS), highlight=False)
    if verbose:
        for finding in sorted((f for r in results for f in r.findings), key=lambda f: (f.check, f.path)):
            cli.out.print(f"  [{finding.check}] {finding.path}: {finding.detail}", highlight=False, markup=False)


def _total(results: list[CollectionFidelity]) -> CollectionFidelity:
    return CollectionFidelity("all", sum(r.adrs for r in results), sum(r.with_options for r in results),
                              sum(r.alternatives for r in results), [f for r in results for f in r.findings])


def _json(result: CollectionFidelity) -> dict[str, object]:
    return {"name": result.name, "adrs": result.adrs, "with_options": result.with_options,
            "alternatives": result.alternatives, "counts": {c: result.count(c) for c in CHECKS},
            "findings": [asdict(f) for f in result.findings]}
