"""Keer op Keer Kids' 📝 Text board: the table image in words, for a player who can't see it.

Sections (bot/ui/text_boards.py pages them): where the roll stands (the dice by colour, who is
still choosing, the visitors already taken), then each player's sheet — points by kind, the
crossed enclosures of each animal by their ids, the full columns with their buckets and
visitors, the exclamation marks and chameleons, the food — a fact group a line. Only what the
image shows: the sheets change when a roll resolves, so a pick of the roll under way is never
read (`KeerState.choices` is not), nor is any roll to come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.keer_kids.rules import keer_state, roll_number
from bot.games.keer_kids.ui import enclosure_code, name, results_content
from games.common.protocol import Seat
from games.keer_kids import KeerState, Phase
from words import Words

if TYPE_CHECKING:
    from bot.core.live import LiveMatch


def board_sections(live: LiveMatch) -> list[str]:
    """Where the roll stands, then each player's sheet, in the match's words (`read_by` a
    member: theirs)."""
    state = keer_state(live.state)
    return [table_section(live), *(sheet_section(live, s) for s in range(state.num_players))]


def table_section(live: LiveMatch) -> str:
    """The roll in words: who rolls, the dice by colour and the one kept, who is still choosing;
    the visitors already taken; the results once the match is over."""
    state, w = keer_state(live.state), live.words
    lines = [w("keer-step-header", match=live.id, roll=roll_number(state))]
    roller = name(live, state.roller, w)
    if state.phase is Phase.OVER:
        lines += results_content(live).split("\n")
    elif state.phase is Phase.ROLL:
        lines.append(w("keer-text-rolls", name=roller))
    elif state.dice is not None:
        dice = _colours(w, state.dice)
        if state.phase is Phase.KEEP or state.kept is None:
            lines.append(w("keer-text-rolled", name=roller, dice=dice))
        else:
            others = [face for die, face in enumerate(state.dice) if die != state.kept]
            kept = w(f"colour-{state.dice[state.kept]}")
            lines.append(
                w("keer-text-kept", name=roller, dice=dice, kept=kept, others=_colours(w, others))
            )
            waiting = [name(live, s, w) for s in state.seats_to_act()]
            if waiting:
                lines.append(w("keer-text-choosing", names=w.join(waiting)))
    lines.append(_visitors_gone(live, state, w))
    return "\n".join(lines)


def _colours(w: Words, faces: tuple[str, ...] | list[str]) -> str:
    """Dice by their colour words: "blue, red and purple"."""
    return w.join([w(f"colour-{face}") for face in faces])


def _visitors_gone(live: LiveMatch, state: KeerState, w: Words) -> str:
    """The visitors already circled (each by the column it stands above and who took it)."""
    taken = []
    for column in range(state.sheet.columns):
        if not state.visitors_gone >> column & 1:
            continue
        takers = [
            name(live, s, w)
            for s in range(state.num_players)
            if state.players[s].visitors >> column & 1
        ]
        visitor = w(f"visitor-{column + 1}")
        taken.append(
            w("keer-text-visitor", column=column + 1, visitor=visitor, names=w.join(takers))
        )
    if not taken:
        return w("keer-text-visitors-none")
    return w("keer-text-visitors", visitors="; ".join(taken))


def sheet_section(live: LiveMatch, seat: Seat, words: Words | None = None) -> str:
    """One player's sheet in words, a fact group a line: points, each animal's crossed
    enclosures, full columns, exclamation marks and chameleons, food (in `words`, else the
    match's)."""
    state, w = keer_state(live.state), words or live.words
    player, sheet = state.players[seat], state.sheet
    circles = state.circles(seat)
    lines = [
        w(
            "keer-text-player",
            name=name(live, seat, w),
            points=circles.total,
            buckets=circles.buckets,
            visitors=circles.visitors,
            food=circles.food,
        )
    ]
    for animal in sheet.animals:
        enclosures = [e for e in sheet.enclosures if e.animal == animal.letter]
        crossed = [e for e in enclosures if player.crossed >> e.index & 1]
        codes = [enclosure_code(sheet, e.id, w) for e in crossed]
        key = "keer-text-animal-complete" if len(crossed) == len(enclosures) else "keer-text-animal"
        lines.append(
            w(
                key,
                animal=w(f"animal-{animal.name}"),
                crossed=w.join(codes) if codes else w("keer-text-none"),
                done=len(crossed),
                total=len(enclosures),
            )
        )
    lines.append(_columns(state, seat, w))
    lines.append(_marks(state, seat, w))
    lines.append(_food(state, seat, w))
    return "\n".join(lines)


def _columns(state: KeerState, seat: Seat, w: Words) -> str:
    """The player's full columns, each with its buckets and whether its visitor is theirs."""
    player, sheet = state.players[seat], state.sheet
    full = [c for c in range(sheet.columns) if player.columns >> c & 1]
    if not full:
        return w("keer-text-columns-none")
    items = [
        w(
            "keer-text-column",
            column=c + 1,
            buckets=sheet.buckets[c],
            visitor="won" if player.visitors >> c & 1 else "gone",
            name=w(f"visitor-{c + 1}"),
        )
        for c in full
    ]
    return w("keer-text-columns", count=len(full), columns="; ".join(items))


def _marks(state: KeerState, seat: Seat, w: Words) -> str:
    """Exclamation marks crossed, and the chameleons: used (on which enclosures), lost, still
    to earn."""
    player, sheet = state.players[seat], state.sheet
    earned = player.marks // sheet.marks_per_chameleon
    used = [enclosure_code(sheet, sheet.enclosures[i].id, w) for i in player.chameleons]
    return w(
        "keer-text-marks",
        marks=player.marks,
        total=sheet.total_marks,
        used=len(used),
        where=w.join(used) if used else w("keer-text-none"),
        lost=earned - len(used),
        left=sheet.chameleons - earned,
    )


def _food(state: KeerState, seat: Seat, w: Words) -> str:
    """The food circled: each complete animal's, and what it scores."""
    player, sheet = state.players[seat], state.sheet
    names = {a.letter: a.name for a in sheet.animals}
    done = [w(f"animal-{names[letter]}-food") for letter in player.animals]
    if not done:
        return w("keer-text-food-none")
    return w("keer-text-food", food=w.join(done), points=state.circles(seat).food)
