## /leaderboard, /stats, /history and /match record: what the ratings and results say (all
## ephemeral, in the member's own language). A rating is skill − 3 × uncertainty (μ − 3σ).

## Slash commands.

ratings-leaderboard-cmd = The best rated players of a game
ratings-leaderboard-game-cmd = which game
ratings-leaderboard-scope-cmd = this server, or every server that shares its board
ratings-leaderboard-period-cmd = all time, or the last 7 days
ratings-scope-server-choice = server
ratings-scope-global-choice = global
ratings-period-all-time-choice = all-time
ratings-period-week-choice = week
ratings-stats-cmd = A member's games, wins and rating here
ratings-stats-member-cmd = whose stats (you by default)
ratings-stats-game-cmd = which game (the one played most by default)
ratings-history-cmd = A member's recent matches here
ratings-history-member-cmd = whose matches (you by default)

## The leaderboard: one line a player, a page at a time.

ratings-board-title = { $game } leaderboard
# $name: a mention, or (global board) the name they last played under.
ratings-board-line = **{ $place }.** { $name } — { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
})
ratings-board-empty = { $count ->
    [one] Nobody has { $count } rated game here yet.
   *[other] Nobody has { $count } rated games here yet.
}
# $scope: server or global; $period: all or week; $command: /settings global on.
ratings-board-footer = { $scope ->
    [server] this server
   *[global] servers that share their board ({ $command }) · players by the name they last played under, never their server
} · { $period ->
    [week] the last 7 days
   *[all] all time
} · rating = skill − 3 × uncertainty · page { $page } of { $pages }
ratings-board-previous-label = Previous
ratings-board-next-label = Next

## /stats: a member's games, wins and rating, and the rating chart.

ratings-stats-heading = **{ $name }** in { $game } on this server
# $rate: a percentage (ratings-share), or "-" when there are none.
ratings-stats-games = Games: { $played } · wins: { $wins } · win rate: { $rate }
ratings-stats-finished = Matches finished: { $share } of { $done }
# Head to head against each computer seat: won–drawn–lost by the computer's level.
ratings-stats-computer = Against the computer: { $records }
ratings-stats-computer-level = { $level } { $won }–{ $drawn }–{ $lost }
ratings-share = { NUMBER($share, style: "percent", maximumFractionDigits: 0) }
ratings-stats-unrated = Rating: no rated games yet, so no rating and no chart.
ratings-stats-rating = Rating: { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } (skill − 3 × uncertainty) after { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
} · details: skill μ { NUMBER($mu, minimumFractionDigits: 1, maximumFractionDigits: 1) }, uncertainty σ { NUMBER($sigma, minimumFractionDigits: 2, maximumFractionDigits: 2) }
# The rating after a rated game, for a member who takes text instead of images ($day: 2026-12-01).
ratings-stats-point = { $day }: { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
# The chart's title (drawn in the image, and its alt text).
ratings-chart-title = { $name }: { $game } rating

## /history: a member's last matches.

ratings-history-none = { $name } has no finished matches here yet.
ratings-history-heading = Recent matches of **{ $name }**:
# $when: a Discord timestamp ("2 days ago"); $command: `/match record 12`.
ratings-history-line = #{ NUMBER($id, useGrouping: 0) } { $game } — { $outcome } · { $when } ({ $command })
ratings-history-place = { ORDINAL($place) ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
} of { $players }
ratings-history-status = { $status ->
    [cancelled] cancelled
   *[abandoned] abandoned
}
ratings-history-casual = casual
ratings-history-departed = { $how ->
    [resigned] resigned
    [expelled] expelled
   *[left] left
}

## /match record: a finished match's record, to replay it.

ratings-record-no-match = There is no match #{ NUMBER($id, useGrouping: 0) }.
ratings-record-elsewhere = There is no match #{ NUMBER($id, useGrouping: 0) } on this server.
ratings-record-open = Match #{ NUMBER($id, useGrouping: 0) } is still being played: its record holds the dice to come (its seed, and { -kero }'s deal), so it is available once the match is over.
# $command: `tablero replay tablero-kero-12.json`.
ratings-record-sent = Match #{ NUMBER($id, useGrouping: 0) } ({ $status ->
    [finished] finished
    [cancelled] cancelled
   *[abandoned] abandoned
}): replay it with { $command }.
