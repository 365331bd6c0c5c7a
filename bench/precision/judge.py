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
# Targeted contexts: every identifier of the set (at b66ec90) whose span holds
# "&" or ends in "*", judged; classes the random sample did not reach.
E, G = '/work/eval/', __import__('subprocess').run(['go', 'env', 'GOROOT'], capture_output=True, text=True).stdout.strip() + '/src/'
strophe = E + 'deb/libstrophe-dev_0.12.2-1_amd64/usr/share/doc/libstrophe-dev/html/strophe_8h.html'
targeted = [
 (strophe, 754, ['urn:ietf:params:xml:ns:xmpp-streams'], 'entity'),
 (strophe, 770, ['urn:ietf:params:xml:ns:xmpp-stanzas'], 'entity'),
 (strophe, 786, ['urn:ietf:params:xml:ns:xmpp-tls'], 'entity'),
 (strophe, 930, ['urn:xmpp:sm:3'], 'entity'),
 (E + 'rfc/rfcs/rfc5628.txt', 367, ['urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6'], 'entity'),
 (E + 'deb/python3-pysaml2_7.0.1-2_all/usr/lib/python3/dist-packages/saml2/entity_category/__init__.py', 3, ['urn:oasis:names:tc:SAML:metadata:attribute'], 'compound'),
 (E + 'rfc/rfcs/bcp/bcp183.txt', 249, [], 'template'),
 (E + 'rfc/rfcs/rfc4854.txt', 139, [], 'template'),
 (E + 'rfc/rfcs/rfc7521.txt', 422, [], 'template'),
 (E + 'rfc/rfcs/rfc7521.txt', 502, [], 'template'),
 (E + 'rfc/rfcs/rfc8141.txt', 771, ['urn:example:weather?=op=map&lat=39.56'], 'plain'),
 (G + 'net/url/url_test.go', 590, ['urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a'], 'query'),
 (G + 'net/url/url_test.go', 595, ['urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a'], 'query'),
]
rows.append('# targeted: every identifier of the set whose span holds "&" or ends in "*" (one per distinct line)')
for path, n, exp, cls in targeted:
    line = open(path, 'rb').read().split(b'\n')[n - 1].decode('utf-8')
    ctx = line.replace('\\', '\\\\').replace('\t', '\\t').replace('\r', '\\r')
    if ctx.startswith('#'):
        ctx = '\\x23' + ctx[1:]
    src = path.replace(E + 'deb/', 'deb:').replace(E + 'rfc/rfcs/', 'rfc:').replace(G, 'go:')
    rows.append(f"{ctx}\t{' '.join(exp)}\t{cls}\t{src}")
# Later draws are appended by add-judged.py after this part: keep them.
later = []
try:
    old = open(judged).read().split('\n')
    k = next((i for i, l in enumerate(old) if l.startswith('# seed 20')), None)
    if k is not None:
        later = [l for l in old[k:] if l]
except FileNotFoundError:
    pass
with open(judged, 'w') as f:
    f.write('# issue 19 judged sample: context line (escaped \\\\ \\t \\r \\n \\xNN)\texpected identifiers\tclass\tsource\n')
    f.write('# drawn with `go run ./bench/precision -seed 19` from the set of bench/precision/README.md; judged by hand\n')
    f.write('\n'.join(rows + later) + '\n')
