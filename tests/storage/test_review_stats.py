"""The statistics' accuracy and luck per opponent from the kept reviews: which games have
one (`reviewed_games`, `missing_reviews`), the form over the latest ten and its trend
(`review_form`), and the table and sentences that show them."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from support.pilot import finished_game, finished_match

from ginrummy.players.evaluator import Evaluator
from ginrummy.players.review import RoundReview, SeatReview, grade, review
from ginrummy.store import GameMeta, Store
from ginrummy.store.reviews import missing_reviews, review_key, split_key
from ginrummy.store.stats import FORM_GAMES, STEADY, Form, format_table, review_form
from ginrummy.text import i18n

VERSION = "test-evaluator"


@pytest.fixture(scope="module")
def model() -> SeatReview:
    """A real review, whose first decision the made-up ones copy."""
    game = finished_game(3, 30)
    return review(game, 0, Evaluator(3, seed=1, screen=2, finalists=1), rounds=(0,))


def made_up(model: SeatReview, loss: float, luck: float) -> SeatReview:
    """A one-decision review of the given loss (so an accuracy) and luck."""
    rnd = model.rounds[0]
    d = dataclasses.replace(rnd.decisions[0], loss=loss, grade=grade(loss))
    event = dataclasses.replace(rnd.luck_events[0], luck=luck)
    return SeatReview(0, "Ann", "person", (RoundReview(1, (d,), (event,), 0),))


def history(store: Store, games: int, level: str = "simple") -> list[str]:
    """``games`` finished games against ``level``, oldest first: their ids."""
    ids = []
    for n in range(games):
        game_id = f"{level}{n:02d}"
        meta = GameMeta("computer", ("Ann", "Computer"), level, game_id, "2025-01-02T10:00:00")
        store.finish_game(finished_game(3 + n % 3, 30), meta)
        ids.append(game_id)
    return ids


def test_a_key_reads_back_as_the_game_id_and_number() -> None:
    assert split_key(review_key("abc")) == ("abc", 1)
    assert split_key(review_key("abc", 3)) == ("abc", 3)
    assert split_key("a#b") == ("a#b", 1)


def test_the_form_is_the_latest_ten_against_the_ten_before(
    tmp_path: Path, model: SeatReview
) -> None:
    store = Store(tmp_path)
    ids = history(store, 25)
    # Games 0-4 not reviewed; 5-14 at a loss of 0.05 (accuracy 80), 15-24 perfect.
    for n, game_id in enumerate(ids[5:], 5):
        loss = 0.05 if n < 15 else 0.0
        store.cache_review(game_id, VERSION, made_up(model, loss, luck=0.01 * (n % 2)))
    # Another evaluator's review and the other seat's do not count.
    store.cache_review(ids[0], "another", made_up(model, 0.0, 0.0))
    other = dataclasses.replace(made_up(model, 0.0, 0.0), seat=1)
    store.cache_review(ids[1], VERSION, other)
    reviewed = store.reviewed_games(VERSION, 2 * FORM_GAMES)
    assert [g.key for g in reviewed] == ids[5:]
    assert all(g.opponent == "simple" for g in reviewed)
    form = review_form(reviewed)["simple"]
    assert form.reviewed == 20 and form.games == FORM_GAMES
    assert form.accuracy == pytest.approx(100.0)
    assert (
        form.before == pytest.approx(made_up(model, 0.05, 0).accuracy) == pytest.approx(80, abs=1)
    )
    assert form.before_games == FORM_GAMES
    assert form.luck == pytest.approx(0.005)
    assert form.cost == 0.0
    assert form.trend == "up"
    # Only the latest twenty are read.
    store.cache_review(ids[4], VERSION, made_up(model, 0.3, 0.0))
    again = store.reviewed_games(VERSION, 2 * FORM_GAMES)
    assert again[0].key == ids[4] and again[0].review is None
    assert review_form(again)["simple"] == dataclasses.replace(form, reviewed=21)


def test_the_trend_needs_five_games_before_and_a_change_of_two_points() -> None:
    def form(now: float, before: float | None) -> Form:
        return Form(20, 10, now, 0.0, 0.0, before, 0 if before is None else 10)

    assert form(90.0, None).trend is None
    assert form(90.0, 90.0 - STEADY).trend == "up"
    assert form(90.0, 90.0 + STEADY).trend == "down"
    assert form(90.0, 90.0 - STEADY / 2).trend == "steady"


def test_fewer_than_five_games_before_make_no_trend(tmp_path: Path, model: SeatReview) -> None:
    store = Store(tmp_path)
    for game_id in history(store, 14):
        store.cache_review(game_id, VERSION, made_up(model, 0.02, 0.0))
    form = review_form(store.reviewed_games(VERSION, 2 * FORM_GAMES))["simple"]
    assert form.games == 10 and form.before is None and form.trend is None
    assert form.cost == 0.0  # an inaccuracy: within the noise, it costs nothing shown


def test_a_mistake_counts_in_the_cost(tmp_path: Path, model: SeatReview) -> None:
    store = Store(tmp_path)
    for game_id in history(store, 3):
        store.cache_review(game_id, VERSION, made_up(model, 0.06, 0.0))
    form = review_form(store.reviewed_games(VERSION, 2 * FORM_GAMES))["simple"]
    assert form.games == 3 and form.cost == pytest.approx(0.06)


def test_a_match_s_games_are_reviewed_each_and_in_order(tmp_path: Path, model: SeatReview) -> None:
    store = Store(tmp_path)
    match = finished_match()
    meta = GameMeta("hotseat", ("Anna", "Ben"), "", "m1", "2025-01-02T10:00:00")
    store.finish_game(match, meta)
    for n in (2, 1):
        store.cache_review(review_key("m1", n), VERSION, made_up(model, 0.0, 0.0))
    reviewed = store.reviewed_games(VERSION, 2 * FORM_GAMES)
    assert [g.key for g in reviewed] == ["m1", "m1#2"]
    assert review_form(reviewed)["hot-seat"].reviewed == 2
    missing = missing_reviews(store, VERSION, 2 * FORM_GAMES)
    assert [(key, seat) for key, _record, seat in missing] == [
        (review_key("m1", n), 0) for n in range(len(match.games), 2, -1)
    ]
    assert missing[0][1].game.scores == match.games[-1].scores


def test_missing_reviews_are_each_opponent_s_latest_newest_first(
    tmp_path: Path, model: SeatReview
) -> None:
    store = Store(tmp_path)
    simple = history(store, 23)
    expert = history(store, 2, "expert")
    store.cache_review(simple[-1], VERSION, made_up(model, 0.0, 0.0))
    missing = missing_reviews(store, VERSION, 2 * FORM_GAMES)
    keys = [key for key, _record, _seat in missing]
    assert keys == [*reversed(expert), *reversed(simple[3:-1])]
    assert all(record.seats[0].kind == "person" for _key, record, _seat in missing)


def test_the_table_shows_the_form_and_says_the_trend_in_words(model: SeatReview) -> None:
    from ginrummy.store.stats import Stats

    table = {"simple": Stats(games=34), "expert": Stats(games=3)}
    form = {"simple": Form(20, 10, 87.54, 0.021, 0.123, 84.1, 10)}
    text = format_table(table, form)
    rows = {line[:28].strip(): line[28:].split() for line in text.splitlines()}
    assert rows["Games reviewed"] == ["0", "of", "3", "20", "of", "34"]
    assert rows["Accuracy, latest reviewed"] == ["-", "87.5"]
    assert rows["Luck per game"] == ["-", "+2.1%"]
    assert rows["Cost per game"] == ["-", "−12.3%"]
    assert (
        "vs simple: your accuracy is going up, 87.5 in the latest 10 reviewed games against"
        " 84.1 in the 10 before." in text
    )
    assert "vs expert:" not in text
    i18n.set_language("pl")
    polish = format_table(table, form)
    assert "87,5" in polish and "+2,1%" in polish and "rośnie" in polish
