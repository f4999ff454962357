"""Properties: save -> restore -> continue is the same game; mutated files never crash loading."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy.core import Game, Match, Rules
from ginrummy.core.actions import Action
from ginrummy.core.round import PlayerView
from ginrummy.core.save import to_dict
from ginrummy.players import ExpertPlayer, SimplePlayer
from ginrummy.store import AUTOSAVE, HISTORY, SETTINGS, GameMeta, Settings, Store
from ginrummy.text.problems import problem_line

META = GameMeta("computer", ("Ann", "Computer"), "simple", "abc123", "2025-01-01T10:00:00+00:00")
PROPS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def step(game: Game | Match, bots: tuple[Any, Any]) -> bool:
    """One step of play: an action, or dealing the next round/game. False when it is over."""
    if game.is_over:
        return False
    current = game.game if isinstance(game, Match) else game
    rnd = current.round
    if rnd.is_over:
        if isinstance(game, Match) and current.is_over:
            game.next_game()
        else:
            current.next_round()
        return True
    game.apply(bots[rnd.to_act].choose(rnd.view(rnd.to_act)))
    return True


def play_out(game: Game | Match, bots: tuple[Any, Any], limit: int = 20_000) -> None:
    for _ in range(limit):
        if not step(game, bots):
            return
    raise AssertionError("the game did not end")


@PROPS
@given(
    seed=st.integers(0, 10_000),
    stop=st.integers(0, 400),
    preset=st.sampled_from(["Standard", "Oklahoma", "Straight gin", "Tournament"]),
)
def test_save_restore_continue_is_the_same_game(
    tmp_path_factory: Any, seed: int, stop: int, preset: str
) -> None:
    rules = Rules.preset(preset)
    rules = rules.with_(target=min(rules.target, 60))
    if rules.is_match:
        rules = rules.with_(games=3)
    make = (lambda: Match(rules, seed=seed)) if rules.is_match else (lambda: Game(rules, seed=seed))
    bots = (SimplePlayer(), SimplePlayer())
    straight = make()
    play_out(straight, bots)
    stopped = make()
    for _ in range(stop):
        if not step(stopped, bots):
            break
    if stopped.is_over:
        return
    store = Store(tmp_path_factory.mktemp("save"))
    store.save_game(stopped, META)
    loaded = store.load_game()
    assert loaded is not None and store.problems == []
    restored, meta = loaded
    assert meta == META

    # The same position: hands, piles, turn, scores.
    def current(obj: Game | Match) -> Game:
        return obj.game if isinstance(obj, Match) else obj

    rnd, orig = current(restored).round, current(stopped).round
    assert (rnd.hand(0), rnd.hand(1)) == (orig.hand(0), orig.hand(1))
    assert rnd.discard_pile == orig.discard_pile and rnd.stock_size == orig.stock_size
    assert rnd.phase is orig.phase and (rnd.is_over or rnd.to_act == orig.to_act)
    # Fresh bots continue from the restored views exactly as if nobody had stopped.
    play_out(restored, (SimplePlayer(), SimplePlayer()))
    assert to_dict(restored) == to_dict(straight)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 1000), stop=st.integers(0, 60))
def test_the_expert_continues_identically_after_a_restore(seed: int, stop: int) -> None:
    """Within a round the expert keeps nothing it could not read again from its view: a
    fresh one after a restore plays the same. (Across rounds it learns the opponent's
    knocking from the scores at its first move of the next round, which a restore between
    rounds starts afresh; so does a restore after its last move of a round, when the
    opponent ends the round before it moves again: then only that round must match.)"""
    rules = Rules(target=30)
    bots = (SimplePlayer(), ExpertPlayer(seed))
    straight = Game(rules, seed=seed)
    stopped = Game(rules, seed=seed)
    for _ in range(stop):
        if stopped.round.is_over:
            break  # the first round: what the expert learned from it would be lost
        step(stopped, bots)
    from ginrummy.core.save import from_dict

    restored, _ = from_dict(to_dict(stopped))
    first = restored.round.number
    moves: list[int] = []

    class Fresh(ExpertPlayer):
        def choose(self, view: PlayerView) -> Action:
            moves.append(view.round_number)
            return super().choose(view)

    play_out(straight, bots)
    play_out(restored, (SimplePlayer(), Fresh(seed)))
    ours, theirs = to_dict(restored), to_dict(straight)
    assert ours["games"][0]["rounds"][0] == theirs["games"][0]["rounds"][0]
    if first in moves:
        assert ours == theirs


# --- hostile files ------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


def _set(node: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    if not path:
        return value
    parent = node
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return node


@st.composite
def mutated(draw: st.DrawFn, text: str) -> bytes:
    """A valid file's text, damaged: truncated, bytes flipped, or a JSON value replaced."""
    how = draw(st.sampled_from(["truncate", "flip", "value", "delete"]))
    raw = text.encode("utf-8")
    if how == "truncate":
        return raw[: draw(st.integers(0, len(raw) - 1))]
    if how == "flip":
        data = bytearray(raw)
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(0, len(data) - 1))
            data[i] = draw(st.integers(0, 255))
        return bytes(data)
    doc = json.loads(text)
    paths = _paths(doc)
    path = draw(st.sampled_from(paths[1:] if how == "delete" else paths))
    value = draw(JSON_VALUES)
    return json.dumps(_set(doc, path, value, how == "delete")).encode("utf-8")


