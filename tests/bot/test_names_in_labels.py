"""A member's name in a button label, a select option or an image's alt text garbles nothing
(issue 33): those are plain text, so no escaping, but no control or direction character of the
name reaches them and every isolate stays balanced."""

from __future__ import annotations

import unicodedata

from bot.app import TableroBot
from bot.core.computer import shown_name
from fakediscord import FakeMessage
from games.keer_kids import Phase
from games.records import Player
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, keer, live_here
from words import words_for

HOSTILE = "Zoë\u2069\u202e\x07\n\u200fX\u2028"
"""A name that would close an isolate, override the rest right to left, ring a bell and break
the line."""
CLEAN = "ZoëX"
STEERING = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e")


def _garbled(text: str) -> list[str]:
    """What in `text` a name may not bring: controls, breaks, unpaired isolates, overrides."""
    bad = [ascii(c) for c in text if unicodedata.category(c) in ("Cc", "Zl", "Zp")]
    bad += [ascii(c) for c in text if c in STEERING]
    opened = sum(text.count(c) for c in "\u2066\u2067\u2068")
    if opened != text.count("\u2069"):
        bad.append(f"{opened} isolates, {text.count(chr(0x2069))} closed")
    return bad


def _plain_texts(message: FakeMessage) -> list[str]:
    """Every label, option and alt text of `message`."""
    texts = [c.label or "" for c in message.interactive()]
    texts += [o for c in message.interactive() for o in c.options]
    texts += [a.description or "" for a in message.attachment_objects]
    return texts


def test_a_members_name_is_one_plain_line_wherever_a_seat_is_named() -> None:
    words = words_for("en")
    assert shown_name(Player("7", HOSTILE), words) == CLEAN
    assert shown_name(Player("7", "\u202e\n"), words) == "?"


async def test_a_kept_die_label_and_the_alt_texts_carry_the_name_without_its_controls(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    zoe = fake.add_member(server.guild, HOSTILE)
    res = await fake.slash(bot, zoe, server.channel, "keer start")
    assert res.message is not None, said(res)
    lobby = res.message
    assert not (await fake.click(bot, server.ana, lobby, button_id(lobby, ":join"))).ephemeral
    assert not (await fake.click(bot, zoe, lobby, button_id(lobby, ":start"))).ephemeral
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None and live.message_id is not None
    message = fake.message(int(live.message_id))
    assert not (await fake.click(bot, zoe, message, button_id(message, ":roll"))).ephemeral
    await fake.settle()
    state = keer(live)
    assert state.phase is Phase.KEEP
    die = state.legal_actions(state.roller)[0].die  # type: ignore[union-attr]
    message = fake.message(int(live.message_id))
    assert not (await fake.click(bot, zoe, message, button_id(message, f":keep:{die}"))).ephemeral
    await fake.settle()
    message = fake.message(int(live.message_id))
    texts = _plain_texts(message)
    assert any(CLEAN in text for text in texts), texts  # the kept die names its roller
    assert not [t for t in texts if _garbled(t)], [(ascii(t), _garbled(t)) for t in texts]
    assert HOSTILE not in message.text
