"""Render speed: median render + encode per image, image sizes, and how much the render adds.

The ratio is (render + encode) ÷ (encode alone of the same final image): static layers are
cached, so drawing a board should cost little next to compressing it.
Usage: python -m benchmarks.render [--repeats 40] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

from games.common import ChanceRng
from games.common.play import step
from games.keer_kids import HeuristicAI, KeerState, new_match
from games.kero.ai import KeroAI
from games.kero.state import KeroState
from render import keer_kids, kero
from render.common import PNG_COMPRESS_LEVEL
from render.png import Bands, png_bytes
from words import words_for

TARGET_MS = 40.0
MAX_BYTES = 400_000
MAX_RATIO = 1.5
NAMES = ("Ana", "Bo", "Cas", "Dee")
SCRIPT_NAMES = ("Mika 美香 🦁", "Ελένη", "Дмитрий", "سارة")
"""Names in five scripts and emoji: every font of the fallback chain a table may need."""
WORDS = words_for("en")
"""The language the images are drawn in (every language draws through the same caches)."""


def midgame_kero() -> KeroState:
    """A Boss Variant match after 12 turns of computer play."""
    state = KeroState({"variant": "boss"})
    ai, rng = KeroAI(), ChanceRng("render-bench")
    while state.turns < 12 and not state.is_terminal():
        step(state, [ai, ai], rng)
    return state


def late_keer() -> KeerState:
    """A 4-player match after 16 rolls of computer play."""
    state = new_match(4)
    ai, rng = HeuristicAI(), ChanceRng("render-bench")
    while state.rolls < 16 and not state.is_terminal():
        step(state, [ai] * 4, rng)
    return state


def _ms(work: Callable[[], Any]) -> float:
    started = time.perf_counter()
    work()
    return (time.perf_counter() - started) * 1000


def cold(image: Image.Image) -> bytes:
    """The image encoded with no band compressed before (the first image of its kind)."""
    return png_bytes(image, PNG_COMPRESS_LEVEL, Bands())


def measure_image(name: str, render: Callable[[], Image.Image], repeats: int) -> dict[str, Any]:
    """Median render+encode and encode-alone times of one image (measured alternately, so both
    see the same machine load), its size, and their ratio, encoded cold; and its encode with
    its bands kept from an earlier image (the bot's case: most of a match's image is as its
    last one drew it)."""
    render()  # warm the caches of static layers
    final = render()
    pairs = [(_ms(lambda: cold(render())), _ms(lambda: cold(final))) for _ in range(repeats)]
    total = statistics.median(p[0] for p in pairs)
    alone = statistics.median(p[1] for p in pairs)
    size = len(cold(final))
    bands = Bands()
    png_bytes(final, PNG_COMPRESS_LEVEL, bands)
    kept = statistics.median(
        _ms(lambda: png_bytes(final, PNG_COMPRESS_LEVEL, bands)) for _ in range(repeats)
    )
    return {
        "image": name,
        "width": final.width,
        "height": final.height,
        "median_ms": round(total, 2),
        "encode_only_ms": round(alone, 2),
        "ratio": round(total / alone, 3),
        "encode_kept_ms": round(kept, 2),
        "bytes": size,
        "meets_target": total <= TARGET_MS and size <= MAX_BYTES and total / alone <= MAX_RATIO,
    }


def measure(repeats: int) -> dict[str, Any]:
    """Every image the issue sets a target for, plus the others for reference."""
    k, t = midgame_kero(), late_keer()
    return {
        "benchmark": "render",
        "python": platform.python_version(),
        "target_ms": TARGET_MS,
        "max_bytes": MAX_BYTES,
        "max_ratio": MAX_RATIO,
        "images": [
            measure_image(
                "kero-board", lambda: kero.board_image(k, NAMES[:2], words=WORDS), repeats
            ),
            measure_image(
                "keer-table-4p", lambda: keer_kids.table_image(t, NAMES, words=WORDS), repeats
            ),
            measure_image(
                "keer-table-4p-scripts",
                lambda: keer_kids.table_image(t, SCRIPT_NAMES, words=WORDS),
                repeats,
            ),
            measure_image(
                "keer-strip", lambda: keer_kids.strip_image(t, NAMES, words=WORDS), repeats
            ),
            measure_image("keer-sheet", lambda: keer_kids.sheet_image(t, 0, words=WORDS), repeats),
            measure_image(
                "kero-turn-strip", lambda: kero.turn_image(k, NAMES[:2], words=WORDS), repeats
            ),
            measure_image(
                "kero-table", lambda: kero.table_image(k, NAMES[:2], words=WORDS), repeats
            ),
            measure_image("kero-dice", lambda: kero.dice_image(k, NAMES[:2], words=WORDS), repeats),
            measure_image(
                "kero-results", lambda: kero.results_image(k, NAMES[:2], words=WORDS), repeats
            ),
        ],
    }


def main() -> None:
    """Parse arguments, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=40)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    result = measure(args.repeats)
    if args.json:
        print(json.dumps(result))
        return
    for image in result["images"]:
        print(
            f"{image['image']:<14} {image['width']}x{image['height']}  render+encode "
            f"{image['median_ms']:.1f} ms (encode alone {image['encode_only_ms']:.1f} ms, "
            f"ratio {image['ratio']:.2f}; {image['encode_kept_ms']:.1f} ms with its rows kept), "
            f"{image['bytes'] / 1000:.0f} KB"
        )


if __name__ == "__main__":
    main()
