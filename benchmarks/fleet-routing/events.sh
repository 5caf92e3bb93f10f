#!/bin/bash
HERE=$(dirname "$(readlink -f "$0")")
# --events-on disk against heap on one fleet: $1 trace glob, $2 cache size, $3 repetitions.
# Paired wall times at -Xmx8g (disk then heap, $3 times, no forced GC), then one run each with
# the live heap sampled after a full GC every 2 s (heap2.sh), then both at -Xmx$XMX_SMALL (1g).
# RUN (default /tmp/h42stream) holds run/ (classes, cp.txt) and gets events/ and the outputs.
export RUN=${RUN:-/tmp/h42stream} SIMDIR=${SIMDIR:-${RUN:-/tmp/h42stream}/run}
mkdir -p $RUN/events && cd $RUN
ARGS="--cache-size $2 --policy tuned --replicas on --routing owner --threads 1 -q"
place() { [ $1 = disk ] && echo "--events-on disk --events-dir $RUN/events" || echo "--events-on heap"; }
for i in $(seq 1 $3); do
  for on in disk heap; do
    s=$(date +%s%N)
    JOPTS="-Xmx8g" $HERE/sim simulate --trace "$1" $ARGS $(place $on) > time-$on-$i.out 2> time-$on-$i.err
    echo "time $on $i exit $? wall $(( ($(date +%s%N)-s)/1000000 )) ms"
  done
done
for on in disk heap; do
  $HERE/heap2.sh "$1" $2 live-$on $(place $on)
done
for on in disk heap; do
  s=$(date +%s%N)
  JOPTS="-Xmx${XMX_SMALL:-1g}" $HERE/sim simulate --trace "$1" $ARGS $(place $on) > small-$on.out 2> small-$on.err
  echo "Xmx${XMX_SMALL:-1g} $on exit $? wall $(( ($(date +%s%N)-s)/1000000 )) ms: $(tail -1 small-$on.err)"
done
