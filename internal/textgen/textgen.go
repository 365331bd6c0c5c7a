// Package textgen makes deterministic synthetic text with identifiers for
// extract's benchmarks and bench/compare.
//
// Three kinds: ColonHeavy is the original benchmark text (many colons that
// are not schemes: "note:", "time: 12:30", URLs, in nearly every sentence);
// English is English-like prose with a realistic colon density (a colon
// every ~1.5 KB: list introductions, clock times, URLs), wrapped lines and
// paragraphs. Both place an identifier every 1–5 KB. Keys is the other
// extreme, for reports: a URN on every short line, drawn from 100,000
// distinct keys, some spelled in other cases (a crawl's identifier index).
// Dense is identifier-dense data as batch inputs are (SAML metadata, FHIR
// bundles, service logs): log lines holding 1–3 valid URNs each of five
// namespaces, over 100,000 distinct keys (issue 25). FHIR is the crawl
// case: bundles whose urn:uuid identifiers are distinct across the file
// and recur only inside their bundle.
package textgen

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"strings"
)

// Kinds names the generators.
var Kinds = []string{"english", "colonheavy", "keys", "dense", "fhir"}

// Bytes returns size bytes (at least; it ends after a whole word) of the
// named kind of text.
func Bytes(kind string, size int, seed int64) []byte {
	var b bytes.Buffer
	b.Grow(size + 256)
	if err := Write(&b, kind, size, seed); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// Write writes size bytes (at least) of the named kind of text to w.
func Write(w io.Writer, kind string, size int, seed int64) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	switch kind {
	case "colonheavy":
		colonHeavy(bw, size, seed)
	case "english":
		english(bw, size, seed)
	case "keys":
		keys(bw, size, seed)
	case "dense":
		dense(bw, size, seed, nil)
	case "fhir":
		fhir(bw, size, seed, nil)
	default:
		return fmt.Errorf("textgen: unknown kind %q (have %v)", kind, Kinds)
	}
	return bw.Flush()
}

// ColonHeavy is the text extract's benchmarks have always used.
func ColonHeavy(size int, seed int64) []byte { return Bytes("colonheavy", size, seed) }

// English is English-like prose with realistic colon density.
func English(size int, seed int64) []byte { return Bytes("english", size, seed) }

func colonHeavy(b *bufio.Writer, size int, seed int64) int {
	r := rand.New(rand.NewSource(seed))
	words := []string{"the", "identifier", "resolution", "namespace", "note:", "see", "http://example.org/x", "time: 12:30", "a", "of", "and", "registry", "Go", "URN", "burn", "urns"}
	ids := []string{"urn:isbn:0451450523", "URN:IETF:RFC:2648", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "urn:example:a123,z456?=xyz", "urn:oid:1.3.6.1.4.1"}
	n := 0
	next := 1000 + r.Intn(4000)
	for n < size {
		if n >= next {
			k, _ := b.WriteString(ids[r.Intn(len(ids))])
			b.WriteByte(' ')
			n += k + 1
			next = n + 1000 + r.Intn(4000)
			continue
		}
		k, _ := b.WriteString(words[r.Intn(len(words))])
		n += k
		if r.Intn(12) == 0 {
			b.WriteString(".\n")
			n += 2
		} else {
			b.WriteByte(' ')
			n++
		}
	}
	return n
}

// vocabulary: common English words, most frequent first (drawn with a
// Zipf-like weight), with some that end in a filter's letters ("turn",
// "period", "going", "ago", "ratio", "urn", "burn") so the filter has
// near-misses to reject.
var vocabulary = strings.Fields(`the of and to a in is that for it as was with be by on not he
this are or his from at which but have an they you were her she there been one all we their
has would when if can more no will other so what out up into its about than them only some
time could these two may first then do any like my now over such our man me even most made
after also did many before must through back years where much your way well down should because
each just those people how too little state good very make world still own see men work long get
here between both life being under never day same another know while last might us great old year
off come since against go came right used take three states himself few house use during without
again place around however home small found thought went say part once general high upon school
every don't does got united left number course war until always away something fact though water
less public put think almost hand enough far took head yet government system better set told nothing
night end why called didn't eyes find going look asked later knew point next program city business
give group toward young days let room president side social given present several order national
possible rather second face per among form important often things looking early white case john
become large big need four within felt along children saw best church ever least power development
light thing seemed family interest want members mind country area others done turn although open
god service certain kind problem began different door thus help sense means whole matter perhaps
itself york it's times law human line above name example action company hands local show whether
five history gave today either act feet across taken past quite anything seen having death week
experience body word half really field am car words already themselves information tell together
college shall money period held keep sure probably free seems political real behind cannot miss
question air office making brought whose special major heard problems ago federal became study
moment available known result street economic boy position reason change south board individual
job society areas west close turned love community true court force full seem am policy wife future
age voice center woman control common necessary following front sometimes six girl clear further
land run students provide feel party able mother music education university child effect level
stood military short town morning total outside rate figure class art century washington north
usually plan leave therefore evidence million sound black strong hard various says believe type value
play surface soon mean near lines table peace modern tax road red book personal process situation
minutes increase idea english alone women gone nor amount doing living ratio burn urn origin
design record standard resolution identifier namespace registry domain begin within`)

