#!/usr/bin/env python3
"""Plays full games between `qipan gtp go` and GNU Go over GTP and compares their final scores.

Usage:
    python3 tests/tools/gtp_match.py QIPAN_BINARY [GAMES] [SIZE] [AGENT]

Plays GAMES games (default 2) on SIZE×SIZE (default 9) with komi 7.5, qipan's moves from AGENT (`--ai`;
random moves that fill no own eye when not given), qipan taking Black in even games
and White in odd ones. Each engine's move is sent to the other with `play`; a refusal is an error.
A game ends after two consecutive passes (or 3·SIZE² moves). Prints one JSON object per game:
    {"game": i, "qipan": "black"|"white", "moves": N, "qipan_score": "B+3.5",
     "gnugo_score": "B+3.5", "agree": true}
or {"game": i, "error": "..."}; exits 1 if any game had an error. After each game qipan writes it with
`printsgf`; its result (RE) is compared with GNU Go's `--score aftermath` on that file:
    "re": "W+86.5", "aftermath": "W+86.5", "re_agrees": true
GNU Go runs as `gnugo --mode gtp --chinese-rules --positional-superko --forbid-suicide --level 1`.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


class Engine:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"engine closed while answering {command!r}")
            line = line.rstrip("\n")
            if line == "" and lines:
                break
            if line == "" and not lines:
                continue
            lines.append(line)
        head, rest = lines[0], lines[1:]
        ok = head.startswith("=")
        text = "\n".join([head[1:].strip()] + rest).strip()
        return ok, text

    def close(self):
        try:
            self.send("quit")
        except Exception:
            pass
        self.proc.kill()


def gnugo_path():
    for p in (shutil.which("gnugo"), "/usr/games/gnugo"):
        if p and shutil.which(p):
            return p
    return None


def play_game(qipan_bin, index, size, agent=None):
    qipan_black = index % 2 == 0
    q = Engine([qipan_bin, "gtp", "go", "--seed", str(index + 1)] + (["--ai", agent] if agent else []))
    g = Engine([gnugo_path(), "--mode", "gtp", "--chinese-rules", "--positional-superko",
                "--forbid-suicide", "--level", "1"])
    try:
        for e in (q, g):
            for cmd in (f"boardsize {size}", "clear_board", "komi 7.5"):
                ok, text = e.send(cmd)
                if not ok:
                    return {"game": index, "error": f"{cmd}: {text}"}
        engines = {"black": q if qipan_black else g, "white": g if qipan_black else q}
        colour, passes, moves = "black", 0, 0
        while passes < 2 and moves < 3 * size * size:
            mover = engines[colour]
            other = engines["white" if colour == "black" else "black"]
            ok, vertex = mover.send(f"genmove {colour}")
            if not ok:
                return {"game": index, "error": f"genmove {colour}: {vertex}"}
            if vertex.lower() == "resign":
                break
            ok, text = other.send(f"play {colour} {vertex}")
            if not ok:
                who = "qipan" if other is q else "gnugo"
                return {"game": index, "error": f"{who} refused {colour} {vertex} at move {moves + 1}: {text}"}
            passes = passes + 1 if vertex.lower() == "pass" else 0
            moves += 1
            colour = "white" if colour == "black" else "black"
        _, qs = q.send("final_score")
        _, gs = g.send("final_score")
        result = {"game": index, "qipan": "black" if qipan_black else "white", "moves": moves,
                  "qipan_score": qs, "gnugo_score": gs, "agree": qs == gs}
        result.update(compare_record(q))
        return result
    finally:
        q.close()
        g.close()


def aftermath(path):
    """GNU Go's score of a record after playing out the dead stones: `W+86.5`, `B+3.5` or `0`."""
    out = subprocess.run([gnugo_path(), "-l", path, "--score", "aftermath", "--chinese-rules"],
                         capture_output=True, text=True, timeout=600).stdout
    m = re.search(r"(White|Black) wins by ([0-9.]+) points", out)
    if m:
        return ("W+" if m.group(1) == "White" else "B+") + f"{float(m.group(2)):g}"
    return "0" if "jigo" in out.lower() else f"unread: {out.strip()}"


def compare_record(q):
    """qipan's record of the game (`printsgf FILE`), its RE, and GNU Go's aftermath score of it."""
    fd, path = tempfile.mkstemp(suffix=".sgf")
    os.close(fd)
    try:
        ok, text = q.send(f"printsgf {path}")
        if not ok:
            return {"error": f"printsgf: {text}"}
        with open(path) as f:
            m = re.search(r"RE\[([^\]]*)\]", f.read())
        re_value = m.group(1) if m else None
        theirs = aftermath(path)
        return {"re": re_value, "aftermath": theirs, "re_agrees": re_value == theirs}
    finally:
        os.unlink(path)


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    if not gnugo_path():
        print("GNU Go not found (apt-get install gnugo)", file=sys.stderr)
        return 2
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 9
    agent = sys.argv[4] if len(sys.argv) > 4 else None
    failed = False
    for i in range(games):
        r = play_game(sys.argv[1], i, size, agent)
        failed |= "error" in r
        print(json.dumps(r), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
