"""What the master's close discards bring, by playing each out: a diagnosis, not a benchmark.

    python scripts/master_regret.py OPPONENT RULES GAMES SEED [FIRST] > rows.jsonl

Plays the arena's games FIRST .. FIRST+GAMES-1 of SEED (same deals, seats and dealers as
`ginrummy arena`). At each of the master's discards that does not end the round (the
stock above the dead stock, a round with knocking), the `CANDIDATES` best discards by the
master's own ranking are each played out: the whole table (the round, the players and
their random numbers) is copied, the candidate is thrown, and the round is played to its
end by the same players. The master's points from each play-out (the winner's points,
negative when the opponent wins; 0 for a dead hand) are written as one JSON line per
decision, with the parts of the master's score for each candidate: the hand's value
(`MasterPlayer._value`), its deadwood and one-draw gain, the feed term (`_feeds`, as
weighed) and the reply term (`_reply_rerank`, as weighed).

The play-outs start from the true cards, so one decision's figures say what each discard
would have brought in that deal; over many decisions, the mean difference between two
discards with the same public features is what choosing one over the other is worth.
That is what a refit of the discard's score from these rows estimates (`fit` below):
one step of policy improvement on the master's own play.

    python scripts/master_regret.py fit rows.jsonl [rows.jsonl ...]

fits the points of each candidate, relative to the master's choice in the same decision,
on the differences of its parts (least squares, on half of the decisions), and prints on
the other half how many decisions the refitted score would change and what the changed
choices were worth in the play-outs, against the master's; then the same for a few
re-rankings of the three by the master's own parts weighed otherwise (`RERANKS`: no fit,
so every decision counts).

With ``TAKES=1`` the master's draws with a face-up card it may take are played out
instead (taking it and drawing from the stock, or passing the first upcard), with the
parts of its comparison (`MasterPlayer._take_values`); ``fit`` then refits the points of
taking over drawing on the master's margin, whether the card melds, its value and the
stock, and prints the same held-out figures.

A refit on the master's own estimates (the one-draw gain, the feed) is biased towards
zero where they are noisy, so only the held-out figures say whether a refit plays better.
"""

from __future__ import annotations

import copy
import json
import multiprocessing
import os
import random
import sys
from collections.abc import Callable
from typing import Any

from master_ab import game_range
from master_knocks import fit as least_squares

from ginrummy.core import Game
from ginrummy.core.actions import Discard, DrawStock, Pass, TakeDiscard
from ginrummy.core.cards import Card
from ginrummy.core.melds import min_deadwood_mask
from ginrummy.core.round import Phase, PlayerView
from ginrummy.core.rules import Rules
from ginrummy.players import make_player
from ginrummy.players.eaai import makes_meld
from ginrummy.players.fastsim import VALUE
from ginrummy.players.master import MasterPlayer, Reading, read_view
from ginrummy.tools.arena import bot_seed, plan_game

#: How many of the master's best discards are played out at each decision.
CANDIDATES = 3
#: Whether the master's draws with a face-up card are played out instead of its discards
#: (``TAKES=1``).
TAKES = os.environ.get("TAKES") == "1"
#: The parts of a candidate's score, as written in each row.
PARTS = ("value", "dw", "gain", "feed", "reply", "card", "danger")


class Recording(MasterPlayer):
    """The master, keeping the parts of its last discard ranking."""

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self.feeds: dict[int, float] = {}
        self.replies: dict[int, float] = {}
        #: The last discard ranking, best first.
        self.ranking: list[tuple[float, int]] = []

    def _discard_scores(
        self,
        view: PlayerView,
        hand11: int,
        banned: int,
        reading: Reading,
        rng: random.Random,
    ) -> list[tuple[float, int]]:
        self.feeds, self.replies = {}, {}
        self.ranking = super()._discard_scores(view, hand11, banned, reading, rng)
        return self.ranking

    def _feeds(
        self, cards: list[int], reading: Reading, rng: random.Random, limit: int
    ) -> list[float]:
        feeds = super()._feeds(cards, reading, rng, limit)
        self.feeds = dict(zip(cards, feeds, strict=True))
        return feeds

    def _reply_rerank(
        self,
        view: PlayerView,
        out: list[tuple[float, int]],
        hand11: int,
        reading: Reading,
        rng: random.Random,
    ) -> list[tuple[float, int]]:
        ranked = super()._reply_rerank(view, out, hand11, reading, rng)
        before = {b: sc for sc, b in out[: self.reply_candidates]}
        self.replies = {b: before[b] - sc for sc, b in ranked[: self.reply_candidates]}
        return ranked


