"""Resource bundles: the five resources as one small immutable value with exact arithmetic."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

RESOURCES: Final = ("brick", "wheat", "metal", "recruit", "jerrycan")


@dataclass(frozen=True, slots=True)
class Resources:
    """An amount of each resource (never negative)."""

    brick: int = 0
    wheat: int = 0
    metal: int = 0
    recruit: int = 0
    jerrycan: int = 0

    def __post_init__(self) -> None:
        if (
            self.brick < 0
            or self.wheat < 0
            or self.metal < 0
            or self.recruit < 0
            or self.jerrycan < 0
        ):
            raise ValueError(f"resources cannot be negative: {self}")

    @classmethod
    def of(cls, amounts: Mapping[str, int]) -> Resources:
        """From a mapping such as {"wheat": 3, "jerrycan": 1}; unknown names are refused."""
        unknown = set(amounts) - set(RESOURCES)
        if unknown:
            raise ValueError(
                f"unknown resource(s) {sorted(unknown)}; known: {', '.join(RESOURCES)}"
            )
        return cls(**amounts)

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        """The amounts in RESOURCES order."""
        return (self.brick, self.wheat, self.metal, self.recruit, self.jerrycan)

    def __add__(self, other: Resources) -> Resources:
        return Resources(
            self.brick + other.brick,
            self.wheat + other.wheat,
            self.metal + other.metal,
            self.recruit + other.recruit,
            self.jerrycan + other.jerrycan,
        )

    def __sub__(self, other: Resources) -> Resources:
        """The difference; raises ValueError if `other` is not covered."""
        return Resources(
            self.brick - other.brick,
            self.wheat - other.wheat,
            self.metal - other.metal,
            self.recruit - other.recruit,
            self.jerrycan - other.jerrycan,
        )

    def covers(self, other: Resources) -> bool:
        """Whether this bundle can pay `other`."""
        return (
            self.brick >= other.brick
            and self.wheat >= other.wheat
            and self.metal >= other.metal
            and self.recruit >= other.recruit
            and self.jerrycan >= other.jerrycan
        )

    def total(self) -> int:
        """How many resources in all."""
        return sum(self.as_tuple())

    def words(self) -> str:
        """In English, for logs and the engine's own messages: `2 bricks, 1 wheat and 1 jerrycan`
        (empty bundle: `nothing`). Players read resources from the catalogs (games.ftl)."""
        parts = [
            f"{n} {name if n == 1 else _PLURALS[name]}"
            for name, n in zip(RESOURCES, self.as_tuple(), strict=True)
            if n
        ]
        if len(parts) > 1:
            return ", ".join(parts[:-1]) + " and " + parts[-1]
        return parts[0] if parts else "nothing"

    def to_text(self) -> str:
        """Compact form, e.g. `wheat:3+jerrycan:1` (empty bundle: `-`)."""
        parts = [f"{name}:{n}" for name, n in zip(RESOURCES, self.as_tuple(), strict=True) if n]
        return "+".join(parts) or "-"


_PLURALS: Final = {
    "brick": "bricks",
    "wheat": "wheat",
    "metal": "metal",
    "recruit": "recruits",
    "jerrycan": "jerrycans",
}

NOTHING: Final = Resources()
"""The empty bundle (immutable, so safe as a default)."""
