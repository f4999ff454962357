"""The core and the bots load no UI library (complements the import-linter contracts)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import json, sys
import ginrummy.core, ginrummy.players
from ginrummy.core import save
print(json.dumps(sorted(sys.modules)))
"""


@pytest.fixture(scope="module")
def loaded_modules() -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=60
    )
    modules: list[str] = json.loads(out.stdout)
    return modules


def test_probe_sees_the_core(loaded_modules: list[str]) -> None:
    assert "ginrummy.core" in loaded_modules
    assert "ginrummy.players" in loaded_modules
    assert "ginrummy.core.save" in loaded_modules


@pytest.mark.parametrize("ui", ["textual", "rich", "ginrummy.app", "ginrummy.cli"])
def test_no_ui_module_is_loaded(loaded_modules: list[str], ui: str) -> None:
    offenders = [m for m in loaded_modules if m == ui or m.startswith(ui + ".")]
    assert offenders == [], f"importing the core loads {offenders}"
