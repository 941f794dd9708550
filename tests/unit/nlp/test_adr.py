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
    assert [a.option for a in madr.alternatives] == ["Lunr", "Algolia", "FlexSearch"]
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
