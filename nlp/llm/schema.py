"""JSON schemas small models can finish: every string and list bounded, no extra keys."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


def bounded_schema(model: type[BaseModel]) -> dict[str, Any]:
    """``model``'s JSON schema with ``$defs`` inlined and ``additionalProperties: false``
    on every object (servers that enforce the schema by grammar need both).

    Raises:
        ValueError: A string or list field has no bound (the model would never be sure to stop).
    """
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})
    resolved = _inline(schema, defs)
    _check_bounded(resolved, model.__name__)
    if not isinstance(resolved, dict):
        raise TypeError(f"{model.__name__}'s JSON schema is not an object")
    return resolved


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, dict):
        if "$ref" in node:
            return _inline(defs[node["$ref"].rsplit("/", 1)[-1]], defs)
        out = {k: _inline(v, defs) for k, v in node.items() if k != "title"}
        if out.get("type") == "object":
            out["additionalProperties"] = False
        return out
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node


def _check_bounded(node: Any, where: str) -> None:
    if isinstance(node, dict):
        kind = node.get("type")
        if kind == "string" and "maxLength" not in node and "enum" not in node and "const" not in node:
            raise ValueError(f"{where}: a string field has no maxLength")
        if kind == "array" and "maxItems" not in node:
            raise ValueError(f"{where}: a list field has no maxItems")
        for value in node.values():
            _check_bounded(value, where)
    elif isinstance(node, list):
        for value in node:
            _check_bounded(value, where)
