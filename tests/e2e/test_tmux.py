"""End to end: the real program in tmux at 100x30, played with send-keys until a result.

The command is `COMMAND` below (the game against the computer with seed 7); when the
``ginrummy play`` command exists it can replace it. Polls the screen instead of sleeping.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.tmux import ROOT, Tmux

from ginrummy.store import ENV_DATA_DIR

TMUX = Tmux("ginrummy-tests", timeout=60.0, poll=0.1)
tmux, screen, wait_for = TMUX.run, TMUX.screen, TMUX.wait_for
COMMAND = [
    sys.executable,
    "-c",
    "from ginrummy.app import launch; launch(mode='computer', seed=7)",
]


def program_env(data_dir: Path) -> list[str]:
    """``env`` arguments for the program: a tmux server keeps its own environment, so the
    test's data directory must be passed on the command line, never inherited."""
    return [
        "env",
        f"{ENV_DATA_DIR}={data_dir}",
        "GINRUMMY_COMPUTER_DELAY=0",
        "TERM=xterm-256color",
    ]


@pytest.fixture
def session(isolated_data_dir: Path) -> Iterator[str]:
    assert shutil.which("tmux"), "tmux is needed for the end-to-end test"
    name = f"ginrummy-e2e-{uuid.uuid4().hex[:8]}"
    command = shlex.join([*program_env(isolated_data_dir), *COMMAND])
    tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "30", "-c", str(ROOT), command)
    try:
        yield name
    finally:
        TMUX.kill_session(name)


def test_play_against_the_computer_until_a_round_result(session: str) -> None:
    first = wait_for(session, lambda t: "Your turn" in t)
    assert "Stock" in first and "Discard" in first and "Computer" in first
    for _ in range(80):
        text = wait_for(
            session,
            lambda t: "Your turn" in t or "Next round" in t or "final score" in t,
        )
        if "Next round" in text or "final score" in text:
            break
        if "take the upcard" in text:
            tmux("send-keys", "-t", session, "p")
            wait_for(session, lambda t: "take the upcard" not in t or "Your turn" not in t)
        elif "draw from the stock" in text:
            tmux("send-keys", "-t", session, "s")
            wait_for(session, lambda t: "discard a card" in t or "Next round" in t)
        elif "discard a card" in text:
            # Discard the card just drawn (it is selected), or knock when possible.
            tmux("send-keys", "-t", session, "Enter")
            wait_for(session, lambda t: "discard a card" not in t)
    else:
        raise AssertionError("no round result after 80 turns")
    result = wait_for(session, lambda t: "Totals:" in t)
    assert "Round 1:" in result
    assert "deadwood" in result
    assert "You" in result and "Computer" in result
    tmux("send-keys", "-t", session, "q")


def _press_for(text: str) -> str:
    """The key that moves the game on from this screen (the same simple policy as above)."""
    if "take the upcard" in text:
        return "p"
    if "draw from the stock" in text:
        return "s"
    if "discard a card" in text:
        return "Enter"
    return "Enter"  # a round result: next round


def _hand_area(text: str) -> str:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "Deadwood" in line)
    return "\n".join(lines[start + 1 :])


