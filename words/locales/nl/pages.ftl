## De pagina's van /help en /rules: elke pagina een embed (`<boek>-<n>-title`, `<boek>-<n>-page`,
## n vanaf 1) en de knoppen om te bladeren. Een `**` aan het begin van een regel staat als { "**" }.

## De commando's en de knoppen.

pages-rules-cmd = De regels van een spel, pagina voor pagina
pages-rules-game-cmd = welk spel
pages-help-cmd = Wat { -tablero } doet en zijn commando's
pages-previous-label = ◀ Vorige
pages-next-label = Volgende ▶
pages-how-to-play-label = Speluitleg
pages-position-footer = Pagina { $page } van { $count }

## /help

help-1-title = { -tablero }: dobbelspellen in je server
help-1-page =
    { -tablero } speelt potjes van twee dobbelspellen hier in Discord, en tekent het bord na elke zet:
    - **{ -keer }** (2–4 spelers): bij elke worp kruist iedereen dierenverblijven af op zijn eigen blad.
    - **{ -kero }** (2 spelers): gooi en gooi opnieuw terwijl de { -fuel } uit je tankwagen stroomt, en bouw dan je kamp.

    { "**" }Een potje beginnen**
    - `/keer start [clock live|async] [rated true|false] [hours zone]`: opent een lobby met **Meedoen**, **Verlaten**, **AI toevoegen** en **Starten** (2–4 plaatsen). De host voegt computerspelers toe (**AI toevoegen: makkelijk**, **AI toevoegen** voor normaal, **AI toevoegen: moeilijk**) en start; het niveau van elke computer staat naast zijn naam. De host gooit eerst, tenzij die bij **Wie gooit als eerste?** een andere plaats kiest (huisregel). Een lobby verloopt na 15 minuten.
    - `/kero challenge member [variant base|boss] [refuel auto|live] [clock live|async] [rated true|false] [level easy|normal|hard] [hours zone]`: het lid kan **Accepteren** of **Weigeren**. Daag de bot zelf uit om tegen de computer te spelen, op het `level` dat je kiest (standaard normaal).
    - `clock`: live duren beurten minuten, op je gemak uren (zeg je niets, dan geldt wat de server standaard heeft). `rated:false` speelt een vriendschappelijk potje dat geen rating verandert.
    - `hours` en `zone` (alleen op je gemak): de uren van de dag waarin de klok loopt, zoals `hours:18:00-22:00 zone:Europe/Amsterdam`. Elk bericht van het potje zegt wanneer de klok afloopt; op je gemak kunnen de andere spelers (of een serverbeheerder) **extra tijd** geven, telkens een halve beurt, tot 3 keer per potje.

    { "**" }Tijdens een potje**
    - `/match status`: hoe het potje hier ervoor staat, alleen voor jou.
    - `/match here`: plaatst het huidige bericht van het potje opnieuw (voor een speler die het kwijt is); het oude reageert dan niet meer op klikken.
    - `/match record match`: het verslag van een afgelopen potje (JSON, nummer `match`), om het na te spelen met `tablero replay`.
    - `/match list`: je lopende potjes in deze server, met links en wie er aan zet is.
    - `/match resign`: geef het potje op. In een potje met 3–4 spelers neemt de computer je plaats in; een potje met 2 spelers eindigt.
    - `/match cancel`: beëindigt het potje zodra alle spelers akkoord zijn, of meteen als een lid met Server beheren het gebruikt.
    - **📝 Bord als tekst** op elk bericht van een potje laat je het bord als tekst zien, alleen voor jou.
    - Aan het eind biedt **Revanche** hetzelfde spel aan dezelfde spelers aan; het begint zodra ze allemaal accepteren.

