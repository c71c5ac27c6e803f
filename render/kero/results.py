"""The results image: both clans' final scores, the winner(s), and the figures behind them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.kero.board import ROUNDS, Phase
from games.kero.components import Components
from games.kero.scoring import outcome as final_outcome
from games.kero.scoring import points as score
from games.kero.state import KeroState
from render.common import GRID, HIGHLIGHT, INK, MUTED, canvas, encode
from render.kero.drawing import draw_text, put_label, tag_chip
from render.kero.layout import RESULTS_H, RESULTS_W
from render.kero.palette import CLAN_COLOURS, GOLD, HEADER, PANEL, WHITE, built, ink
from render.text import shorten
from words import Words, isolate


def results_image(state: KeroState, names: Sequence[str], *, words: Words) -> Image.Image:
    """Final scores of both clans with their players' names, the winner(s), and the figures
    behind them (card and territory points, territories, jerrycans and KERO left, turns), in a
    language."""
    image = results_background(words).copy()
    draw = ImageDraw.Draw(image)
    result = state.outcome() or final_outcome(state)
    winners = sorted(result.winners)
    over = state.phase is Phase.OVER
    who = [shorten(_name(names, seat, words), 24, NAME_W) for seat in (0, 1)]
    if len(winners) == 2:
        banner = words("image-kero-shared-win", names=words.join([isolate(n) for n in who]))
    else:
        seat = winners[0]
        key = "image-kero-wins" if over else "image-kero-leads"
        banner = words(key, name=isolate(who[seat]), clan=words(f"clan-{seat}"))
    banner = shorten(banner, 30, RESULTS_W - 60)
    put_label(image, banner, 30, (RESULTS_W // 2, 100), fill=INK)
    scores = [score(state, seat) for seat in (0, 1)]
    for seat in (0, 1):
        camp = state.camps[seat]
        x = 40 + seat * 470
        if seat in result.winners:
            draw.rounded_rectangle((x - 6, 138, x + 456, 530), 14, outline=ink(HIGHLIGHT), width=6)
            tag = tag_chip(words("image-kero-winner" if over else "image-kero-ahead"), 18)
            image.paste(tag, (x + 438 - tag.width, 214))
        put_label(image, who[seat], 24, (x + 20, 172), fill=WHITE, bg=CLAN_COLOURS[seat], align="l")
        put_label(image, f"{scores[seat]}", 64, (x + 225, 250), fill=INK, bg=PANEL)
        caption = words("image-kero-points-caption", count=scores[seat])
        put_label(image, caption, 18, (x + 225, 294), fill=MUTED, bg=PANEL)
        cards = _card_points(state.box, camp.cards)
        level = camp.tank.level_ms / 1000
        values = (
            f"{cards}",
            f"{scores[seat] - cards}",
            f"{len(camp.territories)}",
            f"{camp.jerrycans}",
            words("image-kero-seconds", seconds=level),
            f"{len(camp.cards)}",
        )
        for row, value in enumerate(values):
            put_label(image, value, 20, (x + 420, 340 + row * 32), fill=INK, bg=PANEL, align="r")
    tied = scores[0] == scores[1]
    footer = words(
        "image-kero-played-tied" if tied else "image-kero-played",
        turns=state.turns,
        claims=state.claims,
        rounds=ROUNDS,
    )
    footer = shorten(footer, 18, RESULTS_W - 40)
    put_label(image, footer, 18, (RESULTS_W // 2, 566), fill=MUTED)
    return image


def results_png(state: KeroState, names: Sequence[str], *, words: Words) -> bytes:
    """`results_image` as PNG bytes."""
    return encode(results_image(state, names, words=words))


NAME_W: Final = 290
"""The room for a player's name in their clan's header (left of "<colour> clan")."""


def _name(names: Sequence[str], seat: int, words: Words) -> str:
    return names[seat] if seat < len(names) and names[seat] else words(f"clan-{seat}")


def _card_points(box: Components, card_ids: Sequence[str]) -> int:
    cards = [c for c in (box.card(i) for i in card_ids) if c is not None]
    colours = Counter(c.colour for c in cards)
    return sum(c.points + (colours[c.per_colour] if c.per_colour else 0) for c in cards)


@cache
@built
def results_background(words: Words) -> Image.Image:
    image = canvas(RESULTS_W, RESULTS_H)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, RESULTS_W, 60), fill=HEADER)
    draw_text(
        image, (30, 30), shorten(words("image-kero-fuel"), 30, 180), 30, fill=GOLD, anchor="lm"
    )
    final = shorten(words("image-kero-final-scores"), 28, RESULTS_W - 420)
    draw_text(image, (RESULTS_W / 2, 30), final, 28, fill=WHITE)
    rows = [
        shorten(words(key), 20, 300)
        for key in (
            "image-kero-card-points",
            "image-kero-territory-points",
            "image-kero-territories-claimed",
            "image-kero-jerrycans-left",
            "image-kero-fuel-left",
            "image-kero-cards-taken",
        )
    ]
    for seat in (0, 1):
        x = 40 + seat * 470
        draw.rounded_rectangle((x, 144, x + 450, 524), 12, fill=PANEL, outline=GRID)
        draw.rounded_rectangle((x, 144, x + 450, 200), 12, fill=CLAN_COLOURS[seat])
        draw.rectangle((x, 186, x + 450, 200), fill=CLAN_COLOURS[seat])
        clan = shorten(words(f"clan-{seat}"), 18, 440 - 20 - NAME_W - 10)
        draw_text(image, (x + 440, 172), clan, 18, fill=WHITE, anchor="rm")
        for row, label in enumerate(rows):
            draw_text(image, (x + 24, 340 + row * 32), label, 20, fill=INK, anchor="lm")
        draw.line((x + 20, 318, x + 430, 318), fill=GRID)
    return image
