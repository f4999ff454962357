"""The hint giver (`ginrummy.players.hint`): the evaluator's best move at the hint's budget,
read from the seat's view alone, never a move the review at the same budget calls a
mistake, and the facts behind it in `Unit.WIN_CHANCE`."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from advice_positions import position

from ginrummy.core import (
    CARDS,
    Discard,
    DrawStock,
    Game,
    Knock,
    Pass,
    Phase,
    PlayerView,
    Round,
    Rules,
    TakeDiscard,
    parse_cards,
)
from ginrummy.net.protocol import view_from_json, view_to_json
from ginrummy.players import make_player
from ginrummy.players.advice import Unit
from ginrummy.players.evaluator import DEFAULT_SAMPLES, Evaluator
from ginrummy.players.hint import HINT_SAMPLES, HINT_SEED, HintGiver
from ginrummy.players.hint_advice import ADVICE_OPTIONS
from ginrummy.players.master import MasterPlayer
from ginrummy.players.review import INACCURACY, Grade, review

#: The opponent's throws in the fixed positions: far from every card that matters.
THREW = "KH QD"


def game_views(count: int, seed: int) -> list[PlayerView]:
    """``count`` views of seat 0 at its decisions in seeded games between two experts."""
    views: list[PlayerView] = []
    game = Game(Rules(), seed=seed)
    bots = (make_player("expert", seed), make_player("expert", seed + 1))
    while len(views) < count and not game.is_over:
        rnd = game.round
        while rnd.result is None and len(views) < count:
            me = rnd.to_act
            view = rnd.view(me)
            if me == 0:
                views.append(view)
            game.apply(bots[me].choose(view), me)
        if rnd.result is not None and not game.is_over:
            game.next_round()
    return views


def test_the_hint_is_the_masters_move_if_graded_good_else_the_evaluators_best() -> None:
    assert (HINT_SAMPLES, HINT_SEED) == (DEFAULT_SAMPLES, 0)  # the review's defaults
    views = game_views(14, seed=3)
    phases = {v.phase for v in views}
    assert {Phase.DRAW, Phase.DISCARD} <= phases
    for view in views:
        advice = HintGiver().advise(view)
        masters = MasterPlayer(HINT_SEED).advise(view).action
        evaluation = Evaluator(HINT_SAMPLES, seed=HINT_SEED).evaluate(view, (masters,))
        if evaluation.loss(masters) < INACCURACY:
            assert advice.action == masters
        else:
            assert advice.action == evaluation.best.action != masters
        assert advice.unit is Unit.WIN_CHANCE and advice.unit.higher_is_better
        # The options: the move first, then the evaluation's other choices, best first,
        # with their chances to win.
        ranked = sorted(evaluation.choices, key=lambda c: c.action != advice.action)
        expected = [(c.action, c.win) for c in ranked[:ADVICE_OPTIONS]]
        assert [(o.action, o.value) for o in advice.options] == expected
        assert advice.stock == view.stock_size
        # Every discard weighed has its risk, in the options' order, the move's first.
        thrown = [o.action.card for o in advice.options if isinstance(o.action, Discard)]
        assert [r.card for r in advice.risks] == thrown
        if isinstance(advice.action, Discard):
            assert advice.risk is not None and advice.risk.card == advice.action.card
            assert advice.risk.deadwood_after == advice.deadwood


def test_the_hint_key_loads_the_evaluator_in_the_worker_not_on_the_ui_thread() -> None:
    """Making a hint giver and telling it the rounds (what the hint key does on the UI
    thread) loads none of the evaluator's modules; the first advice (in the worker) does."""
    code = (
        "import sys\n"
        "from ginrummy.players import advisor_for\n"
        "giver = advisor_for('simple')\n"
        "giver.recall([])\n"
        "heavy = ('ginrummy.players.evaluator', 'ginrummy.players.master',"
        " 'ginrummy.players.expert', 'ginrummy.players.hint_advice')\n"
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "[]"


def test_another_seed_or_budget_is_another_evaluation() -> None:
    # The hint is the evaluation at its own budget and seed, not a fixed answer.
    view = position("AS 2S 3S 5H 5D 5C 2H 3D 8C 4C 9D", took="9S", threw=THREW, draws=4)
    values = {
        (n, s): tuple(o.value for o in HintGiver(n, s).advise(view).options)
        for n, s in ((HINT_SAMPLES, 0), (HINT_SAMPLES, 1), (16, 0))
    }
    assert len(set(values.values())) == 3


def _deck(fixed: list, hidden_seed: int) -> list:
    """A deal where the non-dealer (seat 1) holds ``fixed[:10]``, the upcard is
    ``fixed[10]`` and the stock's top is ``fixed[11]``; the dealer's hand and the rest of
    the stock are shuffled by ``hidden_seed``."""
    rest = [c for c in CARDS if c not in fixed]
    random.Random(hidden_seed).shuffle(rest)
    deck = [None] * 52
    deck[0:20:2] = fixed[:10]
    deck[1:20:2] = rest[:10]
    deck[20] = fixed[10]
    deck[21] = fixed[11]
    deck[22:] = rest[10:]
    return deck


#: Seat 1's hands (10 cards, the upcard, the stock's top): a take-or-pass, and after
#: drawing, a discard with a knock on offer.
DEALS = [
    parse_cards("AS 2S 3S 4S 7H 7D 7C QH QD QC 9D KC"),
    parse_cards("AS 2S 3S 5H 5D 5C 9C TC JC 4D 8H 2D"),
]


@pytest.mark.parametrize("fixed", DEALS, ids=["meld-rich", "knock-on-offer"])
@pytest.mark.parametrize("moves", [0, 3], ids=["upcard", "after-draw"])
def test_the_hint_never_reads_the_hidden_cards(fixed: list, moves: int) -> None:
    """The dealer's hand and the stock shuffled behind an identical view: the same hint,
    facts and numbers alike."""
    advices = []
    for hidden_seed in (1, 2, 3):
        rnd = Round(Rules(), dealer=0, deck=_deck(fixed, hidden_seed))
        for action in (Pass(), Pass(), DrawStock())[:moves]:
            rnd.apply(action)
        advices.append((rnd.hand(0), rnd.view(1), HintGiver().advise(rnd.view(1))))
    (h1, v1, a1), (h2, v2, a2), (h3, v3, a3) = advices
    assert len({h1, h2, h3}) == 3  # different hidden cards...
    assert v1 == v2 == v3  # ...behind an identical view
    assert a1 == a2 == a3


def test_the_review_at_the_same_budget_grades_no_hinted_move_a_mistake() -> None:
    """A round in which seat 0 plays every hint (at a small budget, to stay quick),
    reviewed at that budget: every decision good (the same worlds value the same
    choices), none a mistake."""
    samples = 16
    game = Game(Rules(), seed=21)
    opponent = make_player("expert", 21)
    rnd = game.round
    hinted = []
    while rnd.result is None:
        me = rnd.to_act
        view = rnd.view(me)
        action = HintGiver(samples).advise(view).action if me == 0 else opponent.choose(view)
        if me == 0:
            hinted.append(action)
        game.apply(action, me)
    seat = review(game, 0, Evaluator(samples))
    decisions = seat.decisions
    assert len(decisions) >= 5
    assert all(d.played in hinted for d in decisions)
    assert {d.grade for d in decisions} <= {Grade.GOOD, Grade.INACCURACY}
    assert sum(d.grade is Grade.GOOD for d in decisions) >= len(decisions) - 1


# --- the facts ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "took", "feeding"),
    [
        ("AS 2S 3S 5H 5D 5C 2H 3D 8C 4C 9D", "9S", "9D"),
        ("AS 2S 3S 5H 5D 5C 5S AC 6H 9D TC", "TH", "TC"),
        ("5H 5D 5C 9S TS JS 7D 8D 9D AC 2C", "2H", "2C"),
    ],
)
def test_the_hint_does_not_throw_the_card_the_opponent_collects(
    hand: str, took: str, feeding: str
) -> None:
    """The issue's three discards that fed the opponent (9♦ after it took 9♠, 10♣ after
    10♥, 2♣ after 2♥): the hint throws another card, and says what made them dangerous."""
    view = position(hand, took=took, threw=THREW, draws=4)
    for seed in (0, 1):
        advice = HintGiver(seed=seed).advise(view)
        [fed] = parse_cards(feeding)
        assert isinstance(advice.action, Discard) and advice.action.card != fed
        [risk] = [r for r in advice.risks if r.card == fed] or [None]
        if risk is not None:  # weighed among the first: the card taken says why
            assert parse_cards(took)[0] in risk.took
            assert advice.risk is not None and risk.feed_chance > advice.risk.feed_chance


