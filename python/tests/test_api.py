"""The Python package against the engine: loading, playing, errors, pictures, computer players, and
simulations equal to the command line's."""

import copy
import json
import os
import random
import subprocess

import pytest

import qipan


def test_every_builtin_game_loads_and_plays_to_the_end():
    assert {"go", "chess", "xiangqi", "he-qi", "othello", "kalah"} <= set(qipan.games())
    rng = random.Random(7)
    for name in ["tic-tac-toe", "connect-four", "othello", "breakthrough", "kalah", "hex"]:
        pos = qipan.load(name).start()
        while not pos.is_over:
            moves = pos.legal_moves()
            assert moves, f"{name}: no legal move in a game that is not over"
            pos.play(rng.choice(moves))
        assert pos.outcome is not None and pos.legal_moves() == []


def test_options_are_typed_as_python_values():
    assert len(qipan.load("go", size=9).nodes) == 81
    assert len(qipan.load("go", size="13").nodes) == 169
    with pytest.raises(qipan.DefinitionError, match="size"):
        qipan.load("go", size=-4)


def test_moves_are_given_as_objects_or_as_text():
    game = qipan.load("chess")
    pos = game.start()
    pos.play("e4")  # SAN
    pos.play("e7-e5")  # qipan's long form
    knight = pos.parse_move("Nf3")
    assert (knight.from_node, knight.to_node, knight.text, str(knight)) == ("g1", "f3", "g1-f3", "g1-f3")
    assert knight in pos.legal_moves() and hash(knight) == hash(pos.parse_move("g1-f3"))
    pos.play(knight)
    assert pos.to_move == 1 and game.seats[pos.to_move] == "black" and pos.ply == 3
    assert pos.piece_at("f3") == (0, "knight") and pos.piece_at("g1") is None
    assert pos.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    assert game.from_fen(pos.fen()).fen() == pos.fen()


def test_errors_carry_the_engines_message():
    pos = qipan.load("go", size=9).start()
    pos.play("E5")
    with pytest.raises(qipan.IllegalMoveError, match="occupied"):
        pos.play("E5")
    assert pos.ply == 1, "a refused move leaves the position as it was"
    with pytest.raises(qipan.NotationError):
        pos.play("Z99")
    with pytest.raises(qipan.QipanError):
        pos.play("not a move")
    with pytest.raises(qipan.DefinitionError) as broken:
        qipan.loads("name: broken\nboard: { grid: { width: 3, height: 3 } }\nseats: [{ name: a }]\npieces:\n  stone: { moves: plac }\n", file="broken.yaml")
    assert str(broken.value).startswith("broken.yaml:5:")
    with pytest.raises(qipan.DefinitionError, match="neither a built-in game"):
        qipan.load("no-such-game")
    with pytest.raises(ValueError):
        qipan.agent("mcts:iterations=lots")


def test_a_copy_is_independent():
    pos = qipan.load("tic-tac-toe").start()
    twin = pos.copy()
    pos.play(pos.legal_moves()[0])
    assert (pos.ply, twin.ply) == (1, 0)
    deep = copy.deepcopy(pos)
    deep.play(deep.legal_moves()[0])
    assert (pos.ply, deep.ply) == (1, 2)


def test_the_outcome_of_a_finished_game():
    pos = qipan.load("tic-tac-toe").start()
    for text in ["a1", "b1", "a2", "b2", "a3"]:
        assert pos.outcome is None
        pos.play(text)
    out = pos.outcome
    assert (out.winners, out.scores, out.reason, out.text) == ([0], None, "a line was made", "X+")


def test_pictures():
    pos = qipan.load("go", size=9).start()
    pos.play("E5")
    assert "X" in pos.text() and "white to move" in pos.text() and str(pos) == pos.text()
    svg = pos.svg()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert pos.fen() is None or isinstance(pos.fen(), str)


def test_computer_players_are_seeded():
    game = qipan.load("connect-four")

    def game_of(seed):
        players = [qipan.agent("mcts:iterations=50", seed=seed), qipan.agent("greedy", seed=seed)]
        pos, moves = game.start(), []
        while not pos.is_over:
            mv = players[pos.to_move].choose(pos)
            moves.append(mv.text)
            pos.play(mv)
        assert players[0].choose(pos) is None
        return moves, pos.outcome.text

    assert game_of(3) == game_of(3)


