"""The review labels a command learns from: a file's (``--reviews``) or the journal's own."""

from __future__ import annotations

from pathlib import Path

from api.cli.context import CliContext, fail
from api.cli.run_on_graph import run_on_graph
from api.usecases.detector_training import journal_review_records
from api.usecases.runtime import GraphConnection
from nlp.evaluation.reviews import ReviewRecord, ReviewRecordError, read_reviews
from nlp.plural import plural


def file_records(reviews: Path) -> list[ReviewRecord]:
    """The records of a JSON lines file of review labels (``review labels --json``).

    Raises:
        typer.Exit: The file is missing or a line cannot be read (exit 2, the line named).
    """
    if not reviews.is_file():
        raise fail(f"{reviews} not found: --reviews takes a JSON lines file of review labels", code=2)
    try:
        return read_reviews(reviews)
    except ReviewRecordError as exc:
        raise fail(str(exc), code=2) from exc


def journal_records(cli: CliContext) -> list[ReviewRecord]:
    """The journal's review labels as records; those whose words were pruned are counted and left out."""

    async def action(graph: GraphConnection) -> tuple[list[ReviewRecord], int]:
        return await journal_review_records(graph.executor)

    records, skipped = run_on_graph(cli, action)
    if skipped:
        cli.note(f"{plural(skipped, 'review label')} without their words (pruned): left out")
    return records
