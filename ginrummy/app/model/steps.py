"""A finished game, move by move: the states a replay steps through (no Textual or Rich).

Each round of the saved game is dealt again from its saved deck and its saved actions
are applied one by one through the core, so every step is exactly what happened. A step
keeps everything the replay screen shows: both hands (all face up), the piles, the
scores, the move in words and, at a round's end, the result.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import Card, DrawStock, Knock, Round, RoundResult, TakeDiscard
from ...store import HistoryRecord
from ...store.records import games_of
from ...text.moves import describe_turn, opening_text
from ...text.names import display_name
from ...text.results import explain_result
from .movelog import logged_events
from .seats import COMPUTER


@dataclass(frozen=True)
class Step:
    """The table after ``move`` moves of a round (move 0: just dealt)."""

    game: int
    round: int
    move: int
    #: How many moves the round has (so the screen can say "move 3 of 41").
    moves: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    #: The discard pile face up (the card a knock discarded lies face down: not in it).
    discard_pile: tuple[Card, ...]
    stock: int
    dealer: int
    knock_limit: int
    #: Game totals before the round (after it, at the round's last step).
    scores: tuple[int, int]
    #: Who is to act next (None when the round is over).
    to_act: int | None
    #: Who made this move (None for the deal).
    actor: int | None
    #: The card the move drew or took, shown highlighted in the mover's hand.
    moved: Card | None
    #: The move in words (the move log's sentence, with the drawn card named).
    text: str
    result: RoundResult | None = None


def you_of(record: HistoryRecord) -> int | None:
    """The seat a replay addresses as "You": the person who played the computer under
    the default name (a game of "Ann" against the computer is told as Ann's)."""
    meta = record.meta
    return 0 if meta.mode == COMPUTER and meta.names[0] == "You" else None


def shown_names(record: HistoryRecord) -> tuple[str, str]:
    """The record's names as shown, in the current language."""
    a, b = record.meta.names
    return display_name(a), display_name(b)


def build_steps(record: HistoryRecord, ascii: bool = False) -> list[Step]:
    """Every step of every round of every game in ``record``, in order (in the words of
    the current language)."""
    names = shown_names(record)
    you = you_of(record)
    steps: list[Step] = []
    for g, game in enumerate(games_of(record.game), 1):
        before = (0, 0)
        for i, saved in enumerate(game.rounds):
            rnd = Round(
                game.rules,
                dealer=saved.dealer,
                deck=saved.deck,
                scores=before,
                number=saved.number,
            )
            actions = list(saved.actions)
            total = len(actions)

            # A round stopped by a forfeit (online: a player away too long) has no result.
            after = game.score_history[i] if i < len(game.score_history) else before

            opening = opening_text(rnd, names, game.rules, ascii, you)
            steps.append(_snapshot(rnd, g, 0, total, before, after, None, None, opening))
            for n, action in enumerate(actions, 1):
                actor = rnd.to_act
                held = set(rnd.hand(actor))
                seen = len(rnd.history)
                rnd.apply(action, actor)
                events = logged_events(rnd.history[seen:])
                moved: Card | None = None
                if isinstance(action, DrawStock | TakeDiscard):
                    new = [c for c in rnd.hand(actor) if c not in held]
                    moved = new[0] if new else None
                text = describe_turn(
                    events,
                    names,
                    ascii,
                    you=you,
                    drawn=moved if isinstance(action, DrawStock) else None,
                    knocked=action.card if isinstance(action, Knock) else None,
                )
                face_down = action.card if isinstance(action, Knock) else None
                steps.append(
                    _snapshot(rnd, g, n, total, before, after, actor, moved, text, face_down)
                )
            before = after
    return steps


def _snapshot(
    rnd: Round,
    game: int,
    move: int,
    moves: int,
    before: tuple[int, int],
    after: tuple[int, int],
    actor: int | None,
    moved: Card | None,
    text: str,
    face_down: Card | None = None,
) -> Step:
    """The round as it stands; ``face_down``: the card a knock (or gin) discarded, which
    lies face down (the rules), so it is not shown on top of the discard pile."""
    over = rnd.result is not None
    pile = tuple(rnd.discard_pile)
    if face_down is not None and pile and pile[-1] is face_down:
        pile = pile[:-1]
    return Step(
        game=game,
        round=rnd.number,
        move=move,
        moves=moves,
        hands=(rnd.hand(0), rnd.hand(1)),
        discard_pile=pile,
        stock=rnd.stock_size,
        dealer=rnd.dealer,
        knock_limit=rnd.knock_limit,
        scores=after if over else before,
        to_act=None if over else rnd.to_act,
        actor=actor,
        moved=moved,
        text=text,
        result=rnd.result,
    )


def explain(result: RoundResult, record: HistoryRecord) -> str:
    """The result's explanation, in the current language."""
    return explain_result(result, shown_names(record), you=you_of(record))
