"""The double's application emoji (fakediscord/emojis.py): discord.py's own calls create, list,
rename and delete them under Discord's limits and error codes; a component may carry only a
custom emoji the bot may use; the play page serves each emoji's image."""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from fakediscord import FakeDiscord
from fakediscord.emojis import MAX_APP_EMOJIS, MAX_EMOJI_BYTES
from fakediscord.web.server import Playground

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64
"""Enough of a PNG for the double (it checks the signature, as a content sniffer would)."""


def data_uri(data: bytes = PNG, kind: str = "png") -> str:
    return f"data:image/{kind};base64,{base64.b64encode(data).decode()}"


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    made = FakeDiscord()
    yield made
    await made.close()


@pytest.fixture
async def client(fake: FakeDiscord) -> discord.Client:
    made = discord.Client(intents=discord.Intents.none())
    await fake.connect(made)
    return made


def post(fake: FakeDiscord, body: dict[str, Any], app: int | None = None) -> tuple[int, Any]:
    return fake.handle("POST", f"/applications/{app or fake.app_id}/emojis", body)


def errors_at(body: Any, *path: str) -> list[str]:
    node = body["errors"]
    for part in path:
        node = node[part]
    return [error["code"] for error in node["_errors"]]


async def test_discord_py_creates_lists_renames_and_deletes_application_emoji(
    fake: FakeDiscord, client: discord.Client
) -> None:
    made = await client.create_application_emoji(name="kero_brick_1a2b3c4d", image=PNG)
    assert made.is_application_owned() and made.name == "kero_brick_1a2b3c4d"
    assert fake.world.app_emojis[made.id].data == PNG
    listed = await client.fetch_application_emojis()
    assert [(e.id, e.name) for e in listed] == [(made.id, made.name)]
    assert str(listed[0]) == f"<:kero_brick_1a2b3c4d:{made.id}>"
    renamed = await made.edit(name="kero_brick")
    assert renamed.name == "kero_brick" == (await client.fetch_application_emoji(made.id)).name
    await made.delete()
    assert await client.fetch_application_emojis() == []
    with pytest.raises(discord.NotFound) as gone:
        await client.fetch_application_emoji(made.id)
    assert gone.value.code == 10014
    with pytest.raises(discord.NotFound):
        await made.delete()
    fake.violations.clear()  # the two 10014s were the point


async def test_names_and_images_are_held_to_discord_s_limits(fake: FakeDiscord) -> None:
    for name, code in (("a", "BASE_TYPE_BAD_LENGTH"), ("x" * 33, "BASE_TYPE_BAD_LENGTH")):
        status, body = post(fake, {"name": name, "image": data_uri()})
        assert (status, body["code"], errors_at(body, "name")) == (400, 50035, [code])
    status, body = post(fake, {"name": "no-dash", "image": data_uri()})
    assert errors_at(body, "name") == ["STRING_TYPE_REGEX"]
    assert post(fake, {"name": "ab", "image": data_uri()})[0] == 201
    assert post(fake, {"name": "x" * 32, "image": data_uri()})[0] == 201
    big = PNG + b"\0" * (MAX_EMOJI_BYTES - len(PNG) + 1)
    status, body = post(fake, {"name": "big", "image": data_uri(big)})
    assert (status, errors_at(body, "image")) == (400, ["BINARY_TYPE_MAX_SIZE"])
    exact = big[:-1]
    assert post(fake, {"name": "exact", "image": data_uri(exact)})[0] == 201
    assert post(fake, {"name": "none", "image": None})[0] == 400  # the schema's type check
    for image in ("not a data uri", data_uri(kind="bmp"), data_uri(b"GIF89a", "png")):
        status, body = post(fake, {"name": "odd", "image": image})
        assert (status, errors_at(body, "image")) == (400, ["IMAGE_INVALID"]), image
    assert post(fake, {"name": "gif", "image": data_uri(b"GIF89a...", "gif")})[0] == 201
    webp = data_uri(b"RIFF\0\0\0\0WEBPVP8 ", "webp")
    assert post(fake, {"name": "webp", "image": webp})[0] == 201
    status, body = post(fake, {"name": "ok_name", "image": data_uri(kind="bmp")})
    assert set(body["errors"]) == {"image"}
    # The schema's check answers before the double's own rules, so a body breaking both is
    # told the schema's problems only (Discord would list them all at once).
    status, body = post(fake, {"name": "z", "image": data_uri(kind="bmp")})
    assert status == 400 and "name" in body["errors"]
    fake.violations.clear()


