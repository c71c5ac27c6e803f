"""Keer op Keer Kids' clicks: Roll and keep on the roll's message, a die to see where it fits,
the pick in an ephemeral select, the player's own sheet, and anyone's sheet as the card shows
it."""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

import discord

from bot.core.refusals import DAMAGED_CHOICE, OUT_OF_DATE, Refused
from bot.core.rules import THROW, Move
from bot.delivery.messenger import MESSAGE_LIMIT
from bot.games.adapter import ButtonHandler, GameClicks, SelectHandler
from bot.games.keer_kids import choices, picks, ui
from bot.games.keer_kids.rules import keer_state
from bot.games.keer_kids.text_board import sheet_section
from bot.ui.alt_text import alt_text
from bot.ui.clicks import interaction_ms
from bot.ui.ids import MatchRef, Verb
from bot.ui.languages import member_words
from games.common.errors import ActionParseError
from games.keer_kids import Cross, Keep, KeerState, Mark, Miss, Phase, Skip, parse_action
from render.keer_kids import sheet_png
from render.keer_kids.choice import choice_png, own_sheet_png
from words import Words, isolate

if TYPE_CHECKING:
    from bot.core.live import LiveMatch

log = logging.getLogger(__name__)


async def roll_or_keep(
    clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef
) -> None:
    """The roller's Roll or keep: the clicked public message itself shows the result; a keep
    also opens the roller's own choice for the kept die at once, only for them."""
    if ref.verb == Verb.ROLL:
        await clicks.act_public(interaction, ref, THROW)
        return
    played = await clicks.act_public(interaction, ref, _kept(ref))
    live, seat = played.match, played.actions[0][0]
    state = keer_state(live.state)
    if state.phase is not Phase.CHOOSE or seat not in state.seats_to_act():
        return  # nothing fits (the roller skips), or the roll already resolved
    if not interaction.response.is_done():
        return  # Discord lost the keep's answer (the card was edited instead): no followup
    assert state.kept is not None
    words = member_words(interaction)
    content, view = picks.pick_message(live, seat, state.kept, words)
    files: list[discord.File] = []
    if view is not None and await clicks.shows_images(interaction, live):
        files.append(_choice_file(clicks, live, state, seat, state.kept, words=words))
    try:
        sent = await interaction.followup.send(
            clicks.dressed(live, content),
            view=view or discord.utils.MISSING,
            files=files or discord.utils.MISSING,
            ephemeral=True,
            wait=True,
        )
    except discord.HTTPException as error:  # the keep is stored: the kept die still opens it
        log.info("match %s: the roller's choice was not opened: %s", live.id, error)
        return
    if view is not None:
        key = live.rules.message_key(state)
        close = partial(sent.edit, view=None, attachments=[])
        opened = (str(sent.id), interaction_ms(interaction))
        choices.remember(live, seat, key, opened, words=words, close=lambda t: close(content=t))


def _kept(ref: MatchRef) -> Move:
    """The keep a keep button names (its argument is the die)."""
    if ref.arg is None or not ref.arg.isdigit():
        raise Refused("refuse-no-such-move")
    return Keep(int(ref.arg))


