"""The tanker truck as a time resource: KERO is milliseconds, and the engine never reads a clock.

Every timed action carries a timestamp in milliseconds on Discord's clock. Tipping the truck at
T0 with F ms of KERO opens a window that closes at E = T0 + F + credits, where credits are the
processing time the bot hands back to the player (docs/rules/kero.md). An action stamped at or
after E is too late; laying the truck flat at s < E keeps E − s.
"""

from __future__ import annotations

from dataclasses import dataclass


class TankError(ValueError):
    """A tanker operation the clock or the tank refuses."""


class TooLate(TankError):
    """Stamped at or after the moment the tank ran dry."""


class OutOfOrder(TankError):
    """Stamped before an action already accepted: time never runs backwards."""


class Dry(TankError):
    """A truck with no KERO cannot be tipped: it must be fuelled up first."""


@dataclass(frozen=True, slots=True)
class Tank:
    """A truck lying flat: how much KERO it holds, out of its capacity."""

    level_ms: int
    capacity_ms: int

    def __post_init__(self) -> None:
        if not 0 <= self.level_ms <= self.capacity_ms:
            raise TankError(f"a tank holds 0 to {self.capacity_ms} ms, not {self.level_ms}")

    @classmethod
    def full(cls, capacity_ms: int) -> Tank:
        """A full tank (trucks start the game full)."""
        return cls(capacity_ms, capacity_ms)

    def filled(self, ms: int) -> Tank:
        """The tank after `ms` of KERO flowed in, capped at capacity."""
        if ms < 0:
            raise TankError(f"cannot fill a negative amount ({ms} ms)")
        return Tank(min(self.capacity_ms, self.level_ms + ms), self.capacity_ms)

    def tip(self, at: int) -> Window:
        """Tip the truck at `at`: the rolling window opens with all the KERO in the tank."""
        if self.level_ms == 0:
            raise Dry("your tank is empty: fuel up first")
        return Window(tipped_at=at, fuel_ms=self.level_ms, capacity_ms=self.capacity_ms)


@dataclass(frozen=True, slots=True)
class Window:
    """A tipped truck: KERO flows from `tipped_at`; the tank is empty at `empty_at`."""

    tipped_at: int
    fuel_ms: int
    capacity_ms: int
    credit_ms: int = 0
    last_at: int | None = None
    """The latest timestamp seen in this window: time never runs backwards."""

    @property
    def empty_at(self) -> int:
        """E = T0 + F + credits: an action stamped at or after E counts for nothing."""
        return self.tipped_at + self.fuel_ms + self.credit_ms

    def left_at(self, at: int) -> int:
        """KERO left at `at` (0 once empty)."""
        return max(0, self.empty_at - max(at, self.tipped_at))

    def check(self, at: int) -> Window:
        """Accept an action stamped `at`: before E and not before the last one; else TankError."""
        tipped_at, last_at = self.tipped_at, self.last_at
        earliest = tipped_at if last_at is None else last_at
        if at < earliest:
            raise OutOfOrder(f"that came at {at} ms, before the last move at {earliest} ms")
        empty_at = tipped_at + self.fuel_ms + self.credit_ms  # `empty_at`, read once
        if at >= empty_at:
            raise TooLate(f"your tank ran dry at {empty_at} ms, before that move at {at} ms")
        return Window(tipped_at, self.fuel_ms, self.capacity_ms, self.credit_ms, at)

    def credited(self, ms: int) -> Window:
        """The window with `ms` of the bot's processing time given back to the player."""
        if ms < 0:
            raise TankError(f"a credit cannot be negative ({ms} ms)")
        return Window(
            self.tipped_at, self.fuel_ms, self.capacity_ms, self.credit_ms + ms, self.last_at
        )

    def stop(self, at: int) -> Tank:
        """Lay the truck flat at `at` (< E): the tank keeps E − at, capped at capacity."""
        window = self.check(at)
        return Tank(min(self.capacity_ms, window.empty_at - at), self.capacity_ms)

    def run_dry(self) -> Tank:
        """The window closed at E: the tank is empty."""
        return Tank(0, self.capacity_ms)
