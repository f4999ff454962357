"""The players' advice as data, on fixed positions: the facts are right (the chance a
discard feeds the opponent, the cards that say so, the outs to gin, a knock's undercut
risk by the stock's size), the hint avoids the discards the issue saw feed the
opponent, and no players module words anything (`ginrummy.text` alone does)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from advice_positions import position

from ginrummy.core import CARDS, Card, Discard, Knock, PlayerView, mask_of, parse_cards
from ginrummy.players import LEVELS, advisor_for
from ginrummy.players.advice import Advice, Unit, gin_outs
from ginrummy.players.evaluator import Evaluator
from ginrummy.players.expert import ExpertPlayer
from ginrummy.players.hint import HINT_SAMPLES, HINT_SEED, HintGiver
from ginrummy.players.master import MasterPlayer
from ginrummy.players.review import INACCURACY

#: The opponent's throws in these positions: far from every card that matters.
THREW = "KH QD"


def card(code: str) -> Card:
    return parse_cards(code)[0]


# --- the three discards the issue saw feed the opponent ------------------------------------

#: (hand, what the opponent took last, the card that would feed it, a safer one nearly as
#: good). 9♦ right after it took 9♠; 10♣ after it took 10♥; 2♣ after it took 2♥ (the
#: hand could knock: "don't knock yet", then 2♣ gave the computer gin).
FEEDS = [
    ("AS 2S 3S 5H 5D 5C 2H 3D 8C 4C 9D", "9S", "9D", "8C"),
    ("AS 2S 3S 5H 5D 5C 5S AC 6H 9D TC", "TH", "TC", "9D"),
    ("5H 5D 5C 9S TS JS 7D 8D 9D AC 2C", "2H", "2C", "AC"),
]


@pytest.mark.parametrize(("hand", "took", "feeding", "safer"), FEEDS)
def test_the_hint_does_not_feed_the_opponent_a_card_it_is_collecting(
    hand: str, took: str, feeding: str, safer: str
) -> None:
    view = position(hand, took=took, threw=THREW, draws=4)
    # The master's own ranking puts the feeding card first (for one seed at least): the
    # situation is the one the issue saw, not one no player would get wrong.
    assert any(MasterPlayer(seed).choose(view) == Discard(card(feeding)) for seed in (0, 1))
    for seed in (0, 1):
        advice = MasterPlayer(seed).advise(view)
        assert advice.action == Discard(card(safer)), seed
        # The runner-up is the feeding card, and the facts say why not: the card the
        # opponent took, and a far higher chance that it can use the card.
        mine, other = advice.risk, advice.runner_up_risk
        assert mine is not None and other is not None
        assert other.card == card(feeding) and card(took) in other.took
        assert other.feed_chance > mine.feed_chance + 0.25


@pytest.mark.parametrize("level", ["", *LEVELS])
def test_every_level_gets_the_checked_hint(level: str) -> None:
    # The hint key's advisor, whatever the level: a move the evaluation at the review's
    # budget grades good, which never throws the card the opponent collects.
    hand, took, feeding, _safer = FEEDS[0]
    view = position(hand, took=took, threw=THREW, draws=4)
    advisor = advisor_for(level)
    assert isinstance(advisor, HintGiver)
    action = advisor.advise(view).action
    evaluation = Evaluator(HINT_SAMPLES, seed=HINT_SEED).evaluate(view, (action,))
    assert evaluation.loss(action) < INACCURACY
    assert action != Discard(card(feeding))


def test_advise_computes_more_but_choose_plays_the_masters_move() -> None:
    # The hint weighs the feed more; the master's play is unchanged by it.
    view = position(FEEDS[0][0], took=FEEDS[0][1], threw=THREW, draws=4)
    master = MasterPlayer(0)
    assert master.advise(view).action == Discard(card("8C"))
    assert master.choose(view) == Discard(card("9D"))


def test_the_hint_is_the_masters_move_when_that_feeds_nothing_the_opponent_collects() -> None:
    # K♥ goes (21% to feed, nothing taken near it): the master's move, hint or not.
    view = position("AS 2S 3S 4S 8C 9C TC JC QD QH KH", threw="QS", draws=4)
    for seed in (0, 1):
        advice = MasterPlayer(seed).advise(view)
        assert advice.action == MasterPlayer(seed).choose(view) == Discard(card("KH"))
        assert advice.risk is not None and advice.risk.feed_chance < 0.3


# --- the facts -----------------------------------------------------------------------------


@pytest.mark.parametrize("player", [ExpertPlayer(), MasterPlayer()], ids=["expert", "master"])
def test_a_card_next_to_what_the_opponent_took_feeds_it_more(player: ExpertPlayer) -> None:
    hand = "AS 2S 3S 5H 5D 5C 2H 3D 8C 4C 9D"
    nine = card("9D")
    took = position(hand, took="9S", threw=THREW, draws=4)
    calm = position(hand, took="", threw=THREW, draws=5)

    def risk_of_nine(view: PlayerView) -> float:
        advice = player.advise(view)
        thrown = [o.action.card for o in advice.options if isinstance(o.action, Discard)]
        assert [r.card for r in advice.risks] == thrown
        [risk] = [r for r in advice.risks if r.card == nine]
        assert risk.took == ((card("9S"),) if view is took else ())
        return risk.feed_chance

    assert risk_of_nine(took) > risk_of_nine(calm) + 0.2


@pytest.mark.parametrize("player", [ExpertPlayer(), MasterPlayer()], ids=["expert", "master"])
def test_the_advice_names_its_move_first_and_the_round_by_its_stock(player: ExpertPlayer) -> None:
    view = position(FEEDS[0][0], took="9S", threw=THREW, draws=4)
    advice = player.advise(view)
    assert isinstance(advice, Advice)
    assert advice.options[0].action == advice.action and len(advice.options) == 5
    assert advice.unit is Unit.HAND_COST and not advice.unit.higher_is_better
    assert advice.stock == view.stock_size == 31 - 4 - 5
    assert isinstance(advice.action, Discard)
    assert advice.deadwood == 18  # 9♦ 4♣ 3♦ 2♥ or 8♣ 4♣ 3♦ 2♥ and so on: the least
    assert advice.risk is not None and advice.risk.card == advice.action.card
    assert advice.risk.deadwood_after == advice.deadwood


def test_outs_to_gin_are_the_unseen_cards_that_complete_the_hand() -> None:
    # A♠-4♠ and 8♣-J♣ with a pair of queens: only a third queen goes gin (Q♣ by the run or
    # the set, Q♠ by the set); a card that extends a run still leaves the queens loose.
    hand10 = mask_of(parse_cards("AS 2S 3S 4S 8C 9C TC JC QD QH"))
    unseen = mask_of(CARDS) & ~hand10
    assert gin_outs(hand10, unseen) == 2
    assert gin_outs(hand10, unseen & ~card("QS").bit) == 1
    # One loose card: every card that joins a meld goes gin (4♠, the fourth 5, 8♣, Q♣).
    one_loose = mask_of(parse_cards("AS 2S 3S 5H 5D 5C 9C TC JC 4D"))
    assert gin_outs(one_loose, mask_of(CARDS) & ~one_loose) == 4


@pytest.mark.parametrize("player", [ExpertPlayer(), MasterPlayer()], ids=["expert", "master"])
def test_the_advice_counts_the_outs_left_after_its_discard(player: ExpertPlayer) -> None:
    # K♥ goes (or a queen: then no out); Q♠ lies on the pile, so Q♣ alone goes gin.
    view = position("AS 2S 3S 4S 8C 9C TC JC QD QH KH", threw="QS", draws=4)
    advice = player.advise(view)
    assert isinstance(advice.action, Discard)
    expected = 1 if advice.action.card == card("KH") else 0
    assert advice.gin_outs == expected


@pytest.mark.parametrize("player", [ExpertPlayer(), MasterPlayer()], ids=["expert", "master"])
def test_the_undercut_risk_of_a_knock_grows_as_the_stock_shrinks(player: ExpertPlayer) -> None:
    # K♣ out leaves 4 deadwood; the opponent draws from the stock turn after turn.
    hand = "AS 2S 3S 5H 5D 5C 9C TC JC 4D KC"
    thrown = "QH JD 8S 7H 6D 4C 3H 2D QC 8H 7S"
    risks = []
    stocks = []
    for draws in (1, 4, 7, 10):
        view = position(hand, threw=thrown, draws=draws)
        advice = player.advise(view)
        assert advice.knock is not None and advice.knock.deadwood == 4
        assert isinstance(advice.action, Discard | Knock)
        risks.append(advice.knock.undercut_chance)
        stocks.append(advice.stock)
    assert stocks == sorted(stocks, reverse=True)
    assert risks == sorted(risks) and risks[-1] > risks[0] + 0.1
    assert all(0.0 < r < 1.0 for r in risks)


# --- the players say nothing in words --------------------------------------------------------


def test_no_players_module_imports_the_text() -> None:
    """The import-linter contract, checked here too: every import in ginrummy/players,
    relative ones resolved, stays out of ginrummy.text."""
    root = Path(__file__).resolve().parents[2] / "ginrummy"
    found = []
    for path in sorted((root / "players").rglob("*.py")):
        package = ".".join(path.relative_to(root.parent).with_suffix("").parts)
        if path.name != "__init__.py":
            package = package.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")
                if node.level:
                    base = base[: len(base) - node.level + 1]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                names = [module] + [f"{module}.{a.name}" for a in node.names]
            found += [(path.name, n) for n in names if n.startswith("ginrummy.text")]
    assert found == []
