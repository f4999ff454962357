"""One deal of Gin Rummy as a state machine: `Round`, what each player may see, the result.

One module because the round, its legal actions and the view a player gets are one
invariant (the view must never show more than the round's rules allow): splitting them
would spread that check over files.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Event,
    EventKind,
    IllegalActionError,
    Knock,
    Pass,
    TakeDiscard,
)
from .cards import CARDS, Card, format_cards
from .errors import N_, GinRummyError, Phrase
from .melds import min_deadwood, min_deadwood_mask
from .rules import Rules
from .showdown import ResultKind, RoundResult, settle

__all__ = [
    "DeckError",
    "Phase",
    "PlayerView",
    "Round",
    "RoundResult",
    "discard_ban",
    "legal_actions_for",
    "shuffled_deck",
]


class DeckError(GinRummyError):
    """A given deck order is not the 52 cards once each."""


class Phase(Enum):
    FIRST_UPCARD = "first_upcard"
    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


def shuffled_deck(seed: int | str) -> list[Card]:
    """The deck order for a seed: the same seed always gives the same order."""
    deck = list(CARDS)
    random.Random(f"ginrummy-deck:{seed}").shuffle(deck)
    return deck


def discard_ban(taken: Card | None, rules: Rules) -> Card | None:
    """The card that may not be discarded now: the one just taken from the discard pile,
    unless the rules allow throwing it back (None: any card may be discarded)."""
    return None if rules.discard_taken_card else taken


def legal_actions_for(
    phase: Phase,
    hand: Sequence[Card],
    hand_mask: int,
    taken: Card | None,
    stock_only: bool,
    rules: Rules,
    knock_limit: int,
) -> list[Action]:
    """Every legal action of the player to act (shared by `Round` and `PlayerView`)."""
    if phase is Phase.FIRST_UPCARD:
        return [TakeDiscard(), Pass()]
    if phase is Phase.DRAW:
        return [DrawStock()] if stock_only else [DrawStock(), TakeDiscard()]
    if phase is Phase.OVER:
        return []
    banned = discard_ban(taken, rules)
    cards = sorted((c for c in hand if c is not banned), key=lambda c: c.index)
    actions: list[Action] = [Discard(c) for c in cards]
    for c in cards:
        if min_deadwood_mask(hand_mask ^ c.bit) <= knock_limit:
            actions.append(Knock(c))
    if rules.big_gin_bonus is not None and min_deadwood_mask(hand_mask) == 0:
        actions.append(BigGin())
    return actions


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one player may know of a round: never the opponent's hidden cards or the stock."""

    player: int
    rules: Rules
    phase: Phase
    to_act: int
    dealer: int
    round_number: int
    hand: tuple[Card, ...]
    #: The whole discard pile, bottom first; the last card is the top.
    discard_pile: tuple[Card, ...]
    stock_size: int
    opponent_card_count: int
    #: Cards the opponent holds that everyone saw it take from the discard pile.
    opponent_known: frozenset[Card]
    history: tuple[Event, ...]
    #: Game totals before this round, indexed by player.
    scores: tuple[int, int]
    knock_limit: int
    multiplier: int
    #: The card this player just took from the discard pile (it may not be discarded).
    taken_card: Card | None
    #: The card this player just drew (from either pile), to mark it on screen.
    drawn_card: Card | None
    #: Both players passed the first upcard: the next draw must be from the stock.
    stock_only: bool
    result: RoundResult | None

    @property
    def is_my_turn(self) -> bool:
        return self.phase is not Phase.OVER and self.to_act == self.player

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def banned_card(self) -> Card | None:
        """The card that may not be discarded now (see `discard_ban`)."""
        return discard_ban(self.taken_card, self.rules)

    @property
    def banned_bit(self) -> int:
        """`banned_card` as a bit mask: 0 when every card may be discarded."""
        card = self.banned_card
        return 0 if card is None else card.bit

    @property
    def hand_mask(self) -> int:
        mask = 0
        for c in self.hand:
            mask |= c.bit
        return mask

    def legal_actions(self) -> list[Action]:
        """The legal actions, if it is this player's turn (else an empty list)."""
        if not self.is_my_turn:
            return []
        return legal_actions_for(
            self.phase,
            self.hand,
            self.hand_mask,
            self.taken_card,
            self.stock_only,
            self.rules,
            self.knock_limit,
        )


