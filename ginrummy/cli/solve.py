"""``ginrummy solve``: the best melding and deadwood of a hand, or of every hand on stdin."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TextIO

from ..core import Card, CardError, best_discards, best_melding, parse_cards
from ..text.cards import card_label, cards_label
from ..text.errors import describe
from ..text.i18n import _, ngettext, pgettext
from .errors import UsageError
from .output import ascii_cards, labelled, melds_label, out, out_json, points_label

__all__ = ["format_solution", "read_hands", "run", "solve_hand"]


def solve_hand(cards: Sequence[Card]) -> dict[str, Any]:
    """The ``--json`` object for one hand: card codes and the deadwood points."""
    melding = best_melding(cards)
    return {"hand": [c.code for c in cards], **melding.to_dict()}


def format_solution(cards: Sequence[Card], ascii: bool = False) -> str:
    """A hand's best arrangement in words."""
    melding = best_melding(cards)
    points = melding.deadwood_points
    # TRANSLATORS: ginrummy solve: "none" stands for no deadwood cards.
    dead = cards_label(melding.deadwood, ascii) or pgettext("no cards", "none")
    if points == 0 and len(cards) == 10:
        deadwood = _("{cards} = {points} (gin)")
    elif points == 0 and len(cards) == 11:
        deadwood = _("{cards} = {points} (big gin)")
    else:
        deadwood = "{cards} = {points}"
    rows = [
        # TRANSLATORS: ginrummy solve: the labels of its lines (the texts line up after them).
        (pgettext("solve", "Hand"), cards_label(cards, ascii)),
        (pgettext("solve", "Melds"), melds_label((m.cards for m in melding.melds), ascii)),
        (pgettext("solve", "Deadwood"), deadwood.format(cards=dead, points=points_label(points))),
    ]
    if len(cards) == 11 and points:
        left, discards = best_discards(cards)
        # TRANSLATORS: between the cards one may discard instead of each other ("7♥ or 8♦").
        options = _(" or ").join(card_label(c, ascii) for c in discards)
        rows.append(
            (
                pgettext("solve", "Discard"),
                # TRANSLATORS: {n} is a bare number of deadwood points: the sentence
                # carries the unit, in the plural form {n} needs.
                ngettext(
                    "{cards} (leaves {n} point of deadwood)",
                    "{cards} (leaves {n} points of deadwood)",
                    left,
                ).format(cards=options, n=left),
            )
        )
    return "\n".join(labelled(rows))


#: The most cards a hand can have (ten, and the eleventh just drawn).
MAX_HAND = 11
#: The longest line read from standard input (a hand takes some 40 characters).
MAX_LINE = 4096


def bounded_lines(stream: TextIO, limit: int = MAX_LINE) -> Iterator[str]:
    """The lines of ``stream``, each read at most ``limit`` characters at a time: one
    endless line is refused with its number instead of filling the memory."""
    number = 0
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        number += 1
        if len(line) > limit and not line.endswith("\n"):
            raise UsageError(
                _("line {number} is too long (more than {limit} characters)").format(
                    number=number, limit=limit
                )
            )
        yield line


def _too_many(cards: Sequence[Card]) -> str | None:
    """Why these cards cannot be a hand (more than eleven), else None."""
    if len(cards) <= MAX_HAND:
        return None
    # TRANSLATORS: ginrummy solve was given more cards than a hand holds.
    return _("a hand has at most {most} cards, not {n}").format(most=MAX_HAND, n=len(cards))


def read_hands(lines: Iterable[str]) -> Iterator[list[Card]]:
    """The cards of each non-blank line (``#`` starts a comment); errors name the line."""
    try:
        for number, line in enumerate(lines, start=1):
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            try:
                cards = parse_cards(text)
            except CardError as exc:
                raise UsageError(
                    _("line {number}: {problem}").format(number=number, problem=describe(exc))
                ) from None
            problem = _too_many(cards)
            if problem is not None:
                raise UsageError(
                    _("line {number}: {problem}").format(number=number, problem=problem)
                )
            yield cards
    except UnicodeDecodeError:
        raise UsageError(_("standard input is not text")) from None


def _given_hand(tokens: Sequence[str]) -> list[Card]:
    try:
        cards = parse_cards(tokens)
    except CardError as exc:
        raise UsageError(describe(exc)) from None
    problem = _too_many(cards)
    if problem is not None:
        raise UsageError(problem)
    if not cards:
        raise UsageError(_("no cards given: write the cards of a hand, e.g. AS 2S 3S 7H"))
    return cards


def run(args: argparse.Namespace) -> int:
    """Answer each hand as it comes (a bad stdin line stops after the hands before it)."""
    ascii = ascii_cards(args.ascii)
    tokens: list[str] = args.cards
    if tokens == ["-"]:
        hands: Iterable[list[Card]] = read_hands(bounded_lines(sys.stdin))
    elif "-" in tokens:
        raise UsageError(_("give either cards or a single '-' to read hands from standard input"))
    else:
        hands = [_given_hand(tokens)]
    for i, cards in enumerate(hands):
        if args.json:
            out_json(solve_hand(cards))
        else:
            if i:
                out("")
            out(format_solution(cards, ascii))
    return 0
