"""Kero in Discord: one message per turn (the board image), edited as the turn goes on.

The buttons are the legal actions of the clan to act, as the engine lists them; a timed action
carries a trailing `@` in its custom_id and is stamped with the click's snowflake time. During
the tanker window the dice are toggle buttons (marked = re-roll) whose custom_ids carry the
marks, so toggling needs no storage, and the KERO left shows as a Discord relative timestamp
(no countdown edits). Tuareks are secret: they are played from an ephemeral "My Tuareks" message.

Every word comes from the catalogs (words/locales/*/kero.ftl, games.ftl): the public message in
the match's language (`live.words`), My Tuareks and the answers on it in the member's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from bot.games.kero import story as told
from bot.games.kero.rules import kero_state
from bot.ui.names import shown
from games.common.protocol import Seat
from games.kero import KeroState
from games.kero import actions as a
from games.kero.board import ClaimReport, Phase
from games.kero.components import Card, Components, Face
from games.kero.resources import NOTHING, RESOURCES, Resources
from games.kero.rules.economy import tile_with
from games.kero.scoring import points
from render.kero.cards import card_number
from render.kero.palette import CLAN_COLOURS
from words import Words, isolate

if TYPE_CHECKING:
    from bot.core.live import LiveMatch

RESOURCE_EMOJI: Final = {
    "brick": "🧱",
    "wheat": "🌾",
    "metal": "⚙️",
    "recruit": "🧍",
    "jerrycan": "⛽",
}
DIE_EMOJI: Final = {"white": "⚪", "green": "🟩", "yellow": "🟨", "blue": "🟦"}
GAUGE_CELLS: Final = 10
_STAMP = re.compile(r"@\d+$")


def template(action: a.Action) -> str:
    """An action's text with its timestamp left open (`roll@`): the click will stamp it."""
    return _STAMP.sub("@", action.to_text())


def stamped(text: str, at_ms: int) -> str:
    """A template with the click's time filled in (`roll@` → `roll@1767225600123`)."""
    return f"{text}{at_ms}" if text.endswith("@") else text


def phase_words(w: Words, phase: Phase) -> str:
    """A phase in players' words ("fuelling up", "choosing dice")."""
    return w(f"kero-phase-{phase.value}")


def named(name: str) -> str:
    """A player's name inside a sentence: markdown escaped, isolated."""
    return isolate(shown(name))


def resource_words(w: Words, name: str, amount: int) -> str:
    """`2 bricks`: one resource with its count (games.ftl)."""
    return w(f"resource-{name}", count=amount)


def resources_text(w: Words, bundle: Resources) -> str:
    """`🧱 2 bricks and 🌾 1 wheat`, or `nothing`: words as well as emoji, for screen readers."""
    parts = [
        f"{RESOURCE_EMOJI[name]} {resource_words(w, name, amount)}"
        for name, amount in zip(RESOURCES, bundle.as_tuple(), strict=True)
        if amount
    ]
    return w.join(parts) if parts else w("resource-nothing")


def face_text(w: Words, face: Face) -> str:
    """A die face as emoji and words: `🔥 flame`, `🐪 Tuarek`, `🌾🧍 1 wheat + 1 recruit`."""
    if face.flame:
        return "🔥 " + w("kero-face-flame")
    if face.tuarek:
        return "🐪 " + w("kero-face-tuarek")
    if face.explorer:
        return "🧭 " + w("kero-face-explorer")
    pairs = [
        (name, amount)
        for name, amount in zip(RESOURCES, face.resources.as_tuple(), strict=True)
        if amount
    ]
    emoji = "".join(RESOURCE_EMOJI[name] * amount for name, amount in pairs)
    said = " + ".join(resource_words(w, name, amount) for name, amount in pairs)
    return f"{emoji} {said}"


def dice_faces(w: Words, state: KeroState) -> list[str]:
    """Each thrown die as `colour face`, in die order."""
    out = []
    for die, face in zip(state.turn.dice, state.turn.faces, strict=True):
        box = state.box.white if die == "white" else state.box.special[die]
        out.append(
            f"{DIE_EMOJI.get(die, '⚪')} {'…' if face is None else face_text(w, box.faces[face])}"
        )
    return out


