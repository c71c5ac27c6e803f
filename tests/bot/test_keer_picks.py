"""Keer picks you can change (issue 31): a member picks, clicks a die again and picks another
until the roll resolves; only the last pick counts, nobody else learns of it, and once the roll
resolved an old select changes nothing."""

from __future__ import annotations

import pytest

from bot.app import TableroBot
from bot.games.keer_kids import picks
from bot.games.keer_kids.ui import enclosure_code, roll_summary
from fakediscord import FakeMessage, FakeUser, InteractionResult
from games.common import CHANCE, ChanceRng, Node
from games.keer_kids import Cross, KeerState, Mark, Miss, Phase, Skip, new_match
from games.keer_kids.ai import HeuristicAI
from games.keer_kids.rules import face_fits
from render.keer_kids import sheet_png
from render.keer_kids.choice import framed, own_sheet_png
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import (
    button_id,
    choose_on,
    decodes,
    keer,
    members,
    pick,
    play_until,
    start_match,
)
from tests.bot.kero_driver import fire_due
from words import isolate, words_for


def two_picks(state: KeerState) -> bool:
    """Everyone still to choose, and Bo (seat 1) with two picks on different enclosures."""
    if state.phase is not Phase.CHOOSE or any(c is not None for c in state.choices):
        return False
    return len({_target(a) for a in state.legal_actions(1)}) >= 2


def _target(action: object) -> str:
    if isinstance(action, Cross):
        return action.enclosure
    assert isinstance(action, Mark)
    return f"mark:{action.chameleon}"


async def choose(
    server: Server, bot: TableroBot, user: FakeUser, action: Cross | Mark
) -> tuple[InteractionResult, str, InteractionResult]:
    """Click the action's die on the match's message, then choose it in the ephemeral select:
    the die click's answer, the select's custom_id, and the select's answer (which edits the
    ephemeral)."""
    fake = server.fake
    live = bot.runtime.service.in_channel(str(server.channel.id))
    assert live is not None and live.message_id is not None
    message = fake.message(int(live.message_id))
    opened = await fake.click(bot, user, message, button_id(message, f":die:{action.die}"))
    assert opened.ephemeral, said(opened)
    choice = opened.messages[0]
    select = _select_id(choice, action)
    res = await fake.select(bot, user, choice, select, [action.to_text()])
    await fake.settle()
    return opened, select, res


