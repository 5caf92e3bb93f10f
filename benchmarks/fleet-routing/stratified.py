#!/usr/bin/env python3
"""A stratified block sample, expanded back to full size (an estimator experiment, not a tool):
the head (blocks by read bytes, largest first, until the sampled tail's byte-share standard error
sqrt((1/R - 1) * sum of the tail's squared shares) is at most EPS) is kept whole; a tail block is
kept iff a SplitMix64 hash of its id falls under R (the full SplitMix64 step, not
BlockSample's finaliser alone: another sample of the same rate) and written as 1/R copies with fresh ids, JITTER
seconds apart (env, default 0). The output replays in full against the full-size caches, so no
scaling is involved: what it measures is the estimator's error, not memory.
Usage: stratified.py R EPS OUTPREFIX LOG..."""
import datetime, os, re, sys
R, EPS, OUT, LOGS = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[4:]
JIT = float(os.environ.get("JITTER", "0"))  # seconds between clones
K = round(1 / R)
BLK = re.compile(rb'blk_(-?\d+)_')
RD = re.compile(rb'bytes: (\d+), op: HDFS_READ')
M = (1 << 64) - 1
def mix64(z):
    z = (z + 0x9E3779B97F4A7C15) & M
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)
read = {}
for log in LOGS:
    for line in open(log, 'rb'):
        m = RD.search(line)
        if m:
            b = int(BLK.search(line).group(1))
            read[b] = read.get(b, 0) + int(m.group(1))
total = sum(read.values())
order = sorted(read, key=read.get, reverse=True)
tail2 = sum((v / total) ** 2 for v in read.values())
head = set()
for b in order:
    if (1 / R - 1) * tail2 <= EPS ** 2:
        break
    head.add(b)
    tail2 -= (read[b] / total) ** 2
keep = lambda b: (mix64(b & M) >> 11) * 2.0 ** -53 < R
kept_events = all_events = head_events = 0
for i, log in enumerate(LOGS):
    pending = []
    with open(f'{OUT}-dn{i + 1}.log', 'wb') as out:
        for line in open(log, 'rb'):
            m = BLK.search(line)
            if not m:
                pending.append(line); continue
            all_events += 1
            b = int(m.group(1))
            if b in head:
                head_events += 1; kept_events += 1
                pending.append(line)
            elif keep(b):
                kept_events += 1
                s, e = m.span(1)
                for c in range(K):
                    l = line[:s] + str((1 << 40) + b * 128 + c).encode() + line[e:]
                    if JIT and c:
                        t = datetime.datetime.strptime(l[:23].decode(), '%Y-%m-%d %H:%M:%S,%f')
                        t += datetime.timedelta(seconds=JIT * c)
                        l = (t.strftime('%Y-%m-%d %H:%M:%S,') + f'{t.microsecond // 1000:03d}').encode() + l[23:]
                    pending.append(l)
        pending.sort(key=lambda l: l[:23])
        out.writelines(pending)
head_bytes = sum(read[b] for b in head)
print(f'R={R} eps={EPS} blocks={len(read)} head={len(head)} head_bytes={100*head_bytes/total:.1f}% '
      f'events kept={kept_events}/{all_events} ({100*kept_events/all_events:.1f}%, head {100*head_events/all_events:.1f}%)')
