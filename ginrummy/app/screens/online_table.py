"""The table of an online game: the local table's screen (`TableScreen`) driven by a
`RemoteTableModel`.

The host's messages come in on the asyncio loop Textual runs on, the model takes them in,
and its listener posts `RemoteChanged` to the screen, which redraws.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.message import Message

from ...text.i18n import N_, _
from ..model.remote import RemoteTableModel
from .base import gin_app_of
from .table import TableScreen

__all__ = ["OnlineTableScreen", "RemoteChanged"]


class RemoteChanged(Message):
    """The online table's model took a message in: ``what`` it changed."""

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what


class OnlineTableScreen(TableScreen):
    """The table of an online game; dismisses with ``menu`` or ``quit``.

    The moves go to the host and come back as the new position; undo is refused (it
    would show hidden cards), the hint reads only this seat's view. While the other
    player is away the table says so and waits; if the connection is lost for good, the
    player is told why and taken back to the menu.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "leave_online", N_("Quit")),
    ]

    def __init__(self, model: RemoteTableModel, *, ascii: bool = False, goodbye: str = "") -> None:
        """``goodbye``: how to come back to the match, said when the player quits."""
        super().__init__(model.config, ascii=ascii, model=model)
        self.remote = model
        self.goodbye = goodbye
        self._was_present = model.other_present
        #: The positions whose clock warning, and whose move by the clock, were said.
        self._warned_at = -1
        self._played_at = -1
        #: Whether the match's end by forfeit was said.
        self._forfeit_said = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave_online":
            return True
        return super().check_action(action, parameters)

    def action_leave_online(self) -> None:
        """Quit: the match stays saved on the host; the line printed once the app has
        closed says how to come back to it (not "Continue": online games are not there)."""
        if not self.remote.match_over and self.goodbye:
            gin_app_of(self).goodbye = self.goodbye
        self.dismiss("quit")

    def on_mount(self) -> None:
        # Textual runs `TableScreen.on_mount` too (it starts the round): only listen here.
        self.remote.listener = self._heard
        self._clock_shown: tuple[int, bool] | None = None
        self._forfeit_shown: int | None = None
        if self.remote.clock is not None or self.remote.state.get("forfeit") is not None:
            self.set_interval(0.5, self._tick)

    def _tick(self) -> None:
        """The turn clock counts down in the title bar; an away player's time to come back
        before they lose by forfeit, in the prompt."""
        model = self.remote
        left = model.clock_left()
        shown = None if left is None else (left, model.clock_on_me)
        forfeit_left = model.forfeit_left()
        if shown != self._clock_shown or forfeit_left != self._forfeit_shown:
            self._clock_shown = shown
            self._forfeit_shown = forfeit_left
            self.refresh_table()

    def on_unmount(self) -> None:
        self.remote.listener = None

    def _heard(self, what: str) -> None:
        self.post_message(RemoteChanged(what))

    @on(RemoteChanged)
    def _remote_changed(self, message: RemoteChanged) -> None:
        model = self.remote
        what = message.what
        if what == "gone":
            reason = model.gone or ""
            self.app.notify(reason, title=_("The online game ended"), severity="error", timeout=20)
            self.dismiss("menu")
            return
        if what == "refused":
            if model.refusal:
                self.show_message(model.refusal, error=True)
                self.app.bell()
            model.refusal = None
            self.refresh_table()
            return
        if what == "connection":
            self.show_message(
                "" if model.connected else _("The connection to the host is lost: reconnecting…"),
                error=not model.connected,
            )
            self.refresh_table()
            return
        forfeit = model.forfeit_sentence()
        if forfeit is not None:
            if not self._forfeit_said:
                self._forfeit_said = True
                lost = model.forfeit == model.seat
                self.show_message(forfeit, error=lost)
                self.app.notify(
                    forfeit,
                    # TRANSLATORS: title of the note when an online match ends by forfeit.
                    title=_("The match is over"),
                    severity="error" if lost else "information",
                    timeout=20,
                )
            model.sync_log()
            self._write_log()
            self.refresh_table()
            return
        present = model.other_present
        if present != self._was_present:
            self._was_present = present
            name = model.remote.names[model.other]
            self.show_message(
                # TRANSLATORS: online, the other player's connection came back.
                _("{name} is back.").format(name=name)
                if present
                else _("{name} is away: the table waits for them to come back.").format(name=name),
                error=not present,
            )
        if model.new_round:
            if model.new_game:
                self.log_view.clear()
                model.log.clear()
                self._written = 0
            self._start_round()
            return
        if model.clock_warning and model.seq != self._warned_at:
            self._warned_at = model.seq
            left = model.clock_left() or 0
            self.show_message(
                # TRANSLATORS: online, the turn clock's warning; {n} is a number of seconds.
                _("Hurry: {n} s left, then the computer plays this turn for you.").format(n=left),
                error=True,
            )
            self.app.bell()
        elif model.played_for_me and model.seq != self._played_at:
            self._played_at = model.seq
            # TRANSLATORS: online, the turn clock ran out and the computer moved for the player.
            self.show_message(_("Your time ran out: the computer played that turn for you."))
        model.sync_log()
        self._write_log()
        self.advance()

    def _after_result(self, _: object = None) -> None:
        """The result was seen: at the game's end, its score sheet; else say ready and
        wait for the host to deal (when both players have seen it)."""
        if self.session.game_over:
            super()._after_result()
            return
        self.remote.next_round()
        self.refresh_table()

    def _after_game_over(self, choice: str | None) -> None:
        model = self.remote
        s = model.remote
        if choice == "next" and s.match is not None and not s.match.is_over:
            model.next_round()
            self.refresh_table()
        elif choice == "again" and model.match_over and model.gone is None:
            self.dismiss("again")  # a rematch at the same table, seats swapped
        else:
            self.dismiss("quit" if choice == "quit" else "menu")

    def refresh_table(self) -> None:
        super().refresh_table()
        model = self.remote
        self.sub_title = f"{self.sub_title} · {model.status()}"
        left = model.clock_left()
        if left is not None:
            # TRANSLATORS: the turn clock in the title bar: "your time" or the other's.
            whose = _("your time") if model.clock_on_me else model.remote.names[model.other]
            self.sub_title += f" · {whose} {left // 60}:{left % 60:02d}"
        waiting = None
        forfeit = model.forfeit_sentence()
        if forfeit is not None:
            # TRANSLATORS: after an online match ended by forfeit; keep "q" (the key).
            waiting = forfeit + " " + _("Press q to leave the table.")
        elif model.gone is None and (not model.connected or not model.other_present):
            waiting = model.wait_reason()
        elif model.remote.round_over and model.ready_sent and not model.match_over:
            # TRANSLATORS: online, after the round's result: the other player has not
            # gone on yet.
            waiting = _("Waiting for {name} to go on to the next round…").format(
                name=model.remote.names[model.other]
            )
        if waiting is not None:
            self.prompt_box.update(Text(waiting, style="bold"))
