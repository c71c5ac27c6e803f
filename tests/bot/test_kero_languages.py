"""Kero in the server's language and the member's (docs/words.md): the turn's public message and
its buttons follow the server, My Tuareks and refusals follow the member who clicked, and a
refusal for want of resources names the cost and what the player has in their language."""

from __future__ import annotations

import re
from typing import Any

from bot.core.refusals import Refused
from bot.core.refusals import explain as reason_of
from bot.games.kero import ADAPTER
from bot.games.kero.rules import kero_state
from games.common import IllegalAction, Reason
from games.kero.board import Phase
from games.kero.resources import Resources
from render.emoji import EmojiKey
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, live_here
from tests.bot.kero_driver import KeroDriver
from tests.bot.pseudo import leaks, watch
from tests.games.kero.helpers import refusals
from words import words_for

ENGLISH = re.compile(
    r"\b(turn|your|round|match|Roll|Re-roll|Stop|Fuel up|fuel up|Throw|dice|runs dry|"
    r"rolling|playing|camp|My|Your|Text board|bricks?|wheat|recruits?|flame|Explorer|points?|"
    r"waiting|special|ability|tiles?|none|Nothing|Play a|use a|Guide|Trader|Scout|Smith|"
    r"Water-carrier|Fire-eater|Dust Storm|green|yellow|blue|Mark|then|and)\b"
)
"""English words the turn's message, its buttons, and My Tuareks use (not those the three
languages share — Kero, KERO, Tuarek, metal, jerrycan — nor Dutch words: "die", "tank")."""


def readable(message: Any) -> list[str]:
    """A message's content, its buttons' labels, its selects' placeholders and options."""
    texts = [str(message.text or "")]
    for component in message.interactive():
        raw = component.raw
        texts += [str(raw.get(key) or "") for key in ("label", "placeholder")]
        texts += [str(option.get("label") or "") for option in raw.get("options") or []]
    return [text for text in texts if text]


def english_in(texts: list[str]) -> list[str]:
    return [text for text in texts if ENGLISH.search(text)]


async def dutch_match(server: Server) -> KeroDriver:
    """A Dutch server (its Discord locale, no /settings language): Ana against the computer,
    at the start of her first turn."""
    server.guild.locale = "nl"
    bot = await server.start_bot(ai_think_ms=1_500)
    fake = server.fake
    await fake.slash(bot, server.ana, server.channel, "kero challenge", member=fake.bot)
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None and live.words.locale == "nl"
    driver = KeroDriver(server, bot, live)
    await driver.wait_for_bot()
    assert kero_state(live.state).phase is Phase.START and kero_state(live.state).active == 0
    return driver


async def test_a_dutch_server_sees_the_turn_and_its_buttons_in_dutch(timed_server: Server) -> None:
    driver = await dutch_match(timed_server)
    message = driver.message
    content = str(message.text)
    assert f"potje #{driver.live.id}" in content and "beurt 1" in content, content
    assert "jouw beurt" in content and "jerrycan" in content, content
    labels = [str(c.label) for c in message.interactive() if c.label]
    assert {"Gooien", "Mijn Tuareks"} <= set(labels), labels
    assert english_in(readable(message)) == [], readable(message)

    await driver.press(0, "roll@")
    await timed_server.fake.settle()
    assert kero_state(driver.live.state).phase is Phase.ROLLING
    rolling = driver.message
    content = str(rolling.text)
    assert "gooit" in content and "de tank raakt <t:" in content and "leeg" in content, content
    labels = [str(c.label) for c in rolling.interactive() if c.label]
    assert {"Opnieuw gooien", "Stoppen", "Mijn Tuareks", "Bord als tekst"} <= set(labels), labels
    toggles = [str(c.label) for c in rolling.interactive() if ":tog:" in str(c.custom_id)]
    words = r"\b(baksteen|graan|metaal|rekruut|jerrycan|vlam|Tuarek|ontdekkingsreiziger)"
    assert len(toggles) == 5 and all(re.search(words, t) for t in toggles), toggles
    assert english_in(readable(rolling)) == [], readable(rolling)
    await timed_server.fake.disconnect(driver.bot)


