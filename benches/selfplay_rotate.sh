#!/bin/bash
# A in each seat of a game for three or more in turn, B in all the others: A's wins with a 95% Wilson interval
# (an equal share is one over the number of seats).
#   benches/selfplay_rotate.sh he-qi "--set players=3" "red yellow blue" alphabeta:ms=100 mcts:ms=100 4
# Q names the qipan binary (default: target/release/qipan).
Q=${Q:-target/release/qipan}
G=$1; SETS=$2; SEATS=$3; A=$4; B=$5; N=$6
tot=0; wins=0; draws=0
for s in $SEATS; do
  r=$($Q simulate $G $SETS --games $N --threads 1 --seed 21 --ai "all=$B" --ai "$s=$A" --json 2>/dev/null)
  read w d n <<< $(python3 -c "
import json,sys
r=json.loads(sys.argv[1]); seats=sys.argv[2]
p=[p for p in r['players'] if p['name'].split('+')[0]==seats][0]
print(p['wins']['count'], p['draws']['count'], r['games'])" "$r" "$s")
  wins=$((wins+w)); draws=$((draws+d)); tot=$((tot+n))
done
python3 -c "
import math,sys
w,d,n=int(sys.argv[1]),int(sys.argv[2]),int(sys.argv[3]); p=w/n; z=1.96
c=(p+z*z/(2*n))/(1+z*z/n); h=z*math.sqrt(p*(1-p)/n+z*z/(4*n*n))/(1+z*z/n)
print(f'{sys.argv[4]} in each seat against {sys.argv[5]}: {w} wins {d} draws of {n} = {100*p:.1f}% [{100*(c-h):.1f}, {100*(c+h):.1f}]')" $wins $draws $tot "$A" "$B"
