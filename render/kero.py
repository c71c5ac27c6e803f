"""Kero as pictures: the board, the dice strip of the current roll, and the final results.

Pure and thread-safe. Everything that does not change during a match (the board's background
and frames, every card face and territory tile keyed by its id, icons, and each short text once
drawn) is built once, cached, and never drawn on again: a render copies the cached background
and pastes cached pieces onto the copy, so it costs a fraction of the PNG encoding.

The images are palette ("P") images on one shared palette (see `_palette`): PNG encodes them
about five times faster than RGB, and smaller. Convert with `.convert("RGB")` to draw on them.

Hidden information is never drawn: a camp shows how many Tuareks lie face down (its hand and
its armed Dust Storms together, since arming is secret), never their types, whoever looks.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from typing import Final, TypeVar

from PIL import Image, ImageDraw

from games.kero.board import ROUNDS, Phase
from games.kero.chance import FLAME_FACE
from games.kero.components import Card, Components, Face, Gain, Territory
from games.kero.resources import RESOURCES, Resources
from games.kero.scoring import outcome as final_outcome
from games.kero.scoring import points as score
from games.kero.state import KeroState
from render.common import BACKGROUND, GRID, HIGHLIGHT, INK, MUTED, canvas, encode, font

RGB = tuple[int, int, int]
F = TypeVar("F", bound=Callable[..., Image.Image])

WHITE_DIE: Final = "white"

# --- colours ---------------------------------------------------------------------------------

WHITE: Final = (255, 255, 255)
HEADER: Final = (58, 50, 42)
GOLD: Final = (240, 196, 70)
PANEL: Final = (243, 236, 220)
SAND: Final = (233, 209, 160)
SAND_EDGE: Final = (150, 118, 66)
SAND_BAND: Final = (247, 236, 210)
FUEL: Final = (226, 146, 36)
TANK_EMPTY: Final = (222, 214, 198)
FIRE: Final = (214, 40, 28)
FLAME_ORANGE: Final = (246, 140, 30)
BURNT_FILL: Final = (168, 166, 162)
EMPTY_FILL: Final = (234, 226, 206)
TAKEN_FILL: Final = (214, 210, 202)
TAG_EDGE: Final = (176, 140, 20)
TUAREK_TILE: Final = (70, 84, 120)
TUAREK_EDGE: Final = (40, 50, 80)
TUAREK_FIGURE: Final = (52, 66, 110)
FUEL_EDGE: Final = (150, 90, 10)
TILE_FILL: Final = (226, 222, 244)
TILE_EDGE: Final = (120, 110, 170)
CLAN_NAMES: Final = ("Brown", "Grey")
CLAN_COLOURS: Final[tuple[RGB, RGB]] = ((130, 84, 46), (104, 110, 120))
CARD_FILL: Final[dict[str, RGB]] = {
    "green": (186, 222, 160),
    "yellow": (248, 226, 132),
    "red": (240, 170, 158),
    "blue": (172, 202, 240),
}
CARD_EDGE: Final[dict[str, RGB]] = {
    "green": (62, 122, 52),
    "yellow": (172, 128, 12),
    "red": (168, 48, 38),
    "blue": (44, 86, 168),
}
DIE_FILL: Final[dict[str, RGB]] = {
    WHITE_DIE: (252, 251, 246),
    "green": (150, 206, 122),
    "yellow": (246, 214, 86),
    "blue": (138, 180, 236),
}
DIE_EDGE: Final[dict[str, RGB]] = {
    WHITE_DIE: (96, 92, 86),
    "green": (56, 116, 46),
    "yellow": (166, 124, 16),
    "blue": (40, 80, 160),
}
SHORT: Final = {"brick": "br", "wheat": "wh", "metal": "me", "recruit": "re", "jerrycan": "jc"}
RESOURCE_FILL: Final[dict[str, RGB]] = {
    "brick": (178, 78, 50),
    "wheat": (226, 182, 46),
    "metal": (116, 126, 140),
    "recruit": (126, 86, 168),
    "jerrycan": (40, 118, 82),
}
RESOURCE_INK: Final[dict[str, RGB]] = {
    "brick": WHITE,
    "wheat": INK,
    "metal": WHITE,
    "recruit": WHITE,
    "jerrycan": WHITE,
}
PHASE_WORDS: Final = {
    Phase.SETUP: "setting up",
    Phase.START: "choosing dice",
    Phase.FUELING: "fuelling up",
    Phase.ROLLING: "rolling",
    Phase.CAMP: "in camp",
    Phase.CLAIM: "claim decisions",
    Phase.OVER: "game over",
}

# --- board layout (pixels) -------------------------------------------------------------------

WIDTH: Final = 1280
HEIGHT: Final = 810
MARGIN: Final = 22
HEADER_H: Final = 52
CARD_W, CARD_H, CARD_GAP = 196, 186, 12
ROW_Y: Final = 82
TERR_W, TERR_H, TERR_GAP = 240, 172, 12
TERR_Y: Final = 300
BAND_Y: Final = 114
"""Where a territory tile's Explorer band starts (inside the tile)."""
SHACK_X: Final = MARGIN + 4 * TERR_W + 4 * TERR_GAP
SHACK_W: Final = WIDTH - MARGIN - SHACK_X
CAMP_Y, CAMP_H, CAMP_GAP = 486, 310, 16
CAMP_W: Final = (WIDTH - 2 * MARGIN - CAMP_GAP) // 2
CAMP_HEAD: Final = 44
GAUGE_X, GAUGE_Y, GAUGE_W, GAUGE_H = 76, 58, 340, 28
"""The tanker gauge, relative to its camp panel."""
STATS_Y, CARDS_Y, TILES_Y, LAND_Y = 112, 152, 192, 250
"""Rows of a camp panel (the vertical middle of the first line), relative to the panel."""
CHIP_H: Final = 28

