from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from nlp.errors import InputFormatError
from nlp.readers.adr import normalize_status, read_adr
from nlp.readers.adr_collection import adr_files, read_adr_collection

MADR = """# Use Lunr for search

- Status: accepted
- Date: 2020-11-03

## Context and Problem Statement

We need client-side search in the static site.

## Considered Options

- Lunr
- Algolia
- FlexSearch

## Decision Outcome

Chosen option: "Lunr", because it runs offline in the browser.
"""
NYGARD = """# ADR 073: Adopt LibP2P

## Changelog

- 2021-11-02: initial version

## Status

Rejected in favour of ADR 074

## Context

Our P2P layer is custom.

## Decision

Adopt libp2p for networking.
"""
TABLE = """# JetStream Direct Get

|Metadata|Value|
|--------|-----|
|Date    |2022-08-03|
|Status  |Implemented|
|Tags    |jetstream, client|

## Context

Reading a message needs a consumer today.
"""


def test_three_dialects_read_into_decisions() -> None:
    _, madr = read_adr(MADR, "docs/adr/20201103-use-lunr-for-search.md", 0, "log4brains")
    assert madr.summary.startswith("Use Lunr for search: Chosen option: \"Lunr\"")
    assert (madr.status, madr.decided_at) == ("active", datetime(2020, 11, 3, tzinfo=UTC))
    assert [a.option for a in madr.alternatives] == ["Algolia", "FlexSearch"]  # the chosen option is not an alternative
    assert madr.context == "We need client-side search in the static site."
    _, nygard = read_adr(NYGARD, "adr-073-libp2p.md", 1, "cometbft")
    assert nygard.summary == "Adopt LibP2P: Adopt libp2p for networking."
    assert (nygard.status, nygard.decided_at) == ("rejected", datetime(2021, 11, 2, tzinfo=UTC))
    message, table = read_adr(TABLE, "ADR-31.md", 2, "nats")
    assert (table.status, table.tags) == ("active", ("jetstream", "client"))
    assert message.id == "nats#ADR-31"



def test_an_identifier_keeps_its_underscores_in_the_title_and_summary() -> None:
    text = ("# 15. Replace `NUXT_PUBLIC_PROFILE` with `PRIVATE_FEATURES_ENABLED`\n\nDate: 2025-10-30\n\n"
            "## Status\n\nAccepted\n\n## Decision\n\nIntroduce one flag `PRIVATE_FEATURES_ENABLED` and remove "
            "_the_ old profile, as in *snake_case_names*.\n")
    _, decision = read_adr(text, "doc/adr/0015-flags.md", 0, "ris")
    assert decision.summary.startswith("Replace NUXT_PUBLIC_PROFILE with PRIVATE_FEATURES_ENABLED: Introduce one flag "
                                       "PRIVATE_FEATURES_ENABLED and remove the old profile, as in snake_case_names.")

@pytest.mark.parametrize(
    ("text", "status"),
    [("Accepted ([#1484])", "active"), ("Declined **Until there's more stability**", "rejected"),
     ("Partially Implemented", "active"), ("Proposed", "proposed"), ("Superseded by ADR 5", "superseded"),
     ("", "active"), ("🤔 thinking", "proposed")],
)
def test_statuses_normalize(text: str, status: str) -> None:
    assert normalize_status(text) == status


