# Markdown tables for docs/research/fleet-routing.md from /tmp/h37sim/out/*.csv
import csv, glob, os, statistics, sys
OUT = os.environ.get('RUN', '/tmp/h37sim') + '/out'
def saved(w, wo): return 100 * (1 - float(w) / float(wo))
def fleet(f):
    d = {}
    for r in csv.DictReader(open(f)):
        if not r['datanode'].startswith('fleet'): continue
        size, n = int(r['cacheSizeBytes']), int(r['dataNodes'])
        d[(size, r['routing'])] = dict(
            saved=saved(r['diskHeadSecondsWithCache'], r['diskHeadSecondsWithoutCache']),
            pooled=saved(r['pooledDiskHeadSecondsWithCache'], r['pooledDiskHeadSecondsWithoutCache']),
            dup=100 * float(r['duplicatedBytesMean'] or 0) / (size * n),
            denied=int(r['fillsDeniedWriteBudget']), n=n)
    return d
def cells(prefix):
    for f in sorted(glob.glob(f'{OUT}/{prefix}-*.csv')):
        name = f.split(prefix + '-')[1][:-4]
        d = fleet(f)
        sizes = sorted({k[0] for k in d})
        for i, size in enumerate(sizes):
            yield name, ('1%', '5%')[i], size, d[(size, 'stock')], d[(size, 'owner')]
def routing_table(prefix):
    print('| trace | fleet SSD | per-DN cache | stock saved | owner saved | pooled bound | owner − pooled | dup. SSD mean, stock | dup. SSD mean, owner | bar (≥ −2, ≤ 5%) |')
    print('|---|---|---|---|---|---|---|---|---|---|')
    worst = []
    for name, pct, size, s, o in cells(prefix):
        diff = o['saved'] - o['pooled']
        ok = diff >= -2 and o['dup'] <= 5
        worst.append(diff)
        print(f"| {name} | {pct} | {size/2**30:.1f} GiB | {s['saved']:.1f} | {o['saved']:.1f} | {o['pooled']:.1f} | {diff:+.1f} | {s['dup']:.1f}% | {o['dup']:.1f}% | {'met' if ok else '**missed**'} |")
    print(f"\n{prefix}: cells {len(worst)}, met {sum(x >= -2 for x in worst)}, owner − pooled min {min(worst):+.1f} mean {statistics.mean(worst):+.1f}\n")
def sample_table():
    err = {}
    print('| fleet | fleet SSD | routing | full saved | 10%: saved (error) | 1%: saved (error) | fill denials by write budget, full / 10% / 1% |')
    print('|---|---|---|---|---|---|---|')
    for f in sorted(glob.glob(f'{OUT}/routing-*.csv')):
        name = f.split('routing-')[1][:-4]
        full = fleet(f)
        s = {r: fleet(f'{OUT}/sample{r}-{name}.csv') for r in ('0.1', '0.01')}
        for i, size in enumerate(sorted({k[0] for k in full})):
            for rt in ('stock', 'owner', 'pooled'):
                k = (size, 'owner' if rt == 'pooled' else rt)
                key = 'pooled' if rt == 'pooled' else 'saved'
                fv = full[k][key]
                row = [name, ('1%', '5%')[i], rt, f'{fv:.1f}']
                for r in ('0.1', '0.01'):
                    sv = s[r][k][key]
                    err.setdefault((r, rt), []).append(abs(sv - fv))
                    row.append(f'{sv:.1f} ({sv - fv:+.1f})')
                den = '—' if rt == 'pooled' else f"{full[k]['denied']:,} / {s['0.1'][k]['denied']:,} / {s['0.01'][k]['denied']:,}"
                print('| ' + ' | '.join(row) + f' | {den} |')
    print('\n| sample rate | figure | cells | mean abs. error (points) | max abs. error | cells within 1 point |')
    print('|---|---|---|---|---|---|')
    for (r, rt), a in sorted(err.items(), key=lambda x: (-float(x[0][0]), x[0][1])):
        print(f'| {float(r):.0%} | {rt} saved | {len(a)} | {statistics.mean(a):.1f} | {max(a):.1f} | {sum(x <= 1 for x in a)} |')
which = sys.argv[1] if len(sys.argv) > 1 else 'all'
if which in ('all', 'routing'): routing_table('routing')
if which in ('all', 'spread'): routing_table('spread')
if which in ('all', 'sample'): sample_table()
if which == 'compare':  # report.py compare FULL.csv ESTIMATE.csv: an estimate's fleet rows
    full, est = fleet(sys.argv[2]), fleet(sys.argv[3])
    for i, size in enumerate(sorted({k[0] for k in full})):
        for rt in ('stock', 'owner', 'pooled'):
            k = (size, 'owner' if rt == 'pooled' else rt)
            key = 'pooled' if rt == 'pooled' else 'saved'
            fv, ev = full[k][key], est[k][key]
            print(f"{('1%', '5%')[i]} {rt}: full {fv:.1f}, estimate {ev:.1f} ({ev - fv:+.1f}); "
                  f"write-budget denials {full[k]['denied']} / {est[k]['denied']}")