# --- dice strip and results layout --------------------------------------------------------------

DIE: Final = 96
DIE_GAP: Final = 14
MAX_DICE: Final = 8
DICE_W: Final = 2 * 16 + MAX_DICE * DIE + (MAX_DICE - 1) * DIE_GAP
DICE_H: Final = 182
DICE_TOP: Final = 46
RESULTS_W, RESULTS_H = 1000, 600

_BUILD = threading.RLock()
"""Cached pieces are built under this lock, so fonts are never used by two builders at once."""

# --- one palette for every piece -------------------------------------------------------------
#
# Every image is a palette ("P") image on one shared palette: PNG encodes it several times
# faster than RGB (no per-row filter search on 3 bytes a pixel) and smaller. Pieces are drawn in
# RGB with anti-aliased text and mapped onto the palette once, when they are cached; pasting a
# piece copies its palette indices. The palette holds every flat colour exactly, and a few
# blends between each text colour and the colours it is written on, for the text's edges.

BASE_COLOURS: Final[tuple[RGB, ...]] = (
    BACKGROUND,
    INK,
    MUTED,
    GRID,
    HIGHLIGHT,
    WHITE,
    HEADER,
    GOLD,
    PANEL,
    SAND,
    SAND_EDGE,
    SAND_BAND,
    FUEL,
    FUEL_EDGE,
    TANK_EMPTY,
    FIRE,
    FLAME_ORANGE,
    BURNT_FILL,
    EMPTY_FILL,
    TAKEN_FILL,
    TAG_EDGE,
    TUAREK_TILE,
    TUAREK_EDGE,
    TUAREK_FIGURE,
    TILE_FILL,
    TILE_EDGE,
    *CLAN_COLOURS,
    *CARD_FILL.values(),
    *CARD_EDGE.values(),
    *DIE_FILL.values(),
    *DIE_EDGE.values(),
    *RESOURCE_FILL.values(),
)
TEXT_ON: Final[tuple[tuple[RGB, tuple[RGB, ...]], ...]] = (
    (
        INK,
        (
            BACKGROUND,
            PANEL,
            SAND,
            SAND_BAND,
            EMPTY_FILL,
            HIGHLIGHT,
            TILE_FILL,
            RESOURCE_FILL["wheat"],
            *CARD_FILL.values(),
            *DIE_FILL.values(),
        ),
    ),
    (
        WHITE,
        (
            HEADER,
            TUAREK_TILE,
            *CLAN_COLOURS,
            *CARD_EDGE.values(),
            *(RESOURCE_FILL[name] for name in RESOURCES if RESOURCE_INK[name] == WHITE),
        ),
    ),
    (GOLD, (HEADER,)),
    (
        MUTED,
        (BACKGROUND, PANEL, SAND, EMPTY_FILL, TAKEN_FILL, *CARD_FILL.values(), *DIE_FILL.values()),
    ),
    (FIRE, (BACKGROUND,)),
)
"""Text colours and the colours they are written on (their blends are in the palette)."""
SPACING: Final = 12
"""A blend joins the palette only this far (RGB distance) from every colour already in it, so
that mapping onto the palette keeps each flat colour exact."""


def _distance(one: RGB, other: RGB) -> float:
    return math.dist(one, other)


@cache
def _palette() -> Image.Image:
    """A 1×1 image holding the shared palette: the flat colours, then text-edge blends."""
    entries: list[RGB] = []
    for colour in BASE_COLOURS:
        if colour not in entries:
            entries.append(colour)
    for ink, grounds in TEXT_ON:
        for ground in grounds:
            for step in (1, 2, 3):
                blend = (
                    round(ground[0] + (ink[0] - ground[0]) * step / 4),
                    round(ground[1] + (ink[1] - ground[1]) * step / 4),
                    round(ground[2] + (ink[2] - ground[2]) * step / 4),
                )
                if len(entries) < 256 and all(_distance(blend, e) >= SPACING for e in entries):
                    entries.append(blend)
    entries += [BACKGROUND] * (256 - len(entries))
    image = Image.new("P", (1, 1))
    image.putpalette([value for colour in entries for value in colour])
    return image


def _to_palette(image: Image.Image) -> Image.Image:
    """An RGB piece mapped onto the shared palette (nearest colour, no dithering)."""
    if image.mode == "P":
        return image
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


@cache
def _ink(colour: RGB) -> int:
    """The palette index a flat colour maps to (for drawing on a palette image)."""
    with _BUILD:
        return _to_palette(Image.new("RGB", (1, 1), colour)).tobytes()[0]


def _built(function: F) -> F:
    """Build a piece under the lock and map it onto the shared palette (on a cache miss)."""

    def locked(*args: object, **kwargs: object) -> Image.Image:
        with _BUILD:
            return _to_palette(function(*args, **kwargs))

    locked.__doc__ = function.__doc__
    return locked  # type: ignore[return-value]


