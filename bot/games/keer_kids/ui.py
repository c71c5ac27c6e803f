"""Keer op Keer Kids in Discord: the texts and components of a roll's message and a player's picks.

One public message per roll: the table image, a line saying who acts, and buttons (Roll, the
three dice, My sheet). A player's enclosure choice is an ephemeral select, so sheets never crowd
the channel. Dice are coloured-square emoji, so the buttons read well on a phone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import discord

from bot.components import match_button, match_select
from bot.ids import MatchRef
from bot.names import shown
from games.common.protocol import GameState, Seat
from games.keer_kids import Cross, Keep, KeerState, Mark, Miss, Phase, Roll, Skip
from games.keer_kids.sheet import Sheet

if TYPE_CHECKING:
    from bot.service import LiveMatch

DIE_EMOJI: Final = {
    "blue": "🟦",
    "red": "🟥",
    "green": "🟩",
    "yellow": "🟨",
    "orange": "🟧",
    "purple": "🟪",
}
OPTIONS_PER_SELECT: Final = 25
MAX_SELECTS: Final = 5


def keer_state(state: GameState) -> KeerState:
    """The state of a Keer op Keer Kids match (a TypeError for any other game's)."""
    if not isinstance(state, KeerState):
        raise TypeError(f"not a Keer op Keer Kids state: {type(state).__name__}")
    return state


def mention(live: LiveMatch, seat: Seat) -> str:
    """A member's mention, or the AI's name in bold."""
    player = live.players[seat]
    return f"**{player.name}**" if live.is_ai(seat) else f"<@{player.id}>"


def dice_text(dice: tuple[str, ...], only: tuple[int, ...] | None = None) -> str:
    """The dice as emoji (optionally only some of them)."""
    picked = range(len(dice)) if only is None else only
    return " ".join(DIE_EMOJI[dice[d]] for d in picked)


def step_content(live: LiveMatch) -> str:
    """The message text for where the roll stands now."""
    state = keer_state(live.state)
    header = f"🎲 **Keer op Keer Kids** · match #{live.id} · roll {roll_number(state)}"
    if state.phase is Phase.ROLL:
        return f"{header}\n{mention(live, state.roller)}, roll the dice!"
    assert state.dice is not None
    roller = shown(live.names[state.roller])
    if state.phase is Phase.KEEP:
        return (
            f"{header}\n{roller} rolled {dice_text(state.dice)}.\n"
            f"{mention(live, state.roller)}, keep one die: you use it, "
            "everyone else picks from the other two."
        )
    assert state.kept is not None
    others = tuple(d for d in range(len(state.dice)) if d != state.kept)
    return (
        f"{header}\n{roller} rolled {dice_text(state.dice)} and kept "
        f"{DIE_EMOJI[state.dice[state.kept]]}; everyone else picks {dice_text(state.dice, others)}."
        f"\n{_progress(live)}\nClick a die to choose where to cross it."
    )


def step_view(live: LiveMatch) -> discord.ui.View:
    """The buttons for where the roll stands now."""
    state = keer_state(live.state)
    view = discord.ui.View(timeout=None)
    ref = MatchRef(live.id, state.version, "roll")
    if state.phase is Phase.ROLL:
        view.add_item(match_button(ref, "Roll", emoji="🎲", style=discord.ButtonStyle.primary))
    elif state.dice is not None:
        verb = "keep" if state.phase is Phase.KEEP else "die"
        for die, face in enumerate(state.dice):
            kept = state.phase is Phase.CHOOSE and die == state.kept
            label = f"{face} ({live.names[state.roller]})" if kept else face
            style = discord.ButtonStyle.primary if kept else discord.ButtonStyle.secondary
            view.add_item(
                match_button(
                    MatchRef(live.id, state.version, verb, str(die)),
                    label[:80],
                    emoji=DIE_EMOJI[face],
                    style=style,
                )
            )
    view.add_item(match_button(MatchRef(live.id, state.version, "sheet"), "My sheet", emoji="📋"))
    return view


def pick_options(state: KeerState, seat: Seat, die: int) -> list[Cross | Mark]:
    """What the seat may do with this die."""
    return [a for a in state.legal_actions(seat) if isinstance(a, Cross | Mark) and a.die == die]


def pick_message(live: LiveMatch, seat: Seat, die: int) -> tuple[str, discord.ui.View | None]:
    """The ephemeral answer to a die click: selects of the enclosures legal for this player."""
    state = keer_state(live.state)
    assert state.dice is not None
    face = state.dice[die]
    actions = pick_options(state, seat, die)
    if not actions:
        return f"{DIE_EMOJI[face]} fits nowhere on your sheet — pick another die.", None
    options = [_option(state.sheet, action) for action in actions]
    view = discord.ui.View(timeout=None)
    chunks = [
        options[i : i + OPTIONS_PER_SELECT] for i in range(0, len(options), OPTIONS_PER_SELECT)
    ]
    for part, chunk in enumerate(chunks[:MAX_SELECTS]):
        ref = MatchRef(live.id, state.version, "pick", f"{die}:{part}")
        placeholder = "Choose an enclosure" if face != "purple" else "Cross an exclamation mark"
        view.add_item(match_select(ref, chunk, placeholder))
    return f"{DIE_EMOJI[face]} **{face}** — where do you cross it?", view


def picked_text(state: KeerState, action: Any) -> str:
    """What the ephemeral says once the pick is stored."""
    if isinstance(action, Cross):
        return f"✅ You crossed {enclosure_label(state.sheet, action.enclosure)}."
    if isinstance(action, Mark):
        extra = (
            f" and won a chameleon in {enclosure_label(state.sheet, action.chameleon)}"
            if action.chameleon
            else ""
        )
        return f"✅ You crossed an exclamation mark{extra}."
    return "✅ You skip this roll."


def enclosure_label(sheet: Sheet, enclosure_id: str) -> str:
    """`E3 · elephant · columns 5–7 (4 squares)`: enough to find it on the sheet."""
    enclosure = sheet.enclosure(enclosure_id)
    if enclosure is None:
        return enclosure_id
    animal = next(a.name for a in sheet.animals if a.letter == enclosure.animal)
    first, last = min(enclosure.columns) + 1, max(enclosure.columns) + 1
    where = f"column {first}" if first == last else f"columns {first}–{last}"
    size = len(enclosure.squares)
    return f"{enclosure.id} · {animal} · {where} ({size} square{'s' * (size != 1)})"


def roll_summary(live: LiveMatch, number: int) -> str:
    """One line for a finished roll's message: the dice and what each player did with them."""
    state = keer_state(live.state)
    rolls = [i for i, (_, action) in enumerate(state.history) if isinstance(action, Roll)]
    if not 1 <= number <= len(rolls):
        return f"🎲 Roll {number} (match #{live.id})"
    start = rolls[number - 1]
    end = rolls[number] if number < len(rolls) else len(state.history)
    roll = state.history[start][1]
    assert isinstance(roll, Roll)
    parts = [f"🎲 Roll {number} (match #{live.id}): {dice_text(roll.dice)}"]
    for seat, action in state.history[start + 1 : end]:
        parts.append(f"{shown(live.names[seat])} {_did(roll, action)}")
    return " · ".join(parts)


def results_content(live: LiveMatch) -> str:
    """The final message: winners first, then every place with its score."""
    state = keer_state(live.state)
    outcome = state.outcome()
    assert outcome is not None
    order = sorted(range(state.num_players), key=lambda s: (outcome.places[s], s))
    winners = " and ".join(f"**{shown(live.names[s])}**" for s in sorted(outcome.winners))
    lines = [f"🏆 {winners} win{'s' if len(outcome.winners) == 1 else ''} match #{live.id}!"]
    lines += [
        f"{outcome.places[s]}. {shown(live.names[s])} — {outcome.scores[s]} points" for s in order
    ]
    return "\n".join(lines)


def text_board(live: LiveMatch) -> str:
    """The table as text, for channels where the bot may not attach images."""
    state = keer_state(live.state)
    lines = []
    for seat in range(state.num_players):
        circles = state.circles(seat)
        player = state.players[seat]
        crossed, done = player.crossed.bit_count(), len(player.animals)
        lines.append(
            f"**{shown(live.names[seat])}** — {count(circles.total, 'point')} · "
            f"{count(crossed, 'enclosure')} · {count(done, 'animal')} done · "
            f"{count(player.marks, '! mark')}"
        )
    return "\n".join(lines)


def count(n: int, noun: str) -> str:
    """`1 enclosure`, `2 enclosures`."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def progress_line(live: LiveMatch) -> str:
    """Where the match stands, in one line (for /match status)."""
    state = keer_state(live.state)
    if state.phase is Phase.ROLL:
        return f"roll {roll_number(state)} · {shown(live.names[state.roller])} rolls next"
    waiting = ", ".join(shown(live.names[s]) for s in state.seats_to_act())
    return f"roll {roll_number(state)} · waiting for {waiting}"


def roll_number(any_state: GameState) -> int:
    """The roll a message shows: the one in play, or the next when the dice are due."""
    state = keer_state(any_state)
    return state.rolls + (1 if state.phase is Phase.ROLL else 0)


def _progress(live: LiveMatch) -> str:
    state = keer_state(live.state)
    done = [
        shown(live.names[s]) for s, c in enumerate(state.choices) if c not in (None, Skip(), Miss())
    ]
    skipped = [shown(live.names[s]) for s, c in enumerate(state.choices) if c == Skip()]
    missed = [shown(live.names[s]) for s, c in enumerate(state.choices) if c == Miss()]
    waiting = [shown(live.names[s]) for s in state.seats_to_act()]
    parts = [f"⏳ Waiting for: {', '.join(waiting)}"]
    if done:
        parts.append(f"✅ {', '.join(done)}")
    if skipped:
        parts.append(f"⏭️ {', '.join(skipped)} (nothing fits)")
    if missed:
        parts.append(f"⏰ {', '.join(missed)} (clock ran out)")
    return " · ".join(parts)


def _did(roll: Roll, action: Any) -> str:
    if isinstance(action, Keep):
        return f"kept {DIE_EMOJI[roll.dice[action.die]]}"
    if isinstance(action, Cross):
        return f"{DIE_EMOJI[roll.dice[action.die]]} {action.enclosure}"
    if isinstance(action, Mark):
        return "🟪 !" + (f" + chameleon {action.chameleon}" if action.chameleon else "")
    return "missed the clock" if isinstance(action, Miss) else "skipped"


def _option(sheet: Sheet, action: Cross | Mark) -> discord.SelectOption:
    if isinstance(action, Cross):
        return discord.SelectOption(
            label=enclosure_label(sheet, action.enclosure)[:100], value=action.to_text()
        )
    if action.chameleon is None:
        return discord.SelectOption(label="Cross an exclamation mark", value=action.to_text())
    label = f"! mark + chameleon: {enclosure_label(sheet, action.chameleon)}"
    return discord.SelectOption(label=label[:100], value=action.to_text())