help-2-title = Ratings, instellingen en eerlijk spel
help-2-page =
    { "**" }Ratings**
    - `/leaderboard game [scope server|global] [period all-time|week]`: de beste spelers (vanaf 3 potjes die meetellen).
    - `/stats [member] [game]`: potjes, zeges, je resultaten tegen elk niveau van de computer, rating en de grafiek ervan (standaard het spel dat het vaakst gespeeld is).
    - `/history [member]`: recente potjes hier.
    - Potjes met een computerspeler, of gestart met `rated:false`, tellen niet mee. Een rating is vaardigheid − 3 × onzekerheid: hij stijgt als je wint en naarmate { -tablero } zekerder van je wordt.

    { "**" }Meer**
    - `/rules game`: de regels van een spel, pagina voor pagina. `/help`: deze pagina's.
    - `/settings threads mode:on|off` (Server beheren): speel elk nieuw potje in een eigen thread.
    - `/settings limit matches` (Server beheren): hoeveel lopende potjes een lid tegelijk mag spelen (1–25, standaard 5).
    - `/settings clock default [live_minutes] [async_hours] [abandon_days] [away_days]` (Server beheren): de klok van nieuwe potjes (live of op je gemak), de minuten van een live beurt (1–120), de uren van een beurt op je gemak (1–168), en na hoeveel dagen (1–60) een potje dat niemand speelt wordt gesloten; `away_days` (0–30, standaard 7): hoeveel dagen van elke 30 een lid hier weg mag zijn van potjes op je gemak.
    - `/settings global mode:on|off` (Server beheren): toon de spelers van deze server op de wereldwijde ranglijst.
    - `/settings language language` (Server beheren): de taal van de berichten en afbeeldingen van potjes hier (`auto`: de taal van de server in Discord). Wat alleen jij ziet, volgt je eigen Discord-taal.
    - `/settings show`: de instellingen van deze server (threads, limiet per lid, klokken, dagen tot sluiten, wereldwijde ranglijst), alleen voor jou.
    - `/settings me images:on|off`: met `off` stuurt { -tablero } wat alleen jij ziet (Mijn blad, `/stats`) als tekst in plaats van als afbeelding.
    - `/settings me autopick:on|off`: met `on` wordt een Keer-keuze met maar één optie voor je gemaakt. Zonder opties vertelt `/settings me` hoe beide staan.
    - `/notify mode:on|off`: één DM voordat je beurtklok afloopt.
    - `/away on [days] [hours]`, `/away off`: een tijdje weg van je potjes op je gemak; elke tafel pauzeert je klok (een Keer-worp gaat zonder jou door) of laat de computer spelen, zoals ze koos (`away` bij de start).
    - `/privacy export`, `/privacy delete`, `/privacy board [mode]`: je gegevens: een bestand met alles wat Tablero over je bewaart; ze wissen (na bevestiging; afgelopen potjes houden een anonieme plaats); zichtbaar of verborgen in het wereldklassement.

    { "**" }Eerlijk spel**
    - Er is één potje per kanaal (of één per thread als threads aan staan).
    - Knoppen werken alleen op het laatste bericht van het potje. Klik je op een oud bericht, dan zegt { -tablero } alleen dat het verouderd is, en verandert er niets.

## /rules game:kero

rules-kero-1-title = { -kero }: doel en einde
rules-kero-1-page =
    { -kero } is een dobbelrace tegen je eigen brandstof voor **2 spelers**. Elke clan, Bruin en Grijs, heeft een **tankwagen** vol { -fuel }, en die tankwagen is zijn klok. In je beurt gooi je dobbelstenen terwijl de { -fuel } wegstroomt. Daarna besteed je wat je gegooid hebt aan **kaarten** en aan **ontdekkingsreizigers** die **Nieuwe Gebieden** claimen.

    { "**" }Hoe een potje eindigt:** het spel heeft **3 rondes**, en elke ronde eindigt als er een **claimkaart** in de kaartenrij verschijnt. **De derde claimkaart beëindigt het spel** na haar claim.

    { "**" }Punten:**
    - **Kaartpunten**: de gedrukte punten, plus "/"-punten ("1 / groen" = 1 punt voor elke groene kaart die je hebt, deze kaart meegeteld).
    - **Gebiedspunten**: de gedrukte punten, plus "+"-punten als hun voorwaarde aan het eind klopt.

    Overgebleven { -jerrycan(count: 2) }, { -tuarek(count: 2) } en { -fuel } leveren niets op.

    { "**" }De meeste punten wint.** Bij gelijkspel (huisregel): meer gebieden, dan meer { -jerrycan(count: 2) }, dan meer { -fuel } in de tank. Is dat allemaal gelijk, dan delen jullie de zege.

    Een potje kan met de **Baasvariant** gespeeld worden (laatste pagina).

