"""The typed refusals of the storage layer, so callers can tell a stale click from a broken row."""

from __future__ import annotations


class StorageError(Exception):
    """Something the database refused or cannot be used for; the message says what."""


class ShardTaken(StorageError):
    """Another process already runs one of these shards (or the database can't be shared): this one
    must not start."""


class SchemaTooNew(StorageError):
    """The database was written by a newer Tablero; it is left untouched."""


class StaleVersion(StorageError):
    """The match moved on since the caller read it (another action was stored first)."""


class DuplicateInteraction(StorageError):
    """This Discord interaction was already stored: a redelivered or double click."""


class UnknownMatch(StorageError):
    """No match has this id."""


class LeaseLost(ShardTaken):
    """Another process took the shard of this match since this one claimed it (its lease
    generation moved on): the write was refused and stored nothing, and this process must stop
    serving the shard."""