# --- public API ------------------------------------------------------------------------------


def board_image(state: KeroState, *, viewer: int | None = None) -> Image.Image:
    """The public board: the row, the New Territories, the shack, both camps, round and turn.

    `viewer` (a seat or None) only adds a "you" mark; secrets are drawn for nobody.
    """
    box = state.box
    image = _background().copy()
    draw = ImageDraw.Draw(image)
    _header(image, state, viewer)
    for slot, card_id in enumerate(state.row):
        card = box.card(card_id) if card_id is not None else None
        face = _card_face(box, card.id) if card is not None and card.colour else _empty_card()
        image.paste(face, (_card_x(slot), ROW_Y))
    for slot, territory_id in enumerate(state.territories):
        x = _terr_x(slot)
        if territory_id is None or territory_id not in box.territories_by_id:
            image.paste(_empty_territory(), (x, TERR_Y))
            continue
        image.paste(_territory_tile(box, territory_id), (x, TERR_Y))
        for seat in (0, 1):
            camp = state.camps[seat]
            boss = camp.boss_side and camp.boss_slot == slot
            badge = _explorer_badge(seat, state.explorers[slot][seat], boss)
            image.paste(badge, (x + 10 + seat * 116, TERR_Y + BAND_Y + 8))
    _shack(image, state)
    for seat in (0, 1):
        _camp(image, draw, state, seat, viewer)
    return image


def board_png(state: KeroState, *, viewer: int | None = None) -> bytes:
    """`board_image` as PNG bytes."""
    return encode(board_image(state, viewer=viewer))


