"""Who sits at the table: the two modes, the players' names and the table's settings.

The rules for names live here once: the names a player leaves empty, the computer's name
(`computer_name_for`), and two people who typed the same name. Names are kept as stored
(the English defaults are identifiers, translated when shown: `text.names.display_name`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core import Rules
from ...store import MAX_NAME, MODES
from ...text.names import computer_name_for

#: The two ways to play, as the store keeps them.
COMPUTER, HOTSEAT = MODES

#: The names given when the players leave theirs empty, by mode.
DEFAULT_NAMES: dict[str, tuple[str, str]] = {
    COMPUTER: ("You", "Computer"),
    HOTSEAT: ("Player 1", "Player 2"),
}


def check_mode(mode: str) -> str:
    """``mode`` if it is one of the two; a ValueError otherwise."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: choose computer or hotseat")
    return mode


def seat_names(mode: str, first: str = "", second: str = "") -> tuple[str, str]:
    """The names to play under, from what was typed (empty: the default name).

    Against the computer only the person's name counts: the computer is "Computer", or
    "The computer" facing someone who calls themselves that. Two people with the same
    name: the second gets " (2)" after it.
    """
    a = first.strip() or DEFAULT_NAMES[mode][0]
    if mode == COMPUTER:
        return a, computer_name_for(a)
    b = second.strip() or DEFAULT_NAMES[mode][1]
    if a.casefold() == b.casefold():
        b = b[: MAX_NAME - 4] + " (2)"
    return a, b


@dataclass(frozen=True)
class TableConfig:
    """Everything needed to start a table: how to play, who plays, which rules, which seed."""

    mode: str = COMPUTER
    level: str = "simple"
    #: As stored: the English default names are translated when shown (`display_name`).
    names: tuple[str, str] = DEFAULT_NAMES[COMPUTER]
    seed: int | None = None
    rules: Rules = field(default_factory=Rules)

    @staticmethod
    def make(
        mode: str,
        *,
        level: str = "simple",
        names: tuple[str, str] | None = None,
        seed: int | None = None,
        rules: Rules | None = None,
    ) -> TableConfig:
        """A config with sensible names for the mode."""
        check_mode(mode)
        if names is None:
            names = DEFAULT_NAMES[mode]
        elif mode == COMPUTER:
            names = (names[0] or "You", names[1] or "Computer")
        return TableConfig(mode, level, names, seed, rules or Rules())


@dataclass(frozen=True)
class NewGame:
    """A game chosen on the start screen: the mode, the names typed, the seed, the level."""

    mode: str
    names: tuple[str, str]
    seed: int | None
    level: str
