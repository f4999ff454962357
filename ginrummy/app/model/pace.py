"""The pace of the computer's moves: the few the settings offer, and their words."""

from __future__ import annotations

from ...text.i18n import N_, _

#: The pace of the computer's moves offered in the settings: (word, seconds per move).
PACES: tuple[tuple[str, float], ...] = (
    ("instant", 0.0),
    ("fast", 0.3),
    ("normal", 0.6),
    ("slow", 1.2),
)

#: The pace words as shown.
PACE_LABELS: dict[str, str] = {
    # TRANSLATORS: how fast the computer moves (a list in the settings).
    "instant": N_("instant"),
    "fast": N_("fast"),
    "normal": N_("normal"),
    "slow": N_("slow"),
}


#: The computer's actions in a usual turn (a draw and a discard), each shown for the
#: pace's seconds: a turn lasts about twice the pace (measured: 0.6 s gives 1.27 s).
ACTIONS_PER_TURN = 2


def turn_seconds(seconds: float) -> float:
    """How long a computer's turn lasts at a pace of ``seconds`` a move (what a player
    sees: from their own move to their turn again)."""
    return seconds * ACTIONS_PER_TURN


def pace_label(word: str) -> str:
    """A pace word in the current language."""
    label = PACE_LABELS.get(word)
    return _(label) if label is not None else word


def pace_word(seconds: float) -> str:
    """The pace offered in the settings nearest to ``seconds``."""
    return min(PACES, key=lambda p: abs(p[1] - seconds))[0]
