"""The host's autosave: each online match in its own save slot, like any other game.

Every change is saved before anyone is told of it, so a host killed at any moment loses
no move that a player saw. The join code and the seats' tokens are kept beside the save
(``online-ID.json`` in the data folder) so that a host started again serves the match
under the same code and both players rejoin with their tokens. A finished match goes to
the history (statistics and replay) with the names of both players.

A player who joined gets the finished match's save from the host (the ``record``
message: `read_record` checks it against what the seat was told) and keeps it in their own
history too (`keep_record`), under the host's id (so twice is once) and with their seat, so
that the statistics and the lists read it from their side.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from ..core import Game, Match, Rules
from ..store import GameMeta, HistoryRecord, StorageError, Store
from ..store.folder import MISSING
from ..store.records import ONLINE, is_finished, parse_game
from .protocol import ProtocolError
from .referee import Table

__all__ = ["OnlineSaves", "SavedTable", "keep_record", "read_record"]

_ID = re.compile(r"[0-9a-f]{1,64}")


@dataclass
class SavedTable:
    """An online match waiting in its slot, ready to be served again."""

    match: Game | Match
    meta: GameMeta
    code: str
    tokens: tuple[str, str]


class OnlineSaves:
    """Saves and restores the online tables of one host through the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._metas: dict[int, GameMeta] = {}
        #: The seat the host's own player plays (the app), recorded with a finished match
        #: so that its lists say "you won" from that seat; None for a headless host.
        self.local_seat: int | None = None

    @staticmethod
    def _link_name(meta: GameMeta) -> str:
        return f"online-{meta.id}.json"

    def attach(self, table: Table, meta: GameMeta | None = None) -> None:
        """Save ``table`` after every change and record it in the history when it ends."""
        if meta is not None:
            self._metas[id(table)] = meta
            table.meta = meta
        table.on_change = self.save
        chained = table.on_finish

        def finished(t: Table) -> None:
            self.finish(t)
            if chained is not None:
                chained(t)

        table.on_finish = finished

    def meta_of(self, table: Table) -> GameMeta | None:
        meta = self._metas.get(id(table))
        if meta is None and table.seated:
            names = (table.names[0], table.names[1])
            meta = table.meta or GameMeta(ONLINE, names, "", seat=self.local_seat or None)
            self.store.write_json(
                self._link_name(meta),
                {"id": meta.id, "code": table.code, "tokens": list(table.tokens)},
            )
            self._metas[id(table)] = meta
        if meta is not None:
            table.meta = meta  # the record each seat gets at the end carries its id
        return meta

    def save(self, table: Table) -> None:
        """Autosave (a table whose seats are not both taken has nothing to lose yet)."""
        meta = self.meta_of(table)
        if meta is None:
            return
        if table.over:
            return  # `finish` records it
        self.store.save_game(table.match, meta)

    def finish(self, table: Table) -> None:
        meta = self.meta_of(table)
        if meta is None:
            return
        if self.local_seat is not None and meta.seat is None:
            meta = replace(meta, seat=self.local_seat)
        if table.forfeited is not None:
            meta = replace(meta, forfeit=table.forfeited)
        self.store.finish_game(table.match, meta)
        self.store.remove(self._link_name(meta))

    def saved(self) -> list[SavedTable]:
        """The online matches in the store that can be served again, latest first."""
        out: list[SavedTable] = []
        for saved in self.store.saved_games():
            meta = saved.meta
            if meta.mode != ONLINE or not _ID.fullmatch(meta.id):
                continue
            try:
                link = self.store.read_json(self._link_name(meta))
            except StorageError:
                continue
            if link is MISSING or not isinstance(link, dict):
                continue
            code, tokens = link.get("code"), link.get("tokens")
            if not (
                link.get("id") == meta.id
                and isinstance(code, str)
                and isinstance(tokens, list)
                and len(tokens) == 2
                and all(isinstance(t, str) and t for t in tokens)
            ):
                continue
            out.append(SavedTable(saved.game, meta, code, (tokens[0], tokens[1])))
        return out

    def restore(self, saved: SavedTable, label: str = "") -> Table:
        """A table serving a saved match again, under its old code and tokens."""
        table = Table(
            saved.match,
            code=saved.code,
            tokens=saved.tokens,
            names=saved.meta.names,
            label=label,
        )
        self.attach(table, saved.meta)
        return table


def read_record(
    message: dict[str, Any], seat: int | None, state: dict[str, Any] | None, rules: Rules | None
) -> tuple[Game | Match, GameMeta]:
    """A ``record`` as a seat takes it: the finished match's save, which must agree with
    the last ``state`` the seat was told (the match over, the same names, rules, scores and
    winner, the same forfeit if one ended it); its details say which seat was this one.
    `ProtocolError` if not."""
    if set(message) != {"type", "save"} or seat not in (0, 1) or state is None or rules is None:
        raise ProtocolError("bad-message", "record")
    try:
        obj, meta = parse_game(message["save"])
    except (StorageError, ValueError, TypeError, KeyError, IndexError):
        raise ProtocolError("bad-message", "record") from None
    try:
        told_game, told_match = state["game"], state["match"]
        forfeit = meta.forfeit
        agrees = (
            is_finished(obj, meta)
            and told_match["over"] is True
            and told_match.get("forfeit") == forfeit
            and meta.mode == ONLINE
            and list(meta.names) == state["names"]
            and obj.rules.to_dict() == rules.to_dict()
            and (obj.winner if forfeit is None else 1 - forfeit) == told_match["winner"]
            and isinstance(obj, Match) == told_match["is_match"]
        )
        if agrees and isinstance(obj, Match):
            agrees = list(obj.games_won) == told_match["games_won"]
        game = obj.game if isinstance(obj, Match) else obj
        agrees = agrees and list(game.scores) == told_game["scores"]
        agrees = agrees and game.winner == told_game["winner"]
    except (KeyError, TypeError):
        agrees = False
    if not agrees:
        raise ProtocolError("bad-message", "record")
    return obj, replace(meta, seat=seat)


def keep_record(store: Store, match: Game | Match, meta: GameMeta) -> HistoryRecord:
    """Keep a joined match's record (from `read_record`) in this side's history: once, by
    the host's id, however often it came."""
    return store.finish_game(match, meta)
