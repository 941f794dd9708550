"""What the ``eval`` commands share: where the data is, and the featurized labelled meetings."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from api.cli.context import CliContext, fail
from nlp.detect import DecisionDetector
from nlp.evaluation.corpus import LabelledMeeting
from nlp.evaluation.labelled_sources import Places
from nlp.evaluation.train import Featurized, featurize
from nlp.language import load_language

SPLIT = typer.Option("heldout", help="dev (tuned on), heldout (never tuned on) or all.")
DATA = typer.Option(Path("eval"), help="Folder with conversations.jsonl and meeting_note_decisions.tsv.")
SHARED = typer.Option(None, help="The shared data folder (default: $DJ_SHARED_DATA or ../shared/data).")
EXTRA = typer.Option(None, "--eval-data", help="Data derived from public sources fetched for evaluation, kept out of "
                     "the repository (default: $DJ_EVAL_DATA or ../eval-data): AMI decisions, more W3C groups, real chat.")


def shared_dir(path: Path | None) -> Path | None:
    """The shared data folder: ``path``, else $DJ_SHARED_DATA, else ../shared/data; None when absent."""
    candidate = path or Path(os.environ.get("DJ_SHARED_DATA") or "../shared/data")
    return candidate if candidate.is_dir() else None


def extra_dir(path: Path | None) -> Path | None:
    """The fetched evaluation data: ``path``, else $DJ_EVAL_DATA, else ../eval-data; None when absent."""
    candidate = path or Path(os.environ.get("DJ_EVAL_DATA") or "../eval-data")
    return candidate if candidate.is_dir() else None


def places(data: Path, shared: Path | None, extra: Path | None) -> Places:
    """Where every labelled source is, for ``load_labelled``."""
    return Places(data, shared_dir(shared), extra_dir(extra))


def check(split: str, data: Path) -> None:
    if split not in {"dev", "heldout", "all"}:
        raise fail(f"--split is dev, heldout or all, not {split!r}", code=2)
    if not (data / "conversations.jsonl").is_file():
        raise fail(f"{data}/conversations.jsonl not found: run from the repository root or pass --data", code=2)


def detector() -> DecisionDetector:
    language = load_language()
    return DecisionDetector(language.nlp, light=language.light)


def featurized(
    cli: CliContext, meetings: list[LabelledMeeting], detector: DecisionDetector, spoken: bool = False, chat: bool = False
) -> list[Featurized]:
    """The meetings' features; with ``spoken``, a spoken meeting is read for the spoken model,
    with ``chat`` a chat for the chat model."""
    cli.note(f"reading {len(meetings)} labelled meetings ({sum(len(m.conversation.messages) for m in meetings)} messages) ...")

    def progress(done: int, total: int) -> None:
        if done % 50 == 0 or done == total:
            cli.note(f"  features: {done}/{total} meetings")

    return featurize(detector, meetings, progress, spoken=spoken, chat=chat)


