"""What the game keeps between sessions: the autosave, the history of finished games, settings.

Everything lives in one data directory: ``$GINRUMMY_DATA_DIR`` if set, else the user data
directory that platformdirs names. Every write is atomic (a temporary file in the same
folder, flushed and fsynced, then ``os.replace``), so a crash or ``kill -9`` at any moment
leaves the old file or the new one, never half of one.

A file that cannot be used (truncated, not JSON, an unknown version, impossible content)
is refused with one clear line, moved aside as ``NAME.corrupt-TIMESTAMP`` and treated as
absent; nothing else in the directory is touched. The refusals are collected in
`Store.problems` for the app or the command line to show.

No UI here: the app and ``ginrummy stats`` / ``ginrummy replay`` share this module.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import tempfile
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .core import Game, Match, Rules, RulesError
from .core.save import SaveError, from_dict, to_dict

__all__ = [
    "APP_TAG",
    "AUTOSAVE",
    "ENV_DATA_DIR",
    "HISTORY",
    "MAX_NAME",
    "SETTINGS",
    "GameMeta",
    "HistoryRecord",
    "Problem",
    "Settings",
    "StorageError",
    "Store",
    "data_dir",
]

ENV_DATA_DIR = "GINRUMMY_DATA_DIR"
AUTOSAVE = "autosave.json"
HISTORY = "history.json"
SETTINGS = "settings.json"
HISTORY_FORMAT = "ginrummy-history"
SETTINGS_FORMAT = "ginrummy-settings"
VERSION = 1
#: The tag in a save's ``extra`` that says the app wrote it (and which layout it has).
APP_TAG = "ginrummy-app/1"
MAX_NAME = 16
#: Larger files are refused unread (a history of many thousand games stays far below).
MAX_BYTES = 64 * 1024 * 1024
MODES = ("computer", "hotseat")
#: Pace of the computer's moves: seconds each move stays on screen.
MAX_PACE = 5.0


#: What `Store.read_json` returns for a file that does not exist (JSON ``null`` is a defect).
MISSING: Any = object()


class StorageError(ValueError):
    """A file in the data directory cannot be used; the message says why in one line."""


def data_dir() -> Path:
    """Where the files live: ``$GINRUMMY_DATA_DIR``, else the platform's user data dir."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("ginrummy", appauthor=False))


def now_iso() -> str:
    """The time now, for records: ISO 8601 in UTC to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise StorageError(message)


def _exact_keys(data: dict[str, Any], required: Iterable[str], where: str) -> None:
    required = set(required)
    missing = sorted(required - data.keys())
    unknown = sorted(data.keys() - required)
    _need(not missing, f"{where}: missing {', '.join(missing)}")
    _need(not unknown, f"{where}: unknown field {', '.join(map(repr, unknown))}")


def check_name(value: Any, what: str = "name") -> str:
    """A player's name as the app shows it: 1 to 16 printable characters."""
    _need(isinstance(value, str), f"{what} must be text")
    _need(0 < len(value) <= MAX_NAME, f"{what} must have 1 to {MAX_NAME} characters")
    _need(value.isprintable() and value.strip() == value, f"{what} {value!r} cannot be shown")
    return str(value)


def _levels() -> tuple[str, ...]:
    from .players import PLAYERS

    return tuple(PLAYERS)


# --- the metadata the app keeps in a save ---------------------------------------------


@dataclass(frozen=True)
class GameMeta:
    """Who plays a saved game and how: kept in the core save's ``extra``."""

    mode: str
    names: tuple[str, str]
    #: The computer's level (the bot's name); "" in hot-seat.
    level: str
    #: A fresh id per game, so a finished game is recorded in the history only once.
    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    started: str = field(default_factory=now_iso)

    def to_extra(self) -> dict[str, Any]:
        return {
            "app": APP_TAG,
            "mode": self.mode,
            "names": list(self.names),
            "level": self.level,
            "id": self.id,
            "started": self.started,
        }

    @classmethod
    def from_extra(cls, extra: Any) -> GameMeta:
        """Validate strictly: exactly these fields, each of the right kind."""
        _need(isinstance(extra, dict), "the app's details must be an object")
        _exact_keys(extra, ("app", "mode", "names", "level", "id", "started"), "app details")
        _need(extra["app"] == APP_TAG, f"written by an unknown program ({extra['app']!r})")
        mode = extra["mode"]
        _need(mode in MODES, f"unknown mode {mode!r}")
        names = extra["names"]
        _need(isinstance(names, list) and len(names) == 2, "names must be a list of two names")
        a, b = (check_name(n) for n in names)
        _need(a.casefold() != b.casefold(), "the two names must differ")
        level = extra["level"]
        if mode == "computer":
            _need(level in _levels(), f"unknown computer level {level!r}")
        else:
            _need(level == "", "a hot-seat game has no computer level")
        game_id = extra["id"]
        _need(
            isinstance(game_id, str) and 0 < len(game_id) <= 64 and game_id.isalnum(),
            "the game id must be 1 to 64 letters and digits",
        )
        started = extra["started"]
        _need(isinstance(started, str) and _is_time(started), "'started' must be a date")
        return cls(mode, (a, b), level, game_id, started)


