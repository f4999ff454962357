"""The game being played, seen from the table: who sits where, and the story of the moves.

`Session` wraps a core `Game` (or a `Match` when the rules play several games) and only
uses the core's public API. It knows which seats are people and which are computers,
the players' names, and it turns the public history into sentences for the move log.
No Textual here, so it is easy to test and to reason about.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core import (
    Action,
    BigGin,
    Card,
    Discard,
    DrawStock,
    Event,
    EventKind,
    Game,
    Knock,
    Match,
    Pass,
    PlayerView,
    Round,
    RoundResult,
    Rules,
    TakeDiscard,
)
from ..core.player import Player
from ..players import make_player
from ..text.cards import card_label
from ..text.i18n import N_, _, join_words, pgettext
from ..text.names import display_name
from ..text.results import explain_result

COMPUTER = "computer"
HOTSEAT = "hotseat"


@dataclass(frozen=True)
class TableConfig:
    """Everything needed to start a table: how to play, who plays, which rules, which seed."""

    mode: str = COMPUTER
    level: str = "simple"
    #: As stored: the English default names are translated when shown (`display_name`).
    names: tuple[str, str] = ("You", "Computer")
    seed: int | None = None
    rules: Rules = field(default_factory=Rules)

    @staticmethod
    def make(
        mode: str,
        *,
        level: str = "simple",
        names: tuple[str, str] | None = None,
        seed: int | None = None,
        rules: Rules | None = None,
    ) -> TableConfig:
        """A config with sensible names for the mode."""
        if mode not in (COMPUTER, HOTSEAT):
            raise ValueError(f"unknown mode {mode!r}: choose computer or hotseat")
        if names is None:
            names = ("You", "Computer") if mode == COMPUTER else ("Player 1", "Player 2")
        elif mode == COMPUTER:
            names = (names[0] or "You", names[1] or "Computer")
        return TableConfig(mode, level, names, seed, rules or Rules())


def capitalise(text: str) -> str:
    """First letter upper case (the core's messages start in lower case)."""
    return text[:1].upper() + text[1:]


class Session:
    """One game (or match) at the table: the core state plus seats, names and bots."""

    def __init__(self, config: TableConfig, restored: Game | Match | None = None) -> None:
        """A new game from ``config``, or ``restored`` (a saved game) continued."""
        self.config = config
        self.rules = config.rules if restored is None else restored.rules
        #: The names as stored (English defaults such as "You"; see `DEFAULT_NAMES`).
        self.stored_names: tuple[str, str] = config.names
        self.match: Match | None
        self._game: Game | None
        if restored is not None:
            self.match = restored if isinstance(restored, Match) else None
            self._game = restored if isinstance(restored, Game) else None
        else:
            self.match = Match(config.rules, seed=config.seed) if config.rules.is_match else None
            self._game = None if self.match is not None else Game(config.rules, seed=config.seed)
        #: Seat -> bot; seats without a bot are people at the keyboard. The bots keep no
        #: state between moves beyond their view (they re-read the public history every
        #: move), so a restored game gives a fresh bot exactly the information it had.
        self.bots: dict[int, Player] = {}
        if config.mode == COMPUTER:
            self.bots[1] = make_player(config.level, seed=self.game.seed)

    # --- reading -----------------------------------------------------------------
    @property
    def state(self) -> Game | Match:
        """What a save records: the match if several games are played, else the game."""
        return self.match if self.match is not None else self.game

    @property
    def game(self) -> Game:
        """The game being played (the current one of a match)."""
        if self.match is not None:
            return self.match.game
        assert self._game is not None
        return self._game

    @property
    def names(self) -> tuple[str, str]:
        """The players' names as shown, in the current language."""
        a, b = self.stored_names
        return display_name(a), display_name(b)

    @property
    def you(self) -> int | None:
        """The seat addressed as "you" in sentences: the person playing the computer."""
        return 0 if self.config.mode == COMPUTER else None

    @property
    def round(self) -> Round:
        return self.game.round

    @property
    def hotseat(self) -> bool:
        return self.config.mode == HOTSEAT

    def is_human(self, seat: int) -> bool:
        return seat not in self.bots

    @property
    def human_seats(self) -> list[int]:
        return [s for s in (0, 1) if self.is_human(s)]

    def view(self, seat: int) -> PlayerView:
        return self.round.view(seat)

    @property
    def to_act(self) -> int:
        return self.round.to_act

    @property
    def round_over(self) -> bool:
        return self.round.is_over

    @property
    def game_over(self) -> bool:
        return self.game.is_over

    @property
    def match_over(self) -> bool:
        return self.match.is_over if self.match is not None else self.game.is_over

    # --- playing -----------------------------------------------------------------
    def apply(self, action: Action, seat: int) -> RoundResult | None:
        """Apply a seat's action (raises the core's IllegalActionError, changing nothing)."""
        if self.match is not None:
            return self.match.apply(action, seat)
        return self.game.apply(action, seat)

    def bot_action(self, seat: int, view: PlayerView) -> Action:
        """Ask the bot in ``seat`` for its move (safe to call from a worker thread)."""
        return self.bots[seat].choose(view)

    def next_round(self) -> None:
        """Deal the next round of this game, or start the next game of the match."""
        if self.game.is_over:
            if self.match is None or self.match.is_over:
                raise ValueError("the game is over")
            self.match.next_game()
            if self.config.mode == COMPUTER:
                self.bots[1] = make_player(self.config.level, seed=self.game.seed)
        else:
            self.game.next_round()

    # --- words -------------------------------------------------------------------
    def explain(self, result: RoundResult) -> str:
        """The round's result in words ("you" for the person playing the computer)."""
        return explain_result(result, self.names, you=self.you)

    def opening(self, ascii: bool = False) -> str:
        """The first log line of a round: who deals and what the upcard is."""
        return opening_text(self.round, self.names, self.rules, ascii, self.you)


def opening_text(
    rnd: Round, names: Sequence[str], rules: Rules, ascii: bool = False, you: int | None = None
) -> str:
    """The deal in words: who deals and the upcard (and a knock limit the upcard set)."""
    card = card_label(rnd.upcard, ascii)
    if rnd.dealer == you:
        text = _("Round {number}: You deal. The upcard is {card}.").format(
            number=rnd.number, card=card
        )
    else:
        text = _("Round {number}: {name} deals. The upcard is {card}.").format(
            number=rnd.number, name=names[rnd.dealer], card=card
        )
    if rnd.knock_limit != rules.knock_limit or rules.oklahoma:
        limit, times = rnd.knock_limit, rnd.multiplier
        if rnd.multiplier == 1:
            extra = (
                _("Knock limit {limit}.").format(limit=limit)
                if limit
                else _("Knock limit 0 (gin only).")
            )
        elif limit:
            extra = _("Knock limit {limit}; a spade upcard: scores count x{times}.").format(
                limit=limit, times=times
            )
        else:
            extra = _("Knock limit 0 (gin only); a spade upcard: scores count x{times}.").format(
                times=times
            )
        text += " " + extra
    return text


def _clause(ev: Event, second: bool, ascii: bool, drawn: Card | None, knocked: Card | None) -> str:
    """What one event did, as the predicate of a move-log sentence ("drew from the stock").

    ``second``: the subject is "You". Each clause has a message per person (contexts
    "you" and "other"), as every language conjugates its own way.
    """
    card = card_label(ev.card, ascii) if ev.card is not None else ""
    kind = ev.kind
    text = ""
    if kind is EventKind.PASS:
        text = (
            # TRANSLATORS: move log, what "You" did (context "you") or a named player did
            # (context "other"); joined into one sentence with the turn's other actions:
            # "You drew from the stock and discarded 7♥."
            pgettext("you", "passed on the upcard")
            if second
            else pgettext("other", "passed on the upcard")
        )
    elif kind is EventKind.TAKE:
        text = (
            pgettext("you", "took {card} from the discard pile")
            if second
            else pgettext("other", "took {card} from the discard pile")
        )
    elif kind is EventKind.DRAW and drawn is not None:  # the replay shows every card
        card = card_label(drawn, ascii)
        text = (
            pgettext("you", "drew {card} from the stock")
            if second
            else pgettext("other", "drew {card} from the stock")
        )
    elif kind is EventKind.DRAW:
        text = (
            pgettext("you", "drew from the stock")
            if second
            else pgettext("other", "drew from the stock")
        )
    elif kind is EventKind.DISCARD:
        text = (
            pgettext("you", "discarded {card}") if second else pgettext("other", "discarded {card}")
        )
    elif kind is EventKind.KNOCK and knocked is not None:  # the replay shows every card
        card = card_label(knocked, ascii)
        text = (
            pgettext("you", "knocked, discarding {card} face down")
            if second
            else pgettext("other", "knocked, discarding {card} face down")
        )
    elif kind is EventKind.KNOCK:
        text = pgettext("you", "knocked") if second else pgettext("other", "knocked")
    elif kind is EventKind.GIN and knocked is not None:
        card = card_label(knocked, ascii)
        text = (
            pgettext("you", "went gin, discarding {card} face down")
            if second
            else pgettext("other", "went gin, discarding {card} face down")
        )
    elif kind is EventKind.GIN:
        text = pgettext("you", "went gin") if second else pgettext("other", "went gin")
    elif kind is EventKind.BIG_GIN:
        text = pgettext("you", "went big gin") if second else pgettext("other", "went big gin")
    elif kind is EventKind.DEAD:
        # TRANSLATORS: move log, the last part of a turn's sentence ("... and the stock
        # ran down: a dead round.").
        text = _("the stock ran down: a dead round")
    return text.format(card=card)


def describe_turn(
    events: Sequence[Event],
    names: Sequence[str],
    ascii: bool = False,
    *,
    you: int | None = None,
    drawn: Card | None = None,
    knocked: Card | None = None,
) -> str:
    """One sentence for a player's events in a turn (never naming a card drawn face down).

    ``you``: the seat addressed as "You". The replay, which shows every card, passes the
    card ``drawn`` from the stock and the card ``knocked`` (discarded face down).
    """
    if not events:
        return ""
    player = events[0].player
    second = player is not None and player == you
    clauses = [c for ev in events if (c := _clause(ev, second, ascii, drawn, knocked))]
    actions = join_words(clauses)
    gin = events[-1].kind in (EventKind.GIN, EventKind.BIG_GIN)
    if second:
        # TRANSLATORS: move log: {actions} is what the player did, e.g. "drew from the
        # stock and discarded 7♥" (the messages with context "you"); "!" after gin.
        sentence = _("You {actions}!") if gin else _("You {actions}.")
        return sentence.format(actions=actions)
    if player is None:
        # TRANSLATORS: move log: a turn nobody in particular made (the stock ran down).
        return _("{actions}.").format(actions=capitalise(actions))
    # TRANSLATORS: move log: {name} is a player's name, {actions} what they did, e.g.
    # "drew from the stock and discarded 7♥" (context "other"); "!" after gin.
    sentence = _("{name} {actions}!") if gin else _("{name} {actions}.")
    return sentence.format(name=names[player], actions=actions)


def action_word(action: Action) -> str:
    """A short name for an action, for messages."""
    words = {
        DrawStock: N_("draw from the stock"),
        TakeDiscard: N_("take the discard"),
        Pass: N_("pass"),
        Discard: N_("discard"),
        Knock: N_("knock"),
        BigGin: N_("go big gin"),
    }
    return _(words[type(action)])
