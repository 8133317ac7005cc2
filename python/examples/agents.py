"""A random player and an MCTS player through both environments, on Connect Four: nothing is trained,
this shows the loop a learning program runs.

    python examples/agents.py [GAME] [EPISODES]
"""

import sys

import numpy as np

import qipan
from qipan.gymnasium import QipanSingleEnv
from qipan.pettingzoo import env


def pettingzoo_match(game: str, episodes: int) -> dict:
    """MCTS (first seat) against random (second), turn by turn through the AEC API: the MCTS player
    reads the position from the environment and answers with an action number."""
    rng = np.random.default_rng(1)
    e = env(game)
    mcts = qipan.agent("mcts:iterations=300", seed=1)
    totals = {a: 0.0 for a in e.possible_agents}
    for episode in range(episodes):
        e.reset(seed=episode)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            totals[agent] += reward
            if terminated or truncated:
                action = None
            elif agent == e.possible_agents[0]:
                action = e.pos.action_of(mcts.choose(e.pos))
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            e.step(action)
    return totals


def gymnasium_episodes(game: str, episodes: int) -> float:
    """A random learner (it picks among the masked actions) against MCTS, through the Gymnasium API."""
    rng = np.random.default_rng(2)
    e = QipanSingleEnv(game, opponent="mcts:iterations=100")
    total = 0.0
    for episode in range(episodes):
        obs, info = e.reset(seed=episode)
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = e.step(action)
            total += reward
            done = terminated or truncated
    return total


if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "connect-four"
    episodes = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    print("PettingZoo, MCTS vs random, total rewards:", pettingzoo_match(game, episodes))
    print("Gymnasium, random learner vs MCTS, total reward:", gymnasium_episodes(game, episodes))
