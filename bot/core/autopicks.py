"""Which seats' choices without alternative the bot makes (`/settings me autopick:on`): read
from the members' settings when a match starts and after start-up's rebuild, and changed in
this process's open matches when a member changes the setting. A match run by another process
follows it from that process's next start (members' settings are not pushed between processes).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.core.computer import is_computer
from bot.core.live import LiveMatch
from bot.core.settings import Settings
from games.common.protocol import Seat
from games.records import Player


class Autopicks:
    """Members' `autopick` as the seats of their matches."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings

    async def seats(self, players: Sequence[Player]) -> set[Seat]:
        """The seats of a new match whose member turned `autopick` on."""
        return await self._seats(players, {})

    async def restore(self, matches: Iterable[LiveMatch]) -> None:
        """The rebuilt open matches' seats, each member's settings read once."""
        read: dict[str, bool] = {}
        for live in matches:
            live.autopick = await self._seats(live.players, read)

    @staticmethod
    def changed(matches: Iterable[LiveMatch], user_id: str, on: bool) -> None:
        """A member changed `autopick`: their open matches here follow it from the next step."""
        for live in matches:
            seat = live.seat_of(user_id)
            if seat is not None:
                (live.autopick.add if on else live.autopick.discard)(seat)

    async def _seats(self, players: Sequence[Player], read: dict[str, bool]) -> set[Seat]:
        seats = set()
        for seat, player in enumerate(players):
            if is_computer(player.id):
                continue
            if player.id not in read:
                read[player.id] = (await self._settings.member(player.id)).autopick
            if read[player.id]:
                seats.add(seat)
        return seats