async def test_a_pick_changed_before_the_roll_resolves_is_the_one_that_counts(
    server: Server, bot: TableroBot
) -> None:
    fake, bo = server.fake, server.bo
    live = await start_match(server, bot, [server.bo, server.cas], ais=0)
    await play_until(server, bot, live, two_picks)
    state = keer(live)
    first = state.legal_actions(1)[0]
    second = next(a for a in state.legal_actions(1) if _target(a) != _target(first))
    assert isinstance(first, Cross | Mark) and isinstance(second, Cross | Mark)
    public = fake.message(int(live.message_id or 0))

    _, _, res = await choose(server, bot, bo, first)
    assert res.acknowledged and "change it until the roll resolves" in said(res)
    assert keer(live).choices[1] == first
    seen_by_others = public.text, repr(public.components)

    spare = await fake.click(bot, bo, public, button_id(public, f":die:{second.die}"))
    opened, _, res = await choose(server, bot, bo, second)
    assert "Your pick so far" in said(opened)
    assert "\n-# Still open for you: visitors above " in said(opened)
    assert opened.response is not None
    offered = [
        o["value"]
        for row in opened.response["data"]["components"]
        for c in row["components"]
        for o in c.get("options", [])
    ]
    assert second.to_text() in offered and first.to_text() not in offered
    assert said(res).startswith("🔁 Changed:"), said(res)
    assert keer(live).choices[1] == second
    assert (public.text, repr(public.components)) == seen_by_others, "a change shows nobody"

    early = spare.messages[0]  # opened before the change: stale once Bo picked elsewhere
    assert early.text.startswith("🔁 You picked in another choice"), early.text
    assert early.interactive() == [] and early.attachments == [], "closed, nothing live left"

    left_open = await fake.click(bot, bo, public, button_id(public, f":die:{first.die}"))
    await fake.settle()
    live.private.clear()  # as after a restart: the bot no longer knows this one is open
    lingering = await fake.click(bot, bo, public, button_id(public, f":die:{first.die}"))
    await fake.settle()

    while keer(live).phase is Phase.CHOOSE:
        await pick(server, bot, live, keer(live).seats_to_act()[0])
    crossed = keer(live).summary()["players"][1]["crossed"]
    if isinstance(second, Cross):
        assert second.enclosure in crossed
    if isinstance(first, Cross):
        assert first.enclosure not in crossed
    words, sheet = live.words, keer(live).sheet
    bos = [part for part in roll_summary(live, 1).split(" · ") if isolate("Bo") in part]
    assert len(bos) == 1, "the summary names Bo's last pick only"
    if isinstance(second, Cross):
        assert enclosure_code(sheet, second.enclosure, words) in bos[0]
    if isinstance(first, Cross):
        assert enclosure_code(sheet, first.enclosure, words) not in bos[0]
    changes = keer(live).summary()["changed_picks"]
    assert [(c["seat"], c["from"], c["to"]) for c in changes] == [
        (1, first.to_text(), second.to_text())
    ]

    closed = lingering.messages[0]  # …and the roll's resolution closed what it knew of
    assert closed.text == "⌛ This roll is over: nothing was changed.", closed.text
    assert closed.interactive() == []

    version = keer(live).version
    stale = left_open.messages[0]
    late = await fake.select(bot, bo, stale, _select_id(stale, first), [first.to_text()])
    assert said(late) == "⌛ This roll is over: nothing was changed."
    assert late.response is not None and late.response["type"] == 7, "the stale select is edited"
    assert stale.interactive() == [], "no select is left looking live"
    assert keer(live).version == version, "a pick after the roll resolved changed nothing"
    await fake.disconnect(bot)


async def test_a_die_click_of_a_member_who_picked_names_their_pick_and_changes_nothing(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo, server.cas], ais=0)
    await play_until(server, bot, live, two_picks)
    await pick(server, bot, live, 1)
    chosen = keer(live).choices[1]
    assert isinstance(chosen, Cross | Mark)
    message = fake.message(int(live.message_id or 0))
    bo = members(server)[live.players[1].id]
    opened = await fake.click(bot, bo, message, button_id(message, f":die:{chosen.die}"))
    text = said(opened)
    assert opened.ephemeral and ("Your pick so far" in text or "your pick stays" in text), text
    assert keer(live).choices[1] == chosen, "looking at a die changed nothing"
    await fake.disconnect(bot)


def _select_id(message: FakeMessage, action: Cross | Mark) -> str:
    return str(
        next(
            c for c in message.interactive() if c.type == 3 and action.to_text() in c.options
        ).custom_id
    )


def mixed_keep(state: KeerState) -> bool:
    """Ana keeps, and some of her dice fit her sheet while others do not."""
    if state.phase is not Phase.KEEP or state.roller != 0 or state.dice is None:
        return False
    fits = {face_fits(state, state.players[0], face) for face in state.dice}
    return fits == {True, False}


