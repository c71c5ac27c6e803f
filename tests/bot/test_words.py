"""Messages in words, not internals: Kero turns counted from 1, phases and dice faces in words
(not emoji alone), Keer counts with their plural forms."""

from __future__ import annotations

import re
from typing import Any

from bot.games.keer_kids.ui import count
from bot.games.kero.ui import phase_words, resources_text
from bot.ui.alt_text import ALT_LIMIT, alt_text
from bot.ui.names import shown
from bot.ui.rules_pages import pages
from games.kero.board import Phase
from games.kero.resources import Resources
from tests.bot.conftest import Server, said
from tests.bot.helpers import controls
from tests.bot.keer_driver import play_roll, start_match
from tests.bot.kero_driver import rolling
from words import LOCALES, words_for

FACE_WORDS = re.compile(r"\b(brick|wheat|metal|recruit|jerrycan|flame|Tuarek|Explorer)s?\b")


async def test_the_first_kero_turn_is_turn_1_and_dice_carry_words(timed_server: Server) -> None:
    driver = await rolling(timed_server)
    content = driver.message.text
    assert "turn 1" in content and "turn 0" not in content
    toggles = [c for c in driver.message.interactive() if ":tog:" in str(c.custom_id)]
    assert len(toggles) == 5
    assert all(FACE_WORDS.search(str(t.label)) for t in toggles), [t.label for t in toggles]
    await timed_server.fake.disconnect(driver.bot)


def test_every_phase_has_words() -> None:
    for locale in LOCALES:
        said = {phase: phase_words(words_for(locale), phase) for phase in Phase}
        assert all(said.values()) and len(set(said.values())) == len(Phase), (locale, said)
    english = words_for("en")
    assert (phase_words(english, Phase.FUELING), phase_words(english, Phase.START)) == (
        "fuelling up",
        "choosing dice",
    )


def test_resources_read_as_words_as_well_as_emoji() -> None:
    english = words_for("en")
    text = resources_text(english, Resources(brick=2, wheat=1))
    assert text == "🧱 2 bricks and 🌾 1 wheat"
    assert resources_text(english, Resources()) == "nothing"
    spanish = resources_text(words_for("es"), Resources(brick=1, metal=2, jerrycan=3))
    assert spanish == "🧱 1 ladrillo, ⚙️ 2 de metal y ⛽ 3 bidones"
    assert resources_text(words_for("nl"), Resources(recruit=2)) == "🧍 2 rekruten"


def test_counts_have_plural_forms() -> None:
    en = words_for("en")
    assert (count(en, 1, "enclosure"), count(en, 2, "enclosure"), count(en, 0, "animal-done")) == (
        "1 enclosure",
        "2 enclosures",
        "0 animals done",
    )


async def test_every_board_image_carries_alt_text(timed_server: Server) -> None:
    """Each image of the board describes it: the table from the text board's data (names,
    points, KERO), the turn strip by the turn, its phase and its dice."""
    driver = await rolling(timed_server)
    posted = [m for m in timed_server.fake.channel_messages(timed_server.channel) if m.attachments]
    assert posted
    rolled = False
    for message in posted:
        described = {a.filename: a.description or "" for a in message.attachment_objects}
        assert set(described) == {"strip.png", "board.png"}
        for alt in described.values():
            assert alt.startswith(f"Kero match #{driver.live.id}.") and "Ana" in alt, alt
            assert "**" not in alt and len(alt) <= ALT_LIMIT
        assert "KERO" in described["board.png"] and "turn 1" in described["strip.png"]
        rolled = rolled or ("rolling" in described["strip.png"] and "🧱" in described["strip.png"])
    assert rolled
    await timed_server.fake.disconnect(driver.bot)


def test_alt_text_is_plain_and_within_discords_limit() -> None:
    assert alt_text("T", "**Ana** — 3\n**Bo** — 4") == "T. Ana — 3. Bo — 4"
    assert len(alt_text("T", "x" * 5_000)) == ALT_LIMIT


def help_text() -> str:
    return "\n".join(page.body for page in pages("help", words_for("en")))


def _commands(items: list[dict[str, Any]], prefix: str = "") -> list[tuple[str, list[str]]]:
    """Every command as (`/group sub`, its option names), from the synced payloads."""
    found = []
    for item in items:
        name = f"{prefix}{item['name']}"
        options = item.get("options", [])
        subs = [o for o in options if o.get("type") in (1, 2)]
        if subs:
            found += _commands(subs, f"{name} ")
        else:
            found.append((name, [o["name"] for o in options]))
    return found


async def test_help_lists_every_command_and_every_option(server: Server) -> None:
    bot = await server.start_bot()
    text = help_text()
    for name, options in _commands(server.fake.synced_commands[None]):
        assert f"/{name}" in text, name
        for option in options:
            assert re.search(rf"\b{option}\b", text), (name, option)
    await server.fake.disconnect(bot)


def test_rules_pages_speak_to_players() -> None:
    """Seconds, not milliseconds; no notes about where the rules came from."""
    for game in ("kero", "keer-kids"):
        text = "\n".join(page.body for page in pages(game, words_for("en")))
        assert not re.search(r"\d ms\b|rulebook's could not|No scan|research", text), game


def test_names_in_messages_are_shown_as_typed_never_as_markdown_or_mentions() -> None:
    name = "**Zoë**_ @everyone <@123456789012345678>"
    text = shown(name)
    assert "@everyone" not in text and "<@123456789012345678>" not in text  # no mention
    assert "\\*\\*Zoë\\*\\*\\_" in text  # markdown escaped: shown as typed


async def test_a_newcomers_first_match_message_offers_how_to_play(server: Server) -> None:
    """Ana has never played Keer here: the match's first message carries How to play, which
    opens the rules privately; later messages do not."""
    bot = await server.start_bot()
    live = await start_match(server, bot, [server.bo], ais=0)
    first = server.fake.message(int(live.message_id or 0))
    labels = [c.label for c in first.interactive()]
    assert "How to play" in labels
    opened = await server.fake.click(bot, server.bo, first, "How to play")
    assert opened.ephemeral and opened.messages[0].embeds
    await play_roll(server, bot, live)
    later = server.fake.message(int(live.message_id or 0))
    assert later.id != first.id and "How to play" not in [c.label for c in later.interactive()]
    await server.fake.disconnect(bot)


async def test_match_here_posts_the_current_message_again_for_a_player(server: Server) -> None:
    """A player lost the match's message: `/match here` posts it again, the old one stops
    taking clicks, and play goes on from the new one; a non-player is refused."""
    fake = server.fake
    bot = await server.start_bot()
    live = await start_match(server, bot, [server.bo], ais=0)
    old = fake.message(int(live.message_id or 0))
    outsider = await fake.slash(bot, server.eve, server.channel, "match here")
    assert outsider.ephemeral and "not playing" in said(outsider)
    res = await fake.slash(bot, server.bo, server.channel, "match here")
    assert res.ephemeral
    await fake.settle()
    new = fake.message(int(live.message_id or 0))
    assert new.id != old.id and controls(old) == [] and controls(new)
    rolled = await fake.click(bot, server.ana, new, "Roll")
    assert not rolled.ephemeral and live.state.rolls == 1
    await fake.disconnect(bot)
