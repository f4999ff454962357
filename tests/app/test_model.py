"""The app's model without a screen: names, the turn loop, the hand-over, refusals, the log."""

from __future__ import annotations

import json
import subprocess
import sys

from ginrummy.app.model.movelog import LineKind
from ginrummy.app.model.seats import COMPUTER, HOTSEAT, TableConfig, seat_names
from ginrummy.app.model.session import Session
from ginrummy.app.model.table import ComputerTurn, HandOver, HumanTurn, ShowResult, TableModel
from ginrummy.core import DrawStock, Game, Pass, Phase, TakeDiscard
from ginrummy.core.player import Player
from ginrummy.core.rules import Rules
from ginrummy.players import make_player
from ginrummy.players.expert import ExpertPlayer
from ginrummy.players.hint import HintGiver
from ginrummy.players.master import MasterPlayer
from ginrummy.players.style import KnockStyle
from ginrummy.store import MAX_NAME, MODES


def test_the_modes_are_the_stores() -> None:
    assert (COMPUTER, HOTSEAT) == MODES


def test_names_left_empty_take_the_defaults() -> None:
    assert seat_names(COMPUTER) == ("You", "Computer")
    assert seat_names(HOTSEAT, " ", "") == ("Player 1", "Player 2")


def test_the_computer_is_never_called_like_the_person() -> None:
    assert seat_names(COMPUTER, "Ann") == ("Ann", "Computer")
    assert seat_names(COMPUTER, "computer") == ("computer", "The computer")


def test_two_people_with_one_name_are_told_apart() -> None:
    assert seat_names(HOTSEAT, "Ann", "ann") == ("Ann", "ann (2)")
    long = "x" * MAX_NAME
    assert len(seat_names(HOTSEAT, long, long)[1]) == MAX_NAME


