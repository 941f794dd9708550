"""All the links one repository shows between its decisions and its code, each with how
it was inferred and how strong it is; the strongest link per (decision, path) is kept."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import PurePosixPath

from nlp.code_links.citations import Cited, citation_links
from nlp.code_links.components import (
    component_directories,
    files_by_name_part,
    linked_paths,
    shared,
    typed_files,
    word_files,
    words_of,
)
from nlp.code_links.definitions import definition_links
from nlp.code_links.ended import ended
from nlp.code_links.history import Mentions, Renames, document_commit_links, git_context_links, message_links
from nlp.code_links.identifiers import annotation_links, identifier_links
from nlp.code_links.languages import language_links
from nlp.code_links.libraries import (
    CHOOSING,
    Library,
    chosen_libraries,
    decided_libraries,
    named_libraries,
    prose_keys,
    written_as_code,
)
from nlp.code_links.manifests import is_manifest
from nlp.code_links.model import CodeLink, DecisionText
from nlp.code_links.tools import Grep, automation_mentions, config_files, configured_tools, named_config, taken_up
from nlp.code_links.tree import RepoTree, common_directories, holds_code, is_code, is_written_beside, too_wide
from nlp.code_links.wording import similar_links, word_index
from nlp.gazetteer import TECHNOLOGIES
from nlp.git_command import PathHistory
from nlp.plural import plural

MAX_TYPE_OWNERS = 2
"""A type named by more decisions than this is named in passing (see ``component_links``)..."""
MIN_TYPE_MENTIONS = 3
"""...unless a decision writes it this often: then it is about that type (the central class
many decisions change), however many others name it. Counted over ``DecisionText.body``,
which holds an ADR's context and decision and then its whole file, so a mention in the
Context or Decision counts twice. Set looking at the development repositories (it fires on
Brighter alone), not chosen inside the folds."""

LANGUAGES = frozenset(word for word, (_, kind) in TECHNOLOGIES.items() if kind == "language")
"""Programming languages: taken up, one is written everywhere in the repository, so its
declaration in a manifest (``typescript`` among the devDependencies) and every CI job or
script that names it ("scala" in the build pipeline) say nothing of that decision, which
governs how the language is set up (``tsconfig.json``, ``build.sbt``), not each place that
names it."""

MIN_CONFIDENCE = 0.5
"""Links weaker than this are not kept (docs/check-diff.md: how it was chosen)."""
WORD_FILE = 0.5
"""A source file named for a word of the title (``transform/window.rs`` for "Event-time
windows"): the weakest link kept, as a word may name a file of another concern."""


@dataclass(frozen=True)
class RepositoryView:
    """What inference reads of a repository: its tree, its history (newest first), its
    libraries, who imports a library, the folders of its decision documents, and a
    case-insensitive grep over its files."""

    tree: RepoTree
    history: Sequence[PathHistory]
    libraries: Sequence[Library]
    importers: Callable[[Sequence[Library]], dict[Library, list[str]]]
    documents: Sequence[str]
    grep: Grep
    occurrences: Callable[[Sequence[str]], dict[str, list[str]]] = lambda _: {}
    """Fixed identifiers → the files that contain them (whole word, case-sensitive)."""
    annotated: Callable[[Sequence[str]], dict[str, list[str]]] = lambda _: {}
    """Attribute or annotation names → the files that apply them."""
    declared: Callable[[Sequence[str]], dict[str, list[str]]] = lambda _: {}
    """Type names → the files that declare them (``class X``, ``type X struct``)."""
    cited: Cited = lambda _: []
    """Extended regexes → the (file, line) pairs whose line matches one (case-insensitive)."""
    name: str = ""
    """Its ``owner/name`` on its forge ('' when it has no remote): whose issues its ADRs cite."""
    sources: Callable[[], Mapping[str, str]] = lambda: {}
    """Its source files outside the decision documents → their texts, read when asked."""
    merges: Callable[[], Mapping[str, str]] = lambda: {}
    """A commit → the merge that brought it into the main line (``nlp.git_command.merged_by``),
    read when asked: a pull request's commits count together."""


def infer_links(
    decisions: Sequence[DecisionText], view: RepositoryView, mentions: Mentions, minimum: float = MIN_CONFIDENCE,
    git_context: bool = False,
) -> list[CodeLink]:
    """Every inferred link of at least ``minimum`` confidence, one per (decision, path):
    the strongest, with its evidence. ``git_context``: also the code changed around the
    time of each decision stated in a conversation (seed 000's ``auto_link_strategy``)."""
    configs = config_files(view.tree)
    known = known_tools(view, configs) | set(TECHNOLOGIES)
    gone = ended(decisions, known)
    about_dependencies = dependency_decisions(decisions, view, known)
    record_keeping = {d.id for d in decisions if keeps_records(d.title)}
    history = [
        link for link in (
            *document_commit_links(decisions, view.history, view.tree, view.documents, view.merges()),
            *message_links(decisions, view.history, view.tree, view.documents, mentions, view.name),
        )
        if (link.decision_id in about_dependencies or not is_manifest(link.path)) and link.decision_id not in record_keeping
    ]
    links = [
        *(git_context_links(decisions, view.history, view.tree, view.documents) if git_context else []),
        *spread_out(history),
        *library_links(decisions, view),
        *component_links(decisions, view.tree, view.documents),
        *tool_links(decisions, view, configs),
        *identifier_links(decisions, view.occurrences, view.documents, [library.name for library in view.libraries]),
        *annotation_links(decisions, view.annotated, view.tree, view.documents),
        *definition_links(decisions, view.declared, view.tree, view.documents),
        *citation_links(decisions, view.cited, view.tree, view.documents),
        *language_links(decisions, view.tree),
        *document_links(decisions, view),
        *rename_links(decisions, view),
        *similar_links(decisions, word_index(view.sources())),
    ]
    return strongest(
        link for link in links
        if link.confidence >= minimum and link.decision_id not in gone
        and (link.decision_id not in record_keeping or link.via in RECORDS_TOOLING)
    )


def dependency_decisions(decisions: Sequence[DecisionText], view: RepositoryView, known: set[str]) -> set[str]:
    """The decisions about a dependency: their title takes up or drops a library the
    repository declares or a tool (``known``), or what they decide takes up a library. Only
    these govern a manifest because history changed it beside them: a manifest lists every
    dependency, and a commit that changed one beside a decision about peer discovery or an
    API changed it for a dependency of its own."""
    found: set[str] = set()
    for decision in decisions:
        chosen, set_aside = taken_up(decision.title, CHOOSING)
        as_code = written_as_code(_whole(decision))
        if (set(chosen + set_aside) & known - LANGUAGES or _not_languages(chosen_libraries(decision.title, view.libraries, as_code))
                or _not_languages(decided_libraries(f"{decision.summary}\n{decision.rationale}", view.libraries, as_code))):
            found.add(decision.id)
    return found


_KEEPING_RECORDS = re.compile(
    r"^\W*(?:record(?:ing)?\s+(?:our\s+|the\s+)?(?:architectur(?:e|al)\s+)?decisions\b"
    r"|(?:use|adopt)\b.*\b(?:architectur(?:e|al)\s+)?decision\s+records?\b"
    r"|(?:use|adopt)\s+adr[- ]tools\b)",
    re.IGNORECASE,
)


def keeps_records(title: str) -> bool:
    """A decision to keep decision records ("Record architecture decisions", "Use Markdown
    Architectural Decision Records", "Use adr-tools with custom template"): the commit that
    adds it sets the collection up beside whatever the repository was doing that day
    (a payment handler, a compose file), and a commit that names it is about the records.
    It governs the records' tooling (``.adr-dir``, the template), never code through history."""
    return _KEEPING_RECORDS.search(title) is not None


RECORDS_TOOLING = frozenset({"tool config", "document link", "rename"})
"""The only ways a decision to keep decision records governs files: the tool that keeps them
(``.adr-dir``, log4brains' config) and the files it names. The words of its title name the
records' format ("Use Markdown Architectural Decision Records"), not a library, component or
file of the code that happens to share them (a Markdown editor, ``@tiptap/markdown``)."""


HUB_DECISIONS = 3
"""A path that commits tie to more decisions than this is a hub (the central class, the
solution file, the shared package list): changed with everything, it is evidence of none."""


def spread_out(links: Sequence[CodeLink]) -> list[CodeLink]:
    """History's links, weakened where a path is a hub: when commits tie a path to many
    decisions, each tie says less (as a word in every document says little of any)."""
    owners: dict[str, set[str]] = defaultdict(set)
    for link in links:
        owners[link.path].add(link.decision_id)
    return [
        replace(link, confidence=round(link.confidence * HUB_DECISIONS / len(owners[link.path]), 2))
        if len(owners[link.path]) > HUB_DECISIONS else link
        for link in links
    ]


def _whole(decision: DecisionText) -> str:
    """Everything a decision's document says, for what it writes as code anywhere in it."""
    return "\n".join((decision.title, decision.summary, decision.rationale, decision.body))


def strongest(links: Iterable[CodeLink]) -> list[CodeLink]:
    """One link per (decision, path): the most confident (ties: the first found)."""
    best: dict[tuple[str, str], CodeLink] = {}
    for link in links:
        key = (link.decision_id, link.path)
        if key not in best or link.confidence > best[key].confidence:
            best[key] = link
    return sorted(best.values(), key=lambda link: (link.decision_id, link.path))


def library_links(decisions: Sequence[DecisionText], view: RepositoryView) -> list[CodeLink]:
    """The manifests that declare a library a decision names, and the files that import it.

    A title that takes a library up, keeps or drops it ("Use lunr for search", "Remove
    postgres for now") governs its declarations and its users alike. Named otherwise in the
    title, the decision is about something built with it: its users, not its declaration
    (a central manifest pins every library; a dependency bump is not about that decision).
    Taken up in a sentence of what it decides ("We'll use bullmq for the task queue"), it
    governs the library's declarations; its users only as one named in the summary, as
    a library used throughout (a retry library every handler imports) is more than that
    decision's. Named in the summary or among the alternatives it was weighed; in the
    longer text only mentioned.
    """
    named: list[tuple[DecisionText, Library, float, float, str]] = []
    for decision in decisions:
        seen: set[Library] = set()
        as_code = written_as_code(_whole(decision))
        chosen = chosen_libraries(decision.title, view.libraries, as_code)
        for found, manifest_strength, import_strength, how in (
            (chosen, 0.85, 0.75, "takes up or drops"),
            (named_libraries(decision.title, view.libraries, as_code), 0.45, 0.45, "is about"),
            (decided_libraries(f"{decision.summary}\n{decision.rationale}", view.libraries, as_code), 0.6, 0.45, "decides to use"),
            (named_libraries(decision.summary, view.libraries, as_code), 0.45, 0.45, "decides on"),
            (named_libraries("\n".join(decision.alternatives), view.libraries, as_code), 0.45, 0.4, "weighs"),
            (named_libraries(decision.body, view.libraries, as_code), 0.3, 0.35, "mentions"),
        ):
            for library in _not_languages(found):
                if library not in seen:
                    seen.add(library)
                    named.append((decision, library, manifest_strength, import_strength, how))
    importing = view.importers(list(dict.fromkeys(library for _, library, _, _, _ in named)))
    links: list[CodeLink] = []
    for decision, library, manifest_strength, import_strength, how in named:
        for manifest in library.manifests:
            links.append(CodeLink(decision.id, manifest, "manifest", manifest_strength,
                                  f"{manifest} declares {library.name}, which it {how}"))
        files = importing.get(library, [])
        for path in common_directories(files, view.tree):
            count = sum(1 for f in files if f.startswith(path)) if path.endswith("/") else 1
            links.append(CodeLink(decision.id, path, "import", import_strength,
                                  f"{plural(count, 'file')} in {path} {'imports' if count == 1 else 'import'} {library.name}, which it {how}"
                                  if path.endswith("/") else f"{path} imports {library.name}, which it {how}"))
    return links


def component_links(decisions: Sequence[DecisionText], tree: RepoTree, documents: Sequence[str] = ()) -> list[CodeLink]:
    """Directories named as a component the decision's title or summary names, and files
    named after the types it writes.

    A type many decisions write (the product's central class) is mostly named in passing,
    so a type more than ``MAX_TYPE_OWNERS`` decisions name counts only for those that write
    it at least ``MIN_TYPE_MENTIONS`` times; a type named only in the longer text counts less. A
    directory too wide to stand for a component (``packages/`` of a monorepo) or holding
    no code (a folder of specifications named "…-failed-delivery-context") is no
    component, and a document is no type's file.
    """
    vocabulary = [words_of(f"{d.title} {d.summary}") for d in decisions]
    typed = [
        (typed_files(f"{d.title}\n{d.summary}", tree), typed_files(d.body, tree)) for d in decisions
    ]
    owners: dict[str, int] = defaultdict(int)
    for headline, body in typed:
        for name in set(headline) | set(body):
            owners[name] += 1
    named_files = files_by_name_part(tree)
    links: list[CodeLink] = []
    for decision, words, (headline, body) in zip(decisions, vocabulary, typed, strict=True):
        common = shared(words, vocabulary)
        title_words = words_of(decision.title) - common
        for word, directories in component_directories(words - common, tree).items():
            strength = 0.6 if word in title_words else 0.45
            if any(too_wide(directory, tree) for directory in directories):
                # A word that names a whole code tree (``…/justice/digital/hmpps/``) is the
                # product's or its owner's name: its other folders (a deployment chart named
                # after the product) are no component of one decision.
                continue
            for directory in directories:
                if not holds_code(directory, tree, documents) or shows_use(directory):
                    continue
                links.append(CodeLink(decision.id, directory, "component", strength,
                                      f"{directory} is named for {word!r}, which it names"))
        for word, files in word_files(title_words, named_files).items():
            for path in files:
                if is_code(path, documents) or "/" not in path:
                    links.append(CodeLink(decision.id, path, "component", WORD_FILE, f"{path} is named for {word!r}, which its title names"))
        for strength, found in ((0.65, headline), (0.5, body)):
            for name, files in found.items():
                if owners[name] > MAX_TYPE_OWNERS and _mentions(name, decision.body) < MIN_TYPE_MENTIONS:
                    continue
                for path in files:
                    if is_code(path, documents):
                        links.append(CodeLink(decision.id, path, "component", strength, f"{path} is named for {name}, which it names"))
    return links


_SHOWCASE = re.compile(r"(?:^|/)(?:examples?|samples?|demos?|\.[^/]+)/")


def shows_use(directory: str) -> bool:
    """A folder of examples or samples, or of a tool's configuration: it shows how to use
    the product's components (``examples/otel-demo/``), or configures a tool
    (``.github/`` is GitHub's, whatever a decision about GitHub Actions governs), and a
    decision that names a component names one of the product's."""
    return _SHOWCASE.search(directory) is not None


MAX_NOTE_FOLDER = 12
"""A linked document heads its folder (a requirement's folder of notes and tasks) when the
folder is this small and not at the top of the repository."""


def document_links(decisions: Sequence[DecisionText], view: RepositoryView) -> list[CodeLink]:
    """Code a decision's document links to (relative markdown links, forge URLs of files),
    followed through renames to the path that exists today, and the small folder of a
    document it links to outside the decision folders (``specs/0002-sqs-cleanup/``)."""
    current = Renames(view.history)
    links: list[CodeLink] = []
    for decision in decisions:
        for path in linked_paths(decision.body, decision.source_path, view.tree, current):
            if is_written_beside(path, view.documents):
                # A specification or design note: the small folder it heads is the requirement.
                folder = str(PurePosixPath(path).parent) + "/"
                if folder.count("/") >= 2 and 0 < view.tree.size(folder) <= MAX_NOTE_FOLDER:
                    links.append(CodeLink(decision.id, folder, "document link", 0.7, f"its document links to {path}, in {folder}"))
                continue
            if is_code(path, view.documents) and not too_wide(path, view.tree):
                links.append(CodeLink(decision.id, path, "document link", 0.7, f"its document links to {path}"))
    return links


def rename_links(decisions: Sequence[DecisionText], view: RepositoryView) -> list[CodeLink]:
    """A path a decision states that has since been renamed or moved: the link follows it
    to its name today (the stated link stays, as history, as one to a deleted path does)."""
    current = Renames(view.history)
    links: list[CodeLink] = []
    for decision in decisions:
        for path in decision.stated:
            if view.tree.exists(path):
                continue
            today = current(path) if not path.endswith("/") else current.moved(path)
            # Followed to a directory too wide to govern, as a stated one would be (``relayer/``
            # of a repository-layout decision, now the whole ``crates/relayer/``).
            if (today and today != path and view.tree.exists(today) and not too_wide(today, view.tree)
                    and not _holds_decisions(today, view.documents)):
                links.append(CodeLink(decision.id, today, "rename", 0.9, f"{path}, which it names, is now {today}"))
    return links


def _holds_decisions(path: str, documents: Sequence[str]) -> bool:
    """``path`` is a folder of decision documents, or lies in one: a decision that names
    where its records were to live ("docs/adr/", since moved to "adr/") governs no code there,
    and every later record added would be listed under it."""
    return any(path.startswith(folder) or folder.startswith(path) for folder in documents)


def known_tools(view: RepositoryView, configs: dict[str, list[str]]) -> set[str]:
    """The words the repository knows as tools: a library known by one word ("lerna",
    "kafka"), not every part of every library's name ("engine", "core", "error" of
    error_prone), and a tool whose own configuration file is in the tree."""
    known = {key[0] for library in view.libraries for key in prose_keys(library.name) if len(key) == 1}
    return known | configured_tools(configs)


def tool_links(decisions: Sequence[DecisionText], view: RepositoryView, configs: dict[str, list[str]]) -> list[CodeLink]:
    """Configuration of the tools a decision's title takes up (or drops): files named for
    them, and the automation (CI, compose, Dockerfiles, scripts) that names them
    (``configs``: the tree's configuration files, from ``config_files``). A word counts as
    a tool when the repository (``known_tools``) or the gazetteer knows it as one."""
    known = known_tools(view, configs)
    links: list[CodeLink] = []
    for decision in decisions:
        chosen, set_aside = taken_up(decision.title, CHOOSING)
        for words, named, mentioned, how in ((chosen, 0.65, 0.55, "takes up"), (set_aside, 0.45, 0.4, "sets aside")):
            for word, paths in named_config(words, configs, known).items():
                for path in paths:
                    links.append(CodeLink(decision.id, path, "tool config", named, f"{path} configures {word}, which it {how}"))
            for word, paths in automation_mentions([w for w in words if w not in LANGUAGES], view.grep, known).items():
                for path in paths:
                    links.append(CodeLink(decision.id, path, "tool config", mentioned, f"{path} names {word}, which it {how}"))
    return links


def _not_languages(libraries: Sequence[Library]) -> list[Library]:
    """``libraries`` without a programming language's own package (``typescript``)."""
    return [lib for lib in libraries if not any(len(key) == 1 and key[0] in LANGUAGES for key in prose_keys(lib.name))]


def _mentions(name: str, text: str) -> int:
    return len(re.findall(rf"\b{re.escape(name)}\b", text))
