"""The core's typed errors carry facts; `describe` words them in the player's language."""

from __future__ import annotations

import pytest

from ginrummy.core import (
    ActionError,
    CardError,
    Game,
    GinRummyError,
    IllegalActionError,
    Knock,
    Phrase,
    Rules,
    RulesError,
    SaveError,
    ShowdownError,
    mask_of,
    parse_action,
    parse_card,
    parse_cards,
    settle,
)
from ginrummy.core.save import from_dict
from ginrummy.text import i18n
from ginrummy.text.errors import describe, phrase_text


def test_errors_are_value_errors_with_a_phrase() -> None:
    for kind in (ActionError, CardError, IllegalActionError, RulesError, SaveError, ShowdownError):
        assert issubclass(kind, GinRummyError)
        assert issubclass(kind, ValueError)


def test_invalid_text_and_illegal_moves_are_different_errors() -> None:
    with pytest.raises(ActionError) as bad:
        parse_action("discard 11c")
    assert isinstance(bad.value.phrase.facts["problem"], CardError)
    rnd = Game(Rules(), seed=5).round
    with pytest.raises(IllegalActionError) as illegal:
        rnd.apply(Knock(rnd.view(rnd.to_act).hand[0]))
    assert illegal.value.code == "upcard-first"


def test_the_english_message_shows_cards_with_symbols() -> None:
    error = IllegalActionError(Phrase("you do not hold {card}", card=parse_card("TD")))
    assert str(error) == "you do not hold 10♦"
    assert error.phrase.facts["card"] is parse_card("TD")


def test_describe_translates_the_phrase_and_its_facts() -> None:
    error = IllegalActionError(Phrase("you do not hold {card}", card=parse_card("TD")))
    assert describe(error) == "you do not hold 10♦"
    i18n.set_language("pl")
    polish = describe(error)
    assert polish != "you do not hold 10♦"
    assert "10♦" in polish
    assert str(error) == "you do not hold 10♦"  # the exception itself stays English


def test_nested_phrases_and_errors_are_translated_too() -> None:
    with pytest.raises(SaveError) as info:
        from_dict({"format": "ginrummy-save", "version": 1, "rules": {"target": "x"}})
    english = describe(info.value)
    assert english.startswith("rules: ")
    i18n.set_language("pl")
    polish = describe(info.value)
    assert polish != english
    assert "target" in polish


def test_showdown_errors_have_codes_and_facts() -> None:
    knocker = mask_of(parse_cards("AS 2S 3S 7H 7D 7C QH QD QC 9C"))
    defender = mask_of(parse_cards("4H 5H 6H 4D 5D 6D 8S 8D 8C 2C"))
    with pytest.raises(ShowdownError) as info:
        settle(knocker, defender, knock_limit=5)
    assert info.value.code == "over-knock-limit"
    assert info.value.phrase.facts == {"deadwood": 9, "limit": 5}
    with pytest.raises(ShowdownError) as gin_only:
        settle(knocker, defender, knock_limit=0)
    assert gin_only.value.code == "gin-only"


def test_phrase_text_of_plain_text_is_the_text() -> None:
    assert phrase_text("as it is") == "as it is"
    assert describe(KeyError("x")) == "'x'"
