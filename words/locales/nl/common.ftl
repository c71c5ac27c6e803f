## Wat alle onderdelen delen: de termen van de spellen, lijsten, en de weigeringen die
## iedereen kan tegenkomen. Termen: docs/glossary/nl.md.

-tablero = Tablero
-keer = Keer op Keer Kids
-kero = Kero
-fuel = KERO
-jerrycan = { $count ->
    [one] jerrycan
   *[other] jerrycans
}
-tuarek = { $count ->
    [one] Tuarek
   *[other] Tuareks
}

# The games' titles (their own names, the same in every language).
game-keer-kids = { -keer }
game-kero = { -kero }

list-and = en
computer-name = { $name } (computer, { $level })
level-easy = makkelijk
level-normal = normaal
level-hard = moeilijk
list-or = of

## Weigeringen: kort, alleen voor jou, en zeggend dat er niets veranderd is waar dat telt.

refuse-out-of-date = Dat bericht is verouderd: gebruik het laatste bericht van het potje.
refuse-no-match = Dat potje bestaat niet meer.
refuse-elsewhere = Die knop hoort bij een potje in een ander kanaal.
refuse-match-status = { $status ->
    [finished] Dat potje is afgelopen.
    [cancelled] Dat potje is geannuleerd.
   *[abandoned] Dat potje is verlaten.
}
refuse-match-damaged = Dat potje kan niet gespeeld worden: het verslag ervan is beschadigd. Een beheerder kan het annuleren.
refuse-match-over = Dit potje is afgelopen.
refuse-not-playing = Je speelt niet mee in dit potje.
refuse-not-your-roll = Jij bent niet aan de beurt om te gooien.
refuse-no-such-move = Dat is geen zet in dit spel.
refuse-no-such-level = De computer speelt makkelijk, normaal of moeilijk: er is niets gestart.
refuse-already-counted = Die klik is al geteld.
refuse-moved-on = Het potje ging verder terwijl je klikte: probeer het opnieuw.
refuse-button-does-nothing = Die knop doet hier niets.
refuse-damaged-button = Die knop is beschadigd of komt uit een oude versie van { -tablero }; er is niets veranderd.
refuse-damaged-choice = Die keuze is beschadigd; er is niets veranderd.
refuse-damaged-record = De gegevens die { -tablero } hiervan bewaart zijn beschadigd, dus er is niets veranderd. Een serverbeheerder kan het logboek van de bot bekijken (of `tablero db check`).
refuse-failed = Er ging iets mis bij { -tablero }; er is niets veranderd. Probeer het zo opnieuw.
refuse-outage = { -tablero } kan nu geen zetten opslaan; er is niets veranderd. Probeer het zo opnieuw.
refuse-held = ⏳ { -tablero } kan op dit moment geen zetten opslaan, dus je klik wordt bewaard: hij telt zodra de database terug is, op het moment dat je klikte. Je hoeft niet opnieuw te klikken.
refuse-held-already = ⏳ Je eerdere klik is bewaard en telt zodra de database terug is; deze verandert niets.
refuse-slow = ⏳ Je zet opslaan duurt langer dan normaal. Het bericht van de partij toont hem zodra hij is opgeslagen; lukt dat niet, dan hoor je het hier.
refuse-command-here = Je kunt dit commando hier niet gebruiken.
refuse-absent-is-you = Dat ben jij: doe gewoon je zet.
refuse-clock-still-running = Hun klok is nog niet afgelopen (of ze hebben al gezet).
refuse-already-moved = Ze hebben al gezet.
refuse-away-past = Zeg hoe lang je weg bent: een paar dagen of uren.
refuse-away-too-long = Je kunt hoogstens { $days } dagen achter elkaar weg zijn; voor langer kun je het potje opgeven.
refuse-more-time-not-yours = Alleen de andere spelers van het potje (of een serverbeheerder) kunnen extra tijd geven.
refuse-more-time-live = Extra tijd is voor potjes op je gemak: een live klok blijft zoals hij is.
refuse-more-time-nobody = Er loopt nu bij niemand een klok.
refuse-more-time-yourself = Jouw eigen klok loopt: je kunt jezelf geen extra tijd geven.
refuse-more-time-spent = Dit potje had al zijn { $most } verlengingen.
refuse-hours-format = Geef speeltijden als begin en einde, zoals `18:00-22:00`, met een tijdzone (`zone`).
refuse-hours-empty = Speeltijden hebben een begin en een einde nodig die verschillen.
# $like: the known zones closest to the one typed.
refuse-hours-zone = Ik ken de tijdzone { $zone } niet. Bedoel je { $like }?
refuse-hours-live = Speeltijden zijn voor potjes op je gemak: kies ook de klok op je gemak.
refuse-hours-no-zone = Zeg in welke tijdzone die uren zijn (`zone`, zoals Europe/Amsterdam).
refuse-server-only = De spellen van { -tablero } worden in een server gespeeld: gebruik dit commando in een kanaal van een server waar { -tablero } in zit, niet in een privébericht.
refuse-manage-server = Je hebt de machtiging Server beheren nodig om de instellingen van { -tablero } hier te wijzigen.
refuse-missing-permissions = Ik kan geen potje beginnen in { $channel }: ik mis daar { $permissions }. { $count ->
    [one] Een beheerder kan die geven in de machtigingen van het kanaal.
   *[other] Een beheerder kan ze geven in de machtigingen van het kanaal.
}

