#!/usr/bin/env python3
"""Cut DataNode clienttrace logs at a time: the lines logged before the earliest first line of the
given logs plus HOURS, each log to its own output. A trace and its cut decide the same up to the
cut under any online policy (docs/research/admission-bound.md); a fleet's logs are cut at one time.
Usage: benchmarks/tuning/cut.py HOURS LOG OUT [LOG OUT ...]"""
import datetime, sys

STAMP = '%Y-%m-%d %H:%M:%S,%f'

def stamp(line, where):
    try:
        return datetime.datetime.strptime(line[:23], STAMP)
    except ValueError:
        raise SystemExit(f'cut.py: {where}: no log time (YYYY-MM-DD HH:MM:SS,mmm) at the start of '
                         f'{line[:40]!r}')

def first_time(path):
    with open(path, errors='replace') as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                return stamp(line, f'{path}:{n}')
    raise SystemExit(f'cut.py: {path} is empty')

def cut(hours, pairs):
    """Writes each (log, out) pair's lines before the cut; returns the lines kept per log."""
    end = min(first_time(log) for log, _ in pairs) + datetime.timedelta(hours=hours)
    kept = []
    for log, out in pairs:
        n = 0
        with open(log, errors='replace') as f, open(out, 'w') as o:
            for i, line in enumerate(f, 1):
                if not line.strip():
                    continue
                if stamp(line, f'{log}:{i}') >= end:
                    break  # clienttrace logs are in time order
                o.write(line)
                n += 1
        kept.append(n)
    return kept

if __name__ == '__main__':
    if len(sys.argv) < 4 or len(sys.argv) % 2:
        raise SystemExit(__doc__)
    try:
        h = float(sys.argv[1])
    except ValueError:
        raise SystemExit(f'cut.py: HOURS must be a number, got {sys.argv[1]!r}')
    if h <= 0:
        raise SystemExit(f'cut.py: HOURS must be > 0, got {h}')
    args = sys.argv[2:]
    for (log, out), n in zip(zip(args[::2], args[1::2]), cut(h, list(zip(args[::2], args[1::2])))):
        print(f'{log}: {n} lines to {out}')
