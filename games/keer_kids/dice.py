"""The three identical Keer op Keer Kids dice: five animal colours and one purple cross."""

from __future__ import annotations

from typing import Final

PURPLE: Final = "purple"
COLOURS: Final = ("blue", "red", "green", "yellow", "orange")
FACES: Final = (*COLOURS, PURPLE)
"""The six faces of every die, in the order a draw indexes them."""

LETTER_OF: Final = {face: face[0].upper() for face in FACES}
FACE_OF: Final = {letter: face for face, letter in LETTER_OF.items()}
DICE_PER_ROLL: Final = 3
LEFT_WHEN_KEPT: Final = ((1, 2), (0, 2), (0, 1))
"""The two dice left to the others when the roller keeps die 0, 1 or 2."""
