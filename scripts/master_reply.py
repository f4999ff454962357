"""What the master's discards hand the opponent at once, choice by choice: a diagnosis.

    python scripts/master_reply.py OPPONENT RULES ROUNDS [careful=X] [VARIANT ...]

Plays ROUNDS one-round deals (deck seeds 0 .. ROUNDS-1, the dealer alternating) of the
master as it is, in seat 0, against OPPONENT. At each of its discards in a round with
knocking (the stock above the dead-hand size; not a knock: a knock's discard feeds
nobody) three kinds of master choose a discard on the same view with the same random
numbers:

- the master as it is (``master``);
- the master whose discards' reply is shown the opponent's true hand (``seen``:
  `scripts/master_oracle.py`'s ``y``, which won 160 of the benchmark's first 200 games
  against expert, where the master won 120);
- each VARIANT, ``name:knob=value,...`` of `scripts/master_variants.py`.

For each it counts, over the master's decisions:

- **meld feeds**: the discards that make a meld with the opponent's true hand (a set or
  a run, `eaai.makes_meld`), what the feed's samples weigh;
- **gin feeds**: the discards the opponent's true hand would take and go gin with at once
  (`replay.greedy_reply`), and the points those gins would cost the master;
- **go-out feeds**: the discards it would take and go out with at once (a knock counted
  in full, a careful player's too), and the master's net points from them (an undercut
  counts for it);
- **value given up**: the master's own score of the hand each choice leaves
  (`MasterPlayer._value`) less that of the master's own choice, summed: what avoiding
  the feeds cost the master's hand, in the units its discards are weighed in;
- **choices unlike the master's**.

Against expert, seeing the hand in the reply alone took the gin feeds of 200 deals from
20 to 4 and the expert's gins in the 200 games from 288 to 199: the gin feeds are where
the reply's reading pays, and this counts them on 1,700 decisions in a few minutes, where
an A/B run of 200 games tells ± 7 games in ten. The trajectory is the master's own, so
each variant is judged on the decisions the master met (one step, not its own rounds).

``careful=X`` sets every master's belief that the opponent is careful (`_careful`) to X,
as `scripts/master_belief.py` does: one-round deals teach no style. Two processes by
default (``JOBS`` in the environment to change it).

Example (the forty-third session's runs in BENCHMARKS.md at 8789123):

    python scripts/master_reply.py expert Standard 200 careful=1.0 'r256:reply_samples=256'
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from dataclasses import dataclass

import master_ab
import master_oracle
from master_ab import careful_belief, opening, parse_knobs, parse_variant
from master_variants import Variant, gins_on_reply

from ginrummy.core import Round
from ginrummy.core.actions import Discard
from ginrummy.core.cards import Card, mask_of
from ginrummy.core.round import Phase, PlayerView, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.players import make_player
from ginrummy.players.eaai import makes_meld
from ginrummy.players.master import MasterPlayer
from ginrummy.players.replay import greedy_reply


@dataclass
class Count:
    """One master's choices over the decisions (see the module's list)."""

    decisions: int = 0
    meld_feeds: int = 0
    gin_feeds: int = 0
    gin_points: int = 0
    out_feeds: int = 0
    out_points: int = 0
    value_given: float = 0.0
    unlike: int = 0

    def add(self, other: Count) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def _masters(variants: list[str], careful: float | None) -> list[tuple[str, MasterPlayer]]:
    """The masters of one run, named, in print order: the master as it is, the one whose
    reply sees the true hand, the variants."""
    belief = careful_belief(careful)
    seen = type("Seen", (master_oracle.OracleMaster,), {"oracle": "y", **belief})
    masters: list[tuple[str, MasterPlayer]] = [
        ("master", type("Master", (Variant,), belief)(1)),
        ("seen", seen(1)),
    ]
    for text in variants:
        name, knobs = parse_variant(text)
        masters.append((name, type(f"Variant_{name}", (Variant,), {**knobs, **belief})(1)))
    return masters


def _deal(args: tuple[str, str, int, list[str], float | None]) -> list[Count]:
    """The counts of one deal, one per master of `_masters`."""
    opponent, rules_name, seed, variants, careful = args
    master_ab.BASE = Variant
    players = [player for _name, player in _masters(variants, careful)]
    me = players[0]
    counts = [Count() for _p in players]
    rules = Rules.preset(rules_name)
    rnd = Round(rules, dealer=seed % 2, deck=shuffled_deck(seed))
    bots = (me, make_player(opponent, seed + 1))
    while rnd.result is None:
        seat = rnd.to_act
        view = rnd.view(seat)
        action = bots[seat].choose(view)
        if seat == 0 and isinstance(action, Discard) and _counts(view):
            true = mask_of(rnd.hand(1))
            master_oracle._TRUE[0], master_oracle._LIMIT[0] = true, view.knock_limit
            hand, limit = view.hand_mask, view.knock_limit
            reading = me._read(view)
            chosen = []
            for player in players:
                own = player._read(view)
                scores = player._discard_scores(view, hand, view.banned_bit, own, player._rng(view))
                chosen.append(scores[0][1])
            mine = me._value(hand ^ chosen[0], reading, view.stock_size, limit)
            for count, card in zip(counts, chosen, strict=True):
                pts = greedy_reply(
                    true, 0, hand ^ card, card, limit, rules.gin_bonus, rules.undercut_bonus
                )
                count.decisions += 1
                count.meld_feeds += makes_meld(true, Card.from_bit(card))
                count.out_feeds += pts != 0
                count.out_points += int(pts)
                if gins_on_reply(true, [], card):
                    count.gin_feeds += 1
                    count.gin_points -= int(pts)
                count.value_given += me._value(hand ^ card, reading, view.stock_size, limit) - mine
                count.unlike += card != chosen[0]
        rnd.apply(action, seat)
    return counts


def _counts(view: PlayerView) -> bool:
    """Whether the master's decision in ``view`` is one this script counts."""
    if view.phase is not Phase.DISCARD or not view.knock_limit:
        return False
    return view.stock_size > view.rules.dead_stock


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__)
        return 2
    opponent, rules_name = argv[0], argv[1]
    rules, (rounds,) = opening("master_reply", opponent, rules_name, argv[2:3], "round")
    if not rules.knock_limit:
        raise SystemExit("master_reply: the reply weighs knocks: rules with a knock limit")
    master_ab.BASE = Variant
    rest = argv[3:]
    careful: float | None = None
    if rest and rest[0].startswith("careful="):
        careful = float(parse_knobs("master_reply", rest[:1], extra=("careful",))["careful"])
        rest = rest[1:]
    names = [name for name, _player in _masters(rest, careful)]  # checks the variants
    if len(set(names)) != len(names):
        raise SystemExit("master_reply: a different name for each variant (and not master or seen)")
    tasks = [(opponent, rules_name, seed, rest, careful) for seed in range(rounds)]
    totals = [Count() for _name in names]
    with multiprocessing.Pool(int(os.environ.get("JOBS", "2"))) as pool:
        for counts in pool.imap_unordered(_deal, tasks):
            for total, count in zip(totals, counts, strict=True):
                total.add(count)
    n = totals[0].decisions
    forced = "" if careful is None else f", careful {careful}"
    print(f"master vs {opponent} ({rules_name}), {rounds} rounds, {n} discards{forced}")
    print(
        f"  {'':10s} {'meld feeds':>10s} {'gin feeds':>9s} {'points':>7s}"
        f" {'go-out feeds':>12s} {'net':>6s} {'value given':>11s} {'unlike':>6s}"
    )
    for name, c in zip(names, totals, strict=True):
        print(
            f"  {name:10s} {c.meld_feeds:10d} {c.gin_feeds:9d} {c.gin_points:7d} {c.out_feeds:12d}"
            f" {c.out_points:+6d} {c.value_given:+11.1f} {c.unlike:6d}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
