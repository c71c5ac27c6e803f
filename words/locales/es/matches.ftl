## La vida de una partida: salas y desafíos, el inicio, /match, los relojes de turno y sus avisos.
## Los números de partida van sin separador de miles (#1234): son nombres, no cantidades.

## Salas y desafíos (públicos: el idioma del servidor).

lobby-join-label = Unirse
lobby-leave-label = Salir
lobby-add-ai-label = Añadir IA
lobby-add-ai-easy-label = Añadir IA: fácil
lobby-add-ai-hard-label = Añadir IA: difícil
lobby-start-label = Empezar
lobby-close-label = Cerrar
challenge-accept-label = Aceptar
challenge-decline-label = Rechazar

lobby-option-variant-base = juego básico
lobby-option-variant-boss = variante del Jefe
lobby-option-fuel-up-auto = repostaje: automático
lobby-option-fuel-up-live = repostaje: en vivo
lobby-rated = puntuable
lobby-casual = amistosa (no puntuable)
lobby-unrated-computer = no puntuable (juega el ordenador)
lobby-clock = reloj: { $clock }
lobby-first = { $name } tira primero
lobby-first-placeholder = ¿Quién tira primero?

lobby-rematch = 🔁 Revancha de la partida #{ NUMBER($match, useGrouping: 0) } de **{ $game }** · { $terms }
    Jugadores: { $players }. Falta que acepte: { $waiting }. Caduca { $closes }.
lobby-challenge = ⚔️ Desafío de **{ $game }** · { $terms }
    { $challenged }, { $challenger } te desafía. Acepta o rechaza; caduca { $closes }.
lobby-open = 🎲 Sala de **{ $game }** · { $terms }
    { $host } busca jugadores (de { $min } a { $max } plazas). La sala cierra { $closes }.
    { $seats }
lobby-seat = { $place }. { $name }
lobby-seat-host = { $place }. { $name } (anfitrión)
lobby-closed = { $kind ->
    [challenge] { $status ->
        [declined] Desafío de **{ $game }** rechazado.
        [expired] Desafío de **{ $game }** caducado.
       *[cancelled] Desafío de **{ $game }** cancelado.
    }
   *[lobby] { $status ->
        [expired] Sala de **{ $game }** caducada.
       *[cancelled] Sala de **{ $game }** cancelada.
    }
}
lobby-started-below = La partida #{ NUMBER($match, useGrouping: 0) } de **{ $game }** ha empezado aquí abajo: { $players }.
lobby-started-in-thread = La partida #{ NUMBER($match, useGrouping: 0) } de **{ $game }** ha empezado en su hilo: { $players }.
fair-commitment = 🔒 Dados sellados: `{ $commitment }…` — al terminar la partida, su registro revela el secreto (`tablero verify` comprueba cada tirada).

refuse-lobby-gone = Esa sala ya no existe.
refuse-lobby-closed = { $kind ->
    [challenge] Ese desafío está cerrado.
   *[lobby] Esa sala está cerrada.
}
refuse-lobby-is-challenge = Esto es un desafío entre dos miembros.
refuse-lobby-already-in = Ya estás en esta sala.
refuse-lobby-full = La sala está llena ({ $seats ->
    [one] { $seats } plaza
   *[other] { $seats } plazas
}).
refuse-lobby-not-in = No estás en esta sala.
refuse-lobby-host-leaves = Eres el anfitrión de esta sala: usa { lobby-close-label } para cancelarla.
refuse-lobby-host-adds-ai = Solo el anfitrión ({ $host }) puede añadir jugadores del ordenador.
refuse-lobby-host-closes = Solo el anfitrión ({ $host }) puede cerrar la sala.
refuse-lobby-host-starts = Solo el anfitrión ({ $host }) puede empezar la partida.
refuse-lobby-host-chooses-first = Solo el anfitrión ({ $host }) elige quién tira primero.
refuse-lobby-no-first-choice = En esta sala no se elige quién tira primero: lo decide la regla del juego.
refuse-lobby-first-not-in = Ese jugador ya no está en la sala: elige una de las plazas de la lista.
refuse-lobby-too-few = { $game } necesita al menos { $count ->
    [one] { $count } jugador
   *[other] { $count } jugadores
}.
refuse-challenge-not-invited = Solo los miembros invitados pueden aceptar.
refuse-challenge-not-yours = No puedes rechazar este desafío: no es para ti.
refuse-rematch-not-player = Solo los jugadores de esa partida pueden pedir la revancha.

