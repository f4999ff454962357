"""The data directory: atomic writes, strict loading, bad files moved aside, the history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ginrummy.core import Game, Match, Rules
from ginrummy.core.save import to_dict
from ginrummy.players import SimplePlayer
from ginrummy.store import (
    AUTOSAVE,
    DB_NAME,
    HISTORY,
    SETTINGS,
    GameMeta,
    HistoryRecord,
    LastGame,
    Settings,
    StorageError,
    Store,
    data_dir,
)
from ginrummy.text.problems import problem_line

META = GameMeta("computer", ("Ann", "Computer"), "simple", "abc123", "2025-01-01T10:00:00+00:00")


def play(game: Game | Match, moves: int) -> None:
    """Play up to ``moves`` actions with simple bots (dealing new rounds as needed)."""
    bot = SimplePlayer()
    for _ in range(moves):
        if game.is_over:
            return
        rnd = game.round
        if rnd.is_over:
            if isinstance(game, Match) and game.game.is_over:
                game.next_game()
            else:
                (game.game if isinstance(game, Match) else game).next_round()
            continue
        game.apply(bot.choose(rnd.view(rnd.to_act)))


def finished_game(seed: int, target: int = 40) -> Game:
    game = Game(Rules(target=target), seed=seed)
    play(game, 10_000)
    assert game.is_over
    return game


def test_data_dir_follows_the_environment(isolated_data_dir: Path) -> None:
    assert data_dir() == isolated_data_dir
    assert Store().root == isolated_data_dir


def set_raw(store: Store, sql: str, *args: object) -> None:
    """Write into the database as a damaged or hostile file would have it."""
    store.db().execute(sql, args)


def test_autosave_round_trip_in_one_database_file(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = Game(Rules(), seed=3)
    play(game, 7)
    store.save_game(game, META)
    assert {p.name for p in tmp_path.iterdir()} <= {DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-shm"}
    loaded = store.load_game()
    assert loaded is not None
    obj, meta = loaded
    assert meta == META
    assert isinstance(obj, Game)
    assert obj.round.actions == game.round.actions
    assert obj.round.hand(0) == game.round.hand(0) and obj.scores == game.scores
    assert store.problems == []


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ('{"format": "ginrummy-save", "ver', "not valid JSON"),
        ("", "not valid JSON"),
        ("\\xff\\xfe", "not valid JSON"),
        ('{"format": "ginrummy-save", "version": 99}', "version 99"),
        ("[1, 2, 3]", "JSON object"),
    ],
)
def test_a_bad_autosave_is_refused_and_set_aside(tmp_path: Path, content: str, reason: str) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    store = Store(tmp_path)
    other = Game(Rules(), seed=8)
    play(other, 3)
    store.save_game(other, GameMeta("computer", ("Ann", "Computer"), "expert"))
    set_raw(store, "INSERT INTO saves VALUES ('computer/simple', 'abc123', '', ?)", content)
    [left] = store.saved_games()  # the other slot's game is untouched
    assert left.meta.level == "expert"
    [problem] = store.take_problems()
    assert reason in problem.reason and problem.set_aside
    assert store.quarantined() == [(AUTOSAVE, problem.reason, content)]
    assert (tmp_path / "keep.txt").read_text() == "mine"
    assert problem_line(problem).startswith("A saved game could not be read (")
    # The next start is clean.
    fresh = Store(tmp_path)
    assert len(fresh.saved_games()) == 1 and not fresh.take_problems()


def test_impossible_content_is_refused(tmp_path: Path) -> None:
    game = Game(Rules(), seed=5)
    play(game, 5)
    data = to_dict(game, META.to_extra())
    store = Store(tmp_path)

    def write(bad: object) -> None:
        set_raw(
            store,
            "INSERT OR REPLACE INTO saves VALUES ('computer/simple', 'abc123', '', ?)",
            json.dumps(bad),
        )

    # A duplicate card in the deck.
    bad = json.loads(json.dumps(data))
    deck = bad["games"][0]["rounds"][0]["deck"].split()
    deck[1] = deck[0]
    bad["games"][0]["rounds"][0]["deck"] = " ".join(deck)
    write(bad)
    assert store.load_game() is None
    assert deck[0] in store.take_problems()[0].reason
    # 53 cards.
    bad = json.loads(json.dumps(data))
    bad["games"][0]["rounds"][0]["deck"] += " AS"
    write(bad)
    assert store.load_game() is None
    assert store.take_problems()
    # A score that does not add up.
    bad = json.loads(json.dumps(data))
    bad["games"][0]["scores"] = [50, 0]
    write(bad)
    assert store.load_game() is None
    assert "do not add up" in store.take_problems()[0].reason
    # Strict app details: an unknown field, a bad name, an unknown level.
    for key, value in (("extra_field", 1), ("names", ["Ann", "Ann"]), ("level", "godlike")):
        bad = json.loads(json.dumps(data))
        bad["extra"][key] = value
        write(bad)
        assert store.load_game() is None
        assert store.take_problems(), key


def test_a_finished_game_goes_to_the_history_once(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = finished_game(11)
    store.save_game(game, META)
    record = store.finish_game(game, META)
    assert store.load_game() is None
    store.finish_game(game, META)  # twice: still one record
    history = Store(tmp_path).history()
    assert len(history) == 1
    assert history[0].meta == META and history[0].winner == game.winner
    [entry] = Store(tmp_path).history_page(1, 10)
    assert entry.meta.names == ("Ann", "Computer") and entry.meta.mode == "computer"
    assert entry.finished == record.finished and entry.round_count == record.round_count
    assert entry.score == record.score and entry.number == 1


def test_a_finished_game_left_in_the_autosave_is_recorded(tmp_path: Path) -> None:
    store = Store(tmp_path)
    set_raw(
        store,
        "INSERT INTO saves VALUES ('computer/simple', 'abc123', '', ?)",
        json.dumps(to_dict(finished_game(12), META.to_extra())),
    )
    assert store.load_game() is None
    assert store.saved_games() == []
    assert len(Store(tmp_path).history()) == 1


def test_an_old_history_whose_summary_lies_loses_that_game_only(tmp_path: Path) -> None:
    games = []
    for n, seed in enumerate((13, 15, 16)):
        meta = GameMeta("computer", ("Ann", "Computer"), "simple", f"g{n}", META.started)
        games.append(HistoryRecord(meta, META.started, finished_game(seed)).to_json())
    games[1]["rounds"][0]["points"] += 1
    (tmp_path / HISTORY).write_text(
        json.dumps({"format": "ginrummy-history", "version": 1, "games": games})
    )
    fresh = Store(tmp_path)
    assert [r.meta.id for r in fresh.history()] == ["g0", "g2"]
    [problem] = fresh.take_problems()
    assert "game 2: 'rounds' does not match the moves" in problem.reason
    assert json.loads(fresh.quarantined()[0][2]) == games[1]  # kept, raw
    # Recording the next game goes on from there.
    fresh.finish_game(finished_game(14), GameMeta("hotseat", ("A", "B"), ""))
    assert len(Store(tmp_path).history()) == 3


def test_settings_round_trip_and_refusals(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    chosen = Settings(name="Ann", pace=0.2, four_colour=True)
    store.save_settings(chosen)
    assert Store(tmp_path).load_settings() == chosen
    for bad in ({"pace": -1}, {"ascii": "yes"}, {"colour": "red"}, {"version": 2}):
        data = {**chosen.to_json(), **bad}
        write_settings(store, data)
        fresh = Store(tmp_path)
        assert fresh.load_settings() == Settings()
        assert fresh.take_problems(), bad


def write_settings(store: Store, data: object, key: str = "settings") -> None:
    set_raw(store, "INSERT OR REPLACE INTO settings VALUES (?, ?)", key, json.dumps(data))


def test_the_last_game_is_kept_apart_from_the_settings(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.load_last_game() == LastGame()
    chosen = LastGame("hotseat", "expert", Rules.preset("oklahoma"))
    store.save_last_game(chosen)
    store.save_settings(Settings(name="Ann"))
    fresh = Store(tmp_path)
    assert fresh.load_last_game() == chosen
    assert fresh.load_settings() == Settings(name="Ann")
    assert "level" not in Settings(name="Ann").to_json()  # the settings hold only theirs
    for bad in ({"level": "godlike"}, {"opponent": "dog"}, {"colour": 1}, {"version": 2}):
        write_settings(store, {**chosen.to_json(), **bad}, key="last-game")
        fresh = Store(tmp_path)
        assert fresh.load_last_game() == LastGame()
        assert fresh.take_problems(), bad
        assert fresh.load_settings() == Settings(name="Ann")  # the settings untouched


def test_settings_of_an_earlier_version_give_the_last_game(tmp_path: Path) -> None:
    """Settings written before the last game was kept apart held its choices: they are
    read once as the last game's, and do not make the settings refused."""
    store = Store(tmp_path)
    old = {**Settings(name="Ann").to_json(), "opponent": "hotseat", "level": "expert"}
    old["rules"] = Rules.preset("oklahoma").to_dict()
    write_settings(store, old)
    fresh = Store(tmp_path)
    assert fresh.load_settings() == Settings(name="Ann")
    assert fresh.load_last_game() == LastGame("hotseat", "expert", Rules.preset("oklahoma"))
    write_settings(store, {**old, "level": "godlike"})  # not right: the defaults, no fuss
    assert Store(tmp_path).load_last_game() == LastGame()


