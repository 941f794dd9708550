"""A decision that takes up a programming language governs the files that set it up."""

from __future__ import annotations

from nlp.code_links.languages import language_links
from nlp.code_links.libraries import prose_keys
from nlp.code_links.model import DecisionText
from nlp.code_links.tree import RepoTree

TREE = RepoTree([
    "tsconfig.json", "web/tsconfig.json", "api/go.mod", "src/global.json", "Directory.Build.props", "build.sbt",
    *(f"packages/p{n}/tsconfig.json" for n in range(4)),
])


def _paths(title: str) -> list[str]:
    return sorted(link.path for link in language_links([DecisionText("d", title, "")], TREE))


def test_a_language_a_title_takes_up_governs_its_setup_files() -> None:
    assert _paths("Use Go on server-side") == ["api/go.mod"]
    assert _paths("Use Golang for the API") == ["api/go.mod"]
    assert _paths("Use dotnetcore and C#") == ["Directory.Build.props", "src/global.json"]
    assert _paths("Use Scala") == ["build.sbt"]
    # A monorepo's many tsconfig.json: the top one sets the language up for all.
    assert _paths("Use TypeScript") == ["tsconfig.json"]


def test_a_setup_files_variants_set_the_language_up_too() -> None:
    tree = RepoTree(["tsconfig.json", "tsconfig.build.json", "browser/tsconfig.json", "src/tsconfig.ts", "tsconfigs.json"])
    links = language_links([DecisionText("d", "Use TypeScript", "")], tree)
    assert sorted(link.path for link in links) == ["browser/tsconfig.json", "tsconfig.build.json", "tsconfig.json"]


def test_a_language_named_in_passing_or_the_verb_go_governs_nothing() -> None:
    assert _paths("Go with the flow") == []
    assert _paths("Use Redis to go faster") == []
    assert _paths("TypeScript style guide") == []


def test_a_binding_is_named_by_the_product_it_binds_but_not_by_an_ordinary_word() -> None:
    assert ("nats",) in prose_keys("async-nats") and ("sentry",) in prose_keys("sentry-rails")
    assert ("redis",) in prose_keys("redis-py") and ("contentful",) in prose_keys("contentful_rails")
    assert prose_keys("async-trait") == [("async", "trait")] and prose_keys("node-fetch") == [("node", "fetch")]
