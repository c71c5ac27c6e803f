"""Property tests: any custom_id a member can click — random text, or a near miss of a real one
(wrong prefix, huge or unicode numbers, extra colons, 100 characters) — gets a clear answer
through the fake Discord: an ephemeral refusal or the component's normal answer, never an
exception, never "Something went wrong", and never a changed match."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bot.app import TableroBot
from bot.core.live import LiveMatch
from bot.games.kero.rules import kero_state
from bot.ui.answers import FAILED
from bot.ui.ids import MalformedId, MatchRef, is_ours, parse_match
from fakediscord import FakeDiscord, FakeMessage, FakeUser, InteractionResult
from games.kero.board import Phase
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import live_here, members, start_match
from tests.bot.kero_driver import KeroDriver
from words import words_for

FUZZ = settings(
    max_examples=int(os.environ.get("TABLERO_FUZZ_EXAMPLES", "100")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
"""One bot and two matches serve every example of a test (fixtures are per test)."""

PREFIXES = ["tb:", "tbs:", "tbl:", "tbr:", "tbb:", "tb", "tbs", "TB:", "tbx:", "tb::", ":", ""]
VERBS = [
    *("roll", "keep", "die", "sheet", "pick", "board", "agree", "refuse", "rematch"),
    *("skipturn", "expel", "act", "tog", "camp", "join", "leave", "ai", "start", "close"),
    *("accept", "decline", "list", "new", "help", "kero", "keer-kids", "matches", "s", "a"),
]
ARGS = [
    *("0", "1", "2", "9", "-1", "x", "1:2", "1:E3", "cross:1:E3", "mark:2", "fuel", "roll@"),
    *("stop@", "reroll:0.3@", "end", "die:green", "boss:1:yes", "7:0", "255:1", "9" * 40),
    *("٣", "１", "1.5", "@", ":", "::", "a" * 60),
]


@dataclass
class Table:
    """The bot with a Keer match (Ana rolls first, Bo) and a Kero match (Ana and Cas)."""

    server: Server
    bot: TableroBot
    keer: LiveMatch
    kero: LiveMatch
    kero_waiting: FakeUser
    """The Kero player whose turn it is not."""
    seeds: list[str] = field(default_factory=list)
    """Real custom_ids to mutate, fixed once (a strategy must not depend on changing state)."""

    def __repr__(self) -> str:
        """Short, for hypothesis's reports."""
        return f"Table(keer=#{self.keer.id}, kero=#{self.kero.id})"

    def matches(self) -> list[LiveMatch]:
        """Both matches."""
        return [self.keer, self.kero]

    def versions(self) -> list[int]:
        """Each match's live version."""
        return [live.state.version for live in self.matches()]

    async def stored_versions(self) -> list[int]:
        """Each match's stored version."""
        return [(await self.bot.runtime.store.load(live.id)).version for live in self.matches()]

    def message(self, live: LiveMatch) -> FakeMessage:
        """The match's current message."""
        return self.server.fake.message(int(live.message_id or 0))

    def real_ids(self) -> set[str]:
        """Every custom_id on the matches' current messages."""
        found = set()
        for live in self.matches():
            found |= {str(c.custom_id) for c in self.message(live).interactive()}
        return found

    def offered(self, custom_id: str) -> bool:
        """Whether the id is one of the current messages' or means the same: the match, a
        current version and a verb the message offers (a roll's id with an argument added is
        still a roll: the member may do what it does)."""
        if custom_id in self.real_ids():
            return True
        ref = _ref(custom_id)
        real = [_ref(c) for c in self.real_ids()]
        return ref is not None and any(
            r is not None
            and (r.match_id, r.version, r.verb) == (ref.match_id, ref.version, ref.verb)
            for r in real
        )


@pytest.fixture
async def table(server: Server, bot: TableroBot) -> AsyncIterator[Table]:
    """Both matches started; the Kero player whose turn it is not has nothing to play, so no
    click of theirs may change it."""
    server.fake.response_timeout = 10.0
    keer = await start_match(server, bot, [server.bo], ais=0)
    fake = server.fake
    kero_channel = fake.add_channel(server.guild, "kero")
    res = await fake.slash(bot, server.ana, kero_channel, "kero challenge", member=server.cas)
    await fake.click(bot, server.cas, res.message, "Accept")
    await fake.settle()
    kero = live_here(bot, server, kero_channel.id)
    assert kero is not None
    waiting = 1 - kero.state.active  # type: ignore[attr-defined]
    assert list(kero.state.legal_actions(waiting)) == []
    user = members(server)[kero.players[waiting].id]
    made = Table(server, bot, keer, kero, user)
    made.seeds = seeds(made)
    yield made


