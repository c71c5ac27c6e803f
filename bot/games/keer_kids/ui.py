"""Keer op Keer Kids in Discord: the texts and components of a roll's message.

One public message per roll: the table image, a line saying who acts, and buttons (Roll, the
three dice — while the roller keeps, marked by whether each fits their sheet — My sheet), in
the server's language (`live.words`). A player's own choice is an ephemeral message in their
language (bot/games/keer_kids/picks.py), so sheets never crowd the channel. Dice are
coloured-square emoji, so the buttons read well on a phone; their colours are named in words
where the text says which die.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import discord

from bot.core.computer import shown_name
from bot.core.placings import placings, winners, with_departure
from bot.games.keer_kids.rules import keer_state, roll_number
from bot.ui.components import SentView
from bot.ui.ids import MatchRef, Verb
from bot.ui.items import match_button
from bot.ui.names import shown
from games.common.protocol import Seat
from games.keer_kids import Cross, Keep, KeerState, Mark, Miss, Phase, Roll, Skip
from games.keer_kids.rules import face_fits
from games.keer_kids.sheet import Sheet
from words import Words, isolate

if TYPE_CHECKING:
    from bot.core.live import LiveMatch

DIE_EMOJI: Final = {
    "blue": "🟦",
    "red": "🟥",
    "green": "🟩",
    "yellow": "🟨",
    "orange": "🟧",
    "purple": "🟪",
}


def name(live: LiveMatch, seat: Seat, words: Words) -> str:
    """A seat's name to put in a sentence: as typed (a computer's marked in the language),
    never markdown or a mention, isolated."""
    return isolate(shown(shown_name(live.players[seat], words)))


def mention(live: LiveMatch, seat: Seat, words: Words) -> str:
    """A member's mention, or the AI's name in bold."""
    player = live.players[seat]
    return f"**{name(live, seat, words)}**" if live.is_ai(seat) else f"<@{player.id}>"


def dice_text(dice: tuple[str, ...], only: tuple[int, ...] | None = None) -> str:
    """The dice as emoji (optionally only some of them)."""
    picked = range(len(dice)) if only is None else only
    return " ".join(DIE_EMOJI[dice[d]] for d in picked)


def strip_alt(live: LiveMatch) -> str:
    """The strip image's alt text: the roll it draws, its dice by colour and the die kept."""
    state, w = keer_state(live.state), live.words
    rolled = _shown_roll(state)
    if rolled is None:
        first = w("image-keer-rolls-first", name=name(live, state.roller, w))
        return f"{first}: {w('image-keer-no-roll')}"
    number, roller, dice, kept = rolled
    title = w("image-keer-rolled", number=number, name=name(live, roller, w))
    colours = w.join([w(f"colour-{face}") for face in dice])
    if kept is None:
        return f"{title}: {colours}"
    return f"{title}: {colours} · {w('image-keer-kept')}: {w(f'colour-{dice[kept]}')}"


def _shown_roll(state: KeerState) -> tuple[int, Seat, tuple[str, ...], int | None] | None:
    """The roll the strip draws (number, roller, dice, die kept): the one in play, else the
    last one; None before the first."""
    if state.dice is not None:
        return state.rolls, state.roller, state.dice, state.kept
    history = state.history
    for index in range(len(history) - 1, -1, -1):
        roll = history[index][1]
        if isinstance(roll, Roll):
            kept = next((a.die for _, a in history[index + 1 :] if isinstance(a, Keep)), None)
            roller = next((s for s, a in history[index + 1 :] if isinstance(a, Keep)), None)
            return state.rolls, state.roller if roller is None else roller, roll.dice, kept
    return None


def step_content(live: LiveMatch) -> str:
    """The message text for where the roll stands now."""
    state, w = keer_state(live.state), live.words
    header = w("keer-step-header", match=live.id, roll=roll_number(state))
    if state.phase is Phase.ROLL:
        return f"{header}\n{w('keer-step-roll', roller=mention(live, state.roller, w))}"
    assert state.dice is not None
    roller = name(live, state.roller, w)
    if state.phase is Phase.KEEP:
        return "\n".join(
            [
                header,
                w("keer-step-rolled", name=roller, dice=dice_text(state.dice)),
                w("keer-step-keep", roller=mention(live, state.roller, w)),
            ]
        )
    assert state.kept is not None
    others = tuple(d for d in range(len(state.dice)) if d != state.kept)
    kept = w(
        "keer-step-kept",
        name=roller,
        dice=dice_text(state.dice),
        kept=DIE_EMOJI[state.dice[state.kept]],
        others=dice_text(state.dice, others),
    )
    return "\n".join([header, kept, _progress(live), w("keer-step-click")])


