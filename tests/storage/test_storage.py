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
    HISTORY,
    SETTINGS,
    GameMeta,
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


def test_autosave_round_trip_and_no_temp_files_left(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = Game(Rules(), seed=3)
    play(game, 7)
    store.save_game(game, META)
    assert [p.name for p in tmp_path.iterdir()] == [AUTOSAVE]
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
        ("", "empty"),
        ("\\xff\\xfe", "not valid JSON"),
        ('{"format": "ginrummy-save", "version": 99}', "version 99"),
        ("[1, 2, 3]", "JSON object"),
    ],
)
def test_a_bad_autosave_is_refused_and_moved_aside(
    tmp_path: Path, content: str, reason: str
) -> None:
    (tmp_path / AUTOSAVE).write_text(content, encoding="utf-8")
    (tmp_path / "keep.txt").write_text("mine")
    store = Store(tmp_path)
    assert store.load_game() is None
    [problem] = store.take_problems()
    assert reason in problem.reason
    assert problem.moved_to is not None and problem.moved_to.exists()
    assert problem.moved_to.name.startswith(f"{AUTOSAVE}.corrupt-")
    assert not (tmp_path / AUTOSAVE).exists()
    assert (tmp_path / "keep.txt").read_text() == "mine"
    assert "saved game could not be read" in problem_line(problem)
    # The next start is clean.
    assert Store(tmp_path).load_game() is None


def test_impossible_content_is_refused(tmp_path: Path) -> None:
    game = Game(Rules(), seed=5)
    play(game, 5)
    data = to_dict(game, META.to_extra())
    store = Store(tmp_path)
    # A duplicate card in the deck.
    bad = json.loads(json.dumps(data))
    deck = bad["games"][0]["rounds"][0]["deck"].split()
    deck[1] = deck[0]
    bad["games"][0]["rounds"][0]["deck"] = " ".join(deck)
    store.write_json(AUTOSAVE, bad)
    assert store.load_game() is None
    assert deck[0] in store.take_problems()[0].reason
    # 53 cards.
    bad = json.loads(json.dumps(data))
    bad["games"][0]["rounds"][0]["deck"] += " AS"
    store.write_json(AUTOSAVE, bad)
    assert store.load_game() is None
    assert store.take_problems()
    # A score that does not add up.
    bad = json.loads(json.dumps(data))
    bad["games"][0]["scores"] = [50, 0]
    store.write_json(AUTOSAVE, bad)
    assert store.load_game() is None
    assert "do not add up" in store.take_problems()[0].reason
    # Strict app details: an unknown field, a bad name, an unknown level.
    for key, value in (("extra_field", 1), ("names", ["Ann", "Ann"]), ("level", "godlike")):
        bad = json.loads(json.dumps(data))
        bad["extra"][key] = value
        store.write_json(AUTOSAVE, bad)
        assert store.load_game() is None
        assert store.take_problems(), key


def test_a_finished_game_goes_to_the_history_once(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = finished_game(11)
    record = store.finish_game(game, META)
    assert not (tmp_path / AUTOSAVE).exists()
    store.finish_game(game, META)  # twice: still one record
    history = Store(tmp_path).history()
    assert len(history) == 1
    assert history[0].meta == META and history[0].winner == game.winner
    data = json.loads((tmp_path / HISTORY).read_text())
    rec = data["games"][0]
    assert rec["players"] == ["Ann", "Computer"] and rec["mode"] == "computer"
    assert rec["rounds"] and {"kind", "winner", "points", "totals"} <= rec["rounds"][0].keys()
    assert record.finished == rec["date"]


def test_a_finished_game_left_in_the_autosave_is_recorded(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_game(finished_game(12), META)
    assert store.load_game() is None
    assert not (tmp_path / AUTOSAVE).exists()
    assert len(Store(tmp_path).history()) == 1


def test_a_history_whose_summary_lies_is_refused(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.finish_game(finished_game(13), META)
    data = json.loads((tmp_path / HISTORY).read_text())
    data["games"][0]["rounds"][0]["points"] += 1
    (tmp_path / HISTORY).write_text(json.dumps(data))
    fresh = Store(tmp_path)
    assert fresh.history() == []
    [problem] = fresh.take_problems()
    assert "does not match the moves" in problem.reason
    # Recording the next game starts a new, clean history.
    fresh.finish_game(finished_game(14), GameMeta("hotseat", ("A", "B"), ""))
    assert len(Store(tmp_path).history()) == 1


def test_settings_round_trip_and_refusals(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    chosen = Settings(name="Ann", level="expert", rules=Rules.preset("oklahoma"), pace=0.2)
    store.save_settings(chosen)
    assert Store(tmp_path).load_settings() == chosen
    for bad in ({"pace": -1}, {"ascii": "yes"}, {"colour": "red"}, {"version": 2}):
        data = {**chosen.to_json(), **bad}
        store.write_json(SETTINGS, data)
        fresh = Store(tmp_path)
        assert fresh.load_settings() == Settings()
        assert fresh.take_problems(), bad


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


def test_storage_error_is_a_value_error() -> None:
    assert issubclass(StorageError, ValueError)


def test_settings_keep_the_second_name_and_old_files_without_it_still_load(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path)
    store.save_settings(Settings(name="Ann", name2="Ben"))
    assert Store(tmp_path).load_settings().name2 == "Ben"
    old = Settings(name="Ann").to_json()
    del old["name2"]  # a file written before the field existed
    store.write_json(SETTINGS, old)
    fresh = Store(tmp_path)
    assert fresh.load_settings() == Settings(name="Ann")
    assert not fresh.take_problems()
    store.write_json(SETTINGS, {**old, "name2": " bad "})
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
    chosen = Settings(name="Ann", level="expert", pace=0.2)
    store.write_json(SETTINGS, {**chosen.to_json(), "lang": bad})
    fresh = Store(tmp_path)
    assert fresh.load_settings() == chosen  # everything else kept, language ""
    assert not fresh.take_problems()
    assert (tmp_path / SETTINGS).exists()


def test_a_file_without_a_language_loads(tmp_path: Path) -> None:
    store = Store(tmp_path)
    old = Settings(name="Ann").to_json()
    del old["lang"]
    store.write_json(SETTINGS, old)
    fresh = Store(tmp_path)
    assert fresh.load_settings() == Settings(name="Ann")
    assert not fresh.take_problems()


@pytest.mark.parametrize("code", ["", "pl"])
def test_the_old_language_field_is_ignored(tmp_path: Path, code: str) -> None:
    # Settings written before the game spoke other languages all say "language": "en",
    # a default nobody chose: it must not force English over the player's environment.
    store = Store(tmp_path)
    new = Settings(name="Ann", language=code).to_json()
    store.write_json(SETTINGS, {**new, "language": "en"})
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
    assert problem.moved_to is not None
    assert text.endswith(f"; it was moved aside as {problem.moved_to.name}.")
