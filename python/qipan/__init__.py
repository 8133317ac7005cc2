"""qipan: a scriptable rules engine for board games. Boards are graphs, games are data.

>>> import qipan
>>> game = qipan.load("go", size=9)
>>> pos = game.start()
>>> pos.play("E5")
>>> len(pos.legal_moves())  # 80 empty points and the pass
81
>>> pos.to_move, game.seats[pos.to_move]
(1, 'white')
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from ._qipan import (
    Agent,
    DefinitionError,
    Game,
    IllegalMoveError,
    Move,
    NotationError,
    Outcome,
    Position,
    QipanError,
    ScriptError,
    agent,
    games,
    load,
    loads,
    read_record,
    read_sgf,
    simulate_json,
)

__all__ = [
    "Agent",
    "DefinitionError",
    "Game",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Outcome",
    "Position",
    "QipanError",
    "ScriptError",
    "agent",
    "games",
    "load",
    "loads",
    "read_record",
    "read_sgf",
    "simulate",
]


def _agents(game: Game, agents: Union[None, Sequence[Optional[str]], Mapping[Union[int, str], str]]) -> List[Optional[str]]:
    """The agent spec of each seat, from a list in seat order or a mapping by seat index or name."""
    if agents is None:
        return []
    if isinstance(agents, Mapping):
        out: List[Optional[str]] = [None] * len(game.seats)
        for key, spec in agents.items():
            seat = game.seats.index(key) if isinstance(key, str) else int(key)
            if not 0 <= seat < len(out):
                raise ValueError(f"no seat {key!r} in this game: the seats are {', '.join(game.seats)}")
            out[seat] = spec
        return out
    return list(agents)


def simulate(
    game: Union[Game, str],
    games: int,
    *,
    seed: int = 1,
    agents: Union[None, Sequence[Optional[str]], Mapping[Union[int, str], str]] = None,
    threads: int = 0,
    first: int = 0,
    count: Optional[int] = None,
    moves: bool = False,
) -> Dict[str, Any]:
    """Plays `games` games and returns what `qipan simulate --json` prints, without its timing: the
    report (wins, draws, lengths, first-mover advantage) and one record per game under `records`.

    Game ``i`` draws its moves from a seed that depends only on ``seed`` and ``i``, so the numbers do
    not depend on ``threads``; ``first`` and ``count`` play only games ``first .. first + count - 1``
    of the same study (how `qipan.ray` splits one). ``agents`` gives each seat's computer player, in
    seat order or by seat name; the others play at random. With ``moves``, each record keeps its moves.
    ``pandas.DataFrame(study["records"])`` is a table of the games.

    >>> import qipan
    >>> study = qipan.simulate("tic-tac-toe", 200, seed=3, agents={"x": "greedy"})
    >>> study["games"], len(study["records"])
    (200, 200)
    """
    if isinstance(game, str):
        game = load(game)
    text = simulate_json(game, games, seed, _agents(game, agents), threads, first, count, moves)
    return json.loads(text)
