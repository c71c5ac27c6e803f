## The /help and /rules pages: each page an embed (`<book>-<n>-title`, `<book>-<n>-page`,
## n from 1; the pages of a book are counted by their ids), and the paging buttons.
## A line may not start with `*`, `[` or `.` in Fluent: a leading `**` is written { "**" }.

## The commands and the buttons.

pages-rules-cmd = The rules of a game, page by page
pages-rules-game-cmd = which game
pages-help-cmd = What { -tablero } does and its commands
pages-previous-label = ◀ Previous
pages-next-label = Next ▶
pages-how-to-play-label = How to play
pages-position-footer = Page { $page } of { $count }

## /help

help-1-title = { -tablero }: dice games in your server
help-1-page =
    { -tablero } runs matches of two dice games right here in Discord, with the board drawn after every move:
    - **{ -keer }** (2–4 players): everyone crosses animal enclosures on their own sheet, every roll.
    - **{ -kero }** (2 players): roll and re-roll while your tanker's { -fuel } runs out, then build your camp.

    { "**" }Start a match**
    - `/keer start [clock live|async] [rated true|false] [hours zone]`: opens a lobby with **Join**, **Leave**, **Add AI** and **Start** (2–4 seats). The host adds AI seats (**Add AI: easy**, **Add AI** for normal, **Add AI: hard**) and starts; each AI's level shows next to its name. The host rolls first unless they choose another seat in **Who rolls first?** (house rule). A lobby expires after 15 minutes.
    - `/kero challenge member [variant base|boss] [refuel auto|live] [clock live|async] [rated true|false] [level easy|normal|hard] [hours zone]`: the member can **Accept** or **Decline**. Challenge the bot itself to play against the AI, at the `level` you choose (normal by default).
    - `clock`: live turns take minutes, async turns hours (the server's default if you don't say). `rated:false` plays a casual match that changes no rating.
    - `hours` and `zone` (async only): the daily hours the clock runs, like `hours:18:00-22:00 zone:Europe/Madrid`. Every match message says when the clock runs out; in async play the other players (or a server manager) can give **more time**, half a turn each, up to 3 times per match.

    { "**" }During a match**
    - `/match status`: where the match here stands, just for you.
    - `/match here`: post the match's current message again (for a player who lost it); the old one stops taking clicks.
    - `/match record match`: the record of a finished match (JSON, number `match`), to replay it with `tablero replay`.
    - `/match list`: your open matches in this server, with links and whose move it is.
    - `/match resign`: leave the match. In a 3–4 player match, the AI takes your seat. A 2-player match ends.
    - `/match cancel`: ends the match once every player agrees, or at once when a member with Manage Server uses it.
    - **📝 Text board** on every match message shows you the board as text, just for you.
    - At the end, **Rematch** offers the same game to the same players; it starts once all of them accept.

