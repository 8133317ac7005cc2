#!/usr/bin/env python3
"""Reference final positions of SGF Go records, computed by GNU Go over GTP.

Usage:
    python3 tests/tools/gnugo_reference.py FILE.sgf [FILE.sgf ...]

For every FILE it prints one JSON object on its own line, either

    {"file": FILE, "black": ["A1", ...], "white": [...],
     "captures_black": N, "captures_white": N, "moves": M}

with the sorted GTP labels of the stones on the board after the main line,
``captures_black`` = the number of stones Black has captured (GNU Go's
``captures black``), ``captures_white`` likewise for White, and ``moves`` the
number of main-line moves (passes included) that were replayed; or

    {"file": FILE, "error": "..."}

when GNU Go cannot load the record, a move of the main line is illegal
under the rules below, or anything else goes wrong. GNU Go runs as

    gnugo --mode gtp --chinese-rules --positional-superko --forbid-suicide

(found as $GNUGO, on $PATH, or as /usr/games/gnugo; install it with
``apt-get install -y gnugo``).

GNU Go's ``loadsgf`` does not check legality (it happily plays suicides), so
after ``loadsgf FILE`` the script also replays the main line move by move
with ``play`` from the position ``loadsgf FILE 1`` (setup stones only) and
reports the first move GNU Go refuses as an error. The main line is read by
a small SGF reader below; if the replayed position differs from the one
``loadsgf`` built, that is reported as an error too. Records with setup
properties (AB/AW/AE) after the root node cannot be replayed with ``play``;
for them the legality check is skipped and ``"checked": false`` is added.

GNU Go quirks to keep in mind when comparing: it only handles square boards
up to 19x19, and ``loadsgf`` places fixed handicap stones for ``HA[n]``
when the root has no ``AB``.

The exit status is 0 when every file was processed (each with a result or
an error line), and 2 for a usage error or when GNU Go cannot be found.

The module can also be imported: ``reference(path)`` returns the dict.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

GNUGO_ARGS = ["--mode", "gtp", "--chinese-rules", "--positional-superko", "--forbid-suicide"]
TIMEOUT_SECONDS = 120
GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class RecordError(Exception):
    """A record GNU Go cannot give a reference position for."""


def find_gnugo():
    """Path of the gnugo binary, or None."""
    env = os.environ.get("GNUGO")
    if env:
        return shutil.which(env)
    found = shutil.which("gnugo")
    if found:
        return found
    if os.access("/usr/games/gnugo", os.X_OK):
        return "/usr/games/gnugo"
    return None


# ---------------------------------------------------------------------------
# A small SGF reader: the main-line moves of the first game tree.
# ---------------------------------------------------------------------------


def _norm_id(raw):
    upper = "".join(c for c in raw if c.isupper())
    return upper if upper else raw.upper()


def main_line(data):
    """Returns (size, moves, has_late_setup) for the first game tree.

    moves is a list of (colour, value) with colour "B"/"W" and the raw
    (unescaped) point value. Raises RecordError on malformed input.
    """
    text = data.decode("latin-1")  # byte-preserving; structure is ASCII
    n = len(text)
    start = None
    i = text.find("(")
    while i != -1:
        j = i + 1
        while j < n and text[j].isspace():
            j += 1
        if j < n and text[j] == ";":
            start = i
            break
        i = text.find("(", i + 1)
    if start is None:
        raise RecordError("no game tree")
    pos = start
    stack = []  # [main, had_child]
    nodes = []
    while True:
        while pos < n and text[pos].isspace():
            pos += 1
        if pos >= n:
            raise RecordError("unclosed game tree")
        c = text[pos]
        if c == "(":
            if stack:
                parent = stack[-1]
                main = parent[0] and not parent[1]
                parent[1] = True
            else:
                main = True
            stack.append([main, False])
            pos += 1
        elif c == ")":
            if not stack:
                raise RecordError("unbalanced ')'")
            stack.pop()
            pos += 1
            if not stack:
                break
        elif c == ";":
            pos += 1
            props = []
            while True:
                while pos < n and text[pos].isspace():
                    pos += 1
                if pos >= n or not ("a" <= text[pos].lower() <= "z"):
                    break
                k = pos
                while pos < n and "a" <= text[pos].lower() <= "z":
                    pos += 1
                pid = _norm_id(text[k:pos])
                values = []
                while True:
                    while pos < n and text[pos].isspace():
                        pos += 1
                    if pos >= n or text[pos] != "[":
                        break
                    pos += 1
                    value = []
                    while True:
                        if pos >= n:
                            raise RecordError("unterminated property value")
                        ch = text[pos]
                        pos += 1
                        if ch == "]":
                            break
                        if ch == "\\":
                            if pos >= n:
                                raise RecordError("unterminated property value")
                            ch = text[pos]
                            pos += 1
                        value.append(ch)
                    values.append("".join(value))
                if not values:
                    raise RecordError("property %s without value" % pid)
                props.append((pid, values))
            if stack and stack[-1][0] and not stack[-1][1]:
                nodes.append(props)
        else:
            raise RecordError("unexpected %r at byte %d" % (c, pos))
    if not nodes:
        raise RecordError("empty game tree")
    size = 19
    for pid, values in nodes[0]:
        if pid == "SZ":
            v = values[0].strip()
            parts = [p.strip() for p in v.split(":")]
            try:
                dims = [int(p) for p in parts]
            except ValueError:
                raise RecordError("bad SZ[%s]" % v)
            if len(dims) == 2 and dims[0] != dims[1]:
                raise RecordError("GNU Go cannot play on a rectangular board SZ[%s]" % v)
            size = dims[0]
    moves = []
    late_setup = False
    for index, props in enumerate(nodes):
        for pid, values in props:
            if pid in ("B", "W"):
                moves.append((pid, values[0].strip()))
            elif pid in ("AB", "AW", "AE") and index > 0:
                late_setup = True
    return size, moves, late_setup


def gtp_vertex(value, size):
    """GTP vertex of an SGF move value on a size x size board."""
    if value == "" or (value == "tt" and size <= 19):
        return "pass"
    if len(value) != 2 or not value.isalpha() or not value.islower():
        raise RecordError("bad point %r" % value)
    col = ord(value[0]) - ord("a")
    row = ord(value[1]) - ord("a")
    if col >= size or row >= size or col >= len(GTP_COLUMNS):
        raise RecordError("point %r outside the board" % value)
    return "%s%d" % (GTP_COLUMNS[col], size - row)


# ---------------------------------------------------------------------------
# GTP session
# ---------------------------------------------------------------------------


def run_gtp(gnugo, commands, cwd):
    """Runs commands (a list of strings) in one GNU Go session.

    Returns a list of (ok, text) responses, one per command, matched by id.
    """
    script = "".join("%d %s\n" % (k + 1, c) for k, c in enumerate(commands))
    script += "%d quit\n" % (len(commands) + 1)
    try:
        proc = subprocess.run(
            [gnugo] + GNUGO_ARGS,
            input=script.encode("utf-8"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            timeout=TIMEOUT_SECONDS,
        )
    except subprocess.TimeoutExpired:
        raise RecordError("GNU Go timed out after %d s" % TIMEOUT_SECONDS)
    except OSError as e:
        raise RecordError("cannot run GNU Go: %s" % e)
    out = proc.stdout.decode("utf-8", "replace").replace("\r\n", "\n")
    responses = {}
    for block in out.split("\n\n"):
        block = block.strip("\n")
        if not block or block[0] not in "=?":
            continue
        head, _, rest = block.partition("\n")
        status = head[0]
        head = head[1:]
        num, _, first = head.partition(" ")
        try:
            ident = int(num)
        except ValueError:
            continue
        body = first + ("\n" + rest if rest else "")
        responses[ident] = (status == "=", body.strip())
    result = []
    for k in range(len(commands)):
        if k + 1 not in responses:
            err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
            detail = (": " + err[-1]) if err else ""
            raise RecordError(
                "GNU Go gave no answer to %r (exit status %s)%s" % (commands[k], proc.returncode, detail)
            )
        result.append(responses[k + 1])
    return result


def _position(responses, k):
    """Parses list_stones black/white and captures black/white at index k."""
    names = ["list_stones black", "list_stones white", "captures black", "captures white"]
    for offset, name in enumerate(names):
        ok, text = responses[k + offset]
        if not ok:
            raise RecordError("%s failed: %s" % (name, text))
    black = sorted(responses[k][1].split())
    white = sorted(responses[k + 1][1].split())
    try:
        cb = int(responses[k + 2][1])
        cw = int(responses[k + 3][1])
    except ValueError:
        raise RecordError("unreadable captures answer")
    return black, white, cb, cw


def reference(path, gnugo=None):
    """Reference final position of the SGF record at path, as a dict.

    Raises RecordError when no reference can be given.
    """
    gnugo = gnugo or find_gnugo()
    if not gnugo:
        raise RecordError("gnugo not found (apt-get install -y gnugo)")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise RecordError("cannot read: %s" % e)
    size, moves, late_setup = main_line(data)
    if size > 19:
        raise RecordError("GNU Go supports boards up to 19x19, not %d" % size)
    vertices = [(colour, gtp_vertex(value, size)) for colour, value in moves]

    query = ["list_stones black", "list_stones white", "captures black", "captures white"]
    with tempfile.TemporaryDirectory(prefix="gnugo-ref-") as tmp:
        # GTP arguments cannot contain spaces: load a copy with a plain name.
        local = os.path.join(tmp, "game.sgf")
        with open(local, "wb") as f:
            f.write(data)
        commands = ["loadsgf game.sgf"] + query
        check = not late_setup
        if check:
            commands += ["loadsgf game.sgf 1"]
            commands += ["play %s %s" % (c, v) for c, v in vertices]
            commands += query
        responses = run_gtp(gnugo, commands, tmp)

    ok, text = responses[0]
    if not ok:
        raise RecordError("GNU Go refused loadsgf: %s" % text)
    black, white, cb, cw = _position(responses, 1)
    result = {
        "file": path,
        "black": black,
        "white": white,
        "captures_black": cb,
        "captures_white": cw,
        "moves": len(vertices),
    }
    if not check:
        result["checked"] = False
        return result
    ok, text = responses[5]
    if not ok:
        raise RecordError("GNU Go refused loadsgf to move 1: %s" % text)
    for k, (c, v) in enumerate(vertices):
        ok, text = responses[6 + k]
        if not ok:
            raise RecordError("illegal move %d: %s %s (GNU Go: %s)" % (k + 1, c, v, text))
    replayed = _position(responses, 6 + len(vertices))
    if replayed != (black, white, cb, cw):
        raise RecordError("GNU Go's loadsgf and a move-by-move replay disagree on the final position")
    return result


def main(argv):
    """CLI entry point: one JSON line per file."""
    files = argv[1:]
    if not files or files[0] in ("-h", "--help"):
        sys.stderr.write(__doc__)
        return 2 if not files else 0
    gnugo = find_gnugo()
    for path in files:
        if not gnugo:
            line = {"file": path, "error": "gnugo not found (apt-get install -y gnugo)"}
        else:
            try:
                line = reference(path, gnugo)
            except RecordError as e:
                line = {"file": path, "error": str(e)}
            except Exception as e:  # never let one record stop the batch
                line = {"file": path, "error": "%s: %s" % (type(e).__name__, e)}
        sys.stdout.write(json.dumps(line, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    return 0 if gnugo else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
