"""Text in images: every script a name may be in is drawn with real glyphs (two different names
of one length give different pixels; boxes would look alike), right to left where it should be,
emoji in colour, a character no font has as a legible stand-in, and names shortened by how wide
they are drawn."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from games.common import ChanceRng
from games.common.play import step
from games.registry import get_game
from render import images_for, text
from render.stats import rating_chart_image
from render.text import FONT_DIR, FONTS, clusters, draw_text, layout, shorten, text_bbox, text_width
from words import isolate, words_for

EN = words_for("en")

FONT_BUDGET_BYTES = 15 * 1024 * 1024
"""The shipped fonts' total size (render/fonts/README.md)."""
SIZE = 28
INK = (40, 36, 32)
PAPER = (250, 246, 236)
SCRIPTS = {
    "latin": ("Renée", "Łukas"),
    "greek": ("Ελένη", "Σοφία"),
    "cyrillic": ("Юлия", "Дима"),
    "chinese": ("王小明", "李美华"),
    "japanese": ("さくら", "ゆうき"),
    "korean": ("김민준", "이서연"),
    "arabic": ("سارة", "أحمد"),
    "hebrew": ("שרה", "דנה"),
    "devanagari": ("सचिन", "मोहन"),
    "emoji": ("😀🦁", "🐘🇳🇱"),
}
"""Two names of one length per script."""
NOT_COVERED = "\U00013000\U00013001\U00013002"
"""Egyptian hieroglyphs: no shipped font has them."""


def drawn(value: str, size: int = SIZE) -> Image.Image:
    """`value` drawn alone, left-middle anchored, on a plain canvas."""
    image = Image.new("RGB", (600, 80), PAPER)
    draw_text(image, (10, 40), value, size, INK, anchor="lm")
    return image


