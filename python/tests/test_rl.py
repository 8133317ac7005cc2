"""The reinforcement-learning environments: PettingZoo's and Gymnasium's own checkers, the action
numbering against the moves, and the planes against the board."""

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import qipan  # noqa: E402
from qipan.gymnasium import QipanSingleEnv  # noqa: E402
from qipan.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize("name", ["tic-tac-toe", "connect-four", "othello", "breakthrough", "kalah", "nine-mens-morris"])
def test_pettingzoo_api(name):
    api_test(env(name), num_cycles=200)


@pytest.mark.parametrize("name,options", [("tic-tac-toe", {}), ("connect-four", {}), ("go", {"size": 5})])
def test_gymnasium_checker(name, options):
    check_env(QipanSingleEnv(name, opponent="random", **options), skip_render_check=True)


def test_actions_are_the_legal_moves():
    game = qipan.load("chess")
    pos = game.start()
    rng = np.random.default_rng(2)
    for _ in range(40):
        actions = pos.legal_actions()
        assert sorted(actions) == sorted({pos.action_of(m) for m in pos.legal_moves()})
        assert all(0 <= a < game.action_size for a in actions)
        a = int(rng.choice(actions))
        assert pos.action_of(pos.move_of(a)) == a
        pos.play_action(a)
    with pytest.raises(qipan.IllegalMoveError, match="action number"):
        pos.play_action(game.action_size - 1)


def test_observation_planes_show_the_board():
    e = env("chess")
    e.reset()
    obs = e.observe("white")["observation"]
    game = e.game
    e1 = game.nodes.index("e1")
    king = game.pieces.index("king")
    assert obs[0 * len(game.pieces) + king, e1] == 1.0  # white's king
    assert obs[:2 * len(game.pieces)].sum() == 32  # every piece once
    assert obs[-2].sum() == 64 and obs[-1].sum() == 0  # white to move
    assert e.adjacency.shape[0] == 2 and e.adjacency.max() < 64
    assert int(e.observe("black")["action_mask"].sum()) == 0, "only the seat to move has actions"


def test_a_seed_plays_the_same_episode():
    def episode(seed):
        e = QipanSingleEnv("connect-four", opponent="mcts:iterations=20")
        obs, info = e.reset(seed=seed)
        total, done, moves = 0.0, False, []
        while not done:
            a = int(np.flatnonzero(info["action_mask"])[0])
            obs, reward, done, truncated, info = e.step(a)
            total += reward
            moves.append(a)
        return moves, total

    assert episode(4) == episode(4)


def test_the_example_runs_both_apis():
    import os
    import subprocess
    import sys

    script = os.path.join(os.path.dirname(__file__), "..", "examples", "agents.py")
    out = subprocess.run([sys.executable, script, "tic-tac-toe", "4"], check=True, capture_output=True, text=True).stdout
    assert "PettingZoo" in out and "Gymnasium" in out
