"""The things the fake Discord stores: users, guilds, channels, messages, interactions."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from .clock import snowflake_ms

EPHEMERAL = 1 << 6
LOADING = 1 << 7
HAS_THREAD = 1 << 5
COMPONENTS_V2 = 1 << 15
DEFAULT_UPLOAD_LIMIT = 10_485_760
TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12


@dataclass(eq=False)
class FakeUser:
    """A Discord user (or the bot itself)."""

    id: int
    name: str
    bot: bool = False
    accepts_dms: bool = True
    locale: str = "en-US"
    """The language of the user's Discord client (sent with each of their interactions)."""

    @property
    def mention(self) -> str:
        """How a message mentions this user."""
        return f"<@{self.id}>"


@dataclass(eq=False)
class FakeRole:
    """A guild role; the @everyone role shares the guild's id."""

    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    bot_id: int | None = None


@dataclass(eq=False)
class FakeMember:
    """A user's membership of a guild."""

    user: FakeUser
    guild_id: int
    role_ids: list[int]
    joined_ms: int


@dataclass(eq=False)
class Overwrite:
    """A channel permission overwrite (type 0 role, 1 member)."""

    target_id: int
    type: int
    allow: int = 0
    deny: int = 0


@dataclass(eq=False)
class FakeGuild:
    """A guild: roles, members and channel ids."""

    id: int
    name: str
    owner_id: int
    created_ms: int
    upload_limit: int = DEFAULT_UPLOAD_LIMIT
    locale: str = "en-US"
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    system_channel_id: int | None = None
    """Where Discord posts joins and boosts (``None``: the guild has none)."""
    emojis: dict[int, FakeEmoji] = field(default_factory=dict)
    """The guild's own custom emoji."""

    @property
    def everyone(self) -> FakeRole:
        """The @everyone role."""
        return self.roles[self.id]


@dataclass(eq=False)
class FakeEmoji:
    """A custom emoji: an application's (``guild_id`` None) or a guild's, with its image."""

    id: int
    name: str
    data: bytes
    content_type: str
    user: FakeUser
    guild_id: int | None = None


@dataclass(eq=False)
class FakeChannel:
    """A text channel, thread (type 11/12) or DM channel (type 1)."""

    id: int
    type: int
    name: str
    guild_id: int | None
    created_ms: int
    parent_id: int | None = None
    owner_id: int | None = None
    recipient: FakeUser | None = None
    overwrites: list[Overwrite] = field(default_factory=list)
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    member_ids: set[int] = field(default_factory=set)
    message_count: int = 0
    last_message_id: int | None = None

    @property
    def is_thread(self) -> bool:
        """Threads inherit permissions from their parent."""
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        """How a message mentions this channel."""
        return f"<#{self.id}>"


@dataclass(eq=False)
class FakeAttachment:
    """An uploaded file with its bytes."""

    id: int
    filename: str
    data: bytes
    content_type: str
    ephemeral: bool = False
    description: str | None = None

    @property
    def size(self) -> int:
        """Byte count, as Discord reports it."""
        return len(self.data)


@dataclass(frozen=True)
class Upload:
    """A file as it arrived in a multipart request (``files[index]``)."""

    index: int
    filename: str
    data: bytes


@dataclass(frozen=True)
class ComponentInfo:
    """A button or select as a player sees it."""

    type: int
    custom_id: str | None
    label: str | None
    emoji: str | None
    disabled: bool
    style: int | None
    url: str | None
    placeholder: str | None
    options: tuple[str, ...]
    raw: dict[str, Any]


@dataclass(eq=False)
class FakeMessage:
    """A stored message: what the bot sent and what became of it."""

    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    attachment_objects: list[FakeAttachment] = field(default_factory=list)
    type: int = 0
    edits: int = 0
    edited_ms: int | None = None
    deleted: bool = False
    visible_to: int | None = None
    interaction_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    thread_id: int | None = None
    reference_id: int | None = None
    reactions: list[str] = field(default_factory=list)
    allowed_mentions: dict[str, Any] | None = None
    """The ``allowed_mentions`` of the last payload that carried one (None: never sent)."""

    @property
    def created_ms(self) -> int:
        """Creation time (Unix ms), from the id like Discord."""
        return snowflake_ms(self.id)

    @property
    def ephemeral(self) -> bool:
        """Only ``visible_to`` can see it."""
        return bool(self.flags & EPHEMERAL)

    @property
    def exists(self) -> bool:
        """False once deleted."""
        return not self.deleted

    @property
    def text(self) -> str:
        """What a reader sees as text: the content, then every text display of a Components
        V2 message, in order."""
        shown = [
            c.get("content") or "" for c in walk_components(self.components) if c.get("type") == 10
        ]
        return "\n".join(t for t in [self.content, *shown] if t)

    @property
    def attachments(self) -> list[tuple[str, bytes]]:
        """Files as (filename, bytes)."""
        return [(a.filename, a.data) for a in self.attachment_objects]

    def visible_for(self, user_id: int | None) -> bool:
        """Whether ``user_id`` (None: everyone) sees this message."""
        return self.exists and (self.visible_to is None or self.visible_to == user_id)

    def interactive(self) -> list[ComponentInfo]:
        """Every button and select, in display order."""
        return [_info(c) for c in walk_components(self.components) if c.get("type") in _INTERACTIVE]

    def buttons(self) -> list[ComponentInfo]:
        """The buttons, in display order."""
        return [c for c in self.interactive() if c.type == 2]

    def selects(self) -> list[ComponentInfo]:
        """The selects (any select type), in display order."""
        return [c for c in self.interactive() if c.type != 2]

    def find(self, target: str, *, kind: str = "button") -> ComponentInfo:
        """The one button (or select) whose custom_id or label is ``target``."""
        pool = self.buttons() if kind == "button" else self.selects()
        hits = [c for c in pool if c.custom_id == target] or [
            c for c in pool if target in (c.label, c.placeholder)
        ]
        if len(hits) != 1:
            seen = [(c.label, c.custom_id) for c in pool]
            raise AssertionError(f"{len(hits)} {kind}s match {target!r} on {self.id}: {seen}")
        return hits[0]


