"""Rows in and out: database rows mapped to records, records to query arguments, and values the
schema does not know refused before anything is written (a corrupt row never crashes a caller)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.fairness import Fairness, FairnessError
from games.records import Entry, MatchRecord, Player
from ratings.history import RatingChange
from storage.errors import StorageError
from storage.records import (
    LOBBY_KINDS,
    LOBBY_STATUSES,
    MATCH_STATUSES,
    OWED_KINDS,
    SEAT_DEPARTURES,
    AwaySpan,
    BoardRow,
    Deadline,
    LoadedMatches,
    Lobby,
    NewMatch,
    Owed,
    PlayerResult,
    Rating,
    Result,
    SettingValue,
    StoredMatch,
)


def stored_match(row: Any, seats: Sequence[Any], events: Sequence[Any]) -> StoredMatch:
    """A StoredMatch from positional rows: MATCH_COLUMNS, (seat, player_id, name, departed), and
    (seat, action, at, interaction_id) in order. A corrupt row raises StorageError."""
    match_id = int(row[0])
    record = MatchRecord(
        game=row[1],
        players=tuple(Player(str(s[1]), str(s[2])) for s in seats),
        entries=tuple(
            Entry(int(e[0]), str(e[1]), e[2], None if e[3] is None else str(e[3])) for e in events
        ),
        options=decode_json(row[2], f"match {match_id}: options"),
        seed=row[3],
        fair=_fairness(match_id, row[12]),
    )
    departed = {int(s[0]): str(s[3]) for s in seats if s[3] is not None}
    return StoredMatch(
        match_id,
        row[4],
        int(row[5]),
        record,
        row[6],
        row[7],
        row[8],
        row[9],
        departed,
        rated=bool(row[10]),
        finished_at=None if row[4] == "open" else int(row[11]),
        updated_at=int(row[11]),
    )


def _fairness(match_id: int, text: str | None) -> Fairness | None:
    """A match's stored commitment (None before commitments); a corrupt one is a StorageError."""
    if text is None:
        return None
    try:
        return Fairness.from_json(decode_json(text, f"match {match_id}: fair"))
    except FairnessError as exc:
        raise StorageError(f"match {match_id}: {exc}") from None


def fair_json(match: NewMatch) -> str | None:
    """A new match's commitment as the `fair` column keeps it."""
    return None if match.fair is None else json.dumps(match.fair.to_json())


def stored_matches(
    rows: Sequence[Any], seats: Sequence[Any], events: Sequence[Any]
) -> list[StoredMatch]:
    """StoredMatches from FINISHED_MATCHES, FINISHED_SEATS and FINISHED_EVENTS rows (seat and
    event rows lead with their match id), in the order of `rows`."""
    seats_of, events_of = _by_match(seats), _by_match(events)
    return [
        stored_match(r, seats_of.get(int(r[0]), []), events_of.get(int(r[0]), [])) for r in rows
    ]


def loaded_matches(
    match_ids: Sequence[int], rows: Sequence[Any], seats: Sequence[Any], events: Sequence[Any]
) -> LoadedMatches:
    """`stored_matches` for the matches asked for by id (LOADED_MATCHES, LOADED_SEATS,
    LOADED_EVENTS rows): a corrupt match, or one not found, is a problem, not an error."""
    seats_of, events_of = _by_match(seats), _by_match(events)
    matches: dict[int, StoredMatch] = {}
    problems: dict[int, str] = {}
    for row in rows:
        match_id = int(row[0])
        try:
            matches[match_id] = stored_match(
                row, seats_of.get(match_id, []), events_of.get(match_id, [])
            )
        except StorageError as exc:
            problems[match_id] = str(exc)
    for match_id in match_ids:
        if match_id not in matches and match_id not in problems:
            problems[match_id] = f"no match {match_id}"
    return LoadedMatches(matches, problems)


def _by_match(rows: Sequence[Any]) -> dict[int, list[Any]]:
    """Rows that lead with their match id, grouped by it (the id left out), in order."""
    grouped: dict[int, list[Any]] = {}
    for row in rows:
        grouped.setdefault(int(row[0]), []).append(tuple(row)[1:])
    return grouped


def rating_rows(ratings: Sequence[Rating], now: int) -> list[tuple[Any, ...]]:
    """The arguments of RATING_UPSERT for each rating."""
    return [(r.guild_id, r.game, r.player_id, r.mu, r.sigma, r.games, now) for r in ratings]


