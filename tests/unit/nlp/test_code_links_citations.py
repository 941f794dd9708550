"""Code that cites a decision record by its number or its file is linked to that record."""

from __future__ import annotations

from pathlib import Path

from nlp.code_links.citations import citation_links, citation_patterns
from nlp.code_links.model import DecisionText
from nlp.code_links.view import read_view
from tests.support.git import git

DECISIONS = [
    DecisionText("inspect", "Local state inspection", "", source_path="adr/0014-local-state-inspection.md"),
    DecisionText("join", "Join transform", "", source_path="adr/0012-join-transform.md"),
    DecisionText("fsm-a", "Use a state machine", "", source_path="adr/0057-state-machine.md"),
    DecisionText("fsm-b", "Version the box schema", "", source_path="adr/0057-box-schema.md"),
]


def test_a_number_two_records_share_cites_neither_but_their_file_names_do() -> None:
    patterns = citation_patterns(DECISIONS)
    assert patterns["inspect"].search("// see ADR-0014 for why the server is local")
    assert patterns["inspect"].search("# adr 14")
    assert not patterns["inspect"].search("// ADR 140") and not patterns["inspect"].search("version 0014.2")
    assert not patterns["fsm-a"].search("// ADR 0057")
    assert patterns["fsm-b"].search("// adr/0057-box-schema.md")


def test_code_that_cites_a_record_is_linked_to_it_and_an_index_of_records_is_not(tmp_path: Path) -> None:
    repo = tmp_path / "r"
    for folder in ("adr", "src", "docs"):
        (repo / folder).mkdir(parents=True)
    git(repo, "init", "-q")
    (repo / "src" / "inspect.rs").write_text("// Serves state locally (ADR 0014).\npub fn serve() {}\n")
    (repo / "src" / "join.rs").write_text("/// See adr/0012-join-transform.md\npub fn join() {}\n")
    (repo / "src" / "runtime.rs").write_text("// Runs transforms; nothing about records here.\npub fn run() {}\n")
    (repo / "src" / "records.ts").write_text("// ADR-12, ADR-14, adr/0057-box-schema.md, adr/0057-state-machine.md\n")
    (repo / "docs" / "guide.md").write_text("Read ADR 0014 first.\n")
    (repo / "adr" / "0014-local-state-inspection.md").write_text("# Local state inspection\nLike ADR 0012.\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "start")
    view = read_view(repo, ["adr/"])
    links = {(link.decision_id, link.path, link.via) for link in citation_links(DECISIONS, view.cited, view.tree, view.documents)}
    # The guide is documentation, the record cites another record, and records.ts cites four.
    assert links == {("inspect", "src/inspect.rs", "citation"), ("join", "src/join.rs", "citation")}
