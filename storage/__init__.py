"""Durable matches: the event store on SQLite (aiosqlite) or PostgreSQL (asyncpg).

Empty until the event store lands (issue 5); the package exists so the layering holds from the
first commit.
"""