def _ref(custom_id: str) -> MatchRef | None:
    """A match component's reference, if the id parses as one."""
    prefix, _, body = custom_id.partition(":")
    if prefix not in ("tb", "tbs"):
        return None
    try:
        return parse_match(body)
    except MalformedId:
        return None


def numbers(table: Table) -> st.SearchStrategy[str]:
    """Match ids and versions: real ones, their neighbours, huge, negative, unicode digits."""
    version = max(table.versions())
    real = [str(n) for n in (table.keer.id, table.kero.id, version)]
    near = [str(n) for n in (version - 1, version + 1, 0, -1, 10**18 - 1, 10**18, 2**63)]
    odd = ["٣", "１２", "1e3", " 1", "01", "", "9" * 30]
    return st.one_of(st.sampled_from(real + near + odd), st.integers(-(10**20), 10**40).map(str))


def seeds(table: Table) -> list[str]:
    """Real custom_ids: those on the matches' messages and one of every other kind."""
    keer, kero, version = table.keer.id, table.kero.id, table.keer.state.version
    made = [
        *("tbr:help:0", "tbr:kero:1", "tbr:keer-kids:0:new", "tbr:matches:0:list"),
        *("tbb:kero:s:a:0", "tbb:keer-kids:g:w:3", "tbl:1:join", f"tbl:{keer}:accept"),
        *(f"tb:{keer}:{version}:skipturn:1", f"tb:{keer}:{version}:expel:0"),
        *(f"tb:{keer}:{version}:die:2", f"tbs:{keer}:{version}:pick:0", f"tb:{kero}:1:tog:5:1"),
        *(f"tb:{kero}:1:act:fuel", f"tbs:{kero}:1:act:take", f"tb:{kero}:1:camp"),
    ]
    return sorted(table.real_ids()) + made


@st.composite
def mutated(draw: st.DrawFn, table: Table) -> str:
    """A real custom_id changed in one to three places: a part replaced, added or dropped, a
    character inserted, the case changed, padded or cut near 100 characters."""
    custom_id = draw(st.sampled_from(table.seeds))
    words = st.sampled_from(VERBS + ARGS + PREFIXES)
    part = st.one_of(words, numbers(table), words, numbers(table), st.text(max_size=8))
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        parts = custom_id.split(":")
        at = draw(st.integers(0, len(parts)))
        how = draw(
            st.sampled_from([*["replace"] * 4, "insert", "drop", "char", "case", "pad", "cut"])
        )
        if how == "replace" and at < len(parts):
            parts[at] = draw(part)
        elif how == "insert":
            parts.insert(at, draw(part))
        elif how == "drop" and len(parts) > 1 and at < len(parts):
            del parts[at]
        custom_id = ":".join(parts)
        if how == "char":
            spot = draw(st.integers(0, len(custom_id)))
            odd = draw(st.sampled_from(["\n", ":", "٣", "0", " ", "é", "\x00", "@"]))
            custom_id = custom_id[:spot] + odd + custom_id[spot:]
        elif how == "case":
            custom_id = custom_id.upper()
        elif how == "pad":
            custom_id = (custom_id + "9" * 110)[: draw(st.integers(95, 110))]
        elif how == "cut":
            custom_id = custom_id[: draw(st.integers(0, len(custom_id)))]
    return custom_id


@st.composite
def well_formed(draw: st.DrawFn, table: Table) -> str:
    """A match or lobby id that parses, naming a real match or not, with any verb and argument:
    its handler, not the parser, must refuse it."""
    version = table.keer.state.version
    match = draw(st.sampled_from([table.keer.id, table.kero.id, 1, 999, 10**18 - 1]))
    if draw(st.booleans()):
        return f"tbl:{match}:{draw(st.sampled_from(VERBS))}"
    drawn = draw(st.sampled_from([version, version - 1, version + 1, 1, 0, 10**9 - 1]))
    head = f"{draw(st.sampled_from(['tb:', 'tbs:']))}{match}:{max(drawn, 0)}"
    verb = draw(st.sampled_from([v for v in VERBS if v.isalpha() and v.islower()]))
    arg = draw(st.one_of(st.none(), st.sampled_from(ARGS).filter(str.isascii)))
    return f"{head}:{verb}" + ("" if arg is None else f":{arg}")


def any_custom_id(table: Table) -> st.SearchStrategy[str]:
    """Near misses of real ids, well-formed ones, any text of up to 100 characters, and ids far
    over Discord's limit (a modified client)."""
    huge = [prefix + "9" * 10_000 for prefix in ("tb:", "tbs:", "tbl:", "tbr:")]
    return st.one_of(
        mutated(table),
        well_formed(table),
        mutated(table),
        st.text(max_size=100),
        st.sampled_from(huge),
    )


