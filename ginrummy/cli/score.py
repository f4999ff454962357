"""``ginrummy score``: settle a real table's showdown (arrangements, lay-offs, score).

The core settles it (`ginrummy.core.settle`); this module checks that the table could have
come to it (card counts, the knock limit, Oklahoma's upcard) and words the result. Who
scores what is said with the same sentences as a round's result in the game
(`ginrummy.text.results.showdown_sentence`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core import (
    Card,
    CardError,
    Melding,
    ResultKind,
    Rules,
    Showdown,
    ShowdownError,
    best_melding,
    mask_of,
    min_deadwood,
    parse_cards,
    settle,
)
from ..core.cards import cards_from_mask
from ..text.cards import cards_label
from ..text.errors import describe
from ..text.i18n import _, ngettext, pgettext
from ..text.names import preset_label
from ..text.results import showdown_sentence
from .errors import UsageError
from .output import ascii_cards, labelled, melds_label, out, out_json

__all__ = ["Settled", "format_score", "run", "score_showdown"]


@dataclass(frozen=True, slots=True)
class Settled:
    """A settled showdown and the round it was settled under."""

    showdown: Showdown
    rules: Rules
    #: None: Oklahoma rules with no knock limit given (only gin could go out).
    knock_limit: int | None
    #: 2 when an Oklahoma spade upcard doubles the round, else 1.
    multiplier: int

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object: codes and numbers only."""
        s = self.showdown
        layoffs = [
            {"meld": [c.code for c in meld.cards], "cards": [c.code for c in cards]}
            for meld, cards in zip(s.knocker.melds, s.defence.layoffs, strict=True)
            if cards
        ]
        return {
            "kind": s.kind.value,
            "winner": "knocker" if s.knocker_won else "defender",
            "points": s.points * self.multiplier,
            "base_points": s.points,
            "multiplier": self.multiplier,
            "rules": self.rules.name,
            "knock_limit": self.knock_limit,
            "knocker_deadwood": s.knocker_deadwood,
            "defender_deadwood": s.defender_deadwood,
            "knocker": s.knocker.to_dict(),
            "defender": s.defence.melding.to_dict(),
            "layoffs": layoffs,
        }


def _parse_hand(tokens: Sequence[str], knocker: bool) -> list[Card]:
    try:
        return parse_cards(tokens)
    except CardError as exc:
        if knocker:
            message = _("the knocker's cards: {problem}")
        else:
            message = _("the defender's cards: {problem}")
        raise UsageError(message.format(problem=describe(exc))) from None


def _knock_limit(rules: Rules, knock_limit: int | None, upcard: Card | None) -> int | None:
    """The round's knock limit: given, else the rules' (None: Oklahoma without an upcard)."""
    if knock_limit is not None:
        return knock_limit
    if upcard is not None:
        return rules.round_knock_limit(upcard.value)
    return None if rules.oklahoma else rules.knock_limit


def score_showdown(
    knocker_cards: Sequence[Card],
    defender_cards: Sequence[Card],
    rules: Rules,
    *,
    knock_limit: int | None = None,
    upcard: Card | None = None,
    ascii: bool = False,
) -> Settled:
    """Settle a table's showdown (raises `UsageError` if the table could not come to it).

    ``ascii`` is for the cards named in an error.
    """
    n = len(knocker_cards)
    if n not in (10, 11):
        raise UsageError(
            _("the knocker must show 10 cards (or 11 for big gin), not {n}").format(n=n)
        )
    if len(defender_cards) != 10:
        raise UsageError(
            _("the defender must show 10 cards, not {n}").format(n=len(defender_cards))
        )
    k_mask, d_mask = mask_of(knocker_cards), mask_of(defender_cards)
    shared = cards_from_mask(k_mask & d_mask)
    if shared:
        which = " ".join(c.code for c in shared)
        raise UsageError(
            ngettext(
                "card {cards} in both hands", "cards {cards} in both hands", len(shared)
            ).format(cards=which)
        )
    if upcard is not None and not rules.oklahoma:
        raise UsageError(_("--upcard only matters under Oklahoma rules (--rules oklahoma)"))
    limit = _knock_limit(rules, knock_limit, upcard)
    multiplier = rules.round_multiplier(upcard) if upcard is not None else 1
    k_min = min_deadwood(k_mask)
    if n == 11:
        if rules.big_gin_bonus is None:
            raise UsageError(_("big gin is off under these rules: the knocker must show 10 cards"))
        if k_min:
            raise UsageError(
                # TRANSLATORS: {n} is a bare number of deadwood points (the sentence carries
                # the unit, in the plural form {n} needs).
                ngettext(
                    "11 knocker cards are only for big gin (all eleven in melds), but these leave"
                    " {n} point of deadwood",
                    "11 knocker cards are only for big gin (all eleven in melds), but these leave"
                    " {n} points of deadwood",
                    k_min,
                ).format(n=k_min)
            )
    elif k_min:
        if limit is None:
            raise UsageError(
                _(
                    "Oklahoma rules take the knock limit from the first upcard, which score cannot"
                    " see: give it with --knock-limit N (or the upcard with --upcard CARD)"
                )
            )
        if k_min > limit:
            dead = cards_label(best_melding(k_mask).deadwood, ascii)
            if limit == 0:
                message = _(
                    "illegal knock: the knocker's least deadwood is {k} ({cards}), but only gin"
                    " may go out"
                )
            else:
                message = _(
                    "illegal knock: the knocker's least deadwood is {k} ({cards}), but the knock"
                    " limit is {limit}"
                )
            raise UsageError(message.format(k=k_min, cards=dead, limit=limit))
    try:
        showdown = settle(
            k_mask,
            d_mask,
            knock_limit=limit if limit is not None else 0,
            gin_bonus=rules.gin_bonus,
            undercut_bonus=rules.undercut_bonus,
            big_gin_bonus=rules.big_gin_bonus,
        )
    except ShowdownError as exc:  # pragma: no cover - the checks above come first
        raise UsageError(describe(exc)) from None
    return Settled(showdown, rules, limit, multiplier)


