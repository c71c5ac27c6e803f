"""Kero's components on the match message: the buttons of the clan to act as the engine lists
them, the dice toggles of the tanker window (their custom_ids carry the marks, so toggling needs
no storage), and the ephemeral "My Tuareks" with what a player may play now."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import discord

from bot.games.kero.rules import kero_state
from bot.games.kero.ui import (
    DIE_EMOJI,
    describe,
    dice_faces,
    die_cost,
    fuel_offered,
    hire_cost,
    legal_now,
    mover,
    tank_full,
    template,
    tile_name,
    tuarek_name,
)
from bot.ui.components import SentView, view_of
from bot.ui.ids import SECRET, MatchRef, Verb
from bot.ui.items import match_button, match_select
from games.common.protocol import Seat
from games.kero import KeroState
from games.kero import actions as a
from games.kero.board import Phase
from games.kero.chance import FLAME_FACE
from words import Words

if TYPE_CHECKING:
    from bot.core.live import LiveMatch


def step_view(live: LiveMatch) -> discord.ui.View | None:
    """The buttons of the clan(s) to act, as the engine allows them now."""
    state = kero_state(live.state)
    if state.phase is Phase.ROLLING and not live.is_ai(state.active):
        return rolling_view(live, 0)
    w = live.words
    view = SentView()
    if state.phase is Phase.CLAIM:
        _claim_items(live, w, state, view)
    elif state.phase is not Phase.ROLLING and not live.is_ai(mover(state)):
        legal = legal_now(state, mover(state))
        _phase_items(live, w, state, legal, view)
    view.add_item(_tuareks_button(live, w, state.version))
    return view


def rolling_view(live: LiveMatch, marks: int) -> discord.ui.View:
    """The dice as toggles (marked = re-roll), Re-roll and Stop."""
    w = live.words
    state = kero_state(live.state)
    version, turn = state.version, state.turn
    items: list[discord.ui.Item[Any]] = []
    faces = dice_faces(w, state)
    for die, face in enumerate(turn.faces):
        burnt = face == FLAME_FACE
        marked = bool(marks >> die & 1) and not burnt
        ref = MatchRef(live.id, version, Verb.TOGGLE, f"{marks ^ (1 << die)}:{die}")
        style = discord.ButtonStyle.primary if marked else discord.ButtonStyle.secondary
        if burnt:
            style = discord.ButtonStyle.danger
        label = ("🔁 " if marked else "") + faces[die]
        items.append(match_button(ref, label, style=style, disabled=burnt, row=die // 5))
    chosen = tuple(d for d in range(len(turn.faces)) if marks >> d & 1)
    reroll = MatchRef(live.id, version, Verb.ACT, template(a.Reroll(chosen, 0)))
    ready = bool(chosen) and not live.is_ai(state.active)
    items.append(
        match_button(
            reroll,
            w("kero-reroll-count-label", count=len(chosen)) if chosen else w("kero-reroll-label"),
            emoji="🔁",
            style=discord.ButtonStyle.primary,
            disabled=not ready,
            row=2,
        )
    )
    stop = MatchRef(live.id, version, Verb.ACT, template(a.Stop(0)))
    items.append(
        match_button(
            stop, w("kero-stop-label"), emoji="✋", style=discord.ButtonStyle.success, row=2
        )
    )
    items.append(_tuareks_button(live, w, version, row=2))
    # The generic 📝 Text board (bot/ui/router.py adds it to every other step's view): here too, as
    # a die toggle redraws this view by itself.
    board = MatchRef(live.id, version, Verb.BOARD)
    items.append(match_button(board, w("match-board-label"), emoji="📝", row=2))
    return view_of(*items)


def tuarek_message(live: LiveMatch, seat: Seat, w: Words) -> tuple[str, discord.ui.View | None]:
    """The ephemeral "My Tuareks" (in the member's language `w`): what the seat holds and what
    it may play now."""
    state = kero_state(live.state)
    camp = state.camps[seat]
    held = (
        w.join([tuarek_name(w, t) for t in camp.tuareks]) if camp.tuareks else w("kero-no-tuareks")
    )
    tuareks = (
        w("kero-my-tuareks-armed", tuareks=held, armed=camp.armed)
        if camp.armed
        else w("kero-my-tuareks", tuareks=held)
    )
    tiles = w.join([tile_name(w, t) for t in camp.tiles]) if camp.tiles else w("kero-no-tiles")
    text = tuareks + "\n" + w("kero-my-tiles", tiles=tiles)
    playable = [
        act
        for act in state.legal_actions(seat)
        if isinstance(act, a.Play | a.Use) and not _useless(state, seat, act)
    ]
    if not playable:
        return text + "\n" + w("kero-nothing-to-play"), None
    options = [
        discord.SelectOption(label=describe(w, state, act)[:100], value=template(act))
        for act in playable[:25]
    ]
    ref = MatchRef(live.id, state.version, Verb.ACT, SECRET)
    return text, view_of(match_select(ref, options, w("kero-tuarek-placeholder")))


def _useless(state: KeroState, seat: Seat, action: a.Action) -> bool:
    """A Water-carrier's fuel-up into a full tank: it would pour nothing and cost the Tuarek."""
    if not isinstance(action, a.Play) or not tank_full(state, seat):
        return False
    kinds = {t.id: t.effect.kind for t in state.box.tuareks}
    return kinds.get(action.tuarek) == "free_fuel_up"


def _tuareks_button(
    live: LiveMatch, w: Words, version: int, row: int | None = None
) -> discord.ui.Item[Any]:
    """🐪 My Tuareks: each member's secret hand, shown only to them."""
    ref = MatchRef(live.id, version, Verb.CAMP)
    return match_button(ref, w("kero-tuareks-label"), emoji="🐪", row=row)


_BUTTONS: Final = {
    a.FuelUp: ("kero-fuel-up-label", "⛽", discord.ButtonStyle.secondary),
    a.Roll: ("kero-roll-label", "🎲", discord.ButtonStyle.primary),
    a.Throw: ("kero-throw-label", "🎲", discord.ButtonStyle.primary),
    a.Hire: ("kero-hire-label", "🐪", discord.ButtonStyle.secondary),
    a.EndTurn: ("kero-end-turn-label", "✅", discord.ButtonStyle.success),
}
"""The phase's buttons: their label's message id, emoji and style, by action."""


def _label(w: Words, state: KeroState, action: a.Action, key: str) -> str:
    """A button's label, with what it costs when it spends something."""
    if isinstance(action, a.FuelUp):
        return w(key, cost=state.box.supply.fuel_up_cost.jerrycan)
    if isinstance(action, a.Hire):
        return w(key, cost=hire_cost(state))
    return w(key)


def _phase_items(
    live: LiveMatch,
    w: Words,
    state: KeroState,
    legal: Sequence[a.Action],
    view: discord.ui.View,
) -> None:
    version = state.version

    def ref(action: a.Action) -> MatchRef:
        return MatchRef(live.id, version, Verb.ACT, template(action))

    offered = [act for act in legal if not isinstance(act, a.FuelUp) or fuel_offered(state, legal)]
    for action in offered:
        button = _BUTTONS.get(type(action))
        if button is not None:
            key, emoji, style = button
            label = _label(w, state, action, key)
            view.add_item(match_button(ref(action), label, emoji=emoji, style=style, row=0))
    for action in offered:
        if isinstance(action, a.AddDie):
            label = _die_label(w, state, action.colour)
            view.add_item(match_button(ref(action), label, emoji=DIE_EMOJI[action.colour], row=1))
    owed = state.turn.owed_places
    place = w("kero-place-free-placeholder", count=owed) if owed else w("kero-place-placeholder")
    for kind, placeholder, row in (
        (a.Take, w("kero-take-placeholder"), 2),
        (a.Place, place, 3),
    ):
        choices = [act for act in offered if isinstance(act, kind)]
        if choices:
            options = [
                discord.SelectOption(label=describe(w, state, act)[:100], value=template(act))
                for act in choices[:25]
            ]
            select_ref = MatchRef(live.id, version, Verb.ACT, kind.__name__.lower())
            view.add_item(match_select(select_ref, options, placeholder, row=row))


def _die_label(w: Words, state: KeroState, colour: str) -> str:
    """`green die (1 ⛽)`, or `green die (free)` with the tile that gives it."""
    cost = die_cost(state, colour)
    if cost:
        return w("kero-die-cost-label", colour=colour, cost=cost)
    return w("kero-die-free-label", colour=colour)


def _claim_items(live: LiveMatch, w: Words, state: KeroState, view: discord.ui.View) -> None:
    """One pair of Boss buttons per tied territory (each asked clan clicks its own answer: the
    engine knows who clicked), and the A5 tile's select."""
    vote = state.vote
    if vote is None:
        return
    version = state.version
    slots = sorted(
        {
            slot
            for seat, asked in vote.boss_asks.items()
            for slot in asked
            if (seat, slot) not in vote.boss_answers and not live.is_ai(seat)
        }
    )
    for slot in slots[:12]:
        for activate, key in ((True, "kero-boss-activate-label"), (False, "kero-boss-hold-label")):
            action = a.BossChoice(slot + 1, activate)
            style = discord.ButtonStyle.danger if activate else discord.ButtonStyle.secondary
            ref = MatchRef(live.id, version, Verb.ACT, template(action))
            view.add_item(match_button(ref, w(key, slot=slot + 1), emoji="👑", style=style))
    chooser = vote.tiebreak_seat
    open_choice = vote.tiebreak_choice is None and vote.tiebreak_slots
    if chooser is None or not open_choice or live.is_ai(chooser):
        return
    options = [
        discord.SelectOption(
            label=describe(w, state, a.TieBreak(slot + 1))[:100],
            value=a.TieBreak(slot + 1).to_text(),
        )
        for slot in vote.tiebreak_slots[:25]
    ]
    ref = MatchRef(live.id, version, Verb.ACT, "tiebreak")
    view.add_item(match_select(ref, options, w("kero-tiebreak-placeholder")))
