package textgen

import (
	"bufio"
	"math/rand"
	"strconv"
	"strings"
)

// DenseDistinct is how many distinct equivalence keys the dense kind draws
// from (uuid, isbn, issn, ietf:params, SAML names: a fifth each).
const DenseDistinct = 100_000

// Dense is identifier-dense log-like text (issue 25).
func Dense(size int, seed int64) []byte { return Bytes("dense", size, seed) }

// splitmix64: the identifier of key k is a function of k and the seed only,
// so the same key is written the same way wherever it recurs.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

var (
	denseLevels  = []string{"INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"}
	denseActions = []string{"read", "write", "resolve", "grant", "revoke", "lookup", "sync"}
	denseFields  = []string{"subject", "resource", "issuer", "audience", "ref", "target"}
	samlParts    = []string{"attribute", "nameid-format", "ac:classes", "profiles:attribute:X500", "assertion", "metadata"}
	samlWords    = []string{"mail", "givenName", "sn", "eduPersonPrincipalName", "uid", "memberOf", "Password", "persistent", "displayName", "cn"}
	ietfParts    = []string{"xml:ns:yang:ietf-", "xml:ns:", "oauth:grant-type:", "rtp-hdrext:", "acme:error:", "scim:schemas:extension:"}
)

// denseIdent appends key k's identifier, its "urn:" and NID in upper case
// when upper (an equivalent spelling: rfc8141 §3.1).
func denseIdent(b []byte, k int, seed int64, upper bool) []byte {
	h := mix(uint64(k) ^ uint64(seed)*0x2545f4914f6cdd1d)
	nid := [...]string{"uuid", "isbn", "issn", "ietf", "oasis"}[k%5]
	if upper {
		b = append(b, "URN:"...)
		b = append(b, strings.ToUpper(nid)...)
	} else {
		b = append(b, "urn:"...)
		b = append(b, nid...)
	}
	b = append(b, ':')
	switch k % 5 {
	case 0: // rfc9562 §5.4: version 4, variant 10
		const hex = "0123456789abcdef"
		h2 := mix(h)
		for i := range 32 {
			if i == 8 || i == 12 || i == 16 || i == 20 {
				b = append(b, '-')
			}
			var d uint64
			if i < 16 {
				d = h >> (4 * i) & 15
			} else {
				d = h2 >> (4 * (i - 16)) & 15
			}
			switch i {
			case 12:
				d = 4
			case 16:
				d = 8 | d&3
			}
			b = append(b, hex[d])
		}
	case 1: // ISBN-13 with its check digit (ISO 2108)
		var d [13]byte
		d[0], d[1], d[2] = 9, 7, 8+byte(h&1)
		sum := 0
		for i := range 12 {
			if i >= 3 {
				d[i] = byte(h >> (4 * i) % 10)
			}
			sum += int(d[i]) * (1 + 2*(i&1))
		}
		d[12] = byte((10 - sum%10) % 10)
		hyph := h>>60&1 == 0
		for i, x := range d {
			if hyph && (i == 3 || i == 4 || i == 9 || i == 12) {
				b = append(b, '-')
			}
			b = append(b, '0'+x)
		}
	case 2: // ISSN with its check digit (ISO 3297)
		sum := 0
		for i := range 7 {
			x := byte(h >> (4 * i) % 10)
			sum += int(x) * (8 - i)
			b = append(b, '0'+x)
			if i == 3 {
				b = append(b, '-')
			}
		}
		switch c := (11 - sum%11) % 11; c {
		case 10:
			b = append(b, 'X')
		default:
			b = append(b, '0'+byte(c))
		}
	case 3:
		b = append(b, "params:"...)
		b = append(b, ietfParts[h%uint64(len(ietfParts))]...)
		b = append(b, denseActions[h>>8%uint64(len(denseActions))]...)
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(k/5), 10)
	case 4:
		b = append(b, "names:tc:SAML:2.0:"...)
		b = append(b, samlParts[h%uint64(len(samlParts))]...)
		b = append(b, ':')
		b = append(b, samlWords[h>>8%uint64(len(samlWords))]...)
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(k/5), 10)
	}
	return b
}

// dense writes log lines of 1–3 identifiers each, drawn uniformly from
// DenseDistinct keys, one in eight with "URN:" and the NID in upper case,
// some quoted or in angle brackets; emit, when set, gets each identifier.
func dense(w *bufio.Writer, size int, seed int64, emit func(string)) int {
	r := rand.New(rand.NewSource(seed))
	n := 0
	var line, id []byte
	for sec := 0; n < size; sec++ {
		line = line[:0]
		line = append(line, "2026-11-28T"...)
		line = append(line, byte('0'+sec/36000%24/10), byte('0'+sec/36000%24%10), ':',
			byte('0'+sec/600%60/10), byte('0'+sec/600%60%10), ':', byte('0'+sec/10%60/10), byte('0'+sec/10%60%10), '.')
		line = strconv.AppendInt(line, int64(100+r.Intn(900)), 10)
		line = append(line, "Z "...)
		line = append(line, denseLevels[r.Intn(len(denseLevels))]...)
		line = append(line, " [svc-"...)
		line = strconv.AppendInt(line, int64(r.Intn(16)), 10)
		line = append(line, "] "...)
		line = append(line, denseActions[r.Intn(len(denseActions))]...)
		for i, ni := 0, 1+r.Intn(3); i < ni; i++ {
			id = denseIdent(id[:0], r.Intn(DenseDistinct), seed, r.Intn(8) == 0)
			if emit != nil {
				emit(string(id))
			}
			line = append(line, ' ')
			line = append(line, denseFields[r.Intn(len(denseFields))]...)
			line = append(line, '=')
			switch r.Intn(4) {
			case 0:
				line = append(line, '"')
				line = append(line, id...)
				line = append(line, '"')
			case 1:
				line = append(line, '<')
				line = append(line, id...)
				line = append(line, '>')
			default:
				line = append(line, id...)
			}
		}
		line = append(line, " latency="...)
		line = strconv.AppendInt(line, int64(r.Intn(2000)), 10)
		line = append(line, "ms\n"...)
		w.Write(line)
		n += len(line)
	}
	return n
}
