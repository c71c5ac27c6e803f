"""What Kero's match messages say: the turn's text as it goes, an earlier turn's summary (what
it did, a line each, from its story), and the results with the final claim. Names, costs and
options are ui.py's; the story itself is story.py's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from bot.core.placings import winners, with_departure
from bot.games.kero.rules import kero_state
from bot.games.kero.ui import (
    DIE_EMOJI,
    card_words,
    choice_words,
    dice_faces,
    fuel_offered,
    gauge,
    legal_now,
    named,
    phase_words,
    resource_words,
    resources_text,
    territory_name,
    tile_name,
    tuarek_name,
    who,
)
from games.common.protocol import Seat
from games.kero import KeroState
from games.kero import actions as a
from games.kero import story as told
from games.kero.board import ClaimReport, Phase
from games.kero.components import Components
from games.kero.resources import NOTHING
from games.kero.rules.camp import tile_bonus
from words import Words

if TYPE_CHECKING:
    from bot.core.live import LiveMatch


def _stock(w: Words, state: KeroState, seat: Seat) -> str:
    camp = state.camps[seat]
    jerrycans = resource_words(w, "jerrycan", camp.jerrycans)
    return w("kero-stock", seconds=camp.tank.level_ms // 1000, jerrycans=jerrycans)


def step_content(live: LiveMatch) -> str:
    """What the turn's message says now."""
    w = live.words
    state = kero_state(live.state)
    header = w("kero-header", match=live.id, round=min(state.claims + 1, 3), turn=state.turns + 1)
    if live.is_ai(state.active) and state.phase not in (Phase.CLAIM, Phase.FUELING):
        lines = _ai_lines(live, w, state)
    elif state.phase is Phase.START:
        lines = _start_lines(live, w, state)
    elif state.phase is Phase.FUELING:
        lines = _fuelling_lines(live, w, state)
    elif state.phase is Phase.ROLLING:
        lines = _rolling_lines(live, w, state)
    elif state.phase is Phase.CAMP:
        lines = _camp_lines(live, w, state)
    else:
        lines = [_claim_line(live, w, state)]
    return "\n".join([header, *lines])


def _ai_lines(live: LiveMatch, w: Words, state: KeroState) -> list[str]:
    """The computer plays: nobody needs a prompt, only what the last turn left."""
    name, stock = named(live.names[state.active]), _stock(w, state, state.active)
    lines = [w("kero-ai-playing", name=name, phase=phase_words(w, state.phase), stock=stock)]
    return lines + _claim_report(live, w, state) + _dry_report(live, w, state)


def _start_lines(live: LiveMatch, w: Words, state: KeroState) -> list[str]:
    """Whose turn, what they may do first, and what the last turn left them (a claim, an
    outage, this turn's fuel-ups)."""
    legal = legal_now(state, state.active)
    steps = "refinery" if fuel_offered(state, legal) else "ready"
    if steps == "ready" and any(isinstance(act, a.AddDie) for act in legal):
        steps = "dice"
    stock = _stock(w, state, state.active)
    dice = " ".join(DIE_EMOJI[d] for d in state.turn.dice)
    line = w("kero-stock-special-dice", stock=stock, dice=dice) if dice else stock
    lines = [w("kero-your-turn", player=who(live, state.active), steps=steps), line]
    lines += _claim_report(live, w, state) + _dry_report(live, w, state)
    return lines + _fuel_report(live, w, state)


def _fuelling_lines(live: LiveMatch, w: Words, state: KeroState) -> list[str]:
    """A live fuel-up under way: who throws, a Dust Storm or an outage, the flames so far."""
    name, thrower = named(live.names[state.active]), who(live, state.thrower())
    stock = _stock(w, state, state.active)
    fuel = told.fuel_ups(told.story(state, state.turns))[-1:]
    if state.turn.free_refuel:
        lines = [w("kero-told-dry"), w("kero-refuelling", name=name, thrower=thrower)]
    else:
        lines = [w("kero-fuelling", name=name, thrower=thrower, stock=stock)]
        lines += [w("kero-told-storm", dice=f.dice) for f in fuel if f.storm]
    return lines + _fuel_progress(w, state, fuel)


def _fuel_progress(w: Words, state: KeroState, fuel: list[told.Fuelled]) -> list[str]:
    """`🔥 3 of 8 dice show a flame · 4 throws · +7.2 s so far`."""
    process = state.turn.fuel
    if process is None or not fuel:
        return []
    turn = state.turn
    poured = turn.live_ms + turn.auto_throws * state.box.supply.fuel_up_throw_ms
    dice = fuel[0].dice
    return [
        w(
            "kero-fuel-progress",
            flames=dice - process.dice,
            dice=dice,
            throws=process.throws,
            seconds=poured / 1000,
        )
    ]


