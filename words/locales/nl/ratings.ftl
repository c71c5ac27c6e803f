## /leaderboard, /stats, /history en /match record: wat de ratings en uitslagen zeggen (alles
## alleen voor het lid zelf, in diens eigen taal). Een rating is vaardigheid − 3 × onzekerheid
## (μ − 3σ).

## Slash-commando's.

ratings-leaderboard-cmd = De spelers met de hoogste rating in een spel
ratings-leaderboard-game-cmd = welk spel
ratings-leaderboard-scope-cmd = deze server, of elke server die zijn ranglijst deelt
ratings-leaderboard-period-cmd = aller tijden, of de laatste 7 dagen
ratings-scope-server-choice = server
ratings-scope-global-choice = globaal
ratings-period-all-time-choice = aller tijden
ratings-period-week-choice = week
ratings-stats-cmd = De potjes, overwinningen en rating van een lid hier
ratings-stats-member-cmd = van wie (standaard van jou)
ratings-stats-game-cmd = welk spel (standaard het spel dat het vaakst gespeeld is)
ratings-history-cmd = De laatste potjes van een lid hier
ratings-history-member-cmd = van wie (standaard van jou)

## De ranglijst: een regel per speler, een pagina tegelijk.

ratings-board-title = Ranglijst van { $game }
ratings-board-line = **{ $place }.** { $name } — { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } ({ $games ->
    [one] { $games } potje
   *[other] { $games } potjes
})
ratings-board-empty = { $count ->
    [one] Nog niemand heeft hier { $count } potje gespeeld dat meetelt.
   *[other] Nog niemand heeft hier { $count } potjes gespeeld die meetellen.
}
ratings-board-footer = { $scope ->
    [server] deze server
   *[global] servers die hun ranglijst delen ({ $command }) · spelers onder de naam waarmee ze het laatst speelden, nooit hun server
} · { $period ->
    [week] de laatste 7 dagen
   *[all] aller tijden
} · rating = vaardigheid − 3 × onzekerheid · pagina { $page } van { $pages }
ratings-board-previous-label = Vorige
ratings-board-next-label = Volgende

## /stats: de potjes, overwinningen en rating van een lid, en de grafiek.

ratings-stats-heading = **{ $name }** in { $game } op deze server
ratings-stats-games = Potjes: { $played } · gewonnen: { $wins } · winstpercentage: { $rate }
ratings-stats-finished = Potjes uitgespeeld: { $share } van { $done }
ratings-stats-computer = Tegen de computer: { $records }
ratings-stats-computer-level = { $level } { $won }–{ $drawn }–{ $lost }
ratings-share = { NUMBER($share, style: "percent", maximumFractionDigits: 0) }
ratings-stats-unrated = Rating: nog geen potjes die meetellen, dus geen rating en geen grafiek.
ratings-stats-rating = Rating: { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } (vaardigheid − 3 × onzekerheid) na { $games ->
    [one] { $games } potje dat meetelt
   *[other] { $games } potjes die meetellen
} · details: vaardigheid μ { NUMBER($mu, minimumFractionDigits: 1, maximumFractionDigits: 1) }, onzekerheid σ { NUMBER($sigma, minimumFractionDigits: 2, maximumFractionDigits: 2) }
ratings-stats-point = { $day }: { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
ratings-chart-title = { $name }: rating in { $game }

## /history: de laatste potjes van een lid.

ratings-history-none = { $name } heeft hier nog geen uitgespeelde potjes.
ratings-history-heading = Laatste potjes van **{ $name }**:
ratings-history-line = #{ NUMBER($id, useGrouping: 0) } { $game } — { $outcome } · { $when } ({ $command })
ratings-history-place = { $place }e van { $players }
ratings-history-status = { $status ->
    [cancelled] geannuleerd
   *[abandoned] verlaten
}
ratings-history-casual = vriendschappelijk
ratings-history-departed = { $how ->
    [resigned] opgegeven
    [expelled] eruit gezet
   *[left] vertrokken
}

## /match record: het verslag van een afgelopen potje, om het na te spelen.

ratings-record-no-match = Er is geen potje #{ NUMBER($id, useGrouping: 0) }.
ratings-record-elsewhere = Er is geen potje #{ NUMBER($id, useGrouping: 0) } op deze server.
ratings-record-open = Potje #{ NUMBER($id, useGrouping: 0) } wordt nog gespeeld: het verslag bevat de worpen die nog komen (de seed, en de verdeling bij { -kero }), dus je kunt het downloaden zodra het potje voorbij is.
ratings-record-sent = Potje #{ NUMBER($id, useGrouping: 0) } ({ $status ->
    [finished] uitgespeeld
    [cancelled] geannuleerd
   *[abandoned] verlaten
}): speel het na met { $command }.
