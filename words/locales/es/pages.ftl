## Las páginas de /help y /rules: cada página, un embed (`<libro>-<n>-title`, `<libro>-<n>-page`,
## n desde 1) y los botones para pasar página. Un `**` al principio de línea va como { "**" }.

## Los comandos y los botones.

pages-rules-cmd = Las reglas de un juego, página a página
pages-rules-game-cmd = qué juego
pages-help-cmd = Qué hace { -tablero } y sus comandos
pages-previous-label = ◀ Anterior
pages-next-label = Siguiente ▶
pages-how-to-play-label = Cómo jugar
pages-position-footer = Página { $page } de { $count }

## /help

help-1-title = { -tablero }: juegos de dados en tu servidor
help-1-page =
    { -tablero } organiza partidas de dos juegos de dados aquí mismo, en Discord, y dibuja el tablero después de cada jugada:
    - **{ -keer }** (2–4 jugadores): en cada tirada, todos tachan recintos de animales en su propia hoja.
    - **{ -kero }** (2 jugadores): tira y vuelve a tirar mientras se acaba el { -fuel } de tu camión cisterna, y luego construye tu campamento.

    { "**" }Empezar una partida**
    - `/keer start [clock live|async] [rated true|false] [hours zone]`: abre una sala con **Unirse**, **Salir**, **Añadir IA** y **Empezar** (2–4 plazas). Quien la abre añade plazas del ordenador (**Añadir IA: fácil**, **Añadir IA** para normal, **Añadir IA: difícil**) y empieza; el nivel de cada IA aparece junto a su nombre. Tira primero quien la abre, salvo que elija otra plaza en **¿Quién tira primero?** (regla de la casa). La sala caduca a los 15 minutos.
    - `/kero challenge member [variant base|boss] [refuel auto|live] [clock live|async] [rated true|false] [level easy|normal|hard] [hours zone]`: el miembro puede **Aceptar** o **Rechazar**. Desafía al propio bot para jugar contra el ordenador, al nivel `level` que elijas (normal si no dices nada).
    - `clock`: en vivo, los turnos duran minutos; en diferido, horas (si no eliges, el del servidor). `rated:false` juega una partida amistosa, que no cambia ninguna puntuación.
    - `hours` y `zone` (solo en diferido): las horas del día en que corre el reloj, como `hours:18:00-22:00 zone:Europe/Madrid`. Cada mensaje de la partida dice cuándo se agota el reloj; en diferido los demás jugadores (o quien administre el servidor) pueden dar **más tiempo**, medio turno cada vez, hasta 3 veces por partida.

    { "**" }Durante una partida**
    - `/match status`: cómo va la partida de aquí, solo para ti.
    - `/match here`: vuelve a publicar el mensaje actual de la partida (para quien lo haya perdido); el antiguo deja de aceptar clics.
    - `/match record match`: el registro de una partida terminada (JSON, número `match`), para reproducirla con `tablero replay`.
    - `/match list`: tus partidas abiertas en este servidor, con enlaces y a quién le toca.
    - `/match resign`: abandona la partida. En una de 3–4 jugadores, el ordenador ocupa tu plaza; una de 2 jugadores termina.
    - `/match cancel`: termina la partida cuando todos los jugadores están de acuerdo, o al instante si la usa un miembro con Gestionar servidor.
    - **📝 Tablero en texto**, en cada mensaje de partida, te muestra el tablero como texto, solo a ti.
    - Al final, **Revancha** propone el mismo juego a los mismos jugadores; empieza cuando todos aceptan.

