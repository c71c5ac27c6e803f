## Kero in Discord: the turn's public message and its buttons, My Tuareks (only for the member
## who opens it), the results, the refusals and /kero challenge.
## Resources, territories, tiles and Tuareks are named in games.ftl.

## The turn's message.

kero-header = ⛽ **{ -kero }** · match #{ NUMBER($match, useGrouping: 0) } · round { $round } · turn { $turn }
# $jerrycans: "3 jerrycans" (resource-jerrycan).
kero-stock = { -fuel } { $seconds } s · ⛽ { $jerrycans }
kero-stock-special-dice = { $stock } · special dice: { $dice }
kero-phase-setup = dealing
kero-phase-start = choosing dice
kero-phase-fueling = fuelling up
kero-phase-rolling = rolling
kero-phase-camp = in camp
kero-phase-claim = claiming territories
kero-phase-over = over
kero-ai-playing = 🤖 { $name } is playing ({ $phase }) · { $stock }
# "Roll" is the button's label (kero-roll-label).
kero-your-turn = { $player }, your turn: fuel up, add dice, then Roll.
kero-fuelling = { $name } is fuelling up — { $thrower }, throw the dice! ({ $stock })
# $when: a Discord timestamp ("in 31 seconds", in the reader's own language).
kero-rolling = { $name } is rolling — the tank runs dry { $when } { $gauge }
kero-gauge = { $bar } { $seconds } s
kero-rolling-help = Mark dice to re-roll (🔁), then Re-roll; Stop keeps them all.
kero-in-camp = { $name } is in camp: { $resources } to spend · { $stock }
kero-camp-help = Take cards, place Explorers, hire { -tuarek(count: 2) }, then End turn.
kero-claim-waiting = 📜 Claim! Waiting for { $players } to decide about a tie (answers stay secret until all are in).
kero-claim-report = 📜 Claim: { $parts }.
kero-claimed-majority = { $name } won { $land }
kero-claimed-boss = { $name } won { $land } with their Boss
kero-claimed-tiebreak = { $name } won { $land } with the tie-breaker
kero-claimed-bosses = { $land }: both Bosses on a tie — discarded, both Bosses turned over
kero-claimed-tie = { $land }: tied — discarded
kero-claimed-empty = { $land }: nobody there — discarded
kero-fuel-report = ⛽ Fuel-up { $count } done: { $thrower }'s dice took { $throws } { $throws ->
    [one] throw
   *[other] throws
}.
kero-fuel-report-auto = ⛽ Fuel-up { $count } done: { $thrower }'s dice took { $throws } { $throws ->
    [one] throw
   *[other] throws
} → +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s of { -fuel } (a tank holds at most its capacity).

## Die faces (after the face's emoji).

kero-face-flame = flame
kero-face-tuarek = { -tuarek(count: 1) }
kero-face-explorer = Explorer

## Buttons and selects.

kero-roll-label = Roll
kero-reroll-label = Re-roll
kero-reroll-count-label = Re-roll { $count }
kero-stop-label = Stop
kero-fuel-up-label = Fuel up (1 ⛽)
kero-throw-label = Throw
kero-hire-label = Hire a { -tuarek(count: 1) } (2 ⛽)
kero-end-turn-label = End turn
kero-tuareks-label = My { -tuarek(count: 2) }
# $colour: a special die's id (green, yellow, blue).
kero-die-label = { $colour ->
    [green] green die
    [yellow] yellow die
   *[blue] blue die
}
kero-die-number = die { $number }
kero-boss-activate-label = Territory { $slot }: activate your Boss
kero-boss-hold-label = Territory { $slot }: hold your Boss
kero-take-placeholder = Take a card
kero-place-placeholder = Place an Explorer
kero-tiebreak-placeholder = The tie your A5 tile breaks
kero-tuarek-placeholder = Play a { -tuarek(count: 1) } or use a tile
# $kind: the card's kind (start, regular, claim); $colour: card-colour-*; $cost: resources.
kero-card-option = Card { NUMBER($slot) }: { $kind ->
    [start] start
    [claim] claim
   *[regular] regular
}, { $points } { $points ->
    [one] pt
   *[other] pts
} — { $cost }
kero-card-coloured-option = Card { NUMBER($slot) }: { $colour } { $kind ->
    [start] start
    [claim] claim
   *[regular] regular
}, { $points } { $points ->
    [one] pt
   *[other] pts
} — { $cost }
kero-territory-option = Territory { NUMBER($slot) }: { $name }, { $points } { $points ->
    [one] pt
   *[other] pts
}
kero-territory-boss-option = Territory { NUMBER($slot) }: { $name }, { $points } { $points ->
    [one] pt
   *[other] pts
} (your Boss)
kero-tiebreak-option = Territory { NUMBER($slot) }: { $name }
# A Tuarek or tile and what it is played with ("Trader: 1 metal", "A10 Second chance: die 3").
kero-with-choice = { $what }: { $choice }
# An ability tile: its number on the tile and its name (ability-aN).
kero-tile = A{ $number } { $name }