def _rolling_lines(live: LiveMatch, w: Words, state: KeroState) -> list[str]:
    window = state.turn.window
    assert window is not None
    left = window.empty_at - state.clock_ms
    capacity = state.camps[state.active].tank.capacity_ms
    return [
        w(
            "kero-rolling",
            name=named(live.names[state.active]),
            when=f"<t:{window.empty_at // 1000}:R>",
            gauge=gauge(w, left, capacity),
        ),
        " ".join(dice_faces(w, state)),
        w("kero-rolling-help"),
    ]


def _camp_lines(live: LiveMatch, w: Words, state: KeroState) -> list[str]:
    """What is left to spend, free Explorers owed, and what the clan did in camp so far."""
    resources = resources_text(w, state.turn.pool)
    stock = _stock(w, state, state.active)
    name = named(live.names[state.active])
    lines = [w("kero-in-camp", name=name, resources=resources, stock=stock)]
    done = told.story(state, state.turns).events
    deeds = (told.Took, told.Placed, told.Hired, told.TuarekPlayed, told.TileUsed)
    lines += [_event_line(live, w, state.box, e) for e in done if isinstance(e, deeds)]
    bonus = tile_bonus(state, state.active)
    if bonus != NOTHING:
        lines.append(w("kero-tile-bonus", name=name, resources=resources_text(w, bonus)))
    if state.turn.owed_places:
        lines.append(w("kero-free-explorers", count=state.turn.owed_places))
    return [*lines, w("kero-camp-help")]


