"""Discord's published OpenAPI description, read once per process, and its operations by path.

The copy is ``discord_api/openapi.json.gz`` (its source in ``discord_api/SOURCE.md``). Three
rewrites keep every rule it states while letting one validation take about a millisecond and
name the offending field, as Discord's answers do (``SOURCE.md`` lists them):

- a ``oneOf`` of ``const`` values (enums such as ``MessageComponentTypes``) becomes ``enum``;
- ``oneOf: [{"type": "null"}, X]`` (a nullable field) becomes ``x-nullable: X``;
- a ``oneOf``/``anyOf`` of object schemas that each require a distinct ``type`` (components,
  interaction callbacks) becomes a ``x-dispatch`` on ``type``: only the matching schema is
  checked, and an unknown ``type`` is an error at that field;
- an ``enum`` beside ``allOf: [{"$ref": <an enum holding all its values>}]`` (a component's
  ``type``) drops the ``allOf``, which can refuse nothing the ``enum`` lets through.

An operation's schema comes with every ``$ref`` replaced by its target, except where a schema
refers back to itself, so a check follows no references.
"""

from __future__ import annotations

import functools
import gzip
import json
import re
from importlib import resources
from typing import Any

SPEC = "discord_api/openapi.json.gz"
DISPATCH = "x-dispatch"
"""A keyword the rewrite adds: ``{"<type value>": schema}`` (``schema.py`` implements it)."""
NULLABLE = "x-nullable"
"""A keyword the rewrite adds: null, or valid against its schema (``schema.py`` again)."""
_API_BASE = re.compile(r"^/api(/v\d+)?(?=/)")
_REF = "#/components/schemas/"
EXCEPTIONS: dict[str, Any] = {
    "SnowflakeType": {"type": ["string", "integer"], "pattern": "^(0|[1-9][0-9]*)$", "minimum": 0},
}
"""Schemas the description states more strictly than Discord behaves and documents, replaced
here (``discord_api/SOURCE.md`` gives the evidence): a snowflake in a request may be a JSON
integer as well as a string of digits (Discord's "Uploading Files" example sends attachment
``"id": 0``; discord.py sends ids as integers)."""

Json = dict[str, Any]


@functools.cache
def spec() -> Json:
    """The description, rewritten as the module docstring says (loaded once per process)."""
    raw = resources.files(__package__).joinpath(SPEC).read_bytes()
    document: Json = json.loads(gzip.decompress(raw))
    document["components"]["schemas"].update(EXCEPTIONS)
    rewritten: Json = _rewrite(document, document["components"]["schemas"])
    return rewritten


def _rewrite(node: Any, schemas: Json) -> Any:
    """``node`` with every union below it rewritten (``schemas``: the originals, for lookups)."""
    if isinstance(node, list):
        return [_rewrite(item, schemas) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _rewrite(value, schemas) for key, value in node.items()}
    for key in ("oneOf", "anyOf"):
        branches = out.get(key)
        if isinstance(branches, list):
            _simplify(out, key, branches, schemas)
    if "enum" in out and _enum_values(out.get("allOf"), schemas) >= set(map(str, out["enum"])):
        del out["allOf"]
    return out


def _enum_values(all_of: Any, schemas: Json) -> set[str]:
    """The values of ``allOf: [{"$ref": <an enum>}]`` (empty for any other ``allOf``)."""
    if not (isinstance(all_of, list) and len(all_of) == 1 and isinstance(all_of[0], dict)):
        return set()
    ref = all_of[0].get("$ref", "")
    target = schemas.get(ref.removeprefix(_REF), {}) if ref.startswith(_REF) else {}
    branches = target.get("oneOf") or []
    if not branches or not all(isinstance(b, dict) and "const" in b for b in branches):
        return set()
    return {str(b["const"]) for b in branches}


def _simplify(node: Json, key: str, branches: list[Any], schemas: Json) -> None:
    """Replace one union in place when it is an enum, a nullable or a discriminated union."""
    if key == "oneOf" and all(isinstance(b, dict) and "const" in b for b in branches):
        node["enum"] = [b["const"] for b in node.pop(key)]
    elif len(branches) == 2 and branches[0] == {"type": "null"} and NULLABLE not in node:
        node[NULLABLE] = node.pop(key)[1]
    else:
        cases = _cases(branches, schemas)
        if cases is not None:
            node.pop(key)
            node.setdefault("allOf", []).append(
                {"type": "object", "required": ["type"], DISPATCH: cases}
            )


def _cases(branches: list[Any], schemas: Json) -> Json | None:
    """``{"<type>": branch}`` if each branch is a schema requiring its own ``type`` values."""
    cases: Json = {}
    for branch in branches:
        values = _type_values(branch, schemas)
        if not values or any(str(v) in cases for v in values):
            return None
        cases.update({str(v): branch for v in values})
    return cases


def _type_values(branch: Any, schemas: Json) -> list[Any]:
    """The ``type`` values a ``$ref`` branch requires (empty if it requires none)."""
    ref = branch.get("$ref", "") if isinstance(branch, dict) else ""
    target = schemas.get(ref.removeprefix(_REF), {}) if ref.startswith(_REF) else {}
    kind = target.get("properties", {}).get("type", {})
    if "type" not in target.get("required", []):
        return []
    values = kind.get("enum") or ([kind["const"]] if "const" in kind else [])
    return [v for v in values if isinstance(v, int)]


@functools.cache
def _templates() -> dict[tuple[str, int], list[tuple[tuple[str, ...], str]]]:
    """Path templates with a JSON request body, by (method, number of segments)."""
    found: dict[tuple[str, int], list[tuple[tuple[str, ...], str]]] = {}
    for template, item in spec()["paths"].items():
        for method, operation in item.items():
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            if body and "application/json" in body.get("content", {}):
                segments = tuple(template.strip("/").split("/"))
                found.setdefault((method.upper(), len(segments)), []).append((segments, template))
    return found


def operation(method: str, path: str) -> str | None:
    """``"POST /channels/{channel_id}/messages"`` for a request, or None if it sends no JSON body
    in the description (a literal segment such as ``@original`` beats a ``{parameter}``)."""
    parts = tuple(_API_BASE.sub("", path.split("?", 1)[0]).strip("/").split("/"))
    best, score = None, -1
    for segments, template in _templates().get((method.upper(), len(parts)), []):
        literal = [s == p for s, p in zip(segments, parts, strict=True) if not s.startswith("{")]
        if all(literal) and len(literal) > score:
            best, score = template, len(literal)
    return None if best is None else f"{method.upper()} {best}"


def body_schema(op: str, uri: str) -> Json:
    """An operation's ``application/json`` request schema (the operation named as ``operation``
    names it), references inlined; one back to a schema being inlined stays, as ``uri#...``."""
    method, template = op.split(" ", 1)
    body = spec()["paths"][template][method.lower()]["requestBody"]
    schema: Json = _inline(body["content"]["application/json"]["schema"], uri, ())
    return schema


def _inline(node: Any, uri: str, within: tuple[str, ...]) -> Any:
    """``node`` with each ``$ref`` to a component schema replaced by the (inlined) schema."""
    if isinstance(node, list):
        return [_inline(item, uri, within) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith(_REF):
        name = ref.removeprefix(_REF)
        if name in within:
            return {**node, "$ref": uri + ref}
        target = _inline(spec()["components"]["schemas"][name], uri, (*within, name))
        rest = {k: _inline(v, uri, within) for k, v in node.items() if k != "$ref"}
        return {"allOf": [target], **rest} if rest else target
    return {key: _inline(value, uri, within) for key, value in node.items()}
