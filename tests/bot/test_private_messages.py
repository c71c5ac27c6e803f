"""What one member saw privately of a step is closed once play moves on, however it moved on
(bot/delivery/private.py): those of past steps say their step is over, those of the step in
play stay, every one goes once the match ends, and one Discord no longer lets the bot edit is
forgotten without a request."""

from __future__ import annotations

from bot.core.live import LiveMatch, Private
from bot.delivery.private import EDITABLE_MS, close_past
from bot.games.keer_kids.rules import KeerRules
from games.common import CHANCE
from games.keer_kids import Keep, Roll
from games.records import Player
from games.registry import get_game
from words import words_for

NOW = 1_767_225_600_000


def match_with(*shown: tuple[int, int]) -> tuple[LiveMatch, list[tuple[str, str]]]:
    """A Keer match in its first roll's choice, with messages shown at (message key, ms ago);
    and the list their closes are recorded in (message id, text)."""
    spec = get_game("keer-kids")
    state = spec.new_match(2, {})
    state.apply(CHANCE, Roll(("red", "blue", "yellow")))
    state.apply(0, Keep(0))
    players = (Player("1", "Ana"), Player("2", "Bo"))
    live = LiveMatch(1, spec, KeerRules(), state, players, "seed", {}, "g", "c")
    closed: list[tuple[str, str]] = []
    for n, (key, ago) in enumerate(shown):

        async def close(text: str, n: int = n) -> None:
            closed.append((str(n), text))

        words = words_for("nl" if n == 2 else "en")
        live.private.append(Private(0, key, str(n), NOW - ago, words, "keer-pick-roll-over", close))
    return live, closed


async def test_the_messages_of_past_steps_are_closed_in_their_member_s_language() -> None:
    current = KeerRules().message_key(match_with()[0].state)
    live, closed = match_with((current - 1, 1_000), (current, 1_000), (current - 1, 2_000))
    await close_past(live, NOW)
    assert sorted(closed) == [
        ("0", "⌛ This roll is over: nothing was changed."),
        ("2", "⌛ Deze worp is voorbij: er is niets veranderd."),
    ]
    assert [p.message_id for p in live.private] == ["1"], "the step in play keeps its own"
    await close_past(live, NOW)
    assert len(closed) == 2, "nothing is closed twice"


async def test_every_message_goes_when_the_match_ends_and_none_past_its_token() -> None:
    current = KeerRules().message_key(match_with()[0].state)
    live, closed = match_with((current, 1_000), (current - 1, EDITABLE_MS + 1))
    live.open = False
    await close_past(live, NOW)
    assert closed == [("0", "⌛ This roll is over: nothing was changed.")]
    assert live.private == []
