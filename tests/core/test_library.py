"""The library as a python-chess user meets it: readable str() and repr(), documented
attributes, and errors that are all the library's own, each with a code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ginrummy.core import (
    ActionError,
    Card,
    CardError,
    Game,
    GinRummyError,
    Player,
    Round,
    format_cards,
    min_deadwood,
    parse_action,
    parse_card,
    parse_cards,
    play_round,
)
from ginrummy.players import PLAYERS, UnknownPlayerError, make_player

ROOT = Path(__file__).resolve().parents[2]


def _sorted(cards: tuple[Card, ...]) -> str:
    return format_cards(sorted(cards, key=lambda card: card.index))


def test_a_round_prints_its_whole_state() -> None:
    rnd = Round(seed=1)
    lines = str(rnd).splitlines()
    assert lines[0] == f"Round 1 (Standard), dealer: player 0, knock limit {rnd.knock_limit}"
    assert lines[1] == "phase: first_upcard, player 1 to act"
    assert lines[2] == f"stock: 31 cards   discard: {rnd.upcard.code} (1 card)"
    for seat in (0, 1):
        hand = rnd.hand(seat)
        assert lines[3 + seat] == f"player {seat}: {_sorted(hand)}  (deadwood {min_deadwood(hand)})"
    assert lines[5] == "scores: 0 - 0"
    assert repr(rnd) == "<Round 1: first_upcard, player 1 to act, stock 31, scores 0-0>"


def test_a_finished_round_says_how_it_ended() -> None:
    rnd = Round(seed=4)
    result = play_round(rnd, (make_player("simple"), make_player("simple")))
    text = str(rnd)
    assert "player 0 to act" not in text and "player 1 to act" not in text
    assert text.splitlines()[1] == "phase: over"
    last = text.splitlines()[-1]
    if result.winner is None:
        assert last.startswith("result: draw, no points")
    else:
        assert last.startswith(f"result: {result.kind.value}")
        assert last.endswith(f"player {result.winner} scores {result.points}")
    assert repr(rnd).startswith("<Round 1: over,")


def test_a_game_prints_its_score_sheet_and_its_round() -> None:
    game = Game(seed=11)
    bots = (make_player("simple"), make_player("simple"))
    while len(game.results) < 3:
        rnd = game.round
        while rnd.result is None:
            game.apply(bots[rnd.to_act].choose(rnd.view(rnd.to_act)), rnd.to_act)
        game.next_round()
    lines = str(game).splitlines()
    assert lines[0] == f"Game (Standard), seed 11, to {game.rules.target}"
    rows = lines[2:5]
    for number, (row, result, totals) in enumerate(
        zip(rows, game.results, game.score_history, strict=True), start=1
    ):
        cells = row.split()
        assert cells[0] == str(number) and cells[1] == result.kind.value
        assert cells[3] == str(result.points)
        assert cells[4] == f"{totals[0]}-{totals[1]}"
    assert lines[5] == f"scores: {game.scores[0]} - {game.scores[1]}"
    assert str(game.round) in str(game)  # the round in play, after the sheet
    assert repr(game) == (
        f"<Game seed=11: round 4, scores {game.scores[0]}-{game.scores[1]} to 100>"
    )


def test_printing_uses_no_words_for_people() -> None:
    """The developer's table is plain English in the core: no gettext, no text layer."""
    code = (
        "import sys\n"
        "from ginrummy.core import Game\n"
        "print(Game(seed=2))\n"
        "assert not any(m == 'gettext' or m.startswith('ginrummy.text') for m in sys.modules)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=ROOT, check=False)
    assert proc.returncode == 0, proc.stderr


def test_the_game_documents_its_public_attributes() -> None:
    game = Game(seed=1)
    public = [name for name in vars(game) if not name.startswith("_")]
    assert {"scores", "results", "rounds", "score_history", "rules", "seed"} <= set(public)
    doc = Game.__doc__ or ""
    for name in public:
        assert f"``{name}``" in doc, name
    assert "accepted by" in (Round.legal_actions.__doc__ or "")
    assert "``name``" in (Player.__doc__ or "")


@pytest.mark.parametrize(
    ("make", "error", "code"),
    [
        (lambda: parse_card("ZZ"), CardError, "bad-card"),
        (lambda: parse_cards("AS 2S AS"), CardError, "repeated-card"),
        (lambda: Card(14, 0), CardError, "no-such-card"),
        (lambda: parse_action("fly away"), ActionError, "bad-action"),
        (lambda: parse_action("gin"), ActionError, "bad-action"),
        (lambda: parse_action("discard ZZ"), ActionError, "bad-card"),
        (lambda: make_player("nobody-at-all"), UnknownPlayerError, "unknown-player"),
    ],
)
def test_every_error_is_the_librarys_with_a_code(make: object, error: type, code: str) -> None:
    with pytest.raises(error) as info:
        make()  # type: ignore[operator]
    assert isinstance(info.value, GinRummyError)
    assert isinstance(info.value, ValueError)  # as before: code catching ValueError works
    assert info.value.code == code


def test_an_unknown_player_names_the_choices() -> None:
    with pytest.raises(UnknownPlayerError) as info:
        make_player("Nobody")
    assert str(info.value).startswith("unknown player 'Nobody': choose one of ")
    assert all(name in str(info.value) for name in PLAYERS)
