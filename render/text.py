"""Text in images: the shipped Unicode fonts, chosen per character along a fallback chain, laid
out in runs (one font and one direction each) so that names in any script read as they should.

- A character takes the first font of `FONTS` that has it; marks, joiners, variation selectors
  and emoji modifiers stay with the character before them (so "é", "क्षि" and "👨‍👩‍👧" are
  never split). A character no shipped font has is drawn as the stand-in U+FFFD, never a box.
- Right-to-left runs (Arabic, Hebrew) are shaped and ordered by Pillow's raqm layout where
  Pillow has it (its wheels do); the runs of a line are put in visual order by render/bidi.py
  (a name inside a sentence is isolated: `words.isolate`). Without raqm an RTL run is
  drawn with its characters reversed and unshaped (legible, not joined).
- Emoji are drawn in colour from Noto Color Emoji, whose bitmaps come in one size: drawn at it
  and scaled to the text's size (on an image with a fixed palette, in its nearest colours).
- A text is fitted to its room by `fit` (wrapped onto the lines the room has, else drawn
  smaller down to the legibility floor: a game word is never cut) and `fit_names` (a sentence
  holding players' names: only the names are shortened). `shorten` cuts with an ellipsis, for
  names; every cut is noted for the fit check (render/legibility.py), and so is where each text
  is drawn and the room `draw_text` is told it has.

Pure and thread-safe: fonts load once per size (under the GIL Pillow's font calls never run in
two threads at once); a text's layout is computed once (cached). The fonts and their licences:
render/fonts/README.md.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Final

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont, features

from render import bidi, legibility

RGB = tuple[int, int, int]
FONT_DIR: Final = Path(__file__).with_name("fonts")
FONTS: Final = (
    "NotoSans-Regular.ttf",  # Latin, Greek, Cyrillic; the renderers' own symbols
    "NotoSansArabic-Regular.ttf",
    "NotoSansHebrew-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf",
    "NotoSansThai-Regular.ttf",
    "NotoSansGeorgian-Regular.ttf",
    "NotoSansArmenian-Regular.ttf",
    "NotoSansCJKkr-Hangul.otf",  # Korean
    "DroidSansFallback-CJK.ttf",  # Chinese, Japanese
    "NotoSansSymbols-Regular.ttf",
    "NotoColorEmoji.ttf",
)
"""The fallback chain, first choice first (render/fonts/README.md: sources and licences)."""
PRIMARY: Final = 0
EMOJI: Final = len(FONTS) - 1
EMOJI_PPEM: Final = 109
"""Noto Color Emoji's one bitmap size: its glyphs are drawn at it, then scaled."""
EMOJI_SCALE: Final = 0.9
"""An emoji's height relative to the text's size (its bitmaps are wider than the em)."""
STAND_IN: Final = "\ufffd"
"""Drawn for a character no shipped font has."""
RAQM: Final = features.check_feature("raqm")
_LAYOUT: Final = ImageFont.Layout.RAQM if RAQM else ImageFont.Layout.BASIC
_JOINERS: Final = frozenset({0x200C, 0x200D, 0x20E3})
_VARIATION_EMOJI: Final = 0xFE0F
_MARKS: Final = frozenset({"Mn", "Mc", "Me"})
_VIRAMA: Final = 9
"""The canonical combining class of a virama (halant)."""
_INVISIBLE: Final = frozenset({0x200C, 0x200D, *range(0xFE00, 0xFE10)})
"""Joiners and variation selectors: never drawn, but shaping needs them."""
_NUMBER: Final = re.compile(r"[+\-−]?\d+")


@dataclass(frozen=True, slots=True)
class Run:
    """Characters drawn with one font in one direction, at `x` from the text's left edge."""

    face: int
    text: str
    rtl: bool
    x: float = 0.0
    width: float = 0.0


