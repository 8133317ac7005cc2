"""qipan's UCI engine against Fairy-Stockfish, refereed by python-chess: full games of chess under each kind
of limit UCI has (move time, clock with increment, nodes, depth), with python-chess checking every move and
every line of the protocol. Any warning python-chess logs about either engine fails the match.

Usage: match.py QIPAN_BINARY FAIRY_STOCKFISH_BINARY
"""

import logging
import sys

import chess
import chess.engine
import chess.pgn


class Complaints(logging.Handler):
    """Keeps every warning or error python-chess's engine module logs (an unexpected line, a bad move)."""

    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.records = []

    def emit(self, record):
        self.records.append(self.format(record))


def main():
    qipan_bin, fairy_bin = sys.argv[1], sys.argv[2]
    complaints = Complaints()
    logging.getLogger("chess.engine").addHandler(complaints)
    qipan = chess.engine.SimpleEngine.popen_uci([qipan_bin, "uci", "--seed", "3"])
    fairy = chess.engine.SimpleEngine.popen_uci(fairy_bin)
    assert qipan.id["name"].startswith("qipan"), qipan.id
    variants = qipan.options["UCI_Variant"].var
    assert "chess" in variants and "xiangqi" in variants, variants
    fairy.configure({"Skill Level": 0})
    limits = [
        ("movetime", chess.engine.Limit(time=0.05)),
        ("clock", chess.engine.Limit(white_clock=3, black_clock=3, white_inc=0.05, black_inc=0.05)),
        ("nodes", chess.engine.Limit(nodes=300)),
        ("depth", chess.engine.Limit(depth=3)),
    ]
    ended = 0
    for number, (kind, limit) in enumerate(limits):
        board = chess.Board()
        qipan_white = number % 2 == 0
        while not board.is_game_over(claim_draw=True) and board.ply() < 400:
            ours = (board.turn == chess.WHITE) == qipan_white
            engine = qipan if ours else fairy
            result = engine.play(board, limit if ours else chess.engine.Limit(depth=1), info=chess.engine.INFO_ALL)
            assert result.move is not None, f"game {number}: no move from {'qipan' if ours else 'Fairy-Stockfish'}"
            assert result.move in board.legal_moves, f"game {number}: illegal {result.move} in {board.fen()}"
            board.push(result.move)
        outcome = board.outcome(claim_draw=True)
        ended += outcome is not None
        game = chess.pgn.Game.from_board(board)
        game.headers["White"] = "qipan" if qipan_white else "Fairy-Stockfish"
        game.headers["Black"] = "Fairy-Stockfish" if qipan_white else "qipan"
        game.headers["Event"] = f"UCI match, qipan by {kind}"
        print(game, end="\n\n")
    qipan.quit()
    fairy.quit()
    assert not complaints.records, "python-chess complained:\n" + "\n".join(complaints.records)
    assert ended == len(limits), f"only {ended} of {len(limits)} games reached their end"
    print(f"{len(limits)} games played to their end, no protocol error")


if __name__ == "__main__":
    main()
