"""`tablero play` without a browser: the command serves the page and its API, starts the
unmodified bot beside the embedded Discord, and a member's slash command and clicks reach the
bot as interactions; what the page is given is what the bot sent (ephemeral messages only to
their member). The browser tests drive the same API through the page (tests/web/)."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.playing import START_S, Play, running_play


@pytest.fixture
async def play(tmp_path: Path) -> AsyncIterator[Play]:
    async with running_play(tmp_path) as running:
        yield running


def _walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, through rows and containers (Components V2)."""
    found = []
    for component in components:
        found += [component, *_walk(component.get("components", []))]
    return found


def _button(message: dict[str, Any], verb: str) -> str:
    ids = [
        str(button.get("custom_id"))
        for button in _walk(message["components"])
        if button.get("type") == 2 and verb in str(button.get("custom_id"))
    ]
    assert ids, f"no {verb} button on {message['id']}"
    return ids[0]


async def test_a_keer_lobby_and_its_table_through_the_page_api(play: Play) -> None:
    world = await play.get("/play/api/world")
    channel = next(c["id"] for c in world["channels"] if c["name"] == "keer")
    assert [m["name"] for m in world["members"]] == ["Ana", "Bo", "Cas", "Dee"]

    await play.until("the bot to connect", play.online)
    names = {c["name"] for c in (await play.get("/play/api/world"))["commands"]}
    assert {"keer", "kero", "help"} <= names  # synced before the bot connects
    status, answer = await play.post(
        "/play/api/slash", {"as": "Ana", "channel": channel, "command": "keer start"}
    )
    assert (status, answer) == (200, {"ok": True, "ephemeral": False})
    (lobby,) = await play.messages(channel, "Ana")
    for member, verb in (("Bo", ":join"), ("Ana", ":ai"), ("Ana", ":start")):
        lobby = next(m for m in await play.messages(channel, "Ana") if m["id"] == lobby["id"])
        body = {"as": member, "message": lobby["id"], "custom_id": _button(lobby, verb)}
        assert await play.post("/play/api/component", body) == (
            200,
            {"ok": True, "ephemeral": False},
        )

    async def table() -> Any:
        shown = await play.messages(channel, "Ana")
        return next((m for m in shown if m["attachments"] and ":roll" in json.dumps(m)), None)

    board = await play.until("the table with its Roll button", table)
    image = board["attachments"][0]
    assert image["description"]  # the alt text
    async with play.http.get(play.base + image["url"]) as png:
        assert png.status == 200 and (await png.read())[:8] == b"\x89PNG\r\n\x1a\n"

    stale = {"as": "Cas", "message": board["id"], "custom_id": _button(board, ":roll")}
    status, refused = await play.post("/play/api/component", stale)
    assert (status, refused) == (200, {"ok": True, "ephemeral": True})  # Cas has no seat
    mine = [m for m in await play.messages(channel, "Cas") if m["flags"] & 64]
    assert mine and not [m for m in await play.messages(channel, "Bo") if m["flags"] & 64]

    for bad in (
        "/play/api/attachments/x/0",
        f"/play/api/attachments/{board['id']}/9",
        f"/play/api/attachments/{board['id']}/0",  # seen by nobody named: served to nobody
    ):
        async with play.http.get(play.base + bad) as missing:
            assert missing.status == 404, bad
    ids = {m["name"]: m["id"] for m in (await play.get("/play/api/world"))["members"]}
    sheet = {"as": "Bo", "message": board["id"], "custom_id": _button(board, ":sheet")}
    assert await play.post("/play/api/component", sheet) == (200, {"ok": True, "ephemeral": True})

    async def bos_sheet() -> Any:
        shown = await play.messages(channel, "Bo")
        return next((m for m in shown if m["flags"] & 64 and m["attachments"]), None)

    url = (await play.until("Bo's sheet", bos_sheet))["attachments"][0]["url"]
    async with play.http.get(play.base + url) as own:
        assert own.status == 200  # Bo's own sheet, to Bo
    async with play.http.get(
        play.base + url.replace(f"as={ids['Bo']}", f"as={ids['Ana']}")
    ) as hers:
        assert hers.status == 404  # an ephemeral's image to its recipient alone
    status, wrong = await play.post("/play/api/component", {**stale, "message": "1"})
    assert status == 400 and "gone" in wrong["error"]
    status, wrong = await play.post("/play/api/slash", {"as": "Zed", "channel": channel})
    assert status == 400 and "no member" in wrong["error"]


async def test_the_pages_port_serves_the_page_never_the_bots_api(play: Play) -> None:
    """The embedded Discord's bot API and gateway are on a loopback port of their own, behind
    the run's token: whoever reaches the page can't post as the bot or hear the clicks."""
    await play.until("the bot to connect", play.online)
    for path in ("/api/v10/gateway", "/api/v10/users/@me", "/gateway-ws"):
        async with play.http.get(play.base + path) as answer:
            assert answer.status == 404, path
    body = {"content": "@everyone FAKE"}
    async with play.http.post(play.base + "/api/v10/channels/1/messages", json=body) as answer:
        assert answer.status in (404, 405)


