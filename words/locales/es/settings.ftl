## /settings: los ajustes del servidor, y los de cada miembro.

settings-language-cmd = El idioma de los mensajes e imágenes de las partidas de este servidor
settings-language-option-cmd = auto: el idioma del servidor en Discord (Ajustes del servidor)
settings-language-auto-choice = El idioma del servidor (auto)
language-en-choice = English
language-es-choice = Español
language-nl-choice = Nederlands
language-name-en = inglés
language-name-es = español
language-name-nl = neerlandés
settings-language-set = A partir de ahora, los mensajes e imágenes de las partidas de aquí están en { $language }. Lo que Tablero muestra solo a un miembro sigue su propio idioma de Discord.
settings-language-auto = A partir de ahora, los mensajes e imágenes de las partidas de aquí siguen el idioma del servidor en Discord (ahora: { $language }). Lo que Tablero muestra solo a un miembro sigue su propio idioma de Discord.

## /settings: los demás subcomandos (sus respuestas solo las ve el miembro).

settings-cmd = Los ajustes de { -tablero } para este servidor
settings-on-choice = sí
settings-off-choice = no
settings-live-choice = en vivo
settings-async-choice = diferido
settings-threads-cmd = Jugar cada partida nueva en su propio hilo
settings-threads-mode-cmd = sí: un hilo por partida; no: una partida por canal
settings-threads-on = A partir de ahora, cada partida nueva se juega en su propio hilo.
settings-threads-off = A partir de ahora, cada partida nueva se juega en el canal donde empezó (una a la vez).
settings-limit-cmd = Cuántas partidas abiertas puede jugar cada miembro
settings-limit-matches-cmd = como máximo estas partidas abiertas por miembro (1–25)
settings-limit-set = A partir de ahora, cada miembro puede jugar aquí como máximo { $count ->
    [one] { $count } partida abierta
   *[other] { $count } partidas abiertas
} a la vez.
settings-clock-cmd = Relojes de turno: el de por defecto y cuánto duran
settings-clock-default-cmd = el reloj de las partidas nuevas, salvo que su sala o desafío diga otro
settings-clock-live-minutes-cmd = un turno en vivo (1–120 minutos)
settings-clock-async-hours-cmd = un turno diferido (1–168 horas)
settings-clock-abandon-days-cmd = cerrar una partida en la que nadie juega durante este tiempo (1–60 días)
settings-clock-away-days-cmd = días de cada 30 que un miembro puede ausentarse de las partidas diferidas (0–30)
settings-show-away = Ausencias: { $days ->
    [0] no: aquí nadie puede pausar sus partidas diferidas
    [one] un miembro puede ausentarse { $days } día de cada 30
   *[other] un miembro puede ausentarse { $days } días de cada 30
}
settings-clock-set = Las partidas nuevas llevan el reloj { $mode ->
    [async] diferido
   *[live] en vivo
}: turnos en vivo de { $minutes } min, turnos diferidos de { $hours } h; una partida en la que nadie juega durante { $days ->
    [one] { $days } día
   *[other] { $days } días
} se cierra.
settings-global-cmd = Mostrar a los jugadores de este servidor en la clasificación global
settings-global-mode-cmd = sí: incluir a los jugadores de este servidor en la clasificación global
settings-global-on = Los jugadores de este servidor aparecen ahora en la clasificación global, con el último nombre con el que jugaron (nunca con el nombre de este servidor).
settings-global-off = Los jugadores de este servidor ya no aparecen en la clasificación global.
settings-me-cmd = Tus propias preferencias: tableros como imágenes o texto, elecciones sin alternativa hechas por ti
settings-me-images-cmd = no: lo que { -tablero } solo te muestra a ti (Mi hoja, /stats) llega como texto, no como imagen
settings-me-images-on = Lo que solo te muestro a ti vuelve a llegar con imágenes.
settings-me-images-off = Lo que solo te muestro a ti (Mi hoja, /stats) llega ahora como texto en lugar de imágenes. Cada mensaje de partida tiene un botón 📝 { match-board-label } para ver el propio tablero.
settings-me-autopick-cmd = sí: en Keer, una elección con una sola opción se hace por ti (una nota lo indica)
settings-me-autopick-on = En Keer, una elección con una sola opción se hace ahora por ti; la tarjeta lo indica.
settings-me-autopick-off = Todas tus elecciones de Keer vuelven a ser tuyas.
settings-me-now = Imágenes: { $images } · elecciones con una sola opción hechas por ti: { $autopick }

settings-show-cmd = Los ajustes de { -tablero } en este servidor
settings-show-head = **Los ajustes de { -tablero } para este servidor**
settings-show-threads-on = Hilos: sí: cada partida nueva se juega en su propio hilo
settings-show-threads-off = Hilos: no: una partida a la vez por canal
settings-show-limit = Límite por miembro: { $count ->
    [one] { $count } partida abierta
   *[other] { $count } partidas abiertas
} a la vez
settings-show-clock = Reloj: las partidas nuevas llevan el reloj { $mode ->
    [async] diferido
   *[live] en vivo
}; turnos en vivo de { $minutes } min, turnos diferidos de { $hours } h
settings-show-abandon = Abandono: una partida en la que nadie juega durante { $days ->
    [one] { $days } día
   *[other] { $days } días
} se cierra
settings-show-global-on = Clasificación global: sí
settings-show-global-off = Clasificación global: no
settings-show-language-set = Idioma de los mensajes de las partidas: { $language }
settings-show-language-auto = Idioma de los mensajes de las partidas: el del servidor en Discord (ahora: { $language })
