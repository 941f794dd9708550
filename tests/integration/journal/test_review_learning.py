"""``review learn``: the journal's review labels, read from the real Neo4j, correct the detector
in a model file of the journal's own, which ingest then detects with; a broken file is refused
with its name."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from api.cli.main import app
from api.journal import DecisionJournal
from api.usecases.requests import Caller
from api.usecases.review import confirm_draft, reject_draft
from graph.filters import DecisionFilter
from nlp.detector_model import DetectorModel
from tests.support.drafts import ingest_as_drafts

ME = Caller("tester")
DECIDED = """\
[2024-10-0{day}T10:00:00Z] alice: Which queue for the {thing} jobs, RabbitMQ or Kafka?
[2024-10-0{day}T10:05:00Z] bob: Agreed. We decided to run the {thing} jobs on the RabbitMQ queue.
"""
SMALL_TALK = """\
[2024-10-0{day}T11:00:00Z] carol: Sure. We decided to order {thing} for the retro.
"""


def _cli(*args: str) -> Any:
    from typer.testing import CliRunner

    return asyncio.to_thread(CliRunner().invoke, app, list(args))


async def _review(journal: DecisionJournal) -> None:
    """Twelve drafts in twelve sessions: the team confirms the six that route jobs to a queue
    and rejects the six about food."""
    for day, thing in enumerate(["billing", "email", "export", "import", "search", "report"], start=1):
        [kept] = (await ingest_as_drafts(journal.services.ingest, DECIDED.format(day=day, thing=thing), f"ops-{thing}")).draft_ids
        await confirm_draft(journal.services, kept, ME)
    for day, thing in enumerate(["pizza", "sushi", "tacos", "bagels", "salad", "curry"], start=1):
        [aside] = (await ingest_as_drafts(journal.services.ingest, SMALL_TALK.format(day=day, thing=thing), f"fun-{thing}")).draft_ids
        await reject_draft(journal.services, aside, ME)


async def test_review_learn_writes_the_journals_own_model_from_its_labels(
    journal: DecisionJournal, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    await _review(journal)
    learned = await _cli("review", "learn")
    assert learned.exit_code == 0, learned.output
    own = tmp_path / "data" / "decision-journal" / "detector_model.json"
    assert f"wrote {own}; ingest detects with it" in learned.stdout
    assert "12 review labels read" in learned.stdout
    model = DetectorModel.from_json(own.read_text())
    [(kind, correction)] = model.reviews.items()
    # The sessions name no series: the correction is for conversations of none.
    assert (correction.verdicts, correction.confirmed, correction.series) == (12, 6, ("",))
    assert kind in learned.stdout
    # Every label is read again: the same labels give the same file.
    before = own.read_bytes()
    assert (await _cli("review", "learn")).exit_code == 0
    assert own.read_bytes() == before


async def test_a_detector_model_that_cannot_be_read_stops_ingest_with_its_name(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    broken = tmp_path / "model.json"
    broken.write_text(json.dumps({"note": "not a model"}))
    config = tmp_path / "config.toml"
    config.write_text(f'[journal]\ndetector_model = "{broken}"\n')
    source = tmp_path / "chat.txt"
    source.write_text(DECIDED.format(day=1, thing="billing"))
    refused = await _cli("--config", str(config), "ingest", str(source))
    assert refused.exit_code == 1
    assert f"{broken} is not a detector model" in refused.output
    assert not (await journal.services.listing.page(DecisionFilter(include_drafts=True))).ids  # nothing was stored