@dataclass(frozen=True, slots=True)
class Layout:
    """A text at one size: its runs in visual order, its width, and the primary font's
    ascent and descent (the line every run's baseline shares)."""

    runs: tuple[Run, ...]
    width: float
    ascent: int
    descent: int


@cache
def _coverage(face: int) -> frozenset[int]:
    """The code points a font of the chain has (read once, when first needed)."""
    font = TTFont(FONT_DIR / FONTS[face], lazy=True)
    try:
        return frozenset(font.getBestCmap())
    finally:
        font.close()


@lru_cache(maxsize=8192)
def _face_of(code: int, emoji_wanted: bool) -> int | None:
    """The first font of the chain with the character (the emoji font first when an emoji
    presentation is asked for with U+FE0F); None if no font has it."""
    if emoji_wanted and code in _coverage(EMOJI):
        return EMOJI
    return next((f for f in range(len(FONTS)) if code in _coverage(f)), None)


def _continues(cluster: str, code: int) -> bool:
    """Whether a character belongs with the cluster before it: a mark, joiner, variation
    selector, emoji modifier or tag; whatever follows a zero-width joiner; a consonant after a
    virama (an Indic conjunct); the second regional indicator of a flag."""
    previous = ord(cluster[-1])
    if previous == 0x200D or code in _JOINERS:
        return True
    if 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF:
        return True
    if 0x1F3FB <= code <= 0x1F3FF or 0xE0020 <= code <= 0xE007F:
        return True
    if unicodedata.combining(chr(previous)) == _VIRAMA and chr(code).isalpha():
        return True
    if len(cluster) == 1 and _regional(previous) and _regional(code):
        return True
    return unicodedata.category(chr(code)) in _MARKS


def _regional(code: int) -> bool:
    return 0x1F1E6 <= code <= 0x1F1FF


def clusters(text: str) -> Iterator[str]:
    """The text's characters with what belongs to each (what is never cut apart)."""
    cluster = ""
    for char in text:
        if cluster and _continues(cluster, ord(char)):
            cluster += char
        else:
            if cluster:
                yield cluster
            cluster = char
    if cluster:
        yield cluster


def _runs(parts: Sequence[str], ways: Sequence[bool]) -> list[Run]:
    """Clusters in logical order, each running its way, as runs of one font and one way."""
    runs: list[Run] = []
    for part, rtl in zip(parts, ways, strict=True):
        last = runs[-1] if runs else None
        if last is not None and last.rtl == rtl and _joins(last, part):
            runs[-1] = Run(last.face, last.text + _drawable(part, last.face), rtl)
            continue
        face = _face_of(ord(part[0]), _VARIATION_EMOJI in map(ord, part[1:2]))
        drawn = STAND_IN if face is None else _drawable(part, face)
        face = PRIMARY if face is None else face
        if last is not None and last.face == face and last.rtl == rtl:
            runs[-1] = Run(face, last.text + drawn, rtl)
        else:
            runs.append(Run(face, drawn, rtl))
    return runs


def _in_order(text: str) -> list[Run]:
    """The text's runs in the order they are drawn, left to right (render/bidi.py): the
    line's own, and each isolate's (a name in a sentence) kept whole in its place."""
    line = bidi.items(list(clusters(text)))
    paragraph = bidi.line_direction(line)
    ways = bidi.resolve([bidi.strong(i) if isinstance(i, str) else None for i in line], paragraph)
    units: list[tuple[bool, list[Run]]] = []
    outer: list[tuple[str, bool]] = []
    for item, way in [*zip(line, ways, strict=True), ((), paragraph)]:
        if isinstance(item, str):
            outer.append((item, way))
            continue
        units += [(run.rtl, [run]) for run in _runs(*zip(*outer, strict=True))] if outer else []
        outer = []
        if item:
            inner = bidi.first_strong(item, default=way)
            runs = _runs(item, bidi.resolve([bidi.strong(c) for c in item], inner))
            units.append((way, bidi.visual(runs, lambda r: r.rtl, inner)))
    ordered = bidi.visual(units, lambda unit: unit[0], paragraph)
    return [run for _, runs in ordered for run in runs]


