"""A Gymnasium environment for one seat of a qipan game against a qipan computer player.

The learner plays seat ``seat``; the others are played by ``opponent`` (an agent spec: ``random``,
``greedy``, ``mcts:iterations=200``). Observations are the position's planes, ``float32`` of shape
``(game.planes, len(game.nodes))``; actions are move numbers (`qipan.pettingzoo`); ``info["action_mask"]``
marks the legal ones. The reward is +1 for a win, -1 for a loss, 0 otherwise, at the end. An illegal action
ends the episode with -1 and ``info["illegal"]`` set, so that sampling the whole action space (as
Gymnasium's checker does) is safe.

>>> from qipan.gymnasium import QipanSingleEnv
>>> e = QipanSingleEnv("connect-four", opponent="random")
>>> obs, info = e.reset(seed=3)
>>> obs.shape, int(info["action_mask"].sum())
((4, 42), 7)
"""

from __future__ import annotations

from typing import Any, Optional, Union

import gymnasium as gym
import numpy as np

import qipan
from qipan.pettingzoo import action_mask, observe_position


class QipanSingleEnv(gym.Env):
    """One seat against computer players (see the module)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: Union[str, "qipan.Game"], seat: int = 0, opponent: str = "random", render_mode: Optional[str] = None, max_plies: Optional[int] = None, **options: Any):
        self.game = qipan.load(game, **options) if isinstance(game, str) else game
        if not 0 <= seat < len(self.game.seats):
            raise ValueError(f"no seat {seat} in {self.game.name}: the seats are {', '.join(self.game.seats)}")
        self.seat = seat
        self.opponent_spec = opponent
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.observation_space = gym.spaces.Box(low=0.0, high=np.inf, shape=(self.game.planes, len(self.game.nodes)), dtype=np.float32)
        self.action_space = gym.spaces.Discrete(self.game.action_size)
        self.opponent = qipan.agent(opponent, seed=0)
        self.pos = self.game.start()

    def _others_play(self) -> None:
        while not self.pos.is_over and self.pos.to_move != self.seat:
            self.pos.play(self.opponent.choose(self.pos))

    def _info(self, **extra: Any) -> dict:
        return {"action_mask": action_mask(self.pos, self.game.action_size), **extra}

    def _reward(self) -> float:
        if not self.pos.is_over or not self.pos.outcome.winners:
            return 0.0
        return 1.0 if self.seat in self.pos.outcome.winners else -1.0

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        # The opponent's choices follow the episode's seed.
        self.opponent = qipan.agent(self.opponent_spec, seed=int(self.np_random.integers(0, 2**63)))
        self.pos = self.game.start()
        self._others_play()
        return observe_position(self.pos), self._info()

    def step(self, action):
        try:
            self.pos.play_action(int(action))
        except qipan.IllegalMoveError:
            return observe_position(self.pos), -1.0, True, False, self._info(illegal=True)
        self._others_play()
        truncated = self.max_plies is not None and self.pos.ply >= self.max_plies and not self.pos.is_over
        return observe_position(self.pos), self._reward(), self.pos.is_over, truncated, self._info()

    def render(self) -> Optional[str]:
        return self.pos.text() if self.render_mode == "ansi" else None
