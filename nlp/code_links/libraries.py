"""Which of a repository's libraries a decision names, and how prose names a library.

"Use TypeORM with Postgres" names ``typeorm``; "Prefer dugite over raw git commands" names
``dugite``; "Kafka DLQ producer" names ``Confluent.Kafka`` by its last part. A library whose
name is a common word ("next", "express") counts only when written as code (``next``,
Next.js), or it would be found in every sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

_TOKEN = re.compile(r"[a-z0-9]+")
_SNAKE_WORD = re.compile(r"[a-z0-9]+(?:_[a-z0-9]+)*")
_CODE_SPAN = re.compile(r"`([^`\n]{1,80})`")
_LINK = re.compile(r"\[([^\]\n]{1,80})\]\(\s*<?[a-z]+://[^)\s>]*?/([^/)\s>]+?)(?:\.git)?/?>?\s*\)", re.IGNORECASE)

GENERIC = frozenset("""
core common commons utils util utilities tools tool types type test tests testing client clients server api apis
sdk lib libs library plugin plugins config configuration extensions extension abstractions abstraction logging log
http https json xml yaml data runtime cli web app apps main base framework helpers helper support shared model
models service services internal dev build builder tasks task react node js ts net dotnet io std kit cloud aws
azure google microsoft system console options hosting dependencyinjection diagnostics primitives collections
threading text encoding security auth identity storage store cache message messages messaging events event
handler handlers contracts domain infrastructure integration unit spec specs mock mocks fake fakes sample samples
example examples docs doc schema schemas generator generators analyzers analyzer source sources provider providers
runner runners
""".split())
"""Parts of library names that say nothing about which library ("Microsoft.Extensions.Logging")."""

PLATFORM_NAMESPACES = frozenset({"system", "microsoft", "java", "javax", "android", "windows"})
"""First parts of a dotted name under which a platform's packages name its features, not
products (``System.Memory``, ``Microsoft.Extensions.Http``): their last part is an
everyday word ("memory"), not the library's name."""

COMMON_WORDS = frozenset("""
next express request fetch bull chalk commander debug glob once yes color colors path url query moment boom got
table date time store proxy form cross env which open live serve server static mark marked tiny session cookie
compression helmet passport tap mock jest mocha chai async sharp pino winston redux nock ava prompt inquirer
log bytes futures rand either lazy react
""".split())
"""Library names that are also words of ordinary prose: matched only as code, or as a proper
noun in running text ("build the front end in React", not "react to a change")."""


@dataclass(frozen=True)
class Library:
    """A dependency of the repository: its declared name, the manifests that declare it
    and its ecosystem (``js``, ``python``, ``go``, ``rust``, ``dotnet``, ``java``,
    ``ruby``, ``php``, ``scala``, ``terraform``)."""

    name: str
    ecosystem: str
    manifests: tuple[str, ...]


