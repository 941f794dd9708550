"""Which messages are written in a language the detector does not read, and what becomes of a
decision found in one."""

from __future__ import annotations

import pytest
from spacy.language import Language

from nlp.detect import DecisionDetector, DetectorConfig
from nlp.schema import Conversation, Message
from nlp.written_language import unread_language


@pytest.mark.parametrize(("text", "language"), [
    ("Hem decidit que farem servir PostgreSQL per a la base de dades, perquè és el que ja coneixem tots.", "ca"),
    ("Decidimos usar o PostgreSQL para o banco de dados, porque é o que a equipe já conhece melhor.", "pt"),
    ("Hemos decidido usar PostgreSQL para la base de datos porque es lo que el equipo ya conoce.", "es"),
    ("Wir haben uns für PostgreSQL entschieden, weil das Team die Datenbank schon gut kennt und es für uns passt.", "de"),
    ("Nous avons décidé d'utiliser PostgreSQL pour la base de données, car l'équipe la connaît déjà bien.", "fr"),
    ("Abbiamo deciso di usare PostgreSQL per il database, perché è quello che il gruppo conosce già meglio.", "it"),
    ("We hebben besloten om PostgreSQL te gebruiken voor de database, omdat het team het al goed kent.", "nl"),
])
def test_prose_in_a_language_the_detector_does_not_read_is_told_by_its_function_words(text: str, language: str) -> None:
    assert unread_language(text) == language


@pytest.mark.parametrize("text", [
    "We've decided to use PostgreSQL for the database because the team already knows it well.",
    # English holding words that are French function words, and no accent anywhere.
    "ok we dont need the plus plan, let's use the sans serif font instead of the old one",
    "Ja ja ja ja ja. Technical functions. Yeah okay.",
    "fem-ho així",  # too short to tell
    "See https://github.com/example/project/pull/12 and docs/adr/0001-use-la-de-que.md for the details",
    "我们决定使用 PostgreSQL 作为数据库，因为团队已经很熟悉它了。",
    "Мы решили использовать PostgreSQL для базы данных, потому что команда его уже хорошо знает.",
    "```python\nde = la = que = el = 1\nfor i in range(10): print(de, la, que, el, i)\n```",
])
def test_english_other_scripts_code_and_short_text_are_left_alone(text: str) -> None:
    assert unread_language(text) is None


def _alone(text: str) -> Conversation:
    return Conversation(session_id="s", source_format="chat", messages=(Message(id="s#0", seq=0, author="jordi", content=text),))


def test_a_decision_found_in_a_language_the_detector_does_not_read_is_a_draft(nlp: Language) -> None:
    # Every message is a unit at the lowest threshold: which are stored is the language's doing.
    detector = DecisionDetector(nlp, DetectorConfig(threshold=0.0))
    [english] = detector.detect(_alone("We've decided to use PostgreSQL for the orders database."))
    [catalan] = detector.detect(_alone("Hem decidit que farem servir PostgreSQL per a la base de dades de les comandes."))
    assert english.is_decision and not english.is_candidate
    assert catalan.is_candidate and not catalan.is_decision


def test_a_megabyte_message_is_judged_by_its_beginning() -> None:
    catalan = "Hem decidit que farem servir PostgreSQL per a la base de dades, perquè és el que coneixem. "
    pasted_log = "at/com.example.Service.handle(Service.java:42)" * 20_000  # one run of a megabyte, no spaces
    assert unread_language(catalan + pasted_log) == "ca"
    assert unread_language(pasted_log) is None
