## Het leven van een potje: lobby's en uitdagingen, het begin, /match, beurtklokken en hun meldingen.
## Nummers van potjes staan er zonder scheidingsteken (#1234): het zijn namen, geen aantallen.

## Lobby's en uitdagingen (openbaar: de taal van de server).

lobby-join-label = Meedoen
lobby-leave-label = Verlaten
lobby-add-ai-label = AI toevoegen
lobby-add-ai-easy-label = AI toevoegen: makkelijk
lobby-add-ai-hard-label = AI toevoegen: moeilijk
lobby-start-label = Starten
lobby-close-label = Sluiten
challenge-accept-label = Accepteren
challenge-decline-label = Weigeren

lobby-option-variant-base = basisspel
lobby-option-variant-boss = Baasvariant
lobby-option-fuel-up-auto = tanken: automatisch
lobby-option-fuel-up-live = tanken: live
lobby-rated = telt mee
lobby-casual = vriendschappelijk (telt niet mee)
lobby-unrated-computer = telt niet mee (er speelt een computer mee)
lobby-clock = klok: { $clock }
lobby-first = { $name } gooit eerst
lobby-first-placeholder = Wie gooit als eerste?

lobby-rematch = 🔁 Revanche van **{ $game }**-potje #{ NUMBER($match, useGrouping: 0) } · { $terms }
    Spelers: { $players }. Nog niet geaccepteerd: { $waiting }. Verloopt { $closes }.
lobby-challenge = ⚔️ **{ $game }**-uitdaging · { $terms }
    { $challenged }, { $challenger } daagt je uit. Accepteer of weiger — verloopt { $closes }.
lobby-open = 🎲 **{ $game }**-lobby · { $terms }
    { $host } zoekt spelers ({ $min }–{ $max } plaatsen). De lobby sluit { $closes }.
    { $seats }
lobby-seat = { $place }. { $name }
lobby-seat-host = { $place }. { $name } (host)
lobby-closed = { $kind ->
    [challenge] { $status ->
        [declined] Uitdaging voor **{ $game }** geweigerd.
        [expired] Uitdaging voor **{ $game }** verlopen.
       *[cancelled] Uitdaging voor **{ $game }** geannuleerd.
    }
   *[lobby] { $status ->
        [expired] Lobby voor **{ $game }** verlopen.
       *[cancelled] Lobby voor **{ $game }** geannuleerd.
    }
}
lobby-started-below = **{ $game }**-potje #{ NUMBER($match, useGrouping: 0) } is hieronder begonnen: { $players }.
lobby-started-in-thread = **{ $game }**-potje #{ NUMBER($match, useGrouping: 0) } is in een eigen thread begonnen: { $players }.
fair-commitment = 🔒 Dobbelstenen verzegeld: `{ $commitment }…` — na afloop onthult het verslag van het potje het geheim (`tablero verify` controleert elke worp).

refuse-lobby-gone = Die lobby bestaat niet meer.
refuse-lobby-closed = { $kind ->
    [challenge] Die uitdaging is gesloten.
   *[lobby] Die lobby is gesloten.
}
refuse-lobby-is-challenge = Dit is een uitdaging tussen twee leden.
refuse-lobby-already-in = Je zit al in deze lobby.
refuse-lobby-full = De lobby is vol ({ $seats ->
    [one] { $seats } plaats
   *[other] { $seats } plaatsen
}).
refuse-lobby-not-in = Je zit niet in deze lobby.
refuse-lobby-host-leaves = Jij bent de host van deze lobby: gebruik { lobby-close-label } om hem af te blazen.
refuse-lobby-host-adds-ai = Alleen de host ({ $host }) kan computerspelers toevoegen.
refuse-lobby-host-closes = Alleen de host ({ $host }) kan de lobby sluiten.
refuse-lobby-host-starts = Alleen de host ({ $host }) kan het potje starten.
refuse-lobby-host-chooses-first = Alleen de host ({ $host }) kiest wie als eerste gooit.
refuse-lobby-no-first-choice = In deze lobby kies je niet wie als eerste gooit: dat bepaalt de regel van het spel.
refuse-lobby-first-not-in = Die speler zit niet meer in de lobby: kies een van de plaatsen in de lijst.
refuse-lobby-too-few = { $game } heeft minstens { $count ->
    [one] { $count } speler
   *[other] { $count } spelers
} nodig.
refuse-challenge-not-invited = Alleen de uitgenodigde leden kunnen accepteren.
refuse-challenge-not-yours = Je kunt deze uitdaging niet weigeren: hij is niet voor jou.
refuse-rematch-not-player = Alleen de spelers van dat potje kunnen om een revanche vragen.

