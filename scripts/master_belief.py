"""How well the master's sampled opponent hands match the real one: a diagnosis.

    python scripts/master_belief.py OPPONENT RULES ROUNDS [knob=value ...]

Plays ROUNDS rounds (deck seeds 0 .. ROUNDS-1, the dealer alternating) of the master in
seat 0 against OPPONENT. At each of the master's discards it deals the opponent's hand
as the master does when it judges what a discard would feed (`_opponent_hands`, 64 hands
unless ``samples=N``) and compares them with the true hand:

- **deadwood**: the true deadwood against the samples' mean (mean error, mean absolute
  error, correlation), and how often the samples could knock (deadwood within the limit)
  against how often the true hand could;
- **feeds**: for each card of the master's hand, the share of sampled hands it would make
  a meld with (a set or a run, `eaai.makes_meld`) against whether it makes one with the
  true hand: the AUC (0.5 is guessing, 1 is knowing) and the Brier score; the same for
  the chance the danger formula gives (`MasterPlayer._danger`, from the per-card belief
  alone: what the master weighs its discards by against a greedy knocker);
- **the discards made**: the master's own discards by that share, and how many of each
  band the opponent took;
- **replayed**: the same deadwood figures for the samples the discards' reply and the
  knock read (`MasterPlayer._replayed`: resampled by how well a greedy player explains
  the opponent's last turn, 0.5 greedy draws per draw), the AUC of the share of them each
  card melds with, and of that share and the danger formula's chance averaged;
- **replayed replies**: for each card, the share of those samples that would take it and
  go out at once (`replay.greedy_reply`, no stock draw looked at) against whether the
  true hand would: the few discards that end a round, where the oracle
  (`scripts/master_oracle.py`) says reading matters most;
- **one card from going out / from gin**: the share of either set of samples that some
  card would let knock (or go gin), against whether the true hand is so close: the
  turns where the oracle's ``n`` and ``g`` say seeing the hand pays most.

``careful=X`` sets the master's belief that the opponent is careful (`_careful`) to X:
these one-round deals teach it no style, and `careful_replay` and `careful_plays_on` act
through that belief.

The knobs are `MasterPlayer` class attributes (`improve_scale=1.0`,
`low_hand_keep=0.0`, `discard_w=0.3`, ...) or those of the experiments in
`scripts/master_variants.py` (``replay_pool=16``, ...), so a change of belief can be
judged here in a minute before an A/B run of hundreds of games. The feeds' AUC is the
figure to move: `scripts/master_oracle.py` shows what knowing them exactly would win.

Example (the fifth session's figures in BENCHMARKS.md at 8789123):

    python scripts/master_belief.py eaai EAAI 40
    python scripts/master_belief.py eaai EAAI 40 improve_scale=1.0 low_hand_keep=0.0
    python scripts/master_belief.py eaai EAAI 40 samples=32 replay_pool=16
    python scripts/master_belief.py expert Standard 40 careful_replay=1.0 careful=1.0
"""

from __future__ import annotations

import random
import statistics
import sys
from bisect import bisect_left, bisect_right

import master_ab
from master_ab import careful_belief, opening, parse_knobs
from master_variants import Variant

from ginrummy.core import Round
from ginrummy.core.actions import Discard, TakeDiscard
from ginrummy.core.cards import CARDS, Card, mask_of
from ginrummy.core.melds import min_deadwood_mask
from ginrummy.core.round import Phase, shuffled_deck
from ginrummy.players import make_player
from ginrummy.players.eaai import makes_meld
from ginrummy.players.estimates import bits
from ginrummy.players.fastsim import best_discard
from ginrummy.players.master import read_view
from ginrummy.players.replay import greedy_reply

#: The master's discards by the share of sampled hands the card melds with: (low, high).
BANDS = ((0.0, 0.1), (0.1, 0.2), (0.2, 0.3), (0.3, 0.5), (0.5, 1.01))


def auc(scored: list[tuple[float, bool]]) -> float:
    """The chance that a true case scores above a false one (ties count half)."""
    negatives = sorted(s for s, truth in scored if not truth)
    positives = [s for s, truth in scored if truth]
    if not positives or not negatives:
        return float("nan")
    wins = 0.0
    for s in positives:
        lo, hi = bisect_left(negatives, s), bisect_right(negatives, s)
        wins += lo + 0.5 * (hi - lo)
    return wins / (len(positives) * len(negatives))


