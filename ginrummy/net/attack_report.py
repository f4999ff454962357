"""The attack benchmark's figures for a person (`report`), and the slowest rejoins split into
their stages (`rejoin_stages`): the probe's times matched with the host's trace."""

from __future__ import annotations

from typing import Any

__all__ = ["REJOIN_STAGES", "rejoin_stages", "report"]

#: A rejoin's stages, from the probe's and the host's times: the name of each and the two
#: times it lies between.
REJOIN_STAGES = (
    ("connect", "begun", "accepted"),  # TCP, until the host's loop accepts it
    ("handshake", "accepted", "opened"),  # the websocket upgrade, in the host
    ("hello", "opened", "hello"),  # the probe sends its hello, the host reads it
    ("gate", "hello", "judged"),  # the host's gate judges it
    ("write", "judged", "answered"),  # the host seats it and writes the welcome
    ("read", "answered", "received"),  # the welcome reaches the probe
)


def rejoin_stages(
    rejoins: list[tuple[float, float, float]], probes: list[dict[str, float]], most: int = 3
) -> list[dict[str, float]]:
    """The ``most`` slowest rejoins, each split into `REJOIN_STAGES` (ms): the probe's
    times (begun, open, answer received) matched with the host's trace of the connection
    it accepted meanwhile (both read the system's monotonic clock)."""
    slowest = sorted(rejoins, key=lambda r: r[2] - r[0])[-most:]
    found: list[dict[str, float]] = []
    for begun, _opened, received in slowest:
        times = {"begun": begun, "received": received}
        for host in probes:
            if begun <= host["accepted"] <= received and "answered" in host:
                times.update(host)
                break
        split = {"total_ms": round((received - begun) * 1000, 1)}
        for name, start, end in REJOIN_STAGES:
            if start in times and end in times:
                split[name] = round((times[end] - times[start]) * 1000, 1)
        found.append(split)
    return found


def report(figures: dict[str, Any]) -> str:
    """The figures as lines for a person."""
    lines = [
        f"attacks {', '.join(figures['attacks'])} for {figures['seconds']:g} s"
        f" (the attackers at nice {figures.get('nice', 0)})"
    ]
    guess = figures.get("guess")
    if guess:
        lines.append(
            f"guessing from {guess['addresses']} addresses, {guess['guessers']} in parallel:"
            f" {guess['wrong_answers']} wrong answers, at most"
            f" {guess['most_a_minute_per_address']} a minute per address and"
            f" {guess['most_a_minute_overall']} in all"
        )
    idle = figures.get("idle")
    if idle:
        lines.append(
            f"{idle['connections']} connections never sitting down: {idle['closed']} closed,"
            f" open at most {idle['lifetime_max_s']} s (median {idle['lifetime_median_s']} s)"
            f" as the attacker saw them"
        )
    flood = figures.get("flood")
    if flood:
        lines.append(
            f"floods {flood['floods']}: closed within {flood['closed_within_max_s']} s;"
            f" the other player's games finished {flood['victims_games_finished']},"
            f" unfinished {flood['victims_games_unfinished']}"
        )
    host = figures["host"]
    lines.append(
        f"host: {host['accepted']} connections accepted, {host['cpu_s']} s of CPU;"
        f" memory {host['memory_above_idle_mib']} MiB above idle"
        f" ({host['idle_kib'] // 1024} MiB), at most {host['most_files']} files open"
        f" of {host['file_limit']} ({host['most_open']} connections, cap {host['max_open']}),"
        f" an unseated connection open at most {host['longest_unseated']} s,"
        f" {host['wrong']} wrong answers of {host['answered']}, {host['dropped']} dropped"
        f" ({', '.join(f'{k} {v}' for k, v in sorted(host['drops'].items()))});"
        f" its loop was late by at most {host['loop_lag_max_ms']} ms"
    )
    players = figures["players"]
    lines.append(
        f"meanwhile: {players['games']} games, {players['moves']} moves, round trip median"
        f" {players['round_trip_median_ms']} ms, p99 {players['round_trip_p99_ms']} ms;"
        f" {players['rejoins']} rejoins from another address, median"
        f" {players['rejoin_median_ms']} ms, at most {players['rejoin_max_ms']} ms"
    )
    for split in players.get("rejoin_slowest", []):
        parts = ", ".join(
            f"{name} {split[name]:g}" for name, _s, _e in REJOIN_STAGES if name in split
        )
        lines.append(f"a slow rejoin: {split['total_ms']:g} ms = {parts} (ms)")
    if players.get("games_failed"):
        reasons = sorted(set(players["games_failed"]))
        lines.append(f"games that could not start: {len(players['games_failed'])} ({reasons})")
    failed = players.get("rejoins_failed", [])
    if failed:
        lines.append(f"rejoins failed: {len(failed)} ({', '.join(sorted(set(failed)))})")
    turns = host.get("turns")
    if turns:
        lines.append(
            f"the host's loop: {turns['turns']} turns, busy {turns['busy_s']} s; garbage"
            f" collections by generation: {turns['gc']}"
        )
        for turn in turns["longest_turns"]:
            lines.append(
                f"  a turn of {turn['ms']:g} ms (CPU {turn['cpu_ms']:g} ms),"
                f" {turn['callbacks']} callbacks:"
                f" {turn['costliest_ms']}"
            )
        lines.append("  the costliest callbacks in all:")
        for cb in turns["costliest_callbacks"]:
            lines.append(
                f"    {cb['name']}: {cb['total_s']} s in {cb['count']}, longest {cb['max_ms']} ms"
            )
    return "\n".join(lines)