def changes_of(match_id: int, ratings: Sequence[Rating], at: int) -> list[RatingChange]:
    """The history rows of ratings set by one match at `at`."""
    return [
        RatingChange(match_id, r.guild_id, r.game, r.player_id, r.mu, r.sigma, at) for r in ratings
    ]


def history_rows(changes: Sequence[RatingChange]) -> list[tuple[Any, ...]]:
    """The arguments of HISTORY_INSERT for each change."""
    return [(c.match_id, c.guild_id, c.game, c.player_id, c.mu, c.sigma, c.at) for c in changes]


def result_rows(match_id: int, results: Sequence[Result]) -> list[tuple[Any, ...]]:
    """The arguments of RESULT_INSERT; a StorageError for a place below 1 or an unknown
    departure (checked before anything is written)."""
    for r in results:
        if r.place < 1:
            raise StorageError(f"match {match_id}: seat {r.seat} has place {r.place}, not >= 1")
        if r.departed is not None:
            check_departure(r.departed)
    return [(match_id, r.seat, r.player_id, r.place, r.score, r.departed) for r in results]


def storage_integrity_error(exc: Exception, what: str) -> StorageError:
    """A constraint the database refused, as a StorageError saying what was being written."""
    return StorageError(f"{what} refused by the database: {exc}")


def rating_change_from_row(row: Any) -> RatingChange:
    """A RatingChange from a RATING_HISTORY row."""
    return RatingChange(
        int(row[0]), row[1], row[2], row[3], float(row[4]), float(row[5]), int(row[6])
    )


def guilds_where(rows: Sequence[Any], key: str) -> list[str]:
    """The guild ids whose settings set `key` to true (a corrupt row counts as not set)."""
    return [guild for guild, value in guild_values(rows, key).items() if value is True]


def guild_values(rows: Sequence[Any], key: str) -> dict[str, Any]:
    """Each guild's value of `key`, for the guilds whose settings have it (a corrupt row counts
    as not set)."""
    found = {}
    for row in rows:
        try:
            settings = settings_from_row(row[1], f"guild {row[0]}: settings")
        except StorageError:
            continue
        if key in settings:
            found[str(row[0])] = settings[key]
    return found


def board_row_from_row(row: Any) -> BoardRow:
    """A BoardRow from a leaderboard_query row."""
    return BoardRow(row[0], row[1], float(row[2]), float(row[3]), int(row[4]), row[5])


def player_result_from_row(row: Any) -> PlayerResult:
    """A PlayerResult from a player_results_query row."""
    return PlayerResult(
        match_id=int(row[0]),
        game=row[1],
        guild_id=row[2],
        status=row[3],
        finished_at=int(row[4]),
        place=int(row[5]),
        players=int(row[6]),
        departed=row[7],
        rated=bool(row[8]),
    )


def decode_json(text: str, what: str) -> Any:
    """JSON from a row, or a StorageError naming the row (a corrupt row never crashes)."""
    try:
        return json.loads(text)
    except (TypeError, json.JSONDecodeError) as exc:
        raise StorageError(f"{what} is not valid JSON ({exc})") from None


def check_match_status(status: str) -> None:
    """Refuse a match status the schema does not know."""
    if status not in MATCH_STATUSES:
        raise StorageError(f"status must be one of {', '.join(MATCH_STATUSES)}, not {status!r}")


def check_departure(how: str) -> None:
    """Refuse a way of leaving a match that the schema does not know."""
    if how not in SEAT_DEPARTURES:
        raise StorageError(f"a departure is one of {', '.join(SEAT_DEPARTURES)}, not {how!r}")


def check_lobby(lobby: Lobby) -> None:
    """Refuse a lobby kind or status the schema does not know."""
    if lobby.kind not in LOBBY_KINDS:
        known = ", ".join(LOBBY_KINDS)
        raise StorageError(f"a lobby's kind is one of {known}, not {lobby.kind!r}")
    if lobby.status not in LOBBY_STATUSES:
        raise StorageError(
            f"a lobby's status is one of {', '.join(LOBBY_STATUSES)}, not {lobby.status!r}"
        )


def lobby_from_row(row: Any) -> Lobby:
    """A Lobby from a row of LOBBY_SELECT (SQLite tuple or asyncpg record)."""
    where = f"lobby {row[0]}"
    return Lobby(
        id=int(row[0]),
        kind=row[1],
        game=row[2],
        options=decode_json(row[3], f"{where}: options"),
        host_id=row[4],
        members=tuple(decode_json(row[5], f"{where}: members")),
        expires_at=int(row[6]),
        status=row[7],
        guild_id=row[8],
        channel_id=row[9],
        message_id=row[10],
    )


