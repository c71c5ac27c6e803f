## Kero in Discord: het openbare bericht van de beurt en zijn knoppen, Mijn Tuareks (alleen
## voor wie het opent), de uitslag, de weigeringen en /kero challenge.
## Grondstoffen, gebieden, tegels en Tuareks staan in games.ftl.

## Het bericht van de beurt.

kero-header = ⛽ **{ -kero }** · potje #{ NUMBER($match, useGrouping: 0) } · ronde { $round } · beurt { $turn }
kero-stock = { -fuel } { $seconds } s · ⛽ { $jerrycans }
kero-stock-special-dice = { $stock } · speciale dobbelstenen: { $dice }
kero-phase-setup = delen
kero-phase-start = dobbelstenen kiezen
kero-phase-fueling = tanken
kero-phase-rolling = gooien
kero-phase-camp = in het kamp
kero-phase-claim = gebieden claimen
kero-phase-over = afgelopen
kero-ai-playing = 🤖 { $name } is aan zet ({ $phase }) · { $stock }
kero-your-turn = { $player }, jouw beurt: { $steps ->
    [refinery] tank, kies dobbelstenen en klik dan op Gooien.
    [dice] kies dobbelstenen en klik dan op Gooien.
   *[ready] klik op Gooien als je klaar bent.
}
kero-fuelling = { $name } tankt — { $thrower }, gooi de dobbelstenen! ({ $stock })
kero-refuelling = ⛽ Een langskomende { -tuarek(count: 1) } tankt { $name } bij met de 5 witte dobbelstenen — { $thrower }, gooi!
kero-fuel-progress = 🔥 { $flames } van de { $dice } dobbelstenen tonen een vlam · { $throws } { $throws ->
    [one] worp
   *[other] worpen
} · tot nu toe +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
# $when: "over 31 seconden" (Discord's timestamp).
kero-rolling = { $name } gooit — de tank raakt { $when } leeg { $gauge }
kero-gauge = { $bar } { $seconds } s
kero-rolling-help = Markeer de dobbelstenen die je opnieuw wilt gooien (🔁) en klik op Opnieuw gooien; met Stoppen houd je ze allemaal.
kero-in-camp = { $name } is in het kamp: { $resources } te besteden · { $stock }
kero-camp-help = Neem kaarten, zet ontdekkingsreizigers neer, huur { -tuarek(count: 2) } in en klik dan op Beurt beëindigen.
kero-tile-bonus = 🏅 De vaardigheidstegels van { $name } voegden { $resources } toe aan de dobbelstenen
kero-free-explorers = 🧭 { $count ->
    [one] { $count } gratis ontdekkingsreiziger neer te zetten: weg als je de beurt beëindigt zonder hem neer te zetten.
   *[other] { $count } gratis ontdekkingsreizigers neer te zetten: weg als je de beurt beëindigt zonder ze neer te zetten.
}
kero-claim-waiting = 📜 Claim! Wachten op de beslissing van { $players } over een gelijkspel (de antwoorden blijven geheim tot ze er allemaal zijn).
kero-claim-report = 📜 Claim: { $parts }.
kero-claimed-majority = { $name } wint { $land }
kero-claimed-boss = { $name } wint { $land } met de baas
kero-claimed-tiebreak = { $name } wint { $land } met de Beslisser
kero-claimed-bosses = { $land }: beide bazen op een gelijkspel — weggelegd, beide bazen omgedraaid
kero-claimed-tie = { $land }: gelijkspel — weggelegd
kero-claimed-empty = { $land }: niemand aanwezig — weggelegd
kero-fuel-report = ⛽ Tankbeurt { $count } klaar: de dobbelstenen van { $thrower } hadden { $throws } { $throws ->
    [one] worp
   *[other] worpen
} nodig → +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s { -fuel }.
kero-tank-full = { $line } · tank vol
kero-dry-report = 🏜️ De tank van { $name } raakte leeg — de dobbelstenen telden niet; een langskomende { -tuarek(count: 1) } tankte bij: +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s { -fuel }.

## Wat een beurt deed, een regel per ding (in de samenvatting van de beurt; wat in het kamp gebeurde ook in het bericht zelf).