help-2-title = Puntuaciones, ajustes y juego limpio
help-2-page =
    { "**" }Puntuaciones**
    - `/leaderboard game [scope server|global] [period all-time|week]`: los mejores jugadores (con 3 partidas puntuables o más).
    - `/stats [member] [game]`: partidas, victorias, tu balance contra cada nivel del ordenador, puntuación y su gráfica (por defecto, el juego más jugado).
    - `/history [member]`: las partidas recientes de aquí.
    - No cuentan las partidas con una plaza del ordenador ni las empezadas con `rated:false`. La puntuación es habilidad − 3 × incertidumbre: sube cuando ganas y a medida que { -tablero } está más seguro de tu nivel.

    { "**" }Más**
    - `/rules game`: las reglas de un juego, página a página. `/help`: estas páginas.
    - `/settings threads mode:on|off` (Gestionar servidor): juega cada partida nueva en su propio hilo.
    - `/settings limit matches` (Gestionar servidor): cuántas partidas abiertas puede jugar un miembro a la vez (1–25; 5 por defecto).
    - `/settings clock default [live_minutes] [async_hours] [abandon_days] [away_days]` (Gestionar servidor): el reloj de las partidas nuevas (en vivo o diferido), los minutos de un turno en vivo (1–120), las horas de un turno diferido (1–168) y tras cuántos días (1–60) se cierra una partida que nadie juega; `away_days` (0–30, 7 por defecto): cuántos días de cada 30 puede un miembro ausentarse aquí de las partidas diferidas.
    - `/settings global mode:on|off` (Gestionar servidor): muestra a los jugadores de este servidor en la clasificación global.
    - `/settings language language` (Gestionar servidor): el idioma de los mensajes e imágenes de las partidas de aquí (`auto`: el idioma del servidor en Discord). Lo que solo ves tú sigue tu propio idioma de Discord.
    - `/settings show`: los ajustes de este servidor (hilos, límite por miembro, relojes, días de abandono, clasificación global), solo para ti.
    - `/settings me images:on|off`: con `off`, lo que { -tablero } te enseña solo a ti (Mi hoja, `/stats`) llega como texto en vez de imágenes.
    - `/settings me autopick:on|off`: con `on`, una elección de Keer con una sola opción se hace por ti. Sin opciones, `/settings me` dice cómo están las dos.
    - `/notify mode:on|off`: un mensaje directo antes de que se agote tu reloj de turno.
    - `/away on [days] [hours]`, `/away off`: ausentarte un tiempo de tus partidas diferidas; cada mesa pausa tu reloj (una tirada de Keer sigue sin ti) o deja jugar al ordenador, según eligió (`away` al empezar).
    - `/privacy export`, `/privacy delete`, `/privacy board [mode]`: tus datos: un archivo con todo lo que Tablero guarda sobre ti; borrarlos (tras confirmar; las partidas terminadas conservan un asiento anónimo); visible u oculto en la clasificación global.

    { "**" }Juego limpio**
    - Hay una partida por canal (o una por hilo, con los hilos activados).
    - Los botones solo funcionan en el último mensaje de la partida. Si pulsas uno antiguo, { -tablero } solo te avisa de que está desactualizado, y no cambia nada.

## /rules game:kero

rules-kero-1-title = { -kero }: objetivo y final
rules-kero-1-page =
    { -kero } es una carrera de dados contra tu propio combustible para **2 jugadores**. Cada clan, el Marrón y el Gris, tiene un **camión cisterna** lleno de { -fuel }, y ese camión es su reloj. En tu turno tiras dados mientras el { -fuel } se va saliendo. Después gastas lo que has sacado en **cartas** y en **Exploradores** que reclaman **Nuevos Territorios**.

    { "**" }Cómo termina una partida:** el juego tiene **3 rondas**, y cada ronda termina cuando aparece una **carta de reclamación** en la fila de cartas. **La tercera carta de reclamación termina el juego** después de su reclamación.

    { "**" }Puntuación:**
    - **Puntos de cartas**: los puntos impresos, más los puntos con "/" ("1 / verde" = 1 punto por cada carta verde que tengas, incluida esta).
    - **Puntos de territorios**: los puntos impresos, más los puntos con "+" si su condición se cumple al final.

    Los { -jerrycan(count: 2) }, los { -tuarek(count: 2) } y el { -fuel } que te sobren no puntúan.

    { "**" }Gana quien tenga más puntos.** Desempate (regla de la casa): más territorios, luego más { -jerrycan(count: 2) }, luego más { -fuel } en el tanque. Si todo eso es igual, la victoria se comparte.

    Una partida puede jugarse con la **variante del Jefe** (última página).

