"""``ginrummy bench``: the solver's microseconds per hand and bot-vs-bot rounds per second.

The corpora are fixed and seeded, so figures from two machines (or two commits) time
the same hands. Each figure is the best of several repeats (the least disturbed one)
measured with `time.perf_counter`. With ``--peers`` the same hands are also timed with
OpenSpiel's C++ and RLCard's Python melding when those packages are importable.
"""

from __future__ import annotations

import datetime as _dt
import importlib
import os
import platform
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..core import CARDS, Card, Rules, best_melding, min_deadwood
from ..core.melds import min_deadwood_mask
from ..text.i18n import N_, _, number

__all__ = ["CORPORA", "format_bench", "machine_info", "make_corpora", "run_bench"]

#: Corpus name -> what it holds (the order of the report).
CORPORA: dict[str, str] = {
    "uniform10": N_("uniform random 10-card hands"),
    "dense10": N_("meld-dense 10-card hands (10 of the 16-24 cards of 4-6 consecutive ranks)"),
    "uniform11": N_("uniform random 11-card hands"),
}

FULL_HANDS = 20_000
QUICK_HANDS = 1_000
CORPUS_SEED = 20_240_601


def make_corpora(n: int, seed: int = CORPUS_SEED) -> dict[str, list[list[Card]]]:
    """The fixed corpora: ``n`` hands each, the same for the same ``n`` and ``seed``."""
    rng = random.Random(f"ginrummy-bench:{seed}")
    uniform10 = [rng.sample(CARDS, 10) for _i in range(n)]
    dense10 = []
    for _i in range(n):
        width = rng.randint(4, 6)
        low = rng.randint(1, 14 - width)
        pool = [Card(rank, suit) for rank in range(low, low + width) for suit in range(4)]
        dense10.append(rng.sample(pool, 10))
    uniform11 = [rng.sample(CARDS, 11) for _i in range(n)]
    return {"uniform10": uniform10, "dense10": dense10, "uniform11": uniform11}


def best_time(fn: Callable[[], object], repeats: int) -> float:
    """The least wall time of ``repeats`` calls of ``fn`` (seconds)."""
    best = float("inf")
    for _i in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def per_hand_us(fn: Callable[[Any], object], hands: Sequence[Any], repeats: int) -> float:
    """Microseconds per hand of ``fn`` over ``hands``, best of ``repeats`` passes."""

    def run() -> None:
        for hand in hands:
            fn(hand)

    return best_time(run, repeats) / len(hands) * 1e6


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine_info() -> dict[str, Any]:
    """Where the figures were taken."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        cores = os.cpu_count() or 1
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpu": _cpu_model(),
        "cores": cores,
        "date": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


# --- peers ------------------------------------------------------------------------------


def _openspiel_bench(
    corpora: dict[str, list[list[Card]]], repeats: int, rounds: int
) -> dict[str, Any]:
    """OpenSpiel's C++ ``min_deadwood`` (called from Python) and its simple bots."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return {"installed": False}
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    # OpenSpiel numbers cards suit-major in the order s c d h; map by name.
    names = [c.code[0] + c.code[1].lower() for c in CARDS]
    ints = list(utils.card_strings_to_card_ints(names))
    out: dict[str, Any] = {"installed": True, "version": _dist_version("open_spiel")}
    for name in ("uniform10", "dense10"):
        hands = [[ints[c.index] for c in hand] for hand in corpora[name]]
        theirs = [utils.min_deadwood(h) for h in hands]
        ours = [min_deadwood(h) for h in corpora[name]]
        out[name] = {
            "min_deadwood_us": round(per_hand_us(utils.min_deadwood, hands, repeats), 3),
            "agree": sum(a == b for a, b in zip(theirs, ours, strict=True)),
            "hands": len(hands),
        }
    out["simple_rounds_per_second"] = round(_openspiel_rounds(pyspiel, rounds), 1)
    return out


def _openspiel_rounds(pyspiel: Any, rounds: int) -> float:
    """OpenSpiel's simple bot against itself, one deal per episode, driven from Python."""
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random("ginrummy-bench-openspiel")
    bots = [pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), p) for p in (0, 1)]
    start = time.perf_counter()
    for _i in range(rounds):
        state = game.new_initial_state()
        for bot in bots:
            bot.restart()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(bots[state.current_player()].step(state))
    return rounds / (time.perf_counter() - start)


def _rlcard_bench(corpora: dict[str, list[list[Card]]], repeats: int) -> dict[str, Any]:
    """RLCard's pure-Python melding: the best meld clusters, then their deadwood count."""
    try:
        melding = importlib.import_module("rlcard.games.gin_rummy.utils.melding")
        utils = importlib.import_module("rlcard.games.gin_rummy.utils.utils")
    except ImportError:
        return {"installed": False}

    def deadwood(hand: list[Any]) -> int:
        clusters = melding.get_best_meld_clusters(hand)
        if not clusters:
            return sum(utils.get_deadwood_value(c) for c in hand)
        return int(utils.get_deadwood_count(hand, clusters[0]))

    out: dict[str, Any] = {"installed": True, "version": _dist_version("rlcard")}
    for name in ("uniform10", "dense10"):
        # RLCard's card ids are suit-major S H D C like ours.
        hands = [[utils.get_card(c.index) for c in hand] for hand in corpora[name]]
        theirs = [deadwood(h) for h in hands]
        ours = [min_deadwood(h) for h in corpora[name]]
        out[name] = {
            "min_deadwood_us": round(per_hand_us(deadwood, hands, repeats), 3),
            "agree": sum(a == b for a, b in zip(theirs, ours, strict=True)),
            "hands": len(hands),
        }
    return out


