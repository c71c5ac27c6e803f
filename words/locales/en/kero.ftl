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
# "Roll" is the button's label (kero-roll-label). $steps: what the player may do before
# rolling (refinery: fuel up and add dice; dice: add dice; ready: nothing else).
kero-your-turn = { $player }, your turn: { $steps ->
    [refinery] fuel up, add dice, then Roll.
    [dice] add dice, then Roll.
   *[ready] Roll when ready.
}
kero-fuelling = { $name } is fuelling up — { $thrower }, throw the dice! ({ $stock })
# The free refuel after an outage (kero-told-dry is said first).
kero-refuelling = ⛽ A passing { -tuarek(count: 1) } refuels { $name } with the 5 white dice — { $thrower }, throw!
# A live fuel-up under way.
kero-fuel-progress = 🔥 { $flames } of { $dice } dice show a flame · { $throws } { $throws ->
    [one] throw
   *[other] throws
} · +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s so far
# $when: a Discord timestamp ("in 31 seconds", in the reader's own language).
kero-rolling = { $name } is rolling — the tank runs dry { $when } { $gauge }
kero-gauge = { $bar } { $seconds } s
kero-rolling-help = Mark dice to re-roll (🔁), then Re-roll; Stop keeps them all.
kero-in-camp = { $name } is in camp: { $resources } to spend · { $stock }
kero-camp-help = Take cards, place Explorers, hire { -tuarek(count: 2) }, then End turn.
kero-tile-bonus = 🏅 { $name }'s ability tiles added { $resources } to the dice
kero-free-explorers = 🧭 { $count ->
    [one] { $count } free Explorer
   *[other] { $count } free Explorers
} to place — lost if you end the turn without placing { $count ->
    [one] it
   *[other] them
}.
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
} → +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s of { -fuel }.
# A fuel-up's line when it filled the tank (a tank holds no more).
kero-tank-full = { $line } · tank full
# In the turn after an outage.
kero-dry-report = 🏜️ { $name }'s tank ran dry — the dice counted for nothing; a passing { -tuarek(count: 1) } refuelled it: +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s of { -fuel }.

## What a turn did, a line each (in the turn's summary; the camp's deeds in its message too).

kero-told-dry = 🏜️ The tank ran dry — these dice count for nothing.
kero-told-refuel = ⛽ A passing { -tuarek(count: 1) } refuelled the truck with the { $dice } white dice: +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s of { -fuel }
kero-told-storm = 🌪️ A Dust Storm struck: only the { $dice } white dice are thrown.
# $paid: "1 ⛽" or the Water-carrier.
kero-told-fuel = ⛽ Fuelled up ({ $paid }): { $throws } { $throws ->
    [one] throw
   *[other] throws
} → +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s of { -fuel }
# $dice: the special dice's emoji; $cost: "2 ⛽" or kero-free.
kero-told-dice = 🎲 { $count ->
    [one] Took a special die
   *[other] Took { $count } special dice
}: { $dice } ({ $cost })
kero-told-stop = ✋ Stopped with { $seconds } s left; the dice gave { $got }
# $card: kero-card-points and the like; $cost: resources.
kero-told-take = 🃏 Took { $card } for { $cost }
kero-told-place = 🧭 Explorer on { $land } ({ $cost })
kero-told-place-boss = 👑 Boss on { $land } ({ $cost })
kero-told-hire = 🐪 { $count ->
    [one] Hired a { -tuarek(count: 1) }
   *[other] Hired { $count } { -tuarek(count: 2) }
} ({ $cost } ⛽)
kero-told-play = 🐪 Played { $what }
kero-told-use = 🏅 Used { $what }
kero-told-burn = 🔥 { $flames } flames: { $card } burned
kero-told-unplaced = 🧭 { $count ->
    [one] { $count } free Explorer went unused
   *[other] { $count } free Explorers went unused
}
kero-told-skipped = ⏭️ Turn skipped: nothing gained
kero-told-claim-card = 📜 A Claim card came up: claim!

