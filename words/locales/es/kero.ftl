## Kero en Discord: el mensaje público del turno y sus botones, Mis Tuareks (solo para quien lo
## abre), los resultados, las negativas y /kero challenge.
## Recursos, territorios, losetas y Tuareks se nombran en games.ftl.

## El mensaje del turno.

kero-header = ⛽ **{ -kero }** · partida #{ NUMBER($match, useGrouping: 0) } · ronda { $round } · turno { $turn }
kero-stock = { -fuel } { $seconds } s · ⛽ { $jerrycans }
kero-stock-special-dice = { $stock } · dados especiales: { $dice }
kero-phase-setup = repartiendo
kero-phase-start = eligiendo dados
kero-phase-fueling = repostando
kero-phase-rolling = tirando
kero-phase-camp = en el campamento
kero-phase-claim = reclamando territorios
kero-phase-over = terminada
kero-ai-playing = 🤖 { $name } está jugando ({ $phase }) · { $stock }
kero-your-turn = { $player }, es tu turno: { $steps ->
    [refinery] reposta, añade dados y pulsa Tirar.
    [dice] añade dados y pulsa Tirar.
   *[ready] pulsa Tirar cuando quieras.
}
kero-fuelling = { $name } está repostando: { $thrower }, ¡lanza los dados! ({ $stock })
kero-refuelling = ⛽ Un { -tuarek(count: 1) } que pasaba por allí reposta a { $name } con los 5 dados blancos: { $thrower }, ¡lanza!
kero-fuel-progress = 🔥 { $flames } de { $dice } dados con llama · { $throws } { $throws ->
    [one] tirada
   *[other] tiradas
} · +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s por ahora
kero-rolling = { $name } está tirando: el tanque se vacía { $when } { $gauge }
kero-gauge = { $bar } { $seconds } s
kero-rolling-help = Marca los dados que quieras volver a tirar (🔁) y pulsa Volver a tirar; Parar se los queda todos.
kero-in-camp = { $name } está en el campamento: { $resources } para gastar · { $stock }
kero-camp-help = Toma cartas, coloca Exploradores, contrata { -tuarek(count: 2) } y pulsa Terminar turno.
kero-tile-bonus = 🏅 Las losetas de habilidad de { $name } sumaron { $resources } a los dados
kero-free-explorers = 🧭 { $count ->
    [one] { $count } Explorador gratis por colocar: se pierde si terminas el turno sin colocarlo.
   *[other] { $count } Exploradores gratis por colocar: se pierden si terminas el turno sin colocarlos.
}
kero-claim-waiting = 📜 ¡Reclamación! Falta la decisión de { $players } sobre un empate (las respuestas son secretas hasta que estén todas).
kero-claim-report = 📜 Reclamación: { $parts }.
kero-claimed-majority = { $name } gana { $land }
kero-claimed-boss = { $name } gana { $land } con su Jefe
kero-claimed-tiebreak = { $name } gana { $land } con el Desempate
kero-claimed-bosses = { $land }: los dos Jefes en un empate; se descarta y los dos Jefes se dan la vuelta
kero-claimed-tie = { $land }: empate; se descarta
kero-claimed-empty = { $land }: no había nadie; se descarta
kero-fuel-report = ⛽ Repostaje { $count } hecho: los dados de { $thrower } necesitaron { $throws } { $throws ->
    [one] tirada
   *[other] tiradas
} → +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s de { -fuel }.
kero-tank-full = { $line } · tanque lleno
kero-dry-report = 🏜️ El tanque de { $name } se quedó seco: los dados no valieron nada; un { -tuarek(count: 1) } que pasaba lo repostó: +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s de { -fuel }.

## Lo que hizo un turno, una línea por cosa (en el resumen del turno; lo hecho en el campamento, también en su mensaje).

