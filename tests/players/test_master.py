"""The master opponent: legal play under every preset, reads only its view, deterministic,
within its time budget, and each part of its play doing what its configuration says, on
fixed positions: through `advise` and `choose` where the part shows in the move, through
the engine's functions (hand values, discards, knock, belief) where it shows in a number.
Its strength is measured in BENCHMARKS.md."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest
from players_helpers import play_checked

from ginrummy.core import (
    CARDS,
    Action,
    BigGin,
    Card,
    Discard,
    DrawStock,
    Game,
    Knock,
    Round,
    Rules,
    TakeDiscard,
    mask_of,
    parse_cards,
)
from ginrummy.core.melds import min_deadwood_mask
from ginrummy.core.round import Phase, PlayerView, shuffled_deck
from ginrummy.core.rules import PRESETS
from ginrummy.players import LEVELS, PLAYERS, make_player
from ginrummy.players.advice import Advice
from ginrummy.players.estimates import UNDERCUT_LIMIT, bits, curved_deadwood
from ginrummy.players.fastsim import best_discard
from ginrummy.players.gamevalue import value_table
from ginrummy.players.master import MasterConfig, MasterPlayer, Reading, read_view
from ginrummy.players.master.belief import hazard, knock_miss, knock_share
from ginrummy.players.master.data import CAREFUL_KNOCK_FIT, KNOCK_FIT, PLAY_ON_FIT, blend
from ginrummy.players.master.discards import discard_scores, feed_weights
from ginrummy.players.master.knock import knock_fits
from ginrummy.players.master.values import cost_of, gain, potential_weight, value
from ginrummy.players.replay import Turn, replay_weight
from ginrummy.players.style import KnockStyle


def test_master_is_a_level() -> None:
    assert "master" in PLAYERS
    assert LEVELS[-1] == "master"
    assert isinstance(make_player("master", 3), MasterPlayer)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_master_plays_only_legal_moves(preset: str) -> None:
    rules = PRESETS[preset]
    for g in range(2):
        game = Game(rules, seed=1000 + g, first_dealer=g % 2)
        players = (MasterPlayer(g), make_player("expert", g + 7))
        if g % 2:
            players = (players[1], players[0])
        play_checked(game, players, rounds=3)


def _decision_point(seed: int, plies: int) -> tuple[list[Card], list[object], int]:
    """A deck and the actions (by two seeded experts) up to some point of a round."""
    deck = shuffled_deck(seed)
    rnd = Round(Rules(), dealer=0, deck=deck)
    bots = (make_player("expert", 1), make_player("expert", 2))
    actions: list[object] = []
    for _ in range(plies):
        me = rnd.to_act
        action = bots[me].choose(rnd.view(me))
        if isinstance(action, Knock):
            break
        rnd.apply(action, me)
        actions.append(action)
        if rnd.result is not None:
            break
    return deck, actions, rnd.to_act


def _replay(deck: list[Card], actions: list[object]) -> Round:
    rnd = Round(Rules(), dealer=0, deck=deck)
    for action in actions:
        rnd.apply(action)  # type: ignore[arg-type]
    return rnd


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_master_reads_only_its_view(seed: int) -> None:
    deck, actions, _me = _decision_point(seed, 17)
    rnd = _replay(deck, actions)
    if rnd.result is not None:
        pytest.skip("the round ended early")
    me = rnd.to_act
    view = rnd.view(me)
    # The cards hidden from `me`: the opponent's unknown cards and the stock.
    hidden = {c for c in rnd.hand(1 - me) if c not in view.opponent_known}
    hidden |= set(CARDS) - set(view.hand) - set(view.discard_pile) - set(rnd.hand(1 - me))
    positions = [i for i, c in enumerate(deck) if c in hidden]
    master = MasterPlayer(5)
    expected = master.choose(view)
    for k in range(3):
        cards = [deck[i] for i in positions]
        random.Random(k).shuffle(cards)
        other = list(deck)
        for i, c in zip(positions, cards, strict=True):
            other[i] = c
        assert other != deck
        twin = _replay(other, actions)
        twin_view = twin.view(me)
        assert twin_view == view
        assert set(twin.hand(1 - me)) != set(rnd.hand(1 - me)) or k > 0
        assert MasterPlayer(5).choose(twin_view) == expected


def _play_moves(seed: int) -> list[str]:
    players = (MasterPlayer(9), make_player("expert", 4))
    return play_checked(Game(Rules(), seed=seed, first_dealer=0), players, rounds=2)


def test_same_seed_same_moves() -> None:
    assert _play_moves(21) == _play_moves(21)


def _late_knock_view(rules: Rules, max_stock: int) -> PlayerView:
    """A view near the end of the stock where the player to act may knock (not gin)."""
    for seed in range(200):
        rnd = Round(rules, dealer=1, deck=shuffled_deck(f"late:{seed}"), scores=(80, 85))
        # Both players pass, then draw from the stock and throw their highest deadwood card.
        while rnd.result is None:
            view = rnd.view(rnd.to_act)
            if view.phase is Phase.FIRST_UPCARD:
                rnd.apply(view.legal_actions()[1])
                continue
            if view.phase is Phase.DRAW:
                rnd.apply(DrawStock())
                continue
            hand = view.hand_mask
            options = sorted(
                (min_deadwood_mask(hand ^ c.bit), -c.value, c.index, c) for c in view.hand
            )
            dw = options[0][0]
            if view.stock_size <= max_stock and 0 < dw <= view.knock_limit:
                return view
            if view.stock_size <= rules.dead_stock:
                break
            rnd.apply(Discard(options[-1][3]) if dw > 10 else Discard(options[0][3]))
    raise AssertionError("no late knock position found")


def test_time_budget_holds_near_the_end_of_the_stock() -> None:
    rules = Rules()
    view = _late_knock_view(rules, 8)
    master = MasterPlayer(1)
    start = time.perf_counter()
    advice = master.advise(view)
    elapsed = time.perf_counter() - start
    assert isinstance(advice, Advice)
    assert advice.action in view.legal_actions()
    assert elapsed < 2.0


def test_the_deadline_caps_a_huge_simulation() -> None:
    view = _late_knock_view(Rules(), 12)
    master = MasterPlayer(1, config=MasterConfig(knock_samples=1_000_000, budget=0.2))
    start = time.perf_counter()
    action = master.choose(view)
    elapsed = time.perf_counter() - start
    assert action in view.legal_actions()
    assert elapsed < 1.0


def test_game_value_table() -> None:
    gv = value_table(Rules())
    assert gv.win(0, 0) == pytest.approx(0.5, abs=0.02)
    assert gv.win(95, 0) > gv.win(50, 0) > gv.win(0, 50)
    assert gv.win(100, 0) == 1.0
    assert gv.win(0, 100) == 0.0
    # Rules without a shipped table are solved on first use.
    custom = value_table(Rules(target=60))
    assert custom.win(30, 30) == pytest.approx(0.5, abs=0.03)


def test_no_endless_passing_of_cards_in_straight_gin() -> None:
    # Arena game 22 of seed 1: master and expert, both keen on the other's discards in a
    # gin-only game, passed the same cards back and forth until the arena gave up.
    from ginrummy.tools.arena import plan_game, play_game_record

    record = play_game_record(("master", "expert"), Rules.preset("straight gin"), plan_game(1, 22))
    assert record.winner in (0, 1)


def test_the_configuration_defaults_are_the_masters_play() -> None:
    config = MasterConfig()
    assert MasterPlayer().config == config
    assert MasterPlayer(3, MasterConfig(budget=1.0)).config.budget == 1.0
    assert (config.knock_fit, config.play_on_fit) == (KNOCK_FIT, PLAY_ON_FIT)
    assert config.careful_knock_fit == CAREFUL_KNOCK_FIT
    with pytest.raises(AttributeError):
        config.budget = 1.0  # type: ignore[misc]


def _open_reading(hand: int) -> Reading:
    """Nothing seen yet: every card outside ``hand`` may be anywhere."""
    unseen = [c.bit for c in CARDS if not c.bit & hand]
    return Reading(unseen, [1.0] * len(unseen), {}, 0, 10, 0, 0, 0)


def test_in_a_race_to_gin_fewer_loose_cards_beat_fewer_points() -> None:
    # Three melds and a lone king are one card from gin; two melds of four with an ace and
    # a deuce need two. Only gin goes out in Straight gin, so the king hand is worth more
    # there, though it holds more deadwood; where knocks count, the points decide.
    king = mask_of(parse_cards("2S 3S 4S 7H 7D 7C 9D TD JD KC"))
    ace_deuce = mask_of(parse_cards("2S 3S 4S 5S 7H 7D 7C 7S AC 2H"))
    config = MasterConfig()
    gin_only = {h: value(config, h, _open_reading(h), 20, 0) for h in (king, ace_deuce)}
    knocking = {h: value(config, h, _open_reading(h), 20, 10) for h in (king, ace_deuce)}
    assert gin_only[king] < gin_only[ace_deuce]
    assert knocking[king] > knocking[ace_deuce]


def test_the_learned_knock_weighs_the_knock_against_playing_on() -> None:
    # Late in the stock with a knock at hand: a margin no knock can beat plays on, one
    # any knock beats knocks with one of the three lowest; at the end of the stock
    # (nothing left to play on for) the game-win chance decides, whatever the margin.
    view = _late_knock_view(Rules(), 8)
    hand = view.hand_mask
    outs = sorted(
        (min_deadwood_mask(hand ^ c.bit), c.index, c) for c in view.hand if c != view.taken_card
    )
    lowest = {c for dw, _i, c in outs if dw <= view.knock_limit}
    never = MasterPlayer(1, MasterConfig(learned_knock_margin=1000.0))
    always = MasterPlayer(1, MasterConfig(learned_knock_margin=-1000.0))
    assert isinstance(never.advise(view).action, Discard)
    action = always.advise(view).action
    assert isinstance(action, Knock)
    assert action.card in lowest
    ended = replace(view, stock_size=view.rules.dead_stock)
    assert never.advise(ended).action == always.advise(ended).action


def test_fits_of_different_lengths_blend_as_if_the_shorter_had_zeros() -> None:
    assert blend((1.0, 2.0, 3.0), (3.0, 2.0, 1.0, 4.0), 0.25) == pytest.approx((1.5, 2.0, 2.5, 1.0))
    assert blend((1.0, 2.0, 3.0, 4.0), (3.0, 2.0, 1.0), 0.5) == pytest.approx((2.0, 2.0, 2.0, 2.0))


def _mix(a: tuple[float, ...], b: tuple[float, ...], w: float) -> list[float]:
    return [(1 - w) * x + w * y for x, y in zip(a, b, strict=True)]


def test_the_knock_fits_follow_the_belief_that_the_opponent_is_careful_and_waits() -> None:
    """The learned knock blends the careful fits into its own by how far the belief that
    the opponent knocks at once is below `careful_from`, times the belief that it waits
    for gin; an opponent not yet read (or read as eager) gets the master's own fits."""
    careful_knock = tuple(float(i) for i in range(len(KNOCK_FIT)))
    careful_on = (1.0, 2.0, 3.0)
    config = MasterConfig(careful_knock_fit=careful_knock, careful_play_on_fit=careful_on)
    own = (KNOCK_FIT, PLAY_ON_FIT)
    style = KnockStyle()
    assert knock_fits(config, style) == own  # not read yet: a belief of 0.5
    style.log_odds = 3.0  # eager
    assert knock_fits(config, style) == own
    for log_odds in (-0.5, -4.0):
        style.log_odds = log_odds
        w = (0.5 - style.eager) / 0.5
        assert 0 < w < 1
        for waits_log_odds in (-1.0, 0.0, 2.0):
            style.waits_log_odds = waits_log_odds
            p = style.waits
            fit, on = knock_fits(config, style)
            assert fit == pytest.approx(_mix(own[0], careful_knock, w * p))
            assert on == pytest.approx(_mix(own[1], careful_on, w * p))

            # The blended fit predicts the blend of the two fits' predictions.
            def predict(f: tuple[float, ...]) -> float:
                return sum(c * v for c, v in zip(f, (1.0, 9.0, 4.0), strict=True))

            mixed = (1 - w * p) * predict(own[1]) + w * p * predict(careful_on)
            assert predict(on) == pytest.approx(mixed)
    style.waits_log_odds = -40.0  # a knocker, surely
    assert knock_fits(config, style)[0] == pytest.approx(own[0])
    # The master's own: the fits learned against gin-only play, weighed by both beliefs.
    style.log_odds, style.waits_log_odds = -4.0, 2.0
    w = (0.5 - style.eager) / 0.5
    fit, _on = knock_fits(MasterConfig(), style)
    assert fit == pytest.approx(_mix(own[0], CAREFUL_KNOCK_FIT, w * style.waits))


