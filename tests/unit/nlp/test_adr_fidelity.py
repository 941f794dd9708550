"""eval adr-fidelity's checks find what they count, on decisions made up to fail them, and
the reader passes them on a small collection."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from nlp.evaluation.adr_fidelity import CHECKS, check_adr, measure_collection, options_section
from nlp.schema import ExtractedAlternative, ExtractedDecision, ExtractedStakeholder

TEXT = """# Submit Domain Request User Flow

## Considered Options

* A single-page form
* A multi-step wizard

## Decision Outcome

We have decided to go with option 1.
"""


def _checks(decision: ExtractedDecision, text: str = TEXT) -> set[str]:
    return {f.check for f in check_adr(text, decision, "c/0001-x.md")}


def test_each_check_finds_what_it_counts() -> None:
    bare = ExtractedDecision(summary="Submit Domain Request User Flow: We have decided to go with option 1.",
                             subject="Submit Domain Request User Flow")
    assert _checks(bare) == {"option_only", "no_alternatives"}
    named = bare.model_copy(update={
        "summary": "Submit Domain Request User Flow: We have decided to go with option 1 (A single-page form).",
        "alternatives": (ExtractedAlternative(option="A single-page form"),),
    })
    assert _checks(named) == {"chosen_is_alternative", "missing_options"}
    debris = named.model_copy(update={"subject": "( 1) Submit", "summary": "( 1) Submit: A single-page form.",
                                      "alternatives": (ExtractedAlternative(option="A multi-step wizard"),)})
    assert _checks(debris) == {"debris"}
    unknown = debris.model_copy(update={"subject": "Submit", "summary": "Submit: A single-page form.",
                                        "stakeholders": (ExtractedStakeholder(handle="@x", name="?", role="decider"),)})
    assert _checks(unknown) == {"placeholder_decider"}
    assert _checks(unknown.model_copy(update={"stakeholders": ()})) == set()


def test_an_options_section_is_found_by_its_heading_and_a_settings_list_is_not_one() -> None:
    section = options_section(TEXT)
    assert section is not None and section.items == ("A single-page form", "A multi-step wizard")
    assert options_section("# X\n\n## Alternative Approaches\n\nWe could keep the old protocol, which is slower.\n") is not None
    assert options_section("# X\n\n## Alternatives\n\nNone.\n") is None
    assert options_section("# X\n\n## Options\n\n- `seq` is the upper bound\n- `keep` is how many to keep\n") is None
    grouped = options_section("# X\n\n## Considered Options\n\n* When exporting:\n  * One file\n    * detail\n  * Two files\n"
                              "* Forbid it\n\nResources:\n\n* [a post](https://example.org)\n")
    assert grouped is not None and grouped.items == ("One file", "Two files", "Forbid it")


def test_the_reader_passes_every_check_on_a_small_collection(tmp_path: Path) -> None:
    folder = tmp_path / "team"
    folder.mkdir()
    (folder / "0001-flow.md").write_text(TEXT)
    (folder / "0002-queue.md").write_text("# n. Pick a queue\n\n- Deciders: ?\n\n## Options\n\n### Option 1: RabbitMQ\n\n"
                                          "### Option 2: Kafka (chosen)\n\n## Decision\n\nKafka keeps history.\n")
    result = measure_collection(folder)
    assert (result.adrs, result.with_options, result.alternatives) == (2, 2, 2)
    assert {check: result.count(check) for check in CHECKS} == dict.fromkeys(CHECKS, 0), result.findings


def test_status_date_and_planned_work_checks_find_what_they_count() -> None:
    text = "# Serve tools\n\n* **Status**: Implemented; Decisions 2 and 3 are superseded\n* **Decided**: 2026-01-23\n\n## Decision\n\nServe.\n"
    whole = ExtractedDecision(summary="Serve tools: Serve.", status="superseded",
                              status_text="Implemented; Decisions 2 and 3 are superseded")
    assert _checks(whole, text) == {"status", "undated"}
    assert _checks(whole.model_copy(update={"status": "active"}), text) == {"undated"}
    steps = whole.model_copy(update={"status": "proposed", "status_text": "* Proposed May 2021 * Accepted June 2021"})
    assert "status" in _checks(steps, text)
    documented = whole.model_copy(update={"status": "proposed", "status_text": "Documented existing implementation"})
    assert "status" in _checks(documented, text)
    assert "status" not in _checks(whole.model_copy(update={"status": "proposed", "status_text": "Under discussion"}), text)
    dated = "# Lock seats\n\n## Status\n\nAccepted (March 2023)\n\n## Decision\n\nLock.\n"
    assert _checks(ExtractedDecision(summary="Lock seats: Lock.", status_text="Accepted (March 2023)"), dated) == {"undated"}
    planned = ExtractedDecision(summary="Lock seats: Lock.", decided_at=datetime(2023, 3, 1, tzinfo=UTC),
                                alternatives=(ExtractedAlternative(option="We should, in the future, run it in a task"),))
    assert _checks(planned, dated) == {"plan_alternative"}


def test_options_argued_in_paragraphs_and_labelled_headings_are_listed_as_options() -> None:
    argued = options_section("# X\n\n## Alternatives Considered\n\nWhy not delete the seat?\n\n* Reports need it.\n\n"
                             "Another proposal would be to wipe it.\n\n* Ids are joined on.\n")
    assert argued is not None and argued.items == ("Why not delete the seat?", "Another proposal would be to wipe it.")
    labelled = options_section("# X\n\n## Storing attributes\n\n### Option 1: Arrays\n\nA.\n\n### Option 2: Map ✅ (chosen)\n\nB.\n")
    assert labelled is not None and labelled.items == ("Option 1: Arrays", "Option 2: Map ✅ (chosen)")


def test_options_led_in_outside_a_section_and_an_option_in_parentheses_are_checked() -> None:
    text = """# Rounding of invoice totals

