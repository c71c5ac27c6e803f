"""A section per player on the match cards that show players (step and summary, not results):
their line beside a 👁 button that shows anyone — a spectator or a player, in their own
language, after a restart too — that player's public view as the card pictures it: Keer their
sheet, never a pick of the roll under way; Kero their clan's camp in words, its Tuareks counted,
never named. Once the match is gone, the button is refused with a message."""

from __future__ import annotations

import itertools
from typing import Any

import discord
import pytest

from bot.app import TableroBot
from bot.core.live import LiveMatch
from bot.games import adapter_for
from bot.games.keer_kids import play as keer_play
from bot.games.keer_kids.ui import enclosure_code
from bot.games.kero.camp import camp_text
from bot.games.kero.ui import card_words, tile_name, tuarek_name
from bot.ui.emoji import dress_text
from bot.ui.ids import MatchRef, Verb
from bot.ui.layouts import Layouts, read_by
from fakediscord.model import walk_components
from games.keer_kids import Cross, HeuristicAI, KeerState
from games.kero import KeroState
from games.kero.ai import KeroAI
from games.kero.board import Phase as KeroPhase
from render.emoji import FALLBACK, EmojiKey
from render.keer_kids import sheet_png
from tests.bot.computers_driver import IMAGE, played
from tests.bot.conftest import Server, said
from tests.bot.helpers import controls, looks, take_from_bot
from tests.bot.keer_driver import keer, live_here, pick, play_roll, play_until, start_match
from tests.bot.kero_driver import start_vs_computer
from words import isolate, words_for

LANGUAGES = ("en", "es", "nl")
SECTION, BUTTON = 9, 2
"""Discord's component types."""


def sections(view: discord.ui.LayoutView) -> list[discord.ui.Section[Any]]:
    return [item for item in view.walk_children() if isinstance(item, discord.ui.Section)]


def check_sections(live: LiveMatch, view: discord.ui.LayoutView) -> None:
    """One section per player: their line as the game writes it, beside 👁 naming their seat
    at the card's picture version, labelled in the match's language."""
    ui = adapter_for(live.spec.name).ui
    assert ui.look_label is not None
    version = live.rules.picture_version(live.state)
    found = sections(view)
    assert len(found) == len(live.players)
    for seat, (section, line) in enumerate(zip(found, ui.players(live), strict=True)):
        texts = [c.content for c in section.children if isinstance(c, discord.ui.TextDisplay)]
        assert texts == [line]
        button = getattr(section.accessory, "item", section.accessory)
        assert isinstance(button, discord.ui.Button)
        assert button.custom_id == MatchRef(live.id, version, Verb.LOOK, str(seat)).button_id()
        assert button.label == live.words(ui.look_label) and str(button.emoji) == "👁️"


# -- the cards -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players", "ai"),
    [("keer-kids", 3, HeuristicAI()), ("kero", 2, KeroAI())],
)
def test_step_and_summary_cards_have_a_section_per_player_and_results_none(
    game: str, players: int, ai: Any
) -> None:
    layouts, checked = Layouts(), 0
    for live in played(game, players, {}, ai):
        if live.state.is_terminal():
            assert sections(layouts.results(live, [IMAGE, IMAGE]).view) == []
            break
        if live.state.version % 7 and checked > 20:
            continue  # a sample of the steps after the first twenty
        key = live.rules.message_key(live.state)
        for images in ([IMAGE], []):
            check_sections(live, layouts.step(live, images).view)
            check_sections(live, layouts.summary(live, key, images).view)
            check_sections(live, layouts.frozen(live, images).view)
        checked += 1
    assert checked > 20


def test_the_acting_player_is_marked_in_words_in_their_own_section() -> None:
    live = next(itertools.islice(played("kero", 2, {}, KeroAI()), 5, None))
    lines = [sections(Layouts().step(live, [IMAGE]).view)[s].children[0] for s in (0, 1)]
    texts = [str(getattr(t, "content", "")) for t in lines]
    assert [t.startswith("▶ ") for t in texts].count(True) == 1
    assert "Brown clan" in texts[0] and "Grey clan" in texts[1]


# -- Kero: a camp in words -------------------------------------------------------------------------


def camped(options: dict[str, Any] | None = None) -> LiveMatch:
    """A Kero match past its set-up, clan 0 holding two Tuareks and an armed Dust Storm, two
    cards, a tile, land, and Explorers on a territory."""
    live = next(
        live
        for live in played("kero", 2, options or {}, KeroAI())
        if isinstance(live.state, KeroState) and live.state.phase is KeroPhase.START
    )
    state = live.state
    assert isinstance(state, KeroState)
    camp = state.camps[0]
    camp.tuareks, camp.armed = ["trader", "fire_eater"], 1
    camp.cards, camp.tiles, camp.territories = ["S1", "S3"], ["A1"], ["T5"]
    state.explorers[0][0] = 2
    return live