def _discard_view(seed: int) -> PlayerView:
    """A discard position from a round between two experts (Standard rules)."""
    deck, actions, _me = _decision_point(seed, 16)
    rnd = _replay(deck, actions)
    if rnd.result is not None or rnd.view(rnd.to_act).phase is not Phase.DISCARD:
        rnd.apply(DrawStock())
    view = rnd.view(rnd.to_act)
    assert view.phase is Phase.DISCARD
    return view


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_the_reply_reranks_only_the_closest_discards(seed: int) -> None:
    # Weighing the opponent's reply reorders the best few discards and keeps every
    # legal discard exactly once; with its weight at 0 the order is the one before.
    view = _discard_view(seed)
    banned = view.banned_bit
    reading = read_view(view)
    style = KnockStyle()
    with_reply = discard_scores(MasterConfig(), style, view, reading, random.Random(2))
    off = MasterConfig(reply_weight=0.0)
    without = discard_scores(off, style, view, reading, random.Random(2))
    legal = {c.bit for c in view.hand} - {banned}
    assert sorted(b for _s, b in with_reply) == sorted(legal)
    k = MasterConfig().reply_candidates
    assert {b for _s, b in with_reply[:k]} == {b for _s, b in without[:k]}
    assert [b for _s, b in with_reply[k:]] == [b for _s, b in without[k:]]
    # The master throws the first of them.
    advice = MasterPlayer(2).advise(view)
    assert isinstance(advice.action, Discard | Knock)
    if isinstance(advice.action, Discard):
        assert advice.action.card.bit in {b for _s, b in with_reply[:k]}


