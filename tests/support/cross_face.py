"""The journal every cross-face test reads, and the five faces that read it.

The corpus is ingested through the product's own paths (the Python API, the offline
pipeline, a git checkout with a remote); each face is asked the way its users ask it: the
CLI through its click runner, the Python API, GraphQL over HTTP (starlette's test client)
with a bearer token, MCP through an in-process MCP client of the real server, and the page
with the very GraphQL requests ``api/web/static/app.js`` sends.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from mcp import Client
from pydantic import SecretStr
from typer.testing import CliRunner

from api.cli.main import app as cli_app
from api.journal import DecisionJournal
from api.mcp_server import build_mcp_server
from api.settings import AuthSettings, Neo4jSettings, Settings
from api.usecases.adr_import import import_adrs
from nlp.schema import Conversation, Message
from tests.api.graphql_client import TOKENS, GraphQL
from tests.graph_fixtures import Neo4jServer
from tests.support.drafts import CHATTER, ingest_as_drafts
from tests.support.git import git

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "platform-sync.txt"
APP_JS = ROOT / "api" / "web" / "static" / "app.js"

PRICING = """\
[2024-05-02T10:00:00Z] erin: Should we offer annual billing discounts or keep monthly plans only?
[2024-05-02T10:04:00Z] frank: Annual discounts improve retention, monthly only is simpler.
[2024-05-02T10:06:00Z] erin: We decided to offer a 15% annual discount because it improves retention; the logic lives in src/billing/pricing.py.
"""
INFRA = """\
[2024-08-15T09:00:00Z] dave: The hosted CI queue is slow every afternoon. Self-hosted runners or a bigger plan?
[2024-08-15T09:04:00Z] alice: A bigger plan costs twice as much for the same queue.
[2024-08-15T09:06:00Z] dave: We decided to move CI to self-hosted runners because the queue blocks releases.
"""
WEEKLY = {
    "2024-04-04": """\
[2024-04-04T10:00:00Z] bob: Deploys on Friday keep breaking the weekend. Thursday or Tuesday?
[2024-04-04T10:03:00Z] carol: Thursday leaves a day to fix what breaks.
[2024-04-04T10:05:00Z] bob: We decided to move the deploy window to Thursday because Friday deploys break weekends.
""",
    "2024-04-11": """\
