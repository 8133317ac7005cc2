"""A PettingZoo AEC environment for any qipan game.

Agents are the game's seats, by name. An action is a move's number (`Game.action_size` of them, the same
in every position: `Game.action_fields` gives its layout); the observation is a dict of ``observation``,
the position as ``float32`` planes of shape ``(game.planes, len(game.nodes))`` (the pieces of each seat
and type on each node, those in hand where the game has reserves, and which seat is to move), and
``action_mask``, 1 for the legal actions. ``env.adjacency`` is the board's graph as a ``(2, edges)`` array
for graph networks. Rewards come at the end: +1 to each winner, -1 to each other seat, 0 for a draw.

>>> from qipan.pettingzoo import env
>>> e = env("tic-tac-toe")
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum())
((4, 9), 9)
>>> e.step(int(obs["action_mask"].nonzero()[0][0]))
>>> e.agent_selection
'o'
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import qipan


def env(game: Union[str, "qipan.Game"], render_mode: Optional[str] = None, max_plies: Optional[int] = None, **options: Any) -> "QipanEnv":
    """The environment of a game: a built-in name, a definition file, or a loaded `qipan.Game`, with the
    game's options as keywords."""
    return QipanEnv(game, render_mode=render_mode, max_plies=max_plies, **options)


def observe_position(pos: "qipan.Position") -> np.ndarray:
    """The planes of a position as a ``(planes, nodes)`` float32 array."""
    game = pos.game
    return np.frombuffer(pos.observation(), dtype=np.float32).reshape(game.planes, len(game.nodes)).copy()


def action_mask(pos: "qipan.Position", size: int) -> np.ndarray:
    """1 for each legal action of a position, as an int8 array of `size`."""
    mask = np.zeros(size, dtype=np.int8)
    mask[pos.legal_actions()] = 1
    return mask


class QipanEnv(AECEnv):
    """Turn by turn, one seat at a time (see the module)."""

    metadata = {"render_modes": ["ansi"], "name": "qipan_v0", "is_parallelizable": False}

    def __init__(self, game: Union[str, "qipan.Game"], render_mode: Optional[str] = None, max_plies: Optional[int] = None, **options: Any):
        super().__init__()
        self.game = qipan.load(game, **options) if isinstance(game, str) else game
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.possible_agents = list(self.game.seats)
        size = self.game.action_size
        shape = (self.game.planes, len(self.game.nodes))
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=0.0, high=np.inf, shape=shape, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(size)
        edges = self.game.adjacency()
        self.adjacency = np.array(edges, dtype=np.int64).T.reshape(2, len(edges))
        self.pos = self.game.start()

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        mine = not self.pos.is_over and self.possible_agents[self.pos.to_move] == agent
        mask = action_mask(self.pos, self._action_space.n) if mine else np.zeros(self._action_space.n, dtype=np.int8)
        return {"observation": observe_position(self.pos), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self.pos = self.game.start()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.pos.to_move]

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.pos.play_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.pos.is_over:
            winners = set(self.pos.outcome.winners)
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = 0.0 if not winners else (1.0 if i in winners else -1.0)
                self.terminations[a] = True
        elif self.max_plies is not None and self.pos.ply >= self.max_plies:
            self.truncations = {a: True for a in self.agents}
        self._accumulate_rewards()
        if not (self.pos.is_over or any(self.truncations.values())):
            self.agent_selection = self.possible_agents[self.pos.to_move]
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return self.pos.text()

    def close(self) -> None:
        pass