## De machtigingen van Discord, zoals de instellingen ze noemen.

permission-view-channel = Kanaal bekijken
permission-send-messages = Berichten versturen
permission-attach-files = Bestanden bijvoegen
permission-embed-links = Links insluiten
permission-send-messages-in-threads = Berichten versturen in threads
permission-create-public-threads = Openbare threads maken

## Commando-opties die alleen een aangepaste app verkeerd kan sturen.

refuse-option-needed = /{ $command } heeft `{ $option }` nodig; er is niets veranderd.
refuse-option-boolean = `{ $option }` moet true of false zijn; er is niets veranderd.
refuse-option-member = `{ $option }` moet een lid van deze server zijn; er is niets veranderd.
refuse-option-whole-number = `{ $option }` moet een geheel getal zijn; er is niets veranderd.
refuse-option-too-large = `{ $option }` is een veel te groot getal; er is niets veranderd.
refuse-option-text = `{ $option }` moet tekst zijn; er is niets veranderd.
refuse-option-one-of = `{ $option }` moet { $choices } zijn; er is niets veranderd.
refuse-option-range = `{ $option }` moet van { $low } tot { $high } zijn; er is niets veranderd.
refuse-option-range-at-least = `{ $option }` moet minstens { $low } zijn; er is niets veranderd.
refuse-option-range-at-most = `{ $option }` mag hoogstens { $high } zijn; er is niets veranderd.
refuse-option-length = `{ $option }` moet { $low } tot { $high } tekens lang zijn; er is niets veranderd.
refuse-option-length-at-least = `{ $option }` moet minstens { $low } tekens lang zijn; er is niets veranderd.
refuse-option-length-at-most = `{ $option }` mag hoogstens { $high } tekens lang zijn; er is niets veranderd.

## Waarom de regels een zet weigerden (de redenen van de spelregels).

reason-not-your-turn = Je bent nu niet aan zet.
reason-game-over = Dit potje is afgelopen.
reason-unknown-player = Je hebt geen plaats in dit potje.
reason-wrong-phase = Die zet kan nu niet.
reason-already-chosen = Je hebt voor deze worp al gekozen.
reason-same-choice = Dat is al je keuze.
reason-die-not-available = Die dobbelsteen kun je nu niet gebruiken.
reason-wrong-colour = Dat verblijf heeft niet de kleur van je dobbelsteen.
reason-unknown-enclosure = Zo'n verblijf staat niet op je blad.
reason-already-crossed = Dat verblijf heb je al afgekruist.
reason-not-reachable = Dat verblijf heeft een ster of een afgekruiste buur nodig.
reason-must-cross = Je moet een verblijf afkruisen: er is er nog een van jouw kleur bereikbaar.
reason-no-marks-left = Je hebt geen uitroeptekens meer om af te kruisen.
reason-chameleon-required = Je kameleon wacht: kruis een verblijf af dat je kunt bereiken.
reason-no-chameleon = Je hebt geen kameleon om te gebruiken.
reason-bad-roll = Die dobbelstenen passen niet bij deze worp.
reason-not-enough = Daar heb je niet genoeg voor.
reason-tank-empty = Te laat: je tank was al leeg vóór die klik.
reason-no-kero = Je tank is leeg: eerst tanken.
reason-stale = Die klik kwam vóór de laatste zet van het potje; er is niets veranderd.
reason-truck-flat = Je tankwagen ligt deze beurt al plat.
reason-die-burnt = Die dobbelsteen is verbrand: je kunt hem deze beurt niet meer gooien.
reason-empty-slot = Daar valt niets te pakken.
reason-no-explorer = Je hebt geen ontdekkingsreiziger om neer te zetten.
reason-no-tuarek = Daar ligt geen { -tuarek(count: 1) }.
reason-not-held = Die { -tuarek(count: 1) } heb je niet.
reason-already-used = Dat is deze beurt al gebruikt.
