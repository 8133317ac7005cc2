"""Speed-up of a study on a local Ray instance with 1 and 2 CPUs, and the local `qipan.simulate` on one
thread, in one run.

    python benches/ray_scaling.py [GAMES]
"""

import subprocess
import sys
import time

STUDY = "qipan.ray.simulate('go', {games}, seed=1, options={{'size': 9}})"


def timed_on(cpus: int, games: int) -> float:
    code = (
        "import time, ray, qipan, qipan.ray\n"
        f"ray.init(num_cpus={cpus}, log_to_driver=False, include_dashboard=False)\n"
        f"{STUDY.format(games=100)}\n"  # warm the workers up
        "t = time.perf_counter()\n"
        f"{STUDY.format(games=games)}\n"
        "print(time.perf_counter() - t)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    return float(out.strip().splitlines()[-1])


if __name__ == "__main__":
    import qipan

    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    t = time.perf_counter()
    qipan.simulate(qipan.load("go", size=9), games, seed=1, threads=1)
    local = time.perf_counter() - t
    one, two = timed_on(1, games), timed_on(2, games)
    print(f"{games} games of 9x9 Go: local 1 thread {local:.2f} s; Ray 1 CPU {one:.2f} s; Ray 2 CPUs {two:.2f} s; speed-up {one / two:.2f}x")
