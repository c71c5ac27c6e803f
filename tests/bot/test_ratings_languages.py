"""/leaderboard, /stats and /history in the member's own language: a member whose Discord client
is Spanish or Dutch reads the leaderboard (and its paging), their stats (as text, and the rating
chart's caption and alt text) and their history in it, with nothing English left."""

from __future__ import annotations

import re

import pytest

from bot.app import TableroBot
from fakediscord import FakeUser
from storage import Rating
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import play_roll, start_match
from words import isolate, words_for

MATCHES = 3
"""Finished rated matches Ana and Bo play: enough to appear on a leaderboard."""
KEPT = re.compile(r"<[^<>\s]+>|`[^`]*`|\u2068[^\u2069]*\u2069|Keer op Keer Kids|Kero|\d+")
"""What is the same in every language: Discord tokens, commands, names, titles, numbers."""
ENGLISH = {
    "es": (
        "games?",
        "wins?",
        "win rate",
        "matches",
        "finished",
        "rating",
        "rated",
        "skill",
        "uncertainty",
        "after",
        "details",
        "leaderboard",
        "this server",
        "all time",
        "last",
        "days",
        "page",
        "of",
        "recent",
        "previous",
        "next",
        "nobody",
        "yet",
        "st",
        "nd",
        "rd",
        "th",
        "chart",
    ),
    "nl": (  # Dutch says "rating", "details", "server" and "week" too
        "games?",
        "wins?",
        "win rate",
        "matches",
        "finished",
        "rated",
        "skill",
        "uncertainty",
        "after",
        "leaderboard",
        "this server",
        "all time",
        "last",
        "days",
        "page",
        "recent",
        "previous",
        "next",
        "nobody",
        "yet",
        "st",
        "nd",
        "rd",
        "th",
        "chart",
    ),
}
LANGUAGES = [("es-ES", "es"), ("nl", "nl")]


def english_left(text: str, language: str) -> list[str]:
    """The English words still in `text` (tokens, names, titles and numbers aside)."""
    plain = KEPT.sub(" ", text)
    return [w for w in ENGLISH[language] if re.search(rf"(?i)(?<![\w]){w}(?![\w])", plain)]


async def played(server: Server) -> TableroBot:
    """A bot after Ana and Bo finished MATCHES rated Keer op Keer Kids matches (in English, the
    server's language)."""
    bot = await server.start_bot()
    for _ in range(MATCHES):
        live = await start_match(server, bot, [server.bo], ais=0)
        for _ in range(200):
            if live.id not in bot.runtime.service.matches:
                break
            await play_roll(server, bot, live)
        assert live.id not in bot.runtime.service.matches
        await server.fake.settle()
    return bot


def embed_text(embed: dict[str, object]) -> str:
    footer = embed.get("footer")
    assert isinstance(footer, dict)
    return f"{embed['title']}\n{embed['description']}\n{footer['text']}"


def speaks(user: FakeUser, locale: str) -> None:
    user.locale = locale


@pytest.mark.parametrize(("locale", "language"), LANGUAGES)
async def test_the_leaderboard_and_its_paging_in_the_member_s_language(
    server: Server, locale: str, language: str
) -> None:
    fake = server.fake
    bot = await played(server)
    speaks(server.ana, locale)
    res = await fake.slash(bot, server.ana, server.channel, "leaderboard", game="keer-kids")
    assert res.ephemeral
    embed = res.response["data"]["embeds"][0]
    shown = embed_text(embed)
    assert english_left(shown, language) == [], shown
    games = {"es": "3 partidas", "nl": "3 potjes"}[language]
    assert re.search(rf"\*\*1\.\*\* <@\d+> — -?\d+,\d \({games}\)", embed["description"])
    if language == "es":
        assert embed["title"] == "Clasificación de Keer op Keer Kids"
        assert "puntuación = habilidad − 3 × incertidumbre · página 1 de 1" in shown
        labels = ["◀ Anterior", "Siguiente ▶"]
    else:
        assert embed["title"] == "Ranglijst van Keer op Keer Kids"
        assert "rating = vaardigheid − 3 × onzekerheid · pagina 1 van 1" in shown
        labels = ["◀ Vorige", "Volgende ▶"]
    assert [b.label for b in res.message.buttons()] == labels

    week = await fake.slash(
        bot, server.ana, server.channel, "leaderboard", game="kero", period="week"
    )
    empty = embed_text(week.response["data"]["embeds"][0])
    assert english_left(empty, language) == [], empty
    assert ("Todavía nadie" if language == "es" else "Nog niemand") in empty

    guild = str(server.guild.id)
    await bot.runtime.store.replace_ratings(
        [Rating(guild, "kero", str(1000 + i), 30.0 - i, 2.0, 5) for i in range(23)], []
    )
    board = await fake.slash(bot, server.ana, server.channel, "leaderboard", game="kero")
    following = labels[1]
    turned = await fake.click(bot, server.ana, board.message, following)
    page = embed_text(turned.response["data"]["embeds"][0])
    assert ("página 2 de 3" if language == "es" else "pagina 2 van 3") in page
    assert "**11.** <@1010> — 14,0 (5 " in page and english_left(page, language) == []
    speaks(server.ana, "en-US")  # her client changed language: the next page follows it
    again = await fake.click(bot, server.ana, board.message, following)
    assert "page 3 of 3" in embed_text(again.response["data"]["embeds"][0])
    assert "Next ▶" in [b.label for b in fake.message(board.message.id).buttons()]
    await fake.disconnect(bot)


