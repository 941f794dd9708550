"""Link rules argued from the twelve labelled repositories (issue 44's second round): each
on a small repository or history built here (examples written for the tests, not figures)."""

from __future__ import annotations

import re
from pathlib import Path

from nlp.code_links.definitions import definition_links
from nlp.code_links.libraries import Library, chosen_libraries, ecosystem_of, named_libraries, prose_keys, written_as_code
from nlp.code_links.manifests import dependencies, is_manifest
from nlp.code_links.model import DecisionText
from nlp.code_links.tools import automation_mentions
from nlp.code_links.tree import RepoTree
from nlp.code_links.view import read_view
from tests.support.git import git


def test_a_type_a_decision_writes_links_the_file_that_declares_it(tmp_path: Path) -> None:
    repo = tmp_path / "r"
    (repo / "app").mkdir(parents=True)
    (repo / "store").mkdir()
    (repo / "platform").mkdir()
    git(repo, "init", "-q")
    (repo / "app" / "models.py").write_text(
        "class CustomerAgreement(TimeStampedModel):\n    pass\n\nclass SubscriptionPlan(TimeStampedModel):\n    pass\n")
    (repo / "app" / "views.py").write_text("# CustomerAgreement is read here\nfrom app.models import CustomerAgreement\n")
    (repo / "store" / "reader.go").write_text("package store\n\ntype SpanReader struct {\n}\n")
    for n in range(3):  # declared once per platform: the name marks none of them
        (repo / "platform" / f"p{n}.rs").write_text("pub struct Handle {}\n")
    (repo / "app" / "Ledger.py").write_text("class Ledger:\n    pass\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "start")
    view = read_view(repo, ["docs/adr/"])
    decisions = [
        DecisionText("ca", "Customer agreements", "Plans belong to a `CustomerAgreement`.", body="Each `Handle` and `Ledger` ..."),
        DecisionText("sr", "Read spans in batches", "", body="The SpanReader reads a batch."),
    ]
    links = {(link.decision_id, link.path, link.confidence) for link in definition_links(
        decisions, view.declared, view.tree, view.documents)}
    # Named in the summary (0.65) or only in the longer text (0.5); a file named for its
    # type (Ledger.py) is the components' concern, and a comment or an import declares nothing.
    assert links == {("ca", "app/models.py", 0.65), ("sr", "store/reader.go", 0.5)}


def test_a_type_many_decisions_name_counts_for_those_that_write_it_again_and_again() -> None:
    from nlp.code_links.tree import RepoTree

    tree = RepoTree(["app/models.py"])
    decisions = [DecisionText(str(n), f"Decision {n}", "", body="A `SubscriptionPlan` changes.") for n in range(3)]
    decisions.append(DecisionText("renewal", "Renewals", "", body="SubscriptionPlan " * 3))
    links = definition_links(decisions, lambda names: {n: ["app/models.py"] for n in names}, tree, [])
    assert [link.decision_id for link in links] == ["renewal"]


def test_a_decision_to_keep_decision_records_governs_no_code_through_history() -> None:
    from datetime import UTC, datetime

    from nlp.code_links.infer import RepositoryView, infer_links, keeps_records
    from nlp.code_links.tree import RepoTree
    from nlp.commit_refs import DecisionMentions
    from nlp.git_command import PathHistory

    assert keeps_records("Record architecture decisions") and keeps_records("Use adr-tools with custom template")
    assert keeps_records("Use Markdown Architectural Decision Records")
    # A product about decision records decides about its ADR handling; that is code.
    assert not keeps_records("Use the ADR number as its unique ID") and not keeps_records("Use Kafka to record payment decisions")
    tree = RepoTree(["src/checkout.js", "src/notify.js", ".adr-dir"])
    decisions = [
        DecisionText("adr", "Record architecture decisions", "", source_path="docs/adr/0001-record-architecture-decisions.md"),
        DecisionText("pay", "Make payments idempotent", "", source_path="docs/adr/0002-idempotent-payments.md"),
    ]
    day = datetime(2024, 1, 1, tzinfo=UTC)
    history = [
        PathHistory("b", day, "Idempotent payments", ("docs/adr/0002-idempotent-payments.md",),
                    ("docs/adr/0002-idempotent-payments.md", "src/notify.js"), ()),
        PathHistory("a", day, "Set up ADRs, fix the payment handler", ("docs/adr/0001-record-architecture-decisions.md",),
                    ("docs/adr/0001-record-architecture-decisions.md", "src/checkout.js"), ()),
    ]
    view = RepositoryView(tree, history, [], lambda wanted: {}, ("docs/adr/",), lambda patterns, specs: [])
    mentions = DecisionMentions([type("Row", (), {"decision_id": d.id, "path": d.source_path, "title": d.title})() for d in decisions])
    links = {(link.decision_id, link.path) for link in infer_links(decisions, view, mentions)}
    assert links == {("pay", "src/notify.js")}


def test_the_format_a_decision_keeps_its_records_in_names_no_library_or_component_of_the_code() -> None:
    from nlp.code_links.infer import RepositoryView, infer_links
    from nlp.code_links.libraries import Library
    from nlp.commit_refs import DecisionMentions

    tree = RepoTree(["package.json", "src/markdown/render.ts", "src/markdown/", ".adr-dir"])
    library = Library("@tiptap/markdown", "js", ("package.json",))
    decisions = [DecisionText("adr", "Use Markdown Architectural Decision Records", "We use MADR for our records.",
                              source_path="docs/adr/0000-use-madr.md")]
    view = RepositoryView(tree, [], [library], lambda wanted: {lib: ["src/markdown/render.ts"] for lib in wanted},
                          ("docs/adr/",), lambda patterns, specs: [])
    mentions = DecisionMentions([type("Row", (), {"decision_id": "adr", "path": "docs/adr/0000-use-madr.md",
                                                  "title": decisions[0].title})()])
    assert infer_links(decisions, view, mentions) == []
    # The same words in a decision about the code do link it.
    editor = [DecisionText("ed", "Use Markdown for the editor", "", source_path="docs/adr/0003-editor.md")]
    assert {link.path for link in infer_links(editor, view, mentions)} >= {"package.json"}


def test_shared_test_scaffolding_changed_beside_a_decision_is_not_what_it_governs() -> None:
    from datetime import UTC, datetime

    from nlp.code_links.history import document_commit_links
    from nlp.code_links.tree import RepoTree, is_test_support
    from nlp.git_command import PathHistory

    for helper in ("extension/test/test-utils.js", "spec/support/features/page_helpers.rb", "tests/conftest.py",
                   "app/tests/factories.py", "crates/relayer/tests/fixtures/conf.toml"):
        assert is_test_support(helper), helper
    # The feature's own tests, and helpers of the product, are not scaffolding.
    for code in ("extension/test/unit/make-payment.spec.js", "app/helpers/dates.rb", "components/support/tracing/lib.rs"):
        assert not is_test_support(code), code
    tree = RepoTree(["src/keys.js", "test/test-utils.js", "test/unit/keys.spec.js"])
    commit = PathHistory("a", datetime(2024, 1, 1, tzinfo=UTC), "Idempotency keys", ("docs/adr/0008-keys.md",),
                         ("docs/adr/0008-keys.md", "src/keys.js", "test/test-utils.js", "test/unit/keys.spec.js"), ())
    decision = DecisionText("keys", "Idempotency key", "", source_path="docs/adr/0008-keys.md")
    paths = {link.path for link in document_commit_links([decision], [commit], tree, ["docs/adr/"])}
    assert paths == {"src/keys.js", "test/unit/keys.spec.js"}


def test_what_a_choosing_verb_takes_up_ends_where_its_purpose_begins() -> None:
    from nlp.code_links.libraries import Library, decided_libraries

    libraries = [Library("run", "js", ("e2e/package.json",)), Library("standard", "js", ("package.json",)),
                 Library("rails", "ruby", ("Gemfile",)), Library("bullmq", "js", ("package.json",))]
    # drt-v2: "run" is what Renjin is used for; hmrc-frontend: "standard" is how consumers use it.
    assert decided_libraries("Use Renjin to run the optimizer algo directly", libraries) == []
    assert decided_libraries("the risk of breaking consumers using hmrc-frontend in non-standard ways", libraries) == []
    # A title too: the ActiveRecord pattern is what it takes up; TypeORM is where.
    orm = [Library("typeorm", "js", ("package.json",)), Library("redis", "js", ("package.json",))]
    assert chosen_libraries("Use the ActiveRecord pattern in TypeORM", orm) == []
    assert chosen_libraries("Use Redis for background tasks", orm) == [orm[1]]
    # The object itself is still read, a name with "on" in it included.
    assert decided_libraries("We'll use bullmq for the task queue.", libraries) == [libraries[3]]
    assert decided_libraries("We will use Ruby on Rails to build this prototype.", libraries) == [libraries[2]]


def test_a_language_taken_up_governs_its_configuration_not_its_manifest_entry_or_ci() -> None:
    from datetime import UTC, datetime

    from nlp.code_links.infer import RepositoryView, infer_links
    from nlp.code_links.libraries import Library
    from nlp.code_links.tree import RepoTree
    from nlp.commit_refs import DecisionMentions
    from nlp.git_command import PathHistory

    tree = RepoTree(["package.json", "tsconfig.json", ".drone.yml", "src/app.ts", ".eslintrc.js"])
    libraries = [Library("typescript", "js", ("package.json",)), Library("eslint", "js", ("package.json",))]
    decisions = [
        DecisionText("ts", "Use TypeScript", "We will use TypeScript.", source_path="doc/adr/0003-use-typescript.md"),
        DecisionText("lint", "Use ESLint", "We will use ESLint.", source_path="doc/adr/0004-use-eslint.md"),
    ]
    history = [PathHistory("a", datetime(2024, 1, 1, tzinfo=UTC), "Use TypeScript", ("doc/adr/0003-use-typescript.md",),
                           ("doc/adr/0003-use-typescript.md", "package.json"), ())]

    def grep(patterns: object, specs: object) -> list[str]:
        return [".drone.yml"]

    view = RepositoryView(tree, history, libraries, lambda wanted: {}, ("doc/adr/",), grep)
    mentions = DecisionMentions([type("Row", (), {"decision_id": d.id, "path": d.source_path, "title": d.title})() for d in decisions])
    links = {(link.decision_id, link.path) for link in infer_links(decisions, view, mentions)}
    # Its compiler's entry among the dependencies, the commit that bumped package.json beside
    # it, and the CI that names it: everywhere the language is, none of them the decision's.
    assert not {("ts", "package.json"), ("ts", ".drone.yml")} & links
    # A library taken up keeps its manifest.
    assert ("lint", "package.json") in links


def test_a_library_said_only_inside_a_longer_librarys_name_is_not_named() -> None:
    """A plugin's name holds its host's ("pytest-bdd", "django-polymorphic"): a decision to use
    the plugin governs the plugin's code, not every test that imports pytest."""
    declared = [Library(name, "python", ("requirements.txt",))
                for name in ("django", "pytest", "pytest-bdd", "djangorestframework", "django-polymorphic")]

    def names(text: str) -> list[str]:
        return [library.name for library in named_libraries(text, declared)]

    assert names("Use pytest-bdd for BDD testing") == ["pytest-bdd"]
    assert names("Use Django REST framework") == ["djangorestframework"]
    assert names("Use django-polymorphic for tracked models") == ["django-polymorphic"]
    assert names("Keep django and pytest, and add pytest-bdd") == ["django", "pytest", "pytest-bdd"]


def test_a_scoped_or_vendored_package_is_named_by_the_product_prose_calls_it() -> None:
    """``@nestjs/core`` is "NestJS" in prose; ``eventsauce/object-hydrator`` is "ObjectHydrator";
    an sbt plugin is named for what it builds with, an artifact that says nothing by its group."""
    assert ("nestjs",) in prose_keys("@nestjs/core")
    assert prose_keys("@types/node") == [("types", "node")]  # a scope that says nothing names nothing
    assert ("object", "hydrator") in prose_keys("eventsauce/object-hydrator")
    assert ("scalajs",) in prose_keys("org.scala-js:sbt-scalajs")
    assert prose_keys("com.github.japgolly.scalajs-react:core") == [("scalajs", "react")]
    declared = [Library("@nestjs/core", "js", ("package.json",)), Library("@nestjs/typeorm", "js", ("package.json",)),
                Library("eventsauce/object-hydrator", "php", ("composer.json",))]
    assert named_libraries("Use NestJS as our application framework", declared) == [declared[0]]
    assert named_libraries("we decided to use **EventSaucePHP ObjectHydrator**", declared) == [declared[2]]


def test_php_and_sbt_builds_declare_their_packages() -> None:
    composer = '{"require": {"php": "^8.1", "ext-intl": "*", "laminas/laminas-form": "^3"}, "require-dev": {"phpunit/phpunit": "^10"}}'
    assert dependencies("service-front/app/composer.json", composer) == ["laminas/laminas-form", "phpunit/phpunit"]
    build = 'addSbtPlugin("org.scala-js" % "sbt-scalajs" % "1.13.0")\nval d = Def.setting(Seq("io.suzaku" %%% "diode" % v))\n'
    assert dependencies("project/plugins.sbt", build) == ["org.scala-js:sbt-scalajs", "io.suzaku:diode"]
    assert dependencies("project/FrontendDependencies.scala", build) == ["org.scala-js:sbt-scalajs", "io.suzaku:diode"]
    assert not is_manifest("server/src/main/scala/Main.scala")  # Scala sources are no build definition
    assert ecosystem_of("composer.json") == "php" and ecosystem_of("build.sbt") == "scala"


def test_a_common_word_library_linked_to_its_own_page_is_that_library() -> None:
    """"Bull" is a word; ``[Bull](https://github.com/OptimalBits/bull)`` is the library, and the
    title that takes up "bull" takes it up."""
    declared = [Library("bull", "js", ("package.json",)), Library("redis", "js", ("package.json",))]
    body = "[Bull](https://github.com/OptimalBits/bull) is a well-supported service to queue jobs."
    assert written_as_code(body) == frozenset({"bull"})
    assert written_as_code("see [the docs](https://docs.nestjs.com/techniques/queues)") == frozenset()
    assert chosen_libraries("use bull and redis to send emails", declared) == [declared[1]]
    assert chosen_libraries("use bull and redis to send emails", declared, written_as_code(body)) == declared


def test_generated_code_is_no_code_a_decision_governs() -> None:
    """A protobuf stub declares the message types a decision names, but the decision governs
    the ``.proto`` it is generated from; nobody edits the stub."""
    from nlp.code_links.tree import is_code

    assert not is_code("x/ccv/provider/types/provider.pb.go")
    assert not is_code("gen/python/service_pb2_grpc.py")
    assert not is_code("src/App/Form1.Designer.cs")
    assert is_code("proto/ccv/provider/v1/provider.proto") and is_code("x/ccv/provider/keeper/keygen.go")



def test_a_word_that_names_a_whole_code_tree_names_no_component() -> None:
    """"HMPPS" names the package every source file is under and the product's deployment
    chart: neither is the component a decision about authorisation governs."""
    from nlp.code_links.infer import component_links

    tree = RepoTree([
        *(f"src/main/kotlin/uk/gov/justice/hmpps/api/F{n}.kt" for n in range(200)),
        "helm_deploy/hmpps-api/values.yaml", "helm_deploy/hmpps-api/templates/job.yaml",
        "src/main/kotlin/uk/gov/justice/hmpps/api/gateways/Gateway.kt",
    ])
    decision = DecisionText("d", "On-behalf-of authorisation in the HMPPS API", "Gateways pass the caller on.")
    paths = {link.path for link in component_links([decision], tree)}
    assert not any(path.startswith("helm_deploy/") for path in paths)
    assert "src/main/kotlin/uk/gov/justice/hmpps/api/gateways/" in paths


def test_a_word_of_the_title_links_the_few_source_files_named_for_it() -> None:
    from nlp.code_links.components import files_by_name_part, word_files

    tree = RepoTree([
        "src/transform/window.rs", "src/transform/join.rs", "internal/server/get_download.go",
        "internal/api/download.go", "docs/window.md", *(f"src/h{n}/handler_{n}.go" for n in range(4)),
        "CHANGELOG.md", "docs/CHANGELOG.md", "notes.md",
    ])
    found = word_files(["window", "download", "handler", "absent", "changelog", "notes"], files_by_name_part(tree))
    # A word four or more files carry in their names (``handler``) is a kind of file, and
    # documentation is no source, but for the top-level files named in capitals, as a
    # repository's changelog is.
    assert found == {
        "window": ["src/transform/window.rs"],
        "download": ["internal/api/download.go", "internal/server/get_download.go"],
        "changelog": ["CHANGELOG.md"],
    }



def test_a_platform_package_is_named_by_the_compound_product_after_its_namespace() -> None:
    keys = prose_keys("Microsoft.EntityFrameworkCore.SqlServer")
    # "Entity Framework", "EF Core" as "Entity Framework Core", and "SQL Server" name it ...
    assert {("entityframeworkcore",), ("entityframework",), ("sqlserver",)} <= set(keys)
    assert ("openapi",) in prose_keys("Microsoft.AspNetCore.OpenApi") and ("aspnetcore",) not in prose_keys("Microsoft.AspNetCore.OpenApi")
    # ... but a plain word, a generic part or a backported platform type names no product.
    assert prose_keys("System.Memory") == [("system", "memory")]
    assert prose_keys("Microsoft.Extensions.DependencyInjection") == [("microsoft", "extensions", "dependencyinjection")]
    assert prose_keys("Microsoft.Bcl.TimeProvider") == [("microsoft", "bcl", "timeprovider")]
    libraries = [Library("Microsoft.EntityFrameworkCore.SqlServer", "dotnet", ("src/Data/Data.csproj",))]
    assert chosen_libraries("Use Microsoft SQL Server as the Database", libraries) == libraries


def test_a_stated_folder_of_records_followed_to_its_new_place_governs_no_code() -> None:
    from datetime import UTC, datetime

    from nlp.code_links.infer import RepositoryView, rename_links
    from nlp.git_command import PathHistory

    tree = RepoTree(["adr/0001-web.md", "adr/0002-site.md", "site/index.html"])
    moved = PathHistory("m", datetime(2024, 1, 1, tzinfo=UTC), "Move the records", (),
                        ("adr/0001-web.md", "docs/adr/0001-web.md"), (("docs/adr/0001-web.md", "adr/0001-web.md"),))
    view = RepositoryView(tree, [moved], [], lambda wanted: {}, ("adr/",), lambda patterns, specs: [])
    decision = DecisionText("web", "Web presence", "", source_path="adr/0001-web.md", stated=("docs/adr/", "web/"))
    # "docs/adr/" is now adr/, where every later record is added: not code the decision governs.
    assert rename_links([decision], view) == []


def test_a_title_that_takes_up_one_common_word_alone_names_that_library() -> None:
    libraries = [Library(name, "js", ("package.json",)) for name in ("express", "jest", "helmet")]
    assert [lib.name for lib in chosen_libraries("Use Express", libraries)] == ["express"]
    assert [lib.name for lib in chosen_libraries("Use Jest for testing", libraries)] == ["jest"]
    # Among other words the common word is prose, unless written as code.
    assert chosen_libraries("Use an express lane for refunds", libraries) == []
    assert chosen_libraries("Express totals in pence", libraries) == []


def test_a_title_that_builds_something_in_a_library_takes_it_up() -> None:
    libraries = [Library("next", "js", ("client/package.json",))]
    assert chosen_libraries("Build frontend in NextJS", libraries) == libraries
    assert chosen_libraries("Build a cache in memory", libraries) == []


def test_a_library_named_by_a_common_word_is_named_as_a_proper_noun_in_running_text() -> None:
    from nlp.code_links.libraries import decided_libraries, proper_nouns

    react = Library("react", "js", ("client/package.json",))
    assert prose_keys("react") == [("react",)]  # a product's whole name, though a generic part...
    assert ("react",) not in prose_keys("@testing-library/react")  # ...of others' names
    assert proper_nouns("We will build the front end in React.") == frozenset({"react"})
    assert proper_nouns("React to changes. Use Redis And Bull For Background Tasks.") == frozenset()
    assert proper_nouns("We use React Testing Library and SQL Server.") == frozenset()  # parts of longer names
    assert decided_libraries("We will build the front end in React.", [react]) == [react]
    assert decided_libraries("We will build the front end. Other teams know React well.", [react]) == []
    assert named_libraries("components react to a change of state", [react]) == []


def test_madrs_chosen_option_takes_up_what_follows_its_colon() -> None:
    from nlp.code_links.libraries import decided_libraries

    rails = Library("rails", "ruby", ("Gemfile",))
    chosen = 'Chosen option: "Ruby-on-Rails", because the team knows it.'
    assert decided_libraries(chosen, [rails]) == [rails]
    assert decided_libraries("Options considered: Ruby-on-Rails, Django.", [rails]) == []


def test_a_plural_of_a_generic_word_names_no_component() -> None:
    from nlp.code_links.components import words_of

    # "systems" is no component, and neither is its singular, a generic word ("spec/system/").
    assert words_of("Definition of the systems of record") == {"definition", "systems"}
    assert "ledger" in words_of("Ledgers per tenant")


def test_a_part_of_a_snake_case_identifier_names_no_library() -> None:
    nuxt, fsm = Library("nuxt", "js", ("package.json",)), Library("django-fsm", "python", ("Pipfile",))
    # "nuxt" of the setting NUXT_PUBLIC_PROFILE is no decision about Nuxt ...
    assert chosen_libraries("Replace NUXT_PUBLIC_PROFILE with PRIVATE_FEATURES_ENABLED", [nuxt, fsm]) == []
    # ... but an identifier that is the library's whole name names it, and so does the word alone.
    assert named_libraries("we keep django_fsm beside Nuxt", [nuxt, fsm]) == [nuxt, fsm]


def test_a_yaml_lock_file_names_no_tool_a_decision_takes_up() -> None:
    files = {
        ".github/workflows/e2e.yml": "run: docker compose up",
        "frontend/pnpm-lock.yaml": "docker-compose-spec@1.0.0:",
        "deploy/app.yaml": "image: app",
        "scripts/build.sh": "echo build",
    }

    def grep(patterns: list[str], specs: list[str]) -> list[str]:
        return [path for path, text in files.items() if any(re.search(p, text, re.IGNORECASE) for p in patterns)]

    assert automation_mentions(["docker"], grep, ["docker"]) == {"docker": [".github/workflows/e2e.yml"]}
