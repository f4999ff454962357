"""Games and matches: dealers, scores, the end of a game, bonuses, seeds (docs/rules.md 3, 7)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from coretest_helpers import BASE, JUNK, deal

from ginrummy.core import (
    Discard,
    DrawStock,
    Game,
    GameOverError,
    IllegalActionError,
    Knock,
    Match,
    NextDealer,
    Pass,
    Player,
    ResultKind,
    Rules,
    play_game,
)
from ginrummy.core.game import Totals
from ginrummy.players import PLAYERS, RandomPlayer, SimplePlayer, make_player

#: A defender with 1 deadwood and nothing to lay off on BASE.
TIGHT = "4H 5H 6H 4D 5D 6D 8S 8D 8C AC"
KNOCK_POINTS = 67 - 6
UNDERCUT_POINTS = 25 + 10 - 1


def script_round(game: Game, outcome: str, seat: int | None = None) -> None:
    """Deal and play one round of ``game``.

    ``knock``: ``seat`` knocks with 6 deadwood against 67 (scores 61); ``undercut``:
    ``seat`` knocks with 10 against 1 (the other scores 34); ``dead``: nobody goes out.
    """
    dealer = game.next_dealer()
    non_dealer = 1 - dealer
    hands = {0: JUNK, 1: JUNK}
    if outcome == "knock":
        assert seat is not None
        hands[seat] = BASE + " 6D"
    elif outcome == "undercut":
        assert seat is not None
        hands[seat] = BASE + " TD"
        hands[1 - seat] = TIGHT
    else:
        hands = {0: BASE + " 6D", 1: JUNK}
    rnd = game.next_round(deal(hands[non_dealer], hands[dealer], "KD", "5C KS"))
    assert rnd.dealer == dealer
    game.apply(Pass(), non_dealer)
    game.apply(Pass(), dealer)
    while True:
        me = rnd.to_act
        game.apply(DrawStock(), me)
        drawn = rnd.hand(me)[-1]
        if outcome != "dead" and me == seat:
            result = game.apply(Knock(drawn), me)
            assert result is not None and result is rnd.result
            return
        result = game.apply(Discard(drawn), me)
        if result is not None:
            assert outcome == "dead" and result.is_draw
            return


def expected_dealer(rule: NextDealer, dealer: int, winner: int | None) -> int:
    if winner is None:
        return dealer
    if rule is NextDealer.WINNER:
        return winner
    if rule is NextDealer.LOSER:
        return 1 - winner
    return 1 - dealer


PLAN = [("knock", 1), ("knock", 1), ("undercut", 1), ("dead", None), ("knock", 0), ("dead", None)]


@pytest.mark.parametrize("rule", list(NextDealer))
@pytest.mark.parametrize("first_dealer", [0, 1])
def test_dealer_rotation_and_scores(rule: NextDealer, first_dealer: int) -> None:
    game = Game(
        Rules(target=1000, next_dealer=rule), seed=1, first_dealer=first_dealer, start=False
    )
    assert game.next_dealer() == first_dealer
    dealer = first_dealer
    scores = [0, 0]
    won = [0, 0]
    history = []
    for outcome, seat in PLAN:
        assert game.next_dealer() == dealer
        script_round(game, outcome, seat)
        result = game.round.result
        assert result is not None
        if outcome == "knock":
            assert result.kind is ResultKind.KNOCK and result.winner == seat
            assert result.points == KNOCK_POINTS
        elif outcome == "undercut":
            assert seat is not None
            assert result.kind is ResultKind.UNDERCUT and result.winner == 1 - seat
            assert result.points == UNDERCUT_POINTS
        else:
            assert result.kind is ResultKind.DRAW and result.winner is None
        if result.winner is not None:
            scores[result.winner] += result.points
            won[result.winner] += 1
        history.append(tuple(scores))
        assert game.scores == scores
        assert game.rounds_won == won
        assert game.score_history == history
        # The next round's scores-before are the totals so far.
        dealer = expected_dealer(rule, dealer, result.winner)
    assert game.results == [r.result for r in game.rounds]
    assert [r.number for r in game.rounds] == list(range(1, len(PLAN) + 1))
    assert not game.is_over and game.winner is None


def test_dead_round_keeps_the_dealer_in_every_rule() -> None:
    for rule in NextDealer:
        game = Game(Rules(next_dealer=rule), seed=3, first_dealer=1, start=False)
        script_round(game, "dead")
        assert game.next_dealer() == 1
        script_round(game, "dead")
        assert game.next_dealer() == 1
        assert game.scores == [0, 0]
        assert game.score_history == [(0, 0), (0, 0)]


def test_round_scores_before_are_passed_to_the_round() -> None:
    game = Game(Rules(target=1000), seed=1, first_dealer=0, start=False)
    script_round(game, "knock", 1)
    script_round(game, "knock", 0)
    assert game.rounds[1].scores == (0, KNOCK_POINTS)
    rnd = game.next_round()
    assert rnd.scores == (KNOCK_POINTS, KNOCK_POINTS)
    assert game.view(0).scores == (KNOCK_POINTS, KNOCK_POINTS)


def test_game_ends_when_the_target_is_reached() -> None:
    game = Game(Rules(), seed=1, first_dealer=0, start=False)
    script_round(game, "knock", 1)
    assert not game.is_over
    script_round(game, "knock", 1)
    assert game.scores == [0, 2 * KNOCK_POINTS]
    assert game.is_over and game.winner == 1
    assert game.legal_actions() == []
    with pytest.raises(GameOverError, match="the game is over"):
        game.next_round()
    with pytest.raises(GameOverError, match="the game is over"):
        game.apply(DrawStock())
    assert isinstance(GameOverError("x"), IllegalActionError)


def test_the_scorer_of_the_crossing_round_wins() -> None:
    """An undercut that crosses the target wins the game for the defender."""
    game = Game(Rules(target=30), seed=1, first_dealer=0, start=False)
    script_round(game, "undercut", 1)
    assert game.is_over and game.winner == 0
    assert game.scores == [UNDERCUT_POINTS, 0]


def test_exact_target_wins() -> None:
    game = Game(Rules(target=KNOCK_POINTS), seed=1, first_dealer=0, start=False)
    script_round(game, "knock", 0)
    assert game.is_over and game.winner == 0


def test_next_round_refused_while_a_round_is_played() -> None:
    game = Game(seed=5)
    with pytest.raises(GameOverError, match="still being played"):
        game.next_round()
    unstarted = Game(seed=5, start=False)
    with pytest.raises(GameOverError):
        _ = unstarted.round
    assert unstarted.dealer == unstarted.first_dealer
    with pytest.raises(ValueError):
        Game(seed=5, first_dealer=2)


def test_classic_bonuses_with_a_shutout() -> None:
    game = Game(Rules.preset("Classic"), seed=1, first_dealer=0, start=False)
    script_round(game, "knock", 1)
    # No bonus before the game is over.
    assert game.totals() == (Totals(0, 0, 0, 1), Totals(KNOCK_POINTS, 0, 0, 1))
    script_round(game, "knock", 1)
    loser, winner = game.totals()
    assert winner == Totals(
        points=2 * KNOCK_POINTS, game_bonus=100, box_bonus=50, shutout_multiplier=2
    )
    assert winner.total == (2 * KNOCK_POINTS + 100 + 50) * 2
    assert loser == Totals(0, 0, 0, 1) and loser.total == 0


def test_classic_bonuses_without_a_shutout() -> None:
    game = Game(Rules.preset("Classic"), seed=1, first_dealer=0, start=False)
    script_round(game, "knock", 0)
    script_round(game, "dead")
    script_round(game, "knock", 1)
    script_round(game, "knock", 1)
    assert game.is_over and game.winner == 1
    p0, p1 = game.totals()
    assert p0 == Totals(KNOCK_POINTS, 0, 25, 1) and p0.total == KNOCK_POINTS + 25
    assert p1 == Totals(2 * KNOCK_POINTS, 100, 50, 1)
    assert p1.total == 2 * KNOCK_POINTS + 150


def test_standard_has_no_bonuses() -> None:
    game = Game(Rules(), seed=1, first_dealer=0, start=False)
    script_round(game, "knock", 1)
    script_round(game, "knock", 1)
    assert game.totals() == (Totals(0, 0, 0, 1), Totals(2 * KNOCK_POINTS, 0, 0, 1))


def _play_match(match: Match) -> None:
    players = (SimplePlayer(), SimplePlayer())
    while True:
        game = match.game
        while not game.is_over:
            rnd = game.round
            while rnd.result is None:
                me = rnd.to_act
                match.apply(players[me].choose(rnd.view(me)), me)
            if not game.is_over:
                game.next_round()
        if match.is_over:
            return
        match.next_game()


def test_tournament_match_best_of_five() -> None:
    match = Match(seed=2024)
    assert match.rules == Rules.preset("Tournament")
    _play_match(match)
    assert match.is_over
    assert 3 <= len(match.games) <= 5
    winners = [g.winner for g in match.games]
    assert None not in winners
    assert match.games_won == [winners.count(0), winners.count(1)]
    assert max(match.games_won) == 3 and min(match.games_won) < 3
    assert match.winner == match.games_won.index(3)
    assert winners[-1] == match.winner
    for g in match.games:
        assert g.rules.target == 250
        assert g.winner is not None and g.scores[g.winner] >= 250
        assert g.scores[1 - g.winner] < 250
    assert len({g.seed for g in match.games}) == len(match.games)
    with pytest.raises(GameOverError, match="the match is over"):
        match.next_game()


def test_match_of_one_game() -> None:
    match = Match(Rules(), seed=9)
    assert not match.rules.is_match
    _play_match(match)
    assert len(match.games) == 1 and match.is_over
    assert match.winner == match.games[0].winner


def test_match_refuses_next_game_during_a_game() -> None:
    match = Match(seed=1)
    with pytest.raises(GameOverError, match="still being played"):
        match.next_game()


def _record(seed: int, players: tuple[object, object] | None = None) -> object:
    game = Game(Rules(), seed=seed)
    play_game(game, players or (SimplePlayer(), RandomPlayer(seed)))  # type: ignore[arg-type]
    return (
        game.first_dealer,
        [r.deck for r in game.rounds],
        [r.actions for r in game.rounds],
        game.results,
        game.scores,
        game.winner,
    )


def test_same_seed_same_game() -> None:
    for seed in (0, 1, 77):
        assert _record(seed) == _record(seed)
    assert Game(seed=4).first_dealer == Game(seed=4).first_dealer


def test_different_seeds_differ() -> None:
    records = [_record(seed) for seed in range(4)]
    decks = [r[1][0] for r in records]  # type: ignore[index]
    assert len(set(decks)) == 4
    assert len({repr(r) for r in records}) == 4
    # Both first dealers come up over a few seeds.
    assert {Game(seed=s, start=False).first_dealer for s in range(20)} == {0, 1}


def test_game_without_seed_gets_one() -> None:
    a, b = Game(), Game()
    assert isinstance(a.seed, int) and a.seed != b.seed
    assert a.round.deck != b.round.deck


def test_play_game_returns_the_winner() -> None:
    game = Game(Rules(target=50), seed=8)
    winner = play_game(game, (SimplePlayer(), SimplePlayer()))
    assert winner == game.winner and game.is_over
    assert game.scores[winner] >= 50
    assert game.results[-1].winner == winner
    # Every round's dealer followed the winner rule.
    for before, after in pairwise(game.rounds):
        assert before.result is not None
        assert after.dealer == expected_dealer(
            NextDealer.WINNER, before.dealer, before.result.winner
        )


def test_bot_registry() -> None:
    assert isinstance(make_player("random", 3), RandomPlayer)
    assert isinstance(make_player(" Simple "), SimplePlayer)
    assert {"random", "simple"} <= set(PLAYERS)
    for name in PLAYERS:
        bot = make_player(name, 1)
        assert isinstance(bot, Player)
        assert isinstance(bot.name, str) and bot.name
    with pytest.raises(ValueError, match="choose one of") as info:
        make_player("nobody-at-all")
    assert all(name in str(info.value) for name in PLAYERS)


def test_rewind_replays_the_round_in_play_up_to_a_move() -> None:
    from ginrummy.core import DrawStock, GameOverError, TakeDiscard
    from ginrummy.core.save import to_dict

    game = Game(seed=9)
    rnd = game.round
    rnd_copy = rnd.dealt_again()
    assert rnd_copy.deck == rnd.deck and rnd_copy.dealer == rnd.dealer
    states = [to_dict(game)]
    for action in (rnd.legal_actions()[-1], rnd.legal_actions()[-1]):  # pass, pass
        game.apply(action)
        states.append(to_dict(game))
    game.apply(DrawStock())
    states.append(to_dict(game))
    for moves in (2, 0):
        game.rewind(moves)
        assert to_dict(game) == states[moves]
    assert TakeDiscard() in game.round.legal_actions()
    with pytest.raises(ValueError):
        game.rewind(1)
    while not game.round.is_over:
        game.apply(game.round.legal_actions()[0])
    with pytest.raises(GameOverError):
        game.rewind(0)
