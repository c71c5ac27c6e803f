## De woorden in de afbeeldingen (render/): de tafel, het blad en de uitslag van Keer op Keer
## Kids, het bord, de dobbelstenen en de uitslag van Kero, en de ratinggrafiek. Er is weinig
## ruimte: houd elke tekst ongeveer zo lang als de Engelse. Een regeleinde in een bericht is een
## regeleinde in de afbeelding.

## Keer op Keer Kids: een blad.

image-keer-player = Speler { $seat }
image-keer-enclosure = { $letter }{ $number }
image-keer-points = { $count ->
    [one] { $count } punt
   *[other] { $count } punten
}
image-keer-keeping = houdt een dobbelsteen…
image-keer-waiting-roller = wacht op wie gooit…
image-keer-has-chosen = heeft gekozen
image-keer-choosing = kiest…
image-keer-crossed = kruiste { $enclosure } af
image-keer-marked = kruiste een ! af
image-keer-marked-chameleon = kruiste een ! af + kameleon { $enclosure }
image-keer-skipped = paste
image-keer-missed = was te laat
image-keer-chameleon-used = gebruikt: { $enclosure }
image-keer-chameleon-lost = verloren
image-keer-kept = gehouden

## Keer op Keer Kids: de balk van de tafel.

image-keer-no-roll = nog niet gegooid
image-keer-rolls-first = { -keer } · { $name } gooit eerst
image-keer-rolled = Worp { $number } · { $name } gooide
image-keer-game-over = { $count ->
    [one] Afgelopen: { $winners } wint
   *[other] Afgelopen: { $winners } winnen
}
image-keer-next = Nu gooit { $name }
image-keer-waiting = Wachten op { $names }

## Keer op Keer Kids: de uitslag.

image-keer-place = { $place }e
image-keer-results-heading = { -keer } · uitslag
image-keer-standings-heading = { -keer } · tussenstand
image-keer-rolls-played = { $count ->
    [one] { $count } worp gespeeld
   *[other] { $count } worpen gespeeld
}
image-keer-results-over = { $count ->
    [one] { $rolls } · { $winners } wint
   *[other] { $rolls } · { $winners } delen de winst
}
image-keer-results-going = { $rolls } · het potje loopt nog
image-keer-points-caption = { $count ->
    [one] punt
   *[other] punten
}
image-keer-winner = WINNAAR
image-keer-shared-win = GEDEELDE WINST
image-keer-circles = emmers { $buckets } · bezoekers { $visitors } · voer { $food }
image-keer-results-note = Elke cirkel is één punt: emmers van volle kolommen, bezoekers, voer van complete dieren.

## Kero: korte woorden voor de grondstoffen, op de fiches ("2 bak").

image-kero-short-brick = bak
image-kero-short-wheat = gr
image-kero-short-metal = met
image-kero-short-recruit = rek
image-kero-short-jerrycan = jc
image-kero-resource = { $count } { $short }

## Kero: de kop en de kaders van het bord.

image-kero-phase-setup = delen
image-kero-phase-start = dobbelstenen kiezen
image-kero-phase-fueling = tanken
image-kero-phase-rolling = gooien
image-kero-phase-camp = in het kamp
image-kero-phase-claim = gebieden claimen
image-kero-phase-over = afgelopen
image-kero-round = Ronde { $round } van { $rounds }
image-kero-game-over = Afgelopen
image-kero-supply = Stapel { $deck } · Voorraad { $jerrycans } { image-kero-short-jerrycan }
image-kero-fuel = { -fuel }
image-kero-burns-first = brandt eerst
image-kero-fuel-ups = Getankt deze beurt: { $count } van { $most }
image-kero-shack-ready = { $count } { image-kero-short-jerrycan }
image-kero-shack-free = gratis
image-kero-shack-taken = gekozen
image-kero-die-letter-green = Gr
image-kero-die-letter-yellow = Ge
image-kero-die-letter-blue = B

## Kero: een kamp.

image-kero-hidden = ?
image-kero-cards = Kaarten
image-kero-tiles = Tegels
image-kero-land = Land
image-kero-you = (jij)
image-kero-points = { $count ->
    [one] { $count } pt
   *[other] { $count } ptn
}
image-kero-to-play = AAN ZET
image-kero-tank = { NUMBER($level, minimumFractionDigits: 1, maximumFractionDigits: 1) } s van { $capacity }
image-kero-tuareks = { $count ->
    [one] { $count } { -tuarek(count: 1) }
   *[other] { $count } { -tuarek(count: 2) }
}
image-kero-at-home = { $count } thuis
image-kero-boss-used = Baas gebruikt
image-kero-boss-home = Baas thuis
image-kero-boss-out = Baas op pad
image-kero-card-chip = { $count } { $colour ->
    [green] groen
    [yellow] geel
    [red] rood
   *[blue] blauw
}
image-kero-no-tiles = geen
image-kero-no-land = nog geen
image-kero-ability-chip = { $id } { $name }
image-kero-territory-chip = { $name } { $points }
image-kero-territory-chip-more = { $name } { $points }+

## Kero: de kaarten van de rij.

