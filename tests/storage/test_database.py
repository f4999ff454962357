"""The SQLite store: migration from the old JSON files, slots, leases, two windows, damage
kept local, numbers bounded, statistics from SQL equal to the ones computed from the games."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import time
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_storage import finished_game, play

from ginrummy.core import Game, GinRummyError, Match, Rules
from ginrummy.store import (
    AUTOSAVE,
    DB_NAME,
    HISTORY,
    SETTINGS,
    DatabaseUnavailable,
    GameMeta,
    HistoryRecord,
    NewerDatabase,
    Settings,
    SlotTaken,
    StorageError,
    Store,
    peek_language,
    slot_of,
)
from ginrummy.store import db as store_db
from ginrummy.store import leases as store_leases
from ginrummy.store.db import MIGRATIONS, SCHEMA_VERSION, connect, migrate, schema_version
from ginrummy.store.stats import compute
from ginrummy.text.errors import describe
from ginrummy.text.problems import problem_line

FIXTURES = Path(__file__).parent / "fixtures" / "legacy"
OLD_FILES = (HISTORY, AUTOSAVE, SETTINGS)
PROPS = settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
#: A few finished games made once, reused with fresh ids (playing is the slow part).
POOL = [finished_game(seed, target=25) for seed in range(8)]


def _old_folder(root: Path, history: str = HISTORY) -> Path:
    for name in OLD_FILES:
        shutil.copy(FIXTURES / (history if name == HISTORY else name), root / name)
    return root


def _meta(n: int, level: str = "simple") -> GameMeta:
    if level == "hot-seat":
        return GameMeta("hotseat", ("Ann", "Ben"), "", f"g{n}")
    return GameMeta("computer", ("Ann", "Computer"), level, f"g{n}")


# --- migration --------------------------------------------------------------------------------


def test_the_old_files_are_imported_once_and_kept_as_a_backup(tmp_path: Path) -> None:
    old = json.loads((FIXTURES / HISTORY).read_text())
    store = Store(_old_folder(tmp_path))
    history = store.history()
    assert [r.meta.id for r in history] == [g["id"] for g in old["games"]]
    assert [r.finished for r in history] == [g["date"] for g in old["games"]]
    assert [r.to_json() for r in history] == old["games"]  # every game, exactly
    assert store.load_settings() == Settings.from_json(
        json.loads((FIXTURES / SETTINGS).read_text())
    )
    [saved] = store.saved_games()
    assert saved.meta.id == "legacysave" and saved.meta.names == ("Ann", "Ben")
    assert store.take_problems() == []
    for name in OLD_FILES:
        assert not (tmp_path / name).exists()
        [backup] = tmp_path.glob(f"{name}.imported-*")
        assert backup.read_bytes() == (FIXTURES / name).read_bytes()
    # The statistics are the ones the old code computed from the same games.
    assert store.stats() == compute(history)
    # A second start imports nothing again.
    again = Store(tmp_path)
    assert again.history_count() == len(old["games"]) and again.take_problems() == []


def test_one_bad_old_record_is_set_aside_alone(tmp_path: Path) -> None:
    store = Store(_old_folder(tmp_path, "history-one-bad.json"))
    ids = [r.meta.id for r in store.history()]
    assert ids == ["legacy01", "legacy02", "legacy04", "legacy05", "legacy06", "legacymatch"]
    [problem] = store.take_problems()
    assert problem.file == HISTORY and "game 3: 'date' must be a date" in problem.reason
    assert problem_line(problem).startswith("A finished game could not be read (game 3:")
    [(kind, _reason, payload)] = store.quarantined()
    assert kind == HISTORY and json.loads(payload)["id"] == "legacy03"
    assert len(store.saved_games()) == 1


def test_two_windows_starting_at_once_import_once(tmp_path: Path) -> None:
    _old_folder(tmp_path)
    a, b = Store(tmp_path), Store(tmp_path)
    assert a.history_count() == b.history_count() == 7


def test_a_finished_old_autosave_goes_to_the_history(tmp_path: Path) -> None:
    game = finished_game(3)
    from ginrummy.core.save import to_dict

    (tmp_path / AUTOSAVE).write_text(json.dumps(to_dict(game, _meta(1).to_extra())))
    store = Store(tmp_path)
    assert store.saved_games() == [] and store.history_count() == 1


# --- damage is local; numbers are bounded --------------------------------------------------


@pytest.mark.parametrize("name", [SETTINGS, AUTOSAVE])
def test_a_5000_digit_number_is_one_message(tmp_path: Path, name: str) -> None:
    digits = "9" * 5000
    if name == SETTINGS:
        text = json.dumps(Settings().to_json()).replace('"pace": 0.6', f'"pace": {digits}')
    else:
        from ginrummy.core.save import to_dict

        text = json.dumps(to_dict(Game(seed=1), _meta(1).to_extra())).replace(
            '"seed": 1', f'"seed": {digits}', 1
        )
    (tmp_path / name).write_text(text)
    store = Store(tmp_path)
    assert store.load_settings() == Settings() and store.saved_games() == []
    [problem] = store.take_problems()
    assert "too many digits (5000)" in problem.reason and "\n" not in problem_line(problem)
    assert len(problem_line(problem)) < 200
    # The same number inside the database: one message, the record set aside.
    store.save_settings(Settings(name="Ann"))
    store.db().execute("UPDATE settings SET data = replace(data, '0.6', ?)", (digits,))
    assert Store(tmp_path).load_settings() == Settings()


def test_a_database_that_cannot_be_opened_is_moved_aside(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"\x00garbage" * 600)
    store = Store(tmp_path)
    assert store.history_count() == 0
    [problem] = store.take_problems()
    assert problem.moved_to is not None and problem.moved_to.name.startswith(f"{DB_NAME}.corrupt-")
    assert problem_line(problem).startswith("The database could not be read (")
    store.finish_game(POOL[0], _meta(1))
    assert Store(tmp_path).history_count() == 1


def test_a_database_from_a_newer_version_is_left_untouched(tmp_path: Path) -> None:
    Store(tmp_path).finish_game(POOL[0], _meta(1))
    conn = sqlite3.connect(tmp_path / DB_NAME)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    before = (tmp_path / DB_NAME).read_bytes()
    with pytest.raises(NewerDatabase, match="newer ginrummy"):
        Store(tmp_path).history_count()
    with pytest.raises(NewerDatabase):
        Store(tmp_path).load_settings()
    assert (tmp_path / DB_NAME).read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if "corrupt" in p.name) == []


def test_a_version_1_database_gains_the_undo_column_and_keeps_its_games(tmp_path: Path) -> None:
    conn = connect(tmp_path / DB_NAME)
    MIGRATIONS[1](conn)
    conn.execute("PRAGMA user_version = 1")
    conn.execute(
        "INSERT INTO settings (key, data) VALUES ('settings', ?)",
        (json.dumps(Settings(language="pl").to_json()),),
    )
    conn.close()
    assert peek_language(tmp_path) == "pl"  # read before the migration too
    store = Store(tmp_path)
    store.finish_game(POOL[0], _meta(1))
    marked = replace(_meta(2), undo=(1,))
    store.finish_game(POOL[1], marked)
    assert schema_version(store.db()) == SCHEMA_VERSION == 6
    migrate(store.db(), tmp_path / DB_NAME)  # a second time changes nothing
    assert [e.undo for e in store.history_page(1, 2)] == [False, True]
    assert store.stats()["simple"].undo_games == 1
    assert compute(store.history())["simple"].undo_games == 1
    record = store.history_record(2)
    assert record is not None and record.meta == marked


def test_the_lists_give_a_games_totals_with_its_bonuses_even_from_before_version_3(
    tmp_path: Path,
) -> None:
    """Version 3 keeps a single game's final totals (bonuses included) in the index; the
    games finished before it get theirs from their saves when a list first shows them."""
    from ginrummy.core.player import play_game
    from ginrummy.players.simple import SimplePlayer

    classic = Rules.preset("Classic").with_(target=40)  # game, box and shutout bonuses
    games = [Game(classic, seed=n) for n in range(3)]
    for game in games:
        play_game(game, (SimplePlayer(), SimplePlayer()))
    store = Store(tmp_path)
    for n, game in enumerate(games):
        store.finish_game(game, _meta(n))
    expected = [tuple(t.total for t in game.totals()) for game in games]
    assert [e.totals for e in store.history_page(1, 3)] == expected
    assert any(e.totals != e.score for e in store.history_page(1, 3))  # the bonuses count
    # As a version-2 database had them: no totals kept.
    store.db().execute("UPDATE history SET total1 = NULL, total2 = NULL")
    fresh = Store(tmp_path)
    assert [e.totals for e in fresh.history_page(2, 1)] == expected[1:2]
    kept = fresh.db().execute("SELECT total1 IS NOT NULL FROM history ORDER BY seq").fetchall()
    assert [k[0] for k in kept] == [0, 1, 0]  # only the page shown was worked out
    assert [e.totals for e in fresh.history_entries()] == expected
    record = fresh.history_record(1)
    assert record is not None and record.totals == expected[0]


def test_version_4_keeps_the_seat_of_one_who_joined_online_and_counts_from_it(
    tmp_path: Path,
) -> None:
    """A version-3 database (the host's online games only, read from seat 0) gains the
    seat column; a match recorded by the player who joined in seat 1 counts from seat 1."""
    conn = connect(tmp_path / DB_NAME)
    for version in (1, 2, 3):
        MIGRATIONS[version](conn)
    conn.execute("PRAGMA user_version = 3")
    conn.close()
    game = POOL[0]
    store = Store(tmp_path)
    hosted = GameMeta("online", ("Ann", "Ben"), "", "hosted")
    store.finish_game(game, hosted)
    assert schema_version(store.db()) == SCHEMA_VERSION
    joined = GameMeta("online", ("Cy", "Dee"), "", "joined", seat=1)
    store.finish_game(game, joined)
    store.finish_game(game, joined)  # the same id again: kept once
    assert [e.meta.seat for e in store.history_page(1, 5)] == [None, 1]
    record = store.history_record(2)
    assert record is not None and record.meta == joined and record.opponent == "online: Cy"
    sums = store.stats()
    assert sums == compute(store.history())
    host_side, joiner_side = sums["online: Ben"], sums["online: Cy"]
    assert host_side.games == joiner_side.games == 1
    assert host_side.games_won == int(game.winner == 0)
    assert joiner_side.games_won == int(game.winner == 1)
    assert host_side.rounds_won + joiner_side.rounds_won == sum(
        1 for r in game.results if r.winner is not None
    )
    with pytest.raises(StorageError):
        GameMeta.from_extra({**hosted.to_extra(), "mode": "hotseat", "seat": 1})
    with pytest.raises(StorageError):
        GameMeta.from_extra({**hosted.to_extra(), "seat": 2})


def test_a_match_lost_by_forfeit_is_recorded_as_such_from_both_sides(tmp_path: Path) -> None:
    """Online, a match stopped because a player was away too long goes to the history
    unfinished, won by the other seat: the lists, the replay and the statistics (from the
    host's seat and from the joiner's) say so, a version-4 database gains the column, and
    a forfeit is refused where it cannot be."""
    conn = connect(tmp_path / DB_NAME)
    for version in (1, 2, 3, 4):
        MIGRATIONS[version](conn)
    conn.execute("PRAGMA user_version = 4")
    conn.close()
    match = Match(Rules(target=25, games=3), seed=5)
    play(match.game, 40)  # a few moves into the first game: nobody has won anything yet
    assert not match.is_over and not match.game.is_over
    store = Store(tmp_path)
    # Ben (seat 1) was away too long: Ann, the host in seat 0, wins by forfeit.
    hosted = GameMeta("online", ("Ann", "Ben"), "", "hosted", forfeit=1)
    store.finish_game(match, hosted)
    assert schema_version(store.db()) == SCHEMA_VERSION == 6
    joined = replace(hosted, id="joined", seat=1)
    store.finish_game(match, joined)
    first, second = store.history_page(1, 5)
    assert (first.winner, first.forfeit, first.meta.forfeit) == (0, 1, 1)
    assert (second.winner, second.forfeit, second.meta.seat) == (0, 1, 1)
    record = store.history_record(1)
    assert record is not None and record.meta == hosted
    assert record.winner == 0 and record.forfeit == 1 and not record.game.is_over
    sums = store.stats()
    assert sums == compute(store.history())
    host_side, joiner_side = sums["online: Ben"], sums["online: Ann"]
    # The game stopped counts as one game: won by the host, lost by the one away.
    assert (host_side.games, host_side.games_won, host_side.streak) == (1, 1, 1)
    assert (joiner_side.games, joiner_side.games_won, joiner_side.streak) == (1, 0, 0)
    # The same unfinished match without a forfeit is not a finished game.
    plain = GameMeta("online", ("Ann", "Ben"), "", "plain")
    with pytest.raises(StorageError):
        HistoryRecord.from_json(
            HistoryRecord(plain, "2025-01-01T10:00:00+00:00", match).to_json(), "x"
        )
    with pytest.raises(StorageError):
        GameMeta.from_extra({**hosted.to_extra(), "mode": "hotseat"})
    with pytest.raises(StorageError):
        GameMeta.from_extra({**hosted.to_extra(), "forfeit": 2})
    kept = HistoryRecord.from_json(record.to_json(), "x")
    assert kept.winner == 0 and kept.meta.forfeit == 1
    # A match stopped between two games: the forfeit counts as the next game, lost by the
    # seat that was away (Ann, the host, this time), after the game played to its end.
    between = Match(Rules(target=25, games=3), seed=6)
    play(between.game, 10_000)
    assert between.game.is_over and not between.is_over
    gone = GameMeta("online", ("Ann", "Cy"), "", "between", forfeit=0)
    store.finish_game(between, gone)
    against_cy = store.stats()["online: Cy"]
    assert against_cy.games == 2
    assert against_cy.games_won == int(between.game.winner == 0)
    assert store.stats() == compute(store.history())
    # The replay shows the match up to where it stopped (the round in play had no result).
    from ginrummy.app.model.steps import build_steps

    steps = build_steps(record)
    assert len(steps) == sum(len(r.actions) + 1 for r in match.game.rounds)


def test_a_history_record_that_cannot_be_replayed_is_set_aside_alone(tmp_path: Path) -> None:
    store = Store(tmp_path)
    for n in range(3):
        store.finish_game(POOL[n], _meta(n))
    store.db().execute("UPDATE history_saves SET save = '{\"broken' WHERE seq = 2")
    assert store.history_record(2) is None
    [problem] = store.take_problems()
    assert problem.set_aside and problem.file == HISTORY
    assert [r.meta.id for r in Store(tmp_path).history()] == ["g0", "g2"]
    assert store.stats() == compute(store.history())


# --- statistics from SQL --------------------------------------------------------------------------


@PROPS
@given(
    games=st.lists(
        st.tuples(st.integers(0, len(POOL) - 1), st.sampled_from(["simple", "expert", "hot-seat"])),
        max_size=25,
    )
)
def test_sql_statistics_equal_the_computed_ones(
    tmp_path_factory: pytest.TempPathFactory, games: list[tuple[int, str]]
) -> None:
    store = Store(tmp_path_factory.mktemp("stats"))
    for n, (pick, level) in enumerate(games):
        store.finish_game(POOL[pick], _meta(n, level))
    assert store.stats() == compute(store.history())
    assert [e.number for e in store.history_page(1, 100)] == list(range(1, len(games) + 1))


def test_a_match_counts_its_games(tmp_path: Path) -> None:
    from test_storage_properties import play_out

    from ginrummy.players import SimplePlayer

    match = Match(Rules(target=25, games=3), seed=9)
    play_out(match, (SimplePlayer(), SimplePlayer()))
    store = Store(tmp_path)
    store.finish_game(match, _meta(1, "expert"))
    store.finish_game(POOL[1], _meta(2, "expert"))
    assert store.stats() == compute(store.history())
    assert store.history_page(1, 1)[0].is_match


# --- slots ----------------------------------------------------------------------------------


def _unfinished(seed: int) -> Game:
    game = Game(Rules(), seed=seed)
    play(game, 5)
    return game


def test_one_saved_game_per_mode_and_opponent(tmp_path: Path) -> None:
    store = Store(tmp_path)
    metas = [
        _meta(1, "simple"),
        _meta(2, "expert"),
        _meta(3, "master"),
        GameMeta("hotseat", ("Ann", "Ben"), "", "h1"),
        GameMeta("hotseat", ("Cy", "Di"), "", "h2"),
    ]
    for n, meta in enumerate(metas):
        store.save_game(_unfinished(n), meta)
    assert {g.meta.id for g in store.saved_games()} == {m.id for m in metas}
    assert len({slot_of(m) for m in metas}) == 5
    # Finishing one and abandoning another leave the others as they were.
    store.finish_game(POOL[0], metas[1])
    store.abandon_game(metas[3])
    assert {g.meta.id for g in Store(tmp_path).saved_games()} == {"g1", "g3", "h2"}
    # A new game in a slot replaces only that slot's game.
    store.save_game(_unfinished(9), _meta(7, "simple"))
    assert {g.meta.id for g in Store(tmp_path).saved_games()} == {"g7", "g3", "h2"}


def test_the_same_hot_seat_pair_whatever_the_case_shares_a_slot() -> None:
    a = GameMeta("hotseat", ("Ann", "Ben"), "")
    assert slot_of(a) == slot_of(GameMeta("hotseat", ("ANN", "ben"), ""))
    assert slot_of(a) != slot_of(GameMeta("hotseat", ("Ben", "Ann"), ""))


# --- leases: a game open in one window ------------------------------------------------------------


def test_a_game_open_in_one_window_is_not_taken_by_the_other(tmp_path: Path) -> None:
    one, two = Store(tmp_path), Store(tmp_path)
    meta = _meta(1)
    one.save_game(_unfinished(1), meta)
    one.take_slot(meta)
    [seen] = two.saved_games()
    assert seen.open_elsewhere and seen.lease is not None and seen.lease.pid == os.getpid()
    with pytest.raises(SlotTaken):
        two.take_slot(meta)
    with pytest.raises(SlotTaken):
        two.save_game(_unfinished(2), meta)  # the other window's game is not overwritten
    assert one.saved_games()[0].game.round.actions == _unfinished(1).round.actions
    # The first window leaves: the slot is free.
    one.release_all()
    two.take_slot(meta)
    assert not Store(tmp_path).saved_games()[0].lease.ours  # type: ignore[union-attr]


def test_a_stale_or_dead_lease_can_be_taken_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    one, two = Store(tmp_path), Store(tmp_path)
    meta = _meta(1)
    one.save_game(_unfinished(1), meta)
    one.take_slot(meta)
    # A heartbeat older than the limit: the window is gone.
    now = time.time()
    monkeypatch.setattr(store_leases.time, "time", lambda: now + store_leases.LEASE_STALE + 1)
    assert not two.saved_games()[0].open_elsewhere
    two.take_slot(meta)  # taking it needs no force once it is stale
    monkeypatch.undo()
    # A dead process on this host: gone at once, heartbeat or not.
    one.db().execute("UPDATE leases SET holder = 'x', pid = ?", (2**22 + 12345,))
    assert not two.saved_games()[0].open_elsewhere
    # The heartbeat keeps a lease alive; leaving the table gives it up.
    two.take_slot(meta)
    two.heartbeat([slot_of(meta)])
    assert one.saved_games()[0].open_elsewhere
    two.heartbeat([])
    assert not one.saved_games()[0].open_elsewhere


# --- two windows, crashes: every finished game in the history exactly once ---------------------


OPS = st.lists(
    st.tuples(
        st.sampled_from(["save", "finish", "abandon", "crash"]),
        st.integers(0, 1),  # which window
        st.integers(0, 3),  # which game (slot: simple/expert; game ids per window)
    ),
    max_size=30,
)


@PROPS
@given(ops=OPS)
def test_two_windows_keep_every_finished_game_once(
    tmp_path_factory: pytest.TempPathFactory, ops: list[tuple[str, int, int]]
) -> None:
    root = tmp_path_factory.mktemp("windows")
    windows = [Store(root), Store(root)]
    finished: set[str] = set()
    for op, w, g in ops:
        level = ("simple", "expert", "master", "simple")[g]
        meta = GameMeta("computer", ("Ann", "Computer"), level, f"w{w}g{g}")
        store = windows[w]
        if op == "save":
            with contextlib.suppress(SlotTaken):
                store.save_game(_unfinished(g), meta)
        elif op == "finish":
            store.finish_game(POOL[g], meta)
            finished.add(meta.id)
        elif op == "abandon":
            store.abandon_game(meta)
        else:  # the window is killed mid-write: its transaction never commits
            conn = store.db()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("DELETE FROM history")
            conn.execute("DELETE FROM saves")
            store._conn = None  # dropped without commit (as kill -9 would)
            conn.close()
            windows[w] = Store(root)
    ids = [r.meta.id for r in Store(root).history()]
    assert sorted(ids) == sorted(finished) and len(ids) == len(set(ids))


# --- SQLite's errors come out as the store's own -----------------------------------------------


def test_a_database_busy_beyond_the_wait_is_the_stores_own_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_db, "BUSY_MS", 50)  # wait 50 ms, not 10 s, for the other writer
    store = Store(tmp_path)
    meta = _meta(1)
    store.save_game(_unfinished(1), meta)
    store.take_slot(meta)
    other = connect(tmp_path / DB_NAME)  # another program holds the write lock
    other.execute("BEGIN IMMEDIATE")
    writes = {
        "save_game": lambda: store.save_game(_unfinished(2), meta),
        "finish_game": lambda: store.finish_game(POOL[0], meta),
        "abandon_game": lambda: store.abandon_game(meta),
        "take_slot": lambda: store.take_slot(meta),
        "heartbeat": lambda: store.heartbeat([slot_of(meta)]),
        "save_settings": lambda: store.save_settings(Settings(name="Ann")),
    }
    try:
        for name, write in writes.items():
            with pytest.raises(DatabaseUnavailable) as info:
                write()
            exc = info.value
            assert not isinstance(exc, sqlite3.Error), name
            # The library's error, and an OSError as a file that cannot be written is.
            assert isinstance(exc, StorageError) and isinstance(exc, GinRummyError), name
            assert isinstance(exc, OSError), name
            assert exc.code == "database-unavailable", name
            assert exc.strerror == str(exc) == describe(exc) == "database is locked", name
            assert isinstance(exc.__cause__, sqlite3.OperationalError), name
        # Reading goes on meanwhile (WAL), and nothing was half written.
        assert store.history_count() == 0
        assert [g.meta.id for g in store.saved_games()] == [meta.id]
        store.close()  # letting go of the leases fails quietly: the lease goes stale
    finally:
        other.execute("ROLLBACK")
        other.close()
    # The other program is done: the same store works on.
    store.finish_game(POOL[0], meta)
    assert store.history_count() == 1 and store.saved_games() == []
    assert store.load_settings() == Settings()


def test_the_history_figures_are_bounded_by_the_schema(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.finish_game(POOL[0], _meta(1))
    for value in ("9" * 5000, 10**12, -1, 1.5):
        with pytest.raises(sqlite3.IntegrityError):
            store.db().execute("UPDATE history SET points = ?", (value,))
    assert store.stats() == compute(store.history())


def test_the_whole_list_pages_along_the_index(tmp_path: Path) -> None:
    store = Store(tmp_path)
    for n in range(7):
        store.finish_game(POOL[n % len(POOL)], _meta(n))
    every = list(store.history_entries(1, page=3))
    assert [e.number for e in every] == list(range(1, 8))
    assert [e.meta.id for e in every] == [f"g{n}" for n in range(7)]
    assert [e.number for e in store.history_entries(5, page=2)] == [5, 6, 7]
    assert store.history_page(6, 5) == every[5:]


@pytest.mark.parametrize("undo", [[], [0], [2, 1], [1, 1], ["1"], 1, [True]])
def test_a_save_with_a_bad_undo_mark_is_refused(undo: object) -> None:
    extra = {**_meta(1).to_extra(), "undo": undo}
    with pytest.raises(StorageError, match="'undo'"):
        GameMeta.from_extra(extra)
    assert GameMeta.from_extra({**extra, "undo": [1, 3]}).undo == (1, 3)
    assert "undo" not in _meta(1).to_extra()
