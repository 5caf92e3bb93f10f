#!/usr/bin/env python3
"""docs/tuning.md's table: every shape `generate` offers, seeds, 1% and 5% of the bytes each
trace touched; the tuned default against the best fixed threshold at the same write budget.
Usage: benchmarks/tuning/table.py WORKDIR SEEDS [SHAPES]  (from the repository root)
Environment: HLC, the launcher (default bin/hdfs-local-cache); READS_PER_DAY (default 1000000);
FIXED, the thresholds to beat; TAG, a name for the tuned runs' files (default tuned); POLICY, the
policy run against them (default tuned, e.g. tuned:room=0 or frequency); DATANODES, a fleet of N
DataNodes (default 1: `generate --datanodes N`, every block on 3 of them, a read on one at random;
each DataNode's cache 1% / 5% of the bytes it touched on average, `--replicas on`; the fleet's row)."""
import csv, os, re, subprocess, sys

HLC = os.environ.get('HLC', 'bin/hdfs-local-cache')
READS_PER_DAY = int(os.environ.get('READS_PER_DAY', '1000000'))

SHAPES = {  # name -> hours (reads: READS_PER_DAY a day)
    'interactive': 24, 'batch': 24, 'skewed': 24, 'rotating': 6, 'multiday': 72, 'flat': 48,
    'steep': 24, 'storms': 24, 'coldstart': 3, 'warm': 72,
    'fading': 48, 'hourly': 6, 'reranked': 24}
FIXED = os.environ.get('FIXED', '1,3,7,15,31,63,127,255')
DATANODES = int(os.environ.get('DATANODES', '1'))
READ = re.compile(r'bytes: (\d+), op: HDFS_READ, .*?offset: (\d+), .*?blk_(\d+)_')

def touched(path):
    ends = {}
    for line in open(path, errors='replace'):
        m = READ.search(line)
        if m:
            end = int(m.group(2)) + int(m.group(1)) * 512 // 516  # logged bytes carry checksums
            if ends.get(m.group(3), 0) < end:
                ends[m.group(3)] = end
    return sum(ends.values())

def sweep(log, mib, what, out):
    fleet = ['--replicas', 'on'] if DATANODES > 1 else []
    subprocess.run([HLC, 'sweep', '-q', '--trace', log, '--threads', '2', '--cache-size', mib,
                    *fleet, *what, '--csv', out], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def run(work, shape, seed):
    name = f'{shape}-{seed}' if DATANODES == 1 else f'{shape}-{seed}-x{DATANODES}'
    log = f'{work}/{name}.log'
    logs = [log] if DATANODES == 1 else [f'{work}/{name}-dn{i}.log' for i in range(1, DATANODES + 1)]
    if not os.path.exists(logs[-1]):
        reads = READS_PER_DAY * SHAPES[shape] // 24
        subprocess.run([HLC, 'generate', '--shape', f'{shape}:reads={reads}', '--seed', str(seed),
                        '--datanodes', str(DATANODES), '--out', log],
                       check=True, stderr=subprocess.DEVNULL)
    t = sum(touched(f) for f in logs) // len(logs)
    if DATANODES > 1:
        log = f'{work}/{name}-dn*.log'
    sizes = [max(1 << 20, t // 100), max(1 << 20, t * 5 // 100)]
    mib = ','.join(f'{s // (1 << 20)}m' for s in sizes)
    fixed_csv = f'{work}/{name}.fixed.csv'  # the fixed thresholds: once per trace
    if not os.path.exists(fixed_csv):
        sweep(log, mib, ['--threshold', FIXED], fixed_csv)
    tuned_csv = f'{work}/{name}.{os.environ.get("TAG", "tuned")}.csv'
    sweep(log, mib, ['--policy', os.environ.get('POLICY', 'tuned')], tuned_csv)
    def row(r):
        saved = 100 * (1 - float(r['diskHeadSecondsWithCache']) / float(r['diskHeadSecondsWithoutCache']))
        return (r['policy'].split(',')[0], saved, int(r['ssdBytesWritten']), int(r['fillsDeniedWriteBudget']))
    rows, runs = {}, {}
    mine = lambda r: DATANODES == 1 or r['datanode'].startswith('fleet')
    for r in filter(mine, csv.DictReader(open(fixed_csv))):
        rows.setdefault(int(r['cacheSizeBytes']), []).append(row(r))
    for r in filter(mine, csv.DictReader(open(tuned_csv))):  # POLICY's row first: sweep may add the default's
        runs.setdefault(int(r['cacheSizeBytes']), row(r))
    for i, size in enumerate(sorted(rows)):
        fixed = [x for x in rows[size] if x[0].startswith('bucket-time')]
        tuned = runs[size]
        best = max(fixed, key=lambda x: x[1])
        print(f'{shape}\t{seed}\t{["1%","5%"][i]}\t{size >> 20}\t{best[0].split("=")[1]}\t'
              f'{best[1]:.1f}\t{tuned[1]:.1f}\t{tuned[1] - best[1]:+.1f}\t{tuned[2] >> 20}\t{tuned[3]}',
              flush=True)

if __name__ == '__main__':
    work, seeds = sys.argv[1], [int(s) for s in sys.argv[2].split(',')]
    shapes = sys.argv[3].split(',') if len(sys.argv) > 3 else list(SHAPES)
    os.makedirs(work, exist_ok=True)
    print('shape\tseed\tcache\tMiB\tbest fixed\tbest saved%\ttuned saved%\ttuned-best\ttuned SSD MiB\ttuned budget refusals', flush=True)
    for seed in seeds:
        for shape in shapes:
            run(work, shape, seed)