def dice_image(state: KeroState) -> Image.Image:
    """The current roll: every die (white, then special) with its face; burnt dice greyed with a
    red border; "no roll yet" before the roll (listing the special dice already chosen)."""
    turn = state.turn
    image = _dice_background().copy()
    clan = CLAN_NAMES[state.active]
    if not turn.faces:
        _put(image, f"{clan} clan: no roll yet", 20, (16, 22), fill=MUTED, align="l")
        if turn.dice:
            chosen = f"special dice chosen: {', '.join(turn.dice)}"
            _put(image, chosen, 18, (DICE_W // 2, DICE_TOP + DIE // 2))
        return image
    burnt = sum(face == FLAME_FACE for face in turn.faces)
    flames = "1 flame" if burnt == 1 else f"{burnt} flames"
    _put(image, f"{clan} clan's roll", 20, (16, 22), fill=INK, align="l")
    _put(image, flames, 20, (DICE_W - 16, 22), fill=FIRE if burnt >= 2 else MUTED, align="r")
    for index, (colour, face) in enumerate(zip(turn.dice, turn.faces, strict=False)):
        x = 16 + index * (DIE + DIE_GAP)
        pending = face is None or index in turn.to_throw
        image.paste(_die_face(state.box, colour, None if pending else face), (x, DICE_TOP))
        is_burnt = face == FLAME_FACE and not pending
        caption = "BURNT" if is_burnt else ("throwing" if pending else colour)
        _put(
            image,
            caption,
            16,
            (x + DIE // 2, DICE_TOP + DIE + 18),
            fill=FIRE if is_burnt else MUTED,
        )
    return image


def dice_png(state: KeroState) -> bytes:
    """`dice_image` as PNG bytes."""
    return encode(dice_image(state))


def results_image(state: KeroState, names: Sequence[str]) -> Image.Image:
    """Final scores of both clans with their players' names, the winner(s), and the figures
    behind them: card and territory points, territories, jerrycans and KERO left, turns."""
    image = _results_background().copy()
    draw = ImageDraw.Draw(image)
    result = state.outcome() or final_outcome(state)
    winners = sorted(result.winners)
    over = state.phase is Phase.OVER
    who = [_name(names, seat)[:24] for seat in (0, 1)]
    if len(winners) == 2:
        banner = f"Shared win: {who[0]} and {who[1]}"
    else:
        seat = winners[0]
        verb = "wins" if over else "leads"
        banner = f"{who[seat]} ({CLAN_NAMES[seat]} clan) {verb}"
    _put(image, banner, 30, (RESULTS_W // 2, 100), fill=INK)
    scores = [score(state, seat) for seat in (0, 1)]
    for seat in (0, 1):
        camp = state.camps[seat]
        x = 40 + seat * 470
        if seat in result.winners:
            draw.rounded_rectangle((x - 6, 138, x + 456, 530), 14, outline=_ink(HIGHLIGHT), width=6)
            tag = _tag("WINNER" if over else "AHEAD", 18)
            image.paste(tag, (x + 438 - tag.width, 214))
        _put(image, who[seat], 24, (x + 20, 172), fill=WHITE, bg=CLAN_COLOURS[seat], align="l")
        _put(image, f"{scores[seat]}", 64, (x + 225, 250), fill=INK, bg=PANEL)
        _put(image, "points", 18, (x + 225, 294), fill=MUTED, bg=PANEL)
        cards = _card_points(state.box, camp.cards)
        level = camp.tank.level_ms / 1000
        values = (
            f"{cards}",
            f"{scores[seat] - cards}",
            f"{len(camp.territories)}",
            f"{camp.jerrycans}",
            f"{level:.1f} s",
            f"{len(camp.cards)}",
        )
        for row, value in enumerate(values):
            _put(image, value, 20, (x + 420, 340 + row * 32), fill=INK, bg=PANEL, align="r")
    tied = scores[0] == scores[1]
    played = state.turns
    footer = f"{_plural(played, 'turn')} played · {state.claims} of {ROUNDS} claims"
    if tied:
        footer += " · tied on points: territories, jerrycans, then KERO decide"
    _put(image, footer, 18, (RESULTS_W // 2, 566), fill=MUTED)
    return image


def results_png(state: KeroState, names: Sequence[str]) -> bytes:
    """`results_image` as PNG bytes."""
    return encode(results_image(state, names))


# --- drawing helpers -------------------------------------------------------------------------


def _line_height(size: int) -> int:
    return math.ceil(size * 1.3)


@lru_cache(maxsize=4096)
@_built
def _label(text: str, size: int, fill: RGB, bg: RGB) -> Image.Image:
    """`text` drawn once on a tight `bg` box, its vertical middle at the box's middle."""
    typeface = font(size)
    height = _line_height(size)
    image = Image.new("RGB", (max(1, math.ceil(typeface.getlength(text)) + 2), height), bg)
    ImageDraw.Draw(image).text((1, height / 2), text, font=typeface, fill=fill, anchor="lm")
    return image


def _put(
    image: Image.Image,
    text: str,
    size: int,
    at: tuple[int, int],
    *,
    fill: RGB = INK,
    bg: RGB = BACKGROUND,
    align: str = "m",
) -> int:
    """Paste a cached label: `at` is its left, middle or right end (`align` l/m/r) at its vertical
    middle. The background under it must be `bg`. Returns the label's right edge."""
    label = _label(text, size, fill, bg)
    width = label.width
    x = at[0] - (width // 2 if align == "m" else width if align == "r" else 0)
    image.paste(label, (x, at[1] - label.height // 2))
    return x + width


def _text(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    text: str,
    size: int,
    *,
    fill: RGB = INK,
    anchor: str = "mm",
) -> None:
    """Draw text directly (static pieces only: they are drawn once)."""
    draw.text(at, text, font=font(size), fill=fill, anchor=anchor)


def _wrap(text: str, size: int, width: int) -> list[str]:
    """Words of `text` as lines no wider than `width` at `size` (a long word stands alone)."""
    typeface, line = font(size), ""
    lines: list[str] = []
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and typeface.getlength(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else f"{CLAN_NAMES[seat]} clan"


def _card_x(slot: int) -> int:
    return MARGIN + slot * (CARD_W + CARD_GAP)


def _terr_x(slot: int) -> int:
    return MARGIN + slot * (TERR_W + TERR_GAP)


def _camp_x(seat: int) -> int:
    return MARGIN + seat * (CAMP_W + CAMP_GAP)


@lru_cache(maxsize=256)
@_built
def _chip(
    text: str, size: int, fill: RGB, ink: RGB, bg: RGB, *, edge: RGB | None = None
) -> Image.Image:
    """A rounded tag with centred text."""
    width = math.ceil(font(size).getlength(text)) + 14
    image = Image.new("RGB", (width, CHIP_H), bg)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, width - 1, CHIP_H - 1), 7, fill=fill, outline=edge or fill)
    _text(draw, (width / 2, CHIP_H / 2), text, size, fill=ink)
    return image


def _tag(text: str, size: int, bg: RGB = PANEL) -> Image.Image:
    return _chip(text, size, HIGHLIGHT, INK, bg, edge=TAG_EDGE)


def _resource_chips(bundle: Resources, size: int, bg: RGB) -> list[Image.Image]:
    return [
        _chip(f"{n} {SHORT[name]}", size, RESOURCE_FILL[name], RESOURCE_INK[name], bg)
        for name, n in zip(RESOURCES, bundle.as_tuple(), strict=True)
        if n
    ]


def _paste_row(
    image: Image.Image, pieces: Iterable[Image.Image], left: int, right: int, top: int, *, gap: int
) -> int:
    """Paste pieces left to right, wrapping onto a next line at `right`; returns the last top."""
    x = left
    for piece in pieces:
        if x > left and x + piece.width > right:
            x, top = left, top + piece.height + 6
        image.paste(piece, (x, top))
        x += piece.width + gap
    return top


# --- words for cards and territories ---------------------------------------------------------


def _gain_words(gain: Gain) -> str:
    if gain.kind == "jerrycan":
        return f"+{_plural(gain.amount, 'jerrycan')}"
    if gain.kind == "tuarek":
        return f"+{_plural(gain.amount, 'Tuarek')}"
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
        return [f"Ignore {_plural(arg if isinstance(arg, int) else 1, 'flame')}"]
    return ["Re-roll a", "burnt die"]


def _card_lines(box: Components, card: Card) -> list[str]:
    lines = [_gain_words(gain) for gain in card.effects]
    if card.ability:
        lines += _tile_words(box, card.ability)
    if card.per_colour:
        lines.append(f"1 / {card.per_colour} card")
    return lines


def _territory_lines(territory: Territory, colours: int) -> list[str]:
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


def _card_points(box: Components, card_ids: Sequence[str]) -> int:
    cards = [c for c in (box.card(i) for i in card_ids) if c is not None]
    colours = Counter(c.colour for c in cards)
    return sum(c.points + (colours[c.per_colour] if c.per_colour else 0) for c in cards)


# --- static pieces ---------------------------------------------------------------------------


@cache
@_built
def _card_face(box: Components, card_id: str) -> Image.Image:
    """One card of the row: its colour as fill, points, effect in a few words, cost chips."""
    card = box.card(card_id)
    assert card is not None and card.colour is not None
    fill, edge = CARD_FILL[card.colour], CARD_EDGE[card.colour]
    image = canvas(CARD_W, CARD_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), 12, fill=fill, outline=edge, width=3)
    draw.rounded_rectangle((0, 0, CARD_W - 1, 36), 12, fill=edge)
    draw.rectangle((0, 24, CARD_W - 1, 36), fill=edge)
    _text(draw, (12, 18), card.id, 18, fill=WHITE, anchor="lm")
    if card.points:
        _text(draw, (CARD_W - 12, 18), _plural(card.points, "pt"), 20, fill=WHITE, anchor="rm")
    elif card.per_colour:
        _text(draw, (CARD_W - 12, 18), f"1 pt / {card.per_colour}", 16, fill=WHITE, anchor="rm")
    lines = [part for line in _card_lines(box, card) for part in _wrap(line, 18, CARD_W - 24)]
    lines = lines[:3]
    if lines:
        extra = 20 if card.ability else 0
        top = 84 - (len(lines) * 24 + extra - 24) // 2
        for index, line in enumerate(lines):
            _text(draw, (CARD_W / 2, top + index * 24), line, 18)
        if card.ability:
            _text(
                draw,
                (CARD_W / 2, top + len(lines) * 24 - 4),
                f"tile {card.ability}",
                14,
                fill=MUTED,
            )
    else:
        _text(draw, (CARD_W / 2, 84), _plural(card.points, "pt"), 34)
    chips = _resource_chips(card.cost, 15, fill)
    gap = 4
    total = sum(chip.width for chip in chips) + gap * (len(chips) - 1)
    x = (CARD_W - total) // 2
    for chip in chips:
        image.paste(chip, (x, CARD_H - CHIP_H - 12))
        x += chip.width + gap
    _text(draw, (CARD_W / 2, CARD_H - CHIP_H - 24), "cost", 14, fill=MUTED)
    return image


@cache
@_built
def _empty_card() -> Image.Image:
    image = canvas(CARD_W, CARD_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), 12, fill=EMPTY_FILL, outline=GRID)
    _text(draw, (CARD_W / 2, CARD_H / 2), "empty", 18, fill=MUTED)
    return image


@cache
@_built
def _territory_tile(box: Components, territory_id: str) -> Image.Image:
    """One New Territory: name, points, on-claim bonus and end condition, an Explorer band."""
    territory = box.territories_by_id[territory_id]
    image = canvas(TERR_W, TERR_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, TERR_W - 1, TERR_H - 1), 12, fill=SAND, outline=SAND_EDGE, width=3
    )
    draw.rectangle((3, BAND_Y, TERR_W - 4, TERR_H - 14), fill=SAND_BAND)
    draw.rounded_rectangle((3, BAND_Y, TERR_W - 4, TERR_H - 4), 9, fill=SAND_BAND)
    _text(draw, (12, 22), territory.name, 22, fill=INK, anchor="lm")
    _text(draw, (TERR_W - 12, 22), _plural(territory.points, "pt"), 20, fill=INK, anchor="rm")
    lines = [
        part
        for line in _territory_lines(territory, len(box.supply.card_colours))
        for part in _wrap(line, 16, TERR_W - 40)
    ]
    for index, line in enumerate(lines[:3] or ["no bonus"]):
        _text(draw, (12, 52 + index * 20), line, 16, fill=INK if lines else MUTED, anchor="lm")
    return image


@cache
@_built
def _empty_territory() -> Image.Image:
    image = canvas(TERR_W, TERR_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, TERR_W - 1, TERR_H - 1), 12, fill=EMPTY_FILL, outline=GRID)
    _text(draw, (TERR_W / 2, TERR_H / 2), "no territory", 18, fill=MUTED)
    return image


@cache
@_built
def _explorer_badge(seat: int, count: int, boss: bool) -> Image.Image:
    """A clan's Explorers on a territory: a disc with the count, the clan, and the Boss."""
    image = Image.new("RGB", (110, 42), SAND_BAND)
    draw = ImageDraw.Draw(image)
    colour = CLAN_COLOURS[seat]
    if boss:
        draw.ellipse((0, 0, 41, 41), fill=HIGHLIGHT, outline=TAG_EDGE)
    if count:
        draw.ellipse((4, 4, 37, 37), fill=colour)
        _text(draw, (21, 21), str(count), 20, fill=WHITE)
    else:
        draw.ellipse((4, 4, 37, 37), outline=colour, width=2)
        _text(draw, (21, 21), "0", 18, fill=MUTED)
    _text(draw, (48, 12 if boss else 21), CLAN_NAMES[seat], 16, fill=INK, anchor="lm")
    if boss:
        _text(draw, (48, 31), "+ Boss", 15, fill=INK, anchor="lm")
    return image


@cache
@_built
def _shack_die(colour: str, status: str) -> Image.Image:
    """A special die on the shack: `ready` (1 jc), `free` (an ability tile), or `taken`."""
    size = 56
    image = Image.new("RGB", (64, 92), PANEL)
    draw = ImageDraw.Draw(image)
    taken = status == "taken"
    fill = TAKEN_FILL if taken else DIE_FILL[colour]
    draw.rounded_rectangle((4, 0, 4 + size, size), 10, fill=fill, outline=DIE_EDGE[colour], width=3)
    _text(draw, (32, size / 2), colour[0].upper(), 24, fill=MUTED if taken else INK)
    words = {"ready": "1 jc", "free": "free", "taken": "taken"}[status]
    _text(draw, (32, 74), words, 15, fill=MUTED if taken else INK)
    return image


@cache
@_built
def _face_down_tuarek() -> Image.Image:
    image = Image.new("RGB", (24, 28), PANEL)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, 23, 27), 5, fill=TUAREK_TILE, outline=TUAREK_EDGE)
    _text(draw, (12, 14), "?", 16, fill=WHITE)
    return image


@cache
@_built
def _explorer_icon(seat: int) -> Image.Image:
    image = Image.new("RGB", (26, 28), PANEL)
    draw = ImageDraw.Draw(image)
    colour = CLAN_COLOURS[seat]
    draw.ellipse((8, 1, 18, 11), fill=colour)
    draw.polygon([(13, 8), (3, 27), (23, 27)], fill=colour)
    return image


@cache
@_built
def _background() -> Image.Image:
    """The board with every frame and fixed label, drawn once."""
    image = canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER)
    _text(draw, (MARGIN, HEADER_H / 2), "KERO", 28, fill=GOLD, anchor="lm")
    for slot in range(6):
        x = _card_x(slot)
        _text(draw, (x + CARD_W / 2, ROW_Y - 12), f"slot {slot + 1}", 15, fill=MUTED)
    _text(draw, (_card_x(5) + CARD_W, ROW_Y - 12), "burns first", 14, fill=FIRE, anchor="rm")
    _text(draw, (MARGIN, ROW_Y - 12), "Row", 16, fill=INK, anchor="lm")
    for slot in range(4):
        x = _terr_x(slot)
        _text(draw, (x + TERR_W / 2, TERR_Y - 12), f"New Territory {slot + 1}", 15, fill=MUTED)
    shack = (SHACK_X, TERR_Y, SHACK_X + SHACK_W - 1, TERR_Y + TERR_H - 1)
    draw.rounded_rectangle(shack, 12, fill=PANEL, outline=GRID, width=2)
    _text(draw, (SHACK_X + SHACK_W / 2, TERR_Y - 12), "Shack & refinery", 15, fill=MUTED)
    _text(draw, (SHACK_X + 12, TERR_Y + 18), "Special dice", 16, fill=INK, anchor="lm")
    for seat in (0, 1):
        _camp_frame(image, draw, seat)
    return image


def _camp_frame(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int) -> None:
    x, y = _camp_x(seat), CAMP_Y
    colour = CLAN_COLOURS[seat]
    draw.rounded_rectangle((x, y, x + CAMP_W - 1, y + CAMP_H - 1), 14, fill=PANEL, outline=GRID)
    draw.rounded_rectangle((x, y, x + CAMP_W - 1, y + CAMP_HEAD), 14, fill=colour)
    draw.rectangle((x, y + CAMP_HEAD - 14, x + CAMP_W - 1, y + CAMP_HEAD), fill=colour)
    _text(
        draw, (x + 14, y + CAMP_HEAD / 2), f"{CLAN_NAMES[seat]} clan", 24, fill=WHITE, anchor="lm"
    )
    _text(draw, (x + 14, y + GAUGE_Y + GAUGE_H / 2), "KERO", 18, fill=INK, anchor="lm")
    gx, gy = x + GAUGE_X, y + GAUGE_Y
    for tick in range(7):
        tx = gx + round(tick * GAUGE_W / 6)
        draw.line((tx, gy + GAUGE_H + 1, tx, gy + GAUGE_H + 5), fill=MUTED)
    stats_y = y + STATS_Y
    image.paste(_chip("jc", 14, RESOURCE_FILL["jerrycan"], WHITE, PANEL), (x + 12, stats_y - 14))
    image.paste(_face_down_tuarek(), (x + 190, stats_y - 14))
    image.paste(_explorer_icon(seat), (x + 380, stats_y - 14))
    for label, row in (("Cards", CARDS_Y), ("Tiles", TILES_Y), ("Land", LAND_Y)):
        _text(draw, (x + 14, y + row), label, 17, fill=INK, anchor="lm")


@cache
@_built
def _dice_background() -> Image.Image:
    image = canvas(DICE_W, DICE_H)
    draw = ImageDraw.Draw(image)
    draw.line((16, DICE_TOP - 8, DICE_W - 16, DICE_TOP - 8), fill=GRID, width=1)
    return image


@cache
@_built
def _results_background() -> Image.Image:
    image = canvas(RESULTS_W, RESULTS_H)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, RESULTS_W, 60), fill=HEADER)
    _text(draw, (30, 30), "KERO", 30, fill=GOLD, anchor="lm")
    _text(draw, (RESULTS_W / 2, 30), "Final scores", 28, fill=WHITE)
    rows = (
        "Card points",
        "Territory points",
        "Territories claimed",
        "Jerrycans left",
        "KERO left",
        "Cards taken",
    )
    for seat in (0, 1):
        x = 40 + seat * 470
        draw.rounded_rectangle((x, 144, x + 450, 524), 12, fill=PANEL, outline=GRID)
        draw.rounded_rectangle((x, 144, x + 450, 200), 12, fill=CLAN_COLOURS[seat])
        draw.rectangle((x, 186, x + 450, 200), fill=CLAN_COLOURS[seat])
        _text(draw, (x + 440, 172), f"{CLAN_NAMES[seat]} clan", 18, fill=WHITE, anchor="rm")
        for row, label in enumerate(rows):
            _text(draw, (x + 24, 340 + row * 32), label, 20, fill=INK, anchor="lm")
        draw.line((x + 20, 318, x + 430, 318), fill=GRID)
    return image