rules-kero-2-title = Qué hay en la caja
rules-kero-2-page =
    - **El tablero**: la **refinería** (donde repostas), la **cabaña** (los 3 dados especiales), una **fila** de 6 cartas boca arriba (huecos 1–6, de izquierda a derecha), 4 huecos de **Nuevo Territorio** y un **campamento** para cada clan.
    - **Cada clan**: 7 Exploradores y 1 camión cisterna. Un tanque lleno guarda **60 segundos** de { -fuel }.
    - **39 cartas** (12 iniciales, 24 normales y 3 de reclamación) y **12 Nuevos Territorios**.
    - **17 fichas { -tuarek(count: 1) }** de 7 tipos: ayudantes que robas o contratas; cada uno se juega una vez.
    - **10 losetas de habilidad permanente**, cada una concedida por una carta.
    - **27 { -jerrycan(count: 2) }**, una reserva limitada. Si quedan menos de los que te tocan, solo recibes los que quedan (regla de la casa).
    - **5 dados blancos**: ladrillo, trigo, metal, recluta, { -jerrycan(count: 1) } y llama.
    - **3 dados especiales**: verde, amarillo y azul, cada uno con una cara de llama.

    { "**" }Empiezas con** el camión lleno, **2 { -jerrycan(count: 2) }** y **2 { -tuarek(count: 2) }** (boca abajo). El jugador inicial se elige al azar (regla de la casa).

    Los textos de las cartas, los territorios, los tipos de { -tuarek(count: 1) } y las caras de los dados especiales son propios de { -tablero } (regla de la casa).

rules-kero-3-title = Un turno, paso a paso
rules-kero-3-page =
    Tu turno tiene estos pasos, en este orden:

    1. **Repostar** (opcional): paga { -jerrycan(count: 2) } para rellenar tu camión en la refinería.
    2. **Elegir y tirar los dados.** Los **5 dados blancos** son siempre tuyos. Añade **1–3 dados especiales** de la cabaña por **1 { -jerrycan(count: 1) } cada uno**. Un dado gratis, de una loseta de habilidad (A1, A6, A8) o de un { -tuarek(count: 1) } **Guía**, no cuesta nada. Luego, **Tirar**. El reloj corre hasta que pulses **Parar**.
    3. **Campamento** (sin reloj): recoge lo que muestran tus dados; después toma cartas, contrata { -tuarek(count: 2) } y coloca Exploradores. Termina tu turno cuando acabes.
    4. **Fuego**: 2 o más llamas queman la carta de más a la derecha de la fila. Luego la fila se desliza a la derecha y se rellena.
    5. **Reclamación**: solo cuando se revela una carta de reclamación al rellenar la fila.

    Después juega el otro clan.

    En Discord juegas cada paso con los botones del mensaje de la partida; tus { -tuarek(count: 2) } y tus losetas de habilidad se juegan desde **🐪 Mis { -tuarek(count: 2) }**, que solo ves tú. Las páginas siguientes explican los pasos uno a uno.