def _points(game: Game, master: int) -> int:
    result = game.round.result
    assert result is not None
    if result.winner is None:
        return 0
    return result.points if result.winner == master else -result.points


def _finish(game: Game, players: tuple[Any, Any], master: int) -> int:
    """Play the round on to its end; the master's points."""
    rnd = game.round
    while rnd.result is None:
        me = rnd.to_act
        game.apply(players[me].choose(rnd.view(me)), me)
    return _points(game, master)


def _decision(
    game: Game, players: tuple[Any, Any], master: int, view: PlayerView
) -> dict[str, Any] | None:
    """The row of one of the master's discards, or None when it is not one to study."""
    me: Recording = players[master]
    rules = view.rules
    limit = view.knock_limit
    if not limit or view.stock_size <= rules.dead_stock:
        return None
    advice = me.advise(view)
    if not isinstance(advice.action, Discard):
        return None
    reading = read_view(view, me.discard_w, me.pass_w, me.take_w)
    hand11 = view.hand_mask
    feeds, replies = me.feeds, me.replies
    head = [b for _s, b in me.ranking[:CANDIDATES]]
    if len(head) < 2 or head[0] != advice.action.card.bit:
        return None
    weight = me.feed_weight
    cands = []
    for b in head:
        hand = hand11 ^ b
        table = copy.deepcopy((game, players))
        g2, p2 = table
        g2.apply(Discard(Card.from_bit(b)), master)
        pts = _finish(g2, p2, master)
        cands.append(
            {
                "card": b,
                "value": me._value(hand, reading, view.stock_size, limit),
                "dw": min_deadwood_mask(hand),
                "gain": me._gain(hand, reading, limit),
                "feed": weight * feeds.get(b, 0.0),
                "reply": replies.get(b, 0.0),
                "danger": me._danger(b, reading),
                "value_card": VALUE[b],
                "points": pts,
            }
        )
    return {
        "stock": view.stock_size,
        "scores": list(view.scores),
        "me": view.player,
        "cands": cands,
    }


def _take_decision(
    game: Game, players: tuple[Any, Any], master: int, view: PlayerView
) -> dict[str, Any] | None:
    """The row of one of the master's draws with a face-up card it may take: both choices
    played out, with the parts of the master's comparison (`MasterPlayer._advise_draw`)."""
    me: Recording = players[master]
    limit = view.knock_limit
    top = view.top_discard
    if not limit or top is None or (view.phase is Phase.DRAW and view.stock_only):
        return None
    if view.stock_size <= view.rules.dead_stock:
        return None
    reading = read_view(view, me.discard_w, me.pass_w, me.take_w)
    hand = view.hand_mask
    stock = view.stock_size
    best_after, stock_value = me._take_values(view, reading, top)
    chosen = me.choose(view)
    other = DrawStock() if view.phase is Phase.DRAW else Pass()
    options = [chosen, other if isinstance(chosen, TakeDiscard) else TakeDiscard()]
    points = []
    for action in options:
        g2, p2 = copy.deepcopy((game, players))
        g2.apply(action, master)
        points.append(_finish(g2, p2, master))
    took = isinstance(chosen, TakeDiscard)
    return {
        "kind": "take",
        "stock": stock,
        "first": view.phase is Phase.FIRST_UPCARD,
        "took": took,
        "margin": stock_value - best_after,
        "melds": makes_meld(hand, top),
        "card": top.bit,
        "value_card": VALUE[top.bit],
        "dw": min_deadwood_mask(hand),
        "take_points": points[0] if took else points[1],
        "draw_points": points[1] if took else points[0],
    }


def _play(args: tuple[str, str, int, int]) -> list[dict[str, Any]]:
    opponent, rules_name, seed, index = args
    rules = Rules.preset(rules_name)
    plan = plan_game(seed, index)
    by_player = (Recording(bot_seed(plan.seed, 0)), make_player(opponent, bot_seed(plan.seed, 1)))
    seats = plan.seats
    players = (by_player[seats[0]], by_player[seats[1]])
    master = seats.index(0)
    game = Game(rules, seed=plan.seed, first_dealer=plan.first_dealer)
    rows = []
    while True:
        rnd = game.round
        while rnd.result is None:
            me = rnd.to_act
            view = rnd.view(me)
            if me == master and TAKES and view.phase is not Phase.DISCARD:
                row = _take_decision(game, players, master, view)
                if row is not None:
                    row["game"] = index
                    rows.append(row)
            elif me == master and not TAKES and view.phase is Phase.DISCARD:
                row = _decision(game, players, master, view)
                if row is not None:
                    row["game"] = index
                    rows.append(row)
            game.apply(players[me].choose(view), me)
        if game.is_over:
            return rows
        game.next_round()


