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
