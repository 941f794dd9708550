"""A command loads only what it uses (issue 47): ``search`` no spaCy and no LLM SDK,
``check-diff`` no model at all, ``ingest`` what it needs. Each command runs in a new process
against the real Neo4j; that process reports which of the heavy packages it imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from api.journal import DecisionJournal
from api.usecases.warm_up import warm_up
from graph.executor import Neo4jExecutor
from tests.graph_fixtures import EMBEDDING_DIMENSION, Neo4jServer
from tests.support.git import git

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "platform-sync.txt"
HEAVY = ("spacy", "thinc", "openai", "onnxruntime")
# The command line, run in this process, then what it imported: on stderr, after its output.
PROBE = """
import json, sys
from api.cli.main import main
sys.argv = ["decision-journal", *sys.argv[1:]]
code = 0
try:
    main()
except SystemExit as exc:
    code = exc.code or 0
loaded = [name for name in HEAVY if name in sys.modules]
unused = [name for name in UNUSED if name in sys.modules]
print("LOADED " + json.dumps({"code": code, "modules": loaded, "unused": unused}), file=sys.stderr)
""".replace("HEAVY", repr(HEAVY)).replace("UNUSED", repr(("graph.local.server", "api.usecases.in_repository")))


def _run(server: Neo4jServer, cwd: Path, *args: str, **settings: str) -> tuple[str, list[str]]:
    out, report = _probe(server, cwd, *args, **settings)
    return out, report["modules"]


def _probe(server: Neo4jServer, cwd: Path, *args: str, **settings: str) -> tuple[str, dict[str, list[str]]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "DJ_"))}
    env |= {"NEO4J_URI": server.uri, "NEO4J_USER": server.user, "NEO4J_PASSWORD": server.password, **settings}
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    report = json.loads(done.stderr.rsplit("LOADED ", 1)[1])
    assert report["code"] == 0, done.stderr
    return done.stdout, report


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "services" / "orders").mkdir(parents=True)
    git(repo, "init", "-q")
    (repo / "services" / "orders" / "schema.sql").write_text("CREATE TABLE orders (id bigint PRIMARY KEY);\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "Start the orders service")
    (repo / "services" / "orders" / "schema.sql").write_text("CREATE TABLE orders (id bigint PRIMARY KEY, total numeric);\n")
    git(repo, "commit", "-qam", "Orders: a total")
    return repo


async def test_search_embeds_the_question_and_loads_no_spacy_nor_the_llm_sdk(
    journal: DecisionJournal, neo4j_server: Neo4jServer, tmp_path: Path,
) -> None:
    await journal.ingest_session(EXAMPLE)
    # An LLM is configured (at an address nothing answers): search must not even import its SDK.
    out, loaded = _run(neo4j_server, tmp_path, "search", "why did we choose PostgreSQL?", "--json",
                       DJ_LLM__MODEL="any", DJ_LLM__BASE_URL="http://127.0.0.1:9/v1")
    hits = json.loads(out)["hits"]
    assert "PostgreSQL" in hits[0]["decision"]["summary"] and "vector" in hits[0]["retrievers"]
    assert loaded == ["onnxruntime"]


async def test_check_diff_loads_no_model(journal: DecisionJournal, neo4j_server: Neo4jServer, tmp_path: Path) -> None:
    await journal.ingest_session(EXAMPLE)
    out, loaded = _run(neo4j_server, tmp_path, "check-diff", "--repo", str(_repo(tmp_path)), "--base", "HEAD~1",
                       "--format", "json")
    assert json.loads(out)["governed"]
    assert loaded == []
    # With NEO4J_URI (CI, a pre-commit hook on a team's journal) the local server's code is
    # not even imported, nor the repository tree ingest reads (0.03-0.05 s of each run).
    out, report = _probe(neo4j_server, tmp_path, "check-diff", "--repo", str(tmp_path / "repo"), "--base", "HEAD~1")
    assert out.startswith("decisions govern") and report["unused"] == [] and report["modules"] == []


async def test_ingest_loads_spacy_and_the_embedder_when_it_reads_a_conversation(
    journal: DecisionJournal, neo4j_server: Neo4jServer, tmp_path: Path,
) -> None:
    out, loaded = _run(neo4j_server, tmp_path, "ingest", str(EXAMPLE), "--json")
    assert any("PostgreSQL" in decision["summary"] for decision in json.loads(out))
    assert loaded == ["spacy", "thinc", "onnxruntime"]


async def test_the_warm_up_asks_the_reads_of_check_diff_about_the_journals_own_paths(
    journal: DecisionJournal, executor: Neo4jExecutor,
) -> None:
    empty = await warm_up(executor, EMBEDDING_DIMENSION)
    assert (empty.repositories, empty.paths, empty.decisions) == (0, 0, 0)
    await journal.ingest_session(EXAMPLE)
    done = await warm_up(executor, EMBEDDING_DIMENSION)
    # The example's two stated paths (services/orders/schema.sql, src/api/), each governed.
    assert (done.repositories, done.paths, done.decisions) == (1, 2, 2)
