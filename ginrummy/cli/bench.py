"""``ginrummy bench``: solver and play speed on fixed corpora (the work: `tools.bench`)."""

from __future__ import annotations

import argparse

from .output import out, out_json

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    from ..tools import bench

    result = bench.run_bench(quick=args.quick, peers=args.peers)
    if args.json:
        out_json(result)
    else:
        out(bench.format_bench(result))
    return 0
