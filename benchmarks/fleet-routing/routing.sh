#!/bin/bash
HERE=$(dirname "$(readlink -f "$0")")
# Part 3: stock vs owner vs pooled, fleets of 3, shapes x seeds 1-3, fleet SSD 1% and 5% of touched.
cd ${RUN:-/tmp/h37sim}
sizes() { case $1 in interactive) echo 17g,85g;; batch) echo 28g,141g;; skewed) echo 7g,36g;; esac; }
for seed in 1 2 3; do for shape in interactive batch skewed; do
  o=out/routing-$shape-$seed.csv
  [ -f $o ] && continue
  s=$(date +%s)
  JOPTS=-Xmx8g $HERE/sim sweep --trace "traces/$shape-$seed-dn*.log" --cache-size $(sizes $shape) --policy tuned \
     --replicas on --routing stock,owner --threads 2 -q --csv $o.tmp > out/routing-$shape-$seed.txt 2>&1 && mv $o.tmp $o
  echo "$shape $seed $(( $(date +%s) - s )) s"
done; done
o=out/spread-interactive-1.csv
[ -f $o ] || { JOPTS=-Xmx8g $HERE/sim sweep --trace traces/one-interactive-1.log --spread 3 --cache-size 17g,85g --policy tuned \
     --replicas on --routing stock,owner --threads 2 -q --csv $o.tmp > out/spread-interactive-1.txt 2>&1 && mv $o.tmp $o; }
echo done