def _header(settled: Settled) -> str:
    rules, limit = preset_label(settled.rules.name), settled.knock_limit
    if limit is None:
        # TRANSLATORS: ginrummy score's first line: {rules} is a preset name (Standard...).
        return _("{rules} rules").format(rules=rules)
    if limit == 0:
        return _("{rules} rules, gin only").format(rules=rules)
    return _("{rules} rules, knock limit {limit}").format(rules=rules, limit=limit)


def format_score(settled: Settled, ascii: bool = False) -> str:
    """The showdown in words: both arrangements, the lay-offs, who scores what."""
    s = settled.showdown

    def melds(melding: Melding) -> str:
        return melds_label((m.cards for m in melding.melds), ascii)

    def deadwood(melding: Melding) -> str:
        return _("deadwood {cards} = {points}").format(
            cards=cards_label(melding.deadwood, ascii) or pgettext("no cards", "none"),
            points=melding.deadwood_points,
        )

    # TRANSLATORS: ginrummy score: the two sides of the showdown (the texts line up after them).
    knocker, defender = pgettext("score", "Knocker"), pgettext("score", "Defender")
    rows = [
        (knocker, melds(s.knocker)),
        ("", deadwood(s.knocker)),
        (defender, melds(s.defence.melding)),
    ]
    if s.kind is ResultKind.GIN:
        rows.append(("", _("no lay-offs against gin")))
    elif s.kind is ResultKind.BIG_GIN:
        rows.append(("", _("no lay-offs against big gin")))
    elif not s.defence.laid_off:
        rows.append(("", _("nothing to lay off")))
    for meld, cards in zip(s.knocker.melds, s.defence.layoffs, strict=True):
        if cards:
            rows.append(
                (
                    "",
                    _("lays off {cards} on [{meld}]").format(
                        cards=cards_label(cards, ascii), meld=cards_label(meld.cards, ascii)
                    ),
                )
            )
    rows.append(("", deadwood(s.defence.melding)))
    if s.knocker_won:
        # TRANSLATORS: ginrummy score: who scores, the {name} of "{name} scores ..." (the
        # sentences of a round's result in the game, where {name} is a player's name).
        scorer = pgettext("score", "The knocker")
    else:
        # TRANSLATORS: ginrummy score: who scores, the {name} of "{name} scores ..." (the
        # sentences of a round's result in the game, where {name} is a player's name).
        scorer = pgettext("score", "The defender")
    words = showdown_sentence(
        s.kind, s.knocker_deadwood, s.defender_deadwood, s.points, settled.multiplier, scorer
    )
    return "\n".join([_header(settled), "", *labelled(rows), "", words])


def run(args: argparse.Namespace) -> int:
    ascii = ascii_cards(args.ascii)
    knocker = _parse_hand(args.knocker, knocker=True)
    defender = _parse_hand(args.vs, knocker=False)
    settled = score_showdown(
        knocker,
        defender,
        args.rules if args.rules is not None else Rules(),
        knock_limit=args.knock_limit,
        upcard=args.upcard,
        ascii=ascii,
    )
    if args.json:
        out_json(settled.to_json())
    else:
        out(format_score(settled, ascii))
    return 0
