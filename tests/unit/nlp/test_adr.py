from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from nlp.errors import InputFormatError
from nlp.readers.adr import normalize_status, read_adr
from nlp.readers.adr_collection import read_adr_collection

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
    assert madr.decision.startswith("Use Lunr for search: Chosen option: \"Lunr\"")
    assert (madr.status, madr.decided_at) == ("active", datetime(2020, 11, 3, tzinfo=UTC))
    assert [a.option for a in madr.alternatives] == ["Algolia", "FlexSearch"]  # the chosen option is not an alternative
    assert madr.context == "We need client-side search in the static site."
    _, nygard = read_adr(NYGARD, "adr-073-libp2p.md", 1, "cometbft")
    assert nygard.decision == "Adopt LibP2P: Adopt libp2p for networking."
    assert (nygard.status, nygard.decided_at) == ("rejected", datetime(2021, 11, 2, tzinfo=UTC))
    message, table = read_adr(TABLE, "ADR-31.md", 2, "nats")
    assert (table.status, table.tags) == ("active", ("jetstream", "client"))
    assert message.id == "nats#ADR-31"


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
    conversation, decisions, _links = read_adr_collection(sorted(tmp_path.glob("*.md")), "team-adrs")
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
