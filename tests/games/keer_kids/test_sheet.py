"""The shipped sheet matches the rulebook's numbers, and `parse_sheet` refuses broken sheets."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import games.keer_kids
from games.keer_kids import SheetError, default_sheet, parse_sheet
from games.keer_kids.dice import COLOURS

SHEET_TEXT = (Path(games.keer_kids.__file__).parent / "data/sheet.toml").read_text("utf-8")
GRID_ROWS = [
    "M1 M1 P2 M3 E3 E3 C4 C4 L4 L4 M6 M6 M6",
    "E1 P2 P2 M3 L2 E3 E3 C4 C4 E5 E5 E5 P6",
    "C1 L1 P2 E2 E2 L3 M5 M5 L5 L5 L5 C5 P6",
    "C1 L1 L1 L1 C3 L3 L3 M5 M5 P5 P5 C5 P6",
    "M2 M2 M2 P3 M4 C2 E4 E4 E4 L6 P5 C5 E6",
    "P1 P1 P1 C2 C2 C2 P4 P4 E4 L6 P5 E6 E6",
]


def edited(old: str, new: str) -> str:
    """The shipped TOML with one exact piece of text replaced."""
    assert SHEET_TEXT.count(old) == 1, f"{old!r} must occur once in the shipped sheet"
    return SHEET_TEXT.replace(old, new)


def edited_row(row: int, new: str) -> str:
    """The shipped TOML with one grid row replaced."""
    return edited(GRID_ROWS[row] + "\n", new + "\n")


def squares_of(sheet) -> Counter[str]:
    """Squares per animal letter, counted on the grid."""
    return Counter(sheet.enclosures[i].animal for row in sheet.grid for i in row)


# --- The shipped sheet -----------------------------------------------------------------------


def test_the_shipped_sheet_parses_to_the_default_sheet() -> None:
    sheet = parse_sheet(SHEET_TEXT)
    assert default_sheet() is default_sheet()
    assert [e.id for e in sheet.enclosures] == [e.id for e in default_sheet().enclosures]
    assert sheet.grid == default_sheet().grid
    assert [" ".join(sheet.enclosures[i].id for i in row) for row in sheet.grid] == GRID_ROWS


def test_thirteen_columns_of_six_rows() -> None:
    """'thirteen columns with five animals'."""
    sheet = default_sheet()
    assert (sheet.columns, sheet.rows) == (13, 6)
    assert len(sheet.grid) == 6 and all(len(row) == 13 for row in sheet.grid)
    assert len(sheet.animals) == 5
    assert all(mask.bit_count() <= 6 and mask for mask in sheet.column_masks)


def test_the_star_column_is_the_middle_one() -> None:
    """'in the middle column every square has a star.'"""
    sheet = default_sheet()
    assert sheet.star_column == 6 == sheet.columns // 2
    stars = {e.id for e in sheet.enclosures if sheet.star_mask >> e.index & 1}
    assert stars == {sheet.enclosures[row[6]].id for row in sheet.grid}
    assert {e.colour for e in sheet.enclosures if e.id in stars} == set(COLOURS)


def test_animals_and_their_colours() -> None:
    sheet = default_sheet()
    pairs = {(a.letter, a.name, a.colour) for a in sheet.animals}
    assert pairs == {
        ("P", "penguin", "blue"),
        ("E", "elephant", "red"),
        ("C", "crocodile", "green"),
        ("L", "lion", "yellow"),
        ("M", "monkey", "orange"),
    }


def test_crocodile_has_the_fewest_squares_and_penguin_and_elephant_the_most() -> None:
    """Tip: 'The crocodile has the fewest squares with fourteen, the penguin and elephant have
    seventeen.'"""
    sheet = default_sheet()
    counted = squares_of(sheet)
    assert counted == {a.letter: a.squares for a in sheet.animals}
    assert counted["C"] == 14 and counted["P"] == counted["E"] == 17
    assert min(counted.values()) == 14 and list(counted.values()).count(14) == 1
    assert max(counted.values()) == 17
    assert sorted(k for k, v in counted.items() if v == 17) == ["E", "P"]
    assert sum(counted.values()) == 13 * 6


def test_enclosures_per_animal_match_the_rules_document() -> None:
    counts = Counter(e.animal for e in default_sheet().enclosures)
    assert counts == {"P": 6, "E": 6, "C": 5, "L": 6, "M": 6}


def test_buckets_two_at_the_edges_and_none_in_the_star_column() -> None:
    """Tip: 'The two outer columns on each side are worth two buckets, the star column none.'"""
    sheet = default_sheet()
    assert sheet.buckets == (2, 2, 1, 1, 1, 1, 0, 1, 1, 1, 1, 2, 2)
    assert sheet.buckets[sheet.star_column] == 0


