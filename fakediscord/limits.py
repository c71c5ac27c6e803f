"""Discord's payload limits, checked the way Discord checks them (400 50035 with field paths)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from .errors import FieldError
from .model import COMPONENTS_V2

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_FILES = 10
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_V2_COMPONENTS = 40
MAX_OPTIONS = 25
MAX_TEXT_DISPLAY = 4000
"""Components V2: the characters of all Text Displays of one message together."""
MAX_SECTION_TEXTS = 3
MAX_GALLERY_ITEMS = 10
MAX_MEDIA_DESCRIPTION = 1024
MAX_ACCENT_COLOR = 0xFFFFFF
SECTION_ACCESSORIES = (2, 11)
"""A Section's one accessory: a Button or a Thumbnail."""
SEPARATOR_SPACINGS = (1, 2)
TEXT_DISPLAY = 10
EMBED_LIMITS = {"title": 256, "description": 4096}
FIELD_LIMITS = {"name": 256, "value": 1024}
SELECT_TYPES = {3, 5, 6, 7, 8}
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")

Problems = list[FieldError]
Flat = list[tuple[str, dict[str, Any]]]
"""Every component of a message, depth first, with its Discord error path."""


def too_long(path: str, limit: int) -> FieldError:
    """Discord's BASE_TYPE_MAX_LENGTH."""
    return FieldError(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def bad_length(path: str, low: int, high: int) -> FieldError:
    """Discord's BASE_TYPE_BAD_LENGTH."""
    return FieldError(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def check_message(payload: dict[str, Any], flags: int) -> Problems:
    """Content, embed and component limits of a create or edit payload."""
    problems: Problems = []
    content = payload.get("content") or ""
    if len(content) > MAX_CONTENT:
        problems.append(too_long("content", MAX_CONTENT))
    problems += check_embeds(payload.get("embeds") or [])
    v2 = bool(flags & COMPONENTS_V2)
    if v2 and (content or payload.get("embeds")):
        field_name = "content" if content else "embeds"
        problems.append(
            FieldError(
                field_name,
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' and 'embeds' fields cannot be used with components v2.",
            )
        )
    problems += check_components(payload.get("components") or [], v2)
    return problems


def check_embeds(embeds: list[dict[str, Any]]) -> Problems:
    """Count, per-field lengths and the 6000-character total."""
    problems: Problems = []
    if len(embeds) > MAX_EMBEDS:
        problems.append(too_long("embeds", MAX_EMBEDS))
    for i, embed in enumerate(embeds):
        for key, limit in EMBED_LIMITS.items():
            if len(embed.get(key) or "") > limit:
                problems.append(too_long(f"embeds.{i}.{key}", limit))
        for j, fld in enumerate(embed.get("fields") or []):
            for key, limit in FIELD_LIMITS.items():
                if len(fld.get(key) or "") > limit:
                    problems.append(too_long(f"embeds.{i}.fields.{j}.{key}", limit))
    if sum(embed_text(e) for e in embeds) > MAX_EMBED_TOTAL:
        problems.append(
            FieldError(
                "embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
            )
        )
    return problems


def embed_text(embed: dict[str, Any]) -> int:
    """Characters Discord counts toward the 6000 total."""
    parts = [embed.get("title"), embed.get("description")]
    parts += [(embed.get("footer") or {}).get("text"), (embed.get("author") or {}).get("name")]
    for fld in embed.get("fields") or []:
        parts += [fld.get("name"), fld.get("value")]
    return sum(len(p or "") for p in parts)


def check_components(components: list[dict[str, Any]], v2: bool) -> Problems:
    """Layout (rows, widths) plus every item's own limits and custom_id uniqueness."""
    flat = _with_paths(components, "components")
    problems = check_v2_layout(flat) if v2 else check_rows(components)
    seen: set[str] = set()
    for path, comp in flat:
        problems += check_item(path, comp)
        custom_id = comp.get("custom_id")
        if isinstance(custom_id, str) and custom_id in seen:
            problems.append(
                FieldError(
                    f"{path}.custom_id",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            )
        if isinstance(custom_id, str):
            seen.add(custom_id)
    return problems


def check_rows(components: list[dict[str, Any]]) -> Problems:
    """Classic messages: ≤ 5 action rows, each 1–5 buttons or exactly one select."""
    problems: Problems = []
    if len(components) > MAX_ROWS:
        problems.append(too_long("components", MAX_ROWS))
    for i, row in enumerate(components):
        if row.get("type") != 1:
            msg = 'Value of field "type" must be one of (1,).'
            problems.append(FieldError(f"components.{i}.type", "BASE_TYPE_CHOICES", msg))
            continue
        problems += check_row(f"components.{i}", row)
    return problems


def check_row(path: str, row: dict[str, Any]) -> Problems:
    """One action row's width."""
    children = row.get("components") or []
    if not 1 <= len(children) <= MAX_ROW_BUTTONS:
        return [bad_length(f"{path}.components", 1, MAX_ROW_BUTTONS)]
    if any(c.get("type") in SELECT_TYPES for c in children) and len(children) > 1:
        msg = "The specified component exceeds the maximum width"
        return [FieldError(f"{path}.components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", msg)]
    return []


def check_v2_layout(flat: Flat) -> Problems:
    """Components V2 (every component of the message with its path): at most 40 components and
    4,000 characters of Text Display in total, ids unique, rows keep their width rules, and
    each layout or media component its own."""
    problems: Problems = []
    if len(flat) > MAX_V2_COMPONENTS:
        problems.append(too_long("components", MAX_V2_COMPONENTS))
    problems += check_text_total(flat) + check_unique_ids(flat)
    for path, comp in flat:
        rule = _V2_RULES.get(comp.get("type"))
        if rule is not None:
            problems += rule(path, comp)
    return problems


def check_text_total(flat: Flat) -> Problems:
    """The text of every Text Display in the message, together, within 4,000 characters."""
    texts = (c.get("content") for _, c in flat if c.get("type") == TEXT_DISPLAY)
    if sum(len(t) for t in texts if isinstance(t, str)) <= MAX_TEXT_DISPLAY:
        return []
    msg = f"The text of all Text Display components must be {MAX_TEXT_DISPLAY} or fewer in length."
    return [FieldError("components", "MAX_TEXT_DISPLAY_CONTENT_EXCEEDED", msg)]


def check_unique_ids(flat: Flat) -> Problems:
    """A component ``id``, where given, names one component of the message."""
    problems: Problems = []
    seen: set[Any] = set()
    for path, comp in flat:
        ident = comp.get("id")
        if ident is not None and ident in seen:
            msg = "Component id must be unique within the message"
            problems.append(FieldError(f"{path}.id", "COMPONENT_ID_DUPLICATED", msg))
        elif ident is not None:
            seen.add(ident)
    return problems


def check_section(path: str, comp: dict[str, Any]) -> Problems:
    """A Section: 1–3 Text Displays and exactly one accessory, a Button or a Thumbnail."""
    texts = comp.get("components") or []
    problems = (
        []
        if 1 <= len(texts) <= MAX_SECTION_TEXTS
        else [bad_length(f"{path}.components", 1, MAX_SECTION_TEXTS)]
    )
    for i, text in enumerate(texts):
        if text.get("type") != TEXT_DISPLAY:
            problems.append(choices(f"{path}.components.{i}.type", (TEXT_DISPLAY,)))
    accessory = comp.get("accessory")
    if not isinstance(accessory, dict):
        problems.append(
            FieldError(f"{path}.accessory", "BASE_TYPE_REQUIRED", "This field is required")
        )
    elif accessory.get("type") not in SECTION_ACCESSORIES:
        problems.append(choices(f"{path}.accessory.type", SECTION_ACCESSORIES))
    return problems


def check_gallery(path: str, comp: dict[str, Any]) -> Problems:
    """A Media Gallery: 1–10 items, each description within 1,024 characters."""
    items = comp.get("items") or []
    problems = (
        []
        if 1 <= len(items) <= MAX_GALLERY_ITEMS
        else [bad_length(f"{path}.items", 1, MAX_GALLERY_ITEMS)]
    )
    for i, item in enumerate(items):
        problems += check_description(f"{path}.items.{i}", item)
    return problems


def check_description(path: str, media: dict[str, Any]) -> Problems:
    """A Thumbnail's or gallery item's alt text: at most 1,024 characters."""
    if len(media.get("description") or "") <= MAX_MEDIA_DESCRIPTION:
        return []
    return [too_long(f"{path}.description", MAX_MEDIA_DESCRIPTION)]


def check_container(path: str, comp: dict[str, Any]) -> Problems:
    """A Container's accent colour is an RGB integer, 0 to 0xFFFFFF."""
    color = comp.get("accent_color")
    if color is None or (isinstance(color, int) and 0 <= color <= MAX_ACCENT_COLOR):
        return []
    msg = f"int value should be between 0 and {MAX_ACCENT_COLOR}."
    return [FieldError(f"{path}.accent_color", "NUMBER_TYPE_OUT_OF_RANGE", msg)]


def check_separator(path: str, comp: dict[str, Any]) -> Problems:
    """A Separator's spacing: 1 (small) or 2 (large)."""
    spacing = comp.get("spacing")
    if spacing is None or spacing in SEPARATOR_SPACINGS:
        return []
    return [choices(f"{path}.spacing", SEPARATOR_SPACINGS)]


def choices(path: str, allowed: tuple[int, ...]) -> FieldError:
    """Discord's BASE_TYPE_CHOICES."""
    listed = ", ".join(map(str, allowed))
    return FieldError(path, "BASE_TYPE_CHOICES", f"Value must be one of ({listed}).")


_V2_RULES: dict[Any, Callable[[str, dict[str, Any]], Problems]] = {
    1: check_row,
    9: check_section,
    11: check_description,
    12: check_gallery,
    14: check_separator,
    17: check_container,
}


def check_item(path: str, comp: dict[str, Any]) -> Problems:
    """Limits of a single button, select or text input."""
    problems: Problems = []
    custom_id = comp.get("custom_id")
    if custom_id is not None and not 1 <= len(custom_id) <= 100:
        problems.append(bad_length(f"{path}.custom_id", 1, 100))
    if comp.get("type") == 2:
        problems += check_button(path, comp)
    elif comp.get("type") in SELECT_TYPES:
        problems += check_select(path, comp)
    return problems


def check_button(path: str, comp: dict[str, Any]) -> Problems:
    """Label length; link buttons need a url and no custom_id; others the reverse."""
    problems: Problems = []
    if len(comp.get("label") or "") > 80:
        problems.append(too_long(f"{path}.label", 80))
    style = comp.get("style")
    if style == 5 and (not comp.get("url") or comp.get("custom_id") is not None):
        msg = "A link button needs a url and no custom_id"
        problems.append(FieldError(f"{path}.url", "BUTTON_COMPONENT_INVALID_URL", msg))
    elif style in (1, 2, 3, 4) and (comp.get("custom_id") is None or comp.get("url")):
        msg = "A custom id is required and a url is not allowed"
        problems.append(FieldError(f"{path}.custom_id", "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED", msg))
    if style != 6 and not comp.get("label") and not comp.get("emoji"):
        msg = "A label or an emoji is required"
        problems.append(FieldError(f"{path}.label", "BUTTON_COMPONENT_LABEL_REQUIRED", msg))
    return problems


def check_select(path: str, comp: dict[str, Any]) -> Problems:
    """Placeholder, option count and option text lengths, min/max values."""
    problems: Problems = []
    if comp.get("custom_id") is None:
        problems.append(bad_length(f"{path}.custom_id", 1, 100))
    if len(comp.get("placeholder") or "") > 150:
        problems.append(too_long(f"{path}.placeholder", 150))
    options = comp.get("options") or []
    if comp.get("type") == 3 and not 1 <= len(options) <= MAX_OPTIONS:
        problems.append(bad_length(f"{path}.options", 1, MAX_OPTIONS))
    for j, option in enumerate(options):
        for key in ("label", "value", "description"):
            if len(option.get(key) or "") > 100:
                problems.append(too_long(f"{path}.options.{j}.{key}", 100))
    low, high = comp.get("min_values", 1), comp.get("max_values", 1)
    top = len(options) if comp.get("type") == 3 else MAX_OPTIONS
    if not 0 <= low <= high <= max(1, min(top, MAX_OPTIONS)):
        msg = "min_values/max_values out of range"
        problems.append(FieldError(f"{path}.max_values", "BASE_TYPE_BAD_INT", msg))
    return problems


def _with_paths(components: list[dict[str, Any]], prefix: str) -> Flat:
    """Every component with its Discord error path."""
    out: Flat = []
    for i, comp in enumerate(components):
        path = f"{prefix}.{i}"
        out.append((path, comp))
        out += _with_paths(comp.get("components") or [], f"{path}.components")
        if isinstance(comp.get("accessory"), dict):
            out.append((f"{path}.accessory", comp["accessory"]))
    return out


def check_modal(data: dict[str, Any]) -> Problems:
    """A modal: custom_id 1–100, title ≤ 45, 1–5 top-level components."""
    problems: Problems = []
    if not 1 <= len(data.get("custom_id") or "") <= 100:
        problems.append(bad_length("data.custom_id", 1, 100))
    if not 1 <= len(data.get("title") or "") <= 45:
        problems.append(bad_length("data.title", 1, 45))
    if not 1 <= len(data.get("components") or []) <= 5:
        problems.append(bad_length("data.components", 1, 5))
    return problems


def check_commands(commands: list[dict[str, Any]]) -> Problems:
    """Command sync: ≤ 100 commands; names, descriptions and options within limits."""
    problems: Problems = []
    if len(commands) > 100:
        problems.append(too_long("commands", 100))
    for i, command in enumerate(commands):
        problems += check_command(str(i), command)
    return problems


def check_command(path: str, item: dict[str, Any], *, top: bool = True) -> Problems:
    """One command or option, recursively (context-menu commands have no description)."""
    problems: Problems = []
    name = item.get("name") or ""
    if not COMMAND_NAME.match(name) or name != name.lower():
        problems.append(FieldError(f"{path}.name", "APPLICATION_COMMAND_INVALID_NAME", name))
    if (not top or item.get("type", 1) == 1) and not 1 <= len(item.get("description") or "") <= 100:
        problems.append(bad_length(f"{path}.description", 1, 100))
    options = item.get("options") or []
    if len(options) > MAX_OPTIONS:
        problems.append(too_long(f"{path}.options", MAX_OPTIONS))
    if len(item.get("choices") or []) > MAX_OPTIONS:
        problems.append(too_long(f"{path}.choices", MAX_OPTIONS))
    for j, option in enumerate(options):
        problems += check_command(f"{path}.options.{j}", option, top=False)
    return problems


ATTACHMENT_URL: Final = "attachment://"


def unresolved_media(components: list[dict[str, Any]], filenames: set[str]) -> Problems:
    """Components V2 media that point at `attachment://<name>` must name a file the message
    has once the request is done: uploaded with it, or an attachment it keeps."""
    problems: Problems = []
    for path, comp in _with_paths(components, "components"):
        media = [(f"{path}.media", comp.get("media")), (f"{path}.file", comp.get("file"))]
        media += [(f"{path}.items.{i}.media", it.get("media")) for i, it in _items(comp)]
        for where, item in media:
            url = item.get("url") if isinstance(item, dict) else None
            if _unresolved(url, filenames):
                msg = f"{url} names no file of the message"
                problems.append(FieldError(f"{where}.url", "UNFURLED_MEDIA_INVALID", msg))
    return problems


def _unresolved(url: object, filenames: set[str]) -> bool:
    """An `attachment://` url whose file the message does not have."""
    if not isinstance(url, str) or not url.startswith(ATTACHMENT_URL):
        return False
    return url.removeprefix(ATTACHMENT_URL) not in filenames


def _items(comp: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """A media gallery's items with their indexes."""
    items = comp.get("items") if comp.get("type") == 12 else None
    return [(i, it) for i, it in enumerate(items or []) if isinstance(it, dict)]