def brier(scored: list[tuple[float, bool]]) -> float:
    """The mean squared distance of the chances from the truths (0 is knowing)."""
    return statistics.fmean((s - t) ** 2 for s, t in scored)


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__)
        return 2
    opponent, rules_name = argv[0], argv[1]
    rules, (rounds,) = opening("master_belief", opponent, rules_name, argv[2:3], "round")
    master_ab.BASE = Variant
    knobs = parse_knobs("master_belief", argv[3:], extra=("samples", "careful"))
    samples = int(knobs.pop("samples", 64))
    careful = knobs.pop("careful", None)
    master = type("MasterBelief", (Variant,), {**knobs, **careful_belief(careful)})(1)
    replayed: list[tuple[int, float, float]] = []  # the same, for the replayed samples
    deadwood: list[tuple[int, float, float]] = []  # (true, sampled mean, share that knocks)
    true_knocks = 0
    feeds: list[tuple[float, bool]] = []
    dangers: list[tuple[float, bool]] = []  # the danger formula's chance, for the same cards
    replayed_feeds: list[tuple[float, bool]] = []  # the share of replayed samples it melds
    mixed: list[tuple[float, bool]] = []  # that share and the formula's chance, averaged
    made: list[tuple[float, bool]] = []  # the master's discards: (share, taken)
    outs: list[tuple[float, bool]] = []  # share of replayed replies that end the round
    # (share of the samples, truth) one card from going out / from gin, by what is near
    near_own: dict[str, list[tuple[float, bool]]] = {"out": [], "gin": []}
    near_replayed: dict[str, list[tuple[float, bool]]] = {"out": [], "gin": []}
    gb, ub = rules.gin_bonus, rules.undercut_bonus
    for seed in range(rounds):
        rnd = Round(rules, dealer=seed % 2, deck=shuffled_deck(seed))
        bots = (master, make_player(opponent, seed + 1))
        shares: dict[int, float] = {}
        thrown: float | None = None  # the share of the master's discard, until answered
        while rnd.result is None:
            me = rnd.to_act
            view = rnd.view(me)
            if me == 0 and view.phase is Phase.DISCARD:
                true = mask_of(rnd.hand(1))
                limit = view.knock_limit
                reading = read_view(view, master.discard_w, master.pass_w, master.take_w)
                rng = random.Random(f"belief:{seed}:{len(view.history)}")
                hands = master._opponent_hands(reading, rng, samples, limit)
                dws = [min_deadwood_mask(h) for h in hands]
                true_dw = min_deadwood_mask(true)
                true_knocks += true_dw <= limit
                deadwood.append(
                    (true_dw, statistics.fmean(dws), sum(d <= limit for d in dws) / len(dws))
                )
                worlds = master._replayed(
                    reading, rng, samples, limit, master.reply_pool, master.reply_scale
                )
                rds = [min_deadwood_mask(h) for h, _stock in worlds]
                replayed.append(
                    (true_dw, statistics.fmean(rds), sum(d <= limit for d in rds) / len(rds))
                )
                true_reach = reach(true)
                for near, sampled in (
                    (near_own, hands),
                    (near_replayed, [h for h, _stock in worlds]),
                ):
                    reaches = [reach(h) for h in sampled]
                    for what, lim in (("out", limit), ("gin", 0)):
                        share = sum(r <= lim for r in reaches) / len(reaches)
                        near[what].append((share, true_reach <= lim))
                shares = {}
                for b in bits(view.hand_mask):
                    card = Card.from_bit(b)
                    share = shares[b] = sum(makes_meld(h, card) for h in hands) / len(hands)
                    melds = makes_meld(true, card)
                    feeds.append((share, melds))
                    danger = master._danger(b, reading)
                    dangers.append((danger, melds))
                    rs = sum(makes_meld(h, card) for h, _stock in worlds) / len(worlds)
                    replayed_feeds.append((rs, melds))
                    mixed.append(((rs + danger) / 2, melds))
                    mine = view.hand_mask ^ b
                    ends = sum(greedy_reply(h, 0, mine, b, limit, gb, ub) != 0 for h, _s in worlds)
                    truly = greedy_reply(true, 0, mine, b, limit, gb, ub) != 0
                    outs.append((ends / len(worlds), truly))
            action = bots[me].choose(view)
            if me == 1 and thrown is not None:  # its answer to the master's discard
                made.append((thrown, isinstance(action, TakeDiscard)))
                thrown = None
            elif me == 0 and isinstance(action, Discard):
                thrown = shares[action.card.bit]
            rnd.apply(action, me)
    n = len(deadwood)
    if n < 2:
        raise SystemExit("master_belief: too few decisions: play more rounds")
    print(f"master vs {opponent} ({rules_name}), {rounds} rounds, {n} discards, {samples} samples")
    forced = "" if careful is None else f", careful {careful}"
    print(f"  knobs: {knobs or 'as they are'}{forced}")
    _print_deadwood("", deadwood, true_knocks)
    base = sum(t for _s, t in feeds) / len(feeds)
    print(
        f"  feeds: {len(feeds)} cards, {base:.1%} meld with the true hand, sampled"
        f" {statistics.fmean(s for s, _t in feeds):.1%};"
        f" AUC {auc(feeds):.3f}, Brier {brier(feeds):.4f}"
    )
    print(
        f"  the danger formula (`_danger`, the per-card belief): AUC {auc(dangers):.3f},"
        f" Brier {brier(dangers):.4f}"
    )
    taken = sum(t for _s, t in made)
    print(f"  the master's discards: {len(made)}, taken by {opponent} {taken}; by share:")
    for lo, hi in BANDS:
        band = [t for s, t in made if lo <= s < hi]
        if band:
            print(
                f"    {lo:.1f}-{min(hi, 1.0):.1f}: {len(band):4d} discards,"
                f" {sum(band):3d} taken ({sum(band) / len(band):.1%})"
            )
    _print_deadwood("replayed ", replayed, true_knocks)
    print(
        f"  replayed feeds: AUC {auc(replayed_feeds):.3f}, Brier {brier(replayed_feeds):.4f};"
        f" averaged with the danger formula AUC {auc(mixed):.3f}"
    )
    ended = sum(t for _s, t in outs)
    print(
        f"  replayed replies: {ended} of {len(outs)} cards would let the true hand go out"
        f" at once ({ended / len(outs):.1%}), sampled {statistics.fmean(s for s, _t in outs):.1%};"
        f" AUC {auc(outs):.3f}, Brier {brier(outs):.4f}"
    )
    for what, name in (("out", "going out"), ("gin", "gin")):
        own, rep = near_own[what], near_replayed[what]
        rate = sum(t for _s, t in own) / len(own)
        print(
            f"  one card from {name}: true {rate:.1%}; sampled"
            f" {statistics.fmean(s for s, _t in own):.1%}, AUC {auc(own):.3f};"
            f" replayed {statistics.fmean(s for s, _t in rep):.1%}, AUC {auc(rep):.3f},"
            f" Brier {brier(rep):.4f}"
        )
    return 0


