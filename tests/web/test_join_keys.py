"""Join keys (issue 33): bound beyond loopback, every request to the page's API carries a
member's key, and a key reads and acts as its member alone (Bo's key can't read Ana's
ephemerals or their images, nor act as her). On loopback no key is asked. The page
itself (its HTML, script and style) is served to anyone: it holds nothing private."""

from __future__ import annotations

import asyncio
import socket

import aiohttp
import pytest

from fakediscord.web.access import JoinKeys, is_loopback, link_host, network_address
from tests.web.served import PNG, served

API = (
    ("GET", "/world", None),
    ("GET", "/messages?channel=general&as=Bo", None),
    ("GET", "/attachments/1/0?as=Bo", None),
    ("GET", "/emojis/1.png", None),
    ("POST", "/slash", {"as": "Bo", "channel": "general", "command": "help"}),
    ("POST", "/component", {"as": "Bo", "message": "1", "custom_id": "x"}),
    ("POST", "/locale", {"as": "Bo", "locale": "nl"}),
)


async def test_on_loopback_no_key_is_asked_and_the_world_says_who_can_reach_it() -> None:
    async with served() as page:
        status, world = await page.call("GET", "/world")
        assert status == 200
        assert world["reach"] == {"loopback": True, "address": page.base.removeprefix("http://")}
        assert world["you"] is None
        status, _ = await page.call("GET", "/messages", channel="general", **{"as": "Ana"})
        assert status == 200


async def test_beyond_loopback_every_api_request_needs_a_members_key() -> None:
    async with served(exposed=True) as page:
        for method, path, body in API:
            for key in (None, "", "not-a-key", page.key("Bo")[:-1]):
                status, refused = await page.call(method, path, body, key=key)
                assert status == 403, (method, path, key)
                assert "join link" in refused["error"], refused
        for open_to_all in ("/play/", "/play/static/app.js", "/play/static/style.css"):
            async with page.http.get(page.base + open_to_all) as answer:
                assert answer.status == 200, open_to_all
                assert answer.headers["Referrer-Policy"] == "no-referrer"  # the key stays here
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused_socket:
            await page.http.ws_connect(page.base + "/play/api/events")
        assert refused_socket.value.status == 403


async def test_a_key_reads_as_its_member_alone() -> None:
    async with served(exposed=True) as page:
        ana, bo = page.member("Ana"), page.member("Bo")
        secret = page.ephemeral("Ana", "general", "Ana's sheet")
        status, world = await page.call("GET", "/world", key=page.key("Bo"))
        assert status == 200 and world["you"] == str(bo.id)
        assert world["reach"]["loopback"] is False

        status, shown = await page.call("GET", "/messages", key=page.key("Bo"), channel="general")
        assert status == 400  # no `as`: a key names its member, the request still says it
        query = {"channel": "general", "key": page.key("Bo")}
        status, shown = await page.call("GET", "/messages", **query, **{"as": "Bo"})
        assert status == 200 and shown["messages"] == []  # Ana's ephemeral isn't Bo's to see
        status, refused = await page.call("GET", "/messages", **query, **{"as": str(ana.id)})
        assert status == 403
        assert refused["error"] == "this join link is Bo's: it reads and acts as Bo only"
        status, hers = await page.call(
            "GET", "/messages", channel="general", key=page.key("Ana"), **{"as": "Ana"}
        )
        assert [m["content"] for m in hers["messages"]] == ["Ana's sheet"]

        image = f"{page.base}/play/api/attachments/{secret.id}/0"
        for member, key, expected in (
            ("Ana", "Bo", 403),  # Bo's key, as Ana: refused
            ("Bo", "Bo", 404),  # as Bo: not his to see
            ("Ana", "Ana", 200),  # hers
        ):
            url = f"{image}?as={page.member(member).id}&key={page.key(key)}"
            async with page.http.get(url) as answer:
                assert answer.status == expected, (member, key)
                if expected == 200:
                    assert await answer.read() == PNG


async def test_a_key_acts_as_its_member_alone() -> None:
    async with served(exposed=True) as page:
        secret = page.ephemeral("Ana", "general", "Ana's choice")
        bo_key = page.key("Bo")
        for path, body in (
            ("/slash", {"as": "Ana", "channel": "general", "command": "help"}),
            ("/component", {"as": "Ana", "message": str(secret.id), "custom_id": "x"}),
            ("/locale", {"as": "Ana", "locale": "nl"}),
        ):
            status, refused = await page.call("POST", path, body, key=bo_key)
            assert (status, refused["error"]) == (
                403,
                "this join link is Bo's: it reads and acts as Bo only",
            ), path
        assert page.member("Ana").locale != "nl"
        click = {"as": "Bo", "message": str(secret.id), "custom_id": "x"}
        status, refused = await page.call("POST", "/component", click, key=bo_key)
        assert status == 400 and "not yours to see" in refused["error"]
        status, done = await page.call("POST", "/locale", {"as": "Bo", "locale": "nl"}, key=bo_key)
        assert (status, done) == (200, {"ok": True})
        assert page.member("Bo").locale == "nl"


async def test_a_key_opens_the_events_socket() -> None:
    async with served(exposed=True) as page:
        url = f"{page.base}/play/api/events?key={page.key('Cas')}"
        async with page.http.ws_connect(url) as ws:
            body = {"as": "Cas", "locale": "es-ES"}
            assert (await page.call("POST", "/locale", body, key=page.key("Cas")))[0] == 200
            assert await asyncio.wait_for(ws.receive_json(), 5) == {"type": "world"}


def test_keys_are_long_random_and_each_names_one_member() -> None:
    keys = JoinKeys.fresh([1, 2, 3])
    assert len(set(keys.by_member.values())) == 3
    assert all(len(key) >= 22 for key in keys.by_member.values())  # >= 128 bits, URL-safe
    assert keys.holder(keys.by_member[2]) == 2
    for wrong in ("", keys.by_member[2][:-1], keys.by_member[2] + "x", "é"):
        assert keys.holder(wrong) is None
    assert keys.by_member[1] not in repr(keys)  # a log line never shows one


def test_what_is_loopback_and_the_address_others_reach() -> None:
    for here in ("127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost", "LOCALHOST"):
        assert is_loopback(here), here
    for beyond in ("0.0.0.0", "::", "192.168.1.5", "example.com", ""):
        assert not is_loopback(beyond), beyond
    assert link_host("192.168.1.5") == "192.168.1.5"
    assert link_host("0.0.0.0") not in ("0.0.0.0", "")  # the machine's address on its network


def test_the_network_address_is_one_this_machine_has() -> None:
    """The join links name an address of this machine (else they'd lead nowhere)."""
    with socket.socket() as probe:
        probe.bind((network_address(), 0))  # only an own address binds