async def test_a_spanish_member_reads_their_tuareks_in_spanish(timed_server: Server) -> None:
    """In the Dutch server, Ana's Discord is in Spanish: her My Tuareks (and what she played
    from it) is in Spanish, while the turn's message stays Dutch."""
    timed_server.ana.locale = "es-ES"
    driver = await dutch_match(timed_server)
    state = kero_state(driver.live.state)
    state.camps[0].tuareks[:] = ["guide", "trader"]  # a known hand, for the spot checks
    opened = await timed_server.fake.click(
        driver.bot, timed_server.ana, driver.message, driver.tuareks_id()
    )
    assert opened.ephemeral
    private = opened.messages[0]
    content = str(private.text)
    camel = driver.bot.runtime.emoji.text(EmojiKey.KERO_TUAREK)  # the cards' own camel
    assert camel.startswith("<:kero_tuarek_") and "🐪" not in content, content
    assert f"{camel} Tus Tuareks: Guía y Comerciante" in content, content
    assert "🏅 Tus losetas de habilidad: ninguna" in content, content
    texts = readable(private)
    assert "Juega un Tuarek o usa una loseta" in texts, texts
    assert "Guía: dado verde" in texts, texts
    assert english_in(texts) == [], texts

    played = await timed_server.fake.select(
        driver.bot,
        timed_server.ana,
        private,
        next(str(c.custom_id) for c in private.interactive() if c.type == 3),
        ["play:guide:green"],
    )
    assert said(played) == "✅ Guía: dado verde", said(played)
    await timed_server.fake.settle()
    assert "green" in kero_state(driver.live.state).turn.dice
    public = driver.message
    assert "jouw beurt" in str(public.text) and english_in(readable(public)) == []
    await timed_server.fake.disconnect(driver.bot)


PSEUDO_NAMES = ("Ana", "Bo", "Eve", "Ada")
"""What the pseudo-locale leaves plain: names (the games' titles come through the catalogs)."""


async def test_a_kero_match_under_the_pseudo_locale_leaves_no_plain_english(
    timed_server: Server,
) -> None:
    """Every text of a whole Kero match between two members (Boss Variant, live fuel-ups: the
    tanker, the camp, Tuareks, claims, results), refusals and /kero challenge's answers came
    through the catalogs: under en-XA none keeps a plain letter but names."""
    server, fake = timed_server, timed_server.fake
    server.guild.locale = "en-XA"
    for member in (server.ana, server.bo, server.eve):
        member.locale = "en-XA"
    robot = fake.add_member(server.guild, "Robo")
    robot.bot = True
    bot = await server.start_bot(ai_think_ms=1_500)
    sent = watch(fake)
    for member in (server.ana, robot):
        await fake.slash(bot, server.ana, server.channel, "kero challenge", member=member)
    res = await fake.slash(
        bot,
        server.ana,
        server.channel,
        "kero challenge",
        member=server.bo,
        variant="boss",
        refuel="live",
    )
    assert res.message is not None
    await fake.click(bot, server.bo, res.message, button_id(res.message, ":accept"))
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None
    driver = KeroDriver(server, bot, live)
    refused = False
    for _ in range(3000):
        state = kero_state(live.state)
        if not refused and state.phase is Phase.ROLLING and live.waits_for(state.active):
            other = driver.user(1 - state.active)
            await fake.click(bot, other, driver.message, driver.first_toggle())
            await fake.click(bot, server.eve, driver.message, driver.tuareks_id())
            refused = True
        if not await driver.step() and live.id not in bot.runtime.service.matches:
            break
    assert refused and live.state.is_terminal()
    started = await fake.slash(bot, server.ana, server.channel, "kero challenge", member=fake.bot)
    await fake.settle()
    assert started.message is not None and "#2" in str(started.message.text)
    found = list(sent.texts())
    assert len(found) > 100
    assert leaks(found, PSEUDO_NAMES) == []
    await fake.disconnect(bot)


