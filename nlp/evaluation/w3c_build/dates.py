"""The date of a meeting, from its path or, failing that, from the heading of its minutes."""

from __future__ import annotations

import re

MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_DAY_MONTH_YEAR_PATH = re.compile(r"(?<!\d)(\d{2})-(\d{2})-(\d{4})(?!\d)")
_YEAR_FOLDER_MONTH_DAY = re.compile(r"^(\d{4})/[^/]*/(\d{2})-(\d{2})(?!\d)[^/]*$")
_YEAR_MONTH_FOLDER = re.compile(r"^(\d{4})/(\d{2})-[^/]*/")
_MONTH = "(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_TEXT_DAY_MONTH_YEAR = re.compile(r"(?<!\d)(\d{1,2})(?:\s*[-–]\s*\d{1,2})?(?:st|nd|rd|th)?\s+" + _MONTH + r",?\s+(\d{4})", re.I)
_TEXT_MONTH_DAY_YEAR = re.compile(_MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?(?:\s*[-–]\s*\d{1,2})?,?\s+(\d{4})", re.I)


def meeting_date(path: str, head: str = "") -> str:
    """``YYYY-MM-DD`` from the path, else from the minutes' first lines; ``YYYY-MM`` if only that is known.

    Args:
        path: The file's path in its repository.
        head: The first lines of the minutes (title and date headings).

    Raises:
        ValueError: Neither gives a date.
    """
    if match := _ISO.search(path):
        return "-".join(match.groups())
    if match := _DAY_MONTH_YEAR_PATH.search(path):
        day, month, year = match.groups()
        return f"{year}-{month}-{day}"
    if match := _YEAR_FOLDER_MONTH_DAY.match(path):
        return "-".join(match.groups())
    if match := _TEXT_DAY_MONTH_YEAR.search(head):
        day, month, year = match.groups()
        return f"{year}-{MONTHS[month.lower()]:02d}-{int(day):02d}"
    if match := _TEXT_MONTH_DAY_YEAR.search(head):
        month, day, year = match.groups()
        return f"{year}-{MONTHS[month.lower()]:02d}-{int(day):02d}"
    if match := _YEAR_MONTH_FOLDER.match(path):
        return "-".join(match.groups())
    raise ValueError(f"{path}: no date in the path or the minutes' heading")
