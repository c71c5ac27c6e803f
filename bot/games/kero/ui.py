"""Kero in Discord: one message per turn (the board image), edited as the turn goes on.

The buttons are the legal actions of the clan to act, as the engine lists them; a timed action
carries a trailing `@` in its custom_id and is stamped with the click's snowflake time. During
the tanker window the dice are toggle buttons (marked = re-roll) whose custom_ids carry the
marks, so toggling needs no storage, and the KERO left shows as a Discord relative timestamp
(no countdown edits). Tuareks are secret: they are played from an ephemeral "My Tuareks" message.

Here: how things are named and what they cost, in options, buttons and the text board; the
messages' own texts are texts.py's. Every word comes from the catalogs (words/locales/*/kero.ftl,
games.ftl): the public message in the match's language (`live.words`), My Tuareks and the answers
on it in the member's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

from bot.core.refusals import DAMAGED_CHOICE, Refused
from bot.games.kero.rules import kero_state
from bot.ui.names import shown
from games.common.protocol import Seat
from games.kero import KeroState
from games.kero import actions as a
from games.kero.board import Phase
from games.kero.components import Card, Face
from games.kero.resources import RESOURCES, Resources
from games.kero.rules.economy import tile_with
from games.kero.scoring import points
from render.kero.palette import CLAN_COLOURS
from render.kero.words import card_number
from words import Words, isolate

if TYPE_CHECKING:
    from bot.core.live import LiveMatch

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
T = TypeVar("T")


def template(action: a.Action) -> str:
    """An action's text with its timestamp left open (`roll@`): the click will stamp it."""
    return _STAMP.sub("@", action.to_text())


def stamped(text: str, at_ms: int) -> str:
    """A template with the click's time filled in (`roll@` → `roll@1767225600123`); a time
    the client wrote itself is refused: a stamp is only ever the interaction's own."""
    if text.endswith("@"):
        return f"{text}{at_ms}"
    if _STAMP.search(text):
        raise Refused(DAMAGED_CHOICE)
    return text


def phase_words(w: Words, phase: Phase) -> str:
    """A phase in players' words ("fuelling up", "choosing dice")."""
    return w(f"kero-phase-{phase.value}")


def named(name: str) -> str:
    """A player's name inside a sentence: markdown escaped, isolated."""
    return isolate(shown(name))


def resource_words(w: Words, name: str, amount: int) -> str:
    """`2 bricks`: one resource with its count (games.ftl)."""
    return w(f"resource-{name}", count=amount)


def resources_text(w: Words, bundle: Resources) -> str:
    """`🧱 2 bricks and 🌾 1 wheat`, or `nothing`: words as well as emoji, for screen readers."""
    parts = [
        f"{RESOURCE_EMOJI[name]} {resource_words(w, name, amount)}"
        for name, amount in zip(RESOURCES, bundle.as_tuple(), strict=True)
        if amount
    ]
    return w.join(parts) if parts else w("resource-nothing")


def face_text(w: Words, face: Face) -> str:
    """A die face as emoji and words: `🔥 flame`, `🐪 Tuarek`, `🌾🧍 1 wheat + 1 recruit`."""
    if face.flame:
        return "🔥 " + w("kero-face-flame")
    if face.tuarek:
        return "🐪 " + w("kero-face-tuarek")
    if face.explorer:
        return "🧭 " + w("kero-face-explorer")
    pairs = [
        (name, amount)
        for name, amount in zip(RESOURCES, face.resources.as_tuple(), strict=True)
        if amount
    ]
    emoji = "".join(RESOURCE_EMOJI[name] * amount for name, amount in pairs)
    said = " + ".join(resource_words(w, name, amount) for name, amount in pairs)
    return f"{emoji} {said}"


def dice_faces(w: Words, state: KeroState) -> tuple[str, ...]:
    """Each thrown die as `colour face`, in die order (said once per state: a throw's text and
    its dice buttons both say them)."""
    return _once("faces", state, w, lambda: _dice_faces(w, state))


def _dice_faces(w: Words, state: KeroState) -> tuple[str, ...]:
    out = []
    for die, face in zip(state.turn.dice, state.turn.faces, strict=True):
        box = state.box.white if die == "white" else state.box.special[die]
        out.append(
            f"{DIE_EMOJI.get(die, '⚪')} {'…' if face is None else face_text(w, box.faces[face])}"
        )
    return tuple(out)


