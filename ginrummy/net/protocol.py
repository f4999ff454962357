"""The wire format of online play: JSON messages, checked field by field (docs/protocol.md).

Everything that crosses the network goes through here: the messages a client may send
(`read_client_message` refuses anything else), the player's view and the round's result as
JSON and back (`view_to_json`, `view_from_json`), the join code, and the errors with their
stable codes. Nothing from the wire is executed or unpickled: actions travel in the core's
action text and are parsed by `ginrummy.core.parse_action`.
"""

from __future__ import annotations

import json
import secrets
import shlex
from dataclasses import dataclass
from typing import Any

from ..core import Card, CardError, Event, EventKind, Phase, PlayerView, Rules, RulesError
from ..core.cards import parse_card
from ..core.melds import Meld, Melding
from ..core.round import RoundResult
from ..core.showdown import Defence, ResultKind, Showdown
from ..text.i18n import N_, _

__all__ = [
    "CLIENT_TYPES",
    "CODE_ALPHABET",
    "DEFAULT_PORT",
    "ERRORS",
    "MAX_MESSAGE",
    "MAX_RECORD",
    "VERSION",
    "ClientMessage",
    "ProtocolError",
    "cafile_refusal",
    "dumps",
    "join_command",
    "loads_from_host",
    "loads_object",
    "new_code",
    "new_token",
    "normalise_code",
    "phrase_facts",
    "read_client_message",
    "result_from_json",
    "result_to_json",
    "view_from_json",
    "view_to_json",
    "worded",
]

#: The protocol version both sides state in their first message; a mismatch is refused.
VERSION = 1
#: The largest message either side accepts, in bytes (websockets closes with 1009 above it).
MAX_MESSAGE = 64 * 1024
#: The largest ``record`` (a finished match's save, sent once at its end) a client takes:
#: a long match's save is 30 to 70 KB (over `MAX_MESSAGE` now and then), 1 MiB is far past
#: any; the host sends none bigger. Every other message from the host stays within
#: `MAX_MESSAGE`.
MAX_RECORD = 1024 * 1024
DEFAULT_PORT = 7777
#: The join code's letters: capitals and digits without 0/O and 1/I/L, easy to read aloud.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 10
MAX_NAME = 16
MAX_TOKEN = 64
MAX_ACTION = 32

#: The protocol's own error codes and their wording (the core's refusals carry their own).
ERRORS: dict[str, str] = {
    "bad-json": N_("the message is not a JSON object"),
    "bad-message": N_("the message is not one this table understands"),
    "unknown-type": N_("unknown message type"),
    "too-big": N_("the message is larger than 64 KiB"),
    "binary": N_("binary messages are not accepted"),
    "bad-version": N_("the other side speaks another version of the protocol"),
    "hello-first": N_("the first message must say hello with the join code"),
    "hello-timeout": N_("no hello came in time"),
    "wrong-code": N_("wrong join code"),
    "wrong-token": N_("that seat's token does not match: it cannot be rejoined"),
    "table-full": N_("the table already has two players"),
    "bad-name": N_("a name must have 1 to 16 printable characters"),
    "flood": N_("too many messages: the connection was closed"),
    "busy": N_("the host has too many connections waiting: try again in a moment"),
    "replaced": N_("the same seat connected again from elsewhere"),
    "stale": N_("that move answers a position that has changed (sent twice?)"),
    "bad-action": N_("that is not an action"),
    "not-now": N_("that cannot be done now"),
    "match-over": N_("the match is over"),
    "shutting-down": N_("the host is shutting down"),
}


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``code`` is one of `ERRORS`."""

    def __init__(self, code: str, detail: str = "") -> None:
        self.code = code
        self.detail = detail
        super().__init__(f"{code}: {detail}" if detail else code)


def worded(code: str, message: str = "") -> str:
    """An error code in the reader's language (falls back on the English message sent)."""
    if code in ERRORS:
        return _(ERRORS[code])
    return message or code


# --- the join code and the seat tokens -------------------------------------------------------


