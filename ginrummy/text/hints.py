"""A hint in words: the move a computer player advises, the runner-up, and why, with numbers.

The players return their advice as data (`ginrummy.players.advice.Advice`); this module
alone turns it into a sentence, in the player's language: the move and its first reason,
then (for advice in `Unit.WIN_CHANCE`, the evaluator's) the chance to win the game after
the move and after the runner-up, then the other reasons. The round's stage is said as
the stock's size, never as "early" or "late", so two hints never disagree about it.
"""

from __future__ import annotations

from ..core.actions import BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ..core.cards import Card
from ..players.advice import Advice, CardRisk, DeadCard, KnockFacts, TakeFacts, Unit
from .cards import card_label, cards_label
from .i18n import N_, _, join_words, ngettext
from .review import move_label

__all__ = ["advice_text", "dead_card_text", "percent"]

#: A runner-up discard at least this much likelier to feed the opponent is named for it.
FEED_GAP = 0.1
#: A discard this likely to feed the opponent says so, even with nothing safer to throw.
FEED_NOTED = 0.2

#: The ranks as counted after "two other" / "all three other" (translated where used).
_RANK_WORDS = (
    "",
    # TRANSLATORS: ranks in the plural as they follow "two other" / "all three other" in the
    # hint "two other {rank} are gone" (aces, twos, ... kings).
    N_("aces"),
    N_("twos"),
    N_("threes"),
    N_("fours"),
    N_("fives"),
    N_("sixes"),
    N_("sevens"),
    N_("eights"),
    N_("nines"),
    N_("tens"),
    N_("jacks"),
    N_("queens"),
    N_("kings"),
)


def percent(chance: float) -> int:
    """A chance 0-1 as a whole percentage (1 at least when it is not nil)."""
    if chance <= 0:
        return 0
    return max(1, min(100, round(chance * 100)))


def advice_text(advice: Advice, limit: int | None = None) -> str:
    """The hint for ``advice``: the move and its reasons, the most telling first; with
    ``limit``, the reasons that would make it longer than that many characters are left
    out (the move and its first reason always stay)."""
    head, *more = _clauses(advice)
    text = head
    for clause in more:
        longer = _("{reason}; {more}").format(reason=text, more=clause)
        if limit is not None and len(longer) > limit:
            break
        text = longer
    return text


def _clauses(advice: Advice) -> list[str]:
    clauses = _move_clauses(advice)
    if advice.unit is Unit.WIN_CHANCE:
        # The numbers behind the move come right after it: what the reasons explain.
        clauses.insert(1, _win_chances(advice))
    return clauses


def _win_chances(advice: Advice) -> str:
    """The chance to win the game after the move, and after the runner-up."""
    move = advice.options[0]
    other = advice.runner_up
    # The move advised may be a good one a little below the evaluator's best (within its
    # noise): a runner-up shown with a higher chance would read as a better move.
    if other is None or other.value > move.value:
        # TRANSLATORS: the hint's numbers: the chance to win the game after the move advised.
        # {percent} is a whole number (write "%" as your language does, e.g. "{percent} %").
        return _("your chance to win the game: {percent}%").format(percent=percent(move.value))
    top = advice.take.card if advice.take is not None else None
    # TRANSLATORS: the hint's numbers: the chance to win the game after the move advised,
    # then after the best other move ({other} is a move as the review names it: "discard
    # 9♦", "draw from the stock", "take 7♥"). Whole numbers ("{percent} %").
    return _("your chance to win the game: {percent}% ({other}: {other_percent}%)").format(
        percent=percent(move.value),
        other=move_label(other.action, top, advice.hand, False),
        other_percent=percent(other.value),
    )


def _move_clauses(advice: Advice) -> list[str]:
    action = advice.action
    if isinstance(action, BigGin):
        # TRANSLATORS: the hint key's advice to the player; {card} is a card face (7♥).
        return [_("Big Gin: all eleven cards are in melds")]
    if isinstance(action, Knock):
        if advice.knock is None or not advice.knock.deadwood:
            face = card_label(action.card)
            return [_("Gin: discard {card} face down, no deadwood left").format(card=face)]
        return [_knock_text(advice.knock, advice.stock)]
    if isinstance(action, TakeDiscard | Pass | DrawStock):
        return [_draw_text(action, advice.take)]
    assert isinstance(action, Discard)
    return _discard_clauses(advice, action.card)


