"""The Keer op Keer Kids renderer: structural checks, not pixel-perfect ones.

States are built by real play: forced rolls with chosen crossings, or HeuristicAI play-outs.
Regions are compared through the renderer's own layout, so the tests follow the geometry.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from PIL import Image

from games.common import CHANCE
from games.keer_kids import Cross, Keep, KeerState, Mark, Roll, new_match
from games.keer_kids.dice import PURPLE
from render import keer_kids as kk
from render.common import HIGHLIGHT
from render.keer_kids.layout import sheet_layout, table_layout
from render.keer_kids.results import RESULTS_HEADER, ROW_H, ranking
from render.keer_kids.table import active_seat, shown_seats, table_static
from tests.render.helpers import choosing, clear_keer_caches, cross, keer_finished, play_roll
from words import words_for

EN = words_for("en")
NAMES = ("Anna", "Bram", "Cleo", "Daan")
COLUMN_0_PATH = ("P4", "C2", "P1", "M2", "C1", "E1", "M1")
"""From the star to the left edge: the last five fill column 1 (index 0, two buckets)."""

Box = tuple[int, int, int, int]


# --- looking at images -----------------------------------------------------------------------


def highlighted(image: Image.Image, row: int) -> bool:
    """Whether results row `row` has the winner's background (the palette may shift it a bit)."""
    y = RESULTS_HEADER + 6 + row * ROW_H
    pixel = image.convert("RGB").getpixel((kk.RESULTS_WIDTH // 2, y))
    assert isinstance(pixel, tuple)
    return sum(abs(a - b) for a, b in zip(pixel, HIGHLIGHT, strict=True)) < 24


def winners(state: KeerState) -> frozenset[int]:
    outcome = state.outcome()
    assert outcome is not None
    return outcome.winners


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def region(image: Image.Image, box: Box, origin: tuple[int, int] = (0, 0)) -> bytes:
    x, y = origin
    return image.crop((box[0] + x, box[1] + y, box[2] + x, box[3] + y)).convert("RGB").tobytes()


def squares(state: KeerState, enclosure_id: str, scale: float) -> list[Box]:
    layout = sheet_layout(state.sheet, scale)
    enclosure = state.sheet.enclosure(enclosure_id)
    assert enclosure is not None
    return [layout.cell_box(r, c) for r, c in enclosure.squares]


# --- the images decode, with bounded sizes ---------------------------------------------------


def test_sheet_png_decodes_800_px_wide() -> None:
    state = keer_finished(2)
    image = decode(kk.sheet_png(state, 1, words=EN))
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == kk.sheet_image(state, 1, words=EN).size
    assert image.width == kk.IMAGE_WIDTH == 800 and 600 <= image.height <= image.width


def test_sheet_scale_shrinks_the_image() -> None:
    state = new_match(2)
    full, half = kk.sheet_image(state, 0, words=EN), kk.sheet_image(state, 0, scale=0.5, words=EN)
    assert half.width < full.width * 0.6 and half.height < full.height * 0.6


def test_sheet_refuses_a_seat_not_in_the_match() -> None:
    with pytest.raises(ValueError, match="seat 2"):
        kk.sheet_image(new_match(2), 2, words=EN)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_size_stays_in_bounds(players: int) -> None:
    for state in (new_match(players), keer_finished(players)):
        image = decode(kk.table_png(state, NAMES[:players], words=EN))
        assert image.mode == "P"
        assert image.width == kk.IMAGE_WIDTH and 780 <= image.height <= 1300
        assert image.size == kk.table_image(state, NAMES[:players], words=EN).size
        strip = decode(kk.strip_png(state, NAMES[:players], words=EN))
        assert strip.mode == "P" and strip.width == kk.IMAGE_WIDTH and strip.height <= 160
    # One card per other player under the active player's sheet.
    lay = table_layout(new_match(players).sheet, players)
    assert len(lay.summaries) == players - 1
    sheet_h = sheet_layout(new_match(players).sheet, kk.TABLE_SCALE).height
    assert lay.height >= sheet_h + (players - 1) * lay.summary.height


@pytest.mark.parametrize("players", [2, 3, 4])
def test_results_png_decodes(players: int) -> None:
    image = decode(kk.results_png(keer_finished(players), NAMES[:players], words=EN))
    assert image.mode == "P" and image.width == kk.RESULTS_WIDTH == kk.IMAGE_WIDTH
    assert 400 <= image.height <= 800


def test_long_or_missing_names_keep_the_sizes() -> None:
    state = keer_finished(4)
    long = ["x" * 200, "Bram " * 40, "", "  "]
    assert kk.table_image(state, long, words=EN).size == kk.table_image(state, NAMES, words=EN).size
    assert kk.table_image(state, [], words=EN).size == kk.table_image(state, NAMES, words=EN).size
    assert (
        kk.results_image(state, long, words=EN).size
        == kk.results_image(state, NAMES, words=EN).size
    )


def test_every_text_size_scales_with_the_sheet() -> None:
    """A sheet at any scale shown 390 px wide keeps its ems (the bot sends one at 1.5)."""
    sheet = new_match(2).sheet
    for scale in (kk.TABLE_SCALE, 1.0, 1.5, 0.5):
        layout = sheet_layout(sheet, scale)
        sizes = (layout.f_name, layout.f_letter, layout.f_small, layout.f_mark)
        assert min(sizes) >= round(kk.MIN_TEXT * scale)
        assert min(sizes) * 390 / layout.width >= 11
    assert kk.MIN_TEXT * 390 / kk.IMAGE_WIDTH >= 11


# --- regions follow the state ----------------------------------------------------------------


def test_crossing_changes_that_enclosure_on_that_sheet_only() -> None:
    before = new_match(2)
    after = new_match(2)
    play_roll(after, ("blue", "red", "purple"), {0: Cross(0, "P4"), 1: Mark(2)})
    assert after.summary()["players"][0]["crossed"] == ["P4"]
    assert after.roller == 1  # the table now shows seat 1's sheet large, seat 0's card below
    tab = table_layout(after.sheet, 2)
    old, new = kk.table_image(before, NAMES, words=EN), kk.table_image(after, NAMES, words=EN)
    for box in squares(after, "P4", kk.TABLE_SCALE):
        assert region(kk.table_image(after, NAMES, words=EN), box, tab.sheet_origin) == region(
            kk.sheet_image(before, 1, words=EN), box
        )
    # Seat 1 crossed an exclamation mark: its first mark box changes.
    mark = sheet_layout(after.sheet, kk.TABLE_SCALE).chameleons[0].marks[0]
    assert region(old, mark, tab.sheet_origin) != region(new, mark, tab.sheet_origin)
    # Seat 0's card: its map shows P4 crossed, its counts 1 penguin enclosure.
    summary = tab.summary
    card = (0, 0, summary.width, summary.height)
    assert region(old, card, tab.summaries[0]) != region(new, card, tab.summaries[0])
    # The single-sheet image agrees.
    for box in squares(after, "P4", 1.0):
        assert region(kk.sheet_image(before, 0, words=EN), box) != region(
            kk.sheet_image(after, 0, words=EN), box
        )
        assert region(kk.sheet_image(before, 1, words=EN), box) == region(
            kk.sheet_image(after, 1, words=EN), box
        )


def test_chameleon_crossings_look_different_from_colour_crossings() -> None:
    state = new_match(2)
    cross(state, {1: "C4"})  # seat 0 rolls, keeps purple and crosses its first mark
    play_roll(state, (PURPLE, PURPLE, PURPLE), {1: Mark(0), 0: Mark(1, "C4")})
    assert state.summary()["players"][0]["chameleons"] == ["C4"]
    assert "C4" in state.summary()["players"][1]["crossed"]
    box = squares(state, "C4", 1.0)[0]
    by_die = region(kk.sheet_image(state, 1, words=EN), box)
    by_chameleon = region(kk.sheet_image(state, 0, words=EN), box)
    fresh = region(kk.sheet_image(new_match(2), 0, words=EN), box)
    assert len({by_die, by_chameleon, fresh}) == 3


def test_filling_a_column_circles_its_buckets_and_settles_its_visitor() -> None:
    state = new_match(2)
    for enclosure_id in COLUMN_0_PATH:
        cross(state, {0: enclosure_id})
    players = state.summary()["players"]
    assert players[0]["columns_filled"] == [1] and players[0]["visitors_circled"] == [1]
    assert players[1]["columns_filled"] == [] and players[1]["visitors_crossed_out"] == [1]
    layout = sheet_layout(state.sheet, 1.0)
    fresh = kk.sheet_image(new_match(2), 0, words=EN)
    mine, theirs = kk.sheet_image(state, 0, words=EN), kk.sheet_image(state, 1, words=EN)
    assert region(fresh, layout.bucket_box(0)) != region(mine, layout.bucket_box(0))
    assert region(fresh, layout.bucket_box(0)) == region(theirs, layout.bucket_box(0))
    assert region(fresh, layout.bucket_box(1)) == region(mine, layout.bucket_box(1))
    won, gone, untouched = (
        region(image, layout.visitor_slot(0)) for image in (mine, theirs, fresh)
    )
    assert len({won, gone, untouched}) == 3
    assert region(fresh, layout.visitor_slot(1)) == region(mine, layout.visitor_slot(1))


def test_completing_an_animal_circles_its_food() -> None:
    state = keer_finished(2, 0)
    seat = next(s for s in range(2) if state.players[s].animals)
    letter = state.players[seat].animals[0]
    index = [a.letter for a in state.sheet.animals].index(letter)
    layout = sheet_layout(state.sheet, 1.0)
    slot = layout.food_slot(index)
    assert region(kk.sheet_image(state, seat, words=EN), slot) != region(
        kk.sheet_image(new_match(2), seat, words=EN), slot
    )


def test_points_follow_the_score() -> None:
    state = keer_finished(2)
    scores = [state.circles(s).total for s in range(2)]
    assert scores[0] > 0
    box = sheet_layout(state.sheet, 1.0).points_box()
    assert region(kk.sheet_image(state, 0, words=EN), box) != region(
        kk.sheet_image(new_match(2), 0, words=EN), box
    )


def test_results_differ_with_the_winners() -> None:
    by_winners: dict[frozenset[int], KeerState] = {}
    for seed in range(40):
        state = keer_finished(2, seed)
        by_winners.setdefault(winners(state), state)
        if len(by_winners) >= 2:
            break
    first, second = list(by_winners.values())[:2]
    assert kk.results_png(first, NAMES, words=EN) != kk.results_png(second, NAMES, words=EN)
    for state in (first, second):
        image = kk.results_image(state, NAMES, words=EN)
        assert highlighted(image, 0) and not highlighted(image, 1)


def test_shared_wins_highlight_every_winner() -> None:
    state = next(s for s in (keer_finished(3, seed) for seed in range(40)) if len(winners(s)) > 1)
    outcome, order = ranking(state)
    assert [outcome.places[s] for s in order[:2]] == [1, 1]
    image = kk.results_image(state, NAMES, words=EN)
    for row in range(3):
        assert highlighted(image, row) == (order[row] in outcome.winners)


def test_standings_before_the_end_highlight_nobody() -> None:
    state = new_match(3)
    cross(state, {0: "P4", 1: "E3"})
    image = kk.results_image(state, NAMES, words=EN)
    assert not any(highlighted(image, row) for row in range(3))


# --- the roll on the table -------------------------------------------------------------------


def test_choices_stay_hidden_until_the_roll_resolves() -> None:
    a, b = choosing(Cross(1, "E3")), choosing(Mark(2))
    assert kk.table_png(a, NAMES, words=EN) == kk.table_png(b, NAMES, words=EN)
    assert kk.table_png(a, NAMES, words=EN) != kk.table_png(new_match(2), NAMES, words=EN)
    for state in (a, b):
        state.apply(0, Cross(0, "P4"))
    lay = table_layout(a.sheet, 2)
    header = (0, 0, lay.sheet.width, lay.sheet.header_h)
    assert a.roller == 1  # the roll resolved: seat 1's sheet is the large one, with its pick
    assert region(kk.table_image(a, NAMES, words=EN), header, lay.sheet_origin) != region(
        kk.table_image(b, NAMES, words=EN), header, lay.sheet_origin
    )


def test_the_strip_shows_the_last_roll() -> None:
    one, other = new_match(2), new_match(2)
    play_roll(one, ("blue", "red", "purple"), {0: Cross(0, "P4")})
    play_roll(other, ("red", "blue", "purple"), {0: Cross(0, "E3")})
    assert kk.strip_png(one, NAMES, words=EN) != kk.strip_png(other, NAMES, words=EN)


def test_the_table_does_not_change_while_a_roll_is_in_play() -> None:
    """The bot draws the table once per roll (at the state the roll began from): drawn at any
    later step of the roll, it would differ only in what the headers say of the picks."""
    began = new_match(2)
    play_roll(began, ("blue", "red", "purple"), {0: Cross(0, "P4")})
    rolled = began.clone()
    rolled.apply(CHANCE, Roll(("green", "red", PURPLE)))
    lay = table_layout(began.sheet, 2)
    below_headers = (0, lay.sheet.header_h, lay.width, lay.sheet.height)
    assert region(kk.table_image(began, NAMES, words=EN), below_headers) == region(
        kk.table_image(rolled, NAMES, words=EN), below_headers
    )
    assert kk.strip_png(began, NAMES, words=EN) != kk.strip_png(rolled, NAMES, words=EN)


def dice_area(state: KeerState) -> bytes:
    lay = table_layout(state.sheet, state.num_players)
    box = (lay.dice_x, 0, lay.width, lay.band_h)
    return region(kk.strip_image(state, NAMES[: state.num_players], words=EN), box)


def test_the_strip_shows_the_dice_rolled_and_the_die_kept() -> None:
    fresh = new_match(2)
    rolled = new_match(2)
    rolled.apply(CHANCE, Roll(("blue", "red", PURPLE)))
    kept = [rolled.clone() for _ in range(2)]
    for die, state in enumerate(kept):
        state.apply(0, Keep(die))
    other_roll = new_match(2)
    other_roll.apply(CHANCE, Roll(("green", "red", PURPLE)))
    shown = {dice_area(s) for s in (fresh, rolled, *kept, other_roll)}
    assert len(shown) == 5  # no dice; rolled; each die kept; other dice


def test_the_active_player_s_sheet_is_the_sheet_image() -> None:
    state = keer_finished(3)
    for step in (new_match(3), choosing(Mark(2)), state):
        seat = active_seat(step)
        tab = table_layout(step.sheet, step.num_players)
        table = kk.table_image(step, NAMES[:3], words=EN)
        sheet = kk.sheet_image(step, seat, words=EN, name=NAMES[seat])
        assert region(table, (0, 0, *sheet.size), tab.sheet_origin) == region(
            sheet, (0, 0, *sheet.size)
        )
    assert active_seat(new_match(3)) == 0 and active_seat(choosing(Mark(2))) == 0
    assert active_seat(state) == ranking(state)[1][0]


def test_the_others_follow_in_turn_order() -> None:
    state = new_match(4)
    play_roll(state, ("blue", "red", PURPLE), {})
    play_roll(state, ("blue", "red", PURPLE), {})
    assert shown_seats(state) == (2, 3, 0, 1)
    # A card shows its player's name: renaming seat 3 changes the first card only.
    tab = table_layout(state.sheet, 4)
    card = (0, 0, tab.summary.width, tab.summary.height)
    renamed = ("Anna", "Bram", "Cleo", "Zoë")
    one, other = kk.table_image(state, NAMES, words=EN), kk.table_image(state, renamed, words=EN)
    first, second = tab.summaries[:2]
    assert region(one, card, first) != region(other, card, first)
    assert region(one, card, second) == region(other, card, second)


# --- purity, caching and threads -------------------------------------------------------------


def renders(state: KeerState) -> list[Callable[[], bytes]]:
    n = state.num_players
    return [
        lambda: kk.table_png(state, NAMES[:n], words=EN),
        lambda: kk.sheet_png(state, n - 1, words=EN),
        lambda: kk.results_png(state, NAMES[:n], words=EN),
    ]


def test_rendering_does_not_mutate_the_state() -> None:
    states = [new_match(3), keer_finished(4), choosing(Mark(2))]
    for state in states:
        before: Any = (state.summary(), len(state.history), state.version, list(state.choices))
        for render in renders(state):
            render()
        assert (state.summary(), len(state.history), state.version, list(state.choices)) == before


def test_the_static_cache_does_not_leak_marks() -> None:
    clear_keer_caches()
    fresh = kk.table_png(new_match(4), NAMES, words=EN)
    fresh_sheet = kk.sheet_png(new_match(4), 2, words=EN)
    crossed = keer_finished(4)
    assert kk.table_png(crossed, NAMES, words=EN) != fresh
    kk.sheet_png(crossed, 2, words=EN)
    assert kk.table_png(new_match(4), NAMES, words=EN) == fresh
    assert kk.sheet_png(new_match(4), 2, words=EN) == fresh_sheet
    clear_keer_caches()
    assert kk.table_png(new_match(4), NAMES, words=EN) == fresh
    assert kk.sheet_png(new_match(4), 2, words=EN) == fresh_sheet
    # No square of the fresh table differs from the cached static layer.
    static = table_static(crossed.sheet, 4, EN).convert("RGB")
    image = decode(fresh).convert("RGB")
    lay = table_layout(crossed.sheet, 4)
    origin = lay.sheet_origin
    for r in range(crossed.sheet.rows):
        for c in range(crossed.sheet.columns):
            box = lay.sheet.cell_box(r, c)
            assert region(image, box, origin) == region(static, box, origin)


def test_threads_render_identical_bytes() -> None:
    states = [keer_finished(4), choosing(Cross(1, "E3"))]
    clear_keer_caches()
    jobs = [render for state in states for render in renders(state)] * 2
    with ThreadPoolExecutor(max_workers=4) as pool:
        concurrent = list(pool.map(lambda job: job(), jobs))
    sequential = [job() for job in jobs]
    assert concurrent == sequential
