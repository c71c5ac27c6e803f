"""The generic slash commands, one cog per group (each game brings its own: bot/games/); the
composition root (bot/wiring.py) builds them with the services they call."""
