## A match's life: lobbies and challenges, starting, /match, turn clocks and their notices.
## Match numbers are shown without grouping (#1234, never #1,234): they are names, not amounts.

## Lobbies and challenges (public: the server's language).

lobby-join-label = Join
lobby-leave-label = Leave
lobby-add-ai-label = Add AI
lobby-add-ai-easy-label = Add AI: easy
lobby-add-ai-hard-label = Add AI: hard
lobby-start-label = Start
lobby-close-label = Close
challenge-accept-label = Accept
challenge-decline-label = Decline

# A game's options as a lobby names them (Kero's variant and fuel-ups).
lobby-option-variant-base = base game
lobby-option-variant-boss = Boss Variant
lobby-option-fuel-up-auto = refuel: auto
lobby-option-fuel-up-live = refuel: live
lobby-rated = rated
lobby-casual = casual (unrated)
lobby-unrated-computer = unrated (a computer plays)
# $clock: clock-live-per-turn or clock-async-per-turn.
lobby-clock = clock: { $clock }
# $name: the seat that rolls first (the host until they choose another; Keer op Keer Kids).
lobby-first = { $name } rolls first
lobby-first-placeholder = Who rolls first?

# $terms: the options, clock and rating joined by " · "; $players: the seats listed.
lobby-rematch = 🔁 Rematch of **{ $game }** match #{ NUMBER($match, useGrouping: 0) } · { $terms }
    Players: { $players }. Waiting for { $waiting } to accept — expires { $closes }.
# $challenged, $challenger: mentions.
lobby-challenge = ⚔️ **{ $game }** challenge · { $terms }
    { $challenged }, { $challenger } challenges you. Accept or decline — expires { $closes }.
# $seats: one lobby-seat line per seat.
lobby-open = 🎲 **{ $game }** lobby · { $terms }
    { $host } is looking for players ({ $min }–{ $max } seats). Lobby closes { $closes }.
    { $seats }
lobby-seat = { $place }. { $name }
lobby-seat-host = { $place }. { $name } (host)
# $kind: lobby or challenge; $status: cancelled, declined or expired.
lobby-closed = { $kind ->
    [challenge] { $status ->
        [declined] Challenge for **{ $game }** declined.
        [expired] Challenge for **{ $game }** expired.
       *[cancelled] Challenge for **{ $game }** cancelled.
    }
   *[lobby] { $status ->
        [expired] Lobby for **{ $game }** expired.
       *[cancelled] Lobby for **{ $game }** cancelled.
    }
}
lobby-started-below = **{ $game }** match #{ NUMBER($match, useGrouping: 0) } started below: { $players }.
lobby-started-in-thread = **{ $game }** match #{ NUMBER($match, useGrouping: 0) } started in its thread: { $players }.
fair-commitment = 🔒 Dice sealed: `{ $commitment }…` — once the match is over, its record reveals the secret (`tablero verify` checks every roll).

refuse-lobby-gone = That lobby no longer exists.
refuse-lobby-closed = { $kind ->
    [challenge] That challenge is closed.
   *[lobby] That lobby is closed.
}
refuse-lobby-is-challenge = This is a challenge between two members.
refuse-lobby-already-in = You're already in this lobby.
refuse-lobby-full = The lobby is full ({ $seats ->
    [one] { $seats } seat
   *[other] { $seats } seats
}).
refuse-lobby-not-in = You're not in this lobby.
refuse-lobby-host-leaves = You host this lobby: use { lobby-close-label } to call it off.
refuse-lobby-host-adds-ai = Only the host ({ $host }) adds computer players.
refuse-lobby-host-closes = Only the host ({ $host }) closes the lobby.
refuse-lobby-host-starts = Only the host ({ $host }) starts the match.
refuse-lobby-host-chooses-first = Only the host ({ $host }) chooses who rolls first.
refuse-lobby-no-first-choice = This lobby doesn't choose who rolls first: its game's own rule decides.
refuse-lobby-first-not-in = That player is no longer in the lobby: choose one of the seats listed.
refuse-lobby-too-few = { $game } needs at least { $count ->
    [one] { $count } player
   *[other] { $count } players
}.
refuse-challenge-not-invited = Only the invited members can accept.
refuse-challenge-not-yours = This challenge isn't yours to decline.
refuse-rematch-not-player = Only the players of that match can ask for a rematch.

## Starting a match.