@lru_cache(maxsize=65536)
def prose_keys(name: str) -> list[tuple[str, ...]]:
    """The token sequences prose names a library by: its whole name ("django fsm" for
    ``django-fsm``), and the distinctive last part of a scoped, dotted or path name
    (``Confluent.Kafka`` → "kafka", ``github.com/spf13/cobra`` → "cobra").
    """
    lowered = name.lower().strip()
    keys: list[tuple[str, ...]] = []
    whole = tuple(_TOKEN.findall(lowered.lstrip("@")))
    if "/" in lowered and "." in lowered.split("/", 1)[0]:  # a Go module path: the host says nothing
        whole = tuple(_TOKEN.findall(lowered.split("/", 1)[1]))
    if ":" in lowered:  # a Maven group:artifact: prose names the artifact
        whole = tuple(_TOKEN.findall(lowered.rsplit(":", 1)[1]))
    if whole:
        keys.append(whole)
    last = re.split(r"[./:]", lowered.rstrip("/"))[-1]
    module = lowered.split("/")
    if "/" in lowered and "." in module[0] and len(module) > 3:
        # A package inside a Go module (``google.golang.org/genproto/googleapis/rpc``): its
        # last part names a folder of the module ("rpc", "core", "v8"), not a library.
        last = ""
    last_tokens = tuple(_TOKEN.findall(last))
    platform = lowered.split(".", 1)[0] in PLATFORM_NAMESPACES and "." in lowered
    if last_tokens and last_tokens != whole and len(last_tokens) == 1 and last_tokens[0] not in GENERIC and not platform:
        keys.append(last_tokens)
    if platform:
        keys += _platform_products(name)
    product = _product_of_binding(last_tokens)
    if product and (product,) not in keys:
        keys.append((product,))
    if lowered.startswith("@") and "/" in lowered and last_tokens and all(t in GENERIC for t in last_tokens):
        # A scoped package whose own name says nothing (``@nestjs/core``, ``@angular/common``)
        # is the product its scope names: prose says "NestJS", not "nestjs core".
        keys.append(tuple(_TOKEN.findall(lowered[1:].split("/", 1)[0])))
    elif "/" in lowered and len(last_tokens) > 1 and last_tokens != whole and not all(t in GENERIC for t in last_tokens):
        # A vendor's package (``laminas/laminas-form``, ``eventsauce/object-hydrator``) is
        # named by the package: "laminas-form", "ObjectHydrator".
        keys.append(last_tokens)
    if ":" in lowered:
        group, artifact = lowered.rsplit(":", 1)
        if whole and whole[0] == "sbt" and len(whole) > 1:
            keys.append(whole[1:])  # an sbt plugin (``sbt-scalajs``) is named for what it builds with
        elif whole and all(t in GENERIC for t in whole):
            # An artifact that says nothing (``scalajs-react:core``) is its group's product.
            keys.append(tuple(_TOKEN.findall(group.rsplit(".", 1)[-1])))
    # A generic part says nothing of which library, unless it is the library's whole name
    # and that name is a product's (``react``): then it names it as a common word does.
    return [k for k in keys if not (len(k) == 1 and (len(k[0]) < 3 or k[0].isdigit()
                                                     or (k[0] in GENERIC and not (k == whole and k[0] in COMMON_WORDS))))]


_HUMP = re.compile(r"[A-Z][a-z0-9]+")

BINDING_PREFIXES = frozenset({"async", "go", "node", "py", "python"})
BINDING_SUFFIXES = frozenset({"ruby", "rails", "js", "rs", "py", "go", "sdk", "client", "node", "jvm", "android", "ktx"})
"""The parts a package's name adds to a product's for the language, framework or platform it
binds it in (``async-nats``, ``go-redis``, ``sentry-ruby``, ``redis-py``, ``nats-client``, a
Kotlin library's ``assertk-jvm``, ``koin-android``)."""


def _product_of_binding(tokens: tuple[str, ...]) -> str | None:
    """The product a two-part binding's name names ("nats" for ``async-nats``, "sentry" for
    ``sentry-rails``), when it is no generic or ordinary word ("trait" of ``async-trait``
    stays a word)."""
    if len(tokens) != 2:
        return None
    first, second = tokens
    product = second if first in BINDING_PREFIXES else first if second in BINDING_SUFFIXES else None
    if product is None or len(product) < 4 or product in GENERIC or product in COMMON_WORDS or product in ORDINARY:
        return None
    return product


ORDINARY = frozenset("""
trait stream streams retry clock header units errors error color colors humanize spew difflib
magic dotenv slugify progressbar keychain crypto connections winio netrc isatty colorable
runewidth cache fetch yaml json test mock
""".split())
"""Words a binding's product part may be that are ordinary words or helpers, not products."""


def _platform_products(name: str) -> list[tuple[str, ...]]:
    """The products a platform's package is named by: a part after the platform's
    namespace that is a compound name (``Microsoft.EntityFrameworkCore.SqlServer`` →
    "Entity Framework Core", "Entity Framework", "SQL Server"; ``Microsoft.AspNetCore.OpenApi``
    → "OpenAPI"), where a plain word (``System.Memory``, ``Microsoft.Extensions.Logging``)
    names a corner of the platform."""
    keys: list[tuple[str, ...]] = []
    parts = name.split(".")[1:]
    if any(part.lower() in PLATFORM_CORNERS for part in parts):
        return []
    for part in parts:
        if len(_HUMP.findall(part)) < 2 or part.lower() in GENERIC or part.lower() in PLATFORM_PARTS:
            continue
        keys.append((part.lower(),))
        if part.endswith("Core") and len(_HUMP.findall(part)) > 2:
            keys.append((part[: -len("Core")].lower(),))  # EF Core is Entity Framework
    return keys


