## Keer op Keer Kids in Discord: een openbaar bericht per worp; ieder kiest in een eigen menu.
## Dobbelstenen zijn emoji ($die, $dice: 🟦 🟥 …), hun kleuren de woorden uit games.ftl ($colour);
## $enclosure is de code van een verblijf met de letter van het dier in deze taal (O3).

## /keer start

keer-cmd = { -keer }
keer-start-cmd = Open een lobby voor 2–4 spelers (ook met de computer)
keer-start-clock-cmd = live: minuten per beurt; op je gemak: uren (de standaard van de server)
keer-start-rated-cmd = false voor een vriendschappelijk potje dat geen rating verandert
keer-clock-live-choice = live
keer-clock-async-choice = op je gemak

## Het openbare bericht van de worp.

keer-step-header = 🎲 **{ -keer }** · potje #{ NUMBER($match, useGrouping: 0) } · worp { $roll }
keer-step-roll = { $roller }, gooi de dobbelstenen!
keer-step-rolled = { $name } gooide { $dice }.
keer-step-keep = { $roller }, houd één dobbelsteen: die gebruik jij, de anderen kiezen uit de andere twee.
keer-step-kept = { $name } gooide { $dice } en hield { $kept }; de anderen kiezen uit { $others }.
keer-step-click = Klik op een dobbelsteen om te kiezen waar je hem afkruist.
keer-waiting = ⏳ We wachten op: { $names }
keer-waiting-skipped = ⏭️ { $names } (niets past)
keer-waiting-missed = ⏰ { $names } (klok afgelopen)
keer-roll-label = Gooien
keer-die-kept-label = { $colour } ({ $name })
keer-keep-fits-label = { $colour } ✓ past
keer-keep-no-room-label = { $colour } · geen plek
keer-refuse-keep-fits = De kleur { $colour } past nergens op je blad: houd { $fits }.
keer-sheet-label = Mijn blad

## Het bericht van een afgelopen worp, op één regel: de dobbelstenen en wat ieder ermee deed.

