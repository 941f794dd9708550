"""Which series of meetings a dated file belongs to, when nobody said (``ingest --series``).

Teams keep one folder per meeting series ("sig-network/", "rez/"), often with a folder per
year or per meeting inside; a flat folder of notes from several groups is told apart by
the title with its date removed ("Rez TSC Meeting Notes - 2022-08-18").
"""

from __future__ import annotations

import re
from pathlib import PurePath

from nlp.readers.source_date import date_in, without_date

_YEAR_OR_PERIOD = re.compile(r"^(?:(?:19|20)\d\d(?:[-_.]?(?:0?[1-9]|1[0-2]))?|q[1-4]|h[12])$", re.IGNORECASE)


def inferred_series(path: PurePath | None, title: str | None) -> tuple[str, str] | None:
    """The nearest folder of ``path`` that is not a date, a year or a quarter; else the
    title without its date, if it had one; else None. With where it was read ("folder",
    "title")."""
    if path is not None:
        for folder in path.parents:
            name = folder.name
            if not name:
                break
            if date_in(name) is None and not _YEAR_OR_PERIOD.match(name):
                return name, "folder"
    if title and date_in(title) is not None and (name := without_date(title)):
        return name, "title"
    return None
