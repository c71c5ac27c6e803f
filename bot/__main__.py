"""`python -m bot` runs the same command line as `tablero`."""

from bot.cli import main

raise SystemExit(main())
