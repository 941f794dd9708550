"""Our entity rules (``nlp.language.EntityRules``): what they label and how overlaps resolve."""

from __future__ import annotations

import pytest

from nlp.language import LanguageInfo


def _ents(language: LanguageInfo, text: str, light: bool) -> set[tuple[str, str, str]]:
    doc = (language.light if light else language.nlp)(text)
    return {(ent.text, ent.label_, ent.ent_id_) for ent in doc.ents}


@pytest.mark.parametrize("light", [True, False])
def test_teams_quarters_and_technologies_with_their_canonical_name(language: LanguageInfo, light: bool) -> None:
    found = _ents(language, "So the Data Platform Team moves to postgres in Q3 2024; team Phoenix keeps Java.", light)
    assert {
        ("Data Platform Team", "TEAM", ""),  # the whole run of title-case words
        ("postgres", "TECH", "PostgreSQL"),
        ("Q3 2024", "QUARTER", ""),
        ("team Phoenix", "TEAM", ""),
        ("Java", "TECH", "Java"),
    } <= found


@pytest.mark.parametrize("light", [True, False])
def test_case_sensitive_names_only_when_capitalised(language: LanguageInfo, light: bool) -> None:
    assert not {label for _, label, _ in _ents(language, "the rest of it, and rust on the pipe", light)} & {"TECH"}
    assert ("REST", "TECH", "REST") in _ents(language, "We expose REST endpoints.", light)


def test_the_longer_of_two_overlapping_matches_wins(language: LanguageInfo) -> None:
    # "Kafka Team" (a team) overlaps "Kafka" (a technology): one entity per token, the longer.
    found = _ents(language, "ask the Kafka Team", light=True)
    assert ("Kafka Team", "TEAM", "") in found
    assert not any(label == "TECH" for _, label, _ in found)
