# /privacy: a member's own data (docs/privacy.md).
privacy-cmd = Your data: export it, delete it, or keep off the global leaderboard
privacy-export-cmd = Get everything Tablero keeps about you, as a file only you see
privacy-delete-cmd = Delete your data: settings, ratings, and your name on finished matches
privacy-board-cmd = Show or hide yourself on the global leaderboard
privacy-board-mode-cmd = shown or hidden on boards that gather several servers
privacy-board-shown-choice = shown
privacy-board-hidden-choice = hidden
# $records: finished matches whose records are in the file; $left: the oldest left out.
privacy-export-done = 📦 Your Tablero data: settings, ratings, matches, and the records of { $records ->
    [one] { $records } finished match
   *[other] { $records } finished matches
}.
privacy-export-left-out = The { $left ->
    [one] oldest record was
   *[other] { $left } oldest records were
} left out to keep the file under Discord's size limit.
privacy-delete-ask = 🗑️ Delete your Tablero data? Your settings, away periods and ratings go, and finished matches keep your seat under an anonymous name. { $open ->
    [0] You have no open match.
    [one] You resign your { $open } open match (the computer takes your seat, or it ends).
   *[other] You resign your { $open } open matches (the computer takes your seat, or they end).
} This can't be undone.
privacy-delete-label = Delete my data
privacy-keep-label = Keep it
privacy-deleted = ✅ Your Tablero data is deleted. { $seats ->
    [0] No match held your name.
    [one] { $seats } match now shows an anonymous seat.
   *[other] { $seats } matches now show an anonymous seat.
} If you play again, you start afresh.
privacy-kept = Nothing was deleted.
privacy-board-now-shown = You're shown on the global leaderboard (where your server shares its board).
privacy-board-now-hidden = You're hidden from the global leaderboard. Your server's own board still ranks you.
# A seat whose member deleted their data.
player-deleted = Deleted player
match-gone-computer = 👋 A player deleted their data and left: the computer plays their seat.
match-gone-ended = 👋 A player deleted their data and left: the match is over.
