"""Link decisions to code and features from the text (seed 000 ``file_mention``)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from nlp.gazetteer import TECHNOLOGIES
from nlp.path_pattern import FILE_EXTENSIONS, NAME_CHAR, PATH_PATTERN

# A path's neighbours are no name characters; a letter of a script written without spaces is
# a neighbour, not part of it ("改前端services/order.ts文件" names services/order.ts).
_PATH = re.compile(rf"(?<![/:@.-])(?<!{NAME_CHAR})(?:{PATH_PATTERN})(?![/-])(?!{NAME_CHAR})")
_FILE_NAME = re.compile(rf"\.(?:{'|'.join(FILE_EXTENSIONS)})$")
_EXPLICIT = ("./", "../", "~/")
# Build files named without an extension, alone or as a suffix ("docker/base.Dockerfile").
_BUILD_FILE = re.compile(r"(?:^|[/.])(?:Dockerfile|Containerfile|Makefile|Jenkinsfile|Procfile|Gemfile|Rakefile|Vagrantfile|CODEOWNERS)$")
# In a path with a slash, a last segment with a dotted suffix is a file ("deploy/app.conf").
_DOTTED_LAST = re.compile(r"/[\w-]+\.[A-Za-z]\w*$")
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+", re.IGNORECASE)
_TICKET = re.compile(r"\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b")
_FEATURE = re.compile(r"\b(?:feature|epic)\s+(?:\"([^\"]{2,60})\"|'([^']{2,60})'|([A-Z][\w-]{1,40}))", re.IGNORECASE)
# "e.g." and "i.e." look like file names with odd extensions; versions like "v1.2" do not match.
_NOT_FILES = frozenset({"e.g", "i.e", "etc", "vs"})


def file_mentions(texts: Iterable[str]) -> list[str]:
    """Repository paths mentioned in ``texts``: files with known extensions and ``dir/`` paths.

    URLs are ignored; order of first mention is kept; duplicates are dropped.
    """
    found: dict[str, None] = {}
    for text in texts:
        cleaned = _URL.sub(" ", text)
        for match in _PATH.finditer(cleaned):
            path = match.group(0).rstrip(".,;:")
            if path.lower() in _NOT_FILES or path.startswith("//") or len(path) < 3 or not path.strip("./~"):
                continue
            quoted = cleaned[match.start() - 1 : match.start()] == "`" and cleaned[match.end() : match.end() + 1] == "`"
            if not (quoted or _says_it_is_a_path(path)) or (not quoted and _names_a_technology(path)):
                continue
            found.setdefault(path.removeprefix("./"), None)
    return list(found)


def _says_it_is_a_path(path: str) -> bool:
    """A file name with a known extension (or a build file's name), a path whose last part
    has a dotted suffix, a directory written with its trailing slash (``src/api/``), or a
    path that starts with ``./``, ``../`` or ``~/``.

    A bare ``a/b`` is left out: in the shared meeting notes and W3C minutes, 717 such
    mentions are prose ("and/or", "pros/cons", "Chairperson/Secretary", "N/A") and none a
    path; quoted in backticks it counts (the caller checks). "/not/" is IRC's italics.
    """
    if _FILE_NAME.search(path) or _BUILD_FILE.search(path) or _DOTTED_LAST.search(path) or path.startswith(_EXPLICIT):
        return True
    if not path.endswith("/"):
        return False
    return not (path.startswith("/") and path.count("/") == 2)


def _names_a_technology(path: str) -> bool:
    """Whether a bare name is how JavaScript's world writes a technology ("Node.js", "Vue.js",
    "Next.js": a technology the gazetteer knows, then ``.js``), not a file."""
    stem, dot, extension = path.rpartition(".")
    return bool(dot) and extension == "js" and stem.lower() in TECHNOLOGIES


def feature_mentions(texts: Iterable[str]) -> list[str]:
    """Ticket keys (``PLAT-42``) and ``feature X`` / ``epic "Y"`` mentions, in order."""
    found: dict[str, None] = {}
    for text in texts:
        for match in _TICKET.finditer(text):
            found.setdefault(match.group(0), None)
        for match in _FEATURE.finditer(text):
            name = next(group for group in match.groups() if group)
            found.setdefault(name, None)
    return list(found)
