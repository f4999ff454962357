"""The referee: one online table's match, its two seats and what each seat is told.

No networking here: a seat's connection is anything with ``send(message)`` and
``close(code)`` (a websocket link, or the host's own table in the same process). The
referee checks every action with the core, tells each seat only its own `PlayerView`, and
numbers the positions (``seq``) so that a move sent twice or against an old position is
refused instead of played.
"""

from __future__ import annotations

import hmac
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from ..core import ActionError, Game, GinRummyError, Match, Phrase, parse_action
from ..core.cards import Card
from ..core.save import to_dict
from ..store.records import MAX_NAME, ONLINE, GameMeta
from .protocol import MAX_RECORD, VERSION, ProtocolError, dumps, new_code, new_token, view_to_json

__all__ = ["Link", "Refused", "Table", "position_number"]


class Link(Protocol):
    """A seat's connection as the referee sees it."""

    def send(self, message: dict[str, Any]) -> None: ...

    def close(self, code: str) -> None: ...


class TurnClockLike(Protocol):
    """What the table reads of its turn clock (`ginrummy.net.clock.TurnClock`)."""

    seconds: float

    def left(self) -> float: ...

    @property
    def warned(self) -> bool: ...


class Refused(ValueError):
    """An action or request refused with a reason; the table is unchanged."""

    def __init__(self, code: str, message: str, phrase: Phrase | None = None) -> None:
        self.code = code
        self.message = message
        self.phrase = phrase
        super().__init__(message)


def position_number(match: Game | Match) -> int:
    """The table's position: one more for every round dealt and every action played.

    It depends only on the moves, so a host that restarts from its save counts on exactly
    where it stopped, and a client's move sent before the restart still matches.
    """
    games = match.games if isinstance(match, Match) else [match]
    return sum(len(rnd.actions) + 1 for game in games for rnd in game.rounds)


