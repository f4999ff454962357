"""The computer as the subject of a sentence reads as a native speaker would write it.

A name on a score line is a label ("Gép 57"); inside a sentence, as its subject or after
a preposition, the computer is a common noun with the article its language needs:
Hungarian "A gép megnyerte a játszmát!", Spanish "¡La máquina gana la partida!", Danish
"Computeren vinder spillet!". The default names have a message of their own in the
context "in a sentence" (`ginrummy.text.names.ShownName.in_sentence`), and every
sentence of `ginrummy.text` (and those of the table's panels, made with `names.say`)
uses it. The test renders every sentence with the computer as the subject, in every
language, and fails on the bare name where the language needs its article; a person's
name stays as it was typed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from test_you_subject import GAMES, LANGUAGES, turns

from ginrummy.core import Game
from ginrummy.core.showdown import ResultKind
from ginrummy.text import i18n
from ginrummy.text.history import result_line
from ginrummy.text.i18n import _, pgettext
from ginrummy.text.moves import describe_turn, last_move_text, opening_text
from ginrummy.text.names import ShownName, display_name, in_sentence, name_in, say
from ginrummy.text.results import (
    explain_result,
    game_won_sentence,
    match_won_sentence,
    round_won_sentence,
    showdown_heading,
    showdown_sentence,
    shutout_sentence,
)

#: The computer inside a sentence, where the language needs more than the bare name
#: (an article, or Danish's definite ending). Polish and Finnish have no articles: their
#: sentence form is the plain noun (checked below to be the one used all the same).
ARTICLE = {"hu": "a gép", "es": "la máquina", "da": "computeren"}

#: The messages of the table's panels and the result screen that name the player to
#: move (`ginrummy.app.widgets.panels`, `ginrummy.app.model.table`): rendered with `say`
#: as the app renders them.
PANEL_MESSAGES = [
    "{name} deals",
    "{name} is thinking…",
    "{name} took {card} from the discard pile…",
    "{name} drew from the stock…",
    "{name}'s turn.",
    "Wait: it is {name}'s turn.",
]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def computer_sentences(computer: str) -> list[str]:
    """Every sentence of `ginrummy.text` whose subject (or a name after a preposition) is
    the computer, seat 1, against "You" in seat 0, from whole played games."""
    names = (display_name("You"), display_name(computer))
    said: list[str] = []
    for game in GAMES:
        for rnd in game.rounds:
            if rnd.dealer == 1:
                said.append(opening_text(rnd, names, game.rules, you=0))
        for player, events in turns(game):
            if player == 1:
                said.append(describe_turn(events, names, you=0))
                if moved := last_move_text(events, names[1]):
                    said.append(moved)
        for result in game.results:
            if result.knocker == 1 or result.winner == 1:
                said.append(explain_result(result, names, 0))
            if result.knocker == 1:
                heading = showdown_heading(result.kind, False)
                said.append(heading.replace("{name}", name_in(heading, names[1])))
        said.append(game_won_sentence(1, names, 0))
        said.append(match_won_sentence(1, names, 0))
        said.append(round_won_sentence(1, names, 0))
        said.append(shutout_sentence(1, names, 0))
        # The history's line: the score is a label ("Gép 57"), the winner in a sentence.
        line = result_line(_Record(game, names=("You", computer), winner=1))
        x, y = game.scores
        said.append(line.partition(f"{names[0]} {x}-{y} {names[1]}")[2])
    for kind in ResultKind:
        said.append(showdown_sentence(kind, 5, 9, 29, 2, names[1]))
    for message in PANEL_MESSAGES:
        said.append(say(_(message), name=names[1], card="7♥"))
    return said


@dataclass
class _Meta:
    names: tuple[str, str]
    mode: str = "computer"
    level: str = "expert"


@dataclass
class _Record:
    """What `result_line` reads of a finished game."""

    game: Game
    names: tuple[str, str]
    winner: int

    @property
    def meta(self) -> _Meta:
        return _Meta(self.names)

    finished: str = "2026-12-07T00:00:00"
    is_match: bool = False
    totals: tuple[int, int] | None = None

    @property
    def score(self) -> tuple[int, int]:
        return self.game.scores

    @property
    def round_count(self) -> int:
        return len(self.game.rounds)


def bare(sentence: str, label: str, form: str) -> bool:
    """Whether ``sentence`` names the computer by its bare ``label`` (outside ``form``)."""
    rest = re.sub(re.escape(form), " ", sentence, flags=re.IGNORECASE)
    return re.search(rf"\b{re.escape(label)}\b", rest, flags=re.IGNORECASE) is not None


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("computer", ["Computer", "The computer"])
def test_the_computer_as_a_subject_has_its_article(code: str, computer: str) -> None:
    i18n.set_language(code)
    label = _(computer)
    form = pgettext("in a sentence", computer)
    if code in ARTICLE:
        assert form == ARTICLE[code], (code, form)
    said = computer_sentences(computer)
    assert len(said) > 100
    if form.casefold() != label.casefold():
        wrong = [s for s in said if bare(s, label, form)]
        assert not wrong, f"{code}: the bare name {label!r} in:\n" + "\n".join(wrong[:10])
    # The sentence form is there in every sentence, capitalised where a sentence starts.
    missing = [s for s in said if form.casefold() not in s.casefold()]
    assert not missing, f"{code}: no {form!r} in:\n" + "\n".join(missing[:10])
    starts = re.compile(rf"(?:^|[.!?]\s+)[¡¿]?({re.escape(form)})", re.IGNORECASE)
    lower = [s for s in said for m in starts.finditer(s) if not m.group(1)[0].isupper()]
    assert not lower, f"{code}: a sentence starts in lower case:\n" + "\n".join(lower[:10])


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_persons_name_stays_as_typed(code: str) -> None:
    """Hot-seat and online names are people's: no article, no capital letter added."""
    i18n.set_language(code)
    names = (display_name("ann"), display_name("Ben"))
    assert in_sentence(names[0]) == "ann" == names[0]
    said = [say(_(message), name=names[1], card="7♥") for message in PANEL_MESSAGES]
    for game in GAMES[:3]:
        said += [explain_result(r, names) for r in game.results]
        said.append(game_won_sentence(1, names, None))
    for sentence in said:
        assert "Ben" in sentence or "ann" in sentence.casefold(), sentence
        assert not re.search(r"(?<!\w)(?:a|az|la|el) Ben\b", sentence), sentence


def test_the_sentence_form_is_looked_up_when_used() -> None:
    """A shown name keeps its stored identifier: the language can change under it."""
    name = display_name("Computer")
    assert isinstance(name, ShownName) and name == "Computer"
    i18n.set_language("es")
    assert in_sentence(name) == "la máquina"
    assert say("¡{name} gana la partida!", name=name) == "¡La máquina gana la partida!"
    assert say("¡Gin! {name} se anota {n}.", name=name, n=3) == "¡Gin! La máquina se anota 3."
    assert say("Reparte {name}", name=name) == "Reparte la máquina"
    i18n.set_language("hu")
    assert say("{name} gint mondott", name=name) == "A gép gint mondott"
    assert name_in("{name} gint mondott", name) == "A gép"
    assert name_in("Várj: most {name} következik.", name) == "a gép"
    # A name that is not a default one, and a plain string, read as they are.
    assert in_sentence(display_name("Gép")) == "Gép"
    assert in_sentence("Computer") == "Computer"
