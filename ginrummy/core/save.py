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
from .cards import CardError, parse_cards
from .errors import N_, GinRummyError, Phrase
from .game import Game, Match
from .rules import Rules, RulesError

__all__ = ["FORMAT", "VERSION", "SaveError", "dumps", "from_dict", "loads", "to_dict"]

FORMAT = "ginrummy-save"
VERSION = 1


class SaveError(GinRummyError):
    """A save file cannot be restored; the message says why."""


def apply_actions(
    game: Game, actions: object, here: Phrase, error: type[GinRummyError], code: str = ""
) -> None:
    """Play a file's round: ``actions``, a list of action tokens, on ``game``. One that is
    not a token or not legal raises ``error`` saying where (``here``: the round), with the
    code ``illegal`` for a move the rules refuse, else ``code``."""
    if not isinstance(actions, list):
        raise error(Phrase(N_("{where}: 'actions' must be a list"), where=here), code=code)
    for j, text in enumerate(actions, 1):
        # TRANSLATORS: a place in a save file, e.g. "game 2, round 3, action 7".
        step = Phrase(N_("{where}, action {n}"), where=here, n=j)
        if not isinstance(text, str):
            raise error(Phrase(N_("{where} must be a string"), where=step), code=code)
        try:
            game.apply(parse_action(text))
        except ValueError as exc:
            message = N_("{where} ({action}): {problem}")
            problem = Phrase(message, where=step, action=repr(text), problem=exc)
            raise error(problem, code="illegal") from None


def game_dict(game: Game) -> dict[str, Any]:
    """A game's seed, first dealer, rounds (dealer, deck, actions) and scores, as JSON."""
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
        "games": [game_dict(g) for g in games],
        "extra": extra or {},
    }


def dumps(obj: Game | Match, extra: dict[str, Any] | None = None) -> str:
    return json.dumps(to_dict(obj, extra), ensure_ascii=False, indent=1)


def _need(cond: bool, message: Phrase) -> None:
    if not cond:
        raise SaveError(message)


def _int(value: Any, what: Phrase | str) -> int:
    _need(type(value) is int, Phrase(N_("{what} must be a whole number"), what=what))
    return int(value)


def _restore_game(game: Game, data: Any, where: Phrase) -> None:
    # TRANSLATORS: messages about a damaged save file. {where} names the place in the file,
    # e.g. "game 2, round 3"; words in quotes ('rounds', 'deck') are the file's field names.
    _need(isinstance(data, dict), Phrase(N_("{where} must be an object"), where=where))
    rounds = data.get("rounds")
    _need(isinstance(rounds, list), Phrase(N_("{where}: 'rounds' must be a list"), where=where))
    for i, rd in enumerate(rounds, 1):
        # TRANSLATORS: a place in a save file, e.g. "game 2, round 3".
        here = Phrase(N_("{where}, round {n}"), where=where, n=i)
        _need(isinstance(rd, dict), Phrase(N_("{where} must be an object"), where=here))
        dealer = _int(rd.get("dealer"), Phrase(N_("{where}: dealer"), where=here))
        _need(
            dealer == game.next_dealer(),
            Phrase(
                N_("{where}: dealer {dealer} does not follow the rules (expected {expected})"),
                where=here,
                dealer=dealer,
                expected=game.next_dealer(),
            ),
        )
        deck_text = rd.get("deck")
        _need(
            isinstance(deck_text, str),
            Phrase(N_("{where}: 'deck' must be a string of cards"), where=here),
        )
        try:
            deck = parse_cards(deck_text)
        except CardError as exc:
            raise SaveError(Phrase(N_("{where}: {problem}"), where=here, problem=exc)) from None
        _need(
            len(deck) == 52,
            Phrase(N_("{where}: the deck has {n} cards, not 52"), where=here, n=len(deck)),
        )
        try:
            game.next_round(deck)
        except ValueError as exc:
            raise SaveError(Phrase(N_("{where}: {problem}"), where=here, problem=exc)) from None
        apply_actions(game, rd.get("actions"), here, SaveError)
        if i < len(rounds):
            _need(
                game.round.is_over,
                Phrase(N_("{where} is unfinished but another round follows"), where=here),
            )
    scores = data.get("scores")
    if scores is not None:
        _need(
            scores == game.scores,
            Phrase(
                N_("{where}: the saved scores {saved} do not add up (the moves give {replayed})"),
                where=where,
                saved=scores,
                replayed=game.scores,
            ),
        )


