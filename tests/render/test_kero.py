"""The Kero renderer: images decode, the regions that must follow the state do, secrets stay
hidden, rendering is pure and thread-safe.

Structural checks, not pixel-perfect ones: every position is reached by real play (forced deals
and dice from tests/games/kero/helpers.py, or the computer player on the seeded chance stream),
and regions of the images are compared before and after.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable

from PIL import Image, ImageChops

from games.common import CHANCE
from games.kero import actions as a
from games.kero.state import KeroState
from render import kero, legibility
from render.common import HIGHLIGHT
from tests.games.kero.helpers import (
    BRICK,
    FLAME,
    NO_FLAMES,
    TWO_FLAMES,
    WHEAT,
    T,
    camp,
    pass_turn,
    play_turn,
    reroll,
    roll,
    snapshot,
    stop,
)
from tests.render.helpers import METAL_RECRUIT, TWO_WHEAT, in_camp, kero_finished, match, mid_game
from words import words_for

Box = tuple[int, int, int, int]
VIEWERS = (None, 0, 1)
EN = words_for("en")
NAMES = ("Ana", "Ben")


# --- regions ---------------------------------------------------------------------------------


def decode(png: bytes) -> Image.Image:
    """The PNG's pixels as RGB (the renderer writes palette images on one shared palette)."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P"
    return image.convert("RGB")


def card_box(slot: int) -> Box:
    x, y = kero.card_x(slot), kero.card_y(slot)
    return (x, y, x + kero.CARD_W, y + kero.CARD_H)


def territory_box(slot: int) -> Box:
    x, y = kero.terr_x(slot), kero.terr_y(slot)
    return (x, y, x + kero.TERR_W, y + kero.TERR_H)


def camp_box(seat: int) -> Box:
    x, y = kero.camp_x(seat), kero.camp_y(seat)
    return (x, y, x + kero.CAMP_W, y + kero.CAMP_H)


def camp_head(seat: int) -> Box:
    x, y = kero.camp_x(seat), kero.camp_y(seat)
    return (x, y, x + kero.CAMP_W, y + kero.CAMP_HEAD)


def gauge_box(seat: int) -> Box:
    x, y = kero.camp_x(seat) + kero.GAUGE_X, kero.camp_y(seat) + kero.GAUGE_Y
    return (x, y, x + kero.GAUGE_W, y + kero.GAUGE_H)


def die_box(index: int, top: int = 0) -> Box:
    """A die of the turn panel and its number under it (top: the panel's top in the image)."""
    x = kero.die_x(index)
    return (x, top + kero.DICE_TOP, x + kero.DIE, top + kero.DICE_TOP + kero.DIE + 26)


TURN_BOX: Box = (0, kero.TURN_Y, kero.WIDTH, kero.TURN_Y + kero.TURN_H)
HEADER: Box = (0, 0, kero.WIDTH, kero.HEADER_H)


def region(image: Image.Image, box: Box) -> bytes:
    return image.crop(box).tobytes()


def board(
    state: KeroState, viewer: int | None = None, names: tuple[str, ...] = NAMES
) -> Image.Image:
    return decode(kero.board_png(state, names, viewer=viewer, words=EN))


def texts(draw: Callable[[], object]) -> list[str]:
    """Every text a render draws (caches cleared first)."""
    with legibility.recording() as drawn:
        draw()
    return [d.text for d in drawn]


def changed_only_in(before: Image.Image, after: Image.Image, *boxes: Box) -> bool:
    """The images differ, and only inside these boxes."""
    difference = ImageChops.difference(before, after)
    if difference.getbbox() is None:
        return False
    for box in boxes:
        difference.paste((0, 0, 0), box)
    return difference.getbbox() is None


def colours(image: Image.Image, box: Box) -> set[tuple[int, int, int]]:
    found = image.crop(box).getcolors(maxcolors=1 << 16) or []
    return {colour for _, colour in found}


# --- images decode -----------------------------------------------------------------------------


def test_board_png_decodes_with_the_board_size() -> None:
    state = mid_game()
    for viewer in VIEWERS:
        png = kero.board_png(state, NAMES, viewer=viewer, words=EN)
        image = decode(png)
        assert image.size == (kero.WIDTH, kero.HEIGHT)
        assert 560 <= image.width <= 720 and image.height <= 2.3 * image.width  # phone-first
        assert len(png) <= 400_000
        direct = kero.board_image(state, NAMES, viewer=viewer, words=EN)
        assert direct.mode == "P" and direct.convert("RGB").tobytes() == image.tobytes()


def test_the_palette_keeps_every_flat_colour_exact() -> None:
    palette = kero.board_image(mid_game(), NAMES, words=EN).getpalette()
    assert palette is not None
    for colour in kero.BASE_COLOURS:
        index = kero.ink(colour)
        assert tuple(palette[3 * index : 3 * index + 3]) == colour


