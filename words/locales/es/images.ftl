## Las palabras dibujadas en las imágenes (render/): la mesa, la hoja y los resultados de Keer
## op Keer Kids, el tablero, los dados y los resultados de Kero, y la gráfica de puntuación.
## Hay poco sitio: cada texto, más o menos tan largo como el inglés. Un salto de línea en un
## mensaje es un salto de línea en la imagen.

## Keer op Keer Kids: una hoja.

image-keer-player = Jugador { $seat }
image-keer-enclosure = { $letter }{ $number }
image-keer-points = { $count ->
    [one] { $count } punto
   *[other] { $count } puntos
}
image-keer-keeping = se queda un dado…
image-keer-waiting-roller = espera a quien tira…
image-keer-has-chosen = ya ha elegido
image-keer-choosing = eligiendo…
image-keer-crossed = ha tachado { $enclosure }
image-keer-marked = ha tachado un !
image-keer-marked-chameleon = ha tachado un ! + camaleón { $enclosure }
image-keer-skipped = ha pasado
image-keer-missed = se le acabó el tiempo
image-keer-chameleon-used = usado: { $enclosure }
image-keer-chameleon-lost = perdido
image-keer-kept = elegido

## Keer op Keer Kids: la franja de la mesa.

image-keer-no-roll = aún no hay tirada
image-keer-rolls-first = { -keer } · { $name } tira primero
image-keer-rolled = Tirada { $number } · ha tirado { $name }
image-keer-game-over = { $count ->
    [one] Fin de la partida: gana { $winners }
   *[other] Fin de la partida: ganan { $winners }
}
image-keer-next = Ahora tira { $name }
image-keer-waiting = Esperando a { $names }

## Keer op Keer Kids: los resultados.

image-keer-place = { $place }.º
image-keer-results-heading = { -keer } · resultados
image-keer-standings-heading = { -keer } · clasificación
image-keer-rolls-played = { $count ->
    [one] { $count } tirada jugada
   *[other] { $count } tiradas jugadas
}
image-keer-results-over = { $count ->
    [one] { $rolls } · gana { $winners }
   *[other] { $rolls } · { $winners } comparten la victoria
}
image-keer-results-going = { $rolls } · la partida sigue
image-keer-points-caption = { $count ->
    [one] punto
   *[other] puntos
}
image-keer-winner = VICTORIA
image-keer-shared-win = VICTORIA COMPARTIDA
image-keer-circles = cubos { $buckets } · visitantes { $visitors } · comida { $food }
image-keer-results-note = Cada círculo es un punto: cubos de columnas llenas, visitantes, comida de animales completos.

## Kero: palabras cortas para los recursos, en las fichas ("2 lad").

image-kero-short-brick = lad
image-kero-short-wheat = tri
image-kero-short-metal = met
image-kero-short-recruit = rec
image-kero-short-jerrycan = bid
image-kero-resource = { $count } { $short }

## Kero: la cabecera y los marcos del tablero.

image-kero-phase-setup = repartiendo
image-kero-phase-start = eligiendo dados
image-kero-phase-fueling = repostando
image-kero-phase-rolling = tirando
image-kero-phase-camp = en el campamento
image-kero-phase-claim = reclamando territorios
image-kero-phase-over = terminada
image-kero-round = Ronda { $round } de { $rounds }
image-kero-game-over = Fin de la partida
image-kero-supply = Mazo { $deck } · Reserva { $jerrycans } { image-kero-short-jerrycan }
image-kero-fuel = { -fuel }
image-kero-burns-first = se quema primero
image-kero-fuel-ups = Repostajes este turno: { $count } de { $most }
image-kero-shack-ready = { $count } { image-kero-short-jerrycan }
image-kero-shack-free = gratis
image-kero-shack-taken = elegido
image-kero-die-letter-green = V
image-kero-die-letter-yellow = Am
image-kero-die-letter-blue = Az

## Kero: un campamento.

image-kero-hidden = ?
image-kero-cards = Cartas
image-kero-tiles = Losetas
image-kero-land = Tierras
image-kero-you = (tú)
image-kero-points = { $count ->
    [one] { $count } pt
   *[other] { $count } pts
}
image-kero-to-play = JUEGA
image-kero-tank = { NUMBER($level, minimumFractionDigits: 1, maximumFractionDigits: 1) } s de { $capacity }
image-kero-tuareks = { $count ->
    [one] { $count } { -tuarek(count: 1) }
   *[other] { $count } { -tuarek(count: 2) }
}
image-kero-at-home = { $count } en casa
image-kero-boss-used = Jefe usado
image-kero-boss-home = Jefe en casa
image-kero-boss-out = Jefe fuera
image-kero-card-chip = { $colour ->
    [green] { $count ->
        [one] { $count } verde
       *[other] { $count } verdes
    }
    [yellow] { $count ->
        [one] { $count } amarilla
       *[other] { $count } amarillas
    }
    [red] { $count ->
        [one] { $count } roja
       *[other] { $count } rojas
    }
   *[blue] { $count ->
        [one] { $count } azul
       *[other] { $count } azules
    }
}
image-kero-no-tiles = ninguna
image-kero-no-land = ninguna aún
image-kero-ability-chip = { $id } { $name }
image-kero-territory-chip = { $name } { $points }
image-kero-territory-chip-more = { $name } { $points }+

## Kero: las cartas de la fila.

