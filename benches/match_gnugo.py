#!/usr/bin/env python3
"""A match of qipan against GNU Go over GTP, each engine in its own process, colours alternating; the
referee plays each move on the other engine, ends a game on two passes or a resignation, and has GNU Go
count it (Chinese rules). Prints every game and qipan's score with a 95% (Wilson) interval.

Usage: python3 benches/match_gnugo.py [--qipan BIN] [--ai SPEC] [--games N] [--size 9] [--level 1]
       [--komi 7.5] [--seconds S] [--first N]
(defaults: target/release/qipan, auto:ms=5000, 40 games, 9x9, level 1, komi 7.5; --seconds sets the
qipan spec's ms when --ai is not given; --first numbers the games from N, so that two halves of a match
run at once play different games)
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "tools"))
from gtp_match import Engine, gnugo_path  # noqa: E402  (the GTP client the rules tests use)
from match_common import outcome_word, score_line  # noqa: E402


def send(engine, command):
    """A command's answer; a refusal is an error."""
    ok, text = engine.send(command)
    if not ok:
        raise RuntimeError(f"`{command}` refused: {text}")
    return text


def play(qipan, gnugo, qipan_colour, size, komi, max_moves):
    """One game; returns (winner colour, result text, moves)."""
    for engine in (qipan, gnugo):
        for command in (f"boardsize {size}", "clear_board", f"komi {komi}"):
            send(engine, command)
    passes, moves, colour = 0, 0, "black"
    played = []
    while passes < 2 and moves < max_moves:
        mover, other = (qipan, gnugo) if colour == qipan_colour else (gnugo, qipan)
        vertex = send(mover, f"genmove {colour}")
        if vertex.lower() == "resign":
            winner = "white" if colour == "black" else "black"
            return winner, f"{winner[0].upper()}+R", moves
        send(other, f"play {colour} {vertex}")
        played.append(vertex)
        passes = passes + 1 if vertex.lower() == "pass" else 0
        moves += 1
        colour = "white" if colour == "black" else "black"
    score = send(gnugo, "final_score")
    winner = "black" if score.upper().startswith("B") else "white" if score.upper().startswith("W") else None
    if VERBOSE:
        print(" ".join(played))
    return winner, score, moves


VERBOSE = False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--qipan", default="target/release/qipan")
    ap.add_argument("--ai", default=None)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--first", type=int, default=1, help="number of the first game (its seed; odd: qipan black)")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--max-moves", type=int, default=400)
    ap.add_argument("--verbose", action="store_true", help="print each game's moves")
    a = ap.parse_args()
    global VERBOSE
    VERBOSE = a.verbose
    spec = a.ai or f"auto:ms={int(a.seconds * 1000)}"
    gnugo_bin = gnugo_path()
    wins = 0.0
    for g in range(a.first - 1, a.first - 1 + a.games):
        qipan_colour = "black" if g % 2 == 0 else "white"
        qipan = Engine([a.qipan, "gtp", "go", "--set", f"size={a.size}", "--ai", spec, "--seed", str(g + 1)])
        gnugo = Engine([gnugo_bin, "--mode", "gtp", "--level", str(a.level), "--chinese-rules"])
        try:
            winner, result, moves = play(qipan, gnugo, qipan_colour, a.size, a.komi, a.max_moves)
        finally:
            qipan.close()
            gnugo.close()
        won = 1.0 if winner == qipan_colour else 0.5 if winner is None else 0.0
        wins += won
        print(f"game {g + 1}: qipan {qipan_colour}, {moves} moves, {result}: {outcome_word(won)}", flush=True)
    what = f"qipan ({spec}) against GNU Go level {a.level}, {a.size}x{a.size}, komi {a.komi}"
    print(score_line(what, wins, a.games))


if __name__ == "__main__":
    main()
