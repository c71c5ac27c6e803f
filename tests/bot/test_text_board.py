"""📝 Text board read as a screen reader reads it: real matches played through the fake Discord
to a state with crossed enclosures, full columns and marks (Keer), or dice, cards and Explorers
(Kero); the button pressed by a member who plays in nothing, in English, Spanish and Dutch; every
page read whole, line by line. Every number is the engine's, read from the match's state here;
every page is one message within Discord's limit, a 4-player sheet paged; nothing hidden (a pick
of a roll under way, a Tuarek's name) is ever said."""

from __future__ import annotations

import re

import pytest

from bot.app import TableroBot
from bot.core.live import LiveMatch
from bot.delivery.messenger import MESSAGE_LIMIT
from bot.games.keer_kids.ui import enclosure_code
from bot.games.keer_kids.ui import name as keer_name
from bot.games.kero.rules import kero_state
from bot.ui.layouts import read_by
from bot.ui.text_boards import paged
from fakediscord import FakeMessage, FakeUser, InteractionResult
from games.keer_kids import Cross, KeerState, Mark, Phase
from games.kero import KeroState
from games.kero.board import Phase as KeroPhase
from games.kero.scoring import points as kero_points
from render.kero.words import card_number
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, keer, pick, play_until, start_match
from tests.bot.kero_driver import challenge, rolling
from words import isolate, words_for

LANGUAGES = {"en": "en-US", "es": "es-ES", "nl": "nl"}
"""Each catalog's language and a Discord locale that picks it."""
COLUMN = {"en": "column", "es": "columna", "nl": "kolom"}
"""The word a full column is said with, as a reader hears it."""
NEXT = {"en": "Next page", "es": "Página siguiente", "nl": "Volgende pagina"}
EMOJI_ONLY = re.compile(r"^[^\w]*$")
"""A line with no letter or digit: emoji (or punctuation) alone tell nothing to a screen reader."""


# -- reading it --------------------------------------------------------------------------------


async def read_board(
    server: Server, bot: TableroBot, live: LiveMatch, reader: FakeUser
) -> list[str]:
    """Press 📝 Text board on the match's current message as `reader`, then Next until the last
    page: every page's text, each checked to be one private message within the limit."""
    fake = server.fake
    message = fake.message(int(live.message_id or 0))
    first = await fake.click(bot, reader, message, button_id(message, ":board"))
    assert first.ephemeral and first.message is not None
    assert first.message.visible_for(reader.id) and not first.message.visible_for(None)
    pages = [said(first)]
    shown: FakeMessage = first.message
    for _ in range(10):
        nexts = [
            c
            for c in shown.buttons()
            if c.custom_id and c.custom_id.endswith(f":board:{len(pages)}")
        ]
        if not nexts or nexts[-1].disabled:
            break
        turned: InteractionResult = await fake.click(bot, reader, shown, str(nexts[-1].custom_id))
        assert turned.message is not None and turned.message.id == shown.id, "pages in place"
        shown = turned.message
        pages.append(shown.text)
    for page in pages:
        assert 0 < len(page) <= MESSAGE_LIMIT
        assert "<@" not in page, "names, never mentions (the reader is not pinged)"
        for line in page.splitlines():
            assert not EMOJI_ONLY.match(line) or not line.strip(), f"emoji alone: {line!r}"
    return pages


def sections(pages: list[str]) -> list[str]:
    """The board's sections, as a reader meets them (a blank line between two)."""
    body = "\n\n".join("\n".join(page.splitlines()[1:]) for page in pages)  # titles dropped
    return [s for s in body.split("\n\n") if s.strip()]


def as_reader(server: Server, language: str) -> FakeUser:
    """Eve, who plays in nothing, with her Discord in `language`."""
    server.eve.locale = LANGUAGES[language]
    return server.eve


def has_number(line: str, number: int) -> bool:
    return re.search(rf"(?<![\d]){number}(?![\d])", line) is not None


# -- Keer op Keer Kids -------------------------------------------------------------------------


def sheets_ready(state: KeerState) -> bool:
    """A roll just resolved and the table has what the board must name: a full column, a mark,
    and enough crossed enclosures."""
    players = state.players
    return (
        state.phase is Phase.ROLL
        and any(p.columns for p in players)
        and any(p.marks for p in players)
        and sum(p.crossed.bit_count() for p in players) >= 32
    )


