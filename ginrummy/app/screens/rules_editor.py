"""Editing every knob of the rules, starting from a preset."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ...core import NextDealer, Rules, RulesError

#: (knob, label, kind) for every knob of `Rules`.
KNOBS: tuple[tuple[str, str, str], ...] = (
    ("target", "Target points", "int"),
    ("knock_limit", "Knock limit (0-10)", "int"),
    ("gin_bonus", "Gin bonus", "int"),
    ("undercut_bonus", "Undercut bonus", "int"),
    ("big_gin_bonus", "Big gin bonus", "big_gin"),
    ("discard_taken_card", "May discard the card just taken", "bool"),
    ("dead_stock", "Dead round at stock of", "int"),
    ("next_dealer", "Next dealer", "dealer"),
    ("oklahoma", "Oklahoma (upcard sets knock limit)", "bool"),
    ("spade_doubles", "Spade upcard doubles (Oklahoma)", "bool"),
    ("game_bonus", "Game bonus", "int"),
    ("box_bonus", "Box bonus per round won", "int"),
    ("shutout_multiplier", "Shutout multiplier", "int"),
    ("games", "Games in a match (odd)", "int"),
)


def rules_summary(rules: Rules) -> Text:
    """A line or two naming the knobs that matter."""
    knock = (
        "upcard value"
        if rules.oklahoma
        else ("gin only" if rules.knock_limit == 0 else str(rules.knock_limit))
    )
    big = "off" if rules.big_gin_bonus is None else str(rules.big_gin_bonus)
    parts = [
        f"{rules.name} rules: to {rules.target}",
        f"knock limit {knock}",
        f"gin {rules.gin_bonus}",
        f"undercut {rules.undercut_bonus}",
        f"big gin {big}",
        f"dealer: {rules.next_dealer.value}",
    ]
    if rules.discard_taken_card:
        parts.append("taken card may be discarded")
    if rules.spade_doubles:
        parts.append("spades double")
    if rules.game_bonus or rules.box_bonus or rules.shutout_multiplier > 1:
        parts.append(
            f"bonuses: game {rules.game_bonus}, box {rules.box_bonus},"
            f" shutout x{rules.shutout_multiplier}"
        )
    if rules.is_match:
        parts.append(f"best of {rules.games} games")
    return Text(" · ".join(parts), style="dim")


class RulesScreen(ModalScreen[Rules | None]):
    """A form with every rules knob; dismisses with the new rules, or None if cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "save", "Use these rules"),
    ]

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        r = self.rules
        with Vertical(classes="dialog", id="rules-dialog"):
            yield Label("Rules: every knob", classes="dialog-title")
            with VerticalScroll(id="knobs"), Grid(id="knob-grid"):
                for knob, label, kind in KNOBS:
                    yield Label(label)
                    value: Any = getattr(r, knob)
                    if kind == "int":
                        yield Input(str(value), type="integer", compact=True, id=f"k-{knob}")
                    elif kind == "bool":
                        yield Select(
                            [("yes", True), ("no", False)],
                            value=bool(value),
                            allow_blank=False,
                            compact=True,
                            id=f"k-{knob}",
                        )
                    elif kind == "big_gin":
                        yield Input(
                            "" if value is None else str(value),
                            placeholder="off",
                            type="integer",
                            compact=True,
                            id=f"k-{knob}",
                        )
                    else:
                        yield Select(
                            [(d.value, d) for d in NextDealer],
                            value=value,
                            allow_blank=False,
                            compact=True,
                            id=f"k-{knob}",
                        )
            yield Static("", id="rules-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Use these rules (ctrl+s)", id="save", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)
        # Its own footer: the start screen's, below, would name keys that do nothing here.
        yield Footer()

    def on_mount(self) -> None:
        """The first field has focus, so typing changes it at once."""
        self.query_one(f"#k-{KNOBS[0][0]}", Input).focus()

    def read(self) -> Rules:
        """The rules the form describes; raises RulesError for a bad value."""
        changes: dict[str, Any] = {}
        for knob, label, kind in KNOBS:
            if kind in ("int", "big_gin"):
                text = self.query_one(f"#k-{knob}", Input).value.strip()
                if kind == "big_gin" and not text:
                    changes[knob] = None
                    continue
                try:
                    changes[knob] = int(text)
                except ValueError:
                    raise RulesError(f"{label}: a whole number, please") from None
            elif kind == "bool":
                changes[knob] = bool(self.query_one(f"#k-{knob}", Select).value)
            else:
                changes[knob] = self.query_one(f"#k-{knob}", Select).value
        if not changes["oklahoma"]:
            changes["spade_doubles"] = False
        return Rules(**changes)

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        try:
            rules = self.read()
        except RulesError as exc:
            message = str(exc)
            for knob, label, _ in KNOBS:
                message = message.replace(knob, label.split(" (")[0].lower())
            self.query_one("#rules-error", Static).update(
                Text(message[:1].upper() + message[1:] + ".", style="bold red")
            )
            return
        self.dismiss(rules)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
