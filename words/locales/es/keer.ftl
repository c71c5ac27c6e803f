## Keer op Keer Kids en Discord: un mensaje público por tirada; cada uno elige en su menú privado.
## Los dados son emoji ($die, $dice: 🟦 🟥 …), sus colores las palabras de games.ftl ($colour);
## $enclosure es el código de un recinto con la letra del animal en este idioma (E3).

## /keer start

keer-cmd = { -keer }
keer-start-cmd = Abre una sala para 2–4 jugadores (también con el ordenador)
keer-start-clock-cmd = en vivo: minutos por turno; diferido: horas (lo predeterminado del servidor)
keer-start-rated-cmd = false para una partida amistosa, que no cambia ninguna puntuación
keer-clock-live-choice = en vivo
keer-clock-async-choice = diferido

## El mensaje público de la tirada.

keer-step-header = 🎲 **{ -keer }** · partida #{ NUMBER($match, useGrouping: 0) } · tirada { $roll }
keer-step-roll = { $roller }, ¡tira los dados!
keer-step-rolled = { $name } ha sacado { $dice }.
keer-step-keep = { $roller }, quédate un dado: lo usas tú, y los demás eligen entre los otros dos.
keer-step-kept = { $name } ha sacado { $dice } y se ha quedado { $kept }; los demás eligen entre { $others }.
keer-step-click = Pulsa un dado para elegir dónde tacharlo.
keer-waiting = ⏳ Esperando a: { $names }
keer-waiting-skipped = ⏭️ { $names } (no le cabe nada)
keer-waiting-missed = ⏰ { $names } (se acabó su reloj)
keer-roll-label = Tirar
keer-die-kept-label = { $colour } ({ $name })
keer-keep-fits-label = { $colour } ✓ cabe
keer-keep-no-room-label = { $colour } · sin sitio
keer-refuse-keep-fits = El dado { $colour } no cabe en ninguna parte de tu hoja: quédate con { $fits }.
keer-sheet-label = Mi hoja

## El mensaje de una tirada terminada, en una línea: los dados y lo que hizo cada uno.

