## /settings: the server's choices, and a member's own.

settings-language-cmd = The language of this server's match messages and images
settings-language-option-cmd = auto: the server's own language in Discord (Server Settings)
settings-language-auto-choice = The server's language (auto)
language-en-choice = English
language-es-choice = Español
language-nl-choice = Nederlands
language-name-en = English
language-name-es = Spanish
language-name-nl = Dutch
settings-language-set = From now on match messages and images here are in { $language }. What Tablero shows only one member follows their own Discord language.
settings-language-auto = From now on match messages and images here follow the server's language in Discord (now: { $language }). What Tablero shows only one member follows their own Discord language.
