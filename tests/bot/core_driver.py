"""The bot's Discord-free core, built without a bot: a match service with its real moves and
questions, the way the composition root builds it (bot/wiring.py), for tests of the core alone."""

from __future__ import annotations

from collections.abc import Callable

from bot.core.live import LiveMatch
from bot.core.moves import BotMoves
from bot.core.questions import Questions
from bot.core.service import MatchService
from bot.core.thinking import Thinker
from bot.games import rules_table
from bot.wiring import computer_maker
from storage import Store, now_ms


def match_service(
    store: Store,
    *,
    thinker: Thinker | None = None,
    new_seed: Callable[[], str] | None = None,
    answered: Callable[[LiveMatch], None] = lambda live: None,
    now_ms: Callable[[], int] = now_ms,
) -> MatchService:
    """A match service on `store`; hard computers think in `thinker` (None: in this process,
    within their playouts), and `answered` is told when a thought wakes a match."""
    make_ai = computer_maker(None)
    questions = Questions(thinker, make_ai=make_ai, now_ms=now_ms, answered=answered)
    moves = BotMoves(now_ms=now_ms, make_ai=make_ai, searching=questions.searching)
    return MatchService(
        store, rules_table(), moves=moves, questions=questions, now_ms=now_ms, new_seed=new_seed
    )
