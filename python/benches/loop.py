"""Plies a second of a Python loop over the engine, and simulate from Python against the command line.

    python benches/loop.py [QIPAN_BINARY]

Random games of 9×9 Go: `legal_moves()` then `play(move)` each ply, and the same with action numbers
(`legal_actions()`, `play_action(a)`); then 2,000 random games of 9×9 Go through `qipan.simulate` and
through `qipan simulate` (when a binary is given), one thread each.
"""

import random
import subprocess
import sys
import time

import qipan


def loop(game, games, actions):
    rng = random.Random(1)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        pos = game.start()
        while not pos.is_over:
            if actions:
                pos.play_action(rng.choice(pos.legal_actions()))
            else:
                pos.play(rng.choice(pos.legal_moves()))
            plies += 1
    return plies / (time.perf_counter() - start), plies


if __name__ == "__main__":
    go = qipan.load("go", size=9)
    for actions in (False, True):
        rate, plies = loop(go, 300, actions)
        print(f"{'legal_actions + play_action' if actions else 'legal_moves + play'}: {rate:,.0f} plies/s ({plies} plies)")
    t = time.perf_counter()
    qipan.simulate(go, 2000, seed=1, threads=1)
    print(f"qipan.simulate: 2,000 games in {time.perf_counter() - t:.2f} s")
    if len(sys.argv) > 1:
        t = time.perf_counter()
        subprocess.run([sys.argv[1], "simulate", "go", "--set", "size=9", "--games", "2000", "--threads", "1", "--ai", "all=random", "--json"], check=True, capture_output=True)
        print(f"qipan simulate: 2,000 games in {time.perf_counter() - t:.2f} s")