def _joins(run: Run, cluster: str) -> bool:
    """Whether a space, digit or mark of punctuation stays in the run before it (its font has
    it; the emoji font's spaces and digits are not text)."""
    joins = bidi.strong(cluster) is None and run.face != EMOJI
    return joins and ord(cluster[0]) in _coverage(run.face)


def _drawable(cluster: str, face: int) -> str:
    """A cluster without the marks or modifiers its font lacks (drawn, they would be boxes: an
    emoji's skin tone, which the shipped emoji font leaves out, gives the default tone)."""
    covered = _coverage(face)
    kept = [c for c in cluster[1:] if ord(c) in covered or ord(c) in _INVISIBLE]
    return cluster[0] + "".join(kept)


@lru_cache(maxsize=512)
def face(index: int, size: int) -> ImageFont.FreeTypeFont:
    """A font of the chain at `size` pixels (the emoji font only at its bitmap size)."""
    pixels = EMOJI_PPEM if index == EMOJI else size
    return ImageFont.truetype(str(FONT_DIR / FONTS[index]), pixels, layout_engine=_LAYOUT)


def _drawn(run: Run) -> str:
    """What is handed to Pillow for a run (an RTL run reversed where raqm can't order it)."""
    if run.rtl and not RAQM:
        return "".join(reversed(list(clusters(run.text))))
    return run.text


def _direction(run: Run) -> str | None:
    return ("rtl" if run.rtl else "ltr") if RAQM else None


def _emoji_scale(size: int) -> float:
    return size * EMOJI_SCALE / EMOJI_PPEM


def _run_width(run: Run, size: int) -> float:
    length = face(run.face, size).getlength(_drawn(run), direction=_direction(run))
    return length * _emoji_scale(size) if run.face == EMOJI else length


@lru_cache(maxsize=8192)
def layout(text: str, size: int) -> Layout:
    """How `text` is drawn at `size`: its runs placed left to right."""
    placed, x = [], 0.0
    for run in _in_order(text):
        width = _run_width(run, size)
        placed.append(Run(run.face, run.text, run.rtl, x, width))
        x += width
    ascent, descent = face(PRIMARY, size).getmetrics()
    return Layout(tuple(placed), x, ascent, descent)


def _plain(lay: Layout) -> bool:
    """Whether the text is one left-to-right run of the primary font (Pillow draws it alone,
    with its anchors exactly)."""
    return len(lay.runs) <= 1 and all(r.face == PRIMARY and not r.rtl for r in lay.runs)


def text_width(text: str, size: int) -> float:
    """How wide `text` is drawn at `size` (pixels)."""
    return layout(text, size).width


def has_emoji(text: str) -> bool:
    """Whether `text` draws colour emoji (an image on a fixed palette can't show them)."""
    return any(run.face == EMOJI for run in _in_order(text))


def _origin(lay: Layout, xy: tuple[float, float], anchor: str) -> tuple[float, float]:
    """The left end of the baseline for `anchor` (horizontal l/m/r, vertical a/m/s/d; t and b
    are taken as a and d)."""
    horizontal, vertical = anchor[0], anchor[1]
    x = xy[0] - {"l": 0.0, "m": lay.width / 2, "r": lay.width}[horizontal]
    shift = {"a": lay.ascent, "t": lay.ascent, "m": (lay.ascent - lay.descent) / 2, "s": 0}
    shift |= {"d": -lay.descent, "b": -lay.descent}
    return x, xy[1] + shift[vertical]


