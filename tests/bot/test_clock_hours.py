"""What a match card says of its clock, an async table's playing hours and "Give more time", on
virtual time through the fake Discord: shown as Discord timestamps, kept inside the hours,
given by the others only, a few times per match, stored across a restart, refused clearly in
English, Spanish and Dutch."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.app import TableroBot
from bot.core.clock_book import MORE_TIME_MOST
from bot.core.live import LiveMatch
from bot.core.refusals import Refused
from fakediscord import FakeMessage
from games.keer_kids import Phase
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import keer, live_here, play_until, start_match
from tests.bot.kero_driver import challenge, fire_due, first_turn_of

HOUR_MS = 3_600_000
MADRID = ZoneInfo("Europe/Madrid")
CLOCK_LINE = re.compile(r"⏰ Clock runs out <t:(\d+):([fR])>")


def madrid_s(text: str) -> float:
    """Seconds since the epoch of a Madrid wall-clock time."""
    return datetime.fromisoformat(text).replace(tzinfo=MADRID).timestamp()


def in_madrid(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, MADRID).strftime("%a %Y-%m-%d %H:%M")


def clock_line(message: FakeMessage) -> tuple[int, str]:
    """The card's clock line: the time it names (s) and its timestamp style."""
    found = CLOCK_LINE.search(message.text)
    assert found is not None, message.text
    return int(found.group(1)), found.group(2)


def card(server: Server, live: LiveMatch) -> FakeMessage:
    assert live.message_id is not None
    return server.fake.message(int(live.message_id))


