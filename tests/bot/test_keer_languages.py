"""Keer op Keer Kids in the server's language and in each member's own: a Spanish server's roll
messages, buttons and results are Spanish; a Dutch member's picks (with the Dutch animal
letters: an elephant's E3 reads O3), sheet and refusals are Dutch."""

from __future__ import annotations

import re
from typing import Any

from bot.app import TableroBot
from bot.core.computer import shown_name
from bot.games.keer_kids.ui import count
from fakediscord import FakeMessage
from games.keer_kids import Cross, Phase
from tests.bot.conftest import Server, said
from tests.bot.helpers import controls, looks
from tests.bot.keer_driver import button_id, keer, live_here, play_roll, start_match
from words import isolate, words_for

ENGLISH = re.compile(
    r"\b(roll|rolled|kept|match|dice|Waiting|everyone|Click|cross|crossed|sheet|points?|"
    r"enclosures?|animals|done|marks?|wins?|AI|elephant|crocodile|monkey|columns?|squares?|"
    r"Choose|You|Roll|My|pick|skip|nothing|clock)\b"
)
"""English words of Keer's texts (names, emoji and ids aside; not "die" or "animal", which
are Dutch and Spanish words too)."""
DUTCH_LETTERS = {"E": "O", "C": "K", "M": "A"}
"""Animals whose letter differs in Dutch: elephant, crocodile, monkey."""


def english_in(text: str) -> list[str]:
    """The English words left in a text (mentions and custom emoji aside)."""
    return ENGLISH.findall(re.sub(r"<[^<>\s]+>", "", text))


def labels(message: FakeMessage) -> list[str]:
    """The labels of the message's buttons but the 👁 beside each player's line."""
    return [str(c.label) for c in controls(message) if c.type == 2]


async def test_a_spanish_server_plays_in_spanish_and_a_dutch_member_picks_in_dutch(
    server: Server,
) -> None:
    fake = server.fake
    server.guild.locale = "es-ES"
    server.bo.locale = "nl"
    bot = await server.start_bot()
    live = await start_match(server, bot, [server.bo], ais=1)
    assert live.words.locale == "es"

    first = fake.message(int(live.message_id or 0))
    assert f"<@{server.ana.id}>, ¡tira los dados!" in first.text
    assert f"partida #{live.id} · tirada 1" in first.text
    assert {"Tirar", "Mi hoja"} <= set(labels(first)), labels(first)
    assert english_in(first.text) == [] and english_in(" ".join(labels(first))) == []
    assert [c.label for c in looks(first)] == ["Hoja"] * 3

    live = await _until_bo_crosses_a_lettered_enclosure(server, bot)
    state = keer(live)
    message = fake.message(int(live.message_id or 0))
    spanish = words_for("es")
    roller = isolate(shown_name(live.players[state.roller], spanish))
    assert f"{roller} ha sacado" in message.text and "se ha quedado" in message.text
    assert "⏳ Esperando a: " in message.text and isolate("Bo") in message.text
    assert "Pulsa un dado para elegir dónde tacharlo." in message.text
    assert state.dice is not None
    dice = [spanish(f"colour-{face}") for face in state.dice]
    assert [label.split(" (")[0] for label in labels(message)[:3]] == dice
    assert english_in(message.text) == [] and english_in(" ".join(labels(message))) == []

    await _bo_picks_in_dutch(server, bot, live, message)
    await _bo_sees_his_sheet_in_dutch(server, bot, live)

    for _ in range(200):
        if bot.runtime.service.matches.get(live.id) is not live:
            break
        await play_roll(server, bot, live)
    assert live.state.is_terminal()
    final = fake.channel_messages(server.channel)[-1]
    assert final.text.startswith("🏆 ¡") and f"la partida #{live.id}!" in final.text
    assert "puntos" in final.text and isolate("Ada (IA, normal)") in final.text
    assert english_in(final.text) == [], final.text
    summaries = [m.text for m in fake.channel_messages(server.channel) if "🎲 Tirada" in m.text]
    assert summaries and all(english_in(s) == [] for s in summaries), summaries
    await fake.settle()
    assert bot.runtime.publisher.errors == []
    await fake.disconnect(bot)


async def _until_bo_crosses_a_lettered_enclosure(server: Server, bot: TableroBot) -> Any:
    """Rolls played until Bo (seat 1) chooses and may cross an enclosure of an animal whose
    letter is another in Dutch; returns the live match then."""
    live = live_here(bot, server)
    assert live is not None
    for _ in range(60):
        state = keer(live)
        if state.phase is Phase.CHOOSE and 1 in state.seats_to_act() and _lettered(live):
            return live
        if state.phase is Phase.CHOOSE and 1 in state.seats_to_act():
            await play_roll(server, bot, live)
            continue
        # Roll and keep (by clicks), then look again before Bo picks.
        fake, message = server.fake, server.fake.message(int(live.message_id or 0))
        if state.phase is Phase.ROLL and not live.is_ai(state.roller):
            roll = button_id(message, ":roll")
            await fake.click(bot, _user(server, live, state.roller), message, roll)
        elif state.phase is Phase.KEEP and not live.is_ai(state.roller):
            die = state.legal_actions(state.roller)[0].die  # type: ignore[union-attr]
            await fake.click(
                bot, _user(server, live, state.roller), message, button_id(message, f":keep:{die}")
            )
        else:
            await play_roll(server, bot, live)
        await fake.settle()
    raise AssertionError("Bo never could cross an elephant's, crocodile's or monkey's enclosure")