def turn_summary(live: LiveMatch, key: int) -> str:
    """What an earlier turn's message says once play moved on: the points, and what the turn
    (or the claim) did, a line each."""
    w = live.words
    state = kero_state(live.state)
    scores = " · ".join(
        w("kero-score", name=named(live.names[c["seat"]]), points=c["points"])
        for c in state.summary()["camps"]
    )
    if key % 2:
        head = w("kero-summary-claim", match=live.id, scores=scores)
        return "\n".join([head, *_claim_lines(live, w, state, key // 2)])
    turn = told.story(state, key // 2)
    name = named(live.names[turn.seat])
    head = w("kero-summary-turn", match=live.id, turn=key // 2 + 1, name=name, scores=scores)
    lines = _story_lines(live, w, state.box, turn.events)
    return "\n".join([head, *lines, *_claim_lines(live, w, state, key // 2)])


def results_content(live: LiveMatch) -> str:
    """Winners (a clan that left the match never wins) and scores, and how the game-ending
    claim settled the territories."""
    w = live.words
    state = kero_state(live.state)
    outcome = state.outcome()
    assert outcome is not None
    first = winners(live)
    first_names = w.join([f"**{named(live.names[s])}**" for s in first])
    lines = [w("kero-results-won", winners=first_names, count=len(first), match=live.id)]
    lines += [
        with_departure(
            live, s, w("kero-results-line", name=named(live.names[s]), points=outcome.scores[s])
        )
        for s in range(2)
    ]
    if state.last_claim is not None:
        lines.append(w("kero-final-claim", parts=_claim_parts(live, w, state.last_claim)))
    return "\n".join(lines)


def _claim_line(live: LiveMatch, w: Words, state: KeroState) -> str:
    waiting = w.join([who(live, s) for s in state.seats_to_act()])
    return w("kero-claim-waiting", players=waiting)


def _claim_report(live: LiveMatch, w: Words, state: KeroState) -> list[str]:
    """In the turn after a claim: how each territory was settled."""
    return _claim_lines(live, w, state, state.turns - 1)


def _claim_lines(live: LiveMatch, w: Words, state: KeroState, turn: int) -> list[str]:
    """How the claim turn `turn` triggered settled each territory, if it is settled."""
    report = state.last_claim
    if report is None or report.turn != turn:
        return []
    return [w("kero-claim-report", parts=_claim_parts(live, w, report))]


def _claim_parts(live: LiveMatch, w: Words, report: ClaimReport) -> str:
    """`Ana won Ruins · Oasis: tied — discarded`."""
    parts = [
        w(
            f"kero-claimed-{c.how}",
            name=named(live.names[c.winner]) if c.winner is not None else "",
            land=territory_name(w, c.territory),
        )
        for c in report.territories
    ]
    return " · ".join(parts)


def _dry_report(live: LiveMatch, w: Words, state: KeroState) -> list[str]:
    """In the turn after an outage: the tank ran dry and a passing Tuarek refuelled it."""
    if state.turns == 0:
        return []
    last = told.story(state, state.turns - 1)
    if not any(isinstance(e, told.RanDry) for e in last.events):
        return []
    refuel = [f for f in told.fuel_ups(last) if f.paid == "outage"]
    gained = (refuel[-1].gained_ms or 0) if refuel else 0
    name = named(live.names[last.seat])
    return [w("kero-dry-report", name=name, seconds=gained / 1000)]


def _fuel_report(live: LiveMatch, w: Words, state: KeroState) -> list[str]:
    """After a fuel-up this turn: how many throws the opponent's dice took, and the KERO."""
    if not state.turn.fuel_ups:
        return []
    thrower = named(live.names[state.thrower()])
    lines = []
    for count, fuel in enumerate(told.fuel_ups(told.story(state, state.turns)), start=1):
        if fuel.storm:
            lines.append(w("kero-told-storm", dice=fuel.dice))
        line = w(
            "kero-fuel-report",
            count=count,
            thrower=thrower,
            throws=fuel.throws,
            seconds=(fuel.gained_ms or 0) / 1000,
        )
        lines.append(_full(w, line, fuel.full))
    return lines


def _full(w: Words, line: str, full: bool) -> str:
    """A fuel-up's line, marked when the tank is full (a tank holds no more than it can)."""
    return w("kero-tank-full", line=line) if full else line


def _story_lines(
    live: LiveMatch, w: Words, box: Components, events: Sequence[told.Event]
) -> list[str]:
    """A line per event; the special dice taken, and the Tuareks hired, in one line each."""
    dice = [e for e in events if isinstance(e, told.AddedDie)]
    hired = [e for e in events if isinstance(e, told.Hired)]
    lines = []
    for event in events:
        if dice and event is dice[0]:
            lines.append(_dice_line(w, dice))
        elif hired and event is hired[0]:
            lines.append(_hire_line(w, hired))
        elif not isinstance(event, told.AddedDie | told.Hired):
            lines.append(_event_line(live, w, box, event))
    return lines


def _dice_line(w: Words, dice: Sequence[told.AddedDie]) -> str:
    """`🎲 Took the special dice 🟩 🟦 (2 ⛽)`."""
    cost = sum(e.cost for e in dice)
    paid = f"{cost} ⛽" if cost else w("kero-free")
    emoji = " ".join(DIE_EMOJI[e.colour] for e in dice)
    return w("kero-told-dice", dice=emoji, count=len(dice), cost=paid)


def _hire_line(w: Words, hired: Sequence[told.Hired]) -> str:
    """`🐪 Hired 2 Tuareks (4 ⛽)`."""
    return w("kero-told-hire", count=len(hired), cost=sum(e.cost for e in hired))


def _event_line(live: LiveMatch, w: Words, box: Components, event: told.Event) -> str:
    """One thing a turn did, in one line."""
    if isinstance(event, told.Fuelled):
        return _fuel_line(live, w, event)
    if isinstance(event, told.Took):
        card = card_words(w, box.cards_by_id[event.card])
        return w("kero-told-take", card=card, cost=resources_text(w, event.cost))
    if isinstance(event, told.Placed):
        cost = w("kero-free") if event.cost == NOTHING else resources_text(w, event.cost)
        key = "kero-told-place-boss" if event.boss else "kero-told-place"
        return w(key, land=territory_name(w, event.territory), cost=cost)
    if isinstance(event, told.Burned):
        card = card_words(w, box.cards_by_id[event.card])
        return w("kero-told-burn", card=card, flames=event.flames)
    return _small_event_line(w, event)


def _small_event_line(w: Words, event: told.Event) -> str:
    """The events told with a number, a choice, or nothing at all."""
    if isinstance(event, told.AddedDie):
        return _dice_line(w, [event])
    if isinstance(event, told.Hired):
        return _hire_line(w, [event])
    if isinstance(event, told.Stopped):
        got = resources_text(w, event.got)
        return w("kero-told-stop", seconds=event.left_ms // 1000, got=got)
    if isinstance(event, told.Unplaced):
        return w("kero-told-unplaced", count=event.count)
    if isinstance(event, told.TuarekPlayed | told.TileUsed):
        return _played_line(w, event)
    return w(_BARE_EVENTS[type(event)])


_BARE_EVENTS: Final[dict[type, str]] = {
    told.RanDry: "kero-told-dry",
    told.Skipped: "kero-told-skipped",
    told.ClaimCame: "kero-told-claim-card",
}
"""The events told without a number or a name: their message ids."""


def _played_line(w: Words, event: told.TuarekPlayed | told.TileUsed) -> str:
    """A Tuarek played or a tile used, with its choice (`Guide: green die`)."""
    if isinstance(event, told.TuarekPlayed):
        what, key = tuarek_name(w, event.tuarek), "kero-told-play"
    else:
        what, key = tile_name(w, event.tile), "kero-told-use"
    if event.arg is not None:
        what = w("kero-with-choice", what=what, choice=choice_words(w, event.arg))
    return w(key, what=what)


def _fuel_line(live: LiveMatch, w: Words, fuel: told.Fuelled) -> str:
    """A fuel-up, its throws and the KERO it poured; a Dust Storm said first."""
    seconds = (fuel.gained_ms or 0) / 1000
    if fuel.paid == "outage":
        return _full(w, w("kero-told-refuel", dice=fuel.dice, seconds=seconds), fuel.full)
    paid = tuarek_name(w, "water_carrier") if fuel.paid == "water_carrier" else "1 ⛽"
    line = _full(w, w("kero-told-fuel", paid=paid, throws=fuel.throws, seconds=seconds), fuel.full)
    return w("kero-told-storm", dice=fuel.dice) + "\n" + line if fuel.storm else line
