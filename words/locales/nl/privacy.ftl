# /privacy: de eigen gegevens van een lid (docs/privacy.md).
privacy-cmd = Je gegevens: exporteer ze, wis ze of blijf van het wereldklassement af
privacy-export-cmd = Krijg alles wat Tablero over je bewaart, als bestand dat alleen jij ziet
privacy-delete-cmd = Wis je gegevens: instellingen, ratings en je naam bij afgelopen potjes
privacy-board-cmd = Toon of verberg jezelf in het wereldklassement
privacy-board-mode-cmd = zichtbaar of verborgen in klassementen van meerdere servers
privacy-board-shown-choice = zichtbaar
privacy-board-hidden-choice = verborgen
privacy-export-done = 📦 Je Tablero-gegevens: instellingen, ratings, potjes en het verslag van { $records ->
    [one] { $records } afgelopen potje
   *[other] { $records } afgelopen potjes
}.
privacy-export-left-out = { $left ->
    [one] Het oudste verslag is weggelaten
   *[other] De { $left } oudste verslagen zijn weggelaten
} om onder de bestandslimiet van Discord te blijven.
privacy-delete-ask = 🗑️ Je Tablero-gegevens wissen? Je instellingen, afwezigheden en ratings verdwijnen, en afgelopen potjes houden je plaats onder een anonieme naam. { $open ->
    [0] Je hebt geen open potje.
    [one] Je geeft je open potje op (de computer neemt je plaats, of het eindigt).
   *[other] Je geeft je { $open } open potjes op (de computer neemt je plaats, of ze eindigen).
} Dit kan niet ongedaan worden gemaakt.
privacy-delete-label = Wis mijn gegevens
privacy-keep-label = Bewaar ze
privacy-deleted = ✅ Je Tablero-gegevens zijn gewist. { $seats ->
    [0] Geen enkel potje had je naam.
    [one] { $seats } potje toont nu een anonieme plaats.
   *[other] { $seats } potjes tonen nu een anonieme plaats.
} Als je weer speelt, begin je opnieuw.
privacy-kept = Er is niets gewist.
privacy-board-now-shown = Je staat in het wereldklassement (waar je server zijn klassement deelt).
privacy-board-now-hidden = Je staat niet in het wereldklassement. Het klassement van je eigen server telt je nog mee.
player-deleted = Gewiste speler
match-gone-computer = 👋 Een speler heeft zijn gegevens gewist en is vertrokken: de computer speelt zijn plaats.
match-gone-ended = 👋 Een speler heeft zijn gegevens gewist en is vertrokken: het potje is voorbij.
