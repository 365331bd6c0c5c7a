#!/usr/bin/env python3
"""Write testdata/namespaces/judged.tsv from idlint scan --format jsonl outputs
(issue 21 item 4): one row per distinct (rule, identifier) of the namespace rules
URN101-URN125 found in a plain file (archive members are judged in README only),
at most PER_RULE per rule, with the judgment below.

usage: bench/namespaces/judged.py OUT.tsv SCAN.jsonl...

Row: context (tsvesc escapes: 240 bytes before the identifier, 160 after),
path (the file's path from its last 'rfc'/'deb'/'lib'/... part, under which the
test scans the context: URN124 depends on it), identifier, the namespace rules
idlint reports on it (space-separated, "-" for none), verdict, class, source.
Verdicts: true (the identifier breaks the namespace's rule, or the fact stated is
right), placeholder (right by the spec, but written as an obvious placeholder or
template), false (a false alarm: not that identifier, or not an identifier).
"""
import collections, json, random, sys

PER_RULE = 14

def esc(b):
    out = []
    s = b.decode('utf-8', 'surrogateescape')
    for i, ch in enumerate(s):
        o = ord(ch)
        if ch == '\\': out.append('\\\\')
        elif ch == '\t': out.append('\\t')
        elif ch == '\r': out.append('\\r')
        elif ch == '\n': out.append('\\n')
        elif 0xdc80 <= o <= 0xdcff: out.append('\\x%02x' % (o - 0xdc00))
        elif o < 0x20 or o == 0x7f or (ch == '#' and i == 0): out.append('\\x%02x' % o)
        else: out.append(ch)
    return ''.join(out)

