"""The root error of the api package."""

from __future__ import annotations


class ApiError(Exception):
    """Any error the api package raises on purpose (faces and use cases alike)."""
