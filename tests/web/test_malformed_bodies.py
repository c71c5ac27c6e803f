"""Whatever a client sends the page's API, a malformed request is a 4xx with its reason, never a
500: bodies that aren't JSON objects, fields of the wrong type, options that aren't values or
that name the driver's own parameters, ids that `str.isdigit` takes and `int` refuses."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.served import served

HELP = {
    "id": "900",
    "name": "help",
    "type": 1,
    "description": "How to play",
    "options": [{"name": "topic", "type": 3, "description": "A topic"}],
}
SLASH = {"as": "Ana", "channel": "general", "command": "help"}
RAW = [
    b"",
    b"{",
    b"[]",
    b'"help"',
    b"null",
    b"\xff\xfe{",
    b'{"as": "Ana", "options": {"n": ' + b"1" * 5000 + b"}}",  # past int()'s digits
    b'{"as": "Ana", "channel": "general", "command": "help", "options": {"topic": NaN}}',
    b'{"as": "Ana", "channel": "general", "command": "help", "options": {"topic": 1e999}}',
]
BODIES: list[tuple[str, dict[str, Any]]] = [
    ("/slash", {**SLASH, "as": ["Ana"]}),
    ("/slash", {**SLASH, "as": True}),
    ("/slash", {**SLASH, "channel": {"id": 1}}),
    ("/slash", {**SLASH, "command": 7}),
    ("/slash", {**SLASH, "command": "   "}),
    ("/slash", {**SLASH, "command": "help extra"}),
    ("/slash", {**SLASH, "options": ["topic"]}),
    ("/slash", {**SLASH, "options": {"topic": {"nested": 1}}}),
    ("/slash", {**SLASH, "options": {"topic": [1]}}),
    ("/slash", {**SLASH, "options": {"path": "x"}}),  # the driver's own parameters
    ("/slash", {**SLASH, "options": {"modified_client": True}}),
    ("/slash", {**SLASH, "options": {"client": "x", "user": "y", "chan": "z"}}),
    ("/slash", {**SLASH, "channel": "²"}),
    ("/component", {"as": "Ana", "message": 1.5, "custom_id": "x"}),
    ("/component", {"as": "Ana", "message": "²", "custom_id": "x"}),
    ("/component", {"as": "Ana", "message": "1", "custom_id": 5}),
    ("/component", {"as": "Ana", "message": "1", "custom_id": "x", "values": "a"}),
    ("/component", {"as": "Ana", "message": "1", "custom_id": "x", "values": [{}]}),
    ("/locale", {"as": "Ana", "locale": ["nl"]}),
    ("/locale", {"as": "Ana", "locale": "xx"}),
    ("/locale", {"locale": "nl"}),
]
GETS = [
    ("/messages", 400),
    ("/messages?as=Ana&channel=%C2%B2", 400),
    ("/messages?as=%00&channel=general", 400),
    ("/attachments/%C2%B2/0?as=Ana", 404),
    ("/attachments/1/%C2%B2?as=Ana", 404),
    ("/attachments/1/0?as=%C2%B2", 404),
    ("/emojis/%C2%B2.png", 404),
    ("/emojis/99999999999999999999999999.png", 404),
]


@pytest.mark.parametrize("raw", RAW, ids=[f"raw{i}" for i in range(len(RAW))])
async def test_a_body_that_is_not_a_json_object_of_values_is_a_400(raw: bytes) -> None:
    async with served() as page:
        page.fake.world.synced_commands[page.page.guild.id] = [HELP]
        for path in ("/slash", "/component", "/locale"):
            async with page.http.post(
                f"{page.base}/play/api{path}",
                data=raw,
                headers={"Content-Type": "application/json"},
            ) as answer:
                refused = await answer.json()
                assert answer.status == 400, (path, raw[:40])
                assert refused["ok"] is False and refused["error"], refused


async def test_a_field_of_the_wrong_type_or_value_is_a_400_with_its_reason() -> None:
    async with served() as page:
        page.fake.world.synced_commands[page.page.guild.id] = [HELP]
        for path, body in BODIES:
            status, refused = await page.call("POST", path, body)
            assert status == 400, (path, body, refused)
            assert refused["ok"] is False and refused["error"], refused


async def test_a_malformed_query_or_id_is_a_400_or_a_404() -> None:
    async with served() as page:
        for path, expected in GETS:
            async with page.http.get(f"{page.base}/play/api{path}") as answer:
                assert answer.status == expected, path


async def test_a_declared_charset_python_does_not_know_is_no_500() -> None:
    async with (
        served() as page,
        page.http.post(
            f"{page.base}/play/api/locale",
            data=b'{"as": "Ana", "locale": "nl"}',
            headers={"Content-Type": "application/json; charset=no-such-codec"},
        ) as answer,
    ):
        assert answer.status == 200  # JSON is UTF-8 (RFC 8259): the label is ignored
