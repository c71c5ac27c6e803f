"""Kero in `benchmarks.clicks`: matches between two members, stored once their setup is drawn
(waiting for the first Roll), and a member's next click as the computer would play it
(`bot_latency.next_kero_click`): Roll, each die marked for a re-roll (a click each), Re-roll,
Stop and End turn; where the computer would choose what the card offers no button for (a die
added, a Tuarek played, a camp's selects), the member rolls, stops or ends the turn instead."""

from __future__ import annotations

from typing import Final

from benchmarks.bot_latency import next_kero_click
from benchmarks.click_players import NotReady, Players, Table, newest
from games.common import ChanceRng
from games.common.protocol import CHANCE, Node
from games.kero import KeroState
from games.kero.ai import KeroAI, Pace
from games.kero.board import Phase
from games.records import Entry

KERO: Final = "kero"
INSTEAD: Final = {
    Phase.START: ("roll", ":act:roll@"),
    Phase.ROLLING: ("stop", ":act:stop@"),
    Phase.CAMP: ("end turn", ":act:end"),
}
"""The click a member makes instead of a choice the card offers no button for (a die added
or a Tuarek played at the start, a camp's selects)."""
DECIDE: Final = KeroAI(Pace(think_ms=0))
"""How the members play: the computer's choices, each made at once."""


def kero_state() -> KeroState:
    """A new match's state (base game, fuel-ups made automatically)."""
    return KeroState({})


def kero_log(number: int) -> list[Entry]:
    """The setup of a match, drawn: the first player waits for their Roll."""
    state, rng = kero_state(), ChanceRng(f"kero/{number}")
    while state.node() is Node.CHANCE:
        state.apply(CHANCE, state.sample_chance(rng))
    return [Entry(seat, action.to_text()) for seat, action in state.history]


async def kero_move(players: Players, table: Table) -> None:
    """The member's next click, once it is a member's turn and the card shows it."""
    state = players.state_of(table)
    assert isinstance(state, KeroState)
    if state.is_terminal():
        table.over = True
        raise NotReady("over")
    seats = state.seats_to_act()
    message = newest(players.fake, table, "")
    if not seats or message is None:
        raise NotReady("kero: the bot's move or card")  # a draw, a timer, a post to come
    kind, suffix = next_kero_click(DECIDE, state, message, seats[0])
    if not any(suffix in str(c.custom_id) for c in message.interactive()):
        kind, suffix = INSTEAD.get(state.phase, ("", ""))  # a choice the members skip here
        if not kind:
            raise NotReady(f"kero: a {state.phase} choice")
    await players.button(table, kind, seats[0], suffix)
