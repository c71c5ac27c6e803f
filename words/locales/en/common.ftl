## What every area shares: the games' terms, lists, and the refusals anyone may meet.
## Terms (-name) are each game's words, kept once (docs/glossary/).

-tablero = Tablero
-keer = Keer op Keer Kids
-kero = Kero
-fuel = KERO
-jerrycan = { $count ->
    [one] jerrycan
   *[other] jerrycans
}
-tuarek = { $count ->
    [one] Tuarek
   *[other] Tuareks
}

# The words that join the last two items of a list (the pseudo-locale's own lists).
# The games' titles (their own names, the same in every language).
game-keer-kids = { -keer }
game-kero = { -kero }

list-and = and
computer-name = { $name } (AI, { $level })
level-easy = easy
level-normal = normal
level-hard = hard
list-or = or

## Refusals: short, ephemeral, and always saying that nothing was changed where it matters.

refuse-out-of-date = That message is out of date — use the match's latest message.
refuse-no-match = That match no longer exists.
refuse-elsewhere = That button belongs to a match in another channel.
refuse-match-status = { $status ->
    [finished] That match is finished.
    [cancelled] That match is cancelled.
   *[abandoned] That match is abandoned.
}
refuse-match-damaged = That match can't be played: its record is damaged. An admin can cancel it.
refuse-match-over = This match is over.
refuse-not-playing = You're not playing in this match.
refuse-not-your-roll = It isn't your roll.
refuse-no-such-move = That isn't a move in this game.
refuse-no-such-level = The computer plays easy, normal or hard: nothing was started.
refuse-already-counted = That click was already counted.
refuse-moved-on = The match moved on while you clicked — try again.
refuse-button-does-nothing = That button does nothing here.
refuse-damaged-button = That button is damaged or from an old version of { -tablero }; nothing was changed.
refuse-damaged-choice = That choice is damaged; nothing was changed.
refuse-damaged-record = { -tablero }'s stored records for this are damaged, so nothing was changed. A server admin can check the bot's log (or `tablero db check`).
refuse-failed = Something went wrong on { -tablero }'s side; nothing was changed. Try again in a moment.
refuse-outage = { -tablero } can't save moves right now; nothing was changed. Try again in a moment.
refuse-held = ⏳ { -tablero } can't save moves this very moment, so your click is kept: it counts as soon as the database is back, at the time you clicked. No need to click again.
refuse-held-already = ⏳ Your earlier click is kept and counts as soon as the database is back; this one changes nothing.
refuse-slow = ⏳ Saving your move is taking longer than usual. The match message shows it once it's saved; if it can't be, you'll be told here.
refuse-command-here = You can't use this command here.
refuse-absent-is-you = That's you — just play your move.
refuse-clock-still-running = Their clock hasn't run out (or they already moved).
refuse-already-moved = They already moved.
refuse-away-past = Say how long you'll be away: some days or hours.
refuse-away-too-long = You can be away at most { $days } days at once; for longer, resign the match.
refuse-more-time-not-yours = Only the match's other players (or a server manager) can give more time.
refuse-more-time-live = More time is for async matches: a live clock stays as it is.
refuse-more-time-nobody = Nobody is on the clock right now.
refuse-more-time-yourself = You're on the clock yourself: you can't give yourself more time.
refuse-more-time-spent = This match already had its { $most } extensions.
refuse-hours-format = Give playing hours as a start and an end, like `18:00-22:00`, with a `zone`.
refuse-hours-empty = Playing hours need a start and an end that differ.
# $like: the known zones closest to the one typed.
refuse-hours-zone = I don't know the time zone { $zone }. Did you mean { $like }?
refuse-hours-live = Playing hours are for async matches: choose the async clock too.
refuse-hours-no-zone = Say which time zone those hours are in (`zone`, like Europe/Madrid).
refuse-server-only = { -tablero }'s games are played in a server: use this command in a channel of a server { -tablero } is in, not in a direct message.
refuse-manage-server = You need the Manage Server permission to change { -tablero }'s settings here.
refuse-missing-permissions = I can't start a match in { $channel }: I'm missing { $permissions } there. { $count ->
    [one] An admin can grant it in the channel's permissions.
   *[other] An admin can grant them in the channel's permissions.
}

## Discord's permissions, as its settings name them.

permission-view-channel = View Channel
permission-send-messages = Send Messages
permission-attach-files = Attach Files
permission-embed-links = Embed Links
permission-send-messages-in-threads = Send Messages in Threads
permission-create-public-threads = Create Public Threads

## Slash options only a modified client can send wrong.

refuse-option-needed = /{ $command } needs `{ $option }`; nothing was changed.
refuse-option-boolean = `{ $option }` must be true or false; nothing was changed.
refuse-option-member = `{ $option }` must be a member of this server; nothing was changed.
refuse-option-whole-number = `{ $option }` must be a whole number; nothing was changed.
refuse-option-too-large = `{ $option }` is far too large a number; nothing was changed.
refuse-option-text = `{ $option }` must be text; nothing was changed.
refuse-option-one-of = `{ $option }` must be { $choices }; nothing was changed.
refuse-option-range = `{ $option }` must be from { $low } to { $high }; nothing was changed.
refuse-option-range-at-least = `{ $option }` must be at least { $low }; nothing was changed.
refuse-option-range-at-most = `{ $option }` must be at most { $high }; nothing was changed.
refuse-option-length = `{ $option }` must be from { $low } to { $high } characters long; nothing was changed.
refuse-option-length-at-least = `{ $option }` must be at least { $low } characters long; nothing was changed.
refuse-option-length-at-most = `{ $option }` must be at most { $high } characters long; nothing was changed.

## Why the rules turned a move down (the engine's reasons).

reason-not-your-turn = It isn't your move right now.
reason-game-over = This match is over.
reason-unknown-player = You have no seat in this match.
reason-wrong-phase = That move isn't possible right now.
reason-already-chosen = You already picked for this roll.
reason-same-choice = That is already your pick.
reason-die-not-available = That die can't be used now.
reason-wrong-colour = That enclosure isn't the colour of your die.
reason-unknown-enclosure = There's no such enclosure on your sheet.
reason-already-crossed = You already crossed that enclosure.
reason-not-reachable = That enclosure needs a star or a crossed neighbour.
reason-must-cross = You must cross an enclosure: one of your colour can still be reached.
reason-no-marks-left = You have no exclamation marks left to cross.
reason-chameleon-required = Your chameleon is waiting: cross any enclosure you can reach.
reason-no-chameleon = You have no chameleon to use.
reason-bad-roll = Those dice don't fit this roll.
reason-not-enough = You don't have enough for that.
reason-tank-empty = Too late — your tank had run dry before that click.
reason-no-kero = Your tank is empty: fuel up first.
reason-stale = That click came before the match's latest move; nothing was changed.
reason-truck-flat = Your truck is already flat this turn.
reason-die-burnt = That die is burnt: it can't be rolled again this turn.
reason-empty-slot = There's nothing there to take.
reason-no-explorer = You have no Explorer to place.
reason-no-tuarek = There's no { -tuarek(count: 1) } there.
reason-not-held = You don't hold that { -tuarek(count: 1) }.
reason-already-used = That was already used this turn.
