"""Player ratings per guild and game: pure openskill bookkeeping, no Discord, storage or clock.

The bot rates a match when it finishes (`rate_match` + `history_of`) and `rebuild` replays every
finished match through the very same functions, so a rebuild equals the incremental path exactly.
"""

from ratings.model import DEFAULT, Prior, Standing, conservative, initial, rate
from ratings.rebuild import FinishedMatch, RebuiltRatings, history_of, rate_match, rebuild
from ratings.results import DEPARTURES, FORFEITS, places_of, rated_players, standing_places

__all__ = [
    "DEFAULT",
    "DEPARTURES",
    "FORFEITS",
    "FinishedMatch",
    "Prior",
    "RebuiltRatings",
    "Standing",
    "conservative",
    "history_of",
    "initial",
    "places_of",
    "rate",
    "rate_match",
    "rated_players",
    "rebuild",
    "standing_places",
]
