from __future__ import annotations

import pytest

from nlp.evolution import SUPERSEDE_CUES
from nlp.replaced_object import replaced_object


@pytest.mark.parametrize(
    ("text", "replaced"),
    [
        ("Let's go with Redis and drop Memcached.", ["Memcached"]),
        ("Replace Memcached with Redis", ["Memcached"]),
        ("Use Kafka instead of SQS", ["SQS"]),
        ("We migrate away from Heroku to Fly", ["Heroku"]),
        ("We no longer use Memcached", ["Memcached"]),
        ("Memcached is no longer needed", ["Memcached"]),
        ("Memcached will be replaced by Redis", ["Memcached"]),
        ("We have dropped Memcached", ["Memcached"]),
        ("JSON Schema will no longer be required for registration", ["JSON Schema"]),
        ("We switch to MySQL for the billing service", [None]),
        ("Drop Memcached in favour of Redis", ["Memcached", None]),
    ],
)
def test_a_replacing_cue_names_what_it_replaces_or_leaves_it_unsaid(text: str, replaced: list[str | None]) -> None:
    assert [replaced_object(text, cue) for cue in SUPERSEDE_CUES.finditer(text)] == replaced
