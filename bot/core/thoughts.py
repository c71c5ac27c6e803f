"""A match's searching computers: what each was asked to decide, and the answers come back.

An answer is the seat's move for the state it was asked about. It still holds while only other
seats have moved since (Keer's simultaneous choices: the seat's options are unchanged); once the
seat itself, chance or the bot moved for it, the question is stale and is asked again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.common.protocol import CHANCE, Action, GameState, Seat


@dataclass(slots=True)
class Thoughts:
    """Per seat: the history length a question was asked at, and the answers received."""

    asked: dict[Seat, int] = field(default_factory=dict)
    answers: dict[Seat, tuple[int, Action]] = field(default_factory=dict)

    def answer_for(self, state: GameState, seat: Seat) -> Action | None:
        """The seat's answer if it still holds in `state`."""
        found = self.answers.get(seat)
        if found is None or not _holds(state, seat, found[0]):
            return None
        return found[1]

    def needs_asking(self, state: GameState, seat: Seat) -> bool:
        """Whether no question about this decision is in flight or answered yet (one asked
        before the others moved still stands)."""
        asked = self.asked.get(seat)
        in_flight = asked is not None and _holds(state, seat, asked)
        return not in_flight and self.answer_for(state, seat) is None

    def ask(self, state: GameState, seat: Seat) -> int:
        """Note a question about the seat's decision in `state`; its history length."""
        self.asked[seat] = asked = len(state.history)
        return asked

    def still_asked(self, state: GameState, seat: Seat, asked: int) -> bool:
        """Whether the question asked at `asked` is the seat's current one, unanswered."""
        return self.asked.get(seat) == asked and _holds(state, seat, asked)

    def received(self, seat: Seat, asked: int, action: Action) -> bool:
        """Keep an answer; False if a newer question of the seat superseded it."""
        if self.asked.get(seat) != asked:
            return False
        del self.asked[seat]
        self.answers[seat] = (asked, action)
        return True

    def drop(self, seat: Seat) -> None:
        """Forget the seat's answer (the engine refused it: the seat is asked again)."""
        self.answers.pop(seat, None)


def _holds(state: GameState, seat: Seat, asked: int) -> bool:
    """Whether a decision asked at history length `asked` is still the seat's decision now:
    only other seats moved since."""
    history = state.history
    return len(history) >= asked and all(s not in (seat, CHANCE) for s, _ in history[asked:])
