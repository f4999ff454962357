"""Game records: one finished (or unfinished) game as a documented JSON object.

A record holds the rules, the two seats (a name, who played: a person, a bot and its
level, or a remote person online), the game's seed and first dealer, and for every round
its dealer, its deck (optional: without it the round is dealt from the seed, as `Game`
deals) and every action in order. ``docs/record-format.md`` is the reference.

Reading a record replays its actions through the rules (`Game.apply`), so a record that
the rules refuse (an illegal move, a deck that is not 52 cards, scores that do not add
up) is refused with a `RecordError` saying where and why. Many games are one record per
line (``.jsonl``); `loads_many` reads either form.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .cards import CardError, parse_cards
from .errors import N_, GinRummyError, Phrase
from .game import Game
from .rules import Rules, RulesError
from .save import apply_actions, game_dict

__all__ = [
    "FORMAT",
    "KINDS",
    "VERSION",
    "Record",
    "RecordError",
    "Seat",
    "dumps",
    "dumps_many",
    "from_dict",
    "loads",
    "loads_many",
    "record_of",
    "to_dict",
]

FORMAT: Final = "ginrummy-record"
VERSION: Final = 1
#: Who played a seat: a person at this machine, a bot (with its level), a person online.
KINDS: Final = ("person", "bot", "remote")
_MAX_NAME: Final = 64


class RecordError(GinRummyError):
    """A game record cannot be read; the phrase says where and why.

    ``code``: ``bad-json`` (not JSON), ``not-a-record`` (another kind of file),
    ``version`` (a version this program does not read), ``bad-rules`` (rules or a preset
    that is unknown), ``bad-field`` (a field missing or of the wrong kind), ``illegal``
    (the moves do not follow the rules), ``empty`` (a file with no record).
    """


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sat at a seat: a name, ``kind`` (one of `KINDS`) and a bot's ``level``."""

    name: str
    kind: str = "person"
    #: The bot's level (``simple``, ``master``...) when ``kind`` is ``bot``, else None.
    level: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.level is not None:
            out["level"] = self.level
        return out


@dataclass(frozen=True)
class Record:
    """One game and who played it. ``game`` is a real `Game` (replayed through the rules);
    ``extra`` is free-form metadata a program may add (where the game came from)."""

    game: Game
    seats: tuple[Seat, Seat]
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def reviewed_seats(self) -> tuple[int, ...]:
        """The seats a review looks at by default: the people at this machine (both in
        hot-seat, the person against the computer, one's own seat online); both seats
        when no person played (bot against bot)."""
        people = tuple(s for s in (0, 1) if self.seats[s].kind == "person")
        return people or (0, 1)


def to_dict(record: Record) -> dict[str, Any]:
    """The JSON-ready form of a record (see ``docs/record-format.md``)."""
    game = record.game
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.to_dict(),
        "seats": [s.to_dict() for s in record.seats],
        **game_dict(game),
        "winner": game.winner,
    }
    if record.extra:
        out["extra"] = record.extra
    return out


def dumps(record: Record) -> str:
    """One record as one line of JSON."""
    return json.dumps(to_dict(record), ensure_ascii=False, separators=(",", ":"))


def dumps_many(records: Iterable[Record]) -> str:
    """Records as JSON lines (``.jsonl``), one a line."""
    return "".join(dumps(r) + "\n" for r in records)


def _need(cond: bool, message: Phrase, code: str = "bad-field") -> None:
    if not cond:
        raise RecordError(message, code=code)


def _int(value: Any, what: Phrase | str) -> int:
    _need(type(value) is int, Phrase(N_("{what} must be a whole number"), what=what))
    return int(value)


def _rules(data: Any) -> Rules:
    """The rules: a preset's name, or the object of knobs."""
    try:
        if isinstance(data, str):
            return Rules.preset(data)
        return Rules.from_dict(data)
    except RulesError as exc:
        # TRANSLATORS: "rules" is the file's field name.
        raise RecordError(Phrase(N_("rules: {problem}"), problem=exc), code="bad-rules") from None


def _seat(data: Any, n: int) -> Seat:
    # TRANSLATORS: a place in a game record: seat 0 or 1.
    where = Phrase(N_("seat {n}"), n=n)
    _need(isinstance(data, dict), Phrase(N_("{where} must be an object"), where=where))
    name = data.get("name")
    kind = data.get("kind", "person")
    level = data.get("level")
    _need(
        isinstance(name, str) and name.strip() != "" and len(name) <= _MAX_NAME,
        # TRANSLATORS: a damaged game record; keep 'name' (the file's field name).
        Phrase(N_("{where}: 'name' must be 1 to {most} characters"), where=where, most=_MAX_NAME),
    )
    _need(
        kind in KINDS,
        # TRANSLATORS: a damaged game record; keep 'kind' and its values person, bot, remote.
        Phrase(N_("{where}: 'kind' must be person, bot or remote"), where=where),
    )
    _need(
        (level is None and kind != "bot")
        or (kind == "bot" and isinstance(level, str) and level != ""),
        # TRANSLATORS: a damaged game record; keep 'level' (the file's field name).
        Phrase(N_("{where}: a bot needs a 'level', and only a bot has one"), where=where),
    )
    return Seat(name, kind, level)