def _is_time(text: str) -> bool:
    if len(text) > 40:
        return False
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def parse_game(data: Any) -> tuple[Game | Match, GameMeta]:
    """A saved game and its app details from parsed JSON; `StorageError` says what is wrong."""
    try:
        obj, extra = from_dict(data)
    except SaveError as exc:
        raise StorageError(str(exc)) from None
    except RecursionError:
        raise StorageError("nested too deeply") from None
    return obj, GameMeta.from_extra(extra)


# --- history records --------------------------------------------------------------------


def games_of(obj: Game | Match) -> list[Game]:
    return list(obj.games) if isinstance(obj, Match) else [obj]


def is_finished(obj: Game | Match) -> bool:
    return obj.is_over


def round_summaries(obj: Game | Match) -> list[dict[str, Any]]:
    """Per-round results of every game: who dealt, how it ended, who scored what."""
    out: list[dict[str, Any]] = []
    for g, game in enumerate(games_of(obj), 1):
        for rnd, totals in zip(game.rounds, game.score_history, strict=False):
            res = rnd.result
            if res is None:
                continue
            out.append(
                {
                    "game": g,
                    "round": rnd.number,
                    "dealer": rnd.dealer,
                    "kind": res.kind.value,
                    "knocker": res.knocker,
                    "winner": res.winner,
                    "points": res.points,
                    "totals": list(totals),
                }
            )
    return out


def final_scores(obj: Game | Match) -> list[list[int]]:
    return [list(g.scores) for g in games_of(obj)]


@dataclass(frozen=True)
class HistoryRecord:
    """One finished game (or match) as kept in the history, with its full save for replay."""

    meta: GameMeta
    finished: str
    game: Game | Match

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def winner(self) -> int | None:
        return self.game.winner

    @property
    def opponent(self) -> str:
        """Which statistics table the game counts in: the computer's level or hot-seat."""
        return self.meta.level if self.meta.mode == "computer" else "hot-seat"

    def summary(self) -> str:
        """One line for lists: date, opponent, final scores and the winner."""
        a, b = self.meta.names
        who = f"vs {self.meta.level}" if self.meta.mode == "computer" else "hot-seat"
        scores = final_scores(self.game)[-1]
        if isinstance(self.game, Match):
            won = self.game.games_won
            score = f"{a} {won[0]}-{won[1]} {b} (games)"
        else:
            score = f"{a} {scores[0]}-{scores[1]} {b}"
        winner = self.winner
        result = f", {self.meta.names[winner]} won" if winner is not None else ""
        rounds = len(round_summaries(self.game))
        return f"{self.finished[:10]}  {who}: {score}{result}, {rounds} rounds"

    def to_json(self) -> dict[str, Any]:
        obj = self.game
        return {
            "id": self.meta.id,
            "date": self.finished,
            "mode": self.meta.mode,
            "players": list(self.meta.names),
            "level": self.meta.level,
            "rules": obj.rules.to_dict(),
            "seed": obj.seed,
            "winner": obj.winner,
            "scores": final_scores(obj),
            "rounds": round_summaries(obj),
            "save": to_dict(obj, self.meta.to_extra()),
        }

    @classmethod
    def from_json(cls, data: Any, where: str) -> HistoryRecord:
        """Rebuild by replaying the save; every summary field must match the replay."""
        _need(isinstance(data, dict), f"{where} must be an object")
        keys = ("id", "date", "mode", "players", "level", "rules", "seed", "winner", "scores")
        _exact_keys(data, (*keys, "rounds", "save"), where)
        try:
            obj, extra = from_dict(data["save"])
        except SaveError as exc:
            raise StorageError(f"{where}: {exc}") from None
        try:
            meta = GameMeta.from_extra(extra)
        except StorageError as exc:
            raise StorageError(f"{where}: {exc}") from None
        _need(obj.is_over, f"{where}: the game was not finished")
        finished = data["date"]
        _need(isinstance(finished, str) and _is_time(finished), f"{where}: 'date' must be a date")
        record = cls(meta, finished, obj)
        expected = record.to_json()
        for key in (*keys, "rounds"):
            _need(data[key] == expected[key], f"{where}: '{key}' does not match the moves")
        return record


