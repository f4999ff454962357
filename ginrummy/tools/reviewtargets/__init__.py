"""The review's targets measured on recorded, reviewed arena games (issue 63): the
``ranking``, ``noisy``, ``explain`` and ``blunders`` subcommands of
``python -m ginrummy.tools.reviewbench``. `series` plays, records and reviews the games
(incrementally, reusable across runs); `targets` turns them into figures."""