def _dist_version(name: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "unknown"


# --- the whole bench --------------------------------------------------------------------


def run_bench(*, quick: bool = False, peers: bool = False) -> dict[str, Any]:
    """Time the solver on the corpora and simple-vs-simple play; the ``--json`` object."""
    from .arena import run_arena

    n = QUICK_HANDS if quick else FULL_HANDS
    repeats = 2 if quick else 5
    corpora = make_corpora(n)
    result: dict[str, Any] = {
        "machine": machine_info(),
        "quick": quick,
        "hands": n,
        "repeats": repeats,
        "corpora": {},
    }
    for name, hands in corpora.items():
        masks = [sum(c.bit for c in hand) for hand in hands]
        result["corpora"][name] = {
            "description": CORPORA[name],
            "mean_deadwood": round(sum(min_deadwood(h) for h in hands) / n, 2),
            "min_deadwood_us": round(per_hand_us(min_deadwood, hands, repeats), 3),
            "min_deadwood_mask_us": round(per_hand_us(min_deadwood_mask, masks, repeats), 3),
            "best_melding_us": round(per_hand_us(best_melding, hands, max(2, repeats - 2)), 3),
        }
    games = 4 if quick else 40
    best: dict[str, Any] | None = None
    for _i in range(1 if quick else 3):
        arena = run_arena(("simple", "simple"), games, seed=1, rules=Rules(), jobs=1)
        if best is None or arena.rounds_per_second > best["rounds_per_second"]:
            best = {
                "games": games,
                "seed": 1,
                "rounds": arena.rounds,
                "seconds": round(arena.seconds, 4),
                "rounds_per_second": round(arena.rounds_per_second, 1),
            }
    result["simple_vs_simple"] = best
    if peers:
        peer_hands = {k: v[: min(n, 5_000)] for k, v in corpora.items()}
        result["peers"] = {
            "open_spiel": _openspiel_bench(peer_hands, repeats, 40 if quick else 400),
            "rlcard": _rlcard_bench(peer_hands, max(1, repeats - 2)),
        }
    return result


def format_bench(result: dict[str, Any]) -> str:
    """The human-readable report."""
    m = result["machine"]
    # TRANSLATORS: column headers of the benchmark table (a developer tool; ~8 letters).
    corpus_head, deadwood_head = _("corpus"), _("deadwood")
    lines = [
        # TRANSLATORS: the benchmark report (a developer tool). Function names (min_deadwood,
        # best_melding, Card), OpenSpiel, RLCard and "µs" stay as they are.
        _("{command}: {python} on {cpu} ({cores} cores), {platform}, {date}").format(
            command="ginrummy bench" + (" --quick" if result["quick"] else ""),
            python=m["python"],
            cpu=m["cpu"],
            cores=m["cores"],
            platform=m["platform"],
            date=m["date"],
        ),
        _("{hands} hands per corpus, best of {repeats} passes").format(
            hands=result["hands"], repeats=result["repeats"]
        ),
        "",
        f"{corpus_head:<11} {deadwood_head:>8} {'min_deadwood':>13} {'(mask)':>9}"
        f" {'best_melding':>13}",
    ]
    for name, c in result["corpora"].items():
        lines.append(
            f"{name:<11} {c['mean_deadwood']:>8.2f} {c['min_deadwood_us']:>10.2f} µs"
            f" {c['min_deadwood_mask_us']:>6.2f} µs {c['best_melding_us']:>10.2f} µs"
        )
    lines.append("")
    lines += [f"  {name}: {_(text)}" for name, text in CORPORA.items()]
    lines.append(
        _("  deadwood: the corpus's mean least deadwood; min_deadwood takes a list of Card,")
    )
    lines.append(_("  (mask) the same solver given a bit mask."))
    s = result["simple_vs_simple"]
    lines += [
        "",
        _(
            "simple vs simple: {rounds} rounds ({games} games, seed {seed}) in {seconds} s:"
            " {rate} rounds per second"
        ).format(
            rounds=s["rounds"],
            games=s["games"],
            seed=s["seed"],
            seconds=number(s["seconds"], ".2f"),
            rate=f"{s['rounds_per_second']:.0f}",
        ),
    ]
    peers = result.get("peers")
    if peers is not None:
        lines += ["", _("peers (the first hands of the same corpora):")]
        for label, key in (("OpenSpiel", "open_spiel"), ("RLCard", "rlcard")):
            p = peers[key]
            if not p["installed"]:
                lines.append(_("  {peer}: not installed").format(peer=label))
                continue
            parts = []
            for name in ("uniform10", "dense10"):
                c = p[name]
                parts.append(
                    _("{corpus} {time} µs (agrees on {agree}/{hands})").format(
                        corpus=name,
                        time=number(c["min_deadwood_us"], ".2f"),
                        agree=c["agree"],
                        hands=c["hands"],
                    )
                )
            lines.append(
                _("  {peer} {version} deadwood: {results}").format(
                    peer=label, version=p["version"], results=", ".join(parts)
                )
            )
            if "simple_rounds_per_second" in p:
                lines.append(
                    _("  {peer} simple vs simple: {rate} rounds per second").format(
                        peer=label, rate=f"{p['simple_rounds_per_second']:.0f}"
                    )
                )
        lines.append(
            _("  (11-card hands are not compared: OpenSpiel discards first, RLCard takes 10.)")
        )
    return "\n".join(lines)
