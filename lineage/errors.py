"""The root error of the lineage domain."""

from __future__ import annotations


class LineageError(Exception):
    """Any error the lineage domain raises on purpose."""
