#!/bin/bash
HERE=$(dirname "$(readlink -f "$0")")
# One DataNode's log spread over 3 (--spread 3): other shapes than the fleets', seed 1.
cd ${RUN:-/tmp/h37sim}
for shape in storms rotating steep; do
  log=traces/one-$shape-1.log
  [ -f $log ] || $HERE/sim generate --shape $shape --seed 1 --out $log 2>/dev/null
  t=$(python3 -c "
import sys; sys.path.insert(0,'$HERE/../tuning'); import table
t=table.touched('$log'); print(t)")
  sizes=$(python3 -c "t=$t; print(','.join(f'{max(1<<20, t*p//100//3)>>20}m' for p in (1,5)))")
  echo "$shape touched $t per-DN sizes $sizes"
  o=out/spread-$shape-1.csv
  [ -f $o ] || JOPTS=-Xmx8g $HERE/sim sweep --trace $log --spread 3 --cache-size $sizes --policy tuned \
     --replicas on --routing stock,owner --threads 2 -q --csv $o > out/spread-$shape-1.txt 2>&1
done
echo done