def test_kill_9_at_random_moments_then_continue_shows_the_same_game(
    isolated_data_dir: Path,
) -> None:
    """kill -9 the real program mid-game, restart, Continue: same hand and scores as saved."""
    import random

    from ginrummy.store import Store

    assert shutil.which("tmux"), "tmux is needed for the end-to-end test"
    rng = random.Random(2024)
    name = f"ginrummy-kill-{uuid.uuid4().hex[:8]}"
    env = program_env(isolated_data_dir)
    first = shlex.join([*env, *COMMAND])
    resume = shlex.join([*env, sys.executable, "-m", "ginrummy"])
    tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "30", "-c", str(ROOT), first)
    tmux("set-option", "-t", name, "remain-on-exit", "on")  # keep the pane to respawn it
    try:
        for kill in range(3):
            wait_for(name, lambda t: "Your turn" in t or "Next round" in t)
            # Play a random number of moves, then kill at a random instant after a key.
            for _ in range(rng.randint(1, 6)):
                text = wait_for(name, lambda t: "Your turn" in t or "Next round" in t)
                tmux("send-keys", "-t", name, _press_for(text))
                time.sleep(rng.uniform(0.0, 0.25))
            pid = int(tmux("display-message", "-p", "-t", name, "#{pane_pid}").strip())
            tmux("send-keys", "-t", name, _press_for(screen(name)))
            time.sleep(rng.uniform(0.0, 0.05))
            subprocess.run(["kill", "-9", str(pid)], check=True)
            time.sleep(0.2)
            loaded = Store(isolated_data_dir).load_game()
            assert loaded is not None, f"no usable save after kill {kill + 1}"
            game, _ = loaded
            tmux("respawn-pane", "-k", "-t", name, "-c", str(ROOT), resume)
            wait_for(name, lambda t: "Continue:" in t)
            tmux("send-keys", "-t", name, "F5")
            rnd = game.round
            text = wait_for(
                name, lambda t: "saved game continues" in t or "Next round" in t, timeout=60
            )
            if "Next round" in text:  # killed right after a round ended
                assert f"{game.scores[0]}" in text
                continue
            scores = f"You {game.scores[0]}  ·  Computer {game.scores[1]}"

            def same_game(
                t: str, scores: str = scores, cards: tuple = rnd.hand(0), number: int = rnd.number
            ) -> bool:
                # Polled: a frame may be caught half-drawn on a busy machine.
                if "Next round" in t:
                    # The computer was to move at the save and went out at once: the
                    # result shows that round and the hand saved (its lay-offs too).
                    return f"Round {number} result" in t and all(c.pretty in t for c in cards)
                if "Deadwood" not in t or scores not in t:
                    return False
                hand = _hand_area(t)
                return all(card.pretty in hand for card in cards)

            wait_for(name, same_game)
    finally:
        TMUX.kill_session(name)


@pytest.mark.parametrize(("variable", "value", "code"), [("LANG", "fi_FI.UTF-8", "fi")])
def test_the_real_program_speaks_the_environments_language(
    isolated_data_dir: Path, variable: str, value: str, code: str
) -> None:
    """``python -m ginrummy play`` at 80x24 under a Finnish locale: a Finnish table, and a
    move played; then ``--lang pl`` overrides the environment."""
    from ginrummy.text import i18n

    i18n.set_language(code)
    your_turn, stock = i18n._("Your turn:"), i18n._("Stock {n}").split("{")[0].strip()
    i18n.set_language("pl")
    polish_turn = i18n._("Your turn:")
    i18n.set_language("en")
    assert your_turn != "Your turn:" and polish_turn != "Your turn:"

    assert shutil.which("tmux"), "tmux is needed for the end-to-end test"
    name = f"ginrummy-lang-{uuid.uuid4().hex[:8]}"
    env = [*program_env(isolated_data_dir), f"{variable}={value}"]
    args = ["-m", "ginrummy", "play", "--vs", "computer", "--seed", "7"]
    tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", "-c", str(ROOT),
         shlex.join([*env, sys.executable, *args]))  # fmt: skip
    tmux("set-option", "-t", name, "remain-on-exit", "on")  # keep the pane to respawn it
    try:
        text = wait_for(name, lambda t: your_turn in t)
        assert stock in text and "Your turn" not in text
        tmux("send-keys", "-t", name, "p")  # pass on the upcard: the game goes on
        wait_for(name, lambda t: your_turn in t and "Stock" not in t)
        tmux("send-keys", "-t", name, "q")
        time.sleep(0.5)
        tmux("respawn-pane", "-k", "-t", name, "-c", str(ROOT),
             shlex.join([*env, sys.executable, *args, "--lang", "pl", "--new"]))  # fmt: skip
        wait_for(name, lambda t: polish_turn in t)
    finally:
        TMUX.kill_session(name)