async def test_the_page_hears_of_every_change_and_play_stops_on_sigterm(play: Play) -> None:
    world = await play.get("/play/api/world")
    channel = next(c["id"] for c in world["channels"] if c["name"] == "kero")
    events: list[dict[str, Any]] = []
    async with play.http.ws_connect(play.base.replace("http", "ws") + "/play/api/events") as ws:
        await play.until("the bot to connect", play.online)
        body = {"as": "Dee", "channel": channel, "command": "help"}
        status, answer = await play.post("/play/api/slash", body)
        assert status == 200 and answer["ok"], answer
        while {"type": "changed"} not in events:  # the help page posted (after the sync's
            events.append(await asyncio.wait_for(ws.receive_json(), 5))  # "world", maybe)
    assert set(map(json.dumps, events)) <= {'{"type": "changed"}', '{"type": "world"}'}
    assert await play.post("/play/api/locale", {"as": "Dee", "locale": "nl"}) == (200, {"ok": True})
    assert {m["name"]: m["locale"] for m in (await play.get("/play/api/world"))["members"]}[
        "Dee"
    ] == "nl"

    play.process.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(play.process.wait(), 20) == 0
    assert play.started_s < START_S


def test_a_taken_port_is_one_line_and_starts_nothing(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = subprocess.run(
            [sys.executable, "-m", "bot", "play", "--no-browser", "--port", port],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith(f"tablero play: cannot serve on 127.0.0.1:{port}: ")
    assert "Traceback" not in done.stderr and not (tmp_path / "data").exists()


async def test_with_threads_on_a_match_plays_in_its_thread_listed_under_its_channel(
    play: Play,
) -> None:
    await play.until("the bot to connect", play.online)
    world = await play.get("/play/api/world")
    channel = next(c["id"] for c in world["channels"] if c["name"] == "general")
    on = {"as": "Ana", "channel": channel, "command": "settings threads", "options": {"mode": "on"}}
    assert (await play.post("/play/api/slash", on))[0] == 200
    start = {"as": "Ana", "channel": channel, "command": "keer start"}
    assert (await play.post("/play/api/slash", start))[0] == 200
    (lobby,) = [m for m in await play.messages(channel, "Ana") if m["components"]]
    for member, verb in (("Bo", ":join"), ("Ana", ":start")):
        click = {"as": member, "message": lobby["id"], "custom_id": _button(lobby, verb)}
        assert (await play.post("/play/api/component", click))[0] == 200

    async def thread() -> Any:
        channels = (await play.get("/play/api/world"))["channels"]
        return next((c for c in channels if c["parent_id"] == channel and c["type"] == 11), None)

    found = await play.until("the match's thread", thread)

    async def table() -> bool:  # the match, in its thread, as Bo sees it
        shown = await play.messages(found["id"], "Bo")
        return any(":roll" in json.dumps(m["components"]) for m in shown)

    assert await play.until("the table in the thread", table)


async def test_only_the_page_itself_may_drive_its_api(play: Play) -> None:
    """Another site (CSRF), a rebound host name (DNS rebinding) or a form can't act for a
    member or listen to the events; malformed and oversized bodies are a 4xx, never a 500."""
    body = {"as": "Dee", "channel": "general", "command": "help"}
    api, http = play.base + "/play/api", play.http
    async with http.get(play.base + "/play/") as page:
        assert page.headers["Content-Security-Policy"] == "frame-ancestors 'none'"
    async with http.get(api + "/world", headers={"Host": "evil.example"}) as rebound:
        assert rebound.status == 421
    async with http.post(
        api + "/slash", json=body, headers={"Origin": "http://evil.example"}
    ) as other:
        assert other.status == 403
    async with http.post(api + "/slash", data="as=Dee&command=help") as form:
        assert form.status == 415
    nested = "[" * 30_000 + "]" * 30_000  # under the size limit, past the parser's depth
    async with http.post(
        api + "/slash", data=nested, headers={"Content-Type": "application/json"}
    ) as deep:
        assert deep.status == 400
    async with http.post(api + "/slash", json={"pad": "x" * 100_000}) as big:
        assert big.status == 413
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await http.ws_connect(
            play.base.replace("http", "ws") + "/play/api/events",
            headers={"Origin": "http://evil.example"},
        )
    assert refused.value.status == 403
    origin = {"Origin": play.base}
    async with http.post(api + "/locale", json={"as": "Dee", "locale": "nl"}, headers=origin) as ok:
        assert ok.status == 200  # the page's own origin


async def test_beyond_loopback_play_prints_a_join_link_per_member_and_asks_its_key(
    tmp_path: Path,
) -> None:
    """`--host 0.0.0.0`: anyone on the network reaches the page, so each member gets a link of
    their own, and the API answers only a member's key, as that member alone."""
    async with running_play(tmp_path, "--host", "0.0.0.0") as play:

        async def links() -> dict[str, str] | None:
            found = re.findall(r"^tablero play: {3}(\w+): (\S+)$", "".join(play.output), re.M)
            return dict(found) if len(found) == 4 else None

        by_member = await play.until("the join links", links)
        keys = {name: link.rsplit("key=", 1)[1] for name, link in by_member.items()}
        assert list(keys) == ["Ana", "Bo", "Cas", "Dee"] and len(set(keys.values())) == 4
        assert by_member["Bo"] == f"{play.base}/play/?as=Bo&key={keys['Bo']}"
        async with play.http.get(play.base + "/play/api/world") as keyless:
            assert keyless.status == 403 and "join link" in (await keyless.json())["error"]
        world = await play.get("/play/api/world", key=keys["Bo"])
        bo = next(m["id"] for m in world["members"] if m["name"] == "Bo")
        assert world["you"] == bo and world["reach"]["loopback"] is False
        assert world["reach"]["address"] == play.base.removeprefix("http://")
        query = {"channel": "general", "as": "Ana", "key": keys["Bo"]}
        async with play.http.get(play.base + "/play/api/messages", params=query) as hers:
            assert hers.status == 403
