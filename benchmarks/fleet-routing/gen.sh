#!/bin/bash
HERE=$(dirname "$(readlink -f "$0")")
# generate fleets: shapes x seeds, 3 DataNodes; and single-DN logs for --spread
D=${SIMDIR:-${RUN:-/tmp/h37sim}/run}; CP=$D/classes:$(cat $D/cp.txt)
cd ${RUN:-/tmp/h37sim}/traces
for seed in 1 2 3; do for shape in interactive batch skewed; do
  [ -f $shape-$seed-dn3.log ] || java -Xmx2g -cp $CP io.hdfslocalcache.simulator.cli.GenerateCommand --shape $shape --seed $seed --datanodes 3 --out $shape-$seed.log
done; done
for seed in 1; do for shape in interactive; do
  [ -f one-$shape-$seed.log ] || java -Xmx2g -cp $CP io.hdfslocalcache.simulator.cli.GenerateCommand --shape $shape --seed $seed --out one-$shape-$seed.log
done; done
echo done