def test_write_is_atomic_when_interrupted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path)
    store.write_text("f.json", "old")

    def boom(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("os.fsync", boom)
    with pytest.raises(OSError):
        store.write_text("f.json", "new")
    assert (tmp_path / "f.json").read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_storage_error_is_the_librarys_error_and_says_its_line_as_it_is() -> None:
    from ginrummy.core import GinRummyError
    from ginrummy.text.errors import describe

    assert issubclass(StorageError, GinRummyError) and issubclass(StorageError, ValueError)
    # The line is worded already: braces in it (a field named "{") are not a template.
    exc = StorageError("settings: unknown field '{', '}x{y}'")
    assert str(exc) == describe(exc) == "settings: unknown field '{', '}x{y}'"
    assert exc.code == "unusable"


def test_settings_keep_the_second_name_and_old_files_without_it_still_load(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path)
    store.save_settings(Settings(name="Ann", name2="Ben"))
    assert Store(tmp_path).load_settings().name2 == "Ben"
    old = Settings(name="Ann").to_json()
    del old["name2"]  # a file written before the field existed
    write_settings(store, old)
    fresh = Store(tmp_path)
    assert fresh.load_settings() == Settings(name="Ann")
    assert not fresh.take_problems()
    write_settings(store, {**old, "name2": " bad "})
    fresh = Store(tmp_path)
    assert fresh.load_settings() == Settings()
    assert fresh.take_problems()


def test_the_language_defaults_to_the_environment() -> None:
    assert Settings().language == ""
    assert Settings().to_json()["lang"] == ""


@pytest.mark.parametrize("code", ["", "en", "pl", "da", "hu", "es", "fi"])
def test_a_known_language_or_none_round_trips(tmp_path: Path, code: str) -> None:
    store = Store(tmp_path)
    store.save_settings(Settings(name="Ann", language=code))
    fresh = Store(tmp_path)
    assert fresh.load_settings() == Settings(name="Ann", language=code)
    assert not fresh.take_problems()


@pytest.mark.parametrize("bad", ["xx", "klingon", "PL", "pl_PL", 7, None, ["pl"]])
def test_an_unknown_language_follows_the_environment_and_keeps_the_file(
    tmp_path: Path, bad: object
) -> None:
    store = Store(tmp_path)
    chosen = Settings(name="Ann", pace=0.2)
    write_settings(store, {**chosen.to_json(), "lang": bad})
    fresh = Store(tmp_path)
    assert fresh.load_settings() == chosen  # everything else kept, language ""
    assert not fresh.take_problems()


def test_a_file_without_a_language_loads(tmp_path: Path) -> None:
    store = Store(tmp_path)
    old = Settings(name="Ann").to_json()
    del old["lang"]
    write_settings(store, old)
    fresh = Store(tmp_path)
    assert fresh.load_settings() == Settings(name="Ann")
    assert not fresh.take_problems()


@pytest.mark.parametrize("code", ["", "pl"])
def test_the_old_language_field_is_ignored(tmp_path: Path, code: str) -> None:
    # Settings written before the game spoke other languages all say "language": "en",
    # a default nobody chose: it must not force English over the player's environment.
    store = Store(tmp_path)
    new = Settings(name="Ann", language=code).to_json()
    write_settings(store, {**new, "language": "en"})
    fresh = Store(tmp_path)
    assert fresh.load_settings() == Settings(name="Ann", language=code)
    assert not fresh.take_problems()


def test_problem_messages_name_the_file_and_the_reason(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_text("{not json", encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    (problem,) = store.take_problems()
    text = problem_line(problem)
    assert text.startswith("The settings could not be read (not valid JSON: ")
    assert text.endswith("; it was set aside and everything else is kept.")
    assert store.quarantined() == [(SETTINGS, problem.reason, "{not json")]
    assert [p.name.startswith(f"{SETTINGS}.imported-") for p in tmp_path.glob("settings*")] == [
        True
    ]


def test_a_core_error_inside_a_file_is_said_in_the_players_language() -> None:
    from ginrummy.store import StorageError
    from ginrummy.store.settings import LAST_GAME_FORMAT
    from ginrummy.text import i18n

    i18n.set_language("pl")
    data = {"format": LAST_GAME_FORMAT, "version": 1, "rules": {"games": 2}}
    with pytest.raises(StorageError) as info:
        LastGame.from_json(data)
    assert "games" in str(info.value)
    assert "must be an odd number" not in str(info.value)
