"""The expert opponent: its card tracking, its opponent-hand estimate, and legal play."""

from __future__ import annotations

import dataclasses
import math

import pytest
from players_helpers import play_checked

from ginrummy.core import (
    CARDS,
    Discard,
    DrawStock,
    Event,
    EventKind,
    Game,
    Knock,
    Pass,
    Phase,
    PlayerView,
    ResultKind,
    Round,
    Rules,
    TakeDiscard,
    mask_of,
    parse_cards,
)
from ginrummy.core.melds import min_deadwood_mask
from ginrummy.players import make_player
from ginrummy.players.estimates import UNDERCUT_BONUS, knock_outs, takes_back
from ginrummy.players.expert import CardTracker, ExpertPlayer, KnockOdds
from ginrummy.text.hints import advice_text

EAAI = Rules.preset("eaai")


def deck_with(non_dealer: str, dealer: str, upcard: str) -> list:
    """A deck order dealing these hands (dealer is player 0) and this upcard."""
    nd, de, up = parse_cards(non_dealer), parse_cards(dealer), parse_cards(upcard)
    used = set(nd) | set(de) | set(up)
    rest = [c for c in CARDS if c not in used]
    deck = []
    for a, b in zip(nd, de, strict=True):
        deck += [a, b]
    return deck + up + rest


@pytest.fixture
def rnd() -> Round:
    # Player 1 (non-dealer) holds 7♥ 8♥; the upcard 9♥ suits it.
    deck = deck_with(
        "7H 8H 2C 4D 6S KC QD JS 3H 5C",
        "AS 2S 3S 4H 4C 9C TC JD QS KH",
        "9H",
    )
    return Round(Rules(), dealer=0, deck=deck)


def test_a_card_the_opponent_picked_up_is_known(rnd: Round) -> None:
    nine = parse_cards("9H")[0]
    rnd.apply(TakeDiscard())  # player 1 takes the upcard
    rnd.apply(Discard(parse_cards("KC")[0]))
    tracking = CardTracker.track(rnd.view(0))
    assert tracking.opponent_known == nine.bit
    assert tracking.in_opponent[nine.index] == 0.0  # known, so not among the unseen
    assert not tracking.unseen & nine.bit
    assert tracking.opponent_took & nine.bit
    assert tracking.opponent_unknown == 9


def test_a_discarded_card_is_not_in_the_opponents_hand(rnd: Round) -> None:
    king = parse_cards("KC")[0]
    rnd.apply(TakeDiscard())
    rnd.apply(Discard(king))
    tracking = CardTracker.track(rnd.view(0))
    assert not tracking.unseen & king.bit
    assert tracking.in_opponent[king.index] == 0.0
    assert tracking.opponent_rejected & king.bit


def test_a_declined_upcard_counts_as_rejected_and_not_held(rnd: Round) -> None:
    nine = parse_cards("9H")[0]
    rnd.apply(Pass())  # the non-dealer (player 1) declines 9♥
    tracking = CardTracker.track(rnd.view(0))
    assert tracking.opponent_rejected & nine.bit
    assert not tracking.unseen & nine.bit  # it lies on the discard pile


def test_estimate_is_a_distribution_over_the_unseen_cards(rnd: Round) -> None:
    rnd.apply(Pass())
    rnd.apply(Pass())
    rnd.apply(DrawStock())
    view = rnd.view(0)
    tracking = CardTracker.track(view)
    mine = mask_of(view.hand)
    for card in CARDS:
        p = tracking.in_opponent[card.index]
        if mine & card.bit or card in view.discard_pile:
            assert p == 0.0
        else:
            assert 0.0 < p <= 0.95
    assert sum(tracking.in_opponent) == pytest.approx(tracking.opponent_unknown)


