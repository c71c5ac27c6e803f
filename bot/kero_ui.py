"""Kero in Discord, for now the board and its text; the turn's buttons (the tanker window,
fuel-ups, the camp) are the next piece of work and are not offered yet."""

from __future__ import annotations

import discord

from bot.service import LiveMatch
from games.common.protocol import GameState
from games.kero import KeroState

PENDING = (
    "Kero's turn buttons are still being built: this match is saved and becomes playable with "
    "the next update (`/match cancel` ends it)."
)


def kero_state(state: GameState) -> KeroState:
    """The state of a Kero match (a TypeError for any other game's)."""
    if not isinstance(state, KeroState):
        raise TypeError(f"not a Kero state: {type(state).__name__}")
    return state


def turn_number(state: GameState) -> int:
    """A new message per turn."""
    return kero_state(state).turns


def step_content(live: LiveMatch) -> str:
    """Whose turn it is."""
    state = kero_state(live.state)
    header = f"⛽ **Kero** · match #{live.id} · turn {state.turns}"
    return f"{header} — {live.names[state.active]} to play.\n{PENDING}"


def step_view(live: LiveMatch) -> discord.ui.View | None:
    """No buttons yet."""
    return None


def turn_summary(live: LiveMatch, turn: int) -> str:
    """A finished turn's message."""
    return f"⛽ Kero · match #{live.id} · turn {turn}"


def results_content(live: LiveMatch) -> str:
    """Winners and scores."""
    state = kero_state(live.state)
    outcome = state.outcome()
    assert outcome is not None
    lines = [f"🏆 Kero match #{live.id} is over."]
    lines += [f"{live.names[s]} — {outcome.scores[s]} points" for s in range(2)]
    return "\n".join(lines)


def text_board(live: LiveMatch) -> str:
    """Each clan's points, KERO and jerrycans."""
    summary = kero_state(live.state).summary()
    return "\n".join(
        f"**{live.names[c['seat']]}** — {c['points']} points · KERO {c['kero_ms'] // 1000} s · "
        f"{c['jerrycans']} jerrycans"
        for c in summary["camps"]
    )


def progress_line(live: LiveMatch) -> str:
    """Turn and active player."""
    state = kero_state(live.state)
    return f"turn {state.turns} · {live.names[state.active]} to play"