def step_view(live: LiveMatch) -> discord.ui.View:
    """The buttons for where the roll stands now."""
    state, w = keer_state(live.state), live.words
    version = live.rules.picture_version(state)  # a pick changes nothing on the table
    view = SentView()
    ref = MatchRef(live.id, version, Verb.ROLL)
    if state.phase is Phase.ROLL:
        label = w("keer-roll-label")
        view.add_item(match_button(ref, label, emoji="🎲", style=discord.ButtonStyle.primary))
    elif state.dice is not None:
        verb = Verb.KEEP if state.phase is Phase.KEEP else Verb.DIE
        roller = isolate(shown_name(live.players[state.roller], w))
        fits = keep_fits(state)
        for die, face in enumerate(state.dice):
            kept = state.phase is Phase.CHOOSE and die == state.kept
            colour = w(f"colour-{face}")
            label = w("keer-die-kept-label", colour=colour, name=roller) if kept else colour
            style = discord.ButtonStyle.primary if kept else discord.ButtonStyle.secondary
            if fits is not None:  # the keep marks what fits in words, not colour alone
                label = w(
                    "keer-keep-fits-label" if fits[die] else "keer-keep-no-room-label",
                    colour=colour,
                )
                style = discord.ButtonStyle.success if fits[die] else style
            view.add_item(
                match_button(
                    MatchRef(live.id, version, verb, str(die)),
                    label[:80],
                    emoji=DIE_EMOJI[face],
                    style=style,
                )
            )
    sheet = MatchRef(live.id, version, Verb.SHEET)
    view.add_item(match_button(sheet, w("keer-sheet-label"), emoji="📋"))
    return view


def keep_fits(state: KeerState) -> tuple[bool, ...] | None:
    """While the roller keeps: whether each die fits their sheet (None otherwise)."""
    if state.phase is not Phase.KEEP or state.dice is None:
        return None
    player = state.players[state.roller]
    return tuple(face_fits(state, player, face) for face in state.dice)


def enclosure_code(sheet: Sheet, enclosure_id: str, words: Words) -> str:
    """An enclosure's id as the language writes it: its animal's letter in the language, then
    its number (an elephant's E3 reads O3 in Dutch)."""
    enclosure = sheet.enclosure(enclosure_id)
    if enclosure is None:
        return enclosure_id
    animal = next(a.name for a in sheet.animals if a.letter == enclosure.animal)
    return words(f"animal-{animal}-letter") + enclosure_id[len(enclosure.animal) :]


def enclosure_label(sheet: Sheet, enclosure_id: str, words: Words) -> str:
    """`E3 · elephant · columns 5–7 (4 squares)`: enough to find it on the sheet."""
    enclosure = sheet.enclosure(enclosure_id)
    if enclosure is None:
        return enclosure_id
    animal = next(a.name for a in sheet.animals if a.letter == enclosure.animal)
    first, last = min(enclosure.columns) + 1, max(enclosure.columns) + 1
    return words(
        "keer-enclosure-option",
        enclosure=enclosure_code(sheet, enclosure_id, words),
        animal=words(f"animal-{animal}"),
        columns=last - first + 1,
        first=first,
        last=last,
        squares=len(enclosure.squares),
    )


def roll_summary(live: LiveMatch, number: int) -> str:
    """One line for a finished roll's message: the dice and what each player did with them."""
    state, w = keer_state(live.state), live.words
    rolls = [i for i, (_, action) in enumerate(state.history) if isinstance(action, Roll)]
    if not 1 <= number <= len(rolls):
        return w("keer-summary-unknown", roll=number, match=live.id)
    start = rolls[number - 1]
    end = rolls[number] if number < len(rolls) else len(state.history)
    roll = state.history[start][1]
    assert isinstance(roll, Roll)
    parts = [w("keer-summary", roll=number, match=live.id, dice=dice_text(roll.dice))]
    entries = state.history[start + 1 : end]
    final = {seat: i for i, (seat, action) in enumerate(entries) if not isinstance(action, Keep)}
    for i, (seat, action) in enumerate(entries):
        if isinstance(action, Keep) or final[seat] == i:  # a pick changed: only the last counts
            did = _did(state.sheet, roll, action, name(live, seat, w), w)
            made = start + 1 + i in live.made_for  # autopick: the bot made it, and says so
            parts.append(w("keer-summary-made-for", did=did) if made else did)
    return " · ".join(parts)


def results_content(live: LiveMatch) -> str:
    """The final message: winners first, then every place with its score (a seat that left
    placed last, whatever the computer scored for it)."""
    state, w = keer_state(live.state), live.words
    outcome = state.outcome()
    assert outcome is not None
    places, first = placings(live), winners(live)
    order = sorted(range(state.num_players), key=lambda s: (places[s], s))
    first_names = w.join([f"**{name(live, s, w)}**" for s in first])
    lines = [w("keer-results-winners", winners=first_names, count=len(first), match=live.id)]
    lines += [
        with_departure(
            live,
            s,
            w(
                "keer-results-line",
                place=places[s],
                name=name(live, s, w),
                points=count(w, outcome.scores[s], "point"),
            ),
        )
        for s in order
    ]
    return "\n".join(lines)