def main(argv: list[str]) -> int:
    if argv and argv[0] == "fit":
        return fit(argv[1:])
    parsed = game_range("master_regret", argv)
    if parsed is None:
        print(__doc__)
        return 2
    opponent, rules_name, _rules, games, seed, first = parsed
    tasks = [(opponent, rules_name, seed, i) for i in range(first, first + games)]
    with multiprocessing.Pool(int(os.environ.get("JOBS", "2"))) as pool:
        for rows in pool.imap_unordered(_play, tasks):
            for row in rows:
                print(json.dumps(row), flush=True)
    return 0


#: Feature sets of the refit: differences of these parts (``*s``: times the stock / 24).
FEATURE_SETS: dict[str, tuple[str, ...]] = {
    "parts": ("value", "feed", "reply"),
    "split": ("dw", "gain", "feed", "reply"),
    "more": ("dw", "gain", "feed", "reply", "danger", "value_card"),
    "stock": ("dw", "gain", "feed", "reply", "danger", "value_card", "dw*s", "gain*s", "feed*s"),
}


def _part(cand: dict[str, Any], name: str, stock: int) -> float:
    base, times, _s = name.partition("*")
    value = float(cand[base])
    return value * min(1.0, stock / 24) if times else value


def _pairs(rows: list[dict[str, Any]], features: tuple[str, ...]) -> list[dict[str, float]]:
    """One row per (decision, other candidate): the differences from the master's choice."""
    out = []
    for row in rows:
        c0, stock = row["cands"][0], row["stock"]
        for c in row["cands"][1:]:
            pair = {f: _part(c, f, stock) - _part(c0, f, stock) for f in features}
            pair["dy"] = float(c["points"] - c0["points"])
            out.append(pair)
    return out


def _held_out(
    rows: list[dict[str, Any]], features: tuple[str, ...], margin: float
) -> tuple[list[float], int]:
    """The play-out points the refitted choice gains over the master's at each decision
    (two folds by game), and how many decisions it changes."""
    gains: list[float] = []
    changed = 0
    for fold in (0, 1):
        train = [r for r in rows if r["game"] % 2 != fold]
        coef = least_squares(_pairs(train, features), features, "dy")
        for row in rows:
            if row["game"] % 2 != fold:
                continue
            c0, stock = row["cands"][0], row["stock"]
            best, best_c = margin, c0
            for c in row["cands"][1:]:
                pred = coef[0] + sum(
                    k * (_part(c, f, stock) - _part(c0, f, stock))
                    for k, f in zip(coef[1:], features, strict=True)
                )
                if pred > best:
                    best, best_c = pred, c
            if best_c is not c0:
                changed += 1
            gains.append(float(best_c["points"] - c0["points"]))
    return gains, changed


#: The features of a take decision's refit (`fit_takes`).
TAKE_FEATURES = ("margin", "melds", "value_card", "stock", "dw")


def _take_pairs(rows: list[dict[str, Any]]) -> list[dict[str, float]]:
    out = []
    for row in rows:
        pair = {f: float(row[f]) for f in TAKE_FEATURES}
        pair["dy"] = float(row["take_points"] - row["draw_points"])
        out.append(pair)
    return out


def fit_takes(rows: list[dict[str, Any]]) -> None:
    """The take decisions' refit: points of taking over drawing, and held-out gains."""
    took = [r for r in rows if r["took"]]
    for name, part in (("took", took), ("drew", [r for r in rows if not r["took"]])):
        if part:
            diffs = [r["take_points"] - r["draw_points"] for r in part]
            print(
                f"{len(part)} decisions the master {name}: taking over drawing"
                f" {_mean_interval([float(d) for d in diffs])}"
            )
    coef = least_squares(_take_pairs(rows), TAKE_FEATURES, "dy")
    shown = ", ".join(f"{f} {c:+.3f}" for f, c in zip(("1", *TAKE_FEATURES), coef, strict=True))
    print(f"take: {shown}")
    gains: list[float] = []
    changed = 0
    for fold in (0, 1):
        train = [r for r in rows if r["game"] % 2 != fold]
        c = least_squares(_take_pairs(train), TAKE_FEATURES, "dy")
        for row in rows:
            if row["game"] % 2 != fold:
                continue
            pred = c[0] + sum(k * float(row[f]) for k, f in zip(c[1:], TAKE_FEATURES, strict=True))
            take = pred > 0
            if take != row["took"]:
                changed += 1
            mine = row["take_points"] if row["took"] else row["draw_points"]
            gains.append(float((row["take_points"] if take else row["draw_points"]) - mine))
    print(
        f"  held out: {changed} of {len(gains)} changed,"
        f" {_mean_interval(gains)} points per decision"
    )


