"""Pillow renders: game state (+ viewer) → image bytes. Imports games, nothing else of Tablero's.

Empty until the board images land (issue 4); the package exists so the layering holds from the
first commit.
"""