rules-kero-4-title = Tirar: el reloj del camión cisterna
rules-kero-4-page =
    { "**" }Tirar** inclina tu camión: el { -fuel } empieza a salir y los dados que has elegido se lanzan a la vez.
    - **Mientras quede { -fuel }**, puedes **volver a tirar** cualquiera de tus dados no quemados, tantas veces como quieras: pulsa cada dado que quieras volver a tirar (se pone azul con 🔁) y luego pulsa **Volver a tirar**.
    - Un dado que muestra una **llama está quemado**. No se puede volver a tirar y no da nada.
    - **Parar** deja el camión plano. Tu tanque conserva lo que queda y tus dados son definitivos. Una vez plano, el camión no se puede volver a inclinar en este turno, aunque solo hayas tirado una vez.
    - Un clic cuenta en el momento en que Discord lo registra. Un clic registrado después de que tu tanque se haya vaciado no cuenta.

    { "**" }Sin { -fuel }.** Si tu tanque se vacía antes de que pares, tu turno termina al instante y tus dados **no tienen efecto**: no recoges nada, no hay caras especiales ni paso de Fuego (regla de la casa). Entonces un { -tuarek(count: 1) } que pasa te llena el camión gratis, solo con los 5 dados blancos, que lanza tu rival. Después juega tu rival.

    { "**" }Dados quemados.** Un { -tuarek(count: 1) } **Herrero** o la loseta **A10 Segunda oportunidad** vuelve a tirar un dado quemado una vez, mientras sale el { -fuel }. Si vuelve a salir llama, queda quemado otra vez (regla de la casa).

    { "**" }Las caras especiales** solo cuentan cuando paras: una cara de **{ -tuarek(count: 1) }** roba un { -tuarek(count: 1) }, y una cara de **Explorador** coloca un Explorador gratis en el Nuevo Territorio que elijas, al empezar el campamento.

rules-kero-5-title = Repostar en la refinería
rules-kero-5-page =
    Al empezar tu turno, antes que nada, puedes pagar **1 { -jerrycan(count: 1) }** para repostar una vez, o **2 { -jerrycan(count: 2) }** para repostar dos veces seguidas. Un { -tuarek(count: 1) } **Aguador** puede pagar uno de esos repostajes. Como mucho **2 repostajes por turno** (regla de la casa). Repostar va de verdad lo primero: en cuanto tomas un dado especial, juegas o preparas un { -tuarek(count: 1) }, contratas uno o tiras, la refinería queda cerrada hasta tu próximo turno (así que un Aguador contratado en este turno paga un repostaje posterior).

    { "**" }Cómo funciona:** tu camión se inclina con la cabina hacia abajo y el { -fuel } entra. Tu **rival lanza los 8 dados** (5 blancos + 3 especiales). Cada llama se aparta y el resto se vuelve a lanzar, hasta que todos los dados muestran llama. **{ -fuel } ganado = el tiempo que ha tardado**, hasta llenar el tanque.
    - Cuando 7 dados muestran llama, el último dado tiene como mucho **5 lanzamientos más**; después cuenta como llama. El mismo límite vale para el último dado de un repostaje con 5 dados.

    { "**" }Modo de repostaje** (una opción de la partida, regla de la casa):
    - **auto** (por defecto): el bot simula los lanzamientos a **1,8 segundos por lanzamiento**, unos 24 s de { -fuel } de media en un repostaje de 8 dados.
    - **live** (en vivo): tu rival lanza de verdad y ganas el tiempo desde tu repostaje hasta su último lanzamiento, pero cada lanzamiento cuenta al menos **1,8 segundos** (regla de la casa), así que pulsar rápido nunca te da menos que en auto. Mientras repostas, tu rival solo puede lanzar. Si no lanza en unos segundos, el bot termina ese repostaje en auto (el tiempo ya pasado cuenta).

    { "**" }La Tormenta de polvo se prepara de antemano** (regla de la casa). Prepárala durante **tu propio** turno. Se activa sola en el **siguiente** repostaje de tu rival, que entonces solo lanza los 5 dados blancos. Prepararla es secreto y no se puede deshacer. Una Tormenta de polvo afecta a un repostaje. No se activa en el repostaje gratis después de quedarse sin { -fuel }.

