"""Stored identifiers as the player reads them: default names, computer levels, presets.

Saves, the history and the settings keep these in English, as identifiers (a game saved
in Polish continues in Finnish); they are translated only when shown, here, for the app
and the command line alike. No UI imports.

A default name has two forms: its label ("Gép 57" on a score line) and its form inside a
sentence, as the subject or after a preposition (Hungarian "A gép felvette…", Spanish
"Reparte la máquina"): `display_name` gives a `ShownName`, which is the label and knows
its sentence form; `say` fills a sentence with the sentence forms. A person's name is the
same in both places. (The computer levels are only ever labels: "vs expert".)
"""

from __future__ import annotations

import string

from .i18n import N_, _, pgettext

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


class ShownName(str):
    """A stored name as shown (its label, in the player's language) that also knows how
    it reads inside a sentence (`in_sentence`).

    Its value as a string is the label, for score lines, columns and headings ("Gép 57");
    the sentences of `ginrummy.text` put `in_sentence` where the name is the subject or
    follows a preposition ("A gép felvette…", "Reparte la máquina"). A plain string (a
    name from elsewhere) reads the same in both places.
    """

    stored: str

    def __new__(cls, stored: str) -> ShownName:
        default = DEFAULT_NAMES.get(stored)
        shown = super().__new__(cls, _(default) if default is not None else stored)
        shown.stored = stored
        return shown

    @property
    def in_sentence(self) -> str:
        """The name as the subject of a sentence or after a preposition, in the current
        language: the computer's and the hot-seat default names through their own
        messages (context "in a sentence": Hungarian "a gép", Spanish "la máquina"), a
        person's own name as it was typed."""
        return _sentence_form(self.stored) or str(self)


def _sentence_form(stored: str) -> str | None:
    """A default name's own message for its place in a sentence (None: a person's name,
    or "You", whose sentences are in the second person)."""
    if stored == "Computer":
        # TRANSLATORS: a default name inside a sentence, as its subject or after a
        # preposition: "{name} wins the game!", "{name} took 7♥ from the discard pile…",
        # "Wait: it is {name}'s turn.", "{name} scores 25 + 8 = 33." Add the article your
        # language needs ("a gép", "la máquina", "computeren"); write it in lower case if
        # it is a common noun: the program capitalises the first letter of a sentence.
        return pgettext("in a sentence", "Computer")
    if stored == "The computer":
        # TRANSLATORS: the computer's name inside a sentence when the human calls
        # themselves "Computer" (see "Computer" in the context "in a sentence").
        return pgettext("in a sentence", "The computer")
    if stored == "Player 1":
        # TRANSLATORS: a hot-seat player's default name inside a sentence (see
        # "Computer" in the context "in a sentence").
        return pgettext("in a sentence", "Player 1")
    if stored == "Player 2":
        # TRANSLATORS: a hot-seat player's default name inside a sentence (see
        # "Computer" in the context "in a sentence").
        return pgettext("in a sentence", "Player 2")
    return None


def display_name(name: str) -> ShownName:
    """A stored name as shown: the default names in the player's language (and, for
    sentences, `ShownName.in_sentence`)."""
    return ShownName(name)


def in_sentence(name: str) -> str:
    """``name`` as it reads inside a sentence: `ShownName.in_sentence` for a name made by
    `display_name`, any other string as it is."""
    return name.in_sentence if isinstance(name, ShownName) else name


def say(template: str, /, **fields: object) -> str:
    """``template`` (translated) filled in with ``fields``, every name among them in its
    sentence form (`in_sentence`), capitalised where it starts a sentence.

    For sentences whose subject may be a name: ``say(_("{name} wins the game!"), name=n)``
    is "¡La máquina gana la partida!" in Spanish, "A gép megnyerte a játszmát!" in
    Hungarian, and ``"Gin! {name} scores …"`` "¡Gin! La máquina anota …".
    """
    out: list[str] = []
    for literal, field, spec, conversion in _FORMATTER.parse(template):
        out.append(literal)
        if field is None:
            continue
        value = _FORMATTER.convert_field(_FORMATTER.get_field(field, (), fields)[0], conversion)
        if isinstance(value, str) and not spec:
            word = in_sentence(value)
            out.append(capitalise(word) if _starts_sentence("".join(out)) else word)
        else:
            out.append(format(value, spec or ""))
    return "".join(out)


_FORMATTER = string.Formatter()
#: What may open a sentence before its first word (Spanish "¡", quotes, a bracket).
_OPENERS = "¡¿\"'«»„“”‘’(["


def _starts_sentence(before: str) -> bool:
    """Whether a word after ``before`` starts a sentence: nothing but openers before it,
    or the end of a sentence ("Gin! ", "… deals. ")."""
    rest = before.rstrip().rstrip(_OPENERS).rstrip()
    return not rest or rest[-1] in ".!?"


def name_in(template: str, name: str) -> str:
    """``name`` as it stands at ``{name}`` in ``template``, for a screen that sets the name
    apart (in bold): its sentence form, capitalised if the template starts with it."""
    word = in_sentence(name)
    return capitalise(word) if template.startswith("{name}") else word


def capitalise(text: str) -> str:
    """The first letter upper case (the core's messages start in lower case; so does a
    sentence that starts with the computer's name in a language that writes it in lower
    case: "la máquina", "a gép").

    Leading punctuation such as Spanish "¡" or a quote is skipped; a sentence that
    starts with a digit ("10♥ ...") is left as it is.
    """
    for i, char in enumerate(text):
        if char.isalnum():
            return text[:i] + char.upper() + text[i + 1 :] if char.isalpha() else text
    return text


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
