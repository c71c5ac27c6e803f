"""Interaction routes: the callback, followups and @original, with Discord's timing rules."""

from __future__ import annotations

import time
from typing import Any

from . import errors, limits, payloads
from .model import EPHEMERAL, LOADING, FakeInteraction, FakeMessage
from .router import Reply, Request, Router
from .world import World

P = dict[str, str]
FIRST_RESPONSE_MS = 3_000
TOKEN_LIFETIME_MS = 15 * 60 * 1000
COMMAND, COMPONENT, MODAL_SUBMIT = 2, 3, 5
MESSAGE, DEFERRED, DEFERRED_UPDATE, UPDATE, MODAL = 4, 5, 6, 7, 9


class Callbacks:
    """Everything reached with an interaction token."""

    def __init__(self, world: World) -> None:
        """Work on ``world``."""
        self.w = world

    def register(self, r: Router) -> None:
        """Add the interaction routes."""
        r.add("POST", "/interactions/{iid}/{token}/callback", self.callback)
        r.add("POST", "/webhooks/{app}/{token}", self.followup)
        hook = "/webhooks/{app}/{token}/messages/"
        for mid in ("@original", "{mid}"):
            r.add("GET", hook + mid, self.get)
            r.add("PATCH", hook + mid, self.patch)
            r.add("DELETE", hook + mid, self.delete)

    # -- the first response ---------------------------------------------------------------

    def callback(self, q: Request, p: P) -> Reply:
        """POST /interactions/{id}/{token}/callback: the one acknowledgement, within 3 s of real
        time (``FakeInteraction.age_ms``), once per interaction id however often it was
        delivered (a second one is 40060)."""
        rec = self.w.interactions.get(p["token"])
        if rec is None or str(rec.id) != p["iid"]:
            raise errors.unknown_interaction("no such interaction")
        if rec.answered_at is None:
            rec.answered_at = time.monotonic()
        try:
            return self._respond(rec, q)
        except errors.ApiError as exc:
            rec.errors.append(exc.summary())
            raise
        finally:
            rec.answered.set()

    def _respond(self, rec: FakeInteraction, q: Request) -> Reply:
        """Check the rules, then perform the callback type's effect."""
        if rec.response_type is not None:
            raise errors.already_acknowledged()
        age = rec.age_ms()
        if age > FIRST_RESPONSE_MS:
            raise errors.unknown_interaction(f"first response after {age} ms")
        kind, data = int(q.body.get("type", 0)), q.body.get("data") or {}
        msg = self._effect(rec, kind, data, q)
        rec.response_type, rec.response_data = kind, q.body.get("data")
        rec.responded_ms, rec.first_response_ms = self.w.now_ms(), age
        if not q.flag("with_response"):
            return 204, None
        return 200, self._callback_body(rec, kind, msg)

    def _effect(
        self, rec: FakeInteraction, kind: int, data: dict[str, Any], q: Request
    ) -> FakeMessage | None:
        """Create, defer or update a message, or accept a modal."""
        if kind in (MESSAGE, DEFERRED):
            loading = LOADING if kind == DEFERRED else 0
            payload = data if kind == MESSAGE else {"flags": data.get("flags", 0)}
            msg = self.new_message(
                rec, payload, q, original=True, extra=loading, force=bool(loading)
            )
            rec.original_id = msg.id
            return msg
        if kind in (DEFERRED_UPDATE, UPDATE) and rec.type in (COMPONENT, MODAL_SUBMIT):
            target = self.w.message(rec.message_id or 0)
            if kind == UPDATE:
                self.w.edit_message(target, data, q.files, upload_limit=rec.attachment_size_limit)
            rec.original_id = target.id
            return target if kind == UPDATE else None
        if kind == MODAL and rec.type != MODAL_SUBMIT:
            problems = limits.check_modal(data)
            if problems:
                raise errors.form_error(problems)
            return None
        raise errors.form_error(
            [errors.FieldError("type", "INTERACTION_RESPONSE_TYPE_INVALID", str(kind))]
        )

    def _callback_body(
        self, rec: FakeInteraction, kind: int, msg: FakeMessage | None
    ) -> dict[str, Any]:
        """The ``with_response`` body discord.py 2.7 needs to attach views."""
        inner: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
        body: dict[str, Any] = {"interaction": inner}
        if rec.original_id is not None and kind != MODAL:
            original = self.w.messages[rec.original_id]
            inner["response_message_id"] = str(original.id)
            inner["response_message_loading"] = bool(original.flags & LOADING)
            inner["response_message_ephemeral"] = original.ephemeral
        if msg is not None:
            body["resource"] = {"type": kind, "message": payloads.message(msg)}
        return body

    def new_message(
        self,
        rec: FakeInteraction,
        payload: dict[str, Any],
        q: Request,
        *,
        original: bool,
        extra: int = 0,
        force: bool = False,
    ) -> FakeMessage:
        """A response or followup message in the interaction's channel."""
        ephemeral = bool(int(payload.get("flags") or 0) & EPHEMERAL)
        meta: dict[str, Any] = {
            "interaction_id": rec.id,
            "application_id": self.w.app_id,
            "visible_to": rec.user.id if ephemeral else None,
            "type": 20 if original and rec.type == COMMAND else 0,
            "interaction_metadata": self._metadata(rec, original),
        }
        flags = extra | (EPHEMERAL if ephemeral else 0)
        if force:
            return self._bare(rec, flags, meta)
        return self.w.create_message(
            rec.channel,
            payload,
            q.files,
            upload_limit=rec.attachment_size_limit,
            extra_flags=flags,
            **meta,
        )

    def _bare(self, rec: FakeInteraction, flags: int, meta: dict[str, Any]) -> FakeMessage:
        """The empty 'thinking…' message a deferral creates."""
        msg = FakeMessage(
            self.w.ids.mint(), rec.channel.id, rec.channel.guild_id, self.w.bot, flags=flags, **meta
        )
        self.w.messages[msg.id] = msg
        return msg

    def _metadata(self, rec: FakeInteraction, original: bool) -> dict[str, Any]:
        """``interaction_metadata`` of messages created through an interaction."""
        meta: dict[str, Any] = {
            "id": str(rec.id),
            "type": rec.type,
            "user": payloads.user(rec.user),
            "authorizing_integration_owners": rec.payload.get("authorizing_integration_owners", {}),
        }
        if rec.type == COMMAND:
            meta["name"] = (rec.payload.get("data") or {}).get("name", "")
        if rec.message_id is not None:
            meta["interacted_message_id"] = str(rec.message_id)
        if not original and rec.original_id is not None:
            meta["original_response_message_id"] = str(rec.original_id)
        return meta

    # -- token routes ---------------------------------------------------------------------

    def token(self, p: P) -> FakeInteraction:
        """The interaction behind a webhook token, checked for age and acknowledgement."""
        rec = self.w.interactions.get(p["token"])
        if rec is None or p["app"] != str(self.w.app_id):
            raise errors.unknown_webhook("no such token")
        age = self.w.now_ms() - rec.created_ms
        if age > TOKEN_LIFETIME_MS:
            raise self._log(
                rec,
                errors.invalid_webhook_token(f"token used {age // 1000} s after the interaction"),
            )
        if rec.response_type is None:
            raise self._log(
                rec, errors.unknown_webhook("followup or @original before acknowledging")
            )
        return rec

    def _log(self, rec: FakeInteraction, exc: errors.ApiError) -> errors.ApiError:
        """Remember the error on the interaction too."""
        rec.errors.append(exc.summary())
        return exc

    def followup(self, q: Request, p: P) -> Reply:
        """POST /webhooks/{app}/{token}: a followup; the first one after a deferral fills it."""
        rec = self.token(p)
        original = self.w.messages.get(rec.original_id or 0)
        if original is not None and original.flags & LOADING:
            msg = self._fill(rec, original, q)
        else:
            msg = self.new_message(rec, q.body, q, original=False)
        rec.followup_ids.append(msg.id)
        return (200, payloads.message(msg)) if q.flag("wait") else (204, None)

    def _fill(self, rec: FakeInteraction, msg: FakeMessage, q: Request) -> FakeMessage:
        """Replace a deferred 'thinking…' message; not counted as an edit."""
        self.w.edit_message(msg, q.body, q.files, upload_limit=rec.attachment_size_limit)
        msg.flags &= ~LOADING
        msg.edits, msg.edited_ms = msg.edits - 1, None
        return msg

    def target(self, rec: FakeInteraction, p: P) -> FakeMessage:
        """@original or one of this interaction's followups."""
        mid = rec.original_id if p.get("mid") is None else int(p["mid"])
        if mid is None or (mid != rec.original_id and mid not in rec.followup_ids):
            raise self._log(rec, errors.unknown_message())
        try:
            return self.w.message(mid)
        except errors.ApiError as exc:
            raise self._log(rec, exc) from None

    def get(self, q: Request, p: P) -> Reply:
        """GET @original or a followup."""
        rec = self.token(p)
        return 200, payloads.message(self.target(rec, p))

    def patch(self, q: Request, p: P) -> Reply:
        """PATCH @original or a followup (filling a deferral is not an edit)."""
        rec = self.token(p)
        msg = self.target(rec, p)
        if msg.flags & LOADING:
            return 200, payloads.message(self._fill(rec, msg, q))
        self.w.edit_message(msg, q.body, q.files, upload_limit=rec.attachment_size_limit)
        return 200, payloads.message(msg)

    def delete(self, q: Request, p: P) -> Reply:
        """DELETE @original or a followup."""
        rec = self.token(p)
        self.target(rec, p).deleted = True
        return 204, None
