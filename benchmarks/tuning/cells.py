#!/usr/bin/env python3
"""Summarise benchmarks/tuning/table.py's runs against the bar: per cell (shape, seed, 1% / 5%),
each TAG's disk-head time saved minus the best fixed threshold's, then per TAG the mean, the worst
cell, the cells within 1 point, and the cells more than 0.5 point below fixed threshold 15.
Usage: benchmarks/tuning/cells.py WORKDIR SEEDS TAGS [fleet]
  TAGS: comma-separated TAG names of table.py's runs (WORKDIR/<shape>-<seed>[-x3].<TAG>.csv);
  A|B takes A's file where there is one, else B's. A cell is left out unless every TAG has it.
  fleet: read the fleets' rows (table.py with DATANODES=3)."""
import csv, glob, os, statistics, sys

def saved(r):
    return 100 * (1 - float(r['diskHeadSecondsWithCache']) / float(r['diskHeadSecondsWithoutCache']))

def by_size(path, fleet):
    out = {}
    for r in csv.DictReader(open(path)):
        if not fleet or r['datanode'].startswith('fleet'):
            out.setdefault(int(r['cacheSizeBytes']), []).append(r)
    return out

def main(work, seeds, tags, fleet):
    res = {t: [] for t in tags}
    print('cell\tbest\t' + '\t'.join(tags))
    for fixed_csv in sorted(glob.glob(f'{work}/*.fixed.csv')):
        base = fixed_csv[:-len('.fixed.csv')]
        name = os.path.basename(base)
        if name.split('-')[1] not in seeds:
            continue
        files = {}
        for t in tags:
            found = [f'{base}.{x}.csv' for x in t.split('|') if os.path.exists(f'{base}.{x}.csv')]
            if found:
                files[t] = found[0]
        if len(files) < len(tags):
            continue
        fixed_rows = by_size(fixed_csv, fleet)
        runs = {t: by_size(f, fleet) for t, f in files.items()}
        for i, size in enumerate(sorted(fixed_rows)):
            fixed = {r['policy'].split(',')[0].split('=')[1]: saved(r)
                     for r in fixed_rows[size] if r['policy'].startswith('bucket-time')}
            best = max(fixed.values())
            line = f'{name} {["1%", "5%"][i]}\t{best:.1f}'
            for t in tags:
                v = saved(runs[t][size][0])  # the policy's row first: sweep may add the default's
                res[t].append((v - best, v - fixed['15']))
                line += f'\t{v - best:+.1f}'
            print(line)
    for t in tags:
        d = [x[0] for x in res[t]]
        f = [x[1] for x in res[t]]
        if d:
            print(f'{t}: {len(d)} cells; - best mean {statistics.mean(d):+.2f}, worst {min(d):+.1f}, '
                  f'within 1 in {sum(x >= -1 for x in d)}; below fixed 15 - 0.5 in {sum(x < -0.5 for x in f)}')

if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2].split(','), sys.argv[3].split(','), len(sys.argv) > 4)