rules-kero-6-title = Campamento y Fuego
rules-kero-6-page =
    { "**" }Recoge** (sin reloj) lo que muestran tus dados finales, más las bonificaciones: las losetas A2, A3 y A7, y un { -tuarek(count: 1) } **Comerciante** (+1 de cualquier recurso, { -jerrycan(count: 1) } incluido). Cada resultado de dado se usa **una vez**. Los **{ -jerrycan(count: 2) }** se convierten en fichas que te quedas. El ladrillo, el trigo, el metal y los reclutas que no uses **se pierden al terminar tu turno**.

    Después, en cualquier orden y tantas veces como puedas pagar:
    - **Toma una carta** de la fila. Paga su coste con los recursos de este turno y tus { -jerrycan(count: 2) }. Su efecto ocurre al momento. Una carta de habilidad te da su loseta, que podrás usar **una vez por turno** a partir de entonces. Tienes como mucho **5 losetas**. Una 6.ª carta de habilidad sigue contando por su color y sus puntos, pero no da loseta.
    - **Contrata { -tuarek(count: 2) }** por **2 { -jerrycan(count: 2) } cada uno**, en cualquier momento de tu turno (incluso mientras tiras, pero el reloj sigue corriendo). Cada uno se juega una vez y luego se descarta.
    - **Coloca Exploradores** por **1 recluta + 1 metal** cada uno, en cualquier Nuevo Territorio, aunque ya haya Exploradores. Solo pueden ir los Exploradores de tu campamento (7 por clan). Un { -tuarek(count: 1) } **Batidor** coloca uno gratis.

    { "**" }Fuego.** Al terminar tu turno, cuenta las llamas de tus dados finales. Con 0–1 no se quema nada. Con 2 o más, se quema la **carta de más a la derecha** de la fila, solo una por muchas llamas que tengas. **A9 Cortafuegos** ignora 1 llama y un **Tragafuegos** las ignora todas. Los dos son opcionales, y decides antes de terminar tu turno. Luego las cartas se deslizan a la derecha y la fila se rellena, en cada turno.

rules-kero-7-title = Reclamaciones y la variante del Jefe
rules-kero-7-page =
    { "**" }Una reclamación** ocurre cuando se revela una **carta de reclamación** al rellenar la fila:
    1. Cada clan **gana cada territorio donde tiene mayoría estricta** de Exploradores y recibe su bonificación de reclamación. Los territorios van de izquierda a derecha.
    2. Los territorios **empatados** y los **vacíos** se descartan. La loseta **A5 Desempate** gana un territorio empatado (nunca uno vacío).
    3. **Todos los Exploradores vuelven a casa**, se roban 4 territorios nuevos y la fila se rellena.
    4. Juega a continuación el clan que **no** provocó la reclamación.

    { "**" }Variante del Jefe** (opción de la partida):
    - Uno de tus 7 Exploradores es un **Jefe**. Cuando colocas un Explorador, dices si es tu Jefe.
    - **Una vez por partida**, si un territorio con tu Jefe está **empatado** en una reclamación, puedes **activar** al Jefe para ganarlo junto con su bonificación. Después el Jefe se da la vuelta y pasa a ser un Explorador normal. El bot te pregunta por cada territorio así. Si no lo activas, conservas tu Jefe para una reclamación posterior.
    - **Los dos Jefes en un mismo territorio empatado**: los clanes vuelven a empatar, así que nadie lo gana y no se pregunta a nadie: el territorio se descarta y **los dos Jefes se dan la vuelta** y pasan a ser Exploradores normales (las preguntas frecuentes de la variante del Jefe).
    - **Ninguna habilidad permanente** funciona en un territorio donde haya un Jefe (con su cara de Jefe arriba), así que A5 no puede ganarlo.

## /rules game:keer-kids

