## De onderdelen van de spellen, bij hun id in de spelgegevens (games/*/data).

## Keer op Keer Kids: de dieren (hun letter staat in hun verblijven: O3 is van een olifant),
## de bezoekers boven de kolommen, de kleuren van de dobbelstenen.

animal-penguin = pinguïn
animal-elephant = olifant
animal-crocodile = krokodil
animal-lion = leeuw
animal-monkey = aap
animal-penguin-letter = P
animal-elephant-letter = O
animal-crocodile-letter = K
animal-lion-letter = L
animal-monkey-letter = A
animal-penguin-food = pinguïnvoer
animal-elephant-food = olifantenvoer
animal-crocodile-food = krokodillenvoer
animal-lion-food = leeuwenvoer
animal-monkey-food = apenvoer
visitor-1 = dierenverzorger met kruiwagen
visitor-2 = meisje met ballon
visitor-3 = fotograaf
visitor-4 = ijsverkoper
visitor-5 = opa met wandelstok
visitor-6 = schoolklas
visitor-7 = dierenarts
visitor-8 = jongen met verrekijker
visitor-9 = mama met kinderwagen
visitor-10 = schilder
visitor-11 = tweeling
visitor-12 = verzorger met visemmer
visitor-13 = toerist met kaart
colour-blue = blauw
colour-red = rood
colour-green = groen
colour-yellow = geel
colour-orange = oranje
colour-purple = paars

## Kero: grondstoffen (met aantal), clans, kaartkleuren, gebieden, vaardigheidstegels, Tuareks.

resource-brick = { $count ->
    [one] { $count } baksteen
   *[other] { $count } bakstenen
}
resource-wheat = { $count } graan
resource-metal = { $count } metaal
resource-recruit = { $count ->
    [one] { $count } rekruut
   *[other] { $count } rekruten
}
resource-jerrycan = { $count ->
    [one] { $count } jerrycan
   *[other] { $count } jerrycans
}
resource-nothing = niets
clan-0 = Bruine clan
clan-1 = Grijze clan
card-colour-green = groen
card-colour-yellow = geel
card-colour-red = rood
card-colour-blue = blauw
territory-t1 = Oase
territory-t2 = Kloof
territory-t3 = Olieveld
territory-t4 = Ruïnes
territory-t5 = Zoutvlakte
territory-t6 = Duinen
territory-t7 = Schrootvlakte
territory-t8 = Kruispunt
territory-t9 = Plateau
territory-t10 = Meer
territory-t11 = Tafelberg
territory-t12 = Woestenij
ability-a1 = Groene dobbelsteen
ability-a2 = Steenbakkerij
ability-a3 = Smidse
ability-a4 = Tuarekvrienden
ability-a5 = Beslisser
ability-a6 = Gele dobbelsteen
ability-a7 = Graanschuur
ability-a8 = Blauwe dobbelsteen
ability-a9 = Brandgang
ability-a10 = Tweede kans
tuarek-dust-storm = Zandstorm
tuarek-guide = Gids
tuarek-trader = Handelaar
tuarek-scout = Verkenner
tuarek-water-carrier = Waterdrager
tuarek-fire-eater = Vuurvreter
tuarek-smith = Smid
