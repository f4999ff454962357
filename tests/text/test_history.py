"""`record_line`: a finished game as one line of a list, without "You won" pronoun clashes."""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.core import Game, Rules
from ginrummy.core.player import play_game
from ginrummy.players import make_player
from ginrummy.text import i18n
from ginrummy.text.history import record_line


@dataclass(frozen=True)
class Meta:
    mode: str
    names: tuple[str, str]
    level: str


@dataclass(frozen=True)
class Record:
    meta: Meta
    finished: str
    game: Game

    @property
    def winner(self) -> int | None:
        return self.game.winner

    @property
    def is_match(self) -> bool:
        return False

    @property
    def score(self) -> tuple[int, int]:
        a, b = self.game.scores
        return a, b

    @property
    def totals(self) -> tuple[int, int]:
        a, b = (t.total for t in self.game.totals())
        return a, b

    @property
    def round_count(self) -> int:
        return sum(1 for rnd in self.game.rounds if rnd.result is not None)


def finished_game(seed: int) -> Game:
    game = Game(Rules(target=30), seed=seed)
    play_game(game, (make_player("simple"), make_player("simple")))
    return game


def won_by(seat: int) -> Game:
    return next(g for g in map(finished_game, range(50)) if g.winner == seat)


def test_the_person_who_beat_the_computer_reads_you_won() -> None:
    game = won_by(0)
    line = record_line(
        Record(Meta("computer", ("You", "Computer"), "expert"), "2026-11-30T10:00:00", game)
    )
    rounds = len(game.rounds)
    assert line.startswith("2026-11-30  vs expert: You ")
    assert f", you won, {rounds} round" in line
    i18n.set_language("pl")
    polish = record_line(
        Record(Meta("computer", ("You", "Computer"), "expert"), "2026-11-30", game)
    )
    assert "Ty" not in polish.split(":", 1)[1].split(",", 1)[1]  # no "wygrywa Ty"


def test_a_named_winner_is_named() -> None:
    game = won_by(1)
    line = record_line(Record(Meta("hotseat", ("Ann", "Ben"), ""), "2026-11-30", game))
    assert line.startswith("2026-11-30  hot-seat: Ann ")
    assert ", Ben won, " in line
    computer = record_line(
        Record(Meta("computer", ("You", "Computer"), "simple"), "2026-11-30", game)
    )
    assert ", Computer won, " in computer