rules-keer-kids-1-title = { -keer }: objetivo y puntuación
rules-keer-kids-1-page =
    { -keer } es un juego de tirar y tachar para **2–4 jugadores**. Todos tienen la misma hoja de puntuación con recintos de animales. En cada tirada usas un dado para tachar **un recinto entero** en tu propia hoja.

    { "**" }Tu puntuación es el número de círculos** de tu hoja. Cada círculo es un punto:
    - **Completa una columna** (todas sus casillas tachadas): rodea los **cubos** que hay debajo (0, 1 o 2).
    - **Sé el primero en completar una columna**: rodea también el **visitante** que hay encima. Todas las demás hojas tachan ese visitante.
    - **Tacha todas las casillas de un animal**: rodea las **dos casillas de comida** de ese animal.

    { "**" }Cómo termina una partida:** el juego termina **después de la tirada en la que un jugador ha completado dos animales** (entonces ha rodeado cuatro casillas de comida). Esa última tirada se termina para todos: cuentan los tachones y los círculos de todos los jugadores en ella.

    { "**" }Gana quien tenga más círculos.** Un empate da varios ganadores: todos los empatados comparten la victoria.

rules-keer-kids-2-title = La hoja y los dados
rules-keer-kids-2-page =
    { "**" }Tres dados iguales**, cada uno con seis caras:
    - 🟦 **azul**: pingüino (17 casillas, 6 recintos)
    - 🟥 **rojo**: elefante (17 casillas, 6 recintos)
    - 🟩 **verde**: cocodrilo (14 casillas, 5 recintos)
    - 🟨 **amarillo**: león (15 casillas, 6 recintos)
    - 🟧 **naranja**: mono (15 casillas, 6 recintos)
    - 🟪 **morado**: una cruz, para los signos de exclamación

    { "**" }Tu hoja** tiene 13 columnas × 6 filas de casillas, y cada una muestra un animal. Las casillas de un mismo animal que se tocan por un lado forman un **recinto** de 1–4 casillas. Todas las casillas de la columna central (la columna 7) tienen una **estrella**. Debajo de las columnas hay **cubos** (16 en total), encima de cada columna hay un **visitante** y cada animal tiene **dos casillas de comida**. A la derecha hay **4 camaleones** con **2 signos de exclamación** cada uno.

    La hoja de { -tablero } es un diseño propio, con todos los números que da el reglamento (regla de la casa).

    Pulsa **Mi hoja** cuando quieras para ver tu propia hoja, más grande, solo para ti.

rules-keer-kids-3-title = Una tirada, paso a paso
rules-keer-kids-3-page =
    Los jugadores se turnan para **tirar**: tira primero la plaza elegida en la sala (quien la abre, salvo que haya elegido otra: regla de la casa), luego la siguiente, y así sucesivamente, una tirada cada uno.

    1. **Tirar.** Quien tira pulsa **Tirar** para lanzar los tres dados.
    2. **Quedarse un dado.** Quien tira pulsa un dado para quedárselo. Ese color es el suyo en esta tirada, y todos pueden ver qué dado se ha quedado.
    3. **Elegir.** Cada uno de los demás jugadores pulsa **uno de los dos dados que quedan**. Varios jugadores pueden elegir el mismo dado, porque los dados se quedan en el centro.
    4. **Tachar.** Al pulsar un dado, aparece tu hoja, visible solo para ti, con cada recinto que puedes tachar con él recuadrado y marcado A, B, C…, y una lista con las mismas letras. Elige uno. Al quedarse un dado, quien tira ve su elección al instante. Con `/settings me autopick:sí`, una elección con una sola opción se hace por ti.
    5. **Resolver.** Cuando todos han elegido, **la tirada se resuelve para todos a la vez**: los tachones y los círculos pasan a cada hoja, y tira el siguiente jugador.

    { "**" }Puedes cambiar tu elección hasta que se resuelva la tirada** (regla de la casa): pulsa otra vez un dado y elige otro recinto; solo cuenta tu última elección, y nadie la ve antes de que se resuelva la tirada. La tirada se resuelve cuando elige el último jugador, así que esa elección es definitiva al instante. Si el dado que pulsas no cabe en ningún sitio de tu hoja, el bot te lo dice y puedes elegir el otro.

    { "**" }Si se acaba tu tiempo de turno** (regla de la casa) antes de elegir, pierdes esta tirada: no tachas nada y no pierdes nada de lo que tienes. Si eras quien tira, el bot tira y se queda un dado por ti, y no tachas nada en esa tirada; los demás eligen entre los dos dados que quedan. Otro jugador puede entonces **Expulsarte**, hasta que vuelvas a jugar: el ordenador ocupa tu puesto.

