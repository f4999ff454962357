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

from ..core import Game, Match, Rules, RulesError
from ..core.save import SaveError, from_dict, to_dict
from ..text.i18n import LANGUAGES, N_, _, ngettext, number
from ..text.names import display_name, level_label

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
    # TRANSLATORS: a damaged data file: {where} is a place in it ("game 3"), {fields} the
    # file's field names as written in it.
    _need(
        not missing, _("{where}: missing {fields}").format(where=where, fields=", ".join(missing))
    )
    _need(
        not unknown,
        _("{where}: unknown field {fields}").format(
            where=where, fields=", ".join(map(repr, unknown))
        ),
    )


def check_name(value: Any, what: str | None = None) -> str:
    """A player's name as the app shows it: 1 to 16 printable characters.

    ``what`` names it in the messages (already translated; default "name").
    """
    # TRANSLATORS: {what} is "name" or "The name" (the subject of the sentence).
    what = _("name") if what is None else what
    _need(isinstance(value, str), _("{what} must be text").format(what=what))
    _need(
        0 < len(value) <= MAX_NAME,
        _("{what} must have 1 to {n} characters").format(what=what, n=MAX_NAME),
    )
    _need(
        value.isprintable() and value.strip() == value,
        _("{what} {value} cannot be shown").format(what=what, value=repr(value)),
    )
    return str(value)


