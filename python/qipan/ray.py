"""Self-play studies on a Ray cluster: the games of one `qipan.simulate` split into tasks.

>>> import qipan.ray                                                       # doctest: +SKIP
>>> study = qipan.ray.simulate("go", 10_000, seed=7, options={"size": 9})  # doctest: +SKIP

Each task plays a range of the study's games with the engine (`qipan.simulate(..., first=, count=)`), one
core each; game ``i``'s seed depends only on ``seed`` and ``i``, so the result is the one `qipan.simulate`
(and `qipan simulate --json`) gives for the same arguments, whatever the number of workers. A task that
fails because its worker or node was lost is run again (``max_retries``); a failing rule script fails the
study. ``progress(done, games)`` is called as parts come back.

The cluster is the one this process is connected to, else the one ``address`` (or ``RAY_ADDRESS``) names,
else a local one started here. Every worker needs qipan installed; a game given as a file is read here and
sent to the workers as text.
"""

from __future__ import annotations

import json
import os
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import qipan
from qipan import _agents, _qipan

Agents = Union[None, Sequence[Optional[str]], Mapping[Union[int, str], str]]


def _game_source(game: str) -> Tuple[str, Optional[str]]:
    """A game's name for the workers, with the definition's text when it is a file here."""
    if os.path.isfile(game):
        with open(game, encoding="utf-8") as f:
            return os.path.basename(game), f.read()
    return game, None


def _load(name: str, text: Optional[str], options: Mapping[str, Any]) -> "qipan.Game":
    return qipan.loads(text, file=name, **options) if text is not None else qipan.load(name, **options)


def _play_part(name: str, text: Optional[str], options: Mapping[str, Any], games: int, seed: int, agents: List[Optional[str]], first: int, count: int, moves: bool = False) -> List[dict]:
    """One task: games ``first .. first + count - 1`` of the study, their records."""
    game = _load(name, text, options)
    return json.loads(_qipan.simulate_json(game, games, seed, agents, 1, first, count, moves))["records"]


def parts(games: int, tasks: int) -> List[Tuple[int, int]]:
    """The study's games split into ``tasks`` ranges ``(first, count)`` of sizes differing by one at most.

    >>> parts(10, 3)
    [(0, 4), (4, 3), (7, 3)]
    """
    tasks = max(1, min(tasks, games))
    size, extra = divmod(games, tasks)
    out, first = [], 0
    for t in range(tasks):
        count = size + (1 if t < extra else 0)
        out.append((first, count))
        first += count
    return out


def simulate(
    game: str,
    games: int,
    *,
    seed: int = 1,
    agents: Agents = None,
    options: Optional[Mapping[str, Any]] = None,
    tasks: Optional[int] = None,
    address: Optional[str] = None,
    max_retries: int = 3,
    progress: Optional[Callable[[int, int], None]] = None,
    moves: bool = False,
) -> Dict[str, Any]:
    """`qipan.simulate` on a Ray cluster (see the module). ``game`` is a built-in name or a definition
    file; ``tasks`` defaults to four per CPU of the cluster."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address or os.environ.get("RAY_ADDRESS"), log_to_driver=False)
    options = dict(options or {})
    name, text = _game_source(game)
    local = _load(name, text, options)
    seats = _agents(local, agents)
    if tasks is None:
        tasks = 4 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    play = ray.remote(num_cpus=1, max_retries=max_retries)(_play_part)
    pending = [play.remote(name, text, options, games, seed, seats, first, count, moves) for first, count in parts(games, tasks)]
    records: List[dict] = []
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        records.extend(ray.get(done[0]))
        if progress is not None:
            progress(len(records), games)
    return json.loads(_qipan.report_json(local, games, json.dumps(records), seed, seats))