# judgments by identifier: verdict, class
J = {
    # URN101 uuid-syntax
    'urn:uuid:f81-7dec-14a06cf1': ('placeholder', 'shortened UUID in a SIP example (RFC 7118)'),
    'urn:uuid:cdef5c6d5-gff8-4ebb-assa-80dwe44efkjo': ('true', 'not hex, 37 characters (RFC 5005)'),
    'urn:uuid:87654321-4321-dcba-aa00-dcba7654321': ('true', '35 characters (RFC 7937)'),
    'urn:uuid:893eeeyuinm981': ('placeholder', 'made-up GRUU instance (RFC 5631)'),
    'urn:uuid:jtr5623n': ('placeholder', 'made-up GRUU instance (RFC 5631)'),
    'urn:uuid:bbb6981': ('placeholder', 'made-up GRUU instance (RFC 5631)'),
    'urn:uuid:ytav223h67gb3': ('placeholder', 'made-up GRUU instance (RFC 5631)'),
    'urn:uuid:qfnb443ccui': ('placeholder', 'made-up GRUU instance (RFC 5631)'),
    'urn:uuid:65718ef-0123-9876-adce4321bcde': ('true', 'wrong grouping (RFC 7937)'),
    'urn:uuid:1234567-8fedc-abab-0987654321ff': ('true', 'wrong grouping (RFC 7937)'),
    'urn:uuid:f81d4fae-7ced-11d0-a765-00a0c91e6bf6@example.com': ('true', 'instance ID with @host is not a urn:uuid (RFC 6080)'),
    'urn:uuid:xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx': ('placeholder', 'template in a doc comment (google/uuid)'),
    'URN:UUID:f47ac10b-58cc-4372-0567-0e02b2c3d479': ('true', 'NCS variant: a test input of google/uuid'),
    'urn:uuid:f47ac10b-58cc-4372-0567-0e02b2c3d479': ('true', 'NCS variant: a test input of google/uuid'),
    'urn:uuid:client_id': ('false', 'binary: a "urn:uuid:" string constant run into the next one in a Go binary'),
    'urn:uuid:missing': ('false', 'binary: string table of a Go binary'),
    'urn:uuid:Not': ('false', 'binary: string table of a Go binary'),
    'urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a&lt;/id&gt': ('false', 'entity: the span takes &lt;/id&gt of escaped markup'),
    # URN102 uuid-version (info)
    'urn:uuid:01234567-89ab-cdef-fedc-ba9876543210': ('placeholder', 'counting-pattern example (RFC 8011)'),
    'urn:uuid:fe184f2e-6eec-41d0-c765-01adc56e6bb4': ('true', 'made-up lock token, Microsoft variant (RFC 4918)'),
    'urn:uuid:00000000-0000-0000-0000-123456789AB0': ('placeholder', 'counting-pattern example (RFC 6080)'),
    'urn:uuid:a515cfa4-5da4-22e1-f5b5-00a0451e6bf7': ('true', 'reserved variant (RFC 4918)'),
    'urn:uuid:e454f3f3-acdc-452a-56c7-00a5c91e4b77': ('true', 'NCS variant (RFC 4918)'),
    'urn:uuid:12345678-1234-abcd-00aa-01234567abcd': ('placeholder', 'counting-pattern example (RFC 7937)'),
    'urn:uuid:f81de2ad-7f3d-a1b2-4f3c-00a0c91a9d76': ('true', 'NCS variant, version 10 (RFC 4918)'),
    'urn:uuid:663ae677-40fb-e99a-049d-c5642916b8ce': ('true', 'NCS variant, version 14 (RFC 7937)'),
    'urn:uuid:e71d4fae-5dec-22d6-fea5-00a0c91e6be4': ('true', 'reserved variant (RFC 4918)'),
    'urn:uuid:12345678-1234-5678-1234-567812345678': ('placeholder', 'counting-pattern example in a docstring (Python uuid)'),
    'urn:uuid:0000016d-3a85-4cca-0000-000000016d14': ('true', 'Synthea FHIR data: generator leaves variant bits 0'),
    'urn:uuid:0000016d-3a85-4cca-0000-000000000c44': ('true', 'Synthea FHIR data: generator leaves variant bits 0'),
    'urn:uuid:0000016d-3a85-4cca-0000-000000000226': ('true', 'Synthea FHIR data: generator leaves variant bits 0'),
    # URN103
    'urn:oid:1:0:7852:2:3': ('true', 'colons for dots, shown as the awkward alternative (RFC 5141)'),
    # URN105
    'urn:ietf:rfc:rfc9711': ('true', 'rfc2648 wants digits: urn:ietf:rfc:9711 (a profile identifier RFC 9711 defines)'),
    'urn:ietf:rfc:rfc2533': ('true', 'rfc2648 wants digits (RFC 3343 comment)'),
    # URN106
    'urn:ietf:xml:ns:kpml-response': ('true', 'registered as urn:ietf:params:xml:ns:kpml-response (RFC 4730 text)'),
    'urn:ietf:xml:ns:kpml-request': ('true', 'registered as urn:ietf:params:xml:ns:kpml-request (RFC 4730 text)'),
    'urn:ietf:wg:oauth:2.0:oob': ('true', 'Google OAuth out-of-band redirect: widely used, never registered'),
    'urn:ietf:wg:oauth:2.0:oob:auto': ('true', 'Google OAuth out-of-band redirect: widely used, never registered'),
    'urn:ietf:wg:oauth:2.0:oobz': ('false', 'binary: marshal type byte after the string in a .pyc'),
    'urn:ietf:wg:oauth:2.0:oobc': ('false', 'binary: marshal type byte after the string in a .pyc'),
    'urn:ietf:wg:oauth:2.0:oobz)https://accounts.google.com/o/oauth2/authz#https://oauth2.googleapis.com/token': ('false', 'binary: .pyc strings run together'),
    # URN107
    'urn:ietf:params': ('false', 'prose naming the namespace'),
    'urn:ietf:params:dns:rr-type-codes:soa': ('placeholder', 'hypothetical registration in BCP 73'),
    'urn:ietf:params:dns:rr-type-codes': ('placeholder', 'hypothetical registration in BCP 73'),
    'urn:ietf:params:dns:rr-types': ('placeholder', 'hypothetical registration in BCP 73'),
    'urn:ietf:params:foo-params:foo': ('placeholder', 'hypothetical class in BCP 73'),
    'urn:ietf:params:lost:location-profile:basic-civic': ('true', 'class "lost" never registered (RFC 6739; RFC 5222 names profiles otherwise)'),
    'urn:ietf:params:xmls:schema:iodef-2.0': ('true', 'typo for xml:schema (RFC 7970)'),
    'urn:ietf:params:xmls:schema:iodef-1.0': ('true', 'typo for xml:schema (RFC 5070)'),
    'urn:ietf:params:ns:netconf:capability:startup:1.0': ('true', 'xml:ns missing its xml (RFC 4742)'),
    'urn:ietf:params:aws:token-type:aws4_request': ('true', 'unregistered class used for AWS token exchange (Google Cloud SDK)'),
    # URN108
    'urn:isbn:n-nn-nnnnnn-n': ('placeholder', 'template (RFC 3305)'),
    'urn:isbn:value': ('placeholder', 'template in docbook-xsl README'),
    # URN114, URN117
    'urn:nbn:fi:vn': ('false', 'prose: a sub-namespace prefix named in RFC 3188'),
    'urn:lex:ccTLD': ('placeholder', 'template in RFC 9676 prose'),
    'urn:lex:br': ('false', 'prose: a prefix named in RFC 9676'),
    'urn:lex:br;sao.paolo': ('false', 'prose: a prefix named in RFC 9676'),
    'urn:lex:ru:U+0441U+043EU+0441U+0442U+043EU+044FU+043D': ('false', 'wrapped: RFC 9676 breaks the name across lines'),
    # URN121
    'URN:ISAN:0123-1230-3210-2310-1': ('true', 'RFC 4246 example: check character made up (J fits)'),
    'URN:ISAN:1881-66C7-3420-6541-9-9F3A-0245-U': ('true', 'RFC 4246 example: check characters made up (Y, O fit)'),
    # URN124
    'urn:example:foo': ('false', 'a docstring example inside code (aioxmpp/utils.py)'),
    'urn:example:bar': ('false', 'a docstring example inside code (aioxmpp/utils.py)'),
    'urn:example:foo:2': ('false', 'a docstring example inside code (aioxmpp/utils.py)'),
}