def test_four_chameleons_of_two_marks_and_two_food_per_animal() -> None:
    sheet = default_sheet()
    assert (sheet.chameleons, sheet.marks_per_chameleon, sheet.total_marks) == (4, 2, 8)
    assert sheet.food_per_animal == 2


def test_one_visitor_above_every_column() -> None:
    sheet = default_sheet()
    assert len(sheet.visitors) == 13
    assert all(v.strip() for v in sheet.visitors)
    assert sheet.visitors[0] == "zookeeper with a wheelbarrow"


def test_each_enclosure_is_one_to_four_side_connected_squares_of_one_animal() -> None:
    """'An enclosure is a group of one to four squares with the same animal.'"""
    sheet = default_sheet()
    for enclosure in sheet.enclosures:
        squares = set(enclosure.squares)
        assert 1 <= len(squares) <= 4, enclosure.id
        assert all(sheet.grid[r][c] == enclosure.index for r, c in squares)
        assert enclosure.columns == tuple(sorted({c for _, c in squares}))
        assert enclosure.id[0] == enclosure.animal
        seen, todo = set(), [min(squares)]
        while todo:
            r, c = todo.pop()
            if (r, c) in seen:
                continue
            seen.add((r, c))
            todo.extend(
                sq for sq in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)] if sq in squares
            )
        assert seen == squares, f"{enclosure.id} is not connected"


def test_same_animal_enclosures_never_share_a_side_and_neighbours_are_symmetric() -> None:
    sheet = default_sheet()
    for r in range(sheet.rows):
        for c in range(sheet.columns):
            for r2, c2 in [(r + 1, c), (r, c + 1)]:
                if r2 < sheet.rows and c2 < sheet.columns:
                    a, b = sheet.grid[r][c], sheet.grid[r2][c2]
                    if a != b:
                        assert sheet.enclosures[a].animal != sheet.enclosures[b].animal
                        assert sheet.neighbours[a] >> b & 1 and sheet.neighbours[b] >> a & 1
    for e in sheet.enclosures:
        assert not sheet.neighbours[e.index] >> e.index & 1


def test_masks_agree_with_the_grid() -> None:
    sheet = default_sheet()
    for column in range(sheet.columns):
        expected = {row[column] for row in sheet.grid}
        mask = sheet.column_masks[column]
        assert {e.index for e in sheet.enclosures if mask >> e.index & 1} == expected
    for animal in sheet.animals:
        mask = sheet.animal_masks[animal.letter]
        assert mask == sheet.colour_masks[animal.colour]
        assert {e.animal for e in sheet.enclosures if mask >> e.index & 1} == {animal.letter}
    assert sheet.by_id == {e.id: e.index for e in sheet.enclosures}
    assert sheet.enclosure("E3") is sheet.enclosures[sheet.by_id["E3"]]
    assert sheet.enclosure("Z9") is None


# --- Broken sheets are refused with a message naming the problem ------------------------------


def refused(text: str, pattern: str) -> str:
    with pytest.raises(SheetError, match=pattern) as info:
        parse_sheet(text, "broken.toml")
    message = str(info.value)
    assert message.startswith("broken.toml: ")
    return message


def test_a_row_too_short_is_refused() -> None:
    text = edited_row(2, GRID_ROWS[2].rsplit(" ", 1)[0])
    message = refused(text, r"enclosures must be 6 rows of 13 ids")
    assert "[13, 13, 12, 13, 13, 13]" in message


def test_a_missing_row_is_refused() -> None:
    refused(edited_row(5, ""), r"enclosures must be 6 rows of 13 ids")


def test_a_wrong_square_count_for_an_animal_is_refused() -> None:
    text = edited(
        'name = "penguin"\ncolour = "blue"\nsquares = 17',
        'name = "penguin"\ncolour = "blue"\nsquares = 16',
    )
    refused(text, r"penguin has 17 squares on the grid, not 16")


def test_moving_a_square_to_another_animal_is_refused() -> None:
    # E1 becomes a one-square crocodile enclosure: 16 elephants, 15 crocodiles on the grid.
    text = edited_row(1, GRID_ROWS[1].replace("E1", "C6"))
    refused(text, r"elephant has 16 squares on the grid, not 17")


def test_a_disconnected_enclosure_is_refused() -> None:
    # The corner square of M1 is renamed M6: M6 gets a fourth square far from its other three.
    text = edited_row(0, "M6" + GRID_ROWS[0][2:])
    message = refused(text, r"enclosure M6 is not connected side to side")
    assert "r1c11, r1c12, r1c13 cut off" in message


