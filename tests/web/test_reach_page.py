"""Who can reach the play page, in Chromium (issue 33): another site the host opens can neither
act on the page's API nor read it; bound beyond loopback, a member's join link opens the page
as that member alone (Ana's ephemerals stay hers); and a banner says which of the two it is."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from playwright.async_api import Browser, Page, expect

from tests.playing import Play, running_play
from tests.web.conftest import DESKTOP, OpenPage
from tests.web.page_driver import slash

ATTEMPTS = """async ([base, channel, message, customId]) => {
  const json = { 'Content-Type': 'application/json' }, plain = { 'Content-Type': 'text/plain' };
  const slash = JSON.stringify({ as: 'Dee', channel, command: 'help' });
  const click = JSON.stringify({ as: 'Bo', message, custom_id: customId });
  const tried = async (go) => {
    try {
      const answer = await go();
      return { answered: answer.type, status: answer.status, body: await answer.text() };
    } catch (e) { return { refused: e.name }; }
  };
  const socket = () => new Promise((done) => {
    const ws = new WebSocket(base.replace('http', 'ws') + '/play/api/events');
    let opened = false;
    ws.onopen = () => { opened = true; };
    ws.onclose = (e) => done({ opened, code: e.code });
  });
  const post = (path, body, headers, mode) =>
    fetch(base + path, { method: 'POST', headers, body, mode });
  return {
    slash: await tried(() => post('/play/api/slash', slash, json)),
    slashSimple: await tried(() => post('/play/api/slash', slash, plain, 'no-cors')),
    click: await tried(() => post('/play/api/component', click, json)),
    clickSimple: await tried(() => post('/play/api/component', click, plain, 'no-cors')),
    messages: await tried(() => fetch(`${base}/play/api/messages?channel=${channel}&as=Ana`)),
    messagesOpaque: await tried(() => fetch(`${base}/play/api/messages?channel=${channel}&as=Ana`,
      { mode: 'no-cors' })),
    world: await tried(() => fetch(base + '/play/api/world')),
    socket: await socket(),
  };
}"""
SEEN = "this join link is Bo's: it reads and acts as Bo only"


@asynccontextmanager
async def another_site() -> AsyncIterator[str]:
    """A page of another origin (another port of this machine): a site the host opens."""
    app = web.Application()

    async def page(request: web.Request) -> web.Response:
        return web.Response(
            text="<!doctype html><title>another site</title>", content_type="text/html"
        )

    app.router.add_get("/", page)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}/"
    finally:
        await runner.cleanup()


def _join_button(message: dict[str, Any]) -> str:
    found = re.search(r'"custom_id": "([^"]*:join[^"]*)"', json.dumps(message["components"]))
    assert found, message
    return found.group(1)


async def test_another_site_can_neither_act_nor_read(
    browser: Browser, play: Play, open_page: OpenPage
) -> None:
    world = await play.get("/play/api/world")
    ids = {c["name"]: c["id"] for c in world["channels"]}
    started = {"as": "Ana", "channel": ids["keer"], "command": "keer start"}
    assert (await play.post("/play/api/slash", started))[0] == 200
    (lobby,) = await play.messages(ids["keer"], "Ana")

    async with another_site() as evil:
        tab = await (await browser.new_context()).new_page()
        await tab.goto(evil)
        args = [play.base, ids["general"], lobby["id"], _join_button(lobby)]
        tried = await tab.evaluate(ATTEMPTS, args)

    for read in ("slash", "click", "messages", "world"):  # no CORS: the script can't read
        assert tried[read] == {"refused": "TypeError"}, (read, tried[read])
    for blind in ("slashSimple", "clickSimple", "messagesOpaque"):  # sent, but opaque
        assert tried[blind] == {"answered": "opaque", "status": 0, "body": ""}, tried[blind]
    assert tried["socket"] == {"opened": False, "code": 1006}
    # A refused action's answer came back before the script went on: nothing happened.
    assert await play.messages(ids["general"], "Dee") == []  # no /help for Dee
    (after,) = await play.messages(ids["keer"], "Ana")
    assert after == lobby  # Bo did not join

    page = await open_page("Ana", "keer")
    banner = page.get_by_test_id("reach")
    await expect(banner).to_have_text("Only this computer can reach this page.")  # once loaded
    assert "exposed" not in (await banner.get_attribute("class") or "")


@pytest.fixture
async def exposed(tmp_path: Path) -> AsyncIterator[tuple[Play, dict[str, str]]]:
    """`tablero play --host 0.0.0.0`, its join links by member, once the bot is connected."""
    async with running_play(tmp_path, "--host", "0.0.0.0") as running:
        links = await running.until("the join links", lambda: _links(running))
        base = f"{running.base}/play/api/world?key="

        async def online() -> bool:
            async with running.http.get(base + _key(links["Ana"])) as answer:
                return bool((await answer.json())["bot"]["online"])

        await running.until("the bot to connect", online, timeout=30)
        yield running, links


async def _links(play: Play) -> dict[str, str] | None:
    found = dict(re.findall(r"^tablero play: {3}(\w+): (\S+)$", "".join(play.output), re.M))
    return found if len(found) == 4 else None


def _key(link: str) -> str:
    return link.rsplit("key=", 1)[1]


async def test_a_join_link_plays_as_its_member_alone(
    browser: Browser, exposed: tuple[Play, dict[str, str]]
) -> None:
    play, links = exposed
    assert len({_key(link) for link in links.values()}) == 4
    assert all(link.startswith(f"{play.base}/play/?as=") for link in links.values())
    world = await play.get("/play/api/world", key=_key(links["Bo"]))
    ids = {m["name"]: m["id"] for m in world["members"]}
    ana_help = {"as": "Ana", "channel": "general", "command": "help"}
    async with play.http.post(
        play.base + "/play/api/slash", json=ana_help, headers={"X-Tablero-Key": _key(links["Ana"])}
    ) as answer:
        assert answer.status == 200  # Ana's ephemeral help, in #general

    bo = await _open(browser, links["Bo"] + "&channel=general")
    banner = bo.get_by_test_id("reach")
    address = play.base.removeprefix("http://")
    await expect(banner).to_have_text(
        f"Reachable from your network at {address} — each member needs their own join link."
    )
    chooser = bo.get_by_test_id("member-select")
    assert await chooser.is_disabled()
    assert await chooser.locator("option").all_inner_texts() == ["Bo"]
    await bo.locator(".messages .empty, .message").first.wait_for()  # the channel loaded
    assert await bo.locator(".message").count() == 0  # Ana's help isn't Bo's to see
    await slash(bo, "/help")
    await bo.locator(".message.ephemeral").first.wait_for()
    assert await bo.locator(".message.ephemeral").count() == 1  # Bo's own

    status, said = await bo.evaluate(
        """async (ana) => {
          const key = new URLSearchParams(location.search).get('key');
          const answer = await fetch(`/play/api/messages?channel=general&as=${ana}`,
            { headers: { 'X-Tablero-Key': key } });
          return [answer.status, (await answer.json()).error];
        }""",
        ids["Ana"],
    )
    assert (status, said) == (403, SEEN)

    as_ana = await _open(browser, links["Bo"].replace("as=Bo", "as=Ana"))
    assert await as_ana.get_by_test_id("member-select").input_value() == ids["Bo"]
    keyless = await _open(browser, f"{play.base}/play/?as=Ana", ready=False)
    need = keyless.get_by_test_id("reach")
    await need.wait_for()
    assert "open it with your own join link" in await need.inner_text()


async def _open(browser: Browser, url: str, *, ready: bool = True) -> Page:
    context = await browser.new_context(viewport={"width": DESKTOP, "height": 900})
    page = await context.new_page()
    page.set_default_timeout(15_000)
    await page.goto(url)
    if ready:
        await page.get_by_test_id("composer-input").wait_for()
        await page.get_by_test_id("reach").wait_for()
    return page