rules-kero-2-title = Wat er in de doos zit
rules-kero-2-page =
    - **Het bord**: de **raffinaderij** (waar je tankt), de **hut** (de 3 speciale dobbelstenen), een **rij** van 6 open kaarten (plekken 1–6, van links naar rechts), 4 plekken voor een **Nieuw Gebied** en een **kamp** voor elke clan.
    - **Elke clan**: 7 ontdekkingsreizigers en 1 tankwagen. Een volle tank bevat **60 seconden** { -fuel }.
    - **39 kaarten** (12 startkaarten, 24 gewone en 3 claimkaarten) en **12 Nieuwe Gebieden**.
    - **17 { -tuarek(count: 1) }-fiches** van 7 soorten: helpers die je trekt of inhuurt, elk één keer te spelen.
    - **10 tegels met een blijvende vaardigheid**, elk gegeven door een kaart.
    - **27 { -jerrycan(count: 2) }**, een beperkte voorraad. Zijn er minder dan je zou krijgen, dan krijg je alleen wat er nog is (huisregel).
    - **5 witte dobbelstenen**: baksteen, graan, metaal, rekruut, { -jerrycan(count: 1) } en vlam.
    - **3 speciale dobbelstenen**: groen, geel en blauw, elk met een vlamzijde.

    { "**" }Je begint met** een volle tankwagen, **2 { -jerrycan(count: 2) }** en **2 { -tuarek(count: 2) }** (gedekt). Wie begint, wordt door loting bepaald (huisregel).

    De kaartteksten, gebieden, { -tuarek(count: 1) }-soorten en zijden van de speciale dobbelstenen zijn van { -tablero } zelf (huisregel).

rules-kero-3-title = Een beurt, stap voor stap
rules-kero-3-page =
    Je beurt heeft deze stappen, in deze volgorde:

    1. **Tanken** (optioneel): betaal { -jerrycan(count: 2) } om je tankwagen bij de raffinaderij bij te vullen.
    2. **Dobbelstenen kiezen en gooien.** De **5 witte dobbelstenen** zijn altijd van jou. Neem er **1–3 speciale dobbelstenen** uit de hut bij, voor **1 { -jerrycan(count: 1) } per stuk**. Een gratis dobbelsteen, van een vaardigheidstegel (A1, A6, A8) of een **Gids**-Tuarek, kost niets. Dan **Gooien**. De klok loopt tot je op **Stoppen** drukt.
    3. **Kamp** (geen klok): verzamel wat je dobbelstenen tonen, neem dan kaarten, huur { -tuarek(count: 2) } in en zet ontdekkingsreizigers uit. Beëindig je beurt als je klaar bent.
    4. **Vuur**: 2 of meer vlammen verbranden de kaart helemaal rechts in de rij. Daarna schuift de rij naar rechts en wordt hij aangevuld.
    5. **Claim**: alleen als er bij het aanvullen van de rij een claimkaart wordt omgedraaid.

    Dan speelt de andere clan.

    In Discord speel je elke stap met de knoppen op het bericht van het potje; je { -tuarek(count: 2) } en vaardigheidstegels speel je vanuit **🐪 Mijn { -tuarek(count: 2) }**, dat alleen jij ziet. De volgende pagina's lopen de stappen een voor een door.

