"""The images a click makes the bot draw, by game and the file name it uploads them under, and
what each costs: `benchmarks.render`'s measure of render + encode, with the image's bands kept
from an earlier one as the bot encodes them (most of a match's image is as its last one drew
it), and cold."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from benchmarks.render import NAMES, WORDS, late_keer, measure_image, midgame_kero
from games.common import ChanceRng
from games.common.play import step
from games.keer_kids import HeuristicAI, KeerState, Phase
from render import keer_kids, kero
from render.keer_kids.choice import choice_image


def images() -> dict[str, Callable[[], Image.Image]]:
    """Keer: the table (board.png, once a roll), the strip above it (strip.png: a roll, a keep,
    the roll resolved) and a member's choice (choice.png: a die clicked, a keep); Kero: the
    turn strip (strip.png: a roll, a re-roll) and the table below it (board.png)."""
    table = late_keer()
    choosing = _choosing(table.clone())
    seat = choosing.seats_to_act()[-1]
    die = choosing.allowed_dice(seat)[0]
    duel, two = midgame_kero(), NAMES[:2]
    return {
        "keer-kids board.png": lambda: keer_kids.table_image(table, NAMES, words=WORDS),
        "keer-kids strip.png": lambda: keer_kids.strip_image(choosing, NAMES, words=WORDS),
        "keer-kids choice.png": lambda: choice_image(
            choosing, seat, die, words=WORDS, name=NAMES[seat]
        ),
        "kero strip.png": lambda: kero.turn_image(duel, two, words=WORDS),
        "kero board.png": lambda: kero.table_image(duel, two, words=WORDS),
    }


def _choosing(state: KeerState) -> KeerState:
    """The match played on to its next roll's choices (a die kept)."""
    ai, rng = HeuristicAI(), ChanceRng("clicks-bench")
    while state.phase is not Phase.CHOOSE:
        step(state, [ai] * state.num_players, rng)
    return state


def image_costs(repeats: int) -> dict[str, dict[str, float]]:
    """By file name, ms of CPU per image: `ms`, render plus encode with its bands kept (what
    the bot pays once its band cache is warm, used to take rendering out of a click's CPU), and
    `cold_ms`, render plus encode of every band."""
    costs = {}
    for name, draw in images().items():
        measured = measure_image(name, draw, repeats)
        render_only = max(0.0, measured["median_ms"] - measured["encode_only_ms"])
        warm = render_only + measured["encode_kept_ms"]
        costs[name] = {"ms": round(warm, 2), "cold_ms": measured["median_ms"]}
    return costs