keer-summary = 🎲 Worp { $roll } (potje #{ NUMBER($match, useGrouping: 0) }): { $dice }
keer-summary-unknown = 🎲 Worp { $roll } (potje #{ NUMBER($match, useGrouping: 0) })
keer-summary-kept = { $name } hield { $die }
keer-summary-cross = { $name } { $die } { $enclosure }
keer-summary-mark = { $name } 🟪 !
keer-summary-made-for = { $did } (⚙️ enige keuze, voor hen gemaakt)
keer-summary-mark-chameleon = { $name } 🟪 ! + kameleon { $enclosure }
keer-summary-missed = de klok van { $name } liep af
keer-summary-skipped = { $name } sloeg over

## De uitslag, het bord als tekst, en hoe het potje ervoor staat (/match status).

keer-results-winners = 🏆 { $winners } { $count ->
    [one] wint
   *[other] winnen
} potje #{ NUMBER($match, useGrouping: 0) }!
keer-results-line = { $place }. { $name } — { $points }
keer-board-line = **{ $name }** — { $points } · { $enclosures } · { $animals } · { $marks }
keer-count-point = { $count ->
    [one] { $count } punt
   *[other] { $count } punten
}
keer-count-enclosure = { $count ->
    [one] { $count } verblijf
   *[other] { $count } verblijven
}
keer-count-animal-done = { $count ->
    [one] { $count } dier klaar
   *[other] { $count } dieren klaar
}
keer-count-mark = { $count ->
    [one] { $count } uitroepteken
   *[other] { $count } uitroeptekens
}
keer-progress-roller = worp { $roll } · { $name } gooit hierna
keer-progress-waiting = worp { $roll } · we wachten op { $names }

## 📝 Bord als tekst: het beeld van de tafel in woorden, voor wie het niet kan zien (één groep
## feiten per regel, voor schermlezers: kleuren en getallen in woorden, nooit alleen emoji).
keer-text-rolls = { $name } gooit hierna de dobbelstenen.
# $dice: de kleuren in woorden ("blauw, rood en paars").
keer-text-rolled = { $name } gooide { $dice } en kiest welke dobbelsteen blijft.
keer-text-kept = { $name } gooide { $dice } en hield { $kept }; de anderen kiezen uit { $others }.
keer-text-choosing = Kiezen nog: { $names }.
# $visitors: keer-text-visitor, als lijst.
keer-text-visitors = Bezoekers al weg: { $visitors }.
keer-text-visitors-none = Bezoekers al weg: nog geen.
keer-text-visitor = kolom { $column }, de { $visitor }, voor { $names }
keer-text-player = **{ $name }**: { $points ->
    [one] { $points } punt
   *[other] { $points } punten
} ({ $buckets } van emmers, { $visitors } van bezoekers, { $food } van voer)
# $crossed: de codes van de afgekruiste verblijven, als lijst ("P1, P2 en P5"), of keer-text-none.
keer-text-animal = Verblijven van de { $animal } afgekruist: { $crossed } ({ $done } van { $total })
keer-text-animal-complete = Verblijven van de { $animal } afgekruist: { $crossed } (alle { $total }: klaar)
keer-text-none = geen
# $columns: keer-text-column, als lijst.
keer-text-columns = Volle kolommen ({ $count }): { $columns }.
keer-text-columns-none = Volle kolommen: nog geen.
# $visitor: won (de speler omcirkelde de bezoeker van de kolom) of gone (een ander was eerder).
keer-text-column = kolom { $column }, { $buckets ->
    [0] geen emmer
    [one] { $buckets } emmer
   *[other] { $buckets } emmers
}, { $visitor ->
    [won] bezoeker omcirkeld: de { $name }
   *[gone] bezoeker al weg naar een ander
}
# $where: de verblijven die de kameleons afkruisten, als lijst, of keer-text-none.
keer-text-marks = Uitroeptekens: { $marks } van { $total } afgekruist. Kameleons: { $used } gebruikt (op { $where }){ $lost ->
    [0] {""}
   *[other] , { $lost } verloren zonder iets om af te kruisen
}, nog { $left } te verdienen.
# $food: het voer van de volle dieren, als lijst.
keer-text-food = Voer omcirkeld: { $food } ({ $points ->
    [one] { $points } punt
   *[other] { $points } punten
}).
keer-text-food-none = Voer omcirkeld: nog niets (nog geen dier klaar).

## Een aangeklikte dobbelsteen: waar hij kan, alleen voor wie klikte.

keer-pick-nowhere = { $die } past nergens op je blad — kies een andere dobbelsteen.
keer-pick-where = { $die } **{ $colour }** — waar kruis je hem af?
keer-pick-enclosure-placeholder = Kies een verblijf
keer-pick-mark-placeholder = Kruis een uitroepteken af
# Een verblijf, genoeg om het op het blad te vinden: "O3 · olifant · kolommen 5–7 (4 vakjes)".
keer-enclosure-option = { $enclosure } · { $animal } · { $columns ->
    [one] kolom { NUMBER($first) }
   *[other] kolommen { NUMBER($first) }–{ NUMBER($last) }
} ({ $squares ->
    [one] { NUMBER($squares) } vakje
   *[other] { NUMBER($squares) } vakjes
})
keer-mark-option = Kruis een uitroepteken af
keer-mark-chameleon-option = uitroepteken + kameleon: { $enclosure }
keer-option-lettered = { $letter } — { $option }
keer-choice-alt = Blad van { $name }, dobbelsteen { $colour }: omlijnd { $framed }.
keer-choice-alt-none = Blad van { $name }, dobbelsteen { $colour }: niets om te omlijnen.
keer-choice-alt-pending = Keuze tot nu toe, gestippeld: { $pick }.
keer-picked-cross = ✅ Je hebt { $enclosure } afgekruist.
keer-picked-mark = ✅ Je hebt een uitroepteken afgekruist.
keer-picked-mark-chameleon = ✅ Je hebt een uitroepteken afgekruist en een kameleon gewonnen in { $enclosure }.
keer-picked-skip = ✅ Je slaat deze worp over.
keer-pick-roll-over = ⌛ Deze worp is voorbij: er is niets veranderd.
keer-still-open = Nog open voor jou: bezoekers boven { $visitors } · { $buckets ->
    [one] { $buckets } emmer
   *[other] { $buckets } emmers
} · voer van { $food }
keer-still-open-none = geen
keer-choice-elsewhere = 🔁 Je koos in een andere keuze. Klik op een dobbelsteen om hem te veranderen.
keer-picked-changeable = Je kunt dit veranderen tot de worp is afgehandeld: klik opnieuw op een dobbelsteen.
keer-picked-changed = 🔁 Veranderd: { $pick } (was { $before }).
keer-pick-current = Je keuze tot nu toe: { $pick }. Kies een andere om hem te veranderen.
keer-pick-only-current = { $die } biedt je verder niets: je keuze blijft { $pick }.
keer-pick-is-mark = een uitroepteken
keer-pick-is-mark-chameleon = een uitroepteken en een kameleon in { $enclosure }

## Weigeringen bij een klik op een dobbelsteen.

keer-refuse-missed = Je beurtklok is afgelopen: je slaat deze worp over.
keer-refuse-nothing-fits = Er past deze worp niets op je blad — je slaat hem over.
keer-refuse-own-die = Jij gebruikt de dobbelsteen die je hield: { $die }.
keer-refuse-roller-die = Die dobbelsteen is van { $roller } — kies { $dice }.

## Mijn blad, alleen voor wie erom vroeg.

keer-sheet-alt = Blad van { $name }
keer-sheet-text-title = 📋 Je blad in potje #{ NUMBER($match, useGrouping: 0) }

## 👁 Blad naast de regel van elke speler op de kaart van de worp: zijn blad zoals de afbeelding
## van de kaart het toont (keuzes van een lopende worp blijven verborgen), voor wie klikt.
keer-look-label = Blad
keer-look-text-title = 📋 Blad van { $name } in potje #{ NUMBER($match, useGrouping: 0) }

## The match card's line per player ($marker: "▶ " before the roller, else empty), then what
## they are doing, if anything (keer-panel-*).
keer-panel-player = { $marker }**{ $name }** · { $points } { $points ->
    [one] punt
   *[other] punten
}
keer-panel-rolls = 🎲 gooit
keer-panel-choosing = ⏳ kiest
keer-panel-chosen = ✅ heeft gekozen
keer-panel-auto = ⚙️ maar één keuze: voor hen gemaakt
keer-panel-skipped = ⏭️ niets past
keer-panel-missed = ⏰ tijd op
