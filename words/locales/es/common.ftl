## Lo que comparten todas las áreas: los términos de los juegos, las listas y las negativas
## que cualquiera puede encontrarse. Términos: docs/glossary/es.md.

-tablero = Tablero
-keer = Keer op Keer Kids
-kero = Kero
-fuel = KERO
-jerrycan = { $count ->
    [one] bidón
   *[other] bidones
}
-tuarek = { $count ->
    [one] Tuarek
   *[other] Tuareks
}

# The games' titles (their own names, the same in every language).
game-keer-kids = { -keer }
game-kero = { -kero }

list-and = y
computer-name = { $name } (IA, { $level })
level-easy = fácil
level-normal = normal
level-hard = difícil
list-or = o

## Negativas: breves, efímeras, y diciendo que no cambió nada cuando importa.

refuse-out-of-date = Ese mensaje está desactualizado: usa el último mensaje de la partida.
refuse-no-match = Esa partida ya no existe.
refuse-elsewhere = Ese botón es de una partida de otro canal.
refuse-match-status = { $status ->
    [finished] Esa partida ha terminado.
    [cancelled] Esa partida se canceló.
   *[abandoned] Esa partida se abandonó.
}
refuse-match-damaged = No se puede jugar esa partida: su registro está dañado. Un administrador puede cancelarla.
refuse-match-over = Esta partida ha terminado.
refuse-not-playing = No juegas en esta partida.
refuse-not-your-roll = No te toca tirar.
refuse-no-such-move = Ese no es un movimiento de este juego.
refuse-no-such-level = El ordenador juega en fácil, normal o difícil: no se ha empezado nada.
refuse-already-counted = Ese clic ya se contó.
refuse-moved-on = La partida avanzó mientras hacías clic: inténtalo de nuevo.
refuse-button-does-nothing = Ese botón no hace nada aquí.
refuse-damaged-button = Ese botón está dañado o es de una versión antigua de { -tablero }; no cambió nada.
refuse-damaged-choice = Esa elección está dañada; no cambió nada.
refuse-damaged-record = Los registros que { -tablero } guardó de esto están dañados, así que no cambió nada. Un administrador del servidor puede revisar el registro del bot (o `tablero db check`).
refuse-failed = Algo falló en { -tablero }; no cambió nada. Inténtalo de nuevo en un momento.
refuse-outage = { -tablero } no puede guardar jugadas ahora mismo; no cambió nada. Inténtalo de nuevo en un momento.
refuse-held = ⏳ { -tablero } no puede guardar jugadas en este momento, así que tu clic queda guardado: cuenta en cuanto vuelva la base de datos, a la hora en que hiciste clic. No hace falta volver a hacer clic.
refuse-held-already = ⏳ Tu clic anterior está guardado y cuenta en cuanto vuelva la base de datos; este no cambia nada.
refuse-slow = ⏳ Guardar tu jugada está tardando más de lo normal. El mensaje de la partida la mostrará en cuanto se guarde; si no se puede, te lo diremos aquí.
refuse-command-here = No puedes usar este comando aquí.
refuse-absent-is-you = Eres tú: juega tu movimiento.
refuse-clock-still-running = Su reloj no se ha agotado (o ya jugó).
refuse-already-moved = Ya jugó.
refuse-away-past = Indica cuánto tiempo estarás fuera: unos días u horas.
refuse-away-too-long = Puedes ausentarte como mucho { $days } días seguidos; para más, abandona la partida.
refuse-more-time-not-yours = Solo los demás jugadores de la partida (o quien administre el servidor) pueden dar más tiempo.
refuse-more-time-live = Dar más tiempo es para partidas diferidas: un reloj en vivo se queda como está.
refuse-more-time-nobody = Ahora mismo no corre el reloj de nadie.
refuse-more-time-yourself = Tu propio reloj está corriendo: no puedes darte más tiempo.
refuse-more-time-spent = Esta partida ya tuvo sus { $most } prórrogas.
refuse-hours-format = Indica el horario de juego con un inicio y un fin, como `18:00-22:00`, y una zona (`zone`).
refuse-hours-empty = El horario de juego necesita un inicio y un fin distintos.
# $like: the known zones closest to the one typed.
refuse-hours-zone = No conozco la zona horaria { $zone }. ¿Quisiste decir { $like }?
refuse-hours-live = El horario de juego es para partidas diferidas: elige también el reloj diferido.
refuse-hours-no-zone = Indica en qué zona horaria está ese horario (`zone`, como Europe/Madrid).
refuse-server-only = Los juegos de { -tablero } se juegan en un servidor: usa este comando en un canal de un servidor donde esté { -tablero }, no en un mensaje directo.
refuse-manage-server = Necesitas el permiso Gestionar servidor para cambiar los ajustes de { -tablero } aquí.
refuse-missing-permissions = No puedo empezar una partida en { $channel }: me falta { $permissions } allí. { $count ->
    [one] Un administrador puede concederlo en los permisos del canal.
   *[other] Un administrador puede concederlos en los permisos del canal.
}

