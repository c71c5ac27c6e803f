"""Every REST body checked against Discord's published schema before the double's own rules, so
a payload Discord would refuse is refused here too: 400 50035 with the error at the field.

On whenever ``jsonschema`` is importable (dev installs, the tests); a plain install of the
double skips it. One validator per operation, compiled on its first request and kept.
"""

from __future__ import annotations

import functools
import importlib.util
import json
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from . import errors, openapi
from .errors import FieldError

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

_URI = "urn:discord-openapi"
_WORDING = {
    "maxLength": ("BASE_TYPE_MAX_LENGTH", "Must be {} or fewer in length."),
    "maxItems": ("BASE_TYPE_MAX_LENGTH", "Must be {} or fewer in length."),
    "minLength": ("BASE_TYPE_MIN_LENGTH", "Must be {} or more in length."),
    "minItems": ("BASE_TYPE_MIN_LENGTH", "Must be {} or more in length."),
    "enum": ("BASE_TYPE_CHOICES", "Value must be one of ({})."),
    "const": ("BASE_TYPE_CHOICES", "Value must be one of ({})."),
    "minimum": ("NUMBER_TYPE_MIN", "int value should be greater than or equal to {}."),
    "maximum": ("NUMBER_TYPE_MAX", "int value should be less than or equal to {}."),
}
"""Discord's code and message for a failed keyword (``{}``: the keyword's value)."""
_TYPE_ERRORS = {
    "integer": ("NUMBER_TYPE_COERCE", 'Value "{}" is not int.'),
    "number": ("NUMBER_TYPE_COERCE", 'Value "{}" is not a number.'),
    "string": ("STRING_TYPE_CONVERT", 'Could not interpret "{}" as string.'),
    "boolean": ("BOOLEAN_TYPE_COERCE", 'Value "{}" is not a boolean.'),
    "array": ("LIST_TYPE_CONVERT", "Only iterables may be used in a ListType"),
    "object": ("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"),
}


def available() -> bool:
    """Whether ``jsonschema`` can be imported (dev installs: yes; a plain install: no)."""
    return importlib.util.find_spec("jsonschema") is not None


class SchemaCheck:
    """The check one ``FakeDiscord`` runs, with what it saw (tests assert on the counts)."""

    def __init__(self, active: bool | None = None) -> None:
        """Active when ``jsonschema`` is importable, unless told otherwise."""
        self.active = available() if active is None else active
        self.checked: Counter[str] = Counter()
        """Requests checked, by operation (``"POST /channels/{channel_id}/messages"``)."""
        self.violations: list[str] = []
        """Each body the schema refused: the operation and the fields at fault."""

    def check(self, method: str, path: str, payload: Any) -> None:
        """Raise Discord's 400 50035 if ``payload`` breaks the operation's request schema."""
        if not self.active or payload is None:
            return
        op = openapi.operation(method, path)
        if op is None:
            return
        self.checked[op] += 1
        problems = problems_of(op, payload)
        if problems:
            detail = "; ".join(f"{p.path}: {p.message}" for p in problems)
            self.violations.append(f"{op}: {detail}")
            raise errors.form_error(problems)


def problems_of(op: str, payload: Any) -> list[FieldError]:
    """The schema's errors for ``payload``, one per failing field, as Discord words them."""
    return list(_problems(op, json.dumps(payload)))


@functools.lru_cache(maxsize=256)
def _problems(op: str, body: str) -> tuple[FieldError, ...]:
    """``problems_of`` for a body as JSON text: a body sent again (the same command sync at each
    bot start) is answered from memory."""
    found: dict[str, FieldError] = {}
    for error in _validator(op).iter_errors(json.loads(body)):
        problem = _field(_leaf(error))
        found.setdefault(problem.path, problem)
    return tuple(found.values())


@functools.cache
def _validator(op: str) -> Validator:
    """The operation's validator, made on its first request (the spec and registry are shared)."""
    return _validator_class()(openapi.body_schema(op, _URI), registry=_registry())


