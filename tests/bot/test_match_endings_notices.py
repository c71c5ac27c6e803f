"""Every way a match ends, through Discord, one table: each ending is driven with the real bot
on the fake Discord (tests/bot/endings_driver.py), then checked for what docs/discord.md "How a
match ends" promises — the status and departures stored, each seat's place (the store and
`/history`), whose rating changed, and the notice in the channel, compared with the catalog
message rendered with the expected arguments. tests/ratings/test_match_endings.py holds the
same endings at the ratings level."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from bot.ui.names import shown
from games.records import is_gone
from tests.bot import endings_driver as drive
from tests.bot.conftest import Server, said
from tests.bot.endings_driver import Ending, Table
from words import isolate, words_for

EN = words_for("en")

Notices = Callable[[Table, dict[int, int]], list[str]]
"""The texts the channel must show once the match is over (given each seat's stored place)."""


def name(table: Table, seat: int) -> str:
    """A seat's name as the notices put it in a sentence."""
    return isolate(shown(table.live.names[seat]))


def resigned_ended(seat: int, standing: tuple[int, ...]) -> Notices:
    """`/match resign` ended the match: who resigned, and the seats still standing."""

    def notice(table: Table, places: dict[int, int]) -> list[str]:
        others = EN.join([name(table, s) for s in standing])
        text = EN(
            "match-resigned-ended",
            name=name(table, seat),
            match=table.live.id,
            others=others,
            count=len(standing),
        )
        return [text]

    return notice


def key(message: str, *, named: int | None = None, by: str | None = None) -> Notices:
    """A notice of one catalog message about the match (naming a seat or a member)."""

    def notice(table: Table, places: dict[int, int]) -> list[str]:
        who = by if by is not None else None if named is None else name(table, named)
        return [EN(message, match=table.live.id, **({} if who is None else {"name": who}))]

    return notice


def results(*before: Notices) -> Notices:
    """The results card (with the notices posted before it): the winners and every seat's
    line, by the places stored, a departed seat's line saying how it left."""

    def notice(table: Table, places: dict[int, int]) -> list[str]:
        shown_before = [text for earlier in before for text in earlier(table, places)]
        return shown_before + results_lines(table, places)

    return notice


def results_lines(table: Table, places: dict[int, int]) -> list[str]:
    """The results card's text: who won (the seats placed first), then each seat's line."""
    live, w = table.live, EN
    outcome = live.state.outcome()
    assert outcome is not None
    winners = sorted(seat for seat, place in places.items() if place == 1)
    bold = w.join([f"**{name(table, s)}**" for s in winners])
    if live.spec.name == "kero":
        lines = [w("kero-results-won", winners=bold, count=len(winners), match=live.id)]
        seat_lines = {
            s: w("kero-results-line", name=name(table, s), points=outcome.scores[s]) for s in places
        }
    else:
        lines = [w("keer-results-winners", winners=bold, count=len(winners), match=live.id)]
        seat_lines = {
            s: w(
                "keer-results-line",
                place=places[s],
                name=name(table, s),
                points=w("keer-count-point", count=outcome.scores[s]),
            )
            for s in places
        }
    for seat, line in sorted(seat_lines.items()):
        how = live.departed.get(seat)
        lines.append(line if how is None else w("match-result-departed", line=line, how=how))
    return lines


@dataclass(frozen=True)
class Outcome:
    """What one ending must come to. Seats: Ana 0, Bo 1, Cas 2; a computer from the start 1."""

    end: Ending
    status: str
    notices: Notices
    departed: dict[int, str] = field(default_factory=dict)
    rated: tuple[int, ...] = ()
    """The seats whose rating changed."""
    places: dict[int, int] | None = None
    """The places stored, where the board does not decide them (None: no result is stored);
    the seats not named place by the board among themselves."""
    by_the_board: bool = False
    """Whether the match was played to its end (the seats not in `places` ranked by it)."""


ENDINGS: dict[str, Outcome] = {
    "keer: finished": Outcome(
        drive.keer_finished, "finished", results(), rated=(0, 1, 2), places={}, by_the_board=True
    ),
    "keer: a duel ended by a resignation": Outcome(
        drive.keer_duel_resigned,
        "finished",
        resigned_ended(1, (0,)),
        {1: "resigned"},
        rated=(0, 1),
        places={0: 1, 1: 2},
    ),
    "keer: resigned, the computer played the seat out": Outcome(
        drive.keer_resigned_computer_plays_on,
        "finished",
        results(key("match-resigned-computer", named=2)),
        {2: "resigned"},
        rated=(0, 1, 2),
        places={2: 3},
        by_the_board=True,
    ),
    "keer: expelled, the computer played the seat out": Outcome(
        drive.keer_expelled_computer_plays_on,
        "finished",
        results(key("match-expelled", named=1)),
        {1: "expelled"},
        rated=(1,),
        places={0: 1, 1: 2},
        by_the_board=True,
    ),
    "keer: both gone, expelled then the other resigned": Outcome(
        drive.keer_expelled_then_resigned,
        "finished",
        resigned_ended(0, ()),
        {1: "expelled", 0: "resigned"},
        places={0: 2, 1: 2},
    ),
    "keer: abandoned": Outcome(drive.keer_abandoned, "abandoned", key("match-abandoned")),
    "keer: cancelled by vote": Outcome(
        drive.keer_cancelled_by_vote, "cancelled", key("match-cancelled-agreed")
    ),
    "keer: cancelled by a moderator": Outcome(
        drive.keer_cancelled_by_a_moderator,
        "cancelled",
        key("match-cancelled-by-moderator", by=isolate("Mod")),
    ),
    "keer: casual": Outcome(drive.keer_casual, "finished", results(), places={}, by_the_board=True),
    "keer: against the computer": Outcome(
        drive.keer_against_the_computer, "finished", results(), places={}, by_the_board=True
    ),
    "keer: resigned against the computer": Outcome(
        drive.keer_resigned_against_the_computer,
        "finished",
        resigned_ended(0, (1,)),
        {0: "resigned"},
        places={0: 2, 1: 1},
    ),
    "keer: a stand-in played the away member to the end": Outcome(
        drive.keer_stand_in_to_the_end,
        "finished",
        results(),
        rated=(0, 1),
        places={},
        by_the_board=True,
    ),
    "keer: the rolls went on without a paused away member": Outcome(
        drive.keer_paused_to_the_end,
        "finished",
        results(),
        rated=(0, 1),
        places={},
        by_the_board=True,
    ),
    "keer: resigned against a stand-in": Outcome(
        drive.keer_resigned_against_a_stand_in,
        "finished",
        resigned_ended(1, (0,)),
        {1: "resigned"},
        rated=(0, 1),
        places={0: 1, 1: 2},
    ),
    "keer: cancelled by vote, the away member asked too": Outcome(
        drive.keer_cancelled_with_a_stand_in, "cancelled", key("match-cancelled-agreed")
    ),
    "keer: a player deleted their data": Outcome(
        drive.keer_deleted_their_data,
        "finished",
        key("match-gone-ended"),
        {1: "resigned"},
        rated=(0, 1),
        places={0: 1, 1: 2},
    ),
    "kero: finished": Outcome(
        drive.kero_finished, "finished", results(), rated=(0, 1), places={}, by_the_board=True
    ),
    "kero: resigned": Outcome(
        drive.kero_resigned,
        "finished",
        resigned_ended(1, (0,)),
        {1: "resigned"},
        rated=(0, 1),
        places={0: 1, 1: 2},
    ),
    "kero: expelled, the computer played the seat out": Outcome(
        drive.kero_expelled_computer_plays_on,
        "finished",
        results(key("match-expelled", named=0)),
        {0: "expelled"},
        rated=(0,),
        places={0: 2, 1: 1},
        by_the_board=True,
    ),
    "kero: both gone, expelled then the other resigned": Outcome(
        drive.kero_expelled_then_resigned,
        "finished",
        resigned_ended(1, ()),
        {0: "expelled", 1: "resigned"},
        places={0: 2, 1: 2},
    ),
    "kero: abandoned": Outcome(drive.kero_abandoned, "abandoned", key("match-abandoned")),
    "kero: cancelled by vote": Outcome(
        drive.kero_cancelled_by_vote, "cancelled", key("match-cancelled-agreed")
    ),
    "kero: cancelled by a moderator": Outcome(
        drive.kero_cancelled_by_a_moderator,
        "cancelled",
        key("match-cancelled-by-moderator", by=isolate("Mod")),
    ),
    "kero: cancelled against the computer": Outcome(
        drive.kero_cancelled_against_the_computer,
        "cancelled",
        key("match-cancelled-by-agreement"),
    ),
    "kero: casual": Outcome(drive.kero_casual, "finished", results(), places={}, by_the_board=True),
    "kero: against the computer": Outcome(
        drive.kero_computer_to_the_end, "finished", results(), places={}, by_the_board=True
    ),
    "kero: resigned against the computer": Outcome(
        drive.kero_resigned_against_the_computer,
        "finished",
        resigned_ended(0, (1,)),
        {0: "resigned"},
        places={0: 2, 1: 1},
    ),
    "kero: a stand-in played the away member to the end": Outcome(
        drive.kero_stand_in_to_the_end,
        "finished",
        results(),
        rated=(0, 1),
        places={},
        by_the_board=True,
    ),
}


def expected_places(table: Table, outcome: Outcome) -> dict[int, int] | None:
    """Each seat's place: as the row says, the others ranked among themselves by the board."""
    if outcome.places is None:
        return None
    places = dict(outcome.places)
    if outcome.by_the_board:
        board = table.live.state.outcome()
        assert board is not None, "played to its end"
        rest = [s for s in range(len(table.live.players)) if s not in places]
        for seat in rest:
            places[seat] = 1 + sum(board.places[o] < board.places[seat] for o in rest)
    return places


@pytest.mark.parametrize("ending", ENDINGS)
async def test_every_way_a_match_ends_is_placed_rated_and_said_as_documented(
    timed_server: Server, ending: str
) -> None:
    server, outcome = timed_server, ENDINGS[ending]
    table = await outcome.end(server)
    bot, live = table.bot, table.live
    store, guild = bot.runtime.store, str(server.guild.id)
    assert drive.over(table), "the match is over"
    stored = await store.load(live.id)
    assert (stored.status, dict(stored.departed)) == (outcome.status, outcome.departed)

    places = expected_places(table, outcome)
    seats = range(len(live.players))
    found = {
        seat: [
            r for r in await store.player_results(p.id, guild, None, None) if r.match_id == live.id
        ]
        for seat, p in enumerate(stored.record.players)
    }
    if places is None:
        assert all(rows == [] for rows in found.values()), "nothing is placed"
    else:
        assert {seat: [r.place for r in found[seat]] for seat in seats} == {
            seat: [places[seat]] for seat in seats
        }
        assert all(r.departed == outcome.departed.get(s) for s in seats for r in found[s])

    rated = {r.player_id for r in await store.ratings(guild, live.spec.name)}
    assert rated == {stored.record.players[seat].id for seat in outcome.rated}

    texts = [m.text for m in server.fake.channel_messages(server.channel)]
    for notice in outcome.notices(table, places or {}):
        assert any(notice in text for text in texts), f"{notice!r} not in {texts[-3:]!r}"

    await check_history(server, table, outcome, places)
    await server.fake.disconnect(bot)


async def check_history(
    server: Server, table: Table, outcome: Outcome, places: dict[int, int] | None
) -> None:
    """Each member's `/history` says the place (and how they left), or has nothing for it."""
    members = {str(u.id): u for u in (server.ana, server.bo, server.cas)}
    for seat, player in enumerate(table.live.players):
        member = members.get(player.id)
        if member is None or is_gone(player.id):
            continue
        res = await server.fake.slash(table.bot, member, server.channel, "history")
        text = said(res)
        if places is None:
            assert text == EN("ratings-history-none", name=isolate(shown(member.name)))
            continue
        notes = [EN("ratings-history-place", place=places[seat], players=len(places))]
        if not table.live.rated:
            notes.append(EN("ratings-history-casual"))
        if seat in outcome.departed:
            notes.append(EN("ratings-history-departed", how=outcome.departed[seat]))
        assert f"— {' · '.join(notes)} ·" in text, text
