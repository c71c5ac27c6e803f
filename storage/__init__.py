"""Durable matches: the event store. SQLite through aiosqlite is the default (one file, no set-up).

`Store` (storage.base) is the one interface; `SqliteStore.open(path)` gives the default backend;
`rebuild_open` replays every open match at start-up.
"""
