"""The double checks every REST body against Discord's published schema, and the Components V2
rules the schema lacks by hand: a refused body is 400 50035 with the error at the field."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import TableroBot
from fakediscord import FakeDiscord
from fakediscord.model import COMPONENTS_V2, Upload
from fakediscord.schema import SchemaCheck, available
from tests.bot.conftest import Server
from tests.bot.keer_driver import live_here, play_roll, start_match
from tests.bot.kero_driver import KeroDriver

V2 = COMPONENTS_V2
MESSAGES = "POST /channels/{channel_id}/messages"


def post(fake: FakeDiscord, payload: Any) -> tuple[int, Any]:
    """POST a message body to a fresh channel of ``fake``."""
    chan = fake.add_channel(fake.add_guild("Schema"), "general")
    return fake.handle("POST", f"/channels/{chan.id}/messages", payload)


def errors_at(body: dict[str, Any], path: str) -> list[dict[str, str]]:
    """The ``_errors`` Discord nests at a dotted path of an Invalid Form Body answer."""
    node = body["errors"]
    for part in path.split("."):
        assert part in node, f"no error under {part!r} of {path!r}: {body['errors']}"
        node = node[part]
    errors: list[dict[str, str]] = node["_errors"]
    return errors


def text(content: str, **extra: Any) -> dict[str, Any]:
    """A Text Display."""
    return {"type": 10, "content": content, **extra}


def button(custom_id: str = "go", **extra: Any) -> dict[str, Any]:
    """A primary button."""
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id, **extra}


def thumbnail(**extra: Any) -> dict[str, Any]:
    """A Thumbnail of an attached image."""
    return {"type": 11, "media": {"url": "attachment://a.png"}, **extra}


def v2(*components: dict[str, Any]) -> dict[str, Any]:
    """A Components V2 message body."""
    return {"flags": V2, "components": list(components)}


def test_the_schema_check_is_on_in_the_tests() -> None:
    # The suite never runs without it: jsonschema is a dev dependency.
    assert available() and FakeDiscord().schema.active


SCHEMA_REFUSES: dict[str, tuple[Any, str]] = {
    "a button style that is a word": (
        {"components": [{"type": 1, "components": [button(style="big")]}]},
        "components.0.components.0.style",
    ),
    "content of the wrong type": ({"content": 42}, "content"),
    "an unknown component type": ({"components": [{"type": 99}]}, "components.0.type"),
    "a row without its components": ({"components": [{"type": 1}]}, "components.0.components"),
    "a field deep inside a V2 container": (
        v2({"type": 17, "components": [text("hi"), {"type": 14, "spacing": 3}]}),
        "components.0.components.1.spacing",
    ),
    "an empty Text Display in a section": (
        v2({"type": 9, "components": [text("")], "accessory": button()}),
        "components.0.components.0.content",
    ),
    "an embed title of the wrong type": ({"embeds": [{"title": ["t"]}]}, "embeds.0.title"),
}


@pytest.mark.parametrize("case", list(SCHEMA_REFUSES))
def test_the_schema_refuses_a_bad_body_at_the_field(case: str) -> None:
    payload, path = SCHEMA_REFUSES[case]
    fake = FakeDiscord()
    status, body = post(fake, payload)
    assert (status, body["code"], body["message"]) == (400, 50035, "Invalid Form Body")
    assert errors_at(body, path)
    [refused] = fake.schema.violations
    assert refused.startswith(MESSAGES) and path in refused
    assert fake.schema.checked[MESSAGES] == 1 and len(fake.violations) == 1


def test_the_schema_checks_callbacks_and_webhook_bodies_too() -> None:
    fake = FakeDiscord()
    bad = {"type": 4, "data": {"components": [{"type": 1, "components": [button(style="x")]}]}}
    status, body = fake.handle("POST", "/interactions/1/token/callback", bad)
    assert status == 400 and errors_at(body, "data.components.0.components.0.style")
    status, body = fake.handle("PATCH", "/webhooks/1/token/messages/@original", {"content": 7})
    assert status == 400 and errors_at(body, "content")
    assert set(fake.schema.checked) == {
        "POST /interactions/{interaction_id}/{interaction_token}/callback",
        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
    }


def test_a_good_body_passes_and_is_counted() -> None:
    fake = FakeDiscord()
    payload = v2(
        {"type": 17, "accent_color": 0xFFFFFF, "components": [text("a" * 4000)]},
        {"type": 1, "components": [button()]},
    )
    status, _ = post(fake, payload)
    assert status == 200 and fake.violations == [] and fake.schema.checked[MESSAGES] == 1


def test_without_jsonschema_the_double_skips_the_schema() -> None:
    fake = FakeDiscord()
    fake.schema = SchemaCheck(active=False)  # what a plain install of `tablero play` has
    status, _ = post(fake, {"content": "hello", "nonce": ["not", "a", "nonce"]})
    assert status == 200 and not fake.schema.checked


# -- Components V2 rules the double keeps by hand ------------------------------------------


def test_a_v2_message_with_content_is_refused() -> None:
    fake = FakeDiscord()
    status, body = post(fake, {**v2(text("hi")), "content": "legacy"})
    assert status == 400
    [error] = errors_at(body, "content")
    assert error["code"] == "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"


def test_more_than_4000_characters_of_text_display_are_refused() -> None:
    fake = FakeDiscord()
    status, body = post(fake, v2(text("a" * 2000), {"type": 17, "components": [text("b" * 2001)]}))
    assert status == 400 and fake.schema.violations == []  # each text alone is within the schema
    [error] = errors_at(body, "components")
    assert error["code"] == "MAX_TEXT_DISPLAY_CONTENT_EXCEEDED"
    assert post(fake, v2(text("a" * 2000), text("b" * 2000)))[0] == 200


V2_RULES: dict[str, tuple[dict[str, Any], str]] = {
    "a section with four texts": (
        v2({"type": 9, "components": [text(str(i)) for i in range(4)], "accessory": button()}),
        "components.0.components",
    ),
    "a section without an accessory": (
        v2({"type": 9, "components": [text("hi")]}),
        "components.0.accessory",
    ),
    "a section whose accessory is text": (
        v2({"type": 9, "components": [text("hi")], "accessory": text("no")}),
        "components.0.accessory.type",
    ),
    "a gallery of eleven items": (
        v2({"type": 12, "items": [{"media": {"url": f"attachment://{i}.png"}} for i in range(11)]}),
        "components.0.items",
    ),
    "an empty gallery": (v2({"type": 12, "items": []}), "components.0.items"),
    "a gallery item's long description": (
        v2(
            {
                "type": 12,
                "items": [{"media": {"url": "attachment://a.png"}, "description": "d" * 1025}],
            }
        ),
        "components.0.items.0.description",
    ),
    "a thumbnail's long description": (
        v2({"type": 9, "components": [text("hi")], "accessory": thumbnail(description="d" * 1025)}),
        "components.0.accessory.description",
    ),
    "a negative accent colour": (
        v2({"type": 17, "accent_color": -1, "components": [text("hi")]}),
        "components.0.accent_color",
    ),
    "an accent colour above 0xFFFFFF": (
        v2({"type": 17, "accent_color": 0x1000000, "components": [text("hi")]}),
        "components.0.accent_color",
    ),
    "a separator's spacing of 3": (v2({"type": 14, "spacing": 3}), "components.0.spacing"),
}


@pytest.mark.parametrize("schema", [True, False], ids=["with the schema", "by hand"])
@pytest.mark.parametrize("case", list(V2_RULES))
def test_components_v2_rules_refuse_at_the_field(case: str, schema: bool) -> None:
    payload, path = V2_RULES[case]
    fake = FakeDiscord()
    fake.schema = SchemaCheck(active=schema)
    status, body = post(fake, payload)
    assert (status, body["code"]) == (400, 50035)
    assert errors_at(body, path)
    assert len(fake.schema.violations) == (1 if schema else 0)


def test_component_ids_are_unique_within_a_message() -> None:
    fake = FakeDiscord()
    status, body = post(fake, v2(text("a", id=7), {"type": 17, "components": [text("b", id=7)]}))
    assert status == 400 and fake.schema.violations == []
    [error] = errors_at(body, "components.1.components.0.id")
    assert error["code"] == "COMPONENT_ID_DUPLICATED"
    assert post(fake, v2(text("a", id=7), text("b", id=8), text("c")))[0] == 200


# -- the product's own requests ------------------------------------------------------------


def assert_checked_clean(fake: FakeDiscord, *operations: str) -> None:
    """The schema saw each operation, many requests in all, and refused none."""
    assert fake.schema.active and fake.schema.violations == []
    assert all(fake.schema.checked[op] > 0 for op in operations), fake.schema.checked
    assert sum(fake.schema.checked.values()) > 20, fake.schema.checked


async def test_a_keer_match_sends_only_bodies_the_schema_accepts(
    server: Server, bot: TableroBot
) -> None:
    live = await start_match(server, bot, [], ais=1)
    for _ in range(200):
        if bot.runtime.service.matches.get(live.id) is not live:
            break
        await play_roll(server, bot, live)
    assert live.state.is_terminal()
    assert_checked_clean(
        server.fake,
        "PUT /applications/{application_id}/commands",
        "POST /interactions/{interaction_id}/{interaction_token}/callback",
        MESSAGES,
    )


async def test_a_kero_match_sends_only_bodies_the_schema_accepts(timed_server: Server) -> None:
    server = timed_server
    bot = await server.start_bot(ai_think_ms=1_500)
    await server.fake.slash(
        bot, server.ana, server.channel, "kero challenge", member=server.fake.bot
    )
    await server.fake.settle()
    live = live_here(bot, server)
    assert live is not None
    driver = KeroDriver(server, bot, live)
    for _ in range(3000):
        if not await driver.step() and live.id not in bot.runtime.service.matches:
            break
    assert live.state.is_terminal()
    assert_checked_clean(
        server.fake,
        "POST /interactions/{interaction_id}/{interaction_token}/callback",
        MESSAGES,
    )
    await server.fake.disconnect(bot)


def _card(url: str) -> list[dict[str, Any]]:
    """A V2 card showing one image."""
    gallery = {"type": 12, "items": [{"media": {"url": url}, "description": "the board"}]}
    return [{"type": 17, "components": [{"type": 10, "content": "Roll 1"}, gallery]}]


async def test_v2_media_must_name_a_file_the_message_has() -> None:
    fake = FakeDiscord()
    guild = fake.add_guild("Media")
    channel = fake.add_channel(guild, "games")
    route = f"/channels/{channel.id}/messages"
    body = {"flags": 1 << 15, "components": _card("attachment://table.png")}
    status, answer = fake.handle("POST", route, body)
    assert status == 400 and "components" in answer["errors"]
    png = Upload(0, "table.png", b"\x89PNG\r\n\x1a\n")
    body["attachments"] = [{"id": 0, "filename": "table.png"}]
    status, sent = fake.handle("POST", route, body, [png])
    assert status == 200
    edit = f"{route}/{sent['id']}"
    kept = {"components": _card("attachment://table.png")}  # no attachments: all kept
    assert fake.handle("PATCH", edit, kept)[0] == 200
    gone = {"components": _card("attachment://table.png"), "attachments": []}
    assert fake.handle("PATCH", edit, gone)[0] == 400
    other = {"components": _card("attachment://other.png")}
    assert fake.handle("PATCH", edit, other)[0] == 400
    fake.violations.clear()