def test_the_feed_is_judged_by_the_formula_against_a_greedy_knocker() -> None:
    """The danger formula and the sampled feed are weighed by the belief that the
    opponent knocks as soon as it may (above `eager_from`); in gin-only rounds, the
    sampled feed alone, at half weight."""
    config = MasterConfig()
    style = KnockStyle()
    assert (config.eager_danger, config.eager_from) == (3.5, 0.5)
    assert feed_weights(config, style, 10) == (0.0, config.feed_weight)  # not read: 0.5
    style.log_odds = 4.0  # as sure as it gets that the opponent is greedy
    formula, samples = feed_weights(config, style, 10)
    belief = (style.eager - 0.5) / 0.5
    assert belief > 0.9
    assert formula == pytest.approx(3.5 * belief)
    assert samples == pytest.approx(config.feed_weight * (1 - belief))
    assert feed_weights(config, style, 0) == (0.0, config.feed_weight * 0.5)
    style.log_odds = -4.0  # a careful opponent
    assert feed_weights(config, style, 10) == (0.0, config.feed_weight)


def test_an_opponent_not_yet_read_gets_the_masters_usual_moves() -> None:
    """Until the style says eager (`eager_from` 0.5), the danger formula does not count:
    the master plays the same moves with or without it."""
    rules = Rules.preset("EAAI")
    moves = []
    for master in (MasterPlayer(4), MasterPlayer(4, MasterConfig(eager_danger=0.0))):
        game = Game(rules, seed=4)
        moves.append(play_checked(game, [master, make_player("eaai", 5)], rounds=1))
    assert moves[0] == moves[1]