async def test_a_name_is_taken_once_and_an_application_owns_at_most_2000(
    fake: FakeDiscord,
) -> None:
    assert post(fake, {"name": "dup", "image": data_uri()})[0] == 201
    status, body = post(fake, {"name": "dup", "image": data_uri()})
    assert (status, errors_at(body, "name")) == (400, ["APPLICATION_EMOJI_NAME_ALREADY_TAKEN"])
    first = next(iter(fake.world.app_emojis))
    other = post(fake, {"name": "other", "image": data_uri()})[1]
    route = f"/applications/{fake.app_id}/emojis/{other['id']}"
    status, body = fake.handle("PATCH", route, {"name": "dup"})
    assert (status, errors_at(body, "name")) == (400, ["APPLICATION_EMOJI_NAME_ALREADY_TAKEN"])
    assert fake.handle("PATCH", route, {"name": "other"})[0] == 200  # its own name again
    for n in range(MAX_APP_EMOJIS - 2):
        assert post(fake, {"name": f"e{n}", "image": data_uri()})[0] == 201
    status, body = post(fake, {"name": "one_more", "image": data_uri()})
    assert (status, body["code"]) == (400, 30008)
    assert fake.handle("DELETE", f"/applications/{fake.app_id}/emojis/{first}")[0] == 204
    assert post(fake, {"name": "one_more", "image": data_uri()})[0] == 201
    missing = f"/applications/{fake.app_id}/emojis/{first}"
    assert fake.handle("GET", missing)[1]["code"] == 10014
    assert fake.handle("PATCH", missing, {"name": "zz"})[1]["code"] == 10014
    status, body = post(fake, {"name": "theirs", "image": data_uri()}, app=fake.app_id + 1)
    assert (status, body["code"]) == (403, 50001)
    fake.violations.clear()


def button(emoji: dict[str, Any]) -> dict[str, Any]:
    return {"type": 2, "style": 2, "custom_id": "b", "emoji": emoji}


async def test_a_component_may_carry_only_an_emoji_the_bot_may_use(fake: FakeDiscord) -> None:
    guild = fake.add_guild("Emoji")
    channel = fake.add_channel(guild, "games")
    ours = post(fake, {"name": "keer_red_00000000", "image": data_uri()})[1]["id"]
    theirs = fake.add_guild_emoji(guild, "gg").id
    route = f"/channels/{channel.id}/messages"
    row = {"type": 1, "components": [button({"id": ours, "name": "keer_red_00000000"})]}
    assert fake.handle("POST", route, {"components": [row]})[0] == 200
    row = {"type": 1, "components": [button({"id": str(theirs), "name": "gg"})]}
    assert fake.handle("POST", route, {"components": [row]})[0] == 200
    row = {"type": 1, "components": [button({"name": "🟥"})]}  # Unicode: no id to know
    assert fake.handle("POST", route, {"components": [row]})[0] == 200
    unknown = {"type": 1, "components": [button({"id": "123", "name": "gone"})]}
    status, body = fake.handle("POST", route, {"components": [unknown]})
    assert (status, body["code"]) == (400, 50035)
    assert errors_at(body, "components", "0", "components", "0", "emoji", "id") == [
        "BUTTON_COMPONENT_INVALID_EMOJI"
    ]
    options = [
        {"label": "A", "value": "a"},
        {"label": "B", "value": "b", "emoji": {"id": "9", "name": "x"}},
    ]
    select = {"type": 1, "components": [{"type": 3, "custom_id": "s", "options": options}]}
    status, body = fake.handle("POST", route, {"components": [select]})
    path = ("components", "0", "components", "0", "options", "1", "emoji", "id")
    assert errors_at(body, *path) == ["BUTTON_COMPONENT_INVALID_EMOJI"]
    text = {"content": "<:gone:123> is only text"}
    assert fake.handle("POST", route, text)[0] == 200  # Discord shows it as written
    fake.violations.clear()


async def test_the_play_page_serves_each_emoji_s_image(fake: FakeDiscord) -> None:
    guild = fake.add_guild("Play")
    made = post(fake, {"name": "kero_flame_00000000", "image": data_uri()})[1]
    playground = Playground(fake, guild)
    async with (
        fake.loopback(routes=playground.add_routes) as server,
        aiohttp.ClientSession() as http,
    ):
        base = f"http://127.0.0.1:{server.port}/play/api/emojis"
        async with http.get(f"{base}/{made['id']}.png") as found:
            assert found.status == 200 and found.content_type == "image/png"
            assert await found.read() == PNG
        for missing in ("1", "x"):
            async with http.get(f"{base}/{missing}.png") as gone:
                assert gone.status == 404
