"""``decision-journal extract FILE...``: find decisions in files, no database needed."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from api.cli.context import cli_context, fail
from api.usecases.json_shape import DecisionJson, extracted_decision_json
from api.usecases.services import load_llm, with_llm
from nlp.detect import DetectorConfig
from nlp.errors import NlpError
from nlp.git_context import changed_files
from nlp.language import load_language
from nlp.pipeline import OfflinePipeline
from nlp.plural import plural
from nlp.readers import FORMATS, read_conversation, read_decisions
from nlp.schema import Conversation, ExtractedDecision
from nlp.seed_rules import SEED000_KEYWORDS


def with_git_context(decision: ExtractedDecision, repo: Path) -> ExtractedDecision:
    """The decision with the files ``repo`` changed around its time (uncommitted ones if undated)."""
    files = changed_files(repo, decision.decided_at)
    return decision.model_copy(update={"related_code": tuple(dict.fromkeys([*decision.related_code, *files]))})


def message_numbers(seqs: list[int]) -> str:
    """The messages as a person reads them, 1-based as the web page and ``review`` number them
    (``--json`` keeps the stored 0-based positions): " message 4", " messages 2, 4"; "" for none."""
    if not seqs:
        return ""
    noun = "message" if len(seqs) == 1 else "messages"
    return f" {noun} {', '.join(str(seq + 1) for seq in seqs)}"


def extract(
    ctx: typer.Context,
    paths: list[Path] = typer.Argument(..., help="Conversation files to read.", exists=False),
    fmt: str = typer.Option("auto", "--format", "-f", help=f"One of: {', '.join(FORMATS)}."),
    session: str | None = typer.Option(None, help="Session id (default: the file name); only with one file."),
    threshold: float = typer.Option(0.7, min=0.0, max=1.0, help="Detection threshold (seed 000 detection_threshold)."),
    keywords: list[str] = typer.Option(
        [], "--keyword", "-k", help="Detection keyword (repeatable); replaces seed 000's list (detection_keywords)."
    ),
    detections_only: bool = typer.Option(
        False, "--detections", help="Print every message's detection (JSON lines, `seq` 0-based) instead of decisions."
    ),
    git_repo: Path | None = typer.Option(
        None, "--git-repo", help="Also link files this git repository changed around each decision (git_context)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print decisions as JSON (one array over all files)."),
) -> None:
    """Detect and extract decisions offline (spaCy + rules) and print them."""
    cli = cli_context(ctx)
    if session and len(paths) > 1:
        raise fail("--session names one session; give one file with it", code=2)
    documents: list[tuple[Conversation, list[ExtractedDecision]]] = []
    conversations: list[Conversation] = []
    try:
        for path in paths:
            structured = read_decisions(path, session) if fmt in {"auto", "decision-doc"} else None
            if structured is not None:
                documents.append(structured)
            else:
                conversations.append(read_conversation(path, fmt, session))
    except NlpError as exc:
        raise fail(str(exc), code=2) from exc
    found: list[DecisionJson] = []
    for conversation, decisions in documents:
        cli.note(f"{conversation.path}: decision document, {plural(len(decisions), 'decision')}")
        found += [extracted_decision_json(decision, conversation, kind="adr") for decision in decisions]
    config = DetectorConfig(threshold=threshold, keywords=tuple(k.lower() for k in keywords) or SEED000_KEYWORDS)
    pipeline = OfflinePipeline(load_language(), config)
    full = with_llm(pipeline, cli.settings, load_llm(cli.settings))  # the LLM path when one is configured
    for conversation in conversations:
        if detections_only:
            for detection in pipeline.detect(conversation):
                typer.echo(json.dumps({"session": conversation.session_id, **detection.model_dump()}, ensure_ascii=False))
            continue
        extraction = full.run(conversation)
        decisions = list(extraction.decisions)
        if git_repo is not None:
            try:
                decisions = [with_git_context(decision, git_repo) for decision in decisions]
            except NlpError as exc:
                raise fail(str(exc), code=2) from exc
        cli.note(f"{conversation.path}: {plural(len(conversation.messages), 'message')} ({conversation.source_format}), "
                 f"{plural(len(decisions), 'decision')}")
        for warning in extraction.warnings:
            cli.note(f"{conversation.path}: warning: {warning}")
        found += [extracted_decision_json(decision, conversation) for decision in decisions]
    if as_json:
        typer.echo(json.dumps(found, indent=2, ensure_ascii=False))
        return
    for item in found:
        source = item["source"]
        cli.out.print(f"[{item['confidence']:.2f}] {item['summary']}", highlight=False, markup=False)
        by = f"  by {item['decision_maker']}" if item["decision_maker"] else ""
        cli.out.print(f"       {source['session']}{message_numbers(source['messages'])}{by}", highlight=False, markup=False)
        for key in ("subject", "context", "rationale"):
            if item[key] and not (key == "subject" and item[key] == item["context"]):
                cli.out.print(f"       {key}: {item[key]}", highlight=False, markup=False)
        alternatives = item["alternatives"]
        if alternatives:
            cli.out.print("       alternatives: " + ", ".join(alt["option"] for alt in alternatives), highlight=False, markup=False)
        if item["files"]:
            cli.out.print(f"       files: {', '.join(item['files'])}", highlight=False, markup=False)
