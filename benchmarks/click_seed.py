"""The matches of `benchmarks.clicks`, stored before the bot starts, one per channel, 100
channels to a server, each owing its message (the bot posts them at start-up): 4-player Keer op
Keer Kids matches 1-6 rolls in, waiting at one of six places of a roll, and — one played match
in `kero_every` — Kero matches between two members waiting for their first Roll."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from benchmarks.click_players import NAMES, Table
from benchmarks.kero_players import KERO, kero_log, kero_state
from benchmarks.storage import midgame_entries
from fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from games.keer_kids import HeuristicAI, new_match, parse_action
from games.records import Entry, Player
from storage import NewMatch, SqliteStore, Store

KEER: Final = "keer-kids"
PER_GUILD: Final = 100
"""Open matches (channels) per server: Discord allows 500 channels in one."""
ROLLS: Final = 6
"""The stored Keer matches are 1 to this many rolls in (one lasts about 22 rolls)."""
POSITIONS: Final = 6
"""Where in its roll a stored match waits: the keep, 1-4 seats' picks made, the next roll."""
LOGS: Final = ROLLS * POSITIONS
"""Distinct stored logs per game the matches cycle through."""


def stored_log(number: int) -> list[Entry]:
    """The actions of a 4-player match of computer play, 1 to `ROLLS` rolls in and stopped
    at one of `POSITIONS` places of its roll, so that the matches a phase clicks on are spread
    over their rolls as a server's are, not all waiting for the same click."""
    rolls, position = 1 + number % ROLLS, number // ROLLS % POSITIONS
    state = new_match(4)
    for entry in midgame_entries(f"clicks/{number}", rolls):  # waits for its keep
        state.apply(entry.seat, parse_action(entry.action))
    ai = HeuristicAI()
    for _ in range(position):
        seat = state.seats_to_act()[0]
        state.apply(seat, ai.choose(state, seat))
    return [Entry(seat, action.to_text()) for seat, action in state.history]


def played(tables: list[Table], active: int) -> list[Table]:
    """The matches clicked on: `active` of them, spread over the servers (the others stay open,
    waiting, as most of a large server's async matches do)."""
    return tables[:: max(1, len(tables) // active)][:active]


def game_of(number: int, matches: int, active: int, kero_every: int) -> str:
    """Which game the match is: one in `kero_every` of the played ones is Kero (and of the
    others); none when `kero_every` is 0."""
    stride = max(1, matches // active)
    slot, off = divmod(number, stride)
    place = slot if off == 0 and slot < active else number
    return KERO if kero_every and place % kero_every == kero_every - 1 else KEER


async def seed(
    path: Path, fake: FakeDiscord, matches: int, active: int, kero_every: int
) -> list[Table]:
    """`matches` open matches in a fresh SQLite file, and their channels in the double."""
    logs = {KEER: [stored_log(i) for i in range(LOGS)], KERO: [kero_log(i) for i in range(LOGS)]}
    servers = [_server(fake, n) for n in range(-(-matches // PER_GUILD))]
    store = await SqliteStore.open(path)
    try:
        tables = []
        for i in range(matches):
            game = game_of(i, matches, active, kero_every)
            entries = logs[game][i % LOGS]
            server = servers[i // PER_GUILD]
            tables.append(await _table(store, fake, server, i, game=game, entries=entries))
        return tables
    finally:
        await store.close()


def _server(fake: FakeDiscord, number: int) -> tuple[FakeGuild, tuple[FakeUser, ...]]:
    """A server and the four members who play its matches."""
    guild = fake.add_guild(f"Server {number}")
    return guild, tuple(fake.add_member(guild, name) for name in NAMES)


async def _table(
    store: Store,
    fake: FakeDiscord,
    server: tuple[FakeGuild, tuple[FakeUser, ...]],
    number: int,
    *,
    game: str,
    entries: list[Entry],
) -> Table:
    guild, members = server
    seats = members[:2] if game == KERO else members
    players = tuple(Player(str(u.id), u.name) for u in seats)
    channel, match_id = await stored_in_channel(
        store, fake, guild, players=players, number=number, entries=entries, game=game
    )
    state = kero_state() if game == KERO else new_match(4)
    return Table(number, channel, match_id, seats, game, state)


async def stored_in_channel(
    store: Store,
    fake: FakeDiscord,
    guild: FakeGuild,
    *,
    players: tuple[Player, ...],
    number: int,
    entries: list[Entry],
    game: str = KEER,
) -> tuple[FakeChannel, int]:
    """Channel `table-NUMBER` of the server, and a match stored in it with `entries`, owing
    its message: the channel and the match's id."""
    channel = fake.add_channel(guild, f"table-{number}")
    seed = f"{guild.id}/{number}"
    new = NewMatch(game, players, seed, {}, str(guild.id), str(channel.id))
    match_id = await store.create_match(new)
    await store.append(match_id, 0, entries)
    return channel, match_id
