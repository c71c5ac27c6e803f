"""discord.py-facing: components and ids, the click router, lobbies, match starts, pages."""
