"""A count with its noun in the right number: "1 decision", "3 decisions", "0 drafts".

It lives in ``nlp`` (the bottom layer) so that the evidence nlp writes for a code link and
every line the api layers print share it; ``graph`` and ``lineage`` may not import it.
"""

from __future__ import annotations


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` and ``noun``, the noun singular for exactly one and plural otherwise (zero
    included, as English says "0 decisions").

    Args:
        count: how many.
        noun: the singular ("decision", "file link", "entry").
        nouns: the plural when it is not ``noun`` + "s" ("entries", "people").

    Returns:
        "1 decision", "2 decisions"; with ``nouns``: "1 entry", "2 entries".
    """
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"
