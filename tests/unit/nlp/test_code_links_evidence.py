"""What counts as evidence that a developer changing a path ought to know a decision: the
rules that keep history, identifiers and libraries from linking a decision to code it does
not govern (examples written for the tests, not figures)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from nlp.code_links.history import BODY_MENTION, LATE_EDIT, document_commit_links, message_links
from nlp.code_links.identifiers import identifier_links
from nlp.code_links.infer import RepositoryView, infer_links, rename_links
from nlp.code_links.libraries import Library, prose_keys
from nlp.code_links.model import DecisionText
from nlp.code_links.tree import RepoTree
from nlp.commit_refs import DecisionMentions
from nlp.git_command import PathHistory
from nlp.readers.adr_collection import adr_files

START = datetime(2024, 1, 1, tzinfo=UTC)


def _commit(sha: str, days: int, message: str, changed: tuple[str, ...], added: tuple[str, ...] = (),
            renames: tuple[tuple[str, str], ...] = ()) -> PathHistory:
    return PathHistory(sha, START + timedelta(days=days), message, added, changed, renames)


def _mentions(decisions: list[DecisionText]) -> DecisionMentions:
    return DecisionMentions([type("Row", (), {"decision_id": d.id, "path": d.source_path, "title": d.title})() for d in decisions])


def test_a_late_edit_of_a_decision_document_says_little_of_the_code_beside_it() -> None:
    tree = RepoTree(["src/p2p/a.go", "src/api/b.go", "src/state/c.go"])
    decision = DecisionText("d", "Peer discovery", "", source_path="docs/adr/adr-008.md")
    history = [  # newest first
        _commit("late", 200, "Release docs", ("docs/adr/adr-008.md", "src/state/c.go")),
        _commit("soon", 12, "Discovery: tweak", ("docs/adr/adr-008.md", "src/api/b.go")),
        _commit("add", 0, "Discovery", ("docs/adr/adr-008.md", "src/p2p/a.go"), ("docs/adr/adr-008.md",)),
    ]
    strength = {link.commits[0]: link.confidence for link in document_commit_links([decision], history, tree, ["docs/adr/"])}
    # Added with the code, or edited while it is carried out: it governs that code; months later, not.
    assert strength["add"] == 0.85 and strength["soon"] == 0.65 and strength["late"] == LATE_EDIT < 0.5


def test_an_issue_counts_when_it_is_this_repositorys_and_named_in_the_subject() -> None:
    tree = RepoTree([f"src/app/{n}.py" for n in range(20)])
    decisions = [
        DecisionText("a", "Alpha", "", body="Fixed in [#7532](https://github.com/other/project/issues/7532).",
                     source_path="doc/adr/0001-alpha.md"),
        DecisionText("b", "Beta", "", body="See https://github.com/acme/shop/issues/41 and ADR #002.", source_path="doc/adr/0002-beta.md"),
    ]
    history = [
        _commit("c1", 1, "Prepare the release (#7532)", ("src/app/1.py",)),
        _commit("c2", 2, "Bump a library (#2)\n\nRelease notes: fixes #41", ("src/app/2.py",)),
        _commit("c3", 3, "Retry the queue (#41)", ("src/app/3.py",)),
    ]
    links = message_links(decisions, history, tree, ["doc/adr/"], _mentions(decisions), "acme/shop")
    found = {(link.decision_id, link.commits[0]): link.confidence for link in links}
    # Another project's issue 7532 is not this pull request; "#002" is an ADR's number, not an issue;
    # an issue only the body names is named in passing.
    assert ("a", "c1") not in found and ("b", "c2") in found and found[("b", "c2")] == BODY_MENTION
    assert found[("b", "c3")] == 0.6
    # A clone whose remote does not say whose it is: the repository the ADRs link to most is theirs.
    decisions[1] = DecisionText("b", "Beta", "", body="See https://github.com/acme/shop/issues/41 and https://github.com/acme/shop/pull/40.",
                                source_path="doc/adr/0002-beta.md")
    unnamed = {(link.decision_id, link.commits[0]) for link in message_links(decisions, history, tree, ["doc/adr/"], _mentions(decisions))}
    assert ("a", "c1") not in unnamed and ("b", "c3") in unnamed


def test_one_word_titles_are_topics_not_names() -> None:
    decisions = [DecisionText("auth", "Authentication", "", source_path="doc/adr/0003-authentication.md"),
                 DecisionText("flag", "Feature flags for releases", "", source_path="doc/adr/0004-feature-flags.md")]
    mentions = _mentions(decisions)
    assert mentions("Move api authentication out of the base class") == []
    assert mentions("Feature flags for releases: the first two") == ["flag"]


def _view(tree: RepoTree, history: list[PathHistory], libraries: list[Library]) -> RepositoryView:
    return RepositoryView(tree, history, libraries, lambda wanted: {}, ("docs/adr/",), lambda patterns, specs: [])


def test_history_ties_a_manifest_only_to_a_decision_about_a_dependency() -> None:
    tree = RepoTree(["go.mod", "p2p/discovery.go", "package.json", "src/worker.ts"])
    libraries = [Library("bullmq", "js", ("package.json",)), Library("github.com/libp2p/go-libp2p", "go", ("go.mod",))]
    decisions = [
        DecisionText("disc", "Peer discovery", "", source_path="docs/adr/0001-discovery.md"),
        DecisionText("jobs", "Use bullmq for background jobs", "", source_path="docs/adr/0002-jobs.md"),
    ]
    history = [
        _commit("b", 1, "Jobs", ("docs/adr/0002-jobs.md", "package.json", "src/worker.ts"), ("docs/adr/0002-jobs.md",)),
        _commit("a", 0, "Discovery", ("docs/adr/0001-discovery.md", "go.mod", "p2p/discovery.go"), ("docs/adr/0001-discovery.md",)),
    ]
    links = {(link.decision_id, link.path) for link in infer_links(decisions, _view(tree, history, libraries), _mentions(decisions))}
    # The commit that added the discovery ADR also bumped go.mod: that was for a dependency of its own.
    assert ("disc", "p2p/discovery.go") in links and ("disc", "go.mod") not in links
    assert ("jobs", "package.json") in links


def test_a_stated_directory_followed_to_a_wide_one_is_not_linked() -> None:
    tree = RepoTree([*(f"crates/relayer/src/{n}.rs" for n in range(200)), *(f"crates/cli/src/{n}.rs" for n in range(5))])
    history = [_commit("m", 5, "Move to crates/", (), renames=(
        *((f"relayer/src/{n}.rs", f"crates/relayer/src/{n}.rs") for n in range(200)),
        *((f"cli/src/{n}.rs", f"crates/cli/src/{n}.rs") for n in range(5)),
    ))]
    decision = DecisionText("repo", "Repository layout", "", stated=("relayer/", "cli/"))
    # The layout decision named relayer/; it is now the whole crate, too wide to govern as a stated one would be.
    assert [link.path for link in rename_links([decision], _view(tree, history, []))] == ["crates/cli/"]


def test_a_library_name_or_a_path_part_is_no_identifier_of_one_decision() -> None:
    decisions = [DecisionText("t", "Use tracing", "", body="Add `tracing-subscriber` and `RUST_LOG_FORMAT`."),
                 DecisionText("r", "Architecture", "", body="The `relayer-rest` crate serves it.")]

    def occurrences(words: object) -> dict[str, list[str]]:
        return {"tracing-subscriber": ["licenses.xml"], "RUST_LOG_FORMAT": ["src/log.rs"]}

    links = {(link.decision_id, link.path) for link in identifier_links(decisions, occurrences, [], ["tracing-subscriber"])}
    assert links == {("t", "src/log.rs")}


def test_a_package_inside_a_go_module_is_named_by_its_module_not_its_folder() -> None:
    assert prose_keys("google.golang.org/genproto/googleapis/rpc") == [("genproto", "googleapis", "rpc")]
    assert prose_keys("github.com/spf13/cobra") == [("spf13", "cobra"), ("cobra",)]


def test_an_adr_saved_without_an_extension_is_imported(tmp_path: Path) -> None:
    folder = tmp_path / "doc" / "adr"
    folder.mkdir(parents=True)
    for name in ("0001-record-decisions.md", "0016-handle-concurrent-git-operations", "0008-layers.jpg", "Makefile", "README.md"):
        (folder / name).write_text("# x\n")
    assert [p.name for p in adr_files([folder])] == ["0001-record-decisions.md", "0016-handle-concurrent-git-operations"]


def test_a_tool_folder_does_not_gather_and_examples_or_tool_folders_are_no_components() -> None:
    from nlp.code_links.infer import component_links
    from nlp.code_links.tree import common_directories, is_written_beside

    tree = RepoTree([*(f".github/workflows/w{n}.yml" for n in range(6)), *(f"src/otel/{n}.go" for n in range(4)),
                     *(f"examples/otel-demo/{n}.go" for n in range(4))])
    # Pipelines are files of their own: three of six changed together do not stand for the rest.
    assert common_directories([f".github/workflows/w{n}.yml" for n in range(3)], tree) == [
        f".github/workflows/w{n}.yml" for n in range(3)]
    decision = DecisionText("d", "Internal tracing via the otel telemetry factory", "")
    assert {link.path for link in component_links([decision], tree)} == {"src/otel/"}
    # A book's table of contents is touched by every page, like a changelog.
    assert not is_written_beside("guide/src/SUMMARY.md") and is_written_beside("guide/src/advanced/features.md")


def test_a_tool_a_conjunction_joins_ends_where_a_preposition_sets_the_scene() -> None:
    from nlp.code_links.libraries import CHOOSING
    from nlp.code_links.tools import taken_up

    assert taken_up("Copy source code and tests into docker container", CHOOSING) == ([], [])
    assert taken_up("Multi-packages architecture in a monorepo with Yarn and Lerna", CHOOSING) == (["yarn", "lerna"], [])
    assert taken_up("Use redis and bull for background tasks", CHOOSING)[0][:2] == ["redis", "bull"]


def test_a_plain_word_in_backticks_names_no_module() -> None:
    from nlp.code_links.components import typed_files

    tree = RepoTree(["internal/esclient/search.go", "internal/handlers/search_traces.go", "src/RoutingKey.cs"])
    assert set(typed_files("The `search` page calls `search_traces` with a `RoutingKey`.", tree)) == {"search_traces", "RoutingKey"}


def test_in_a_fork_the_issues_are_those_of_the_repository_the_decisions_link_to() -> None:
    tree = RepoTree([f"src/app/{n}.py" for n in range(20)])
    decisions = [
        DecisionText("a", "Alpha", "", body="Fixed in [#7532](https://github.com/other/project/issues/7532).",
                     source_path="doc/adr/0001-alpha.md"),
        DecisionText("b", "Beta", "", body="See https://github.com/acme/shop/issues/41 and https://github.com/acme/shop/pull/40.",
                     source_path="doc/adr/0002-beta.md"),
    ]
    history = [_commit("c1", 1, "Prepare the release (#7532)", ("src/app/1.py",)),
               _commit("c3", 3, "Retry the queue (#41)", ("src/app/3.py",))]
    # A contributor's clone: origin is alice/shop, whose issues no decision links to.
    forked = {(link.decision_id, link.commits[0]) for link in message_links(
        decisions, history, tree, ["doc/adr/"], _mentions(decisions), "alice/shop")}
    assert forked == {("b", "c3")}
    # A repository whose ADRs link only a dependency's issues: those are not its own.
    decisions[1] = DecisionText("b", "Beta", "", body="Blocked on https://github.com/other/project/issues/41.",
                                source_path="doc/adr/0002-beta.md")
    own = {(link.decision_id, link.commits[0]) for link in message_links(
        decisions, history, tree, ["doc/adr/"], _mentions(decisions), "acme/shop")}
    assert own == set()


def test_a_pull_request_that_adds_a_decision_in_a_commit_of_its_own_carries_it_out_in_its_others() -> None:
    tree = RepoTree(["src/cache/redis.py", "src/cache/keys.py", "src/billing/invoice.py"])
    decision = DecisionText("d", "Use Redis for caching", "", source_path="docs/adr/0002-use-redis.md")
    history = [  # newest first
        _commit("later", 30, "Invoices", ("src/billing/invoice.py",)),
        _commit("code", 2, "Cache with Redis", ("src/cache/redis.py", "src/cache/keys.py")),
        _commit("adr", 1, "Add ADR 2", ("docs/adr/0002-use-redis.md",), ("docs/adr/0002-use-redis.md",)),
    ]
    alone = document_commit_links([decision], history, tree, ["docs/adr/"])
    links = document_commit_links([decision], history, tree, ["docs/adr/"], {"adr": "m1", "code": "m1", "later": "m2"})
    assert alone == []  # without the merge, the ADR's commit changed no code
    assert [(link.path, link.confidence, link.commits) for link in links] == [("src/cache/", 0.68, ("adr", "code"))]
    assert links[0].evidence.startswith("the pull request merged in m1 added 0002-use-redis.md")
    # When the commit that adds the document changes code itself, that code is the evidence.
    with_code = _commit("adr", 1, "Add ADR 2", ("docs/adr/0002-use-redis.md", "src/billing/invoice.py"),
                        ("docs/adr/0002-use-redis.md",))
    own = document_commit_links([decision], [history[1], with_code], tree, ["docs/adr/"], {"adr": "m1", "code": "m1"})
    assert [(link.path, link.commits) for link in own] == [("src/billing/invoice.py", ("adr",))]
