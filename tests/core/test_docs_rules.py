"""docs/rules.md says what the engine does: its knobs, its preset table, its worked examples."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from ginrummy.core import PRESETS, ResultKind, Rules, mask_of, parse_cards, settle

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
TEXT = DOC.read_text(encoding="utf-8")


def section(number: int) -> str:
    start = TEXT.index(f"\n## {number}. ")
    end = TEXT.find("\n## ", start + 1)
    return TEXT[start : end if end != -1 else None]


@pytest.mark.parametrize("knob", [f.name for f in fields(Rules)])
def test_every_knob_is_documented(knob: str) -> None:
    documented = {
        # Knobs named in words rather than as code in the text.
        "oklahoma": "**Oklahoma**",
        "spade_doubles": "spade upcard doubles",
        "games": "best of five",
    }
    assert documented.get(knob, f"`{knob}`") in TEXT


def _preset_rows() -> dict[str, list[str]]:
    rows = {}
    for line in section(8).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[0] not in ("preset", "---"):
            rows[cells[0].split(" (")[0]] = cells
    return rows


def test_the_preset_table_lists_every_preset() -> None:
    assert set(_preset_rows()) == set(PRESETS)


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_preset_table_matches_the_presets(name: str) -> None:
    _, target, limit, big_gin, bonuses, games = _preset_rows()[name]
    rules = Rules.preset(name)
    assert int(target) == rules.target
    if rules.oklahoma:
        assert limit == "upcard"
    else:
        assert int(limit) == rules.knock_limit
    assert big_gin == ("off" if rules.big_gin_bonus is None else str(rules.big_gin_bonus))
    assert ("game 100" in bonuses) == (rules.game_bonus == 100)
    assert ("box 25" in bonuses) == (rules.box_bonus == 25)
    assert ("spade ×2" in bonuses) == rules.spade_doubles
    assert games == ("1" if rules.games == 1 else f"best of {rules.games}")


def _examples() -> list[tuple[str, list[str], int, str]]:
    """(title, the hands in backticks, the score stated, who scores) of each example."""
    found = []
    for block in re.split(r"\n(?=\d\. )", section(9))[1:]:
        title = block.split(".")[1].strip()
        hands = re.findall(r"`([^`]+)`", block)
        scored = re.search(r"(Knocker|Defender) scores (\d+)\.", block)
        assert scored, block
        found.append((title, hands, int(scored.group(2)), scored.group(1)))
    return found


def test_there_are_six_worked_examples() -> None:
    assert len(_examples()) == 6


@pytest.mark.parametrize("example", _examples(), ids=lambda e: e[0])
def test_each_worked_example_holds(example: tuple[str, list[str], int, str]) -> None:
    title, hands, points, scorer = example
    knocker = parse_cards(hands[0])
    # A "same knocker" example gives only the defender: the knocker is the one before.
    defender = parse_cards(hands[-1])
    if len(hands) == 1:
        titles = [e[0] for e in _examples()]
        knocker = parse_cards(_examples()[titles.index(title) - 1][1][0])
    rules = Rules()
    showdown = settle(
        mask_of(knocker),
        mask_of(defender),
        knock_limit=rules.knock_limit,
        gin_bonus=rules.gin_bonus,
        undercut_bonus=rules.undercut_bonus,
        big_gin_bonus=rules.big_gin_bonus,
    )
    assert showdown.points == points
    assert showdown.knocker_won == (scorer == "Knocker")
    expected_kind = {
        "Gin": ResultKind.GIN,
        "Big Gin": ResultKind.BIG_GIN,
        "Undercut": ResultKind.UNDERCUT,
        "Tie is an undercut": ResultKind.UNDERCUT,
    }.get(title, ResultKind.KNOCK if scorer == "Knocker" else ResultKind.UNDERCUT)
    assert showdown.kind is expected_kind
