"""`python -m bot` runs the bot (like `tablero run`); with arguments, the `tablero` command line."""

import sys

from bot.cli import main

raise SystemExit(main(sys.argv[1:] or ["run"]))
