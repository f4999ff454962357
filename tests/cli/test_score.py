"""``ginrummy score``: the six worked examples of docs/rules.md section 9, and the errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .helpers import CLI

# (knocker, defender, kind, winner, points, knocker deadwood, defender deadwood, lay-offs)
EXAMPLES = [
    pytest.param(
        "3S 4S 5S 7H 7D 7C QH QD QC AC",
        "9D TD JD 4H 4D 4C 6S 7S KS 8C",
        "knock",
        "knocker",
        17,
        1,
        18,
        [{"meld": ["3S", "4S", "5S"], "cards": ["6S", "7S"]}],
        id="1-knock",
    ),
    pytest.param(
        "AS 2S 3S 5H 5D 5C 9C TC JC 8D",
        "6H 7H 8H KS KH KD 2H 3D AD 4S",
        "undercut",
        "defender",
        27,
        8,
        6,
        [{"meld": ["AS", "2S", "3S"], "cards": ["4S"]}],
        id="2-undercut",
    ),
    pytest.param(
        "AS 2S 3S 5H 5D 5C 9C TC JC 8D",
        "6H 7H 8H KS KH KD 2H 3D 3C 4S",
        "undercut",
        "defender",
        25,
        8,
        8,
        [{"meld": ["AS", "2S", "3S"], "cards": ["4S"]}],
        id="3-tie-is-undercut",
    ),
    pytest.param(
        "AC 2C 3C 4C 6D 6H 6S JH QH KH",
        "5C 7D 8D 9D 2H 2D 2S TS TD 4D",
        "gin",
        "knocker",
        44,
        0,
        19,
        [],
        id="4-gin-no-layoffs",
    ),
    pytest.param(
        "AC 2C 3C 4C 5C 6D 6H 6S JH QH KH",
        "7D 8D 9D 2H 2D 2S TS TD 4D 3H",
        "big_gin",
        "knocker",
        48,
        0,
        17,
        [],
        id="5-big-gin",
    ),
    pytest.param(
        "3S 4S 5S KC KD KH 9H 9D 9C 2D",
        "6S 6H 6D 6C 7S AH AD AC 8D 4H",
        "knock",
        "knocker",
        10,
        2,
        12,
        [{"meld": ["3S", "4S", "5S"], "cards": ["6S", "7S"]}],
        id="6-melds-and-layoffs-together",
    ),
]


def _score_json(cli: CLI, *argv: str) -> dict[str, Any]:
    run = cli("score", *argv, "--json")
    assert run.code == 0, run.err
    data: dict[str, Any] = json.loads(run.out)
    return data


@pytest.mark.parametrize(
    ("knocker", "defender", "kind", "winner", "points", "k", "d", "layoffs"), EXAMPLES
)
def test_worked_examples(
    cli: CLI,
    knocker: str,
    defender: str,
    kind: str,
    winner: str,
    points: int,
    k: int,
    d: int,
    layoffs: list[dict[str, list[str]]],
) -> None:
    data = _score_json(cli, *knocker.split(), "--vs", *defender.split())
    assert data["kind"] == kind
    assert data["winner"] == winner
    assert data["points"] == points
    assert data["knocker_deadwood"] == k
    assert data["defender_deadwood"] == d
    assert data["layoffs"] == layoffs
    assert data["knocker"]["deadwood_points"] == k
    assert data["defender"]["deadwood_points"] == d
    # Every card is accounted for exactly once across melds, deadwood and lay-offs.
    shown = [c for m in data["knocker"]["melds"] for c in m] + data["knocker"]["deadwood"]
    assert sorted(shown) == sorted(knocker.split())
    laid = [c for lay in layoffs for c in lay["cards"]]
    held = [c for m in data["defender"]["melds"] for c in m] + data["defender"]["deadwood"]
    assert sorted(held + laid) == sorted(defender.split())


def test_example_six_melds_the_three_sixes_and_the_aces(cli: CLI) -> None:
    data = _score_json(
        cli, "3S 4S 5S KC KD KH 9H 9D 9C 2D", "--vs", "6S 6H 6D 6C 7S AH AD AC 8D 4H"
    )
    assert sorted(map(sorted, data["defender"]["melds"])) == [
        ["6C", "6D", "6H"],
        ["AC", "AD", "AH"],
    ]
    assert sorted(data["defender"]["deadwood"]) == ["4H", "8D"]


def test_human_output_explains_the_undercut(cli: CLI) -> None:
    run = cli("score", "AS 2S 3S 5H 5D 5C 9C TC JC 8D", "--vs", "6H 7H 8H KS KH KD 2H 3D AD 4S")
    assert run.code == 0
    assert "Undercut! The defender scores 25 + 8 - 6 = 27." in run.out
    assert "lays off 4♠ on [A♠ 2♠ 3♠]" in run.out
    assert "Knocker   [5♥ 5♦ 5♣] [A♠ 2♠ 3♠] [9♣ 10♣ J♣]" in run.out
    assert "deadwood 8♦ = 8" in run.out
    assert "deadwood A♦ 2♥ 3♦ = 6" in run.out


def test_human_output_tie_and_gin(cli: CLI) -> None:
    tie = cli("score", "AS 2S 3S 5H 5D 5C 9C TC JC 8D", "--vs", "6H 7H 8H KS KH KD 2H 3D 3C 4S")
    assert "The defender scores 25 + 8 - 8 = 25." in tie.out
    assert "tie" in tie.out
    gin = cli(
        "score", "AC 2C 3C 4C 6D 6H 6S JH QH KH", "--vs", "5C 7D 8D 9D 2H 2D 2S TS TD 4D", "--ascii"
    )
    assert "Gin! The knocker scores 25 + 19 = 44." in gin.out
    assert "no lay-offs against gin" in gin.out
    assert "♣" not in gin.out


def test_big_gin_human(cli: CLI) -> None:
    run = cli("score", "AC 2C 3C 4C 5C 6D 6H 6S JH QH KH", "--vs", "7D 8D 9D 2H 2D 2S TS TD 4D 3H")
    assert run.code == 0
    assert "Big Gin! The knocker scores 31 + 17 = 48." in run.out


def test_straight_gin_preset_refuses_a_knock(cli: CLI) -> None:
    cli(
        "score",
        "3S 4S 5S 7H 7D 7C QH QD QC AC",
        "--vs",
        "9D TD JD 4H 4D 4C 6S 7S KS 8C",
        "--rules",
        "straight gin",
    ).assert_error("illegal knock", "only gin")


def test_knock_limit_option(cli: CLI) -> None:
    argv = ("AS 2S 3S 5H 5D 5C 9C TC JC 8D", "--vs", "6H 7H 8H KS KH KD 2H 3D AD 4S")
    cli("score", *argv, "--knock-limit", "7").assert_error("illegal knock", "8", "limit is 7")
    assert _score_json(cli, *argv, "--knock-limit", "8")["knock_limit"] == 8


def test_oklahoma_needs_the_knock_limit(cli: CLI) -> None:
    argv = ("3S 4S 5S 7H 7D 7C QH QD QC AC", "--vs", "9D TD JD 4H 4D 4C 6S 7S KS 8C")
    cli("score", *argv, "--rules", "oklahoma").assert_error("Oklahoma", "--knock-limit")
    data = _score_json(cli, *argv, "--rules", "oklahoma", "--knock-limit", "5")
    assert (data["points"], data["multiplier"], data["rules"]) == (17, 1, "Oklahoma")
    spade = _score_json(cli, *argv, "--rules", "oklahoma", "--upcard", "9S")
    assert (spade["points"], spade["base_points"], spade["knock_limit"]) == (34, 17, 9)
    # Gin needs no knock limit.
    gin = ("AC 2C 3C 4C 6D 6H 6S JH QH KH", "--vs", "5C 7D 8D 9D 2H 2D 2S TS TD 4D")
    assert _score_json(cli, *gin, "--rules", "oklahoma")["points"] == 44


def test_classic_bonuses_do_not_change_a_round(cli: CLI) -> None:
    data = _score_json(
        cli,
        "3S 4S 5S 7H 7D 7C QH QD QC AC",
        "--vs",
        "9D TD JD 4H 4D 4C 6S 7S KS 8C",
        "--rules",
        "classic",
    )
    assert data["points"] == 17


def test_illegal_knock(cli: CLI) -> None:
    cli(
        "score", "3S 4S 5S 7H 7D 7C QH QD KC AC", "--vs", "9D TD JD 4H 4D 4C 6S 7S KS 8C"
    ).assert_error("illegal knock", "31", "knock limit is 10")


def test_card_in_both_hands(cli: CLI) -> None:
    cli(
        "score", "3S 4S 5S 7H 7D 7C QH QD QC AC", "--vs", "9D TD JD 4H 4D 4C 6S 7S KS 3S"
    ).assert_error("3S", "both hands")


def test_eleven_cards_only_for_big_gin(cli: CLI) -> None:
    cli(
        "score", "3S 4S 5S 7H 7D 7C QH QD QC AC KH", "--vs", "9D TD JD 4H 4D 4C 6S 7S KS 8C"
    ).assert_error("11 knocker cards", "big gin")


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (("3S 4S 5S", "--vs", "9D TD JD 4H 4D 4C 6S 7S KS 8C"), ("knocker", "10 cards", "3")),
        (("3S 4S 5S 7H 7D 7C QH QD QC AC", "--vs", "9D TD JD"), ("defender", "10 cards")),
        (("3S 4S 5S 7H 7D 7C QH QD QC AC",), ("--vs",)),
        (("3S 4S 5S 7H 7D 7C QH QD QC 1C", "--vs", "9D"), ("knocker", "'1C'")),
        (("3S 4S 5S 7H 7D 7C QH QD QC AC", "--vs", "9D 9D"), ("defender", "9D", "twice")),
        (("AS", "--vs", "KS", "--rules", "nope"), ("unknown rules preset 'nope'",)),
        (("AS", "--vs", "KS", "--knock-limit", "eleven"), ("--knock-limit", "whole number")),
        (("AS", "--vs", "KS", "--knock-limit", "11"), ("--knock-limit", "at most 10")),
        (("AS", "--vs", "KS", "--upcard", "ZZ"), ("--upcard", "'ZZ'")),
    ],
)
def test_errors(cli: CLI, argv: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    cli("score", *argv).assert_error(*fragments)


def test_upcard_outside_oklahoma(cli: CLI) -> None:
    cli(
        "score",
        "3S 4S 5S 7H 7D 7C QH QD QC AC",
        "--vs",
        "9D TD JD 4H 4D 4C 6S 7S KS 8C",
        "--upcard",
        "7S",
    ).assert_error("--upcard", "Oklahoma")


def test_spade_upcard_doubles_in_words(cli: CLI) -> None:
    argv = ("3S 4S 5S 7H 7D 7C QH QD QC AC", "--vs", "9D TD JD 4H 4D 4C 6S 7S KS 8C")
    run = cli("score", *argv, "--rules", "oklahoma", "--upcard", "9S")
    assert run.code == 0, run.err
    assert run.out.splitlines()[0] == "Oklahoma rules, knock limit 9"
    assert run.out.splitlines()[-1] == (
        "The knocker scores 18 - 1 = 17, doubled by the spade upcard: 34."
    )
    plain = cli("score", *argv, "--rules", "oklahoma", "--upcard", "9H")
    assert plain.out.splitlines()[-1] == "The knocker scores 18 - 1 = 17."


def test_ascii_cards_are_letters_with_10(cli: CLI) -> None:
    run = cli("score", "3S 4S 5S 7H 7D 7C QH QD QC AC", "--vs", "9D TD JD 4H 4D 4C 6S 7S KS 8C")
    assert "Defender  [4♥ 4♦ 4♣] [9♦ 10♦ J♦]" in run.out
    ascii = cli(
        "score", "3S 4S 5S 7H 7D 7C QH QD QC AC", "--vs", "9D TD JD 4H 4D 4C 6S 7S KS 8C", "--ascii"
    )
    assert "Defender  [4H 4D 4C] [9D 10D JD]" in ascii.out
    assert "lays off 6S 7S on [3S 4S 5S]" in ascii.out


def test_json_holds_codes_and_numbers_only(cli: CLI) -> None:
    data = _score_json(
        cli, "AS 2S 3S 5H 5D 5C 9C TC JC 8D", "--vs", "6H 7H 8H KS KH KD 2H 3D AD 4S"
    )
    assert set(data) == {
        "kind",
        "winner",
        "points",
        "base_points",
        "multiplier",
        "rules",
        "knock_limit",
        "knocker_deadwood",
        "defender_deadwood",
        "knocker",
        "defender",
        "layoffs",
    }
    assert (data["kind"], data["winner"], data["rules"]) == ("undercut", "defender", "Standard")