## Die faces (after the face's emoji).

kero-face-flame = flame
kero-face-tuarek = { -tuarek(count: 1) }
kero-face-explorer = Explorer

## Buttons and selects.

kero-roll-label = Roll
kero-reroll-label = Re-roll
kero-reroll-count-label = Re-roll { $count }
kero-stop-label = Stop
kero-fuel-up-label = Fuel up ({ $cost } ⛽)
kero-throw-label = Throw
kero-hire-label = Hire a { -tuarek(count: 1) } ({ $cost } ⛽)
kero-end-turn-label = End turn
kero-tuareks-label = My { -tuarek(count: 2) }
# $colour: a special die's id (green, yellow, blue).
kero-die-label = { $colour ->
    [green] green die
    [yellow] yellow die
   *[blue] blue die
}
kero-die-cost-label = { $colour ->
    [green] green die
    [yellow] yellow die
   *[blue] blue die
} ({ $cost } ⛽)
kero-die-free-label = { $colour ->
    [green] green die
    [yellow] yellow die
   *[blue] blue die
} (free)
kero-die-number = die { $number }
kero-boss-activate-label = Territory { $slot }: activate your Boss
kero-boss-hold-label = Territory { $slot }: hold your Boss
kero-take-placeholder = Take a card
kero-place-placeholder = Place an Explorer
kero-place-free-placeholder = Place { $count ->
    [one] your free Explorer
   *[other] your { $count } free Explorers
} (lost if unused)
kero-tiebreak-placeholder = The tie your A5 tile breaks
kero-tuarek-placeholder = Play a { -tuarek(count: 1) } or use a tile
# What an option or a move costs ($cost: resources), and a placement that costs nothing.
kero-cost = cost: { $cost }
kero-free = free
# A card as its image numbers it ($card: image-kero-card-id), its colour and what it scores.
kero-card-points = { $card } { $colour } · { $points } { $points ->
    [one] pt
   *[other] pts
}
kero-card-per-colour = { $card } { $colour } · 1 pt per { $per ->
    [green] green card
    [yellow] yellow card
    [red] red card
   *[blue] blue card
}
kero-card-tile = { $card } { $colour } · tile A{ $tile }
# $card: kero-card-points and the like; $cost: kero-cost.
kero-card-option = { $card } — { $cost }
kero-territory = { $name }, { $points } { $points ->
    [one] pt
   *[other] pts
}
# $land: kero-territory; $cost: kero-cost or kero-free.
kero-territory-option = { $land } — { $cost }
kero-territory-boss-option = { $land } — your Boss, { $cost }
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
kero-summary-turn = ⛽ { -kero } · match #{ NUMBER($match, useGrouping: 0) } · turn { $turn } ({ $name }) is over — points: { $scores }
kero-summary-claim = ⛽ { -kero } · match #{ NUMBER($match, useGrouping: 0) } · the claim is over — points: { $scores }
kero-results-won = 🏆 { $winners } { $count ->
    [one] wins
   *[other] win
} { -kero } match #{ NUMBER($match, useGrouping: 0) }!
kero-results-line = { $name } — { $points } { $points ->
    [one] point
   *[other] points
}
kero-final-claim = 📜 The final claim: { $parts }.
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

