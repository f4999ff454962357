"""``ginrummy solve``: one hand or many, human and JSON, and its errors."""

from __future__ import annotations

import json

import pytest

from ginrummy.core import min_deadwood, parse_cards

from .helpers import CLI

HAND = "3S 4S 5S 7H 7D 7C QH QD QC AC"


def test_human_output_shows_melds_deadwood_and_points(cli: CLI) -> None:
    run = cli("solve", *HAND.split())
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0] == "Hand      3♠ 4♠ 5♠ 7♥ 7♦ 7♣ Q♥ Q♦ Q♣ A♣"
    assert lines[1] == "Melds     [7♥ 7♦ 7♣] [Q♥ Q♦ Q♣] [3♠ 4♠ 5♠]"
    assert lines[2] == "Deadwood  A♣ = 1 point"
    assert run.err == ""


def test_ascii_prints_cards_as_letters(cli: CLI) -> None:
    run = cli("solve", "10h jh qh kh 5c 5d 5s 2c 9d 9s", "--ascii")
    assert run.code == 0
    assert "Melds     [5S 5D 5C] [10H JH QH KH]" in run.out
    assert "Deadwood  2C 9S 9D = 20 points" in run.out
    assert "♥" not in run.out


def test_gin_and_big_gin_are_named(cli: CLI) -> None:
    gin = cli("solve", "AC 2C 3C 4C 6D 6H 6S JH QH KH")
    assert "Deadwood  none = 0 points (gin)" in gin.out
    big = cli("solve", "AC 2C 3C 4C 5C 6D 6H 6S JH QH KH")
    assert "(big gin)" in big.out


def test_eleven_cards_suggest_the_best_discard(cli: CLI) -> None:
    run = cli("solve", HAND, "KD")
    assert "Discard   K♦ (leaves 1 point of deadwood)" in run.out


def test_json_uses_canonical_tokens(cli: CLI) -> None:
    run = cli("solve", "10d", "jd", "qd", "as", "ah", "ac", "5♠", "--json")
    assert run.code == 0
    data = json.loads(run.out)
    assert data == {
        "hand": ["TD", "JD", "QD", "AS", "AH", "AC", "5S"],
        "melds": [["AS", "AH", "AC"], ["TD", "JD", "QD"]],
        "deadwood": ["5S"],
        "deadwood_points": 5,
    }


@pytest.mark.parametrize("hand", ["KS", "AS 2S 3S", " ".join(f"{r}H" for r in "A23456789TJ")])
def test_any_number_of_cards_up_to_a_hand(cli: CLI, hand: str) -> None:
    run = cli("solve", hand, "--json")
    assert run.code == 0
    data = json.loads(run.out)
    assert data["deadwood_points"] == min_deadwood(parse_cards(hand))
    assert len(data["hand"]) == len(hand.split())


def test_stdin_one_hand_per_line(cli: CLI) -> None:
    text = f"{HAND}\n\n   \n# a comment line\nAS 2S 3S 4S  # trailing comment\n7h,7d,7c,ks\n"
    run = cli("solve", "-", "--json", stdin=text)
    assert run.code == 0, run.err
    rows = [json.loads(line) for line in run.out.splitlines()]
    assert [r["deadwood_points"] for r in rows] == [1, 0, 10]
    assert rows[2]["hand"] == ["7H", "7D", "7C", "KS"]


def test_stdin_human_output_separates_hands(cli: CLI) -> None:
    run = cli("solve", "-", stdin="AS 2S 3S\nKS KH\n")
    assert run.code == 0
    assert run.out.count("Hand      ") == 2
    assert "\n\nHand      K♠ K♥" in run.out


def test_stdin_bad_line_names_its_number(cli: CLI) -> None:
    run = cli("solve", "-", "--json", stdin="AS 2S 3S\n\nKS XQ\n")
    run.assert_error("line 3", "'XQ'")
    # The good hand before it was already answered.
    assert json.loads(run.out.splitlines()[0])["deadwood_points"] == 0


def test_stdin_duplicate_on_a_line(cli: CLI) -> None:
    cli("solve", "-", stdin="AS 2S AS\n").assert_error("line 1", "AS", "twice")


def test_bad_token_is_named(cli: CLI) -> None:
    cli("solve", "AS", "1X", "3S").assert_error("'1X'")


def test_duplicate_card(cli: CLI) -> None:
    cli("solve", "AS 2S 3S", "as").assert_error("AS", "twice")


def test_no_cards(cli: CLI) -> None:
    cli("solve").assert_error("required")
    cli("solve", ",").assert_error("no cards")


def test_dash_mixed_with_cards(cli: CLI) -> None:
    cli("solve", "-", "AS").assert_error("'-'")