def old_message(fake: FakeDiscord, channel_id: str, custom_id: str, *, select: bool) -> FakeMessage:
    """A message of Tablero's in the channel that carries the custom_id (one posted by an older
    version of Tablero, say), as a button or a select."""
    component: dict[str, Any] = (
        {"type": 3, "custom_id": custom_id, "options": [{"label": "x", "value": "x"}]}
        if select
        else {"type": 2, "style": 2, "label": "Old", "custom_id": custom_id}
    )
    chan = fake.world.channels[int(channel_id)]
    payload = {"content": "an old message", "components": [{"type": 1, "components": [component]}]}
    return fake.world.create_message(chan, payload, [], upload_limit=8 * 1024 * 1024)


def carrier(table: Table, live: LiveMatch, custom_id: str, *, select: bool) -> FakeMessage:
    """An old message of Tablero's in the match's channel carrying the custom_id."""
    return old_message(table.server.fake, live.channel_id, custom_id, select=select)


async def clicked(
    table: Table, user: FakeUser, message: FakeMessage, custom_id: str, value: str | None
) -> InteractionResult:
    """The member uses the component: a button, or a select with one value."""
    fake = table.server.fake
    if value is None:
        return await fake.component(table.bot, user, custom_id=custom_id, message=message)
    return await fake.component(
        table.bot, user, custom_id=custom_id, message=message, component_type=3, values=[value]
    )


async def answered_clearly(
    table: Table, res: InteractionResult, before: list[int], caplog: pytest.LogCaptureFixture
) -> None:
    """A first answer that is not the generic failure; no error logged, nothing changed."""
    await table.server.fake.settle()
    assert res.acknowledged and res.errors == [], res.errors
    assert words_for("en")(FAILED) not in said(res) and "went wrong" not in said(res)
    logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert logged == [] and table.bot.runtime.publisher.errors == []
    assert table.versions() == before == await table.stored_versions()
    assert table.server.fake.violations == []


@dataclass(frozen=True)
class Click:
    """Which match's message (or channel), by whom, with a button or a select."""

    kero: bool
    player: bool
    select: bool

    def user(self, table: Table) -> FakeUser:
        """Ana (a Keer player, rolling) or Eve (no player); in Kero its waiting player."""
        server = table.server
        return table.kero_waiting if self.kero else server.ana if self.player else server.eve

    def live(self, table: Table) -> LiveMatch:
        """The match clicked."""
        return table.kero if self.kero else table.keer


CLICKS = st.builds(Click, st.booleans(), st.booleans(), st.booleans())


@FUZZ
@given(data=st.data(), click=CLICKS)
async def test_a_custom_id_the_match_message_does_not_carry_is_refused(
    table: Table, caplog: pytest.LogCaptureFixture, data: st.DataObject, click: Click
) -> None:
    """The match's current message does not carry the id: the bot itself refuses it (out of
    date, another channel's match, a match that is gone, or a damaged id)."""
    caplog.clear()
    custom_id = data.draw(any_custom_id(table), label="custom_id")
    assume(custom_id not in table.real_ids())
    before = table.versions()
    message = table.message(click.live(table))
    res = await clicked(table, click.user(table), message, custom_id, "x" if click.select else None)
    assert res.ephemeral, said(res)
    await answered_clearly(table, res, before, caplog)


@FUZZ
@given(data=st.data(), click=CLICKS)
async def test_a_message_carrying_any_custom_id_gets_an_answer_and_changes_nothing(
    table: Table, caplog: pytest.LogCaptureFixture, data: st.DataObject, click: Click
) -> None:
    """An old message of Tablero's carries the custom_id: its component's own handler (or the
    damaged-id refusal) answers. Players click too, except the real ids of the current step."""
    caplog.clear()
    custom_id = data.draw(any_custom_id(table).filter(lambda c: 1 <= len(c) <= 100))
    assume(not table.offered(custom_id))
    value = None
    if click.select:
        long = ["x" * 10_000, "cross:0:" + "E3" * 5_000, "act:" + "9" * 10_000]
        value = data.draw(
            st.one_of(st.sampled_from(ARGS + long), st.text(min_size=1, max_size=100))
        )
    before = table.versions()
    message = carrier(table, click.live(table), custom_id, select=click.select)
    res = await clicked(table, click.user(table), message, custom_id, value)
    await answered_clearly(table, res, before, caplog)


