"""What the player chose: the settings (names, pace, looks, language) and, apart, the
choices of the last game started (opponent, level, rules), the start screen's defaults;
and where they are kept, the database's settings table (a record under each key).

`peek_language` reads the language before anything else is opened (the command line
needs it to speak), without changing the folder.
"""

from __future__ import annotations

import math
import sqlite3
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core import Rules, RulesError
from ..text.errors import describe
from ..text.i18n import LANGUAGES, _, number
from .checks import VERSION, StorageError, _need, bounded_loads
from .db import DB_NAME, SCHEMA_VERSION, connect, schema_version
from .folder import MISSING, SETTINGS, DataFolder, data_dir
from .records import MODES, _levels, check_name

SETTINGS_FORMAT = "ginrummy-settings"
LAST_GAME_FORMAT = "ginrummy-last-game"
#: Fields that settings written before `LastGame` existed hold; read into a `LastGame`
#: (`LastGame.from_json(..., legacy=True)`) and otherwise ignored.
LEGACY_FIELDS = ("opponent", "level", "rules")
#: Pace of the computer's moves: seconds each move stays on screen.
MAX_PACE = 5.0


@dataclass(frozen=True)
class Settings:
    """What the player chose in Settings (and the names typed for a game): name, pace,
    looks, language. The opponent, level and rules of the last game are a `LastGame`."""

    name: str = ""
    #: The second player's name in hot-seat games ("" = "Player 2"); added in version 1
    #: without a version bump: a settings file without it still loads.
    name2: str = ""
    #: The first hot-seat player's name ("" = the player's own name, else "Player 1"): kept
    #: apart from ``name`` so that a hot-seat game never renames the one who plays the
    #: computer. Added in version 1 without a version bump, like ``name2``.
    name1: str = ""
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
    #: The memory aid: the pile viewer lists the cards not seen yet this round. Added in
    #: version 1 without a version bump (a file without it loads), like ``four_colour``.
    memory_aid: bool = False
    #: A four-colour deck: spades black, hearts red, diamonds blue, clubs green.
    four_colour: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SETTINGS_FORMAT,
            "version": VERSION,
            "name": self.name,
            "name1": self.name1,
            "name2": self.name2,
            "pace": self.pace,
            "ascii": self.ascii,
            "theme": self.theme,
            "lang": self.language,
            "memory_aid": self.memory_aid,
            "four_colour": self.four_colour,
        }

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Strict: the right format and version, known fields only, each of the right kind.

        A field left out takes its default (a newer version adds fields, never changes them).
        """
        # "language" (the field's own name) is the old, ignored key; "lang" is read below.
        # The legacy fields are the last game's (`LastGame`), ignored here.
        _check_record(data, SETTINGS_FORMAT, {"lang", *LEGACY_FIELDS, *cls.__dataclass_fields__})
        s = cls()
        for key in ("name", "name1", "name2"):
            if key in data:
                name = data[key]
                _need(name == "" or check_name(name, _("the name")) == name, _("bad name"))
                s = replace(s, **{key: name})
        if "pace" in data:
            pace = data["pace"]
            _need(
                type(pace) in (int, float) and math.isfinite(pace) and 0 <= pace <= MAX_PACE,
                _("the pace must be 0 to {max} seconds").format(max=number(MAX_PACE)),
            )
            s = replace(s, pace=float(pace))
        for key in ("ascii", "memory_aid", "four_colour"):
            if key in data:
                # TRANSLATORS: a damaged settings file: {key} is a field's name as written.
                _need(type(data[key]) is bool, _("{key} must be true or false").format(key=key))
                s = replace(s, **{key: data[key]})
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


def _check_record(data: Any, form: str, fields: set[str]) -> None:
    """A settings record of the right format and version, with known ``fields`` only."""
    _need(isinstance(data, dict), _("settings must be a JSON object"))
    _need(data.get("format") == form, _("not a ginrummy settings file"))
    version = data.get("version")
    _need(
        type(version) is int and version == VERSION,
        _("settings version {version} is not supported (this program reads {supported})").format(
            version=repr(version), supported=VERSION
        ),
    )
    unknown = sorted(data.keys() - {"format", "version", *fields})
    _need(
        not unknown,
        _("settings: unknown field {fields}").format(fields=", ".join(map(repr, unknown))),
    )


def known_language(code: Any) -> str:
    """``code`` if it is a language the game speaks (`text.i18n.LANGUAGES`), else ""."""
    return code if isinstance(code, str) and code in LANGUAGES else ""


@dataclass(frozen=True)
class LastGame:
    """The choices of the game last started (or the rules last chosen in the editor):
    what the start screen offers next time. Kept apart from `Settings`, so that the
    settings hold only what the player chose there."""

    opponent: str = "computer"
    level: str = "simple"
    rules: Rules = field(default_factory=Rules)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": LAST_GAME_FORMAT,
            "version": VERSION,
            "opponent": self.opponent,
            "level": self.level,
            "rules": self.rules.to_dict(),
        }

    @classmethod
    def from_json(cls, data: Any, *, legacy: bool = False) -> LastGame:
        """Strict, like `Settings.from_json`. ``legacy``: ``data`` is a settings record of
        an earlier version, which held these fields among the settings."""
        if legacy:
            _need(isinstance(data, dict), _("settings must be a JSON object"))
        else:
            _check_record(data, LAST_GAME_FORMAT, set(LEGACY_FIELDS))
        game = cls()
        if "opponent" in data:
            _need(
                data["opponent"] in MODES,
                _("unknown opponent {opponent}").format(opponent=repr(data["opponent"])),
            )
            game = replace(game, opponent=data["opponent"])
        if "level" in data:
            _need(
                data["level"] in _levels(),
                _("unknown computer level {level}").format(level=repr(data["level"])),
            )
            game = replace(game, level=data["level"])
        if "rules" in data:
            try:
                game = replace(game, rules=Rules.from_dict(data["rules"]))
            except RulesError as exc:
                raise StorageError(
                    _("settings: rules: {problem}").format(problem=describe(exc))
                ) from None
        return game


def legacy_last_game(text: str | None) -> LastGame:
    """The last game's choices held in settings of an earlier version (defaults if none,
    or if they are not right: a default start screen is no loss worth a message)."""
    if text is None:
        return LastGame()
    try:
        return LastGame.from_json(bounded_loads(text), legacy=True)
    except (StorageError, ValueError):
        return LastGame()


def put_settings(conn: sqlite3.Connection, text: str, key: str = "settings") -> None:
    """Keep ``text`` under ``key`` of the settings table ("settings" or "last-game")."""
    conn.execute(
        "INSERT INTO settings (key, data) VALUES (?, ?)"
        " ON CONFLICT (key) DO UPDATE SET data = excluded.data",
        (key, text),
    )


def peek_language(root: Path | None = None) -> str:
    """The language chosen in the settings ("" for none), read without changing anything:
    the database opened read-only, else the old settings file; anything wrong reads as ""."""
    folder = Path(root) if root is not None else data_dir()
    try:
        if (folder / DB_NAME).exists():
            conn = connect(folder / DB_NAME, read_only=True)
            try:
                if not 1 <= schema_version(conn) <= SCHEMA_VERSION:
                    return ""  # (the settings table is the same in every version so far)
                row = conn.execute("SELECT data FROM settings WHERE key = 'settings'").fetchone()
            finally:
                conn.close()
            if row is None:
                return ""
            return Settings.from_json(bounded_loads(str(row[0]))).language
        data = DataFolder(folder).read_json(SETTINGS)
        return "" if data is MISSING else Settings.from_json(data).language
    except (StorageError, OSError, sqlite3.Error):
        return ""