## El inicio de una partida.

match-thread-name = { $game }: { $players }
refuse-channel-busy = La partida #{ NUMBER($match, useGrouping: 0) } sigue en curso en este canal. Termínala antes (o usa `/match cancel`), o juega en otro canal.
refuse-channel-busy-link = La partida #{ NUMBER($match, useGrouping: 0) } sigue en curso en este canal ({ $url }). Termínala antes (o usa `/match cancel`), o juega en otro canal.
refuse-no-thread = No he podido abrir un hilo para la partida en { $channel }, así que no ha empezado nada; comprueba que puedo crear hilos públicos ahí.
refuse-first-post-forbidden = No he podido publicar el primer mensaje de la partida #{ NUMBER($match, useGrouping: 0) } en { $channel }: Discord no me ha dejado publicar ahí. La partida se ha anulado (no cuenta para nadie) y el canal ha quedado libre; revisa mis permisos ahí y vuelve a intentarlo.
refuse-first-post-error = No he podido publicar el primer mensaje de la partida #{ NUMBER($match, useGrouping: 0) } en { $channel }: Discord ha respondido con un error ({ NUMBER($status, useGrouping: 0) }). La partida se ha anulado (no cuenta para nadie) y el canal ha quedado libre; revisa mis permisos ahí y vuelve a intentarlo.
refuse-member-limit = { $member } ya juega { $count ->
    [one] { $count } partida abierta
   *[other] { $count } partidas abiertas
} aquí (el límite de este servidor es { $limit }); termina una antes: `/match list` te las muestra.

## Los botones y avisos de la propia partida (públicos).

match-board-label = Tablero en texto
# 📝 Tablero en texto: su título en cada página ($page de $pages cuando ocupa varias), y los
# botones para pasar de página.
match-board-title = 📝 Tablero en texto · partida #{ NUMBER($match, useGrouping: 0) }
match-board-page-title = 📝 Tablero en texto · partida #{ NUMBER($match, useGrouping: 0) } · página { $page } de { $pages }
match-board-previous-label = Página anterior
match-board-next-label = Página siguiente
match-rematch-label = Revancha
match-cancel-yes-label = Cancelarla
match-cancel-no-label = Seguir jugando
match-alt-title = Partida #{ NUMBER($match, useGrouping: 0) } de { $game }
match-abandoned = 💤 La partida #{ NUMBER($match, useGrouping: 0) } se ha cerrado por abandono: nadie jugaba.
match-clock-skipped = ⏰ Partida #{ NUMBER($match, useGrouping: 0) }: se acabó el reloj de turno. { $count ->
    [one] { $names } se salta esta tirada.
   *[other] { $names } se saltan esta tirada.
}
match-clock-timed-out = ⏰ Partida #{ NUMBER($match, useGrouping: 0) }: se acabó el reloj de turno. { $count ->
    [one] { $names } se ha quedado sin tiempo.
   *[other] { $names } se han quedado sin tiempo.
}
match-clock-others-may-act = Los demás jugadores pueden saltar ese turno o expulsar a quien falte (el ordenador juega en su lugar).
match-skip-turn-label = Saltar el turno de { $name }
match-expel-label = Expulsar a { $name }
match-skipped-turn = ⏭️ { $who } ha saltado el turno de { $absent }.
match-expelled = 🚪 { $name } queda fuera; el ordenador juega en su lugar.
match-resigned-ended = 🏳️ { $name } ha abandonado la partida #{ NUMBER($match, useGrouping: 0) }. { $count ->
    [0] No queda nadie más: la partida termina sin puntuar.
    [one] Sigue en pie: { $others }.
   *[other] Siguen en pie: { $others }.
}
match-resigned-computer = 🏳️ { $name } ha abandonado; el ordenador juega en su lugar para que la partida pueda seguir.
match-result-departed = { $line } · { $how ->
    [resigned] se rindió
    [expelled] le expulsaron
   *[left] se fue
}
match-cancelled-by-moderator = Un moderador, { $name }, ha cancelado la partida #{ NUMBER($match, useGrouping: 0) }.
match-cancelled-by-agreement = La partida #{ NUMBER($match, useGrouping: 0) } se ha cancelado de común acuerdo.
match-cancel-asked = { $name } pide cancelar la partida #{ NUMBER($match, useGrouping: 0) }. Esperando a: { $waiting }.
match-cancel-waiting = ¿Cancelar la partida #{ NUMBER($match, useGrouping: 0) }? Esperando a: { $waiting }.
match-cancel-kept = { $member } quiere seguir jugando; la partida #{ NUMBER($match, useGrouping: 0) } continúa.
match-cancelled-agreed = La partida #{ NUMBER($match, useGrouping: 0) } se ha cancelado: todos los jugadores estaban de acuerdo.