# --- settings ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """What the player chose last time: name, opponent, rules, pace, looks."""

    name: str = ""
    #: The second player's name in hot-seat games ("" = "Player 2"); added in version 1
    #: without a version bump: a settings file without it still loads.
    name2: str = ""
    opponent: str = "computer"
    level: str = "simple"
    rules: Rules = field(default_factory=Rules)
    #: Seconds each computer move stays on screen.
    pace: float = 0.6
    ascii: bool = False
    theme: str = "textual-dark"
    language: str = "en"

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SETTINGS_FORMAT,
            "version": VERSION,
            "name": self.name,
            "name2": self.name2,
            "opponent": self.opponent,
            "level": self.level,
            "rules": self.rules.to_dict(),
            "pace": self.pace,
            "ascii": self.ascii,
            "theme": self.theme,
            "language": self.language,
        }

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Strict: the right format and version, known fields only, each of the right kind.

        A field left out takes its default (a newer version adds fields, never changes them).
        """
        _need(isinstance(data, dict), "settings must be a JSON object")
        _need(data.get("format") == SETTINGS_FORMAT, "not a ginrummy settings file")
        version = data.get("version")
        _need(
            type(version) is int and version == VERSION,
            f"settings version {version!r} is not supported (this program reads {VERSION})",
        )
        known = {"format", "version", *(f for f in cls.__dataclass_fields__)}
        unknown = sorted(data.keys() - known)
        _need(not unknown, f"settings: unknown field {', '.join(map(repr, unknown))}")
        s = cls()
        for key in ("name", "name2"):
            if key in data:
                name = data[key]
                _need(name == "" or check_name(name, "the name") == name, "bad name")
                s = replace(s, **{key: name})
        if "opponent" in data:
            _need(data["opponent"] in MODES, f"unknown opponent {data['opponent']!r}")
            s = replace(s, opponent=data["opponent"])
        if "level" in data:
            _need(data["level"] in _levels(), f"unknown computer level {data['level']!r}")
            s = replace(s, level=data["level"])
        if "rules" in data:
            try:
                s = replace(s, rules=Rules.from_dict(data["rules"]))
            except RulesError as exc:
                raise StorageError(f"settings: rules: {exc}") from None
        if "pace" in data:
            pace = data["pace"]
            _need(
                type(pace) in (int, float) and math.isfinite(pace) and 0 <= pace <= MAX_PACE,
                f"the pace must be 0 to {MAX_PACE:g} seconds",
            )
            s = replace(s, pace=float(pace))
        if "ascii" in data:
            _need(type(data["ascii"]) is bool, "ascii must be true or false")
            s = replace(s, ascii=data["ascii"])
        if "theme" in data:
            theme = data["theme"]
            _need(
                isinstance(theme, str) and 0 < len(theme) <= 64 and theme.isprintable(),
                "the theme must be a short name",
            )
            s = replace(s, theme=theme)
        if "language" in data:
            lang = data["language"]
            _need(
                isinstance(lang, str) and 2 <= len(lang) <= 8 and lang.replace("-", "").isalpha(),
                f"unknown language {lang!r}",
            )
            s = replace(s, language=lang)
        return s


# --- the store ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """A file that was refused and moved aside."""

    file: str
    reason: str
    moved_to: Path | None

    def message(self) -> str:
        what = {AUTOSAVE: "The saved game", HISTORY: "The game history", SETTINGS: "The settings"}
        text = f"{what.get(self.file, self.file)} could not be read ({self.reason})"
        if self.moved_to is not None:
            return f"{text}; it was moved aside as {self.moved_to.name}."
        return f"{text}; it could not be moved aside."


class Store:
    """The data directory: read, validate and atomically write the game's files."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()
        #: Files refused since this store was made, oldest first.
        self.problems: list[Problem] = []
        self._history: list[HistoryRecord] | None = None

    def path(self, name: str) -> Path:
        return self.root / name

    # --- low level ------------------------------------------------------------------
    def write_text(self, name: str, text: str) -> None:
        """Replace a file atomically: temp file in the same folder, fsync, ``os.replace``."""
        self.root.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.root, prefix=f".{name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path(name))
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        with contextlib.suppress(OSError):  # make the rename itself durable (POSIX)
            dir_fd = os.open(self.root, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)

    def write_json(self, name: str, data: Any) -> None:
        self.write_text(name, json.dumps(data, ensure_ascii=False, indent=1) + "\n")

    def read_json(self, name: str) -> Any:
        """The parsed file, or `MISSING` if there is none; `StorageError` if it is unreadable."""
        path = self.path(name)
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            return MISSING
        except OSError as exc:
            raise StorageError(f"cannot read it: {exc.strerror or exc}") from None
        _need(path.is_file(), "it is not a file")
        _need(size <= MAX_BYTES, f"it is too large ({size} bytes)")
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise StorageError(f"cannot read it: {exc.strerror or exc}") from None
        _need(bool(raw.strip()), "it is empty")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise StorageError("it is not UTF-8 text") from None
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise StorageError(f"not valid JSON: {exc.msg} at line {exc.lineno}") from None
        except RecursionError:
            raise StorageError("not valid JSON: nested too deeply") from None

    def remove(self, name: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path(name).unlink()

    def quarantine(self, name: str, reason: str) -> Problem:
        """Move a refused file aside as NAME.corrupt-TIMESTAMP and remember why."""
        path = self.path(name)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{name}.corrupt-{stamp}-{n}")
        moved: Path | None = target
        try:
            os.replace(path, target)
        except FileNotFoundError:
            moved = None
        except OSError:
            moved = None
            with contextlib.suppress(OSError):
                path.unlink()
        problem = Problem(name, reason, moved)
        self.problems.append(problem)
        return problem

    def take_problems(self) -> list[Problem]:
        """The refusals not reported yet (and forget them)."""
        out, self.problems = self.problems, []
        return out

    # --- the autosave ----------------------------------------------------------------
    def save_game(self, obj: Game | Match, meta: GameMeta) -> None:
        """Autosave a game in progress (called after every applied action)."""
        self.write_json(AUTOSAVE, to_dict(obj, meta.to_extra()))

    def load_game(self) -> tuple[Game | Match, GameMeta] | None:
        """The game in progress, if there is a usable one.

        A finished game found here (the program stopped between the last move and the
        bookkeeping) is recorded in the history if it is not there yet, and removed.
        """
        try:
            data = self.read_json(AUTOSAVE)
            if data is MISSING:
                return None
            obj, meta = parse_game(data)
        except StorageError as exc:
            self.quarantine(AUTOSAVE, str(exc))
            return None
        if obj.is_over:
            self.finish_game(obj, meta)
            return None
        return obj, meta

    def has_saved_game(self) -> bool:
        return self.path(AUTOSAVE).exists()

    def discard_saved_game(self) -> None:
        self.remove(AUTOSAVE)

    def finish_game(self, obj: Game | Match, meta: GameMeta) -> HistoryRecord:
        """A game is over: add it to the history (once), then drop its autosave."""
        record = HistoryRecord(meta, now_iso(), obj)
        history = self.history()
        if all(r.meta.id != meta.id for r in history):
            history.append(record)
            self.write_json(HISTORY, self._history_json(history))
        self.remove(AUTOSAVE)
        return record

    # --- the history -----------------------------------------------------------------
    @staticmethod
    def _history_json(records: list[HistoryRecord]) -> dict[str, Any]:
        return {
            "format": HISTORY_FORMAT,
            "version": VERSION,
            "games": [r.to_json() for r in records],
        }

    def history(self) -> list[HistoryRecord]:
        """Every finished game, oldest first (a bad history file is moved aside: empty)."""
        if self._history is not None:
            return self._history
        try:
            self._history = self._load_history()
        except StorageError as exc:
            self.quarantine(HISTORY, str(exc))
            self._history = []
        return self._history

    def _load_history(self) -> list[HistoryRecord]:
        data = self.read_json(HISTORY)
        if data is MISSING:
            return []
        _need(isinstance(data, dict), "the history must be a JSON object")
        _need(data.get("format") == HISTORY_FORMAT, "not a ginrummy history file")
        version = data.get("version")
        _need(
            type(version) is int and version == VERSION,
            f"history version {version!r} is not supported (this program reads {VERSION})",
        )
        _exact_keys(data, ("format", "version", "games"), "history")
        games = data["games"]
        _need(isinstance(games, list), "'games' must be a list")
        records: list[HistoryRecord] = []
        seen: set[str] = set()
        for i, item in enumerate(games, 1):
            try:
                record = HistoryRecord.from_json(item, f"game {i}")
            except RecursionError:
                raise StorageError(f"game {i}: nested too deeply") from None
            _need(record.meta.id not in seen, f"game {i} appears twice")
            seen.add(record.meta.id)
            records.append(record)
        return records

    # --- settings --------------------------------------------------------------------
    def load_settings(self) -> Settings:
        """The saved settings (defaults when there are none or they are refused)."""
        try:
            data = self.read_json(SETTINGS)
            return Settings() if data is MISSING else Settings.from_json(data)
        except StorageError as exc:
            self.quarantine(SETTINGS, str(exc))
            return Settings()

    def save_settings(self, settings: Settings) -> None:
        self.write_json(SETTINGS, settings.to_json())
