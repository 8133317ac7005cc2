"""Studies on a local Ray instance (two CPUs): the numbers of a local `qipan.simulate`, whatever the split,
and no game lost when a worker dies."""

import json
import os
import sys

import pytest

ray = pytest.importorskip("ray")

import qipan  # noqa: E402
import qipan.ray  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def local_cluster():
    ray.init(num_cpus=2, log_to_driver=False, include_dashboard=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("tasks", [1, 3, 16])
def test_a_study_on_the_cluster_equals_the_local_one(tasks):
    seen = []
    ours = qipan.ray.simulate("go", 60, seed=7, options={"size": 5, "move_cap": 80}, agents={"white": "greedy"}, tasks=tasks, progress=lambda done, n: seen.append((done, n)))
    local = qipan.simulate(qipan.load("go", size=5, move_cap=80), 60, seed=7, agents={"white": "greedy"})
    assert ours == local
    assert seen[-1] == (60, 60) and len(seen) == min(tasks, 60)


def test_a_game_from_a_file_is_sent_as_text(tmp_path):
    path = tmp_path / "tiny.yaml"
    path.write_text(
        "name: tiny\ntitle: Tiny\nboard: { grid: { width: 3, height: 3, diagonal: true } }\n"
        "seats: [{ name: a }, { name: b }]\npieces:\n  stone: { moves: place to empty }\nrules: { pass: never }\n"
        "end:\n  lines:\n    - { length: 3, along: [orthogonal, diagonal] }\n"
    )
    assert qipan.ray.simulate(str(path), 20, seed=2, tasks=4) == qipan.simulate(qipan.load(str(path)), 20, seed=2)


def test_a_lost_worker_loses_no_games(tmp_path, monkeypatch):
    import cloudpickle

    marker = tmp_path / "died"
    real = qipan.ray._play_part

    def dies_once(*args):
        if not marker.exists():
            marker.write_text("once")
            os._exit(1)  # the worker process dies in the middle of its task
        return real(*args)

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    monkeypatch.setattr(qipan.ray, "_play_part", dies_once)
    ours = qipan.ray.simulate("tic-tac-toe", 40, seed=3, tasks=4)
    assert marker.exists(), "the worker was not killed"
    assert ours == qipan.simulate("tic-tac-toe", 40, seed=3)


def test_records_of_the_parts_must_cover_the_study():
    game = qipan.load("tic-tac-toe")
    records = qipan.simulate(game, 10, seed=1)["records"]
    with pytest.raises(ValueError, match="not each once"):
        qipan._qipan.report_json(game, 10, json.dumps(records[:9]), 1, [])