def text_bbox(
    text: str, size: int, *, anchor: str = "la", stroke_width: int = 0
) -> tuple[float, float, float, float]:
    """The box `text` covers when drawn at (0, 0) with `anchor`."""
    lay = layout(text, size)
    if _plain(lay):
        shown = lay.runs[0].text if lay.runs else ""
        return face(PRIMARY, size).getbbox(shown, anchor=anchor, stroke_width=stroke_width)
    x0, baseline = _origin(lay, (0.0, 0.0), anchor)
    top, bottom = baseline - lay.ascent - stroke_width, baseline + lay.descent + stroke_width
    for run in lay.runs:
        if run.face != EMOJI:
            box = face(run.face, size).getbbox(
                _drawn(run), anchor="ls", direction=_direction(run), stroke_width=stroke_width
            )
            top, bottom = min(top, baseline + box[1]), max(bottom, baseline + box[3])
    return (x0 - stroke_width, top, x0 + lay.width + stroke_width, bottom)


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    *,
    anchor: str = "la",
    stroke_width: int = 0,
    stroke_fill: RGB | None = None,
    room: legibility.Box | None = None,
) -> None:
    """Draw `text` at `xy` (Pillow's anchors) in every script the shipped fonts have; `room` is
    the box its layout gave it (noted for the fit check, never drawn)."""
    if legibility.active():
        box = text_bbox(text, size, anchor=anchor, stroke_width=stroke_width)
        where = (box[0] + xy[0], box[1] + xy[1], box[2] + xy[0], box[3] + xy[1])
        legibility.note(text, size, box=where, canvas=image.size, room=room)
    lay = layout(text, size)
    draw = ImageDraw.Draw(image)
    if _plain(lay):
        draw.text(
            xy,
            lay.runs[0].text if lay.runs else "",
            font=face(PRIMARY, size),
            fill=fill,
            anchor=anchor,
            stroke_width=stroke_width,
            stroke_fill=stroke_fill,
        )
        return
    x0, baseline = _origin(lay, xy, anchor)
    for run in lay.runs:
        if run.face == EMOJI:
            _paste_emoji(image, run.text, size, (x0 + run.x, baseline))
            continue
        draw.text(
            (x0 + run.x, baseline),
            _drawn(run),
            font=face(run.face, size),
            fill=fill,
            anchor="ls",
            direction=_direction(run),
            stroke_width=stroke_width,
            stroke_fill=stroke_fill,
        )


@lru_cache(maxsize=512)
def _emoji_image(text: str, size: int) -> tuple[Image.Image, int]:
    """Emoji drawn in colour at the font's bitmap size and scaled to `size`; the scaled image
    and its ascent (pixels above the baseline)."""
    font = face(EMOJI, size)
    ascent, descent = font.getmetrics()
    width = max(1, round(font.getlength(text)))
    big = Image.new("RGBA", (width, ascent + descent), (0, 0, 0, 0))
    ImageDraw.Draw(big).text((0, ascent), text, font=font, anchor="ls", embedded_color=True)
    scale = _emoji_scale(size)
    small = (max(1, round(big.width * scale)), max(1, round(big.height * scale)))
    return big.resize(small, Image.Resampling.LANCZOS), round(ascent * scale)


def _paste_emoji(image: Image.Image, text: str, size: int, at: tuple[float, float]) -> None:
    picture, ascent = _emoji_image(text, size)
    box = (round(at[0]), round(at[1]) - ascent)
    image.paste(picture.convert(image.mode), box, picture)


def shorten(text: str, size: int, width: float) -> str:
    """`text` cut, with an ellipsis, to be at most `width` pixels wide at `size` — by how wide
    it is drawn, never inside a character's cluster (a cut is noted: render/legibility.py)."""
    shown = _shortened(text, size, width)
    if shown != text:
        legibility.cut(text, shown)
    return shown


@lru_cache(maxsize=2048)
def _shortened(text: str, size: int, width: float) -> str:
    if text_width(text, size) <= width:
        return text
    kept = list(clusters(text))
    while kept and text_width("".join(kept) + "…", size) > width:
        kept.pop()
    return "".join(kept).rstrip() + "…"