help-2-title = Ratings, settings and fair play
help-2-page =
    { "**" }Ratings**
    - `/leaderboard game [scope server|global] [period all-time|week]`: the best rated players (3 rated games or more).
    - `/stats [member] [game]`: games, wins, your record against each level of AI, rating and its chart (the game played most by default).
    - `/history [member]`: recent matches here.
    - Matches with a computer seat, or started with `rated:false`, don't count. A rating is skill − 3 × uncertainty: it grows as you win and as { -tablero } gets surer of you.

    { "**" }More**
    - `/rules game`: the rules of a game, page by page. `/help`: these pages.
    - `/settings threads mode:on|off` (Manage Server): play each new match in its own thread.
    - `/settings limit matches` (Manage Server): how many open matches a member may play at once (1–25, default 5).
    - `/settings clock default [live_minutes] [async_hours] [abandon_days] [away_days]` (Manage Server): the clock new matches get (live or async), a live turn's minutes (1–120), an async turn's hours (1–168), and after how many days (1–60) a match nobody plays is closed; `away_days` (0–30, default 7): how many days of every 30 a member may be away from async matches here.
    - `/settings global mode:on|off` (Manage Server): show this server's players on the global leaderboard.
    - `/settings language language` (Manage Server): the language of match messages and images here (`auto`: the server's language in Discord). What only you see follows your own Discord language.
    - `/settings show`: this server's settings (threads, member limit, clocks, abandon days, global leaderboard), just for you.
    - `/settings me images:on|off`: `off` sends what { -tablero } shows only you (My sheet, `/stats`) as text instead of images.
    - `/settings me autopick:on|off`: `on` makes a Keer pick that has only one option for you. Without options, `/settings me` says what both are.
    - `/notify mode:on|off`: one DM before your turn clock runs out.
    - `/away on [days] [hours]`, `/away off`: away from your async matches for a while; each table pauses your clock (a Keer roll goes on without you) or lets the computer play, as it chose (`away` when it started).
    - `/privacy export`, `/privacy delete`, `/privacy board [mode]`: your data: a file of everything Tablero keeps about you; deleting it (after a confirmation; finished matches keep an anonymous seat); shown or hidden on the global leaderboard.

    { "**" }Fair play**
    - There's one match per channel (or one per thread with threads on).
    - Buttons only work on the match's latest message. If you click an old one, { -tablero } just tells you it's out of date, and nothing changes.

## /rules game:kero

rules-kero-1-title = { -kero }: goal and the end
rules-kero-1-page =
    { -kero } is a dice race against your own fuel for **2 players**. Each clan, Brown and Grey, has a **tanker truck** full of { -fuel }, and that truck is its clock. On your turn you roll dice while { -fuel } flows out. Then you spend what you rolled on **cards** and on **Explorers** that claim **New Territories**.

    { "**" }How a match ends:** the game has **3 rounds**, and each round ends with a **Claim card** turning up in the card row. The **third Claim card ends the game** after its claim.

    { "**" }Scoring:**
    - **Card points**: the printed points, plus "/" points ("1 / green" = 1 point for each green card you own, this card included).
    - **Territory points**: the printed points, plus "+" points if their condition holds at the end.

    Jerrycans, { -tuarek(count: 2) } and { -fuel } left over score nothing.

    { "**" }Most points wins.** Tie-break (house rule): more territories, then more { -jerrycan(count: 2) }, then more { -fuel } left in the tank. If all of those are equal, you share the win.

    A match can be played with the **Boss Variant** (last page).

rules-kero-2-title = What's in the box
rules-kero-2-page =
    - **The board**: the **refinery** (where you fuel up), the **shack** (the 3 special dice), a **row** of 6 face-up cards (slots 1–6, from left to right), 4 **New Territory** slots and a **camp** for each clan.
    - **Each clan**: 7 Explorers and 1 tanker truck. A full tank holds **60 seconds** of { -fuel }.
    - **39 cards** (12 Start, 24 Regular, 3 Claim) and **12 New Territories**.
    - **17 { -tuarek(count: 1) } tiles** of 7 types: helpers you draw or hire, each played once.
    - **10 permanent-ability tiles**, each one granted by a card.
    - **27 { -jerrycan(count: 2) }**, a finite supply. If it holds fewer than you should get, you get only what is left (house rule).
    - **5 white dice**: brick, wheat, metal, recruit, { -jerrycan(count: 1) } and flame.
    - **3 special dice**: green, yellow and blue, each with a flame face.

    { "**" }You start with** a full truck, **2 { -jerrycan(count: 2) }** and **2 { -tuarek(count: 2) }** (face down). The first player is chosen at random (house rule).

    The card texts, territories, { -tuarek(count: 1) } types and special-die faces are { -tablero }'s own (house rule).

rules-kero-3-title = A turn, step by step
rules-kero-3-page =
    Your turn has these steps, in this order:

    1. **Fuel up** (optional): pay { -jerrycan(count: 2) } to refill your truck at the refinery.
    2. **Choose and roll dice.** The **5 white dice** are always yours. Add **1–3 special dice** from the shack for **1 { -jerrycan(count: 1) } each**. A free die, from an ability tile (A1, A6, A8) or a **Guide** { -tuarek(count: 1) }, costs nothing. Then **Roll**. The clock runs until you **Stop**.
    3. **Camp** (no clock): collect what your dice show, then take cards, hire { -tuarek(count: 2) } and place Explorers. End your turn when you are done.
    4. **Fire**: 2 or more flames burn the rightmost card of the row. Then the row slides right and refills.
    5. **Claim**: only when a Claim card is revealed while the row refills.

    Then the other clan plays.

    In Discord you play each step with the buttons on the match message; your { -tuarek(count: 2) } and ability tiles are played from **🐪 My { -tuarek(count: 2) }**, which only you see. The next pages go through the steps one by one.

rules-kero-4-title = Rolling: the tanker clock
rules-kero-4-page =
    { "**" }Roll** tips your truck: { -fuel } starts to flow out, and your chosen dice are thrown at once.
    - **While { -fuel } remains**, you may **re-roll** any of your unburnt dice, as often as you like: click each die you want to re-roll (it turns blue with 🔁), then press **Re-roll**.
    - A die showing a **flame is burnt**. It cannot be re-rolled and yields nothing.
    - **Stop** lays the truck flat. Your tank keeps what is left, and your dice are final. Once it is flat, the truck can't be tipped again this turn, even after a single throw.
    - A click counts at the moment Discord stamps it. A click stamped after your tank ran empty counts for nothing.

    { "**" }{ -fuel } outage.** If your tank runs dry before you Stop, your turn ends at once and your dice have **no effect**: no collecting, no special faces, no Fire step (house rule). A passing { -tuarek(count: 1) } then fuels your truck up for free, with only the 5 white dice, thrown by your opponent. Then your opponent plays.

    { "**" }Burnt dice.** A **Smith** { -tuarek(count: 1) } or the **A10 Second chance** tile re-rolls one burnt die once, while { -fuel } flows. If it shows a flame again, it is burnt again (house rule).

    { "**" }Special faces** count only when you Stop: a **{ -tuarek(count: 1) }** face draws a { -tuarek(count: 1) }, and an **Explorer** face places an Explorer free on the New Territory of your choice, at the start of camp.

rules-kero-5-title = Fuel up at the refinery
rules-kero-5-page =
    At the start of your turn, before anything else, you may pay **1 { -jerrycan(count: 1) }** to fuel up once, or **2 { -jerrycan(count: 2) }** to fuel up twice in a row. A **Water-carrier** { -tuarek(count: 1) } can pay for one fuel-up instead. At most **2 fuel-ups per turn** (house rule). Fuel-ups really come first: once you take a special die, play or arm a { -tuarek(count: 1) }, hire one or roll, the refinery is closed until your next turn (so a Water-carrier hired this turn pays a later fuel-up).

    { "**" }How it works:** your truck tips cab-down and { -fuel } flows in. Your **opponent throws the 8 dice** (5 white + 3 special). Every flame is set aside and the rest are thrown again, until every die shows a flame. **{ -fuel } gained = the time it took**, up to a full tank.
    - When 7 dice show a flame, the last die gets at most **5 more throws**; after that it counts as a flame. The same cap applies to the last die of a 5-dice fuel-up.

    { "**" }Refuel mode** (a match option, house rule):
    - **auto** (default): the bot simulates the throws at **1.8 seconds per throw**, about 24 s of { -fuel } for an 8-dice fuel-up on average.
    - **live**: your opponent throws for real, and you gain the time from your fuel-up to their last throw, but every throw counts at least **1.8 seconds** (house rule), so clicking fast never gives you less than auto would. While you fuel up, your opponent can only throw. If they don't throw within a few seconds, the bot finishes that fuel-up in auto (the time already spent counts).

    { "**" }Dust Storm is armed in advance** (house rule). Arm it during **your own** turn. It triggers by itself on your opponent's **next** fuel-up, which then throws only the 5 white dice. Arming is secret and can't be taken back. One Dust Storm affects one fuel-up. It does not trigger on the free refuel after an outage.

rules-kero-6-title = Camp and Fire
rules-kero-6-page =
    { "**" }Collect** (no clock) what your final dice show, plus bonuses: the A2, A3 and A7 tiles, and a **Trader** { -tuarek(count: 1) } (+1 of any resource, { -jerrycan(count: 1) } included). Each die result is used **once**. **Jerrycans** become tokens you keep. Brick, wheat, metal and recruit you don't use are **lost when your turn ends**.

    Then, in any order, as often as you can pay:
    - **Take a card** from the row. Pay its cost with this turn's resources and your { -jerrycan(count: 2) }. Its effect happens at once. An ability card gives you its tile, usable **once per turn** from then on. You hold at most **5 tiles**. A 6th ability card still counts for colour and points, but gives no tile.
    - **Hire { -tuarek(count: 2) }** for **2 { -jerrycan(count: 2) } each**, any time in your turn (even while rolling, but the clock keeps running). Each is played once, then discarded.
    - **Place Explorers** for **1 recruit + 1 metal** each, on any New Territory, even where Explorers already stand. Only Explorers in your camp can go (7 per clan). A **Scout** places one for free.

    { "**" }Fire.** When you end your turn, count the flames on your final dice. With 0–1, nothing burns. With 2 or more, the **rightmost card** of the row burns, only one however many flames you have. **A9 Firebreak** ignores 1 flame, a **Fire-eater** ignores them all. Both are optional, and you decide before you end your turn. Then the cards slide right and the row refills, every turn.

rules-kero-7-title = Claims and the Boss Variant
rules-kero-7-page =
    { "**" }A claim** happens when a **Claim card** is revealed while the row refills:
    1. Each clan **wins every territory where it has a strict majority** of Explorers and takes its on-claim bonus. Territories go left to right.
    2. **Tied** territories and **empty** ones are discarded. The **A5 Tie breaker** tile wins one tied territory (never an empty one).
    3. **All Explorers go home**, 4 new territories are drawn and the row refills.
    4. The clan that did **not** trigger the claim plays next.

    { "**" }Boss Variant** (match option):
    - One of your 7 Explorers is a **Boss**. When you place an Explorer, you say whether it is your Boss.
    - **Once per game**, if a territory with your Boss is **tied** at a claim, you may **activate** the Boss to win it and its bonus. The Boss then flips to a normal Explorer. The bot asks you about each such territory. If you don't activate, you keep your Boss for a later claim.
    - **Both Bosses on one tied territory**: the clans are tied again, so nobody wins it and nobody is asked: the territory is discarded and **both Bosses flip** to normal Explorers (the Boss Variant's FAQ).
    - **No permanent ability** works on a territory where a Boss (Boss side up) stands, so A5 can't win it.

## /rules game:keer-kids

rules-keer-kids-1-title = { -keer }: goal and scoring
rules-keer-kids-1-page =
    { -keer } is a roll-and-write for **2–4 players**. Everyone has the same score sheet of animal enclosures. On every roll you use one die to cross **one whole enclosure** on your own sheet.

    { "**" }Your score is the number of circles** on your sheet. Every circle is one point:
    - **Fill a column** (all its squares crossed): circle the **buckets** under it (0, 1 or 2).
    - **Be the first to fill a column**: circle the **visitor** above it as well. Every other sheet crosses that visitor out.
    - **Cross every square of one animal**: circle that animal's **two food squares**.

    { "**" }How a match ends:** the game ends **after the roll on which a player has completed two animals** (they have then circled four food squares). That last roll is finished for everyone: every player's crossing and circles from it count.

    { "**" }The most circles wins.** A tie means several winners: all tied players share the win.

rules-keer-kids-2-title = The sheet and the dice
rules-keer-kids-2-page =
    { "**" }Three identical dice**, each with six faces:
    - 🟦 **blue**: penguin (17 squares, 6 enclosures)
    - 🟥 **red**: elephant (17 squares, 6 enclosures)
    - 🟩 **green**: crocodile (14 squares, 5 enclosures)
    - 🟨 **yellow**: lion (15 squares, 6 enclosures)
    - 🟧 **orange**: monkey (15 squares, 6 enclosures)
    - 🟪 **purple**: a cross, for the exclamation marks

    { "**" }Your sheet** has 13 columns × 6 rows of squares, each showing an animal. Squares of one animal that touch side by side form an **enclosure** of 1–4 squares. Every square of the middle column (column 7) holds a **star**. Under the columns are **buckets** (16 in all), above each column is a **visitor**, and each animal has **two food squares**. On the right are **4 chameleons** with **2 exclamation marks** each.

    { -tablero }'s sheet is its own design, with every number the rulebook gives (house rule).

    Press **My sheet** at any time to see your own sheet, larger, just for you.

rules-keer-kids-3-title = A roll, step by step
rules-keer-kids-3-page =
    Players take turns as **roller**: the seat chosen in the lobby rolls first (the host, unless they chose another: house rule), then the next seat, and so on, one roll each.

    1. **Roll.** The roller presses **Roll** to throw all three dice.
    2. **Keep.** The roller clicks one die to keep it. That colour is theirs this roll, and everyone can see which die was kept.
    3. **Pick.** Every other player clicks **one of the two dice left**. Several players may pick the same die, because the dice stay in the middle.
    4. **Cross.** When you click a die, your sheet shows up, visible only to you, with every enclosure you may cross with it framed and lettered A, B, C…, and a select with the same letters. Choose one. The roller's keep opens their choice for the kept die at once. With `/settings me autopick:on`, a pick that has only one option is made for you.
    5. **Resolve.** When everyone has chosen, **the roll resolves for everyone together**: crossings and circles go onto every sheet, and the next player rolls.

    { "**" }You may change your pick until the roll resolves** (house rule): click a die again and choose another enclosure; only your last pick counts, and nobody sees it before the roll resolves. The roll resolves when the last player picks, so that pick is final at once. If the die you click fits nowhere on your sheet, the bot tells you so, and you can pick the other one.

    { "**" }When your turn clock runs out** (house rule) before you picked, you miss this roll: you cross nothing, and lose nothing you have. If you were the roller, the bot rolls and keeps a die for you, and you cross nothing that roll; the others pick from the two dice left. Another player may then **Expel** you, until you play again: the computer takes your seat.

rules-keer-kids-4-title = Where you may cross
rules-keer-kids-4-page =
    { "**" }A colour** crosses **one whole enclosure** of that colour's animal. The enclosure must either:
    - **contain a star** (column 7), or
    - **share a side with a square you have already crossed**.

    Touching only at a corner does not count. One bordering square is enough: the whole enclosure is crossed, including its squares further away. Every colour has an enclosure on the star column, so every colour fits on your first roll. The select lists only the enclosures you may cross.

    { "**" }Cross if you can.** If your colour fits nowhere, choose another die you may take. If none of the dice you may take fits, you **skip** this roll. The bot skips for you and shows that nothing fits. There are no penalties.

    { "**" }House rule: the roller must keep a fitting die.** If any of the three dice fits the roller's sheet, the roller must keep one that fits. If none fits, the roller keeps any die (the others can no longer take it) and skips.

rules-keer-kids-5-title = Purple: exclamation marks and chameleons
rules-keer-kids-5-page =
    { "**" }Purple** crosses **one exclamation mark** instead of an enclosure. Only purple does that, one mark per roll. Your sheet has 4 chameleons with 2 marks each, so 8 marks in all.

    { "**" }Every second mark completes a chameleon.** You immediately cross **one enclosure of any colour** as well. The star-or-border rule still applies. In the select, these choices read **! mark + chameleon:** followed by the enclosure the chameleon crosses.

    House rules you may run into:
    - **All marks crossed:** once all 8 exclamation marks are crossed, purple no longer fits your sheet.
    - **A chameleon with nowhere to go is lost:** if you earn a chameleon but no enclosure on your sheet is reachable, the mark is still crossed and the chameleon is lost.

rules-keer-kids-6-title = Columns, visitors and the last roll
rules-keer-kids-6-page =
    { "**" }Columns.** A column is full when all its squares are crossed. Everyone who fills it circles its buckets (0, 1 or 2), whenever they fill it.

    { "**" }Visitors.** The first to fill a column also circles its visitor. If two or more players fill the same column **first on the same roll**, they all circle the visitor. Anyone who fills it on a later roll circles the buckets only.

    { "**" }The star column** (column 7) has no buckets, but its visitor can still be circled.

    { "**" }Animals.** Everyone who crosses every square of one animal circles its two food squares.

    { "**" }The last roll.** As soon as a player has completed two animals, the game ends after that roll. Everyone chooses at the same time, so the final roll resolves for everyone (house rule): a column or animal you finish on that roll still counts.

    { "**" }The winner** has the most circles. Tied players share the win.
