"""End to end online: two terminals in tmux (80x24), ``ginrummy host`` in one and
``ginrummy join`` in the other, playing a round against each other by keys.

Each player plays plainly: pass on the upcard, draw from the stock, knock or go gin
when the table says it is possible, else throw the card just drawn. The join code is
read from the host's screen. Every wait polls the panes (never a fixed sleep).
"""

from __future__ import annotations

import shlex
import shutil
import socket
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support.tmux import ROOT, Tmux

from ginrummy.core import Rules
from ginrummy.store import ENV_DATA_DIR, LastGame, Store

TMUX = Tmux("ginrummy-online-tests", timeout=30.0, poll=0.05)
tmux, screen, wait_for = TMUX.run, TMUX.screen, TMUX.wait_for
PROGRAM = [sys.executable, "-m", "ginrummy"]
RESULT = ("Next round (Enter)", "See the final score (Enter)")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def terminals(tmp_path: Path) -> Iterator[Callable[[str, list[str]], str]]:
    assert shutil.which("tmux"), "tmux is needed for the end-to-end test"
    names: list[str] = []

    def start(role: str, args: list[str]) -> str:
        data = tmp_path / role
        data.mkdir(exist_ok=True)
        env = ["env", f"{ENV_DATA_DIR}={data}", "TERM=xterm-256color"]
        name = f"online-{role}-{uuid.uuid4().hex[:8]}"
        command = shlex.join([*env, *PROGRAM, *args])
        tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", "-c", str(ROOT), command)
        names.append(name)
        return name

    try:
        yield start
    finally:
        for name in names:
            TMUX.kill_session(name)
        TMUX.kill_server()


def join_code(text: str) -> str:
    for line in text.splitlines():
        if "Join code:" in line:
            return line.split("Join code:")[1].split()[0]
    raise AssertionError(f"no join code on the host's screen:\n{text}")


def play_one_key(name: str, text: str) -> bool:
    """Press the key for the move the screen asks for; False if it is not our turn."""
    if "Your turn:" not in text:
        return False
    if "take the upcard" in text:
        tmux("send-keys", "-t", name, "p")
        wait_for(name, lambda t: "take the upcard" not in t)
    elif "draw from the stock" in text:
        tmux("send-keys", "-t", name, "s")
        wait_for(name, lambda t: "Your turn: discard" in t or "Your turn:" not in t)
    elif "GIN POSSIBLE" in text or "KNOCK POSSIBLE" in text:
        tmux("send-keys", "-t", name, "k")
        asked = wait_for(
            name, lambda t: "Knock?" in t or "Go gin?" in t or "(select one, press k)" in t
        )
        if "Knock?" in asked or "Go gin?" in asked:
            tmux("send-keys", "-t", name, "y")
            wait_for(name, lambda t: any(r in t for r in RESULT) or "Your turn:" not in t)
        else:
            # Several cards knock, not the selected one (the card just drawn): the table
            # refuses and names them; play on plainly and throw the selected card.
            tmux("send-keys", "-t", name, "Enter")
            wait_for(name, lambda t: "Your turn: discard" not in t)
    elif "Your turn: discard" in text:
        tmux("send-keys", "-t", name, "Enter")
        wait_for(name, lambda t: "Your turn: discard" not in t)
    else:
        return False
    return True


def test_two_terminals_play_a_round_against_each_other(
    terminals: Callable[[str, list[str]], str],
) -> None:
    port = free_port()
    host = terminals("host", ["host", "--port", str(port), "--name", "Ann"])
    waiting = wait_for(host, lambda t: "Join code:" in t)
    assert f"127.0.0.1:{port}" in waiting and "Waiting for the other player" in waiting
    code = join_code(waiting)
    guest = terminals("join", ["join", f"127.0.0.1:{port}", "--code", code, "--name", "Bob"])
    for name in (host, guest):
        wait_for(name, lambda t: "online" in t.splitlines()[0] and "Stock" in t)
    assert "Bob" in screen(host) and "Ann" in screen(guest)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        texts = {name: screen(name) for name in (host, guest)}
        if all(any(r in t for r in RESULT) for t in texts.values()):
            break
        if not any(play_one_key(name, text) for name, text in texts.items()):
            time.sleep(0.05)
    else:
        raise AssertionError(f"no result:\n{screen(host)}\n{screen(guest)}")
    # Both see the same showdown, from the host: the round's title and both names.
    for name in (host, guest):
        text = screen(name)
        assert "Round 1:" in text and "Ann" in text and "Bob" in text
        assert all(len(line) <= 80 for line in text.splitlines())


def test_two_terminals_ask_for_hints_finish_a_game_and_play_again(
    terminals: Callable[[str, list[str]], str], tmp_path: Path
) -> None:
    """Each player presses h on their turn and reads a hint; the game (to 1 point: the
    first round won ends it) is played to its final score; both press a (Play again) and
    sit down at the same table again for a new match."""
    host_data = tmp_path / "host"
    host_data.mkdir()
    store = Store(host_data)
    store.save_last_game(LastGame(opponent="computer", rules=Rules().with_(target=1)))
    store.close()
    port = free_port()
    host = terminals("host", ["host", "--port", str(port), "--name", "Ann"])
    code = join_code(wait_for(host, lambda t: "Join code:" in t))
    guest = terminals("join", ["join", f"127.0.0.1:{port}", "--code", code, "--name", "Bob"])
    for name in (host, guest):
        wait_for(name, lambda t: "online" in t.splitlines()[0] and "Stock" in t)
    hinted: set[str] = set()
    over = "Play again (a)"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        texts = {name: screen(name) for name in (host, guest)}
        if all(over in t for t in texts.values()):
            break
        moved = False
        for name, text in texts.items():
            if over in text:
                continue
            result = next((r for r in RESULT if r in text), None)
            if result is not None:
                tmux("send-keys", "-t", name, "Enter")
                wait_for(name, lambda t, r=result: r not in t)
                moved = True
            elif name not in hinted and "Your turn:" in text:
                tmux("send-keys", "-t", name, "h")
                assert "Hint:" in wait_for(name, lambda t: "Hint:" in t or "No hint" in t)
                hinted.add(name)
                moved = True
            elif (
                "Your turn: discard" in text
                and "GIN POSSIBLE" not in text
                and "KNOCK POSSIBLE" not in text
            ):
                # The hand is sorted melds first, then the deadwood by rank: throw the
                # highest deadwood card (End), so that someone soon knocks.
                tmux("send-keys", "-t", name, "End")
                tmux("send-keys", "-t", name, "Enter")
                wait_for(name, lambda t: "Your turn: discard" not in t)
                moved = True
            else:
                moved = play_one_key(name, text) or moved
        if not moved:
            time.sleep(0.05)
    else:
        raise AssertionError(f"the game did not end:\n{screen(host)}\n{screen(guest)}")
    assert hinted == {host, guest}
    for name in (host, guest):
        tmux("send-keys", "-t", name, "a")
    for name in (host, guest):
        text = wait_for(name, lambda t: "online" in t.splitlines()[0] and "Stock" in t)
        assert "Ann" in text and "Bob" in text
