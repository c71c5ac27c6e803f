"""Cards, ability tiles and territories in a few words, for the faces drawn on the board.

Every line comes from the catalogs (images.ftl) with the component's values filled in; a
message may hold a line break where the face should break its text.
"""

from __future__ import annotations

from games.kero.components import Card, Components, Gain, Territory
from words import Words


def _gain_words(gain: Gain, words: Words) -> str:
    if gain.kind == "jerrycan":
        return words("image-kero-gain-jerrycan", count=gain.amount)
    if gain.kind == "tuarek":
        return words("image-kero-gain-tuarek", count=gain.amount)
    return words("image-kero-gain-explorer", count=gain.amount)


def _tile_words(box: Components, tile_id: str, words: Words) -> str:
    effect = box.tiles[tile_id].effect
    arg = effect.arg
    if effect.kind == "free_die":
        return words("image-kero-effect-free-die", colour=str(arg))
    if effect.kind == "bonus":
        return words("image-kero-effect-bonus", resource=words(f"resource-{arg}", count=1))
    if effect.kind == "tuarek_cost":
        return words("image-kero-effect-tuarek-cost", count=arg if isinstance(arg, int) else 1)
    if effect.kind == "win_ties":
        return words("image-kero-effect-win-ties")
    if effect.kind == "ignore_flames":
        count = arg if isinstance(arg, int) else 1
        return words("image-kero-effect-ignore-flames", count=count)
    return words("image-kero-effect-reroll")


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def card_lines(box: Components, card: Card, words: Words) -> list[str]:
    """What a card does, line by line (each line may still be wrapped to the face's width)."""
    lines = [_gain_words(gain, words) for gain in card.effects]
    if card.ability:
        lines += _lines(_tile_words(box, card.ability, words))
    if card.per_colour:
        lines.append(words("image-kero-per-colour-card", colour=card.per_colour))
    return lines


def territory_lines(territory: Territory, colours: int, words: Words) -> list[str]:
    """What a territory brings when claimed and at the end, line by line."""
    lines = []
    if territory.on_claim:
        gains = [
            words("image-kero-gain-jerrycan-short", count=g.amount)
            if g.kind == "jerrycan"
            else _gain_words(g, words)
            for g in territory.on_claim
        ]
        lines.append(words("image-kero-claim", gains=words.join(gains)))
    condition = territory.condition
    if condition is not None:
        points = condition.points
        if condition.kind == "same_colour":
            text = words("image-kero-end-same-colour", points=points, count=condition.count)
        elif condition.kind == "per_colour":
            colour = condition.colour or ""
            text = words("image-kero-end-per-colour", points=points, colour=colour)
        elif condition.kind == "per_territory":
            text = words("image-kero-end-per-territory", points=points)
        elif condition.kind == "all_colours":
            text = words("image-kero-end-all-colours", points=points, count=colours)
        else:
            text = words("image-kero-end", points=points)
        lines += _lines(text)
    return lines


def id_number(component_id: str) -> int:
    """The number in a component's data id ("A2" → 2, "R14" → 14)."""
    return int("".join(ch for ch in component_id if ch.isdigit()) or 0)


def tile_number(tile_id: str, words: Words) -> str:
    """An ability tile's number as drawn ("A2": its data id's number after the language's
    letter)."""
    return words("image-kero-tile-id", number=id_number(tile_id))


def card_number(card_id: str, kind: str, words: Words) -> str:
    """A card's number as drawn: its kind's letter in the language and its number ("S3"), as
    the bot's options print it too."""
    return words("image-kero-card-id", kind=kind, number=id_number(card_id))
