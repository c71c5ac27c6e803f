"""Kero's 📝 Text board: the board image in words, for a player who can't see it.

Sections (bot/ui/text_boards.py pages them): the turn — whose it is, the round, the deck and the
supply, then the dice as they lie (each by its number, colour and face in words; a die in the
air as such, never a face to come), the tank's window, or what is left to spend —; each clan's
camp as anyone may see it (bot/games/kero/camp.py: its Tuareks counted, never named); the row
of cards with their costs, and the New Territories with the Explorers on them. Only what the
board image shows: never a Tuarek's name, the deck's or a pile's order, or a throw to come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bot.games.kero.camp import camp_text
from bot.games.kero.rules import kero_state
from bot.games.kero.texts import results_content
from bot.games.kero.ui import card_words, named, phase_words, resource_words, territory_name
from bot.games.kero.ui import tile_name as tile_words
from games.kero import KeroState
from games.kero.board import ROUNDS, Phase
from games.kero.components import Card, Face, Gain, Territory
from games.kero.resources import RESOURCES, Resources
from words import Words

if TYPE_CHECKING:
    from bot.core.live import LiveMatch

WHITE: Final = "white"
"""The white dice's colour in a turn's dice (the special dice go by theirs)."""


def board_sections(live: LiveMatch) -> list[str]:
    """The turn, each clan's camp, then the row and the territories, in the match's words
    (`read_by` a member: theirs)."""
    state = kero_state(live.state)
    camps = [camp_text(live, seat) for seat in range(len(state.camps))]
    return [turn_section(live), *camps, table_section(live)]


def turn_section(live: LiveMatch) -> str:
    """Whose turn and what it has come to: the dice, the tank's window, what is left to spend."""
    state, w = kero_state(live.state), live.words
    round_number = min(state.claims + 1, ROUNDS)
    lines = [w("kero-header", match=live.id, round=round_number, turn=state.turns + 1)]
    if state.phase is Phase.OVER:
        lines += results_content(live).split("\n")
    else:
        active = state.active
        lines.append(
            w(
                "kero-text-turn",
                name=named(live.names[active]),
                clan=w(f"clan-{active}"),
                phase=phase_words(w, state.phase),
            )
        )
    lines.append(
        w(
            "kero-text-supply",
            round=round_number,
            rounds=ROUNDS,
            deck=len(state.deck),
            jerrycans=resource_words(w, "jerrycan", state.jerrycans),
        )
    )
    if state.phase in (Phase.START, Phase.FUELING):
        lines += _before_the_roll(w, state)
    if state.phase is Phase.ROLLING:
        lines += _window(w, state)
    if state.phase in (Phase.ROLLING, Phase.CAMP) and state.turn.faces:
        lines += _dice(w, state)
    if state.phase is Phase.CAMP:
        lines.append(w("kero-text-to-spend", resources=resources_words(w, state.turn.pool)))
        if state.turn.owed_places:
            lines.append(w("kero-text-owed", count=state.turn.owed_places))
    waiting = [named(live.names[s]) for s in state.seats_to_act()]
    if state.phase is Phase.CLAIM and waiting:
        lines.append(w("kero-text-claim", names=w.join(waiting)))
    return "\n".join(lines)


def _before_the_roll(w: Words, state: KeroState) -> list[str]:
    """The special dice taken so far this turn and its fuel-ups."""
    special = [w("kero-text-die-colour", colour=c) for c in state.turn.dice if c != WHITE]
    taken = w.join(special) if special else w("kero-text-none")
    most = state.box.supply.max_fuel_ups
    return [
        w("kero-text-special-dice", dice=taken),
        w("kero-text-fuel-ups", count=state.turn.fuel_ups, most=most),
    ]


def _window(w: Words, state: KeroState) -> list[str]:
    """What the tank was tipped with and when it runs dry (a Discord timestamp: "in 20
    seconds", in the reader's language)."""
    window = state.turn.window
    if window is None:
        return []
    tipped = (window.fuel_ms + window.credit_ms) // 1000
    return [w("kero-text-window", seconds=tipped, when=f"<t:{window.empty_at // 1000}:R>")]


def _dice(w: Words, state: KeroState) -> list[str]:
    """The dice as they lie, a line each: number, colour, face in words (burnt dice say so);
    a die still in the air has no face yet."""
    turn = state.turn
    faces: list[Face | None] = []
    for index, (colour, thrown) in enumerate(zip(turn.dice, turn.faces, strict=False)):
        die = state.box.white if colour == WHITE else state.box.special[colour]
        in_air = thrown is None or index in turn.to_throw
        faces.append(None if thrown is None or in_air else die.faces[thrown])
    flames = sum(1 for lying in faces if lying is not None and lying.flame)
    lines = [w("kero-text-dice", count=len(faces), flames=flames)]
    for number, (colour, lying) in enumerate(zip(turn.dice, faces, strict=False), start=1):
        said = w("kero-text-in-the-air") if lying is None else face_words(w, lying)
        colour_said = w("kero-text-die-colour", colour=colour)
        lines.append("- " + w("kero-text-die", number=number, colour=colour_said, face=said))
    return lines