PLATFORM_PARTS = frozenset({"aspnetcore", "aspnet", "netcore", "dotnet", "windowsazure", "visualstudio", "codeanalysis"})
"""Compound parts that name the platform itself, not a product chosen on it."""
PLATFORM_CORNERS = frozenset({"bcl", "extensions", "win32", "interop"})
"""Namespaces of the platform's own types and their backports (``Microsoft.Bcl.TimeProvider``,
``Microsoft.Extensions.ObjectPool``): a type of the platform, written in prose as code, not a
library a decision chooses."""


BUILT_IN = r"(?:build|builds|building|implement|implements|implementing|write|writes|writing)\s+(?:[\w-]+\s+){1,3}?(?:in|with|using)|"
"""Making something in a tool ("We will build the front end in React", "implement the API
with FastAPI"): what follows "in", "with" or "using" is taken up."""
FROM_TO = r"(?:switch|migrat|mov|chang|transition)\w*\s+(?:[\w-]+\s+){0,3}?from\s+[\w.-]+(?:\s+[\w.-]+)?\s+to|"
"""A change from one thing to another ("Switch test assertions from Truth to assertk"): what
follows "to" is taken up."""
CHOOSING = re.compile(
    r"\b(?:use|uses|using|adopt|adopts|adopting|choose|chooses|chose|choosing|prefer|prefers|preferring|select|"
    r"written\s+in|" + BUILT_IN +
    r"switch(?:es|ing)?\s+to|migrat(?:e|es|ing)\s+to|mov(?:e|es|ing)\s+to|replac(?:e|es|ing)|introduc(?:e|es|ing)|"
    + FROM_TO +
    r"add(?:s|ing)?|remov(?:e|es|ing)|drop(?:s|ping)?|keep(?:s|ing)?|stick\s+with|stay\s+with|standardi[sz]e\s+on|"
    r"instead\s+of|over|rather\s+than|vs\.?|versus|with|and)\b",
    re.IGNORECASE,
)
"""Words after which a title names what the decision takes up, keeps or drops."""


def written_as_code(text: str) -> frozenset[str]:
    """The names ``text`` writes as code (```bull```), or as a link to the thing's own page
    (``[Bull](https://github.com/OptimalBits/bull)``: the link's last path part is its
    text): said so, even a library named by a common word is that library."""
    named = {" ".join(_TOKEN.findall(span.lower())) for span in _CODE_SPAN.findall(text)}
    for label, last in _LINK.findall(text):
        words = _TOKEN.findall(label.lower())
        if words and "".join(words) == "".join(_TOKEN.findall(last.lower())):
            named.add(" ".join(words))
    return frozenset(named)


def chosen_libraries(title: str, libraries: Sequence[Library], as_code: frozenset[str] = frozenset()) -> list[Library]:
    """The libraries a title says the decision takes up, keeps or drops: "Use Redis and
    Bull for background tasks", "Prefer dugite over raw git commands", "Remove postgres for
    now". A title that names a library only as the setting of something else ("Kafka DLQ
    producer for requeue", "Next.js persistent layout pattern") is about that something:
    it governs the code that uses the library, not its declaration."""
    lowered = title.lower()
    verb = CHOOSING.search(lowered)
    if verb is None:
        return _titled_libraries(lowered, libraries, as_code)
    # What the verb takes up ends where the title says what for or where ("Use the
    # ActiveRecord pattern in TypeORM" takes up a pattern; TypeORM is where it is used).
    words = _object_words(lowered[verb.end():].split())
    # A title whose verb takes up one word alone ("Use Express", "Use Jest for testing")
    # names that library however common the word: nothing else is taken up.
    alone = frozenset(re.findall(r"[a-z0-9.]+", words[0])[:1]) if len(words) == 1 else frozenset()
    return named_libraries(" ".join(words), libraries, as_code | alone)


def _titled_libraries(lowered: str, libraries: Sequence[Library], as_code: frozenset[str]) -> list[Library]:
    """The libraries a title without a choosing verb takes up: what it names before "as"
    ("NATS JetStream as the scaled backend")."""
    head, role, _ = lowered.partition(" as ")
    return named_libraries(head, libraries, as_code) if role else []


