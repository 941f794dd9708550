"""GraphQL types whose fields are a graph record's, so the two cannot drift apart."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

import strawberry

T = TypeVar("T")


def fields_of(
    record: type, *, published: Mapping[str, str] | None = None, ids: Collection[str] = ()
) -> Callable[[type[T]], type[T]]:
    """Give the decorated class (before ``strawberry.type``) every field of ``record``.

    Args:
        record: A frozen dataclass from ``graph.records``; its field order is the schema's.
        published: GraphQL names for fields whose Python name differs (``source`` is ``from``).
        ids: Fields published as ``ID`` rather than ``String``.
    """
    names = dict(published or {})
    hints = typing.get_type_hints(record)
    unknown = (set(names) | set(ids)) - set(hints)
    if unknown:
        raise ValueError(f"{record.__name__} has no field {', '.join(sorted(unknown))}")

    def decorate(cls: type[T]) -> type[T]:
        annotations: dict[str, Any] = {}
        for field in dataclasses.fields(record):
            annotations[field.name] = strawberry.ID if field.name in ids else hints[field.name]
            if field.name in names:
                setattr(cls, field.name, strawberry.field(name=names[field.name]))
        # The class's own annotations (extra fields, if any) come after the record's.
        cls.__annotations__ = {**annotations, **cls.__dict__.get("__annotations__", {})}
        return cls

    return decorate


def copy_fields(record: object) -> dict[str, Any]:
    """The record's field values by name, to construct the type ``fields_of`` decorated."""
    return {field.name: getattr(record, field.name) for field in dataclasses.fields(record)}  # type: ignore[arg-type]