keer-summary = 🎲 Tirada { $roll } (partida #{ NUMBER($match, useGrouping: 0) }): { $dice }
keer-summary-unknown = 🎲 Tirada { $roll } (partida #{ NUMBER($match, useGrouping: 0) })
keer-summary-kept = { $name } se quedó { $die }
keer-summary-cross = { $name } { $die } { $enclosure }
keer-summary-mark = { $name } 🟪 !
keer-summary-made-for = { $did } (⚙️ única opción, hecha por el bot)
keer-summary-mark-chameleon = { $name } 🟪 ! + camaleón { $enclosure }
keer-summary-missed = a { $name } se le acabó el reloj
keer-summary-skipped = { $name } pasó

## Los resultados, el tablero en texto y cómo va la partida (/match status).

keer-results-winners = 🏆 ¡{ $winners } { $count ->
    [one] gana
   *[other] ganan
} la partida #{ NUMBER($match, useGrouping: 0) }!
keer-results-line = { $place }. { $name } — { $points }
keer-board-line = **{ $name }** — { $points } · { $enclosures } · { $animals } · { $marks }
keer-count-point = { $count ->
    [one] { $count } punto
   *[other] { $count } puntos
}
keer-count-enclosure = { $count ->
    [one] { $count } recinto
   *[other] { $count } recintos
}
keer-count-animal-done = { $count ->
    [one] { $count } animal completo
   *[other] { $count } animales completos
}
keer-count-mark = { $count ->
    [one] { $count } signo !
   *[other] { $count } signos !
}
keer-progress-roller = tirada { $roll } · ahora tira { $name }
keer-progress-waiting = tirada { $roll } · esperando a { $names }

## 📝 Tablero en texto: la imagen de la mesa en palabras, para quien no puede verla (un grupo
## de datos por línea, para lectores de pantalla: colores y números en palabras, nunca solo emoji).
keer-text-rolls = Ahora tira los dados { $name }.
# $dice: los colores en palabras ("azul, rojo y morado").
keer-text-rolled = { $name } ha sacado { $dice } y está eligiendo qué dado quedarse.
keer-text-kept = { $name } ha sacado { $dice } y se ha quedado el { $kept }; los demás eligen entre { $others }.
keer-text-choosing = Aún eligen: { $names }.
# $visitors: keer-text-visitor, en lista.
keer-text-visitors = Visitantes ya ganados: { $visitors }.
keer-text-visitors-none = Visitantes ya ganados: ninguno todavía.
keer-text-visitor = columna { $column }, { $visitor }, para { $names }
keer-text-player = **{ $name }**: { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
} ({ $buckets } de cubos, { $visitors } de visitantes, { $food } de comida)
# $crossed: los códigos de los recintos tachados, en lista ("P1, P2 y P5"), o keer-text-none.
keer-text-animal = Recintos de { $animal } tachados: { $crossed } ({ $done } de { $total })
keer-text-animal-complete = Recintos de { $animal } tachados: { $crossed } (los { $total }: completo)
keer-text-none = ninguno
# $columns: keer-text-column, en lista.
keer-text-columns = Columnas completas ({ $count }): { $columns }.
keer-text-columns-none = Columnas completas: ninguna todavía.
# $visitor: won (rodeó al visitante de la columna) o gone (otro jugador se lo llevó antes).
keer-text-column = columna { $column }, { $buckets ->
    [0] sin cubos
    [one] { $buckets } cubo
   *[other] { $buckets } cubos
}, { $visitor ->
    [won] visitante rodeado: { $name }
   *[gone] visitante ya ganado por otro jugador
}
# $where: los recintos que tacharon los camaleones, en lista, o keer-text-none.
keer-text-marks = Signos de exclamación: { $marks } de { $total } tachados. Camaleones usados: { $used } (tachando { $where }){ $lost ->
    [0] {""}
   *[other] ; perdidos sin nada que tachar: { $lost }
}; por ganar: { $left }.
# $food: la comida de los animales completos, en lista.
keer-text-food = Comida rodeada: { $food } ({ $points ->
    [one] { $points } punto
   *[other] { $points } puntos
}).
keer-text-food-none = Comida rodeada: ninguna todavía (ningún animal completo).

## Un dado pulsado: dónde puede ir, solo para quien lo pulsó.

keer-pick-nowhere = { $die } no cabe en ninguna parte de tu hoja: elige otro dado.
keer-pick-where = { $die } **{ $colour }**: ¿dónde lo tachas?
keer-pick-enclosure-placeholder = Elige un recinto
keer-pick-mark-placeholder = Tacha un signo de exclamación
# Un recinto, lo justo para encontrarlo en la hoja: "E3 · elefante · columnas 5–7 (4 casillas)".
keer-enclosure-option = { $enclosure } · { $animal } · { $columns ->
    [one] columna { NUMBER($first) }
   *[other] columnas { NUMBER($first) }–{ NUMBER($last) }
} ({ $squares ->
    [one] { NUMBER($squares) } casilla
   *[other] { NUMBER($squares) } casillas
})
keer-mark-option = Tacha un signo de exclamación
keer-mark-chameleon-option = signo ! + camaleón: { $enclosure }
keer-option-lettered = { $letter } — { $option }
keer-choice-alt = Hoja de { $name }, dado { $colour }: recuadrados { $framed }.
keer-choice-alt-none = Hoja de { $name }, dado { $colour }: nada que recuadrar.
keer-choice-alt-pending = Elección por ahora, con línea discontinua: { $pick }.
keer-picked-cross = ✅ Has tachado { $enclosure }.
keer-picked-mark = ✅ Has tachado un signo de exclamación.
keer-picked-mark-chameleon = ✅ Has tachado un signo de exclamación y has ganado un camaleón en { $enclosure }.
keer-picked-skip = ✅ Pasas esta tirada.
keer-pick-roll-over = ⌛ Esta tirada ya terminó: no se ha cambiado nada.
keer-still-open = Aún a tu alcance: visitantes sobre { $visitors } · { $buckets ->
    [one] { $buckets } cubo
   *[other] { $buckets } cubos
} · comida de { $food }
keer-still-open-none = ninguno
keer-choice-elsewhere = 🔁 Elegiste en otra elección. Pulsa un dado para cambiarla.
keer-picked-changeable = Puedes cambiarla hasta que se resuelva la tirada: pulsa otra vez un dado.
keer-picked-changed = 🔁 Cambiada: { $pick } (antes: { $before }).
keer-pick-current = Tu elección por ahora: { $pick }. Elige otra para cambiarla.
keer-pick-only-current = { $die } no te ofrece nada más: tu elección sigue siendo { $pick }.
keer-pick-is-mark = un signo de exclamación
keer-pick-is-mark-chameleon = un signo de exclamación y un camaleón en { $enclosure }

## Negativas al pulsar un dado.

keer-refuse-missed = Se acabó tu reloj de turno: pasas esta tirada.
keer-refuse-nothing-fits = En esta tirada no te cabe nada en la hoja: la pasas.
keer-refuse-own-die = Tú usas el dado que te quedaste: { $die }.
keer-refuse-roller-die = Ese dado es de { $roller }: elige { $dice }.

## Mi hoja, solo para quien la pidió.

keer-sheet-alt = Hoja de { $name }
keer-sheet-text-title = 📋 Tu hoja en la partida #{ NUMBER($match, useGrouping: 0) }

## 👁 Hoja junto a la línea de cada jugador en la tarjeta de la tirada: su hoja como la muestra
## la imagen de la tarjeta (lo elegido en una tirada en curso sigue oculto), para quien pulse.
keer-look-label = Hoja
keer-look-text-title = 📋 Hoja de { $name } en la partida #{ NUMBER($match, useGrouping: 0) }

## The match card's line per player ($marker: "▶ " before the roller, else empty), then what
## they are doing, if anything (keer-panel-*).
keer-panel-player = { $marker }**{ $name }** · { $points } { $points ->
    [one] punto
   *[other] puntos
}
keer-panel-rolls = 🎲 tira
keer-panel-choosing = ⏳ eligiendo
keer-panel-chosen = ✅ ya eligió
keer-panel-auto = ⚙️ una sola opción: hecha por el bot
keer-panel-skipped = ⏭️ nada encaja
keer-panel-missed = ⏰ se acabó su tiempo
