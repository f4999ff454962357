"""Helpers the tests share (importable as ``support``: pytest puts ``tests/`` on the path)."""