kero-told-dry = 🏜️ De tank is leeg — deze dobbelstenen tellen niet.
kero-told-refuel = ⛽ Een langskomende { -tuarek(count: 1) } tankte de truck bij met de { $dice } witte dobbelstenen: +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s { -fuel }
kero-told-storm = 🌪️ Een zandstorm! Alleen de { $dice } witte dobbelstenen worden gegooid.
kero-told-fuel = ⛽ Getankt ({ $paid }): { $throws } { $throws ->
    [one] worp
   *[other] worpen
} → +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s { -fuel }
kero-told-dice = 🎲 { $count ->
    [one] Nam een speciale dobbelsteen
   *[other] Nam { $count } speciale dobbelstenen
}: { $dice } ({ $cost })
kero-told-stop = ✋ Gestopt met nog { $seconds } s in de tank; de dobbelstenen gaven { $got }
kero-told-take = 🃏 Nam { $card } voor { $cost }
kero-told-place = 🧭 Ontdekkingsreiziger naar { $land } ({ $cost })
kero-told-place-boss = 👑 Baas naar { $land } ({ $cost })
kero-told-hire = 🐪 { $count ->
    [one] Huurde een { -tuarek(count: 1) } in
   *[other] Huurde { $count } { -tuarek(count: 2) } in
} ({ $cost } ⛽)
kero-told-play = 🐪 Speelde { $what }
kero-told-use = 🏅 Gebruikte { $what }
kero-told-burn = 🔥 { $flames } vlammen: { $card } verbrand
kero-told-unplaced = 🧭 { $count ->
    [one] { $count } gratis ontdekkingsreiziger bleef ongebruikt
   *[other] { $count } gratis ontdekkingsreizigers bleven ongebruikt
}
kero-told-skipped = ⏭️ Beurt overgeslagen: niets gekregen
kero-told-claim-card = 📜 Er kwam een claimkaart tevoorschijn: claim!

## De zijden van de dobbelstenen (na hun emoji).

kero-face-flame = vlam
kero-face-tuarek = { -tuarek(count: 1) }
kero-face-explorer = ontdekkingsreiziger

## Knoppen en keuzemenu's.

kero-roll-label = Gooien
kero-reroll-label = Opnieuw gooien
kero-reroll-count-label = { $count } opnieuw gooien
kero-stop-label = Stoppen
kero-fuel-up-label = Tanken ({ $cost } ⛽)
kero-throw-label = Gooien
kero-hire-label = { -tuarek(count: 1) } inhuren ({ $cost } ⛽)
kero-end-turn-label = Beurt beëindigen
kero-tuareks-label = Mijn { -tuarek(count: 2) }
kero-die-label = { $colour ->
    [green] groene dobbelsteen
    [yellow] gele dobbelsteen
   *[blue] blauwe dobbelsteen
}
kero-die-cost-label = { $colour ->
    [green] groene dobbelsteen
    [yellow] gele dobbelsteen
   *[blue] blauwe dobbelsteen
} ({ $cost } ⛽)
kero-die-free-label = { $colour ->
    [green] groene dobbelsteen
    [yellow] gele dobbelsteen
   *[blue] blauwe dobbelsteen
} (gratis)
kero-die-number = dobbelsteen { $number }
kero-boss-activate-label = Gebied { $slot }: zet je baas in
kero-boss-hold-label = Gebied { $slot }: houd je baas achter
kero-take-placeholder = Neem een kaart
kero-place-placeholder = Zet een ontdekkingsreiziger neer
kero-place-free-placeholder = { $count ->
    [one] Zet je gratis ontdekkingsreiziger neer (weg als je hem niet gebruikt)
   *[other] Zet je { $count } gratis ontdekkingsreizigers neer (weg als je ze niet gebruikt)
}
kero-tiebreak-placeholder = Het gelijkspel dat je A5-tegel beslist
kero-tuarek-placeholder = Speel een { -tuarek(count: 1) } of gebruik een tegel
kero-cost = kosten: { $cost }
kero-free = gratis
kero-card-points = { $card } { $colour } · { $points } { $points ->
    [one] punt
   *[other] punten
}
kero-card-per-colour = { $card } { $colour } · 1 punt per { $per ->
    [green] groene
    [yellow] gele
    [red] rode
   *[blue] blauwe
} kaart
kero-card-tile = { $card } { $colour } · tegel A{ $tile }
kero-card-option = { $card } — { $cost }
kero-territory = { $name }, { $points } { $points ->
    [one] punt
   *[other] punten
}
kero-territory-option = { $land } — { $cost }
kero-territory-boss-option = { $land } — je baas, { $cost }
kero-tiebreak-option = Gebied { NUMBER($slot) }: { $name }
kero-with-choice = { $what }: { $choice }
kero-tile = A{ $number } { $name }

