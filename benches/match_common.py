"""What the match scripts share."""

import math


def wilson(score, n, z=1.96):
    """The 95% Wilson interval of a score (wins, draws counting a half) over n games, as fractions."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def outcome_word(won):
    """A game's score for qipan as a word."""
    return {1.0: "win", 0.5: "draw", 0.0: "loss"}[won]


def score_line(what, score, n):
    """The match's last line: qipan's score over n games and its 95% interval."""
    lo, hi = wilson(score, n)
    return f"{what}: {score:g}/{n} = {100 * score / n:.1f}% [95%: {100 * lo:.1f}, {100 * hi:.1f}]"
