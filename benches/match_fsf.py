#!/usr/bin/env python3
"""A chess match of qipan against Fairy-Stockfish over UCI, refereed by python-chess: colours alternate, each
engine gets a fixed time a move, and python-chess decides the end (mate, stalemate, the 75-move and fivefold
repetition rules, insufficient material; claims of threefold repetition and the 50-move rule are taken). Prints
every game and qipan's score with a 95% (Wilson) interval.

Usage: python3 benches/match_fsf.py [--qipan BIN] [--ai SPEC] [--games N] [--ms 100] [--skill 0] [--fsf BIN]
(defaults: target/release/qipan, auto, 40 games, 100 ms a move for both, Skill Level 0)
"""

import argparse
import os
import shutil
import sys

import chess
import chess.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match_common import outcome_word, score_line  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--qipan", default="target/release/qipan")
    ap.add_argument("--ai", default="auto")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--ms", type=int, default=100)
    ap.add_argument("--skill", type=int, default=0)
    ap.add_argument("--fsf", default=shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish")
    ap.add_argument("--max-plies", type=int, default=400)
    a = ap.parse_args()
    limit = chess.engine.Limit(time=a.ms / 1000)
    score = 0.0
    for g in range(a.games):
        qipan = chess.engine.SimpleEngine.popen_uci([a.qipan, "uci", "--ai", a.ai, "--seed", str(g + 1)])
        fsf = chess.engine.SimpleEngine.popen_uci(a.fsf)
        fsf.configure({"Skill Level": a.skill})
        qipan_white = g % 2 == 0
        board = chess.Board()
        try:
            while not board.is_game_over(claim_draw=True) and board.ply() < a.max_plies:
                engine = qipan if (board.turn == chess.WHITE) == qipan_white else fsf
                move = engine.play(board, limit).move
                if move is None:
                    break
                board.push(move)
        finally:
            qipan.quit()
            fsf.quit()
        outcome = board.outcome(claim_draw=True)
        if outcome is None or outcome.winner is None:
            won, how = 0.5, outcome.termination.name.lower() if outcome else "ply limit"
        else:
            won = 1.0 if outcome.winner == qipan_white else 0.0
            how = outcome.termination.name.lower()
        score += won
        colour = "white" if qipan_white else "black"
        print(f"game {g + 1}: qipan {colour}, {board.ply()} plies, {how}: {outcome_word(won)}", flush=True)
    print(score_line(f"qipan ({a.ai}) against Fairy-Stockfish Skill Level {a.skill}, {a.ms} ms a move", score, a.games))


if __name__ == "__main__":
    main()