@FUZZ
@given(data=st.data())
async def test_the_bot_leaves_to_components_exactly_the_ids_a_component_takes(
    table: Table, data: st.DataObject
) -> None:
    """`is_ours` (the bot answers every other id itself) agrees with the templates of the
    DynamicItems the bot registered (discord.py's view store: what it really dispatches)."""
    custom_id = data.draw(any_custom_id(table))
    templates = table.bot._connection._view_store._dynamic_items
    assert is_ours(custom_id) == any(t.fullmatch(custom_id) for t in templates)


@pytest.mark.parametrize(
    ("custom_id", "select"),
    [
        ("tb:1\n", False),  # no template takes a newline: answered by the bot, not silence
        ("tbr:Help:0", False),  # a paging prefix no paging button takes
        ("tbr:help:100", False),
        ("tbr:0:0:new", False),
        ("tbb:chess:s:a:0", False),
        ("tb:{keer}:{version}:skipturn:x", False),  # arguments that are no number
        ("tb:{keer}:{version}:die:x", False),
        ("tb:{keer}:{version}:expel:٣", False),
        ("tbs:{keer}:{version}:pick:x", True),
        ("tbs:{keer}:{version}:pick:0", False),  # a select's id on a button
        ("tb:{keer}:{version}:board", True),  # a button's id on a select
    ],
)
async def test_near_misses_the_properties_found_on_an_old_message(
    table: Table, caplog: pytest.LogCaptureFixture, custom_id: str, select: bool
) -> None:
    """Each was answered with silence ("This interaction failed") or "Something went wrong"
    before; a player clicks, and is told the button is damaged."""
    custom_id = custom_id.format(keer=table.keer.id, version=table.keer.state.version)
    before = table.versions()
    message = carrier(table, table.keer, custom_id, select=select)
    res = await clicked(table, table.server.ana, message, custom_id, "x" if select else None)
    assert res.ephemeral and "damaged" in said(res), said(res)
    await answered_clearly(table, res, before, caplog)


async def test_a_click_naming_another_component_type_is_answered(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    """A modified client clicks an old message's button as if it were a select."""
    table.server.fake.response_timeout = 2.0
    custom_id = f"tb:{table.keer.id}:{table.keer.state.version}:board"
    before = table.versions()
    message = carrier(table, table.keer, custom_id, select=False)
    res = await clicked(table, table.server.eve, message, custom_id, "x")
    assert res.ephemeral and "out of date" in said(res), said(res)
    await answered_clearly(table, res, before, caplog)


@pytest.fixture
async def rolling(timed_server: Server) -> AsyncIterator[KeroDriver]:
    """A Kero match (Ana and Bo) whose active player has rolled: the dice are toggles now."""
    bot, fake = await timed_server.start_bot(), timed_server.fake
    res = await fake.slash(
        bot, timed_server.ana, timed_server.channel, "kero challenge", member=timed_server.bo
    )
    await fake.click(bot, timed_server.bo, res.message, "Accept")
    await fake.settle()
    live = live_here(bot, timed_server)
    assert live is not None
    driver = KeroDriver(timed_server, bot, live)
    for _ in range(100):
        state = kero_state(driver.live.state)
        if state.phase is Phase.START and state.active == 0:
            break
        await driver.step()
    await driver.press(0, "roll@")
    await timed_server.fake.settle()
    assert kero_state(driver.live.state).phase is Phase.ROLLING
    yield driver
    await timed_server.fake.settle()
    assert bot.runtime.publisher.errors == []


@FUZZ
@given(
    marks=st.one_of(
        st.integers(0, 300).map(str),
        st.integers(0, 10**60).map(str),
        st.text(alphabet="0123456789az._@", min_size=1, max_size=60),
    ),
    die=st.one_of(st.integers(0, 99).map(str), st.sampled_from(["x", "", "1:2"])),
)
async def test_any_dice_marks_in_a_toggle_redraw_the_dice_or_are_refused(
    rolling: KeroDriver, caplog: pytest.LogCaptureFixture, marks: str, die: str
) -> None:
    """The toggles carry the marks (nothing is stored): any number there, from an old message,
    redraws the dice or is refused as damaged; the match is unchanged either way."""
    caplog.clear()
    live, fake = rolling.live, rolling.server.fake
    version = live.state.version
    custom_id = f"tb:{live.id}:{version}:tog:{marks}" + (f":{die}" if die else "")
    assume(len(custom_id) <= 100)
    message = old_message(fake, live.channel_id, custom_id, select=False)
    res = await fake.component(rolling.bot, rolling.user(0), custom_id=custom_id, message=message)
    await fake.settle()
    assert res.acknowledged and res.errors == [] and words_for("en")(FAILED) not in said(res)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert live.state.version == version == (await rolling.bot.runtime.store.load(live.id)).version
    assert fake.violations == []
