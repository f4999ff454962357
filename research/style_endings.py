"""How an opponent's rounds end, as the master's style reading counts them.

    python research/style_endings.py OPPONENT RULES GAMES SEED [FIRST]

Plays the arena's games FIRST .. FIRST+GAMES-1 of SEED (same deals, seats and dealers as
`ginrummy arena`; the master against OPPONENT) in one process, and prints how many of
the rounds ended each way seen from the master's seat (`style.ending_of`): the
opponent's knock that scored, the master's undercut of it, the opponent's gin, a dead
round; and, in the rounds the master ended, the opponent's deadwood shown above or
within the knock limit. Rounds with no knocking (gin only) are left out: they tell
nothing of a knocking style. These shares are where `style.ENDINGS` comes from.

Example (the fifteenth session's count in BENCHMARKS.md at 8789123):

    python research/style_endings.py eaai EAAI 60 9
"""

from __future__ import annotations

import sys
from collections import Counter

from master_ab import arena_table, game_range

from ginrummy.core.player import play_game
from ginrummy.players.style import Ending, ending_of


def main(argv: list[str]) -> int:
    parsed = game_range("style_endings", argv)
    if parsed is None:
        print(__doc__)
        return 2
    opponent, rules_name, rules, games, seed, first = parsed
    counts: Counter[Ending] = Counter()
    for index in range(first, first + games):
        game, seated, master = arena_table(opponent, rules, seed, index)
        play_game(game, seated)
        for result in game.results:
            ending = ending_of(result, master)
            if ending is not None:
                counts[ending] += 1
    print(f"rounds of {games} games, master vs {opponent} ({rules_name}), seed {seed}:")
    ended = [e for e in Ending if not e.shown]
    shown = [e for e in Ending if e.shown]
    for title, group in (("the opponent ended", ended), ("the master ended", shown)):
        total = sum(counts[e] for e in group)
        print(f"{title}: {total} rounds")
        for e in group:
            share = counts[e] / total if total else 0.0
            print(f"  {e.value:<12} {counts[e]:>5}  {share:6.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
