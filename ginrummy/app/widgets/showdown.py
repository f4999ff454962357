"""The showdown as drawn: each hand's melds and deadwood, the lay-offs on the knocker's melds."""

from __future__ import annotations

from ...core import Card, Melding, RoundResult
from ...text.i18n import _
from .cardart import Group


def melding_groups(melding: Melding, layoffs: tuple[tuple[Card, ...], ...] = ()) -> list[Group]:
    """Groups for a showdown hand; cards laid off on a meld are added to it, tinted."""
    groups: list[Group] = []
    for i, meld in enumerate(melding.melds):
        extra = layoffs[i] if i < len(layoffs) else ()
        cards = list(meld.cards) + list(extra)
        if meld.is_run:
            cards.sort(key=lambda c: c.rank)
        else:
            cards.sort(key=lambda c: c.suit)
        if meld.is_set:
            # TRANSLATORS: labels over the showdown's groups of cards: a set (3 or 4 cards of a
            # rank), a run, and either with cards laid off on it. A 3-card group is 17 wide.
            label = _("set +lay-off") if extra else _("set")
        else:
            label = _("run +lay-off") if extra else _("run")
        groups.append(Group(label, cards, tinted=set(extra), kind="meld"))
    if melding.deadwood:
        points = melding.deadwood_points
        label = _("deadwood {points}").format(points=points)
        groups.append(Group(label, list(melding.deadwood), kind="deadwood"))
    return groups


def showdown_hands(result: RoundResult) -> dict[int, tuple[list[Group], dict[Card, str]]]:
    """Each seat's hand as the showdown arranged it: groups and card marks, by seat.

    The knocker's melds carry the defender's lay-offs (tinted, marked "laid"); the
    defender shows what is left. Empty for a dead round (no showdown).
    """
    sd = result.showdown
    if sd is None or result.knocker is None:
        return {}
    k = result.knocker
    marks: dict[Card, str] = dict.fromkeys(sd.defence.laid_off, "laid")
    return {
        k: (melding_groups(sd.knocker, sd.defence.layoffs), marks),
        1 - k: (melding_groups(sd.defence.melding), {}),
    }
