"""What the journal facade makes of a user's spelling, the same for every face."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from api.usecases import normalise
from api.usecases.requests import Caller, DecisionQuery, InvalidRequest


def test_a_person_is_one_handle_however_spelled() -> None:
    assert {normalise.handle(name) for name in ("alice", "@alice", "Alice", " ALICE ", "@Alice")} == {"@alice"}
    assert normalise.handle("Alice Smith") == "@alice-smith"
    assert normalise.handle("  ") is None and normalise.handle(None) is None


def test_tags_are_lower_case_trimmed_and_without_repeats() -> None:
    assert normalise.tags(["Database", " database ", "DATA  BASE", ""]) == ("database", "data base")
    assert normalise.tags([]) is None and normalise.tags(None) is None


def test_statuses_in_any_case_and_unknown_ones_refused() -> None:
    assert normalise.statuses(["Active", "PROPOSED", "active"]) == ("active", "proposed")
    with pytest.raises(InvalidRequest, match="unknown status 'current'") as raised:
        normalise.statuses(["current"])
    assert raised.value.field == "status"
    with pytest.raises(InvalidRequest, match="unknown source"):
        normalise.source("slack")
    assert normalise.source(" ADR ") == "adr"


def test_a_day_is_its_start_in_utc_and_an_instant_keeps_its_zone() -> None:
    start = datetime(2024, 5, 1, tzinfo=UTC)
    assert normalise.instant("2024-05-01") == start
    assert normalise.instant(date(2024, 5, 1)) == start
    assert normalise.instant(datetime(2024, 5, 1)) == start
    plus2 = timezone(timedelta(hours=2))
    assert normalise.instant("2024-05-01T10:00:00+02:00") == datetime(2024, 5, 1, 10, tzinfo=plus2)
    assert normalise.instant("") is None
    with pytest.raises(InvalidRequest, match="until: 'May 1st' is not an ISO date"):
        normalise.instant("May 1st", "until")


def test_a_query_becomes_one_graph_filter() -> None:
    where = normalise.decision_filter(
        DecisionQuery(text="why?", tags=["Storage"], stakeholder="Alice", since="2024-01-01", statuses=["Superseded"],
                      path=" src/api/ ", session=" ", words="  "),
        repository="github.com/acme/shop", groups=("eng",),
    )
    assert (where.tags, where.stakeholder, where.statuses) == (("storage",), "@alice", ("superseded",))
    assert where.since == datetime(2024, 1, 1, tzinfo=UTC) and where.path_prefix == "src/api/"
    assert where.session is None and where.text is None
    assert (where.repository, where.groups) == ("github.com/acme/shop", ("eng",))


def test_a_caller_assigns_and_writes_only_its_own_groups() -> None:
    eng = Caller("eng", ("eng",))
    assert eng.may_assign(["eng"]) and not eng.may_assign(["eng", "sales"])
    assert eng.may_write_to([]) and eng.may_write_to(["eng", "ops"]) and not eng.may_write_to(["sales"])
    everyone = Caller("local")
    assert everyone.may_assign(["sales"]) and everyone.may_write_to(["sales"])
