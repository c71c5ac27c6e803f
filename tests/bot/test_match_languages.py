"""A match's life in the server's language and in each member's own: a Spanish server's lobby,
its start, the cancel request, the results' Rematch and the rematch offer, a resign notice read
in Spanish (also when a Dutch member clicked); `/match status` in the Spanish member's Spanish;
`/match list` and refusals in a Dutch member's Dutch; `/settings language` switching the next
public messages to Dutch, and `auto` back to the server's own language; and under the
pseudo-locale, no plain English in any of it (turn clocks included)."""

from __future__ import annotations

import re

from bot.app import TableroBot
from fakediscord import FakeMessage, FakeUser, InteractionResult
from games.keer_kids import Phase
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, live_here, open_lobby, play_roll, play_until
from tests.bot.kero_driver import fire_due
from tests.bot.pseudo import leaks, watch
from words import isolate

ENGLISH = re.compile(
    r"\b(match|matches|lobby|challenge|players?|seats?|Join|Leave|Add|Start|Close|Accept|"
    r"Decline|Rematch|clock|live|async|rated|casual|resigned|Waiting|started|below|thread|"
    r"host|expires|closes|Still|standing|computer|Go|message|moderator|cancel|cancelled|"
    r"Your|open|here|page|Previous|Next|Skip|Expel|turn|move|Text|board|nobody|the|is|you)\b"
)
"""English words of the lobby and match texts (Discord tokens, commands in backticks and links
aside)."""
DUTCH_TOO = frozenset({"lobby", "host", "live", "open", "is"})
"""Words of that list that are Dutch as well."""


