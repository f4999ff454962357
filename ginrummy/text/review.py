"""The review's words: grades, moves, the table heads and the summary lines.

`ginrummy.players.review` gives the review as data; this module alone words it, in the
player's language (the command line's table, the review screen, the round's verdict and
the statistics). What a player is shown as a cost is the **errors'** cost
(`SeatReview.cost`: the decisions graded mistake or blunder), never the sum of every
decision's loss, which the evaluation's noise inflates.
"""

from __future__ import annotations

from ..core.actions import Action, BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ..core.cards import Card
from ..core.melds import min_deadwood
from .cards import card_label, cards_label
from .i18n import _, ngettext, number

__all__ = [
    "GRADE_LABELS",
    "GRADE_MARKS",
    "decision_heads",
    "errors_cost",
    "game_line",
    "grade_label",
    "held_label",
    "marks_legend",
    "move_label",
    "percent",
    "round_heads",
    "seat_heads",
    "signed_percent",
    "verdict",
]

GRADE_LABELS = {
    # TRANSLATORS: the grades of a decision in a game review (as chess programs grade moves).
    "good": lambda: _("good"),
    "inaccuracy": lambda: _("inaccuracy"),
    "mistake": lambda: _("mistake"),
    "blunder": lambda: _("blunder"),
}


def grade_label(grade: str) -> str:
    """A grade's name (``good``, ``inaccuracy``, ``mistake``, ``blunder``) in words."""
    return GRADE_LABELS[grade]()


def move_label(action: Action, top: Card | None, hand: tuple[Card, ...], ascii: bool) -> str:
    """A move in a few words: "take 7♥", "draw", "discard K♠", "knock with 3♣", "gin"."""
    if isinstance(action, DrawStock):
        # TRANSLATORS: moves in the review's table (short, lower case).
        return _("draw from the stock")
    if isinstance(action, TakeDiscard):
        if top is None:
            return _("take the discard")
        return _("take {card}").format(card=card_label(top, ascii))
    if isinstance(action, Pass):
        return _("pass")
    if isinstance(action, BigGin):
        return _("big gin")
    card = card_label(action.card, ascii)
    if isinstance(action, Knock):
        rest = [c for c in hand if c != action.card]
        if len(rest) == 10 and min_deadwood(rest) == 0:
            return _("gin, discarding {card}").format(card=card)
        return _("knock, discarding {card}").format(card=card)
    assert isinstance(action, Discard)
    return _("discard {card}").format(card=card)


def percent(fraction: float) -> str:
    """A fraction of one game as percentage points: "4.2%" (the language's decimal
    separator: "4,2%" in Polish)."""
    return f"{number(fraction * 100, '.1f')}%"


def signed_percent(fraction: float) -> str:
    """A change as signed percentage points: "+6.0%", "−14.0%" ("−14,0%" in Polish)."""
    value = fraction * 100
    sign = "+" if value >= 0.05 else ("−" if value <= -0.05 else "±")
    return f"{sign}{number(abs(value), '.1f')}%"


def errors_cost(errors: int, cost: float) -> str:
    """The errors (decisions graded mistake or blunder, called costly moves) and what
    they cost, as a change of the chance to win the game: "2 costly moves, −14.0%"."""
    if errors == 0:
        # TRANSLATORS: a review found no decision graded mistake or blunder.
        return _("no costly move")
    # TRANSLATORS: the costly moves are the decisions graded mistake or blunder (keep
    # the word apart from "mistake"); {cost} is what they cost, in
    # percentage points of winning the game ("−14.0%").
    return ngettext("{n} costly move, {cost}", "{n} costly moves, {cost}", errors).format(
        n=errors, cost=signed_percent(-cost)
    )


def verdict(errors: int, cost: float, luck: float) -> str:
    """A round's verdict in one line: "2 costly moves, −14.0% · luck +6.0%"."""
    # TRANSLATORS: the verdict on a round: {errors} is "2 costly moves, −14.0%" (or "no
    # costly move"), {luck} the change the cards brought, the player's less the
    # opponent's ("+6.0%").
    return _("{errors} · luck {luck}").format(
        errors=errors_cost(errors, cost), luck=signed_percent(luck)
    )


#: The chess marks of the grades, in the table's last column (no words to translate).
GRADE_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def seat_heads() -> list[str]:
    """The heads of the review's table of seats (the last: the counts of each grade, by
    their chess marks)."""
    return [
        # TRANSLATORS: column heads of `ginrummy review`'s table (short: the table is narrow).
        _("player"),
        _("decisions"),
        _("accuracy"),
        _("cost"),
        _("luck"),
        " / ".join(GRADE_MARKS.values()),
    ]


def marks_legend() -> str:
    """What the marks mean: "?! inaccuracy · ? mistake · ?? blunder"."""
    return " · ".join(f"{mark} {grade_label(grade)}" for grade, mark in GRADE_MARKS.items())


def round_heads() -> list[str]:
    """The heads of the review's table of rounds (points: the player's, signed)."""
    return [
        _("round"),
        _("player"),
        _("points"),
        _("accuracy"),
        _("cost"),
        _("luck"),
        " / ".join(GRADE_MARKS.values()),
    ]


def decision_heads() -> list[str]:
    """The heads of the review's table of the costly decisions."""
    # TRANSLATORS: column heads of `ginrummy review`'s list of mistakes: the round, the
    # stock left, the move played, the best move, what it cost, the opponent's cards then.
    return [_("round"), _("stock"), _("played"), _("better"), _("cost"), _("opponent held")]


def game_line(
    number: int, names: tuple[str, str], scores: tuple[int, int], winner: int | None
) -> str:
    """The line over a game's review: "Game 1: Ann 104, Computer 15 (Ann won)"."""
    if winner is None:
        # TRANSLATORS: the title of a game's review; {a} and {b} are the names.
        return _("Game {n}: {a} {sa}, {b} {sb} (unfinished)").format(
            n=number, a=names[0], sa=scores[0], b=names[1], sb=scores[1]
        )
    return _("Game {n}: {a} {sa}, {b} {sb} ({winner} won)").format(
        n=number, a=names[0], sa=scores[0], b=names[1], sb=scores[1], winner=names[winner]
    )


def held_label(cards: tuple[Card, ...], ascii: bool) -> str:
    """The opponent's cards, by suit then rank."""
    return cards_label(sorted(cards, key=lambda c: c.index), ascii)
