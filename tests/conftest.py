"""Every test gets its own data directory: nothing is ever written to the user's real one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ginrummy.storage import ENV_DATA_DIR


@pytest.fixture(autouse=True)
def isolated_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Point GINRUMMY_DATA_DIR at a fresh folder for the test (the autosave, history...)."""
    path = tmp_path_factory.mktemp("data")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(ENV_DATA_DIR, str(path))
        yield path