match-thread-name = { $game }: { $players }
refuse-channel-busy = Match #{ NUMBER($match, useGrouping: 0) } is still running in this channel. Finish it (or `/match cancel`) first, or play in another channel.
refuse-channel-busy-link = Match #{ NUMBER($match, useGrouping: 0) } is still running in this channel ({ $url }). Finish it (or `/match cancel`) first, or play in another channel.
refuse-no-thread = I couldn't open a thread for the match in { $channel }, so nothing was started; check that I may create public threads there.
refuse-first-post-forbidden = I couldn't post the first message of match #{ NUMBER($match, useGrouping: 0) } in { $channel }: Discord didn't let me post there. The match was called off (it counts for no one) and the channel is free; check my permissions there and try again.
refuse-first-post-error = I couldn't post the first message of match #{ NUMBER($match, useGrouping: 0) } in { $channel }: Discord answered with an error ({ NUMBER($status, useGrouping: 0) }). The match was called off (it counts for no one) and the channel is free; check my permissions there and try again.
# $member: a mention.
refuse-member-limit = { $member } already plays { $count ->
    [one] { $count } open match
   *[other] { $count } open matches
} here (this server's limit is { $limit }); finish one first — `/match list` shows them.

## The match's own buttons and notices (public).

match-board-label = Text board
# 📝 Text board: its title on every page ($page of $pages when it takes several), and the
# buttons that page it.
match-board-title = 📝 Text board · match #{ NUMBER($match, useGrouping: 0) }
match-board-page-title = 📝 Text board · match #{ NUMBER($match, useGrouping: 0) } · page { $page } of { $pages }
match-board-previous-label = Previous page
match-board-next-label = Next page
match-rematch-label = Rematch
match-cancel-yes-label = Cancel it
match-cancel-no-label = Keep playing
# An image's alt text begins with this.
match-alt-title = { $game } match #{ NUMBER($match, useGrouping: 0) }
match-abandoned = 💤 Match #{ NUMBER($match, useGrouping: 0) } was closed as abandoned: nobody played.
# $names: the players whose clock ran out, listed.
match-clock-skipped = ⏰ Match #{ NUMBER($match, useGrouping: 0) }: the turn clock ran out — { $count ->
    [one] { $names } skips this roll.
   *[other] { $names } skip this roll.
}
match-clock-timed-out = ⏰ Match #{ NUMBER($match, useGrouping: 0) }: the turn clock ran out — { $count ->
    [one] { $names } ran out of time.
   *[other] { $names } ran out of time.
}
match-clock-others-may-act = The other players may skip their turn or expel them (the computer plays on).
match-skip-turn-label = Skip { $name }'s turn
match-expel-label = Expel { $name }
match-skipped-turn = ⏭️ { $who } skipped { $absent }'s turn.
match-expelled = 🚪 { $name } was expelled; the computer plays their seat.
# $others: the members still playing, listed ($count of them).
match-resigned-ended = 🏳️ { $name } resigned match #{ NUMBER($match, useGrouping: 0) }. Still standing: { $count ->
    [0] nobody, so the match ends unrated
   *[other] { $others }
}.
match-resigned-computer = 🏳️ { $name } resigned; the computer plays their seat so the match can go on.
# A results line of a seat that left the match ($line: its place, name and points); it is
# placed last whatever the computer scored for it.
match-result-departed = { $line } · { $how ->
    [resigned] resigned
    [expelled] expelled
   *[left] left
}
match-cancelled-by-moderator = Match #{ NUMBER($match, useGrouping: 0) } was cancelled by a moderator, { $name }.
match-cancelled-by-agreement = Match #{ NUMBER($match, useGrouping: 0) } was cancelled by agreement.
match-cancel-asked = { $name } asks to cancel match #{ NUMBER($match, useGrouping: 0) }. Waiting for: { $waiting }.
match-cancel-waiting = Cancel match #{ NUMBER($match, useGrouping: 0) }? Waiting for: { $waiting }.
# $member: a mention.
match-cancel-kept = { $member } wants to keep playing; match #{ NUMBER($match, useGrouping: 0) } goes on.
match-cancelled-agreed = Match #{ NUMBER($match, useGrouping: 0) } was cancelled: every player agreed.

## /match (the answers only the member sees).

match-cmd = The match here
match-status-cmd = Where the match here stands (just for you)
match-here-cmd = Post the match's current message again
match-list-cmd = Your open matches in this server
match-record-cmd = The record of a match, to replay it
match-record-match-cmd = the match's number
match-resign-cmd = Leave the match here
match-cancel-cmd = Cancel the match here (every player agrees)

