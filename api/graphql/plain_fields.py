"""Plain fields completed without graphql-core's per-field machinery.

A page of 50 decisions with every field asks graphql-core to complete some 4,100 fields, and
it pays for each one the same way whatever the field is: a response path, a resolve-info
object, the field's resolver through strawberry's wrapper, then ``complete_value``'s walk
over the type. Most of those fields are plain: an attribute of a record read as it is (a
summary, a date, a list of tags), with no resolver, no arguments and no extension of their
own. ``PlainFieldExecutionContext`` reads those directly and coerces them with the same
scalar or enum serializer graphql-core would use. Anything else, and any plain field whose
value graphql-core would turn into an error (null where the type forbids it, a value its
scalar cannot serialize), takes graphql-core's own path, so answers and errors are the same
byte for byte (``tests/unit/api/graphql/test_plain_fields.py``,
``tests/api/test_graphql_plain_fields.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from graphql import (
    GraphQLField,
    GraphQLLeafType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    Undefined,
    is_leaf_type,
)
from graphql.pyutils import Path
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext
from strawberry.schema.schema_converter import GraphQLCoreConverter

from api.errors import ApiError


@dataclass(frozen=True, slots=True)
class _Plain:
    """How to complete one plain field: read it, then coerce it (a scalar or enum) or complete
    its plain sub-fields (an object), or do so for each of its items (a list)."""

    read: Callable[[Any], Any]
    required: bool
    listed: bool
    items_required: bool
    leaf: GraphQLLeafType | None = None
    is_type_of: Callable[..., Any] | None = None
    fields: tuple[tuple[str, _Plain], ...] = ()


class _Fallback(ApiError):
    """This value needs graphql-core's own completion (it would be an error, or is unusual).
    Caught in ``execute_field``: it never leaves this module."""


class PlainFieldExecutionContext(StrawberryGraphQLCoreExecutionContext):
    """strawberry's execution context, with plain fields completed directly (module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._plans: dict[tuple[str, int], tuple[Any, _Plain | None]] = {}
        middleware = self.middleware_manager
        # A middleware (a schema extension's ``resolve``) must see every field: none is plain then.
        self._direct = middleware is None or not middleware.middlewares

    def execute_field(
        self,
        parent_type: GraphQLObjectType,
        source: Any,
        field_details_list: Any,
        path: Path,
        position_context: Any,
    ) -> Any:
        if self._direct:
            plan = self._plan(parent_type, field_details_list)
            if plan is not None:
                try:
                    return _complete(plan, source)
                except _Fallback:
                    pass
        return super().execute_field(parent_type, source, field_details_list, path, position_context)

    def _plan(self, parent_type: GraphQLObjectType, field_details_list: Any) -> _Plain | None:
        """The plan of a field as selected here (None: not plain), kept for the request. The
        key is the selection's identity, as graphql-core's own sub-field cache keys it; the
        selection is kept alive beside its plan so that its id is not reused."""
        key = (parent_type.name, id(field_details_list))
        planned = self._plans.get(key)
        if planned is not None:
            return planned[1]
        plan = self._new_plan(parent_type, field_details_list)
        self._plans[key] = (field_details_list, plan)
        return plan

    def _new_plan(self, parent_type: GraphQLObjectType, field_details_list: Any) -> _Plain | None:
        nodes = [details.node for details in field_details_list]
        field_def = self.schema.get_field(parent_type, nodes[0].name.value)
        if field_def is None or field_def.args or any(n.arguments or n.directives for n in nodes) or not _basic(field_def):
            return None
        kind: Any = field_def.type
        required = isinstance(kind, GraphQLNonNull)
        if isinstance(kind, GraphQLNonNull):
            kind = kind.of_type
        listed = isinstance(kind, GraphQLList)
        items_required = False
        if isinstance(kind, GraphQLList):
            kind = kind.of_type
            items_required = isinstance(kind, GraphQLNonNull)
            if isinstance(kind, GraphQLNonNull):
                kind = kind.of_type
        read = _reader(field_def)
        if is_leaf_type(kind):
            return _Plain(read, required, listed, items_required, leaf=kind)
        if not isinstance(kind, GraphQLObjectType):
            return None
        grouped, deferred, _ = self.collect_subfields(kind, field_details_list)
        if deferred:
            return None
        fields = []
        for response_name, sub_list in grouped.items():
            sub = self._plan(kind, sub_list)
            if sub is None:
                return None
            fields.append((response_name, sub))
        return _Plain(read, required, listed, items_required, is_type_of=kind.is_type_of, fields=tuple(fields))


def _basic(field_def: GraphQLField) -> bool:
    """A strawberry field read as an attribute: no resolver, permission, extension or handler."""
    definition = (field_def.extensions or {}).get(GraphQLCoreConverter.DEFINITION_BACKREF)
    resolve = field_def.resolve
    # strawberry gives a basic field (one without exception handlers) its ``_get_basic_result``.
    return (
        definition is not None and getattr(definition, "is_basic_field", False) and not definition.extensions
        and resolve is not None and resolve.__name__ == "_get_basic_result"
    )


def _reader(field_def: GraphQLField) -> Callable[[Any], Any]:
    """What strawberry's resolver of a basic field returns, without its two calls per field:
    the attribute, read by the configured default resolver (``getattr`` unless set)."""
    definition = field_def.extensions[GraphQLCoreConverter.DEFINITION_BACKREF]
    if definition.default_resolver is getattr:
        return attrgetter(definition.python_name)
    resolve = field_def.resolve
    assert resolve is not None
    return lambda source: resolve(source, None)


def _complete(plan: _Plain, source: Any) -> Any:
    try:
        value = plan.read(source)
    except Exception as exc:
        raise _Fallback from exc
    if value is None:
        if plan.required:
            raise _Fallback
        return None
    if not plan.listed:
        return _one(plan, value)
    if not isinstance(value, list | tuple):
        raise _Fallback
    completed: list[Any] = []
    for item in value:
        if item is None:
            if plan.items_required:
                raise _Fallback
            completed.append(None)
        else:
            completed.append(_one(plan, item))
    return completed


def _one(plan: _Plain, value: Any) -> Any:
    """One value of a plain field (an item, for a list), not None."""
    if isinstance(value, Exception):
        raise _Fallback
    if plan.leaf is None:
        if plan.is_type_of is not None:
            try:
                fits = plan.is_type_of(value, None)
            except Exception as exc:
                raise _Fallback from exc
            if fits is not True:
                raise _Fallback
        return {name: _complete(sub, value) for name, sub in plan.fields}
    try:
        coerced = plan.leaf.coerce_output_value(value)
    except Exception as exc:
        raise _Fallback from exc
    if coerced is None or coerced is Undefined:
        raise _Fallback
    return coerced
