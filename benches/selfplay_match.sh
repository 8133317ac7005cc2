#!/bin/bash
# A match between two agents by self-play: A against B, N games, half with A in SEAT0 and half in SEAT1, on
# one thread each (time budgets stay fair). Prints A's score with a 95% interval (normal approximation).
#   benches/selfplay_match.sh connect-four "" auto:ms=100 mcts:ms=100 20 red yellow
#   benches/selfplay_match.sh seven-kingdoms "--set players=2" alphabeta:ms=50 mcts:ms=50 10 qin chu
# Q names the qipan binary (default: target/release/qipan).
Q=${Q:-target/release/qipan}
G=$1; SETS=$2; A=$3; B=$4; N=$5; S0=${6:-black}; S1=${7:-white}
half=$((N/2))
r1=$($Q simulate $G $SETS --games $half --threads 1 --seed 11 --ai "$S0=$A" --ai "$S1=$B" --json 2>/dev/null)
r2=$($Q simulate $G $SETS --games $half --threads 1 --seed 12 --ai "$S0=$B" --ai "$S1=$A" --json 2>/dev/null)
python3 - "$r1" "$r2" "$A" "$B" <<'PY'
import json,sys,math
a=json.loads(sys.argv[1]); b=json.loads(sys.argv[2])
def score(rep, idx):
    p=rep['players'][idx]; return p['wins']['count']+0.5*p['draws']['count'], None
w1,_=score(a,0); w2,_=score(b,1)
g=lambda r: r['games'] if isinstance(r['games'],int) else len(r['games'])
n=g(a)+g(b)
s=(w1+w2); p=s/n
lo=p-1.96*math.sqrt(max(p*(1-p),1e-9)/n); hi=p+1.96*math.sqrt(max(p*(1-p),1e-9)/n)
print(f"{sys.argv[3]} vs {sys.argv[4]}: {s}/{n} = {100*p:.1f}% [{100*max(lo,0):.1f}, {100*min(hi,1):.1f}]")
PY