rules-kero-4-title = Gooien: de klok van de tankwagen
rules-kero-4-page =
    { "**" }Gooien** kantelt je tankwagen: de { -fuel } begint weg te stromen, en je gekozen dobbelstenen worden in één keer gegooid.
    - **Zolang er { -fuel } over is**, mag je al je niet-verbrande dobbelstenen **opnieuw gooien**, zo vaak als je wilt: klik elke dobbelsteen aan die je opnieuw wilt gooien (hij wordt blauw met 🔁) en druk dan op **Opnieuw gooien**.
    - Een dobbelsteen met een **vlam is verbrand**. Hij kan niet opnieuw gegooid worden en levert niets op.
    - **Stoppen** legt de tankwagen plat. Je tank houdt wat er over is, en je dobbelstenen liggen vast. Ligt de tankwagen eenmaal plat, dan kan hij deze beurt niet meer gekanteld worden, ook niet na één enkele worp.
    - Een klik telt op het moment dat Discord hem registreert. Een klik die geregistreerd is nadat je tank leeg was, telt niet.

    { "**" }{ -fuel } op.** Is je tank leeg voordat je stopt, dan eindigt je beurt meteen en hebben je dobbelstenen **geen effect**: niets verzamelen, geen speciale zijden, geen Vuur-stap (huisregel). Een voorbijkomende { -tuarek(count: 1) } tankt je tankwagen dan gratis, met alleen de 5 witte dobbelstenen, gegooid door je tegenstander. Daarna speelt je tegenstander.

    { "**" }Verbrande dobbelstenen.** Een **Smid**-Tuarek of de tegel **A10 Tweede kans** gooit één verbrande dobbelsteen één keer opnieuw, terwijl de { -fuel } stroomt. Toont hij weer een vlam, dan is hij weer verbrand (huisregel).

    { "**" }Speciale zijden** tellen pas als je stopt: een **{ -tuarek(count: 1) }**-zijde trekt een { -tuarek(count: 1) }, en een **ontdekkingsreiziger**-zijde zet gratis een ontdekkingsreiziger op het Nieuwe Gebied van je keuze, aan het begin van het kamp.

rules-kero-5-title = Tanken bij de raffinaderij
rules-kero-5-page =
    Aan het begin van je beurt, vóór al het andere, mag je **1 { -jerrycan(count: 1) }** betalen om één keer te tanken, of **2 { -jerrycan(count: 2) }** om twee keer achter elkaar te tanken. Een **Waterdrager**-Tuarek kan één keer tanken voor je betalen. Hooguit **2 keer tanken per beurt** (huisregel). Tanken komt echt eerst: zodra je een speciale dobbelsteen neemt, een { -tuarek(count: 1) } speelt of klaarzet, er een inhuurt of gooit, is de raffinaderij dicht tot je volgende beurt (een Waterdrager die je deze beurt inhuurt, betaalt dus een latere tankbeurt).

    { "**" }Zo werkt het:** je tankwagen kantelt met de cabine omlaag en de { -fuel } stroomt erin. Je **tegenstander gooit de 8 dobbelstenen** (5 witte + 3 speciale). Elke vlam gaat opzij en de rest wordt opnieuw gegooid, tot elke dobbelsteen een vlam toont. **Gewonnen { -fuel } = de tijd die dat duurde**, tot een volle tank.
    - Tonen 7 dobbelstenen een vlam, dan krijgt de laatste dobbelsteen hooguit **5 worpen extra**; daarna telt hij als vlam. Dezelfde grens geldt voor de laatste dobbelsteen van een tankbeurt met 5 dobbelstenen.

    { "**" }Tankmodus** (een optie van het potje, huisregel):
    - **auto** (standaard): de bot simuleert de worpen met **1,8 seconde per worp**, gemiddeld zo'n 24 s { -fuel } voor een tankbeurt met 8 dobbelstenen.
    - **live**: je tegenstander gooit echt, en je krijgt de tijd van je tankbeurt tot zijn laatste worp, maar elke worp telt minstens **1,8 seconde** (huisregel), dus snel klikken levert nooit minder op dan auto. Terwijl jij tankt, kan je tegenstander alleen gooien. Gooit hij niet binnen een paar seconden, dan maakt de bot die tankbeurt af in auto (de tijd die al verstreken is, telt mee).

    { "**" }Zandstorm zet je vooraf klaar** (huisregel). Zet hem klaar tijdens je **eigen** beurt. Hij gaat vanzelf af bij de **volgende** tankbeurt van je tegenstander, die dan alleen de 5 witte dobbelstenen gooit. Klaarzetten is geheim en kan niet teruggedraaid worden. Eén Zandstorm treft één tankbeurt. Hij gaat niet af bij het gratis tanken na een lege tank.