def test_dice_and_results_png_decode() -> None:
    state = in_camp()
    dice = decode(kero.dice_png(state, words=EN))
    assert dice.size == (kero.DICE_W, kero.DICE_H)
    results = decode(kero.results_png(kero_finished(), ["Ana", "Ben"], words=EN))
    assert results.size == (kero.RESULTS_W, kero.RESULTS_H)


# --- regions follow the state ------------------------------------------------------------------


def test_taking_a_card_changes_only_that_row_slot() -> None:
    state = in_camp()
    before = board(state)
    camp(state, a.Take(3))
    after = board(state)
    assert state.row[2] is None
    assert region(before, card_box(2)) != region(after, card_box(2))
    for slot in (0, 1, 3, 4, 5):
        assert region(before, card_box(slot)) == region(after, card_box(slot))
    assert region(before, camp_box(0)) != region(after, camp_box(0))  # the card and its point
    assert region(before, camp_box(1)) == region(after, camp_box(1))
    assert "new S3" in texts(lambda: kero.board_image(state, NAMES, words=EN))


def test_a_lower_tank_changes_that_clans_gauge() -> None:
    full = board(in_camp(stop_after=1_000))
    low = board(in_camp(stop_after=25_000))
    assert region(full, gauge_box(0)) != region(low, gauge_box(0))
    assert region(full, gauge_box(1)) == region(low, gauge_box(1))

    def fuel_width(image: Image.Image) -> int:
        left, top, right, bottom = gauge_box(0)
        middle = (top + bottom) // 2
        return sum(image.getpixel((x, middle)) == kero.FUEL for x in range(left, right))

    assert fuel_width(full) > fuel_width(low) > 0


def test_placing_an_explorer_changes_that_territory() -> None:
    state = in_camp(METAL_RECRUIT)
    before = board(state)
    camp(state, a.Place(2))
    after = board(state)
    assert state.explorers[1] == [1, 0]
    assert region(before, territory_box(1)) != region(after, territory_box(1))
    for slot in (0, 2, 3):
        assert region(before, territory_box(slot)) == region(after, territory_box(slot))


def test_the_boss_is_marked_on_its_territory() -> None:
    plain = match("boss")
    boss = match("boss")
    for state, place in ((plain, a.Place(2)), (boss, a.Place(2, boss=True))):
        roll(state, T, METAL_RECRUIT)
        stop(state, T + 1_000)
        camp(state, place)
    assert plain.explorers == boss.explorers
    assert region(board(plain), territory_box(1)) != region(board(boss), territory_box(1))


