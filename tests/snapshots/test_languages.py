"""The table and the round result at 80x24 in each language the game speaks.

Regenerate after a deliberate change (of a screen or of a translation) with
``make snapshots`` and look at the SVGs.
"""

from __future__ import annotations

from typing import Any

import pytest
from support.pilot import pressing, to_result

from ginrummy.app import GinRummyApp
from ginrummy.text import i18n

SMALL = (80, 24)

TRANSLATED = sorted(code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE)


def computer(lang: str, seed: int) -> GinRummyApp:
    return GinRummyApp(mode="computer", computer_delay=0.0, seed=seed, language=lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_table(lang: str, snap_compare: Any) -> None:
    assert snap_compare(computer(lang, 7), terminal_size=SMALL, run_before=pressing("p", "s"))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_round_result(lang: str, snap_compare: Any) -> None:
    assert snap_compare(computer(lang, 5), terminal_size=SMALL, run_before=to_result)
