"""Geometry: where everything of a sheet and of the table goes, in pixels at one scale.

Pure arithmetic, cached: the drawing code, the tiles and the tests all place things through
these layouts, so the geometry lives in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from games.keer_kids.sheet import Sheet

Box = tuple[int, int, int, int]

TABLE_SCALE: Final = 0.95
"""Scale of each sheet on the table image (two sheets side by side stay under 2000 px)."""
MIN_TEXT: Final = 14
"""No text is drawn smaller than this many pixels (legible on a phone)."""


def _px(value: float, scale: float) -> int:
    return round(value * scale)


def _fs(value: float, scale: float) -> int:
    return max(MIN_TEXT, round(value * scale))


def grow(box: Box, by: int) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """Where everything of one sheet goes, in pixels at one scale (origin: the sheet's corner)."""

    width: int
    height: int
    pad: int
    header_h: int
    cell: int
    grid_x: int
    grid_y: int
    visitor_num_y: int
    visitor_cy: int
    badge_w: int
    badge_h: int
    bucket_cy: int
    bucket_w: int
    food: tuple[tuple[Box, Box, Box], ...]
    """Per animal (sheet order): its chip, then its food squares."""
    food_name_y: int
    cham_x: int
    cham_w: int
    chameleons: tuple[tuple[Box, tuple[Box, ...], int], ...]
    """Per chameleon: its body, its exclamation-mark boxes, the y of its 'used' label."""
    score_box: Box
    pick_x: int
    cross_inset: int
    cross_width: int
    ring_width: int
    f_name: int
    f_letter: int
    f_small: int
    f_mark: int
    f_big: int

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


@cache
def sheet_layout(sheet: Sheet, scale: float) -> SheetLayout:
    s = scale
    pad, header_h, cell = _px(16, s), _px(48, s), _px(56, s)
    grid_x, grid_y = pad, header_h + _px(80, s)
    grid_w, grid_h = sheet.columns * cell, sheet.rows * cell
    bucket_top = grid_y + grid_h + _px(8, s)
    food_top = bucket_top + _px(64, s)
    chip = _px(34, s)
    group_w = grid_w / max(1, len(sheet.animals))
    food: list[tuple[Box, Box, Box]] = []
    for i in range(len(sheet.animals)):
        left = round(grid_x + i * group_w + (group_w - (3 * chip + _px(22, s))) / 2)
        boxes = [
            (x, food_top, x + chip, food_top + chip)
            for x in (left, left + chip + _px(12, s), left + 2 * chip + _px(22, s))
        ]
        food.append((boxes[0], boxes[1], boxes[2]))
    food_bottom = food_top + chip + _px(30, s)
    cham_x = grid_x + grid_w + _px(24, s)
    per = sheet.marks_per_chameleon
    cham_w = max(_px(200, s), _px(104 + 42 * per, s))
    chameleons = []
    row_h = grid_h // max(1, sheet.chameleons)
    for k in range(sheet.chameleons):
        top = grid_y + k * row_h
        body = (cham_x, top + _px(10, s), cham_x + _px(92, s), top + row_h - _px(10, s))
        marks = tuple(
            (
                cham_x + _px(104 + 42 * m, s),
                top + _px(6, s),
                cham_x + _px(138 + 42 * m, s),
                top + row_h - _px(30, s),
            )
            for m in range(per)
        )
        chameleons.append((body, marks, top + row_h - _px(15, s)))
    return SheetLayout(
        width=cham_x + cham_w + pad,
        height=food_bottom + _px(10, s),
        pad=pad,
        header_h=header_h,
        cell=cell,
        grid_x=grid_x,
        grid_y=grid_y,
        visitor_num_y=header_h + _px(14, s),
        visitor_cy=header_h + _px(50, s),
        badge_w=cell - _px(16, s),
        badge_h=_px(34, s),
        bucket_cy=bucket_top + _px(28, s),
        bucket_w=_px(34, s),
        food=tuple(food),
        food_name_y=food_top + chip + _px(16, s),
        cham_x=cham_x,
        cham_w=cham_w,
        chameleons=tuple(chameleons),
        score_box=(cham_x, bucket_top, cham_x + cham_w, food_bottom),
        pick_x=pad + _px(330, s),
        cross_inset=_px(9, s),
        cross_width=max(3, _px(5, s)),
        ring_width=max(3, _px(4, s)),
        f_name=_fs(24, s),
        f_letter=_fs(24, s),
        f_small=_fs(16, s),
        f_mark=_fs(30, s),
        f_big=_fs(40, s),
    )


def score_split(lay: SheetLayout) -> int:
    box = lay.score_box
    return box[0] + (box[2] - box[0]) * 2 // 5


def score_line_y(lay: SheetLayout, line: int) -> int:
    top, bottom = lay.score_box[1], lay.score_box[3]
    return round(top + (bottom - top) / 3 * (line + 0.5))


@dataclass(frozen=True, slots=True)
class TableLayout:
    sheet: SheetLayout
    width: int
    height: int
    band_h: int
    origins: tuple[tuple[int, int], ...]
    """Top-left corner of each seat's sheet."""
    legend: tuple[int, int] | None
    """Top-left corner of the legend (in the free slot of a three-player table)."""
    dice_x: int
    die: int
    die_gap: int
    f_title: int
    f_status: int


@cache
def table_layout(sheet: Sheet, players: int) -> TableLayout:
    s = TABLE_SCALE
    lay = sheet_layout(sheet, s)
    gap, band_h = _px(12, s), _px(104, s)
    rows = (players + 1) // 2
    origins = tuple(
        (gap + (seat % 2) * (lay.width + gap), band_h + (seat // 2) * (lay.height + gap))
        for seat in range(players)
    )
    legend = (gap + lay.width + gap, origins[-1][1]) if players % 2 else None
    width = gap + 2 * (lay.width + gap)
    die, die_gap = _px(56, s), _px(20, s)
    return TableLayout(
        sheet=lay,
        width=width,
        height=band_h + rows * (lay.height + gap),
        band_h=band_h,
        origins=origins,
        legend=legend,
        dice_x=width - gap - 3 * die - 2 * die_gap - _px(16, s),
        die=die,
        die_gap=die_gap,
        f_title=_fs(28, s),
        f_status=_fs(18, s),
    )