def test_a_collection_is_one_session_and_a_file_without_title_fails(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(MADR)
    (tmp_path / "b.md").write_text(NYGARD)
    (tmp_path / "0000-TEMPLATE.md").write_text("# [short title of solved problem and solution]\n")  # not an ADR
    (tmp_path / "0066-index-group-merges.md").write_text(MADR)
    assert [p.name for p in adr_files([tmp_path])] == ["0066-index-group-merges.md", "a.md", "b.md"]
    (tmp_path / "0066-index-group-merges.md").unlink()
    conversation, decisions, _links = read_adr_collection(adr_files([tmp_path]), "team-adrs")
    assert conversation.session_id == "team-adrs" and len(decisions) == 2
    (tmp_path / "c.md").write_text("no heading here\n")
    with pytest.raises(InputFormatError, match="c.md: an ADR starts with a `# Title` heading"):
        read_adr_collection(sorted(tmp_path.glob("*.md")), "team-adrs")


MYMOVE_STYLE = """# Use Happo for visual regression testing

## Considered Alternatives

- Continue using Loki (do nothing)
- Switch to Happo
- Switch to Chromatic

## Decision Outcome

- **Chosen Alternative: Switch to Happo**
- `+` Tests run on a hosted platform
- `-` It costs money

## Pros and Cons of the Alternatives

### Continue using Loki (do nothing)

- `+` Nothing to change
- `-` Slow to run locally

### Switch to Chromatic

- `-` Only tests Storybook components
"""

SUBHEADINGS = """# Optional mutual TLS

## Decision Drivers <!-- optional -->

- speed

## Alternatives Considered

### 1. Mandatory mTLS for all connections

Rejected because it breaks existing deployments.

### 2. A sidecar proxy

Pushes security outside the application.

## Consequences

### Positive

- Works in zero-trust networks

### Negative

- More configuration
"""


def test_alternatives_leave_out_the_chosen_option_and_say_why_the_others_lost() -> None:
    _message, decision = read_adr(MYMOVE_STYLE, "0058-happo.md", 0, "mymove")
    assert [a.option for a in decision.alternatives] == ["Continue using Loki (do nothing)", "Switch to Chromatic"]
    assert decision.alternatives[0].why_not_chosen == "Slow to run locally"
    assert decision.alternatives[1].cons == ("Only tests Storybook components",)


def test_alternatives_from_subheadings_and_consequences_by_sign() -> None:
    _message, decision = read_adr(SUBHEADINGS, "0043-mtls.md", 0, "brighter")
    assert [a.option for a in decision.alternatives] == ["Mandatory mTLS for all connections", "A sidecar proxy"]
    assert decision.alternatives[0].why_not_chosen == "Rejected because it breaks existing deployments."
    assert decision.trade_offs.pros == ("Works in zero-trust networks",)
    assert decision.trade_offs.cons == ("More configuration",)


def test_the_prose_before_the_first_section_is_the_context_when_no_section_names_it() -> None:
    no_heading = """# Use Redux to manage state

In React, children rarely pass state to their parents, so state shared by many
components (authentication, say) is hard to keep consistent.

## Considered Alternatives

* Redux
* MobX
"""
    _message, decision = read_adr(no_heading, "0006-redux.md", 0, "mymove")
    assert decision.context is not None and decision.context.startswith("In React, children rarely pass state")
    no_sections = "# SocketPV\n\nThe node signs through a separate process that it reaches over a TCP or Unix socket.\n"
    assert read_adr(no_sections, "adr-008.md", 0, "cometbft")[1].context == (
        "The node signs through a separate process that it reaches over a TCP or Unix socket."
    )


def test_metadata_before_the_first_section_is_not_context() -> None:
    tabled = TABLE.replace("## Context", "## Notes")
    assert read_adr(tabled, "ADR-31.md", 0, "nats")[1].context is None
    bylined = "# Use gRPC\n\n- Status: accepted\n- Date: 2021-01-02\n\n## Decision\n\nUse gRPC.\n"
    assert read_adr(bylined, "y.md", 0, "c")[1].context is None


@pytest.mark.parametrize(
    ("heading", "name", "title"),
    [("( 1) Use django-fsm-2", "0030-x.md", "Use django-fsm-2"), ("n. Django Templates", "0007-x.md", "Django Templates"),
     ("ADR-7: Use gRPC", "ADR-7.md", "Use gRPC"), ("[ADR 12] Use gRPC", "x.md", "Use gRPC"),
     ("6 Blocking and Non-Blocking Retry", "0006-retry.md", "Blocking and Non-Blocking Retry"),
     ("- Use gRPC", "x.md", "Use gRPC"), ("3.0 migration", "0007-x.md", "3.0 migration"),
     ("2FA for admins", "0002-x.md", "2FA for admins")],
)
def test_titles_and_summaries_carry_no_numbering_or_debris(heading: str, name: str, title: str) -> None:
    decision = read_adr(f"# {heading}\n\n## Decision\n\nWe do it.\n", name, 0, "c")[1]
    assert (decision.subject, decision.summary) == (title, f"{title}: We do it.")


@pytest.mark.parametrize(
    ("status", "normalized", "shown"),
    [("## Status\n\nAccepted\n\nSuperseded by [ADR-12](0012-x.md)\n", "superseded", "Superseded by ADR-12"),
     ("## Status\n\nAccepted\n\nAmended by [ADR-12](0012-x.md)\n", "active", None),
     ("## Status\n\n> A decision may be proposed or accepted.\n\n{Deprecated|Proposed|Accepted}\n", "active", None),
     ("## Status\n\nAccepted (tracked in\n[#9256](https://x))\n", "active", "Accepted (tracked in #9256)"),
     ("**Status:** Proposed\n", "proposed", None), ("Status: Rejected\n", "rejected", None),
     ("---\nstatus: [Proposed | Accepted]\n---\n", "active", None)],
)
def test_status_lines_are_read_as_their_authors_meant(status: str, normalized: str, shown: str | None) -> None:
    front = status if status.startswith("---") else ""
    text = f"{front}# Use gRPC\n\n{'' if front else status}\n## Decision\n\nUse gRPC.\n"
    decision = read_adr(text, "0013-x.md", 0, "c")[1]
    assert (decision.status, decision.status_text) == (normalized, shown)


@pytest.mark.parametrize(
    "deciders",
    ["- Deciders: ?\n", "- Deciders: TBD\n", "* Deciders: [list everyone involved in the decision]\n", "- Deciders: -\n",
     "---\ndecision-makers: \"{list everyone involved in the decision}\"\n---\n"],
)
def test_a_missing_decider_is_absent_not_a_placeholder(deciders: str) -> None:
    front = deciders if deciders.startswith("---") else ""
    text = f"{front}# Use gRPC\n\n{'' if front else deciders}\n## Decision\n\nUse gRPC.\n"
    decision = read_adr(text, "x.md", 0, "c")[1]
    assert (decision.decision_maker, decision.stakeholders) == (None, ())


def test_madr_4_decision_makers_are_deciders() -> None:
    text = '---\nstatus: accepted\ndecision-makers: "@ann, @bob"\n---\n# Use gRPC\n\n## Decision Outcome\n\nChosen option: "gRPC".\n'
    decision = read_adr(text, "x.md", 0, "c")[1]
    assert [(s.handle, s.role) for s in decision.stakeholders] == [("@ann", "decider"), ("@bob", "decider")]


def test_decision_drivers_are_not_the_decision_and_the_outcome_is_read_by_block() -> None:
    text = """# Use Happo

## Decision Drivers

- speed

## Decision

* Chosen Alternative: *Switch to Happo*
* Tests run on a hosted platform

## Consequences

* Good, because reviews happen in the browser
"""
    decision = read_adr(text, "x.md", 0, "c")[1]
    assert decision.summary == "Use Happo: Chosen Alternative: Switch to Happo. Tests run on a hosted platform"
    assert decision.trade_offs.pros == ("reviews happen in the browser",)
    headed = "# Nesting paths\n\n## Decision Outcome\n\n### Chosen Alternative: *Do not nest IDs*\n\n* Justification: it is simpler.\n"
    assert read_adr(headed, "x.md", 0, "c")[1].summary == "Nesting paths: Chosen Alternative: Do not nest IDs. Justification: it is simpler."


def test_madr_2_consequence_headings_under_the_outcome_are_trade_offs() -> None:
    text = """# Use regular expressions

## Decision Outcome

Chosen option: "Regular expression", because it needs no dependency.

### Positive Consequences

* Smaller project

### Negative Consequences

* Misses some titles
"""
    decision = read_adr(text, "x.md", 0, "c")[1]
    assert (decision.trade_offs.pros, decision.trade_offs.cons) == (("Smaller project",), ("Misses some titles",))


def test_a_point_wrapped_over_lines_is_read_whole() -> None:
    text = """# Compile the catalogs in the image

## Decision

We compile message catalogs when the image is built.

## Consequences

**Positive:**

- The gate enforces "no missing translations", both missing keys and
  untranslated strings.
- No binary churn in git.

**Negative:**

- The build now depends on gettext (already present in
  CI).
* Good, because it is checked in one place and
  fails early
"""
    decision = read_adr(text, "x.md", 0, "c")[1]
    assert decision.trade_offs.pros == (
        'The gate enforces "no missing translations", both missing keys and untranslated strings.',
        "No binary churn in git.", "it is checked in one place and fails early",
    )
    assert decision.trade_offs.cons == ("The build now depends on gettext (already present in CI).",)


def test_a_summary_that_only_leads_in_or_names_the_choice_runs_on_with_the_next_block() -> None:
    bare = "# Use Redux\n\n## Decision Outcome\n\n* Chosen Alternative: *Redux*\n* Redux is the obvious choice. It is common.\n"
    assert read_adr(bare, "x.md", 0, "c")[1].summary == "Use Redux: Chosen Alternative: Redux. Redux is the obvious choice."
    lead = "# Crypto provider\n\n## Decision\n\nWe will:\n\n- Define types and interfaces\n- Refactor the code\n"
    assert read_adr(lead, "x.md", 0, "c")[1].summary == "Crypto provider: We will: Define types and interfaces"
    diagram = "# Roles\n\n## Decision\n\nThe design has clear roles:\n\n```\nA -> B\n```\n\nThis package defines them.\n"
    assert read_adr(diagram, "x.md", 0, "c")[1].summary == "Roles: The design has clear roles:"
    # MADR's "Chosen option: …, because" with the reasons listed below it.
    because = ('# Monorepo\n\n## Decision Outcome\n\nChosen option: "Yarn and Lerna", because\n\n'
               "- We don't want a monolith. It is hard to test.\n- Lerna is common.\n")
    assert read_adr(because, "x.md", 0, "c")[1].summary == 'Monorepo: Chosen option: "Yarn and Lerna", because we don\'t want a monolith.'
    named = '# Index\n\n## Decision Outcome\n\nChosen option: "JBang", because\n\n* JBang runs scripts without a build.\n'
    assert read_adr(named, "x.md", 0, "c")[1].summary == 'Index: Chosen option: "JBang", because JBang runs scripts without a build.'


def test_an_adr_without_a_title_is_named_by_its_front_matter_or_file() -> None:
    untitled = "**Date: 2020-11-16**\n\n## Status\n\n**Proposed**\n\n## Decision\n\nBuild it ourselves.\n"
    decision = read_adr(untitled, "0009_build_job_applications_rather_than_buy_cots.md", 0, "c")[1]
    assert decision.subject == "Build job applications rather than buy cots"
    assert (decision.status, decision.decided_at) == ("proposed", datetime(2020, 11, 16, tzinfo=UTC))
    assert decision.spans[0].end > decision.spans[0].start
    titled = "---\ntitle: \"Add frontmatter\"\n---\n\n## Decision\n\nAdd it.\n"
    assert read_adr(titled, "0065-x.md", 0, "c")[1].summary == "Add frontmatter: Add it."


def test_html_entities_in_titles_read_as_characters() -> None:
    decision = read_adr("# Environments after GOV&#46;UK PaaS\n\n## Decision\n\nKeep staging.\n", "x.md", 0, "c")[1]
    assert decision.subject == "Environments after GOV.UK PaaS"


def test_a_folder_that_numbers_its_records_keeps_its_overview_and_log_out(tmp_path: Path) -> None:
    numbered = tmp_path / "adr"
    numbered.mkdir()
    for name in ("0001-record-decisions.md", "0002-use-postgresql.md", "ADR-3.md", "0004-use-redis.md",
                 "ARCHITECTURE.md", "intro.md", "_template.md"):
        (numbered / name).write_text("# x\n")
    assert [p.name for p in adr_files([numbered])] == ["0001-record-decisions.md", "0002-use-postgresql.md",
                                                      "0004-use-redis.md", "ADR-3.md"]
    # A collection that numbers nothing (MADR's file names may carry none) keeps every record.
    plain = tmp_path / "decisions"
    plain.mkdir()
    for name in ("use-postgresql.md", "use-redis.md", "0001-first.md"):
        (plain / name).write_text("# x\n")
    assert [p.name for p in adr_files([plain])] == ["0001-first.md", "use-postgresql.md", "use-redis.md"]