## 📝 Text board: the board image in words, for a player who can't see it (a fact group a line,
## read by screen readers: dice colours and faces in words, never emoji alone). The clans'
## camps are the 👁 Camp texts (kero-look-*).
kero-text-turn = Turn of { $name } ({ $clan }): { $phase }.
# $jerrycans: "20 jerrycans" (resource-jerrycan).
kero-text-supply = Round { $round } of { $rounds } · cards left in the deck: { $deck } · in the supply: { $jerrycans }
# $dice: special dice by colour (kero-text-die-colour), listed, or kero-text-none.
kero-text-special-dice = Special dice taken this turn: { $dice }
kero-text-fuel-ups = Fuel-ups this turn: { $count } of { $most }
kero-text-none = none
# $when: a Discord timestamp ("in 31 seconds", in the reader's own language).
kero-text-window = The tank was tipped with { $seconds } s of { -fuel } and runs dry { $when }.
kero-text-dice = The dice ({ $count }), { $flames ->
    [0] no flame
    [one] { $flames } flame
   *[other] { $flames } flames
}:
kero-text-die = die { $number }, { $colour }: { $face }
kero-text-die-colour = { $colour ->
    [white] white
    [green] green
    [yellow] yellow
   *[blue] blue
}
kero-text-face-flame = flame (burnt)
kero-text-in-the-air = in the air
# $resources: resources in words ("2 bricks and 1 wheat"), or resource-nothing.
kero-text-to-spend = Left to spend: { $resources }.
kero-text-owed = Free Explorers still to place this turn: { $count }.
kero-text-claim = Claim: waiting for { $names } to decide.
kero-text-row = Row of cards:
kero-text-territories = New Territories:
# $what: a card (its kero-card-points words, kero-cost, kero-text-gives), a territory, or kero-text-empty.
kero-text-slot = slot { $slot }: { $what }
kero-text-empty = empty
kero-text-gives = gives { $gains }
kero-text-gain-tuarek = { $count ->
    [one] { $count } { -tuarek(count: 1) }
   *[other] { $count } { -tuarek(count: 2) }
}
kero-text-gain-explorer = { $count ->
    [one] { $count } free Explorer
   *[other] { $count } free Explorers
}
kero-text-when-claimed = when claimed: { $gains }
kero-text-end-same-colour = at the end +{ $points } if you own { $count } cards of one colour
kero-text-end-per-colour = at the end +{ $points } per { $colour } card
kero-text-end-per-territory = at the end +{ $points } per other territory you own
kero-text-end-all-colours = at the end +{ $points } if you own cards of all { $count } colours
kero-text-end = at the end +{ $points }
# $placed: kero-text-explorers-of for each clan, listed.
kero-text-explorers = Explorers: { $placed }
kero-text-explorers-of = { $name } { $count }
kero-text-bosses = { $count ->
    [one] the Boss of { $names } stands here
   *[other] the Bosses of { $names } stand here
}

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

## 👁 Camp beside a clan's line on the turn's card: its camp as anyone may see it. Tuareks are
## counted, never named (the hand and the armed Dust Storms together: arming is secret).
kero-look-label = Camp
kero-look-title = ⛺ **{ $name }**'s camp ({ $clan }) · match #{ NUMBER($match, useGrouping: 0) } · { $points } { $points ->
    [one] point
   *[other] points
}
# $tank: kero-look-tank, or kero-look-tipped while the clan rolls (the card counts down);
# $jerrycans: "3 jerrycans" (resource-jerrycan); $tuareks: how many lie face down.
kero-look-tank = { -fuel } { $seconds } s
kero-look-tipped = { -fuel } tipped with { $seconds } s
kero-look-stock = { $tank } · ⛽ { $jerrycans } · 🐪 { $tuareks } { $tuareks ->
    [one] { -tuarek(count: 1) }
   *[other] { -tuarek(count: 2) }
} face down
# $cards: each card as kero-card-points and the like, listed.
kero-look-cards = 🃏 { $count ->
    [0] Cards: none
   *[other] Cards ({ $count }):
}
kero-look-tiles = 🏅 Ability tiles: { $count ->
    [0] none
   *[other] { $tiles }
}
# $placed: kero-look-placed, listed.
kero-look-explorers = 🧭 Explorers: { $home } at home · { $count ->
    [0] none placed
   *[other] placed: { $placed }
}
kero-look-placed = { $land } ({ $count })
kero-look-land = 📜 Land: { $count ->
    [0] none
   *[other] { $land }
}
kero-look-boss = 👑 Boss: { $where ->
    [home] at home
    [out] on { $land }
   *[used] used
}