@pytest.mark.parametrize(("locale", "language"), LANGUAGES)
async def test_stats_and_history_in_the_member_s_language(
    server: Server, locale: str, language: str
) -> None:
    fake = server.fake
    bot = await played(server)
    speaks(server.ana, locale)
    speaks(server.bo, locale)

    pictured = await fake.slash(bot, server.ana, server.channel, "stats", game="keer-kids")
    await fake.settle()
    caption = pictured.followups[0]
    assert english_left(caption.text, language) == [], caption.text
    alt = caption.attachment_objects[0].description or ""
    assert english_left(alt, language) == [], alt
    if language == "es":
        assert caption.text.startswith(f"**{isolate('Ana')}** jugando a Keer op Keer Kids")
        assert f"tras {MATCHES} partidas puntuables" in caption.text
        assert "(habilidad − 3 × incertidumbre)" in caption.text
        assert alt.startswith(f"{isolate('Ana')}: puntuación en Keer op Keer Kids. Partidas: 3")
    else:
        assert caption.text.startswith(f"**{isolate('Ana')}** in Keer op Keer Kids op deze")
        assert f"na {MATCHES} potjes die meetellen" in caption.text
        assert "(vaardigheid − 3 × onzekerheid)" in caption.text
        assert alt.startswith(f"{isolate('Ana')}: rating in Keer op Keer Kids. Potjes: 3")
    assert re.search(r"μ -?\d+,\d, \w+ σ \d+,\d\d", caption.text)  # decimal commas

    await fake.slash(bot, server.ana, server.channel, "settings me", images="off")
    as_text = await fake.slash(bot, server.ana, server.channel, "stats", game="keer-kids")
    await fake.settle()
    text = as_text.followups[0]
    assert text.attachments == [] and english_left(text.text, language) == [], text.text
    points = re.findall(r"^\d{4}-\d\d-\d\d: -?\d+,\d$", text.text, re.MULTILINE)
    assert len(points) == MATCHES

    unrated = await fake.slash(bot, server.bo, server.channel, "stats", game="kero")
    await fake.settle()
    none = unrated.followups[0].text
    assert english_left(none, language) == [], none
    assert ("ninguna partida puntuable" if language == "es" else "nog geen potjes") in none

    history = await fake.slash(bot, server.bo, server.channel, "history", member=server.ana)
    listed = said(history)
    assert history.ephemeral and english_left(listed, language) == [], listed
    lines = listed.splitlines()
    heading = {"es": "Últimas partidas de", "nl": "Laatste potjes van"}[language]
    assert lines[0] == f"{heading} **{isolate('Ana')}**:" and len(lines) == 1 + MATCHES
    place = r"[12]\.º de 2" if language == "es" else r"[12]e van 2"
    for line in lines[1:]:
        assert re.fullmatch(
            rf"#\d+ Keer op Keer Kids — {place} · <t:\d+:R> \(`/match record \d+`\)", line
        ), line

    nobody = await fake.slash(bot, server.ana, server.channel, "history", member=server.eve)
    assert english_left(said(nobody), language) == [], said(nobody)
    number = re.search(r"#(\d+)", lines[1])
    assert number is not None
    record = await fake.slash(bot, server.ana, server.channel, "match record", match=int(number[1]))
    sent = record.messages[0].text
    assert ("terminada" if language == "es" else "uitgespeeld") in sent
    assert english_left(sent.replace("tablero replay", ""), language) == [], sent
    missing = await fake.slash(bot, server.ana, server.channel, "match record", match=99999)
    refusal = said(missing)
    assert (
        refusal
        == {"es": "No hay ninguna partida #99999.", "nl": "Er is geen potje #99999."}[language]
    )
    await fake.disconnect(bot)


def test_places_numbers_and_plurals_are_the_language_s_own() -> None:
    en, es, nl = (words_for(code) for code in ("en", "es", "nl"))
    assert [en("ratings-history-place", place=p, players=4) for p in (1, 2, 3, 4, 11, 22)] == [
        "1st of 4",
        "2nd of 4",
        "3rd of 4",
        "4th of 4",
        "11th of 4",
        "22nd of 4",
    ]
    assert es("ratings-history-place", place=1, players=4) == "1.º de 4"
    assert nl("ratings-history-place", place=3, players=4) == "3e van 4"
    line = {"place": 1, "name": "<@1>", "rating": 12.345, "games": 1}
    assert en("ratings-board-line", **line) == "**1.** <@1> — 12.3 (1 game)"
    assert es("ratings-board-line", **line) == "**1.** <@1> — 12,3 (1 partida)"
    assert nl("ratings-board-line", **{**line, "games": 2}) == "**1.** <@1> — 12,3 (2 potjes)"
    assert en("ratings-record-no-match", id=12345) == "There is no match #12345."
    assert [nl("ratings-share", share=s) for s in (0.5, 2 / 3)] == ["50%", "67%"]