DECIDING = re.compile(
    r"\b(?:use|uses|using|adopt|adopts|adopting|choose|chooses|chose|chosen\s+option:?|chosen|prefer|prefers|select|selected|"
    r"switch(?:es|ing)?\s+to|migrat(?:e|es|ing)\s+to|mov(?:e|es|ing)\s+to|replac(?:e|es|ing)|introduc(?:e|es|ing)|"
    + FROM_TO + BUILT_IN +
    r"rel(?:y|ies|ying)\s+on|depend(?:s|ing)?\s+on|built\s+(?:on|with))\b",
    re.IGNORECASE,
)
"""Verbs after which a sentence of a decision says what it takes up ("We'll use bullmq for
the task queue"): stricter than a title's ``CHOOSING``, as a sentence's "and" and "with"
join anything."""
DECIDED_WINDOW = 4
"""Words after a choosing verb in which a sentence names what it takes up."""
OBJECT_ENDS = frozenset("to for in from into within so because when where while if as".split())
"""Words that end what a choosing verb takes up: after them a sentence says what for, where
or why ("use Renjin to run the optimiser", "consumers using hmrc-frontend in non-standard
ways"), and a library named there ("run", "standard") is a word of that clause."""
_SENTENCE = re.compile(r"(?<=[.!?;:])(?<!\boption:)\s+|\n+", re.IGNORECASE)
"""Where a sentence ends. Not after "option:": MADR's "Chosen option: "Ruby-on-Rails", because
..." is one sentence whose verb takes up what follows the colon."""


def decided_libraries(text: str, libraries: Sequence[Library], as_code: frozenset[str] = frozenset()) -> list[Library]:
    """The libraries a decision's own words take up: named after a choosing verb in the
    same sentence ("We'll use bullmq for the task queue")."""
    found: list[Library] = []
    for sentence in _SENTENCE.split(text):
        verbs = list(DECIDING.finditer(sentence))
        if not verbs:
            continue
        # The sentence says which capitals are names; the few words after a verb cannot.
        names = as_code | proper_nouns(sentence)
        for verb in verbs:
            # What the verb takes up follows it closely ("use bullmq", "use the bull library");
            # a library further on is named on the way ("use a thread for the log").
            near = " ".join(_object_words(sentence[verb.end():].split()[:DECIDED_WINDOW]))
            found += [lib for lib in named_libraries(near, libraries, names) if lib not in found]
    return found


def _object_words(words: Sequence[str]) -> list[str]:
    """The words a choosing verb takes up: up to the first that ends its object."""
    out: list[str] = []
    for word in words:
        if word.lower().strip(",()\"'") in OBJECT_ENDS:
            break
        out.append(word)
    return out


def named_libraries(text: str, libraries: Sequence[Library], as_code: frozenset[str] = frozenset()) -> list[Library]:
    """The libraries ``text`` names, in the order of ``libraries``. A name said only inside
    a longer library's name is not named: "use pytest-bdd" names ``pytest-bdd``, not
    ``pytest``; "Django REST framework" names ``djangorestframework``, not ``django``. A
    common word names its library where ``text`` or ``as_code`` (what the rest of the
    document writes as code) writes it so."""
    lowered = text.lower()
    tokens = _TOKEN.findall(lowered)
    identifiers = _identifier_spans(lowered)
    code = written_as_code(text) | as_code | proper_nouns(text)
    spelled = set(_TOKEN.findall(re.sub(r"\b(\w+)\.js\b", r"\1js", lowered)))
    spans: dict[int, list[tuple[int, int]]] = {}
    found: list[Library] = []
    for index, library in enumerate(libraries):
        for key in prose_keys(library.name):
            if len(key) == 1 and key[0] in COMMON_WORDS:
                if " ".join(key) in code or f"{key[0]}js" in spelled:
                    found.append(library)
                    break
                continue
            at = [span for span in _spans_of(key, tokens) if not _part_of(span, identifiers)]
            if at:
                spans[index] = at
                found.append(library)
                break
    longer = [span for at in spans.values() for span in at]
    return [library for index, library in enumerate(libraries) if library in found
            and not (index in spans and all(_inside(span, longer) for span in spans[index]))]


