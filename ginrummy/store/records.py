"""What a save and the history hold: the app's details of a game, and a finished game.

A record is checked field by field when read (the history replays every game's moves and
compares them with the summary kept beside them), so a damaged file is refused whole.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from ..core import Game, Match, Rules
from ..core.save import SaveError, from_dict, to_dict
from ..text.errors import describe
from ..text.i18n import _
from .checks import StorageError, _exact_keys, _need, now_iso
from .db import MAX_FIGURE as MAX_TOTAL

#: The tag in a save's ``extra`` that says the app wrote it (and which layout it has).
APP_TAG = "ginrummy-app/1"
MAX_NAME = 16
MODES = ("computer", "hotseat")
#: A game played over the network (`ginrummy.net`): its own save slot, its own statistics.
ONLINE = "online"
#: The most games a save may list as played with undo (a match has at most a few dozen).
MAX_UNDO_GAMES = 1000


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
    #: The games (1 = the first of a match) in which the player took a move back (undo);
    #: kept in the save only when there is one, so older saves read the same.
    undo: tuple[int, ...] = ()
    #: Online, the seat of the player at this machine when it joined someone else's table
    #: (the history reads the game from that seat's side); None: seat 0 is this machine's
    #: player (the host's own seat). Kept in the save only when set, so older saves read
    #: the same.
    seat: int | None = None
    #: Online, the seat that lost the match by forfeit (its player was away longer than the
    #: host's ``--forfeit``): the match stopped unfinished and the other seat won it. Kept in
    #: the save only when set, so older saves read the same.
    forfeit: int | None = None

    @property
    def me(self) -> int:
        """The seat whose side the statistics and the lists take (0 unless `seat` says)."""
        return 0 if self.seat is None else self.seat

    def to_extra(self) -> dict[str, Any]:
        extra: dict[str, Any] = {
            "app": APP_TAG,
            "mode": self.mode,
            "names": list(self.names),
            "level": self.level,
            "id": self.id,
            "started": self.started,
        }
        if self.undo:
            extra["undo"] = list(self.undo)
        if self.seat is not None:
            extra["seat"] = self.seat
        if self.forfeit is not None:
            extra["forfeit"] = self.forfeit
        return extra

    def with_undo(self, game: int) -> GameMeta:
        """These details, marked: the player took a move back in game ``game``."""
        if game in self.undo:
            return self
        return replace(self, undo=tuple(sorted((*self.undo, game))))

    @classmethod
    def from_extra(cls, extra: Any) -> GameMeta:
        """Validate strictly: exactly these fields, each of the right kind."""
        _need(isinstance(extra, dict), _("the app's details must be an object"))
        keys = ("app", "mode", "names", "level", "id", "started")
        optional = tuple(k for k in ("undo", "seat", "forfeit") if k in extra)
        _exact_keys(extra, (*keys, *optional), _("app details"))
        _need(
            extra["app"] == APP_TAG,
            _("written by an unknown program ({program})").format(program=repr(extra["app"])),
        )
        mode = extra["mode"]
        _need(mode in (*MODES, ONLINE), _("unknown mode {mode}").format(mode=repr(mode)))
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
        undo = extra.get("undo", [])
        if "undo" in extra:
            _need(
                isinstance(undo, list)
                and 0 < len(undo) <= MAX_UNDO_GAMES
                and all(type(n) is int and 1 <= n <= MAX_UNDO_GAMES for n in undo)
                and undo == sorted(set(undo)),
                # TRANSLATORS: a damaged save; keep 'undo' (the file's field name).
                _("'undo' must list the games in which a move was taken back"),
            )
        seat = extra.get("seat")
        if "seat" in extra:
            _need(
                mode == ONLINE and type(seat) is int and seat in (0, 1),
                # TRANSLATORS: a damaged save; keep 'seat' (the file's field name).
                _("'seat' must be 0 or 1, in an online game"),
            )
        forfeit = extra.get("forfeit")
        if "forfeit" in extra:
            _need(
                mode == ONLINE and type(forfeit) is int and forfeit in (0, 1),
                # TRANSLATORS: a damaged save; keep 'forfeit' (the file's field name).
                _("'forfeit' must be 0 or 1, in an online game"),
            )
        return cls(mode, (a, b), level, game_id, started, tuple(undo), seat, forfeit)


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
        raise StorageError(describe(exc)) from None
    except RecursionError:
        raise StorageError(_("nested too deeply")) from None
    return obj, GameMeta.from_extra(extra)


def is_finished(obj: Game | Match, meta: GameMeta) -> bool:
    """Whether a game belongs in the history: played to its end, or ended by a forfeit."""
    return obj.is_over or meta.forfeit is not None


def decided_games(obj: Game | Match, meta: GameMeta) -> list[tuple[Game | None, int | None]]:
    """The games of ``obj`` that were decided, with their winners: every finished game,
    and after a forfeit one more won by the other seat: the game that was stopped, or
    (None) the next game of a match stopped between two games."""
    out: list[tuple[Game | None, int | None]] = []
    for game in games_of(obj):
        if game.is_over:
            out.append((game, game.winner))
        elif meta.forfeit is not None:
            out.append((game, 1 - meta.forfeit))
    if meta.forfeit is not None and all(game.is_over for game in games_of(obj)):
        out.append((None, 1 - meta.forfeit))
    return out


def games_of(obj: Game | Match) -> list[Game]:
    return list(obj.games) if isinstance(obj, Match) else [obj]


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


def game_totals(obj: Game | Match) -> tuple[int | None, int | None]:
    """A single game's final totals with the bonuses, for the history's index (None for a
    match, whose lists show games won, and for totals past what a figure may be)."""
    if isinstance(obj, Match):
        return None, None
    a, b = (t.total for t in obj.totals())
    if not (0 <= a <= MAX_TOTAL and 0 <= b <= MAX_TOTAL):
        return None, None
    return a, b


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
        """Who won: the game's winner, or the other seat than the one that forfeited."""
        return self.game.winner if self.meta.forfeit is None else 1 - self.meta.forfeit

    @property
    def forfeit(self) -> int | None:
        """The seat that lost by forfeit (its player was away too long), if one did."""
        return self.meta.forfeit

    @property
    def opponent(self) -> str:
        """Which statistics table the game counts in: the computer's level, hot-seat, or
        "online: NAME" (the other seat's name: the host's own player sits in seat 0, one
        who joined in `GameMeta.seat`)."""
        if self.meta.mode == ONLINE:
            return f"online: {self.meta.names[1 - self.meta.me]}"
        return self.meta.level if self.meta.mode == "computer" else "hot-seat"

    @property
    def is_match(self) -> bool:
        return isinstance(self.game, Match)

    @property
    def score(self) -> tuple[int, int]:
        """Games won in a match; the points of a single game."""
        obj = self.game
        a, b = obj.games_won if isinstance(obj, Match) else obj.scores
        return a, b

    @property
    def totals(self) -> tuple[int, int] | None:
        """A single game's final totals with the bonuses (None for a match)."""
        a, b = game_totals(self.game)
        return None if a is None or b is None else (a, b)

    @property
    def undo(self) -> bool:
        """Whether the player took a move back (undo) in this game."""
        return bool(self.meta.undo)

    @property
    def round_count(self) -> int:
        return sum(1 for g in games_of(self.game) for rnd in g.rounds if rnd.result is not None)

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
            "winner": self.winner,
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
            raise StorageError(
                _("{where}: {problem}").format(where=where, problem=describe(exc))
            ) from None
        try:
            meta = GameMeta.from_extra(extra)
        except StorageError as exc:
            raise StorageError(_("{where}: {problem}").format(where=where, problem=exc)) from None
        _need(is_finished(obj, meta), _("{where}: the game was not finished").format(where=where))
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


def slot_of(meta: GameMeta) -> str:
    """The save slot a game belongs to: one per computer level, one per pair of hot-seat
    names (in their seats, whatever their case)."""
    if meta.mode == "computer":
        return f"computer/{meta.level}"
    if meta.mode == ONLINE:
        return f"online/{meta.id}"
    return "hotseat/" + json.dumps([n.casefold() for n in meta.names], ensure_ascii=False)


@dataclass(frozen=True)
class HistoryEntry:
    """A finished game as the lists show it (read from the index, without its moves)."""

    number: int
    meta: GameMeta
    finished: str
    winner: int | None
    is_match: bool
    score: tuple[int, int]
    round_count: int
    #: Whether the player took a move back (undo) in the game.
    undo: bool = False
    #: A single game's final totals with the bonuses (None for a match, or if unknown).
    totals: tuple[int, int] | None = None
    #: The seat that lost by forfeit (online: away longer than the host allowed), if any.
    forfeit: int | None = None