# Het nummer van een kaart: de soort (S start, G gewoon, C claim) en het nummer.
image-kero-card-id = { $kind ->
    [start] S{ $number }
    [claim] C{ $number }
   *[regular] G{ $number }
}
image-kero-tile-id = A{ $number }
image-kero-card-tile = tegel { $tile }
image-kero-empty = leeg
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
    [one] Ontdekkingsreiziger
   *[other] { $count } ontdekkingsreizigers
}
image-kero-effect-free-die =
    { $colour ->
        [green] Groene dobbelsteen
        [yellow] Gele dobbelsteen
       *[blue] Blauwe dobbelsteen
    }
    elke beurt
image-kero-effect-bonus = +{ $resource }
    elke beurt
image-kero-effect-tuarek-cost = Huur een { -tuarek(count: 1) }
    voor { $count } { image-kero-short-jerrycan }
image-kero-effect-win-ties = Wint een gelijkspel
    bij een claim
image-kero-effect-ignore-flames = { $count ->
    [one] Negeer { $count } vlam
   *[other] Negeer { $count } vlammen
}
image-kero-effect-reroll = Gooi een verbrande
    dobbelsteen opnieuw
image-kero-per-colour-card = 1 / { $colour ->
    [green] groene kaart
    [yellow] gele kaart
    [red] rode kaart
   *[blue] blauwe kaart
}

## Kero: de Nieuwe Gebieden.

image-kero-claim = Bij claim: { $gains }
image-kero-end-same-colour = Einde: +{ $points } met
    { $count } kaarten van één kleur
image-kero-end-per-colour = Einde: +{ $points } / { $colour ->
    [green] groene kaart
    [yellow] gele kaart
    [red] rode kaart
   *[blue] blauwe kaart
}
image-kero-end-per-territory = Einde: +{ $points } / ander gebied
image-kero-end-all-colours = Einde: +{ $points } met kaarten
    van alle { $count } kleuren
image-kero-end = Einde: +{ $points }
image-kero-no-bonus = geen bonus
image-kero-no-territory = geen gebied
image-kero-clan-short-0 = Bruin
image-kero-clan-short-1 = Grijs

## Kero: de dobbelstenen.

image-kero-flames = { $count ->
    [one] { $count } vlam
   *[other] { $count } vlammen
}
image-kero-in-the-air = ?


## Kero: het beurtpaneel, en de woorden die het bord voor de telefoon toevoegde.

image-kero-colour = { $colour ->
    [green] groen
    [yellow] geel
    [red] rood
   *[blue] blauw
}
image-kero-turn-yours = Jouw beurt · { $phase }
image-kero-turn-of = Aan de beurt: { $name } · { $phase }
image-kero-waiting = { $name }: nog niet gegooid
image-kero-roll-by = Worp: { $name }
image-kero-used = { $used } van { $tipped } s { -fuel } verbruikt bij de laatste worp
image-kero-to-spend = Te besteden:
image-kero-nothing-to-spend = Niets meer te besteden
image-kero-owed-places = { $count ->
    [one] { $count } gratis ontdekkingsreiziger te plaatsen
   *[other] { $count } gratis ontdekkingsreizigers te plaatsen
}
image-kero-fuelling = Tanken · worpen: { $throws } · zonder vlam: { $dice }
image-kero-new-card = nieuw { $card }

## Kero: de uitslag.

image-kero-shared-win = Gedeelde winst: { $names }
image-kero-wins = { $name } ({ $clan }) wint
image-kero-leads = { $name } ({ $clan }) staat voor
image-kero-winner = WINNAAR
image-kero-ahead = VOOR
image-kero-points-caption = { $count ->
    [one] punt
   *[other] punten
}
image-kero-seconds = { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
image-kero-final-scores = Eindstand
image-kero-card-points = Kaartpunten
image-kero-territory-points = Gebiedspunten
image-kero-territories-claimed = Geclaimde gebieden
image-kero-jerrycans-left = Jerrycans over
image-kero-fuel-left = { -fuel } over
image-kero-cards-taken = Genomen kaarten
image-kero-played = { $turns ->
    [one] { $turns } beurt gespeeld · { $claims } van { $rounds } claims
   *[other] { $turns } beurten gespeeld · { $claims } van { $rounds } claims
}
image-kero-played-tied = { $turns ->
    [one] { $turns } beurt gespeeld · { $claims } van { $rounds } claims · gelijk in punten: gebieden, jerrycans en dan { -fuel } beslissen
   *[other] { $turns } beurten gespeeld · { $claims } van { $rounds } claims · gelijk in punten: gebieden, jerrycans en dan { -fuel } beslissen
}

## De ratinggrafiek (/stats).

image-stats-rated-match = potje dat meetelt
image-stats-line = rating (vaardigheid − 3 × onzekerheid)
image-stats-band = vaardigheid ± onzekerheid
image-stats-empty = nog geen potjes die meetellen
image-stats-rating = { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
image-stats-tick-0 = { NUMBER($value, maximumFractionDigits: 0) }
image-stats-tick-1 = { NUMBER($value, minimumFractionDigits: 1, maximumFractionDigits: 1) }
image-stats-tick-2 = { NUMBER($value, minimumFractionDigits: 2, maximumFractionDigits: 2) }
# The letters a player's choices are marked with, on their sheet and in the options, in order.
image-keer-option-letters = ABCDEFGHIJKLMNOPQRSTUVWXYZ