refuse-no-match-here = No match is running here.
refuse-turn-not-skippable = That turn can't be skipped any more.
refuse-already-replaced = That player was already replaced.
refuse-cancel-not-player = Only the players (or a member with Manage Server) can cancel a match.
match-here-reposting = Posting match #{ NUMBER($match, useGrouping: 0) }'s current message again.
# $progress: the game's own line (whose move, how far).
match-status-head = **{ $game }** match #{ NUMBER($match, useGrouping: 0) } · { $progress }
match-status-seat = { $place }. { $name }
match-status-link = [Go to the match's message]({ $url })
match-list-empty = You have no open match here.
match-list-head = Your open matches here ({ $count } of at most { $limit }):
match-list-head-page = Your open matches here ({ $count } of at most { $limit }) · page { $page } of { $pages }:
# $channel: a channel mention. A line begins with the match's number.
match-list-line = #{ NUMBER($match, useGrouping: 0) } { $game } in { $channel }: { $progress }
match-list-line-your-move = #{ NUMBER($match, useGrouping: 0) } { $game } in { $channel }: { $progress } · **your move**
match-list-go = [go]({ $url })
match-list-previous-label = ◀ Previous
match-list-next-label = Next ▶

## Turn clocks and reminders.

clock-live-per-turn = live ({ $minutes } min per turn)
clock-async-per-turn = async ({ $hours } h per turn)
# $mentions: the members waited for; $due: a Discord time.
clock-ping = 🔔 { $mentions }: your move in match #{ NUMBER($match, useGrouping: 0) } (ends { $due }).
clock-remind = ⏰ Your move in { $game } match #{ NUMBER($match, useGrouping: 0) }: the turn clock runs out { $due }.

notify-cmd = DM me once before my turn clock runs out
notify-mode-cmd = on: one DM per turn before your clock runs out; off: none
notify-on-choice = on
notify-off-choice = off
notify-on = I'll DM you once per turn before your clock runs out.
notify-off = No more reminder DMs.

## The note posted when Tablero joins a server (public).
## One message a line; $basics, $threads: Discord's permissions, listed.

onboarding-hello = 👋 **{ -tablero }** is here: dice games played right in this server, with the board drawn after every move.
onboarding-permissions = **Permissions** I need where you play: { $basics }; for a match in its own thread also { $threads }.
onboarding-setup = **Set up** (members with Manage Server): `/settings` — a thread per match, how many matches a member may play at once, turn clocks, the language of match messages, the global leaderboard. `/settings show` lists what is set.
onboarding-play = **Play**: `/keer start` opens a { -keer } lobby (2–4 players, AI seats too); `/kero challenge member` challenges someone to { -kero } (challenge me to play the AI).
onboarding-help = `/help` lists every command.

# The clock line of a match card. $due: a Discord timestamp (a date in async play).
match-clock-line = ⏰ Clock runs out { $due }
# $hours: the table's playing hours and time zone (18:00–22:00 Europe/Madrid).
match-clock-line-hours = ⏰ Clock runs out { $due } · it runs { $hours }
# ⏳ Give more time; $hours: what it adds.
match-more-time-label = { $hours } h more
# $who gave $names (the players on the clock) $hours more hours.
match-more-time-given = ⏳ { $who } gave { $names } { $hours } h more: the clock now runs out { $due }. { $left ->
    [0] That was this match's last extension.
    [one] One more extension is left in this match.
   *[other] { $left } more extensions are left in this match.
}
# A lobby's playing hours: 18:00–22:00 Europe/Madrid.
lobby-hours = hours: { $hours }
start-hours-cmd = async only: the daily hours the clock runs, like 18:00-22:00
start-zone-cmd = the time zone of those hours, like Europe/Madrid
match-away-paused = 🏝️ { $name } is away until { $until }: their clock is paused.
match-away-skipped = 🏝️ { $name } is away until { $until }: the rolls go on without them (they cross nothing).
match-away-stand-in = 🏝️ { $name } is away until { $until }: the computer plays for them.
match-away-back = 👋 { $name } is back.
away-cmd = Away from your async matches: paused, or played by the computer, as each table chose
away-on-cmd = Be away from your async matches for a while
away-on-days-cmd = days away (0–30)
away-on-hours-cmd = hours away, on top of the days (0–23)
away-off-cmd = You're back: your async matches wait for you again
away-set = 🏝️ You're away until { $until } in { $count ->
    [one] { $count } async match
   *[other] { $count } async matches
}.
away-none = You have no async match open, so there is nothing to be away from.
away-live = Live matches are not affected.
# $server: a server's name; $until: a Discord timestamp.
away-short = In { $server } your away budget ends it { $until }: ordinary clocks apply after that.
away-spent = In { $server } your away budget for the last 30 days is spent: ordinary clocks apply there.
away-back = 👋 Welcome back: your async matches wait for you again.
away-not-away = You weren't away.
start-away-cmd = async only: while a player is away, pause their clock or let the computer play
start-away-pause-choice = pause their clock
start-away-standin-choice = the computer plays for them
lobby-away-pause = away: clock paused
lobby-away-standin = away: the computer plays
# A player line's mark for a member away (`/away`).
match-panel-away = 🏝️ away
