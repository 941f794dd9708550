"""What an ADR's status words mean: a part superseded leaves the rest in force, several
listed steps are read as the last, an unknown status is the default, and the dates
statuses and metadata carry become ``decided_at``."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nlp.readers.adr import read_adr
from nlp.readers.adr_links import extract_links
from nlp.readers.adr_status import first_date, normalize_status, part_superseded, status_date


@pytest.mark.parametrize(
    ("text", "status"),
    [
        # Part of it superseded: the rest stands.
        ("Implemented ([#12](https://x/12)); graduated from RFC 4. Decisions 2 and 3 are superseded — see below", "active"),
        ("Approved, partially superseded by ADR-0009.", "active"),
        ("Accepted; the storage format superseded by ADR-0020, the API extended by ADR-0019", "active"),
        ("Accepted, in part superseded by [ADR-7](0007-x.md)", "active"),
        # The whole of it superseded, however said.
        ("Superseded by ADR-0007", "superseded"), ("accepted, superseded by ADR-0010", "superseded"),
        ("This ADR has been superseded by ADR 7", "superseded"), ("Superceded by 0018", "superseded"),
        ("Rejected, superseded by ADR-0002", "superseded"), ("Deprecated (Replaced by ADR #12)", "superseded"),
        # Several steps: the last that starts with a status word.
        ("* Proposed May 2021 * Accepted June 2021 * Updated to match the code August 2021", "active"),
        ("* Proposed (2021-06-16) * Rejected (2022-09-26)", "rejected"),
        ("Accepted - The PR has been merged in #988", "active"),
        ("~~accepted~~ rejected", "rejected"),
        # An ADR that supersedes another is in force.
        ("Supersedes 0005-unrevoking-licenses.rst", "active"), ("Accepted (replaces ADR 0013)", "active"),
        # Unknown words read as no status (active); open ones say so.
        ("Documented existing implementation", "active"), ("Merged", "active"), ("Current", "active"),
        ("Under discussion", "proposed"), ("Draft.", "proposed"), ("Deferred", "proposed"), ("Vorschlag", "proposed"),
    ],
)
def test_statuses_are_read_as_their_last_step_and_a_part_superseded_leaves_the_rest(text: str, status: str) -> None:
    assert normalize_status(text) == status


def test_what_comes_before_superseded_says_whether_a_part_is() -> None:
    assert part_superseded("Decisions 2 and 3 are ")
    assert part_superseded("Accepted; the storage format ")
    assert part_superseded("Decision 2 is ")
    assert not part_superseded("This ADR has now been ")
    assert not part_superseded("accepted, ")
    assert not part_superseded("")


@pytest.mark.parametrize(
    ("text", "day"),
    [("Accepted (March 2023)", datetime(2023, 3, 1, tzinfo=UTC)), ("Accepted July 2021", datetime(2021, 7, 1, tzinfo=UTC)),
     ("Accepted (circa November 2020)", datetime(2020, 11, 1, tzinfo=UTC)),
     ("* Proposed May 2021 * Accepted June 2021 * Updated to match the code August 2021", datetime(2021, 6, 1, tzinfo=UTC)),
     ("Accepted: 16/11/2022", datetime(2022, 11, 16, tzinfo=UTC)), ("* Accepted (2021-09-06)", datetime(2021, 9, 6, tzinfo=UTC)),
     ("Proposed - October 2024", datetime(2024, 10, 1, tzinfo=UTC)),
     ("Accepted 03/04/2022", None),  # April or March: not guessed
     ("Accepted (Updated: 2026-01-09 - added a section)", None),  # the day of an edit, not of the decision
     ("* Superseded (2023-04-13)", None), ("Accepted", None)],
)
def test_a_status_carrying_its_date_dates_the_decision(text: str, day: datetime | None) -> None:
    assert status_date(text) == day


def test_dates_are_read_in_the_ways_adrs_write_them() -> None:
    assert first_date("2023-01-10, extended 2023-07-29") == datetime(2023, 1, 10, tzinfo=UTC)
    assert first_date("16 November 2022") == first_date("November 16, 2022") == datetime(2022, 11, 16, tzinfo=UTC)
    assert first_date("2023-02-30 and no other") is None


@pytest.mark.parametrize(
    ("meta", "day"),
    [("* **Status**: Implemented\n* **Decided**: 2026-01-23 — delivered in #88\n", datetime(2026, 1, 23, tzinfo=UTC)),
     ("Decision date: 2024-05-02\n\n## Status\n\nAccepted\n", datetime(2024, 5, 2, tzinfo=UTC)),
     ("## Status\n\nAccepted (March 2023)\n", datetime(2023, 3, 1, tzinfo=UTC)),
     ("| Property | Value |\n|---|---|\n| **Status** | Accepted |\n| **Date** | 2025-12-12 |\n", datetime(2025, 12, 12, tzinfo=UTC)),
     ("## Status\n\nAccepted\n", None)],
)
def test_adr_metadata_and_status_dates_become_decided_at(meta: str, day: datetime | None) -> None:
    decision = read_adr(f"# Cache sessions in Redis\n\n{meta}\n## Decision\n\nUse Redis.\n", "0004-x.md", 0, "c")[1]
    assert decision.decided_at == day


def test_a_status_superseding_part_of_an_adr_keeps_it_in_force_with_its_words() -> None:
    text = ("# MCP server\n\n* **Status**: Implemented; Decisions 2 and 3 are superseded — see below\n"
            "* **Decided**: 2026-01-23\n\n## Decision\n\n1. Serve tools over HTTP. ✅ stands\n")
    decision = read_adr(text, "002-mcp-server.md", 0, "c")[1]
    assert decision.status == "active"
    assert decision.status_text == "Implemented; Decisions 2 and 3 are superseded — see below"


def test_a_link_superseding_a_part_is_partial_and_reads_the_right_way() -> None:
    assert [(link.relation, link.target, link.partial) for link in extract_links("Approved, partially superseded by ADR-0009.")] \
        == [("superseded_by", "#9", True)]
    stated = "Accepted; the storage format superseded by ADR-0020, the API extended by ADR-0019"
    assert [(link.relation, link.target, link.partial) for link in extract_links(stated)] == [("superseded_by", "#20", True)]
    assert [(link.relation, link.partial) for link in extract_links("Superceded by [ADR 18](0018-polyrepo.md)")] \
        == [("superseded_by", False)]
