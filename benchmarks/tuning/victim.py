#!/usr/bin/env python3
"""Usage: benchmarks/tuning/victim.py WORKDIR SEEDS SHAPES  (from the repository root).
Does frequency's victim test change a decision? Same traces and sizes as benchmarks/tuning/table.py
(1% and 5% of the bytes each trace touched); `frequency` (victim=1, the default) against
`frequency:victim=0`, every counter of the sweep's CSV compared."""
import csv, os, subprocess, sys
sys.path.insert(0, 'benchmarks/tuning')
import table
work, seeds, shapes = sys.argv[1], sys.argv[2].split(','), sys.argv[3].split(',')
os.makedirs(work, exist_ok=True)
for seed in seeds:
  for shape in shapes:
    log = f'{work}/{shape}-{seed}.log'
    if not os.path.exists(log):
        reads = table.READS_PER_DAY * table.SHAPES[shape] // 24
        subprocess.run([table.HLC, 'generate', '--shape', f'{shape}:reads={reads}', '--seed', seed, '--out', log], check=True, stderr=subprocess.DEVNULL)
    t = table.touched(log)
    sizes = [max(1 << 20, t // 100), max(1 << 20, t * 5 // 100)]
    mib = ','.join(f'{s // (1 << 20)}m' for s in sizes)
    out = f'{work}/{shape}-{seed}.victim.csv'
    table.sweep(log, mib, ['--policy', 'frequency', '--policy', 'frequency:victim=0'], out)
    rows = list(csv.DictReader(open(out)))
    for size in sorted({r['cacheSizeBytes'] for r in rows}, key=int):
        at = [r for r in rows if r['cacheSizeBytes'] == size and r['policy'].startswith('frequency')]
        on = [r for r in at if 'victim=0' not in r['policy']][0]
        off = [r for r in at if 'victim=0' in r['policy']][0]
        diff = [k for k in on if k != 'policy' and on[k] != off[k]]
        saved = lambda r: 100 * (1 - float(r['diskHeadSecondsWithCache']) / float(r['diskHeadSecondsWithoutCache']))
        print(f"{shape}\t{seed}\t{int(size) >> 20} MiB\tsaved on {saved(on):.2f} off {saved(off):.2f}\twritten on {int(on['ssdBytesWritten']) >> 20} off {int(off['ssdBytesWritten']) >> 20} MiB\t{'identical' if not diff else 'differ: ' + ','.join(diff)}", flush=True)