def read(src):
    """The text idlint read: compressed files decompressed."""
    import gzip, subprocess
    if src.endswith('.zst'):
        return subprocess.run(['zstd', '-dc', src], capture_output=True, check=True).stdout
    if src.endswith('.gz'):
        return gzip.open(src).read()
    return open(src, 'rb').read()

def plain(path):
    """The path less a compression suffix: the test's file holds the text."""
    for z in ('.zst', '.gz'):
        if path.endswith(z):
            return path[:-len(z)]
    return path

def short(src):
    parts = src.strip('/').split('/')
    for i, p in enumerate(parts):
        if p in ('rfcs', 'deb', 'lib', 'gosrc', 'go', 'google-cloud-sdk') and i + 1 < len(parts):
            return '/'.join(parts[i:])
    return '/'.join(parts[-3:])

def main():
    out, scans = sys.argv[1], sys.argv[2:]
    rows = collections.OrderedDict()
    for f in scans:
        for line in open(f):
            o = json.loads(line)
            if o.get('scheme') != 'urn' or o.get('kind') or o.get('member'):
                continue
            ids = [r for r in (o.get('rules') or []) if 'URN101' <= r <= 'URN125']
            if not ids:
                continue
            for r in sorted(set(ids)):
                rows.setdefault((r, o['raw']), (o, ids))
    by = collections.defaultdict(list)
    for (r, raw), v in rows.items():
        by[r].append((raw, v))
    seen = set()
    w = open(out, 'w')
    w.write('# issue 21 item 4: judged namespace findings (bench/namespaces/README.md)\n')
    w.write('# context\tpath\tidentifier\trules\tverdict\tclass\tsource\n')
    miss = 0
    for r in sorted(by):
        items = by[r]
        random.Random(21).shuffle(items)
        n = 0
        for raw, (o, ids) in items:
            if n >= PER_RULE:
                break
            if raw in seen:
                continue
            if raw not in J and not raw.startswith('urn:schemas-') and not raw.startswith('urn:btih') and not raw.startswith('urn:md5'):
                print('unjudged', r, raw, file=sys.stderr); miss += 1
                continue
            verdict, cls = J.get(raw, ('true', 'widely used unregistered NID, named right'))
            if raw.startswith('urn:btih') and not all(c in '0123456789abcdefABCDEF' for c in raw[9:]):
                verdict, cls = 'false', 'binary: a .pyc type byte after the hash'
            data = read(o['source'])
            off, size = o['offset'], len(o['raw'].encode('utf-8', 'surrogateescape'))
            ctx = data[max(0, off - 240):off + size + 160]
            seen.add(raw)
            n += 1
            w.write('\t'.join([esc(ctx), plain(short(o['source'])), raw, ' '.join(ids), verdict, cls, o['source']]) + '\n')
    print('unjudged', miss, file=sys.stderr)

main()
