"""Exact save and restore of a game or match in progress, as versioned JSON.

A save records the rules, the seeds, each round's deck order and every action taken.
Restoring replays those actions through the rules engine, so a restored game is the
same state machine as the original and continues identically; a file whose content
the rules refuse (a duplicate card, an illegal move, totals that do not add up) is
refused with a `SaveError` naming the problem.
"""

from __future__ import annotations

import json
from typing import Any

from .actions import parse_action
from .cards import CardParseError, parse_cards
from .game import Game, Match
from .rules import Rules, RulesError

__all__ = ["FORMAT", "VERSION", "SaveError", "dumps", "from_dict", "loads", "to_dict"]

FORMAT = "ginrummy-save"
VERSION = 1


class SaveError(ValueError):
    """A save file cannot be restored; the message says why."""


def _game_dict(game: Game) -> dict[str, Any]:
    return {
        "seed": game.seed,
        "first_dealer": game.first_dealer,
        "rounds": [
            {
                "dealer": rnd.dealer,
                "deck": " ".join(c.code for c in rnd.deck),
                "actions": [str(a) for a in rnd.actions],
            }
            for rnd in game.rounds
        ],
        "scores": list(game.scores),
    }


def to_dict(obj: Game | Match, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON-ready form of a game or a match; ``extra`` carries the caller's metadata."""
    if isinstance(obj, Match):
        kind, seed, games = "match", obj.seed, obj.games
    else:
        kind, seed, games = "game", obj.seed, [obj]
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": kind,
        "rules": obj.rules.to_dict(),
        "seed": seed,
        "games": [_game_dict(g) for g in games],
        "extra": extra or {},
    }


def dumps(obj: Game | Match, extra: dict[str, Any] | None = None) -> str:
    return json.dumps(to_dict(obj, extra), ensure_ascii=False, indent=1)


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise SaveError(message)


def _int(value: Any, what: str) -> int:
    _need(type(value) is int, f"{what} must be a whole number")
    return int(value)


def _restore_game(game: Game, data: Any, where: str) -> None:
    _need(isinstance(data, dict), f"{where} must be an object")
    rounds = data.get("rounds")
    _need(isinstance(rounds, list), f"{where}: 'rounds' must be a list")
    for i, rd in enumerate(rounds, 1):
        here = f"{where}, round {i}"
        _need(isinstance(rd, dict), f"{here} must be an object")
        dealer = _int(rd.get("dealer"), f"{here}: dealer")
        _need(
            dealer == game.next_dealer(),
            f"{here}: dealer {dealer} does not follow the rules (expected {game.next_dealer()})",
        )
        deck_text = rd.get("deck")
        _need(isinstance(deck_text, str), f"{here}: 'deck' must be a string of cards")
        try:
            deck = parse_cards(deck_text)
        except CardParseError as exc:
            raise SaveError(f"{here}: {exc}") from None
        _need(len(deck) == 52, f"{here}: the deck has {len(deck)} cards, not 52")
        try:
            game.next_round(deck)
        except ValueError as exc:
            raise SaveError(f"{here}: {exc}") from None
        actions = rd.get("actions")
        _need(isinstance(actions, list), f"{here}: 'actions' must be a list")
        for j, text in enumerate(actions, 1):
            _need(isinstance(text, str), f"{here}, action {j} must be a string")
            try:
                game.apply(parse_action(text))
            except ValueError as exc:
                raise SaveError(f"{here}, action {j} ({text!r}): {exc}") from None
        if i < len(rounds):
            _need(game.round.is_over, f"{here} is unfinished but another round follows")
    scores = data.get("scores")
    if scores is not None:
        _need(
            scores == game.scores,
            f"{where}: the saved scores {scores} do not add up (the moves give {game.scores})",
        )


def from_dict(data: Any) -> tuple[Game | Match, dict[str, Any]]:
    """Restore a game or match (and its ``extra`` metadata) from `to_dict` output."""
    _need(isinstance(data, dict), "a save must be a JSON object")
    _need(data.get("format") == FORMAT, "not a ginrummy save")
    version = data.get("version")
    _need(
        type(version) is int and version == VERSION,
        f"save version {version!r} is not supported (this program reads version {VERSION})",
    )
    try:
        rules = Rules.from_dict(data.get("rules"))
    except RulesError as exc:
        raise SaveError(f"rules: {exc}") from None
    seed = _int(data.get("seed"), "seed")
    games = data.get("games")
    _need(isinstance(games, list) and len(games) >= 1, "'games' must be a non-empty list")
    extra = data.get("extra", {})
    _need(isinstance(extra, dict), "'extra' must be an object")
    kind = data.get("kind")
    if kind == "game":
        _need(len(games) == 1, "a game save holds exactly one game")
        g = games[0]
        _need(isinstance(g, dict), "game must be an object")
        first = g.get("first_dealer")
        _need(type(first) is int and first in (0, 1), "first_dealer must be 0 or 1")
        game_seed = _int(g.get("seed"), "game seed")
        _need(game_seed == seed, "the game's seed differs from the save's seed")
        game = Game(rules, seed=game_seed, first_dealer=first, start=False)
        _restore_game(game, g, "game")
        _need(bool(game.rounds), "game: no round was dealt")
        return game, extra
    _need(kind == "match", f"unknown save kind {kind!r}")
    _need(rules.is_match, "a match save needs rules with more than one game")
    match = Match(rules, seed=seed, start=False)
    for n, g in enumerate(games, 1):
        if n > 1:
            _need(match.game.is_over and not match.is_over, f"game {n} follows a game in play")
        game = match.next_game(start=False)
        _need(isinstance(g, dict), f"game {n} must be an object")
        _need(
            _int(g.get("seed"), f"game {n}: seed") == game.seed,
            f"game {n}: seed does not follow the match seed",
        )
        _need(
            _int(g.get("first_dealer"), f"game {n}: first_dealer") == game.first_dealer,
            f"game {n}: wrong first dealer",
        )
        _restore_game(game, g, f"game {n}")
        _need(bool(game.rounds), f"game {n}: no round was dealt")
        # The moves were applied to the game directly, so count its result here.
        if game.winner is not None:
            match.games_won[game.winner] += 1
    return match, extra


def loads(text: str) -> tuple[Game | Match, dict[str, Any]]:
    """Restore from JSON text; any defect raises `SaveError` with one clear line."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise SaveError(f"the save is not valid JSON: {exc}") from None
    return from_dict(data)