kero-told-dry = 🏜️ El tanque se ha quedado seco: estos dados no valen nada.
kero-told-refuel = ⛽ Un { -tuarek(count: 1) } que pasaba repostó el camión con los { $dice } dados blancos: +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s de { -fuel }
kero-told-storm = 🌪️ ¡Tormenta de polvo! Solo se lanzan los { $dice } dados blancos.
kero-told-fuel = ⛽ Repostó ({ $paid }): { $throws } { $throws ->
    [one] tirada
   *[other] tiradas
} → +{ NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s de { -fuel }
kero-told-dice = 🎲 { $count ->
    [one] Tomó un dado especial
   *[other] Tomó { $count } dados especiales
}: { $dice } ({ $cost })
kero-told-stop = ✋ Paró con { $seconds } s en el tanque; los dados dieron { $got }
kero-told-take = 🃏 Tomó { $card } por { $cost }
kero-told-place = 🧭 Explorador en { $land } ({ $cost })
kero-told-place-boss = 👑 Jefe en { $land } ({ $cost })
kero-told-hire = 🐪 { $count ->
    [one] Contrató un { -tuarek(count: 1) }
   *[other] Contrató { $count } { -tuarek(count: 2) }
} ({ $cost } ⛽)
kero-told-play = 🐪 Jugó { $what }
kero-told-use = 🏅 Usó { $what }
kero-told-burn = 🔥 { $flames } llamas: { $card } se quemó
kero-told-unplaced = 🧭 { $count ->
    [one] { $count } Explorador gratis se quedó sin colocar
   *[other] { $count } Exploradores gratis se quedaron sin colocar
}
kero-told-skipped = ⏭️ Turno saltado: no gana nada
kero-told-claim-card = 📜 Salió una carta de Reclamación: ¡a reclamar!

## Las caras de los dados (tras su emoji).

kero-face-flame = llama
kero-face-tuarek = { -tuarek(count: 1) }
kero-face-explorer = Explorador

## Botones y menús.

kero-roll-label = Tirar
kero-reroll-label = Volver a tirar
kero-reroll-count-label = Volver a tirar { $count }
kero-stop-label = Parar
kero-fuel-up-label = Repostar ({ $cost } ⛽)
kero-throw-label = Lanzar
kero-hire-label = Contratar un { -tuarek(count: 1) } ({ $cost } ⛽)
kero-end-turn-label = Terminar turno
kero-tuareks-label = Mis { -tuarek(count: 2) }
kero-die-label = { $colour ->
    [green] dado verde
    [yellow] dado amarillo
   *[blue] dado azul
}
kero-die-cost-label = { $colour ->
    [green] dado verde
    [yellow] dado amarillo
   *[blue] dado azul
} ({ $cost } ⛽)
kero-die-free-label = { $colour ->
    [green] dado verde
    [yellow] dado amarillo
   *[blue] dado azul
} (gratis)
kero-die-number = dado { $number }
kero-boss-activate-label = Territorio { $slot }: activa tu Jefe
kero-boss-hold-label = Territorio { $slot }: guarda tu Jefe
kero-take-placeholder = Toma una carta
kero-place-placeholder = Coloca un Explorador
kero-place-free-placeholder = { $count ->
    [one] Coloca tu Explorador gratis (se pierde si no lo usas)
   *[other] Coloca tus { $count } Exploradores gratis (se pierden si no los usas)
}
kero-tiebreak-placeholder = El empate que rompe tu loseta A5
kero-tuarek-placeholder = Juega un { -tuarek(count: 1) } o usa una loseta
kero-cost = coste: { $cost }
kero-free = gratis
kero-card-points = { $card } { $colour } · { $points } { $points ->
    [one] pt
   *[other] pts
}
kero-card-per-colour = { $card } { $colour } · 1 pt por carta { $per ->
    [green] verde
    [yellow] amarilla
    [red] roja
   *[blue] azul
}
kero-card-tile = { $card } { $colour } · loseta A{ $tile }
kero-card-option = { $card } — { $cost }
kero-territory = { $name }, { $points } { $points ->
    [one] pt
   *[other] pts
}
kero-territory-option = { $land } — { $cost }
kero-territory-boss-option = { $land } — tu Jefe, { $cost }
kero-tiebreak-option = Territorio { NUMBER($slot) }: { $name }
kero-with-choice = { $what }: { $choice }
kero-tile = A{ $number } { $name }

## Mis Tuareks: solo lo ve quien lo abre.

kero-my-tuareks = 🐪 Tus { -tuarek(count: 2) }: { $tuareks }
kero-my-tuareks-armed = 🐪 Tus { -tuarek(count: 2) }: { $tuareks } · { $armed } { $armed ->
    [one] Tormenta de polvo preparada
   *[other] Tormentas de polvo preparadas
}
kero-my-tiles = 🏅 Tus losetas de habilidad: { $tiles }
kero-no-tuareks = ninguno
kero-no-tiles = ninguna
kero-nothing-to-play = Ahora no tienes nada que jugar.

## Cuando un mensaje ya pasó, los resultados, el tablero en texto.

kero-score = { $name } { $points }
kero-summary-turn = ⛽ { -kero } · partida #{ NUMBER($match, useGrouping: 0) } · el turno { $turn } ({ $name }) ha terminado; puntos: { $scores }
kero-summary-claim = ⛽ { -kero } · partida #{ NUMBER($match, useGrouping: 0) } · la reclamación ha terminado; puntos: { $scores }
kero-results-won = 🏆 ¡{ $winners } { $count ->
    [one] gana
   *[other] ganan
} la partida #{ NUMBER($match, useGrouping: 0) } de { -kero }!
kero-results-line = { $name }: { $points } { $points ->
    [one] punto
   *[other] puntos
}
kero-final-claim = 📜 La última reclamación: { $parts }.
kero-board-line = **{ $name }**: { $points } { $points ->
    [one] punto
   *[other] puntos
} · { -fuel } { $seconds } s · ⛽ { $jerrycans } · { $cards } { $cards ->
    [one] carta
   *[other] cartas
} · { $territories } { $territories ->
    [one] territorio
   *[other] territorios
}
kero-progress = turno { $turn } · { $phase } · esperando a { $players }

## 📝 Tablero en texto: la imagen del tablero en palabras, para quien no puede verla (un grupo
## de datos por línea, para lectores de pantalla: colores y caras de los dados en palabras, nunca
## solo emoji). Los campamentos son los textos de 👁 Campamento (kero-look-*).
kero-text-turn = Turno de { $name } ({ $clan }): { $phase }.
# $jerrycans: "20 bidones" (resource-jerrycan).
kero-text-supply = Ronda { $round } de { $rounds } · cartas que quedan en el mazo: { $deck } · en la reserva: { $jerrycans }
# $dice: los dados especiales por color (kero-text-die-colour), en lista, o kero-text-none.
kero-text-special-dice = Dados especiales tomados este turno: { $dice }
kero-text-fuel-ups = Repostajes este turno: { $count } de { $most }
kero-text-none = ninguno
# $when: una marca de tiempo de Discord ("en 31 segundos", en el idioma de quien lo lee).
kero-text-window = El camión se inclinó con { $seconds } s de { -fuel } y el tanque se vacía { $when }.
kero-text-dice = Los dados ({ $count }), { $flames ->
    [0] ninguna llama
    [one] { $flames } llama
   *[other] { $flames } llamas
}:
kero-text-die = dado { $number }, { $colour }: { $face }
kero-text-die-colour = { $colour ->
    [white] blanco
    [green] verde
    [yellow] amarillo
   *[blue] azul
}
kero-text-face-flame = llama (quemado)
kero-text-in-the-air = en el aire
# $resources: recursos en palabras ("2 ladrillos y 1 trigo"), o resource-nothing.
kero-text-to-spend = Te queda por gastar: { $resources }.
kero-text-owed = Exploradores gratis por colocar este turno: { $count }.
kero-text-claim = Reclamación: esperando a que { $names } decida.
kero-text-row = Fila de cartas:
kero-text-territories = Nuevos Territorios:
# $what: una carta (kero-card-points y demás, kero-cost, kero-text-gives), un territorio, o kero-text-empty.
kero-text-slot = hueco { $slot }: { $what }
kero-text-empty = vacío
kero-text-gives = da { $gains }
kero-text-gain-tuarek = { $count ->
    [one] { $count } { -tuarek(count: 1) }
   *[other] { $count } { -tuarek(count: 2) }
}
kero-text-gain-explorer = { $count ->
    [one] { $count } Explorador gratis
   *[other] { $count } Exploradores gratis
}
kero-text-when-claimed = al reclamarlo: { $gains }
kero-text-end-same-colour = al final +{ $points } si tienes { $count } cartas de un mismo color
kero-text-end-per-colour = al final +{ $points } por cada carta { $colour }
kero-text-end-per-territory = al final +{ $points } por cada otro territorio tuyo
kero-text-end-all-colours = al final +{ $points } si tienes cartas de los { $count } colores
kero-text-end = al final +{ $points }
# $placed: kero-text-explorers-of de cada clan, en lista.
kero-text-explorers = Exploradores: { $placed }
kero-text-explorers-of = { $name } { $count }
kero-text-bosses = { $count ->
    [one] aquí está el Jefe de { $names }
   *[other] aquí están los Jefes de { $names }
}

## Negativas.

kero-refuse-only-roller = Solo quien está tirando marca los dados.
kero-costs-more = Eso cuesta { $cost } y tienes { $have }.
kero-refuse-challenge-yourself = No puedes desafiarte a ti mismo.
kero-refuse-challenge-bot = Los bots no juegan; desafíame a mí para jugar contra el ordenador.

## /kero challenge.

kero-cmd = { -kero }
kero-challenge-cmd = Desafía a un miembro (o a mí) a una partida de { -kero }
kero-challenge-member-cmd = a quién desafías (elige al propio { -tablero } para jugar contra el ordenador)
kero-challenge-variant-cmd = el juego base o la variante del Jefe
kero-challenge-refuel-cmd = repostajes lanzados automáticamente o en vivo por el rival
kero-challenge-clock-cmd = en vivo: minutos por turno; diferido: horas (por defecto, el del servidor)
kero-challenge-rated-cmd = false: una partida amistosa, que no cambia ninguna puntuación
kero-challenge-level-cmd = lo fuerte que juega el ordenador, si retas al bot
kero-level-easy-choice = fácil
kero-level-normal-choice = normal
kero-level-hard-choice = difícil
kero-variant-base-choice = juego base
kero-variant-boss-choice = variante del Jefe
kero-refuel-auto-choice = automático
kero-refuel-live-choice = en vivo
kero-clock-live-choice = en vivo
kero-clock-async-choice = diferido
kero-started-vs-computer = ⚔️ Ha empezado la partida #{ NUMBER($match, useGrouping: 0) } de { -kero } contra el ordenador.

## The match card's line per clan ($marker: "▶ " before the clan to act, else empty).
kero-panel-player = { $marker }**{ $name }** · { $clan } · { $points } { $points ->
    [one] punto
   *[other] puntos
}

## 👁 Campamento junto a la línea de cada clan en la tarjeta del turno: su campamento como lo ve
## cualquiera. Los Tuareks se cuentan, nunca se nombran (la mano y las Tormentas preparadas juntas).
kero-look-label = Campamento
kero-look-title = ⛺ Campamento de **{ $name }** ({ $clan }) · partida #{ NUMBER($match, useGrouping: 0) } · { $points } { $points ->
    [one] punto
   *[other] puntos
}
kero-look-tank = { -fuel } { $seconds } s
kero-look-tipped = { -fuel } inclinado con { $seconds } s
kero-look-stock = { $tank } · ⛽ { $jerrycans } · 🐪 { $tuareks } { $tuareks ->
    [one] { -tuarek(count: 1) } boca abajo
   *[other] { -tuarek(count: 2) } boca abajo
}
kero-look-cards = 🃏 { $count ->
    [0] Cartas: ninguna
   *[other] Cartas ({ $count }):
}
kero-look-tiles = 🏅 Losetas de habilidad: { $count ->
    [0] ninguna
   *[other] { $tiles }
}
kero-look-explorers = 🧭 Exploradores: { $home } en casa · { $count ->
    [0] ninguno colocado
   *[other] colocados: { $placed }
}
kero-look-placed = { $land } ({ $count })
kero-look-land = 📜 Tierras: { $count ->
    [0] ninguna
   *[other] { $land }
}
kero-look-boss = 👑 Jefe: { $where ->
    [home] en casa
    [out] en { $land }
   *[used] usado
}