## /match (las respuestas que solo ve el miembro).

match-cmd = La partida de aquí
match-status-cmd = Cómo va la partida de aquí (solo para ti)
match-here-cmd = Volver a publicar el mensaje actual de la partida
match-list-cmd = Tus partidas abiertas en este servidor
match-record-cmd = El registro de una partida, para volver a verla
match-record-match-cmd = el número de la partida
match-resign-cmd = Abandonar la partida de aquí
match-cancel-cmd = Cancelar la partida de aquí (si todos los jugadores están de acuerdo)

refuse-no-match-here = Aquí no hay ninguna partida en curso.
refuse-turn-not-skippable = Ese turno ya no se puede saltar.
refuse-already-replaced = Ese jugador ya ha sido sustituido.
refuse-cancel-not-player = Solo los jugadores (o un miembro con Gestionar servidor) pueden cancelar una partida.
match-here-reposting = Vuelvo a publicar el mensaje actual de la partida #{ NUMBER($match, useGrouping: 0) }.
match-status-head = Partida #{ NUMBER($match, useGrouping: 0) } de **{ $game }** · { $progress }
match-status-seat = { $place }. { $name }
match-status-link = [Ir al mensaje de la partida]({ $url })
match-list-empty = No tienes ninguna partida abierta aquí.
match-list-head = Tus partidas abiertas aquí ({ $count } de { $limit } como máximo):
match-list-head-page = Tus partidas abiertas aquí ({ $count } de { $limit } como máximo) · página { $page } de { $pages }:
match-list-line = #{ NUMBER($match, useGrouping: 0) } { $game } en { $channel }: { $progress }
match-list-line-your-move = #{ NUMBER($match, useGrouping: 0) } { $game } en { $channel }: { $progress } · **te toca**
match-list-go = [ir]({ $url })
match-list-previous-label = ◀ Anterior
match-list-next-label = Siguiente ▶

## Relojes de turno y avisos.

clock-live-per-turn = en vivo ({ $minutes } min por turno)
clock-async-per-turn = diferido ({ $hours } h por turno)
clock-ping = 🔔 { $mentions }: ¡a mover en la partida #{ NUMBER($match, useGrouping: 0) }! El reloj se acaba { $due }.
clock-remind = ⏰ Te toca en la partida #{ NUMBER($match, useGrouping: 0) } de { $game }: el reloj de turno se acaba { $due }.

notify-cmd = Avísame por mensaje directo antes de que se acabe mi reloj de turno
notify-mode-cmd = sí: un mensaje directo por turno antes de que se acabe tu reloj; no: ninguno
notify-on-choice = sí
notify-off-choice = no
notify-on = Te enviaré un mensaje directo por turno antes de que se acabe tu reloj.
notify-off = Ya no recibirás mensajes directos de aviso.

