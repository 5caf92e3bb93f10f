import sys,re
sys.path.insert(0,'/tmp/d24')
exec(open('/tmp/d24/sum.py').read().split('for f in sys.argv')[0])
def pct(x): return -float(x.rstrip('%'))
def gib(x):
    v,u=x.split(); v=float(v); return v*{'B':1/2**30,'KiB':1/2**20,'MiB':1/1024,'GiB':1,'TiB':1024}[u]
new=sys.argv[1]
res={}
for shape in ['interactive','batch','skewed']:
  for seed in [1,2,3]:
    try: base=rows(f'/tmp/d24/base-{shape}-{seed}.txt')
    except FileNotFoundError: continue
    try: tun=rows(f'/tmp/d24/var-{new}-{shape}-{seed}.txt')
    except FileNotFoundError: tun=[]
    try: old=rows(f'/tmp/d24/var-r25d60-{shape}-{seed}.txt')
    except FileNotFoundError: old=[]
    for cache in sorted({d['cache'] for d in base}, key=gib):
        fixed=[(pct(d['hddTime']),d['policy'].split(',')[0].split('=')[1]) for d in base if d['cache']==cache and d['policy'].startswith('bucket-time')]
        if not fixed: continue
        best=max(fixed)
        t=[d for d in tun if d['cache']==cache]
        o=[d for d in old if d['cache']==cache]
        tv=pct(t[0]['hddTime']) if t else float('nan')
        ov=pct(o[0]['hddTime']) if o else float('nan')
        c=gib(cache); budget=c*1.5
        tw=gib(t[0]['ssdWritten']) if t else float('nan')
        den=t[0]['denied(cost/ssd)'] if t else ''
        worst=min(f[0] for f in fixed)
        print(f"{shape:12s} s{seed} {cache:>8s} best {best[1]:>4s}:{best[0]:5.1f}  old {ov:5.1f} ({ov-best[0]:+5.1f})  new {tv:5.1f} ({tv-best[0]:+5.1f})  written {tw:6.1f}/{budget:6.1f} denied {den}  worstfixed {worst:5.1f}")
