"""`/away` in the play page, as members use it (issue 32): Bo goes away from an async Keer
match, the channel is told once and the rolls go on without him; he comes back, told once."""

from __future__ import annotations

from tests.web.conftest import OpenPage
from tests.web.page_driver import slash, slash_with


async def test_a_member_goes_away_and_comes_back(open_page: OpenPage) -> None:
    ana, bo = await open_page("Ana", "keer"), await open_page("Bo", "keer", phone=True)
    await slash_with(ana, "/keer start", clock="async")
    await bo.locator('button[data-testid*=":join"]').last.click()
    await bo.wait_for_timeout(300)
    await ana.locator('button[data-testid*=":start"]').last.click()
    await ana.get_by_text("Clock runs out").last.wait_for()

    await slash_with(bo, "/away on", days="2")
    await bo.locator(".message.ephemeral", has_text="You're away until").last.wait_for()
    notice = ana.locator(".message", has_text="is away until")
    await notice.last.wait_for()
    assert "the rolls go on without them" in await notice.last.inner_text()

    await slash(bo, "/away off")
    await bo.locator(".message.ephemeral", has_text="Welcome back").last.wait_for()
    await ana.locator(".message", has_text="is back").last.wait_for()
    await ana.wait_for_timeout(500)
    assert await ana.locator(".message", has_text="is away until").count() == 1
    assert await ana.locator(".message", has_text="is back").count() == 1