def _levels() -> tuple[str, ...]:
    from ..players import PLAYERS

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
        _need(isinstance(extra, dict), _("the app's details must be an object"))
        _exact_keys(extra, ("app", "mode", "names", "level", "id", "started"), _("app details"))
        _need(
            extra["app"] == APP_TAG,
            _("written by an unknown program ({program})").format(program=repr(extra["app"])),
        )
        mode = extra["mode"]
        _need(mode in MODES, _("unknown mode {mode}").format(mode=repr(mode)))
        names = extra["names"]
        _need(isinstance(names, list) and len(names) == 2, _("names must be a list of two names"))
        a, b = (check_name(n) for n in names)
        _need(a.casefold() != b.casefold(), _("the two names must differ"))
        level = extra["level"]
        if mode == "computer":
            _need(level in _levels(), _("unknown computer level {level}").format(level=repr(level)))
        else:
            _need(level == "", _("a hot-seat game has no computer level"))
        game_id = extra["id"]
        _need(
            isinstance(game_id, str) and 0 < len(game_id) <= 64 and game_id.isalnum(),
            _("the game id must be 1 to 64 letters and digits"),
        )
        started = extra["started"]
        _need(isinstance(started, str) and _is_time(started), _("'started' must be a date"))
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
        raise StorageError(_("nested too deeply")) from None
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
        a, b = (display_name(name) for name in self.meta.names)
        # TRANSLATORS: who the game was against: {level} is the computer's level
        # (simple, expert); "hot-seat" is two people at one keyboard.
        who = (
            _("vs {level}").format(level=level_label(self.meta.level or "simple"))
            if self.meta.mode == "computer"
            else _("hot-seat")
        )
        scores = final_scores(self.game)[-1]
        if isinstance(self.game, Match):
            won = self.game.games_won
            # TRANSLATORS: a match's result in games won, e.g. "Ann 2-1 Computer (games)".
            score = _("{a} {x}-{y} {b} (games)").format(a=a, x=won[0], y=won[1], b=b)
        else:
            score = f"{a} {scores[0]}-{scores[1]} {b}"
        winner = self.winner
        n = len(round_summaries(self.game))
        rounds = ngettext("{n} round", "{n} rounds", n).format(n=n)
        date = self.finished[:10]
        if winner is None:
            return _("{date}  {opponent}: {score}, {rounds}").format(
                date=date, opponent=who, score=score, rounds=rounds
            )
        # TRANSLATORS: one finished game in a list, e.g. "2024-05-01  vs simple: Ann 100-37
        # Computer, Ann won, 5 rounds". {winner} is a player's name.
        return _("{date}  {opponent}: {score}, {winner} won, {rounds}").format(
            date=date, opponent=who, score=score, winner=(a, b)[winner], rounds=rounds
        )

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
        _need(isinstance(data, dict), _("{where} must be an object").format(where=where))
        keys = ("id", "date", "mode", "players", "level", "rules", "seed", "winner", "scores")
        _exact_keys(data, (*keys, "rounds", "save"), where)
        try:
            obj, extra = from_dict(data["save"])
        except SaveError as exc:
            raise StorageError(_("{where}: {problem}").format(where=where, problem=exc)) from None
        try:
            meta = GameMeta.from_extra(extra)
        except StorageError as exc:
            raise StorageError(_("{where}: {problem}").format(where=where, problem=exc)) from None
        _need(obj.is_over, _("{where}: the game was not finished").format(where=where))
        finished = data["date"]
        _need(
            isinstance(finished, str) and _is_time(finished),
            _("{where}: 'date' must be a date").format(where=where),
        )
        record = cls(meta, finished, obj)
        expected = record.to_json()
        for key in (*keys, "rounds"):
            _need(
                data[key] == expected[key],
                _("{where}: '{field}' does not match the moves").format(where=where, field=key),
            )
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
    #: The player's language: "" follows the environment (LANGUAGE, LC_ALL...); else a code
    #: of `ginrummy.text.i18n.LANGUAGES`. An unknown code in the file reads as "". Stored as
    #: "lang": files written before the game spoke other languages all hold
    #: ``"language": "en"``, a default nobody chose, which must not override a Polish
    #: environment; that old field is read and ignored.
    language: str = ""

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
            "lang": self.language,
        }

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Strict: the right format and version, known fields only, each of the right kind.

        A field left out takes its default (a newer version adds fields, never changes them).
        """
        _need(isinstance(data, dict), _("settings must be a JSON object"))
        _need(data.get("format") == SETTINGS_FORMAT, _("not a ginrummy settings file"))
        version = data.get("version")
        _need(
            type(version) is int and version == VERSION,
            _(
                "settings version {version} is not supported (this program reads {supported})"
            ).format(version=repr(version), supported=VERSION),
        )
        # "language" (the field's own name) is the old, ignored key; "lang" is read below.
        known = {"format", "version", "lang", *(f for f in cls.__dataclass_fields__)}
        unknown = sorted(data.keys() - known)
        _need(
            not unknown,
            _("settings: unknown field {fields}").format(fields=", ".join(map(repr, unknown))),
        )
        s = cls()
        for key in ("name", "name2"):
            if key in data:
                name = data[key]
                _need(name == "" or check_name(name, _("the name")) == name, _("bad name"))
                s = replace(s, **{key: name})
        if "opponent" in data:
            _need(
                data["opponent"] in MODES,
                _("unknown opponent {opponent}").format(opponent=repr(data["opponent"])),
            )
            s = replace(s, opponent=data["opponent"])
        if "level" in data:
            _need(
                data["level"] in _levels(),
                _("unknown computer level {level}").format(level=repr(data["level"])),
            )
            s = replace(s, level=data["level"])
        if "rules" in data:
            try:
                s = replace(s, rules=Rules.from_dict(data["rules"]))
            except RulesError as exc:
                raise StorageError(_("settings: rules: {problem}").format(problem=exc)) from None
        if "pace" in data:
            pace = data["pace"]
            _need(
                type(pace) in (int, float) and math.isfinite(pace) and 0 <= pace <= MAX_PACE,
                _("the pace must be 0 to {max} seconds").format(max=number(MAX_PACE)),
            )
            s = replace(s, pace=float(pace))
        if "ascii" in data:
            _need(type(data["ascii"]) is bool, _("ascii must be true or false"))
            s = replace(s, ascii=data["ascii"])
        if "theme" in data:
            theme = data["theme"]
            _need(
                isinstance(theme, str) and 0 < len(theme) <= 64 and theme.isprintable(),
                _("the theme must be a short name"),
            )
            s = replace(s, theme=theme)
        if "lang" in data:
            # A language this version does not speak (a newer version's, or a typo) is not
            # worth refusing the whole file over: follow the environment instead.
            s = replace(s, language=known_language(data["lang"]))
        return s


def known_language(code: Any) -> str:
    """``code`` if it is a language the game speaks (`text.i18n.LANGUAGES`), else ""."""
    return code if isinstance(code, str) and code in LANGUAGES else ""


# --- the store ----------------------------------------------------------------------------

#: How `Problem.message` names the data files (translated when shown).
_FILE_WORDS = {
    AUTOSAVE: N_("The saved game"),
    HISTORY: N_("The game history"),
    SETTINGS: N_("The settings"),
}


def _cannot_read(exc: OSError) -> str:
    # TRANSLATORS: {problem} is the operating system's description ("Permission denied").
    return _("cannot read it: {problem}").format(problem=exc.strerror or exc)


@dataclass(frozen=True)
class Problem:
    """A file that was refused and moved aside."""

    file: str
    reason: str
    moved_to: Path | None

    def message(self) -> str:
        """One sentence for the player (in the current language; the reason as recorded)."""
        what = _FILE_WORDS.get(self.file)
        # TRANSLATORS: {file} is "The saved game", "The game history" or "The settings" (or a
        # file name); {reason} says what is wrong with it; {moved_to} is a file name.
        file = _(what) if what is not None else self.file
        if self.moved_to is not None:
            return _(
                "{file} could not be read ({reason}); it was moved aside as {moved_to}."
            ).format(file=file, reason=self.reason, moved_to=self.moved_to.name)
        return _("{file} could not be read ({reason}); it could not be moved aside.").format(
            file=file, reason=self.reason
        )


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
            raise StorageError(_cannot_read(exc)) from None
        _need(path.is_file(), _("it is not a file"))
        _need(size <= MAX_BYTES, _("it is too large ({size} bytes)").format(size=size))
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise StorageError(_cannot_read(exc)) from None
        _need(bool(raw.strip()), _("it is empty"))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise StorageError(_("it is not UTF-8 text")) from None
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            # TRANSLATORS: {problem} is Python's own English description of the JSON error.
            raise StorageError(
                _("not valid JSON: {problem} at line {line}").format(
                    problem=exc.msg, line=exc.lineno
                )
            ) from None
        except RecursionError:
            raise StorageError(_("not valid JSON: nested too deeply")) from None

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
        _need(isinstance(data, dict), _("the history must be a JSON object"))
        _need(data.get("format") == HISTORY_FORMAT, _("not a ginrummy history file"))
        version = data.get("version")
        _need(
            type(version) is int and version == VERSION,
            _("history version {version} is not supported (this program reads {supported})").format(
                version=repr(version), supported=VERSION
            ),
        )
        _exact_keys(data, ("format", "version", "games"), _("history"))
        games = data["games"]
        _need(isinstance(games, list), _("'games' must be a list"))
        records: list[HistoryRecord] = []
        seen: set[str] = set()
        for i, item in enumerate(games, 1):
            # TRANSLATORS: a place in the history file: its i-th game.
            where = _("game {n}").format(n=i)
            try:
                record = HistoryRecord.from_json(item, where)
            except RecursionError:
                raise StorageError(_("{where}: nested too deeply").format(where=where)) from None
            _need(record.meta.id not in seen, _("{where} appears twice").format(where=where))
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
