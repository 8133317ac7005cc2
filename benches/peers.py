#!/usr/bin/env python3
"""qipan against the peers a package registry installs, in one run, each measured in turn (interleaved
rounds, the median of each kept), with the ratio qipan / peer:

- perft from the start position against Fairy-Stockfish (`apt-get install fairy-stockfish`), for every game
  both engines know: nodes a second of the count alone (Fairy-Stockfish's time from `go perft` to its answer;
  qipan's as `qipan perft` reports it), and whether the counts agree;
- GTP replay against GNU Go (`apt-get install gnugo`): `benches/gtp_peers.py`, whose `play` commands a second
  it prints.

Usage: python3 benches/peers.py [QIPAN_BINARY] [ROUNDS]
(defaults: target/release/qipan, 3 rounds; the peers from PATH or /usr/games)
"""

import os
import re
import shutil
import statistics
import subprocess
import sys
import time

# qipan's game, Fairy-Stockfish's variant, the depth counted.
PERFT = [
    ("chess", "chess", 5),
    ("xiangqi", "xiangqi", 4),
    ("shogi", "shogi", 4),
    ("makruk", "makruk", 5),
    ("crazyhouse", "crazyhouse", 4),
]


def peer(name):
    """The path of a peer engine, or None."""
    return shutil.which(name) or next((p for p in [f"/usr/games/{name}"] if os.access(p, os.X_OK)), None)


def qipan_perft(qipan, game, depth):
    """Nodes and nodes a second of `qipan perft`."""
    out = subprocess.run([qipan, "perft", game, "--depth", str(depth)], capture_output=True, text=True, check=True)
    m = re.search(r"perft\(\d+\) = (\d+)\s+\((\d+) nodes/s\)", out.stdout)
    if not m:
        raise RuntimeError(f"qipan perft {game}: unexpected output {out.stdout!r}")
    return int(m.group(1)), int(m.group(2))


def fsf_perft(fsf, variant, depth):
    """Nodes and nodes a second of Fairy-Stockfish's `go perft`, timed from the command to the answer."""
    p = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def until(prefix):
        for line in p.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"Fairy-Stockfish ended before `{prefix}`")

    send("uci")
    until("uciok")
    send(f"setoption name UCI_Variant value {variant}")
    send("isready")
    until("readyok")
    send("position startpos")
    start = time.perf_counter()
    send(f"go perft {depth}")
    nodes = int(until("Nodes searched").split(":")[1])
    seconds = time.perf_counter() - start
    send("quit")
    p.wait(timeout=10)
    return nodes, nodes / seconds


def main():
    qipan = sys.argv[1] if len(sys.argv) > 1 else "target/release/qipan"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    fsf = peer("fairy-stockfish")
    if fsf is None:
        print("Fairy-Stockfish not found (apt-get install fairy-stockfish): perft skipped")
    else:
        print(f"perft from the start, nodes a second (median of {rounds}), qipan / Fairy-Stockfish:")
        for game, variant, depth in PERFT:
            ours, theirs = [], []
            for _ in range(rounds):
                q_nodes, q_nps = qipan_perft(qipan, game, depth)
                f_nodes, f_nps = fsf_perft(fsf, variant, depth)
                ours.append(q_nps)
                theirs.append(f_nps)
            same = "same count" if q_nodes == f_nodes else f"COUNTS DIFFER: qipan {q_nodes}, Fairy-Stockfish {f_nodes}"
            q, f = statistics.median(ours), statistics.median(theirs)
            print(f"  {game} depth {depth}: {q / 1e6:.2f} M against {f / 1e6:.2f} M = {q / f:.2f}x ({same})")
    if peer("gnugo") is None:
        print("GNU Go not found (apt-get install gnugo): GTP replay skipped")
    else:
        here = os.path.dirname(os.path.abspath(__file__))
        subprocess.run([sys.executable, os.path.join(here, "gtp_peers.py"), qipan, "300", str(rounds)], check=True)


if __name__ == "__main__":
    main()