def test_the_undercut_curve_makes_each_point_below_the_limit_cost_more() -> None:
    assert [curved_deadwood(0.0, d) for d in range(40)] == list(range(40))
    for lam in (0.5, 1.0):
        costs = [curved_deadwood(lam, d) for d in range(1, 40)]
        assert costs == sorted(costs)
        assert curved_deadwood(lam, UNDERCUT_LIMIT + 1) == UNDERCUT_LIMIT + 1
        # Below the limit a point is worth more than one (the undercut it may bring).
        assert all(curved_deadwood(lam, d + 1) - curved_deadwood(lam, d) > 1 for d in range(1, 10))


def test_the_curved_cost_and_gain_hold_only_at_the_limit_they_were_made_for() -> None:
    """A hand costs its deadwood on the curve at a knock limit of 10; a draw that brings
    it within the limit gains more than its points, one that stays above it the same."""
    master = MasterConfig()
    flat = MasterConfig(undercut_curve=0.0)
    assert master.undercut_curve == 1.0
    rng = random.Random(4)
    more = same = 0
    for seed in range(30):
        view = Round(Rules.preset("EAAI"), dealer=1, seed=seed).view(0)
        reading = read_view(view)
        hand = view.hand_mask
        for _i in range(4):
            dw = min_deadwood_mask(hand)
            assert cost_of(master, 10)(hand) == curved_deadwood(1.0, dw)
            assert cost_of(master, 9)(hand) == cost_of(flat, 9)(hand) == dw
            assert gain(master, hand, reading, 9) == gain(flat, hand, reading, 9)
            raw = gain(flat, hand, reading, 10)
            curved = gain(master, hand, reading, 10)
            # The curve's slope is at least 1: every drop counts at least its points.
            assert curved >= raw - 1e-9
            low = min(
                min_deadwood_mask((hand | c.bit) ^ b)
                for c in CARDS
                if c.bit in reading.unseen
                for b in bits(hand | c.bit)
            )
            if low > 10:
                assert curved == pytest.approx(raw)
                same += 1
            elif curved > raw + 1e-9:
                more += 1
            held = [c for c in CARDS if c.bit & hand]
            new = rng.choice([c for c in CARDS if not c.bit & hand])
            hand = mask_of([*held[1:], new])
    assert more and same


