## /leaderboard, /stats, /history y /match record: lo que dicen las puntuaciones y los
## resultados (todo efímero, en el idioma del miembro). La puntuación es
## habilidad − 3 × incertidumbre (μ − 3σ).

## Comandos de barra.

ratings-leaderboard-cmd = Los jugadores con mejor puntuación en un juego
ratings-leaderboard-game-cmd = qué juego
ratings-leaderboard-scope-cmd = este servidor, o todos los servidores que comparten su clasificación
ratings-leaderboard-period-cmd = desde siempre, o los últimos 7 días
ratings-scope-server-choice = servidor
ratings-scope-global-choice = global
ratings-period-all-time-choice = desde siempre
ratings-period-week-choice = semana
ratings-stats-cmd = Las partidas, victorias y puntuación de un miembro aquí
ratings-stats-member-cmd = de quién (tú, si no eliges a nadie)
ratings-stats-game-cmd = qué juego (el que más ha jugado, si no eliges)
ratings-history-cmd = Las últimas partidas de un miembro aquí
ratings-history-member-cmd = de quién (tú, si no eliges a nadie)

## La clasificación: una línea por jugador, página a página.

ratings-board-title = Clasificación de { $game }
ratings-board-line = **{ $place }.** { $name } — { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } ({ $games ->
    [one] { $games } partida
   *[other] { $games } partidas
})
ratings-board-empty = { $count ->
    [one] Todavía nadie tiene aquí { $count } partida puntuable.
   *[other] Todavía nadie tiene aquí { $count } partidas puntuables.
}
ratings-board-footer = { $scope ->
    [server] este servidor
   *[global] servidores que comparten su clasificación ({ $command }) · cada jugador con el último nombre con el que jugó, nunca su servidor
} · { $period ->
    [week] los últimos 7 días
   *[all] desde siempre
} · puntuación = habilidad − 3 × incertidumbre · página { $page } de { $pages }
ratings-board-previous-label = Anterior
ratings-board-next-label = Siguiente

## /stats: partidas, victorias y puntuación de un miembro, y su gráfico.

ratings-stats-heading = **{ $name }** jugando a { $game } en este servidor
ratings-stats-games = Partidas: { $played } · victorias: { $wins } · porcentaje de victorias: { $rate }
ratings-stats-finished = Partidas acabadas: { $share } de { $done }
ratings-stats-computer = Contra el ordenador: { $records }
ratings-stats-computer-level = { $level } { $won }–{ $drawn }–{ $lost }
ratings-share = { NUMBER($share, style: "percent", maximumFractionDigits: 0) }
ratings-stats-unrated = Puntuación: todavía ninguna partida puntuable, así que no hay puntuación ni gráfico.
ratings-stats-rating = Puntuación: { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } (habilidad − 3 × incertidumbre) tras { $games ->
    [one] { $games } partida puntuable
   *[other] { $games } partidas puntuables
} · detalles: habilidad μ { NUMBER($mu, minimumFractionDigits: 1, maximumFractionDigits: 1) }, incertidumbre σ { NUMBER($sigma, minimumFractionDigits: 2, maximumFractionDigits: 2) }
ratings-stats-point = { $day }: { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
ratings-chart-title = { $name }: puntuación en { $game }

## /history: las últimas partidas de un miembro.

ratings-history-none = { $name } todavía no tiene partidas terminadas aquí.
ratings-history-heading = Últimas partidas de **{ $name }**:
ratings-history-line = #{ NUMBER($id, useGrouping: 0) } { $game } — { $outcome } · { $when } ({ $command })
ratings-history-place = { $place }.º de { $players }
ratings-history-status = { $status ->
    [cancelled] cancelada
   *[abandoned] abandonada
}
ratings-history-casual = amistosa
ratings-history-departed = { $how ->
    [resigned] se rindió
    [expelled] le expulsaron
   *[left] se fue
}

## /match record: el registro de una partida terminada, para reproducirla.

ratings-record-no-match = No hay ninguna partida #{ NUMBER($id, useGrouping: 0) }.
ratings-record-elsewhere = No hay ninguna partida #{ NUMBER($id, useGrouping: 0) } en este servidor.
ratings-record-open = La partida #{ NUMBER($id, useGrouping: 0) } todavía se está jugando: su registro contiene los dados que están por venir (su semilla y el reparto de { -kero }), así que podrás descargarlo cuando termine.
ratings-record-sent = Partida #{ NUMBER($id, useGrouping: 0) } ({ $status ->
    [finished] terminada
    [cancelled] cancelada
   *[abandoned] abandonada
}): reprodúcela con { $command }.
