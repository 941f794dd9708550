"""A Slack workspace export as a folder: a folder per channel holding one ``YYYY-MM-DD.json``
per day, and at its top the workspace's lists (``users.json``, ``channels.json``, …).

Every channel names its day files alike, so a day file is told apart by its channel's
folder; the names people go by are in the top's ``users.json``, not in the day files.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from nlp.errors import InputFormatError
from nlp.readers.common import decode_text

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
USERS = "users.json"
_TOP_MARKERS = (USERS, "channels.json", "groups.json", "dms.json", "mpims.json")
"""A folder holding one of these beside channel folders of day files is an export's top."""


def is_day_file(path: Path) -> bool:
    """Whether ``path`` is named as a Slack export names a channel's day (``2024-03-15.json``)."""
    return path.suffix.lower() == ".json" and bool(_DAY.match(path.stem))


def day_session_id(path: Path) -> str:
    """The session of a channel's day file: ``<channel>/<day>`` (``general/2024-03-15``), the
    id a folder ingest already gives files that share a name."""
    channel = path.resolve().parent.name
    return f"{channel}/{path.stem}" if channel else path.stem


def is_export_top(folder: Path) -> bool:
    """Whether ``folder`` is a Slack export's top: it holds the workspace's lists and at least
    one channel folder of day files."""
    if not any((folder / name).is_file() for name in _TOP_MARKERS):
        return False
    try:
        return any(sub.is_dir() and any(is_day_file(p) for p in sub.iterdir()) for sub in folder.iterdir())
    except OSError:
        return False


def is_export_metadata(path: Path) -> bool:
    """Whether ``path`` is one of the lists at a Slack export's top (users, channels, DMs,
    integration logs, canvases…): a JSON file beside the channel folders, never a conversation."""
    return path.suffix.lower() == ".json" and not is_day_file(path) and is_export_top(path.parent)


def export_user_names(day_file: Path) -> dict[str, str]:
    """The name each user of the export goes by, by id, from ``users.json`` at the top of the
    export ``day_file`` is in (its channel folder's parent); empty when there is none.

    Raises:
        InputFormatError: ``users.json`` is there but is no list of users (naming it).
    """
    users = day_file.resolve().parent.parent / USERS
    try:
        stat = users.stat()
    except OSError:
        return {}
    try:
        # A folder ingest reads every day file of the export: the list is read once per version.
        return dict(_user_names(str(users), stat.st_mtime_ns, stat.st_size))
    except InputFormatError as exc:
        raise InputFormatError(
            exc.path, f"{exc.problem} (the export's list of users, read for the names in {day_file})", exc.line,
        ) from exc


@lru_cache(maxsize=4)
def _user_names(users: str, _mtime_ns: int, _size: int) -> tuple[tuple[str, str], ...]:
    try:
        data = Path(users).read_bytes()
    except OSError as exc:
        raise InputFormatError(users, f"cannot be read ({exc.strerror or exc})") from exc
    try:
        items = json.loads(decode_text(data, users))
    except json.JSONDecodeError as exc:
        raise InputFormatError(users, f"not valid JSON ({exc.msg})", exc.lineno) from exc
    if not isinstance(items, list):
        raise InputFormatError(users, "is not a JSON array of users")
    found = []
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("id"), str) and (name := shown_name(item)):
            found.append((item["id"], name))
    return tuple(found)


def shown_name(user: dict[str, Any]) -> str | None:
    """The name Slack shows for a user: the display name they chose, else their full name,
    else their username."""
    raw_profile = user.get("profile")
    profile: dict[str, Any] = raw_profile if isinstance(raw_profile, dict) else {}
    for value in (profile.get("display_name"), profile.get("real_name"), user.get("real_name"), user.get("name")):
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None
