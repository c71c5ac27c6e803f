"""Geometry: where everything of a sheet, of the table and of a player's summary goes, in pixels.

Pure arithmetic, cached: the drawing code, the tiles and the tests all place things through
these layouts, so the geometry lives in one place. Every image is 800 px wide at scale 1 and
every text at least `MIN_TEXT` px: shown 390 px wide on a phone, no em is under 11 px.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from games.keer_kids.sheet import Sheet
from render.legibility import floor_size

Box = tuple[int, int, int, int]

TABLE_SCALE: Final = 1.0
"""Scale of the active player's sheet on the table: the sheet image's own, so the table shares
its cached layers and tiles."""
MIN_TEXT: Final = 24
"""No text is smaller than this many pixels at scale 1, where every Keer image is `IMAGE_WIDTH`
wide: shown 390 px wide on a phone, an em of 11.7 px (render/legibility.py asks for 11)."""
IMAGE_WIDTH: Final = 800
"""The width of the sheet, the table and the results at scale 1 (13 columns of 58 px)."""
FLOOR: Final = floor_size(IMAGE_WIDTH)
"""The size a game word too long for its room may shrink to at scale 1, never under: 23 px,
11.2 px on a phone (render/legibility.py)."""


def _px(value: float, scale: float) -> int:
    return round(value * scale)


def _fs(value: float, scale: float) -> int:
    """A text size: it scales with the image, so its em on a phone stays the same."""
    return round(max(MIN_TEXT, value) * scale)


def grow(box: Box, by: int) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


@dataclass(frozen=True, slots=True)
class Chameleon:
    """One chameleon of a sheet: its body, its exclamation-mark boxes, and its label's centre."""

    body: Box
    marks: tuple[Box, ...]
    label: tuple[int, int]


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """Where everything of one sheet goes, in pixels at one scale (origin: the sheet's corner).

    Top to bottom: the name and points, the pick of the roll shown, the visitors (numbered by
    column), the grid, the buckets, the food squares with each animal's name, the chameleons.
    """

    width: int
    height: int
    pad: int
    header_h: int
    name_y: int
    pick_y: int
    pick_die: int
    cell: int
    grid_x: int
    grid_y: int
    visitor_cy: int
    badge_w: int
    badge_h: int
    bucket_cy: int
    bucket_w: int
    food: tuple[tuple[Box, Box, Box], ...]
    """Per animal (sheet order): its chip, then its food squares."""
    food_name_y: int
    food_room: int
    """How wide an animal's name under its food may be."""
    chameleons: tuple[Chameleon, ...]
    cham_room: int
    """How wide a chameleon's label may be."""
    cross_inset: int
    cross_width: int
    ring_width: int
    f_name: int
    f_letter: int
    f_small: int
    f_mark: int
    f_floor: int
    """The smallest size a text too long for its room may shrink to (`FLOOR` at this scale)."""

    def cell_box(self, row: int, column: int) -> Box:
        """The square at (row, column)."""
        x, y = self.grid_x + column * self.cell, self.grid_y + row * self.cell
        return (x, y, x + self.cell, y + self.cell)

    def column_x(self, column: int) -> int:
        """The centre x of a column."""
        return self.grid_x + column * self.cell + self.cell // 2

    def visitor_box(self, column: int) -> Box:
        """The badge of the visitor above a column."""
        cx = self.column_x(column)
        return (
            cx - self.badge_w // 2,
            self.visitor_cy - self.badge_h // 2,
            cx + self.badge_w // 2,
            self.visitor_cy + self.badge_h // 2,
        )

    def visitor_ring(self, column: int) -> Box:
        """The circle drawn around a visitor a player won."""
        return grow(self.visitor_box(column), self.ring_width + 1)

    def visitor_slot(self, column: int) -> Box:
        """Everything a state may change about a column's visitor."""
        x = self.grid_x + column * self.cell
        ring = self.visitor_ring(column)
        return (x, ring[1], x + self.cell, ring[3])

    def bucket_box(self, column: int) -> Box:
        """The circle drawn around the buckets of a filled column."""
        cx, half = self.column_x(column), self.cell // 2 - 2
        return (cx - half, self.bucket_cy - half, cx + half, self.bucket_cy + half)

    def food_ring(self, box: Box) -> Box:
        """The circle drawn around a food square."""
        return grow(box, self.ring_width + 3)

    def food_slot(self, animal: int) -> Box:
        """Everything a state may change about an animal's food squares."""
        _, first, last = self.food[animal]
        a, b = self.food_ring(first), self.food_ring(last)
        return (a[0], a[1], b[2], b[3])

    def points_box(self) -> Box:
        """Where the header says the points (right half of the name line)."""
        return (self.width // 2, 0, self.width - self.pad, self.name_y * 2)


def _food(sheet: Sheet, s: float, left: int, width: int, top: int) -> list[tuple[Box, Box, Box]]:
    """Each animal's chip and two food squares, centred in its share of the width."""
    chip, gap = _px(42, s), _px(8, s)
    share = width / max(1, len(sheet.animals))
    food: list[tuple[Box, Box, Box]] = []
    for i in range(len(sheet.animals)):
        x = round(left + i * share + (share - 3 * chip - 2 * gap) / 2)
        boxes = [
            (x + j * (chip + gap), top, x + j * (chip + gap) + chip, top + chip) for j in range(3)
        ]
        food.append((boxes[0], boxes[1], boxes[2]))
    return food


def _chameleons(sheet: Sheet, s: float, left: int, width: int, top: int) -> list[Chameleon]:
    """Each chameleon with its marks beside it and its label under them, side by side."""
    share = width / max(1, sheet.chameleons)
    per = sheet.marks_per_chameleon
    mark_w, mark_gap, body_w = _px(38, s), _px(4, s), _px(88, s)
    group = body_w + _px(8, s) + per * mark_w + (per - 1) * mark_gap
    found = []
    for k in range(sheet.chameleons):
        x = round(left + k * share + (share - group) / 2)
        body = (x, top + _px(4, s), x + body_w, top + _px(62, s))
        first = x + body_w + _px(8, s)
        marks = tuple(
            (
                first + m * (mark_w + mark_gap),
                top + _px(4, s),
                first + m * (mark_w + mark_gap) + mark_w,
                top + _px(60, s),
            )
            for m in range(per)
        )
        found.append(Chameleon(body, marks, (round(left + (k + 0.5) * share), top + _px(84, s))))
    return found


@cache
def sheet_layout(sheet: Sheet, scale: float) -> SheetLayout:
    s = scale
    cell = _px(58, s)
    pad = (_px(IMAGE_WIDTH, s) - sheet.columns * cell) // 2
    header_h = _px(104, s)
    grid_x, grid_y = pad, header_h + _px(64, s)
    grid_w, grid_h = sheet.columns * cell, sheet.rows * cell
    bucket_top = grid_y + grid_h + _px(6, s)
    food_top = bucket_top + _px(70, s)
    cham_top = food_top + _px(86, s)
    return SheetLayout(
        width=2 * pad + grid_w,
        height=cham_top + _px(110, s),
        pad=pad,
        header_h=header_h,
        name_y=_px(30, s),
        pick_y=_px(76, s),
        pick_die=_px(40, s),
        cell=cell,
        grid_x=grid_x,
        grid_y=grid_y,
        visitor_cy=header_h + _px(32, s),
        badge_w=cell - _px(14, s),
        badge_h=_px(38, s),
        bucket_cy=bucket_top + _px(31, s),
        bucket_w=_px(38, s),
        food=tuple(_food(sheet, s, grid_x, grid_w, food_top)),
        food_name_y=food_top + _px(64, s),
        food_room=round(grid_w / max(1, len(sheet.animals))) - _px(6, s),
        chameleons=tuple(_chameleons(sheet, s, grid_x, grid_w, cham_top)),
        cham_room=round(grid_w / max(1, sheet.chameleons)) - _px(6, s),
        cross_inset=_px(9, s),
        cross_width=max(3, _px(5, s)),
        ring_width=max(3, _px(4, s)),
        f_name=_fs(30, s),
        f_letter=_fs(28, s),
        f_small=_fs(MIN_TEXT, s),
        f_mark=_fs(32, s),
        f_floor=floor_size(2 * pad + grid_w),
    )


@dataclass(frozen=True, slots=True)
class SummaryLayout:
    """One other player on the table, in a card (origin: the card's corner): a map of their
    sheet on the left; their name and points, their pick, and each animal's enclosures crossed."""

    width: int
    height: int
    map_x: int
    map_y: int
    map_cell: int
    text_x: int
    right: int
    name_y: int
    pick_y: int
    chips_y: int
    chip: int
    chip_step: int
    die: int
    f_name: int
    f_small: int


@dataclass(frozen=True, slots=True)
class TableLayout:
    """The table (the active player's sheet, the others' summaries) and its strip (the band
    with the roll: who rolled, the dice, the die kept, who is still choosing)."""

    sheet: SheetLayout
    summary: SummaryLayout
    width: int
    height: int
    band_h: int
    """The strip's height (the strip is as wide as the table)."""
    title_y: int
    status_y: int
    dice_x: int
    dice_y: int
    die: int
    die_gap: int
    sheet_origin: tuple[int, int]
    summaries: tuple[tuple[int, int], ...]
    """Top-left corner of each other player's card, in the order they are shown."""
    f_title: int
    f_status: int

    @property
    def text_room(self) -> int:
        """How wide the band's title and status may be (left of the dice)."""
        return self.dice_x - 2 * self.sheet.pad


def _summary_layout(sheet: Sheet, width: int) -> SummaryLayout:
    map_cell, height = 14, 124
    map_w = sheet.columns * map_cell
    text_x = 14 + map_w + 18
    right = width - 14
    return SummaryLayout(
        width=width,
        height=height,
        map_x=14,
        map_y=(height - sheet.rows * map_cell) // 2,
        map_cell=map_cell,
        text_x=text_x,
        right=right,
        name_y=24,
        pick_y=62,
        chips_y=100,
        chip=32,
        chip_step=(right - text_x) // max(1, len(sheet.animals)),
        die=36,
        f_name=28,
        f_small=MIN_TEXT,
    )


@cache
def table_layout(sheet: Sheet, players: int) -> TableLayout:
    lay = sheet_layout(sheet, TABLE_SCALE)
    band_h, die, die_gap, ring = 124, 60, 14, 7
    gap, margin = 10, 12
    summary = _summary_layout(sheet, lay.width - 2 * margin)
    top = lay.height + gap
    summaries = tuple(
        (margin, top + i * (summary.height + gap)) for i in range(max(0, players - 1))
    )
    dice_x = lay.width - lay.pad - 3 * die - 2 * die_gap - ring
    return TableLayout(
        sheet=lay,
        summary=summary,
        width=lay.width,
        height=top + len(summaries) * (summary.height + gap) + margin - gap,
        band_h=band_h,
        title_y=34,
        status_y=80,
        dice_x=dice_x,
        dice_y=12,
        die=die,
        die_gap=die_gap,
        sheet_origin=(0, 0),
        summaries=summaries,
        f_title=30,
        f_status=MIN_TEXT,
    )