def _eaai_rounds(seeds: range) -> list[tuple[PlayerView, int]]:
    """The master's views (seat 0, against eaai, EAAI rules) at each of its turns, with
    whether eaai (the real hand) would go out on the stock's next card."""
    out = []
    for seed in seeds:
        rnd = Round(Rules.preset("EAAI"), dealer=seed % 2, deck=shuffled_deck(seed))
        bots = (MasterPlayer(seed), make_player("eaai", seed + 1))
        while rnd.result is None:
            me = rnd.to_act
            view = rnd.view(me)
            if me == 0 and view.phase is Phase.DRAW:
                nxt = rnd._stock[-1] if rnd._stock else None
                close = (
                    nxt is not None
                    and best_discard(mask_of(rnd.hand(1)) | nxt.bit, 0)[0] <= view.knock_limit
                )
                out.append((view, close))
            rnd.apply(bots[me].choose(view), me)
    return out


def _weight(config: MasterConfig, style: KnockStyle, hand: int, turns: tuple[Turn, ...]) -> float:
    """The replay's weight of ``hand`` after ``turns`` (knock limit 10)."""
    lifted = knock_miss(config, style)
    rng = random.Random(1)
    return replay_weight(hand, turns, 10, rng, config.replay_depth, config.replay_miss, lifted)


def test_a_careful_opponent_is_replayed_keeping_hands_it_could_knock_with() -> None:
    """The belief that the opponent is careful lifts the replay's rule that a hand able
    to knock would have knocked (`careful_replay`), and weighs its knocks short of gin in
    the reply and the hazard by the share it is taken to knock with
    (`careful_plays_on`); an opponent not yet read, or read as eager, is replayed as a
    greedy player, and so is every opponent with both at 0."""
    lifted = MasterConfig()
    assert (lifted.careful_replay, lifted.careful_plays_on) == (1.0, 0.9)
    plain = MasterConfig(careful_replay=0.0, careful_plays_on=0.0)
    drew = (("draw", Card.parse("9C").bit), ("discard", Card.parse("KD").bit))
    low = mask_of(parse_cards("AS 2S 3S 4H 5H 6H 7D 8D 9D 2C"))
    miss = lifted.replay_miss
    style = KnockStyle()
    for config in (lifted, plain):
        assert knock_share(config, style) == 1.0
        assert _weight(config, style, low, drew) == miss
    style.log_odds = -40.0  # careful, surely
    assert knock_share(plain, style) == 1.0
    assert _weight(plain, style, low, drew) == miss
    assert knock_share(lifted, style) == pytest.approx(0.1)
    assert _weight(lifted, style, low, drew) == pytest.approx(1.0)
    # The belief does not count the one that it waits for gin: a careful player that
    # knocks when it looks safe keeps knockable hands too.
    style.waits_log_odds = -40.0
    assert knock_share(lifted, style) == pytest.approx(0.1)
    style.log_odds = 3.0  # eager
    assert knock_share(lifted, style) == 1.0


