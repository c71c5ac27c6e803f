"""`/help`, `/rules` and "How to play" in the language of the member who asks (docs/words.md):
every page of every book in every language, within Discord's embed limit, paged the same way."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.app import TableroBot
from bot.ui.rules_pages import HowToPlayButton, book_id, pages
from fakediscord import FakeMessage
from tests.bot.conftest import Server
from words import DEFAULT, LOCALES, words_for

BOOKS = ("help", "kero", "keer-kids")
EMBED_DESCRIPTION = 4096
EMBED_TITLE = 256
ENGLISH = re.compile(
    r"\b(the|and|your|you|match|matches|players?|turn|roll|page|next|previous|points|"
    r"wins|house rule|enclosure|sheet|card)\b",
    re.IGNORECASE,
)
"""English words none of the Spanish or Dutch pages has outside its code spans."""


def prose(text: str) -> str:
    """`text` without its code spans (command and option names stay English everywhere)."""
    return re.sub(r"`[^`]*`", "", text)


def embed_of(message: FakeMessage | None) -> dict[str, Any]:
    assert message is not None and message.embeds
    return message.embeds[0]


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_page_fits_and_every_language_has_as_many_pages_as_english(
    locale: str, book: str
) -> None:
    english = pages(book, words_for(DEFAULT))
    theirs = pages(book, words_for(locale))
    assert len(english) > 0 and len(theirs) == len(english)
    for number, page in enumerate(theirs, 1):
        assert words_for(locale).has(f"{book_id(book)}-{number}-page")
        assert 0 < len(page.body) <= EMBED_DESCRIPTION, (locale, book, number)
        assert 0 < len(page.title) <= EMBED_TITLE, (locale, book, number)
        if locale != DEFAULT:
            assert page.body != english[number - 1].body, (locale, book, number)
            found = ENGLISH.findall(prose(page.body) + " " + page.title)
            assert found == [], (locale, book, number, found)


def test_an_unknown_book_has_no_pages() -> None:
    assert pages("chess", words_for("es")) == ()


async def test_help_comes_in_a_spanish_members_language_and_pages_on(
    server: Server, bot: TableroBot
) -> None:
    fake, es = server.fake, words_for("es")
    server.ana.locale = "es-ES"
    res = await fake.slash(bot, server.ana, server.channel, "help")
    assert res.ephemeral
    first = embed_of(res.message)
    assert first["title"] == "Tablero: juegos de dados en tu servidor"
    assert first["description"] == es("help-1-page")
    assert "**Empezar una partida**" in first["description"]
    start = "`/keer start [clock live|async] [rated true|false] [hours zone]`"
    assert start in first["description"]
    assert first["footer"]["text"] == "Página 1 de 2"
    assert [c.label for c in shown(server, res).interactive()] == ["◀ Anterior", "Siguiente ▶"]
    await fake.click(bot, server.ana, res.message, "Siguiente ▶")
    second = embed_of(shown(server, res))
    assert second["title"] == es("help-2-title") == "Puntuaciones, ajustes y juego limpio"
    assert "`/help`: estas páginas." in second["description"]
    assert second["footer"]["text"] == "Página 2 de 2"
    assert "Siguiente ▶" in [c.label for c in shown(server, res).interactive() if c.disabled]
    await fake.click(bot, server.ana, res.message, "◀ Anterior")
    assert embed_of(shown(server, res))["title"] == es("help-1-title")
    # Bo's client is in English: his /help is too.
    english = await fake.slash(bot, server.bo, server.channel, "help")
    assert embed_of(english.message)["title"] == "Tablero: dice games in your server"


def shown(server: Server, res: Any) -> FakeMessage:
    """The ephemeral message an interaction answered with, as it stands now."""
    assert res.message is not None
    return server.fake.message(int(res.message.id))


async def test_kero_rules_come_in_spanish_page_by_page(server: Server, bot: TableroBot) -> None:
    fake, es = server.fake, words_for("es")
    server.ana.locale = "es-ES"
    res = await fake.slash(bot, server.ana, server.channel, "rules", game="kero")
    book = pages("kero", es)
    assert res.ephemeral and embed_of(res.message)["title"] == "Kero: objetivo y final"
    assert "**Gana quien tenga más puntos.**" in embed_of(res.message)["description"]
    for index in range(1, len(book)):
        await fake.click(bot, server.ana, res.message, "Siguiente ▶")
        page = embed_of(shown(server, res))
        assert (page["title"], page["description"]) == (book[index].title, book[index].body)
        assert page["footer"]["text"] == f"Página {index + 1} de {len(book)}"
    last = embed_of(shown(server, res))
    assert last["title"] == "Reclamaciones y la variante del Jefe"
    assert "**Jefe**" in last["description"] and "**A5 Desempate**" in last["description"]
    assert not ENGLISH.findall(prose(last["description"]))


async def test_keer_kids_rules_come_in_dutch(server: Server, bot: TableroBot) -> None:
    fake, nl = server.fake, words_for("nl")
    server.bo.locale = "nl"
    res = await fake.slash(bot, server.bo, server.channel, "rules", game="keer-kids")
    first = embed_of(res.message)
    assert first["title"] == "Keer op Keer Kids: doel en punten"
    assert "**één heel verblijf**" in first["description"]
    assert first["footer"]["text"] == "Pagina 1 van 6"
    book = pages("keer-kids", nl)
    for index in range(1, len(book)):
        await fake.click(bot, server.bo, res.message, "Volgende ▶")
        assert embed_of(shown(server, res))["title"] == book[index].title
    last = embed_of(shown(server, res))
    assert "**Bezoekers.**" in last["description"] and "emmers" in last["description"]
    assert "Volgende ▶" in [c.label for c in shown(server, res).interactive() if c.disabled]


async def test_how_to_play_opens_the_rules_in_the_clicking_members_language(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    server.eve.locale = "es-419"
    lobby = await fake.slash(bot, server.ana, server.channel, "keer start")
    assert lobby.message is not None
    opened = await fake.click(bot, server.eve, lobby.message, "How to play")
    assert opened.ephemeral and opened.message is not None
    assert embed_of(opened.message)["title"] == "Keer op Keer Kids: objetivo y puntuación"
    assert opened.message.visible_to == server.eve.id
    await fake.click(bot, server.eve, opened.message, "Siguiente ▶")
    assert embed_of(fake.message(opened.message.id))["title"] == "La hoja y los dados"
    server.cas.locale = "nl"
    dutch = await fake.click(bot, server.cas, lobby.message, "How to play")
    assert embed_of(dutch.message)["title"] == "Keer op Keer Kids: doel en punten"


async def test_the_slash_descriptions_are_localised(server: Server, bot: TableroBot) -> None:
    synced = {c["name"]: c for c in server.fake.synced_commands[None]}
    rules, help_command = synced["rules"], synced["help"]
    assert rules["description"] == "The rules of a game, page by page"
    localised = rules.get("description_localizations") or {}
    assert localised.get("es-ES") == "Las reglas de un juego, página a página"
    assert localised.get("nl") == "De regels van een spel, pagina voor pagina"
    assert (help_command.get("description_localizations") or {}).get("nl") == (
        "Wat Tablero doet en zijn commando's"
    )
    option = rules["options"][0]
    assert (option.get("description_localizations") or {}).get("es-ES") == "qué juego"


def test_the_how_to_play_label_is_in_the_language_of_the_message_it_is_on() -> None:
    assert HowToPlayButton.make("kero", words_for("nl")).item.label == "Speluitleg"
    assert HowToPlayButton.make("kero", words_for("es")).item.label == "Cómo jugar"
    assert HowToPlayButton.make("keer-kids").item.label == "How to play"