[2024-04-11T10:00:00Z] carol: The checkout slowed down twice last week and nobody noticed until customers did.
[2024-04-11T10:04:00Z] Alice: We decided to run the load tests every night so that a slowdown shows the next morning.
""",
}
SHOP = """\
[2024-08-01T11:00:00Z] alice: Where should the checkout handlers live, app/checkout/ or a new service?
[2024-08-01T11:05:00Z] bob: A new service means another deploy for a few handlers.
[2024-08-01T11:08:00Z] alice: We decided to keep the checkout handlers in app/checkout/handlers.py because one deploy is simpler.
"""
ADRS = {
    "0001-use-kafka-for-order-events.md": ("accepted", "2024-02-01", "Alice", "Messaging, Events", "Use Kafka for order events",
                                           "Kafka keeps the order events for replay.", "Kafka", "RabbitMQ"),
    "0002-use-rabbitmq-for-order-events.md": ("superseded", "2023-11-01", "Bob", "Messaging", "Use RabbitMQ for order events",
                                              "RabbitMQ was already running.", "RabbitMQ", "Kafka"),
    "0003-adopt-opentelemetry-for-tracing.md": ("proposed", "2024-06-10", "Bob", "Observability, Tracing",
                                                "Adopt OpenTelemetry for tracing", "One standard for traces and metrics.",
                                                "OpenTelemetry", "Zipkin"),
}
SHOP_REMOTE = "https://github.com/acme/shop.git"
LOCALES = (  # said before anything else in the corpus, so it is last in date order
    ("王小明", "Should the locale files live in one folder or beside each page?"),
    ("Иван Петров", "One folder is easier for the translators."),
    ("Niklas Lindström", "We decided to keep the locale files in one translations folder because the translators work there."),
)
"""People whose names are not ASCII: each their own handle, in the letters of their names."""


def adr_text(status: str, day: str, decider: str, tags: str, title: str, why: str, chosen: str, other: str) -> str:
    """A MADR file with front matter (status, date, deciders, tags) and two options."""
    return (f"---\nstatus: {status}\ndate: {day}\ndeciders: {decider}\ntags: {tags}\n---\n# {title}\n\n"
            f"## Context and Problem Statement\n\nThe order service needs a way to publish order events.\n\n"
            f"## Considered Options\n\n* {chosen}\n* {other}\n\n"
            f"## Decision Outcome\n\nChosen option: \"{chosen}\", because {why}\n")


def settings_for(server: Neo4jServer, local_groups: Sequence[str] | None = None) -> Settings:
    """Settings on the test server with the API tokens of ``tests.api.graphql_client`` and,
    for the local faces, ``[auth] local_groups``."""
    return Settings(
        neo4j=Neo4jSettings(uri=server.uri, user=server.user, password=SecretStr(server.password)),
        auth=AuthSettings(tokens=list(TOKENS.values()), local_groups=list(local_groups) if local_groups is not None else None),
    )


def shop_repository(parent: Path) -> Path:
    """A git checkout with a remote (key github.com/acme/shop) holding app/checkout/."""
    repo = parent / "shop"
    (repo / "app" / "checkout").mkdir(parents=True)
    git(repo, "init", "-q")
    git(repo, "remote", "add", "origin", SHOP_REMOTE)
    (repo / "app" / "checkout" / "handlers.py").write_text("def pay() -> None: ...\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "Checkout handlers")
    return repo


async def ingest_corpus(journal: DecisionJournal, folder: Path) -> None:
    """Every kind of decision the table asks about, through the product's ingest paths."""
    folder.mkdir(parents=True, exist_ok=True)
    await journal.ingest_session(EXAMPLE, session_id="platform-sync")  # open: alice, 2024-03 and 2024-09
    (folder / "pricing.txt").write_text(PRICING)
    await journal.ingest_session(folder / "pricing.txt", session_id="pricing", access_groups=["sales"])
    (folder / "infra.txt").write_text(INFRA)
    await journal.ingest_session(folder / "infra.txt", session_id="infra", access_groups=["eng"])
    for day, text in WEEKLY.items():
        (folder / f"weekly-{day}.txt").write_text(text)
        await journal.ingest_session(folder / f"weekly-{day}.txt", session_id=f"weekly-{day}", series="weekly-sync")
    adrs = folder / "adr"
    adrs.mkdir()
    for name, fields in ADRS.items():
        (adrs / name).write_text(adr_text(*fields))
    await import_adrs([adrs], "adrs", journal.services.ingest)
    (folder / "shop.txt").write_text(SHOP)
    await journal.ingest_session(folder / "shop.txt", session_id="shop", repository=shop_repository(folder))
    await journal.record_decision(
        "Store product images in S3", tags=["Storage", "AWS"], decision_maker="Alice", files=["src/media/"],
        rationale="the CDN reads from it", decided_at=datetime(2024, 7, 1, tzinfo=UTC),
    )
    await ingest_as_drafts(journal.services.ingest, CHATTER, "retro")
    await journal.ingest_session(Conversation(session_id="locales", source_format="transcript", messages=tuple(
        Message(id=f"locales#{seq}", seq=seq, author=author, content=text,
                timestamp=datetime(2023, 1, 10, 9, seq, tzinfo=UTC))
        for seq, (author, text) in enumerate(LOCALES)
    )))


