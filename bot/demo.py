"""`tablero demo`: one computer-only match of each game, written out as the images players see."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bot.games import ADAPTERS
from bot.games.adapter import DemoMatch
from games.common import ChanceRng, Node
from games.common.play import step
from games.registry import get_game
from render import images_for
from words import DEFAULT, Words, words_for


def run_demo(
    out: Path,
    every: int = 1,
    seed: str = "demo",
    names: Sequence[str] = (),
    locale: str = DEFAULT,
) -> list[Path]:
    """Play each game's demo match and write its images into `out/<game>/`, in the language
    `locale`; return the files. `names` replace the computer players' names, seat by seat (to
    see how yours are drawn)."""
    written: list[Path] = []
    words = words_for(locale)
    for game, adapter in ADAPTERS.items():
        level = words("level-normal")
        seats = [words("computer-name", name=n, level=level) for n in adapter.demo.names]
        shown = tuple(names[i] if i < len(names) else seats[i] for i in range(len(seats)))
        written += _play(game, adapter.demo, (shown, words), out / game, every=every, seed=seed)
    return written


def _play(
    game: str,
    match: DemoMatch,
    seats: tuple[tuple[str, ...], Words],
    folder: Path,
    *,
    every: int,
    seed: str,
) -> list[Path]:
    names, words = seats
    spec, images = get_game(game), images_for(game)
    poster = images.whole or images.board
    folder.mkdir(parents=True, exist_ok=True)
    state = spec.new_match(len(names), match.options)
    ai = spec.new_ai()
    rng = ChanceRng(f"{seed}/{game}")
    while state.node() is Node.CHANCE:
        step(state, [ai] * len(names), rng)
    written = [_write(folder / f"{match.label}-000.png", poster(state, names, words))]
    seen = match.turns(state)
    while not state.is_terminal():
        step(state, [ai] * len(names), rng)
        turn = match.turns(state)
        if turn != seen and (turn % every == 0 or state.is_terminal()):
            written.append(
                _write(folder / f"{match.label}-{turn:03d}.png", poster(state, names, words))
            )
        seen = turn
    written.append(_write(folder / "results.png", images.results(state, names, words)))
    return written


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path