_INTERACTIVE = {2, 3, 5, 6, 7, 8}


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, depth first, through rows, sections and containers (a section's
    accessory after its texts). A list: nested generators cost the double more than the
    checks they feed."""
    found: list[dict[str, Any]] = []
    waiting = components[::-1]
    while waiting:
        comp = waiting.pop()
        found.append(comp)
        accessory = comp.get("accessory")
        if isinstance(accessory, dict):
            waiting.append(accessory)
        waiting += comp.get("components", [])[::-1]
    return found


def _info(comp: dict[str, Any]) -> ComponentInfo:
    """Flatten one component for assertions."""
    emoji = comp.get("emoji") or {}
    return ComponentInfo(
        type=comp["type"],
        custom_id=comp.get("custom_id"),
        label=comp.get("label"),
        emoji=emoji.get("name"),
        disabled=bool(comp.get("disabled", False)),
        style=comp.get("style"),
        url=comp.get("url"),
        placeholder=comp.get("placeholder"),
        options=tuple(o["value"] for o in comp.get("options", [])),
        raw=comp,
    )


@dataclass(eq=False)
class FakeInteraction:
    """One interaction the fake sent to a bot, and everything the bot answered."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    application_id: int
    attachment_size_limit: int
    payload: dict[str, Any]
    message_id: int | None = None
    response_type: int | None = None
    response_data: dict[str, Any] | None = None
    responded_ms: int | None = None
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    sent_at: float = field(default_factory=time.monotonic)
    """When the fake sent it, on the real monotonic clock: the 3 s rule counts from here."""
    lag_ms: int = 0
    """Its age on the fake's clock when sent (an ``at_ms`` in the past: delivered late)."""
    deliveries: int = 0
    """How often its INTERACTION_CREATE reached a bot (more than once: redelivered)."""
    first_response_ms: int | None = None
    """``age_ms()`` when the first callback was accepted."""
    answered_at: float | None = None
    """When the bot's first callback arrived (accepted or too late), on the real monotonic
    clock of ``sent_at``."""

    @property
    def created_ms(self) -> int:
        """When Discord created it (Unix ms), from the snowflake."""
        return snowflake_ms(self.id)

    def age_ms(self) -> int:
        """Its age for Discord's 3-second rule: real (monotonic) milliseconds since it was
        sent plus its lag, never the virtual clock (advancing a ``FakeClock`` costs nothing)."""
        return self.lag_ms + int((time.monotonic() - self.sent_at) * 1000)

    @property
    def guild_id(self) -> int | None:
        """The guild, if not in a DM."""
        return self.channel.guild_id


@dataclass(eq=False)
class InteractionResult:
    """What ``slash``/``click``/``select`` hand back: a live view of one interaction."""

    interaction: FakeInteraction
    _messages: dict[int, FakeMessage]

    @property
    def response(self) -> dict[str, Any] | None:
        """The accepted first callback as ``{"type": int, "data": dict | None}``."""
        rec = self.interaction
        if rec.response_type is None:
            return None
        return {"type": rec.response_type, "data": rec.response_data}

    @property
    def acknowledged(self) -> bool:
        """Whether a callback was accepted."""
        return self.interaction.response_type is not None

    @property
    def ack_ms(self) -> int | None:
        """Milliseconds from the interaction's snowflake time to its first response, on the
        fake's clock (virtual time under a ``FakeClock``)."""
        rec = self.interaction
        return None if rec.responded_ms is None else rec.responded_ms - rec.created_ms

    @property
    def first_response_ms(self) -> int | None:
        """Real milliseconds from sending (plus any ``at_ms`` lag) to the first response: what
        Discord's 3-second rule measures."""
        return self.interaction.first_response_ms

    @property
    def message(self) -> FakeMessage | None:
        """The original response message (or the clicked message after an update)."""
        rec = self.interaction
        return None if rec.original_id is None else self._messages.get(rec.original_id)

    @property
    def ephemeral(self) -> bool:
        """Whether the first response was ephemeral."""
        data = self.interaction.response_data or {}
        return bool(int(data.get("flags", 0) or 0) & EPHEMERAL)

    @property
    def followups(self) -> list[FakeMessage]:
        """Followup messages, in order."""
        return [self._messages[i] for i in self.interaction.followup_ids]

    @property
    def messages(self) -> list[FakeMessage]:
        """Ephemeral messages from this interaction that its user can see."""
        ids = [self.interaction.original_id, *self.interaction.followup_ids]
        found = [self._messages.get(i) for i in dict.fromkeys(ids) if i is not None]
        uid = self.interaction.user.id
        return [m for m in found if m and m.ephemeral and m.visible_for(uid)]

    @property
    def errors(self) -> list[str]:
        """Errors Discord answered to calls made with this interaction's token."""
        return self.interaction.errors
