"""Bot against bot: whole games, seats and first dealer alternating, statistics with intervals.

``ginrummy arena`` is built on `run_arena`. Every game is independent and reproducible:
game ``i`` of a run with seed ``S`` is dealt from `game_seed(S, i)`, its seating and
first dealer follow `plan_game`, and the bots get seeds derived from the game seed. So a
run split over worker processes (``--jobs``) gives exactly the results of a single
process; only the timings differ.

`plan` sets a run up (seeds, seats, the bots named), `games` plays it, `tally` counts
what it measured, `report` prints the table a person reads.
"""

from __future__ import annotations

from .games import (
    MAX_ROUND_MOVES,
    default_jobs,
    play_game_record,
    run_arena,
    run_with_progress,
)
from .plan import ArenaError, GamePlan, bot_seed, game_seed, parse_players, plan_game
from .report import format_report
from .tally import (
    Z95,
    ArenaResult,
    GameRecord,
    PlayerStats,
    RunSummary,
    Tally,
    TimeStats,
    wilson_interval,
)

__all__ = [
    "MAX_ROUND_MOVES",
    "Z95",
    "ArenaError",
    "ArenaResult",
    "GamePlan",
    "GameRecord",
    "PlayerStats",
    "RunSummary",
    "Tally",
    "TimeStats",
    "bot_seed",
    "default_jobs",
    "format_report",
    "game_seed",
    "parse_players",
    "plan_game",
    "play_game_record",
    "run_arena",
    "run_with_progress",
    "wilson_interval",
]
