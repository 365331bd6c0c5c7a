# add-judged.py DIR LABEL 'JSON {scheme:{line:[expected, class]}}': appends
# the not-yet-judged contexts of DIR/sample-{urn,xri}.tsv (written by
# `go run ./bench/precision -out DIR`) to testdata/precision/judged.tsv, run
# from the repository's root, after every context was read by hand: the
# JSON lists the wrong ones (0-based line of the sample file → expected
# identifiers and class); a context not listed is judged right (idlint's
# identifiers). A wrapped context gets its next line (the rule that tells
# it reads it), and so does a context whose line ends in ":" right after
# an identifier (a YAML key, a prefix: the rules that tell them read the
# next line); a bare XRDS value its document's opening element.
import sys,json
d,label,wrong=sys.argv[1],sys.argv[2],json.loads(sys.argv[3])
J='testdata/precision/judged.tsv'
existing=set(l.split('\t')[0] for l in open(J) if not l.startswith('#'))
rows=[];n=0
def esc(s): return s.replace('\\','\\\\').replace('\t','\\t').replace('\r','\\r').replace('\n','\\n')
for scheme in ('urn','xri'):
    for i,l in enumerate(open(f'{d}/sample-{scheme}.tsv')):
        ctx,ids,mark,src,drawn=l.rstrip('\n').split('\t')
        if mark=='judged': continue
        exp,cls=wrong.get(scheme,{}).get(str(i),(ids.split(),'plain'))
        if cls=='wrapped' or (ids and ctx.endswith(ids.split()[-1]+':')):
            lines=open(src,'rb').read().decode('utf-8','replace').split('\n')
            k=[j for j,x in enumerate(lines) if esc(x)==ctx]
            assert len(k)>=1,(src,ctx)
            ctx=ctx+'\\n'+esc(lines[k[0]+1])
        if scheme=='xri' and exp and not exp[0].lower().startswith('xri:') and 'xmlns' not in ctx:
            ctx='<XRDS xmlns="xri://$xrds">\\n'+ctx.strip()
            exp=['xri://$xrds']+exp
        if ctx in existing: continue
        existing.add(ctx)
        src=src.replace('/work/eval/deb/','deb:').replace('/work/eval/rfc/rfcs/','rfc:').replace('/work/eval/doc/','doc:').replace('/work/shared/corpora/xri/','corpora/xri/').replace('/usr/local/go/src/','go:').replace('/work/eval/man/','man:')
        rows.append(f"{ctx}\t{' '.join(exp)}\t{cls}\t{src}")
if rows:
    with open(J,'a') as f:
        f.write(f'# {label}; judged by hand\n')
        f.write('\n'.join(rows)+'\n')
print(len(rows),'added')
