"""The embedded Discord's web page (`tablero play`): a Discord-like text channel in a browser,
driven by the same model as the tests' double. `server.Playground` serves the page and its
JSON API; everything a member does becomes the INTERACTION_CREATE Discord would send, and
everything the page shows is what the bot sent over REST."""

from .server import Playground

__all__ = ["Playground"]
