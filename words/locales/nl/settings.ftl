## /settings: de keuzes van de server, en die van een lid zelf.

settings-language-cmd = De taal van de berichten en afbeeldingen van potjes op deze server
settings-language-option-cmd = auto: de taal van de server in Discord (Serverinstellingen)
settings-language-auto-choice = De taal van de server (auto)
language-en-choice = English
language-es-choice = Español
language-nl-choice = Nederlands
language-name-en = Engels
language-name-es = Spaans
language-name-nl = Nederlands
settings-language-set = Vanaf nu zijn de berichten en afbeeldingen van potjes hier in het { $language }. Wat Tablero alleen aan één lid laat zien, volgt de eigen Discord-taal van dat lid.
settings-language-auto = Vanaf nu volgen de berichten en afbeeldingen van potjes hier de taal van de server in Discord (nu: { $language }). Wat Tablero alleen aan één lid laat zien, volgt de eigen Discord-taal van dat lid.

## /settings: de andere subcommando's (hun antwoorden ziet alleen het lid).

settings-cmd = De instellingen van { -tablero } voor deze server
settings-on-choice = aan
settings-off-choice = uit
settings-live-choice = live
settings-async-choice = op je gemak
settings-threads-cmd = Elk nieuw potje in een eigen thread spelen
settings-threads-mode-cmd = aan: één thread per potje; uit: één potje per kanaal
settings-threads-on = Vanaf nu speelt elk nieuw potje in een eigen thread.
settings-threads-off = Vanaf nu speelt elk nieuw potje in het kanaal waar het gestart is (één tegelijk).
settings-limit-cmd = Hoeveel open potjes een lid mag spelen
settings-limit-matches-cmd = hoogstens zoveel open potjes per lid (1–25)
settings-limit-set = Vanaf nu mag een lid hier hoogstens { $count ->
    [one] { $count } open potje
   *[other] { $count } open potjes
} tegelijk spelen.
settings-clock-cmd = Beurtklokken: de standaard en hoe lang ze duren
settings-clock-default-cmd = de klok die nieuwe potjes krijgen, tenzij hun lobby of uitdaging iets anders zegt
settings-clock-live-minutes-cmd = een live beurt (1–120 minuten)
settings-clock-async-hours-cmd = een beurt op je gemak (1–168 uur)
settings-clock-abandon-days-cmd = sluit een potje waarin zo lang niemand speelde (1–60 dagen)
settings-clock-away-days-cmd = dagen van elke 30 dat een lid weg mag zijn van potjes op je gemak (0–30)
settings-show-away = Weg: { $days ->
    [0] uit: leden kunnen hier hun potjes op je gemak niet pauzeren
    [one] een lid mag { $days } dag van elke 30 weg zijn
   *[other] een lid mag { $days } dagen van elke 30 weg zijn
}
settings-clock-set = Nieuwe potjes krijgen de klok { $mode ->
    [async] op je gemak
   *[live] live
}: live beurten van { $minutes } min, beurten op je gemak van { $hours } u; een potje waarin { $days ->
    [one] { $days } dag
   *[other] { $days } dagen
} niemand speelt, wordt gesloten.
settings-global-cmd = De spelers van deze server op de wereldwijde ranglijst tonen
settings-global-mode-cmd = aan: de spelers van deze server op de wereldwijde ranglijst zetten
settings-global-on = De spelers van deze server staan nu op de wereldwijde ranglijst, onder de naam waarmee ze het laatst speelden (nooit de naam van deze server).
settings-global-off = De spelers van deze server staan niet meer op de wereldwijde ranglijst.
settings-me-cmd = Je eigen keuzes: borden als afbeelding of tekst, keuzes zonder alternatief voor je gemaakt
settings-me-images-cmd = uit: wat { -tablero } alleen aan jou laat zien (Mijn blad, /stats) komt als tekst, niet als afbeelding
settings-me-images-on = Wat ik alleen aan jou laat zien, komt weer met afbeeldingen.
settings-me-images-off = Wat ik alleen aan jou laat zien (Mijn blad, /stats), komt nu als tekst in plaats van afbeeldingen. Elk bericht van een potje heeft een knop 📝 { match-board-label } voor het bord zelf.
settings-me-autopick-cmd = aan: een Keer-keuze met maar één optie wordt voor je gemaakt (een notitie meldt het)
settings-me-autopick-on = Een Keer-keuze met maar één optie wordt nu voor je gemaakt; de kaart meldt het.
settings-me-autopick-off = Elke Keer-keuze maak je weer zelf.
settings-me-now = Afbeeldingen: { $images } · keuzes met één optie voor je gemaakt: { $autopick }

settings-show-cmd = De instellingen van { -tablero } op deze server
settings-show-head = **De instellingen van { -tablero } voor deze server**
settings-show-threads-on = Threads: aan: elk nieuw potje speelt in een eigen thread
settings-show-threads-off = Threads: uit: één potje tegelijk per kanaal
settings-show-limit = Limiet per lid: { $count ->
    [one] { $count } open potje
   *[other] { $count } open potjes
} tegelijk
settings-show-clock = Klok: nieuwe potjes krijgen de klok { $mode ->
    [async] op je gemak
   *[live] live
}; live beurten van { $minutes } min, beurten op je gemak van { $hours } u
settings-show-abandon = Verlaten: een potje waarin { $days ->
    [one] { $days } dag
   *[other] { $days } dagen
} niemand speelt, wordt gesloten
settings-show-global-on = Wereldwijde ranglijst: aan
settings-show-global-off = Wereldwijde ranglijst: uit
settings-show-language-set = Taal van de berichten van potjes: { $language }
settings-show-language-auto = Taal van de berichten van potjes: de taal van de server in Discord (nu: { $language })
