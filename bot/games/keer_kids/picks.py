"""A Keer player's own choice, as only they see it: the options for a die (lettered as the sheet
frames them), their pick so far, what they can still score, and what the ephemeral says once
they picked or changed their pick. In the member's language."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Final

import discord

from bot.games.keer_kids.rules import keer_state
from bot.games.keer_kids.ui import DIE_EMOJI, enclosure_code, enclosure_label, name
from bot.ui.components import SentView
from bot.ui.ids import MatchRef, Verb
from bot.ui.items import match_button, match_select
from games.common.protocol import Seat
from games.keer_kids import Cross, KeerState, Mark, Phase
from games.keer_kids.sheet import Sheet
from render.keer_kids.choice import framed, offered, option_letter
from words import Words

if TYPE_CHECKING:
    from bot.core.live import LiveMatch

OPTIONS_PER_SELECT: Final = 25
MAX_SELECTS: Final = 5


def pick_message(
    live: LiveMatch, seat: Seat, die: int, words: Words
) -> tuple[str, discord.ui.View | None]:
    """The ephemeral answer to a die click, in the clicking member's language: selects of the
    enclosures legal for this player (their pick so far, if any, named and left out)."""
    state = keer_state(live.state)
    assert state.dice is not None
    face = state.dice[die]
    current = state.choices[seat]
    actions = offered(state, seat, die)
    if not actions:
        if isinstance(current, Cross | Mark):
            pick = pick_name(state, current, words)
            return words("keer-pick-only-current", die=DIE_EMOJI[face], pick=pick), None
        return words("keer-pick-nowhere", die=DIE_EMOJI[face]), None
    view = SentView()
    if actions == [Mark(die)]:  # nothing to choose but the mark itself: one button
        ref = MatchRef(live.id, state.version, Verb.MARK, str(die))
        label = words("keer-mark-option")[:80]
        view.add_item(match_button(ref, label, emoji="❗", style=discord.ButtonStyle.primary))
    else:
        for select in _selects(live.id, state, die, actions, words):
            view.add_item(select)
    content = words("keer-pick-where", die=DIE_EMOJI[face], colour=words(f"colour-{face}"))
    if isinstance(current, Cross | Mark):
        content += "\n" + words("keer-pick-current", pick=pick_name(state, current, words))
    return f"{content}\n-# {still_open(state, seat, words)}", view


def _selects(
    match_id: int, state: KeerState, die: int, actions: list[Cross | Mark], words: Words
) -> list[discord.ui.Item[Any]]:
    """The die's options, lettered, in selects of at most 25."""
    options = [
        _option(state.sheet, action, words, option_letter(i, words))
        for i, action in enumerate(actions)
    ]
    assert state.dice is not None
    purple = state.dice[die] == "purple"
    placeholder = words(
        "keer-pick-mark-placeholder" if purple else "keer-pick-enclosure-placeholder"
    )
    return [
        match_select(
            MatchRef(match_id, state.version, Verb.PICK, f"{die}:{part}"),
            options[part * OPTIONS_PER_SELECT : (part + 1) * OPTIONS_PER_SELECT],
            placeholder,
        )
        for part in range(min(MAX_SELECTS, math.ceil(len(options) / OPTIONS_PER_SELECT)))
    ]


def still_open(state: KeerState, seat: Seat, words: Words) -> str:
    """What the seat can still score: the visitors nobody has won above columns they have not
    filled, the buckets under those columns, the food of the animals they have not done."""
    sheet, player = state.sheet, state.players[seat]
    unfilled = [c for c in range(sheet.columns) if not player.columns >> c & 1]
    won = state.visitors_gone | player.visitors
    visitors = [c + 1 for c in unfilled if not won >> c & 1]
    food = [words(f"animal-{a.name}") for a in sheet.animals if a.letter not in player.animals]
    return words(
        "keer-still-open",
        visitors=runs(visitors) or words("keer-still-open-none"),
        buckets=sum(sheet.buckets[c] for c in unfilled),
        food=words.join(food) if food else words("keer-still-open-none"),
    )


