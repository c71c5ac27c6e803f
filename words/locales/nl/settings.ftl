## /settings: de keuzes van de server, en die van een lid zelf.

settings-language-cmd = De taal van de berichten en afbeeldingen van potjes op deze server
settings-language-option-cmd = auto: de taal van de server in Discord (Serverinstellingen)
settings-language-auto-choice = De taal van de server (auto)
language-en-choice = English
language-es-choice = Español
language-nl-choice = Nederlands
language-name-en = Engels
language-name-es = Spaans
language-name-nl = Nederlands
settings-language-set = Vanaf nu zijn de berichten en afbeeldingen van potjes hier in het { $language }. Wat Tablero alleen aan één lid laat zien, volgt de eigen Discord-taal van dat lid.
settings-language-auto = Vanaf nu volgen de berichten en afbeeldingen van potjes hier de taal van de server in Discord (nu: { $language }). Wat Tablero alleen aan één lid laat zien, volgt de eigen Discord-taal van dat lid.