def from_dict(data: Any) -> tuple[Game | Match, dict[str, Any]]:
    """Restore a game or match (and its ``extra`` metadata) from `to_dict` output."""
    _need(isinstance(data, dict), Phrase(N_("a save must be a JSON object")))
    _need(data.get("format") == FORMAT, Phrase(N_("not a ginrummy save")))
    version = data.get("version")
    _need(
        type(version) is int and version == VERSION,
        Phrase(
            N_("save version {version} is not supported (this program reads version {supported})"),
            version=repr(version),
            supported=VERSION,
        ),
    )
    try:
        rules = Rules.from_dict(data.get("rules"))
    except RulesError as exc:
        # TRANSLATORS: "rules" is the save file's field name.
        raise SaveError(Phrase(N_("rules: {problem}"), problem=exc)) from None
    seed = _int(data.get("seed"), "seed")
    games = data.get("games")
    _need(
        isinstance(games, list) and len(games) >= 1, Phrase(N_("'games' must be a non-empty list"))
    )
    extra = data.get("extra", {})
    _need(isinstance(extra, dict), Phrase(N_("'extra' must be an object")))
    kind = data.get("kind")
    if kind == "game":
        _need(len(games) == 1, Phrase(N_("a game save holds exactly one game")))
        g = games[0]
        # TRANSLATORS: the single game in a save file.
        where = Phrase(N_("game"))
        _need(isinstance(g, dict), Phrase(N_("{where} must be an object"), where=where))
        first = g.get("first_dealer")
        _need(type(first) is int and first in (0, 1), Phrase(N_("first_dealer must be 0 or 1")))
        game_seed = _int(g.get("seed"), Phrase(N_("game seed")))
        _need(game_seed == seed, Phrase(N_("the game's seed differs from the save's seed")))
        game = Game(rules, seed=game_seed, first_dealer=first, start=False)
        _restore_game(game, g, where)
        _need(bool(game.rounds), Phrase(N_("{where}: no round was dealt"), where=where))
        return game, extra
    _need(kind == "match", Phrase(N_("unknown save kind {kind}"), kind=repr(kind)))
    _need(rules.is_match, Phrase(N_("a match save needs rules with more than one game")))
    match = Match(rules, seed=seed, start=False)
    for n, g in enumerate(games, 1):
        # TRANSLATORS: a place in a save file: the n-th game of a match.
        where = Phrase(N_("game {n}"), n=n)
        if n > 1:
            _need(
                match.game.is_over and not match.is_over,
                Phrase(N_("{where} follows a game in play"), where=where),
            )
        game = match.next_game(start=False)
        _need(isinstance(g, dict), Phrase(N_("{where} must be an object"), where=where))
        _need(
            _int(g.get("seed"), Phrase(N_("{where}: seed"), where=where)) == game.seed,
            Phrase(N_("{where}: seed does not follow the match seed"), where=where),
        )
        _need(
            _int(g.get("first_dealer"), Phrase(N_("{where}: first_dealer"), where=where))
            == game.first_dealer,
            Phrase(N_("{where}: wrong first dealer"), where=where),
        )
        _restore_game(game, g, where)
        _need(bool(game.rounds), Phrase(N_("{where}: no round was dealt"), where=where))
        # The moves were applied to the game directly, so count its result here.
        if game.winner is not None:
            match.games_won[game.winner] += 1
    return match, extra


def loads(text: str) -> tuple[Game | Match, dict[str, Any]]:
    """Restore from JSON text; any defect raises `SaveError` with one clear line."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise SaveError(Phrase(N_("the save is not valid JSON: {problem}"), problem=exc)) from None
    return from_dict(data)
