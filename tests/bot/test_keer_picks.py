"""Keer picks you can change (issue 31): a member picks, clicks a die again and picks another
until the roll resolves; only the last pick counts, nobody else learns of it, and once the roll
resolved an old select changes nothing."""

from __future__ import annotations

from bot.app import TableroBot
from bot.games.keer_kids.ui import enclosure_code, roll_summary
from fakediscord import FakeMessage, FakeUser, InteractionResult
from games.keer_kids import Cross, KeerState, Mark, Phase
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, keer, members, pick, play_until, start_match
from words import isolate


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
    offered = [
        o["value"]
        for c in opened.response["data"]["components"]
        for s in c["components"]
        for o in s.get("options", [])
    ]  # type: ignore[index]
    assert second.to_text() in offered and first.to_text() not in offered
    assert said(res).startswith("🔁 Changed:"), said(res)
    assert keer(live).choices[1] == second
    assert (public.text, repr(public.components)) == seen_by_others, "a change shows nobody"

    early = spare.messages[0]  # opened before the change: it still offers the new pick
    again = await fake.select(bot, bo, early, _select_id(early, second), [second.to_text()])
    assert again.ephemeral and said(again) == "That is already your pick."
    assert keer(live).choices[1] == second

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

    version = keer(live).version
    late = await fake.select(bot, bo, early, _select_id(early, second), [second.to_text()])
    assert late.ephemeral and "out of date" in said(late)
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
