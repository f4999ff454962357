"""The library's errors: typed, with the facts of what went wrong, and no words for people.

An error carries a `Phrase`: an English template (the catalogue's message id) and the
facts that fill it (cards, numbers, names of fields, other phrases, other errors).
``str(error)`` is the English a developer reads; `ginrummy.text.errors.describe` words the
same phrase in the player's language. The core never imports the language machinery.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["N_", "GinRummyError", "Phrase"]


def N_(template: str) -> str:
    """Mark an English template for translation (the catalogue extractor looks for ``N_``)."""
    return template


class Phrase:
    """An English template and the facts that fill it; immutable."""

    __slots__ = ("facts", "template")

    template: str
    facts: Mapping[str, Any]

    def __init__(self, template: str, /, **facts: Any) -> None:
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "facts", dict(facts))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Phrase is immutable")

    def __str__(self) -> str:
        return self.template.format(**{k: _english(v) for k, v in self.facts.items()})

    def __repr__(self) -> str:
        facts = "".join(f", {k}={v!r}" for k, v in self.facts.items())
        return f"Phrase({self.template!r}{facts})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Phrase):
            return NotImplemented
        return self.template == other.template and dict(self.facts) == dict(other.facts)

    def __hash__(self) -> int:
        return hash(self.template)


def _english(value: Any) -> Any:
    """A fact as the English message shows it: cards with their suit symbols."""
    pretty = getattr(value, "pretty", None)
    if isinstance(pretty, str):
        return pretty
    return value


class GinRummyError(ValueError):
    """Base of the library's errors: a `Phrase` saying what is wrong, and an optional code.

    ``code`` is a short stable identifier a program can branch on (``"not-your-turn"``);
    ``phrase`` holds the template and the facts.
    """

    def __init__(self, phrase: Phrase | str, /, *, code: str = "") -> None:
        self.phrase = phrase if isinstance(phrase, Phrase) else Phrase(phrase)
        self.code = code
        super().__init__(str(self.phrase))
