## Keer op Keer Kids in Discord: a public message per roll, picks in ephemeral selects.
## Dice are emoji ($die, $dice: 🟦 🟥 …), their colours the games.ftl words ($colour);
## $enclosure is an enclosure's id with the language's animal letter (E3, O3).

## /keer start

keer-cmd = { -keer }
keer-start-cmd = Open a lobby for 2–4 players (AI seats too)
keer-start-clock-cmd = live: minutes per turn; async: hours (the server's default)
keer-start-rated-cmd = false for a casual match that changes no rating
keer-clock-live-choice = live
keer-clock-async-choice = async

## The roll's public message.

keer-step-header = 🎲 **{ -keer }** · match #{ NUMBER($match, useGrouping: 0) } · roll { $roll }
keer-step-roll = { $roller }, roll the dice!
keer-step-rolled = { $name } rolled { $dice }.
keer-step-keep = { $roller }, keep one die: you use it, everyone else picks from the other two.
keer-step-kept = { $name } rolled { $dice } and kept { $kept }; everyone else picks { $others }.
keer-step-click = Click a die to choose where to cross it.
keer-waiting = ⏳ Waiting for: { $names }
keer-waiting-skipped = ⏭️ { $names } (nothing fits)
keer-waiting-missed = ⏰ { $names } (clock ran out)
keer-roll-label = Roll
keer-die-kept-label = { $colour } ({ $name })
keer-keep-fits-label = { $colour } ✓ fits
keer-keep-no-room-label = { $colour } · no room
keer-refuse-keep-fits = The { $colour } die fits nowhere on your sheet: keep { $fits }.
keer-sheet-label = My sheet

## A finished roll's message, in one line: the dice, then what each player did.

keer-summary = 🎲 Roll { $roll } (match #{ NUMBER($match, useGrouping: 0) }): { $dice }
keer-summary-unknown = 🎲 Roll { $roll } (match #{ NUMBER($match, useGrouping: 0) })
keer-summary-kept = { $name } kept { $die }
keer-summary-cross = { $name } { $die } { $enclosure }
keer-summary-mark = { $name } 🟪 !
keer-summary-made-for = { $did } (⚙️ only choice, made for them)
keer-summary-mark-chameleon = { $name } 🟪 ! + chameleon { $enclosure }
keer-summary-missed = { $name } missed the clock
keer-summary-skipped = { $name } skipped

## The results, the text board, and where a match stands (/match status).

keer-results-winners = 🏆 { $winners } { $count ->
    [one] wins
   *[other] win
} match #{ NUMBER($match, useGrouping: 0) }!
keer-results-line = { $place }. { $name } — { $points }
keer-board-line = **{ $name }** — { $points } · { $enclosures } · { $animals } · { $marks }
keer-count-point = { $count ->
    [one] { $count } point
   *[other] { $count } points
}
keer-count-enclosure = { $count ->
    [one] { $count } enclosure
   *[other] { $count } enclosures
}
keer-count-animal-done = { $count ->
    [one] { $count } animal done
   *[other] { $count } animals done
}
keer-count-mark = { $count ->
    [one] { $count } ! mark
   *[other] { $count } ! marks
}
keer-progress-roller = roll { $roll } · { $name } rolls next
keer-progress-waiting = roll { $roll } · waiting for { $names }

## 📝 Text board: the table image in words, for a player who can't see it (a fact group a
## line, read by screen readers: colours and numbers in words, never emoji alone).
keer-text-rolls = { $name } rolls the dice next.
# $dice: colour words ("blue, red and purple").
keer-text-rolled = { $name } rolled { $dice } and is choosing the die to keep.
keer-text-kept = { $name } rolled { $dice } and kept { $kept }; everyone else chooses from { $others }.
keer-text-choosing = Still choosing: { $names }.
# $visitors: keer-text-visitor, listed.
keer-text-visitors = Visitors already taken: { $visitors }.
keer-text-visitors-none = Visitors already taken: none yet.
keer-text-visitor = column { $column }, the { $visitor }, by { $names }
keer-text-player = **{ $name }**: { $points ->
    [one] { $points } point
   *[other] { $points } points
} ({ $buckets } from buckets, { $visitors } from visitors, { $food } from food)
# $crossed: the crossed enclosures' ids, listed ("P1, P2 and P5"), or keer-text-none.
keer-text-animal = { $animal } enclosures crossed: { $crossed } ({ $done } of { $total })
keer-text-animal-complete = { $animal } enclosures crossed: { $crossed } (all { $total }: complete)
keer-text-none = none
# $columns: keer-text-column, listed.
keer-text-columns = Full columns ({ $count }): { $columns }.
keer-text-columns-none = Full columns: none yet.
# $visitor: won (the player circled the column's visitor) or gone (another player took it first).
keer-text-column = column { $column }, { $buckets ->
    [0] no bucket
    [one] { $buckets } bucket
   *[other] { $buckets } buckets
}, { $visitor ->
    [won] visitor circled: the { $name }
   *[gone] visitor taken by someone else
}
# $where: the enclosures the chameleons crossed, listed, or keer-text-none.
keer-text-marks = Exclamation marks: { $marks } of { $total } crossed. Chameleons: { $used } used (crossing { $where }){ $lost ->
    [0] {""}
   *[other] , { $lost } lost with nothing to cross
}, { $left } still to earn.
# $food: the complete animals' food, listed.
keer-text-food = Food circled: { $food } ({ $points ->
    [one] { $points } point
   *[other] { $points } points
}).
keer-text-food-none = Food circled: none yet (no animal complete).

## A die clicked: where it can go, only for the member who clicked.

keer-pick-nowhere = { $die } fits nowhere on your sheet — pick another die.
keer-pick-where = { $die } **{ $colour }** — where do you cross it?
keer-pick-enclosure-placeholder = Choose an enclosure
keer-pick-mark-placeholder = Cross an exclamation mark
# An enclosure, enough to find it on the sheet: "E3 · elephant · columns 5–7 (4 squares)".
keer-enclosure-option = { $enclosure } · { $animal } · { $columns ->
    [one] column { NUMBER($first) }
   *[other] columns { NUMBER($first) }–{ NUMBER($last) }
} ({ $squares ->
    [one] { NUMBER($squares) } square
   *[other] { NUMBER($squares) } squares
})
keer-mark-option = Cross an exclamation mark
keer-mark-chameleon-option = ! mark + chameleon: { $enclosure }
keer-option-lettered = { $letter } — { $option }
keer-choice-alt = { $name }'s sheet, { $colour } die: framed { $framed }.
keer-choice-alt-none = { $name }'s sheet, { $colour } die: nothing to frame.
keer-choice-alt-pending = Pick so far, dashed: { $pick }.
keer-picked-cross = ✅ You crossed { $enclosure }.
keer-picked-mark = ✅ You crossed an exclamation mark.
keer-picked-mark-chameleon = ✅ You crossed an exclamation mark and won a chameleon in { $enclosure }.
keer-picked-skip = ✅ You skip this roll.
keer-pick-roll-over = ⌛ This roll is over: nothing was changed.
keer-still-open = Still open for you: visitors above { $visitors } · { $buckets ->
    [one] { $buckets } bucket
   *[other] { $buckets } buckets
} · food of { $food }
keer-still-open-none = none
keer-choice-elsewhere = 🔁 You picked in another choice. Click a die to change it.
keer-picked-changeable = You can change it until the roll resolves: click a die again.
keer-picked-changed = 🔁 Changed: { $pick } (was { $before }).
keer-pick-current = Your pick so far: { $pick }. Choose another to change it.
keer-pick-only-current = { $die } has nothing else for you: your pick stays { $pick }.
keer-pick-is-mark = an exclamation mark
keer-pick-is-mark-chameleon = an exclamation mark and a chameleon in { $enclosure }

## Refusals of a die click.

keer-refuse-missed = Your turn clock ran out: you skip this roll.
keer-refuse-nothing-fits = Nothing fits your sheet this roll — you skip it.
keer-refuse-own-die = You use the die you kept: { $die }.
keer-refuse-roller-die = That die is { $roller }'s — pick { $dice }.

## My sheet, only for the member who clicked.

keer-sheet-alt = { $name }'s sheet
keer-sheet-text-title = 📋 Your sheet in match #{ NUMBER($match, useGrouping: 0) }

## 👁 Sheet beside a player's line on the roll's card: their sheet as the card's image shows it
## (picks of a roll under way stay hidden), for anyone who clicks.
keer-look-label = Sheet
keer-look-text-title = 📋 { $name }'s sheet in match #{ NUMBER($match, useGrouping: 0) }

## The match card's line per player ($marker: "▶ " before the roller, else empty), then what
## they are doing, if anything (keer-panel-*).
keer-panel-player = { $marker }**{ $name }** · { $points } { $points ->
    [one] point
   *[other] points
}
keer-panel-rolls = 🎲 rolls
keer-panel-choosing = ⏳ choosing
keer-panel-chosen = ✅ has chosen
keer-panel-auto = ⚙️ only one choice: made for them
keer-panel-skipped = ⏭️ nothing fits
keer-panel-missed = ⏰ clock ran out
