"""Tests of the fake Discord harness, driven by tiny discord.py bots defined here."""

from __future__ import annotations

import asyncio
import copy
import io
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, Literal

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from fakediscord import (
    FakeChannel,
    FakeClock,
    FakeDiscord,
    FakeGuild,
    FakeUser,
    payloads,
    snowflake_ms,
)

MiB = 1024 * 1024


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ctr:(?P<n>[0-9]+)"):
    """A stateless counter button that survives restarts."""

    def __init__(self, n: int) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=f"Count {n}", style=discord.ButtonStyle.primary, custom_id=f"ctr:{n}"
        )
        super().__init__(button)
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        self.n += 1
        self.item.label = f"Count {self.n}"
        self.custom_id = f"ctr:{self.n}"
        await interaction.response.edit_message(view=self.view)


class Picker(discord.ui.View):
    """A select menu answered ephemerally."""

    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.select(
        custom_id="pick",
        placeholder="Pick a cell",
        options=[discord.SelectOption(label=v, value=v) for v in ("E3", "E4")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)


class NameModal(discord.ui.Modal, title="Your name"):
    """A one-field modal."""

    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hi {self.name.value}", ephemeral=True)


@dataclass
class Log:
    """What the bots saw, for assertions."""

    kept: list[discord.Interaction] = field(default_factory=list)
    seen: list[Any] = field(default_factory=list)


class TinyBot(commands.Bot):
    """A bot exercising every response style the harness has to model."""

    def __init__(self, clock: FakeClock, log: Log, **options: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), **options
        )
        self.clock, self.log = clock, log
        self.tree.add_command(make_game_group())
        self.tree.add_command(challenge)
        self.tree.add_command(reset)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)
        await self.tree.sync()


def bot_of(interaction: discord.Interaction) -> TinyBot:
    """The typed client."""
    assert isinstance(interaction.client, TinyBot)
    return interaction.client