# --- dice faces ------------------------------------------------------------------------------


def _die_of(box: Components, colour: str) -> tuple[Face, ...]:
    return box.white.faces if colour == WHITE_DIE else box.special[colour].faces


@cache
@_built
def _die_face(box: Components, colour: str, face_index: int | None) -> Image.Image:
    """A die showing a face: resources as chips, Tuarek/Explorer as figures, a flame as burnt;
    None for a die in the air ("?")."""
    image = canvas(DIE, DIE)
    draw = ImageDraw.Draw(image)
    face = None if face_index is None else _die_of(box, colour)[face_index]
    burnt = face is not None and face.flame
    fill = BURNT_FILL if burnt else DIE_FILL[colour]
    edge = FIRE if burnt else DIE_EDGE[colour]
    draw.rounded_rectangle(
        (0, 0, DIE - 1, DIE - 1), 16, fill=fill, outline=edge, width=6 if burnt else 3
    )
    mid = DIE / 2
    if face is None:
        _text(draw, (mid, mid), "?", 40, fill=MUTED)
    elif face.flame:
        outer = [(48, 14), (66, 40), (70, 62), (60, 78), (36, 78), (26, 62), (30, 44), (40, 52)]
        inner = [(48, 42), (58, 60), (54, 72), (42, 72), (38, 62)]
        draw.polygon(outer, fill=FIRE)
        draw.polygon(inner, fill=FLAME_ORANGE)
    elif face.tuarek:
        draw.ellipse((38, 12, 58, 32), fill=TUAREK_FIGURE)
        draw.polygon([(48, 28), (26, 66), (70, 66)], fill=TUAREK_FIGURE)
        _text(draw, (mid, 80), "Tuarek", 16)
    elif face.explorer:
        draw.ellipse((38, 12, 58, 32), fill=INK)
        draw.polygon([(48, 26), (30, 66), (66, 66)], fill=INK)
        _text(draw, (mid, 80), "Explorer", 16)
    else:
        chips = _resource_chips(face.resources, 20, fill)
        top = (DIE - len(chips) * (CHIP_H + 6) + 6) // 2
        for index, chip in enumerate(chips):
            image.paste(chip, ((DIE - chip.width) // 2, top + index * (CHIP_H + 6)))
    return image


# --- dynamic parts of the board --------------------------------------------------------------


def _header(image: Image.Image, state: KeroState, viewer: int | None) -> None:
    rnd = min(state.claims + 1, ROUNDS)
    _put(
        image,
        f"Round {rnd} of {ROUNDS}",
        20,
        (MARGIN + 90, HEADER_H // 2),
        fill=WHITE,
        bg=HEADER,
        align="l",
    )
    clan = CLAN_NAMES[state.active]
    if state.phase is Phase.OVER:
        turn = "Game over"
    elif viewer == state.active:
        turn = f"Your turn ({clan} clan) · {PHASE_WORDS[state.phase]}"
    else:
        turn = f"{clan} clan's turn · {PHASE_WORDS[state.phase]}"
    _put(image, turn, 22, (WIDTH // 2 + 40, HEADER_H // 2), fill=GOLD, bg=HEADER)
    supply = f"Deck {len(state.deck)} · Supply {state.jerrycans} jc"
    _put(image, supply, 18, (WIDTH - MARGIN, HEADER_H // 2), fill=WHITE, bg=HEADER, align="r")


def _shack(image: Image.Image, state: KeroState) -> None:
    turn, box = state.turn, state.box
    choosing = state.phase in (Phase.START, Phase.FUELING)
    active = state.camps[state.active]
    free = {
        tile.effect.arg
        for tile_id in active.tiles
        if (tile := box.tiles[tile_id]).effect.kind == "free_die" and tile_id not in turn.tiles_used
    }
    for index, colour in enumerate(box.special):
        if colour in turn.dice:
            status = "taken"
        elif colour in free and choosing:
            status = "free"
        else:
            status = "ready"
        image.paste(_shack_die(colour, status), (SHACK_X + 10 + index * 72, TERR_Y + 36))
    fuel = f"Fuel-ups this turn: {turn.fuel_ups} of {box.supply.max_fuel_ups}"
    _put(image, fuel, 15, (SHACK_X + 12, TERR_Y + 148), fill=INK, bg=PANEL, align="l")


def _camp(
    image: Image.Image, draw: ImageDraw.ImageDraw, state: KeroState, seat: int, viewer: int | None
) -> None:
    camp, box = state.camps[seat], state.box
    x, y = _camp_x(seat), CAMP_Y
    colour = CLAN_COLOURS[seat]
    head = y + CAMP_HEAD // 2
    if viewer == seat:
        _put(image, "(you)", 20, (x + 160, head), fill=WHITE, bg=colour, align="l")
    _put(
        image,
        f"{_plural(score(state, seat), 'pt')}",
        26,
        (x + CAMP_W - 14, head),
        fill=WHITE,
        bg=colour,
        align="r",
    )
    if state.active == seat and state.phase is not Phase.OVER:
        draw.rounded_rectangle(
            (x - 3, y - 3, x + CAMP_W + 2, y + CAMP_H + 2), 16, outline=_ink(HIGHLIGHT), width=5
        )
        image.paste(_tag("TO PLAY", 18, colour), (x + 250, head - CHIP_H // 2))
    # The tanker gauge.
    tank = camp.tank
    gx, gy = x + GAUGE_X, y + GAUGE_Y
    filled = round(GAUGE_W * tank.level_ms / tank.capacity_ms) if tank.capacity_ms else 0
    draw.rectangle(
        (gx, gy, gx + GAUGE_W - 1, gy + GAUGE_H - 1), fill=_ink(TANK_EMPTY), outline=_ink(MUTED)
    )
    if filled:
        draw.rectangle(
            (gx, gy, gx + filled - 1, gy + GAUGE_H - 1), fill=_ink(FUEL), outline=_ink(FUEL_EDGE)
        )
    level = f"{tank.level_ms / 1000:.1f} s of {tank.capacity_ms // 1000}"
    tipped = state.active == seat and state.turn.window is not None and not state.turn.flat
    if tipped:
        level += " · tipped"
    _put(image, level, 18, (gx + GAUGE_W + 12, gy + GAUGE_H // 2), fill=INK, bg=PANEL, align="l")
    # Jerrycans, face-down Tuarek count (never their types), Explorers at home, the Boss.
    stats_y = y + STATS_Y
    _put(
        image,
        _plural(camp.jerrycans, "jerrycan"),
        17,
        (x + 50, stats_y),
        fill=INK,
        bg=PANEL,
        align="l",
    )
    hidden = len(camp.tuareks) + camp.armed
    _put(image, _plural(hidden, "Tuarek"), 17, (x + 222, stats_y), fill=INK, bg=PANEL, align="l")
    _put(image, f"{camp.explorers} at home", 17, (x + 412, stats_y), fill=INK, bg=PANEL, align="l")
    if state.variant == "boss":
        boss = (
            "Boss used"
            if not camp.boss_side
            else "Boss home"
            if camp.boss_slot is None
            else "Boss out"
        )
        _put(image, boss, 15, (x + CAMP_W - 12, stats_y), fill=MUTED, bg=PANEL, align="r")
    # Cards by colour.
    cards = [c for c in (box.card(i) for i in camp.cards) if c is not None and c.colour]
    colours = Counter(c.colour for c in cards)
    chips = [
        _chip(f"{colours[name]} {name}", 15, CARD_FILL[name], INK, PANEL, edge=CARD_EDGE[name])
        for name in box.supply.card_colours
        if name in CARD_FILL
    ]
    _paste_row(image, chips, x + 80, x + CAMP_W - 10, y + CARDS_Y - CHIP_H // 2, gap=8)
    _put(
        image,
        f"{len(cards)} in all",
        16,
        (x + CAMP_W - 12, y + CARDS_Y),
        fill=MUTED,
        bg=PANEL,
        align="r",
    )
    # Ability tiles and claimed territories.
    tiles = [_ability_chip(box, tile_id) for tile_id in camp.tiles]
    if not tiles:
        _put(image, "none", 16, (x + 80, y + TILES_Y), fill=MUTED, bg=PANEL, align="l")
    _paste_row(image, tiles, x + 80, x + CAMP_W - 10, y + TILES_Y - CHIP_H // 2, gap=6)
    land = [_territory_chip(box, t) for t in camp.territories if t in box.territories_by_id]
    if not land:
        _put(image, "none yet", 16, (x + 80, y + LAND_Y), fill=MUTED, bg=PANEL, align="l")
    _paste_row(image, land, x + 80, x + CAMP_W - 10, y + LAND_Y - CHIP_H // 2, gap=6)


@cache
def _ability_chip(box: Components, tile_id: str) -> Image.Image:
    return _chip(
        f"{tile_id} {box.tiles[tile_id].name}",
        15,
        TILE_FILL,
        INK,
        PANEL,
        edge=TILE_EDGE,
    )


@cache
def _territory_chip(box: Components, territory_id: str) -> Image.Image:
    territory = box.territories_by_id[territory_id]
    more = "+" if territory.condition else ""
    return _chip(f"{territory.name} {territory.points}{more}", 15, SAND, INK, PANEL, edge=SAND_EDGE)


def _clear_caches() -> None:
    """Forget every cached piece (tests use it to build them again from several threads)."""
    for cached in (
        _label,
        _chip,
        _card_face,
        _empty_card,
        _territory_tile,
        _empty_territory,
        _explorer_badge,
        _shack_die,
        _face_down_tuarek,
        _explorer_icon,
        _background,
        _dice_background,
        _results_background,
        _die_face,
        _ability_chip,
        _territory_chip,
    ):
        cached.cache_clear()
    _ink.cache_clear()
    _palette.cache_clear()