def away_span_from_row(row: Any) -> AwaySpan:
    """An AwaySpan from a row of AWAY_SELECT (SQLite tuple or asyncpg record)."""
    return AwaySpan(str(row[0]), str(row[1]), int(row[2]), int(row[3]))


def deadline_from_row(row: Any) -> Deadline:
    """A Deadline from a row of DEADLINE_SELECT (SQLite tuple or asyncpg record); a corrupt
    payload raises StorageError."""
    payload = decode_json(row[3], f"match {row[0]}: deadline {row[1]}")
    return Deadline(int(row[0]), row[1], int(row[2]), payload)


def owed_row(owed: Owed) -> tuple[int, str, int, int | None, int]:
    """The arguments of OWE; an unknown kind is refused before anything is written."""
    if owed.kind not in OWED_KINDS:
        raise StorageError(f"an owed message is one of {', '.join(OWED_KINDS)}, not {owed.kind!r}")
    return owed.match_id, owed.kind, owed.version, owed.step_key, owed.since_ms


def owed_from_row(row: Any) -> Owed:
    """An Owed from a row of OPEN_OWED."""
    step_key = None if row[3] is None else int(row[3])
    return Owed(int(row[0]), row[1], int(row[2]), step_key, int(row[4]))


def settings_from_row(text: str | None, what: str) -> dict[str, Any]:
    """Settings read from a row: {} when there is no row; a StorageError naming the row when its
    text is not a JSON object."""
    if text is None:
        return {}
    settings = decode_json(text, what)
    if not isinstance(settings, dict):
        raise StorageError(f"{what} is not a JSON object")
    return settings


def settings_to_json(settings: Mapping[str, Any], what: str) -> str:
    """Settings as the JSON text stored; a StorageError when they are not a JSON object."""
    if not isinstance(settings, Mapping):
        raise StorageError(f"{what} must be a mapping, not {type(settings).__name__}")
    try:
        return json.dumps(dict(settings))
    except (TypeError, ValueError) as exc:
        raise StorageError(f"{what} cannot be stored as JSON ({exc})") from None


SETTING_INT_LIMIT = 1 << 63
"""A setting's number fits a signed 64-bit integer (-limit ≤ n < limit): both databases' JSON
keep it exactly."""


@dataclass(frozen=True, slots=True)
class SettingsPatch:
    """Checked changes to one row's settings: the keys set, and the keys removed."""

    values: dict[str, SettingValue]
    removed: tuple[str, ...]

    def merge_patch(self) -> str:
        """RFC 7396 merge patch (a removed key is null): what SQLite's json_patch merges."""
        return json.dumps({**self.values, **dict.fromkeys(self.removed)})

    def values_json(self) -> str:
        """The keys set, as a JSON object (PostgreSQL removes `removed` apart)."""
        return json.dumps(self.values)


def settings_patch(changes: Mapping[str, SettingValue | None], what: str) -> SettingsPatch:
    """Changes checked before any SQL runs: a ValueError naming the first that is not a non-empty
    key with a bool, an int (64-bit) or a str (UTF-8, no NUL), or None to remove the key."""
    if not isinstance(changes, Mapping):
        raise ValueError(f"{what}: changes must be a mapping, not {type(changes).__name__}")
    values: dict[str, SettingValue] = {}
    removed: list[str] = []
    for key, value in changes.items():
        if not isinstance(key, str) or not key or not _storable_text(key):
            raise ValueError(f"{what}: {key!r} is not a setting's name")
        if value is None:
            removed.append(key)
        elif _storable_value(value):
            values[key] = value
        else:
            raise ValueError(
                f"{what}: {key} must be a bool, an int or a str (None removes it), not {value!r}"
            )
    return SettingsPatch(values, tuple(removed))


def _storable_value(value: object) -> bool:
    """A flat JSON scalar both databases merge alike (a bool is checked before int: it is one)."""
    if isinstance(value, bool):
        return True
    if isinstance(value, int):
        return -SETTING_INT_LIMIT <= value < SETTING_INT_LIMIT
    return isinstance(value, str) and _storable_text(value)


def _storable_text(text: str) -> bool:
    """Text both databases keep as given: PostgreSQL's jsonb refuses NUL and lone surrogates."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def settings_not_merged(text: str | None, what: str, detail: str) -> StorageError:
    """Why an update left a row alone: the row as `settings_from_row` refuses it (not valid JSON,
    not a JSON object), else `detail` (the database's own reason)."""
    try:
        settings_from_row(text, what)
    except StorageError as error:
        return error
    return StorageError(f"{what} could not be updated ({detail})")