rules-kero-6-title = Kamp en Vuur
rules-kero-6-page =
    { "**" }Verzamel** (geen klok) wat je uiteindelijke dobbelstenen tonen, plus bonussen: de tegels A2, A3 en A7, en een **Handelaar**-Tuarek (+1 van een grondstof naar keuze, { -jerrycan(count: 1) } inbegrepen). Elke dobbelsteenuitkomst gebruik je **één keer**. **Jerrycans** worden fiches die je houdt. Baksteen, graan, metaal en rekruten die je niet gebruikt, **gaan verloren aan het eind van je beurt**.

    Daarna, in elke volgorde, zo vaak als je kunt betalen:
    - **Neem een kaart** uit de rij. Betaal de kosten met de grondstoffen van deze beurt en je { -jerrycan(count: 2) }. Het effect gebeurt meteen. Een vaardigheidskaart geeft je haar tegel, vanaf dan **één keer per beurt** te gebruiken. Je hebt hooguit **5 tegels**. Een 6e vaardigheidskaart telt nog mee voor kleur en punten, maar geeft geen tegel.
    - **Huur { -tuarek(count: 2) } in** voor **2 { -jerrycan(count: 2) } per stuk**, op elk moment in je beurt (ook tijdens het gooien, maar de klok loopt door). Elke { -tuarek(count: 1) } speel je één keer en leg je dan af.
    - **Zet ontdekkingsreizigers uit** voor **1 rekruut + 1 metaal** per stuk, op elk Nieuw Gebied, ook waar al ontdekkingsreizigers staan. Alleen ontdekkingsreizigers in je kamp kunnen gaan (7 per clan). Een **Verkenner** zet er gratis een uit.

    { "**" }Vuur.** Als je je beurt beëindigt, tel je de vlammen op je uiteindelijke dobbelstenen. Bij 0–1 verbrandt er niets. Bij 2 of meer verbrandt de **kaart helemaal rechts** in de rij, maar één, hoeveel vlammen je ook hebt. **A9 Brandgang** negeert 1 vlam, een **Vuurvreter** negeert ze allemaal. Beide zijn optioneel, en je beslist voordat je je beurt beëindigt. Daarna schuiven de kaarten naar rechts en wordt de rij aangevuld, elke beurt.

rules-kero-7-title = Claims en de Baasvariant
rules-kero-7-page =
    { "**" }Een claim** vindt plaats als er bij het aanvullen van de rij een **claimkaart** wordt omgedraaid:
    1. Elke clan **wint elk gebied waar hij een strikte meerderheid** aan ontdekkingsreizigers heeft en krijgt de claimbonus ervan. De gebieden gaan van links naar rechts.
    2. Gebieden met **gelijkspel** en **lege** gebieden worden afgelegd. De tegel **A5 Beslisser** wint één gebied met gelijkspel (nooit een leeg gebied).
    3. **Alle ontdekkingsreizigers gaan naar huis**, er worden 4 nieuwe gebieden getrokken en de rij wordt aangevuld.
    4. De clan die de claim **niet** veroorzaakte, speelt daarna.

    { "**" }Baasvariant** (optie van het potje):
    - Een van je 7 ontdekkingsreizigers is een **baas**. Als je een ontdekkingsreiziger uitzet, zeg je of het je baas is.
    - **Eén keer per spel**, als een gebied met je baas bij een claim **gelijk** staat, mag je de baas **inzetten** om het gebied en de bonus te winnen. De baas draait dan om en wordt een gewone ontdekkingsreiziger. De bot vraagt het je bij elk zo'n gebied. Zet je hem niet in, dan houd je je baas voor een latere claim.
    - **Beide bazen op één gebied met gelijkspel**: de clans staan weer gelijk, dus niemand wint het en niemand krijgt de vraag: het gebied wordt afgelegd en **beide bazen draaien om** tot gewone ontdekkingsreizigers (de FAQ van de Baasvariant).
    - **Geen enkele blijvende vaardigheid** werkt op een gebied waar een baas (met de baaszijde boven) staat, dus A5 kan het niet winnen.

## /rules game:keer-kids