async def test_the_keep_marks_what_fits_names_it_when_refusing_and_opens_the_roller_s_choice(
    server: Server, bot: TableroBot
) -> None:
    fake, ana = server.fake, server.ana
    live = await start_match(server, bot, [server.bo], ais=0)
    sheet = keer(live).sheet
    for colour in ("red", "blue", "green"):  # Ana's sheet: these colours have no room left
        keer(live).players[0].crossed |= sheet.colour_masks[colour]
    await play_until(server, bot, live, mixed_keep)
    state = keer(live)
    assert state.dice is not None
    fits = [face_fits(state, state.players[0], face) for face in state.dice]
    message = fake.message(int(live.message_id or 0))
    words = live.words
    for die, face in enumerate(state.dice):
        button = next(c for c in message.interactive() if str(c.custom_id).endswith(f":keep:{die}"))
        colour = words(f"colour-{face}")
        key = "keer-keep-fits-label" if fits[die] else "keer-keep-no-room-label"
        assert button.label == words(key, colour=colour)
        assert (button.raw["style"] == 3) == fits[die], "green for a die that fits"

    wrong, right = fits.index(False), fits.index(True)
    version = state.version
    refused = await fake.click(bot, ana, message, button_id(message, f":keep:{wrong}"))
    fitting = [f for f in dict.fromkeys(state.dice) if face_fits(state, state.players[0], f)]
    expected = words(
        "keer-refuse-keep-fits",
        colour=words(f"colour-{state.dice[wrong]}"),
        fits=words.join([words(f"colour-{f}") for f in fitting], style="or"),
    )
    assert refused.ephemeral and said(refused) == expected
    assert keer(live).version == version, "a refused keep changed nothing"

    kept = await fake.click(bot, ana, message, button_id(message, f":keep:{right}"))
    await fake.settle()
    assert kept.acknowledged and not kept.ephemeral
    assert keer(live).phase is Phase.CHOOSE and keer(live).kept == right
    assert len(kept.followups) == 1, "the roller's choice opens at once"
    choice = kept.followups[0]
    assert choice.visible_for(ana.id) and not choice.visible_for(server.bo.id)
    action = keer(live).legal_actions(0)[0]
    assert isinstance(action, Cross | Mark) and action.die == right
    res = await choose_on(fake, bot, ana, choice, action)
    await fake.settle()
    assert res.acknowledged and keer(live).choices[0] == action, "one click fewer: no die click"
    await fake.disconnect(bot)


async def test_a_purple_whose_only_choice_is_the_mark_is_one_button(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo, server.cas], ais=0)

    def bare_mark(state: KeerState) -> bool:
        if state.phase is not Phase.CHOOSE or state.choices[1] is not None:
            return False
        return any(isinstance(a, Mark) and a.chameleon is None for a in state.legal_actions(1))

    await play_until(server, bot, live, bare_mark)
    action = next(a for a in keer(live).legal_actions(1) if isinstance(a, Mark))
    message = fake.message(int(live.message_id or 0))
    opened = await fake.click(bot, server.bo, message, button_id(message, f":die:{action.die}"))
    components = opened.messages[0].interactive()
    assert [c.type for c in components] == [2], "one button, no select"
    assert components[0].label == live.words("keer-mark-option")
    res = await fake.click(bot, server.bo, opened.messages[0], str(components[0].custom_id))
    await fake.settle()
    assert said(res).startswith("✅") and keer(live).choices[1] == action
    await fake.disconnect(bot)


@pytest.mark.parametrize("locale", ["en-US", "es-ES", "nl"])
async def test_a_die_click_shows_the_sheet_framing_its_options_with_the_options_letters(
    server: Server, bot: TableroBot, locale: str
) -> None:
    fake, bo = server.fake, server.bo
    bo.locale = locale
    live = await start_match(server, bot, [server.bo, server.cas], ais=0)
    await play_until(server, bot, live, two_picks)
    action = next(a for a in keer(live).legal_actions(1) if isinstance(a, Cross))
    message = fake.message(int(live.message_id or 0))
    opened = await fake.click(bot, bo, message, button_id(message, f":die:{action.die}"))
    await fake.settle()
    choice = opened.messages[0]
    assert [a.filename for a in choice.attachment_objects] == ["choice.png"]
    alt = choice.attachment_objects[0].description or ""
    words = words_for(locale.split("-", maxsplit=1)[0])
    sheet, state = keer(live).sheet, keer(live)
    lettered = {
        o["label"].split(" — ")[0]: o["label"].split(" — ")[1].split(" · ")[0]
        for c in choice.interactive()
        for o in c.raw.get("options", [])
    }
    expected = [
        (letter, enclosure_code(sheet, where, words))
        for letter, where in framed(state, 1, action.die, words)
    ]
    assert expected and lettered == dict(expected), (lettered, expected)
    for component in choice.interactive():
        for option in component.raw.get("options", []):
            where = state.sheet.enclosure(str(option["value"]).split(":")[2])
            assert where is not None
            star = bool(state.sheet.star_mask >> where.index & 1)
            assert option["label"].endswith(" ★") == star, option["label"]
    assert all(f"{letter} {code}" in alt for letter, code in expected), alt
    assert decodes(choice) == 1
    await fake.disconnect(bot)


