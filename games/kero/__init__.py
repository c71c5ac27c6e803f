"""Kero: a two-player real-time dice game where your tanker truck's KERO is your time.

So far the package holds the validated component data (`components.py`, `data/`); the engine
follows docs/rules/kero.md (issue 3).
"""
