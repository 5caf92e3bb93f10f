#!/usr/bin/env python3
"""docs/tuning.md's oracle bound: per shape, seed and cache size (1% and 5% of the bytes each
trace touched), the best fixed threshold, the future-knowing research admission (`sweep --oracle`,
FutureReadsOracle; the best of its M values in hindsight) and the tuned default.
Usage: benchmarks/tuning/oracle.py WORKDIR SEEDS [SHAPES]  (from the repository root), after
table.py has filled WORKDIR (traces, fixed sweeps, tuned runs under TAG).
Environment: HLC, the launcher (default bin/hdfs-local-cache); ORACLE, the sweep's oracle
options (default: --oracle 2,8,32,128 --oracle-tuned 8 --oracle-gated 3,7,15,31); TAG, the tuned
runs' file name (default tuned)."""
import csv, os, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from table import HLC, SHAPES, touched  # noqa: E402

ORACLE = os.environ.get(
    'ORACLE', '--oracle 2,8,32,128 --oracle-tuned 8 --oracle-gated 3,7,15,31').split()

def saved(r):
    return 100 * (1 - float(r['diskHeadSecondsWithCache']) / float(r['diskHeadSecondsWithoutCache']))

def by_size(path, prefix):
    rows = {}
    for r in csv.DictReader(open(path)):
        if r['policy'].startswith(prefix):
            rows.setdefault(int(r['cacheSizeBytes']), []).append(
                (r['policy'].replace('"', ''), saved(r), int(r['fillsDeniedWriteBudget'])))
    return rows

def run(work, shape, seed):
    base = f'{work}/{shape}-{seed}'
    t = touched(f'{base}.log')
    sizes = [max(1 << 20, t // 100), max(1 << 20, t * 5 // 100)]
    out = f'{base}.oracle.csv'
    if not os.path.exists(out):
        subprocess.run([HLC, 'sweep', '-q', '--trace', f'{base}.log', '--threads', '2',
                        '--cache-size', ','.join(f'{s // (1 << 20)}m' for s in sizes),
                        *ORACLE, '--csv', out], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    fixed = by_size(f'{base}.fixed.csv', 'bucket-time')
    oracle = by_size(out, 'oracle')
    tuned = by_size(f'{base}.{os.environ.get("TAG", "tuned")}.csv', 'tuned')
    for i, size in enumerate(sorted(fixed)):
        best = max(fixed[size], key=lambda x: x[1])
        best = (best[0].split(',')[0].split('=')[-1], *best[1:])
        orc = max(oracle[size], key=lambda x: x[1])
        tun = tuned[size][-1]
        print(f'{shape}\t{seed}\t{["1%","5%"][i]}\t{best[0]}\t{best[1]:.1f}\t{orc[0]}\t{orc[1]:.1f}\t'
              f'{orc[1] - best[1]:+.1f}\t{orc[2]}\t{tun[1]:.1f}\t{tun[1] - best[1]:+.1f}', flush=True)

if __name__ == '__main__':
    work, seeds = sys.argv[1], [int(s) for s in sys.argv[2].split(',')]
    shapes = sys.argv[3].split(',') if len(sys.argv) > 3 else list(SHAPES)
    print('shape\tseed\tcache\tbest fixed\tsaved%\toracle M\toracle saved%\toracle-best\t'
          'oracle budget refusals\ttuned saved%\ttuned-best', flush=True)
    for seed in seeds:
        for shape in shapes:
            run(work, shape, seed)
