//go:build parquet

package parquet

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
)

var identNames = []string{"raw", "canonical", "key", "ns_key"}

// identOcc is occurrence i over keys distinct identifiers, as a memo of
// two workers would hand it out (issue 25 --report): key k spelled in
// upper case every third time (its own memo result), the workers taking
// turns by blocks of 100 rows, each with its generation; with ids false
// the same rows carry no id (MemoID 0). Canonical and key share the
// string when equal, as the memo's results do.
func identOcc(i, keys int, ids bool) *lint.Occurrence {
	k := i * 7919 % keys
	key := fmt.Sprintf("urn:example:%08x-%d", k*2654435761, k)
	raw, variant := key, uint64(0)
	if i%3 == 0 {
		raw, variant = strings.ToUpper(key[:11])+key[11:], 1
	}
	o := &lint.Occurrence{Location: record.Location{Source: "dense.txt", Offset: int64(i) * 50, Line: i + 1, Column: 1},
		Scheme: "urn", Profile: "rfc8141", Raw: raw, Canonical: key, Key: key, NSKey: key, Namespace: "example"}
	if ids {
		worker := uint64(i / 100 % 2)
		o.MemoID = (worker+7)<<32 | (uint64(k)*2 + variant + 1)
	}
	return o
}

// writeIdent writes n identOcc rows to a report in a new directory, with
// row groups of groupRows; it returns occurrences.parquet's path.
func writeIdent(t *testing.T, n, keys int, ids bool, groupRows int64, occ func(i, keys int, ids bool) *lint.Occurrence) string {
	t.Helper()
	dir := t.TempDir()
	w := create(t, dir)
	w.occ.groupRows = groupRows
	for i := range n {
		if err := w.Occurrence(occ(i, keys, ids)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, OccurrencesFile)
}

// chunk is what a column chunk's metadata says of it.
type chunk struct {
	Encodings        []pq.Encoding
	Min, Max         string
	Values           int64
	Compressed, Size int64
}

func chunks(t *testing.T, path, name string) []chunk {
	t.Helper()
	f, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	md := f.MetaData()
	col := md.Schema.ColumnIndexByName(name)
	var out []chunk
	for g := range md.NumRowGroups() {
		cc, err := md.RowGroup(g).ColumnChunk(col)
		if err != nil {
			t.Fatal(err)
		}
		st, err := cc.Statistics()
		if err != nil {
			t.Fatal(err)
		}
		bs, ok := st.(*metadata.ByteArrayStatistics)
		if !ok || !bs.HasMinMax() || bs.NullCount() != 0 {
			t.Fatalf("%s row group %d: statistics %v", name, g, st)
		}
		out = append(out, chunk{cc.Encodings(), string(bs.Min()), string(bs.Max()), bs.NumValues(), cc.TotalCompressedSize(), cc.TotalUncompressedSize()})
	}
	return out
}

func dictionaryEncoded(c chunk) bool {
	return slices.Contains(c.Encodings, pq.Encodings.RLEDict) || slices.Contains(c.Encodings, pq.Encodings.PlainDict)
}

// The identifier columns of a dense report are dictionary-encoded, found by
// the rows' ids (issue 25 --report): the rows read back as written, each
// row group's statistics are its rows' min and max, and the file is the
// same whether the rows came with ids or not, or from other workers (ids
// differ with -j, the file must not).
func TestIdentDictionary(t *testing.T) {
	const n, keys, groupRows = 20_000, 500, batchRows // row groups of whole batches: 8192, 8192, 3616 rows
	withIDs := writeIdent(t, n, keys, true, groupRows, identOcc)
	rows, _, err := ReadRows(withIDs)
	if err != nil || len(rows) != n {
		t.Fatalf("%d rows (%v), want %d", len(rows), err, n)
	}
	for i, r := range rows {
		o := identOcc(i, keys, false)
		if r["raw"] != o.Raw || r["canonical"] != o.Canonical || r["key"] != o.Key || r["ns_key"] != o.NSKey || r["offset"] != float64(o.Offset) {
			t.Fatalf("row %d: %v, want %+v", i, r, o)
		}
	}
	otherWorkers := func(i, keys int, ids bool) *lint.Occurrence {
		o := identOcc(i, keys, ids)
		o.MemoID ^= 3 << 32 // other generations
		if i%5 == 0 {
			o.MemoID = 0 // and some rows without
		}
		return o
	}
	for _, path := range []string{withIDs, writeIdent(t, n, keys, false, groupRows, identOcc), writeIdent(t, n, keys, true, groupRows, otherWorkers)} {
		for _, name := range identNames {
			got := chunks(t, path, name)
			if len(got) != 3 {
				t.Fatalf("%s: %d row groups, want 3", name, len(got))
			}
			for g, c := range got {
				lo, hi := g*groupRows, min((g+1)*groupRows, n)
				var vals []string
				for i := lo; i < hi; i++ {
					o := identOcc(i, keys, false)
					vals = append(vals, map[string]string{"raw": o.Raw, "canonical": o.Canonical, "key": o.Key, "ns_key": o.NSKey}[name])
				}
				if !dictionaryEncoded(c) || c.Min != slices.Min(vals) || c.Max != slices.Max(vals) || c.Values != int64(hi-lo) {
					t.Errorf("%s row group %d: %+v, want a dictionary, min %q max %q, %d values", name, g, c, slices.Min(vals), slices.Max(vals), hi-lo)
				}
			}
			if want := chunks(t, withIDs, name); !slices.EqualFunc(got, want, func(a, b chunk) bool {
				return slices.Equal(a.Encodings, b.Encodings) && a.Min == b.Min && a.Max == b.Max && a.Values == b.Values && a.Compressed == b.Compressed && a.Size == b.Size
			}) {
				t.Errorf("%s: %s's chunks %+v, want %+v as with the first ids", name, path, got, want)
			}
		}
	}
}

// Identifier columns whose dictionary would not pay are written PLAIN
// (issue 25 --report): every row distinct (a crawl of distinct
// identifiers) is given up past half a row group's rows, which ends the
// row group; the next restGroups row groups are PLAIN, then the dictionary
// is tried again, given up again and the next 2×restGroups are PLAIN. A
// row group of few rows over as many values is PLAIN. The rows read back
// as written.
func TestIdentDictionaryGivesUp(t *testing.T) {
	const groupRows = 3 * batchRows
	distinct := func(i, keys int, ids bool) *lint.Occurrence {
		o := identOcc(i, keys, ids)
		if i >= groupRows { // past the first row group: every row its own identifier
			o.Raw = fmt.Sprintf("urn:example:distinct-%07d", i)
			o.Canonical, o.Key, o.NSKey = o.Raw, o.Raw, o.Raw
			o.MemoID = uint64(i) + 1
		}
		return o
	}
	const n = 131_072
	dir := t.TempDir()
	w := create(t, dir)
	w.occ.groupRows = groupRows
	w.occ.ident.restGroups = 1
	for i := range n {
		if err := w.Occurrence(distinct(i, 1000, true)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, OccurrencesFile)
	rows, _, err := ReadRows(path)
	if err != nil || len(rows) != n {
		t.Fatalf("%d rows (%v), want %d", len(rows), err, n)
	}
	for i, r := range rows {
		if o := distinct(i, 1000, false); r["raw"] != o.Raw || r["ns_key"] != o.NSKey {
			t.Fatalf("row %d: %v, want %+v", i, r, o)
		}
	}
	// 0 repeats 1,000 keys: a dictionary; 1 is given up after two
	// batches and ends; 2 is PLAIN; 3 tries again, gives up and ends;
	// 4 and 5 are PLAIN
	want := []bool{true, false, false, false, false, false}
	wantRows := []int64{groupRows, 2 * batchRows, groupRows, 2 * batchRows, groupRows, groupRows}
	for _, name := range identNames {
		var dict []bool
		var values []int64
		for _, c := range chunks(t, path, name) {
			dict = append(dict, dictionaryEncoded(c))
			values = append(values, c.Values)
		}
		if !slices.Equal(dict, want) || !slices.Equal(values, wantRows) {
			t.Errorf("%s: dictionary-encoded row groups %v of %v rows, want %v of %v", name, dict, values, want, wantRows)
		}
	}
	// few rows, all distinct: PLAIN
	small := writeIdent(t, 10, 10, true, groupRows, func(i, keys int, ids bool) *lint.Occurrence { return distinct(i+groupRows, keys, ids) })
	for _, name := range identNames {
		if c := chunks(t, small, name); len(c) != 1 || dictionaryEncoded(c[0]) {
			t.Errorf("%s of 10 distinct rows: %+v, want PLAIN", name, c)
		}
	}
}

// The texts kept across row groups are bounded: past the bound they start
// over at the next row group, and the rows still read back as written.
func TestIdentDictionaryBounded(t *testing.T) {
	d := newIdentDicts([]int{0, 1})
	d.maxTexts = 100
	for g := range 5 {
		for k := range 300 {
			d.textID(fmt.Appendf(nil, "urn:x:%d-%d", g, k))
		}
		if !d.full() {
			t.Fatalf("row group %d: %d texts kept, not full", g, len(d.hash))
		}
		d.next()
		if len(d.hash) != 0 || len(d.text) != 0 || len(d.gens) != 0 {
			t.Fatalf("after row group %d: %d texts, %d bytes, %d generations kept", g, len(d.hash), len(d.text), len(d.gens))
		}
	}
	// a text met again after growth has one gid
	a, b := d.textID([]byte("urn:x:a")), d.textID([]byte("urn:x:b"))
	for k := range 40_000 { // past the table's first size
		d.textID(fmt.Appendf(nil, "urn:y:%d", k))
	}
	if d.textID([]byte("urn:x:a")) != a || d.textID([]byte("urn:x:b")) != b || a == b {
		t.Errorf("gids %d %d, then %d %d", a, b, d.textID([]byte("urn:x:a")), d.textID([]byte("urn:x:b")))
	}
}

// A memo generation not met in a row group is forgotten at its end (its
// memo was reset), the one in use is kept.
func TestIdentGenerationsForgotten(t *testing.T) {
	const groupRows = 1000
	path := writeIdent(t, 3*groupRows, 50, true, groupRows, func(i, keys int, ids bool) *lint.Occurrence {
		o := identOcc(i, keys, ids)
		o.MemoID = uint64(i/groupRows+1)<<32 | o.MemoID&0xffffffff // a new generation each row group
		return o
	})
	rows, _, err := ReadRows(path)
	if err != nil || len(rows) != 3*groupRows {
		t.Fatalf("%d rows (%v)", len(rows), err)
	}
	d := newIdentDicts([]int{0})
	vals := [][]pq.ByteArray{{[]byte("urn:a:b")}}
	for g := range uint64(4) {
		if err := d.add(nil, vals, []uint64{(g+1)<<32 | 1}, groupRows); err != nil {
			t.Fatal(err)
		}
		d.forget(&d.cols[0]) // nothing written: no row group writer here
		d.next()
		if len(d.gens) != 1 {
			t.Errorf("after row group %d: %d generations kept", g, len(d.gens))
		}
	}
}
