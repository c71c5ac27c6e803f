"""The unmodified `TableroBot.start()` against the fake Discord over real HTTP and a websocket
gateway: login, command sync, multipart uploads and interactions arriving as gateway frames."""

from __future__ import annotations

import aiohttp

from bot.app import TableroBot
from bot.games.kero.rules import kero_state
from games.kero import actions as a
from games.kero.board import Phase
from tests.bot.conftest import Server
from tests.bot.keer_driver import decodes, live_here, play_roll, start_match
from tests.bot.kero_driver import against_the_computer_over_loopback


def _bot(server: Server) -> TableroBot:
    return server.new_bot(guild_ready_timeout=0.05)


async def test_a_match_plays_over_the_gateway_and_survives_a_restart(server: Server) -> None:
    fake = server.fake
    async with fake.loopback() as loop:
        first = _bot(server)
        task = await loop.run_client(first)
        assert {c["name"] for c in fake.synced_commands[None]} >= {"keer", "match"}
        live = await start_match(server, first, [], ais=1)
        assert decodes(fake.message(int(live.message_id or 0))) == 2  # the strip and the table
        for _ in range(2):
            await play_roll(server, first, live)
        await fake.settle()
        await first.close()
        await task

        second = _bot(server)
        task = await loop.run_client(second)
        resumed = live_here(second, server)
        assert resumed is not None and resumed.state.summary() == live.state.summary()
        for _ in range(100):
            if second.runtime.service.matches.get(resumed.id) is not resumed:
                break
            for res in await play_roll(server, second, resumed):
                assert res.acknowledged and not res.errors
        assert resumed.state.is_terminal()
        assert "🏆" in fake.channel_messages(server.channel)[-1].text
        await fake.settle()
        assert second.runtime.publisher.errors == []
        await second.close()
        await task


async def test_a_kero_turn_over_the_gateway(server: Server) -> None:
    """Challenge the bot, roll, re-roll a die and stop, every click a gateway frame."""
    fake = server.fake
    async with fake.loopback() as loop:
        task, driver = await against_the_computer_over_loopback(server, loop)
        bot, live = driver.bot, driver.live
        assert decodes(driver.message) == 2  # the turn strip and the table
        await driver.press(0, "roll@")
        await fake.settle()
        toggle = driver.first_toggle()
        await fake.click(bot, server.ana, driver.message, toggle)
        die = toggle.rsplit(":", 1)[1]
        await driver.press(0, f"reroll:{die}@")
        await fake.settle()
        await driver.press(0, "stop@")
        await fake.settle()
        history = [act for _, act in kero_state(live.state).history]
        assert any(isinstance(act, a.Reroll) for act in history)
        assert kero_state(live.state).phase is Phase.CAMP
        assert bot.runtime.publisher.errors == []
        await bot.close()
        await task


async def test_the_bot_api_and_the_gateway_take_only_the_bots_token(server: Server) -> None:
    """As Discord: REST without the token is a 401, an IDENTIFY with another is closed 4004."""
    async with server.fake.loopback(token="the-run-token") as loop, aiohttp.ClientSession() as http:
        api = f"{loop.base}/api/v10/users/@me"
        async with http.get(api) as answer:
            assert answer.status == 401 and (await answer.json())["code"] == 0
        async with http.get(api, headers={"Authorization": "Bot fake-token"}) as answer:
            assert answer.status == 401
        async with http.get(api, headers={"Authorization": "Bot the-run-token"}) as answer:
            assert answer.status == 200
        async with http.ws_connect(f"{loop.base}/gateway-ws") as ws:
            hello = await ws.receive_json(timeout=5)
            assert hello["op"] == 10
            await ws.send_json({"op": 2, "d": {"token": "fake-token", "intents": 0}})
            closed = await ws.receive(timeout=5)
            assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 4004