def face_words(w: Words, face: Face) -> str:
    """A die face in words alone: "flame (burnt)", "Tuarek", "1 wheat and 1 recruit"."""
    if face.flame:
        return w("kero-text-face-flame")
    if face.tuarek:
        return w("kero-face-tuarek")
    if face.explorer:
        return w("kero-face-explorer")
    return resources_words(w, face.resources)


def resources_words(w: Words, bundle: Resources) -> str:
    """`2 bricks and 1 wheat`, or `nothing`: resources in words alone."""
    parts = [
        resource_words(w, name, amount)
        for name, amount in zip(RESOURCES, bundle.as_tuple(), strict=True)
        if amount
    ]
    return w.join(parts) if parts else w("resource-nothing")


def table_section(live: LiveMatch) -> str:
    """The row of cards (each with its cost and what it gives) and the New Territories (what
    each is worth, and the Explorers and Bosses on it)."""
    state, w = kero_state(live.state), live.words
    lines = [w("kero-text-row")]
    for slot, card_id in enumerate(state.row, start=1):
        card = state.box.card(card_id) if card_id is not None else None
        said = w("kero-text-empty") if card is None else _card(w, state, card)
        lines.append("- " + w("kero-text-slot", slot=slot, what=said))
    lines.append(w("kero-text-territories"))
    for slot, territory_id in enumerate(state.territories, start=1):
        territory = state.box.territories_by_id.get(territory_id or "")
        if territory is None:
            said = w("kero-text-empty")
        else:
            said = _territory(live, w, state, slot - 1, territory)
        lines.append("- " + w("kero-text-slot", slot=slot, what=said))
    return "\n".join(lines)


def _card(w: Words, state: KeroState, card: Card) -> str:
    """`R3 green · 1 pt, cost: 2 bricks, gives 2 jerrycans`."""
    parts = [card_words(w, card), w("kero-cost", cost=resources_words(w, card.cost))]
    gives = [_gain(w, gain) for gain in card.effects]
    if card.ability:
        gives.append(tile_words(w, card.ability))
    if gives:
        parts.append(w("kero-text-gives", gains=w.join(gives)))
    return ", ".join(parts)


def _gain(w: Words, gain: Gain) -> str:
    """A card's or territory's bonus: jerrycans, Tuareks drawn, Explorers placed free."""
    if gain.kind == "jerrycan":
        return resource_words(w, "jerrycan", gain.amount)
    if gain.kind == "tuarek":
        return w("kero-text-gain-tuarek", count=gain.amount)
    return w("kero-text-gain-explorer", count=gain.amount)


def _territory(
    live: LiveMatch, w: Words, state: KeroState, index: int, territory: Territory
) -> str:
    """`Oasis, 3 pts, when claimed: 2 jerrycans, at the end: …; Explorers: Ana 2, Bo none`."""
    parts = [w("kero-territory", name=territory_name(w, territory.id), points=territory.points)]
    if territory.on_claim:
        gains = w.join([_gain(w, gain) for gain in territory.on_claim])
        parts.append(w("kero-text-when-claimed", gains=gains))
    end = _condition(w, state, territory)
    if end:
        parts.append(end)
    counts = state.explorers[index]
    placed = w.join(
        [
            w("kero-text-explorers-of", name=named(live.names[seat]), count=counts[seat])
            for seat in range(len(state.camps))
        ]
    )
    said = ", ".join(parts) + "; " + w("kero-text-explorers", placed=placed)
    bosses = [
        named(live.names[seat])
        for seat, camp in enumerate(state.camps)
        if camp.boss_side and camp.boss_slot == index
    ]
    if bosses:
        said += "; " + w("kero-text-bosses", names=w.join(bosses), count=len(bosses))
    return said


def _condition(w: Words, state: KeroState, territory: Territory) -> str | None:
    """What the territory adds at the end, in words (None: nothing)."""
    condition = territory.condition
    if condition is None:
        return None
    points = condition.points
    if condition.kind == "same_colour":
        return w("kero-text-end-same-colour", points=points, count=condition.count)
    if condition.kind == "per_colour":
        colour = w(f"card-colour-{condition.colour}")
        return w("kero-text-end-per-colour", points=points, colour=colour)
    if condition.kind == "per_territory":
        return w("kero-text-end-per-territory", points=points)
    if condition.kind == "all_colours":
        colours = len(state.box.supply.card_colours)
        return w("kero-text-end-all-colours", points=points, count=colours)
    return w("kero-text-end", points=points)
