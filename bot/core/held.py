"""Timed clicks kept through a database outage, so that no tanker turn is decided by the bot's
own fault (docs/tanker-clock.md "When the database can't take a click").

A click that carries a Discord stamp (Kero's Roll, Re-roll, Stop, a live throw…) and could not
be stored — the database refused it, or had not answered within Discord's 3 s — is kept on its
match (`LiveMatch.held`) and in a small local journal, and the member is told it counts as soon
as the database is back. Once it answers, the kept clicks are applied in click order with their
own stamps before anything the bot does by itself (the tank's deadline waits for them), and the
wait is given back to the tank (`GameRules.held_up`). The journal brings them back after a
restart; a click is stored once whichever way it arrives (its interaction id).
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

from bot.core.after import AfterStep
from bot.core.live import HeldClick, LiveMatch
from bot.core.outages import store_outage
from bot.core.refusals import Refused
from bot.core.service import MatchService
from bot.core.store_watch import StoreWatch
from games.common.errors import ActionParseError
from storage import StorageError

log = logging.getLogger(__name__)

JOURNAL_NAME: Final = "held-clicks.jsonl"
"""The journal's file name, beside the SQLite database (or where `tablero run` keeps data)."""


class HeldClicks:
    """Keeps timed clicks the database could not take, and applies them once it answers."""

    def __init__(
        self,
        service: MatchService,
        after: AfterStep,
        watch: StoreWatch,
        now_ms: Callable[[], int],
        journal: Path | None,
    ) -> None:
        self._service = service
        self._after = after
        self._watch = watch
        self._now_ms = now_ms
        """Discord's time now (the moment a kept click is applied)."""
        self._journal = journal
        """Where kept clicks survive a restart (None: in memory only)."""

    def holding(self, match_id: int, user_id: str, version: int) -> bool:
        """Whether the member already has a click kept at this version of the match (a retry
        is not kept twice: once the first is applied, the message has moved on)."""
        live = self._service.matches.get(match_id)
        return live is not None and any(
            c.user_id == user_id and c.version == version for c in live.held
        )

    def hold(self, click: HeldClick) -> bool:
        """Keep a click for when the database is back; False when its match is not open here
        (nothing to keep it for)."""
        live = self._service.matches.get(click.match_id)
        if live is None or not live.open:
            return False
        live.held.append(click)
        live.held.sort(key=lambda c: c.action.at or 0)
        self._write({"held": _row(click)})
        log.info("match %s: a click (%s) is kept until the database answers", live.id, click.action)
        return True

    async def replay(self) -> None:
        """The database answers again: apply every kept click, match by match, in click order."""
        for live in [m for m in self._service.matches.values() if m.held]:
            if not await self._replay(live):
                return  # down again: the rest waits for the next return
        if not any(m.held for m in self._service.matches.values()):
            self._clear()

    async def _replay(self, live: LiveMatch) -> bool:
        """Apply the match's kept clicks; False when the database failed again."""
        while live.held:
            click = live.held[0]
            try:
                played = await self._service.act(
                    live.id,
                    click.user_id,
                    click.version,
                    click.action,
                    interaction=click.interaction,
                    at=click.action.at,
                    clicked=click.place,
                )
            except Refused as refusal:  # moved on, already counted, no longer playing…
                log.info("match %s: a kept click no longer applies (%s)", live.id, refusal.key)
            except Exception as error:
                if not (isinstance(error, StorageError) or store_outage(error)):
                    log.exception("match %s: a kept click could not be applied", live.id)
                else:
                    self._watch.failed(error)
                    return False
            else:
                self._after.deadline_done(live, played)
                await self.give_back(live, click.action.at or 0)
            live.held.remove(click)
            self._write({"done": click.interaction})
        self._after.deadline_done(live, None)  # its deadline may run now
        return True

    async def give_back(self, live: LiveMatch, clicked_ms: int) -> None:
        """The wait a timed click clicked at `clicked_ms` (Discord's time) was held up for,
        given back to its player's clock (Kero's tank) and delivered: a kept click once it is
        applied, and one stored after its member was told to wait (`bot.ui.patience`)."""
        owed = live.rules.held_up(live, clicked_ms, self._now_ms())
        played = await self._service.system_steps(live.id, owed) if owed else None
        if played is not None:
            self._after.deadline_done(live, played)

    def restore(self) -> None:
        """Start-up: take back the clicks the journal still keeps (applied once the bot is
        ready, like after an outage; one stored meanwhile is not stored twice)."""
        for row in self._pending():
            click = self._click_of(row)
            if click is not None:
                self._service.matches[click.match_id].held.append(click)
        self._clear()
        for live in self._service.matches.values():  # written again: only what is still kept
            live.held.sort(key=lambda c: c.action.at or 0)
            for click in live.held:
                self._write({"held": _row(click)})

    def _click_of(self, row: dict[str, Any]) -> HeldClick | None:
        """A journal line as a kept click of a match open here (None: its match is not, or the
        line can't be read — logged)."""
        try:
            live = self._service.matches.get(int(row["match"]))
            if live is None:
                return None
            action = live.spec.parse_action(str(row["action"]))
            place = (row["guild"], row["channel"])
            return HeldClick(
                live.id, str(row["user"]), int(row["version"]), action, row["id"], place
            )
        except (ActionParseError, KeyError, ValueError, TypeError):
            log.warning("the journal of kept clicks has a line that can't be read: %r", row)
            return None

    def _pending(self) -> Iterator[dict[str, Any]]:
        """The journal's kept clicks not yet marked done."""
        if self._journal is None or not self._journal.exists():
            return
        kept: dict[str, dict[str, Any]] = {}
        for line in self._journal.read_text(encoding="utf-8").splitlines():
            with contextlib.suppress(ValueError, KeyError, TypeError, AttributeError):
                entry = json.loads(line)
                if "held" in entry:
                    kept[str(entry["held"]["id"])] = entry["held"]
                else:
                    kept.pop(str(entry["done"]), None)
        yield from kept.values()

    def _write(self, entry: dict[str, Any]) -> None:
        """One line of the journal, flushed to the disk before the member is answered."""
        if self._journal is None:
            return
        try:
            with self._journal.open("a", encoding="utf-8") as journal:
                journal.write(json.dumps(entry) + "\n")
        except OSError as error:
            log.error("the journal of kept clicks can't be written (%s): memory only", error)

    def _clear(self) -> None:
        if self._journal is not None:
            with contextlib.suppress(OSError):
                self._journal.unlink(missing_ok=True)


def _row(click: HeldClick) -> dict[str, Any]:
    guild, channel = click.place
    return {
        "id": click.interaction,
        "match": click.match_id,
        "user": click.user_id,
        "version": click.version,
        "action": click.action.to_text(),
        "guild": guild,
        "channel": channel,
    }