## Het begin van een potje.

match-thread-name = { $game }: { $players }
refuse-channel-busy = Potje #{ NUMBER($match, useGrouping: 0) } loopt nog in dit kanaal. Maak het eerst af (of gebruik `/match cancel`), of speel in een ander kanaal.
refuse-channel-busy-link = Potje #{ NUMBER($match, useGrouping: 0) } loopt nog in dit kanaal ({ $url }). Maak het eerst af (of gebruik `/match cancel`), of speel in een ander kanaal.
refuse-no-thread = Ik kon geen thread openen voor het potje in { $channel }, dus er is niets gestart; controleer of ik daar openbare threads mag maken.
refuse-first-post-forbidden = Ik kon het eerste bericht van potje #{ NUMBER($match, useGrouping: 0) } niet plaatsen in { $channel }: Discord liet me daar niet posten. Het potje is afgeblazen (het telt voor niemand) en het kanaal is weer vrij; controleer daar mijn machtigingen en probeer het opnieuw.
refuse-first-post-error = Ik kon het eerste bericht van potje #{ NUMBER($match, useGrouping: 0) } niet plaatsen in { $channel }: Discord gaf een foutmelding ({ NUMBER($status, useGrouping: 0) }). Het potje is afgeblazen (het telt voor niemand) en het kanaal is weer vrij; controleer daar mijn machtigingen en probeer het opnieuw.
refuse-member-limit = { $member } speelt hier al { $count ->
    [one] { $count } open potje
   *[other] { $count } open potjes
} (de limiet van deze server is { $limit }); maak er eerst een af — `/match list` laat ze zien.

## De knoppen en meldingen van het potje zelf (openbaar).

match-board-label = Bord als tekst
# 📝 Bord als tekst: de titel op elke pagina ($page van $pages als het er meer zijn), en de
# knoppen om te bladeren.
match-board-title = 📝 Bord als tekst · potje #{ NUMBER($match, useGrouping: 0) }
match-board-page-title = 📝 Bord als tekst · potje #{ NUMBER($match, useGrouping: 0) } · pagina { $page } van { $pages }
match-board-previous-label = Vorige pagina
match-board-next-label = Volgende pagina
match-rematch-label = Revanche
match-cancel-yes-label = Afblazen
match-cancel-no-label = Doorspelen
match-alt-title = { $game }-potje #{ NUMBER($match, useGrouping: 0) }
match-abandoned = 💤 Potje #{ NUMBER($match, useGrouping: 0) } is gesloten als verlaten: niemand speelde meer.
match-clock-skipped = ⏰ Potje #{ NUMBER($match, useGrouping: 0) }: de beurtklok is afgelopen — { $count ->
    [one] { $names } slaat deze worp over.
   *[other] { $names } slaan deze worp over.
}
match-clock-timed-out = ⏰ Potje #{ NUMBER($match, useGrouping: 0) }: de beurtklok is afgelopen — { $count ->
    [one] { $names } heeft geen tijd meer.
   *[other] { $names } hebben geen tijd meer.
}
match-clock-others-may-act = De andere spelers kunnen de beurt overslaan of wie er niet is eruit zetten (de computer speelt dan verder).
match-skip-turn-label = Beurt van { $name } overslaan
match-expel-label = { $name } eruit zetten
match-skipped-turn = ⏭️ { $who } heeft de beurt van { $absent } overgeslagen.
match-expelled = 🚪 { $name } is eruit gezet; de computer neemt de plaats over.
match-resigned-ended = 🏳️ { $name } heeft potje #{ NUMBER($match, useGrouping: 0) } opgegeven. { $count ->
    [0] Er speelt niemand meer: het potje telt niet mee voor de rating.
   *[other] Nog in het spel: { $others }.
}
match-resigned-computer = 🏳️ { $name } heeft opgegeven; de computer neemt de plaats over, zodat het potje door kan gaan.
match-result-departed = { $line } · { $how ->
    [resigned] opgegeven
    [expelled] eruit gezet
   *[left] vertrokken
}
match-cancelled-by-moderator = Potje #{ NUMBER($match, useGrouping: 0) } is geannuleerd door een moderator, { $name }.
match-cancelled-by-agreement = Potje #{ NUMBER($match, useGrouping: 0) } is in onderling overleg geannuleerd.
match-cancel-asked = { $name } vraagt om potje #{ NUMBER($match, useGrouping: 0) } te annuleren. Wachten op: { $waiting }.
match-cancel-waiting = Potje #{ NUMBER($match, useGrouping: 0) } annuleren? Wachten op: { $waiting }.
match-cancel-kept = { $member } wil doorspelen; potje #{ NUMBER($match, useGrouping: 0) } gaat door.
match-cancelled-agreed = Potje #{ NUMBER($match, useGrouping: 0) } is geannuleerd: alle spelers waren het eens.