## Mijn Tuareks: alleen wie het opent ziet het.

kero-my-tuareks = 🐪 Jouw { -tuarek(count: 2) }: { $tuareks }
kero-my-tuareks-armed = 🐪 Jouw { -tuarek(count: 2) }: { $tuareks } · { $armed } { $armed ->
    [one] Zandstorm klaargezet
   *[other] Zandstormen klaargezet
}
kero-my-tiles = 🏅 Jouw vaardigheidstegels: { $tiles }
kero-no-tuareks = geen
kero-no-tiles = geen
kero-nothing-to-play = Je kunt nu niets spelen.

## Als een bericht voorbij is, de uitslag, het bord als tekst.

kero-score = { $name } { $points }
kero-summary-turn = ⛽ { -kero } · potje #{ NUMBER($match, useGrouping: 0) } · beurt { $turn } ({ $name }) is voorbij — punten: { $scores }
kero-summary-claim = ⛽ { -kero } · potje #{ NUMBER($match, useGrouping: 0) } · de claim is voorbij — punten: { $scores }
kero-results-won = 🏆 { $winners } { $count ->
    [one] wint
   *[other] winnen
} { -kero }-potje #{ NUMBER($match, useGrouping: 0) }!
kero-results-line = { $name } — { $points } { $points ->
    [one] punt
   *[other] punten
}
kero-final-claim = 📜 De laatste claim: { $parts }.
kero-board-line = **{ $name }** — { $points } { $points ->
    [one] punt
   *[other] punten
} · { -fuel } { $seconds } s · ⛽ { $jerrycans } · { $cards } { $cards ->
    [one] kaart
   *[other] kaarten
} · { $territories } { $territories ->
    [one] gebied
   *[other] gebieden
}
kero-progress = beurt { $turn } · { $phase } · wachten op { $players }

## 📝 Bord als tekst: het beeld van het bord in woorden, voor wie het niet kan zien (één groep
## feiten per regel, voor schermlezers: kleuren en kanten van de dobbelstenen in woorden, nooit
## alleen emoji). De kampen zijn de teksten van 👁 Kamp (kero-look-*).
kero-text-turn = Beurt van { $name } ({ $clan }): { $phase }.
# $jerrycans: "20 jerrycans" (resource-jerrycan).
kero-text-supply = Ronde { $round } van { $rounds } · kaarten nog in de stapel: { $deck } · in de voorraad: { $jerrycans }
# $dice: de speciale dobbelstenen op kleur (kero-text-die-colour), als lijst, of kero-text-none.
kero-text-special-dice = Speciale dobbelstenen deze beurt genomen: { $dice }
kero-text-fuel-ups = Keer getankt deze beurt: { $count } van { $most }
kero-text-none = geen
# $when: een Discord-tijdstempel ("over 31 seconden", in de taal van wie het leest).
kero-text-window = De tankwagen is gekanteld met { $seconds } s { -fuel } en de tank is leeg { $when }.
kero-text-dice = De dobbelstenen ({ $count }), { $flames ->
    [0] geen vlam
    [one] { $flames } vlam
   *[other] { $flames } vlammen
}:
kero-text-die = dobbelsteen { $number }, { $colour }: { $face }
kero-text-die-colour = { $colour ->
    [white] wit
    [green] groen
    [yellow] geel
   *[blue] blauw
}
kero-text-face-flame = vlam (verbrand)
kero-text-in-the-air = in de lucht
# $resources: grondstoffen in woorden ("2 bakstenen en 1 graan"), of resource-nothing.
kero-text-to-spend = Nog uit te geven: { $resources }.
kero-text-owed = Gratis ontdekkingsreizigers nog te plaatsen deze beurt: { $count }.
kero-text-claim = Claim: we wachten tot { $names } beslist.
kero-text-row = Rij kaarten:
kero-text-territories = Nieuwe Gebieden:
# $what: een kaart (kero-card-points en zo, kero-cost, kero-text-gives), een gebied, of kero-text-empty.
kero-text-slot = plek { $slot }: { $what }
kero-text-empty = leeg
kero-text-gives = geeft { $gains }
kero-text-gain-tuarek = { $count ->
    [one] { $count } { -tuarek(count: 1) }
   *[other] { $count } { -tuarek(count: 2) }
}
kero-text-gain-explorer = { $count ->
    [one] { $count } gratis ontdekkingsreiziger
   *[other] { $count } gratis ontdekkingsreizigers
}
kero-text-when-claimed = bij een claim: { $gains }
kero-text-end-same-colour = aan het eind +{ $points } als je { $count } kaarten van één kleur hebt
kero-text-end-per-colour = aan het eind +{ $points } per kaart van kleur { $colour }
kero-text-end-per-territory = aan het eind +{ $points } per ander gebied van jou
kero-text-end-all-colours = aan het eind +{ $points } als je kaarten van alle { $count } kleuren hebt
kero-text-end = aan het eind +{ $points }
# $placed: kero-text-explorers-of voor elke clan, als lijst.
kero-text-explorers = Ontdekkingsreizigers: { $placed }
kero-text-explorers-of = { $name } { $count }
kero-text-bosses = { $count ->
    [one] de baas van { $names } staat hier
   *[other] de bazen van { $names } staan hier
}

