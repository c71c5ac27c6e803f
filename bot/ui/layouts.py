"""How a match's messages look: the step message with its buttons and 📝 Text board, the
summary a message keeps once play moved on, the results with Rematch, the cancel vote, the
clock's Skip turn / Expel — from each game's UI half, in the match's language."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Collection, Sequence
from typing import Any, Final

import discord

from bot.core.clock_book import HOUR_MS, ClockBook, ClockFace
from bot.core.live import LiveMatch
from bot.core.settings import ClockMode
from bot.delivery.layouts import Shown
from bot.delivery.messenger import Image
from bot.games import adapter_for
from bot.ui.alt_text import alt_text
from bot.ui.card_memo import CardMemo, Kept, game_items, items_view
from bot.ui.components import SentView, view_of
from bot.ui.emoji import AppEmoji, dress, dress_text
from bot.ui.ids import BUTTON_PREFIX, MalformedId, MatchRef, Verb, parse_match
from bot.ui.items import match_button
from bot.ui.match_cards import CardParts, card_text, match_card
from bot.ui.rules_pages import HowToPlayButton
from bot.ui.titles import game_title
from games.common.protocol import Seat
from words import Words, isolate

BOARD: Final = "board"
"""The generic verb of the 📝 Text board button every match message carries."""
_BOARD_VERB: Final = f":{BOARD}"
"""What every custom_id naming the board verb holds (`tb:<match>:<version>:board`)."""
LABEL_LIMIT: Final = 80
"""Discord's limit on a button's label."""


class Layouts:
    """The `MatchLayouts` delivery posts and edits, from the games' UI halves, with the
    application emoji where there are (`emoji`: None shows the games' Unicode)."""

    def __init__(self, emoji: AppEmoji | None = None, clocks: ClockBook | None = None) -> None:
        self._emoji = emoji
        self._clocks = clocks
        """The turn clocks the step cards show (None: cards without a clock line)."""
        self._memo = CardMemo()
        """The texts and buttons of the last step cards, made again only when they change."""

    def step(
        self,
        live: LiveMatch,
        images: Sequence[Image],
        *,
        how_to_play: bool = False,
        buttons: discord.ui.View | None = None,
    ) -> Shown:
        """The current step's card, with 📝 Text board (and "How to play" when asked), the
        clock of whoever it waits for and, in async play, "Give more time"."""
        kept = self._kept(live)
        view = self._buttons(live, kept) if buttons is None else with_board_button(live, buttons)
        face = None if self._clocks is None else self._clocks.face(live)
        text = self._content(live, kept)
        if face is not None:
            text += "\n" + clock_line(live, face)
            if face.more_ms is not None:
                with contextlib.suppress(ValueError):  # no room left: /match has it too
                    view.add_item(more_time_button(live, face.more_ms))
        if how_to_play:
            with contextlib.suppress(ValueError):  # no room left: the rules are in /rules too
                view.add_item(HowToPlayButton.make(live.spec.name, live.words))
        return self._card(live, text, images, view, kept=kept)

    def summary(self, live: LiveMatch, key: int, images: Sequence[Image]) -> Shown:
        """What a step's card says once play moved on, over the state after it."""
        ui = adapter_for(live.spec.name).ui
        self._memo.drop(live)
        return self._card(live, ui.step_summary(live, key), images, None)

    def frozen(self, live: LiveMatch, images: Sequence[Image]) -> Shown:
        """The current step's card without buttons."""
        kept = self._kept(live)
        return self._card(live, self._content(live, kept), images, None, kept=kept)

    def results(self, live: LiveMatch, images: Sequence[Image]) -> Shown:
        """The results over the final board, with Rematch while members played."""
        content = adapter_for(live.spec.name).ui.results_content(live)
        buttons = rematch_view(live) if live.humans() else None
        self._memo.drop(live)
        return self._card(live, content, images, buttons, players=False)

    def _card(
        self,
        live: LiveMatch,
        text: str,
        images: Sequence[Image],
        buttons: discord.ui.View | None,
        *,
        players: bool = True,
        kept: Kept | None = None,
    ) -> Shown:
        """One match card: the text, the images (or the text board), the players (the results
        list them already), the buttons; what `kept` holds of the match taken from it."""
        ui = adapter_for(live.spec.name).ui
        board = "" if images else self._text_board(live, kept)
        lines = self._players(live, kept) if players else ()
        parts = CardParts(
            text=text,
            images=images,
            board_text=board,
            players=lines,
            looks=self._looks(live, kept) if lines else (),
            buttons=buttons,
            accent=ui.accent(live),
        )
        view = match_card(parts)
        text = card_text(view)
        dress(view, live.spec.name, self._emoji)
        return Shown(view, text)

    def _kept(self, live: LiveMatch) -> Kept | None:
        """What the memo keeps of the match's state and picture version (None: it is over)."""
        picture = live.rules.picture_version(live.state)
        emoji = 0 if self._emoji is None else self._emoji.generation
        return self._memo.kept(live, picture, emoji)

    def _content(self, live: LiveMatch, kept: Kept | None) -> str:
        if kept is None:
            return adapter_for(live.spec.name).ui.step_content(live)
        if kept.said.content is None:
            kept.said.content = adapter_for(live.spec.name).ui.step_content(live)
        return kept.said.content

    def _players(self, live: LiveMatch, kept: Kept | None) -> list[str]:
        if kept is None:
            return away_marked(live, adapter_for(live.spec.name).ui.players(live))
        if kept.said.players is None:
            kept.said.players = away_marked(live, adapter_for(live.spec.name).ui.players(live))
        return kept.said.players

    def _text_board(self, live: LiveMatch, kept: Kept | None) -> str:
        if kept is None:
            return self.text_board(live)
        if kept.said.board is None:
            kept.said.board = self.text_board(live)
        return kept.said.board

    def _buttons(self, live: LiveMatch, kept: Kept | None) -> discord.ui.View:
        """The game's buttons and 📝 Text board (the items of the picture version's first card
        while they stay the same, in a fresh view: a Keer pick's are the keep's)."""
        if kept is None:
            return with_board_button(live, adapter_for(live.spec.name).ui.step_view(live))
        pressed = kept.pressed
        if pressed.game is None:
            game = adapter_for(live.spec.name).ui.step_view(live)
            pressed.game = game_items(game)
            pressed.board = None if has_board(game) else board_button(live)
            view = game or SentView()
        else:
            view = items_view(pressed.game)
        if pressed.board is not None:
            with contextlib.suppress(ValueError):
                view.add_item(pressed.board)
        return view

    def _looks(self, live: LiveMatch, kept: Kept | None) -> list[discord.ui.Item[Any]]:
        if kept is None:
            return look_buttons(live)
        if kept.pressed.looks is None:
            kept.pressed.looks = look_buttons(live)
        return kept.pressed.looks

    def text_board(self, live: LiveMatch) -> str:
        """The board as text."""
        return adapter_for(live.spec.name).ui.text_board(live)

    def alt(self, live: LiveMatch) -> str:
        """The alt text of the match's image: its title, then the text board."""
        words = live.words
        title = words("match-alt-title", game=game_title(live.spec.name, words), match=live.id)
        return alt_text(title, self.text_board(live))

    def strip_alt(self, live: LiveMatch) -> str:
        """The alt text of the match's strip image (what changed since its board was drawn)."""
        words = live.words
        title = words("match-alt-title", game=game_title(live.spec.name, words), match=live.id)
        return alt_text(title, adapter_for(live.spec.name).ui.strip_alt(live))

    def dressed(self, live: LiveMatch, text: str) -> str:
        """A text of the match's game (what only a member sees: a camp, their Tuareks, a pick)
        with its emoji shown as the application emoji, as its cards show them."""
        return dress_text(text, live.spec.name, self._emoji)

    def mentioned(self, live: LiveMatch) -> Collection[Seat]:
        """The seats the current step's message mentions."""
        content = self._content(live, self._kept(live))
        return {s for s, p in enumerate(live.players) if f"<@{p.id}>" in content}


def read_by(live: LiveMatch, words: Words) -> LiveMatch:
    """The match as one member reads it in what only they see (`/match status`, `/match list`,
    📝 Text board): the same match, its game's words in their language instead of the
    server's."""
    return dataclasses.replace(live, language=lambda guild: words)


def jump_url(live: LiveMatch) -> str | None:
    """A link to the match's current message."""
    if live.message_id is None or live.guild_id is None:
        return None
    return f"https://discord.com/channels/{live.guild_id}/{live.channel_id}/{live.message_id}"


def board_button(live: LiveMatch, *, row: int | None = None) -> discord.ui.Item[Any]:
    """📝 Text board: the match's board as text, shown to whoever clicks."""
    label = live.words("match-board-label")
    ref = MatchRef(live.id, live.rules.picture_version(live.state), BOARD)
    return match_button(ref, label, emoji="📝", row=row)


def away_marked(live: LiveMatch, lines: Sequence[str]) -> list[str]:
    """The player lines (one per seat), a member away (`/away`) marked so."""
    away = live.paused | live.stand_in
    mark = live.words("match-panel-away") if away else ""
    return [f"{line} · {mark}" if seat in away else line for seat, line in enumerate(lines)]


def clock_line(live: LiveMatch, face: ClockFace) -> str:
    """`⏰ Clock runs out in 5 minutes`; in async play the date and time, and the table's
    playing hours if it has some."""
    style = "f" if face.mode is ClockMode.ASYNC else "R"
    due = f"<t:{face.due_ms // 1000}:{style}>"
    if face.hours is None:
        return live.words("match-clock-line", due=due)
    return live.words("match-clock-line-hours", due=due, hours=face.hours.label)


def more_time_button(live: LiveMatch, more_ms: int) -> discord.ui.Item[Any]:
    """⏳ Give more time: the members the match waits for get `more_ms` of playing time."""
    ref = MatchRef(live.id, live.state.version, Verb.MORE_TIME)
    label = live.words("match-more-time-label", hours=more_ms // HOUR_MS)
    return match_button(ref, label, emoji="⏳")


def look_buttons(live: LiveMatch) -> list[discord.ui.Item[Any]]:
    """👁 beside each player's line: that player's public view as the card pictures it, for
    anyone who clicks (the game's `look` verb)."""
    label = adapter_for(live.spec.name).ui.look_label
    if label is None:
        return []
    version = live.rules.picture_version(live.state)
    return [
        match_button(MatchRef(live.id, version, Verb.LOOK, str(seat)), live.words(label), emoji="👁️")
        for seat in range(len(live.players))
    ]


def with_board_button(live: LiveMatch, view: discord.ui.View | None) -> discord.ui.View:
    """A match message's buttons plus 📝 Text board, unless the game's view already has one or
    has no room left (five full rows)."""
    view = view or SentView()
    if not has_board(view):
        with contextlib.suppress(ValueError):
            view.add_item(board_button(live))
    return view


def has_board(view: discord.ui.View | None) -> bool:
    """Whether a game's view carries 📝 Text board itself (Kero's dice toggles do)."""
    for item in () if view is None else view.children:
        custom_id = str(getattr(item, "custom_id", "") or "")
        # Parsed only when it may name the verb: most of a card's ids never do.
        maybe = custom_id.startswith(BUTTON_PREFIX) and _BOARD_VERB in custom_id
        if maybe and _verb(custom_id) == BOARD:
            return True
    return False


def _verb(custom_id: str) -> str | None:
    try:
        return parse_match(custom_id.removeprefix(BUTTON_PREFIX)).verb
    except MalformedId:
        return None


def rematch_view(live: LiveMatch) -> discord.ui.View:
    """The Rematch button under a finished match's results."""
    ref = MatchRef(live.id, live.state.version, "rematch")
    label = live.words("match-rematch-label")
    return view_of(match_button(ref, label, emoji="🔁", style=discord.ButtonStyle.primary))


def cancel_vote_view(live: LiveMatch) -> discord.ui.View:
    """Agree / Keep playing buttons for a cancel request."""
    version, words = live.state.version, live.words
    return view_of(
        match_button(
            MatchRef(live.id, version, "agree"),
            words("match-cancel-yes-label"),
            style=discord.ButtonStyle.danger,
        ),
        match_button(MatchRef(live.id, version, "refuse"), words("match-cancel-no-label")),
    )


def clock_view(live: LiveMatch, seats: Collection[Seat], *, skip: bool) -> discord.ui.View:
    """Skip turn / Expel buttons for the seats whose clock ran out (labels take names as they
    are: a label is plain text)."""
    items = []
    version, words = live.state.version, live.words
    for seat in seats:
        name = isolate(live.names[seat])
        if skip:
            ref = MatchRef(live.id, version, "skipturn", str(seat))
            label = words("match-skip-turn-label", name=name)
            items.append(match_button(ref, _label(label), emoji="⏭️"))
        ref = MatchRef(live.id, version, "expel", str(seat))
        label = words("match-expel-label", name=name)
        items.append(match_button(ref, _label(label), emoji="🚪", style=discord.ButtonStyle.danger))
    return view_of(*items)


def _label(text: str) -> str:
    """A button label within Discord's 80 characters (the catalogs keep them there with a
    32-character name)."""
    return text if len(text) <= LABEL_LIMIT else text[: LABEL_LIMIT - 1] + "…"
