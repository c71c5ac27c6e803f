"""A player's choice for a die, on their sheet (issue 31): exactly the enclosures the rules let
the die cross are framed, each lettered as the bot's option for it is, and the pick so far is
dashed; nothing else on the sheet changes, and the image is the sheet's visitors, grid and
buckets."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from games.common import CHANCE, ChanceRng, Node
from games.keer_kids import Cross, KeerState, Mark, Phase, new_match
from games.keer_kids.ai import HeuristicAI
from games.keer_kids.rules import choice_options
from render.keer_kids.choice import (
    BADGE,
    FRAME,
    choice_box,
    choice_image,
    framed,
    offered,
    option_letter,
    own_sheet_image,
)
from render.keer_kids.layout import sheet_layout
from render.keer_kids.sheet import sheet_image
from words import words_for

WORDS = words_for("en")


def choosing_states(seed: int, count: int) -> list[KeerState]:
    """States of a 3-player computer match where everyone is still to choose, a few rolls
    apart (sheets with more and more crossed)."""
    state, ai, rng, found = new_match(3), HeuristicAI(), ChanceRng(f"choice/{seed}"), []
    while not state.is_terminal() and len(found) < count:
        if state.node() is Node.CHANCE:
            state.apply(CHANCE, state.sample_chance(rng))
            continue
        if state.phase is Phase.CHOOSE and all(c is None for c in state.choices):
            found.append(state.clone())
        for seat in state.seats_to_act():
            state.apply(seat, ai.choose(state, seat))
    return found


def changed(state: KeerState, seat: int, die: int) -> Image.Image:
    """Where the choice image differs from the plain sheet (white: changed), in the sheet's
    coordinates (the choice shows a part of it: `choice_box`)."""
    box = choice_box(sheet_layout(state.sheet, 1.0))
    plain = sheet_image(state, seat, words=WORDS).crop(box).convert("RGB")
    drawn = choice_image(state, seat, die, words=WORDS).convert("RGB")
    difference = ImageChops.difference(plain, drawn).convert("L")
    mask = Image.new("L", sheet_image(state, seat, words=WORDS).size, 0)
    mask.paste(difference.point(lambda v: 255 if v else 0), box[:2])
    return mask


def region(state: KeerState, enclosure_id: str, reach: int) -> set[tuple[int, int]]:
    """The pixels within `reach` of the enclosure's squares."""
    lay, enclosure = sheet_layout(state.sheet, 1.0), state.sheet.enclosure(enclosure_id)
    assert enclosure is not None
    pixels: set[tuple[int, int]] = set()
    for r, c in enclosure.squares:
        x0, y0, x1, y1 = lay.cell_box(r, c)
        pixels |= {
            (x, y)
            for x in range(x0 - reach, x1 + reach + 1)
            for y in range(y0 - reach, y1 + reach + 1)
        }
    return pixels


@pytest.mark.parametrize("seed", [1, 2])
def test_exactly_the_legal_enclosures_are_framed_and_lettered_as_the_options(seed: int) -> None:
    for state in choosing_states(seed, 4):
        for seat in range(3):
            for die in state.allowed_dice(seat):
                legal = [a for a in state.legal_actions(seat) if isinstance(a, Cross | Mark)]
                options = [a for a in legal if a.die == die]
                assert offered(state, seat, die) == options == choice_options(state, seat, die)
                targets = [a.enclosure if isinstance(a, Cross) else a.chameleon for a in options]
                expected = [(option_letter(i, WORDS), t) for i, t in enumerate(targets) if t]
                assert framed(state, seat, die, WORDS) == expected
                mask = changed(state, seat, die)
                allowed: set[tuple[int, int]] = set()
                for _, where in expected:
                    allowed |= region(state, where, FRAME + BADGE)
                    inner = region(state, where, FRAME // 2)
                    assert any(mask.getpixel(p) for p in inner), f"{where} is not framed"
                stray = [
                    (x, y)
                    for x in range(0, mask.width, 3)
                    for y in range(0, mask.height, 3)
                    if mask.getpixel((x, y)) and (x, y) not in allowed
                ]
                assert stray == [], f"drawn outside the legal enclosures: {stray[:5]}"


def test_the_pick_so_far_is_dashed_and_left_out_of_the_letters() -> None:
    state = choosing_states(3, 1)[0]
    seat = 1
    die = state.allowed_dice(seat)[0]
    options = choice_options(state, seat, die)
    picks = [a for a in options if isinstance(a, Cross)]
    if not picks:
        pytest.skip("the seeded roll offers no enclosure")
    state.apply(seat, picks[0])
    assert picks[0] not in offered(state, seat, die)
    assert [w for _, w in framed(state, seat, die, WORDS)] == [a.enclosure for a in picks[1:]] + [
        a.chameleon for a in options if isinstance(a, Mark) and a.chameleon
    ]
    mask = changed(state, seat, die)
    ring = region(state, picks[0].enclosure, FRAME // 2)
    assert any(mask.getpixel(p) for p in ring), "the pick so far is drawn"


def test_letters_run_past_z() -> None:
    assert [option_letter(i, WORDS) for i in (0, 25, 26, 27, 51)] == ["A", "Z", "AA", "AB", "AZ"]
    assert len({option_letter(i, WORDS) for i in range(125)}) == 125


def test_the_choice_shows_the_visitors_grid_and_buckets_of_the_sheet() -> None:
    state = choosing_states(1, 1)[0]
    lay = sheet_layout(state.sheet, 1.0)
    left, top, right, bottom = choice_box(lay)
    assert (left, right) == (0, lay.width)
    assert top <= lay.visitor_box(0)[1] and lay.bucket_box(0)[3] <= bottom < lay.height
    assert choice_image(state, 1, state.allowed_dice(1)[0], words=WORDS).size == (
        lay.width,
        bottom - top,
    )


def test_a_player_s_own_sheet_dashes_their_pick_so_far_and_nothing_else() -> None:
    state = choosing_states(2, 1)[0]
    seat = 1
    plain = sheet_image(state, seat, words=WORDS).convert("RGB")
    assert (
        ImageChops.difference(
            plain, own_sheet_image(state, seat, words=WORDS).convert("RGB")
        ).getbbox()
        is None
    )
    pick = next(a for a in state.legal_actions(seat) if isinstance(a, Cross))
    state.apply(seat, pick)
    drawn = own_sheet_image(state, seat, words=WORDS).convert("RGB")
    changed = ImageChops.difference(sheet_image(state, seat, words=WORDS).convert("RGB"), drawn)
    box = changed.getbbox()
    assert box is not None, "the pick so far is drawn"
    near = region(state, pick.enclosure, FRAME)
    assert {(box[0], box[1]), (box[2] - 1, box[3] - 1)} <= near, "only around the pick"
