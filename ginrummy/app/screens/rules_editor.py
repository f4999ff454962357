"""Editing every knob of the rules, starting from a preset."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

from ...core import NextDealer, Rules, RulesError
from ...text.errors import describe
from ...text.i18n import N_, _
from ...text.names import preset_label
from ..widgets.footer import LocalFooter
from .base import GinModalScreen, recompose_in_language

#: (knob, label, kind) for every knob of `Rules` (labels translated when shown).
KNOBS: tuple[tuple[str, str, str], ...] = (
    # TRANSLATORS: the rules editor's field labels, in a column 38 characters wide.
    ("target", N_("Target points"), "int"),
    ("knock_limit", N_("Knock limit (0-10)"), "int"),
    ("gin_bonus", N_("Gin bonus"), "int"),
    ("undercut_bonus", N_("Undercut bonus"), "int"),
    ("big_gin_bonus", N_("Big gin bonus"), "big_gin"),
    ("discard_taken_card", N_("May discard the card just taken"), "bool"),
    ("dead_stock", N_("Dead round at stock of"), "int"),
    ("next_dealer", N_("Next dealer"), "dealer"),
    ("oklahoma", N_("Oklahoma (upcard sets knock limit)"), "bool"),
    ("spade_doubles", N_("Spade upcard doubles (Oklahoma)"), "bool"),
    ("game_bonus", N_("Game bonus"), "int"),
    ("box_bonus", N_("Box bonus per round won"), "int"),
    ("shutout_multiplier", N_("Shutout multiplier"), "int"),
    ("games", N_("Games in a match (odd)"), "int"),
)

#: Who deals the next round, as shown.
DEALER_LABELS: dict[NextDealer, str] = {
    # TRANSLATORS: who deals the next round: the round's winner, its loser, or in turns.
    NextDealer.WINNER: N_("winner"),
    NextDealer.LOSER: N_("loser"),
    NextDealer.ALTERNATE: N_("alternate"),
}


def rules_summary(rules: Rules) -> Text:
    """A line or two naming the knobs that matter."""
    if rules.oklahoma:
        # TRANSLATORS: the rules summary on the start screen: short parts joined by " · ".
        knock = _("knock limit upcard value")
    elif rules.knock_limit == 0:
        knock = _("knock limit gin only")
    else:
        knock = _("knock limit {limit}").format(limit=rules.knock_limit)
    big = (
        _("big gin off")
        if rules.big_gin_bonus is None
        else _("big gin {bonus}").format(bonus=rules.big_gin_bonus)
    )
    parts = [
        _("{rules} rules: to {target}").format(rules=preset_label(rules.name), target=rules.target),
        knock,
        _("gin {bonus}").format(bonus=rules.gin_bonus),
        _("undercut {bonus}").format(bonus=rules.undercut_bonus),
        big,
        _("dealer: {who}").format(who=_(DEALER_LABELS[rules.next_dealer])),
    ]
    if rules.discard_taken_card:
        parts.append(_("taken card may be discarded"))
    if rules.spade_doubles:
        parts.append(_("spades double"))
    if rules.game_bonus or rules.box_bonus or rules.shutout_multiplier > 1:
        parts.append(
            _("bonuses: game {game}, box {box}, shutout x{times}").format(
                game=rules.game_bonus, box=rules.box_bonus, times=rules.shutout_multiplier
            )
        )
    if rules.is_match:
        parts.append(_("best of {games} games").format(games=rules.games))
    return Text(" · ".join(parts), style="dim")


class RulesScreen(GinModalScreen[Rules | None]):
    """A form with every rules knob; dismisses with the new rules, or None if cancelled."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+s", "save", N_("Use these rules")),
    ]

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        r = self.rules
        with Vertical(classes="dialog", id="rules-dialog"):
            yield Label(_("Rules: every knob"), classes="dialog-title")
            with VerticalScroll(id="knobs"), Grid(id="knob-grid"):
                for knob, label, kind in KNOBS:
                    yield Label(_(label))
                    value: Any = getattr(r, knob)
                    if kind == "int":
                        yield Input(str(value), type="integer", compact=True, id=f"k-{knob}")
                    elif kind == "bool":
                        yield Select(
                            [(_("yes"), True), (_("no"), False)],
                            value=bool(value),
                            allow_blank=False,
                            compact=True,
                            id=f"k-{knob}",
                        )
                    elif kind == "big_gin":
                        yield Input(
                            "" if value is None else str(value),
                            # TRANSLATORS: an empty field: no big gin bonus.
                            placeholder=_("off"),
                            type="integer",
                            compact=True,
                            id=f"k-{knob}",
                        )
                    else:
                        yield Select(
                            [(_(DEALER_LABELS[d]), d) for d in NextDealer],
                            value=value,
                            allow_blank=False,
                            compact=True,
                            id=f"k-{knob}",
                        )
            yield Static("", id="rules-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(
                    # TRANSLATORS: buttons of the rules editor, side by side in 66 columns.
                    _("Use these rules (ctrl+s)"),
                    id="save",
                    variant="primary",
                    compact=True,
                )
                yield Button(_("Cancel (Esc)"), id="cancel", compact=True)
        # Its own footer: the start screen's, below, would name keys that do nothing here.
        yield LocalFooter()

    async def refresh_language(self) -> None:
        await recompose_in_language(self)

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
                    raise RulesError(
                        _("{field}: a whole number, please").format(field=_(label))
                    ) from None
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
            message = describe(exc)
            for knob, label, _kind in KNOBS:
                message = message.replace(knob, _(label).split(" (")[0].lower())
            self.query_one("#rules-error", Static).update(
                Text(message[:1].upper() + message[1:] + ".", style="bold red")
            )
            return
        self.dismiss(rules)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