## La nota que Tablero publica al entrar en un servidor (pública).

onboarding-hello = 👋 **{ -tablero }** ya está aquí: juegos de dados en este mismo servidor, con el tablero dibujado tras cada jugada.
onboarding-permissions = **Permisos** que necesito donde se juegue: { $basics }; para una partida en su propio hilo, también { $threads }.
onboarding-setup = **Configuración** (miembros con Gestionar servidor): `/settings`: un hilo por partida, cuántas partidas puede jugar cada miembro a la vez, los relojes de turno, el idioma de los mensajes de las partidas, la clasificación global. `/settings show` muestra lo que hay configurado.
onboarding-play = **Jugar**: `/keer start` abre una sala de { -keer } (de 2 a 4 jugadores, también con plazas para el ordenador); `/kero challenge member` desafía a alguien a { -kero } (desafíame a mí para jugar contra el ordenador).
onboarding-help = `/help` muestra todos los comandos.

# The clock line of a match card. $due: a Discord timestamp (a date in async play).
match-clock-line = ⏰ El reloj se agota { $due }
# $hours: the table's playing hours and time zone (18:00–22:00 Europe/Madrid).
match-clock-line-hours = ⏰ El reloj se agota { $due } · corre de { $hours }
# ⏳ Give more time; $hours: what it adds.
match-more-time-label = { $hours } h más
# $who gave $names (the players on the clock) $hours more hours.
match-more-time-given = ⏳ { $who } dio { $hours } h más a { $names }: ahora el reloj se agota { $due }. { $left ->
    [0] Era la última prórroga de esta partida.
    [one] Queda una prórroga en esta partida.
   *[other] Quedan { $left } prórrogas en esta partida.
}
# A lobby's playing hours: 18:00–22:00 Europe/Madrid.
lobby-hours = horario: { $hours }
start-hours-cmd = solo diferido: las horas del día en que corre el reloj, como 18:00-22:00
start-zone-cmd = la zona horaria de esas horas, como Europe/Madrid
match-away-paused = 🏝️ { $name } está fuera hasta { $until }: su reloj está en pausa.
match-away-skipped = 🏝️ { $name } está fuera hasta { $until }: las tiradas siguen sin esa persona (no tacha nada).
match-away-stand-in = 🏝️ { $name } está fuera hasta { $until }: el ordenador juega en su lugar.
match-away-back = 👋 { $name } ha vuelto.
away-cmd = Ausente de tus partidas diferidas: en pausa, o juega el ordenador, según eligió cada mesa
away-on-cmd = Ausentarte de tus partidas diferidas un tiempo
away-on-days-cmd = días de ausencia (0–30)
away-on-hours-cmd = horas de ausencia, además de los días (0–23)
away-off-cmd = Has vuelto: tus partidas diferidas vuelven a esperarte
away-set = 🏝️ Estás fuera hasta { $until } en { $count ->
    [one] { $count } partida diferida
   *[other] { $count } partidas diferidas
}.
away-none = No tienes ninguna partida diferida abierta: no hay nada de lo que ausentarse.
away-live = Las partidas en vivo no cambian.
# $server: a server's name; $until: a Discord timestamp.
away-short = En { $server } tu cupo de ausencias la termina { $until }: después corren los relojes normales.
away-spent = En { $server } ya gastaste tu cupo de ausencias de los últimos 30 días: allí corren los relojes normales.
away-back = 👋 Bienvenido de vuelta: tus partidas diferidas vuelven a esperarte.
away-not-away = No estabas fuera.
start-away-cmd = solo diferido: si alguien se ausenta, pausar su reloj o que juegue el ordenador
start-away-pause-choice = pausar su reloj
start-away-standin-choice = juega el ordenador en su lugar
lobby-away-pause = ausencias: reloj en pausa
lobby-away-standin = ausencias: juega el ordenador
# A player line's mark for a member away (`/away`).
match-panel-away = 🏝️ fuera