def test_a_knock_declined_or_made_says_its_undercut_risk_by_the_stock() -> None:
    # K♣ out leaves 4 deadwood; the opponent draws from the stock turn after turn.
    hand = "AS 2S 3S 5H 5D 5C 9C TC JC 4D KC"
    thrown = "QH JD 8S 7H 6D 4C 3H 2D QC 8H 7S"
    risks = []
    for draws in (1, 4, 7, 10):
        view = position(hand, threw=thrown, draws=draws)
        advice = HintGiver().advise(view)
        knock = advice.knock
        assert knock is not None and knock.deadwood == 4 and knock.unit is Unit.WIN_CHANCE
        # The knock's and the best discard's chances are the evaluation's.
        values = {o.action: o.value for o in advice.options}
        assert values[Knock(knock.card)] == knock.knock_value
        assert max(v for a, v in values.items() if isinstance(a, Discard)) == knock.play_on_value
        if isinstance(advice.action, Knock):
            assert knock.knock_value >= knock.play_on_value
        else:
            assert knock.play_on_value >= knock.knock_value
        risks.append(knock.undercut_chance)
    assert risks == sorted(risks) and risks[-1] > risks[0] + 0.1


def test_a_take_names_the_meld_and_a_draw_its_card() -> None:
    # Seat 1 (the non-dealer) to take or pass the upcard Q♣, with Q♥ Q♦ in hand.
    fixed = parse_cards("AS 2S 3S 4S 7H 7D 7C QH QD 2C QC KC")
    rnd = Round(Rules(), dealer=0, deck=_deck(fixed, 5))
    advice = HintGiver().advise(rnd.view(1))
    assert advice.take is not None and advice.take.card == fixed[10]
    assert {o.action for o in advice.options} == {TakeDiscard(), Pass()}
    assert isinstance(advice.action, TakeDiscard)  # Q♣ makes three queens
    assert set(advice.take.meld) == set(parse_cards("QH QD"))
    assert advice.deadwood == advice.take.deadwood_after


def test_online_the_hint_reads_the_view_the_host_sends() -> None:
    """An online player's hint is computed from the view that crossed the wire (their own
    seat's, as JSON): the same hint as from the view at the host."""
    for view in game_views(6, seed=9)[2:]:
        sent = json.loads(json.dumps(view_to_json(view)))
        received = view_from_json(sent, view.rules)
        assert HintGiver(16).advise(received) == HintGiver(16).advise(view)
