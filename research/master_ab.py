"""A/B runs of the master's configuration: every variant plays the same deals against one
opponent.

    python research/master_ab.py OPPONENT RULES GAMES SEED VARIANT [VARIANT ...]

A VARIANT is ``name:knob=value,knob=value`` (``name:`` alone is the master as it is, or
for a name in `NAMED` an earlier master: ``v10:`` is the master before it read careful
opponents' knocks); the knobs are `MasterConfig` fields, set with `dataclasses.replace`
on the defaults. Game ``i`` of every variant is the
arena's game ``i`` for ``SEED`` (same deals, seats and dealers), so the variants differ
only by what the knobs change. The first variant is the base: for each other one the
script prints the games it won and the base lost, the reverse, and their difference
("net").
Two processes by default (``JOBS`` in the environment to change it). ``FIRST=N`` in the
environment plays the arena's games N .. N+GAMES-1 instead (a run that goes on where an
earlier one stopped). How many games are played so far, and the seconds, go to stderr
every twentieth of the run.

Example (the gin-draw bonus against none):

    python research/master_ab.py expert Standard 200 1 'base:' 'g0:gin_draw_bonus=0.0'
"""

from __future__ import annotations

import ast
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import fields, is_dataclass, replace
from functools import partial
from typing import Any

from ginrummy.core import Game, Round
from ginrummy.core.actions import Action
from ginrummy.core.player import Player
from ginrummy.core.round import PlayerView, shuffled_deck
from ginrummy.core.rules import Rules, RulesError
from ginrummy.players import PLAYERS, make_player
from ginrummy.players.master import MasterConfig, MasterPlayer
from ginrummy.tools.arena import Tally, TimeStats, bot_seed, plan_game, play_game_record

#: Earlier masters by name, as knobs of the master as it is: ``v10:`` alone runs v10.
NAMED: dict[str, str] = {
    "v10": "careful_replay=0.0,careful_plays_on=0.0",
}


def opening(
    tool: str, opponent: str, rules_name: str, numbers: list[str], what: str = "game"
) -> tuple[Rules, list[int]]:
    """The arguments the master's scripts start with, checked (a bad one ends the script
    with one line): the opponent, the rules preset and whole numbers, the first a count
    of ``what`` (at least one)."""
    try:
        values = [int(n) for n in numbers]
        rules = Rules.preset(rules_name)
    except (ValueError, RulesError) as exc:
        raise SystemExit(f"{tool}: {exc}") from None
    if opponent not in PLAYERS:
        raise SystemExit(f"{tool}: no player {opponent!r}: {', '.join(sorted(PLAYERS))}")
    if values and values[0] < 1:
        raise SystemExit(f"{tool}: at least one {what}")
    return rules, values


def game_range(tool: str, argv: list[str]) -> tuple[str, str, Rules, int, int, int] | None:
    """The arguments ``OPPONENT RULES GAMES SEED [FIRST]``, checked as `opening` does:
    (opponent, rules name, rules, games, seed, first game); None when there are not four
    or five (the script then prints its usage)."""
    if len(argv) not in (4, 5):
        return None
    rules, numbers = opening(tool, argv[0], argv[1], argv[2:])
    first = numbers[2] if len(numbers) == 3 else 0
    return argv[0], argv[1], rules, numbers[0], numbers[1], first


def arena_table(
    opponent: str, rules: Rules, seed: int, index: int
) -> tuple[Game, tuple[Player, Player], int]:
    """The arena's game ``index`` of ``seed``, the master against ``opponent``: the game
    (its deals and first dealer), both players in seat order (seeded as the arena seeds
    them) and the master's seat."""
    plan = plan_game(seed, index)
    bots = (
        make_player("master", bot_seed(plan.seed, 0)),
        make_player(opponent, bot_seed(plan.seed, 1)),
    )
    game = Game(rules, seed=plan.seed, first_dealer=plan.first_dealer)
    return game, (bots[plan.seats[0]], bots[plan.seats[1]]), plan.seats.index(0)


def _knob_names(base: Any) -> set[str]:
    """The knobs of ``base``: a dataclass's fields, or a class's public attributes."""
    if is_dataclass(base):
        return {f.name for f in fields(base)}
    return {k for k in dir(base) if not k.startswith("_")}


def parse_knobs(
    tool: str, parts: list[str], extra: tuple[str, ...] = (), base: Any = MasterConfig
) -> dict[str, Any]:
    """``knob=value`` arguments as a dict; the knobs are ``base``'s (`MasterConfig`'s
    fields by default; a player class's public attributes) or one of ``extra``, the
    values Python literals."""
    names = _knob_names(base)
    what = "master" if base is MasterConfig else getattr(base, "name", base)
    knobs: dict[str, Any] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not (key in extra or key in names):
            raise SystemExit(f"{tool}: not a knob of the {what}: {part!r}")
        try:
            knobs[key] = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            raise SystemExit(f"{tool}: not a Python literal: {part!r}") from None
        if base is MasterConfig and key in names and not _fits(getattr(_DEFAULTS, key), knobs[key]):
            kind = _KINDS.get(type(getattr(_DEFAULTS, key)), "value of its default's type")
            raise SystemExit(f"{tool}: {key} takes a {kind}, not {value}")
    return knobs