async def test_kero_challenge_is_described_in_every_language(server: Server) -> None:
    bot = await server.start_bot()
    kero = next(c for c in server.fake.synced_commands[None] if c["name"] == "kero")
    challenge = next(o for o in kero["options"] if o["name"] == "challenge")
    spanish, dutch = (challenge["description_localizations"][k] for k in ("es-ES", "nl"))
    assert (challenge["description"], spanish, dutch) == (
        "Challenge a member (or me) to Kero",
        "Desafía a un miembro (o a mí) a una partida de Kero",
        "Daag een lid (of mij) uit voor een potje Kero",
    )
    variant = next(o for o in challenge["options"] if o["name"] == "variant")
    assert [c["value"] for c in variant["choices"]] == ["base", "boss"]
    boss = variant["choices"][1]
    assert boss["name_localizations"]["es-ES"] == "variante del Jefe"
    assert boss["name_localizations"]["nl"] == "Baasvariant"
    await server.fake.disconnect(bot)


def test_not_enough_says_the_cost_and_what_you_have_in_each_language() -> None:
    """The engine's NOT_ENOUGH refusals carry their cost and what the player has; Kero's
    adapter words them in the member's language (bot/games/kero/__init__.py)."""
    english, spanish, dutch = words_for("en"), words_for("es"), words_for("nl")
    explained = []
    for error in refusals(matches=1):
        refusal = ADAPTER.rules.explain(error)
        if error.reason is not Reason.NOT_ENOUGH:
            assert refusal is None
            continue
        assert refusal is not None
        explained.append(refusal)
    assert explained
    texts = [r.said(english) for r in explained]
    assert all(t.startswith("That costs ") and " and you have " in t for t in texts), texts
    assert all(t.endswith(".") for t in texts)
    assert all(r.said(spanish).startswith("Eso cuesta ") for r in explained)
    assert all(" y tienes " in r.said(spanish) for r in explained)
    assert all(r.said(dutch).startswith("Dat kost ") for r in explained)
    assert all(" en je hebt " in r.said(dutch) for r in explained)


def test_a_cost_is_listed_with_its_counts() -> None:
    error = IllegalAction(
        "that costs 2 bricks and 1 metal and you have 1 brick",
        Reason.NOT_ENOUGH,
        cost=Resources(brick=2, metal=1),
        have=Resources(brick=1),
    )
    refusal = ADAPTER.rules.explain(error)
    assert refusal is not None
    assert str(refusal) == "That costs 2 bricks and 1 metal and you have 1 brick."
    assert (
        refusal.said(words_for("es")) == "Eso cuesta 2 ladrillos y 1 de metal y tienes 1 ladrillo."
    )
    assert (
        refusal.said(words_for("nl")) == "Dat kost 2 bakstenen en 1 metaal en je hebt 1 baksteen."
    )
    broke = IllegalAction("…", Reason.NOT_ENOUGH, cost=Resources(jerrycan=1), have=Resources())
    refusal = ADAPTER.rules.explain(broke)
    assert refusal is not None and str(refusal) == "That costs 1 jerrycan and you have nothing."
    bare = IllegalAction("that costs something", Reason.NOT_ENOUGH)
    assert ADAPTER.rules.explain(bare) is None  # no values: the reason's own words
    assert reason_of(bare).said(words_for("en")) == "You don't have enough for that."


def test_only_the_roller_marks_dice_in_every_language() -> None:
    refusal = Refused("kero-refuse-only-roller")
    assert str(refusal) == "Only the rolling player marks dice."
    assert refusal.said(words_for("es")) == "Solo quien está tirando marca los dados."
    assert refusal.said(words_for("nl")) == "Alleen wie aan het gooien is, markeert dobbelstenen."
