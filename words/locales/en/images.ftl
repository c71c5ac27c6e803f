## Words drawn in images (render/): the Keer op Keer Kids table, sheet and results, the Kero
## board, dice strip and results, and the rating chart. Room is tight: keep each text about as
## long as the English. A line break in a message is a line break in the image.

## Keer op Keer Kids: a sheet.

image-keer-player = Player { $seat }
# An enclosure's name: its animal's letter (animal-*-letter) and its number ("E3").
image-keer-enclosure = { $letter }{ $number }
image-keer-points = { $count ->
    [one] { $count } point
   *[other] { $count } points
}
# What a player did with the roll shown (next to their name).
image-keer-keeping = keeping a die…
image-keer-waiting-roller = waiting for the roller…
image-keer-has-chosen = has chosen
image-keer-choosing = choosing…
image-keer-crossed = crossed { $enclosure }
image-keer-marked = marked !
image-keer-marked-chameleon = marked ! + chameleon { $enclosure }
image-keer-skipped = skipped
image-keer-missed = missed the clock
# Under a chameleon: the enclosure it crossed, or that it was lost.
image-keer-chameleon-used = used: { $enclosure }
image-keer-chameleon-lost = lost
# Under the die the roller kept.
image-keer-kept = kept

## Keer op Keer Kids: the table's band.

image-keer-no-roll = no roll yet
image-keer-rolls-first = { -keer } · { $name } rolls first
image-keer-rolled = Roll { $number } · { $name } rolled
image-keer-game-over = { $count ->
    [one] Game over: { $winners } wins
   *[other] Game over: { $winners } win
}
image-keer-next = Next: { $name } rolls
image-keer-waiting = Waiting for { $names }

## Keer op Keer Kids: the results card.

image-keer-place = { ORDINAL($place) ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
}
image-keer-results-heading = { -keer } · results
image-keer-standings-heading = { -keer } · standings
image-keer-rolls-played = { $count ->
    [one] { $count } roll played
   *[other] { $count } rolls played
}
# $rolls is image-keer-rolls-played; $count the number of winners.
image-keer-results-over = { $count ->
    [one] { $rolls } · { $winners } wins
   *[other] { $rolls } · { $winners } share the win
}
image-keer-results-going = { $rolls } · the match is still going
image-keer-points-caption = { $count ->
    [one] point
   *[other] points
}
image-keer-winner = WINNER
image-keer-shared-win = SHARED WIN
image-keer-circles = buckets { $buckets } · visitors { $visitors } · food { $food }
image-keer-results-note = Every circle is one point: buckets of full columns, visitors, food of complete animals.

## Kero: short words for the resources, on chips ("2 br").

image-kero-short-brick = br
image-kero-short-wheat = wh
image-kero-short-metal = me
image-kero-short-recruit = re
image-kero-short-jerrycan = jc
# A resource chip: a count and a short word above ("2 br").
image-kero-resource = { $count } { $short }

## Kero: the board's header and frames.

image-kero-phase-setup = setting up
image-kero-phase-start = choosing dice
image-kero-phase-fueling = fuelling up
image-kero-phase-rolling = rolling
image-kero-phase-camp = in camp
image-kero-phase-claim = claim decisions
image-kero-phase-over = game over
image-kero-round = Round { $round } of { $rounds }
image-kero-game-over = Game over
image-kero-supply = Deck { $deck } · Supply { $jerrycans } { image-kero-short-jerrycan }
image-kero-fuel = { -fuel }
image-kero-burns-first = burns first
image-kero-fuel-ups = Fuel-ups this turn: { $count } of { $most }
# A special die on the shack: what it costs, or that it is free or taken.
image-kero-shack-ready = { $count } { image-kero-short-jerrycan }
image-kero-shack-free = free
image-kero-shack-taken = taken
# The letter on a special die (its colour is its fill too).
image-kero-die-letter-green = G
image-kero-die-letter-yellow = Y
image-kero-die-letter-blue = B

## Kero: a camp.

image-kero-hidden = ?
image-kero-cards = Cards
image-kero-tiles = Tiles
image-kero-land = Land
image-kero-you = (you)
image-kero-points = { $count ->
    [one] { $count } pt
   *[other] { $count } pts
}
image-kero-to-play = TO PLAY
image-kero-tank = { NUMBER($level, minimumFractionDigits: 1, maximumFractionDigits: 1) } s of { $capacity }
image-kero-tuareks = { $count ->
    [one] { $count } { -tuarek(count: 1) }
   *[other] { $count } { -tuarek(count: 2) }
}
image-kero-at-home = { $count } at home
image-kero-boss-used = Boss used
image-kero-boss-home = Boss home
image-kero-boss-out = Boss out
# A clan's cards of one colour ($colour: green, yellow, red, blue).
image-kero-card-chip = { $count } { $colour ->
    [green] green
    [yellow] yellow
    [red] red
   *[blue] blue
}
image-kero-no-tiles = none
image-kero-no-land = none yet
# An ability tile: its number (image-kero-tile-id) and its name (ability-*).
image-kero-ability-chip = { $id } { $name }
image-kero-territory-chip = { $name } { $points }
# A territory with end-game points on a condition.
image-kero-territory-chip-more = { $name } { $points }+

## Kero: the cards of the row.

