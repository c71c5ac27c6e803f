"""A clan's camp as anyone may see it, in words: what the 👁 button beside its line on the turn's
card answers. Only what the board image shows of the camp: its Tuareks are counted, never named
(the hand and the armed Dust Storms together, as the image counts them: arming is secret)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.kero.rules import kero_state
from bot.games.kero.ui import card_words, named, resource_words, territory_name, tile_name
from games.common.protocol import Seat
from games.kero import KeroState
from games.kero.scoring import points
from words import Words

if TYPE_CHECKING:
    from bot.core.live import LiveMatch


def camp_text(live: LiveMatch, seat: Seat) -> str:
    """The seat's public camp, a line each (its cards one a line), in the match's words (`read_by`
    a member: theirs)."""
    w, state = live.words, kero_state(live.state)
    camp = state.camps[seat]
    cards = _cards(w, state, seat)
    tiles = [tile_name(w, t) for t in camp.tiles]
    placed = _placed(w, state, seat)
    land = [territory_name(w, t) for t in camp.territories]
    lines = [
        w(
            "kero-look-title",
            name=named(live.names[seat]),
            clan=w(f"clan-{seat}"),
            points=points(state, seat),
            match=live.id,
        ),
        w(
            "kero-look-stock",
            tank=_tank(w, state, seat),
            jerrycans=resource_words(w, "jerrycan", camp.jerrycans),
            tuareks=len(camp.tuareks) + camp.armed,
        ),
        w("kero-look-cards", count=len(cards)),
        *(f"- {card}" for card in cards),
        w("kero-look-tiles", count=len(tiles), tiles=w.join(tiles)),
        w("kero-look-explorers", home=camp.explorers, count=len(placed), placed=w.join(placed)),
        w("kero-look-land", count=len(land), land=w.join(land)),
    ]
    if state.variant == "boss":
        lines.append(_boss(w, state, seat))
    return "\n".join(lines)


def _tank(w: Words, state: KeroState, seat: Seat) -> str:
    """The KERO in the tank; while the clan rolls, what the tank was tipped with, as the board
    image says (the card counts down what is left)."""
    window = state.turn.window
    if state.active == seat and window is not None and not state.turn.flat:
        return w("kero-look-tipped", seconds=(window.fuel_ms + window.credit_ms) // 1000)
    return w("kero-look-tank", seconds=state.camps[seat].tank.level_ms // 1000)


def _cards(w: Words, state: KeroState, seat: Seat) -> list[str]:
    """Each card the clan took, as its image prints it, with what it scores."""
    box = state.box
    return [card_words(w, c) for c in (box.card(i) for i in state.camps[seat].cards) if c]


def _placed(w: Words, state: KeroState, seat: Seat) -> list[str]:
    """`Oil field (2)` for each territory in play where the clan has Explorers."""
    return [
        w("kero-look-placed", land=territory_name(w, territory), count=counts[seat])
        for territory, counts in zip(state.territories, state.explorers, strict=True)
        if territory is not None and counts[seat]
    ]


def _boss(w: Words, state: KeroState, seat: Seat) -> str:
    """The Boss Variant's Boss: at home, on a territory, or turned over once used."""
    camp = state.camps[seat]
    if not camp.boss_side:
        return w("kero-look-boss", where="used", land="")
    slot = camp.boss_slot
    territory = state.territories[slot] if slot is not None else None
    if territory is None:
        return w("kero-look-boss", where="home", land="")
    return w("kero-look-boss", where="out", land=territory_name(w, territory))