def _knock_text(knock: KnockFacts, stock: int) -> str:
    # TRANSLATORS: the hint to knock. {percent} is a whole number (write "%" as your
    # language does, e.g. "{percent} %"); {stock} the cards left in the stock.
    text = ngettext(
        "Knock with {card}: {deadwood} deadwood, undercut risk {percent}% with {stock} card"
        " in the stock",
        "Knock with {card}: {deadwood} deadwood, undercut risk {percent}% with {stock} cards"
        " in the stock",
        stock,
    )
    return text.format(
        card=card_label(knock.card),
        deadwood=knock.deadwood,
        percent=percent(knock.undercut_chance),
        stock=stock,
    )


def _draw_text(action: TakeDiscard | Pass | DrawStock, take: TakeFacts | None) -> str:
    if take is None:
        return _("Draw from the stock: both players passed the upcard")
    label = card_label(take.card)
    if isinstance(action, TakeDiscard):
        if take.meld:
            if take.run:
                text = _("Take {card}: it makes a run with {others}")
            else:
                text = _("Take {card}: it makes a set with {others}")
            return text.format(card=label, others=cards_label(take.meld))
        if take.deadwood_after >= take.deadwood_before:
            # TRANSLATORS: taking {card} keeps the deadwood as it is, but the hand gets more
            # cards that can make melds with the coming draws.
            return _("Take {card}: your deadwood stays at {after}, with more ways to meld").format(
                card=label, after=take.deadwood_before
            )
        return _("Take {card}: it lowers your deadwood from {before} to {after}").format(
            card=label, before=take.deadwood_before, after=take.deadwood_after
        )
    if isinstance(action, Pass):
        if take.fits:
            why = _("Pass: {card} helps less than an average card from the stock")
        else:
            why = _("Pass: {card} fits none of your cards")
    elif take.fits:
        why = _("Draw from the stock: {card} helps less than an average card from the stock")
    else:
        why = _("Draw from the stock: {card} fits none of your cards")
    return why.format(card=label)


def _discard_clauses(advice: Advice, card: Card) -> list[str]:
    label = card_label(card)
    if advice.dead is not None:
        # TRANSLATORS: {reason} says why, e.g. "two other kings are gone, and so is Q♣".
        head = _("Discard {card}: it is dead: {reason}").format(
            card=label, reason=dead_card_text(advice.dead)
        )
    else:
        # TRANSLATORS: the hint to discard {card}; {deadwood} is the deadwood the hand keeps.
        head = ngettext(
            "Discard {card}: {deadwood} deadwood left",
            "Discard {card}: {deadwood} deadwood left",
            advice.deadwood,
        ).format(card=label, deadwood=advice.deadwood)
    clauses = [head]
    if advice.knock is not None:
        clauses.append(_declined_knock(advice.knock, advice.stock))
    mine, other = advice.risk, advice.runner_up_risk
    if mine is not None and other is not None:
        clauses.append(_runner_up(mine, other))
    # The discard's own risk, when the runner-up's has not already been set against it.
    said = other is not None and mine is not None and _feeds_more(other, mine)
    if mine is not None and not said and mine.feed_chance >= FEED_NOTED:
        clauses.append(
            # TRANSLATORS: a discard's risk; {percent} is a whole number ("{percent} %").
            _("the opponent's chance to use {card}: {percent}%").format(
                card=label, percent=percent(mine.feed_chance)
            )
        )
    if advice.gin_outs:
        clauses.append(
            # TRANSLATORS: after the discard, this many unseen cards would make gin if drawn.
            ngettext(
                "{count} card would give you gin",
                "{count} cards would give you gin",
                advice.gin_outs,
            ).format(count=advice.gin_outs)
        )
    return clauses