## Weigeringen.

kero-refuse-only-roller = Alleen wie aan het gooien is, markeert dobbelstenen.
kero-costs-more = Dat kost { $cost } en je hebt { $have }.
kero-refuse-challenge-yourself = Je kunt jezelf niet uitdagen.
kero-refuse-challenge-bot = Bots spelen niet mee; daag mij uit om tegen de computer te spelen.

## /kero challenge.

kero-cmd = { -kero }
kero-challenge-cmd = Daag een lid (of mij) uit voor een potje { -kero }
kero-challenge-member-cmd = wie je uitdaagt (kies { -tablero } zelf om tegen de computer te spelen)
kero-challenge-variant-cmd = het basisspel, of de Baasvariant
kero-challenge-refuel-cmd = tankbeurten automatisch gegooid, of live door de tegenstander
kero-challenge-clock-cmd = live: minuten per beurt; op je gemak: uren (standaard die van de server)
kero-challenge-rated-cmd = false voor een vriendschappelijk potje dat geen rating verandert
kero-challenge-level-cmd = hoe sterk de computer speelt, als je de bot uitdaagt
kero-level-easy-choice = makkelijk
kero-level-normal-choice = normaal
kero-level-hard-choice = moeilijk
kero-variant-base-choice = basisspel
kero-variant-boss-choice = Baasvariant
kero-refuel-auto-choice = automatisch
kero-refuel-live-choice = live
kero-clock-live-choice = live
kero-clock-async-choice = op je gemak
kero-started-vs-computer = ⚔️ { -kero }-potje #{ NUMBER($match, useGrouping: 0) } tegen de computer is begonnen.

## The match card's line per clan ($marker: "▶ " before the clan to act, else empty).
kero-panel-player = { $marker }**{ $name }** · { $clan } · { $points } { $points ->
    [one] punt
   *[other] punten
}

## 👁 Kamp naast de regel van elke clan op de kaart van de beurt: het kamp zoals iedereen het
## ziet. Tuareks worden geteld, nooit genoemd (de hand en de klaargezette Zandstormen samen).
kero-look-label = Kamp
kero-look-title = ⛺ Kamp van **{ $name }** ({ $clan }) · potje #{ NUMBER($match, useGrouping: 0) } · { $points } { $points ->
    [one] punt
   *[other] punten
}
kero-look-tank = { -fuel } { $seconds } s
kero-look-tipped = { -fuel } gekanteld met { $seconds } s
kero-look-stock = { $tank } · ⛽ { $jerrycans } · 🐪 { $tuareks } { $tuareks ->
    [one] { -tuarek(count: 1) }
   *[other] { -tuarek(count: 2) }
} gedekt
kero-look-cards = 🃏 { $count ->
    [0] Kaarten: geen
   *[other] Kaarten ({ $count }):
}
kero-look-tiles = 🏅 Vaardigheidstegels: { $count ->
    [0] geen
   *[other] { $tiles }
}
kero-look-explorers = 🧭 Ontdekkingsreizigers: { $home } thuis · { $count ->
    [0] geen neergezet
   *[other] neergezet: { $placed }
}
kero-look-placed = { $land } ({ $count })
kero-look-land = 📜 Land: { $count ->
    [0] geen
   *[other] { $land }
}
kero-look-boss = 👑 Baas: { $where ->
    [home] thuis
    [out] op { $land }
   *[used] gebruikt
}