## My Tuareks: only the member who opens it sees it.

kero-my-tuareks = 🐪 Your { -tuarek(count: 2) }: { $tuareks }
kero-my-tuareks-armed = 🐪 Your { -tuarek(count: 2) }: { $tuareks } · { $armed } Dust Storm armed
kero-my-tiles = 🏅 Your ability tiles: { $tiles }
kero-no-tuareks = none
kero-no-tiles = none
kero-nothing-to-play = Nothing to play right now.

## Once a message is done with, the results, the text board.

kero-score = { $name } { $points }
kero-summary-turn = ⛽ { -kero } · match #{ NUMBER($match, useGrouping: 0) } · turn { $turn } is over — points: { $scores }
kero-summary-claim = ⛽ { -kero } · match #{ NUMBER($match, useGrouping: 0) } · the claim is over — points: { $scores }
kero-results-won = 🏆 { $winners } { $count ->
    [one] wins
   *[other] win
} { -kero } match #{ NUMBER($match, useGrouping: 0) }!
kero-results-line = { $name } — { $points } { $points ->
    [one] point
   *[other] points
}
kero-board-line = **{ $name }** — { $points } { $points ->
    [one] point
   *[other] points
} · { -fuel } { $seconds } s · ⛽ { $jerrycans } · { $cards } { $cards ->
    [one] card
   *[other] cards
} · { $territories } { $territories ->
    [one] territory
   *[other] territories
}
kero-progress = turn { $turn } · { $phase } · waiting for { $players }

## Refusals.

kero-refuse-only-roller = Only the rolling player marks dice.
# $cost, $have: lists of resources ("2 bricks and 1 metal").
kero-costs-more = That costs { $cost } and you have { $have }.
kero-refuse-challenge-yourself = You can't challenge yourself.
kero-refuse-challenge-bot = Bots can't play; challenge me to play the computer.

## /kero challenge.

kero-cmd = { -kero }
kero-challenge-cmd = Challenge a member (or me) to { -kero }
kero-challenge-member-cmd = who you challenge (pick { -tablero } itself to play the computer)
kero-challenge-variant-cmd = base game, or the Boss Variant
kero-challenge-refuel-cmd = fuel-ups thrown automatically, or live by the opponent
kero-challenge-clock-cmd = live: minutes per turn; async: hours (the server's default)
kero-challenge-rated-cmd = false for a casual match that changes no rating
kero-challenge-level-cmd = how strong the computer plays, when you challenge the bot
kero-level-easy-choice = easy
kero-level-normal-choice = normal
kero-level-hard-choice = hard
kero-variant-base-choice = base
kero-variant-boss-choice = boss
kero-refuel-auto-choice = auto
kero-refuel-live-choice = live
kero-clock-live-choice = live
kero-clock-async-choice = async
kero-started-vs-computer = ⚔️ { -kero } match #{ NUMBER($match, useGrouping: 0) } against the computer has started.

## The match card's line per clan ($marker: "▶ " before the clan to act, else empty).
kero-panel-player = { $marker }**{ $name }** · { $clan } · { $points } { $points ->
    [one] point
   *[other] points
}
