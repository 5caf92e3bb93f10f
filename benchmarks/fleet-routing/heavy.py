# share of read bytes carried by the hottest blocks, per log
import re, sys, collections
for f in sys.argv[1:]:
    b = collections.Counter(); tot = 0
    for line in open(f, errors='replace'):
        if 'HDFS_READ' not in line: continue
        m = re.search(r'bytes: (\d+).*?blk_(-?\d+)_', line)
        if not m: continue
        n = int(m.group(1)); b[m.group(2)] += n; tot += n
    top = [v for _, v in b.most_common(100)]
    print(f"{f}: blocks read {len(b)}, top-1 {100*top[0]/tot:.1f}%, top-10 {100*sum(top[:10])/tot:.1f}%, top-100 {100*sum(top)/tot:.1f}% of read bytes")
