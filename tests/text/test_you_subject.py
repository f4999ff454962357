"""The person reading a game against the computer is never a "{name}" in a sentence.

Sentences about "you" have messages of their own in the second person ("You win the
game!"); filling a third-person template with the word "You" ("{name} wins the game!")
reads in English but clashes in every language that conjugates ("Ty wygrywa"). The
test gives the reading seat a name that cannot appear otherwise and plays whole games
through every function of ``ginrummy.text`` that takes ``you``: the name must never show.
The move log's sentences must also start with a capital letter in every language,
including those that leave the pronoun out ("Pasujesz ...", "¡Hiciste Gin!").
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ginrummy.core import EventKind, Game, Rules
from ginrummy.core.showdown import ResultKind
from ginrummy.players import make_player
from ginrummy.text import i18n
from ginrummy.text.moves import capitalise, describe_turn, opening_text
from ginrummy.text.results import (
    explain_result,
    game_won_sentence,
    match_won_sentence,
    round_won_sentence,
    showdown_heading,
    shutout_sentence,
)

#: The reading seat's name: if it shows, a sentence named "you" instead of addressing them.
READER = "Readerqx"
OTHER = "Benqx"
LANGUAGES = ["en", *sorted(code for code in i18n.LANGUAGES if code != "en")]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def played_games(count: int = 12) -> list[Game]:
    """Whole games between two bots under rules that produce every kind of result."""
    games = []
    for seed in range(count):
        rules = Rules(target=60) if seed % 2 else Rules(target=60, big_gin_bonus=31)
        game = Game(rules, seed=seed)
        players = [make_player("simple", seed), make_player("expert", seed + 1)]
        while True:
            rnd = game.round
            while rnd.result is None:
                me = rnd.to_act
                game.apply(players[me].choose(rnd.view(me)), me)
            if game.is_over:
                break
            game.next_round()
        games.append(game)
    return games


GAMES = played_games()


def turns(game: Game) -> Iterator[tuple[int | None, list]]:
    for rnd in game.rounds:
        events = [e for e in rnd.history if e.player is not None or e.kind is EventKind.DEAD]
        turn: list = []
        for ev in events:
            if turn and ev.player is not None and ev.player != turn[0].player:
                yield turn[0].player, turn
                turn = []
            turn.append(ev)
        if turn:
            yield turn[0].player, turn


def test_the_games_cover_every_kind_of_result() -> None:
    kinds = {r.kind for g in GAMES for r in g.results}
    assert {ResultKind.KNOCK, ResultKind.UNDERCUT, ResultKind.GIN} <= kinds


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("you", [0, 1])
def test_no_sentence_names_the_reader(code: str, you: int) -> None:
    i18n.set_language(code)
    names = [OTHER, OTHER]
    names[you] = READER
    said: list[str] = []
    for game in GAMES:
        for rnd in game.rounds:
            said.append(opening_text(rnd, names, game.rules, you=you))
        for player, events in turns(game):
            if player == you:
                said.append(describe_turn(events, names, you=you))
        for result in game.results:
            said.append(explain_result(result, names, you))
            if result.knocker is not None:
                heading = showdown_heading(result.kind, result.knocker == you)
                said.append(heading.format(name=names[result.knocker]))
        assert game.winner is not None
        said.append(game_won_sentence(game.winner, names, you))
        said.append(match_won_sentence(game.winner, names, you))
        said.append(round_won_sentence(game.winner, names, you))
        said.append(shutout_sentence(1 - game.winner, names, you))
    named = [s for s in said if READER in s]
    assert not named, f"{code}: sentences that name the reader:\n" + "\n".join(named[:10])
    # ... and the other player is named where it is about them.
    assert any(OTHER in s for s in said)


@pytest.mark.parametrize("code", LANGUAGES)
def test_move_log_sentences_start_with_a_capital(code: str) -> None:
    i18n.set_language(code)
    names = [READER, OTHER]
    for game in GAMES[:4]:
        for player, events in turns(game):
            sentence = describe_turn(events, names, you=0)
            first = next(c for c in sentence if c.isalpha())
            assert first.isupper(), (code, player, sentence)


def test_capitalise_skips_leading_punctuation_but_not_digits() -> None:
    assert capitalise("¡hiciste Gin!") == "¡Hiciste Gin!"
    assert capitalise("pasujesz.") == "Pasujesz."
    assert capitalise("10♥ is safe") == "10♥ is safe"
    assert capitalise("") == ""