def _play_to_game_over(name: str, turns: int = 400) -> None:
    """Play with the simple key policy until the game is over (its final score, or back at
    the start screen)."""
    over = ("Play again", "Main menu", "— New game")
    for _ in range(turns):
        text = wait_for(
            name,
            lambda t: (
                "Your turn" in t
                or "Next round" in t
                or "See the final score" in t
                or any(mark in t for mark in over)
            ),
            timeout=60,
        )
        if any(mark in text for mark in over):
            return
        tmux("send-keys", "-t", name, _press_for(text))
        time.sleep(0.05)
    raise AssertionError(f"no game over after {turns} keys")


def test_two_windows_finish_their_games_into_one_history(isolated_data_dir: Path) -> None:
    """Two real programs on one data folder, each finishing its own game (one round to 1
    point): both games are in the history, once each."""
    from ginrummy.store import Store

    assert shutil.which("tmux"), "tmux is needed for the end-to-end test"
    names = [f"ginrummy-two-{uuid.uuid4().hex[:8]}" for _ in range(2)]
    env = program_env(isolated_data_dir)
    programs = [
        "from ginrummy.app import launch; from ginrummy.core import Rules;"
        f" launch(mode='computer', level='{level}', seed={seed}, rules=Rules(target=1))"
        for level, seed in (("simple", 7), ("expert", 8))
    ]
    try:
        for name, program in zip(names, programs, strict=True):
            command = shlex.join([*env, sys.executable, "-c", program])
            tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "30", "-c", str(ROOT), command)
        for name in names:
            wait_for(name, lambda t: "Your turn" in t or "Next round" in t, timeout=60)
        for name in names:
            _play_to_game_over(name)
        for name in names:
            try:
                tmux("send-keys", "-t", name, "q")
            except subprocess.CalledProcessError:
                # The window closed on its own already (a slow machine catches up late).
                gone = subprocess.run([*TMUX.command, "has-session", "-t", name], check=False)
                assert gone.returncode != 0
        deadline = time.monotonic() + 15
        history = Store(isolated_data_dir).history()
        while len(history) < 2 and time.monotonic() < deadline:  # a loaded machine is slow
            time.sleep(0.2)
            history = Store(isolated_data_dir).history()
        assert sorted(r.meta.level for r in history) == ["expert", "simple"]
        assert len({r.meta.id for r in history}) == 2
    finally:
        for name in names:
            TMUX.kill_session(name)


def test_a_command_that_meets_the_server_exiting_is_sent_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """tmux exits a moment after its last session ends; a command that reaches it then is
    sent again (twice at most), and any other failure is raised at once."""
    from support import tmux as support

    calls: list[list[str]] = []
    replies: list[tuple[int, str]] = []

    def fake_run(args: list[str], **_kwargs: object) -> subprocess.CompletedProcess[str]:
        calls.append(args)
        code, err = replies.pop(0)
        return subprocess.CompletedProcess(args, code, "out" if code == 0 else "", err)

    monkeypatch.setattr(support.subprocess, "run", fake_run)
    server = Tmux("retry", timeout=1.0, poll=0.0)
    replies[:] = [(1, support.EXITING + "\n"), (0, "")]
    assert server.run("new-session", "-d") == "out"
    assert len(calls) == 2 and calls[0] == calls[1]
    calls.clear()
    replies[:] = [(1, support.EXITING + "\n")] * 3
    with pytest.raises(subprocess.CalledProcessError):
        server.run("new-session", "-d")
    assert len(calls) == 3
    calls.clear()
    replies[:] = [(1, "no server running\n")]
    with pytest.raises(subprocess.CalledProcessError):
        server.run("send-keys", "q")
    assert len(calls) == 1


