"""Link inference from what a repository shows: each source on a small repository built
here (examples written for the tests, not figures)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from nlp.code_links.components import component_directories, linked_paths, typed_files, words_of
from nlp.code_links.history import Renames
from nlp.code_links.infer import infer_links
from nlp.code_links.libraries import Library, chosen_libraries, named_libraries, prose_keys
from nlp.code_links.manifests import dependencies, is_manifest
from nlp.code_links.model import DecisionText
from nlp.code_links.tools import config_files, configured_tools, is_config, named_config, taken_up
from nlp.code_links.tree import RepoTree, common_directories, too_wide
from nlp.code_links.view import read_view
from nlp.commit_refs import DecisionMentions
from nlp.git_command import PathHistory, history_of
from tests.support.git import git


def test_a_named_path_is_found_by_its_name_when_one_file_bears_it() -> None:
    tree = RepoTree(["src/epp/utility/pool.py", "src/registrar/config/settings.py", "docs/settings.py", "src/api/v1.py"])
    assert tree.resolve("src/epp/utility/pool.py").path == "src/epp/utility/pool.py"  # type: ignore[union-attr]
    found = tree.resolve("utility/pool.py")
    assert found is not None and found.path == "src/epp/utility/pool.py" and "one file of that name" in (found.evidence or "")
    assert tree.resolve("settings.py") is None  # two files bear the name: which one is not said
    assert tree.resolve("src/api").path == "src/api/"  # type: ignore[union-attr]
    assert tree.resolve("lib/nothing.py") is None


def test_changed_files_stand_for_their_directory_only_where_they_cluster() -> None:
    tree = RepoTree([*(f"src/mempool/{n}.go" for n in "abcdef"), *(f"src/app/{n}.py" for n in range(40)), "Makefile"])
    gathered = common_directories(["src/mempool/a.go", "src/mempool/b.go", "src/app/1.py", "src/app/2.py", "Makefile"], tree)
    # Two of six files are a third of src/mempool/; two of forty are not src/app/.
    assert gathered == ["Makefile", "src/app/1.py", "src/app/2.py", "src/mempool/"]
    assert too_wide("src/", RepoTree([f"src/{n}.py" for n in range(200)]))


def test_manifests_of_each_ecosystem_are_read() -> None:
    assert dependencies("src/Pipfile", '[packages]\ndjango-fsm-2 = "*"\nrequests = "*"\n') == ["django-fsm-2", "requests"]
    assert dependencies("package.json", '{"dependencies": {"lunr": "2"}, "devDependencies": {"@types/lunr": "2"}}') == [
        "lunr", "@types/lunr"]
    assert dependencies("requirements-dev.txt", "pytest>=8  # tests\n-r base.txt\nhttps://x/y.whl\n") == ["pytest"]
    assert dependencies("go.mod", "module x\n\nrequire (\n\tgithub.com/spf13/cobra v1.8.0\n)\n") == ["github.com/spf13/cobra"]
    assert dependencies("Cargo.toml", '[dependencies]\nserde = "1"\n[dev-dependencies]\nproptest = "1"\n') == ["serde", "proptest"]
    assert dependencies("src/X/X.csproj", '<PackageReference Include="Confluent.Kafka" Version="2" />') == ["Confluent.Kafka"]
    assert dependencies("pom.xml", "<dependency><groupId>org.slf4j</groupId><artifactId>slf4j-api</artifactId></dependency>") == [
        "org.slf4j:slf4j-api"]
    assert dependencies("Gemfile", "gem 'rails', '~> 7'\n") == ["rails"]
    assert dependencies("pyproject.toml", '[project]\ndependencies = ["neo4j>=5"]\n') == ["neo4j"]
    assert dependencies("package.json", "{not json") == []  # evidence, not input to fix
    assert is_manifest("infra/main.tf") and not is_manifest("src/main.py")


def _library(name: str, ecosystem: str = "js") -> Library:
    return Library(name, ecosystem, ("package.json",))


def test_prose_names_a_library_by_its_name_or_its_distinctive_part() -> None:
    assert prose_keys("django-fsm") == [("django", "fsm")]
    assert prose_keys("Confluent.Kafka") == [("confluent", "kafka"), ("kafka",)]
    assert prose_keys("Microsoft.Extensions.Logging") == [("microsoft", "extensions", "logging")]  # "logging" says nothing
    libraries = [_library("django-fsm", "python"), _library("next"), _library("lunr"), _library("typeorm")]
    assert named_libraries("We will use django-fsm for the states", libraries) == [libraries[0]]
    assert named_libraries("the next step is search", libraries) == []  # a common word, not written as code
    assert named_libraries("Use Next.js for static site generation", libraries) == [libraries[1]]


def test_a_title_that_takes_a_library_up_chooses_it_one_that_uses_it_does_not() -> None:
    libraries = [_library("lunr"), _library("next"), _library("bullmq")]
    assert chosen_libraries("Use lunr for search", libraries) == [libraries[0]]
    assert chosen_libraries("Next.js persistent layout pattern", libraries) == []


def test_a_title_without_a_verb_takes_up_what_it_names_before_as() -> None:
    libraries = [_library("sea-orm", "rust"), _library("async-nats", "rust"), _library("tokio", "rust")]
    assert chosen_libraries("NATS JetStream as the scaled backend", libraries) == [libraries[1]]
    assert chosen_libraries("Sea ORM migrations in Tokio tasks", libraries) == []  # about something built with them
    assert chosen_libraries("Tokio runtime as a shared resource", libraries) == [libraries[2]]


def test_components_and_types_are_found_where_few_places_bear_their_name() -> None:
    tree = RepoTree([
        "src/Brighter.MessagingGateway.Kafka/KafkaProducer.cs", "tests/Brighter.Kafka.Tests/ProducerTests.cs",
        "src/Brighter/IAmAHandlerFactory.cs", "src/Brighter/CommandProcessor.cs",
    ])
    words = words_of("Kafka DLQ producer for requeue")
    assert "kafka" in words and "for" not in words
    assert component_directories(words, tree)["kafka"] == [
        "src/Brighter.MessagingGateway.Kafka/", "tests/Brighter.Kafka.Tests/"]
    assert typed_files("Factories implement `IAmAHandlerFactory`", tree) == {"IAmAHandlerFactory": ["src/Brighter/IAmAHandlerFactory.cs"]}


def _commit(sha: str, changed: Sequence[str], renames: Sequence[tuple[str, str]] = (), added: Sequence[str] = ()) -> PathHistory:
    from datetime import UTC, datetime

    return PathHistory(sha, datetime(2024, 1, 1, tzinfo=UTC), "", tuple(added), tuple(changed), tuple(renames))


def test_a_document_link_is_followed_through_the_renames_since() -> None:
    tree = RepoTree(["packages/message-dispatch/src/index.ts", "packages/message-dispatch/package.json"])
    history = [_commit("b", [], [("packages/command-bus/src/index.ts", "packages/message-dispatch/src/index.ts"),
                                 ("packages/command-bus/package.json", "packages/message-dispatch/package.json")])]
    text = "We built a [command-bus](../../packages/command-bus) package; see [the ADR index](README.md)."
    assert linked_paths(text, "doc/adr/0010-x.md", tree, Renames(history)) == ["packages/message-dispatch/"]


def test_config_of_the_tools_a_title_takes_up_and_sets_aside() -> None:
    import re

    choosing = re.compile(r"\b(use|prefer)\b")
    assert taken_up("Use yarn workspaces instead of lerna", choosing) == (["yarn", "workspaces"], ["lerna"])
    assert is_config("yarn.lock") and is_config(".eslintrc.js") and is_config("next.config.js") and not is_config("src/a.ts")


def test_only_a_tools_own_configuration_makes_a_word_a_tool() -> None:
    tree = RepoTree([
        ".eslintrc.js", "jest.config.js", ".github/renovate.json", "package.json",
        "src/test/resources/native.xml", "src/test/resources/for-export.xml", "config/template.yml",
    ])
    configs = config_files(tree)
    # Dotfiles, *.config.* and *rc files near the top name tools; test fixtures and other
    # configuration-looking data do not, nor do format words.
    assert configured_tools(configs) == {"eslintrc", "jest", "renovate"}
    # A word nobody knows as a tool names only a tool's own configuration, not any file
    # that bears it ("config/template.yml" configures no "template").
    assert named_config(["jest", "template"], configs) == {"jest": ["jest.config.js"]}
    assert named_config(["jest", "template"], configs, known=["template"]) == {
        "jest": ["jest.config.js"], "template": ["config/template.yml"]}
    # A title's small words are no tool names, whatever files bear them.
    choosing = re.compile(r"\b(use)\b")
    assert taken_up("Use one template for export", choosing)[0] == ["template", "export"]


def _repository(tmp_path: Path) -> Path:
    """A small repository: an ADR added with the code that implements it, a commit that
    names the ADR, a manifest pinning the library another ADR takes up."""
    repo = tmp_path / "shop"
    (repo / "doc" / "adr").mkdir(parents=True)
    (repo / "src" / "queue").mkdir(parents=True)
    git(repo, "init", "-q")
    (repo / "package.json").write_text('{"dependencies": {"bullmq": "4", "lunr": "2"}}\n')
    (repo / "src" / "index.ts").write_text("export const x = 1;\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "start")
    (repo / "doc" / "adr" / "0002-background-jobs.md").write_text("# 2. Background jobs\n\n## Decision\n\nJobs run in a worker.\n")
    (repo / "src" / "queue" / "worker.ts").write_text("import { Worker } from 'bullmq';\n")
    (repo / "src" / "queue" / "jobs.ts").write_text("export const jobs = [];\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "Background jobs in a worker")
    (repo / "doc" / "adr" / "0003-use-lunr-for-search.md").write_text("# 3. Use lunr for search\n\n## Decision\n\nlunr.\n")
    (repo / "src" / "search.ts").write_text("import lunr from 'lunr';\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "Search")
    (repo / "src" / "index.ts").write_text("export const x = 2;\n")
    git(repo, "commit", "-qam", "Index per ADR-2")
    return repo


def test_links_inferred_from_a_repository_with_their_evidence(tmp_path: Path) -> None:
    repo = _repository(tmp_path)
    view = read_view(repo, ["doc/adr/"])
    decisions = [
        DecisionText("jobs", "Background jobs", "Background jobs: Jobs run in a worker.", source_path="doc/adr/0002-background-jobs.md"),
        DecisionText("search", "Use lunr for search", "Use lunr for search: lunr.", source_path="doc/adr/0003-use-lunr-for-search.md"),
    ]
    rows = [type("Row", (), {"decision_id": d.id, "path": d.source_path, "title": d.title})() for d in decisions]
    links = {(link.decision_id, link.path): link for link in infer_links(decisions, view, DecisionMentions(rows))}
    assert links[("jobs", "src/queue/")].via == "decision-document commit"
    assert "added 0002-background-jobs.md" in links[("jobs", "src/queue/")].evidence
    assert links[("jobs", "src/index.ts")].via == "commit message"
    assert links[("search", "package.json")].via == "manifest" and links[("search", "src/search.ts")].confidence >= 0.5
    assert ("jobs", "package.json") not in links  # bullmq is not named by it
    assert all(not path.startswith("doc/") for _, path in links)  # documents are not code
    assert len(history_of(repo)) == 4


def test_a_later_decision_that_removes_a_technology_ends_the_one_that_took_it_up() -> None:
    from nlp.code_links.ended import ended, removed_words

    assert removed_words("Remove Postgres (for now)") >= {"postgres"}
    assert removed_words("Replace Bull with BullMQ") == {"bull"}
    assert removed_words("Use npm instead of yarn") == {"yarn"}
    decisions = [
        DecisionText("orm", "Use TypeORM with Postgres", "", decided_at="2020-05-01"),
        DecisionText("queue", "Use Redis for background tasks", "", decided_at="2020-06-01"),
        DecisionText("gone", "Remove Postgres for now", "", decided_at="2020-09-01"),
        DecisionText("lock", "Remove explicit clear lock", "", decided_at="2020-10-01"),
    ]
    # Only technologies count: "clear" ends nothing; a removal ends only what came before it.
    assert ended(decisions, {"postgres", "redis"}) == {"orm": "gone"}


def test_a_directory_too_wide_or_holding_no_code_is_no_component() -> None:
    from nlp.code_links.infer import component_links

    tree = RepoTree([
        *(f"packages/{p}/src/{n}.ts" for p in ("core", "web") for n in range(80)),
        "specs/0034-failed-delivery-context/requirements.md", "specs/0034-failed-delivery-context/.issue-number",
        "src/Context/RequestContext.cs", "src/Context/IRequestContext.cs",
    ])
    decisions = [DecisionText("a", "Multi-packages architecture", "Expose the request context in packages")]
    paths = {link.path for link in component_links(decisions, tree)}
    assert "src/Context/" in paths
    assert "packages/" not in paths and "specs/0034-failed-delivery-context/" not in paths


def test_a_central_type_counts_for_the_decisions_that_write_it_again_and_again() -> None:
    from nlp.code_links.infer import component_links

    tree = RepoTree(["src/Core/OutboxMediator.cs", "src/Core/OutboxMediator.md", "Core.slnx"])
    passing = [DecisionText(f"d{n}", f"Decision {n}", "", body="It touches the OutboxMediator once.") for n in range(3)]
    central = DecisionText("c", "Clear without a lock", "", body="The OutboxMediator clears. OutboxMediator locks. OutboxMediator.")
    links = component_links([*passing, central], tree)
    # Named by four decisions, the type is a hub: only the one that writes it three times is about it,
    # and its file is the source, not a document or the solution that shares a stem.
    assert {(link.decision_id, link.path) for link in links} == {("c", "src/Core/OutboxMediator.cs")}


def test_a_platform_namespace_is_no_library_name_and_a_solution_file_is_no_code() -> None:
    from nlp.code_links.tree import is_code

    assert prose_keys("System.Memory") == [("system", "memory")]
    assert prose_keys("FluentMigrator.Runner") == [("fluentmigrator", "runner")]
    assert not is_code("Brighter.slnx") and not is_code("docs/specs/requirements.md") and is_code("requirements-dev.txt")


def test_a_commit_that_names_a_decision_only_in_its_longer_message_names_it_in_passing() -> None:
    from nlp.code_links.history import message_links

    tree = RepoTree([f"src/app/{n}.py" for n in range(20)])
    decisions = [DecisionText("a", "Alpha", "", source_path="doc/adr/0001-alpha.md"),
                 DecisionText("b", "Beta", "", source_path="doc/adr/0002-beta.md")]
    from datetime import UTC, datetime

    commit = PathHistory("c1", datetime(2024, 1, 1, tzinfo=UTC), "Implement ADR-1\n\nAs ADR-2 foresaw.", (), ("src/app/1.py",), ())
    rows = [type("Row", (), {"decision_id": d.id, "path": d.source_path, "title": d.title})() for d in decisions]
    strength = {link.decision_id: link.confidence for link in message_links(decisions, [commit], tree, ["doc/adr/"], DecisionMentions(rows))}
    assert strength["a"] > strength["b"]


def test_an_identifier_a_decision_writes_as_code_links_the_few_files_that_hold_it(tmp_path: Path) -> None:
    from nlp.code_links.identifiers import identifier_links, identifiers_of

    assert identifiers_of("Start it with `yarn app start:worker`; set `GIT_ROOT`; see `src/a.ts` and `Message.Body`") == {
        "start:worker", "GIT_ROOT"}
    repo = tmp_path / "r"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "package.json").write_text('{"scripts": {"start:worker": "node worker.js"}}\n')
    (repo / "config.ts").write_text("export const root = process.env.GIT_ROOT;\n")
    for n in range(4):
        (repo / f"m{n}.ts").write_text("const SHARED_NAME = 1;\n")
    (repo / "ci.yml").write_text("# start:worker used to be GIT_ROOT's\naws-ci:\n  run: x\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "start")
    view = read_view(repo, ["doc/adr/"])
    decisions = [DecisionText("w", "Separate worker", "", body="Run `yarn app start:worker`; it reads `GIT_ROOT`, not `SHARED_NAME`."),
                 DecisionText("c", "Clean up", "", body="A job `aws-ci` cleans up.")]
    links = {(link.decision_id, link.path) for link in identifier_links(decisions, view.occurrences, view.documents)}
    # SHARED_NAME is in four files: too common to mark any of them; a comment names in passing.
    assert links == {("w", "package.json"), ("w", "config.ts"), ("c", "ci.yml")}


def test_a_library_a_sentence_of_the_decision_takes_up_governs_its_declarations() -> None:
    from nlp.code_links.libraries import decided_libraries

    libraries = [_library("bullmq"), _library("lunr"), _library("typeorm")]
    assert decided_libraries("We'll create a worker. We'll use bullmq for the task queue.", libraries) == [libraries[0]]
    # Named without a choosing verb in its sentence, or well after it, a library is only mentioned.
    assert decided_libraries("lunr was slow, and typeorm too.", libraries) == []
    assert decided_libraries("We use a single worker thread to build the lunr index.", libraries) == []


def test_an_annotation_that_states_a_convention_governs_the_code_that_applies_it(tmp_path: Path) -> None:
    from nlp.code_links.identifiers import annotation_links, annotations_of

    assert annotations_of("logging methods attributed with [LoggerMessage] with; see [the spec](x.md)") == {"LoggerMessage"}
    assert annotations_of("use `@Transactional` and the UseInbox attribute") == {"Transactional", "UseInbox"}
    repo = tmp_path / "r"
    (repo / "src" / "log").mkdir(parents=True)
    git(repo, "init", "-q")
    for n in range(3):
        (repo / "src" / "log" / f"A{n}.cs").write_text('partial class A {\n    [LoggerMessage(LogLevel.Information, "x")]\n}\n')
    (repo / "src" / "B.cs").write_text("// [LoggerMessage] is how we log\nclass B {}\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "start")
    view = read_view(repo, ["docs/adr/"])
    decisions = [
        DecisionText("log", "Use source generated logging", "", rationale="Methods attributed with [LoggerMessage]."),
        # Written on the way, unrelated to the title: an example, not the convention.
        DecisionText("nack", "Kafka nack seek to offset", "", rationale="Log it: [LoggerMessage(LogLevel.Warning)]"),
    ]
    links = annotation_links(decisions, view.annotated, view.tree, view.documents)
    assert [(link.decision_id, link.path, link.via) for link in links] == [("log", "src/log/", "annotation")]


def test_a_package_readme_changed_beside_a_decision_counts_a_changelog_or_the_front_page_does_not() -> None:
    from nlp.code_links.tree import is_written_beside

    assert is_written_beside("packages/cli/README.md") and is_written_beside("specs/0002-sqs-cleanup/requirements.md")
    # The repository's front page: every feature, badge and install step lands there.
    assert not is_written_beside("README.md") and not is_written_beside("readme.rst")
    assert not is_written_beside("CHANGELOG.md") and not is_written_beside("packages/init/CHANGELOG.md")
    assert not is_written_beside("docs/adr/0002-x.md", ["docs/adr/"]) and not is_written_beside("src/a.ts")


def test_a_linked_specification_governs_its_small_folder() -> None:
    from nlp.code_links.infer import RepositoryView, document_links

    tree = RepoTree(["specs/0002-sqs-cleanup/requirements.md", "specs/0002-sqs-cleanup/tasks.md", "README.md", "src/a.cs"])
    view = RepositoryView(tree, [], [], lambda _: {}, ("docs/adr/",), lambda patterns, specs: [])
    decision = DecisionText("d", "Clean up", "", body="Parent: [req](../../specs/0002-sqs-cleanup/requirements.md), see [readme](../../README.md)",
                            source_path="docs/adr/0037-x.md")
    assert [link.path for link in document_links([decision], view)] == ["specs/0002-sqs-cleanup/"]


def test_a_declared_library_named_with_a_trailing_slash_is_read_not_a_crash() -> None:
    from nlp.code_links.identifiers import identifier_links

    def occurrences(words: Sequence[str]) -> dict[str, list[str]]:
        return {word: ["go.mod" if word == "ibc-go" else "worker.ts"] for word in words}

    decisions = [DecisionText("d", "Relayer", "", body="Bump `ibc-go`; run `start:worker`.")]
    libraries = ["x.y/z/", "github.com/cosmos/ibc-go/"]
    links = {(link.decision_id, link.path) for link in identifier_links(decisions, occurrences, [], libraries)}
    assert links == {("d", "worker.ts")}  # ibc-go is the declared library's name, not the decision's identifier


def test_a_products_name_is_one_word_not_its_humps() -> None:
    from nlp.code_links.infer import component_links

    assert {"typescript", "payment", "gateway"} <= words_of("Use TypeScript for the PaymentGateway")
    assert not {"type", "script", "open"} & words_of("Use TypeScript and OpenAPI")
    tree = RepoTree(["script/build.sh", "script/test.sh", "src/payment/charge.ts", "src/payment/refund.ts"])
    decisions = [DecisionText("a", "Use TypeScript", "Write the payment code in TypeScript")]
    paths = {link.path for link in component_links(decisions, tree)}
    assert "script/" not in paths and "src/payment/" in paths
