"""How a bot plays the first round of a game against a passive novice.

    python research/novice_probe.py BOT ROUNDS [RULES]

The novice passes the first upcard, always draws from the stock and throws back the
card it drew, so its hand stays as dealt (deadwood about 60) and it never goes out. It
is the plainest test of whether a bot knocks when it may: every round should end with
the bot's knock or gin. Prints how the rounds ended and how many went dead while the bot
held a hand it could have knocked with. Each round is the first of a fresh game (seeds
1000, 1001, ...; the first dealer alternates), so the bot has read nothing of the
novice's style.

Example (the twenty-eighth session's note):

    python research/novice_probe.py expert 60
"""

from __future__ import annotations

import sys
from collections import Counter

from master_ab import opening

from ginrummy.core import Action, Discard, DrawStock, Game, Pass, PlayerView, min_deadwood
from ginrummy.players import make_player


class Novice:
    """Pass, draw from the stock, throw the drawn card back."""

    name = "novice"

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        for wanted in (Pass, DrawStock):
            for action in legal:
                if isinstance(action, wanted):
                    return action
        if view.drawn_card is not None:
            return Discard(view.drawn_card)
        return next(a for a in legal if isinstance(a, Discard))


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print(__doc__)
        return 2
    bot = argv[0]
    preset = argv[2] if len(argv) == 3 else "Standard"
    rules, (rounds,) = opening("novice_probe", bot, preset, argv[1:2], "round")
    endings: Counter[str] = Counter()
    dead_with_knock = 0
    for g in range(rounds):
        game = Game(rules, seed=1000 + g, first_dealer=g % 2)
        players = (make_player(bot, g), Novice())
        rnd = game.round
        while rnd.result is None:
            me = rnd.to_act
            game.apply(players[me].choose(rnd.view(me)), me)
        result = rnd.result
        endings["dead" if result.winner is None else result.kind.name.lower()] += 1
        if result.winner is None and min_deadwood(rnd.hand(0)) <= rnd.view(0).knock_limit:
            dead_with_knock += 1
    shown = ", ".join(f"{kind} {n}" for kind, n in endings.most_common())
    print(f"{bot} against the novice, {rules.name}, {rounds} rounds: {shown}")
    print(f"dead rounds with a knock in the bot's hand: {dead_with_knock}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
