r"""The arena against opponents the master was not tuned on: eaai that waits longer to knock.

    python research/style_probe.py ARENA-ARGUMENTS...

Runs ``ginrummy arena`` with three more players besides the arena's own:

- ``eaai5``: Neller's SimpleGinRummyPlayer (``eaai``) that knocks only at 5 deadwood or
  less (it keeps discarding greedily until then);
- ``eaai0``: the same that goes out only with gin;
- ``eaaimix``: the same whose knock limit is drawn anew each round from 10, 6, 2 and 0
  (seeded by the player's seed, the round and the scores), so that its style changes
  within a game.

The master reads an opponent's style (`ginrummy.players.style`) from how its rounds end:
eaai always knocks at once, defensive waits for gin. These players sit between the two or
switch from round to round, so a run says whether the master's play holds when the
reading is unsure. Example (BENCHMARKS.md at 8789123, "Twenty-second session")::

    python research/style_probe.py arena --players master,eaaimix --rules eaai \
        --games 200 --seed 1 --jobs 2

``--expert NAME:knob=value,...`` (before the rest, repeatable) adds a player ``NAME``: the
expert with those class attributes changed (values are Python literals), to measure a
change of the expert against the probes on the same games (BENCHMARKS.md at 8789123, "The expert
races a player who waits for gin")::

    python research/style_probe.py --expert 'norace:race_from=2.0,race_full=3.0' arena \
        --players norace,eaai0 --rules eaai --games 200 --seed 1 --jobs 2

With the name of one of the master's diagnosis scripts first (``master_ab``,
``master_knocks``, ``style_endings``, ``expert_knocks``), it runs that script instead,
with the probes among its opponents::

    JOBS=2 python research/style_probe.py master_ab eaai0 EAAI 200 1 'base:' 'v10:'
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Callable

from ginrummy.cli import main as cli_main
from ginrummy.core.player import Player
from ginrummy.core.round import PlayerView
from ginrummy.players import PLAYERS
from ginrummy.players.eaai import EaaiPlayer
from ginrummy.players.expert import ExpertPlayer

#: The knock limits ``eaaimix`` draws from, one per round.
MIX_LIMITS = (10, 6, 2, 0)


class PatientEaai(EaaiPlayer):
    """eaai that knocks only at ``limit`` deadwood or less (None: a limit per round)."""

    def __init__(self, seed: int | str = 0, limit: int | None = 10) -> None:
        super().__init__(seed)
        self.limit = limit

    def knock_at(self, view: PlayerView) -> int:
        """The deadwood this player goes out with in this round (within the round's limit)."""
        if self.limit is not None:
            return min(self.limit, view.knock_limit)
        rng = random.Random(f"eaaimix:{self.seed}:{view.round_number}:{view.scores}")
        return min(rng.choice(MIX_LIMITS), view.knock_limit)


def _factory(limit: int | None) -> Callable[[int], Player]:
    return lambda seed: PatientEaai(seed, limit)


PROBES: dict[str, Callable[[int], Player]] = {
    "eaai5": _factory(5),
    "eaai0": _factory(0),
    "eaaimix": _factory(None),
}


#: The diagnosis scripts of research/ that can be run against the probes instead of the
#: arena (``python research/style_probe.py master_knocks eaai0 EAAI 500``).
SCRIPTS = ("master_ab", "master_knocks", "style_endings", "expert_knocks")


def expert_variant(spec: str) -> tuple[str, Callable[[int], Player]]:
    """``NAME:knob=value,...`` as a player name and its factory: the expert with those
    class attributes. A bad spec exits with one line saying why."""
    from master_ab import parse_knobs, split_knobs  # research/ is on the path: its folder

    name, _sep, rest = spec.partition(":")
    name = name.strip().lower()
    if not name or name in PLAYERS:
        raise SystemExit(f"style_probe: --expert needs a new player name before ':', not {spec!r}")
    knobs = parse_knobs("style_probe", split_knobs(rest), base=ExpertPlayer)
    return name, type(f"Expert_{name}", (ExpertPlayer,), knobs)


def main(argv: list[str]) -> int:
    # The worker processes are forked from this one, so they see the probes too.
    PLAYERS.update(PROBES)
    while argv[:1] == ["--expert"]:
        name, factory = expert_variant(argv[1] if len(argv) > 1 else "")
        PLAYERS[name] = factory
        argv = argv[2:]
    if argv and argv[0] in SCRIPTS:
        script = importlib.import_module(argv[0])
        return int(script.main(argv[1:]))
    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