async def die(clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
    """A die on the roll's message: show this player where it can go."""
    live, seat = await clicks.player(interaction, ref)
    state, words = keer_state(live.state), member_words(interaction)
    chosen = ref.number(0)
    if state.phase is Phase.CHOOSE and state.choices[seat] == Miss():
        raise Refused("keer-refuse-missed")
    if state.phase is Phase.CHOOSE and state.choices[seat] == Skip():
        raise Refused("keer-refuse-nothing-fits")
    if seat not in state.seats_to_act() and state.phase is not Phase.CHOOSE:
        raise Refused("reason-already-chosen")
    if chosen not in state.allowed_dice(seat):
        raise _wrong_die(live, seat, words)
    content, view = picks.pick_message(live, seat, chosen, words)
    files = []
    if view is not None and await clicks.shows_images(interaction, live):
        files.append(_choice_file(clicks, live, state, seat, chosen, words=words))
    sent = await interaction.response.send_message(
        clicks.dressed(live, content),
        view=view or discord.utils.MISSING,
        files=files or discord.utils.MISSING,
        ephemeral=True,
    )
    shown = getattr(sent, "resource", None)
    if view is not None and isinstance(shown, discord.InteractionMessage):
        key, close = live.rules.message_key(state), partial(_closed, interaction)
        opened = (str(shown.id), interaction_ms(interaction))
        choices.remember(live, seat, key, opened, words=words, close=close)


async def _closed(interaction: discord.Interaction[Any], text: str) -> None:
    """A choice's ephemeral answer replaced by `text`, its select and picture gone."""
    await interaction.edit_original_response(content=text, view=None, attachments=[])


def _choice_file(
    clicks: GameClicks, live: LiveMatch, state: KeerState, seat: int, die: int, *, words: Words
) -> discord.File:
    """The seat's sheet with the kept or clicked die's choices in `state` (the one its options
    were made from: play may have moved on since) framed and lettered as the options are
    (`render.keer_kids.choice`), drawn on the event loop: under a millisecond, less than a
    render thread's queue."""
    png = clicks.drawn(choice_png, state, seat, die, words=words, name=live.names[seat])
    alt = picks.choice_alt(live, state, seat, die, words)
    return discord.File(io.BytesIO(png), filename="choice.png", description=alt[:1024])


async def pick(
    clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef, values: list[str]
) -> None:
    """An enclosure (or a mark) chosen for a die in its select."""
    await _choose(clicks, interaction, ref, _picked_action(ref, values))


async def mark(clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
    """A purple die's exclamation mark, its only choice, by button."""
    if ref.arg is None or not ref.arg.isdigit():
        raise Refused(DAMAGED_CHOICE)
    await _choose(clicks, interaction, ref, Mark(int(ref.arg)))


async def _choose(
    clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef, action: Move
) -> None:
    """A pick, or a pick changed: stored, then the ephemeral says what (once the roll resolved,
    a stale choice is edited away instead)."""
    try:
        played = await clicks.act(interaction, ref, action)
    except Refused as refused:
        if refused.key != OUT_OF_DATE:
            raise
        # The roll resolved since this choice was opened: the stale select goes away.
        over = member_words(interaction)("keer-pick-roll-over")
        await interaction.response.edit_message(content=over, view=None, attachments=[])
        return
    live, (seat, picked) = played.match, played.actions[0]
    if interaction.message is not None:
        choices.forget(live, str(interaction.message.id))  # answered here, in place
    before = keer_state(played.before).choices[seat]
    state = keer_state(live.state)
    said = picks.picked_text(state, picked, member_words(interaction), before)
    answer = interaction.response.edit_message(content=said, view=None)
    await clicks.deliver(interaction, played, answer)
    await choices.close_elsewhere(live, seat, clicks.now_ms())


async def sheet(clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
    """The player's own sheet, larger, only for them, their pick of the open roll so far shown
    (as text for a member who chose text instead of images: `/settings me images:off`)."""
    live, seat = await clicks.player(interaction, ref, check_version=False)
    words = member_words(interaction)
    if not await clicks.wants_images(str(interaction.user.id)):
        title = words("keer-sheet-text-title", match=live.id)
        text, state = _text_sheet(live, seat, words, title), keer_state(live.state)
        current = state.choices[seat] if state.phase is Phase.CHOOSE else None
        if isinstance(current, Cross | Mark):
            text += "\n" + words("keer-pick-current", pick=picks.pick_name(state, current, words))
        await interaction.response.send_message(text[:MESSAGE_LIMIT], ephemeral=True)
        return
    await _send_sheet(clicks, interaction, live, seat, words, drawing=own_sheet_png)


async def look(clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
    """👁 beside a player's line: their sheet as the card's image shows it (picks of an open
    roll hidden), as large as "My sheet", for anyone, in the member's language."""
    live, seat = await clicks.looked_at(interaction, ref)
    words = live.words
    if not await clicks.shows_images(interaction, live):
        title = words("keer-look-text-title", name=ui.name(live, seat, words), match=live.id)
        await interaction.response.send_message(
            _text_sheet(live, seat, words, title), ephemeral=True
        )
        return
    await _send_sheet(clicks, interaction, live, seat, words)


async def _send_sheet(
    clicks: GameClicks,
    interaction: discord.Interaction[Any],
    live: LiveMatch,
    seat: int,
    words: Words,
    *,
    drawing: Callable[..., bytes] | None = None,
) -> None:
    """A seat's sheet of `live`'s state, drawn in the render threads, only for the member (their
    own with their pick so far: `own_sheet_png`)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    state, name = live.state, live.names[seat]
    drawn = drawing or sheet_png  # what anyone may see of the seat's sheet
    png = await clicks.render(drawn, state, seat, name=name, words=words)  # 800 px: legible
    line = ui.board_line(live, seat, words)
    alt = alt_text(words("keer-sheet-alt", name=isolate(name)), line)
    await interaction.followup.send(
        line,
        file=discord.File(io.BytesIO(png), filename="sheet.png", description=alt),
        ephemeral=True,
    )


def _text_sheet(live: LiveMatch, seat: int, words: Words, title: str) -> str:
    """A player's sheet in words (the member's language), under `title`: the same lines as
    their section of the 📝 Text board (bot/games/keer_kids/text_board.py)."""
    return f"{title}\n{sheet_section(live, seat, words)}"[:MESSAGE_LIMIT]


def _picked_action(ref: MatchRef, values: list[str]) -> Move:
    """The cross or mark chosen in a die's select; one for another die (or anything else) is
    damaged."""
    if len(values) != 1:
        raise Refused(DAMAGED_CHOICE)
    try:
        action = parse_action(values[0])
    except ActionParseError:
        raise Refused(DAMAGED_CHOICE) from None
    chosen = (ref.arg or "").split(":")[0]
    if not isinstance(action, Cross | Mark) or str(action.die) != chosen:
        raise Refused(DAMAGED_CHOICE)
    return action


def _wrong_die(live: LiveMatch, seat: int, words: Words) -> Refused:
    """The refusal of a die this player may not use: which die (or dice) they may (`words`:
    the member's language, for a computer roller's name)."""
    state = keer_state(live.state)
    assert state.dice is not None and state.kept is not None
    if seat == state.roller:
        return Refused("keer-refuse-own-die", die=ui.DIE_EMOJI[state.dice[state.kept]])
    left = tuple(d for d in range(len(state.dice)) if d != state.kept)
    roller = ui.name(live, state.roller, words)
    return Refused("keer-refuse-roller-die", roller=roller, dice=ui.dice_text(state.dice, left))


BUTTONS: Mapping[str, ButtonHandler] = {
    Verb.ROLL: roll_or_keep,
    Verb.KEEP: roll_or_keep,
    Verb.DIE: die,
    Verb.SHEET: sheet,
    Verb.LOOK: look,
    Verb.MARK: mark,
}
SELECTS: Mapping[str, SelectHandler] = {Verb.PICK: pick}