## Context

There were 3 options considered:

### 1. Round each line

### 2. Round the total only

### 3. Store cents as integers

## Decision

We decided to go with option (3) and migrate the amounts table.
"""
    section = options_section(text)
    assert section is not None
    assert section.items == ("Round each line", "Round the total only", "Store cents as integers")
    bare = ExtractedDecision(summary="Rounding: We decided to go with option (3) and migrate the amounts table.",
                             subject="Rounding of invoice totals")
    assert _checks(bare, text) == {"option_only", "no_alternatives"}
    read = bare.model_copy(update={
        "summary": "Rounding: We decided to go with option 3 (Store cents as integers) and migrate the amounts table.",
        "alternatives": (ExtractedAlternative(option="Round each line"), ExtractedAlternative(option="Round the total only")),
    })
    assert _checks(read, text) == set()
    # Announced approaches of which the file chooses none are a discussion: nothing is owed.
    undecided = text.replace("We decided to go with option (3) and migrate", "We will later decide and migrate")
    assert _checks(bare.model_copy(update={"summary": "Rounding: We will later decide."}), undecided) == set()


def _decision(summary: str, *alternatives: str, decided: datetime | None = None) -> ExtractedDecision:
    return ExtractedDecision(summary=summary, subject=summary.split(":")[0], decided_at=decided,
                             alternatives=tuple(ExtractedAlternative(option=a) for a in alternatives))


def test_an_option_n_the_summary_explains_in_its_own_words_is_no_option_only() -> None:
    text = TEXT.replace("We have decided to go with option 1.", "Option 2 chosen - ask for everything step by step.")
    own = _decision("Flow: Option 2 chosen - ask for everything step by step.", "A single-page form")
    assert "option_only" not in _checks(own, text)
    said = _decision("Flow: We go with Option 1 (one page for all).", "A multi-step wizard")
    assert "option_only" not in _checks(said, TEXT.replace("We have decided to go with option 1.", "We go with Option 1 (one page for all)."))
    marker = _decision("Flow: We go with option 1 (chosen).", "A multi-step wizard")
    assert "option_only" in _checks(marker, TEXT.replace("We have decided to go with option 1.", "We go with option 1 (chosen)."))


def test_a_choosing_sentence_does_not_run_across_paragraphs_and_headings() -> None:
    text = """# Use Hugo for the docs site

## Decision Drivers

- fast builds (i.e. we can't choose a slow generator)

## Considered Options

- Option 1: Jekyll
- Option 2: Hugo

## Decision Outcome

Chosen option: "Option 2: Hugo", because it builds fastest.

### Positive Consequences

- We will use Go templates

## Pros and Cons of the Options

### Option 1: Jekyll

- Good, because it is popular
"""
    decision = _decision('Use Hugo for the docs site: Chosen option: "Option 2: Hugo", because it builds fastest.', "Jekyll")
    assert _checks(decision, text) == set()


def test_overview_and_cons_sub_headings_are_no_options_to_the_check() -> None:
    text = """# Reuse pods

## Considered Options

### Overview

One approach is described here.

### Restart the process in place

Details.

## Decision Outcome

Chosen option: option 1 (Restart the process in place), because it is the only one.
"""
    assert options_section(text).items == ("Restart the process in place",)  # type: ignore[union-attr]


def test_questions_with_options_under_them_and_a_list_of_chosen_options() -> None:
    text = """# First release

## Considered Options

* Which storage will it use?
  * Option A: An embedded database.
  * Option B: A hosted database.
* How will users install it?
  * Option C: A package.
  * Option D: A container image.

## Decision Outcome

Chosen options:
  * **Option A: An embedded database.**
  * **Option D: A container image.**
"""
    assert len(options_section(text).items) == 4  # type: ignore[union-attr]
    right = _decision("First release: Chosen options: Option A: An embedded database.", "A hosted database", "A package")
    assert _checks(right, text) == set()
    wrong = _decision("First release: Chosen options: Option A: An embedded database.", "A hosted database", "A package",
                      "A container image")
    assert _checks(wrong, text) == {"chosen_is_alternative"}


def test_an_option_heading_that_is_only_a_label_is_matched_by_its_text() -> None:
    text = """# Draining nodes

## Considered options

### Option 1: Add a finalizer

Block deletion.

### Option 2

Handle the eviction with a webhook. It needs privileges.
"""
    named = _decision("Draining nodes", "Add a finalizer", "Handle the eviction with a webhook")
    assert _checks(named, text) == set()
    assert _checks(_decision("Draining nodes", "Add a finalizer", ""), text) == {"missing_options"}


def test_possible_solutions_is_an_options_section_and_solution_number_n_a_reference() -> None:
    text = """# Split billing

## Possible solutions
1. Keep one service
2. Split into two services

## Decision

Solution number 2.
"""
    assert options_section(text).items == ("Keep one service", "Split into two services")  # type: ignore[union-attr]
    assert _checks(_decision("Split billing: Solution number 2."), text) == {"option_only", "no_alternatives"}


def test_an_edit_date_in_the_status_is_no_decision_date() -> None:
    edited = "# Logging\n\n## Status\nAccepted (Updated: 2026-01-09 - added guidance)\n\n## Decision\n\nUse one logger.\n"
    assert _checks(_decision("Logging: Use one logger."), edited) == set()
    dated = edited.replace("(Updated: 2026-01-09 - added guidance)", "(2026-01-09)")
    assert _checks(_decision("Logging: Use one logger."), dated) == {"undated"}
