"""Match-card build time: µs per `Layouts.step` card, by kind of card, as a click builds them.

Computers play 4-player Keer op Keer Kids and Kero duels (every seat a member's, so the cards
carry every button) on an async clock, with the application emoji shown and the collector tuned
as `tablero run` tunes it. At each state the card is built as a click's answer does it, then the
seats it mentions are read (`mentioned`: the turn clock's look at it) and it is built again
(`again`: a refresh); a Kero throw is also shown with its dice toggled (`toggle`: `Layouts.step`
with the game's buttons). Images are not drawn: the card is built around them.
Usage: python -m benchmarks.cards [--matches 3] [--repeats 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any

import discord

from bot.core.clock_book import ClockBook, TurnClock
from bot.core.live import LiveMatch
from bot.core.settings import ClockMode
from bot.delivery.messenger import Image
from bot.games import adapter_for
from bot.games.kero import views
from bot.memory import freeze_startup_objects
from bot.ui.emoji import AppEmoji, EmojiKey
from bot.ui.layouts import Layouts
from games.common import ChanceRng
from games.common.protocol import CHANCE, GameState, Node, Policy
from games.keer_kids import HeuristicAI
from games.keer_kids import Phase as KeerPhase
from games.kero.ai import KeroAI
from games.kero.board import Phase as KeroPhase
from games.records import Player
from games.registry import get_game

NAMES = ("Ana", "Bo", "Cas", "Dee")
STRIP = Image(b"png", "strip.png", "alt")
TABLE = Image(b"png", "board.png", "alt")
DAY_MS = 86_400_000


def shown_emoji() -> AppEmoji:
    """Every key shown as an uploaded application emoji (what a card is dressed with)."""
    emoji = AppEmoji(discord.Client(intents=discord.Intents.none()), uploads=False, now_ms=int)
    for number, key in enumerate(EmojiKey):
        emoji._shown[key] = discord.PartialEmoji(name=f"{key.value}_1a2b3c4d", id=10**17 + number)
    return emoji


def played(game: str, players: int, seed: str) -> Iterator[LiveMatch]:
    """A match the computers play for members' seats, as the bot holds it after each action."""
    spec = get_game(game)
    state = spec.new_match(players, {})
    seats = tuple(Player(str(100 + s), NAMES[s]) for s in range(players))
    live = LiveMatch(1, spec, adapter_for(game).rules, state, seats, seed, {}, "1", "2", "3")
    ai: Any = HeuristicAI() if game == "keer-kids" else KeroAI()
    rng = ChanceRng(seed)
    while not live.state.is_terminal():
        yield live
        live.state = one_action(live.state, ai, rng)


def one_action(state: GameState, ai: Policy, rng: ChanceRng) -> GameState:
    """The state after its next action, the chance draw or one seat's (a click: one Keer pick,
    not the roll's every pick), applied to a copy as the bot applies it."""
    work = state.clone()
    if work.node() is Node.CHANCE:
        work.apply(CHANCE, work.sample_chance(rng))
    else:
        seat = work.seats_to_act()[0]
        work.apply(seat, ai.choose(work, seat))
    return work


def kind(live: LiveMatch) -> str:
    """The card's kind: the game and the phase it shows."""
    state: Any = live.state
    if live.spec.name == "keer-kids":
        return {KeerPhase.ROLL: "keer-roll", KeerPhase.KEEP: "keer-keep"}.get(
            state.phase, "keer-pick"
        )
    return f"kero-{state.phase.value}"


def timed(build: Callable[..., object], *args: Any, **kwargs: Any) -> float:
    """Seconds `build(*args, **kwargs)` took."""
    start = time.perf_counter()
    build(*args, **kwargs)
    return time.perf_counter() - start


def measure(matches: int, run: int = 0) -> dict[str, list[float]]:
    """Seconds per card, by kind (and `mentioned`, `again` at the same state, Kero's `toggle`)."""
    took: dict[str, list[float]] = defaultdict(list)
    emoji = shown_emoji()
    for game, players in (("keer-kids", 4), ("kero", 2)):
        images = [STRIP, TABLE]
        for number in range(matches):
            book = ClockBook(lambda: 0)
            layouts = Layouts(emoji, book)
            for live in played(game, players, f"cards-{run}-{number}"):
                book.clocks[live.id] = TurnClock(ClockMode.ASYNC, DAY_MS, 7 * DAY_MS, -1, 0, 0)
                name = kind(live)
                took[name].append(timed(layouts.step, live, images))
                took[f"{name} mentioned"].append(timed(layouts.mentioned, live))
                took[f"{name} again"].append(timed(layouts.step, live, images))
                state: Any = live.state
                if game == "kero" and state.phase is KeroPhase.ROLLING and state.turn.faces:
                    toggled = views.rolling_view(live, 1)
                    took["kero-toggle"].append(timed(layouts.step, live, images, buttons=toggled))
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=3, help="matches per game and run")
    parser.add_argument("--repeats", type=int, default=5, help="runs (the best is reported)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    freeze_startup_objects()  # as `tablero run` does once started
    best: dict[str, float] = {}
    counts: dict[str, int] = {}
    for run in range(args.repeats):  # other matches each run: Kero's turn stories are kept
        for name, times in measure(args.matches, run).items():
            median = statistics.median(times) * 1e6
            best[name] = min(best.get(name, median), median)
            counts[name] = len(times)
    result = {
        "us_per_card": {name: round(best[name], 1) for name in sorted(best)},
        "cards": {name: counts[name] for name in sorted(counts)},
    }
    if args.json:
        print(json.dumps(result))
        return
    for name in sorted(best):
        print(f"{name:24} {best[name]:8.1f} µs  ({counts[name]} cards)")


if __name__ == "__main__":
    main()
