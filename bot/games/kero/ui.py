"""Kero in Discord: one message per turn (the board image), edited as the turn goes on.

The buttons are the legal actions of the clan to act, as the engine lists them; a timed action
carries a trailing `@` in its custom_id and is stamped with the click's snowflake time. During
the tanker window the dice are toggle buttons (marked = re-roll) whose custom_ids carry the
marks, so toggling needs no storage, and the KERO left shows as a Discord relative timestamp
(no countdown edits). Tuareks are secret: they are played from an ephemeral "My Tuareks" message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import discord

from bot.components import match_button, match_select, view_of
from bot.ids import MatchRef
from bot.names import shown
from games.common.protocol import GameState, Seat
from games.kero import KeroState
from games.kero import actions as a
from games.kero.board import Phase
from games.kero.chance import FLAME_FACE
from games.kero.components import Face
from games.kero.fuel import kero_gained
from games.kero.resources import RESOURCES, Resources

if TYPE_CHECKING:
    from bot.service import LiveMatch

RESOURCE_EMOJI: Final = {
    "brick": "🧱",
    "wheat": "🌾",
    "metal": "⚙️",
    "recruit": "🧍",
    "jerrycan": "⛽",
}
DIE_EMOJI: Final = {"white": "⚪", "green": "🟩", "yellow": "🟨", "blue": "🟦"}
GAUGE_CELLS: Final = 10
_STAMP = re.compile(r"@\d+$")


def kero_state(state: GameState) -> KeroState:
    """The state of a Kero match (a TypeError for any other game's)."""
    if not isinstance(state, KeroState):
        raise TypeError(f"not a Kero state: {type(state).__name__}")
    return state


def template(action: a.Action) -> str:
    """An action's text with its timestamp left open (`roll@`): the click will stamp it."""
    return _STAMP.sub("@", action.to_text())


def stamped(text: str, at_ms: int) -> str:
    """A template with the click's time filled in (`roll@` → `roll@1767225600123`)."""
    return f"{text}{at_ms}" if text.endswith("@") else text


def turn_key(state: GameState) -> int:
    """A new message per turn, and one for a claim."""
    kero = kero_state(state)
    return kero.turns * 2 + (1 if kero.phase is Phase.CLAIM else 0)


PHASE_WORDS: Final = {
    Phase.SETUP: "dealing",
    Phase.START: "choosing dice",
    Phase.FUELING: "fuelling up",
    Phase.ROLLING: "rolling",
    Phase.CAMP: "in camp",
    Phase.CLAIM: "claiming territories",
    Phase.OVER: "over",
}
"""Each phase in players' words."""


def resources_text(bundle: Resources) -> str:
    """`🧱 2 bricks, 🌾 1 wheat`, or `nothing`: words as well as emoji, for screen readers."""
    parts = [
        f"{RESOURCE_EMOJI[name]} {Resources.of({name: amount}).words()}"
        for name, amount in zip(RESOURCES, bundle.as_tuple(), strict=True)
        if amount
    ]
    return ", ".join(parts) or "nothing"


def face_text(face: Face) -> str:
    """A die face as emoji and words: `🔥 flame`, `🐪 Tuarek`, `🌾🧍 wheat+recruit`."""
    if face.flame:
        return "🔥 flame"
    if face.tuarek:
        return "🐪 Tuarek"
    if face.explorer:
        return "🧭 Explorer"
    pairs = [
        (name, amount)
        for name, amount in zip(RESOURCES, face.resources.as_tuple(), strict=True)
        if amount
    ]
    emoji = "".join(RESOURCE_EMOJI[name] * amount for name, amount in pairs)
    words = "+".join(name if amount == 1 else f"{amount} {name}" for name, amount in pairs)
    return f"{emoji} {words}"


def dice_faces(state: KeroState) -> list[str]:
    """Each thrown die as `colour face`, in die order."""
    out = []
    for die, face in zip(state.turn.dice, state.turn.faces, strict=True):
        box = state.box.white if die == "white" else state.box.special[die]
        out.append(
            f"{DIE_EMOJI.get(die, '⚪')} {'…' if face is None else face_text(box.faces[face])}"
        )
    return out


def gauge(left_ms: int, capacity_ms: int) -> str:
    """`█████░░░░░ 31 s` — the tank at the moment the message was drawn."""
    full = round(GAUGE_CELLS * max(0, left_ms) / capacity_ms)
    return "█" * full + "░" * (GAUGE_CELLS - full) + f" {max(0, left_ms) // 1000} s"


def who(live: LiveMatch, seat: Seat) -> str:
    """A member's mention, or the computer's name in bold."""
    player = live.players[seat]
    return f"**{player.name}**" if live.is_ai(seat) else f"<@{player.id}>"


def step_content(live: LiveMatch) -> str:
    """What the turn's message says now."""
    state = kero_state(live.state)
    active, camp = state.active, state.camps[state.active]
    header = (
        f"⛽ **Kero** · match #{live.id} · round {min(state.claims + 1, 3)} · "
        f"turn {state.turns + 1}"
    )
    name = shown(live.names[active])
    stock = f"KERO {camp.tank.level_ms // 1000} s · ⛽ {camp.jerrycans} jerrycans"
    if live.is_ai(state.active) and state.phase is not Phase.CLAIM:
        lines = [f"🤖 {name} is playing ({PHASE_WORDS[state.phase]}) · {stock}"]
        lines += _claim_report(live, state)
    elif state.phase is Phase.START:
        dice = " ".join(DIE_EMOJI[d] for d in state.turn.dice)
        extra = f" · special dice: {dice}" if dice else ""
        lines = [f"{who(live, active)}, your turn: fuel up, add dice, then Roll.", stock + extra]
        lines += _claim_report(live, state) + _fuel_report(live, state)
    elif state.phase is Phase.FUELING:
        thrower = 1 - active
        lines = [f"{name} is fuelling up — {who(live, thrower)}, throw the dice! ({stock})"]
    elif state.phase is Phase.ROLLING:
        window = state.turn.window
        assert window is not None
        left = window.empty_at - state.clock_ms
        lines = [
            f"{name} is rolling — the tank runs dry <t:{window.empty_at // 1000}:R> "
            f"{gauge(left, camp.tank.capacity_ms)}",
            " ".join(dice_faces(state)),
            "Mark dice to re-roll (🔁), then Re-roll; Stop keeps them all.",
        ]
    elif state.phase is Phase.CAMP:
        lines = [
            f"{name} is in camp: {resources_text(state.turn.pool)} to spend · {stock}",
            "Take cards, place Explorers, hire Tuareks, then End turn.",
        ]
    else:
        lines = [_claim_line(live, state)]
    return "\n".join([header, *lines])


def step_view(live: LiveMatch) -> discord.ui.View | None:
    """The buttons of the clan(s) to act, as the engine allows them now."""
    state = kero_state(live.state)
    if state.phase is Phase.ROLLING and not live.is_ai(state.active):
        return rolling_view(live, 0)
    view = discord.ui.View(timeout=None)
    if state.phase is Phase.CLAIM:
        _claim_items(live, state, view)
    elif state.phase is not Phase.ROLLING and not live.is_ai(_mover(state)):
        legal = state.legal_actions(_mover(state))
        _phase_items(live, state, legal, view)
    view.add_item(_tuareks_button(live, state.version))
    return view


def rolling_view(live: LiveMatch, marks: int) -> discord.ui.View:
    """The dice as toggles (marked = re-roll), Re-roll and Stop."""
    state = kero_state(live.state)
    version, turn = state.version, state.turn
    items: list[discord.ui.Item[Any]] = []
    faces = dice_faces(state)
    for die, face in enumerate(turn.faces):
        burnt = face == FLAME_FACE
        marked = bool(marks >> die & 1) and not burnt
        ref = MatchRef(live.id, version, "tog", f"{marks ^ (1 << die)}:{die}")
        style = discord.ButtonStyle.primary if marked else discord.ButtonStyle.secondary
        if burnt:
            style = discord.ButtonStyle.danger
        label = ("🔁 " if marked else "") + faces[die]
        items.append(match_button(ref, label, style=style, disabled=burnt, row=die // 5))
    chosen = tuple(d for d in range(len(turn.faces)) if marks >> d & 1)
    reroll = MatchRef(live.id, version, "act", "reroll:" + ".".join(map(str, chosen)) + "@")
    ready = bool(chosen) and not live.is_ai(state.active)
    items.append(
        match_button(
            reroll if chosen else MatchRef(live.id, version, "act", "reroll:none"),
            f"Re-roll {len(chosen)}" if chosen else "Re-roll",
            emoji="🔁",
            style=discord.ButtonStyle.primary,
            disabled=not ready,
            row=2,
        )
    )
    stop = MatchRef(live.id, version, "act", "stop@")
    items.append(match_button(stop, "Stop", emoji="✋", style=discord.ButtonStyle.success, row=2))
    items.append(_tuareks_button(live, version, row=2))
    # The generic 📝 Text board (bot/play.py adds it to every other step's view): here too, as
    # a die toggle redraws this view by itself.
    board = MatchRef(live.id, version, "board")
    items.append(match_button(board, "Text board", emoji="📝", row=2))
    return view_of(*items)


def tuarek_message(live: LiveMatch, seat: Seat) -> tuple[str, discord.ui.View | None]:
    """The ephemeral "My Tuareks": what the seat holds and what it may play now."""
    state = kero_state(live.state)
    camp = state.camps[seat]
    names = {t.id: t.name for t in state.box.tuareks}
    held = ", ".join(names.get(t, t) for t in camp.tuareks) or "none"
    armed = f" · {camp.armed} Dust Storm armed" if camp.armed else ""
    tiles = ", ".join(f"{t} {state.box.tiles[t].name}" for t in camp.tiles) or "none"
    text = f"🐪 Your Tuareks: {held}{armed}\n🏅 Your ability tiles: {tiles}"
    playable = [act for act in state.legal_actions(seat) if isinstance(act, a.Play | a.Use)]
    if not playable:
        return text + "\nNothing to play right now.", None
    options = [
        discord.SelectOption(label=describe(state, act)[:100], value=template(act))
        for act in playable[:25]
    ]
    ref = MatchRef(live.id, state.version, "act", "secret")
    return text, view_of(match_select(ref, options, "Play a Tuarek or use a tile"))


def describe(state: KeroState, action: a.Action) -> str:
    """A short label for an action in a select."""
    if isinstance(action, a.Take):
        card = state.box.cards_by_id[state.row[action.slot - 1] or ""]
        colour = f"{card.colour} " if card.colour else ""
        return (
            f"Card {action.slot}: {colour}{card.kind}, {card.points} pts — "
            f"{resources_text(card.cost)}"
        )
    if isinstance(action, a.Place):
        territory = state.box.territories_by_id[state.territories[action.slot - 1] or ""]
        boss = " (your Boss)" if action.boss else ""
        return f"Territory {action.slot}: {territory.name}, {territory.points} pts{boss}"
    if isinstance(action, a.Play):
        name = next(t.name for t in state.box.tuareks if t.id == action.tuarek)
        return f"{name}" + (f": {action.arg}" if action.arg else "")
    if isinstance(action, a.Use):
        tile = state.box.tiles[action.tile]
        return f"{action.tile} {tile.name}" + (f": die {action.arg}" if action.arg else "")
    if isinstance(action, a.TieBreak):
        territory = state.box.territories_by_id[state.territories[action.slot - 1] or ""]
        return f"Territory {action.slot}: {territory.name}"
    return action.to_text()


def turn_summary(live: LiveMatch, key: int) -> str:
    """What an earlier turn's message says once play moved on."""
    camps = kero_state(live.state).summary()["camps"]
    what = "the claim" if key % 2 else f"turn {key // 2 + 1}"
    score = " · ".join(f"{shown(live.names[c['seat']])} {c['points']}" for c in camps)
    return f"⛽ Kero · match #{live.id} · {what} is over — points: {score}"


def results_content(live: LiveMatch) -> str:
    """Winners and scores."""
    state = kero_state(live.state)
    outcome = state.outcome()
    assert outcome is not None
    winners = " and ".join(f"**{shown(live.names[s])}**" for s in sorted(outcome.winners))
    lines = [f"🏆 {winners} win{'s' if len(outcome.winners) == 1 else ''} Kero match #{live.id}!"]
    lines += [f"{shown(live.names[s])} — {outcome.scores[s]} points" for s in range(2)]
    return "\n".join(lines)


def text_board(live: LiveMatch) -> str:
    """Each clan's points, KERO and jerrycans, and the row, for channels without images."""
    state = kero_state(live.state)
    summary = state.summary()
    lines = [
        f"**{shown(live.names[c['seat']])}** — {c['points']} points · "
        f"KERO {c['kero_ms'] // 1000} s · ⛽ {c['jerrycans']} · {len(c['cards'])} cards · "
        f"{len(c['territories'])} territories"
        for c in summary["camps"]
    ]
    row = [
        describe(state, a.Take(slot + 1)) for slot, card in enumerate(state.row) if card is not None
    ]
    return "\n".join(lines + row)


def progress_line(live: LiveMatch) -> str:
    """Turn and the clan to act."""
    state = kero_state(live.state)
    seats = state.seats_to_act() or (state.active,)
    waiting = ", ".join(shown(live.names[s]) for s in seats)
    return f"turn {state.turns + 1} · {PHASE_WORDS[state.phase]} · waiting for {waiting}"


def _mover(state: KeroState) -> Seat:
    return state.thrower() if state.phase is Phase.FUELING else state.active


def _tuareks_button(live: LiveMatch, version: int, row: int | None = None) -> discord.ui.Item[Any]:
    """🐪 My Tuareks: each member's secret hand, shown only to them."""
    return match_button(MatchRef(live.id, version, "camp"), "My Tuareks", emoji="🐪", row=row)


def _phase_items(
    live: LiveMatch, state: KeroState, legal: Sequence[a.Action], view: discord.ui.View
) -> None:
    version = state.version

    def ref(action: a.Action) -> MatchRef:
        return MatchRef(live.id, version, "act", template(action))

    buttons = {
        a.FuelUp: ("Fuel up (1 ⛽)", "⛽", discord.ButtonStyle.secondary),
        a.Roll: ("Roll", "🎲", discord.ButtonStyle.primary),
        a.Throw: ("Throw", "🎲", discord.ButtonStyle.primary),
        a.Hire: ("Hire a Tuarek (2 ⛽)", "🐪", discord.ButtonStyle.secondary),
        a.EndTurn: ("End turn", "✅", discord.ButtonStyle.success),
    }
    for action in legal:
        shown = buttons.get(type(action))
        if shown is not None:
            label, emoji, style = shown
            view.add_item(match_button(ref(action), label, emoji=emoji, style=style, row=0))
    for action in legal:
        if isinstance(action, a.AddDie):
            label = f"{action.colour} die"
            view.add_item(match_button(ref(action), label, emoji=DIE_EMOJI[action.colour], row=1))
    for kind, placeholder, row in (
        (a.Take, "Take a card", 2),
        (a.Place, "Place an Explorer", 3),
    ):
        choices = [act for act in legal if isinstance(act, kind)]
        if choices:
            options = [
                discord.SelectOption(label=describe(state, act)[:100], value=template(act))
                for act in choices[:25]
            ]
            select_ref = MatchRef(live.id, version, "act", kind.__name__.lower())
            view.add_item(match_select(select_ref, options, placeholder, row=row))


def _claim_items(live: LiveMatch, state: KeroState, view: discord.ui.View) -> None:
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
        for activate, label in ((True, "activate your Boss"), (False, "hold your Boss")):
            action = a.BossChoice(slot + 1, activate)
            style = discord.ButtonStyle.danger if activate else discord.ButtonStyle.secondary
            ref = MatchRef(live.id, version, "act", template(action))
            view.add_item(
                match_button(ref, f"Territory {slot + 1}: {label}", emoji="👑", style=style)
            )
    chooser = vote.tiebreak_seat
    open_choice = vote.tiebreak_choice is None and vote.tiebreak_slots
    if chooser is None or not open_choice or live.is_ai(chooser):
        return
    options = [
        discord.SelectOption(
            label=describe(state, a.TieBreak(slot + 1))[:100], value=a.TieBreak(slot + 1).to_text()
        )
        for slot in vote.tiebreak_slots[:25]
    ]
    ref = MatchRef(live.id, version, "act", "tiebreak")
    view.add_item(match_select(ref, options, "The tie your A5 tile breaks"))


def _claim_line(live: LiveMatch, state: KeroState) -> str:
    waiting = " and ".join(who(live, s) for s in state.seats_to_act())
    return (
        f"📜 Claim! Waiting for {waiting} to decide about a tie "
        "(answers stay secret until all are in)."
    )


_CLAIMED: Final = {
    "majority": "{name} won {land}",
    "boss": "{name} won {land} with their Boss",
    "tiebreak": "{name} won {land} with the tie-breaker",
    "bosses": "{land}: both Bosses on a tie — discarded, both Bosses turned over",
    "tie": "{land}: tied — discarded",
    "empty": "{land}: nobody there — discarded",
}


def _claim_report(live: LiveMatch, state: KeroState) -> list[str]:
    """In the turn after a claim: how each territory was settled."""
    report = state.last_claim
    if report is None or report.turn != state.turns - 1:
        return []
    parts = [
        _CLAIMED[c.how].format(
            name=shown(live.names[c.winner]) if c.winner is not None else "",
            land=state.box.territories_by_id[c.territory].name,
        )
        for c in report.territories
    ]
    return ["📜 Claim: " + " · ".join(parts) + "."]


def _fuel_report(live: LiveMatch, state: KeroState) -> list[str]:
    """After a fuel-up this turn: how many throws the opponent's dice took."""
    if not state.turn.fuel_ups:
        return []
    history = [act for _, act in state.history]
    starts = [i for i, act in enumerate(history) if isinstance(act, a.FuelUp | a.Play)]
    if not starts:
        return []
    throws = sum(isinstance(act, a.Flames) for act in history[starts[-1] :])
    thrower = shown(live.names[state.thrower()])
    count = state.turn.fuel_ups
    gained = ""
    if state.fuel_mode == "auto":
        seconds = kero_gained(throws, state.box.supply.fuel_up_throw_ms) / 1000
        gained = f" → +{seconds:.1f} s of KERO (a tank holds at most its capacity)"
    return [f"⛽ Fuel-up {count} done: {thrower}'s dice took {throws} throws{gained}."]