@dataclass(frozen=True)
class Row:
    """One question with its filters, as a user would spell them; ``reader`` is who asks
    (``admin`` reads every group; ``eng`` and ``sales`` only theirs and open sessions)."""

    name: str
    text: str = ""
    tags: tuple[str, ...] = ()
    by: str | None = None
    since: str | None = None
    until: str | None = None
    status: tuple[str, ...] = ()
    path: str | None = None
    repo: str | None = None
    session: str | None = None
    series: str | None = None
    history: bool = False
    drafts: bool = False
    reader: str = "admin"
    limit: int = 10

    def groups(self) -> list[str] | None:
        return None if self.reader == "admin" else [self.reader]

    def page_params(self) -> dict[str, str]:
        """The page's address for this row (``#/search?q=…&tag=…``), as its search form fills it:
        tags and statuses comma-separated, ``to`` the last day shown (the row's ``until`` is
        the day after it), the check boxes ``1``."""
        to = (date.fromisoformat(self.until) - timedelta(days=1)).isoformat() if self.until else ""
        params = {"q": self.text, "tag": ",".join(self.tags), "person": self.by or "", "status": ",".join(self.status),
                  "from": self.since or "", "to": to, "path": self.path or "", "repo": self.repo or "",
                  "session": self.session or "", "series": self.series or "", "history": "1" if self.history else "",
                  "drafts": "1" if self.drafts else ""}
        return {name: value for name, value in params.items() if value}

    def page_request(self) -> tuple[str, dict[str, Any]]:
        """The GraphQL request the page's search view sends for this row."""
        assert self.limit == 10, "the page asks for 10"
        params = self.page_params()
        return page_query("searchResult"), {"q": params.get("q", ""), "where": where_from(params)}


def page_query(field: str) -> str:
    """The GraphQL text app.js sends for ``field`` (``searchResult`` or ``decisions``), with
    its ``HIT_FIELDS`` filled in: read from the page's own source, so a change there is tested."""
    source = APP_JS.read_text()
    fields = re.search(r'const HIT_FIELDS = "([^"]+)";', source)
    assert fields is not None
    template = re.search(r"`(query\([^`]*?\{ " + field + r"\([^`]*)`", source)
    assert template is not None, f"app.js sends no {field} query"
    return template.group(1).replace("${HIT_FIELDS}", fields.group(1))


def where_from(params: dict[str, str], history: bool = False) -> dict[str, Any]:
    """``where`` as app.js's ``whereFrom`` builds it from the page's address (its code, in Python)."""
    def listed(name: str) -> list[str]:
        return [v.strip() for v in params.get(name, "").split(",") if v.strip()]

    value = {name: params.get(name, "").strip() for name in ("person", "from", "to", "path", "repo", "session", "series")}
    where: dict[str, Any] = {"includeHistory": history or params.get("history") == "1"}
    if params.get("drafts") == "1":
        where["includeDrafts"] = True
    if listed("status"):
        where["statusIn"] = listed("status")
    if listed("tag"):
        where["tagsAny"] = listed("tag")
    names = {"person": "stakeholder", "path": "pathPrefix", "repo": "repository", "session": "session", "series": "series"}
    for name, key in names.items():
        if value[name]:
            where[key] = value[name]
    if value["from"]:
        where["decidedAfter"] = f"{value['from']}T00:00:00+00:00"
    if value["to"]:
        where["decidedBefore"] = f"{value['to']}T23:59:59+00:00"
    return where


class McpClient:
    """The real MCP server (``build_mcp_server``) and an MCP client connected to it in process,
    kept open across tests: one task enters and leaves the client, as its task group needs,
    and runs the calls handed to it."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings
        self._calls: asyncio.Queue[tuple[str, dict[str, Any], asyncio.Future[dict[str, Any]]] | None] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> McpClient:
        self._task = asyncio.create_task(self._serve())
        return self

    async def _serve(self) -> None:
        async with Client(build_mcp_server(self._settings)) as client:
            while (call := await self._calls.get()) is not None:
                tool, arguments, answer = call
                try:
                    result = await client.call_tool(tool, arguments)
                    assert not result.is_error, result
                    answer.set_result(json.loads(result.content[0].text))  # type: ignore[union-attr]
                except BaseException as exc:  # handed to the caller, whatever it is
                    answer.set_exception(exc)

    async def call(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """The tool's JSON answer."""
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        await self._calls.put((tool, arguments, answer))
        assert self._task is not None, "start() the client first"
        await asyncio.wait({answer, self._task}, return_when=asyncio.FIRST_COMPLETED)
        if not answer.done():  # the server or client stopped: say why rather than wait forever
            self._task.result()
            raise RuntimeError("the MCP client stopped")
        return answer.result()

    async def stop(self) -> None:
        await self._calls.put(None)
        if self._task is not None:
            await self._task


