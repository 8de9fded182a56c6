import json,glob,sys,statistics,re,collections
d=sys.argv[1]; rows=collections.defaultdict(dict)
for f in sorted(glob.glob(d+'/*.json')):
    m=re.match(r'(\d+)-(\d+)-(\w+)\.json',f.split('/')[-1]); size,r,s=m.groups()
    j=json.load(open(f))[0]['primaryMetric']; rows[(int(size),int(r))][s]=(j['score'],j['scoreError'])
by=collections.defaultdict(list)
for (size,r),v in sorted(rows.items()):
    if 'COMPACT' in v and 'DENSE' in v:
        ratio=v['COMPACT'][0]/v['DENSE'][0]; by[size].append(ratio)
        print(f"{size:>6} round {r}: compact {v['COMPACT'][0]:,.0f} ± {v['COMPACT'][1]:,.0f}  dense {v['DENSE'][0]:,.0f} ± {v['DENSE'][1]:,.0f}  ratio {ratio:.3f}")
for size,rs in by.items(): print(f"{size}: median ratio {statistics.median(rs):.3f} over {len(rs)} pairs, min {min(rs):.3f} max {max(rs):.3f}")