rules-keer-kids-4-title = Dónde puedes tachar
rules-keer-kids-4-page =
    { "**" }Un color** tacha **un recinto entero** del animal de ese color. El recinto debe:
    - **tener una estrella** (columna 7), o
    - **compartir un lado con una casilla que ya hayas tachado**.

    Tocarse solo por una esquina no cuenta. Basta con una casilla que limite: se tacha el recinto entero, incluidas sus casillas más alejadas. Cada color tiene un recinto en la columna de las estrellas, así que cualquier color cabe en tu primera tirada. La lista solo muestra los recintos que puedes tachar.

    { "**" }Tacha si puedes.** Si tu color no cabe en ningún sitio, elige otro dado que puedas coger. Si no cabe ninguno de los dados que puedes coger, **pasas** esta tirada. El bot pasa por ti y muestra que no cabe nada. No hay penalizaciones.

    { "**" }Regla de la casa: quien tira debe quedarse un dado que quepa.** Si alguno de los tres dados cabe en la hoja de quien tira, debe quedarse uno que quepa. Si no cabe ninguno, se queda cualquier dado (los demás ya no pueden cogerlo) y pasa.

rules-keer-kids-5-title = Morado: signos de exclamación y camaleones
rules-keer-kids-5-page =
    { "**" }El morado** tacha **un signo de exclamación** en vez de un recinto. Solo el morado lo hace, un signo por tirada. Tu hoja tiene 4 camaleones con 2 signos cada uno, es decir, 8 signos en total.

    { "**" }Cada segundo signo completa un camaleón.** Al momento tachas también **un recinto de cualquier color**. La regla de la estrella o el lado sigue valiendo. En la lista, estas opciones dicen **! signo + camaleón:** seguido del recinto que tacha el camaleón.

    Reglas de la casa que puedes encontrarte:
    - **Todos los signos tachados:** cuando los 8 signos de exclamación están tachados, el morado ya no cabe en tu hoja.
    - **Un camaleón sin sitio se pierde:** si ganas un camaleón pero no puedes alcanzar ningún recinto de tu hoja, el signo se tacha igualmente y el camaleón se pierde.

rules-keer-kids-6-title = Columnas, visitantes y la última tirada
rules-keer-kids-6-page =
    { "**" }Columnas.** Una columna está completa cuando todas sus casillas están tachadas. Todos los que la completan rodean sus cubos (0, 1 o 2), la completen cuando la completen.

    { "**" }Visitantes.** El primero en completar una columna rodea también su visitante. Si dos o más jugadores completan la misma columna **los primeros en la misma tirada**, todos rodean el visitante. Quien la complete en una tirada posterior solo rodea los cubos.

    { "**" }La columna de las estrellas** (columna 7) no tiene cubos, pero su visitante sí se puede rodear.

    { "**" }Animales.** Todos los que tachan todas las casillas de un animal rodean sus dos casillas de comida.

    { "**" }La última tirada.** En cuanto un jugador ha completado dos animales, el juego termina después de esa tirada. Todos eligen a la vez, así que la tirada final se resuelve para todos (regla de la casa): una columna o un animal que completes en esa tirada sigue contando.

    { "**" }Gana** quien tenga más círculos. Los jugadores empatados comparten la victoria.
