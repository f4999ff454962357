"""Shared set-up for the core tests: a deterministic hypothesis profile (not loaded globally)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

# Registered here and used as a parent by the tests of this folder only, so that other
# test folders keep their own hypothesis settings.
settings.register_profile(
    "ginrummy-core",
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