def test_still_open_names_the_visitors_buckets_and_food_the_seat_can_still_score() -> None:
    state, ai, rng = new_match(3), HeuristicAI(), ChanceRng("still-open")
    while state.rolls < 14:
        if state.node() is Node.CHANCE:
            state.apply(CHANCE, state.sample_chance(rng))
        for seat in state.seats_to_act():
            state.apply(seat, ai.choose(state, seat))
    english = words_for("en")
    for seat in range(3):
        mine = state.summary()["players"][seat]
        taken = set(mine["columns_filled"]) | set(mine["visitors_circled"])
        taken |= set(mine["visitors_crossed_out"])
        open_visitors = [c for c in range(1, 14) if c not in taken]
        buckets = sum(
            state.sheet.buckets[c - 1] for c in range(1, 14) if c not in mine["columns_filled"]
        )
        done = set(mine["animals_completed"])
        food = [english(f"animal-{a.name}") for a in state.sheet.animals if a.name not in done]
        line = picks.still_open(state, seat, english)
        assert line.startswith(f"Still open for you: visitors above {picks.runs(open_visitors)} · ")
        assert f" · {buckets} bucket" in line and line.endswith(f"food of {english.join(food)}")
    assert mine["columns_filled"] or any(
        p["visitors_crossed_out"] for p in state.summary()["players"]
    ), "the match got far enough to have something taken"


def keep_with_one_pick(state: KeerState) -> bool:
    """Ana keeps, and one of the dice she may keep leaves her a single pick."""
    return state.phase is Phase.KEEP and state.roller == 0 and one_pick_die(state) is not None


def one_pick_die(state: KeerState) -> int | None:
    """A die Ana may keep after which she has exactly one pick."""
    for keep in state.legal_actions(0):
        trial = state.clone()
        trial.apply(0, keep)
        if len(trial.legal_actions(0)) == 1 and not isinstance(trial.legal_actions(0)[0], Skip):
            return int(keep.die)  # type: ignore[union-attr]
    return None


async def test_autopick_makes_a_pick_without_alternative_and_the_card_says_so(
    server: Server, bot: TableroBot
) -> None:
    fake, ana = server.fake, server.ana
    shown = await fake.slash(bot, ana, server.channel, "settings me")
    assert said(shown) == "Images: on · picks with one option made for you: off"
    on = await fake.slash(bot, ana, server.channel, "settings me", autopick="on")
    assert on.ephemeral and said(on).startswith("A Keer pick with only one option is now made")
    live = await start_match(server, bot, [server.bo], ais=0)
    assert live.autopick == {0}
    await play_until(server, bot, live, keep_with_one_pick)
    die = one_pick_die(keer(live))
    message = fake.message(int(live.message_id or 0))
    kept = await fake.click(bot, ana, message, button_id(message, f":keep:{die}"))
    await fake.settle()
    assert keer(live).choices[0] is not None, "her only pick was made for her"
    assert kept.followups == [], "no choice to open"
    card = fake.message(int(live.message_id or 0))
    assert "⚙️ only one choice: made for them" in card.text
    bo_line = card.text.split(f"**{isolate('Bo')}**")[1].split("\n")[0]
    assert "⚙️" not in bo_line, "Bo picks himself"
    number = keer(live).rolls
    await pick(server, bot, live, 1)  # the roll resolves: its summary says who made Ana's pick
    summary = roll_summary(live, number).split(" · ")
    anas = [part for part in summary if isolate("Ana") in part]
    assert anas[-1].endswith("(⚙️ only choice, made for them)"), summary
    assert not any("made for them" in part for part in summary if isolate("Bo") in part)

    off = await fake.slash(bot, ana, server.channel, "settings me", autopick="off")
    assert said(off) == "Every Keer pick is yours to make again."
    assert live.autopick == set()
    await play_until(server, bot, live, keep_with_one_pick)
    die = one_pick_die(keer(live))
    message = fake.message(int(live.message_id or 0))
    kept = await fake.click(bot, ana, message, button_id(message, f":keep:{die}"))
    await fake.settle()
    assert keer(live).choices[0] is None and len(kept.followups) == 1, "hers to make again"
    await fake.disconnect(bot)