var ids = []string{
	"urn:isbn:0451450523", "URN:IETF:RFC:2648", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
	"urn:example:a123,z456?=xyz", "urn:oid:1.3.6.1.4.1", "urn:ietf:params:xml:ns:yang:ietf-interfaces",
	"urn:nbn:de:bvb:19-146642", "urn:lex:eu:council:directive:2010-03-09;2010-19-UE", "urn:issn:0167-6423",
	"xri://=example*name", "xri://@example.org*agency/(+research)", "lid://host.example/item[1]",
	"go://cnrp.example.com?Mercedes%20Benz;geography=US-ga", "urn:ISBN:978-3-16-148410-0",
}

func english(b *bufio.Writer, size int, seed int64) int {
	r := rand.New(rand.NewSource(seed))
	// cumulative Zipf-like weights
	cum := make([]float64, len(vocabulary))
	total := 0.0
	for i := range vocabulary {
		total += 1 / float64(i+8)
		cum[i] = total
	}
	word := func() string {
		x := r.Float64() * total
		lo, hi := 0, len(cum)-1
		for lo < hi {
			m := (lo + hi) / 2
			if cum[m] < x {
				lo = m + 1
			} else {
				hi = m
			}
		}
		return vocabulary[lo]
	}
	n, col := 0, 0
	nextID := 1000 + r.Intn(4000)
	put := func(tok string) {
		// wrap lines at 72 columns
		if col > 0 && col+1+len(tok) > 72 {
			b.WriteByte('\n')
			n++
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			n++
			col++
		}
		b.WriteString(tok)
		n += len(tok)
		col += len(tok)
	}
	for n < size {
		// a paragraph of 2-7 sentences
		for s, ns := 0, 2+r.Intn(6); s < ns && n < size; s++ {
			nw := 6 + r.Intn(22)
			for w := 0; w < nw; w++ {
				var tok string
				switch x := r.Intn(1000); {
				case n >= nextID:
					tok = ids[r.Intn(len(ids))]
					switch r.Intn(6) {
					case 0:
						tok = "(" + tok + ")"
					case 1:
						tok = "<" + tok + ">"
					case 2:
						tok = `"` + tok + `",`
					}
					nextID = n + 1000 + r.Intn(4000)
				case x < 25:
					tok = fmt.Sprint(r.Intn(2000))
				case x < 26:
					if r.Intn(2) == 0 {
						tok = fmt.Sprintf("%d:%02d", 1+r.Intn(12), r.Intn(60))
					} else {
						tok = "https://www.example.com/" + word()
					}
				default:
					tok = word()
				}
				if w == 0 {
					tok = strings.ToUpper(tok[:1]) + tok[1:]
				}
				if w < nw-1 {
					switch x := r.Intn(1000); {
					case x < 70:
						tok += ","
					case x < 72:
						tok += ":"
					case x < 76:
						tok += ";"
					}
				}
				put(tok)
			}
			switch x := r.Intn(100); {
			case x < 92:
				b.WriteByte('.')
			case x < 96:
				b.WriteByte('?')
			case x < 99:
				b.WriteByte('!')
			default:
				b.WriteByte(':')
			}
			n++
			col++
		}
		b.WriteString("\n\n")
		n += 2
		col = 0
	}
	return n
}

// KeysDistinct is how many distinct equivalence keys the keys kind draws from.
const KeysDistinct = 100_000

func keys(b *bufio.Writer, size int, seed int64) int {
	r := rand.New(rand.NewSource(seed))
	n := 0
	for n < size {
		k := r.Intn(KeysDistinct)
		prefix := "urn:example:item-"
		if r.Intn(8) == 0 {
			prefix = "URN:EXAMPLE:item-" // same key, another spelling
		}
		m, _ := fmt.Fprintf(b, "see %s%d here\n", prefix, k)
		n += m
	}
	return n
}
