#!/usr/bin/env python3
"""GTP throughput against GNU Go, in one run: the same stream of `play` commands (real 19x19 games, each after
`clear_board`) piped into `qipan gtp go` and into `gnugo --mode gtp`, in turn, several times; prints each
engine's median `play` commands per second and the ratio. The stream is the one `cargo bench --bench gtp` plays
in process.

Usage: python3 benches/gtp_peers.py [QIPAN_BINARY] [GAMES] [ROUNDS]
(defaults: target/release/qipan, 300 games, 3 rounds; GNU Go from PATH or /usr/games/gnugo)
"""

import os
import re
import shutil
import statistics
import subprocess
import sys
import time

COLUMNS = "ABCDEFGHJKLMNOPQRST"
RECORDS = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data", "go", "sgf", "ogs-finished-games", "19x19")


def stream(games):
    """The GTP text and its number of `play` commands: games without setup stones, in file order."""
    lines, plays = ["boardsize 19"], 0
    files = sorted(f for f in os.listdir(RECORDS) if f.endswith(".sgf"))
    taken = 0
    for name in files:
        if taken == games:
            break
        text = open(os.path.join(RECORDS, name), encoding="utf-8", errors="replace").read()
        if "SZ[19]" not in text or re.search(r"A[BW]\[", text):
            continue
        lines.append("clear_board")
        for colour, point in re.findall(r";\s*([BW])\[([a-s]{2})?\]", text):
            vertex = "pass" if not point else f"{COLUMNS[ord(point[0]) - 97]}{19 - (ord(point[1]) - 97)}"
            lines.append(f"play {colour.lower()} {vertex}")
            plays += 1
        taken += 1
    lines.append("quit")
    return "\n".join(lines) + "\n", plays


def timed(argv, text):
    """Wall seconds to answer the whole stream, and how many commands were refused."""
    start = time.perf_counter()
    out = subprocess.run(argv, input=text, capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - start, sum(1 for line in out.splitlines() if line.startswith("?"))


def main():
    qipan = sys.argv[1] if len(sys.argv) > 1 else "target/release/qipan"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    gnugo = shutil.which("gnugo") or "/usr/games/gnugo"
    text, plays = stream(games)
    engines = {"qipan": [qipan, "gtp", "go"], "GNU Go": [gnugo, "--mode", "gtp", "--chinese-rules"]}
    times = {name: [] for name in engines}
    refused = {}
    for _ in range(rounds):
        for name, argv in engines.items():
            seconds, refused[name] = timed(argv, text)
            times[name].append(seconds)
    print(f"{plays} play commands of {games} games, {rounds} rounds, median:")
    rates = {}
    for name in engines:
        rates[name] = plays / statistics.median(times[name])
        print(f"  {name:7} {rates[name]:12,.0f} play/s   ({refused[name]} refused)")
    print(f"  qipan / GNU Go: {rates['qipan'] / rates['GNU Go']:.1f}x")


if __name__ == "__main__":
    main()
