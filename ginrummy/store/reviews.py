"""The reviews kept in the database: a game's review computed once per evaluator.

A review (`ginrummy.players.review.SeatReview`) takes seconds to compute; the app keeps
it in the ``reviews`` table keyed by the game (`review_key`: the history's game id, and
the game's number in a match), the seat and `Evaluator.version` (the evaluator's version
and budget), so a game is reviewed once per evaluator and opening it again is instant.
A row that cannot be read back (damaged, or from an older layout) is dropped and the
review computed again: a cache is never a reason to fail.

`seats_of` says who sat at each seat of a history game (the person, the bot, the remote
player), which is what a review needs of the game's details.

`reviewed_games` lists the history's games whose review is kept for the side the
statistics take (`GameMeta.me`), oldest first, with their figures read for the latest
ones only (`ReviewedGame`): the statistics' accuracy and luck per opponent come from
them (`ginrummy.store.stats.review_form`). `missing_reviews` lists the games still to
review, for ``ginrummy stats --review``.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..core.actions import parse_action
from ..core.cards import Card
from ..core.record import Record, Seat
from ..core.round import Phase
from ..players.evaluator import Evaluator
from ..players.review import Decision, LuckEvent, RoundReview, SeatReview, grade
from ..players.review import review as review_seat
from .records import GameMeta, HistoryEntry, HistoryRecord, games_of


class History(Protocol):
    """What `missing_reviews` reads of the store (`ginrummy.store.Store`)."""

    def history_count(self) -> int: ...
    def history_page(self, first: int, count: int) -> list[HistoryEntry]: ...
    def history_record(self, number: int) -> HistoryRecord | None: ...
    def cached_review(self, key: str, seat: int, evaluator: str) -> SeatReview | None: ...


class Reviews(History, Protocol):
    """What `review_missing` reads and writes (`ginrummy.store.Store`)."""

    def cache_review(self, key: str, evaluator: str, review: SeatReview) -> None: ...


__all__ = [
    "ReviewedGame",
    "app_evaluator",
    "cached_review",
    "missing_reviews",
    "put_review",
    "review_from_dict",
    "review_key",
    "review_missing",
    "review_to_dict",
    "reviewed_games",
    "seats_of",
    "split_key",
]

#: The layout of a review's JSON in the table (a different one is computed again). 2: the
#: opponent's luck counts against the seat (its events are marked).
LAYOUT = 2


def seats_of(meta: GameMeta) -> tuple[Seat, Seat]:
    """Who sat at each seat of a game: against the computer, the person then the bot; in
    hot-seat two people; online, this machine's person and the remote player."""
    a, b = meta.names
    if meta.mode == "computer":
        return Seat(a, "person"), Seat(b, "bot", meta.level)
    if meta.mode == "hotseat":
        return Seat(a, "person"), Seat(b, "person")
    kinds = ("person", "remote") if meta.me == 0 else ("remote", "person")
    return Seat(a, kinds[0]), Seat(b, kinds[1])


def review_key(game_id: str, game_number: int = 1) -> str:
    """The cache's key of a game: its id, with its number after the first game of a match."""
    return game_id if game_number == 1 else f"{game_id}#{game_number}"


def _cards(cards: tuple[Card, ...]) -> list[int]:
    return [c.index for c in cards]


def _decision(d: Decision) -> dict[str, Any]:
    return {
        "round": d.round,
        "move": d.move,
        "phase": d.phase.value,
        "stock": d.stock,
        "played": str(d.played),
        "best": str(d.best),
        "choices": [[str(a), w] for a, w in d.choices],
        "win_played": d.win_played,
        "win_best": d.win_best,
        "loss": d.loss,
        "hand": _cards(d.hand),
        "top": None if d.top is None else d.top.index,
        "opponent": _cards(d.opponent_hand),
    }


def review_to_dict(review: SeatReview) -> dict[str, Any]:
    """A seat's review as JSON-ready data (`review_from_dict` reads it back)."""
    return {
        "layout": LAYOUT,
        "seat": review.seat,
        "name": review.name,
        "player": review.player,
        "rounds": [
            {
                "number": r.number,
                "points": r.points,
                "decisions": [_decision(d) for d in r.decisions],
                "luck": [
                    [e.round, e.move, None if e.card is None else e.card.index, e.luck, e.opponent]
                    for e in r.luck_events
                ],
            }
            for r in review.rounds
        ],
    }


def _read_decision(d: dict[str, Any]) -> Decision:
    loss = float(d["loss"])
    return Decision(
        round=int(d["round"]),
        move=int(d["move"]),
        phase=Phase(d["phase"]),
        stock=int(d["stock"]),
        played=parse_action(d["played"]),
        best=parse_action(d["best"]),
        choices=tuple((parse_action(a), float(w)) for a, w in d["choices"]),
        win_played=float(d["win_played"]),
        win_best=float(d["win_best"]),
        loss=loss,
        grade=grade(loss),
        hand=tuple(Card.from_index(int(i)) for i in d["hand"]),
        top=None if d["top"] is None else Card.from_index(int(d["top"])),
        opponent_hand=tuple(Card.from_index(int(i)) for i in d["opponent"]),
    )


def review_from_dict(data: Any) -> SeatReview:
    """A seat's review from `review_to_dict`'s data; `ValueError` (or `KeyError`,
    `TypeError`) if it is not one."""
    if not isinstance(data, dict) or data.get("layout") != LAYOUT:
        raise ValueError("not a review of this layout")
    rounds = tuple(
        RoundReview(
            int(r["number"]),
            tuple(_read_decision(d) for d in r["decisions"]),
            tuple(
                LuckEvent(
                    int(rnd),
                    int(move),
                    None if card is None else Card.from_index(int(card)),
                    float(luck),
                    bool(opponent),
                )
                for rnd, move, card, luck, opponent in r["luck"]
            ),
            int(r["points"]),
        )
        for r in data["rounds"]
    )
    return SeatReview(int(data["seat"]), str(data["name"]), str(data["player"]), rounds)