# --- fitting a text to its room ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fitted:
    """A text laid out to fit its room: its lines, and the size they are drawn at."""

    lines: tuple[str, ...]
    size: int

    @property
    def line(self) -> str:
        """Its one line (for a room of one line)."""
        return " ".join(self.lines)


def _units(text: str, size: int, width: float) -> list[str]:
    """The words of `text`, a number kept with the word after it ("+1 jc"), and a number that
    ends the text with the word before it ("llama: 8"), where both fit."""
    units: list[str] = []
    for word in text.split():
        if units and _NUMBER.fullmatch(units[-1]) and _fits(f"{units[-1]} {word}", size, width):
            units[-1] = f"{units[-1]} {word}"
        else:
            units.append(word)
    last = " ".join(units[-2:])
    if len(units) > 1 and _NUMBER.fullmatch(units[-1]) and _fits(last, size, width):
        units[-2:] = [last]
    return units


def _fits(text: str, size: int, width: float) -> bool:
    return text_width(text, size) <= width


def wrap(text: str, size: int, width: float) -> list[str]:
    """`text` as lines no wider than `width` at `size`, broken at spaces and at its own line
    breaks (a word too long stands alone; a number is not parted from the word after it)."""
    lines: list[str] = []
    for paragraph in text.splitlines():
        line = ""
        for word in _units(paragraph, size, width):
            trial = f"{line} {word}".strip()
            if line and text_width(trial, size) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        if line:
            lines.append(line)
    return lines


@lru_cache(maxsize=2048)
def _fitting(text: str, size: int, width: float, floor: int, lines: int) -> Fitted:
    """The largest size from `size` down to `floor` at which `text` wraps into at most `lines`
    lines no wider than `width`; else its lines at `floor`, the last holding what is left."""
    if text == " ".join(text.split()) and text_width(text, size) <= width:
        return Fitted((text,), size)  # one line as it is: one measure, not one per word
    for at in range(size, min(size, floor) - 1, -1):
        broken = wrap(text, at, width)
        if len(broken) <= lines and all(text_width(line, at) <= width for line in broken):
            return Fitted(tuple(broken), at)
    at = min(size, floor)
    broken = wrap(text, at, width)
    return Fitted((*broken[: lines - 1], " ".join(broken[lines - 1 :])), at)


def fit(text: str, size: int, width: float, *, floor: int, lines: int = 1) -> Fitted:
    """`text` fitted to `width`: wrapped onto up to `lines` lines, else drawn smaller, never
    under `floor` (the legibility floor: render/legibility.py). Game words are never cut, but a
    text that can't fit even so is cut as a last resort (noted, so the fit test fails)."""
    fitted = _fitting(text, size, width, floor, lines)
    shown = tuple(shorten(line, fitted.size, width) for line in fitted.lines)
    return fitted if shown == fitted.lines else Fitted(shown, fitted.size)


def fit_names(
    say: Callable[[Sequence[str]], str], names: Sequence[str], size: int, width: float
) -> str:
    """The sentence `say(names)` at `size`, at most `width` wide: only its names are shortened
    (each to a fair share of the room left by the other words), never the words around them."""
    text = say(names)
    if text_width(text, size) <= width:
        return text
    room = width - text_width(say(["" for _ in names]), size)
    for _ in range(4):
        shares = _shares([text_width(name, size) for name in names], room)
        text = say([shorten(n, size, s) for n, s in zip(names, shares, strict=True)])
        over = text_width(text, size) - width
        if over <= 0:
            break
        room -= over + 1
    return text


def _shares(widths: Sequence[float], room: float) -> list[float]:
    """Each name's share of `room`: a short name keeps its width, the long ones share the rest."""
    shares = list(widths)
    left, pending = room, sorted(range(len(widths)), key=lambda i: widths[i])
    while pending:
        fair = left / len(pending)
        if widths[pending[0]] > fair:
            for i in pending:
                shares[i] = fair
            break
        left -= widths[pending.pop(0)]
    return shares