def text_board(live: LiveMatch) -> str:
    """The table as text, for channels where the bot may not attach images."""
    state = keer_state(live.state)
    return "\n".join(board_line(live, seat, live.words) for seat in range(state.num_players))


def board_line(live: LiveMatch, seat: Seat, words: Words) -> str:
    """A seat's line of the text board, in a language."""
    state = keer_state(live.state)
    circles = state.circles(seat)
    player = state.players[seat]
    crossed, done = player.crossed.bit_count(), len(player.animals)
    return words(
        "keer-board-line",
        name=name(live, seat, words),
        points=count(words, circles.total, "point"),
        enclosures=count(words, crossed, "enclosure"),
        animals=count(words, done, "animal-done"),
        marks=count(words, player.marks, "mark"),
    )


def count(words: Words, n: int, noun: str) -> str:
    """`1 enclosure`, `2 enclosures` in a language (`noun`: point, enclosure, animal-done,
    mark)."""
    return words(f"keer-count-{noun}", count=n)


def progress_line(live: LiveMatch) -> str:
    """Where the match stands, in one line (for /match status)."""
    state, w = keer_state(live.state), live.words
    if state.phase is Phase.ROLL:
        roller = name(live, state.roller, w)
        return w("keer-progress-roller", roll=roll_number(state), name=roller)
    waiting = w.join([name(live, s, w) for s in state.seats_to_act()])
    return w("keer-progress-waiting", roll=roll_number(state), names=waiting)


def _progress(live: LiveMatch) -> str:
    state, w = keer_state(live.state), live.words
    done = [
        name(live, s, w) for s, c in enumerate(state.choices) if c not in (None, Skip(), Miss())
    ]
    skipped = [name(live, s, w) for s, c in enumerate(state.choices) if c == Skip()]
    missed = [name(live, s, w) for s, c in enumerate(state.choices) if c == Miss()]
    waiting = [name(live, s, w) for s in state.seats_to_act()]
    parts = [w("keer-waiting", names=w.join(waiting))]
    if done:
        parts.append(f"✅ {w.join(done)}")
    if skipped:
        parts.append(w("keer-waiting-skipped", names=w.join(skipped)))
    if missed:
        parts.append(w("keer-waiting-missed", names=w.join(missed)))
    return " · ".join(parts)


def _did(sheet: Sheet, roll: Roll, action: Any, who: str, words: Words) -> str:
    if isinstance(action, Keep):
        return words("keer-summary-kept", name=who, die=DIE_EMOJI[roll.dice[action.die]])
    if isinstance(action, Cross):
        die, where = (
            DIE_EMOJI[roll.dice[action.die]],
            enclosure_code(sheet, action.enclosure, words),
        )
        return words("keer-summary-cross", name=who, die=die, enclosure=where)
    if isinstance(action, Mark):
        if action.chameleon:
            where = enclosure_code(sheet, action.chameleon, words)
            return words("keer-summary-mark-chameleon", name=who, enclosure=where)
        return words("keer-summary-mark", name=who)
    key = "keer-summary-missed" if isinstance(action, Miss) else "keer-summary-skipped"
    return words(key, name=who)


def made_for(live: LiveMatch, state: KeerState, seat: Seat) -> bool:
    """Whether the bot made the seat's pick of the roll for them (autopick: `LiveMatch.made_for`
    records where); their sheet is public, so saying so tells nothing hidden."""
    if not isinstance(state.choices[seat], Cross | Mark):
        return False
    history = state.history  # its last action: looked for from the end, however long the match
    last = next(i for i in range(len(history) - 1, -1, -1) if history[i][0] == seat)
    return last in live.made_for


def players(live: LiveMatch) -> list[str]:
    """A line per player on the roll's card: the roller marked, points, and whether they have
    chosen (never what: picks stay hidden until the roll resolves)."""
    state, w = keer_state(live.state), live.words
    waiting = set(state.seats_to_act())
    lines = []
    for seat in range(state.num_players):
        choice = state.choices[seat] if state.phase is Phase.CHOOSE else None
        if state.phase is Phase.ROLL or state.phase is Phase.KEEP:
            status = w("keer-panel-rolls") if seat == state.roller else ""
        elif seat in waiting:
            status = w("keer-panel-choosing")
        elif choice == Skip():
            status = w("keer-panel-skipped")
        elif choice == Miss():
            status = w("keer-panel-missed")
        elif made_for(live, state, seat):
            status = w("keer-panel-auto")
        else:
            status = w("keer-panel-chosen")
        marker = "▶ " if seat == state.roller else ""
        points = state.circles(seat).total
        line = w("keer-panel-player", marker=marker, name=name(live, seat, w), points=points)
        lines.append(f"{line} · {status}" if status else line)
    return lines
