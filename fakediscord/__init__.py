"""A fake Discord that drives the real, unmodified discord.py through its own seams.

discord.py talks to Discord through ``HTTPClient.request`` (REST) and
``AsyncWebhookAdapter.request`` (interaction callbacks, followups, ``@original``), and
receives gateway events through ``client._connection.parsers``. ``FakeDiscord`` answers
both HTTP seams from one in-memory model that enforces Discord's rules (3 s first response,
one acknowledgement per interaction id, 15-minute tokens, content/embed/component/attachment limits,
permissions) with Discord's real status codes and JSON error codes, and feeds complete
gateway payloads to the parsers. ``fake.loopback()`` serves the same model over real HTTP
and a websocket gateway for tests that run the unmodified ``client.start()``.

Usage::

    clock = FakeClock()                                   # or the default: time.time
    fake = FakeDiscord(clock=clock)
    guild = fake.add_guild("Test")                        # @everyone role + the bot
    chan = fake.add_channel(guild, "games", attach_files=False)   # bot overwrite
    ana = fake.add_member(guild, "Ana")
    mod = fake.add_member(guild, "Mod", manage_guild=True)
    await fake.connect(client)          # attach, login (setup_hook, sync), READY, GUILD_CREATE
    res = await fake.slash(client, ana, chan, "keer start")             # group + subcommand
    res = await fake.slash(client, ana, chan, "kero challenge", member=bob, variant="boss")
    res = await fake.slash(client, ana, fake.dm_channel(ana), "help")   # in a DM
    res = await fake.click(client, ana, message, "Join")                # label or custom_id
    res = await fake.select(client, ana, message, "pick", ["E3"])       # custom_id or placeholder
    res = await fake.component(client, ana, chan, custom_id="garbage", message=msg)
    res = await fake.submit_modal(client, res, {"name": "Ana"})
    await fake.redeliver(client, res)   # the same INTERACTION_CREATE again (same id and token)
    fake.redeliver_next()               # the next interaction reaches the bot twice, back to back
    await fake.settle()                 # every task except background ones has finished
    fake.channel_messages(chan, viewer=None) / fake.last_message(chan) / fake.threads(chan)
    fake.message(id) / fake.dm_messages(user) / fake.requests  # [(method, path, status)]
    res.response  res.ephemeral  res.message  res.followups  res.messages  res.errors
    res.ack_ms (fake clock)  res.first_response_ms (real time, what the 3 s rule measures)
    msg.content  msg.embeds  msg.components  msg.buttons()  msg.selects()  msg.attachments
    msg.ephemeral  msg.edits  msg.channel_id  msg.exists  msg.allowed_mentions (as sent)
    fake.violations                     # every error Discord answered, as short strings
    fake.synced_commands[None | guild_id]
    fake.world.app_emojis               # the application's emoji ({id: FakeEmoji}, with bytes)
    fake.add_guild_emoji(guild, "gg")   # a guild's emoji: components may use its id
    fake.fail_next("POST", r"/channels/\\d+/messages$", 429)  # a rate limit, retried
    await fake.disconnect(client); await fake.connect(new_client)       # a restart, same fake
    await fake.drop_gateway(client)     # gateway lost (discord.py: on_disconnect); events held
    await fake.resume_gateway(client)   # RESUME: held events, clicks with their ids, then RESUMED
    new = fake.add_guild("New"); new.system_channel_id = fake.add_channel(new, "general").id
    await fake.join(client, new)        # the bot is added to a server while connected
    await fake.close()                  # close and detach every client (teardown!)

    async with fake.loopback() as server:                 # real HTTP + gateway on 127.0.0.1
        task = await server.run_client(client)            # client.start(), waits for ready
        res = await fake.slash(client, ana, chan, "ping") # delivered over the websocket
        await fake.drop_gateway(client)   # socket closed (4000); the reconnect gets no HELLO
        await fake.resume_gateway(client) # HELLO → RESUME → missed frames → RESUMED
        await client.close(); await task

Time: snowflakes and the 15-minute token lifetime use ``clock()`` (seconds); ``at_ms``
arguments and ``fake.snowflake(at_ms)`` take Unix milliseconds. ``FakeClock.advance``/``sleep``
move virtual time. The 3-second first-response rule is measured on real (monotonic) elapsed
time from delivery, whatever the clock — a bot that really takes 3 s fails under a
``FakeClock`` too — plus the interaction's age on the clock when it was sent (an ``at_ms`` in
the past is a late delivery); a late first response is answered 10062 and recorded.
``slash``/``click``/``select`` wait (real time, ``fake.response_timeout``) for the first
callback and raise AssertionError if none arrives; they also raise AssertionError for what a
Discord client cannot do (unsynced or hidden commands, missing
required options, disabled buttons, values not offered, messages the user cannot see).

While a client's gateway is down (``drop_gateway``), a click sent to it waits for
``resume_gateway`` (send it as a task named ``fakediscord-bg-…``; don't ``settle`` meanwhile):
Discord keeps it and replays it on the RESUME with its original id, and its 3 seconds kept
running on the clock (held past them, its answer is 10062).

``settle()`` skips tasks named with a prefix in ``fake.background_prefixes`` (default
``("tablero-timer", "tablero-shard-lease", "tablero-malloc-trim", "tablero-emoji",
"fakediscord-bg")``: the bot's timers, its shard watch, its allocator trim and its search for
the emoji start-up could not show, which wait as long as they like), view/modal timeout
sleepers, shard workers and aiohttp internals. ``fake.violations`` lists every error answer
(HTTP 4xx) plus embeds dropped for lack of ``embed_links``; a correct bot leaves it empty.
"""

from .clock import DISCORD_EPOCH_MS, FakeClock, snowflake_ms
from .fake import FakeDiscord
from .loopback import LoopbackServer
from .model import (
    ComponentInfo,
    FakeAttachment,
    FakeChannel,
    FakeEmoji,
    FakeGuild,
    FakeInteraction,
    FakeMessage,
    FakeUser,
    InteractionResult,
)

__all__ = [
    "DISCORD_EPOCH_MS",
    "ComponentInfo",
    "FakeAttachment",
    "FakeChannel",
    "FakeClock",
    "FakeDiscord",
    "FakeEmoji",
    "FakeGuild",
    "FakeInteraction",
    "FakeMessage",
    "FakeUser",
    "InteractionResult",
    "LoopbackServer",
    "snowflake_ms",
]
