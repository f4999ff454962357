"""Every knob of docs/rules.md in one immutable object, and the named presets."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from typing import Any, Final

from .cards import Card
from .errors import N_, GinRummyError, Phrase

__all__ = ["PRESETS", "NextDealer", "Rules", "RulesError"]


class RulesError(GinRummyError):
    """A rules knob has a value outside what the game allows, or a preset is unknown."""


_BOOL_KNOBS: Final = ("oklahoma", "spade_doubles", "discard_taken_card")


class NextDealer(Enum):
    WINNER = "winner"
    LOSER = "loser"
    ALTERNATE = "alternate"


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules of one game (or match). Defaults are the Standard preset."""

    #: Points that win a game.
    target: int = 100
    #: Most deadwood a player may knock with (0: gin only). Ignored when ``oklahoma``.
    knock_limit: int = 10
    #: Oklahoma: the first upcard's value is the round's knock limit (an ace: gin only).
    oklahoma: bool = False
    #: Oklahoma: a spade as first upcard doubles that round's score.
    spade_doubles: bool = False
    gin_bonus: int = 25
    undercut_bonus: int = 25
    #: Bonus for going out with all 11 cards melded; ``None`` turns big gin off.
    big_gin_bonus: int | None = 31
    #: May the card just taken from the discard pile be discarded in the same turn?
    discard_taken_card: bool = False
    #: The round is dead when a player discards (not knocking) with this many stock cards left.
    dead_stock: int = 2
    next_dealer: NextDealer = NextDealer.WINNER
    #: Classic bonuses, added when the game ends.
    game_bonus: int = 0
    box_bonus: int = 0
    #: Multiplies the winner's total when the loser scored nothing.
    shutout_multiplier: int = 1
    #: Games in a match (best of); 1 means a single game.
    games: int = 1

    def __post_init__(self) -> None:
        # Types first: a wrong type must be a RulesError too, not a TypeError from a comparison.
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "next_dealer":
                continue
            if f.name in _BOOL_KNOBS:
                if type(value) is not bool:
                    raise RulesError(Phrase(N_("{knob} must be true or false"), knob=f.name))
            elif f.name == "big_gin_bonus":
                if value is not None and type(value) is not int:
                    raise RulesError(
                        Phrase(N_("big_gin_bonus must be a whole number or None (off)"))
                    )
            elif type(value) is not int:
                raise RulesError(Phrase(N_("{knob} must be a whole number"), knob=f.name))
        checks = [
            # TRANSLATORS: rules errors. The knob names (target, knock_limit, gin_bonus...) and
            # the values winner, loser, alternate, None, null are what the program reads: keep them.
            (self.target >= 1, N_("target must be at least 1")),
            (0 <= self.knock_limit <= 10, N_("knock_limit must be 0..10")),
            (self.gin_bonus >= 0, N_("gin_bonus must not be negative")),
            (self.undercut_bonus >= 0, N_("undercut_bonus must not be negative")),
            (
                self.big_gin_bonus is None or self.big_gin_bonus >= 0,
                N_("big_gin_bonus must not be negative (None turns it off)"),
            ),
            (0 <= self.dead_stock <= 30, N_("dead_stock must be 0..30")),
            (self.game_bonus >= 0, N_("game_bonus must not be negative")),
            (self.box_bonus >= 0, N_("box_bonus must not be negative")),
            (self.shutout_multiplier >= 1, N_("shutout_multiplier must be at least 1")),
            (self.games >= 1 and self.games % 2 == 1, N_("games must be an odd number, 1 or more")),
            (not self.spade_doubles or self.oklahoma, N_("spade_doubles needs oklahoma")),
        ]
        for ok, message in checks:
            if not ok:
                raise RulesError(Phrase(message))
        if not isinstance(self.next_dealer, NextDealer):
            raise RulesError(Phrase(N_("next_dealer must be winner, loser or alternate")))

    @property
    def is_match(self) -> bool:
        return self.games > 1

    @property
    def games_to_win(self) -> int:
        return self.games // 2 + 1

    def round_knock_limit(self, upcard_value: int) -> int:
        """The knock limit of a round whose first upcard is worth ``upcard_value``."""
        if not self.oklahoma:
            return self.knock_limit
        return 0 if upcard_value == 1 else upcard_value

    def round_multiplier(self, upcard: Card) -> int:
        """How many times a round whose first upcard is ``upcard`` counts (a spade doubles it)."""
        return 2 if self.spade_doubles and upcard.suit == 0 else 1

    @property
    def name(self) -> str:
        """The preset these rules are, or ``Custom``."""
        for name, preset in PRESETS.items():
            if preset == self:
                return name
        return "Custom"

    def with_(self, **changes: Any) -> Rules:
        """A copy with some knobs changed (validated)."""
        try:
            return replace(self, **changes)
        except TypeError as exc:
            raise RulesError(str(exc)) from None

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["next_dealer"] = self.next_dealer.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from a dict of knobs; unknown keys or wrong types raise `RulesError`."""
        if not isinstance(data, dict):
            raise RulesError(Phrase(N_("rules must be an object of knobs")))
        known = {f.name: f for f in fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise RulesError(Phrase(N_("unknown rules knob {knob}"), knob=repr(key)))
            if key == "next_dealer":
                try:
                    value = NextDealer(value)
                except ValueError:
                    raise RulesError(
                        Phrase(N_("next_dealer must be winner, loser or alternate"))
                    ) from None
            elif key == "big_gin_bonus":
                if value is not None and (type(value) is not int):
                    raise RulesError(Phrase(N_("big_gin_bonus must be a whole number or null")))
            elif key in _BOOL_KNOBS:
                if type(value) is not bool:
                    raise RulesError(Phrase(N_("{knob} must be true or false"), knob=key))
            elif type(value) is not int:
                raise RulesError(Phrase(N_("{knob} must be a whole number"), knob=key))
            kwargs[key] = value
        return cls(**kwargs)

    @staticmethod
    def preset(name: str) -> Rules:
        """A named preset; the name is matched ignoring case, spaces, '-' and '_'."""
        key = _norm(name)
        for preset_name, rules in PRESETS.items():
            if _norm(preset_name) == key or key in _ALIASES.get(preset_name, ()):
                return rules
        raise RulesError(
            Phrase(
                # TRANSLATORS: {presets} lists the preset names (Standard, Classic...).
                N_("unknown rules preset {name}: choose one of {presets}"),
                name=repr(name),
                presets=", ".join(PRESETS),
            )
        )


def _norm(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


STANDARD: Final = Rules()
PRESETS: Final[dict[str, Rules]] = {
    "Standard": STANDARD,
    "Classic": Rules(game_bonus=100, box_bonus=25, shutout_multiplier=2),
    "Tournament": Rules(target=250, games=5),
    "Oklahoma": Rules(target=150, oklahoma=True, spade_doubles=True),
    "Straight gin": Rules(knock_limit=0),
    # The EAAI-2021 Gin Rummy AI challenge, the protocol research results are reported under:
    # no big gin, the dealer alternates after a scored hand (and stays after a dead one, as
    # under every preset: see `Game.next_dealer`).
    "EAAI": Rules(big_gin_bonus=None, next_dealer=NextDealer.ALTERNATE),
}
_ALIASES: Final = {"Straight gin": ("straight", "gin"), "Standard": ("default",)}