def test_the_active_clan_marker_moves() -> None:
    state = match()
    brown = board(state)
    pass_turn(state, T)
    assert state.active == 1
    grey = board(state)
    for seat in (0, 1):
        assert region(brown, camp_head(seat)) != region(grey, camp_head(seat))
    upper = (kero.camp_x(0) - 2, kero.camp_y(0) + kero.CAMP_H // 2)
    lower = (kero.camp_x(1) - 2, kero.camp_y(1) + kero.CAMP_H // 2)
    assert brown.getpixel(upper) == HIGHLIGHT and brown.getpixel(lower) != HIGHLIGHT
    assert grey.getpixel(lower) == HIGHLIGHT and grey.getpixel(upper) != HIGHLIGHT


def test_the_round_follows_the_claims() -> None:
    state = match(claim_draws=(1,))
    before = board(state)
    play_turn(state, T, TWO_WHEAT, a.Take(3))
    assert state.claims == 1
    after = board(state)
    round_box = (kero.MARGIN, kero.HEADER_H // 2, kero.MARGIN + 200, kero.HEADER_H)
    assert region(before, round_box) != region(after, round_box)


def test_the_viewer_only_adds_a_you_mark() -> None:
    state = mid_game()
    assert state.active == 0
    public = board(state)
    assert changed_only_in(public, board(state, viewer=1), camp_head(1))
    assert changed_only_in(public, board(state, viewer=0), camp_head(0), HEADER)


# --- secrets -----------------------------------------------------------------------------------


def _same_play(tuareks: tuple[str, ...]) -> KeroState:
    """Two identical turns after a deal that hands these Tuareks out (2 each), then Brown's camp."""
    state = match(tuareks=tuareks)
    pass_turn(state, T)
    pass_turn(state, T + 10_000)
    roll(state, T + 20_000, TWO_WHEAT)
    stop(state, T + 21_000)
    return state


def test_tuarek_types_are_never_drawn() -> None:
    first = _same_play(("guide", "trader", "scout", "smith"))
    other = _same_play(("water_carrier", "fire_eater", "dust_storm", "guide"))
    for seat in (0, 1):
        assert len(first.camps[seat].tuareks) == len(other.camps[seat].tuareks) == 2
        assert first.camps[seat].tuareks != other.camps[seat].tuareks
    for viewer in VIEWERS:
        assert kero.board_png(first, NAMES, viewer=viewer, words=EN) == kero.board_png(
            other, NAMES, viewer=viewer, words=EN
        )
    assert kero.dice_png(first, words=EN) == kero.dice_png(other, words=EN)


def test_an_armed_dust_storm_is_not_revealed() -> None:
    armed = match(tuareks=("dust_storm", "guide", "scout", "smith"))
    kept = match(tuareks=("dust_storm", "guide", "scout", "smith"))
    armed.apply(0, a.Play("dust_storm"))
    assert armed.camps[0].armed == 1 and "dust_storm" in kept.camps[0].tuareks
    for viewer in VIEWERS:
        assert kero.board_png(armed, NAMES, viewer=viewer, words=EN) == kero.board_png(
            kept, NAMES, viewer=viewer, words=EN
        )


# --- purity and threads ------------------------------------------------------------------------


def test_rendering_does_not_change_the_state() -> None:
    for state in (mid_game(), in_camp(), kero_finished()):
        summary, before = state.summary(), snapshot(state)
        for viewer in VIEWERS:
            kero.board_png(state, NAMES, viewer=viewer, words=EN)
        kero.dice_png(state, words=EN)
        kero.results_png(state, ["Ana", "Ben"], words=EN)
        assert state.summary() == summary
        assert snapshot(state) == before


def test_two_threads_render_identical_bytes() -> None:
    states = [mid_game(), mid_game(seed=2, turns=6), in_camp(), kero_finished()]

    def render_all() -> list[bytes]:
        out = []
        for state in states:
            out += [kero.board_png(state, NAMES, viewer=viewer, words=EN) for viewer in VIEWERS]
            out += [
                kero.dice_png(state, words=EN),
                kero.results_png(state, ["Ana", "Ben"], words=EN),
            ]
        return out

    expected = render_all()
    kero.clear_caches()
    barrier = threading.Barrier(2)
    results: list[list[bytes]] = [[], []]

    def worker(index: int) -> None:
        barrier.wait()
        results[index] = render_all()

    threads = [threading.Thread(target=worker, args=(i,)) for i in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results[0] == results[1] == expected


# --- the dice strip ----------------------------------------------------------------------------


def test_burnt_dice_are_marked() -> None:
    burnt = match()
    roll(burnt, T, (FLAME, BRICK, BRICK, BRICK, BRICK))
    plain = match()
    roll(plain, T, NO_FLAMES)
    with_flame, without = (
        decode(kero.dice_png(burnt, words=EN)),
        decode(kero.dice_png(plain, words=EN)),
    )
    assert region(with_flame, die_box(0)) != region(without, die_box(0))
    assert region(with_flame, die_box(1)) == region(without, die_box(1))
    edge = (die_box(0)[0] + 2, kero.DICE_TOP + kero.DIE // 2)
    assert with_flame.getpixel(edge) == kero.FIRE
    assert without.getpixel(edge) != kero.FIRE


def test_the_dice_strip_shows_every_die_of_the_roll() -> None:
    state = match()
    before = decode(kero.dice_png(state, NAMES, words=EN))
    assert all(len(colours(before, die_box(i))) > 1 for i in range(3))  # the shack's dice
    roll(state, T, (*TWO_FLAMES, WHEAT), dice=("green",))
    after = decode(kero.dice_png(state, NAMES, words=EN))
    for index in range(6):
        assert len(colours(after, die_box(index))) > 1
    assert colours(after, die_box(6)) == {kero.PANEL}


# --- the board draws the turn as it stands -----------------------------------------------------


def test_the_board_shows_the_dice_in_play() -> None:
    """Rolled, the board's turn panel holds the same dice as the strip; a re-roll puts the
    re-thrown die in the air until its face is known."""
    state = match()
    roll(state, T, (*TWO_FLAMES, WHEAT), dice=("green",))
    rolled = board(state)
    strip = decode(kero.dice_png(state, NAMES, words=EN))
    for index in range(6):
        assert region(rolled, die_box(index, kero.TURN_Y)) == region(strip, die_box(index))
    state.apply(state.active, a.Reroll((5,), T + 3_100))
    in_air = board(state)
    assert changed_only_in(rolled, in_air, TURN_BOX)  # the KERO used so far, in the panel
    assert "?" in texts(lambda: kero.board_image(state, NAMES, words=EN))


def test_the_tipped_tank_says_what_is_known_not_a_clock() -> None:
    """Tipped, the turn panel gives what the last throw had used of the KERO the tank was
    tipped with (credits included); the gauge keeps the level it was tipped at until the tank
    stops, so that rolling never changes the table under the turn strip."""
    state = match()
    before = board(state)
    roll(state, T, NO_FLAMES)
    reroll(state, (0,), T + 3_100, (BRICK,))
    state.apply(state.active, a.Credit(400))
    drawn = texts(lambda: kero.board_image(state, NAMES, words=EN))
    assert "3 of 60 s of KERO used by the last throw" in drawn
    assert "60.0 s of 60" in drawn
    assert region(board(state), gauge_box(0)) == region(before, gauge_box(0))
    stop(state, T + 5_000)
    assert region(board(state), gauge_box(0)) != region(before, gauge_box(0))


def test_the_turn_strip_and_the_table_are_the_board_in_two() -> None:
    """The bot posts the board as its turn strip above its table: together, the same pixels."""
    state = mid_game()
    whole = board(state, viewer=1)
    top = decode(kero.turn_png(state, NAMES, words=EN, viewer=1))
    table = decode(kero.table_png(state, NAMES, words=EN, viewer=1))
    assert top.size == (kero.WIDTH, kero.TABLE_Y)
    assert table.size == (kero.WIDTH, kero.HEIGHT - kero.TABLE_Y)
    assert region(whole, (0, 0, kero.WIDTH, kero.TABLE_Y)) == top.tobytes()
    assert region(whole, (0, kero.TABLE_Y, kero.WIDTH, kero.HEIGHT)) == table.tobytes()


def test_rolling_changes_only_the_turn_strip() -> None:
    """A roll, its dice, a re-roll and a credit leave the table as it was drawn before the
    roll; the stop changes it (the tank's new level, the dice's yield in the camp)."""
    state = match()
    table = kero.table_png(state, NAMES, words=EN)
    strips = {kero.turn_png(state, NAMES, words=EN)}
    roll(state, T, NO_FLAMES)
    strips.add(kero.turn_png(state, NAMES, words=EN))
    moves = (
        (state.active, a.Reroll((0, 1), T + 3_100)),
        (CHANCE, a.Faces((1, 2))),
        (state.active, a.Credit(1_000)),
    )
    for step, (seat, action) in enumerate(moves):
        state.apply(seat, action)
        assert kero.table_png(state, NAMES, words=EN) == table, step
        strips.add(kero.turn_png(state, NAMES, words=EN))
    assert len(strips) == 5  # before, the roll, the dice in the air, their faces, the credit
    stop(state, T + 6_000)
    assert kero.table_png(state, NAMES, words=EN) != table


def test_camp_shows_what_is_left_to_spend_and_the_explorer_just_placed() -> None:
    state = in_camp(METAL_RECRUIT)
    drawn = texts(lambda: kero.board_image(state, NAMES, words=EN))
    assert "To spend:" in drawn and "1 me" in drawn and "1 re" in drawn
    camp(state, a.Place(2))
    drawn = texts(lambda: kero.board_image(state, NAMES, words=EN))
    assert "+1" in drawn and "3 br" in drawn


def test_each_camp_carries_its_players_name_and_clan() -> None:
    state = mid_game()
    drawn = texts(lambda: kero.board_image(state, ("Zoë", "Ωmega"), words=EN))
    assert {"Zoë", "Ωmega", "Brown clan", "Grey clan"} <= set(drawn)
    other = board(state, names=("Cy", "Dee"))
    heads = (camp_head(0), camp_head(1), HEADER, TURN_BOX)
    assert changed_only_in(board(state), other, *heads)


# --- results -----------------------------------------------------------------------------------


def _winner_border(image: Image.Image, seat: int) -> bool:
    return image.getpixel((kero.column_x(seat) - 3, 300)) == HIGHLIGHT


def test_results_mark_the_winner() -> None:
    state = kero_finished()
    outcome = state.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    image = decode(kero.results_png(state, ["Ana", "Ben"], words=EN))
    for seat in (0, 1):
        assert _winner_border(image, seat) == (seat in outcome.winners)
    assert kero.results_png(state, ["Ana", "Ben"], words=EN) != kero.results_png(
        state, ["Cy", "Dee"], words=EN
    )


def test_results_show_a_shared_win() -> None:
    state = match(claim_draws=(1, 3, 5))
    play_turn(state, T, TWO_FLAMES, stop_after=1_000)
    play_turn(state, T + 10_000, TWO_FLAMES, stop_after=2_000)
    play_turn(state, T + 20_000, TWO_FLAMES, stop_after=1_000)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == {0, 1}
    image = decode(kero.results_png(state, ["Ana", "Ben"], words=EN))
    assert _winner_border(image, 0) and _winner_border(image, 1)
