"""Provably fair dice through the fake Discord (docs/fairness.md): the commitment is public before
the match exists (so before any die), the dice mix in the starting click, nothing a member
receives while the match is open holds the secret, and once it is over the record's dice verify."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import zipfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.app import TableroBot
from bot.cli import main
from bot.core.fairness import (
    LOBBY_KEY,
    lobby_secret,
    public_options,
    secret_of,
    started_by_click,
)
from games.common import CHANCE
from games.fairness import Origin, stream_seed
from games.records import Entry, MatchRecord, RecordError, replay
from games.verify import Verdict, verify
from tests.bot.conftest import Server
from tests.bot.helpers import received
from tests.bot.keer_driver import button_id, live_here, open_lobby, play_roll


def watch_creation(server: Server, bot: TableroBot, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What Ana could read at the moment each match was created (before its first die)."""
    seen: list[str] = []
    service = bot.runtime.service
    create: Callable[..., Awaitable[Any]] = service.create

    async def spy(*args: Any, **kwargs: Any) -> Any:
        messages = server.fake.channel_messages(server.channel, viewer=server.ana)
        seen.append("\n".join(m.text for m in messages))
        return await create(*args, **kwargs)

    monkeypatch.setattr(service, "create", spy)
    return seen


def cli(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue() + err.getvalue()


async def test_a_lobby_commits_before_the_match_and_its_record_verifies_after(
    server: Server, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bot = await server.start_bot(match_seeds=None)  # real secrets, as `tablero run` draws them
    seen = watch_creation(server, bot, monkeypatch)
    lobby = await open_lobby(server, bot, [server.bo], ais=1)
    shown = lobby.text.rsplit("\n", 1)[1]
    assert shown.startswith("🔒 Dice sealed: `") and "tablero verify" in shown
    short = shown.split("`")[1].rstrip("…")
    assert len(short) == 16
    start = await server.fake.click(bot, server.ana, lobby, button_id(lobby, ":start"))
    await server.fake.settle()
    live = live_here(bot, server)
    assert live is not None
    assert len(seen) == 1 and short in seen[0]  # public before the match, so before any die
    assert short in server.fake.message(lobby.id).text  # and still shown once it started

    stored = (await bot.runtime.store.load(live.id)).record
    fair = stored.fair
    assert fair is not None and fair.seed is not None and fair.salt is not None
    assert fair.commitment.startswith(short) and fair.subject.startswith("lobby-")
    assert fair.origin is Origin.CLICK and fair.mixed == str(start.interaction.id)
    assert live.seed == stream_seed(fair.seed, fair.mixed) == stored.seed
    secrets = (fair.seed, fair.salt, live.seed)

    await play_roll(server, bot, live)
    exports = []
    for member in (server.ana, server.bo):  # their lobby is in it, its commitment without secret
        res = await server.fake.slash(bot, member, server.channel, "privacy export")
        await server.fake.settle()
        exports.append(_unzipped(res.followups[0].attachments[0][1]))
    assert fair.commitment in exports[0]
    args = ("db", "export", str(live.id), "--db", str(server.db_path))
    status, exported = await asyncio.to_thread(cli, *args)  # its own event loop
    assert status == 0 and fair.commitment in exported
    assert MatchRecord.from_json(json.loads(exported)).fair == fair.sealed()
    for user in (server.ana, server.bo, server.eve):
        seen_by = received(server, user)
        assert not [s for s in secrets if s in seen_by]
    for secret in secrets:
        assert secret not in exported and not [e for e in exports if secret in e]

    for _ in range(200):
        if live.id not in bot.runtime.service.matches:
            break
        await play_roll(server, bot, live)
    assert live.id not in bot.runtime.service.matches
    got = await server.fake.slash(bot, server.bo, server.channel, "match record", match=live.id)
    path = tmp_path / "match.json"
    path.write_bytes(got.messages[0].attachments[0][1])
    status, said = cli("verify", str(path))
    assert status == 0, said
    assert said.splitlines()[-1] == "verified" and short in said and fair.mixed in said

    record = MatchRecord.from_json(json.loads(path.read_text()))
    tampered = tmp_path / "tampered.json"
    entry = _change_a_roll(record, tampered)
    status, said = cli("verify", str(tampered))
    assert status == 1 and said.splitlines()[-1] == "NOT VERIFIED"
    assert [line for line in said.splitlines() if line.startswith("DIFFERS")] == [
        f"DIFFERS: {entry}"
    ]
    for key in ("seed", "salt"):
        data = json.loads(path.read_text())
        data["fair"][key] = "0" * 32
        tampered.write_text(json.dumps(data))
        status, said = cli("verify", str(tampered))
        assert status == 1 and "do not give the record's commitment" in said
    await server.fake.disconnect(bot)


def _unzipped(data: bytes) -> str:
    with zipfile.ZipFile(io.BytesIO(data)) as packed:
        return "\n".join(packed.read(name).decode() for name in packed.namelist())


def _change_a_roll(record: MatchRecord, path: Path) -> str:
    """Write the record with its latest changeable roll changed; the problem verify names."""
    faces = [f"roll:{a}{b}{c}" for a in "BRGYOP" for b in "BRGYOP" for c in "BRGYOP"]
    for index in reversed([i for i, e in enumerate(record.entries) if e.seat == CHANCE]):
        old = record.entries[index].action
        for new in faces:
            entries = list(record.entries)
            entries[index] = Entry(CHANCE, new)
            changed = MatchRecord(
                record.game, record.players, tuple(entries), record.options, record.seed
            )
            if new == old:
                continue
            try:
                replay(changed)
            except RecordError:
                continue
            data = record.to_json()
            data["actions"][index]["action"] = new
            path.write_text(json.dumps(data))
            return f"action #{index + 1}: recorded {new!r}, the stream draws {old!r}"
    raise AssertionError("no roll can change and still replay")


async def test_a_challenge_of_the_computer_shows_its_commitment_before_the_deal(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await server.start_bot(match_seeds=None, ai_think_ms=1_500)
    seen = watch_creation(server, bot, monkeypatch)
    fake = server.fake
    res = await fake.slash(bot, server.ana, server.channel, "kero challenge", member=fake.bot)
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None and res.message is not None and res.ephemeral
    fair = (await bot.runtime.store.load(live.id)).record.fair
    assert fair is not None and fair.origin is Origin.COMMAND
    assert fair.mixed == str(res.interaction.id) and fair.subject == f"command-{fair.mixed}"
    assert len(seen) == 1 and f"`{fair.short}…`" in seen[0]  # shown to Ana before the deal
    assert f"`{fair.short}…`" in res.message.text
    assert fair.seed is not None and fair.salt is not None
    for user in (server.ana, server.eve):
        seen_by = received(server, user)
        assert fair.seed not in seen_by and fair.salt not in seen_by and live.seed not in seen_by
    await fake.disconnect(bot)


async def test_dice_a_test_fixed_make_no_commitment_and_verify_says_so(
    server: Server, tmp_path: Path
) -> None:
    bot = await server.start_bot()  # the tests' fixed seeds
    lobby = await open_lobby(server, bot, [server.bo], ais=0)
    await server.fake.click(bot, server.ana, lobby, button_id(lobby, ":start"))
    await server.fake.settle()
    live = live_here(bot, server)
    assert live is not None
    record = (await bot.runtime.store.load(live.id)).record
    assert record.fair is None and record.seed == live.seed
    path = tmp_path / "old.json"
    path.write_text(record.dumps())
    status, said = cli("verify", str(path))
    assert status == 3 and said.startswith("no commitment:")
    await server.fake.disconnect(bot)


async def test_a_rematch_offer_commits_and_its_accept_mixes_in(server: Server) -> None:
    bot = await server.start_bot(match_seeds=None)
    fake = server.fake
    lobby = await open_lobby(server, bot, [server.bo], ais=0)
    await fake.click(bot, server.ana, lobby, button_id(lobby, ":start"))
    await fake.settle()
    first = live_here(bot, server)
    assert first is not None
    for _ in range(200):
        if first.id not in bot.runtime.service.matches:
            break
        await play_roll(server, bot, first)
    ended = (await bot.runtime.store.load(first.id)).record
    checked = verify(ended)
    assert checked.verdict is Verdict.FAIR and checked.rolls > 10

    results = next(
        m
        for m in reversed(fake.channel_messages(server.channel))
        if any((c.custom_id or "").endswith(":rematch") for c in m.interactive())
    )
    offer = await fake.click(bot, server.ana, results, button_id(results, ":rematch"))
    assert offer.message is not None
    shown = offer.message.text.rsplit("\n", 1)[1]
    short = shown.split("`")[1].rstrip("…")
    assert shown.startswith("🔒 Dice sealed: `") and len(short) == 16
    accept = await fake.click(bot, server.bo, offer.message, button_id(offer.message, ":accept"))
    await fake.settle()
    again = live_here(bot, server)
    assert again is not None and again.id != first.id
    fair = (await bot.runtime.store.load(again.id)).record.fair
    assert fair is not None and fair.commitment.startswith(short)
    assert fair.origin is Origin.CLICK and fair.mixed == str(accept.interaction.id)
    assert ended.fair is not None and fair.seed != ended.fair.seed
    await fake.disconnect(bot)


def test_a_lobby_keeps_its_secret_and_shows_only_its_commitment() -> None:
    kept = {"names": {"1": "Ana"}, LOBBY_KEY: lobby_secret(7)}
    secret = secret_of(kept)
    assert secret is not None and secret.subject == "lobby-7"
    assert len(secret.seed) == len(secret.salt) == 32 and secret.seed != secret.salt
    assert public_options(kept) == {"names": {"1": "Ana"}, "commitment": secret.commitment}
    assert secret_of({}) is None and public_options({}) == {}  # a lobby older than commitments
    broken = {LOBBY_KEY: {**kept[LOBBY_KEY], "seed": "not hex"}}
    assert secret_of(broken) is None and public_options(broken) == {}
    fair = started_by_click(kept, "42")
    assert fair is not None and fair.commitment == secret.commitment and fair.mixed == "42"
    assert started_by_click({}, "42") is None