## /match (de antwoorden die alleen het lid ziet).

match-cmd = Het potje hier
match-status-cmd = Hoe het potje hier ervoor staat (alleen voor jou)
match-here-cmd = Het huidige bericht van het potje opnieuw plaatsen
match-list-cmd = Je open potjes op deze server
match-record-cmd = Het verslag van een potje, om het na te spelen
match-record-match-cmd = het nummer van het potje
match-resign-cmd = Het potje hier opgeven
match-cancel-cmd = Het potje hier annuleren (als alle spelers het eens zijn)

refuse-no-match-here = Hier loopt geen potje.
refuse-turn-not-skippable = Die beurt kan niet meer worden overgeslagen.
refuse-already-replaced = Die speler is al vervangen.
refuse-cancel-not-player = Alleen de spelers (of een lid met Server beheren) kunnen een potje annuleren.
match-here-reposting = Ik plaats het huidige bericht van potje #{ NUMBER($match, useGrouping: 0) } opnieuw.
match-status-head = **{ $game }**-potje #{ NUMBER($match, useGrouping: 0) } · { $progress }
match-status-seat = { $place }. { $name }
match-status-link = [Naar het bericht van het potje]({ $url })
match-list-empty = Je hebt hier geen open potje.
match-list-head = Je open potjes hier ({ $count } van maximaal { $limit }):
match-list-head-page = Je open potjes hier ({ $count } van maximaal { $limit }) · pagina { $page } van { $pages }:
match-list-line = #{ NUMBER($match, useGrouping: 0) } { $game } in { $channel }: { $progress }
match-list-line-your-move = #{ NUMBER($match, useGrouping: 0) } { $game } in { $channel }: { $progress } · **jij bent aan de beurt**
match-list-go = [ga erheen]({ $url })
match-list-previous-label = ◀ Vorige
match-list-next-label = Volgende ▶

## Beurtklokken en herinneringen.

clock-live-per-turn = live ({ $minutes } min per beurt)
clock-async-per-turn = op je gemak ({ $hours } u per beurt)
clock-ping = 🔔 { $mentions }: aan de beurt in potje #{ NUMBER($match, useGrouping: 0) } (de klok loopt af { $due }).
clock-remind = ⏰ Je bent aan de beurt in { $game }-potje #{ NUMBER($match, useGrouping: 0) }: de beurtklok loopt af { $due }.

notify-cmd = Stuur me één DM voordat mijn beurtklok afloopt
notify-mode-cmd = aan: één DM per beurt voordat je klok afloopt; uit: geen
notify-on-choice = aan
notify-off-choice = uit
notify-on = Ik stuur je elke beurt één DM voordat je klok afloopt.
notify-off = Geen herinnerings-DM's meer.