def test_an_enclosure_of_five_squares_is_refused() -> None:
    # L2 joins E3 (5 squares); the animal counts are adjusted so only the size is wrong.
    text = edited_row(1, GRID_ROWS[1].replace("L2", "E3"))
    text = text.replace('colour = "red"\nsquares = 17', 'colour = "red"\nsquares = 18')
    text = text.replace('colour = "yellow"\nsquares = 15', 'colour = "yellow"\nsquares = 14')
    refused(text, r"enclosure E3 has 5 squares; an enclosure has 1-4")


def test_two_enclosures_of_one_animal_sharing_a_side_are_refused() -> None:
    # E3's square at r2c7 is split off as E7, which shares a side with the rest of E3.
    text = edited_row(1, GRID_ROWS[1].replace("E3 E3 C4", "E3 E7 C4"))
    refused(text, r"enclosures E3 and E7 share a side")


@pytest.mark.parametrize("star", ["6", "1", "13", "8"])
def test_a_star_column_other_than_the_middle_is_refused(star: str) -> None:
    refused(edited("star_column = 7", f"star_column = {star}"), rf"middle column 7, not {star}")


def test_an_even_number_of_columns_is_refused() -> None:
    refused(edited("columns = 13", "columns = 12"), r"odd number of columns")


@pytest.mark.parametrize(
    "buckets",
    [
        "[2, 2, 1, 1, 1, 1, 0, 1, 1, 1, 1, 2]",
        "[2, 2, 1, 1, 1, 1, 0, 1, 1, 1, 1, 2, 2, 2]",
        "[2, 2, 1, 1, 1, 1, -1, 1, 1, 1, 1, 2, 2]",
    ],
)
def test_a_wrong_bucket_list_is_refused(buckets: str) -> None:
    text = edited("buckets = [2, 2, 1, 1, 1, 1, 0, 1, 1, 1, 1, 2, 2]", f"buckets = {buckets}")
    refused(text, r"'buckets' must list 13 whole numbers")


def test_a_boolean_bucket_count_is_refused() -> None:
    """`_field` refuses booleans for whole-number fields; the bucket list should too."""
    text = edited("buckets = [2, 2, 1,", "buckets = [true, 2, 1,")
    refused(text, r"'buckets' must list 13 whole numbers")


@pytest.mark.parametrize(
    "line",
    [
        'name = "Tablero house sheet v1"\n',
        "rows = 6\n",
        "star_column = 7\n",
        "food_per_animal = 2\n",
        "chameleons = 4\n",
        "marks_per_chameleon = 2\n",
    ],
)
def test_a_missing_field_is_refused(line: str) -> None:
    field = line.split(" ", maxsplit=1)[0]
    refused(edited(line, ""), rf"missing field '{field}'")


def test_missing_animals_are_refused() -> None:
    text = SHEET_TEXT.split("[[animals]]")[0]
    refused(text, r"missing field 'animals'")


def test_a_field_of_the_wrong_type_is_refused() -> None:
    refused(edited("rows = 6", 'rows = "6"'), r"field 'rows' must be a int")
    refused(edited("chameleons = 4", "chameleons = true"), r"field 'chameleons' must be a int")


def test_an_unknown_animal_letter_on_the_grid_is_refused() -> None:
    text = edited_row(3, GRID_ROWS[3].replace("C3", "X1"))
    refused(text, r"r4c5: 'X1' is not an animal letter \+ number")


def test_a_malformed_enclosure_id_is_refused() -> None:
    refused(edited_row(3, GRID_ROWS[3].replace("C3", "C0")), r"r4c5: 'C0' is not an animal")


def test_an_animal_letter_that_is_not_one_capital_is_refused() -> None:
    refused(edited('letter = "M"', 'letter = "mo"'), r"animal letter 'mo' must be one capital")


def test_a_duplicate_colour_is_refused() -> None:
    text = edited('name = "lion"\ncolour = "yellow"', 'name = "lion"\ncolour = "green"')
    refused(text, r"must use each die colour .* exactly once")


def test_a_colour_that_is_not_on_the_dice_is_refused() -> None:
    text = edited('name = "lion"\ncolour = "yellow"', 'name = "lion"\ncolour = "pink"')
    refused(text, r"lion: colour 'pink' is not a die colour")


def test_two_animals_sharing_a_letter_are_refused() -> None:
    refused(edited('letter = "M"', 'letter = "L"'), r"two animals share a letter")


def test_a_visitor_missing_is_refused() -> None:
    refused(edited('    "tourist with a map",\n', ""), r"'visitors' must name one visitor")


@pytest.mark.parametrize("text", ["rows = = 6", "[[animals]\n", 'name = "unterminated'])
def test_bad_toml_is_refused(text: str) -> None:
    refused(text, r"not valid TOML")


def test_sheet_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not valid TOML"):
        parse_sheet("= broken")
