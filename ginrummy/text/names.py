"""Stored identifiers as the player reads them: default names, computer levels, presets.

Saves, the history and the settings keep these in English, as identifiers (a game saved
in Polish continues in Finnish); they are translated only when shown, here, for the app
and the command line alike. No UI imports.
"""

from __future__ import annotations

from .i18n import N_, _

#: The names given when the players choose none.
DEFAULT_NAMES: dict[str, str] = {
    # TRANSLATORS: the human player's name in a game against the computer (also the
    # subject of "You ..." sentences); about 8 letters at most.
    "You": N_("You"),
    # TRANSLATORS: the computer player's name; about 12 letters at most.
    "Computer": N_("Computer"),
    # TRANSLATORS: the computer's name when the human calls themselves "Computer".
    "The computer": N_("The computer"),
    # TRANSLATORS: a player's name in a hot-seat game (two people at one keyboard).
    "Player 1": N_("Player 1"),
    # TRANSLATORS: a player's name in a hot-seat game (two people at one keyboard).
    "Player 2": N_("Player 2"),
}

#: The computer levels as shown (the names are identifiers: saved, typed after --level).
LEVEL_LABELS: dict[str, str] = {
    # TRANSLATORS: the computer's levels (a list on the start screen, ~20 wide).
    "simple": N_("simple"),
    "expert": N_("expert"),
    "master": N_("master"),
    "random": N_("random"),
}


#: The presets' names as shown (the core's names are identifiers, saved as they are).
PRESET_LABELS: dict[str, str] = {
    # TRANSLATORS: names of the rules presets (in a list 18 characters wide).
    "Standard": N_("Standard"),
    "Classic": N_("Classic"),
    "Tournament": N_("Tournament"),
    "Oklahoma": N_("Oklahoma"),
    "Straight gin": N_("Straight gin"),
    # TRANSLATORS: rules changed by hand in the editor (no preset).
    "Custom": N_("Custom"),
}


def display_name(name: str) -> str:
    """A stored name as shown: the default names in the player's language."""
    default = DEFAULT_NAMES.get(name)
    return _(default) if default is not None else name


def computer_name_for(player: str) -> str:
    """The stored name of the computer facing ``player``: "Computer", unless the player
    calls themselves that (in English or in the language shown), then "The computer"."""
    taken = {"computer", _("Computer").casefold()}
    return "The computer" if player.casefold() in taken else "Computer"


def level_label(level: str) -> str:
    """A computer level's name in the current language (an unknown one as it is)."""
    label = LEVEL_LABELS.get(level)
    return _(label) if label is not None else level


def preset_label(name: str) -> str:
    """A rules preset's name (or "Custom") in the current language."""
    label = PRESET_LABELS.get(name)
    return _(label) if label is not None else name
