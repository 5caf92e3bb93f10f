#!/bin/bash
HERE=$(dirname "$(readlink -f "$0")")
# live heap (after a full GC, every 2 s) and wall time of one fleet replay; $1 trace glob, $2 size, $3 tag, rest extra args
cd ${RUN:-/tmp/h37sim}
s=$(date +%s%N)
JOPTS="-Xmx8g" $HERE/sim simulate --trace "$1" --cache-size $2 --policy tuned --replicas on --routing owner --threads 1 ${@:4} > heap-$3.out 2>heap-$3.err &
bg=$!
sleep 1
max=0
while kill -0 $bg 2>/dev/null; do
  jcmd $bg GC.run >/dev/null 2>&1
  u=$(jcmd $bg GC.heap_info 2>/dev/null | grep -o 'used [0-9]*K' | head -1 | tr -dc 0-9)
  [ -n "$u" ] && [ "$u" -gt "$max" ] && max=$u
  sleep 2
done
echo "$3 max live heap ${max}K wall $(( ($(date +%s%N)-s)/1000000 )) ms"
