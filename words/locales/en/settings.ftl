## /settings: the server's choices, and a member's own.

settings-language-cmd = The language of this server's match messages and images
settings-language-option-cmd = auto: the server's own language in Discord (Server Settings)
settings-language-auto-choice = The server's language (auto)
language-en-choice = English
language-es-choice = Español
language-nl-choice = Nederlands
language-name-en = English
language-name-es = Spanish
language-name-nl = Dutch
settings-language-set = From now on match messages and images here are in { $language }. What Tablero shows only one member follows their own Discord language.
settings-language-auto = From now on match messages and images here follow the server's language in Discord (now: { $language }). What Tablero shows only one member follows their own Discord language.

## /settings: the other subcommands (their answers only the member sees).

settings-cmd = { -tablero }'s settings for this server
settings-on-choice = on
settings-off-choice = off
settings-live-choice = live
settings-async-choice = async
settings-threads-cmd = Play each new match in its own thread
settings-threads-mode-cmd = on: one thread per match; off: one match per channel
settings-threads-on = From now on each new match plays in its own thread.
settings-threads-off = From now on each new match plays in the channel it was started in (one at a time).
settings-limit-cmd = How many open matches a member may play
settings-limit-matches-cmd = at most this many open matches per member (1–25)
settings-limit-set = From now on a member may play at most { $count ->
    [one] { $count } open match
   *[other] { $count } open matches
} at once here.
settings-clock-cmd = Turn clocks: the default and their lengths
settings-clock-default-cmd = the clock new matches get unless their lobby or challenge says
settings-clock-live-minutes-cmd = a live turn (1–120 minutes)
settings-clock-async-hours-cmd = an async turn (1–168 hours)
settings-clock-abandon-days-cmd = close a match nobody played for this long (1–60 days)
settings-clock-away-days-cmd = days of every 30 a member may be away from async matches (0–30)
settings-show-away = Away: { $days ->
    [0] off: members can't pause their async matches here
    [one] a member may be away { $days } day of every 30
   *[other] a member may be away { $days } days of every 30
}
# $mode: live or async.
settings-clock-set = New matches get the { $mode ->
    [async] async
   *[live] live
} clock: live turns { $minutes } min, async turns { $hours } h; a match nobody plays for { $days ->
    [one] { $days } day
   *[other] { $days } days
} is closed.
settings-global-cmd = Show this server's players on the global board
settings-global-mode-cmd = on: list this server's players on the global leaderboard
settings-global-on = This server's players now appear on the global leaderboard, under the name they last played with (never this server's name).
settings-global-off = This server's players no longer appear on the global leaderboard.
settings-me-cmd = Your own choices: boards as images or text, picks with no alternative made for you
settings-me-images-cmd = off: what { -tablero } shows only you (My sheet, /stats) comes as text, not images
settings-me-images-on = What I show only you comes with images again.
settings-me-images-off = What I show only you (My sheet, /stats) now comes as text instead of images. Every match message has a 📝 { match-board-label } button for the board itself.
settings-me-autopick-cmd = on: a Keer pick with only one option is made for you (a note says so)
settings-me-autopick-on = A Keer pick with only one option is now made for you; the card notes it.
settings-me-autopick-off = Every Keer pick is yours to make again.
settings-me-now = Images: { $images } · picks with one option made for you: { $autopick }

settings-show-cmd = This server's { -tablero } settings
settings-show-head = **{ -tablero }'s settings for this server**
settings-show-threads-on = Threads: on: each new match plays in its own thread
settings-show-threads-off = Threads: off: one match at a time per channel
settings-show-limit = Member limit: { $count ->
    [one] { $count } open match
   *[other] { $count } open matches
} at once per member
settings-show-clock = Clock: new matches get the { $mode ->
    [async] async
   *[live] live
} clock; live turns { $minutes } min, async turns { $hours } h
settings-show-abandon = Abandon: a match nobody plays for { $days ->
    [one] { $days } day
   *[other] { $days } days
} is closed
settings-show-global-on = Global leaderboard: on
settings-show-global-off = Global leaderboard: off
# $language: language-name-…
settings-show-language-set = Language of match messages: { $language }
settings-show-language-auto = Language of match messages: the server's language in Discord (now: { $language })