## Los permisos de Discord, como los nombran sus ajustes.

permission-view-channel = Ver canal
permission-send-messages = Enviar mensajes
permission-attach-files = Adjuntar archivos
permission-embed-links = Insertar enlaces
permission-send-messages-in-threads = Enviar mensajes en hilos
permission-create-public-threads = Crear hilos públicos

## Opciones de comandos que solo un cliente modificado puede enviar mal.

refuse-option-needed = /{ $command } necesita `{ $option }`; no cambió nada.
refuse-option-boolean = `{ $option }` debe ser true o false; no cambió nada.
refuse-option-member = `{ $option }` debe ser un miembro de este servidor; no cambió nada.
refuse-option-whole-number = `{ $option }` debe ser un número entero; no cambió nada.
refuse-option-too-large = `{ $option }` es un número demasiado grande; no cambió nada.
refuse-option-text = `{ $option }` debe ser texto; no cambió nada.
refuse-option-one-of = `{ $option }` debe ser { $choices }; no cambió nada.
refuse-option-range = `{ $option }` debe estar entre { $low } y { $high }; no cambió nada.
refuse-option-range-at-least = `{ $option }` debe ser al menos { $low }; no cambió nada.
refuse-option-range-at-most = `{ $option }` debe ser como mucho { $high }; no cambió nada.
refuse-option-length = `{ $option }` debe tener entre { $low } y { $high } caracteres; no cambió nada.
refuse-option-length-at-least = `{ $option }` debe tener al menos { $low } caracteres; no cambió nada.
refuse-option-length-at-most = `{ $option }` debe tener como mucho { $high } caracteres; no cambió nada.

## Por qué las reglas rechazaron un movimiento (las razones del motor).

reason-not-your-turn = Ahora no te toca mover.
reason-game-over = Esta partida ha terminado.
reason-unknown-player = No tienes asiento en esta partida.
reason-wrong-phase = Ese movimiento no es posible ahora.
reason-already-chosen = Ya elegiste en esta tirada.
reason-same-choice = Esa ya es tu elección.
reason-die-not-available = Ese dado no se puede usar ahora.
reason-wrong-colour = Ese recinto no es del color de tu dado.
reason-unknown-enclosure = No hay ningún recinto así en tu hoja.
reason-already-crossed = Ya tachaste ese recinto.
reason-not-reachable = Ese recinto necesita una estrella o un vecino tachado.
reason-must-cross = Debes tachar un recinto: todavía puedes llegar a uno de tu color.
reason-no-marks-left = No te quedan signos de exclamación por tachar.
reason-chameleon-required = Tu camaleón espera: tacha cualquier recinto al que puedas llegar.
reason-no-chameleon = No tienes ningún camaleón que usar.
reason-bad-roll = Esos dados no encajan en esta tirada.
reason-not-enough = No tienes suficiente para eso.
reason-tank-empty = Demasiado tarde: tu tanque ya se había vaciado antes de ese clic.
reason-no-kero = Tu tanque está vacío: reposta primero.
reason-stale = Ese clic llegó antes del último movimiento de la partida; no cambió nada.
reason-truck-flat = Tu camión ya está plano en este turno.
reason-die-burnt = Ese dado está quemado: no se puede volver a tirar en este turno.
reason-empty-slot = Ahí no hay nada que coger.
reason-no-explorer = No tienes ningún Explorador que colocar.
reason-no-tuarek = Ahí no hay ningún { -tuarek(count: 1) }.
reason-not-held = No tienes ese { -tuarek(count: 1) }.
reason-already-used = Eso ya se usó en este turno.