def fit(paths: list[str]) -> int:
    rows = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as lines:
                rows += [json.loads(line) for line in lines if line.strip()]
        except (OSError, ValueError) as exc:
            raise SystemExit(f"master_regret: {path}: {exc}") from None
    takes = [r for r in rows if r.get("kind") == "take"]
    if takes:
        fit_takes(takes)
    rows = [r for r in rows if r.get("kind", "discard") == "discard"]
    if not rows:
        return 0 if takes else _no_rows()
    n = len(rows)
    print(f"{n} decisions in {len({r['game'] for r in rows})} games")
    for j in (1, 2):
        diffs = [
            r["cands"][0]["points"] - r["cands"][j]["points"] for r in rows if len(r["cands"]) > j
        ]
        same = sum(1 for d in diffs if d == 0)
        print(
            f"choice over candidate {j + 1}: {_mean_interval([float(d) for d in diffs])}"
            f" points, the same in {100 * same / len(diffs):.0f}%"
        )
    for name, features in FEATURE_SETS.items():
        coef = least_squares(_pairs(rows, features), features, "dy")
        shown = ", ".join(f"{f} {c:+.3f}" for f, c in zip(("1", *features), coef, strict=True))
        print(f"{name}: {shown}")
        for margin in (0.0, 1.0, 2.0):
            gains, changed = _held_out(rows, features, margin)
            print(
                f"  margin {margin}: {changed} of {len(gains)} changed,"
                f" {_mean_interval(gains)} points per decision"
            )
    print("the three re-ranked by the master's parts reweighed (no fit):")
    for name, score in RERANKS.items():
        gains, changed = _reranked(rows, score)
        print(f"  {name}: {changed} changed, {_mean_interval(gains)} points per decision")
    return 0


#: Re-rankings of the three candidates by the master's parts, weighed otherwise.
RERANKS: dict[str, Callable[[dict[str, Any]], float]] = {
    "the feed x0.5": lambda c: c["value"] + 0.5 * c["feed"] - c["reply"],
    "the feed x2": lambda c: c["value"] + 2 * c["feed"] - c["reply"],
    "no feed": lambda c: c["value"] - c["reply"],
    "the reply x2": lambda c: c["value"] + c["feed"] - 2 * c["reply"],
    "the reply x1.5": lambda c: c["value"] + c["feed"] - 1.5 * c["reply"],
    "the reply x0.5": lambda c: c["value"] + c["feed"] - 0.5 * c["reply"],
    "no reply": lambda c: c["value"] + c["feed"],
    "danger x2 for the feed": lambda c: c["value"] + 2 * c["danger"] - c["reply"],
    "danger x3.5 for the feed": lambda c: c["value"] + 3.5 * c["danger"] - c["reply"],
}


def _reranked(
    rows: list[dict[str, Any]], score: Callable[[dict[str, Any]], float]
) -> tuple[list[float], int]:
    """The play-out points of the best candidate by ``score`` (lowest; the master's
    order among equals) over the master's choice, per decision, and how many changed."""
    gains: list[float] = []
    changed = 0
    for row in rows:
        cands = row["cands"]
        best = min(range(len(cands)), key=lambda k: (score(cands[k]), k))
        changed += best != 0
        gains.append(float(cands[best]["points"] - cands[0]["points"]))
    return gains, changed


def _mean_interval(values: list[float]) -> str:
    """The mean of ``values`` with its 95% interval's half-width."""
    n = len(values)
    mean = sum(values) / n
    sd = (sum((v - mean) ** 2 for v in values) / max(1, n - 1)) ** 0.5
    return f"{mean:+.3f} (± {1.96 * sd / n**0.5:.3f})"


def _no_rows() -> int:
    raise SystemExit("master_regret: no rows")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
