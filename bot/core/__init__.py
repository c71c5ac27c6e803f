"""Discord-free: the match service, the bot's own moves, the rules halves, the clocks."""