def make_game_group() -> app_commands.Group:
    """/game subcommands: one per response style."""
    game = app_commands.Group(name="game", description="Game commands")

    @game.command(description="Start a counter")
    async def start(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(0))
        callback = await interaction.response.send_message("Game on", view=view)
        bot_of(interaction).log.seen.append(callback)

    @game.command(description="A secret")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you", ephemeral=True)

    @game.command(description="Upload a board")
    async def board(interaction: discord.Interaction, size: int) -> None:
        data = bytes(range(256)) * (size // 256) + b"x" * (size % 256)
        await interaction.response.send_message(file=discord.File(io.BytesIO(data), "board.png"))

    @game.command(description="Think, then answer")
    async def think(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("done thinking")
        await interaction.followup.send("psst", ephemeral=True)

    @game.command(description="Too slow")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(3.1)  # real time: the 3 s rule does not follow the virtual clock
        await interaction.response.send_message("late")

    @game.command(description="Pick a cell")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Where?", view=Picker())

    @game.command(description="Open a match thread")
    async def thread(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Match starting")
        message = await interaction.original_response()
        match_thread = await message.create_thread(name="Match 1")
        await match_thread.send("inside the thread")

    @game.command(description="Never answers")
    async def hold(interaction: discord.Interaction) -> None:
        bot_of(interaction).log.kept.append(interaction)

    @game.command(description="Followup before acknowledging")
    async def early(interaction: discord.Interaction) -> None:
        try:
            await interaction.followup.send("too early")
        except discord.NotFound as exc:
            bot_of(interaction).log.seen.append(exc.code)
        await interaction.response.send_message("ok")

    @game.command(description="Defer and keep the token")
    async def keep(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        bot_of(interaction).log.kept.append(interaction)

    @game.command(description="Ask for a name")
    async def name(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @game.command(description="DM me")
    async def dm(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("check your DMs", ephemeral=True)
        try:
            await interaction.user.send("hello in private")
        except discord.Forbidden as exc:
            bot_of(interaction).log.seen.append(exc.code)

    return game


@app_commands.command(description="Challenge someone")
@app_commands.guild_only()
async def challenge(  # noqa: PLR0917 - a slash command takes its options positionally
    interaction: discord.Interaction,
    member: discord.Member,
    rounds: int,
    variant: Literal["classic", "boss"],
    fast: bool = False,
    where: discord.TextChannel | None = None,
) -> None:
    bot_of(interaction).log.seen.append((member, rounds, variant, fast, where))
    await interaction.response.send_message(f"{member.mention} challenged")


@app_commands.command(description="Reset everything")
@app_commands.default_permissions(manage_guild=True)
async def reset(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("reset", ephemeral=True)


@dataclass
class World:
    """One fake Discord with a guild, a channel, players and a connected bot."""

    fake: FakeDiscord
    clock: FakeClock
    log: Log
    bot: TinyBot
    guild: FakeGuild
    chan: FakeChannel
    ana: FakeUser
    bob: FakeUser
    mod: FakeUser

    def new_bot(self, **options: Any) -> TinyBot:
        """Another instance of the same bot, e.g. after a restart."""
        return TinyBot(self.clock, self.log, **options)


@pytest.fixture
async def w() -> AsyncIterator[World]:
    clock = FakeClock()
    fake = FakeDiscord(clock=clock)
    guild = fake.add_guild("Test")
    chan = fake.add_channel(guild, "games")
    ana, bob = fake.add_member(guild, "Ana"), fake.add_member(guild, "Bob")
    mod = fake.add_member(guild, "Mod", manage_guild=True)
    log = Log()
    bot = TinyBot(clock, log)
    await fake.connect(bot)
    yield World(fake, clock, log, bot, guild, chan, ana, bob, mod)
    await fake.close()


# -- start-up ---------------------------------------------------------------------------


async def test_connect_logs_in_syncs_and_caches_the_guild(w: World) -> None:
    assert w.bot.is_ready()
    assert w.bot.user is not None and w.bot.user.id == w.fake.bot.id
    assert {c["name"] for c in w.fake.synced_commands[None]} == {"game", "challenge", "reset"}
    guild = w.bot.get_guild(w.guild.id)
    assert guild is not None and guild.get_channel(w.chan.id) is not None
    me = guild.me
    assert me is not None and guild.get_channel(w.chan.id).permissions_for(me).attach_files  # type: ignore[union-attr]
    assert w.fake.violations == []


async def test_a_correct_bot_produces_no_violations(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game start")
    await w.fake.click(w.bot, w.bob, res.message, "Count 0")
    await w.fake.slash(w.bot, w.ana, w.chan, "game secret")
    await w.fake.slash(w.bot, w.ana, w.chan, "game board", size=1000)
    await w.fake.slash(w.bot, w.ana, w.chan, "game think")
    await w.fake.settle()
    assert w.fake.violations == []


# -- messages, components and restarts ---------------------------------------------------


async def test_public_reply_carries_a_view_and_is_stored(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game start")
    msg = res.message
    assert msg is not None and msg.content == "Game on" and not res.ephemeral
    assert msg.author is w.fake.bot and msg.channel_id == w.chan.id and msg.type == 20
    [button] = msg.buttons()
    assert (button.custom_id, button.label, button.style, button.disabled) == (
        "ctr:0",
        "Count 0",
        1,
        False,
    )
    assert w.fake.last_message(w.chan) is msg
    assert res.response is not None and res.response["type"] == 4
    assert res.ack_ms == 0
    [callback] = w.log.seen
    assert isinstance(callback, discord.InteractionCallbackResponse)
    assert callback.message_id == msg.id and not callback.is_ephemeral()
    assert isinstance(callback.resource, discord.InteractionMessage)
    assert callback.resource.id == msg.id and callback.resource.components


async def test_dynamic_item_click_works_after_a_restart(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game start")
    await w.fake.disconnect(w.bot)
    second = w.new_bot()
    await w.fake.connect(second)
    click = await w.fake.click(second, w.bob, res.message, "Count 0")
    assert click.response is not None and click.response["type"] == 7
    msg = res.message
    assert msg is not None and msg.edits == 1 and [b.label for b in msg.buttons()] == ["Count 1"]
    await w.fake.click(second, w.ana, msg, "ctr:1")
    assert [b.custom_id for b in msg.buttons()] == ["ctr:2"] and msg.edits == 2
    assert w.fake.violations == []


async def test_ephemeral_reply_is_visible_only_to_the_user(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game secret")
    assert res.ephemeral and res.message is not None and res.message.ephemeral
    assert res.messages == [res.message] and res.message.visible_to == w.ana.id
    assert w.fake.channel_messages(w.chan) == []
    assert w.fake.channel_messages(w.chan, viewer=w.ana) == [res.message]
    with pytest.raises(AssertionError, match="cannot see"):
        await w.fake.click(w.bot, w.bob, res.message, "anything")


async def test_select_menu_reaches_its_callback(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game pick")
    assert res.message is not None
    [sel] = res.message.selects()
    assert sel.custom_id == "pick" and sel.options == ("E3", "E4")
    picked = await w.fake.select(w.bot, w.ana, res.message, "Pick a cell", ["E4"])
    await w.fake.settle()  # the view's 60 s timeout task is not waited for
    assert picked.ephemeral and picked.messages[0].content == "picked E4"
    with pytest.raises(AssertionError, match="not among the options"):
        await w.fake.select(w.bot, w.ana, res.message, "pick", ["Z9"])


async def test_deferred_response_and_followups(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game think")
    await w.fake.settle()
    assert res.response == {"type": 5, "data": None}
    assert res.message is not None and res.message.content == "done thinking"
    assert res.message.edits == 0
    first, second = res.followups
    assert first is res.message and second.ephemeral and second.content == "psst"
    assert res.messages == [second]


async def test_file_upload_bytes_are_stored(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game board", size=700)
    assert res.message is not None
    [(name, data)] = res.message.attachments
    assert name == "board.png" and len(data) == 700 and data[:3] == b"\x00\x01\x02"
    assert res.message.attachment_objects[0].content_type == "image/png"


async def test_slash_options_arrive_typed(w: World) -> None:
    await w.fake.slash(
        w.bot, w.ana, w.chan, "challenge", member=w.bob, rounds=3, variant="boss", where=w.chan
    )
    [(member, rounds, variant, fast, where)] = w.log.seen
    assert (
        isinstance(member, discord.Member)
        and member.id == w.bob.id
        and member.guild.id == w.guild.id
    )
    assert (rounds, variant, fast) == (3, "boss", False)
    assert isinstance(where, discord.TextChannel) and where.id == w.chan.id
    with pytest.raises(AssertionError, match="requires 'rounds'"):
        await w.fake.slash(w.bot, w.ana, w.chan, "challenge", member=w.bob, variant="boss")
    with pytest.raises(AssertionError, match="not one of the choices"):
        await w.fake.slash(w.bot, w.ana, w.chan, "challenge", member=w.bob, rounds=1, variant="x")
    with pytest.raises(AssertionError, match="needs a subcommand"):
        await w.fake.slash(w.bot, w.ana, w.chan, "game")


async def test_default_member_permissions_hide_commands(w: World) -> None:
    with pytest.raises(AssertionError, match="cannot see /reset"):
        await w.fake.slash(w.bot, w.ana, w.chan, "reset")
    res = await w.fake.slash(w.bot, w.mod, w.chan, "reset")
    assert res.ephemeral


async def test_threads_are_created_cached_and_announced_after_restart(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game thread")
    await w.fake.settle()
    [thread] = w.fake.threads(w.chan)
    assert res.message is not None and thread.id == res.message.id and thread.type == 11
    assert [m.content for m in w.fake.channel_messages(thread)] == ["inside the thread"]
    cached = w.bot.get_guild(w.guild.id).get_thread(thread.id)  # type: ignore[union-attr]
    assert cached is not None and cached.parent_id == w.chan.id
    await w.fake.disconnect(w.bot)
    second = w.new_bot()
    await w.fake.connect(second)
    assert second.get_guild(w.guild.id).get_thread(thread.id) is not None  # type: ignore[union-attr]
    assert w.fake.violations == []


async def test_direct_messages_and_closed_dms(w: World) -> None:
    await w.fake.slash(w.bot, w.ana, w.chan, "game dm")
    await w.fake.settle()
    assert [m.content for m in w.fake.dm_messages(w.ana)] == ["hello in private"]
    w.bob.accepts_dms = False
    await w.fake.slash(w.bot, w.bob, w.chan, "game dm")
    await w.fake.settle()
    assert w.log.seen == [50007]
    assert any("50007" in v for v in w.fake.violations)


async def test_fetch_edit_and_delete_channel_messages(w: World) -> None:
    channel = w.bot.get_channel(w.chan.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("hello")
    fetched = await channel.fetch_message(sent.id)
    await fetched.edit(content="hello again")
    stored = w.fake.message(sent.id)
    assert stored.content == "hello again" and stored.edits == 1 and stored.channel_id == w.chan.id
    assert (await w.bot.fetch_channel(w.chan.id)).id == w.chan.id
    await fetched.delete()
    assert not stored.exists and w.fake.channel_messages(w.chan) == []
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(sent.id)


async def test_a_channels_messages_are_read_from_its_own_index(
    w: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A channel's messages come from an index by channel, not a walk of every message ever
    stored (the benchmarks' players look up the current message of thousands of matches)."""
    other = w.fake.add_channel(w.guild, "elsewhere")
    for where, text in ((w.chan, "one"), (other, "two"), (w.chan, "three"), (w.chan, "four")):
        status, sent = w.fake.handle("POST", f"/channels/{where.id}/messages", {"content": text})
        assert status == 200
    stored = w.fake.message(int(sent["id"]))
    stored.deleted = True
    messages = w.fake.world.messages

    def walked() -> None:
        raise AssertionError("walked every message")

    monkeypatch.setattr(messages, "values", walked)
    assert [m.content for m in w.fake.channel_messages(w.chan)] == ["one", "three"]
    assert [m.content for m in w.fake.channel_messages(other)] == ["two"]
    assert [m.content for m in w.fake.channel_messages(w.chan, deleted=True)][-1] == "four"
    assert [m.content for m in messages.in_channel(w.chan.id)] == ["one", "three", "four"]
    del messages[stored.id]
    assert stored.id not in messages and len(messages.in_channel(w.chan.id)) == 2


async def test_modal_round_trip(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game name")
    assert res.response is not None and res.response["type"] == 9 and res.message is None
    submitted = await w.fake.submit_modal(w.bot, res, {"name": "Ana"})
    assert [m.content for m in submitted.messages] == ["hi Ana"]


async def test_slash_in_a_direct_message(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.fake.dm_channel(w.ana), "game secret")
    assert "guild_id" not in res.interaction.payload and res.interaction.payload["context"] == 1
    assert res.message is not None and res.message.channel_id == w.fake.dm_channel(w.ana).id


class GuildBot(commands.Bot):
    """A bot whose only command is synced to one guild."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.home = discord.Object(guild_id)

    async def setup_hook(self) -> None:
        @app_commands.command(description="Ping")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong")

        self.tree.add_command(ping, guild=self.home)
        await self.tree.sync(guild=self.home)


async def test_guild_scoped_commands_carry_the_guild_id() -> None:
    fake = FakeDiscord(clock=FakeClock())
    home, away = fake.add_guild("Home"), fake.add_guild("Away")
    chan, elsewhere = fake.add_channel(home, "games"), fake.add_channel(away, "games")
    ana = fake.add_member(home, "Ana")
    fake.add_member(away, ana)
    bot = GuildBot(home.id)
    await fake.connect(bot)
    try:
        assert [c["name"] for c in fake.synced_commands[home.id]] == ["ping"]
        assert None not in fake.synced_commands
        res = await fake.slash(bot, ana, chan, "ping")
        assert res.interaction.payload["data"]["guild_id"] == str(home.id)
        assert res.message is not None and res.message.content == "pong"
        with pytest.raises(AssertionError, match="not synced"):
            await fake.slash(bot, ana, elsewhere, "ping")
    finally:
        await fake.close()


async def test_injected_429_is_slept_off_and_retried_in_memory(w: World) -> None:
    w.fake.fail_next("POST", rf"^/channels/{w.chan.id}/messages$", 429, retry_after=0.01)
    channel = w.bot.get_channel(w.chan.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("once")
    statuses = [s for m, p, s in w.fake.requests if p == f"/channels/{w.chan.id}/messages"]
    assert statuses == [429, 200] and len(w.fake.channel_messages(w.chan)) == 1


# -- timing rules -------------------------------------------------------------------------


async def test_first_response_after_3_seconds_is_unknown_interaction(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game slow")
    await w.fake.settle()
    assert not res.acknowledged and res.ack_ms is None
    assert any(
        re.match(r"404/10062 .*first response after 3[1-9]\d\d ms", v) for v in w.fake.violations
    )
    assert res.errors and "10062" in res.errors[0]


async def test_click_time_comes_from_at_ms(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game start")
    late = w.fake.now_ms() - 3_500
    click = await w.fake.click(w.bot, w.bob, res.message, "Count 0", at_ms=late)
    assert snowflake_ms(click.interaction.id) == late and not click.acknowledged
    assert any("10062" in v for v in w.fake.violations)


async def test_second_acknowledgement_is_rejected(w: World) -> None:
    other = w.new_bot()
    await w.fake.connect(other)
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game secret")
    await w.fake.deliver(other, "INTERACTION_CREATE", copy.deepcopy(res.interaction.payload))
    await w.fake.settle()
    assert any(v.startswith("400/40060") for v in w.fake.violations)


async def test_followup_before_acknowledging_is_unknown_webhook(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game early")
    assert res.acknowledged and w.log.seen == [10015]
    assert any(v.startswith("404/10015") for v in w.fake.violations)


async def test_token_expires_after_15_minutes(w: World) -> None:
    await w.fake.slash(w.bot, w.ana, w.chan, "game keep")
    [interaction] = w.log.kept
    await interaction.edit_original_response(content="still here")
    assert (await interaction.original_response()).content == "still here"
    w.clock.advance(15 * 60 + 1)
    with pytest.raises(discord.HTTPException) as caught:
        await interaction.followup.send("too late")
    assert (caught.value.status, caught.value.code) == (401, 50027)
    with pytest.raises(discord.HTTPException):
        await interaction.edit_original_response(content="also too late")
    assert sum(v.startswith("401/50027") for v in w.fake.violations) == 2


async def test_unanswered_interaction_fails_the_test(w: World) -> None:
    w.fake.response_timeout = 0.05
    with pytest.raises(AssertionError, match="got no response"):
        await w.fake.slash(w.bot, w.ana, w.chan, "game hold")


# -- payload rules --------------------------------------------------------------------------


def button(custom_id: str | None = "b", **extra: Any) -> dict[str, Any]:
    """A raw button component."""
    payload: dict[str, Any] = {"type": 2, "style": 1, "label": "Go", **extra}
    if custom_id is not None:
        payload["custom_id"] = custom_id
    return payload


def row(*items: dict[str, Any]) -> dict[str, Any]:
    """A raw action row."""
    return {"type": 1, "components": list(items)}


def select(n_options: int = 2, **extra: Any) -> dict[str, Any]:
    """A raw string select."""
    options = [{"label": f"o{i}", "value": f"o{i}"} for i in range(n_options)]
    return {"type": 3, "custom_id": "s", "options": options, **extra}


BAD_PAYLOADS: dict[str, tuple[dict[str, Any], str]] = {
    "content": ({"content": "x" * 2001}, "content"),
    "eleven embeds": ({"embeds": [{"title": "t"}] * 11}, "embeds"),
    "embed title": ({"embeds": [{"title": "t" * 257}]}, "embeds.0.title"),
    "embed description": ({"embeds": [{"description": "d" * 4097}]}, "embeds.0.description"),
    "embed total": (
        {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},
        "embeds",
    ),
    "six rows": ({"components": [row(button(f"b{i}")) for i in range(6)]}, "components"),
    "six buttons": (
        {"components": [row(*[button(f"b{i}") for i in range(6)])]},
        "components.0.components",
    ),
    "select plus button": ({"components": [row(select(), button())]}, "components.0.components"),
    "custom_id length": (
        {"components": [row(button("x" * 101))]},
        "components.0.components.0.custom_id",
    ),
    "empty custom_id": ({"components": [row(button(""))]}, "components.0.components.0.custom_id"),
    "duplicate custom_id": ({"components": [row(button("a"), button("a"))]}, "custom_id"),
    "label": ({"components": [row(button(label="L" * 81))]}, "components.0.components.0.label"),
    "26 options": ({"components": [row(select(26))]}, "components.0.components.0.options"),
    "no options": ({"components": [row(select(0))]}, "components.0.components.0.options"),
    "option label": (
        {"components": [row(select(1) | {"options": [{"label": "l" * 101, "value": "v"}]})]},
        "options.0.label",
    ),
    "placeholder": ({"components": [row(select(placeholder="p" * 151))]}, "placeholder"),
    "link with custom_id": ({"components": [row(button("b", style=5, url="https://x.y"))]}, "url"),
    "link without url": ({"components": [row(button(None, style=5))]}, "url"),
}


@pytest.mark.parametrize("case", list(BAD_PAYLOADS))
async def test_payload_limits_answer_invalid_form_body(w: World, case: str) -> None:
    payload, path = BAD_PAYLOADS[case]
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=w.chan.id)
    with pytest.raises(discord.HTTPException) as caught:
        await w.bot.http.request(route, json=payload)
    assert (caught.value.status, caught.value.code) == (400, 50035)
    [violation] = w.fake.violations
    assert violation.startswith("400/50035") and path in violation
    assert w.fake.channel_messages(w.chan) == []


async def test_limits_at_the_boundary_are_accepted(w: World) -> None:
    payload = {
        "content": "x" * 2000,
        "embeds": [{"title": "t" * 256, "description": "d" * 4096}, {"description": "d" * 1648}],
        "components": [
            row(*[button(f"b{r}{i}", label="L" * 80) for i in range(5)]) for r in range(4)
        ]
        + [row(select(25, placeholder="p" * 150))],
    }
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=w.chan.id)
    await w.bot.http.request(route, json=payload)
    assert w.fake.violations == [] and len(w.fake.last_message(w.chan).buttons()) == 20


async def test_custom_id_over_100_through_a_view_raises(w: World) -> None:
    channel = w.bot.get_channel(w.chan.id)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Go", custom_id="tb:" + "9" * 98))
    with pytest.raises(discord.HTTPException, match="custom_id"):
        await channel.send("x", view=view)
    assert len(w.fake.violations) == 1 and "custom_id" in w.fake.violations[0]


async def test_attachment_over_the_interaction_limit_is_413(w: World) -> None:
    res = await w.fake.slash(w.bot, w.ana, w.chan, "game board", size=10 * MiB + 1)
    assert res.interaction.payload["attachment_size_limit"] == 10 * MiB
    assert not res.acknowledged and any(v.startswith("413/40005") for v in w.fake.violations)
    ok = await w.fake.slash(w.bot, w.ana, w.chan, "game board", size=10 * MiB)
    assert ok.acknowledged


async def test_channel_denying_attach_files_refuses_uploads(w: World) -> None:
    locked = w.fake.add_channel(w.guild, "no-files", attach_files=False)
    await w.fake.disconnect(w.bot)
    bot = w.new_bot()
    await w.fake.connect(bot)
    channel = bot.get_channel(locked.id)
    assert isinstance(channel, discord.TextChannel)
    assert not channel.permissions_for(channel.guild.me).attach_files
    with pytest.raises(discord.Forbidden) as caught:
        await channel.send(file=discord.File(io.BytesIO(b"png"), "a.png"))
    assert caught.value.code == 50013
    res = await w.fake.slash(bot, w.ana, locked, "game board", size=10)
    assert res.interaction.payload["app_permissions"] == str(
        channel.permissions_for(channel.guild.me).value
    )
    assert not res.acknowledged and sum("50013" in v for v in w.fake.violations) == 2


async def test_unmodelled_route_is_404_and_a_violation(w: World) -> None:
    route = Route("GET", "/guilds/{guild_id}/bans", guild_id=w.guild.id)
    with pytest.raises(discord.NotFound):
        await w.bot.http.request(route)
    assert w.fake.violations == [f"unmodelled route GET /guilds/{w.guild.id}/bans"]


# -- clock, snowflakes, settle ----------------------------------------------------------------


async def test_snowflakes_carry_the_chosen_time_and_are_unique() -> None:
    clock = FakeClock(start=1_800_000_000.0)
    fake = FakeDiscord(clock=clock)
    ids = [fake.snowflake(at_ms=1_800_000_000_123) for _ in range(1000)]
    assert len(set(ids)) == 1000
    assert discord.utils.snowflake_time(ids[0]).timestamp() == pytest.approx(1_800_000_000.123)
    clock.advance(2.5)
    assert snowflake_ms(fake.snowflake()) == 1_800_000_002_500


async def test_settle_waits_for_work_but_not_background_timers() -> None:
    fake = FakeDiscord()
    done: list[str] = []

    async def work() -> None:
        await asyncio.sleep(0.01)
        asyncio.get_running_loop().create_task(more())

    async def more() -> None:
        await asyncio.sleep(0.01)
        done.append("more")

    timer = asyncio.create_task(asyncio.sleep(60), name="tablero-timer-1")
    worker = asyncio.create_task(work())
    await fake.settle()
    assert worker.done()
    assert done == ["more"] and not timer.done()
    stuck = asyncio.create_task(asyncio.sleep(60), name="stuck-one")
    with pytest.raises(AssertionError, match="stuck-one"):
        await fake.settle(timeout=0.05)
    stuck.cancel()
    timer.cancel()


# -- loopback: the unmodified client.start() over real HTTP and a websocket gateway ------------


def loopback_world() -> tuple[FakeDiscord, FakeClock, FakeGuild, FakeChannel, FakeUser]:
    """A fake with one guild, one channel and one player."""
    clock = FakeClock()
    fake = FakeDiscord(clock=clock)
    guild = fake.add_guild("Loop")
    return fake, clock, guild, fake.add_channel(guild, "games"), fake.add_member(guild, "Ana")


async def test_loopback_start_gateway_and_interactions() -> None:
    fake, clock, guild, chan, ana = loopback_world()
    bot = TinyBot(clock, Log(), guild_ready_timeout=0.05)
    async with fake.loopback() as server:
        task = await server.run_client(bot)
        assert bot.get_guild(guild.id) is not None and bot.ws is not None
        assert (await bot.http.request(Route("GET", "/gateway")))["url"].startswith(
            "ws://127.0.0.1"
        )
        res = await fake.slash(bot, ana, chan, "game board", size=5000)
        assert res.message is not None and len(res.message.attachments[0][1]) == 5000
        start = await fake.slash(bot, ana, chan, "game start")
        await fake.click(bot, ana, start.message, "Count 0")
        assert start.message is not None and start.message.buttons()[0].label == "Count 1"
        await fake.slash(bot, ana, chan, "game secret", at_ms=fake.now_ms() - 3_500)
        assert any(v.startswith("404/10062") for v in fake.violations)
        await bot.close()
        await task
    assert len(fake.violations) == 1


async def test_loopback_429_is_retried_and_the_message_lands_once() -> None:
    fake, clock, _, chan, _ = loopback_world()
    bot = TinyBot(clock, Log(), guild_ready_timeout=0.05)
    async with fake.loopback() as server:
        task = await server.run_client(bot)
        fake.fail_next("POST", rf"^/channels/{chan.id}/messages$", 429, retry_after=0.05)
        channel = bot.get_channel(chan.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("hello once")
        await bot.close()
        await task
    posts = [
        status for method, path, status in fake.requests if path == f"/channels/{chan.id}/messages"
    ]
    assert posts == [429, 200]
    assert [m.content for m in fake.channel_messages(chan)] == ["hello once"]
    assert fake.violations == []


async def test_loopback_multipart_upload_arrives_intact() -> None:
    fake, clock, _, chan, _ = loopback_world()
    bot = TinyBot(clock, Log(), guild_ready_timeout=0.05)
    blob = bytes(range(256)) * 64 + b"\r\n--boundary--\r\n" + bytes(1000)
    async with fake.loopback() as server:
        task = await server.run_client(bot)
        channel = bot.get_channel(chan.id)
        assert isinstance(channel, discord.TextChannel)
        files = [
            discord.File(io.BytesIO(blob), "board.png"),
            discord.File(io.BytesIO(b"{}"), "state.json"),
        ]
        sent = await channel.send("two files", files=files)
        await bot.close()
        await task
    stored = fake.message(sent.id)
    assert stored.attachments == [("board.png", blob), ("state.json", b"{}")]
    assert [a.size for a in sent.attachments] == [len(blob), 2]


class ShardedBot(commands.AutoShardedBot):
    """Two shards, identified back to back (the 5 s identify pause is for real Discord)."""

    def __init__(self) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, guild_ready_timeout=0.05
        )
        self.tree.add_command(make_game_group())

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


async def test_loopback_shards_receive_their_own_guilds() -> None:
    fake, clock, first, chan, ana = loopback_world()
    clock.advance(0.001)
    second = fake.add_guild("Other")
    other_chan = fake.add_channel(second, "games")
    bob = fake.add_member(second, "Bob")
    fake.world.recommended_shards = 2
    assert {(first.id >> 22) % 2, (second.id >> 22) % 2} == {0, 1}
    bot = ShardedBot()
    async with fake.loopback() as server:
        task = await server.run_client(bot)
        assert bot.shard_count == 2 and len(server.sessions) == 2
        for g in (first, second):
            cached = bot.get_guild(g.id)
            assert cached is not None and cached.shard_id == (g.id >> 22) % 2
        assert (await fake.slash(bot, ana, chan, "game secret")).ephemeral
        assert (await fake.slash(bot, bob, other_chan, "game secret")).ephemeral
        await bot.close()
        await task
    assert fake.violations == []


def test_a_json_copy_shares_nothing_with_its_original() -> None:
    """What the double stores or sends is a copy: changing it never reaches the bot's payload."""
    original: dict[str, Any] = {
        "components": [{"type": 1, "components": [{"custom_id": "a", "emoji": None}]}],
        "flags": 1 << 15,
        "spans": (1, [2]),
    }
    copied = payloads.json_copy(original)
    assert copied == original
    copied["components"][0]["components"][0]["custom_id"] = "b"
    copied["spans"][1].append(3)
    assert original["components"][0]["components"][0]["custom_id"] == "a"
    assert original["spans"] == (1, [2])