# El número de una carta: su tipo (I inicial, N normal, R de reclamación) y su número.
image-kero-card-id = { $kind ->
    [start] I{ $number }
    [claim] R{ $number }
   *[regular] N{ $number }
}
image-kero-tile-id = A{ $number }
image-kero-card-tile = loseta { $tile }
image-kero-empty = vacío
image-kero-gain-jerrycan = { $count ->
    [one] +{ $count } bidón
   *[other] +{ $count } bidones
}
image-kero-gain-jerrycan-short = +{ $count } { image-kero-short-jerrycan }
image-kero-gain-tuarek = { $count ->
    [one] +{ $count } { -tuarek(count: 1) }
   *[other] +{ $count } { -tuarek(count: 2) }
}
image-kero-gain-explorer = { $count ->
    [one] Explorador
   *[other] { $count } Exploradores
}
image-kero-effect-free-die =
    { $colour ->
        [green] Dado verde
        [yellow] Dado amarillo
       *[blue] Dado azul
    }
    cada turno
image-kero-effect-bonus = +{ $resource }
    cada turno
image-kero-effect-tuarek-cost = Contrata un { -tuarek(count: 1) }
    por { $count } { image-kero-short-jerrycan }
image-kero-effect-win-ties = Gana un empate
    al reclamar
image-kero-effect-ignore-flames = { $count ->
    [one] Ignora { $count } llama
   *[other] Ignora { $count } llamas
}
image-kero-effect-reroll = Vuelve a tirar
    un dado quemado
image-kero-per-colour-card = 1 / { $colour ->
    [green] carta verde
    [yellow] carta amarilla
    [red] carta roja
   *[blue] carta azul
}

## Kero: los Nuevos Territorios.

image-kero-claim = Al reclamar: { $gains }
image-kero-end-same-colour = Final: +{ $points } si tienes
    { $count } cartas de un color
image-kero-end-per-colour = Final: +{ $points } / { $colour ->
    [green] carta verde
    [yellow] carta amarilla
    [red] carta roja
   *[blue] carta azul
}
image-kero-end-per-territory = Final: +{ $points } / otro territorio
image-kero-end-all-colours = Final: +{ $points } si tienes
    cartas de los { $count } colores
image-kero-end = Final: +{ $points }
image-kero-no-bonus = sin bonificación
image-kero-no-territory = sin territorio
image-kero-clan-short-0 = Marrón
image-kero-clan-short-1 = Gris

## Kero: los dados.

image-kero-flames = { $count ->
    [one] { $count } llama
   *[other] { $count } llamas
}
image-kero-in-the-air = ?


## Kero: el panel del turno, y las palabras que añadió el tablero para móvil.

image-kero-colour = { $colour ->
    [green] verde
    [yellow] amarilla
    [red] roja
   *[blue] azul
}
image-kero-turn-yours = Tu turno · { $phase }
image-kero-turn-of = Turno: { $name } · { $phase }
image-kero-waiting = { $name }: aún no ha tirado
image-kero-roll-by = Tirada: { $name }
image-kero-used = { $used } de { $tipped } s de { -fuel } gastados en la última tirada
image-kero-to-spend = Por gastar:
image-kero-nothing-to-spend = Nada por gastar
image-kero-owed-places = { $count ->
    [one] { $count } Explorador gratis por colocar
   *[other] { $count } Exploradores gratis por colocar
}
image-kero-fuelling = Repostaje · tiradas: { $throws } · dados sin llama: { $dice }
image-kero-new-card = nueva { $card }

## Kero: los resultados.

image-kero-shared-win = Victoria compartida: { $names }
image-kero-wins = Gana { $name } ({ $clan })
image-kero-leads = Va en cabeza { $name } ({ $clan })
image-kero-winner = VICTORIA
image-kero-ahead = EN CABEZA
image-kero-points-caption = { $count ->
    [one] punto
   *[other] puntos
}
image-kero-seconds = { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
image-kero-final-scores = Puntuación final
image-kero-card-points = Puntos de cartas
image-kero-territory-points = Puntos de territorios
image-kero-territories-claimed = Territorios reclamados
image-kero-jerrycans-left = Bidones que quedan
image-kero-fuel-left = { -fuel } que queda
image-kero-cards-taken = Cartas cogidas
image-kero-played = { $turns ->
    [one] { $turns } turno jugado · { $claims } de { $rounds } reclamaciones
   *[other] { $turns } turnos jugados · { $claims } de { $rounds } reclamaciones
}
image-kero-played-tied = { $turns ->
    [one] { $turns } turno · { $claims } de { $rounds } reclamaciones · empate a puntos: deciden territorios, bidones y { -fuel }
   *[other] { $turns } turnos · { $claims } de { $rounds } reclamaciones · empate a puntos: deciden territorios, bidones y { -fuel }
}

## La gráfica de puntuación (/stats).

image-stats-rated-match = partida puntuable
image-stats-line = puntuación (habilidad − 3 × incertidumbre)
image-stats-band = habilidad ± incertidumbre
image-stats-empty = aún no hay partidas puntuables
image-stats-rating = { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
image-stats-tick-0 = { NUMBER($value, maximumFractionDigits: 0) }
image-stats-tick-1 = { NUMBER($value, minimumFractionDigits: 1, maximumFractionDigits: 1) }
image-stats-tick-2 = { NUMBER($value, minimumFractionDigits: 2, maximumFractionDigits: 2) }
# The letters a player's choices are marked with, on their sheet and in the options, in order.
image-keer-option-letters = ABCDEFGHIJKLMNOPQRSTUVWXYZ