def test_the_knock_hazard_reads_an_opponent_about_to_go_out() -> None:
    """`Reading.hazard` is the share of replayed opponent hands that go out on their next
    stock draw: higher where eaai's real hand was close; from 1 / `hazard_scale` up a
    hand's one-draw promise counts for nothing."""
    config = MasterConfig()
    style = KnockStyle()
    close, far = [], []
    for view, near in _eaai_rounds(range(12)):
        if view.stock_size <= view.rules.dead_stock + 1:
            continue
        p = hazard(config, style, 2, view, read_view(view))
        assert 0.0 <= p <= 1.0
        (close if near else far).append(p)
    assert close and far
    assert sum(close) / len(close) > 2 * sum(far) / len(far)
    view = _eaai_rounds(range(1))[3][0]
    reading = read_view(view)
    hand = view.hand_mask ^ bits(view.hand_mask)[0]
    stock = view.stock_size
    cost = cost_of(config, 10)(hand)
    assert value(config, hand, reading, stock, 10) < cost  # the promise counts
    calm = replace(reading, hazard=0.1)
    assert potential_weight(config, calm, stock) == pytest.approx(
        config.potential_weight * 0.6 * min(1.0, stock / 24)
    )
    assert value(config, hand, replace(reading, hazard=0.25), stock, 10) == cost


def _position(rules: Rules, hand: str, upcard: str | None = None) -> PlayerView:
    """A fixed position at the start of a round, nothing else seen: with ``upcard``, seat
    0 (not the dealer) to take or pass it holding ``hand`` (10 cards); else seat 0 to
    discard from ``hand`` (11 cards, the last drawn from the stock) after both passed."""
    cards = parse_cards(hand)
    avoid = set(cards) | set(parse_cards(upcard or ""))
    for seed in range(100):
        rnd = Round(rules, dealer=1, seed=seed)
        top = rnd.view(0).top_discard
        if top is not None and top not in avoid:
            break
    if upcard is not None:
        view = rnd.view(0)
        assert view.phase is Phase.FIRST_UPCARD
        return replace(view, hand=tuple(cards), discard_pile=tuple(parse_cards(upcard)))
    rnd.apply(view_pass(rnd.view(0)))
    rnd.apply(view_pass(rnd.view(1)))
    rnd.apply(DrawStock())
    view = rnd.view(0)
    assert view.phase is Phase.DISCARD
    return replace(view, hand=tuple(cards), drawn_card=cards[-1])


def view_pass(view: PlayerView) -> Action:
    """The pass among the view's legal actions (the first upcard declined)."""
    return next(a for a in view.legal_actions() if not isinstance(a, TakeDiscard))


def test_the_master_takes_an_upcard_that_makes_a_meld_and_passes_a_useless_one() -> None:
    hand = "2S 3S 4S 7H 7D 9C TC QD KH 5C"
    take = MasterPlayer(1).advise(_position(Rules(), hand, upcard="7C"))
    assert take.action == TakeDiscard()
    passed = MasterPlayer(1).advise(_position(Rules(), hand, upcard="KS"))
    assert passed.action in _position(Rules(), hand, upcard="KS").legal_actions()
    assert passed.action != TakeDiscard()


def test_the_master_goes_gin_and_big_gin_when_it_can() -> None:
    # Eleven cards, ten of them in melds: gin, throwing the loose king face down.
    gin = _position(Rules(), "2S 3S 4S 7H 7D 7C 9D TD JD QD KC")
    assert MasterPlayer(1).advise(gin).action == Knock(Card.parse("KC"))
    # All eleven in melds: Big Gin where the rules pay for it, else gin with one of them.
    eleven = "2S 3S 4S 5S 7H 7D 7C 9D TD JD QD"
    assert MasterPlayer(1).advise(_position(Rules(), eleven)).action == BigGin()
    plain = _position(Rules(big_gin_bonus=None), eleven)
    action = MasterPlayer(1).advise(plain).action
    assert isinstance(action, Knock)
    assert min_deadwood_mask(plain.hand_mask ^ action.card.bit) == 0
