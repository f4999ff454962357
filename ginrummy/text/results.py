"""A round's result in words: who knocked, what each side had, who scores what.

The sentences are whole in every language: the person reading a game against the
computer is "you" (second person), everyone else is named, in the name's sentence form
(`names.say`: "¡La máquina gana la partida!", "A gép megnyerte a játszmát!").
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.round import RoundResult
from ..core.showdown import ResultKind
from .cards import cards_label
from .i18n import _, ngettext
from .names import display_name, in_sentence, say

__all__ = [
    "explain_result",
    "game_won_sentence",
    "knock_sentence",
    "match_won_sentence",
    "round_won_sentence",
    "score_sentence",
    "score_template",
    "showdown_heading",
    "showdown_sentence",
    "shutout_sentence",
]


def explain_result(
    result: RoundResult, names: Sequence[str] | None = None, you: int | None = None
) -> str:
    """The result in words, e.g. ``Undercut! Ben scores 25 + 8 - 6 = 27.``

    ``names`` are the two seats' names (default "Player 1", "Player 2" in the current
    language). ``you`` is the seat of the person reading it in a game against the
    computer: sentences about that seat are then in the second person ("You score").
    """
    if names is None:
        names = (display_name("Player 1"), display_name("Player 2"))
    if result.showdown is None or result.knocker is None or result.winner is None:
        n = result.stock_left
        # TRANSLATORS: the round ended with no winner: too few cards left in the stock.
        return ngettext(
            "Dead round: only {n} card was left in the stock. "
            "Nobody scores; the same dealer deals again.",
            "Dead round: only {n} cards were left in the stock. "
            "Nobody scores; the same dealer deals again.",
            n,
        ).format(n=n)
    s = result.showdown
    fields = {
        "knocker": in_sentence(names[result.knocker]),
        "defender": in_sentence(names[1 - result.knocker]),
        "name": in_sentence(names[result.winner]),
        "k": s.knocker_deadwood,
        "d": s.defender_deadwood,
        "cards": cards_label(s.defence.laid_off),
        "bonus": {
            ResultKind.BIG_GIN: result.big_gin_bonus,
            ResultKind.GIN: result.gin_bonus,
        }.get(result.kind, result.undercut_bonus),
        "points": result.base_points,
        "total": result.points,
    }
    score = score_sentence(result, result.winner == you, result.multiplier != 1)
    if result.kind in (ResultKind.GIN, ResultKind.BIG_GIN):
        return say(score, **fields)
    opening = knock_sentence(
        result.knocker == you, 1 - result.knocker == you, bool(s.defence.laid_off)
    )
    # TRANSLATORS: two whole sentences of a round result: {knock} says who knocked
    # and what the other player has, {score} who scores what.
    return _("{knock} {score}").format(knock=say(opening, **fields), score=say(score, **fields))


def knock_sentence(knocker_is_you: bool, defender_is_you: bool, laid: bool) -> str:
    """The first sentence after a knock (unformatted): the deadwood on both sides."""
    # Round result messages. {k} and {d} are deadwood points (the knocker's and the
    # defender's); {cards} are card faces like "7♥ 8♥". Phrase it so that no noun has
    # to agree with the numbers. "You" is the person reading it (informal).
    if knocker_is_you:
        if laid:
            # TRANSLATORS: {k}/{d}: knocker's/defender's deadwood points; {cards}: cards
            return _(
                "You knocked with {k} deadwood; {defender} lays off {cards} and has {d} deadwood."
            )
        # TRANSLATORS: {k}/{d}: knocker's/defender's deadwood points; {cards}: cards
        return _("You knocked with {k} deadwood; {defender} has {d} deadwood.")
    if defender_is_you:
        if laid:
            # TRANSLATORS: {k}/{d}: knocker's/defender's deadwood points; {cards}: cards
            return _(
                "{knocker} knocked with {k} deadwood; you lay off {cards} and have {d} deadwood."
            )
        # TRANSLATORS: {k}/{d}: knocker's/defender's deadwood points; {cards}: cards
        return _("{knocker} knocked with {k} deadwood; you have {d} deadwood.")
    if laid:
        # TRANSLATORS: {k}/{d}: knocker's/defender's deadwood points; {cards}: cards
        return _(
            "{knocker} knocked with {k} deadwood; {defender} lays off {cards} and has {d} deadwood."
        )
    # TRANSLATORS: {k}/{d}: knocker's/defender's deadwood points; {cards}: cards
    return _("{knocker} knocked with {k} deadwood; {defender} has {d} deadwood.")


def score_sentence(result: RoundResult, you_win: bool, doubled: bool) -> str:
    """The sentence saying who scores what (unformatted; `explain` fills it in)."""
    tie = result.showdown is not None and (
        result.showdown.knocker_deadwood == result.showdown.defender_deadwood
    )
    return score_template(result.kind, tie, you_win, doubled)


def showdown_sentence(
    kind: ResultKind, k: int, d: int, points: int, multiplier: int, name: str
) -> str:
    """Who scores what, e.g. ``Undercut! The defender scores 25 + 8 - 6 = 27.``

    ``k`` and ``d`` are the knocker's and the defender's deadwood, ``points`` the round's
    points before the ``multiplier``, ``name`` who scores them. The bonus is what the
    points hold beyond the deadwood.
    """
    if kind in (ResultKind.GIN, ResultKind.BIG_GIN):
        bonus = points - d
    elif kind is ResultKind.UNDERCUT:
        bonus = points - k + d
    else:
        bonus = 0
    template = score_template(kind, k == d, False, multiplier != 1)
    return say(template, name=name, k=k, d=d, bonus=bonus, points=points, total=points * multiplier)


def score_template(kind: ResultKind, tie: bool, you_win: bool, doubled: bool) -> str:
    """The sentence saying who scores what, unformatted (``{name}``, or "You" if ``you_win``).

    ``tie``: the defender's deadwood equals the knocker's (an undercut all the same).
    """
    # Round result messages. {name} is the player who scores, "You" the person
    # reading it; the numbers are a sum: {bonus} the bonus, {k} and {d} the knocker's
    # and the defender's deadwood, {points} the round's points, {total} the points after
    # the first upcard (a spade) doubled them. Keep the arithmetic signs as they are.
    if kind is ResultKind.BIG_GIN:
        if you_win:
            if doubled:
                # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
                return _(
                    "Big Gin! You score {bonus} + {d} = {points}, doubled by the spade upcard: "
                    "{total}."
                )
            # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
            return _("Big Gin! You score {bonus} + {d} = {points}.")
        if doubled:
            # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
            return _(
                "Big Gin! {name} scores {bonus} + {d} = {points}, doubled by the spade upcard: "
                "{total}."
            )
        # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
        return _("Big Gin! {name} scores {bonus} + {d} = {points}.")
    if kind is ResultKind.GIN:
        if you_win:
            if doubled:
                # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
                return _(
                    "Gin! You score {bonus} + {d} = {points}, doubled by the spade upcard: {total}."
                )
            # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
            return _("Gin! You score {bonus} + {d} = {points}.")
        if doubled:
            # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
            return _(
                "Gin! {name} scores {bonus} + {d} = {points}, doubled by the spade upcard: {total}."
            )
        # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
        return _("Gin! {name} scores {bonus} + {d} = {points}.")
    if kind is ResultKind.KNOCK:
        if you_win:
            if doubled:
                # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
                return _("You score {d} - {k} = {points}, doubled by the spade upcard: {total}.")
            # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
            return _("You score {d} - {k} = {points}.")
        if doubled:
            # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
            return _("{name} scores {d} - {k} = {points}, doubled by the spade upcard: {total}.")
        # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
        return _("{name} scores {d} - {k} = {points}.")
    if tie:
        # The defender's deadwood equals the knocker's: that counts as an
        # undercut too.
        if you_win:
            if doubled:
                # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
                return _(
                    "Undercut (a tie is an undercut)! You score {bonus} + {k} - "
                    "{d} = {points}, "
                    "doubled by the spade upcard: {total}."
                )
            # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
            return _("Undercut (a tie is an undercut)! You score {bonus} + {k} - {d} = {points}.")
        if doubled:
            # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
            return _(
                "Undercut (a tie is an undercut)! {name} scores {bonus} + "
                "{k} - {d} = {points}, "
                "doubled by the spade upcard: {total}."
            )
        # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
        return _("Undercut (a tie is an undercut)! {name} scores {bonus} + {k} - {d} = {points}.")
    if you_win:
        if doubled:
            # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
            return _(
                "Undercut! You score {bonus} + {k} - {d} = {points}, "
                "doubled by the spade upcard: "
                "{total}."
            )
        # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
        return _("Undercut! You score {bonus} + {k} - {d} = {points}.")
    if doubled:
        # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
        return _(
            "Undercut! {name} scores {bonus} + {k} - {d} = {points}, doubled by the spade "
            "upcard: {total}."
        )
    # TRANSLATORS: {bonus} + {k}/{d} deadwood = {points}; {total}: doubled
    return _("Undercut! {name} scores {bonus} + {k} - {d} = {points}.")


# Sentences about one seat: the seat ``you`` (the person reading a game against the
# computer) has a message of its own in the second person, never "{name}" filled with
# "You", which no language but English could conjugate.


def game_won_sentence(winner: int, names: Sequence[str], you: int | None) -> str:
    """``You win the game!`` or ``Ann wins the game!``."""
    if winner == you:
        return _("You win the game!")
    return say(_("{name} wins the game!"), name=names[winner])


def match_won_sentence(winner: int, names: Sequence[str], you: int | None) -> str:
    """``You win the match!`` or ``Ann wins the match!``."""
    if winner == you:
        return _("You win the match!")
    return say(_("{name} wins the match!"), name=names[winner])


def round_won_sentence(winner: int, names: Sequence[str], you: int | None) -> str:
    """``You won.`` or ``Ann won.`` (the last step of a replayed game)."""
    if winner == you:
        return _("You won.")
    return say(_("{name} won."), name=names[winner])


def shutout_sentence(loser: int, names: Sequence[str], you: int | None) -> str:
    """The game's loser scored nothing: ``A shutout: Ben scored no points.``"""
    if loser == you:
        # TRANSLATORS: after the winning margin, when the loser scored nothing.
        return _("A shutout: you scored no points.")
    return say(_("A shutout: {name} scored no points."), name=names[loser])


def showdown_heading(kind: ResultKind, knocker_is_you: bool) -> str:
    """Above the knocker's cards on the result screen: ``You went gin``, ``{name} knocked``.

    Unformatted: the screen sets ``{name}`` in bold.
    """
    if knocker_is_you:
        if kind is ResultKind.GIN:
            return _("You went gin")
        if kind is ResultKind.BIG_GIN:
            return _("You went big gin")
        return _("You knocked")
    if kind is ResultKind.GIN:
        return _("{name} went gin")
    if kind is ResultKind.BIG_GIN:
        return _("{name} went big gin")
    return _("{name} knocked")
