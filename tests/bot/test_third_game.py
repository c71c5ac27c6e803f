"""A third game is one folder per layer and one entry per table: High Roll (tests/bot/
third_game/: its engine, its images, its bot side) is registered in the games, render and
adapter tables and played end to end through the fake Discord, touching nothing else."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.games import ADAPTERS
from games.registry import GAMES, GameSpec
from render import RENDERERS
from tests.bot.conftest import Server
from tests.bot.keer_driver import decodes, live_here
from tests.bot.third_game import engine
from tests.bot.third_game.bot_side import ADAPTER
from tests.bot.third_game.images import IMAGES

SPEC = GameSpec(
    name=engine.NAME,
    title=engine.TITLE,
    min_players=2,
    max_players=4,
    new_match=engine.new_match,
    parse_action=engine.parse_action,
    new_ai=engine.new_ai,
    figures=engine.figures,
)


@pytest.fixture
def third_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """High Roll in each table, for this test only."""
    monkeypatch.setitem(GAMES, engine.NAME, SPEC)  # type: ignore[arg-type]
    monkeypatch.setitem(RENDERERS, engine.NAME, IMAGES)
    monkeypatch.setitem(ADAPTERS, engine.NAME, ADAPTER)
    yield


@pytest.mark.usefixtures("third_game")
async def test_a_third_game_plays_end_to_end_through_the_fake_discord(server: Server) -> None:
    fake = server.fake
    bot = await server.start_bot()
    assert any(c["name"] == "highroll" for c in fake.synced_commands[None])
    started = await fake.slash(bot, server.ana, server.channel, "highroll start")
    assert started.acknowledged and not started.ephemeral
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None and live.spec.name == engine.NAME
    for _ in range(engine.ROUNDS):
        assert live.message_id is not None
        message = fake.message(int(live.message_id))
        assert decodes(message) == 1 and "Ana throws" in message.text
        outsider = await fake.click(bot, server.bo, message, "Throw")
        assert outsider.ephemeral
        res = await fake.click(bot, server.ana, message, "Throw")
        assert not res.ephemeral
        await fake.settle()
    state = live.state
    assert isinstance(state, engine.HighRollState) and state.is_terminal()
    assert len(state.history) == 2 * engine.ROUNDS  # Ana's three throws, the computer's three
    final = fake.channel_messages(server.channel)[-1]
    assert "🏆" in final.text and "High Roll" in final.text
    assert decodes(final) == 2  # the final board and the results card
    stored = await bot.runtime.store.load(live.id)
    assert stored.status == "finished" and len(stored.record.entries) == 2 * engine.ROUNDS
    assert bot.runtime.publisher.errors == []
    await fake.disconnect(bot)