# A card's number: its kind (start, regular, claim) and its number in that kind.
image-kero-card-id = { $kind ->
    [start] S{ $number }
    [claim] C{ $number }
   *[regular] R{ $number }
}
# An ability tile's number, as the text messages write it too (kero-tile).
image-kero-tile-id = A{ $number }
image-kero-card-tile = tile { $tile }
image-kero-empty = empty
image-kero-gain-jerrycan = { $count ->
    [one] +{ $count } jerrycan
   *[other] +{ $count } jerrycans
}
image-kero-gain-jerrycan-short = +{ $count } { image-kero-short-jerrycan }
image-kero-gain-tuarek = { $count ->
    [one] +{ $count } { -tuarek(count: 1) }
   *[other] +{ $count } { -tuarek(count: 2) }
}
image-kero-gain-explorer = { $count ->
    [one] Explorer
   *[other] { $count } Explorers
}
image-kero-effect-free-die =
    { $colour ->
        [green] Green die
        [yellow] Yellow die
       *[blue] Blue die
    }
    every turn
# $resource is resource-* with count 1 ("1 brick").
image-kero-effect-bonus = +{ $resource }
    every turn
image-kero-effect-tuarek-cost = Hire a { -tuarek(count: 1) }
    for { $count } { image-kero-short-jerrycan }
image-kero-effect-win-ties = Wins a tie
    at a claim
image-kero-effect-ignore-flames = { $count ->
    [one] Ignore { $count } flame
   *[other] Ignore { $count } flames
}
image-kero-effect-reroll = Re-roll a
    burnt die
image-kero-per-colour-card = 1 / { $colour ->
    [green] green card
    [yellow] yellow card
    [red] red card
   *[blue] blue card
}

## Kero: the New Territories.

# $gains: what the claim brings, as a list.
image-kero-claim = Claim: { $gains }
image-kero-end-same-colour = End: +{ $points } if you own
    { $count } cards of a colour
image-kero-end-per-colour = End: +{ $points } / { $colour ->
    [green] green card
    [yellow] yellow card
    [red] red card
   *[blue] blue card
}
image-kero-end-per-territory = End: +{ $points } / other territory
image-kero-end-all-colours = End: +{ $points } if you own
    cards of all { $count } colours
image-kero-end = End: +{ $points }
image-kero-no-bonus = no bonus
image-kero-no-territory = no territory
# A clan's name on its Explorer badge (short: clan-0, clan-1 without "clan").
image-kero-clan-short-0 = Brown
image-kero-clan-short-1 = Grey

## Kero: the dice strip.

image-kero-flames = { $count ->
    [one] { $count } flame
   *[other] { $count } flames
}
image-kero-in-the-air = ?

## Kero: the results.

image-kero-shared-win = Shared win: { $names }
image-kero-wins = { $name } ({ $clan }) wins
image-kero-leads = { $name } ({ $clan }) leads
image-kero-winner = WINNER
image-kero-ahead = AHEAD
image-kero-points-caption = { $count ->
    [one] point
   *[other] points
}
image-kero-seconds = { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
image-kero-final-scores = Final scores
image-kero-card-points = Card points
image-kero-territory-points = Territory points
image-kero-territories-claimed = Territories claimed
image-kero-jerrycans-left = Jerrycans left
image-kero-fuel-left = { -fuel } left
image-kero-cards-taken = Cards taken
image-kero-played = { $turns ->
    [one] { $turns } turn played · { $claims } of { $rounds } claims
   *[other] { $turns } turns played · { $claims } of { $rounds } claims
}
image-kero-played-tied = { $turns ->
    [one] { $turns } turn played · { $claims } of { $rounds } claims · tied on points: territories, jerrycans, then { -fuel } decide
   *[other] { $turns } turns played · { $claims } of { $rounds } claims · tied on points: territories, jerrycans, then { -fuel } decide
}


## Kero: the turn panel, and the words the phone-first board added.

# A card's colour in words on its band (not by fill alone).
image-kero-colour = { $colour ->
    [green] green
    [yellow] yellow
    [red] red
   *[blue] blue
}
# $phase is one of image-kero-phase-*; $name a player's name.
image-kero-turn-yours = Your turn · { $phase }
image-kero-turn-of = { $name }'s turn · { $phase }
image-kero-waiting = { $name }: no roll yet
image-kero-roll-by = { $name }'s roll
# What the state knows of a tipped tank: the whole seconds of KERO its last throw had used of
# what it was tipped with (not a live clock: the message counts down).
image-kero-used = { $used } of { $tipped } s of { -fuel } used by the last throw
image-kero-to-spend = To spend:
image-kero-nothing-to-spend = Nothing left to spend
image-kero-owed-places = { $count ->
    [one] { $count } free Explorer to place
   *[other] { $count } free Explorers to place
}
image-kero-fuelling = Fuel-up · throws: { $throws } · dice left: { $dice }
# A card the clan took this turn, by its id (image-kero-card-id).
image-kero-new-card = new { $card }

## The rating chart (/stats).

image-stats-rated-match = rated match
image-stats-line = rating (skill − 3 × uncertainty)
image-stats-band = skill ± uncertainty
image-stats-empty = no rated matches yet
image-stats-rating = { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
# An axis' tick values, with 0, 1 or 2 decimals.
image-stats-tick-0 = { NUMBER($value, maximumFractionDigits: 0) }
image-stats-tick-1 = { NUMBER($value, minimumFractionDigits: 1, maximumFractionDigits: 1) }
image-stats-tick-2 = { NUMBER($value, minimumFractionDigits: 2, maximumFractionDigits: 2) }
# The letters a player's choices are marked with, on their sheet and in the options, in order.
image-keer-option-letters = ABCDEFGHIJKLMNOPQRSTUVWXYZ