@pytest.mark.parametrize("locale", LANGUAGES)
def test_a_camp_counts_its_tuareks_and_never_names_them(locale: str) -> None:
    live = camped()
    state, words = live.state, words_for(locale)
    assert isinstance(state, KeroState)
    text = camp_text(read_by(live, words), 0)
    camp = state.camps[0]
    jerrycans = words("resource-jerrycan", count=camp.jerrycans)
    tank = words("kero-look-tank", seconds=camp.tank.level_ms // 1000)
    stock = words("kero-look-stock", tank=tank, jerrycans=jerrycans, tuareks=3)
    assert stock in text.splitlines()
    for tuarek in ("trader", "fire_eater", "dust_storm"):
        assert tuarek_name(words, tuarek) not in text, (tuarek, text)
    for card in ("S1", "S3"):
        assert card_words(words, state.box.cards_by_id[card]) in text
    assert tile_name(words, "A1") in text
    land = words(f"territory-{(state.territories[0] or '').lower()}")
    assert words("kero-look-placed", land=land, count=2) in text
    assert words("territory-t5") in text and words("clan-0") in text


def test_a_rolling_clans_camp_says_what_its_tank_was_tipped_with() -> None:
    """The card counts the window down; the camp says the KERO the tank was tipped with, as the
    board image does, not the level it had before."""
    live = next(
        live
        for live in played("kero", 2, {}, KeroAI())
        if isinstance(live.state, KeroState) and live.state.phase is KeroPhase.ROLLING
    )
    state, words = live.state, words_for("en")
    assert isinstance(state, KeroState) and state.turn.window is not None
    window, active = state.turn.window, state.active
    tipped = words("kero-look-tipped", seconds=(window.fuel_ms + window.credit_ms) // 1000)
    assert camp_text(read_by(live, words), active).splitlines()[1].startswith(tipped)
    idle = state.camps[1 - active].tank.level_ms // 1000
    tank = words("kero-look-tank", seconds=idle)
    assert camp_text(read_by(live, words), 1 - active).splitlines()[1].startswith(tank)


def test_a_boss_variant_camp_says_where_its_boss_is() -> None:
    live = camped({"variant": "boss"})
    state, words = live.state, words_for("en")
    assert isinstance(state, KeroState)
    camp = state.camps[0]
    land = words(f"territory-{(state.territories[0] or '').lower()}")
    for side, slot, said_last in (
        (True, None, "👑 Boss: at home"),
        (True, 0, f"👑 Boss: on {land}"),
        (False, None, "👑 Boss: used"),
    ):
        camp.boss_side, camp.boss_slot = side, slot
        assert camp_text(read_by(live, words), 0).splitlines()[-1] == said_last


# -- Keer: a sheet, through the Discord double -----------------------------------------------------


class Drawn:
    """The states the 👁 button's sheets were drawn from."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.states: list[KeerState] = []
        monkeypatch.setattr(keer_play, "sheet_png", self._draw)

    def _draw(self, state: KeerState, seat: int, **kwargs: Any) -> bytes:
        self.states.append(state)
        return sheet_png(state, seat, **kwargs)


def look_id(message: Any, seat: int) -> str:
    found = [str(c.custom_id) for c in looks(message)]
    assert len(found) > seat, found
    assert found[seat].endswith(f":look:{seat}")
    return found[seat]


async def test_anyone_sees_a_keer_sheet_as_the_card_shows_it_and_no_pick_of_the_open_roll(
    server: Server, bot: TableroBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, drawn = server.fake, Drawn(monkeypatch)
    server.eve.locale, server.bo.locale = "es-ES", "nl"
    live = await start_match(server, bot, [server.bo], ais=0)
    await play_until(server, bot, live, lambda s: s.kept is not None and s.choices == [None] * 2)
    await pick(server, bot, live, 0)  # Ana's pick of the roll under way: hidden until it resolves
    state = keer(live)
    chosen = state.choices[0]
    assert chosen is not None
    pictured = live.rules.picture_version(state)
    assert pictured < state.version
    message = fake.message(int(live.message_id or 0))
    posted = [c for c in walk_components(message.components) if c["type"] == SECTION]
    assert [c["accessory"]["type"] for c in posted] == [BUTTON] * 2  # as Discord's schema wants

    res = await fake.click(bot, server.eve, message, look_id(message, 0))  # a spectator
    await fake.settle()
    assert res.ephemeral and len(res.followups) == 1
    sheet = res.followups[0]
    assert sheet.visible_for(server.eve.id) and not sheet.visible_for(None)
    seen = drawn.states[-1]
    assert seen.version == pictured and seen.choices[0] is None, "the sheet shows Ana's pick"
    spanish = words_for("es")
    expected = sheet_png(keer(live.at(pictured)), 0, name="Ana", words=spanish)
    assert sheet.attachments == [("sheet.png", expected)]
    assert " punto" in sheet.text and "Ana" in sheet.text  # Eve's Spanish
    if isinstance(chosen, Cross):
        assert enclosure_code(state.sheet, chosen.enclosure, spanish) not in sheet.text

    await bot.runtime.settings.set_member(str(server.bo.id), images=False)
    res = await fake.click(bot, server.bo, message, look_id(message, 0))  # a player, in text
    await fake.settle()
    assert res.ephemeral and res.followups == [] and res.message is not None
    assert res.message.attachments == [] and res.message.visible_for(server.bo.id)
    text = said(res)
    dutch = words_for("nl")
    assert text.startswith(f"📋 Blad van {isolate('Ana')} in potje #{live.id}"), text
    if isinstance(chosen, Cross):
        assert enclosure_code(state.sheet, chosen.enclosure, dutch) not in text
    assert keer(live).choices == state.choices, "looking changed nothing"
    await fake.disconnect(bot)


async def test_a_summary_shows_its_own_roll_after_a_restart_and_nothing_once_the_match_is_over(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, drawn = server.fake, Drawn(monkeypatch)
    bot = await server.start_bot()
    live = await start_match(server, bot, [server.bo], ais=0)
    await play_roll(server, bot, live)
    summary = fake.channel_messages(server.channel)[-2]
    assert controls(summary) == [] and len(looks(summary)) == 2
    version = int(look_id(summary, 1).split(":")[2])
    await fake.disconnect(bot)

    again = await server.start_bot()  # a new process: nothing of the match in memory
    res = await fake.click(again, server.eve, summary, look_id(summary, 1))
    await fake.settle()
    assert res.ephemeral and res.followups and res.followups[0].attachments
    seen = drawn.states[-1]
    assert seen.version == version and seen.rolls == 1  # the state the summary shows
    resumed = live_here(again, server)
    assert resumed is not None and resumed is not live
    current = fake.message(int(resumed.message_id or 0))
    res = await fake.click(again, server.ana, current, look_id(current, 0))
    await fake.settle()
    assert res.ephemeral and res.followups and res.followups[0].attachments

    await play_until(server, again, resumed, lambda s: s.is_terminal())
    res = await fake.click(again, server.eve, summary, look_id(summary, 0))
    assert res.ephemeral and said(res) == "That match is finished."
    await fake.disconnect(again)


async def test_where_the_bot_may_no_longer_attach_files_a_sheet_comes_as_text(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    take_from_bot(server, server.channel, attach_files=False)  # taken mid-match
    await play_roll(server, bot, live)
    message = fake.message(int(live.message_id or 0))
    assert message.attachments == [] and len(looks(message)) == 2  # the text board instead
    res = await fake.click(bot, server.eve, message, look_id(message, 1))
    await fake.settle()
    assert res.ephemeral and res.followups == [] and res.message is not None
    assert said(res).startswith(f"📋 {isolate('Bo')}'s sheet in match #{live.id}")


# -- Kero, through the Discord double --------------------------------------------------------------


async def test_anyone_reads_a_kero_camp_in_their_language(timed_server: Server) -> None:
    server = timed_server
    server.eve.locale = "es-ES"
    bot, driver = await start_vs_computer(server)
    await driver.wait_for_bot()
    for _ in range(40):  # a few turns: cards and Explorers in the camps
        if kero_turns(driver.live) >= 4:
            break
        await driver.step()
    message = driver.message
    live, emoji = driver.live, bot.runtime.emoji
    for user, seat, locale in ((server.eve, 1, "es"), (server.ana, 0, "en")):
        res = await server.fake.click(bot, user, message, look_id(message, seat))
        assert res.ephemeral and res.message is not None
        assert res.message.visible_for(user.id) and not res.message.visible_for(None)
        words = words_for(locale)
        assert said(res) == dress_text(camp_text(read_by(live, words), seat), "kero", emoji)
    assert said(res).startswith(f"⛺ **{isolate('Ana')}**'s camp (Brown clan)")
    # its jerrycans, Tuareks and Explorers as the card shows them: Kero's own emoji
    for key in (EmojiKey.KERO_JERRYCAN, EmojiKey.KERO_TUAREK, EmojiKey.KERO_EXPLORER):
        assert emoji.text(key).startswith("<:kero_") and emoji.text(key) in said(res)
        assert FALLBACK[key] not in said(res)
    await server.fake.disconnect(bot)


def kero_turns(live: LiveMatch) -> int:
    state = live.state
    assert isinstance(state, KeroState)
    return state.turns