def _fact(value: Any) -> Any:
    """A fact as JSON: a card in the protocol's notation (``QH``), cards as a list of those,
    a number as a number, anything else as its English text."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, list | tuple) and value and all(isinstance(v, Card) for v in value):
        return [v.code for v in value]
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    return value


def _is_cards(value: Any) -> bool:
    return isinstance(value, Card) or (
        isinstance(value, list | tuple) and bool(value) and all(isinstance(v, Card) for v in value)
    )


def phrase_json(phrase: Phrase) -> dict[str, Any]:
    """A refusal's English template and its facts, for the client to word in its player's
    language: ``cards`` names the facts that are cards (each in the card notation, or a
    list of them)."""
    facts = phrase.facts
    return {
        "template": phrase.template,
        "facts": {k: _fact(v) for k, v in facts.items()},
        "cards": sorted(k for k, v in facts.items() if _is_cards(v)),
    }


class Table:
    """One match between two seats, refereed.

    ``on_change`` runs after every change of the match and before anyone is told of it
    (the host saves the match there, so a move nobody saw saved is never announced).
    """

    def __init__(
        self,
        match: Game | Match,
        *,
        code: str | None = None,
        tokens: tuple[str, str] | None = None,
        names: tuple[str, str] | None = None,
        on_change: Callable[[Table], None] | None = None,
        label: str = "",
    ) -> None:
        self.match = match
        self.code = code or new_code()
        self.tokens: tuple[str, str] = tokens or (new_token(), new_token())
        #: The seats' names; "" while a seat is free. A restored match has both.
        self.names: list[str] = list(names) if names else ["", ""]
        self.links: list[Link | None] = [None, None]
        self.ready: list[bool] = [False, False]
        self.on_change = on_change
        self.label = label
        self.seq = position_number(match)
        #: Extra state a seat may be told (the host's connection state, for instance).
        self.finished = False
        #: Called once when the match ends (the host records it in the history).
        self.on_finish: Callable[[Table], None] | None = None
        #: The match's details as the host's history keeps them (set by the host's saves;
        #: made up at the end if none): their id names the match in every seat's history.
        self.meta: GameMeta | None = None
        #: The turn clock (`ginrummy.net.clock.TurnClock`), if the host set one.
        self.clock: TurnClockLike | None = None
        #: The seat whose last move the clock's computer played (its time ran out).
        self.played_for: int | None = None
        #: The seat that lost the match by forfeit (away too long: `forfeit`), if one did.
        self.forfeited: int | None = None
        #: Seconds a seated player may be away before they lose the match by forfeit (the
        #: host's ``--forfeit``, set by `ginrummy.net.clock.AwayWatch`); None: never.
        self.forfeit_after: float | None = None
        #: Since when (monotonic) each seat has been away: its connection dropped, or the
        #: turn clock has played its turns since it last answered itself. None: here.
        self.away_since: list[float | None] = [None, None]

    # --- reading ------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.match.game if isinstance(self.match, Match) else self.match

    @property
    def seated(self) -> bool:
        """Both seats have a player (the match can go on)."""
        return all(self.names)

    @property
    def over(self) -> bool:
        """The match is over: played to its end, or lost by a forfeit."""
        return self.match.is_over or self.forfeited is not None

    @property
    def winner(self) -> int | None:
        """Who won the match (the other seat than a forfeit's); None while it goes on."""
        if self.forfeited is not None:
            return 1 - self.forfeited
        return self.match.winner

    def away_for(self, seat: int) -> float:
        """Seconds ``seat`` has been away (0: here, or the table is not seated)."""
        since = self.away_since[seat]
        if since is None or not self.seated or self.over:
            return 0.0
        return time.monotonic() - since

    def note_away(self, seat: int, away: bool) -> None:
        """Mark ``seat`` away from now (if it was not already), or here."""
        if not away:
            self.away_since[seat] = None
        elif self.away_since[seat] is None:
            self.away_since[seat] = time.monotonic()

    def _forfeit_json(self) -> dict[str, Any] | None:
        after = self.forfeit_after
        if after is None:
            return None
        return {
            "after": after,
            "away": [
                round(self.away_for(s), 1) if self.away_since[s] is not None else None
                for s in (0, 1)
            ],
        }

    def present(self, seat: int) -> bool:
        return self.links[seat] is not None

    def waiting_on(self) -> list[int]:
        """The seats the table waits for: the player to act, or after a round's result
        those who have not said ``ready``."""
        if self.over or not self.seated:
            return []
        if self.game.round_over:
            return [s for s in (0, 1) if not self.ready[s]]
        return [self.game.round.to_act]

    def _clock_json(self) -> dict[str, Any] | None:
        clock = self.clock
        if clock is None:
            return None
        return {
            "seconds": clock.seconds,
            "left": round(clock.left(), 1),
            "warning": clock.warned,
            "seats": self.waiting_on(),
            "played_for": self.played_for,
        }

    def state_for(self, seat: int) -> dict[str, Any]:
        """What ``seat`` is told: its own view and the table's public facts."""
        match = self.match
        game = self.game
        is_match = isinstance(match, Match)
        view = game.view(seat)
        return {
            "type": "state",
            "seq": self.seq,
            "seat": seat,
            "view": view_to_json(view),
            # What this seat may play now, in the action notation (empty: not its turn).
            "legal": [str(a) for a in view.legal_actions()] if self.seated else [],
            # The turn clock: null when off (see docs/protocol.md).
            "clock": self._clock_json(),
            # The forfeit rule (host --forfeit): null when off.
            "forfeit": self._forfeit_json(),
            "names": list(self.names),
            "present": [self.present(0), self.present(1)],
            "ready": list(self.ready),
            "seated": self.seated,
            "game": {
                "number": len(match.games) if isinstance(match, Match) else 1,
                "scores": list(game.scores),
                "over": game.is_over,
                "winner": game.winner,
                # The finished rounds (all public: each was shown at its end) and the
                # totals with bonuses, for the score sheet at the game's end.
                "rounds": [[r.kind.value, r.winner, r.points] for r in game.results],
                "totals": [
                    [t.points, t.game_bonus, t.box_bonus, t.shutout_multiplier]
                    for t in game.totals()
                ],
            },
            "match": {
                "is_match": is_match,
                "games_won": list(match.games_won) if isinstance(match, Match) else [0, 0],
                "over": self.over,
                "winner": self.winner,
                # The seat that lost the match by forfeit (away too long); null if none.
                "forfeit": self.forfeited,
            },
        }

    def welcome(self, seat: int) -> dict[str, Any]:
        return {
            "type": "welcome",
            "version": VERSION,
            "seat": seat,
            "token": self.tokens[seat],
            "rules": self.match.rules.to_dict(),
        }

    def record(self) -> dict[str, Any] | None:
        """The finished match's full save (``to_dict`` with the host's details), for each seat
        to keep in its history; None before the end (it holds every card of every deal), or
        if it would be over `MAX_RECORD`."""
        if not self.over or not self.seated:
            return None
        if self.meta is None:
            self.meta = GameMeta(ONLINE, (self.names[0], self.names[1]), "")
        if self.forfeited is not None and self.meta.forfeit != self.forfeited:
            self.meta = replace(self.meta, forfeit=self.forfeited)
        message = {"type": "record", "save": to_dict(self.match, self.meta.to_extra())}
        if len(dumps(message).encode("utf-8")) > MAX_RECORD:
            return None
        return message

    def _send_record(self, link: Link) -> None:
        message = self.record()
        if message is not None:
            link.send(message)

    # --- seats --------------------------------------------------------------------------
    def claim(self, name: str, token: str, link: Link, seat: int | None = None) -> int:
        """Seat a connection: by its token (a rejoin) or in a free seat (a new player;
        ``seat``: that one, if free: the host's own seat of a rematch).

        A rejoin replaces the seat's old connection (closed with "replaced"). Raises
        `ProtocolError` ("wrong-token", "table-full", "bad-name", and "match-over" for a
        new player at a finished table: the host may offer a rematch under the same code).
        """
        if not token and self.over:
            raise ProtocolError("match-over")
        if token:
            matches = [
                s for s in (0, 1) if hmac.compare_digest(token.encode(), self.tokens[s].encode())
            ]
            if not matches:
                raise ProtocolError("wrong-token")
            seat = matches[0]
            old = self.links[seat]
            self.links[seat] = link
            self.note_away(seat, False)
            if old is not None:
                old.close("replaced")
        else:
            free = [s for s in (0, 1) if not self.names[s] and seat in (None, s)]
            if not free:
                raise ProtocolError("table-full")
            seat = free[0]
            self.names[seat] = self._fresh_name(name, seat)
            self.links[seat] = link
            if self.seated and self.on_change is not None:
                self.on_change(self)
        link.send(self.welcome(seat))
        self.broadcast()
        if self.over:
            self._send_record(link)  # a rejoin after the end: the record again
        return seat

    def _fresh_name(self, name: str, seat: int) -> str:
        """The name a new player sits under: as asked, unless the other seat has it."""
        if not name or len(name) > MAX_NAME or not name.isprintable() or name != name.strip():
            if name:
                raise ProtocolError("bad-name")
            name = f"Player {seat + 1}"
        other = self.names[1 - seat]
        if other and other.casefold() == name.casefold():
            suffix = f" {seat + 1}"
            name = name[: MAX_NAME - len(suffix)].rstrip() + suffix
        return name

    def leave(self, seat: int, link: Link) -> None:
        """A connection ended; the seat stays its player's, marked away."""
        if self.links[seat] is link:
            self.links[seat] = None
            self.note_away(seat, True)
            self.broadcast()

    # --- moves --------------------------------------------------------------------------
    def act(self, seat: int, text: str, seq: int, *, by_clock: bool = False) -> None:
        """Play ``text`` (the core's action text) for ``seat``; `Refused` says why not.
        ``by_clock``: the turn clock's computer plays it (the player's time ran out)."""
        if self.over:
            raise Refused("match-over", "the match is over")
        if not self.seated:
            raise Refused("not-now", "the other seat is still free")
        if seq != self.seq:
            raise Refused("stale", f"position {seq} is not the current one ({self.seq})")
        try:
            action = parse_action(text)
        except ActionError as exc:
            raise Refused("bad-action", str(exc), exc.phrase) from None
        match = self.match
        if self.game.round_over:
            raise Refused("not-now", "the round is over: say ready for the next one")
        try:
            match.apply(action, seat)
        except GinRummyError as exc:
            raise Refused(exc.code or "illegal", str(exc), exc.phrase) from None
        self.seq += 1
        self.ready = [False, False]
        self.played_for = seat if by_clock else None
        self.note_away(seat, by_clock or self.links[seat] is None)
        self._changed()

    def say_ready(self, seat: int, seq: int, *, by_clock: bool = False) -> None:
        """``seat`` has seen the round's result; when both have, the next round is dealt.
        ``by_clock``: the turn clock says it (the player's time ran out)."""
        if self.over:
            raise Refused("match-over", "the match is over")
        if seq != self.seq:
            raise Refused("stale", f"position {seq} is not the current one ({self.seq})")
        if not self.game.round_over:
            raise Refused("not-now", "the round is still being played")
        self.ready[seat] = True
        self.note_away(seat, by_clock or self.links[seat] is None)
        if all(self.ready):
            match = self.match
            if isinstance(match, Match) and match.game.is_over:
                match.next_game()
            else:
                self.game.next_round()
            self.seq += 1
            self.ready = [False, False]
            self.played_for = None
            self._changed()
        else:
            self.broadcast()

    def forfeit(self, seat: int) -> None:
        """``seat`` loses the match by forfeit (its player was away too long): the match
        stops where it is, the other seat wins, both are told (``match.forfeit``) and the
        match is recorded so (`GameMeta.forfeit`). `Refused` if the match is over or a
        seat is still free."""
        if self.over:
            raise Refused("match-over", "the match is over")
        if not self.seated:
            raise Refused("not-now", "the other seat is still free")
        self.forfeited = seat
        self.seq += 1
        self.ready = [False, False]
        self.played_for = None
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)
        self.broadcast()
        if self.over and not self.finished:
            self.finished = True
            # After the last state (the final showdown): nothing is hidden any more.
            for link in self.links:
                if link is not None:
                    self._send_record(link)
            if self.on_finish is not None:
                self.on_finish(self)

    def broadcast(self) -> None:
        for seat in (0, 1):
            link = self.links[seat]
            if link is not None:
                link.send(self.state_for(seat))

    def refusal(self, exc: Refused) -> dict[str, Any]:
        message: dict[str, Any] = {
            "type": "refused",
            "code": exc.code,
            "message": exc.message,
            "seq": self.seq,
        }
        if exc.phrase is not None:
            message["phrase"] = phrase_json(exc.phrase)
        return message