def sheet_of(live: LiveMatch, seat: int, found: list[str], lang: str) -> str:
    """The section of a seat's sheet: the one that opens with their name (a computer's marked
    so in the language)."""
    mine = [s for s in found if s.startswith(f"**{keer_name(live, seat, words_for(lang))}**")]
    assert len(mine) == 1, (seat, found)
    return mine[0]


def check_keer_sheet(state: KeerState, section: str, seat: int, lang: str) -> None:
    """Read a line at a time, as a screen reader does: the points by kind; each animal's line
    naming every crossed enclosure of that animal by its id (and no other); the full columns by
    number; the marks and the enclosures the chameleons crossed; the food circled."""
    words, sheet = words_for(lang), state.sheet
    player, circles = state.players[seat], state.circles(seat)
    lines = section.splitlines()
    animals = len(sheet.animals)
    assert len(lines) == 1 + animals + 3, lines
    head, columns, marks, food = (
        lines[0],
        lines[1 + animals],
        lines[2 + animals],
        lines[3 + animals],
    )
    assert re.findall(r"\d+", head) == [
        str(n) for n in (circles.total, circles.buckets, circles.visitors, circles.food)
    ], head
    for animal, line in zip(sheet.animals, lines[1 : 1 + animals], strict=True):
        assert words(f"animal-{animal.name}") in line, line
        enclosures = [e for e in sheet.enclosures if e.animal == animal.letter]
        crossed = [e for e in enclosures if player.crossed >> e.index & 1]
        for e in enclosures:
            code = enclosure_code(sheet, e.id, words)
            assert (re.search(rf"\b{code}\b", line) is not None) == (e in crossed), (code, line)
        assert has_number(line, len(crossed)) and has_number(line, len(enclosures)), line
    full = {c + 1 for c in range(sheet.columns) if player.columns >> c & 1}
    assert {int(n) for n in re.findall(rf"\b{COLUMN[lang]} (\d+)", columns)} == full, columns
    for column in full:
        buckets = sheet.buckets[column - 1]
        visitor = words(f"visitor-{column}")
        part = re.search(rf"\b{COLUMN[lang]} {column}\b[^;]*", columns)
        assert part is not None
        assert (buckets == 0) or has_number(part.group(), buckets), part.group()
        assert (visitor in part.group()) == bool(player.visitors >> (column - 1) & 1), part.group()
    assert has_number(marks, player.marks) and has_number(marks, sheet.total_marks), marks
    assert has_number(marks, len(player.chameleons)), marks
    for index in player.chameleons:
        code = enclosure_code(sheet, sheet.enclosures[index].id, words)
        assert re.search(rf"\b{code}\b", marks), (code, marks)
    for letter in player.animals:
        name = next(a.name for a in sheet.animals if a.letter == letter)
        assert words(f"animal-{name}-food") in food, food
    if player.animals:
        assert has_number(food, circles.food), food


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
async def test_a_four_player_keer_board_names_every_crossed_enclosure_and_full_column_paged(
    server: Server, bot: TableroBot, lang: str
) -> None:
    live = await start_match(server, bot, [server.bo, server.cas], ais=1)
    await play_until(server, bot, live, sheets_ready)
    state = keer(live)
    pages = await read_board(server, bot, live, as_reader(server, lang))
    assert len(pages) > 1, "a 4-player sheet takes more than one message"
    words = words_for(lang)
    for number, page in enumerate(pages, start=1):
        assert page.splitlines()[0] == words(
            "match-board-page-title", match=live.id, page=number, pages=len(pages)
        )
    found = sections(pages)
    assert found[0].startswith(words("keer-step-header", match=live.id, roll=state.rolls + 1))
    assert len(found) == 1 + state.num_players
    for seat in range(state.num_players):
        check_keer_sheet(state, sheet_of(live, seat, found, lang), seat, lang)
    assert any(p.columns for p in state.players) and any(p.marks for p in state.players)


