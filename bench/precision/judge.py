# judge.py: the hand judgments of the issue-19 sample (seed 19, idlint at
# main b66ec90), applied to sample-{urn,xri}.tsv written by
# `go run ./bench/precision`; writes testdata/precision/judged.tsv and prints
# precision weighted by draws. Line numbers are the samples' lines.
import sys
out_dir, judged = sys.argv[1], sys.argv[2]
wrong = {
 'urn': {
  11: ([], 'qname'), 40: ([], 'qname'), 282: ([], 'qname'),
  15: (['urn:ietf:params:xml:ns:vcard-4.0'], 'compound'),
  16: ([], 'template'),
  51: ([], 'prefix'),
  92: (['urn:uuid:f81-7dec-14a06cf1'], 'param'),
  127: (['urn:ietf:params:cpim-headers:'], 'delimited'),
  128: (['urn:ietf:params:xml:ns:xmpp-stanzas'], 'quote'),
  203: (['urn:ietf:params:xml:ns:xmpp-stanzas'], 'quote'),
  267: (['urn:ietf:params:xml:ns:pidf'], 'quote'),
  130: ([], 'wrapped'), 161: ([], 'wrapped'), 273: ([], 'wrapped'),
  154: ([], 'prose'),
 },
 'xri': {
  15: ([], 'prefix'), 20: ([], 'prefix'), 23: ([], 'prefix'), 37: ([], 'prefix'),
  72: ([], 'prefix'), 74: ([], 'prefix'),
  56: ([], 'escaped'), 81: ([], 'escaped'),
 },
}
rows = []
for scheme in ('urn', 'xri'):
    draws = right = 0
    bad = {}
    for i, l in enumerate(open(f'{out_dir}/sample-{scheme}.tsv'), 1):
        ctx, ids, _, src, drawn = l.rstrip('\n').split('\t')
        exp, cls = wrong[scheme].get(i, (ids.split(), 'plain'))
        for d in drawn.split():
            draws += 1
            if d in exp:
                right += 1
            else:
                bad[cls] = bad.get(cls, 0) + 1
        if scheme == 'xri' and exp and not exp[0].lower().startswith('xri:') and 'xmlns' not in ctx:
            # A bare XRDS value is an XRI only inside an XRDS document: the
            # context says so with the document's opening element.
            ctx = '<XRDS xmlns="xri://$xrds">\\n' + ctx.strip()
            exp = ['xri://$xrds'] + exp
        src = src.replace('/work/eval/deb/', 'deb:').replace('/work/eval/rfc/rfcs/', 'rfc:').replace('/work/eval/doc/', 'doc:').replace('/work/shared/corpora/xri/', 'corpora/xri/').replace('/usr/local/go/src/', 'go:')
        rows.append(f"{ctx}\t{' '.join(exp)}\t{cls}\t{src}")
    print(f'{scheme}: {right}/{draws} drawn identifiers right = {100*right/draws:.2f} %; wrong by class: {bad}')
with open(judged, 'w') as f:
    f.write('# issue 19 judged sample: context line (escaped \\\\ \\t \\r \\n \\xNN)\texpected identifiers\tclass\tsource\n')
    f.write('# drawn with `go run ./bench/precision -seed 19` from the set of bench/precision/README.md; judged by hand\n')
    f.write('\n'.join(rows) + '\n')