def _declined_knock(knock: KnockFacts, stock: int) -> str:
    if knock.opponent_knocks_early:
        # TRANSLATORS: why not to knock although the hand could: the opponent is read as one
        # that knocks as soon as it can, and the hand is low enough to undercut that knock.
        return _(
            "don't knock yet: the opponent knocks early, and {deadwood} deadwood can undercut"
            " its knock"
        ).format(deadwood=knock.deadwood)
    # TRANSLATORS: why not to knock although the hand could: the knock's risk, and the
    # draws left to improve. {percent} is a whole number ("{percent} %"), {stock} the cards
    # left in the stock.
    text = ngettext(
        "don't knock yet: undercut risk {percent}% at {deadwood} deadwood, and {stock} card"
        " left in the stock to improve",
        "don't knock yet: undercut risk {percent}% at {deadwood} deadwood, and {stock} cards"
        " left in the stock to improve",
        stock,
    )
    return text.format(deadwood=knock.deadwood, percent=percent(knock.undercut_chance), stock=stock)


def _runner_up(mine: CardRisk, other: CardRisk) -> str:
    """Why not the runner-up discard: it feeds the opponent more (and the cards that say
    so), it leaves more deadwood, or it leaves less to improve with."""
    label, other_label = card_label(mine.card), card_label(other.card)
    if _feeds_more(other, mine):
        numbers = {
            "other": other_label,
            "other_percent": percent(other.feed_chance),
            "card": label,
            "percent": percent(mine.feed_chance),
        }
        took, passed = other.took, mine.passed
        if took and passed:
            # TRANSLATORS: cards the opponent took from the pile, and cards it threw away or
            # did not take; then " — " and the odds ("its chance to use 9♦: 35%, ...").
            why = _("the opponent took {took} and let {passed} go")
        elif took:
            why = _("the opponent took {took}")
        elif passed:
            why = _("the opponent let {passed} go")
        else:
            # TRANSLATORS: {other} and {card} are card faces, the percentages whole numbers:
            # the runner-up discard {other} would let the opponent meld more often than {card}.
            return _(
                "the opponent's chance to use {other}: {other_percent}%, {card}: {percent}%"
            ).format(**numbers)
        why = why.format(took=cards_label(took), passed=cards_label(passed))
        # TRANSLATORS: as "the opponent's chance to use {other}: ...", after what it took or
        # let go ("the opponent took 9♠ — its chance to use 9♦: 35%, 8♣: 18%").
        odds = _("its chance to use {other}: {other_percent}%, {card}: {percent}%").format(
            **numbers
        )
        return _("{facts} — {odds}").format(facts=why, odds=odds)
    if other.deadwood_after > mine.deadwood_after:
        # TRANSLATORS: the runner-up discard {other} would keep more deadwood.
        return ngettext(
            "{other} would leave {deadwood} deadwood",
            "{other} would leave {deadwood} deadwood",
            other.deadwood_after,
        ).format(other=other_label, deadwood=other.deadwood_after)
    if other.deadwood_after < mine.deadwood_after:
        # TRANSLATORS: the runner-up discard {other} keeps less deadwood now, but the cards
        # it keeps are less likely to make melds with the coming draws.
        return ngettext(
            "{other} would leave {deadwood} deadwood but less to build on",
            "{other} would leave {deadwood} deadwood but less to build on",
            other.deadwood_after,
        ).format(other=other_label, deadwood=other.deadwood_after)
    # TRANSLATORS: the runner-up discard {other} is almost as good.
    return _("{other} is nearly as good").format(other=other_label)


def _feeds_more(other: CardRisk, mine: CardRisk) -> bool:
    """Whether ``other`` is the likelier to feed the opponent, by `FEED_GAP` at least."""
    return other.feed_chance - mine.feed_chance >= FEED_GAP


def dead_card_text(dead: DeadCard) -> str:
    """Why no meld can ever use a card: the cards of its rank and its neighbours gone."""
    rank = _(_RANK_WORDS[dead.card.rank])
    if dead.rank_gone >= 3:
        # TRANSLATORS: {rank} is a rank in the plural ("kings", "sevens"): it is dead for runs.
        text = _("all three other {rank} are gone").format(rank=rank)
    else:
        text = _("two other {rank} are gone").format(rank=rank)
    if dead.neighbours_gone:
        # TRANSLATORS: {reason} is "two other kings are gone"; {cards} one or two card faces
        # ("Q♣" or "Q♣ and A♣"), the neighbours that a run would need.
        text = _("{reason}, and so is {cards}").format(
            reason=text, cards=join_words(card_label(c) for c in dead.neighbours_gone)
        )
    return text
