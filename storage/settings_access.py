"""A guild's and a member's settings, the same six calls on both drivers: each driver only says
how to read, replace and merge one row of a settings table."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from storage.records import SettingValue
from storage.sql import GUILD_SETTINGS, USER_SETTINGS, SettingsTable


class SettingsAccess(ABC):
    """The settings calls of the `Store` protocol, on a driver's three row operations."""

    @abstractmethod
    async def _get_settings(self, table: SettingsTable, key: str) -> dict[str, Any]:
        """One row's settings ({} if none were saved); StorageError for a corrupt row."""

    @abstractmethod
    async def _set_settings(self, table: SettingsTable, key: str, settings: dict[str, Any]) -> None:
        """Replace one row's settings."""

    @abstractmethod
    async def _merge_settings(
        self, table: SettingsTable, key: str, changes: Mapping[str, SettingValue | None]
    ) -> None:
        """Merge changes into one row's settings in one statement."""

    async def get_guild_settings(self, guild_id: str) -> dict[str, Any]:
        """A guild's settings ({} if none were saved)."""
        return await self._get_settings(GUILD_SETTINGS, guild_id)

    async def set_guild_settings(self, guild_id: str, settings: dict[str, Any]) -> None:
        """Replace a guild's settings (the bot writes through `update_guild_settings`)."""
        await self._set_settings(GUILD_SETTINGS, guild_id, settings)

    async def update_guild_settings(
        self, guild_id: str, changes: Mapping[str, SettingValue | None]
    ) -> None:
        """Merge changes into a guild's settings in one statement."""
        await self._merge_settings(GUILD_SETTINGS, guild_id, changes)

    async def get_user_settings(self, user_id: str) -> dict[str, Any]:
        """A member's own settings ({} if none were saved)."""
        return await self._get_settings(USER_SETTINGS, user_id)

    async def set_user_settings(self, user_id: str, settings: dict[str, Any]) -> None:
        """Replace a member's own settings (the bot writes through `update_user_settings`)."""
        await self._set_settings(USER_SETTINGS, user_id, settings)

    async def update_user_settings(
        self, user_id: str, changes: Mapping[str, SettingValue | None]
    ) -> None:
        """Merge changes into a member's own settings in one statement."""
        await self._merge_settings(USER_SETTINGS, user_id, changes)
