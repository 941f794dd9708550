from __future__ import annotations

from pathlib import Path

from nlp.readers.adr_collection import adr_files, read_adr_collection
from nlp.readers.adr_rst import markdown_of_rst

_ADR = """\
3. Lock plans while assigning licenses
======================

Status
======

Accepted

Context
=======

Two requests can assign the same ``License`` at once.

Background
----------

.. note:: Written after the incident of March.

See `the locking docs <https://example.org/locks>`_ and :ref:`assignment`.

Decision
========

We will take a row lock on the ``SubscriptionPlan`` while assigning licenses.

Alternatives considered
=======================

* Optimistic retries: rejected, since they starve large batches.
"""


def test_titles_become_headings_ranked_by_their_style_and_the_first_is_the_title() -> None:
    markdown = markdown_of_rst(_ADR)
    # The title and the sections share "=" here; the short underline still makes a title.
    assert markdown.startswith("# 3. Lock plans while assigning licenses\n")
    assert "\n## Status\n" in markdown and "\n## Decision\n" in markdown
    assert "\n### Background\n" in markdown


def test_inline_markup_is_markdown_and_directives_are_dropped() -> None:
    markdown = markdown_of_rst(_ADR)
    assert "`License`" in markdown and "``" not in markdown
    assert "[the locking docs](https://example.org/locks)" in markdown
    assert "`assignment`" in markdown
    assert ".. note::" not in markdown


def test_an_overlined_title_is_a_title() -> None:
    assert markdown_of_rst("=====\nTitle\n=====\n\nText\n").startswith("# Title\n")


def test_a_folder_of_rst_adrs_is_a_collection_with_its_decisions(tmp_path: Path) -> None:
    folder = tmp_path / "docs" / "decisions"
    folder.mkdir(parents=True)
    (folder / "0003-lock-plans.rst").write_text(_ADR)
    (folder / "index.rst").write_text("Decisions\n=========\n\n.. toctree::\n")
    files = adr_files([folder])
    assert [f.name for f in files] == ["0003-lock-plans.rst"]
    _, [decision], _ = read_adr_collection(files, "plans")
    assert decision.summary.startswith("Lock plans while assigning licenses: We will take a row lock")
    assert decision.status == "active"
    assert [alt.option for alt in decision.alternatives] == ["Optimistic retries"]


def test_comments_and_what_is_indented_under_them_or_a_directive_are_dropped() -> None:
    markdown = markdown_of_rst(
        "Title\n=====\n\n"
        ".. Reviewers: keep this ADR short.\n\n"
        "..\n   A comment of its own block,\n   on two lines.\n\n"
        ".. image:: diagram.png\n   :alt: the worker pool\n\n"
        ".. note::\n\n   Written after the incident.\n\n"
        "We lock the plan.\n"
    )
    for dropped in ("Reviewers", "comment of its own", "on two lines", "diagram.png", ":alt:", "worker pool", "incident"):
        assert dropped not in markdown
    assert "We lock the plan." in markdown


def test_a_literal_block_marker_is_a_colon_or_nothing() -> None:
    markdown = markdown_of_rst("Title\n=====\n\nExample::  \n\n   lock(plan)\n\n::\n\n   unlock(plan)\n\nSee below ::\n\n   x\n")
    assert "\nExample:\n" in markdown and "::" not in markdown
    assert "\nSee below\n" in markdown
    assert "   lock(plan)" in markdown and "   unlock(plan)" in markdown
