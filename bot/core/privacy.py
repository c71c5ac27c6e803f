"""A member's data theirs (docs/privacy.md): `/privacy export` gathers every row the bot keeps
about a member into one zip; `/privacy delete` renames their seats, results and ratings to one
random pseudonym and removes the rest, and the process that runs each match they still sit in
resigns their seat there; a server the bot was removed from is forgotten `PURGE_DAYS` later."""

from __future__ import annotations

import io
import json
import logging
import secrets
import zipfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Final

from bot.core.fairness import public_options
from bot.core.live import LiveMatch, Played
from bot.core.refusals import Refused
from bot.core.service import MatchService
from bot.core.settings import Settings
from games.records import GONE_PREFIX, Player
from storage import Forgotten, Lobby, StorageError, Store

log = logging.getLogger(__name__)

PURGE_DAYS: Final = 30
"""Days after the bot is removed from a server before everything of it is removed (added back
within them, nothing is)."""
DAY_MS: Final = 86_400_000
EXPORT_LIMIT: Final = 8 * 1024 * 1024
"""The most an export file may weigh: under Discord's 10 MiB for a bot's upload in any server,
with room for the message around it."""
DATA_FILE: Final = "tablero-data.json"


def new_pseudonym() -> str:
    """A deleted member's seat id: random (64 bits), linked to them nowhere."""
    return GONE_PREFIX + secrets.token_hex(8)


@dataclass(frozen=True, slots=True)
class Export:
    """A member's data as one zip; how many finished matches' records it holds, and how many
    were left out (the oldest) to stay under the upload limit."""

    data: bytes
    records: int
    left_out: int


async def export_member(store: Store, settings: Settings, user_id: str, now_ms: int) -> Export:
    """Every row kept about the member, and the records of the matches they finished; an open
    match is listed without its record (its seed would tell the dice to come)."""
    seats = await store.member_seats(user_id)
    data = {
        "user_id": user_id,
        "exported_at_ms": now_ms,
        "settings": await settings.member_as_stored(user_id),
        "global_board": "hidden" if await store.hidden_from_board(user_id) else "shown",
        "away": [asdict(span) for span in await store.away_spans(0, user_id)],
        "ratings": [asdict(rating) for rating in await store.member_ratings(user_id)],
        "rating_history": [asdict(change) for change in await store.member_history(user_id)],
        "matches": [asdict(seat) for seat in seats],
        "lobbies": [_lobby(lobby) for lobby in await store.member_lobbies(user_id)],
    }
    closed = [seat.match_id for seat in seats if seat.status != "open"]
    records = {match_id: await _record_text(store, match_id) for match_id in closed}
    return _zipped(data, records)


async def _record_text(store: Store, match_id: int) -> str:
    return (await store.load(match_id)).record.dumps()


def _lobby(lobby: Lobby) -> dict[str, Any]:
    out = asdict(lobby)
    out["members"] = list(lobby.members)
    out["options"] = public_options(lobby.options)  # an open lobby's secret fixes its dice
    return out


def _zipped(data: dict[str, Any], records: dict[int, str]) -> Export:
    """The zip, leaving out the oldest records until it fits under EXPORT_LIMIT."""
    kept = sorted(records)
    while True:
        packed = _pack(data, {match_id: records[match_id] for match_id in kept})
        if len(packed) <= EXPORT_LIMIT or not kept:
            return Export(packed, len(kept), len(records) - len(kept))
        kept = kept[max(1, len(kept) // 4) :]


def _pack(data: dict[str, Any], records: dict[int, str]) -> bytes:
    buffer = io.BytesIO()
    shown = dict(data, records=[f"records/match-{match_id}.json" for match_id in records])
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as packed:
        packed.writestr(DATA_FILE, json.dumps(shown, ensure_ascii=False, indent=2))
        for match_id, text in records.items():
            packed.writestr(f"records/match-{match_id}.json", text)
    return buffer.getvalue()


@dataclass(frozen=True, slots=True)
class Departure:
    """A deleted member's seat resigned in a match this process runs: what the resignation
    stored, or None when it ended the match."""

    live: LiveMatch
    played: Played | None


class Forgetting:
    """Deletes a member's data, resigns the seats it left in this process's matches, and
    forgets the servers the bot left."""

    def __init__(
        self,
        store: Store,
        service: MatchService,
        now_ms: Callable[[], int],
        *,
        settings: Settings,
    ) -> None:
        self._store = store
        self._service = service
        self._now_ms = now_ms
        self._settings = settings
        """What this process keeps of members' settings: it goes with their data."""

    async def forget(self, user_id: str) -> Forgotten:
        """Rename and remove the member's data in one transaction (StorageError: nothing), and
        the settings this process kept of them."""
        try:
            forgotten = await self._store.forget_member(user_id, new_pseudonym())
        finally:  # a failed transaction may still have been committed
            self._settings.forgotten(user_id)
        log.info(
            "a member's data was deleted: %d seats (%d open), %d ratings, %d lobbies",
            forgotten.seats,
            forgotten.open_seats,
            forgotten.ratings,
            forgotten.lobbies,
        )
        return forgotten

    async def settle(self) -> list[Departure]:
        """Resign every seat of a deleted member in the open matches this process runs (the
        others' processes do theirs)."""
        departures = []
        for match_id, seat, pseudonym in await self._store.open_gone_seats():
            if match_id not in self._service.matches:
                continue
            try:
                departures.append(await self._resign(match_id, seat, pseudonym))
            except Refused:
                continue  # the match moved on meanwhile; the next round looks again
        return departures

    async def _resign(self, match_id: int, seat: int, pseudonym: str) -> Departure:
        """The seat shows the pseudonym its records now hold, then is resigned."""
        live = await self._service.get(match_id)
        async with live.lock:
            gone = Player(pseudonym, pseudonym)
            live.players = tuple(gone if s == seat else p for s, p in enumerate(live.players))
        return Departure(live, await self._service.resign(match_id, pseudonym))

    async def left_guild(self, guild_id: str) -> list[LiveMatch]:
        """The bot was removed from a server: its removal is dated (for the purge), and the
        matches this process runs there end as abandoned (nobody can reach them)."""
        await self._store.guild_left(guild_id, self._now_ms())
        ended = []
        for live in list(self._service.matches.values()):
            if live.guild_id == guild_id:
                closed = await self._service.close(live.id, "abandoned")
                if closed is not None:
                    ended.append(closed)
        return ended

    async def back_in_guild(self, guild_id: str) -> None:
        """The bot is in a server again: nothing of it is to be removed."""
        await self._store.guild_back(guild_id)

    async def purge(self) -> list[str]:
        """Remove the servers the bot left PURGE_DAYS ago or more (logged, never raised: the next
        round tries again)."""
        try:
            purged = await self._store.purge_guilds(self._now_ms() - PURGE_DAYS * DAY_MS)
        except StorageError:
            log.warning("departed servers could not be purged; next round", exc_info=True)
            return []
        for guild_id in purged:
            log.info("server %s left %d days ago: its data is removed", guild_id, PURGE_DAYS)
        return purged