class Faces:
    """Asks every face one row; each answer is the decision ids in the order the face gives."""

    def __init__(
        self, server: Neo4jServer, journals: dict[str, DecisionJournal], graphql: GraphQL, mcp: dict[str, McpClient],
    ) -> None:
        self.server = server
        self.journals = journals
        self.graphql = graphql
        self.mcp_clients = mcp

    async def python_api(self, row: Row) -> list[str]:
        filters: dict[str, Any] = {
            "tags": list(row.tags), "stakeholder": row.by, "since": row.since, "until": row.until,
            "status": list(row.status), "path": row.path, "repository": row.repo, "session": row.session,
            "series": row.series, "history": row.history, "drafts": row.drafts, "limit": row.limit,
        }
        return [d["id"] for d in await self.journals[row.reader].search_decisions(row.text, filters)]

    async def cli(self, row: Row) -> list[str]:
        args = ["search", row.text, "--json", "--limit", str(row.limit)]
        for flag, value in (("--by", row.by), ("--since", row.since), ("--until", row.until), ("--path", row.path),
                            ("--repo", row.repo), ("--session", row.session), ("--series", row.series)):
            if value is not None:
                args += [flag, value]
        args += [a for tag in row.tags for a in ("--tag", tag)] + [a for s in row.status for a in ("--status", s)]
        args += ["--history"] * row.history + ["--drafts"] * row.drafts
        env = {"DJ_AUTH__LOCAL_GROUPS": json.dumps(row.groups())} if row.groups() is not None else {}
        result = await asyncio.to_thread(CliRunner().invoke, cli_app, args, env=env)
        assert result.exit_code == 0, result.output
        return [hit["decision"]["id"] for hit in json.loads(result.stdout)["hits"]]

    async def mcp(self, row: Row) -> list[str]:
        arguments: dict[str, Any] = {"query": row.text, "limit": row.limit, "history": row.history, "drafts": row.drafts}
        for key, value in (("tags", list(row.tags)), ("stakeholder", row.by), ("since", row.since), ("until", row.until),
                           ("status", list(row.status)), ("path", row.path), ("repository", row.repo),
                           ("session", row.session), ("series", row.series)):
            if value:
                arguments[key] = value
        answer = await self.mcp_clients[row.reader].call("query_decisions", arguments)
        assert "error" not in answer, answer
        return [hit["decision"]["id"] for hit in answer["hits"]]

    def graphql_where(self, row: Row) -> dict[str, Any]:
        where: dict[str, Any] = {"includeHistory": row.history, "includeDrafts": row.drafts}
        for key, value in (("tagsAny", list(row.tags)), ("stakeholder", row.by), ("statusIn", list(row.status)),
                           ("pathPrefix", row.path), ("repository", row.repo), ("session", row.session),
                           ("series", row.series)):
            if value:
                where[key] = value
        for key, value in (("decidedAfter", row.since), ("decidedBefore", row.until)):
            if value:
                where[key] = f"{value}T00:00:00+00:00"
        return where

    async def graphql_search(self, row: Row) -> list[str]:
        query = """query($q: String!, $where: DecisionWhere, $first: Int!) {
          search(query: $q, where: $where, first: $first) { decision { id } } }"""
        variables = {"q": row.text, "where": self.graphql_where(row), "first": row.limit}
        data = await asyncio.to_thread(self.graphql.run, query, variables, row.reader)
        return [hit["decision"]["id"] for hit in data["search"]]

    async def page(self, row: Row) -> list[str]:
        """The page's answer: its search view's request, as its address and form make it."""
        query, variables = row.page_request()
        data = await asyncio.to_thread(self.graphql.run, query, variables, row.reader)
        return [hit["decision"]["id"] for hit in data["searchResult"]["hits"]]