rules-keer-kids-1-title = { -keer }: doel en punten
rules-keer-kids-1-page =
    { -keer } is een dobbel- en schrijfspel voor **2–4 spelers**. Iedereen heeft hetzelfde scoreblad met dierenverblijven. Bij elke worp gebruik je één dobbelsteen om op je eigen blad **één heel verblijf** af te kruisen.

    { "**" }Je score is het aantal rondjes** op je blad. Elk rondje is één punt:
    - **Maak een kolom vol** (al zijn vakjes afgekruist): omcirkel de **emmers** eronder (0, 1 of 2).
    - **Maak als eerste een kolom vol**: omcirkel ook de **bezoeker** erboven. Op alle andere bladen wordt die bezoeker doorgestreept.
    - **Kruis elk vakje van één dier af**: omcirkel de **twee voervakjes** van dat dier.

    { "**" }Hoe een potje eindigt:** het spel eindigt **na de worp waarin een speler twee dieren heeft afgemaakt** (die heeft dan vier voervakjes omcirkeld). Die laatste worp wordt voor iedereen afgemaakt: de kruisjes en rondjes van elke speler in die worp tellen mee.

    { "**" }De meeste rondjes wint.** Bij gelijkspel zijn er meerdere winnaars: alle spelers die gelijk staan, delen de zege.

rules-keer-kids-2-title = Het blad en de dobbelstenen
rules-keer-kids-2-page =
    { "**" }Drie gelijke dobbelstenen**, elk met zes zijden:
    - 🟦 **blauw**: pinguïn (17 vakjes, 6 verblijven)
    - 🟥 **rood**: olifant (17 vakjes, 6 verblijven)
    - 🟩 **groen**: krokodil (14 vakjes, 5 verblijven)
    - 🟨 **geel**: leeuw (15 vakjes, 6 verblijven)
    - 🟧 **oranje**: aap (15 vakjes, 6 verblijven)
    - 🟪 **paars**: een kruis, voor de uitroeptekens

    { "**" }Je blad** heeft 13 kolommen × 6 rijen vakjes, en op elk vakje staat een dier. Vakjes van één dier die met een zijde aan elkaar grenzen, vormen een **verblijf** van 1–4 vakjes. Elk vakje van de middelste kolom (kolom 7) heeft een **ster**. Onder de kolommen staan **emmers** (16 in totaal), boven elke kolom staat een **bezoeker**, en elk dier heeft **twee voervakjes**. Rechts staan **4 kameleons** met elk **2 uitroeptekens**.

    Het blad van { -tablero } is een eigen ontwerp, met elk getal dat de spelregels noemen (huisregel).

    Druk op elk moment op **Mijn blad** om je eigen blad te zien, groter, alleen voor jou.

rules-keer-kids-3-title = Een worp, stap voor stap
rules-keer-kids-3-page =
    De spelers gooien **om de beurt**: de plaats die in de lobby is gekozen gooit eerst (de host, tenzij die een andere koos: huisregel), dan de volgende plaats, enzovoort, één worp per speler.

    1. **Gooien.** Wie gooit, drukt op **Gooien** om alle drie de dobbelstenen te gooien.
    2. **Houden.** Wie gooit, klikt één dobbelsteen aan om die te houden. Die kleur is deze worp van hem, en iedereen kan zien welke dobbelsteen gehouden is.
    3. **Kiezen.** Elke andere speler klikt **een van de twee overgebleven dobbelstenen** aan. Meerdere spelers mogen dezelfde dobbelsteen kiezen, want de dobbelstenen blijven in het midden liggen.
    4. **Afkruisen.** Klik je een dobbelsteen aan, dan verschijnt je blad, alleen zichtbaar voor jou, met elk verblijf dat je ermee mag afkruisen omlijnd en gemerkt A, B, C…, en een keuzelijst met dezelfde letters. Kies er een. Wie gooit, krijgt bij het houden meteen zijn keuze te zien. Met `/settings me autopick:aan` wordt een keuze met maar één optie voor je gemaakt.
    5. **Afhandelen.** Als iedereen gekozen heeft, **wordt de worp voor iedereen tegelijk afgehandeld**: kruisjes en rondjes komen op elk blad, en de volgende speler gooit.

    { "**" }Je mag je keuze veranderen tot de worp is afgehandeld** (huisregel): klik opnieuw op een dobbelsteen en kies een ander verblijf; alleen je laatste keuze telt, en niemand ziet hem voordat de worp is afgehandeld. De worp wordt afgehandeld zodra de laatste speler kiest, dus die keuze staat meteen vast. Past de dobbelsteen die je aanklikt nergens op je blad, dan zegt de bot dat, en kun je de andere kiezen.

    { "**" }Loopt je beurtklok af** (huisregel) voordat je gekozen hebt, dan mis je deze worp: je kruist niets af en verliest niets van wat je hebt. Was jij degene die gooit, dan gooit de bot voor je en houdt hij een dobbelsteen, en kruis je die worp niets af; de anderen kiezen uit de twee overgebleven dobbelstenen. Een andere speler mag je dan **eruit zetten**, tot je weer speelt: de computer neemt je plaats in.