def test_cards_near_the_opponents_discards_are_less_likely() -> None:
    deck = deck_with(
        "7H 8H 2C 4D 6S KC QD JS 3H 5C",
        "AS 2S 3S 4H 4C 9C TC JD QS KH",
        "9H",
    )
    rnd = Round(Rules(), dealer=0, deck=deck)
    rnd.apply(TakeDiscard())
    rnd.apply(Discard(parse_cards("KC")[0]))  # player 1 throws a king of clubs away
    tracking = CardTracker.track(rnd.view(0))
    queen_clubs = parse_cards("QC")[0]  # next to the discarded K♣
    five_diamonds = parse_cards("5D")[0]  # unrelated to anything seen
    assert tracking.in_opponent[queen_clubs.index] < tracking.in_opponent[five_diamonds.index]


@pytest.mark.parametrize("preset", ["Standard", "Oklahoma", "Straight gin", "Classic"])
def test_expert_plays_only_legal_moves(preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(6):
        players = (ExpertPlayer(seed), make_player("random" if seed % 2 else "simple", seed))
        play_checked(Game(rules, seed=seed), players, rounds=4)


def test_expert_is_deterministic() -> None:
    def play(seed: int) -> list[str]:
        players = (make_player("expert", seed), make_player("simple", seed))
        return play_checked(Game(Rules(), seed=seed), players)

    assert play(11) == play(11)


def test_advice_matches_the_move_and_gives_a_reason() -> None:
    expert = ExpertPlayer()
    game = Game(Rules(), seed=5)
    simple = make_player("simple")
    kinds = set()
    for _ in range(3):
        rnd = game.round
        while rnd.result is None:
            me = rnd.to_act
            view = rnd.view(me)
            advice = expert.advise(view)
            assert advice.action == expert.choose(view)
            assert advice.action in view.legal_actions()
            assert advice.options[0].action == advice.action
            assert advice.stock == view.stock_size
            reason = advice_text(advice)
            assert reason and reason[0].isupper()
            card = getattr(advice.action, "card", None)
            if card is not None:
                assert card.pretty in reason
            kinds.add(type(advice.action).__name__)
            game.apply(advice.action if me == 0 else simple.choose(view), me)
        if game.is_over:
            break
        game.next_round()
    assert {"DrawStock", "Discard"} <= kinds


def test_a_dead_card_is_called_dead() -> None:
    from ginrummy.players.advice import DeadCard
    from ginrummy.players.expert import Tracking, dead_card
    from ginrummy.text.hints import dead_card_text

    king = parse_cards("KC")[0]
    hand = mask_of(parse_cards("KC 2S 3S"))
    gone = mask_of(parse_cards("KD KH QC"))  # on the discard pile
    unseen = mask_of(CARDS) & ~hand & ~gone
    tracking = Tracking(unseen, 0, 10, 0, 0, tuple([0.0] * 52))
    dead = dead_card(king, hand, tracking)
    assert dead == DeadCard(king, 2, tuple(parse_cards("QC")))
    assert dead_card_text(dead) == "two other kings are gone, and so is Q♣"
    # With Q♣ still unseen a run J♣ Q♣ K♣ is possible: not dead.
    tracking = Tracking(unseen | parse_cards("QC")[0].bit, 0, 10, 0, 0, tuple([0.0] * 52))
    assert dead_card(king, hand, tracking) is None


# --- the knock weighs the undercut risk the opponent's play reveals ----------------------


def _knock_view(hand: str, *, opponent_takes: str, opponent_draws: int) -> PlayerView:
    """Player 0 to discard holding ``hand`` (11 cards) after the opponent (player 1) drew
    ``opponent_draws`` cards from the stock and took ``opponent_takes`` from the pile."""
    mine = parse_cards(hand)
    taken = parse_cards(opponent_takes)
    rest = [c for c in CARDS if c not in mine and c not in taken]
    deck = deck_with(
        " ".join(c.code for c in rest[:10]), " ".join(c.code for c in mine[:10]), rest[10].code
    )
    view = Round(EAAI, dealer=0, deck=deck).view(0)
    history = [view.history[0], Event(EventKind.PASS, 1), Event(EventKind.PASS, 0)]
    thrown = rest[11:]
    turns = opponent_draws + len(taken)
    for i in range(turns):
        if i < len(taken):
            history += [Event(EventKind.DISCARD, 0, taken[i]), Event(EventKind.TAKE, 1, taken[i])]
        else:
            history.append(Event(EventKind.DRAW, 1))
        history.append(Event(EventKind.DISCARD, 1, thrown[i]))
        history.append(Event(EventKind.DRAW, 0))
    pile = tuple(e.card for e in history if e.kind is EventKind.DISCARD and e.player == 1)
    return dataclasses.replace(
        view,
        phase=Phase.DISCARD,
        to_act=0,
        hand=tuple(mine),
        discard_pile=(view.history[0].card, *pile) if view.history[0].card else pile,
        stock_size=31 - opponent_draws - turns,
        opponent_known=frozenset(taken),
        opponent_card_count=10,
        history=tuple(history),
        drawn_card=mine[-1],
        taken_card=None,
        stock_only=False,
    )


#: K♣ out leaves 9 or 10 deadwood; the rest melds.
NINE = "AS 2S 3S 5H 5D 5C 9C TC JC 9D KC"  # 9♦: 9 deadwood
TEN = "AS 2S 3S 5H 5D 5C 9C TC JC TD KC"  # 10♦: 10 deadwood
ONE = "AS 2S 3S 5H 5D 5C 9C TC JC AD KC"  # A♦: 1 deadwood


@pytest.mark.parametrize("hand", [NINE, TEN])
def test_no_knock_at_9_or_10_after_the_opponent_picked_up_three_discards(hand: str) -> None:
    # The person at the table: "it knocks at 9 or 10 right after you picked up three
    # discards to make sets".
    view = _knock_view(hand, opponent_takes="7H 7D QS", opponent_draws=5)
    assert Knock(parse_cards("KC")[0]) in view.legal_actions()
    action = ExpertPlayer().choose(view)
    assert isinstance(action, Discard), action
    advice = ExpertPlayer().advise(view)
    least = min_deadwood_mask(view.hand_mask ^ parse_cards("KC")[0].bit)  # 9 or 10
    assert advice.knock is not None and advice.knock.deadwood == least
    assert advice.knock.undercut_chance > 0.3 and not advice.knock.opponent_knocks_early
    assert "don't knock yet" in advice_text(advice)


def test_the_same_hand_knocks_early_against_an_unready_opponent() -> None:
    view = _knock_view(NINE, opponent_takes="", opponent_draws=1)
    assert ExpertPlayer().choose(view) == Knock(parse_cards("KC")[0])


def test_with_one_deadwood_it_holds_for_gin_against_a_player_who_picked_up_melds() -> None:
    """Against the defensive yardstick a knock of 1 after it had drawn 6-11 cards was
    undercut about a fifth of the time (it is often at gin's door, or lays off down to
    1): the undercut costs 25 and more, the knock wins a few points."""
    view = _knock_view(ONE, opponent_takes="7H 7D QS", opponent_draws=5)
    expert = ExpertPlayer()
    odds = expert.knock_odds(
        view.hand_mask ^ parse_cards("KC")[0].bit, view, CardTracker.track(view)
    )
    assert odds.undercut_chance > 0.1
    assert expert.choose(view) == Discard(parse_cards("KC")[0])


def test_with_little_deadwood_it_knocks_when_the_stock_is_nearly_gone() -> None:
    view = _knock_view(ONE, opponent_takes="7H 7D QS", opponent_draws=5)
    late = dataclasses.replace(view, stock_size=4)
    assert ExpertPlayer().choose(late) == Knock(parse_cards("KC")[0])


def test_a_waiting_opponent_may_be_ready_to_undercut_any_knock() -> None:
    """The share of waiting players at gin's door (``ready_share``) grows with the cards
    they drew and undercuts even a knock of 1, which the smooth model alone would call
    safe."""

    class Smooth(ExpertPlayer):
        ready_share = 0.0

    view = _knock_view(ONE, opponent_takes="", opponent_draws=8)
    tracking = CardTracker.track(view)
    p_ready, _eager, _mean = ExpertPlayer().undercut_chances(1, view, tracking)
    p_smooth, _eager, _mean = Smooth().undercut_chances(1, view, tracking)
    ready = ExpertPlayer.ready_share * (1 - math.exp(-ExpertPlayer.ready_rate * 8))
    assert p_smooth < 0.05
    assert p_ready == pytest.approx(ready + (1 - ready) * p_smooth)


class Eager(ExpertPlayer):
    """An expert that believes from the start that the opponent knocks as soon as it can."""

    waiter_prior = -3.0


@pytest.mark.parametrize(("hand", "draws"), [(NINE, 3), (ONE, 6)])
def test_against_a_player_who_knocks_at_once_it_plays_on_for_the_undercut(
    hand: str, draws: int
) -> None:
    """Against eaai, which knocks at its first chance, most rounds the expert wins are
    undercuts of that knock: playing on is worth far more than a small knock
    (``eager_wait_value``). An opponent not yet read meets the knock it would make."""
    view = _knock_view(hand, opponent_takes="", opponent_draws=draws)
    kc = parse_cards("KC")[0]
    assert ExpertPlayer().choose(view) == Knock(kc)
    assert Eager().choose(view) == Discard(kc)
    assert Eager()._wait_value(view) > ExpertPlayer()._wait_value(view)
    # The hint says why: to undercut, not for fear of an undercut.
    advice = Eager().advise(view)
    assert advice.knock is not None and advice.knock.opponent_knocks_early
    assert "the opponent knocks early" in advice_text(advice)


def test_undercut_risk_grows_with_what_the_opponent_took_and_drew() -> None:
    expert = ExpertPlayer()

    def odds(takes: str, draws: int) -> KnockOdds:
        view = _knock_view(NINE, opponent_takes=takes, opponent_draws=draws)
        return expert.knock_odds(
            view.hand_mask ^ parse_cards("KC")[0].bit, view, CardTracker.track(view)
        )

    fresh, later, picked = odds("", 1), odds("", 6), odds("7H 7D QS", 5)
    assert fresh.undercut_chance < later.undercut_chance < picked.undercut_chance
    assert fresh.expected_points > later.expected_points > picked.expected_points
    assert fresh.opponent_deadwood > later.opponent_deadwood > picked.opponent_deadwood


def test_it_learns_from_the_scores_whether_the_opponent_waits() -> None:
    """Over a game the public scores show the opponent's style: a knock of its own that
    was undercut makes the expert warier, one that scored bolder."""

    def after_knock(scores: tuple[int, int]) -> float:
        expert = ExpertPlayer()
        prior = expert.waiter_chance
        assert 0.5 < prior < 0.7  # leaning to caution
        view = _knock_view(TEN, opponent_takes="", opponent_draws=1)
        assert isinstance(expert.choose(view), Knock)
        assert expert.waiter_chance == prior  # nothing learnt mid-round
        next_round = dataclasses.replace(view, round_number=2, scores=scores)
        expert.choose(next_round)
        return expert.waiter_chance

    prior = ExpertPlayer().waiter_chance
    assert after_knock((0, 27)) > prior + 0.1  # the opponent scored after my knock: undercut
    assert after_knock((12, 0)) < prior  # my knock scored


@pytest.mark.parametrize(
    ("scores", "moves"),
    [((0, 5), -1), ((0, 40), +1)],  # a knock (at most my 9 deadwood) / a gin
)
def test_how_the_opponent_went_out_mid_stock_shows_its_style(
    scores: tuple[int, int], moves: int
) -> None:
    """I discarded with 18 cards in the stock and the opponent went out: by a knock (it
    scored no more than my deadwood), it knocks when it can; by gin, it waits."""
    expert = ExpertPlayer()
    prior = expert.waiter_chance
    view = _knock_view(NINE, opponent_takes="7H 7D QS", opponent_draws=5)
    assert view.stock_size == 18
    assert isinstance(expert.choose(view), Discard)
    expert.choose(dataclasses.replace(view, round_number=2, scores=scores))
    assert (expert.waiter_chance - prior) * moves > 0.1


def test_an_opponents_knock_early_in_the_stock_says_nothing() -> None:
    """Every kind of player knocks a good early hand."""
    expert = Eager()
    prior = expert.waiter_chance
    view = _knock_view(NINE, opponent_takes="", opponent_draws=3)
    assert view.stock_size >= ExpertPlayer.evidence_after_stock
    assert isinstance(expert.choose(view), Discard)
    expert.choose(dataclasses.replace(view, round_number=2, scores=(0, 5)))
    assert expert.waiter_chance == prior


def test_a_restored_game_tells_an_opponents_knock_mid_stock() -> None:
    """`recall` reads eaai's knocks mid-stock from a finished round as play does."""

    class Deaf(ExpertPlayer):
        evidence_knock = None

    game = Game(EAAI, seed=1)  # eaai knocks, 16 cards in the stock, in round 7
    players = (make_player("eaai", 1), ExpertPlayer(2))
    while True:
        rnd = game.round
        while rnd.result is None:
            who = rnd.to_act
            game.apply(players[who].choose(rnd.view(who)), who)
        result = rnd.result
        if result.kind is ResultKind.KNOCK and result.knocker == 0 and 8 < result.stock_left < 20:
            break
        game.next_round()
    told, deaf = ExpertPlayer(), Deaf()
    told.recall([rnd.view(1)])
    deaf.recall([rnd.view(1)])
    assert deaf.waiter_chance == ExpertPlayer().waiter_chance
    assert told.waiter_chance < deaf.waiter_chance - 0.3


def test_an_expert_made_for_a_restored_game_is_told_what_the_rounds_showed() -> None:
    """An expert seated in a restored game (or the next game of a match) is told the
    earlier rounds by their last views from its seat, and believes what the expert that
    played them learnt: its undercut knocks, its knocks that scored, the opponent's gins."""
    game = Game(Rules.preset("Standard"), seed=46)
    live = ExpertPlayer(5)
    players = (make_player("defensive", 4), live)
    finished: list[Round] = []
    while len(finished) < 5:
        rnd = game.round
        while rnd.result is None:
            who = rnd.to_act
            game.apply(players[who].choose(rnd.view(who)), who)
        finished.append(rnd)
        assert not game.is_over
        game.next_round()
    rnd = game.round
    while rnd.to_act == 0:  # until the expert's first move of the next round, where it
        game.apply(players[0].choose(rnd.view(0)), 0)  # reads how the last round ended
    live.choose(rnd.view(1))
    results = [r.result for r in finished if r.result is not None]
    kinds = {(r.knocker, r.kind.value) for r in results}
    assert kinds >= {(1, "knock"), (1, "undercut"), (0, "gin")}
    assert live.waiter_chance != ExpertPlayer().waiter_chance
    told = ExpertPlayer(5)
    told.recall(r.view(1) for r in finished)
    assert told.waiter_chance == live.waiter_chance
    other = ExpertPlayer(5)
    other.recall(r.view(0) for r in finished)  # the other seat's rounds: other evidence
    assert other.waiter_chance != live.waiter_chance


# --- against a player who waits for gin, the round is a race to gin ---------------------


class Racing(ExpertPlayer):
    """An expert that believes from the start that the opponent waits for gin (95%)."""

    waiter_prior = 3.0


def test_an_opponent_not_yet_read_meets_the_knock_game() -> None:
    """The prior belief sits below where the race begins: an opponent not yet read, or
    one whose knocks lower the belief (eaai, simple), meets the knock game."""
    assert ExpertPlayer().waiter_chance < ExpertPlayer.race_from < ExpertPlayer.race_full
    assert Racing().waiter_chance > ExpertPlayer.race_full


def test_against_a_player_who_waits_for_gin_it_takes_as_in_a_gin_only_round() -> None:
    """Queens and nines loose, A♠ up: the knock game passes (A♠ melds nothing); read as
    waiting for gin, the opponent makes the round a race, and the expert takes A♠ for a
    queen (56 deadwood to 47), as it would in a gin-only round."""
    deck = deck_with("7S QC 9H 2D 8D 7C 7D QH 9C 8S", "2S 3S 4H 5H 6C JD JS KD KC TH", "AS")
    view = Round(EAAI, dealer=0, deck=deck).view(1)
    assert ExpertPlayer().choose(view) == Pass()
    assert Racing().choose(view) == TakeDiscard()
    advice = Racing().advise(view)
    assert advice.take is not None and advice.take.meld == ()
    assert (advice.take.deadwood_before, advice.take.deadwood_after) == (56, 47)
    assert advice_text(advice) == "Take A♠: it lowers your deadwood from 56 to 47"
    gin_only = Round(dataclasses.replace(EAAI, knock_limit=0), dealer=0, deck=deck).view(1)
    assert ExpertPlayer().choose(gin_only) == TakeDiscard()


def test_against_a_player_who_waits_for_gin_it_counts_less_of_the_danger() -> None:
    """A round dealt from seed 2 against eaai, at the expert's first discard (K♦ K♣ J♦
    among its loose cards): the knock game keeps J♦, which more of the opponent's melds
    could use, and throws K♣; racing, the danger counts half as much, and J♦ goes (K♦ K♣
    may make a set)."""
    rnd = Round(EAAI, dealer=1, seed=2)
    opponent = make_player("eaai", 0)
    while not (rnd.to_act == 0 and rnd.view(0).phase is Phase.DISCARD):
        who = rnd.to_act
        player = ExpertPlayer() if who == 0 else opponent
        rnd.apply(player.choose(rnd.view(who)), who)
    view = rnd.view(0)
    king, jack = parse_cards("KC JD")
    assert ExpertPlayer().choose(view) == Discard(king)
    assert Racing().choose(view) == Discard(jack)


# --- against a knocker, deadwood under the limit is worth the undercut it may bring ----


class Flat(ExpertPlayer):
    """The expert without the undercut curve: a point of deadwood is a point."""

    undercut_curve = 0.0


def test_at_a_knock_limit_of_ten_low_deadwood_is_valued_on_the_undercut_curve() -> None:
    """Each point under the limit is worth the undercut it may bring at the opponent's
    knock (the master's curve, `curved_deadwood`), not one point; at other limits, above
    the limit, and against a player read as waiting for gin (it seldom knocks) a point is
    a point."""
    lam = ExpertPlayer.undercut_curve
    assert lam > 0
    tracking = CardTracker.track(Round(EAAI, dealer=0, seed=3).view(1))
    seven = mask_of(parse_cards("AS 2S 3S 5H 5D 5C 9C TC JC 7D"))
    high = mask_of(parse_cards("AS 2S 3S 5H 5D 5C 9C TC 4D KD"))
    assert min_deadwood_mask(seven) == 7 and min_deadwood_mask(high) > 10

    def gap(expert: ExpertPlayer, flat: ExpertPlayer, hand: int, limit: int) -> float:
        return expert._value(hand, tracking, 20, limit) - flat._value(hand, tracking, 20, limit)

    assert gap(ExpertPlayer(), Flat(), seven, 10) == pytest.approx(lam * UNDERCUT_BONUS[7])
    assert gap(ExpertPlayer(), Flat(), seven, 7) == 0
    assert gap(ExpertPlayer(), Flat(), high, 10) == 0

    class RacingFlat(Racing):
        undercut_curve = 0.0

    assert gap(Racing(), RacingFlat(), seven, 10) == 0


def test_against_a_knocker_it_goes_down_to_a_low_hand() -> None:
    """A round dealt from seed 17 against eaai, 13 cards left in the stock: 4♦ 5♦ 6♦ and
    7♣ 7♥ 7♠ melded, 3♣ 4♥ A♥ A♠ Q♥ loose. Throwing Q♥ leaves 9 deadwood but may feed
    eaai; throwing 4♥ keeps Q♥ and 15. Point for point the danger of Q♥ weighed more;
    a hand at 9 may undercut eaai's next knock, which weighs more still."""
    rnd = Round(EAAI, dealer=1, seed=17)
    opponent = make_player("eaai", 0)
    hand = mask_of(parse_cards("3C 4D 4H 5D 6D 7C 7H 7S AH AS QH"))
    while not (rnd.to_act == 0 and rnd.phase is Phase.DISCARD and rnd.view(0).hand_mask == hand):
        who = rnd.to_act
        player = ExpertPlayer() if who == 0 else opponent
        rnd.apply(player.choose(rnd.view(who)), who)
    view = rnd.view(0)
    assert view.stock_size == 13
    queen, four = parse_cards("QH 4H")
    assert ExpertPlayer().choose(view) == Discard(queen)
    assert Flat().choose(view) == Discard(four)


def test_two_experts_do_not_pass_cards_back_and_forth() -> None:
    """Arena game 1 of seed 1, expert against expert: both waiting to undercut, each took
    the other's discards until the arena gave up on round 4. A card it threw away earlier
    in the round it takes back only for gin (`estimates.takes_back`)."""
    from ginrummy.tools.arena import plan_game, play_game_record

    record = play_game_record(("expert", "expert"), Rules(), plan_game(1, 1))
    assert record.winner in (0, 1)


def test_it_takes_back_its_own_discard_only_for_gin() -> None:
    """I threw 7♥; back on top of the pile it is a card I would take (a keen taker
    would), but short of gin I draw instead. A card I never threw I may take."""

    class Keen(ExpertPlayer):
        def _should_take(self, *args: object) -> bool:
            return True

    rnd = Round(
        Rules(),
        dealer=0,
        deck=deck_with("7H 8H 2C 4D 6S KC QD JS 3H 5C", "AS 2S 3S 4H 4C 9C TC JD QS KH", "9D"),
    )
    for action in (Pass(), Pass(), DrawStock()):
        rnd.apply(action)
    seven = parse_cards("7H")[0]
    rnd.apply(Discard(seven))
    rnd.apply(DrawStock())
    rnd.apply(Discard(rnd.view(0).drawn_card))
    view = rnd.view(1)
    back = dataclasses.replace(view, discard_pile=(*view.discard_pile, seven))
    assert takes_back(back, seven)
    assert Keen().choose(back) == DrawStock()
    assert not takes_back(view, view.top_discard)
    assert Keen().choose(view) == TakeDiscard()


def _after_taking_the_upcard(hand: str, upcard: str) -> PlayerView:
    """The non-dealer's view, holding ``hand``, once it has taken ``upcard`` (the
    dealer's hand is the first ten other cards)."""
    used = set(parse_cards(f"{hand} {upcard}"))
    dealer = " ".join(str(c) for c in [c for c in CARDS if c not in used][:10])
    rnd = Round(Rules(), dealer=0, deck=deck_with(hand, dealer, upcard))
    rnd.apply(TakeDiscard())
    return rnd.view(1)


def test_the_ways_out_are_the_least_deadwood_first_never_the_card_just_taken() -> None:
    """`estimates.knock_outs`, which the expert, the master and the defensive yardstick
    go out by: I took K♣ onto three melds and K♦, so only K♦ may go (K♣ stays, 10
    deadwood); where the rules let the card just taken go back, both kings do, equal
    deadwood and value, the lower index first."""
    view = _after_taking_the_upcard("AH 2H 3H 4S 5S 6S 8C 8D 8H KD", "KC")
    assert not view.rules.discard_taken_card
    kd, kc = parse_cards("KD KC")
    assert knock_outs(view) == [(10, kd.bit)]
    free = dataclasses.replace(view, rules=dataclasses.replace(view.rules, discard_taken_card=True))
    first, second = sorted((kd, kc), key=lambda c: c.index)
    assert knock_outs(free) == [(10, first.bit), (10, second.bit)]
    gin = dataclasses.replace(free, knock_limit=0)  # a gin-only round
    assert knock_outs(gin) == []


def test_a_lower_knock_comes_before_a_higher_card_thrown() -> None:
    """Every discard that leaves the hand within the limit is a way out, sorted by the
    deadwood left, then by the card thrown (the highest first)."""
    view = _after_taking_the_upcard("AH 2H 3H 4S 5S 6S 8C 8D 2C 3D", "8H")
    outs = knock_outs(view)
    hand = view.hand_mask
    expected = sorted(
        (min_deadwood_mask(hand ^ c.bit), -c.value, c.index, c.bit)
        for c in view.hand
        if c.bit != view.taken_card.bit and min_deadwood_mask(hand ^ c.bit) <= view.knock_limit
    )
    assert outs == [(dw, bit) for dw, _v, _i, bit in expected]
    assert [dw for dw, _b in outs] == [2, 3, 8, 9, 10]  # 3♦, 2♣, then a run broken