class Round:
    """One deal: from the first upcard to a knock, gin, big gin or a dead stock.

    ``deck`` gives the deal explicitly: cards ``deck[0]``, ``deck[2]``, ... go to the
    non-dealer and ``deck[1]``, ``deck[3]``, ... to the dealer (ten each), ``deck[20]``
    is the upcard and ``deck[21]`` the top of the stock. Without ``deck`` the order comes
    from ``seed``.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        dealer: int = 0,
        deck: Sequence[Card] | None = None,
        seed: int | str | None = None,
        scores: tuple[int, int] = (0, 0),
        number: int = 1,
    ) -> None:
        if dealer not in (0, 1):
            raise ValueError("dealer must be 0 or 1")
        if deck is None:
            deck = shuffled_deck(seed if seed is not None else random.randrange(2**63))
        deck = tuple(deck)
        if len(deck) != 52 or len(set(deck)) != 52 or not all(isinstance(c, Card) for c in deck):
            raise DeckError("a deck must hold each of the 52 cards exactly once")
        self.rules: Rules = rules if rules is not None else Rules()
        self.dealer = dealer
        self.deck: tuple[Card, ...] = deck
        self.scores = scores
        self.number = number
        non_dealer = 1 - dealer
        self._hands: list[list[Card]] = [[], []]
        self._hands[non_dealer] = list(deck[0:20:2])
        self._hands[dealer] = list(deck[1:20:2])
        self._masks = [0, 0]
        for p in (0, 1):
            for c in self._hands[p]:
                self._masks[p] |= c.bit
        upcard = deck[20]
        self.upcard = upcard
        self._discard: list[Card] = [upcard]
        self._stock: list[Card] = list(reversed(deck[21:]))
        self._phase = Phase.FIRST_UPCARD
        self._to_act = non_dealer
        self._passes = 0
        self._stock_only = False
        self._taken: Card | None = None
        self._drawn: Card | None = None
        self._known: list[set[Card]] = [set(), set()]
        self._history: list[Event] = [Event(EventKind.UPCARD, None, upcard)]
        self._actions: list[Action] = []
        self._result: RoundResult | None = None
        self.knock_limit = self.rules.round_knock_limit(upcard.value)
        self.multiplier = self.rules.round_multiplier(upcard)

    def __str__(self) -> str:
        """The whole state as a developer reads it, like python-chess's ASCII board: deal,
        phase, piles, both hands (by suit, then rank), scores, result. No words for people."""
        pile = self.discard_pile
        count = f"{len(pile)} card" + ("" if len(pile) == 1 else "s")
        top = pile[-1].code if pile else "-"
        lines = [
            f"Round {self.number} ({self.rules.name}), dealer: player {self.dealer},"
            f" knock limit {self.knock_limit}"
            + (f", x{self.multiplier}" if self.multiplier > 1 else ""),
            f"phase: {self.phase.value}"
            + ("" if self.is_over else f", player {self.to_act} to act")
            + (", stock only" if self.view(self.to_act).stock_only else ""),
            f"stock: {self.stock_size} cards   discard: {top} ({count})",
        ]
        for player in (0, 1):
            hand = sorted(self.hand(player), key=lambda card: card.index)
            lines.append(f"player {player}: {format_cards(hand)}  (deadwood {min_deadwood(hand)})")
        lines.append(f"scores: {self.scores[0]} - {self.scores[1]}")
        if self.result is not None:
            lines.append(str(self.result))
        return "\n".join(lines)

    def __repr__(self) -> str:
        turn = "over" if self.is_over else f"player {self._to_act} to act"
        return (
            f"<Round {self.number}: {self._phase.value}, {turn}, stock {len(self._stock)},"
            f" scores {self.scores[0]}-{self.scores[1]}>"
        )

    # --- reading the state -------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """Where the round is: the first upcard's offer, a draw, a discard, or over."""
        return self._phase

    @property
    def to_act(self) -> int:
        """The seat (0 or 1) whose move it is."""
        return self._to_act

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def result(self) -> RoundResult | None:
        return self._result

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far, in order (replaying them recreates the round)."""
        return tuple(self._actions)

    @property
    def history(self) -> tuple[Event, ...]:
        return tuple(self._history)

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        return tuple(self._discard)

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's cards in the order received (for engines and tests; UIs use `view`)."""
        return tuple(self._hands[player])

    def legal_actions(self) -> list[Action]:
        """Every action the player to act (`to_act`) may play now, each accepted by
        `apply`: in the first-upcard phase `TakeDiscard` and `Pass`; in a draw `DrawStock`
        and (unless the stock alone may be drawn) `TakeDiscard`; in a discard one `Discard`
        per card that may be thrown (not the card just taken from the pile, under rules that
        ban it), one `Knock` per discard that leaves deadwood within the knock limit (gin
        included: a knock at 0 deadwood) and `BigGin` with eleven melded cards where the
        rules pay it (discards by suit then rank, then the knocks, then big gin). Empty once
        the round is over. ``str()`` of each is the notation
        `parse_action` reads (``draw``, ``discard QH``, ``knock 7C``)."""
        return legal_actions_for(
            self._phase,
            self._hands[self._to_act],
            self._masks[self._to_act],
            self._taken,
            self._stock_only,
            self.rules,
            self.knock_limit,
        )

    def view(self, player: int) -> PlayerView:
        """An immutable snapshot of what ``player`` may know."""
        if player not in (0, 1):
            raise ValueError("player must be 0 or 1")
        acting = self._to_act == player and self._phase is not Phase.OVER
        return PlayerView(
            player=player,
            rules=self.rules,
            phase=self._phase,
            to_act=self._to_act,
            dealer=self.dealer,
            round_number=self.number,
            hand=tuple(self._hands[player]),
            discard_pile=tuple(self._discard),
            stock_size=len(self._stock),
            opponent_card_count=len(self._hands[1 - player]),
            opponent_known=frozenset(self._known[1 - player]),
            history=tuple(self._history),
            scores=self.scores,
            knock_limit=self.knock_limit,
            multiplier=self.multiplier,
            taken_card=self._taken if acting else None,
            drawn_card=self._drawn if acting else None,
            stock_only=self._stock_only,
            result=self._result,
        )

    def dealt_again(self) -> Round:
        """This round as it was dealt, before any action: the same rules, dealer, deck,
        scores and number (replaying some of `actions` on it rewinds the round)."""
        return Round(
            self.rules, dealer=self.dealer, deck=self.deck, scores=self.scores, number=self.number
        )

    # --- changing the state ------------------------------------------------------
    def apply(self, action: Action, player: int | None = None) -> None:
        """Play ``action`` for the player to act (checked against ``player`` if given).

        Raises `IllegalActionError` saying why when the action is not legal now; the
        round is then exactly as it was.
        """
        if self._phase is Phase.OVER:
            # TRANSLATORS: the messages of IllegalActionError start in lower case (the screen
            # capitalises them) and speak to the player whose move was refused.
            raise IllegalActionError(Phrase(N_("the round is over")), code="round-over")
        if player is not None and player != self._to_act:
            raise IllegalActionError(Phrase(N_("it is not your turn")), code="not-your-turn")
        me = self._to_act
        phase = self._phase
        if phase is Phase.FIRST_UPCARD:
            if isinstance(action, TakeDiscard):
                self._take(me)
            elif isinstance(action, Pass):
                self._history.append(Event(EventKind.PASS, me))
                if self._passes == 0:
                    self._passes = 1
                    self._to_act = 1 - me
                else:
                    self._to_act = 1 - me
                    self._phase = Phase.DRAW
                    self._stock_only = True
            else:
                raise IllegalActionError(
                    Phrase(N_("first the upcard: take it or pass (the dealer's turn to choose)"))
                    if me == self.dealer
                    else Phrase(N_("first the upcard: take it or pass")),
                    code="upcard-first",
                )
        elif phase is Phase.DRAW:
            if isinstance(action, DrawStock):
                card = self._stock.pop()
                self._hands[me].append(card)
                self._masks[me] |= card.bit
                self._drawn = card
                self._taken = None
                self._stock_only = False
                self._phase = Phase.DISCARD
                self._history.append(Event(EventKind.DRAW, me))
            elif isinstance(action, TakeDiscard):
                if self._stock_only:
                    raise IllegalActionError(
                        Phrase(
                            N_(
                                "both players passed the upcard, so this first draw must come"
                                " from the stock"
                            )
                        ),
                        code="stock-only",
                    )
                self._take(me)
            elif isinstance(action, Pass):
                raise IllegalActionError(
                    Phrase(N_("passing is only for the first upcard: draw a card")), code="no-pass"
                )
            else:
                raise IllegalActionError(
                    Phrase(N_("draw first: from the stock or the discard pile"))
                    if not self._stock_only
                    else Phrase(N_("draw first: from the stock")),
                    code="draw-first",
                )
        elif isinstance(action, Discard | Knock):
            card = action.card
            self._check_discard(me, card)
            if isinstance(action, Knock):
                self._knock(me, card)
            else:
                self._discard_card(me, card)
        elif isinstance(action, BigGin):
            self._big_gin(me)
        else:
            raise IllegalActionError(
                Phrase(N_("you have drawn already: discard a card or knock"))
                if self.knock_limit
                else Phrase(N_("you have drawn already: discard a card (or go gin)")),
                code="discard-first",
            )
        self._actions.append(action)

    def _take(self, me: int) -> None:
        card = self._discard.pop()
        self._hands[me].append(card)
        self._masks[me] |= card.bit
        self._known[me].add(card)
        self._taken = card
        self._drawn = card
        self._phase = Phase.DISCARD
        self._history.append(Event(EventKind.TAKE, me, card))

    def _check_discard(self, me: int, card: Card) -> None:
        if not self._masks[me] & card.bit:
            raise IllegalActionError(
                Phrase(N_("you do not hold {card}"), card=card), code="not-held"
            )
        if card is discard_ban(self._taken, self.rules):
            raise IllegalActionError(
                Phrase(
                    N_("you may not discard {card}: you just took it from the discard pile"),
                    card=card,
                ),
                code="taken-card",
            )

    def _remove(self, me: int, card: Card) -> None:
        self._hands[me].remove(card)
        self._masks[me] ^= card.bit
        self._known[me].discard(card)

    def _discard_card(self, me: int, card: Card) -> None:
        self._remove(me, card)
        self._discard.append(card)
        self._history.append(Event(EventKind.DISCARD, me, card))
        self._taken = None
        self._drawn = None
        if len(self._stock) <= self.rules.dead_stock:
            self._history.append(Event(EventKind.DEAD, None))
            self._finish(
                RoundResult(
                    kind=ResultKind.DRAW,
                    knocker=None,
                    winner=None,
                    points=0,
                    base_points=0,
                    multiplier=self.multiplier,
                    showdown=None,
                    hands=(tuple(self._hands[0]), tuple(self._hands[1])),
                    knock_limit=self.knock_limit,
                    undercut_bonus=self.rules.undercut_bonus,
                    gin_bonus=self.rules.gin_bonus,
                    big_gin_bonus=self.rules.big_gin_bonus,
                    stock_left=len(self._stock),
                )
            )
        else:
            self._to_act = 1 - me
            self._phase = Phase.DRAW

    def _knock(self, me: int, card: Card) -> None:
        deadwood = min_deadwood_mask(self._masks[me] ^ card.bit)
        if deadwood > self.knock_limit:
            if self.knock_limit == 0:
                raise IllegalActionError(
                    Phrase(
                        N_(
                            "only gin goes out under these rules: discarding {card} leaves"
                            " {deadwood} deadwood"
                        ),
                        card=card,
                        deadwood=deadwood,
                    ),
                    code="gin-only",
                )
            raise IllegalActionError(
                Phrase(
                    N_(
                        "you cannot knock discarding {card}: that leaves {deadwood} deadwood,"
                        " over the knock limit of {limit}"
                    ),
                    card=card,
                    deadwood=deadwood,
                    limit=self.knock_limit,
                ),
                code="over-knock-limit",
            )
        self._remove(me, card)
        self._discard.append(card)
        self._history.append(Event(EventKind.GIN if deadwood == 0 else EventKind.KNOCK, me, card))
        self._showdown(me)

    def _big_gin(self, me: int) -> None:
        if self.rules.big_gin_bonus is None:
            raise IllegalActionError(
                Phrase(N_("big gin is not played under these rules")), code="no-big-gin"
            )
        deadwood = min_deadwood_mask(self._masks[me])
        if deadwood:
            raise IllegalActionError(
                Phrase(
                    N_("big gin needs all eleven cards in melds: you have {deadwood} deadwood"),
                    deadwood=deadwood,
                ),
                code="not-big-gin",
            )
        self._history.append(Event(EventKind.BIG_GIN, me))
        self._showdown(me)

    def _showdown(self, me: int) -> None:
        rules = self.rules
        showdown = settle(
            self._masks[me],
            self._masks[1 - me],
            knock_limit=self.knock_limit,
            gin_bonus=rules.gin_bonus,
            undercut_bonus=rules.undercut_bonus,
            big_gin_bonus=rules.big_gin_bonus,
        )
        winner = me if showdown.knocker_won else 1 - me
        self._finish(
            RoundResult(
                kind=showdown.kind,
                knocker=me,
                winner=winner,
                points=showdown.points * self.multiplier,
                base_points=showdown.points,
                multiplier=self.multiplier,
                showdown=showdown,
                hands=(tuple(self._hands[0]), tuple(self._hands[1])),
                knock_limit=self.knock_limit,
                undercut_bonus=rules.undercut_bonus,
                gin_bonus=rules.gin_bonus,
                big_gin_bonus=rules.big_gin_bonus,
                stock_left=len(self._stock),
            )
        )

    def _finish(self, result: RoundResult) -> None:
        self._result = result
        self._phase = Phase.OVER
        self._taken = None
        self._drawn = None