def _lettered(live: Any) -> list[Cross]:
    return [
        a
        for a in keer(live).legal_actions(1)
        if isinstance(a, Cross) and a.enclosure[0] in DUTCH_LETTERS
    ]


def _user(server: Server, live: Any, seat: int) -> Any:
    users = {str(u.id): u for u in (server.ana, server.bo, server.cas, server.eve)}
    return users[live.players[seat].id]


async def _bo_picks_in_dutch(server: Server, bot: TableroBot, live: Any, message: Any) -> None:
    """Bo's die click opens a Dutch select whose enclosures carry the Dutch letters; his
    answer is Dutch."""
    fake, dutch = server.fake, words_for("nl")
    action = _lettered(live)[0]
    state = keer(live)
    assert state.dice is not None and state.kept is not None
    if state.roller == 1:  # Bo rolled: he must use the die he kept
        other = next(d for d in range(len(state.dice)) if d != state.kept)
        wrong, refusal = other, "Jij gebruikt de dobbelsteen die je hield: "
    else:
        roller = isolate(shown_name(live.players[state.roller], dutch))
        wrong, refusal = state.kept, f"Die dobbelsteen is van {roller} — kies "
    refused = await fake.click(bot, server.bo, message, button_id(message, f":die:{wrong}"))
    assert refused.ephemeral and said(refused).startswith(refusal), said(refused)
    opened = await fake.click(bot, server.bo, message, button_id(message, f":die:{action.die}"))
    assert opened.ephemeral
    choice = opened.messages[0]
    colour = dutch(f"colour-{state.dice[action.die]}")
    assert f"**{colour}** — waar kruis je hem af?" in choice.text
    select = next(c for c in choice.interactive() if c.type == 3 and action.to_text() in c.options)
    assert select.placeholder == "Kies een verblijf"
    by_value = {o["value"]: o["label"] for o in select.raw["options"]}
    letter, number = DUTCH_LETTERS[action.enclosure[0]], action.enclosure[1:]
    label = by_value[action.to_text()]
    option_letter, named = label.split(" — ", 1)  # lettered as the sheet frames it
    assert option_letter.isalpha() and named.startswith(f"{letter}{number} · "), label
    animal = next(a.name for a in state.sheet.animals if a.letter == action.enclosure[0])
    assert f" · {dutch(f'animal-{animal}')} · " in label and ("kolom" in label), label
    assert all(english_in(str(text)) == [] for text in by_value.values()), by_value
    assert select.custom_id is not None
    res = await fake.select(bot, server.bo, choice, select.custom_id, [action.to_text()])
    await fake.settle()
    answer = str(res.response["data"]["content"])
    assert answer.startswith(f"✅ Je hebt {letter}{number} · ") and "afgekruist." in answer
    assert english_in(answer) == [], answer
    shown = fake.message(int(live.message_id or 0)).text
    assert "✅" in shown and isolate("Bo") in shown  # the public message stays Spanish
    assert "Esperando" in shown or "Tirada" in shown


async def _bo_sees_his_sheet_in_dutch(server: Server, bot: TableroBot, live: Any) -> None:
    fake = server.fake
    message = fake.message(int(live.message_id or 0))
    res = await fake.click(bot, server.bo, message, button_id(message, ":sheet"))
    await fake.settle()
    caption = res.followups[0].text
    assert caption.startswith(f"**{isolate('Bo')}** — ") and " punt" in caption, caption
    assert " verblij" in caption and english_in(caption) == [], caption
    dutch = words_for("nl")
    assert res.followups[0].attachment_objects[0].description == dutch(
        "keer-sheet-alt", name=isolate("Bo")
    ) + ". " + caption.replace("**", "")


def test_counts_follow_the_language() -> None:
    es, nl = words_for("es"), words_for("nl")
    assert (count(es, 1, "point"), count(es, 2, "enclosure"), count(es, 1, "animal-done")) == (
        "1 punto",
        "2 recintos",
        "1 animal completo",
    )
    assert (count(nl, 1, "enclosure"), count(nl, 3, "mark"), count(nl, 0, "animal-done")) == (
        "1 verblijf",
        "3 uitroeptekens",
        "0 dieren klaar",
    )


async def test_keer_start_is_described_in_spanish_and_dutch(server: Server) -> None:
    bot = await server.start_bot()
    keer_group = next(c for c in server.fake.synced_commands[None] if c["name"] == "keer")
    assert keer_group["description"] == "Keer op Keer Kids"
    start = next(o for o in keer_group["options"] if o["name"] == "start")
    es, nl = words_for("es"), words_for("nl")
    assert start["description_localizations"]["es-ES"] == es("keer-start-cmd")
    assert start["description_localizations"]["nl"] == nl("keer-start-cmd")
    clock = next(o for o in start["options"] if o["name"] == "clock")
    assert clock["description_localizations"]["es-ES"] == es("keer-start-clock-cmd")
    assert [c["value"] for c in clock["choices"]] == ["live", "async"]
    assert [c["name"] for c in clock["choices"]] == ["live", "async"]
    assert [c["name_localizations"]["es-ES"] for c in clock["choices"]] == ["en vivo", "diferido"]
    assert [c["name_localizations"]["nl"] for c in clock["choices"]] == ["live", "op je gemak"]
    await server.fake.disconnect(bot)