def cached_review(
    conn: sqlite3.Connection, key: str, seat: int, evaluator: str
) -> tuple[str, SeatReview | None] | None:
    """The review kept for (game, seat, evaluator): None when there is none; the row's text
    and None when it cannot be read back (the caller drops it)."""
    row = conn.execute(
        "SELECT data FROM reviews WHERE game = ? AND seat = ? AND evaluator = ?",
        (key, seat, evaluator),
    ).fetchone()
    if row is None:
        return None
    text = str(row[0])
    try:
        return text, review_from_dict(json.loads(text))
    except (ValueError, KeyError, TypeError, IndexError):
        return text, None


def put_review(conn: sqlite3.Connection, key: str, evaluator: str, review: SeatReview) -> None:
    """Keep ``review`` for (game, its seat, evaluator), replacing any older one."""
    conn.execute(
        "INSERT INTO reviews (game, seat, evaluator, data) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (game, seat, evaluator) DO UPDATE SET data = excluded.data",
        (key, review.seat, evaluator, json.dumps(review_to_dict(review))),
    )


def app_evaluator() -> Evaluator:
    """The evaluator of the app's reviews and of the statistics' figures (the default
    budget): what ``ginrummy stats --review`` reviews with, so the app reads them."""
    return Evaluator()


def split_key(key: str) -> tuple[str, int]:
    """A cache key's game id and game number (`review_key` read back)."""
    game_id, sep, number = key.rpartition("#")
    if sep and number.isdigit():
        return game_id, int(number)
    return key, 1


@dataclass(frozen=True, slots=True)
class ReviewedGame:
    """A history game with a kept review, from the statistics' side."""

    #: The cache key (`review_key`), the history's order of the game and its opponent.
    key: str
    seq: int
    opponent: str
    #: The review's figures; None when they were not read (older than the ones asked
    #: for, or a row that cannot be read back).
    review: SeatReview | None


#: The history's games with their kept reviews: the key matches the game's id, or its id
#: and "#n" for a later game of a match ("#" is before "$": a range the index can use).
_REVIEWED = """
    SELECT h.seq, h.opponent, r.game, r.rowid FROM history h JOIN reviews r
      ON (r.game = h.id OR (r.game > h.id || '#' AND r.game < h.id || '$'))
     AND r.seat = COALESCE(h.seat, 0) AND r.evaluator = ?
"""


def reviewed_games(conn: sqlite3.Connection, evaluator: str, latest: int) -> list[ReviewedGame]:
    """The history's games reviewed by ``evaluator`` for the statistics' side, oldest
    first (a match's games in order); the reviews themselves are read for each
    opponent's ``latest`` games only."""
    rows = []
    for seq, opponent, key, rowid in conn.execute(_REVIEWED, (evaluator,)):
        game_id, number = split_key(str(key))
        if "#" in game_id:
            continue  # "id#x": not a key of this game
        rows.append((int(seq), number, str(opponent), str(key), int(rowid)))
    rows.sort()
    wanted: Counter[str] = Counter()
    read: set[int] = set()
    for _seq, _n, opponent, _key, rowid in reversed(rows):
        if wanted[opponent] < latest:
            wanted[opponent] += 1
            read.add(rowid)
    found = []
    for seq, _n, opponent, key, rowid in rows:
        review = None
        if rowid in read:
            row = conn.execute("SELECT data FROM reviews WHERE rowid = ?", (rowid,)).fetchone()
            try:
                review = review_from_dict(json.loads(str(row[0])))
            except (ValueError, KeyError, TypeError, IndexError):
                review = None
        found.append(ReviewedGame(key, seq, opponent, review))
    return found


def missing_reviews(store: History, evaluator: str, latest: int) -> list[tuple[str, Record, int]]:
    """The games among each opponent's ``latest`` in the history (the ones the statistics'
    figures can use) that have no kept review by ``evaluator`` for the statistics' side,
    newest first: (the cache key, the game's record, the seat to review)."""
    entries = store.history_page(1, store.history_count())
    seen: Counter[str] = Counter()
    found = []
    for entry in reversed(entries):
        record = store.history_record(entry.number)
        if record is None:
            continue
        opponent = record.opponent
        if seen[opponent] >= latest:
            continue
        meta = record.meta
        seats = seats_of(meta)
        games = games_of(record.game)
        for number in range(len(games), 0, -1):
            game = games[number - 1]
            if seen[opponent] >= latest or not game.rounds:
                continue
            seen[opponent] += 1
            key = review_key(meta.id, number)
            if store.cached_review(key, meta.me, evaluator) is None:
                found.append((key, Record(game, seats), meta.me))
    return found


def review_missing(
    store: Reviews,
    evaluator: Evaluator,
    latest: int,
    told: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> int:
    """Review and keep the games `missing_reviews` finds, newest first; ``told(n, total)``
    before game ``n`` (1 = the first); ``stop()`` as `review`'s (true raises `Stopped`;
    the games done by then are kept). The number of games reviewed."""
    todo = missing_reviews(store, evaluator.version, latest)
    for n, (key, record, seat) in enumerate(todo, 1):
        if told is not None:
            told(n, len(todo))
        store.cache_review(key, evaluator.version, review_seat(record, seat, evaluator, stop=stop))
    return len(todo)