def gauge(w: Words, left_ms: int, capacity_ms: int) -> str:
    """`█████░░░░░ 31 s` — the tank at the moment the message was drawn."""
    full = round(GAUGE_CELLS * max(0, left_ms) / capacity_ms)
    bar = "█" * full + "░" * (GAUGE_CELLS - full)
    return w("kero-gauge", bar=bar, seconds=max(0, left_ms) // 1000)


def who(live: LiveMatch, seat: Seat) -> str:
    """A member's mention, or the computer's name in bold."""
    player = live.players[seat]
    return f"**{named(live.names[seat])}**" if live.is_ai(seat) else f"<@{player.id}>"


def tuarek_name(w: Words, tuarek: str) -> str:
    """A Tuarek by its id in the game data (`dust_storm` → "Dust Storm")."""
    return w("tuarek-" + tuarek.replace("_", "-"))


def tile_name(w: Words, tile: str) -> str:
    """An ability tile by its id, with its number: "A9 Firebreak"."""
    return w("kero-tile", number=int(tile[1:]), name=w(f"ability-{tile.lower()}"))


def territory_name(w: Words, territory: str) -> str:
    """A New Territory by its id ("T3" → "Oil field")."""
    return w(f"territory-{territory.lower()}")


_ONCE: dict[str, tuple[KeroState, int, Hashable, Any]] = {}
"""What `legal_now` and `dice_faces` last made, each of one state (whatever the match: a card's
text, its buttons and the mentions read from it ask in turn, so one is enough)."""


def _once(kind: str, state: KeroState, arg: Hashable, make: Callable[[], T]) -> T:
    """`make()` for `state` and `arg`, made again only for another state, version or arg."""
    kept = _ONCE.get(kind)
    if kept is not None and kept[0] is state and kept[1] == state.version and kept[2] == arg:
        return cast("T", kept[3])
    made = make()
    _ONCE[kind] = (state, state.version, arg, made)
    return made


def legal_now(state: KeroState, seat: Seat) -> tuple[a.Action, ...]:
    """The seat's legal actions, listed once per state: the engine tries every candidate on a
    copy of the state (~0.1 ms), and a turn's text and its buttons both ask."""
    return _once("legal", state, seat, lambda: tuple(state.legal_actions(seat)))


def fuel_offered(state: KeroState, legal: Sequence[a.Action]) -> bool:
    """Fuel up is offered when the rules allow it and the tank has room: a fuel-up into a full
    tank would spend a jerrycan for nothing."""
    tank = state.camps[state.active].tank
    return tank.level_ms < tank.capacity_ms and any(isinstance(act, a.FuelUp) for act in legal)


def tank_full(state: KeroState, seat: Seat) -> bool:
    """The clan's tank holds all it can."""
    tank = state.camps[seat].tank
    return tank.level_ms >= tank.capacity_ms


def describe(w: Words, state: KeroState, action: a.Action) -> str:
    """A short label for an action in a select (and the answer once it is done)."""
    if isinstance(action, a.Take):
        return _card_option(w, state, action.slot)
    if isinstance(action, a.Place | a.TieBreak):
        territory = state.box.territories_by_id[state.territories[action.slot - 1] or ""]
        land = territory_name(w, territory.id)
        if isinstance(action, a.TieBreak):
            return w("kero-tiebreak-option", slot=action.slot, name=land)
        about = w("kero-territory", name=land, points=territory.points)
        key = "kero-territory-boss-option" if action.boss else "kero-territory-option"
        return w(key, land=about, cost=_placement_cost(w, state))
    if isinstance(action, a.Play | a.Use):
        name = (
            tuarek_name(w, action.tuarek)
            if isinstance(action, a.Play)
            else tile_name(w, action.tile)
        )
        if action.arg is None:
            return name
        return w("kero-with-choice", what=name, choice=choice_words(w, action.arg))
    return action.to_text()


def _placement_cost(w: Words, state: KeroState) -> str:
    """`free` while free placements are owed, else `cost: 🧍 1 recruit and ⚙️ 1 metal`."""
    if state.turn.owed_places:
        return w("kero-free")
    return w("kero-cost", cost=resources_text(w, state.box.supply.explorer_cost))


def _card_option(w: Words, state: KeroState, slot: int) -> str:
    """A card of the row as the image numbers it, what it scores, and its cost."""
    card = state.box.cards_by_id[state.row[slot - 1] or ""]
    cost = w("kero-cost", cost=resources_text(w, card.cost))
    return w("kero-card-option", card=card_words(w, card), cost=cost)


def card_words(w: Words, card: Card) -> str:
    """A card as its image prints it, with its colour and points: `S3 green · 1 pt`,
    `R3 green · 1 pt per green card`, `S2 green · tile A1`."""
    number = card_number(card.id, card.kind, w)
    colour = w(f"card-colour-{card.colour}") if card.colour else ""
    if card.per_colour:
        return w("kero-card-per-colour", card=number, colour=colour, per=card.per_colour)
    if card.ability and not card.points:
        return w("kero-card-tile", card=number, colour=colour, tile=int(card.ability[1:]))
    return w("kero-card-points", card=number, colour=colour, points=card.points)


def die_cost(state: KeroState, colour: str) -> int:
    """The jerrycans a special die costs now (0 with the tile that makes it free)."""
    if tile_with(state, "free_die", colour) is not None:
        return 0
    return state.box.supply.special_die_cost.jerrycan


def hire_cost(state: KeroState) -> int:
    """The jerrycans a Tuarek costs now (fewer with the tile that makes one cheaper)."""
    cheap = tile_with(state, "tuarek_cost")
    arg = state.box.tiles[cheap].effect.arg if cheap is not None else None
    return arg if isinstance(arg, int) else state.box.supply.tuarek_cost.jerrycan


def choice_words(w: Words, arg: str) -> str:
    """What a Tuarek or tile is played with: a special die (Guide), a resource (Trader), or a
    die of the throw by its place (Smith, A10: "die 3" is the third)."""
    if arg in DIE_EMOJI:
        return w("kero-die-label", colour=arg)
    if arg in RESOURCES:
        return resource_words(w, arg, 1)
    if arg.isascii() and arg.isdigit():
        return w("kero-die-number", number=int(arg) + 1)
    return arg


def text_board(live: LiveMatch) -> str:
    """Each clan's points, KERO and jerrycans, and the row, for channels without images."""
    w = live.words
    state = kero_state(live.state)
    summary = state.summary()
    lines = [
        w(
            "kero-board-line",
            name=named(live.names[c["seat"]]),
            points=c["points"],
            seconds=c["kero_ms"] // 1000,
            jerrycans=c["jerrycans"],
            cards=len(c["cards"]),
            territories=len(c["territories"]),
        )
        for c in summary["camps"]
    ]
    row = [
        describe(w, state, a.Take(slot + 1))
        for slot, card in enumerate(state.row)
        if card is not None
    ]
    return "\n".join(lines + row)


def progress_line(live: LiveMatch) -> str:
    """Turn and the clan to act."""
    w = live.words
    state = kero_state(live.state)
    seats = state.seats_to_act() or (state.active,)
    waiting = w.join([named(live.names[s]) for s in seats])
    return w(
        "kero-progress", turn=state.turns + 1, phase=phase_words(w, state.phase), players=waiting
    )


def strip_alt(live: LiveMatch) -> str:
    """The turn strip's alt text: the turn, its phase and who acts, then the dice as they lie."""
    state = kero_state(live.state)
    faces = dice_faces(live.words, state) if state.turn.faces else ()
    return " · ".join([progress_line(live), *faces])


def mover(state: KeroState) -> Seat:
    return state.thrower() if state.phase is Phase.FUELING else state.active


def players(live: LiveMatch) -> list[str]:
    """A line per clan on the turn's card: who plays it, its points, the clan to act marked."""
    w, state = live.words, kero_state(live.state)
    acting = set(state.seats_to_act()) or {state.active}
    return [
        w(
            "kero-panel-player",
            marker="▶ " if seat in acting and not state.is_terminal() else "",
            name=named(live.names[seat]),
            clan=w(f"clan-{seat}"),
            points=points(state, seat),
        )
        for seat in range(len(state.camps))
    ]


def accent(live: LiveMatch) -> int | None:
    """The acting clan's colour (the player lines name the clan too)."""
    state = kero_state(live.state)
    red, green, blue = CLAN_COLOURS[mover(state)]
    return red << 16 | green << 8 | blue
