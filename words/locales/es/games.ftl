## Los componentes de los juegos por sus ids en los datos (games/*/data).

## Keer op Keer Kids: los animales (su letra marca sus recintos), los visitantes, los colores.

animal-penguin = pingüino
animal-elephant = elefante
animal-crocodile = cocodrilo
animal-lion = león
animal-monkey = mono
animal-penguin-letter = P
animal-elephant-letter = E
animal-crocodile-letter = C
animal-lion-letter = L
animal-monkey-letter = M
animal-penguin-food = comida de pingüino
animal-elephant-food = comida de elefante
animal-crocodile-food = comida de cocodrilo
animal-lion-food = comida de león
animal-monkey-food = comida de mono
visitor-1 = cuidador con carretilla
visitor-2 = niña con un globo
visitor-3 = fotógrafo
visitor-4 = heladero
visitor-5 = abuelo con bastón
visitor-6 = clase del colegio
visitor-7 = veterinaria
visitor-8 = niño con prismáticos
visitor-9 = mamá con carrito
visitor-10 = pintor
visitor-11 = gemelos
visitor-12 = cuidadora con un cubo de peces
visitor-13 = turista con un mapa
colour-blue = azul
colour-red = rojo
colour-green = verde
colour-yellow = amarillo
colour-orange = naranja
colour-purple = morado

## Kero: recursos (con cantidad), clanes, colores de cartas, territorios, losetas, Tuareks.

resource-brick = { $count ->
    [one] { $count } ladrillo
   *[other] { $count } ladrillos
}
resource-wheat = { $count } de trigo
resource-metal = { $count } de metal
resource-recruit = { $count ->
    [one] { $count } recluta
   *[other] { $count } reclutas
}
resource-jerrycan = { $count ->
    [one] { $count } bidón
   *[other] { $count } bidones
}
resource-nothing = nada
clan-0 = Clan marrón
clan-1 = Clan gris
card-colour-green = verde
card-colour-yellow = amarilla
card-colour-red = roja
card-colour-blue = azul
territory-t1 = Oasis
territory-t2 = Cañón
territory-t3 = Campo petrolífero
territory-t4 = Ruinas
territory-t5 = Salinas
territory-t6 = Dunas
territory-t7 = Llanura de chatarra
territory-t8 = Cruce de caminos
territory-t9 = Meseta
territory-t10 = Lago
territory-t11 = Mesa
territory-t12 = Tierras baldías
ability-a1 = Dado verde
ability-a2 = Ladrillera
ability-a3 = Forja
ability-a4 = Amigos tuareks
ability-a5 = Desempate
ability-a6 = Dado amarillo
ability-a7 = Granero
ability-a8 = Dado azul
ability-a9 = Cortafuegos
ability-a10 = Segunda oportunidad
tuarek-dust-storm = Tormenta de polvo
tuarek-guide = Guía
tuarek-trader = Comerciante
tuarek-scout = Batidor
tuarek-water-carrier = Aguador
tuarek-fire-eater = Tragafuegos
tuarek-smith = Herrero