def reach(hand: int) -> int:
    """The least deadwood ``hand`` (10 cards) can reach with one more card (any it does
    not hold) and its best discard: within the knock limit, it is one card from going
    out; 0, from gin."""
    best = 999
    for c in CARDS:
        if not c.bit & hand:
            best = min(best, best_discard(hand | c.bit, 0)[0])
            if not best:
                break
    return best


def _print_deadwood(label: str, rows: list[tuple[int, float, float]], true_knocks: int) -> None:
    """The samples' deadwood against the true one, and how often either could knock."""
    n = len(rows)
    truth = [t for t, _m, _k in rows]
    means = [m for _t, m, _k in rows]
    true_mean, sampled_mean = statistics.fmean(truth), statistics.fmean(means)
    error = statistics.fmean(abs(t - m) for t, m in zip(truth, means, strict=True))
    print(
        f"  {label}deadwood: true mean {true_mean:.1f}, sampled mean {sampled_mean:.1f},"
        f" mean error {sampled_mean - true_mean:+.1f}, mean absolute error {error:.1f},"
        f" correlation {statistics.correlation(truth, means):.3f}"
    )
    print(
        f"  {label}could knock: true {true_knocks / n:.1%}, sampled"
        f" {statistics.fmean(k for _t, _m, k in rows):.1%}"
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
