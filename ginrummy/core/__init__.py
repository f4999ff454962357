"""The rules of Gin Rummy as a library: cards, the meld solver, rounds, games, matches.

Imports nothing from any user interface; the app, the command line and the bots are
built on top of it.
"""

from __future__ import annotations

from .actions import (
    Action,
    ActionError,
    BigGin,
    Discard,
    DrawStock,
    Event,
    EventKind,
    IllegalActionError,
    Knock,
    Pass,
    TakeDiscard,
    parse_action,
)
from .cards import CARDS, Card, CardError, format_cards, mask_of, parse_card, parse_cards
from .errors import GinRummyError, Phrase
from .game import Game, GameOverError, Match, Totals
from .melds import (
    Meld,
    Melding,
    best_discards,
    best_melding,
    deadwood_after_discards,
    is_big_gin,
    knock_discards,
    min_deadwood,
)
from .player import Player, play_game, play_round
from .round import DeckError, Phase, PlayerView, Round, RoundResult, shuffled_deck
from .rules import PRESETS, NextDealer, Rules, RulesError
from .save import SaveError
from .showdown import Defence, ResultKind, Showdown, ShowdownError, best_defence, settle

__all__ = [
    "CARDS",
    "PRESETS",
    "Action",
    "ActionError",
    "BigGin",
    "Card",
    "CardError",
    "DeckError",
    "Defence",
    "Discard",
    "DrawStock",
    "Event",
    "EventKind",
    "Game",
    "GameOverError",
    "GinRummyError",
    "IllegalActionError",
    "Knock",
    "Match",
    "Meld",
    "Melding",
    "NextDealer",
    "Pass",
    "Phase",
    "Phrase",
    "Player",
    "PlayerView",
    "ResultKind",
    "Round",
    "RoundResult",
    "Rules",
    "RulesError",
    "SaveError",
    "Showdown",
    "ShowdownError",
    "TakeDiscard",
    "Totals",
    "best_defence",
    "best_discards",
    "best_melding",
    "deadwood_after_discards",
    "format_cards",
    "is_big_gin",
    "knock_discards",
    "mask_of",
    "min_deadwood",
    "parse_action",
    "parse_card",
    "parse_cards",
    "play_game",
    "play_round",
    "settle",
    "shuffled_deck",
]
