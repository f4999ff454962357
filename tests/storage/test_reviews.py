"""The reviews kept in the database (`ginrummy.store.reviews`): once per game and evaluator."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ginrummy.core import Game, Rules, play_game
from ginrummy.core.record import Seat, record_of
from ginrummy.players import make_player
from ginrummy.players.evaluator import Evaluator
from ginrummy.players.review import SeatReview, review
from ginrummy.store import GameMeta, Store
from ginrummy.store.db import MIGRATIONS, SCHEMA_VERSION, connect, migrate, schema_version
from ginrummy.store.reviews import review_from_dict, review_key, review_to_dict, seats_of


def _seat_review(seed: int = 3) -> tuple[SeatReview, Evaluator]:
    game = Game(Rules(target=25), seed=seed)
    play_game(game, (make_player("simple", seed), make_player("random", seed)))
    record = record_of(game, (Seat("Ann"), Seat("Computer", "bot", "random")))
    evaluator = Evaluator(3, seed=1, screen=2, finalists=1)
    return review(record, 0, evaluator), evaluator


def test_a_review_round_trips_through_its_data() -> None:
    seat, _ = _seat_review()
    assert seat.decisions
    assert review_from_dict(review_to_dict(seat)) == seat


def test_a_review_is_kept_by_game_seat_and_evaluator(tmp_path: Path) -> None:
    seat, evaluator = _seat_review()
    store = Store(tmp_path)
    key = review_key("abc")
    assert store.cached_review(key, 0, evaluator.version) is None
    store.cache_review(key, evaluator.version, seat)
    assert store.cached_review(key, 0, evaluator.version) == seat
    # Another seat, another evaluator (version or budget), another game: not that review.
    assert store.cached_review(key, 1, evaluator.version) is None
    assert store.cached_review(key, 0, Evaluator(4, seed=1, screen=2, finalists=1).version) is None
    assert store.cached_review(review_key("abc", 2), 0, evaluator.version) is None
    store.close()
    # Kept across sessions, and written again in place.
    again = Store(tmp_path)
    assert again.cached_review(key, 0, evaluator.version) == seat
    again.cache_review(key, evaluator.version, seat)
    rows = again.db().execute("SELECT count(*) FROM reviews").fetchone()[0]
    assert rows == 1


def test_a_damaged_review_is_dropped_and_computed_again(tmp_path: Path) -> None:
    seat, evaluator = _seat_review()
    store = Store(tmp_path)
    store.cache_review("g", evaluator.version, seat)
    store.db().execute('UPDATE reviews SET data = \'{"layout": 1, "rounds": 7}\'')
    assert store.cached_review("g", 0, evaluator.version) is None
    assert store.db().execute("SELECT count(*) FROM reviews").fetchone()[0] == 0


def test_the_review_table_comes_with_the_migration_to_version_6(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = connect(path)
    for version in range(1, 6):
        MIGRATIONS[version](conn)
    conn.execute("PRAGMA user_version = 5")
    with pytest.raises(sqlite3.OperationalError):
        conn.execute("SELECT count(*) FROM reviews")
    migrate(conn, path)
    assert schema_version(conn) == SCHEMA_VERSION == 6
    assert conn.execute("SELECT count(*) FROM reviews").fetchone()[0] == 0


def test_who_sat_where_follows_the_mode() -> None:
    computer = GameMeta("computer", ("Ann", "Computer"), "master")
    assert seats_of(computer) == (Seat("Ann"), Seat("Computer", "bot", "master"))
    hotseat = GameMeta("hotseat", ("Ann", "Ben"), "")
    assert seats_of(hotseat) == (Seat("Ann"), Seat("Ben"))
    joined = GameMeta("online", ("Ann", "Ben"), "", seat=1)
    assert seats_of(joined) == (Seat("Ann", "remote"), Seat("Ben", "person"))
