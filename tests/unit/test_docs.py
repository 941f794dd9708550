"""The figure pages stay short and open with the current figures, every relative link in
the README and docs/ reaches a file and, when it names one, a heading of that file, and
every Python snippet there is a whole program: it compiles as a file would (no top-level
``await`` or ``async with``) and uses no name it does not import or define."""

from __future__ import annotations

import builtins
import re
import symtable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
FIGURE_PAGES = ["quality.md", "performance.md"]
MAX_LINES = 260
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_FENCE = re.compile(r"^\s*(```|~~~)")
_CODE_SPAN = re.compile(r"`[^`]*`")
_PYTHON = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def _outside_code(text: str) -> list[str]:
    lines, fenced = [], False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def _anchors(page: Path) -> set[str]:
    """The anchors a renderer gives the page's headings, as GitHub spells them."""
    anchors: set[str] = set()
    for line in _outside_code(page.read_text()):
        if match := re.match(r"#{1,6} (.+)", line):
            slug = re.sub(r"[^\w\- ]", "", match[1].strip().lower()).replace(" ", "-")
            anchors.add(slug)
    return anchors


@pytest.mark.parametrize("name", FIGURE_PAGES)
def test_a_figure_page_is_short_and_opens_with_its_current_figures(name: str) -> None:
    lines = (DOCS / name).read_text().splitlines()
    assert len(lines) <= MAX_LINES, f"{name} has {len(lines)} lines; the history belongs in docs/experiments/"
    first_section = next(index for index, line in enumerate(lines) if line.startswith("## "))
    assert lines[first_section] == "## Current figures"
    section = lines[first_section + 1:]
    section = section[: next((i for i, line in enumerate(section) if line.startswith("## ")), len(section))]
    header = next(line for line in section if line.startswith("|"))
    assert {"now", "target", "measured", "command"} <= {cell.strip() for cell in header.strip("|").split("|")}


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


@pytest.mark.parametrize("page", _pages(), ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_reaches_its_file_and_heading(page: Path) -> None:
    broken = []
    for line in _outside_code(page.read_text()):
        for target in _LINK.findall(_CODE_SPAN.sub("", line)):
            if re.match(r"[a-z]+:", target) or "…" in target:  # a URL, or an example's placeholder
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            if not linked.exists():
                broken.append(target)
            elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
                broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)}: {broken}"


def _python_snippets() -> dict[str, str]:
    """Each ```python block of the README and docs/, by page and number."""
    return {
        f"{page.relative_to(ROOT)}#{number}": found[1]
        for page in _pages()
        for number, found in enumerate(_PYTHON.finditer(page.read_text()), start=1)
    }


def _undefined_names(code: str) -> set[str]:
    """Names the code reads that nothing in it binds and that are not builtins."""
    top = symtable.symtable(code, "<snippet>", "exec")
    defined = {sym.get_name() for sym in top.get_symbols() if sym.is_assigned() or sym.is_imported()}
    undefined: set[str] = set()
    tables = [top]
    while tables:
        table = tables.pop()
        tables += table.get_children()
        for sym in table.get_symbols():
            if sym.is_referenced() and sym.is_global() and sym.get_name() not in defined | set(dir(builtins)):
                undefined.add(sym.get_name())
    return undefined


def test_the_snippets_are_found() -> None:
    assert "README.md#1" in _python_snippets() and len(_python_snippets()) >= 3


@pytest.mark.parametrize("name", sorted(_python_snippets()))
def test_every_python_snippet_is_a_whole_program(name: str) -> None:
    code = _python_snippets()[name]
    compile(code, name, "exec")  # a top-level await or async with is a SyntaxError here
    assert not _undefined_names(code), "the snippet uses names it never imports or defines"