def differs(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is not None


def blank(image: Image.Image) -> bool:
    return ImageChops.difference(image, Image.new("RGB", image.size, PAPER)).getbbox() is None


def test_the_fonts_ship_with_their_licences_within_the_budget() -> None:
    files = [FONT_DIR / name for name in FONTS]
    assert all(path.is_file() for path in files)
    assert sum(path.stat().st_size for path in files) <= FONT_BUDGET_BYTES
    for licence in ("LICENSE-OFL-1.1.txt", "LICENSE-Apache-2.0.txt", "README.md"):
        assert (FONT_DIR / licence).stat().st_size > 400


@pytest.mark.parametrize("script", list(SCRIPTS))
def test_two_names_of_a_script_draw_different_glyphs_in_the_names_place(script: str) -> None:
    first, second = SCRIPTS[script]
    assert len(list(clusters(first))) == len(list(clusters(second)))
    box = tuple(
        round(v)
        for v in _union(text_bbox(first, SIZE, anchor="lm"), text_bbox(second, SIZE, anchor="lm"))
    )
    place = (box[0] + 10, box[1] + 40, box[2] + 10, box[3] + 40)
    a, b = drawn(first).crop(place), drawn(second).crop(place)
    assert not blank(a) and not blank(b)
    assert differs(a, b), f"{script}: both names drew the same pixels (boxes?)"
    assert differs(drawn(first), drawn(NOT_COVERED[: len(first)]))
    assert blank(drawn(first).crop((place[2] + 2, 0, 600, 80))), "drawn beyond its box"


def _union(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float, float]:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


@pytest.mark.parametrize("script", list(SCRIPTS))
def test_a_long_name_is_cut_to_its_box_by_drawn_width(script: str) -> None:
    name = " ".join(SCRIPTS[script] * 6)
    for width in (60.0, 150.0, 300.0):
        cut = shorten(name, SIZE, width)
        assert cut.endswith("…") and text_width(cut, SIZE) <= width
        assert name.startswith(cut.removesuffix("…").rstrip())


def test_shortening_counts_width_not_characters() -> None:
    wide, narrow = shorten("王" * 40, SIZE, 200), shorten("i" * 40, SIZE, 200)
    assert len(wide) < len(narrow)


def test_shortening_never_cuts_inside_a_cluster() -> None:
    family, conjunct = "👨\u200d👩\u200d👧", "क्षि"
    for unit in (family, conjunct, "e\u0301"):
        cut = shorten(unit * 30, SIZE, 120).removesuffix("…")
        assert cut and set(clusters(cut)) == {unit}


def test_a_hebrew_name_reads_right_to_left() -> None:
    """Drawn, "שרה" shows its last letter leftmost: like its letters placed one by one from
    the last, unlike them placed from the first."""
    font = text.face(FONTS.index("NotoSansHebrew-Regular.ttf"), SIZE)
    ours = ink(drawn("שרה"))
    assert alike(ours, ink(one_by_one("הרש", font)))
    assert not alike(ours, ink(one_by_one("שרה", font)))


def one_by_one(letters: str, font: ImageFont.FreeTypeFont) -> Image.Image:
    """Each letter drawn alone, left to right, each after the one before's advance."""
    image = Image.new("RGB", (600, 80), PAPER)
    x = 10.0
    for letter in letters:
        ImageDraw.Draw(image).text((x, 40), letter, font=font, fill=INK)
        x += font.getlength(letter)
    return image


def ink(image: Image.Image) -> Image.Image:
    """The image cut to what is drawn on it, in grey."""
    box = ImageChops.difference(image, Image.new("RGB", image.size, PAPER)).getbbox()
    assert box is not None, "nothing drawn"
    return image.crop(box).convert("L")


def alike(a: Image.Image, b: Image.Image) -> bool:
    """The same drawing, up to a pixel of placement and its anti-aliasing."""
    if abs(a.width - b.width) > 1 or abs(a.height - b.height) > 1:
        return False
    size = (min(a.width, b.width), min(a.height, b.height))
    diff = ImageChops.difference(a.crop((0, 0, *size)), b.crop((0, 0, *size)))
    return sum(diff.get_flattened_data()) / (size[0] * size[1]) < 20  # type: ignore[arg-type]


@pytest.mark.skipif(not text.RAQM, reason="Arabic is joined only with Pillow's raqm layout")
def test_arabic_letters_are_joined() -> None:
    """Joined, "محمد" is one stroke; with joining forbidden (ZWNJ) it is four letters."""
    assert strokes(drawn("محمد")) == 1
    assert strokes(drawn("\u200c".join("محمد"))) == 4


def strokes(image: Image.Image) -> int:
    """How many separate shapes are drawn (4-connected dark pixels)."""
    grey = image.convert("L")
    width, height = grey.size
    dark = {(x, y) for y in range(height) for x in range(width) if grey.getpixel((x, y)) < 128}
    count = 0
    while dark:
        count += 1
        todo = [dark.pop()]
        while todo:
            x, y = todo.pop()
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near in dark:
                    dark.remove(near)
                    todo.append(near)
    return count


def test_without_raqm_a_right_to_left_run_is_drawn_reversed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(text, "RAQM", False)
    assert text._drawn(text.Run(2, "שרה", True)) == "הרש"
    assert text._drawn(text.Run(0, "Bo", False)) == "Bo"


def test_a_name_inside_a_sentence_keeps_the_sentence_left_to_right() -> None:
    runs = layout(f"{isolate('سارة أحمد')} (Grey clan) wins", SIZE).runs
    assert [r.text for r in runs] == ["سارة أحمد", " (Grey clan) wins"]
    assert [r.rtl for r in runs] == [True, False]
    assert [r.text.strip() for r in layout("Ana سارة Bo", SIZE).runs] == ["Ana", "سارة", "Bo"]


def test_a_right_to_left_line_puts_its_first_word_rightmost() -> None:
    runs = layout("سارة Bo", SIZE).runs
    assert [r.text.strip() for r in runs] == ["Bo", "سارة"] and runs[0].x < runs[1].x


def test_emoji_are_drawn_in_colour() -> None:
    image = drawn("🦁")
    pixels = (image.getpixel((x, y)) for x in range(image.width) for y in range(image.height))
    colours = {p for p in pixels if isinstance(p, tuple) and max(p) - min(p) > 120}
    assert colours, "no coloured pixel: the emoji was drawn as ink or a box"


def test_a_skin_tone_the_font_lacks_gives_the_default_tone_not_a_box() -> None:
    assert not differs(drawn("👍\U0001f3fd"), drawn("👍"))


def test_a_character_no_font_has_is_drawn_as_the_stand_in() -> None:
    image = drawn(NOT_COVERED[0])
    assert not blank(image) and not differs(image, drawn(text.STAND_IN))


# --- in the images players see -------------------------------------------------------------


def _finished(game: str, players: int) -> object:
    spec = get_game(game)
    state = spec.new_match(players, {})
    ai, rng = spec.new_ai(), ChanceRng(f"text/{game}")
    while not state.is_terminal():
        step(state, [ai] * players, rng)
    return state


def _started(game: str, players: int) -> object:
    spec = get_game(game)
    state = spec.new_match(players, {})
    ai, rng = spec.new_ai(), ChanceRng(f"text/{game}")
    for _ in range(12):
        step(state, [ai] * players, rng)
    return state


def _png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


IMAGES: dict[str, Callable[[str], Image.Image]] = {
    "keer table": lambda name: _png(
        images_for("keer-kids").board(_started("keer-kids", 3), [name, "Bo", "Cas"], EN)
    ),
    "keer results": lambda name: _png(
        images_for("keer-kids").results(_finished("keer-kids", 2), [name, "Bo"], EN)
    ),
    "kero results": lambda name: _png(
        images_for("kero").results(_finished("kero", 2), [name, "Bo"], EN)
    ),
    "rating chart": lambda name: rating_chart_image(
        [(0, 25.0, 8.0), (1, 26.0, 7.5)], title=f"{name} · Kero", words=words_for("en")
    ).convert("RGB"),
}


@pytest.mark.parametrize("image", list(IMAGES))
@pytest.mark.parametrize("script", list(SCRIPTS))
def test_names_in_every_script_show_in_the_images(image: str, script: str) -> None:
    first, second = SCRIPTS[script]
    draw = IMAGES[image]
    assert differs(draw(first), draw(second)), f"{image}: {script} names look alike"