def _replay_rounds(game: Game, rounds: Any) -> None:
    """Deal and play every round of the record through the rules."""
    # TRANSLATORS: the single game in a save file.
    where = Phrase(N_("game"))
    _need(isinstance(rounds, list), Phrase(N_("{where}: 'rounds' must be a list"), where=where))
    for i, rd in enumerate(rounds, 1):
        here = Phrase(N_("{where}, round {n}"), where=where, n=i)
        _need(isinstance(rd, dict), Phrase(N_("{where} must be an object"), where=here))
        _need(
            i == 1 or game.round.is_over,
            Phrase(
                N_("{where} is unfinished but another round follows"),
                where=Phrase(N_("{where}, round {n}"), where=where, n=i - 1),
            ),
            "illegal",
        )
        if "dealer" in rd:
            dealer = _int(rd["dealer"], Phrase(N_("{where}: dealer"), where=here))
            _need(
                dealer == game.next_dealer(),
                Phrase(
                    N_("{where}: dealer {dealer} does not follow the rules (expected {expected})"),
                    where=here,
                    dealer=dealer,
                    expected=game.next_dealer(),
                ),
                "illegal",
            )
        deck = None
        if rd.get("deck") is not None:
            deck_text = rd["deck"]
            _need(
                isinstance(deck_text, str),
                Phrase(N_("{where}: 'deck' must be a string of cards"), where=here),
            )
            try:
                deck = parse_cards(deck_text)
            except CardError as exc:
                raise RecordError(
                    Phrase(N_("{where}: {problem}"), where=here, problem=exc), code="bad-field"
                ) from None
            _need(
                len(deck) == 52,
                Phrase(N_("{where}: the deck has {n} cards, not 52"), where=here, n=len(deck)),
            )
        try:
            game.next_round(deck)
        except ValueError as exc:
            raise RecordError(
                Phrase(N_("{where}: {problem}"), where=here, problem=exc), code="illegal"
            ) from None
        apply_actions(game, rd.get("actions"), here, RecordError, code="bad-field")


def from_dict(data: Any) -> Record:
    """A record from its JSON form, replayed through the rules; `RecordError` if the
    data is not a record or the rules refuse it."""
    _need(isinstance(data, dict), Phrase(N_("a game record must be a JSON object")), "not-a-record")
    _need(data.get("format") == FORMAT, Phrase(N_("not a ginrummy game record")), "not-a-record")
    version = data.get("version")
    _need(
        type(version) is int and version == VERSION,
        Phrase(
            N_(
                "game record version {version} is not supported (this program reads"
                " version {supported})"
            ),
            version=repr(version),
            supported=VERSION,
        ),
        "version",
    )
    rules = _rules(data.get("rules"))
    seats = data.get("seats")
    _need(
        isinstance(seats, list) and len(seats) == 2,
        # TRANSLATORS: a damaged game record; keep 'seats' (the file's field name).
        Phrase(N_("'seats' must be a list of two seats")),
    )
    seat_pair = (_seat(seats[0], 0), _seat(seats[1], 1))
    seed = _int(data.get("seed"), Phrase(N_("game seed")))
    first = data.get("first_dealer")
    _need(type(first) is int and first in (0, 1), Phrase(N_("first_dealer must be 0 or 1")))
    game = Game(rules, seed=seed, first_dealer=first, start=False)
    _replay_rounds(game, data.get("rounds"))
    _need(bool(game.rounds), Phrase(N_("{where}: no round was dealt"), where=Phrase(N_("game"))))
    scores = data.get("scores")
    if scores is not None:
        _need(
            scores == game.scores,
            Phrase(
                N_("{where}: the saved scores {saved} do not add up (the moves give {replayed})"),
                where=Phrase(N_("game")),
                saved=scores,
                replayed=game.scores,
            ),
            "illegal",
        )
    extra = data.get("extra", {})
    _need(isinstance(extra, dict), Phrase(N_("'extra' must be an object")))
    return Record(game, seat_pair, dict(extra))


def _parse(text: str) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise RecordError(
            Phrase(N_("the game record is not valid JSON: {problem}"), problem=exc),
            code="bad-json",
        ) from None


def loads(text: str) -> Record:
    """One record from JSON text."""
    return from_dict(_parse(text))


def loads_many(text: str) -> list[Record]:
    """Every record of a file: one JSON object, or JSON lines (blank lines skipped). A bad
    line is refused with its number."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    _need(bool(lines), Phrase(N_("the file holds no game record")), "empty")
    if len(lines) > 1 and lines[0][1].strip() == "{":
        return [loads(text)]  # one record written over several lines
    records = []
    for n, line in lines:
        try:
            records.append(loads(line))
        except RecordError as exc:
            if len(lines) == 1:
                raise
            raise RecordError(
                # TRANSLATORS: a problem on line {n} of a file of game records.
                Phrase(N_("line {n}: {problem}"), n=n, problem=exc),
                code=exc.code,
            ) from None
    return records


def record_of(game: Game, seats: Sequence[Seat], extra: dict[str, Any] | None = None) -> Record:
    """A record of ``game`` played by ``seats`` (seat 0 first)."""
    if len(seats) != 2:
        raise ValueError("a record needs two seats")
    return Record(game, (seats[0], seats[1]), dict(extra or {}))