rules-keer-kids-4-title = Waar je mag afkruisen
rules-keer-kids-4-page =
    { "**" }Een kleur** kruist **één heel verblijf** af van het dier van die kleur. Het verblijf moet:
    - **een ster bevatten** (kolom 7), of
    - **met een zijde grenzen aan een vakje dat je al hebt afgekruist**.

    Alleen een hoekje raken telt niet. Eén aangrenzend vakje is genoeg: het hele verblijf wordt afgekruist, ook de vakjes die verder weg liggen. Elke kleur heeft een verblijf in de sterrenkolom, dus elke kleur past bij je eerste worp. De keuzelijst toont alleen de verblijven die je mag afkruisen.

    { "**" }Kruis af als het kan.** Past je kleur nergens, kies dan een andere dobbelsteen die je mag nemen. Past geen van de dobbelstenen die je mag nemen, dan **sla je** deze worp **over**. De bot slaat voor je over en laat zien dat niets past. Er zijn geen strafpunten.

    { "**" }Huisregel: wie gooit, moet een passende dobbelsteen houden.** Past een van de drie dobbelstenen op het blad van wie gooit, dan moet die een passende houden. Past er geen, dan houdt hij een willekeurige dobbelsteen (de anderen kunnen die dan niet meer nemen) en slaat hij over.

rules-keer-kids-5-title = Paars: uitroeptekens en kameleons
rules-keer-kids-5-page =
    { "**" }Paars** kruist **één uitroepteken** af in plaats van een verblijf. Alleen paars doet dat, één uitroepteken per worp. Je blad heeft 4 kameleons met elk 2 uitroeptekens, dus 8 uitroeptekens in totaal.

    { "**" }Elk tweede uitroepteken maakt een kameleon af.** Je kruist dan meteen ook **één verblijf van een willekeurige kleur** af. De regel van ster of aangrenzend vakje blijft gelden. In de keuzelijst heten deze keuzes **! uitroepteken + kameleon:** gevolgd door het verblijf dat de kameleon afkruist.

    Huisregels die je kunt tegenkomen:
    - **Alle uitroeptekens afgekruist:** zijn alle 8 uitroeptekens afgekruist, dan past paars niet meer op je blad.
    - **Een kameleon die nergens heen kan, gaat verloren:** verdien je een kameleon maar is geen enkel verblijf op je blad bereikbaar, dan wordt het uitroepteken toch afgekruist en gaat de kameleon verloren.

rules-keer-kids-6-title = Kolommen, bezoekers en de laatste worp
rules-keer-kids-6-page =
    { "**" }Kolommen.** Een kolom is vol als al zijn vakjes afgekruist zijn. Iedereen die hem vol maakt, omcirkelt zijn emmers (0, 1 of 2), wanneer hij hem ook vol maakt.

    { "**" }Bezoekers.** Wie een kolom als eerste vol maakt, omcirkelt ook de bezoeker ervan. Maken twee of meer spelers dezelfde kolom **als eersten in dezelfde worp** vol, dan omcirkelen ze allemaal de bezoeker. Wie hem in een latere worp vol maakt, omcirkelt alleen de emmers.

    { "**" }De sterrenkolom** (kolom 7) heeft geen emmers, maar de bezoeker ervan kan wel omcirkeld worden.

    { "**" }Dieren.** Iedereen die elk vakje van één dier afkruist, omcirkelt de twee voervakjes ervan.

    { "**" }De laatste worp.** Zodra een speler twee dieren heeft afgemaakt, eindigt het spel na die worp. Iedereen kiest tegelijk, dus de laatste worp wordt voor iedereen afgehandeld (huisregel): een kolom of dier dat je in die worp afmaakt, telt nog mee.

    { "**" }De winnaar** heeft de meeste rondjes. Spelers die gelijk staan, delen de zege.