def _game_text() -> str:
    game = Game(Rules(target=100), seed=4)
    bots = (SimplePlayer(), SimplePlayer())
    for _ in range(60):
        step(game, bots)
    assert not game.is_over
    return json.dumps(to_dict(game, META.to_extra()))


def _history_text() -> str:
    store = Store(Path("/nonexistent-never-written"))
    game = Game(Rules(target=30), seed=9)
    play_out(game, (SimplePlayer(), SimplePlayer()))
    from ginrummy.store import HistoryRecord

    record = HistoryRecord(META, "2025-01-02T10:00:00+00:00", game)
    del store
    return json.dumps({"format": "ginrummy-history", "version": 1, "games": [record.to_json()]})


GAME_TEXT = _game_text()
HISTORY_TEXT = _history_text()
# A settings file of the JSON era, which held the last game's level among the settings.
SETTINGS_TEXT = json.dumps({**Settings(name="Ann").to_json(), "level": "expert"})
MUTATIONS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _fresh(tmp_path_factory: Any, name: str, content: bytes) -> tuple[Store, Path]:
    root = tmp_path_factory.mktemp("hostile")
    (root / name).write_bytes(content)
    (root / "other.txt").write_text("keep me")
    return Store(root), root


def _refused_cleanly(store: Store, root: Path, name: str, *, at_least: int = 1) -> None:
    """The old file was imported: what could not be used is set aside in the database (one
    problem a record, one clear line each), the file is kept as a backup, nothing else
    touched."""
    problems = store.take_problems()
    assert len(problems) >= at_least
    assert all(p.set_aside and p.file == name for p in problems)
    assert all("\n" not in problem_line(p) for p in problems)
    assert len(store.quarantined()) == len(problems)
    _imported(root, name)


def _imported(root: Path, name: str) -> None:
    assert not (root / name).exists()
    assert [p.name for p in root.glob(f"{name}.imported-*")]
    assert (root / "other.txt").read_text() == "keep me"


@MUTATIONS
@given(data=st.data())
def test_mutated_saves_give_a_game_or_a_clear_refusal(tmp_path_factory: Any, data: Any) -> None:
    store, root = _fresh(tmp_path_factory, AUTOSAVE, data.draw(mutated(GAME_TEXT)))
    loaded = store.load_game()
    if loaded is None and not store.problems:
        # A mutation that still makes a valid but finished game: it went to the history.
        assert len(store.history()) == 1
        _imported(root, AUTOSAVE)
    elif loaded is None:
        _refused_cleanly(store, root, AUTOSAVE)
    else:
        game, meta = loaded
        assert store.problems == [] and not game.is_over
        assert isinstance(meta, GameMeta)
        _imported(root, AUTOSAVE)


@MUTATIONS
@given(data=st.data())
def test_mutated_histories_never_crash(tmp_path_factory: Any, data: Any) -> None:
    store, root = _fresh(tmp_path_factory, HISTORY, data.draw(mutated(HISTORY_TEXT)))
    history = store.history()
    if store.problems:
        assert history == []  # the one game in it was set aside (or the whole file)
        _refused_cleanly(store, root, HISTORY)
    else:  # still a valid history (a mutation may leave it valid but empty: "games": [])
        assert len(history) <= 1
        _imported(root, HISTORY)


@MUTATIONS
@given(data=st.data())
def test_mutated_settings_never_crash(tmp_path_factory: Any, data: Any) -> None:
    store, root = _fresh(tmp_path_factory, SETTINGS, data.draw(mutated(SETTINGS_TEXT)))
    loaded = store.load_settings()
    if store.problems:
        assert loaded == Settings()
        _refused_cleanly(store, root, SETTINGS)
    else:
        _imported(root, SETTINGS)


@MUTATIONS
@given(data=st.data())
def test_mutated_records_in_the_database_are_set_aside_alone(
    tmp_path_factory: Any, data: Any
) -> None:
    """The same hostile content written straight into the database's rows: the bad record
    is set aside with its raw text; the other records stay."""
    root = tmp_path_factory.mktemp("hostile-db")
    store = Store(root)
    keep = Game(Rules(target=30), seed=9)
    play_out(keep, (SimplePlayer(), SimplePlayer()))
    store.finish_game(keep, GameMeta("hotseat", ("A", "B"), ""))
    store.save_settings(Settings(name="Ann"))
    kind = data.draw(st.sampled_from(["save", "settings"]))
    raw = data.draw(mutated(GAME_TEXT if kind == "save" else SETTINGS_TEXT))
    text = raw.decode("utf-8", errors="replace")
    conn = store.db()
    if kind == "save":
        conn.execute(
            "INSERT INTO saves (slot, id, updated, save) VALUES ('computer/simple', 'x', '', ?)",
            (text,),
        )
        games = store.saved_games()
        assert len(games) <= 1
        assert len(store.history()) in (1, 2)
    else:
        conn.execute("UPDATE settings SET data = ?", (text,))
        store.load_settings()
    problems = store.take_problems()
    assert len(problems) <= 1
    if problems:
        assert problems[0].set_aside and "\n" not in problem_line(problems[0])
        assert store.quarantined()[0][2] == text
    assert store.history()[0].meta.names == ("A", "B")
