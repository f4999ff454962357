"""The game being played, seen from the table: who sits where, and the story of the moves.

`Session` wraps a core `Game` (or a `Match` when the rules play several games) and only
uses the core's public API. It knows which seats are people and which are computers,
the players' names, and it turns the public history into sentences for the move log.
No Textual here, so it is easy to test and to reason about.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core import (
    Action,
    BigGin,
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
from .widgets.cardart import card_label

COMPUTER = "computer"
HOTSEAT = "hotseat"


@dataclass(frozen=True)
class TableConfig:
    """Everything needed to start a table: how to play, who plays, which rules, which seed."""

    mode: str = COMPUTER
    level: str = "simple"
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


def with_verb(name: str, verb: str) -> str:
    """``name`` and a third-person verb that agrees with it: "Ann wins", "You win"."""
    if name == "You" and verb.endswith("s"):
        verb = verb[:-1]
    return f"{name} {verb}"


def second_person(text: str) -> str:
    """Fix the verbs of sentences whose subject is "You" (the core writes third person)."""
    fixes = (("You scores", "You score"), ("You lays off", "You lay off"), ("You has", "You have"))
    for old, new in fixes:
        text = re.sub(rf"\b{old}\b", new, text)
    if "You lay off" in text:
        text = text.replace(" and has ", " and have ")
    return text


class Session:
    """One game (or match) at the table: the core state plus seats, names and bots."""

    def __init__(self, config: TableConfig, restored: Game | Match | None = None) -> None:
        """A new game from ``config``, or ``restored`` (a saved game) continued."""
        self.config = config
        self.rules = config.rules if restored is None else restored.rules
        self.names: tuple[str, str] = config.names
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
        """The round's result in words, with "You" getting the right verbs."""
        return second_person(result.explain(self.names))

    def opening(self, ascii: bool = False) -> str:
        """The first log line of a round: who deals and what the upcard is."""
        rnd = self.round
        dealer = self.names[rnd.dealer]
        deals = "deal" if dealer == "You" else "deals"
        text = (
            f"Round {rnd.number}: {dealer} {deals}. The upcard is {card_label(rnd.upcard, ascii)}."
        )
        if rnd.knock_limit != self.rules.knock_limit or self.rules.oklahoma:
            text += f" Knock limit {rnd.knock_limit}" + (
                " (gin only)" if not rnd.knock_limit else ""
            )
            text += (
                "." if rnd.multiplier == 1 else f"; a spade upcard: scores count x{rnd.multiplier}."
            )
        return text


def describe_turn(events: Sequence[Event], names: Sequence[str], ascii: bool = False) -> str:
    """One sentence for a player's events in a turn (never naming a card drawn face down)."""
    if not events:
        return ""
    player = events[0].player
    who = names[player] if player is not None else "Someone"
    parts: list[str] = []
    for ev in events:
        card = card_label(ev.card, ascii) if ev.card is not None else ""
        if ev.kind is EventKind.PASS:
            parts.append("passed on the upcard")
        elif ev.kind is EventKind.TAKE:
            parts.append(f"took {card} from the discard pile")
        elif ev.kind is EventKind.DRAW:
            parts.append("drew from the stock")
        elif ev.kind is EventKind.DISCARD:
            parts.append(f"discarded {card}")
        elif ev.kind is EventKind.KNOCK:
            parts.append("knocked")
        elif ev.kind is EventKind.GIN:
            parts.append("went gin")
        elif ev.kind is EventKind.BIG_GIN:
            parts.append("went big gin")
        elif ev.kind is EventKind.DEAD:
            parts.append("the stock ran down: a dead round")
    if len(parts) == 1:
        text = parts[0]
    else:
        text = ", ".join(parts[:-1]) + " and " + parts[-1]
    ending = "!" if events[-1].kind in (EventKind.GIN, EventKind.BIG_GIN) else "."
    return f"{who} {text}{ending}"


def action_word(action: Action) -> str:
    """A short name for an action, for messages."""
    return {
        DrawStock: "draw from the stock",
        TakeDiscard: "take the discard",
        Pass: "pass",
        Discard: "discard",
        Knock: "knock",
        BigGin: "go big gin",
    }[type(action)]