_DEFAULTS = MasterConfig()
_KINDS: dict[type, str] = {int: "whole number", float: "number", tuple: "tuple of numbers"}


def _fits(default: Any, value: Any) -> bool:
    """Whether ``value`` can stand for a knob whose default is ``default`` (a whole number
    for a float, a tuple of numbers for a tuple)."""
    if isinstance(value, bool) or isinstance(default, bool):
        return type(value) is type(default)
    if isinstance(default, float):
        return isinstance(value, int | float)
    if isinstance(default, tuple):
        return isinstance(value, tuple) and all(isinstance(v, int | float) for v in value)
    return isinstance(value, type(default))


def master_config(knobs: dict[str, Any]) -> MasterConfig:
    """The master's configuration with ``knobs`` set on the defaults."""
    return replace(MasterConfig(), **knobs)


def seat_moves(
    player: str, opponent: str, rules: Rules, rounds: int
) -> Iterator[tuple[PlayerView, Action]]:
    """Every move of ``player`` in seat 1 (its view, its action) over ``rounds`` one-round
    deals (deck seeds 0 .. ``rounds`` - 1, the dealer alternating) against ``opponent``
    in seat 0."""
    for seed in range(rounds):
        rnd = Round(rules, dealer=seed % 2, deck=shuffled_deck(seed))
        bots = (make_player(opponent, seed), make_player(player, seed + 1))
        while rnd.result is None:
            me = rnd.to_act
            view = rnd.view(me)
            action = bots[me].choose(view)
            if me == 1:
                yield view, action
            rnd.apply(action, me)


def split_knobs(text: str) -> list[str]:
    """``k=v,k=(a,b)`` as its ``k=v`` parts: split at the commas outside brackets, so a
    value may be a tuple or a list."""
    parts: list[str] = []
    depth = 0
    start = 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p for p in parts if p]


def parse_variant(text: str) -> tuple[str, dict[str, Any]]:
    """``name:k=v,k=v`` as (name, knobs); values are Python literals. A name of `NAMED`
    with no knobs is that earlier master."""
    name, _sep, rest = text.partition(":")
    if not rest.strip(","):
        rest = NAMED.get(name, "")
    return name or "base", parse_knobs("master_ab", split_knobs(rest))


def _play(
    args: tuple[str, str, str, int, int],
) -> tuple[str, int, bool, tuple[Tally, Tally], list[float]]:
    variant, opponent, rules_name, seed, index = args
    name, knobs = parse_variant(variant)
    PLAYERS["master-ab"] = partial(MasterPlayer, config=master_config(knobs))
    record = play_game_record(
        ("master-ab", opponent), Rules.preset(rules_name), plan_game(seed, index)
    )
    return name, index, record.winner == 0, record.tallies, record.times[0]


def main(argv: list[str]) -> int:
    if len(argv) < 5:
        print(__doc__)
        return 2
    opponent, rules_name, variants = argv[0], argv[1], argv[4:]
    _rules, (games, seed) = opening("master_ab", opponent, rules_name, argv[2:4])
    names = [parse_variant(v)[0] for v in variants]
    if len(set(names)) != len(names):
        raise SystemExit("master_ab: a different name for each variant")
    try:
        first = int(os.environ.get("FIRST", "0"))
    except ValueError:
        raise SystemExit("master_ab: FIRST must be a whole number of games") from None
    if first < 0:
        raise SystemExit("master_ab: FIRST must be a whole number of games")
    games_played = range(first, first + games)
    tasks = [(v, opponent, rules_name, seed, i) for i in games_played for v in variants]
    won: dict[str, dict[int, bool]] = {n: {} for n in names}
    totals = {n: (Tally(), Tally(), TimeStats()) for n in names}
    start = time.time()
    with multiprocessing.Pool(int(os.environ.get("JOBS", "2"))) as pool:
        for done, (name, index, win, tallies, times) in enumerate(
            pool.imap_unordered(_play, tasks), 1
        ):
            won[name][index] = win
            if done % max(1, len(tasks) // 20) == 0 or done == len(tasks):
                # On stderr, so that a long run shows how far it is (stdout stays the table).
                elapsed = time.time() - start
                print(f"{done}/{len(tasks)} games, {elapsed:.0f} s", file=sys.stderr, flush=True)
            m, o, t = totals[name]
            m.add(tallies[0])
            o.add(tallies[1])
            for seconds in times:
                t.add(seconds)
    for name in names:
        m, o, t = totals[name]
        wins = sum(won[name].values())
        print(
            f"{name:10s} {wins}/{games} = {100 * wins / games:.1f}%"
            f"  master knocks {m.knocks} (undercut {m.undercut_against}) gins {m.gins}"
            f" undercuts {m.undercuts} points {m.points}"
            f" | {opponent} knocks {o.knocks} gins {o.gins} points {o.points}"
            f" | ms mean {1000 * t.mean:.1f} p95 {1000 * t.percentile(0.95):.1f}"
            f" max {1000 * t.slowest:.0f}"
        )
    base = names[0]
    for name in names[1:]:
        gained = sum(1 for i in games_played if won[name][i] and not won[base][i])
        lost = sum(1 for i in games_played if won[base][i] and not won[name][i])
        print(f"{name} against {base}: +{gained} -{lost}, net {gained - lost}")
    print(f"{time.time() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
