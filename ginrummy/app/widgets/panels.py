"""The table's lines of text: the score board, the prompt, the info line, the knock question.

Each is drawn from the table's model (`TableModel`) and the view of the seat shown; the
words come from the catalogue, the colours from the stylesheet (`Palette`).
"""

from __future__ import annotations

from rich.text import Text

from ...core import BigGin, Card, Knock, Melding, Phase, PlayerView, knock_discards, min_deadwood
from ...text.cards import card_label
from ...text.i18n import _
from ...text.names import say
from ..model.table import TableModel
from .cardart import card_text, cards_text, markup_format
from .palette import Palette


def scores_text(model: TableModel, me: int) -> Text:
    """Both totals (``me`` first), the target, and the round's facts."""
    s = model.session
    g = s.game
    text = Text()
    for i, seat in enumerate((me, 1 - me)):
        if i:
            text.append("  ·  ")
        text.append(f"{s.names[seat]} ", style="bold")
        text.append(str(g.scores[seat]), style="bold cyan")
    # TRANSLATORS: after the scores: the points that win the game.
    text.append("   " + _("to {target}").format(target=s.rules.target), style="dim")
    text.append("\n")
    rnd = s.round
    parts = [
        _("Round {number}").format(number=rnd.number),
        _("You deal") if rnd.dealer == s.you else say(_("{name} deals"), name=s.names[rnd.dealer]),
        _("knock limit {limit}").format(limit=rnd.knock_limit),
    ]
    if rnd.multiplier != 1:
        parts.append(_("scores x{times}").format(times=rnd.multiplier))
    text.append(" · ".join(parts), style="dim")
    if s.match is not None:
        # The match on a line of its own: at the end of the round's line it was cut off.
        won = s.match.games_won
        text.append("\n")
        text.append(
            _("game {number}, games {won}-{lost}").format(
                number=len(s.match.games), won=won[me], lost=won[1 - me]
            ),
            style="dim",
        )
    return text


def prompt_text(model: TableModel, view: PlayerView, palette: Palette) -> Text:
    """Whose turn it is and what they may do (or what the computer is doing)."""
    s, ascii = model.session, model.ascii
    rnd = s.round
    if rnd.is_over:
        return Text(_("The round is over."), style="bold")
    actor = rnd.to_act
    name = s.names[actor]
    if not s.is_human(actor):
        last = rnd.history[-1] if rnd.history else None
        doing = _("{name} is thinking…")
        if rnd.phase is Phase.DISCARD and last is not None:
            if last.card is not None and last.kind.value == "take":
                doing = _("{name} took {card} from the discard pile…")
            else:
                doing = _("{name} drew from the stock…")
        card = card_label(last.card, ascii) if last and last.card else ""
        return Text(say(doing, name=name, card=card), style=palette.thinking)
    if model.acting_seat is None:
        return Text(say(_("{name}'s turn."), name=name), style="italic")
    top = card_label(view.top_discard, ascii) if view.top_discard else "?"
    if view.phase is Phase.FIRST_UPCARD:
        what = _("take the upcard {card} (d) or pass (p).").format(card=top)
    elif view.phase is Phase.DRAW:
        if view.stock_only:
            what = _("both passed the upcard, so draw from the stock (s).")
        else:
            what = _("draw from the stock (s) or take {card} (d).").format(card=top)
    else:
        # TRANSLATORS: {arrows} is "←→" (or "Left/Right"); keep Enter as it is.
        what = _("discard a card: {arrows} to select, Enter to discard (or click it twice).")
        what = what.format(arrows="Left/Right" if ascii else "←→")
    # TRANSLATORS: the prompt line: "Your turn: draw from the stock (s) or ..." (the
    # second one names the player in hot-seat games); {what} is one of the
    # messages that follow it in the catalogue.
    head = _("{name}, your turn:") if s.hotseat else _("Your turn:")
    t = Text()
    t.append(head.format(name=name) + " ", style="bold")
    t.append(what)
    return t


def info_text(model: TableModel, view: PlayerView, palette: Palette) -> Text:
    """The deadwood of the hand shown (and without the selected card), and a sign when
    the player may go out."""
    t = Text()
    if model.viewer is None:
        return t
    hand = view.hand
    t.append(_("Deadwood") + " ", style="dim")
    t.append(str(min_deadwood(hand)), style="bold")
    if view.phase is Phase.DISCARD and view.is_my_turn:
        sel = model.selected_card()
        if sel is not None:
            after = min_deadwood([c for c in hand if c is not sel])
            t.append(
                " · " + _("without {card}:").format(card=card_label(sel, model.ascii)) + " ",
                style="dim",
            )
            t.append(str(after), style="bold")
        t.append("   ")
        t.append_text(possible_text(view, palette))
    else:
        t.append(" · " + _("knock limit {limit}").format(limit=view.knock_limit), style="dim")
    return t


def possible_text(view: PlayerView, palette: Palette) -> Text:
    """A sign when big gin, gin or a knock is possible (the best one), else nothing."""
    legal = view.legal_actions()
    if BigGin() in legal:
        # TRANSLATORS: a sign on the info line; keep "b" (the key). About 25 letters.
        sign = _("BIG GIN POSSIBLE: press b")
        return Text(f" {sign} ", style=palette.big_gin_sign)
    knocks = {a.card for a in legal if isinstance(a, Knock)}
    if not knocks:
        return Text("")
    options = knock_discards(view.hand, view.knock_limit, exclude=())
    options = {c: v for c, v in options.items() if c in knocks}
    best = min(options.values())
    if best == 0:
        # TRANSLATORS: a sign on the info line; keep "g" (the key). About 25 letters.
        sign = _("GIN POSSIBLE: press g")
        return Text(f" {sign} ", style=palette.gin_sign)
    # TRANSLATORS: a sign on the info line: {n} is the deadwood after knocking; keep
    # "k" (the key). About 25 letters.
    sign = _("KNOCK POSSIBLE ({n}): press k").format(n=best)
    return Text(f" {sign} ", style=palette.knock_sign)


def knock_text(
    card: Card, melding: Melding, limit: int, ascii: bool, four_colour: bool = False
) -> Text:
    """The knock question's body: the card discarded face down, the melds and deadwood."""
    text = Text()
    if melding.deadwood_points == 0:
        # Gin: the knock limit plays no part, so the question does not name it.
        # TRANSLATORS: the gin question; keep the markup [b]...[/b] (bold).
        sentence = _("Discard {card} face down and end the round with [b]no deadwood[/b].")
    else:
        # TRANSLATORS: keep the markup [b]...[/b] (bold).
        sentence = _(
            "Discard {card} face down and end the round with [b]{n} deadwood[/b]"
            " (knock limit {limit})."
        )
    text.append_text(
        markup_format(
            sentence,
            card=card_text(card, ascii, four_colour=four_colour),
            n=melding.deadwood_points,
            limit=limit,
        )
    )
    text.append("\n\n")
    for meld in melding.melds:
        # TRANSLATORS: a line of the knock dialog, before the cards of one meld.
        text.append("  " + _("meld: "))
        text.append_text(cards_text(meld.cards, ascii, four_colour=four_colour))
        text.append("\n")
    if melding.deadwood:
        # TRANSLATORS: a line of the knock dialog, before the unmatched cards.
        text.append("  " + _("deadwood: "))
        text.append_text(cards_text(melding.deadwood, ascii, four_colour=four_colour))
        text.append("\n")
    if melding.deadwood_points == 0:
        text.append("\n" + _("That is gin!"), style="bold green")
    return text