async def test_an_async_table_runs_its_clock_only_in_its_playing_hours(
    timed_server: Server,
) -> None:
    server = timed_server
    assert server.clock is not None
    server.clock.now = madrid_s("2026-12-04 20:00")  # a Friday evening, two hours of it left
    bot = await server.start_bot()
    options = {"clock": "async", "hours": "18:00-22:00", "zone": "Europe/Madrid"}
    offer = await server.fake.slash(
        bot, server.ana, server.channel, "kero challenge", member=server.bo, **options
    )
    assert "hours: 18:00–22:00 Europe/Madrid" in said(offer)
    await server.fake.click(bot, server.bo, offer.message, "Accept")
    await server.fake.settle()
    live = live_here(bot, server)
    assert live is not None
    clock = bot.runtime.turn_clocks.clocks[live.id]
    on_the_clock = list(clock.waiting)
    assert clock.hours == {"start": "18:00", "end": "22:00", "zone": "Europe/Madrid"}
    # 2 h on Friday, 4 h on each of five evenings, the last 2 h on Thursday.
    assert in_madrid(clock.due_ms) == "Thu 2026-12-10 20:00"
    shown, style = clock_line(card(server, live))
    assert style == "f" and abs(shown - clock.due_ms // 1000) <= 1
    assert "it runs 18:00–22:00 Europe/Madrid" in card(server, live).text

    server.clock.now = clock.since_ms / 1000 + 24 * 3600 + 60  # a day later: 2 h of it ran
    await fire_due(server, bot, live)
    assert not clock.expired and clock.waiting == on_the_clock
    assert not any("ran out" in m.text for m in server.fake.channel_messages(server.channel))
    server.clock.now = clock.due_ms / 1000 + 1
    await fire_due(server, bot, live)
    assert clock.expired
    assert "turn clock ran out" in server.fake.last_message(server.channel).text
    await server.fake.disconnect(bot)


async def test_the_others_give_more_time_a_few_times_per_match(timed_server: Server) -> None:
    server = timed_server
    assert server.clock is not None
    bot, driver = await challenge(server, clock="async")
    await first_turn_of(driver, 0)
    live, fake = driver.live, server.fake
    clock = bot.runtime.turn_clocks.clocks[live.id]
    due = clock.due_ms
    assert clock_line(card(server, live)) == (due // 1000, "f")

    own = await fake.click(bot, server.ana, card(server, live), "12 h more")
    assert own.ephemeral and "can't give yourself more time" in said(own)
    outsider = await fake.click(bot, server.eve, card(server, live), "12 h more")
    assert outsider.ephemeral and "Only the match's other players" in said(outsider)
    assert clock.due_ms == due and clock.given == 0

    given = await fake.click(bot, server.bo, card(server, live), "12 h more")
    await fake.settle()
    assert not given.ephemeral
    assert clock.due_ms == due + 12 * HOUR_MS and clock.given == 1
    notice = said(given)
    assert notice.startswith("⏳") and "gave" in notice and "Ana" in notice
    assert "12 h more" in notice
    assert f"<t:{clock.due_ms // 1000}:f>" in notice and "2 more extensions" in notice
    assert clock_line(card(server, live))[0] == clock.due_ms // 1000  # the card shows it

    by_manager = await fake.click(bot, server.mod, card(server, live), "12 h more")
    assert not by_manager.ephemeral and "One more extension" in said(by_manager)
    last = await fake.click(bot, server.bo, card(server, live), "12 h more")
    await fake.settle()
    assert "last extension" in said(last) and clock.given == MORE_TIME_MOST
    assert clock.due_ms == due + 36 * HOUR_MS
    assert "12 h more" not in [c.label for c in card(server, live).interactive()]
    with pytest.raises(Refused) as spent:  # two clicks at once: the later one is refused
        await bot.runtime.turn_clocks.give_more(live, 1)
    assert spent.value.key == "refuse-more-time-spent"
    await fake.disconnect(bot)

    again = await server.start_bot()
    resumed = live_here(again, server)
    assert resumed is not None
    kept = again.runtime.turn_clocks.clocks[resumed.id]
    assert (kept.due_ms, kept.given, kept.extra_ms) == (due + 36 * HOUR_MS, 3, 36 * HOUR_MS)
    server.clock.now = (due + 30 * HOUR_MS) / 1000  # past the first end: still running
    await fire_due(server, again, resumed)
    assert not kept.expired
    await fake.disconnect(again)


async def test_a_keer_player_who_picked_gives_the_others_more_time(timed_server: Server) -> None:
    server = timed_server
    bot = await server.start_bot()
    live = await start_match(server, bot, [server.bo], 0, clock="async")
    await play_until(
        server, bot, live, lambda s: s.phase is Phase.CHOOSE and s.seats_to_act() == (1,)
    )
    clock = bot.runtime.turn_clocks.clocks[live.id]
    due = clock.due_ms
    given = await server.fake.click(bot, server.ana, card(server, live), "12 h more")
    assert not given.ephemeral and "Bo" in said(given) and clock.due_ms == due + 12 * HOUR_MS
    assert keer(live).seats_to_act() == (1,)
    await server.fake.disconnect(bot)


async def test_a_live_table_shows_its_clock_but_offers_no_more_time(timed_server: Server) -> None:
    server = timed_server
    bot, driver = await challenge(server, clock="live")
    await first_turn_of(driver, 0)
    message = card(server, driver.live)
    clock = bot.runtime.turn_clocks.clocks[driver.live.id]
    shown, style = clock_line(message)
    assert style == "R" and abs(shown - clock.due_ms // 1000) <= 1
    assert not any("more" in (c.label or "") for c in message.interactive())
    elsewhere = server.fake.add_channel(server.guild, "elsewhere")
    refused = await server.fake.slash(
        bot,
        server.ana,
        elsewhere,
        "kero challenge",
        member=server.bo,
        clock="live",
        hours="18:00-22:00",
        zone="Europe/Madrid",
    )
    assert refused.ephemeral and "Playing hours are for async matches" in said(refused)
    await server.fake.disconnect(bot)


REFUSALS = {
    "en-US": (
        "Did you mean `Europe/Madrid`",
        "like `18:00-22:00`",
        "Say which time zone",
        "Playing hours are for async matches",
    ),
    "es-ES": (
        "¿Quisiste decir `Europe/Madrid`",
        "como `18:00-22:00`",
        "Indica en qué zona horaria",
        "El horario de juego es para partidas diferidas",
    ),
    "nl": (
        "Bedoel je `Europe/Madrid`",
        "zoals `18:00-22:00`",
        "Zeg in welke tijdzone",
        "Speeltijden zijn voor potjes op je gemak",
    ),
}


@pytest.mark.parametrize("locale", list(REFUSALS))
async def test_playing_hours_that_are_none_are_refused_in_the_members_language(
    server: Server, bot: TableroBot, locale: str
) -> None:
    server.ana.locale = locale
    zone, window, no_zone, live_clock = REFUSALS[locale]
    tries = [
        ({"clock": "async", "hours": "18:00-22:00", "zone": "Europe/Madird"}, zone),
        ({"clock": "async", "hours": "evenings", "zone": "Europe/Madrid"}, window),
        ({"clock": "async", "hours": "18:00-22:00"}, no_zone),
        ({"clock": "live", "hours": "18:00-22:00", "zone": "Europe/Madrid"}, live_clock),
    ]
    for options, expected in tries:
        res = await server.fake.slash(bot, server.ana, server.channel, "keer start", **options)
        assert res.ephemeral and expected in said(res), (options, said(res))
    assert server.fake.channel_messages(server.channel) == []  # no lobby was posted


@pytest.mark.parametrize(
    ("locale", "yourself", "not_yours"),
    [
        ("es-ES", "no puedes darte más tiempo", "Solo los demás jugadores de la partida"),
        ("nl", "je kunt jezelf geen extra tijd geven", "Alleen de andere spelers van het potje"),
    ],
)
async def test_more_time_is_refused_in_the_members_language(
    timed_server: Server, locale: str, yourself: str, not_yours: str
) -> None:
    server = timed_server
    bot, driver = await challenge(server, clock="async")
    await first_turn_of(driver, 0)
    server.ana.locale = server.eve.locale = locale
    own = await server.fake.click(bot, server.ana, card(server, driver.live), "12 h more")
    assert own.ephemeral and yourself in said(own)
    outsider = await server.fake.click(bot, server.eve, card(server, driver.live), "12 h more")
    assert outsider.ephemeral and not_yours in said(outsider)
    await server.fake.disconnect(bot)
