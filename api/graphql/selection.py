"""Which fields a request selects below the field being resolved, fragments included."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from strawberry.types.nodes import FragmentSpread, InlineFragment, SelectedField, Selection

from api.graphql.context import Info


def _fields(selections: Sequence[Selection]) -> Iterator[SelectedField]:
    for selection in selections:
        if isinstance(selection, SelectedField):
            yield selection
        elif isinstance(selection, (FragmentSpread, InlineFragment)):
            yield from _fields(selection.selections)


def selected_below(info: Info, path: Sequence[str]) -> set[str]:
    """The names of the fields selected at ``path`` under the field ``info`` resolves, e.g.
    ``("edges", "node")`` of a connection. ``@skip``/``@include`` are not evaluated: a field
    they may leave out counts as selected, so a caller reads ahead at most what it may not need."""
    level = [field for selected in info.selected_fields for field in _fields(selected.selections)]
    for name in path:
        level = [field for selected in level if selected.name == name for field in _fields(selected.selections)]
    return {field.name for field in level}
