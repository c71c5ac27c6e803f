"""Slash command data: find the synced command by path and type the options like Discord."""

from __future__ import annotations

from typing import Any

from . import payloads
from .events import has_all, permission_value
from .model import FakeAttachment, FakeChannel, FakeRole, FakeUser
from .world import World

SUB, GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(
    1, 12
)


class SlashBuilder:
    """Builds ``data`` for a type-2 interaction from ``"group sub"`` and keyword options."""

    def __init__(self, world: World) -> None:
        """Work on ``world``."""
        self.w = world

    def command(self, name: str, guild_id: int | None) -> dict[str, Any]:
        """The synced command a user in ``guild_id`` sees as ``/name`` (guild ones first)."""
        scopes = [guild_id, None] if guild_id else [None]
        for scope in scopes:
            for cmd in self.w.synced_commands.get(scope, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd
        known = sorted(c["name"] for s in scopes for c in self.w.synced_commands.get(s, []))
        raise AssertionError(f"/{name} is not synced where the user is; synced: {known}")

    def build(
        self,
        user: FakeUser,
        chan: FakeChannel,
        path: str,
        options: dict[str, Any],
        *,
        client_checks: bool = True,
    ) -> dict[str, Any]:
        """The interaction ``data``: nested subcommands, typed options, ``resolved``.

        ``client_checks=False`` sends what a modified client can: option values outside the
        declared choices, ``min_value``/``max_value`` and lengths (Discord's own client refuses
        to send them; Discord still types every value)."""
        head, *rest = path.split()
        cmd = self.command(head, chan.guild_id)
        self._check_visible(cmd, user, chan)
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        level, node = cmd, data
        for part in rest:
            sub = self._option(level, part, (SUB, GROUP))
            child: dict[str, Any] = {"name": part, "type": sub["type"], "options": []}
            node["options"] = [child]
            level, node = sub, child
        if any(o["type"] in (SUB, GROUP) for o in level.get("options", [])):
            raise AssertionError(f"/{path} needs a subcommand")
        resolved: dict[str, dict[str, Any]] = {}
        node["options"] = self._values(
            level, options, resolved, user, chan, client_checks=client_checks
        )
        if resolved:
            data["resolved"] = resolved
        return data

    def _check_visible(self, cmd: dict[str, Any], user: FakeUser, chan: FakeChannel) -> None:
        """Discord hides commands whose default_member_permissions the user lacks."""
        needed = permission_value(cmd.get("default_member_permissions"))
        if needed and not has_all(self.w.permissions(chan, user.id), needed):
            raise AssertionError(
                f"{user.name} cannot see /{cmd['name']} (default_member_permissions)"
            )

    def _option(self, level: dict[str, Any], name: str, kinds: tuple[int, ...]) -> dict[str, Any]:
        """A declared option of the given kinds, or a clear failure."""
        for opt in level.get("options", []):
            if opt["name"] == name and opt["type"] in kinds:
                found: dict[str, Any] = opt
                return found
        names = [o["name"] for o in level.get("options", [])]
        raise AssertionError(f"/{level['name']} has no {name!r}; it has {names}")

    def _values(
        self,
        level: dict[str, Any],
        given: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        user: FakeUser,
        chan: FakeChannel,
        *,
        client_checks: bool = True,
    ) -> list[dict[str, Any]]:
        """Typed option values in declaration order; required ones must be present."""
        declared = {o["name"]: o for o in level.get("options", [])}
        unknown = set(given) - set(declared)
        if unknown:
            raise AssertionError(
                f"/{level['name']} has no options {sorted(unknown)}; it has {list(declared)}"
            )
        out = []
        for name, opt in declared.items():
            if name not in given:
                if opt.get("required"):
                    raise AssertionError(f"/{level['name']} requires {name!r}")
                continue
            value = self._typed(opt, given[name], resolved, chan, client_checks=client_checks)
            out.append({"name": name, "type": opt["type"], "value": value})
        return out

    def _typed(
        self,
        opt: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
        chan: FakeChannel,
        *,
        client_checks: bool = True,
    ) -> Any:
        """One option value as Discord sends it, adding entities to ``resolved``."""
        kind = opt["type"]
        if kind in (STRING, INTEGER, NUMBER):
            return self._scalar(opt, value) if client_checks else _typed_scalar(opt, value)
        if kind == BOOLEAN:
            return _expect(opt, value, bool)
        if kind in (USER, MENTIONABLE) and isinstance(value, FakeUser):
            return self._user(value, resolved, chan)
        if kind in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = payloads.role(value)
            return str(value.id)
        if kind == CHANNEL and isinstance(value, FakeChannel):
            return self._channel(opt, value, resolved, chan)
        if kind == ATTACHMENT and isinstance(value, tuple):
            return self._attachment(value, resolved, chan)
        raise AssertionError(f"option {opt['name']!r} (type {kind}) cannot take {value!r}")

    def _scalar(self, opt: dict[str, Any], value: Any) -> Any:
        """Strings and numbers, with choices and bounds the Discord client enforces."""
        kind = opt["type"]
        _typed_scalar(opt, value)
        choices = [c["value"] for c in opt.get("choices") or []]
        if choices and value not in choices:
            raise AssertionError(f"{opt['name']}={value!r} is not one of the choices {choices}")
        low, high = opt.get("min_value"), opt.get("max_value")
        if kind != STRING and (
            (low is not None and value < low) or (high is not None and value > high)
        ):
            raise AssertionError(f"{opt['name']}={value!r} outside [{low}, {high}]")
        if kind == STRING and not opt.get("min_length", 0) <= len(value) <= opt.get(
            "max_length", 6000
        ):
            raise AssertionError(f"{opt['name']}={value!r} has a bad length")
        return value

    def _user(self, u: FakeUser, resolved: dict[str, dict[str, Any]], chan: FakeChannel) -> str:
        """A user option: ``resolved.users`` and, in guilds, ``resolved.members``."""
        resolved.setdefault("users", {})[str(u.id)] = payloads.user(u)
        guild = self.w.guilds.get(chan.guild_id or 0)
        if guild and u.id in guild.members:
            perms = self.w.permissions(chan, u.id)
            member = payloads.member(guild.members[u.id], with_user=False, permissions=perms)
            resolved.setdefault("members", {})[str(u.id)] = member
        return str(u.id)

    def _channel(
        self,
        opt: dict[str, Any],
        c: FakeChannel,
        resolved: dict[str, dict[str, Any]],
        chan: FakeChannel,
    ) -> str:
        """A channel option, with the channel types the option allows."""
        allowed = opt.get("channel_types")
        if allowed and c.type not in allowed:
            raise AssertionError(f"{opt['name']} does not accept channel type {c.type}")
        perms = self.w.permissions(c, self.w.bot.id)
        resolved.setdefault("channels", {})[str(c.id)] = payloads.channel(c, permissions=perms)
        return str(c.id)

    def _attachment(
        self, value: tuple[str, bytes], resolved: dict[str, dict[str, Any]], chan: FakeChannel
    ) -> str:
        """An attachment option from ``(filename, bytes)``."""
        filename, data = value
        att = FakeAttachment(
            self.w.ids.mint(), filename, data, payloads.content_type(filename), ephemeral=True
        )
        resolved.setdefault("attachments", {})[str(att.id)] = payloads.attachment(att, chan.id)
        return str(att.id)


_SCALARS: dict[int, type | tuple[type, ...]] = {STRING: str, INTEGER: int, NUMBER: (int, float)}


def _typed_scalar(opt: dict[str, Any], value: Any) -> Any:
    """A string or number of the option's type (what Discord itself checks), nothing more."""
    return _expect(opt, value, _SCALARS[opt["type"]])


def _expect(opt: dict[str, Any], value: Any, kind: type | tuple[type, ...]) -> Any:
    """Reject values the Discord client could not send for this option type."""
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise AssertionError(f"option {opt['name']!r} needs {kind}, got {value!r}")
    return value
