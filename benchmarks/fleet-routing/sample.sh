#!/bin/bash
HERE=$(dirname "$(readlink -f "$0")")
# Part 2: SHARDS sampling at 10% and 1% against the full replays (out/routing-*.csv).
cd ${RUN:-/tmp/h37sim}
sizes() { case $1 in interactive) echo 17g,85g;; batch) echo 28g,141g;; skewed) echo 7g,36g;; esac; }
for rate in 0.1 0.01; do for seed in 1 2 3; do for shape in interactive batch skewed; do
  o=out/sample$rate-$shape-$seed.csv
  [ -f $o ] && continue
  s=$(date +%s%N)
  JOPTS=-Xmx8g $HERE/sim sweep --trace "traces/$shape-$seed-dn*.log" --cache-size $(sizes $shape) --policy tuned \
     --replicas on --routing stock,owner --threads 2 --sample-blocks $rate --csv $o.tmp > out/sample$rate-$shape-$seed.txt 2> out/sample$rate-$shape-$seed.err && mv $o.tmp $o
  echo "$rate $shape $seed $(( ($(date +%s%N) - s)/1000000 )) ms"
done; done; done
echo done
