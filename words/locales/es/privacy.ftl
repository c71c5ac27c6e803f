# /privacy: los datos propios de un miembro (docs/privacy.md).
privacy-cmd = Tus datos: expórtalos, bórralos o no salgas en la clasificación global
privacy-export-cmd = Recibe todo lo que Tablero guarda sobre ti, en un archivo que solo tú ves
privacy-delete-cmd = Borra tus datos: ajustes, puntuaciones y tu nombre en partidas terminadas
privacy-board-cmd = Sal o no en la clasificación global
privacy-board-mode-cmd = visible u oculto en las clasificaciones de varios servidores
privacy-board-shown-choice = visible
privacy-board-hidden-choice = oculto
privacy-export-done = 📦 Tus datos de Tablero: ajustes, puntuaciones, partidas y el registro de { $records ->
    [one] { $records } partida terminada
   *[other] { $records } partidas terminadas
}.
privacy-export-left-out = { $left ->
    [one] Se dejó fuera el registro más antiguo
   *[other] Se dejaron fuera los { $left } registros más antiguos
} para no pasar el límite de tamaño de Discord.
privacy-delete-ask = 🗑️ ¿Borrar tus datos de Tablero? Se borran tus ajustes, ausencias y puntuaciones, y las partidas terminadas conservan tu asiento con un nombre anónimo. { $open ->
    [0] No tienes ninguna partida abierta.
    [one] Abandonas tu partida abierta (el ordenador ocupa tu asiento, o termina).
   *[other] Abandonas tus { $open } partidas abiertas (el ordenador ocupa tu asiento, o terminan).
} No se puede deshacer.
privacy-delete-label = Borrar mis datos
privacy-keep-label = Conservarlos
privacy-deleted = ✅ Tus datos de Tablero están borrados. { $seats ->
    [0] Ninguna partida tenía tu nombre.
    [one] { $seats } partida muestra ahora un asiento anónimo.
   *[other] { $seats } partidas muestran ahora un asiento anónimo.
} Si vuelves a jugar, empiezas de cero.
privacy-kept = No se ha borrado nada.
privacy-board-now-shown = Apareces en la clasificación global (donde tu servidor comparte su clasificación).
privacy-board-now-hidden = No apareces en la clasificación global. La clasificación de tu servidor te sigue incluyendo.
player-deleted = Jugador borrado
match-gone-computer = 👋 Un jugador borró sus datos y se fue: el ordenador juega su asiento.
match-gone-ended = 👋 Un jugador borró sus datos y se fue: la partida ha terminado.
