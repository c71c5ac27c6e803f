"""Cards, ability tiles and territories in a few words, for the faces drawn on the board."""

from __future__ import annotations

from games.kero.components import Card, Components, Gain, Territory
from render.kero.drawing import plural


def _gain_words(gain: Gain) -> str:
    if gain.kind == "jerrycan":
        return f"+{plural(gain.amount, 'jerrycan')}"
    if gain.kind == "tuarek":
        return f"+{plural(gain.amount, 'Tuarek')}"
    return "Explorer" if gain.amount == 1 else f"{gain.amount} Explorers"


def _tile_words(box: Components, tile_id: str) -> list[str]:
    effect = box.tiles[tile_id].effect
    arg = effect.arg
    if effect.kind == "free_die":
        return [f"{str(arg).capitalize()} die", "every turn"]
    if effect.kind == "bonus":
        return [f"+1 {arg}", "every turn"]
    if effect.kind == "tuarek_cost":
        return ["Hire a Tuarek", f"for {arg} jc"]
    if effect.kind == "win_ties":
        return ["Wins a tie", "at a claim"]
    if effect.kind == "ignore_flames":
        return [f"Ignore {plural(arg if isinstance(arg, int) else 1, 'flame')}"]
    return ["Re-roll a", "burnt die"]


def card_lines(box: Components, card: Card) -> list[str]:
    lines = [_gain_words(gain) for gain in card.effects]
    if card.ability:
        lines += _tile_words(box, card.ability)
    if card.per_colour:
        lines.append(f"1 / {card.per_colour} card")
    return lines


def territory_lines(territory: Territory, colours: int) -> list[str]:
    lines = []
    if territory.on_claim:
        gains = [
            f"+{g.amount} jc" if g.kind == "jerrycan" else _gain_words(g)
            for g in territory.on_claim
        ]
        lines.append("Claim: " + ", ".join(gains))
    condition = territory.condition
    if condition is not None:
        plus = f"+{condition.points}"
        if condition.kind == "same_colour":
            lines += [f"End: {plus} if you own", f"{condition.count} cards of a colour"]
        elif condition.kind == "per_colour":
            lines.append(f"End: {plus} / {condition.colour} card")
        elif condition.kind == "per_territory":
            lines.append(f"End: {plus} / other territory")
        elif condition.kind == "all_colours":
            lines += [f"End: {plus} if you own", f"cards of all {colours} colours"]
        else:
            lines.append(f"End: {plus}")
    return lines
