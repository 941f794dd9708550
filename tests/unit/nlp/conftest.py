from __future__ import annotations

import pytest
from spacy.language import Language

from nlp.language import LanguageInfo, load_language


@pytest.fixture(scope="session")
def language() -> LanguageInfo:
    info = load_language()
    assert not info.degraded, "the packaged spaCy model must be installed for these tests"
    return info


@pytest.fixture(scope="session")
def nlp(language: LanguageInfo) -> Language:
    return language.nlp