async def test_my_sheet_shows_my_pick_so_far_dashed_and_nobody_else_s_view_does(
    server: Server, bot: TableroBot
) -> None:
    fake, bo = server.fake, server.bo
    live = await start_match(server, bot, [server.bo, server.cas], ais=0)
    await play_until(server, bot, live, two_picks)
    cross = next((a for a in keer(live).legal_actions(1) if isinstance(a, Cross)), None)
    if cross is None:
        pytest.skip("the seeded roll offers Bo no enclosure")
    await choose(server, bot, bo, cross)
    state = keer(live)
    assert state.choices[1] == cross
    message = fake.message(int(live.message_id or 0))
    mine = await fake.click(bot, bo, message, button_id(message, ":sheet"))
    await fake.settle()
    english = words_for("en")
    drawn = own_sheet_png(state, 1, name="Bo", words=english)
    assert mine.followups[0].attachments == [("sheet.png", drawn)]
    assert drawn != sheet_png(state, 1, name="Bo", words=english), "the pick so far is drawn"
    look = next(
        str(c.custom_id) for c in message.interactive() if str(c.custom_id).endswith(":look:1")
    )
    theirs = await fake.click(bot, server.cas, message, look)
    await fake.settle()
    assert theirs.followups[0].attachments[0][1] != drawn, "Cas never sees Bo's pick"
    await bot.runtime.settings.set_member(str(bo.id), images=False)
    text = await fake.click(bot, bo, message, button_id(message, ":sheet"))
    assert "Your pick so far: " in said(text)
    await fake.disconnect(bot)


async def test_a_choice_left_open_is_closed_when_the_turn_clock_resolves_the_roll(
    timed_server: Server,
) -> None:
    server = timed_server
    assert server.clock is not None
    fake, bo = server.fake, server.bo
    bot = await server.start_bot()
    live = await start_match(server, bot, [bo], ais=0, clock="live")
    await play_until(
        server, bot, live, lambda s: s.phase is Phase.CHOOSE and s.seats_to_act() == (1,)
    )
    message = fake.message(int(live.message_id or 0))
    die = keer(live).allowed_dice(1)[0]
    opened = await fake.click(bot, bo, message, button_id(message, f":die:{die}"))
    choice = opened.messages[0]
    if not choice.interactive():
        pytest.skip("the seeded die fits nowhere on Bo's sheet: no choice to leave open")
    rolls = keer(live).rolls
    server.clock.now = bot.runtime.turn_clocks.clocks[live.id].due_ms / 1000 + 1
    await fire_due(server, bot, live)
    assert (1, Miss()) in keer(live).history and keer(live).rolls == rolls, "the clock resolved it"
    assert choice.text == "⌛ This roll is over: nothing was changed.", choice.text
    assert choice.interactive() == [] and choice.attachments == []
    await fake.disconnect(bot)