async def test_the_keer_board_pages_back_and_forth_in_place(
    server: Server, bot: TableroBot
) -> None:
    live = await start_match(server, bot, [server.bo, server.cas], ais=1)
    await play_until(server, bot, live, sheets_ready)
    reader = as_reader(server, "en")
    pages = await read_board(server, bot, live, reader)
    assert len(pages) > 1
    fake = server.fake
    message = fake.message(int(live.message_id or 0))
    first = await fake.click(bot, reader, message, button_id(message, ":board"))
    shown = first.message
    assert shown is not None
    previous, after = shown.buttons()
    assert previous.disabled and not after.disabled and after.label == NEXT["en"]
    turned = await fake.click(bot, reader, shown, str(after.custom_id))
    assert turned.message is not None and turned.message.text == pages[1]
    back = turned.message.buttons()[0]
    assert not back.disabled
    again = await fake.click(bot, reader, turned.message, str(back.custom_id))
    assert again.message is not None and again.message.text == pages[0]
    assert len(shown.buttons()) <= 40


async def test_a_pick_of_the_roll_under_way_never_shows_on_the_board(
    server: Server, bot: TableroBot
) -> None:
    live = await start_match(server, bot, [server.bo, server.cas], ais=1)
    await play_until(server, bot, live, lambda s: s.rolls >= 3 and s.phase is Phase.CHOOSE)
    reader = as_reader(server, "en")
    before = sections(await read_board(server, bot, live, reader))
    state = keer(live)
    seat = next(s for s in state.seats_to_act() if not live.is_ai(s))
    choice = state.legal_actions(seat)[0]
    await pick(server, bot, live, seat)
    assert keer(live).phase is Phase.CHOOSE and keer(live).choices[seat] is not None
    after = sections(await read_board(server, bot, live, reader))
    assert after[1:] == before[1:], "the sheets are the same until the roll resolves"
    still = [ln for ln in after[0].splitlines() if ln.startswith("Still choosing")]
    assert still and isolate(live.names[seat]) not in still[0]
    if isinstance(choice, Cross):
        code = enclosure_code(state.sheet, choice.enclosure, words_for("en"))
        crossed_before = [
            ln for s in before[1:] for ln in s.splitlines() if re.search(rf"\b{code}\b", ln)
        ]
        crossed_after = [
            ln for s in after[1:] for ln in s.splitlines() if re.search(rf"\b{code}\b", ln)
        ]
        assert crossed_after == crossed_before
    assert isinstance(choice, Cross | Mark)


def test_sections_are_packed_whole_and_cut_only_when_one_is_too_long() -> None:
    assert paged(["a" * 5, "b" * 5, "c" * 5], 12) == ["a" * 5 + "\n\n" + "b" * 5, "c" * 5]
    assert paged(["x" * 30], 12) == ["x" * 12, "x" * 12, "x" * 6]
    long = "\n".join(["y" * 5] * 5)
    assert paged([long], 12) == ["yyyyy\nyyyyy", "yyyyy\nyyyyy", "yyyyy"]
    assert all(len(p) <= 12 for p in paged([long, "z" * 40, "w"], 12))


# -- Kero --------------------------------------------------------------------------------------