def runs(numbers: list[int]) -> str:
    """Sorted numbers as runs: `1–5, 8, 12–13`."""
    groups: list[list[int]] = []
    for n in numbers:
        if groups and groups[-1][-1] == n - 1:
            groups[-1].append(n)
        else:
            groups.append([n])
    return ", ".join(str(g[0]) if len(g) == 1 else f"{g[0]}–{g[-1]}" for g in groups)


def picked_text(state: KeerState, action: Any, words: Words, before: Any = None) -> str:
    """What the ephemeral says once the pick is stored (in the member's language): the pick,
    or the change, and while the roll is open, that it may still be changed."""
    if isinstance(before, Cross | Mark) and isinstance(action, Cross | Mark):
        said = words(
            "keer-picked-changed",
            pick=pick_name(state, action, words),
            before=pick_name(state, before, words),
        )
    elif isinstance(action, Cross):
        said = words(
            "keer-picked-cross", enclosure=enclosure_label(state.sheet, action.enclosure, words)
        )
    elif isinstance(action, Mark) and action.chameleon:
        where = enclosure_label(state.sheet, action.chameleon, words)
        said = words("keer-picked-mark-chameleon", enclosure=where)
    elif isinstance(action, Mark):
        said = words("keer-picked-mark")
    else:
        return words("keer-picked-skip")
    if state.phase is Phase.CHOOSE:  # the roll has not resolved: the pick may still change
        said += "\n" + words("keer-picked-changeable")
    return said


def pick_name(state: KeerState, action: Cross | Mark, words: Words) -> str:
    """A pick in a few words: its enclosure, or the exclamation mark (and its chameleon)."""
    if isinstance(action, Cross):
        return enclosure_label(state.sheet, action.enclosure, words)
    if action.chameleon:
        where = enclosure_label(state.sheet, action.chameleon, words)
        return words("keer-pick-is-mark-chameleon", enclosure=where)
    return words("keer-pick-is-mark")


def _option(sheet: Sheet, action: Cross | Mark, words: Words, letter: str) -> discord.SelectOption:
    """An option, lettered as the sheet's frame of its enclosure is, ★ on one with a star ("A —
    E3 · elephant · columns 5–7 (4 squares)")."""
    if isinstance(action, Cross):
        label = _starred(sheet, action.enclosure, enclosure_label(sheet, action.enclosure, words))
    elif action.chameleon is None:
        label = words("keer-mark-option")
    else:
        where = enclosure_label(sheet, action.chameleon, words)
        where = _starred(sheet, action.chameleon, where)
        label = words("keer-mark-chameleon-option", enclosure=where)
    lettered = words("keer-option-lettered", letter=letter, option=label)
    return discord.SelectOption(label=lettered[:100], value=action.to_text())


def _starred(sheet: Sheet, enclosure_id: str, label: str) -> str:
    """The label with ★ when the enclosure holds a star (the middle column's, where everyone
    starts)."""
    enclosure = sheet.enclosure(enclosure_id)
    return f"{label} ★" if enclosure and sheet.star_mask >> enclosure.index & 1 else label


def choice_alt(live: LiveMatch, state: KeerState, seat: Seat, die: int, words: Words) -> str:
    """The choice image's alt text in `state`: which enclosures it frames, by letter and name,
    and the pick so far (dashed)."""
    assert state.dice is not None
    colour, who = words(f"colour-{state.dice[die]}"), name(live, seat, words)
    shown = [
        f"{letter} {enclosure_code(state.sheet, where, words)}"
        for letter, where in framed(state, seat, die, words)
    ]
    if shown:
        alt = words("keer-choice-alt", name=who, colour=colour, framed=words.join(shown))
    else:
        alt = words("keer-choice-alt-none", name=who, colour=colour)
    current = state.choices[seat]
    if isinstance(current, Cross | Mark):
        alt += " " + words("keer-choice-alt-pending", pick=pick_name(state, current, words))
    return alt