def test_g_at_a_big_gin_asks_and_plays_big_gin(isolated_data_dir: Path) -> None:
    """Issue 65: `g` ended a round as plain gin where big gin was possible. The real
    program at 80x24, a saved game whose deal gives A–5♠, 6♥6♦6♣ and 8♣ 9♣ with the 10♣
    face up: take it (all eleven cards meld), press `g` (the footer's Gin): the question
    offers big gin first, and `y` scores it."""
    from ginrummy.core import Card, Game, Round, parse_cards
    from ginrummy.core.cards import CARDS
    from ginrummy.store import GameMeta, Store, slot_of

    mine = parse_cards("AS 2S 3S 4S 5S 6H 6D 6C 8C 9C")
    theirs = parse_cards("3D 5D 7D 9D JD QC KC QH JH TH")
    up = parse_cards("TC")
    rest = [c for c in CARDS if c not in (*mine, *theirs, *up)]
    deck: list[Card] = [c for pair in zip(mine, theirs, strict=True) for c in pair]
    game = Game(seed=1)
    game.rounds[-1] = Round(game.rules, dealer=1, deck=[*deck, *up, *rest])
    meta = GameMeta("computer", ("You", "Computer"), "simple")
    Store(isolated_data_dir).save_game(game, meta)
    name = f"ginrummy-e2e-{uuid.uuid4().hex[:8]}"
    code = f"from ginrummy.app import launch; launch(resume={slot_of(meta)!r})"
    command = shlex.join([*program_env(isolated_data_dir), sys.executable, "-c", code])
    tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", "-c", str(ROOT), command)
    try:
        wait_for(name, lambda t: "take the upcard" in t)
        tmux("send-keys", "-t", name, "d")
        # The sign says b; the footer offers g (and b) too.
        wait_for(name, lambda t: "BIG GIN POSSIBLE" in t and "g Gin" in t)
        tmux("send-keys", "-t", name, "g")
        question = wait_for(name, lambda t: "Big gin?" in t)
        assert "Big gin (y)" in question and "Gin with" in question
        assert "scores a bonus" in question and "of 31, where gin scores 25." in question
        tmux("send-keys", "-t", name, "y")
        result = wait_for(name, lambda t: "Totals:" in t)
        assert "Big Gin" in result or "big gin" in result.lower()
    finally:
        TMUX.kill_session(name)


def test_a_finished_game_gets_its_verdict_and_its_review(isolated_data_dir: Path) -> None:
    """Issue 63: the real program at 80x24 resumes a game (seed 4, to 30) one move from
    its end, the computer's: the round result says it is reviewing, then gives the verdict
    line; `r` opens the round's review, Escape comes back; Enter shows the game over and
    `r` there reviews the whole game, at the default budget."""
    from support.pilot import before_the_last_move

    from ginrummy.core import Rules
    from ginrummy.store import GameMeta, Store, slot_of

    game = before_the_last_move(Rules(target=30), 4)
    assert game.round.to_act == 1  # the computer ends the game: no key to work out
    meta = GameMeta("computer", ("You", "Computer"), "simple")
    Store(isolated_data_dir).save_game(game, meta)
    name = f"ginrummy-e2e-{uuid.uuid4().hex[:8]}"
    code = f"from ginrummy.app import launch; launch(resume={slot_of(meta)!r})"
    command = shlex.join([*program_env(isolated_data_dir), sys.executable, "-c", code])
    tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", "-c", str(ROOT), command)
    try:
        result = wait_for(name, lambda t: "See the final score" in t, timeout=90)
        assert "Round 2 result" in result
        verdict = wait_for(name, lambda t: "You: " in t and "· luck " in t, timeout=90)
        line = next(row for row in verdict.splitlines() if "You: " in row)
        assert "costly move" in line and "%" in line, line
        assert "r Review" in verdict  # the footer's key
        tmux("send-keys", "-t", name, "r")
        shown = wait_for(name, lambda t: "Review of round 2" in t and "accuracy" in t)
        assert "Decision 1 of" in shown and "Computer held:" in shown
        tmux("send-keys", "-t", name, "Escape")
        wait_for(name, lambda t: "See the final score" in t)
        tmux("send-keys", "-t", name, "Enter")
        wait_for(name, lambda t: "Review (r)" in t)
        tmux("send-keys", "-t", name, "r")
        review = wait_for(name, lambda t: "Game review" in t and "accuracy" in t, timeout=120)
        assert "Decision 1 of" in review and "round 1" in review
        assert "Chance to win the game" in review
        tmux("send-keys", "-t", name, "Escape")
        wait_for(name, lambda t: "Review (r)" in t)
    finally:
        TMUX.kill_session(name)