def english_in(text: str, *, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The English words left in a text (mentions, times, `/commands` and links aside)."""
    bare = re.sub(r"<[^<>\s]+>|`[^`]*`|\]\([^)]*\)|https?://\S+", " ", text)
    return [word for word in ENGLISH.findall(bare) if word not in allowed]


def labels(message: FakeMessage) -> list[str]:
    return [str(c.label) for c in message.interactive() if c.type == 2]


async def play_to_the_end(server: Server, bot: TableroBot) -> int:
    """Play the match in the games channel to its results; its id."""
    live = live_here(bot, server)
    assert live is not None
    for _ in range(200):
        if bot.runtime.service.matches.get(live.id) is not live:
            break
        await play_roll(server, bot, live)
    assert live.state.is_terminal()
    return live.id


async def test_a_spanish_servers_match_reads_in_spanish_from_lobby_to_rematch(
    server: Server,
) -> None:
    fake = server.fake
    server.guild.locale = "es-ES"
    server.ana.locale = "es-ES"
    server.bo.locale = "nl"  # a Dutch member's clicks leave the public messages Spanish
    bot = await server.start_bot()
    ana, bo = isolate("Ana"), isolate("Bo")

    res = await fake.slash(bot, server.ana, server.channel, "keer start")
    assert not res.ephemeral and res.message is not None
    lobby = res.message
    assert lobby.text.startswith(
        f"🎲 Sala de **Keer op Keer Kids** · {ana} tira primero · reloj: en vivo (5 min por turno)"
        f" · puntuable\n{ana} busca jugadores (de 2 a 4 plazas). La sala cierra <t:"
    ), lobby.text
    body, sealed = lobby.text.rsplit("\n", 1)
    assert body.endswith(f"\n1. {ana} (anfitrión)")
    assert sealed.startswith("🔒 Dados sellados: `") and "al terminar la partida" in sealed
    assert labels(lobby)[:4] == ["Unirse", "Salir", "Empezar", "Cerrar"]
    assert labels(lobby)[5:] == ["Añadir IA: fácil", "Añadir IA", "Añadir IA: difícil"]
    assert english_in(lobby.text) == [] and english_in(" ".join(labels(lobby))) == []

    await fake.click(bot, server.bo, lobby, button_id(lobby, ":join"))
    joined = fake.message(lobby.id).text
    assert joined.rsplit("\n", 1)[0].endswith(f"\n1. {ana} (anfitrión)\n2. {bo}")
    assert "Sala de" in joined and joined.endswith(sealed)
    await fake.click(bot, server.ana, lobby, button_id(lobby, ":start"))
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None and live.words.locale == "es"
    started = fake.message(lobby.id).text
    assert started == (
        f"La partida #{live.id} de **Keer op Keer Kids** ha empezado aquí abajo: {ana} y {bo}."
        f"\n{sealed}"
    )
    first = fake.message(int(live.message_id or 0))
    assert "Tablero en texto" in labels(first)
    alt = first.attachment_objects[0].description or ""
    assert alt.startswith(f"Partida #{live.id} de Keer op Keer Kids. "), alt

    status = await fake.slash(bot, server.ana, server.channel, "match status")
    text = said(status)
    assert status.ephemeral and text.startswith(f"Partida #{live.id} de **Keer op Keer Kids** · ")
    assert f"\n1. {ana}\n2. {bo}\n[Ir al mensaje de la partida](https://" in text, text
    assert english_in(text) == [], text

    ask = await fake.slash(bot, server.ana, server.channel, "match cancel")
    assert said(ask) == f"{ana} pide cancelar la partida #{live.id}. Esperando a: {bo}."
    assert ask.message is not None and labels(ask.message) == ["Cancelarla", "Seguir jugando"]
    kept = await fake.click(bot, server.bo, ask.message, button_id(ask.message, ":refuse"))
    assert said(kept) == f"<@{server.bo.id}> quiere seguir jugando; la partida #{live.id} continúa."

    match_id = await play_to_the_end(server, bot)
    results = fake.channel_messages(server.channel)[-1]
    assert labels(results) == ["Revancha"]
    offer = await fake.click(bot, server.ana, results, button_id(results, ":rematch"))
    text = said(offer)
    assert not offer.ephemeral and offer.message is not None
    assert text.startswith(
        f"🔁 Revancha de la partida #{match_id} de **Keer op Keer Kids** · {ana} tira primero · "
        f"reloj: en vivo (5 min por turno) · puntuable\nJugadores: {ana} y {bo}. "
        f"Falta que acepte: <@{server.bo.id}>. Caduca <t:"
    ), text
    assert labels(offer.message)[:2] == ["Aceptar", "Rechazar"]
    assert english_in(text) == [] and english_in(" ".join(labels(offer.message))) == []

    await fake.click(bot, server.bo, offer.message, button_id(offer.message, ":accept"))
    await fake.settle()
    again = live_here(bot, server)
    assert again is not None and again.id != match_id
    assert "ha empezado aquí abajo" in fake.message(offer.message.id).text
    resigned = await fake.slash(bot, server.bo, server.channel, "match resign")
    text = said(resigned)
    assert not resigned.ephemeral
    assert text.startswith(f"🏳️ {bo} ha abandonado la partida #{again.id}. "), text
    assert english_in(text) == [], text
    await fake.settle()
    assert bot.runtime.publisher.errors == []
    await fake.disconnect(bot)


async def test_a_dutch_member_reads_the_match_list_and_refusals_in_dutch(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    server.bo.locale = "nl"
    server.eve.locale = "nl"
    dutch = DUTCH_TOO
    lobby = await open_lobby(server, bot, [server.bo], ais=0)
    assert "is looking for players" in lobby.text  # the server speaks English

    refused = await fake.click(bot, server.bo, lobby, button_id(lobby, ":start"))
    assert refused.ephemeral
    assert said(refused) == f"Alleen de host ({isolate('Ana')}) kan het potje starten."
    twice = await fake.click(bot, server.bo, lobby, button_id(lobby, ":join"))
    assert twice.ephemeral and said(twice) == "Je zit al in deze lobby."
    outsider = await fake.click(bot, server.eve, lobby, button_id(lobby, ":leave"))
    assert said(outsider) == "Je zit niet in deze lobby."
    await fake.click(bot, server.ana, lobby, button_id(lobby, ":start"))
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None

    listed = await fake.slash(bot, server.bo, server.channel, "match list")
    text = said(listed)
    assert listed.ephemeral and text.startswith("Je open potjes hier (1 van maximaal 5):\n")
    line = f"#{live.id} Keer op Keer Kids in <#{server.channel.id}>: "
    assert line in text and " — [ga erheen](https://" in text, text
    assert english_in(text, allowed=dutch) == [], text
    empty = await fake.slash(bot, server.eve, server.channel, "match list")
    assert said(empty) == "Je hebt hier geen open potje."

    quiet = fake.add_channel(server.guild, "quiet")
    nothing = await fake.slash(bot, server.bo, quiet, "match status")
    assert nothing.ephemeral and said(nothing) == "Hier loopt geen potje."
    cancel = await fake.slash(bot, server.eve, server.channel, "match cancel")
    assert cancel.ephemeral and said(cancel) == (
        "Alleen de spelers (of een lid met Server beheren) kunnen een potje annuleren."
    )
    busy = await fake.slash(bot, server.bo, server.channel, "keer start")
    assert busy.ephemeral and said(busy).startswith(f"Potje #{live.id} loopt nog in dit kanaal")
    notify = await fake.slash(bot, server.bo, server.channel, "notify", mode="on")
    assert said(notify) == "Ik stuur je elke beurt één DM voordat je klok afloopt."

    synced = {c["name"]: c for c in fake.synced_commands[None]}
    assert synced["match"]["description_localizations"]["nl"] == "Het potje hier"
    [mode] = synced["notify"]["options"]
    assert mode["name"] == "mode" and [c["value"] for c in mode["choices"]] == ["on", "off"]
    assert [c["name_localizations"]["nl"] for c in mode["choices"]] == ["aan", "uit"]
    assert [c["name_localizations"]["es-ES"] for c in mode["choices"]] == ["sí", "no"]


async def public_lobby(server: Server, bot: TableroBot, user: FakeUser) -> InteractionResult:
    """`/keer start` by `user` in a channel of their own."""
    channel = server.fake.add_channel(server.guild, f"table-{user.name}")
    res = await server.fake.slash(bot, user, channel, "keer start")
    assert not res.ephemeral and res.message is not None
    return res


async def test_settings_language_switches_the_public_messages_and_auto_switches_back(
    server: Server,
) -> None:
    fake = server.fake
    server.guild.locale = "es-ES"
    bot = await server.start_bot()
    spanish = await public_lobby(server, bot, server.ana)
    assert said(spanish).startswith("🎲 Sala de **Keer op Keer Kids**")

    chosen = await fake.slash(bot, server.mod, server.channel, "settings language", language="nl")
    assert chosen.ephemeral and "Dutch" in said(chosen)  # the moderator reads English
    dutch = await public_lobby(server, bot, server.bo)
    text = said(dutch)
    assert text.startswith(
        f"🎲 **Keer op Keer Kids**-lobby · {isolate('Bo')} gooit eerst · klok: live (5 min per "
        "beurt) · telt mee"
    )
    assert f"{isolate('Bo')} zoekt spelers" in text
    assert dutch.message is not None
    assert labels(dutch.message)[:4] == ["Meedoen", "Verlaten", "Starten", "Sluiten"]
    assert labels(dutch.message)[5:] == [
        "AI toevoegen: makkelijk",
        "AI toevoegen",
        "AI toevoegen: moeilijk",
    ]
    assert english_in(text, allowed=DUTCH_TOO) == [], text
    shown = await fake.slash(bot, server.eve, server.channel, "settings show")
    assert "Language of match messages: Dutch" in said(shown)

    back = await fake.slash(bot, server.mod, server.channel, "settings language", language="auto")
    assert back.ephemeral and "Spanish" in said(back)
    again = await public_lobby(server, bot, server.cas)
    assert said(again).startswith(
        f"🎲 Sala de **Keer op Keer Kids** · {isolate('Cas')} tira primero · reloj: en vivo"
    )
    shown = await fake.slash(bot, server.eve, server.channel, "settings show")
    assert "the server's language in Discord (now: Spanish)" in said(shown)
    await fake.settle()
    await fake.disconnect(bot)


PSEUDO_NAMES = ("Ana", "Bo", "Cas", "Eve", "Mod", "Ada")
"""What the pseudo-locale leaves plain: names (the games' titles come through the catalogs)."""


def in_pseudo(server: Server) -> None:
    """The server and every member in the pseudo-locale (accented English)."""
    server.guild.locale = "en-XA"
    for member in (server.ana, server.bo, server.cas, server.eve, server.mod):
        member.locale = "en-XA"


async def test_a_match_life_under_the_pseudo_locale_leaves_no_plain_english(
    server: Server,
) -> None:
    """Every text of a lobby, a match's commands, notices, rematch, settings and the setup note
    came through the catalogs: under en-XA none keeps a plain letter but names."""
    fake = server.fake
    in_pseudo(server)
    bot = await server.start_bot()
    sent = watch(fake)
    res = await fake.slash(bot, server.ana, server.channel, "keer start")
    assert res.message is not None
    lobby = res.message
    await fake.click(bot, server.eve, lobby, button_id(lobby, ":leave"))
    for verb in (":join", ":join", ":start", ":ai"):
        await fake.click(bot, server.bo, lobby, button_id(lobby, verb))
    await fake.click(bot, server.cas, lobby, button_id(lobby, ":join"))
    await fake.click(bot, server.ana, lobby, button_id(lobby, ":start"))
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None
    for who in (server.ana, server.eve):
        for command in ("match status", "match list", "match here"):
            await fake.slash(bot, who, server.channel, command)
    await fake.slash(bot, server.eve, server.channel, "match resign")
    await fake.settle()
    message = fake.message(int(live.message_id or 0))
    await fake.click(bot, server.bo, message, button_id(message, ":board"))
    ask = await fake.slash(bot, server.bo, server.channel, "match cancel")
    assert ask.message is not None
    await fake.click(bot, server.ana, ask.message, button_id(ask.message, ":refuse"))
    await fake.slash(bot, server.eve, server.channel, "match cancel")
    await fake.slash(bot, server.cas, server.channel, "match resign")
    await fake.settle()
    match_id = await play_to_the_end(server, bot)
    results = fake.channel_messages(server.channel)[-1]
    await fake.click(bot, server.eve, results, button_id(results, ":rematch"))
    offer = await fake.click(bot, server.ana, results, button_id(results, ":rematch"))
    assert offer.message is not None and str(match_id) in said(offer)
    await fake.click(bot, server.eve, offer.message, button_id(offer.message, ":decline"))
    await fake.click(bot, server.bo, offer.message, button_id(offer.message, ":decline"))
    for command, options in (
        ("settings show", {}),
        ("settings threads", {"mode": "on"}),
        ("settings threads", {"mode": "off"}),
        ("settings limit", {"matches": 3}),
        ("settings clock", {"default": "async", "abandon_days": 1}),
        ("settings global", {"mode": "on"}),
        ("settings global", {"mode": "off"}),
        ("settings me", {"images": "off"}),
        ("settings me", {"images": "on"}),
        ("notify", {"mode": "on"}),
        ("notify", {"mode": "off"}),
    ):
        await fake.slash(bot, server.mod, server.channel, command, **options)
    again = await fake.slash(bot, server.ana, server.channel, "keer start")
    assert again.message is not None
    await fake.click(bot, server.ana, again.message, button_id(again.message, ":close"))
    joined = fake.add_guild("New server")
    joined.locale = "en-XA"
    general = fake.add_channel(joined, "general")
    joined.system_channel_id = general.id
    await fake.join(bot, joined)
    await fake.settle()
    found = list(sent.texts())
    assert len(found) > 100
    assert leaks(found, PSEUDO_NAMES) == []
    await fake.disconnect(bot)


async def test_the_turn_clock_under_the_pseudo_locale_leaves_no_plain_english(
    timed_server: Server,
) -> None:
    """An async match's ping, the reminder DM, the clock's notice and its Expel button."""
    server = timed_server
    assert server.clock is not None
    fake = server.fake
    in_pseudo(server)
    bot = await server.start_bot()
    sent = watch(fake)
    await fake.slash(bot, server.bo, server.channel, "notify", mode="on")
    res = await fake.slash(bot, server.ana, server.channel, "keer start", clock="async")
    assert res.message is not None
    await fake.click(bot, server.bo, res.message, button_id(res.message, ":join"))
    await fake.click(bot, server.ana, res.message, button_id(res.message, ":start"))
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None
    await play_until(
        server, bot, live, lambda s: s.phase is Phase.CHOOSE and s.seats_to_act() == (1,)
    )
    clock = bot.runtime.turn_clocks.clocks[live.id]
    server.clock.now = clock.remind_ms / 1000 + 1
    await fire_due(server, bot, live)
    assert len(fake.dm_messages(server.bo)) == 1
    server.clock.now = clock.due_ms / 1000 + 1
    await fire_due(server, bot, live)
    notice = next(m for m in fake.channel_messages(server.channel) if m.text.startswith("⏰"))
    await fake.click(bot, server.ana, notice, button_id(notice, ":expel:1"))
    await fake.settle()
    found = list(sent.texts())
    assert any(text.startswith("🔔") for _, text in found)
    assert leaks(found, PSEUDO_NAMES) == []
    await fake.disconnect(bot)
