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


def run_demo(
    out: Path, every: int = 1, seed: str = "demo", names: Sequence[str] = ()
) -> list[Path]:
    """Play each game's demo match and write its images into `out/<game>/`; return the files.
    `names` replace the computer players' names, seat by seat (to see how yours are drawn)."""
    written: list[Path] = []
    for game, adapter in ADAPTERS.items():
        seats = adapter.demo.names
        shown = tuple(names[i] if i < len(names) else seats[i] for i in range(len(seats)))
        written += _play(game, adapter.demo, shown, out / game, every=every, seed=seed)
    return written


def _play(
    game: str, match: DemoMatch, names: tuple[str, ...], folder: Path, *, every: int, seed: str
) -> list[Path]:
    spec, images = get_game(game), images_for(game)
    folder.mkdir(parents=True, exist_ok=True)
    state = spec.new_match(len(names), match.options)
    ai = spec.new_ai()
    rng = ChanceRng(f"{seed}/{game}")
    while state.node() is Node.CHANCE:
        step(state, [ai] * len(names), rng)
    written = [_write(folder / f"{match.label}-000.png", images.board(state, names))]
    seen = match.turns(state)
    while not state.is_terminal():
        step(state, [ai] * len(names), rng)
        turn = match.turns(state)
        if turn != seen and (turn % every == 0 or state.is_terminal()):
            written.append(
                _write(folder / f"{match.label}-{turn:03d}.png", images.board(state, names))
            )
        seen = turn
    written.append(_write(folder / "results.png", images.results(state, names)))
    return written


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path