def test_the_model_loads_no_ui() -> None:
    probe = (
        "import json, sys; import ginrummy.app.model.table, ginrummy.app.model.steps;"
        " print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = json.loads(out.stdout)
    bad = [m for m in loaded if m.split(".")[0] in ("textual", "rich")]
    bad += [m for m in loaded if m.startswith(("ginrummy.app.screens", "ginrummy.app.widgets"))]
    assert bad == []


def _first_human_turn(model: TableModel) -> HumanTurn:
    step = model.advance()
    while isinstance(step, ComputerTurn):
        action = model.session.bot_action(step.seat, step.view)
        assert model.is_current(step.token)
        assert model.apply_computer(step.seat, action) is None
        step = model.advance()
    assert isinstance(step, HumanTurn)
    return step


def test_a_refused_action_changes_nothing_and_says_why() -> None:
    model = TableModel(TableConfig.make(COMPUTER, seed=3))
    model.start_round()
    _first_human_turn(model)
    before = list(model.session.round.actions)
    legal = model.session.view(0).legal_actions()
    wrong = DrawStock() if DrawStock() not in legal else TakeDiscard()
    if wrong in legal:
        wrong = Pass()
    refusal = model.play(wrong)
    assert refusal is not None and refusal.reason and not refusal.waiting
    assert list(model.session.round.actions) == before


def test_the_log_opens_each_round_and_tells_each_turn() -> None:
    model = TableModel(TableConfig.make(COMPUTER, seed=3))
    model.start_round()
    assert [line.kind for line in model.log.lines] == [LineKind.OPENING]
    _first_human_turn(model)
    view = model.session.view(0)
    action = Pass() if view.phase is Phase.FIRST_UPCARD else DrawStock()
    assert model.play(action) is None
    model.advance()
    assert model.log.lines[-1].kind is LineKind.MOVE
    assert model.log.last() == model.log.lines[-1].text()


def test_hot_seat_hides_the_cards_until_the_next_player_is_ready() -> None:
    model = TableModel(TableConfig.make(HOTSEAT, seed=3))
    model.start_round()
    step = model.advance()
    assert isinstance(step, HandOver) and model.viewer is None and model.acting_seat is None
    assert not model.key_applies("draw_stock") and model.key_applies("help")
    model.handed_over()
    assert model.viewer == step.seat == model.acting_seat
    assert isinstance(model.advance(), HumanTurn)


def test_a_stale_computer_answer_is_ignored() -> None:
    model = TableModel(TableConfig.make(COMPUTER, seed=3))
    model.start_round()
    first = model.advance()
    assert not isinstance(first, ShowResult)
    model.advance()
    assert not model.is_current(model.token - 1)


def _play_rounds(game: Game, players: tuple[Player, Player], rounds: int) -> None:
    """Play ``rounds`` whole rounds of ``game`` (not its last) and deal the next."""
    for _round in range(rounds):
        rnd = game.round
        while rnd.result is None:
            who = rnd.to_act
            game.apply(players[who].choose(rnd.view(who)), who)
        assert not game.is_over
        game.next_round()


def test_a_restored_master_knows_how_the_earlier_rounds_ended() -> None:
    """The master reads the opponent's style from how rounds ended; a master made for a
    restored game (or the next game of a match) is told them, so it plays as the one
    that sat through them would."""
    rules = Rules.preset("EAAI")
    game = Game(rules, seed=11)
    master = MasterPlayer(game.seed)
    players = (make_player("eaai", 3), master)
    _play_rounds(game, players, 4)
    master.style.observe(game.round.view(1))
    assert master.style.eager > 0.8  # eaai knocked in the rounds the master did not end
    config = TableConfig.make(COMPUTER, level="master", rules=rules)
    seated = Session(config, game).bots[1]
    assert isinstance(seated, MasterPlayer)
    assert seated.style.log_odds == master.style.log_odds
    fresh = Session(config).bots[1]
    assert isinstance(fresh, MasterPlayer) and fresh.style.eager == 0.5


def test_a_restored_expert_knows_how_the_earlier_rounds_ended() -> None:
    """The expert reads from the rounds whether the opponent waits for gin or an undercut;
    one made for a restored game is told them as the master is."""
    rules = Rules.preset("Standard")
    game = Game(rules, seed=30)
    players = (make_player("defensive", 4), make_player("expert", 5))
    _play_rounds(game, players, 5)
    config = TableConfig.make(COMPUTER, level="expert", rules=rules)
    seated = Session(config, game).bots[1]
    assert isinstance(seated, ExpertPlayer)
    expected = ExpertPlayer()
    expected.recall(r.view(1) for r in game.rounds if r.result is not None)
    assert seated.waiter_chance == expected.waiter_chance != ExpertPlayer().waiter_chance
    fresh = Session(config).bots[1]
    assert isinstance(fresh, ExpertPlayer)
    assert fresh.waiter_chance == ExpertPlayer().waiter_chance


def test_the_hint_against_the_master_reads_the_opponent_as_the_rounds_showed() -> None:
    """The hint key asks a hint giver of its own; it is told how the table's rounds ended,
    seen from the person's seat, so it reads the computer's style as the person would."""
    rules = Rules.preset("EAAI")
    game = Game(rules, seed=11)
    players = (make_player("expert", 3), make_player("eaai", 4))  # the computer: eaai
    _play_rounds(game, players, 4)
    model = TableModel(TableConfig.make(COMPUTER, level="master", rules=rules), restored=game)
    _first_human_turn(model)
    advisor = model.hint_request().advisor
    assert isinstance(advisor, HintGiver)
    expected = KnockStyle(shown=advisor.style.shown)
    views = list(model.session.past_views(0))
    assert len(views) == 4 and all(v.player == 0 and v.result is not None for v in views)
    expected.recall(views)
    assert advisor.style.log_odds == expected.log_odds > 0.0  # eaai's knocks read as eager


def test_the_next_game_of_a_match_seats_a_master_told_the_last_games_rounds() -> None:
    config = TableConfig.make(COMPUTER, level="master", rules=Rules.preset("Tournament"), seed=5)
    session = Session(config)
    assert session.match is not None
    eaai = (make_player("eaai", 1), make_player("eaai", 2))
    while not session.game.is_over:  # the first game, played fast by two eaai bots
        rnd = session.round
        while rnd.result is None:
            who = rnd.to_act
            session.apply(eaai[who].choose(rnd.view(who)), who)
        if not session.game.is_over:
            session.next_round()
    views = [r.view(1) for r in session.game.rounds if r.result is not None]
    session.next_round()  # the match's second game
    seated = session.bots[1]
    assert isinstance(seated, MasterPlayer)
    expected = KnockStyle(shown=seated.style.shown)
    expected.recall(views)
    assert seated.style.log_odds == expected.log_odds != 0.0
