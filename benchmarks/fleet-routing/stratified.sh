#!/bin/bash
# The stratified-sampling experiment (docs/research/fleet-routing.md, "A stratified estimator,
# tried"): stratified.sh TAG SHAPE SEED SIZES RATE EPS; JITTER=S spreads a tail block's copies S
# seconds apart. Writes the estimate's logs to $OUT, replays them in full, compares the fleet rows
# with the full replay $RUN/out/routing-SHAPE-SEED.csv.
set -e
tag=$1 shape=$2 seed=$3 sizes=$4 rate=$5 eps=$6
RUN=${RUN:-/tmp/h37sim} OUT=${OUT:-/tmp/strat}
mkdir -p "$OUT"
p="$OUT/t-$tag"
python3 "$(dirname "$0")/stratified.py" "$rate" "$eps" "$p" "$RUN"/traces/$shape-$seed-dn{1,2,3}.log
JOPTS=-Xmx12g "$RUN"/sim sweep --trace "$p-dn*.log" --cache-size "$sizes" --policy tuned \
    --replicas on --routing stock,owner --threads 2 --csv "$p.csv" > "$p.txt" 2> "$p.err"
rm -f "$p"-dn*.log
RUN=$RUN python3 "$(dirname "$0")/report.py" compare "$RUN/out/routing-$shape-$seed.csv" "$p.csv"