## Het bericht dat Tablero plaatst wanneer het bij een server komt (openbaar).

onboarding-hello = 👋 **{ -tablero }** is er: dobbelspellen die je gewoon op deze server speelt, met het bord getekend na elke zet.
onboarding-permissions = **Machtigingen** die ik nodig heb waar je speelt: { $basics }; voor een potje in een eigen thread ook { $threads }.
onboarding-setup = **Instellen** (leden met Server beheren): `/settings` — een thread per potje, hoeveel potjes een lid tegelijk mag spelen, beurtklokken, de taal van de berichten van potjes, de wereldwijde ranglijst. `/settings show` laat zien wat er is ingesteld.
onboarding-play = **Spelen**: `/keer start` opent een lobby voor { -keer } (2–4 spelers, ook computerplaatsen); `/kero challenge member` daagt iemand uit voor { -kero } (daag mij uit om tegen de computer te spelen).
onboarding-help = `/help` toont alle commando's.

# The clock line of a match card. $due: a Discord timestamp (a date in async play).
match-clock-line = ⏰ Klok loopt af { $due }
# $hours: the table's playing hours and time zone (18:00–22:00 Europe/Madrid).
match-clock-line-hours = ⏰ Klok loopt af { $due } · hij loopt { $hours }
# ⏳ Give more time; $hours: what it adds.
match-more-time-label = { $hours } u extra
# $who gave $names (the players on the clock) $hours more hours.
match-more-time-given = ⏳ { $who } gaf { $names } { $hours } u extra: de klok loopt nu af { $due }. { $left ->
    [0] Dat was de laatste verlenging in dit potje.
    [one] Er kan nog één keer verlengd worden in dit potje.
   *[other] Er kan nog { $left } keer verlengd worden in dit potje.
}
# A lobby's playing hours: 18:00–22:00 Europe/Madrid.
lobby-hours = speeltijden: { $hours }
start-hours-cmd = alleen op je gemak: de uren waarin de klok loopt, zoals 18:00-22:00
start-zone-cmd = de tijdzone van die uren, zoals Europe/Amsterdam
match-away-paused = 🏝️ { $name } is weg tot { $until }: hun klok staat stil.
match-away-skipped = 🏝️ { $name } is weg tot { $until }: de worpen gaan zonder hen door (ze strepen niets af).
match-away-stand-in = 🏝️ { $name } is weg tot { $until }: de computer speelt voor hen.
match-away-back = 👋 { $name } is terug.
away-cmd = Weg van je potjes op je gemak: gepauzeerd, of de computer speelt, zoals elke tafel koos
away-on-cmd = Een tijdje weg van je potjes op je gemak
away-on-days-cmd = dagen weg (0–30)
away-on-hours-cmd = uren weg, bovenop de dagen (0–23)
away-off-cmd = Je bent terug: je potjes op je gemak wachten weer op je
away-set = 🏝️ Je bent weg tot { $until } in { $count ->
    [one] { $count } potje op je gemak
   *[other] { $count } potjes op je gemak
}.
away-none = Je hebt geen potje op je gemak open, dus er is niets om van weg te zijn.
away-live = Live potjes veranderen niet.
# $server: a server's name; $until: a Discord timestamp.
away-short = In { $server } stopt je weg-tegoed het { $until }: daarna lopen de gewone klokken.
away-spent = In { $server } is je weg-tegoed van de laatste 30 dagen op: daar lopen de gewone klokken.
away-back = 👋 Welkom terug: je potjes op je gemak wachten weer op je.
away-not-away = Je was niet weg.
start-away-cmd = alleen op je gemak: als iemand weg is, hun klok pauzeren of de computer laten spelen
start-away-pause-choice = hun klok pauzeren
start-away-standin-choice = de computer speelt voor hen
lobby-away-pause = weg: klok gepauzeerd
lobby-away-standin = weg: de computer speelt
# A player line's mark for a member away (`/away`).
match-panel-away = 🏝️ weg