_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def proper_nouns(text: str) -> frozenset[str]:
    """The words ``text`` capitalizes as names inside running sentences ("build the front
    end in React"), lowered. No sign of a name: a capital that starts a sentence, every word
    of a sentence in title case (its words of four letters or more all capitalized: "Use
    Redis And Bull For Background Tasks"), and a capital beside another. Acronyms ("JSON")
    are left out: the libraries named by common words are named in mixed case."""
    found: set[str] = set()
    for sentence in _SENTENCE.split(text):
        words = _WORD.findall(sentence)
        longer = [w for w in words[1:] if len(w) >= 4]
        if len(longer) >= 2 and all(w[0].isupper() for w in longer):
            continue
        for at in range(1, len(words)):
            word = words[at]
            # A capital beside another is a part of a longer name ("SQL Server", "React
            # Testing Library", "Open edX"), not the library's own.
            beside = (at > 1 and words[at - 1][0].isupper()) or (at + 1 < len(words) and words[at + 1][0].isupper())
            if len(word) > 1 and word[0].isupper() and word[1:].islower() and not beside:
                found.add(word.lower())
    return frozenset(found)


def _identifier_spans(lowered: str) -> list[tuple[int, int]]:
    """The token spans of the words joined by underscores (``nuxt_public_profile``): an
    identifier, which a library names only as a whole (``django_fsm``), never by a part of it
    ("nuxt" of the setting ``NUXT_PUBLIC_PROFILE``)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for word in _SNAKE_WORD.findall(lowered):
        size = word.count("_") + 1
        if size > 1:
            spans.append((start, start + size))
        start += size
    return spans


def _part_of(span: tuple[int, int], identifiers: Sequence[tuple[int, int]]) -> bool:
    """Whether ``span`` lies inside an identifier without being all of it."""
    return any(start <= span[0] and span[1] <= end and span != (start, end) for start, end in identifiers)


def _spans_of(key: tuple[str, ...], tokens: Sequence[str]) -> list[tuple[int, int]]:
    """Where ``key`` is said among ``tokens``: word for word ("django fsm"), run together
    ("typeorm" for ``type-orm``), or split ("django rest framework" for ``djangorestframework``)."""
    size = len(key)
    if size > 4:
        return []
    at = [(i, i + size) for i in range(len(tokens) - size + 1) if tuple(tokens[i : i + size]) == key]
    joined = "".join(key)
    for n in (1, 2, 3, 4):
        if n != size:
            at += [(i, i + n) for i in range(len(tokens) - n + 1) if "".join(tokens[i : i + n]) == joined]
    return at


def _inside(span: tuple[int, int], others: Sequence[tuple[int, int]]) -> bool:
    """``span`` lies within a longer one of ``others``."""
    return any(o[0] <= span[0] and span[1] <= o[1] and o[1] - o[0] > span[1] - span[0] for o in others)


_SOURCES: dict[str, tuple[str, ...]] = {
    "js": ("*.js", "*.jsx", "*.ts", "*.tsx", "*.mjs", "*.cjs", "*.vue", "*.svelte"),
    "python": ("*.py",),
    "go": ("*.go",),
    "rust": ("*.rs",),
    "dotnet": ("*.cs", "*.fs", "*.vb"),
    "ruby": ("*.rb",),
    "java": ("*.java", "*.kt", "*.scala"),
}


def import_names(library: Library) -> tuple[str, ...]:
    """What source code imports ``library`` by: its module, crate, namespace or package
    (none when its ecosystem's sources cannot say). A Java or Kotlin library is imported
    by its Maven group, or by the group's last part when that is the artifact's product
    (``com.willowtreeapps.assertk:assertk-jvm`` is imported as ``assertk.assertThat``)."""
    name = library.name
    if library.ecosystem == "ruby":
        # Bundler requires a Gemfile's gems for the code, which uses a gem by its constant
        # (``RSpec.describe``, ``FactoryBot.create``, ``Sidekiq::Job``): the gem's name up to
        # its first hyphen (``rspec-rails`` is ``RSpec::Rails``), underscores joining words.
        constant = name.split("-", 1)[0].replace("_", "").lower()
        return (name, constant) if len(constant) >= 4 and constant not in GENERIC | COMMON_WORDS | ORDINARY else (name,)
    if library.ecosystem in ("js", "go", "dotnet"):
        return (name,)
    if library.ecosystem == "python":
        return (name.lower().replace("-", "_").removeprefix("python_"),)
    if library.ecosystem == "rust":
        return (name.replace("-", "_"),)
    if library.ecosystem == "java" and ":" in name:
        group, artifact = name.split(":", 1)
        product = group.rsplit(".", 1)[-1]
        own = ("." in group and len(product) >= 4 and product == artifact.split("-", 1)[0]
               and product not in GENERIC | COMMON_WORDS | ORDINARY)
        return (group, product) if own else (group,)
    return ()


def import_pattern(ecosystem: str, names: Sequence[str]) -> tuple[str, tuple[str, ...]] | None:
    """One extended regular expression for a source line importing any of ``names`` (as
    ``import_names`` gives them) in ``ecosystem``, and the pathspecs of its source files: one
    alternation lets ``git grep`` read the tree once for all of them."""
    if not names or ecosystem not in _SOURCES:
        return None
    alternation = "(" + "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True)) + ")"
    constants = _any_case(names)
    pattern = {
        "js": f"""(from|import|require\\()\\s*['"]{alternation}(/[^'"]*)?['"]""",
        "python": f"^\\s*(from|import)\\s+{alternation}(\\.|\\s|$)",
        "go": f'"{alternation}(/[^"]*)?"',
        "rust": f"(^|[^A-Za-z0-9_])(extern crate |use ){alternation}(::|;|\\b)",
        "dotnet": f"^\\s*(global\\s+)?using\\s+(static\\s+)?{alternation}(\\.|;)",
        "ruby": f"""require\\s+['"]{alternation}['"/]""" + (f"|(^|[^A-Za-z0-9_:]){constants}(::|\\.)" if constants else ""),
        "java": f"^\\s*import\\s+(static\\s+)?{alternation}\\.",
    }[ecosystem]
    return pattern, _SOURCES[ecosystem]


def _any_case(names: Sequence[str]) -> str:
    """An extended regular expression for any of ``names`` (lower-case letters and digits) as
    a constant: a capital first, then any case (``rspec`` matches ``RSpec``, ``pg`` ``PG``,
    never a variable ``rspec``); names with other characters are left out."""
    plain = sorted((n for n in set(names) if re.fullmatch(r"[a-z][a-z0-9]*", n)), key=len, reverse=True)
    spelled = (n[0].upper() + "".join(f"[{c}{c.upper()}]" if c.isalpha() else c for c in n[1:]) for n in plain)
    return "(" + "|".join(spelled) + ")" if plain else ""


def imported_name(match_text: str, names: Sequence[str]) -> str | None:
    """Which of ``names`` a matched import names: exactly, or as a constant written in any
    case (``RSpec`` is ``rspec``)."""
    if match_text in names:
        return match_text
    return next((n for n in names if n == match_text.lower()), None)


def ecosystem_of(manifest: str) -> str:
    """The ecosystem of a manifest file's libraries."""
    name = manifest.rsplit("/", 1)[-1]
    if name == "package.json":
        return "js"
    if name in ("pyproject.toml", "Pipfile") or name.startswith("requirements"):
        return "python"
    if name == "go.mod":
        return "go"
    if name == "Cargo.toml":
        return "rust"
    if name == "Gemfile":
        return "ruby"
    if name == "pom.xml" or name.endswith((".gradle", ".gradle.kts", ".versions.toml")):
        return "java"
    if name == "composer.json":
        return "php"
    if name.endswith((".sbt", ".scala")):
        return "scala"
    if name.endswith(".tf"):
        return "terraform"
    return "dotnet"


def libraries_of(declared: Iterable[tuple[str, str]]) -> list[Library]:
    """Libraries from (manifest path, declared name) pairs: one per ecosystem and name,
    with every manifest that declares it."""
    by_key: dict[tuple[str, str], list[str]] = {}
    for manifest, name in declared:
        by_key.setdefault((ecosystem_of(manifest), name), []).append(manifest)
    return [Library(name, ecosystem, tuple(sorted(set(paths)))) for (ecosystem, name), paths in sorted(by_key.items())]