def test_computer_players_judge_positions():
    pos = qipan.load("tic-tac-toe").start()
    shares, best = qipan.agent("mcts:iterations=100000").evaluate(pos)
    assert shares == {"x": 0.5, "o": 0.5}  # the solver proves the game a draw
    assert list(shares) == ["x", "o"] and best in pos.legal_moves()
    # After x a1, o b1, x b2, X threatens c3: alpha-beta sees that O must take it.
    for text in ["a1", "b1", "b2"]:
        pos.play(text)
    shares, best = qipan.agent("alphabeta:depth=4").evaluate(pos)
    assert best.text == "c3" and abs(shares["o"] + shares["x"] - 1.0) < 1e-9
    assert qipan.agent("random").evaluate(pos) is None
    while not pos.is_over:
        pos.play(pos.legal_moves()[0])
    assert qipan.agent("mcts:iterations=10").evaluate(pos) is None


def cli(*args):
    binary = os.environ.get("QIPAN_BIN") or os.path.join(os.path.dirname(__file__), "..", "..", "target", "debug", "qipan")
    if not os.path.exists(binary):
        if os.environ.get("QIPAN_REQUIRE_CLI"):
            raise AssertionError(f"no qipan binary at {binary}")
        pytest.skip("the qipan binary is not built (cargo build)")
    return subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout


def test_simulate_gives_the_numbers_of_the_command_line():
    ours = qipan.simulate(qipan.load("go", size=5, move_cap=60), 40, seed=11, agents={"black": "greedy"}, threads=2)
    theirs = json.loads(cli("simulate", "go", "--set", "size=5", "--set", "move_cap=60", "--games", "40", "--seed", "11", "--ai", "black=greedy,white=random", "--json"))
    del theirs["timing"]
    assert ours == theirs


def test_a_study_split_in_parts_has_the_records_of_the_whole():
    game = qipan.load("othello")
    whole = qipan.simulate(game, 12, seed=5, threads=1)["records"]
    parts = [r for first in (0, 5, 9) for r in qipan.simulate(game, 12, seed=5, first=first, count={0: 5, 5: 4, 9: 3}[first])["records"]]
    assert parts == whole
    with pytest.raises(ValueError, match="not among"):
        qipan.simulate(game, 12, first=10, count=5)


def test_the_command_lines_parquet_records_answer_a_query():
    duckdb = pytest.importorskip("duckdb")
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "study.parquet")
        study = json.loads(cli("simulate", "tic-tac-toe", "--games", "300", "--seed", "1", "--json", "--records", path))
        rows = duckdb.sql(f"SELECT winners, count(*) AS games, sum(plies) FROM '{path}' GROUP BY winners").fetchall()
        names = qipan.load("tic-tac-toe").seats
        expected = {}
        for r in study["records"]:
            key = ",".join(names[w] for w in r["winners"])
            games, plies = expected.get(key, (0, 0))
            expected[key] = (games + 1, plies + r["plies"])
        assert {w: (g, p) for w, g, p in rows} == expected
        moves = duckdb.sql(f"SELECT moves FROM '{path}' ORDER BY game LIMIT 1").fetchall()[0][0].split()
        pos = qipan.load("tic-tac-toe").start()
        for text in moves:
            pos.play(text)
        assert pos.outcome.text == study["records"][0]["result"]


def test_records_and_sgf_in_and_out():
    game = qipan.load("go", size=9, komi=7.5)
    pos = game.start()
    for text in ["E5", "C7", "D3", "pass"]:
        pos.play(text)
    again = qipan.read_record(pos.record())
    assert [m.text for m in again.moves] == ["E5", "C7", "D3", "pass"] and again.text() == pos.text()
    from_sgf = qipan.read_sgf(pos.sgf())
    assert from_sgf.text() == pos.text() and from_sgf.ply == pos.ply
    with pytest.raises(qipan.QipanError):
        from_sgf.sgf()  # its stones are the record's set-up
    # A FEN start is kept in the record.
    chess = qipan.load("chess")
    endgame = chess.from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    endgame.play("O-O")
    assert qipan.read_record(endgame.record()).fen() == endgame.fen() == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    with pytest.raises(qipan.IllegalMoveError, match="move 2"):
        qipan.read_record(pos.record().replace('"C7"', '"E5"'))


def test_a_real_record_replays_as_the_command_line_replays_it():
    path = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "data", "go", "sgf", "gnugo-selfplay-chinese", "gnugo-selfplay-13x13-seed200.sgf")
    with open(path, encoding="utf-8") as f:
        pos = qipan.read_sgf(f.read())
    theirs = json.loads(cli("replay", "go", path, "--json"))
    assert pos.ply == theirs["moves"] == 141
    ours = {node: ("black", "white")[pos.piece_at(node)[0]] for node in pos.game.nodes if pos.piece_at(node)}
    assert ours == theirs["position"]


def test_the_examples_in_the_extensions_docstrings():
    import doctest

    # The classes made in Rust name `qipan` as their module: their examples are found from there.
    results = doctest.testmod(qipan, optionflags=doctest.ELLIPSIS)
    assert results.attempted >= 15 and results.failed == 0, results