def check_kero_camps(state: KeroState, live: LiveMatch, found: list[str], lang: str) -> None:
    """Each clan's section: its points, KERO, jerrycans, Tuareks counted and never named, every
    card it took by its number, the land it holds."""
    words = words_for(lang)
    board = "\n".join(found)
    names = read_by(live, words).names  # a computer's marked so in the language
    for seat, camp in enumerate(state.camps):
        name, clan = f"**{isolate(names[seat])}**", words(f"clan-{seat}")
        [section] = [s for s in found if name in s.splitlines()[0] and clan in s.splitlines()[0]]
        head, stock = section.splitlines()[:2]
        assert has_number(head, kero_points(state, seat)), head
        assert has_number(stock, camp.tank.level_ms // 1000) or state.active == seat, stock
        assert has_number(stock, camp.jerrycans), stock
        assert has_number(stock, len(camp.tuareks) + camp.armed), stock
        for tuarek in camp.tuareks:
            secret = words("tuarek-" + tuarek.replace("_", "-"))
            assert not re.search(rf"\b{secret}\b", board), f"{secret}: Tuareks stay secret"
        for card_id in camp.cards:
            card = state.box.card(card_id)
            assert card is not None
            assert re.search(rf"\b{card_number(card.id, card.kind, words)}\b", section), section
        for territory in camp.territories:
            assert words(f"territory-{territory.lower()}") in section, section


def check_kero_table(state: KeroState, live: LiveMatch, found: list[str], lang: str) -> None:
    """The row slot by slot (each card by its number, with its cost), then each territory with
    both clans' Explorers on it."""
    words = words_for(lang)
    [table] = [s for s in found if s.startswith(words("kero-text-row"))]
    lines = table.splitlines()
    row, territories = lines[1 : 1 + len(state.row)], lines[2 + len(state.row) :]
    assert lines[1 + len(state.row)] == words("kero-text-territories")
    for slot, (line, card_id) in enumerate(zip(row, state.row, strict=True), start=1):
        assert line.startswith("- " + words("kero-text-slot", slot=slot, what="")), line
        card = state.box.card(card_id) if card_id is not None else None
        if card is None:
            assert line.endswith(words("kero-text-empty")), line
        else:
            assert re.search(rf"\b{card_number(card.id, card.kind, words)}\b", line), line
    assert len(territories) == len(state.territories)
    names = read_by(live, words).names
    for line, territory, counts in zip(
        territories, state.territories, state.explorers, strict=True
    ):
        if territory is None:
            assert line.endswith(words("kero-text-empty")), line
            continue
        assert words(f"territory-{territory.lower()}") in line, line
        for seat, count in enumerate(counts):
            assert f"{isolate(names[seat])} {count}" in line, line


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
async def test_the_kero_board_says_the_dice_the_tank_and_the_row(
    timed_server: Server, lang: str
) -> None:
    driver = await rolling(timed_server)
    live, state = driver.live, kero_state(driver.live.state)
    assert state.phase is KeroPhase.ROLLING
    pages = await read_board(timed_server, driver.bot, live, as_reader(timed_server, lang))
    assert len(pages) == 1
    words = words_for(lang)
    found = sections(pages)
    turn = found[0].splitlines()
    window = state.turn.window
    assert window is not None
    [tank] = [ln for ln in turn if f"<t:{window.empty_at // 1000}:R>" in ln]
    assert has_number(tank, (window.fuel_ms + window.credit_ms) // 1000)
    dice = [ln for ln in turn if ln.startswith("- ")]
    assert len(dice) == len(state.turn.dice)
    for number, (line, colour, face) in enumerate(
        zip(dice, state.turn.dice, state.turn.faces, strict=True), start=1
    ):
        said_colour = words("kero-text-die-colour", colour=colour)
        assert line.startswith(
            "- " + words("kero-text-die", number=number, colour=said_colour, face="")
        )
        die = state.box.white if colour == "white" else state.box.special[colour]
        assert face is not None
        shown = die.faces[face]
        if shown.flame:
            assert line.endswith(words("kero-text-face-flame"))
        elif not (shown.tuarek or shown.explorer):
            for name, amount in zip(
                ("brick", "wheat", "metal", "recruit", "jerrycan"),
                shown.resources.as_tuple(),
                strict=True,
            ):
                if amount:
                    assert words(f"resource-{name}", count=amount) in line, line
    check_kero_camps(state, live, found, lang)
    check_kero_table(state, live, found, lang)
    await timed_server.fake.disconnect(driver.bot)


async def test_the_kero_board_names_the_cards_and_territories_taken(timed_server: Server) -> None:
    _, driver = await challenge(timed_server)
    for _ in range(400):
        state = kero_state(driver.live.state)
        if (
            state.phase is KeroPhase.START
            and any(c.cards for c in state.camps)
            and any(any(n) for n in state.explorers)
        ):
            break
        assert await driver.step() or state.is_terminal()
    state = kero_state(driver.live.state)
    assert any(c.cards for c in state.camps)
    for lang in sorted(LANGUAGES):
        pages = await read_board(
            timed_server, driver.bot, driver.live, as_reader(timed_server, lang)
        )
        found = sections(pages)
        check_kero_camps(state, driver.live, found, lang)
        check_kero_table(state, driver.live, found, lang)
    await timed_server.fake.disconnect(driver.bot)