def new_code() -> str:
    """A fresh join code such as ``K7QM-XR3FT``: about 50 bits from `secrets`."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{letters[:5]}-{letters[5:]}"


def normalise_code(text: str) -> str:
    """A code as typed (any case, spaces or dashes) in the form `new_code` writes it."""
    letters = "".join(ch for ch in text.upper() if ch not in " -_\t")
    if len(letters) != CODE_LENGTH:
        return letters
    return f"{letters[:5]}-{letters[5:]}"


def new_token() -> str:
    """A seat's rejoin token: 128 bits from `secrets`."""
    return secrets.token_urlsafe(16)


# --- encoding ----------------------------------------------------------------------------------


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def loads_object(data: str | bytes, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """A message as a JSON object with a string ``type``; `ProtocolError` otherwise.

    ``limit`` is the most bytes it may have (a client reads a ``record`` up to `MAX_RECORD`)."""
    if isinstance(data, bytes):
        raise ProtocolError("binary")
    if len(data.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError("too-big")
    try:
        value = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("bad-json", str(exc)[:80]) from None
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise ProtocolError("bad-json")
    return value


def loads_from_host(data: str | bytes) -> dict[str, Any]:
    """A host's message as a client reads it: within `MAX_MESSAGE`, or `MAX_RECORD` for the
    ``record`` of a finished match."""
    message = loads_object(data, MAX_RECORD)
    if (
        message["type"] != "record"
        and len(str(data).encode("utf-8", "surrogatepass")) > MAX_MESSAGE
    ):
        raise ProtocolError("too-big")
    return message


@dataclass(frozen=True, slots=True)
class ClientMessage:
    """A client's message after checking: ``hello``, ``act`` or ``ready``."""

    type: str
    version: int = VERSION
    code: str = ""
    name: str = ""
    token: str = ""
    action: str = ""
    seq: int = -1


#: What a client may send, and the fields each must (and may only) have.
CLIENT_TYPES: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "hello": (frozenset({"type", "version", "code"}), frozenset({"name", "token"})),
    "act": (frozenset({"type", "action", "seq"}), frozenset()),
    "ready": (frozenset({"type", "seq"}), frozenset()),
}


def _text(message: dict[str, Any], key: str, limit: int) -> str:
    value = message.get(key, "")
    if not isinstance(value, str) or len(value) > limit or not value.isprintable():
        raise ProtocolError("bad-message", key)
    return value


def read_client_message(data: str | bytes) -> ClientMessage:
    """Check a message from a client strictly: its type, exactly its fields, their kinds."""
    message = loads_object(data)
    kind = message["type"]
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown-type", kind[:32])
    required, optional = CLIENT_TYPES[kind]
    keys = set(message)
    if not required <= keys or not keys <= required | optional:
        raise ProtocolError("bad-message", kind)
    if kind == "hello":
        version = message["version"]
        if type(version) is not int:
            raise ProtocolError("bad-message", "version")
        if version != VERSION:
            raise ProtocolError("bad-version", str(version))
        return ClientMessage(
            "hello",
            version=version,
            code=_text(message, "code", 32),
            name=_text(message, "name", 64).strip(),
            token=_text(message, "token", MAX_TOKEN),
        )
    seq = message["seq"]
    if type(seq) is not int or not 0 <= seq < 2**31:
        raise ProtocolError("bad-message", "seq")
    if kind == "act":
        return ClientMessage("act", action=_text(message, "action", MAX_ACTION), seq=seq)
    return ClientMessage("ready", seq=seq)


# --- what a player may see, as JSON ------------------------------------------------------------


def _codes(cards: Any) -> list[str]:
    return [c.code for c in cards]


def _card(value: Any) -> Card:
    if not isinstance(value, str):
        raise ProtocolError("bad-message", "card")
    try:
        return parse_card(value)
    except CardError:
        raise ProtocolError("bad-message", "card") from None


def _card_or_none(value: Any) -> Card | None:
    return None if value is None else _card(value)


def _cards(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list) or len(value) > 52:
        raise ProtocolError("bad-message", "cards")
    return tuple(_card(v) for v in value)


def _int(value: Any, low: int = -(2**31), high: int = 2**31) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ProtocolError("bad-message", "number")
    return int(value)


def _seat_or_none(value: Any) -> int | None:
    return None if value is None else _int(value, 0, 1)


def _melding_to_json(melding: Melding) -> dict[str, Any]:
    return melding.to_dict()


def _melding_from_json(data: Any) -> Melding:
    if not isinstance(data, dict) or not isinstance(data.get("melds"), list):
        raise ProtocolError("bad-message", "melding")
    melds = tuple(Meld(_cards(m)) for m in data["melds"])
    return Melding(melds, _cards(data.get("deadwood")), _int(data.get("deadwood_points"), 0))


def result_to_json(result: RoundResult) -> dict[str, Any]:
    """A round's result: how it ended, the points and both hands (the showdown's reveal)."""
    sd = result.showdown
    return {
        "kind": result.kind.value,
        "knocker": result.knocker,
        "winner": result.winner,
        "points": result.points,
        "base_points": result.base_points,
        "multiplier": result.multiplier,
        "showdown": None
        if sd is None
        else {
            "kind": sd.kind.value,
            "knocker": _melding_to_json(sd.knocker),
            "defence": _melding_to_json(sd.defence.melding),
            "layoffs": [_codes(cards) for cards in sd.defence.layoffs],
            "points": sd.points,
            "knocker_won": sd.knocker_won,
        },
        "hands": [_codes(result.hands[0]), _codes(result.hands[1])],
        "knock_limit": result.knock_limit,
        "undercut_bonus": result.undercut_bonus,
        "gin_bonus": result.gin_bonus,
        "big_gin_bonus": result.big_gin_bonus,
        "stock_left": result.stock_left,
    }


def _kind(value: Any) -> ResultKind:
    try:
        return ResultKind(value)
    except ValueError:
        raise ProtocolError("bad-message", "kind") from None


def result_from_json(data: Any) -> RoundResult:
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", "result")
    sd = data.get("showdown")
    showdown = None
    if sd is not None:
        if not isinstance(sd, dict) or not isinstance(sd.get("layoffs"), list):
            raise ProtocolError("bad-message", "showdown")
        showdown = Showdown(
            _kind(sd.get("kind")),
            _melding_from_json(sd.get("knocker")),
            Defence(_melding_from_json(sd.get("defence")), tuple(_cards(c) for c in sd["layoffs"])),
            _int(sd.get("points")),
            bool(sd.get("knocker_won")),
        )
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != 2:
        raise ProtocolError("bad-message", "hands")
    big = data.get("big_gin_bonus")
    return RoundResult(
        kind=_kind(data.get("kind")),
        knocker=_seat_or_none(data.get("knocker")),
        winner=_seat_or_none(data.get("winner")),
        points=_int(data.get("points")),
        base_points=_int(data.get("base_points")),
        multiplier=_int(data.get("multiplier")),
        showdown=showdown,
        hands=(_cards(hands[0]), _cards(hands[1])),
        knock_limit=_int(data.get("knock_limit")),
        undercut_bonus=_int(data.get("undercut_bonus")),
        gin_bonus=_int(data.get("gin_bonus")),
        big_gin_bonus=None if big is None else _int(big),
        stock_left=_int(data.get("stock_left"), 0, 52),
    )


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """One player's view (the rules travel once, in ``welcome``)."""
    return {
        "player": view.player,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "dealer": view.dealer,
        "round": view.round_number,
        "hand": _codes(view.hand),
        "discard_pile": _codes(view.discard_pile),
        "stock_size": view.stock_size,
        "opponent_card_count": view.opponent_card_count,
        "opponent_known": sorted(c.code for c in view.opponent_known),
        "history": [
            [e.kind.value, e.player, None if e.card is None else e.card.code] for e in view.history
        ],
        "scores": list(view.scores),
        "knock_limit": view.knock_limit,
        "multiplier": view.multiplier,
        "taken_card": None if view.taken_card is None else view.taken_card.code,
        "drawn_card": None if view.drawn_card is None else view.drawn_card.code,
        "stock_only": view.stock_only,
        "result": None if view.result is None else result_to_json(view.result),
    }


def _event(value: Any) -> Event:
    if not isinstance(value, list) or len(value) != 3:
        raise ProtocolError("bad-message", "history")
    try:
        kind = EventKind(value[0])
    except ValueError:
        raise ProtocolError("bad-message", "history") from None
    return Event(kind, _seat_or_none(value[1]), _card_or_none(value[2]))


def view_from_json(data: Any, rules: Rules) -> PlayerView:
    """A `PlayerView` again, for the bots and the table on the client's side."""
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", "view")
    try:
        phase = Phase(data.get("phase"))
    except ValueError:
        raise ProtocolError("bad-message", "phase") from None
    history = data.get("history")
    scores = data.get("scores")
    if not isinstance(history, list) or len(history) > 400:
        raise ProtocolError("bad-message", "history")
    if not isinstance(scores, list) or len(scores) != 2:
        raise ProtocolError("bad-message", "scores")
    result = data.get("result")
    return PlayerView(
        player=_int(data.get("player"), 0, 1),
        rules=rules,
        phase=phase,
        to_act=_int(data.get("to_act"), 0, 1),
        dealer=_int(data.get("dealer"), 0, 1),
        round_number=_int(data.get("round"), 1),
        hand=_cards(data.get("hand")),
        discard_pile=_cards(data.get("discard_pile")),
        stock_size=_int(data.get("stock_size"), 0, 52),
        opponent_card_count=_int(data.get("opponent_card_count"), 0, 11),
        opponent_known=frozenset(_cards(data.get("opponent_known"))),
        history=tuple(_event(e) for e in history),
        scores=(_int(scores[0]), _int(scores[1])),
        knock_limit=_int(data.get("knock_limit"), 0, 10),
        multiplier=_int(data.get("multiplier"), 1),
        taken_card=_card_or_none(data.get("taken_card")),
        drawn_card=_card_or_none(data.get("drawn_card")),
        stock_only=bool(data.get("stock_only")),
        result=None if result is None else result_from_json(result),
    )


def rules_from_json(data: Any) -> Rules:
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", "rules")
    try:
        return Rules.from_dict(data)
    except (RulesError, TypeError, KeyError):
        raise ProtocolError("bad-message", "rules") from None


def phrase_facts(phrase: dict[str, Any]) -> dict[str, Any]:
    """A ``refused`` phrase's facts with its card facts as `Card` again (`phrase_json`);
    `ProtocolError` if one is not a card."""
    facts = phrase.get("facts")
    facts = dict(facts) if isinstance(facts, dict) else {}
    names = phrase.get("cards")
    for name in names if isinstance(names, list) else []:
        if name in facts:
            value = facts[name]
            facts[name] = _cards(value) if isinstance(value, list) else _card(value)
    return facts


def join_command(
    address: str, code: str, *, cert: str | None = None, secure: bool = False, name: str = ""
) -> str:
    """The command that joins the table at ``address`` (HOST:PORT): with TLS (``secure``,
    or a ``cert``), the wss:// address, and ``cert`` as the certificate to trust (a
    self-signed host's --cert, which it hands over; with a certificate from a public
    authority the joining side needs no --cafile)."""
    if cert is not None:
        command = f"ginrummy join wss://{address} --code {code} --cafile {shlex.quote(cert)}"
    elif secure:
        command = f"ginrummy join wss://{address} --code {code}"
    else:
        command = f"ginrummy join {address} --code {code}"
    return f"{command} --name {shlex.quote(name)}" if name else command


def cafile_refusal(text: str, cafile: str | None) -> str | None:
    """Why ``--cafile`` cannot go with the address typed (a ws:// address has no TLS)."""
    if cafile is not None and text.strip().lower().startswith("ws://"):
        # TRANSLATORS: keep --cafile, ws:// and wss:// as they are.
        return _("--cafile is for a TLS connection: write the address with wss://, not ws://")
    return None