def gauge(w: Words, left_ms: int, capacity_ms: int) -> str:
    """`█████░░░░░ 31 s` — the tank at the moment the message was drawn."""
    full = round(GAUGE_CELLS * max(0, left_ms) / capacity_ms)
    bar = "█" * full + "░" * (GAUGE_CELLS - full)
    return w("kero-gauge", bar=bar, seconds=max(0, left_ms) // 1000)


def who(live: LiveMatch, seat: Seat) -> str:
    """A member's mention, or the computer's name in bold."""
    player = live.players[seat]
    return f"**{named(live.names[seat])}**" if live.is_ai(seat) else f"<@{player.id}>"


def tuarek_name(w: Words, tuarek: str) -> str:
    """A Tuarek by its id in the game data (`dust_storm` → "Dust Storm")."""
    return w("tuarek-" + tuarek.replace("_", "-"))


def tile_name(w: Words, tile: str) -> str:
    """An ability tile by its id, with its number: "A9 Firebreak"."""
    return w("kero-tile", number=int(tile[1:]), name=w(f"ability-{tile.lower()}"))


def territory_name(w: Words, territory: str) -> str:
    """A New Territory by its id ("T3" → "Oil field")."""
    return w(f"territory-{territory.lower()}")


def _stock(w: Words, state: KeroState, seat: Seat) -> str:
    camp = state.camps[seat]
    jerrycans = resource_words(w, "jerrycan", camp.jerrycans)
    return w("kero-stock", seconds=camp.tank.level_ms // 1000, jerrycans=jerrycans)


def step_content(live: LiveMatch) -> str:
    """What the turn's message says now."""
    w = live.words
    state = kero_state(live.state)
    header = w("kero-header", match=live.id, round=min(state.claims + 1, 3), turn=state.turns + 1)
    if live.is_ai(state.active) and state.phase is not Phase.CLAIM:
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
    name, stock = named(live.names[state.active]), _stock(w, state, state.active)
    lines = [w("kero-ai-playing", name=name, phase=phase_words(w, state.phase), stock=stock)]
    return lines + _claim_report(live, w, state) + _dry_report(live, w, state)


def _start_lines(live: LiveMatch, w: Words, state: KeroState) -> list[str]:
    """Whose turn, what they may do first, and what the last turn left them (a claim, an
    outage, this turn's fuel-ups)."""
    legal = state.legal_actions(state.active)
    steps = "fuel" if fuel_offered(state, legal) else "roll"
    if steps == "roll" and any(isinstance(act, a.AddDie) for act in legal):
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
    deeds = (told.Took, told.Placed, told.Hired, told.Played, told.Used)
    lines += [_event_line(live, w, state.box, e) for e in done if isinstance(e, deeds)]
    if state.turn.owed_places:
        lines.append(w("kero-free-explorers", count=state.turn.owed_places))
    return [*lines, w("kero-camp-help")]


def fuel_offered(state: KeroState, legal: Sequence[a.Action]) -> bool:
    """Fuel up is offered when the rules allow it and the tank has room: a fuel-up into a full
    tank would spend a jerrycan for nothing."""
    tank = state.camps[state.active].tank
    return tank.level_ms < tank.capacity_ms and any(isinstance(act, a.FuelUp) for act in legal)


def tank_full(state: KeroState, seat: Seat) -> bool:
    """The clan's tank holds all it can."""
    tank = state.camps[seat].tank
    return tank.level_ms >= tank.capacity_ms


def describe(w: Words, state: KeroState, action: a.Action) -> str:
    """A short label for an action in a select (and the answer once it is done)."""
    if isinstance(action, a.Take):
        return _card_option(w, state, action.slot)
    if isinstance(action, a.Place | a.TieBreak):
        territory = state.box.territories_by_id[state.territories[action.slot - 1] or ""]
        land = territory_name(w, territory.id)
        if isinstance(action, a.TieBreak):
            return w("kero-tiebreak-option", slot=action.slot, name=land)
        about = w("kero-territory", name=land, points=territory.points)
        key = "kero-territory-boss-option" if action.boss else "kero-territory-option"
        return w(key, land=about, cost=_placement_cost(w, state))
    if isinstance(action, a.Play | a.Use):
        name = (
            tuarek_name(w, action.tuarek)
            if isinstance(action, a.Play)
            else tile_name(w, action.tile)
        )
        if action.arg is None:
            return name
        return w("kero-with-choice", what=name, choice=_choice(w, action.arg))
    return action.to_text()


def _placement_cost(w: Words, state: KeroState) -> str:
    """`free` while free placements are owed, else `cost: 🧍 1 recruit and ⚙️ 1 metal`."""
    if state.turn.owed_places:
        return w("kero-free")
    return w("kero-cost", cost=resources_text(w, state.box.supply.explorer_cost))


def _card_option(w: Words, state: KeroState, slot: int) -> str:
    """A card of the row as the image numbers it, what it scores, and its cost."""
    card = state.box.cards_by_id[state.row[slot - 1] or ""]
    cost = w("kero-cost", cost=resources_text(w, card.cost))
    return w("kero-card-option", card=card_words(w, card), cost=cost)


def card_words(w: Words, card: Card) -> str:
    """A card as its image prints it, with its colour and points: `S3 green · 1 pt`,
    `R3 green · 1 pt per green card`, `S2 green · tile A1`."""
    number = card_number(card.id, card.kind, w)
    colour = w(f"card-colour-{card.colour}") if card.colour else ""
    if card.per_colour:
        return w("kero-card-per-colour", card=number, colour=colour, per=card.per_colour)
    if card.ability and not card.points:
        return w("kero-card-tile", card=number, colour=colour, tile=int(card.ability[1:]))
    return w("kero-card-points", card=number, colour=colour, points=card.points)


def die_cost(state: KeroState, colour: str) -> int:
    """The jerrycans a special die costs now (0 with the tile that makes it free)."""
    if tile_with(state, "free_die", colour) is not None:
        return 0
    return state.box.supply.special_die_cost.jerrycan


def hire_cost(state: KeroState) -> int:
    """The jerrycans a Tuarek costs now (fewer with the tile that makes one cheaper)."""
    cheap = tile_with(state, "tuarek_cost")
    arg = state.box.tiles[cheap].effect.arg if cheap is not None else None
    return arg if isinstance(arg, int) else state.box.supply.tuarek_cost.jerrycan


def _choice(w: Words, arg: str) -> str:
    """What a Tuarek or tile is played with: a special die (Guide), a resource (Trader), or a
    die of the throw by its place (Smith, A10: "die 3" is the third)."""
    if arg in DIE_EMOJI:
        return w("kero-die-label", colour=arg)
    if arg in RESOURCES:
        return resource_words(w, arg, 1)
    if arg.isascii() and arg.isdigit():
        return w("kero-die-number", number=int(arg) + 1)
    return arg


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
    """Winners and scores, and how the game-ending claim settled the territories."""
    w = live.words
    state = kero_state(live.state)
    outcome = state.outcome()
    assert outcome is not None
    winners = w.join([f"**{named(live.names[s])}**" for s in sorted(outcome.winners)])
    lines = [w("kero-results-won", winners=winners, count=len(outcome.winners), match=live.id)]
    lines += [
        w("kero-results-line", name=named(live.names[s]), points=outcome.scores[s])
        for s in range(2)
    ]
    if state.last_claim is not None:
        lines.append(w("kero-final-claim", parts=_claim_parts(live, w, state.last_claim)))
    return "\n".join(lines)


def text_board(live: LiveMatch) -> str:
    """Each clan's points, KERO and jerrycans, and the row, for channels without images."""
    w = live.words
    state = kero_state(live.state)
    summary = state.summary()
    lines = [
        w(
            "kero-board-line",
            name=named(live.names[c["seat"]]),
            points=c["points"],
            seconds=c["kero_ms"] // 1000,
            jerrycans=c["jerrycans"],
            cards=len(c["cards"]),
            territories=len(c["territories"]),
        )
        for c in summary["camps"]
    ]
    row = [
        describe(w, state, a.Take(slot + 1))
        for slot, card in enumerate(state.row)
        if card is not None
    ]
    return "\n".join(lines + row)


def progress_line(live: LiveMatch) -> str:
    """Turn and the clan to act."""
    w = live.words
    state = kero_state(live.state)
    seats = state.seats_to_act() or (state.active,)
    waiting = w.join([named(live.names[s]) for s in seats])
    return w(
        "kero-progress", turn=state.turns + 1, phase=phase_words(w, state.phase), players=waiting
    )


def mover(state: KeroState) -> Seat:
    return state.thrower() if state.phase is Phase.FUELING else state.active


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
    if isinstance(event, told.Played | told.Used):
        return _played_line(w, event)
    return w(_BARE_EVENTS[type(event)])


_BARE_EVENTS: Final[dict[type, str]] = {
    told.RanDry: "kero-told-dry",
    told.Skipped: "kero-told-skipped",
    told.ClaimCame: "kero-told-claim-card",
}
"""The events told without a number or a name: their message ids."""


def _played_line(w: Words, event: told.Played | told.Used) -> str:
    """A Tuarek played or a tile used, with its choice (`Guide: green die`)."""
    if isinstance(event, told.Played):
        what, key = tuarek_name(w, event.tuarek), "kero-told-play"
    else:
        what, key = tile_name(w, event.tile), "kero-told-use"
    if event.arg is not None:
        what = w("kero-with-choice", what=what, choice=_choice(w, event.arg))
    return w(key, what=what)


def _fuel_line(live: LiveMatch, w: Words, fuel: told.Fuelled) -> str:
    """A fuel-up, its throws and the KERO it poured; a Dust Storm said first."""
    seconds = (fuel.gained_ms or 0) / 1000
    if fuel.paid == "outage":
        return _full(w, w("kero-told-refuel", dice=fuel.dice, seconds=seconds), fuel.full)
    paid = tuarek_name(w, "water_carrier") if fuel.paid == "water_carrier" else "1 ⛽"
    line = _full(w, w("kero-told-fuel", paid=paid, throws=fuel.throws, seconds=seconds), fuel.full)
    return w("kero-told-storm", dice=fuel.dice) + "\n" + line if fuel.storm else line


def players(live: LiveMatch) -> list[str]:
    """A line per clan on the turn's card: who plays it, its points, the clan to act marked."""
    w, state = live.words, kero_state(live.state)
    acting = set(state.seats_to_act()) or {state.active}
    return [
        w(
            "kero-panel-player",
            marker="▶ " if seat in acting and not state.is_terminal() else "",
            name=named(live.names[seat]),
            clan=w(f"clan-{seat}"),
            points=points(state, seat),
        )
        for seat in range(len(state.camps))
    ]


def accent(live: LiveMatch) -> int | None:
    """The acting clan's colour (the player lines name the clan too)."""
    state = kero_state(live.state)
    red, green, blue = CLAN_COLOURS[mover(state)]
    return red << 16 | green << 8 | blue