@functools.cache
def _registry() -> Any:
    """The rewritten description as the one resource every ``$ref`` resolves in."""
    from referencing import Registry, Resource  # noqa: PLC0415 - optional: dev installs
    from referencing.jsonschema import DRAFT202012  # noqa: PLC0415

    resource = Resource.from_contents(openapi.spec(), default_specification=DRAFT202012)
    return Registry().with_resource(_URI, resource)


@functools.cache
def _validator_class() -> type[Validator]:
    """Draft 2020-12 (OpenAPI 3.1's dialect) plus ``openapi.DISPATCH`` and ``NULLABLE``."""
    from jsonschema import Draft202012Validator  # noqa: PLC0415 - optional: dev installs
    from jsonschema.validators import extend  # noqa: PLC0415

    made: type[Validator] = extend(  # type: ignore[no-untyped-call]
        Draft202012Validator, {openapi.DISPATCH: _dispatch, openapi.NULLABLE: _nullable}
    )
    return made


def _dispatch(
    validator: Any, cases: dict[str, Any], instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    """Check an object against the one schema its ``type`` selects; another ``type`` is an
    error at that field (``required`` and ``type: object`` sit beside this keyword)."""
    if not isinstance(instance, dict) or "type" not in instance:
        return
    kind = instance["type"]
    branch = cases.get(str(kind)) if type(kind) is int else None
    if branch is None:
        choices = [int(value) for value in cases]
        yield from validator.descend(kind, {"enum": choices}, path="type")
    else:
        yield from validator.descend(instance, branch)


def _nullable(
    validator: Any, inner: dict[str, Any], instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    """Null, or valid against ``inner``."""
    if instance is not None:
        yield from validator.descend(instance, inner)


def _leaf(error: ValidationError) -> ValidationError:
    """The deepest error under a union that no rewrite could narrow (e.g. a webhook's body)."""
    while error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    return error


def _field(error: ValidationError) -> FieldError:
    """One schema error as Discord's form error: the dotted path, a code and a message."""
    path = [str(part) for part in error.absolute_path]
    keyword, limit, value = str(error.validator), _any(error.validator_value), _any(error.instance)
    if keyword == "required":
        missing = next(n for n in limit if n not in value)
        return FieldError(
            ".".join([*path, missing]), "BASE_TYPE_REQUIRED", "This field is required"
        )
    if keyword == "type":
        wanted = [limit] if isinstance(limit, str) else [t for t in limit if t != "null"]
        code, message = _TYPE_ERRORS.get((wanted or ["null"])[0], ("BASE_TYPE_BAD_TYPE", "{}"))
        return FieldError(".".join(path), code, message.format(value))
    bounds = _bounds(error, keyword)
    if bounds is not None:  # Discord names both ends of a length bounded on both sides
        message = "Must be between {} and {} in length.".format(*bounds)
        return FieldError(".".join(path), "BASE_TYPE_BAD_LENGTH", message)
    wording = _WORDING.get(keyword)
    if wording is None:
        return FieldError(".".join(path), "BASE_TYPE_INVALID", error.message)
    shown = ", ".join(map(str, limit)) if keyword == "enum" else limit
    return FieldError(".".join(path), wording[0], wording[1].format(shown))


def _bounds(error: ValidationError, keyword: str) -> tuple[int, int] | None:
    """A length's two bounds, when the failed keyword is one of a pair."""
    pairs = {"minLength": "maxLength", "maxLength": "minLength"}
    pairs |= {"minItems": "maxItems", "maxItems": "minItems"}
    other = pairs.get(keyword)
    schema = _any(error.schema)
    if other is None or not isinstance(schema, dict) or other not in schema:
        return None
    low, high = sorted((int(schema[keyword]), int(schema[other])))
    return low, high


def _any(value: object) -> Any:
    """A validation error's keyword value, whatever jsonschema's stubs say it may be."""
    return value
