"""The developer's picture of a round and a game, as ``str(round)`` and ``str(game)`` print it.

Like python-chess's ASCII board, it shows everything, both hands included: it is for
reading a position while writing or debugging a program, not for a player (the app and the
command line word things for people through `ginrummy.text`). Cards are in the notation
the library reads (``QH``, ``TD``); the layout is plain ASCII, one fact a line::

    Round 1 (Standard), dealer: player 1, knock limit 10
    phase: first_upcard, player 0 to act
    stock: 31 cards   discard: 8C (1 card)
    player 0: 2S 4S 9S 3H 6H JD 3C 5C TC KC  (deadwood 61)
    player 1: 7S TS QS 5H 7H 9H 2D 6D 8D QD  (deadwood 67)
    scores: 0 - 0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import format_cards
from .melds import min_deadwood

if TYPE_CHECKING:
    from .game import Game
    from .round import Round, RoundResult

__all__ = ["game_table", "result_line", "round_table"]


def result_line(result: RoundResult) -> str:
    """How a round ended: its kind, who won and how many points."""
    if result.winner is None:
        return f"result: {result.kind.value}, no points (stock left: {result.stock_left})"
    knocker = "" if result.knocker is None else f", knocked by player {result.knocker}"
    return f"result: {result.kind.value}{knocker}, player {result.winner} scores {result.points}"


def round_table(rnd: Round) -> str:
    """The round's whole state: deal, phase, piles, both hands (by suit, then rank),
    scores, result."""
    pile = rnd.discard_pile
    count = f"{len(pile)} card" + ("" if len(pile) == 1 else "s")
    top = pile[-1].code if pile else "-"
    lines = [
        f"Round {rnd.number} ({rnd.rules.name}), dealer: player {rnd.dealer},"
        f" knock limit {rnd.knock_limit}" + (f", x{rnd.multiplier}" if rnd.multiplier > 1 else ""),
        f"phase: {rnd.phase.value}"
        + ("" if rnd.is_over else f", player {rnd.to_act} to act")
        + (", stock only" if rnd.view(rnd.to_act).stock_only else ""),
        f"stock: {rnd.stock_size} cards   discard: {top} ({count})",
    ]
    for player in (0, 1):
        hand = sorted(rnd.hand(player), key=lambda card: card.index)
        lines.append(f"player {player}: {format_cards(hand)}  (deadwood {min_deadwood(hand)})")
    lines.append(f"scores: {rnd.scores[0]} - {rnd.scores[1]}")
    if rnd.result is not None:
        lines.append(result_line(rnd.result))
    return "\n".join(lines)


def game_table(game: Game) -> str:
    """The game's score sheet (each round's result and the totals after it), then its
    current round as `round_table` shows it."""
    rules = game.rules
    state = f"won by player {game.winner}" if game.winner is not None else f"to {rules.target}"
    lines = [f"Game ({rules.name}), seed {game.seed}, {state}"]
    lines.append(f"{'round':>5}  {'result':<10} {'winner':>6} {'points':>6}  {'totals':>9}")
    for number, (result, totals) in enumerate(
        zip(game.results, game.score_history, strict=True), start=1
    ):
        winner = "-" if result.winner is None else str(result.winner)
        lines.append(
            f"{number:>5}  {result.kind.value:<10} {winner:>6} {result.points:>6}"
            f"  {totals[0]:>4}-{totals[1]}"
        )
    lines.append(f"scores: {game.scores[0]} - {game.scores[1]}")
    if game.rounds and not game.round.is_over:
        lines += ["", round_table(game.round)]
    return "\n".join(lines)
