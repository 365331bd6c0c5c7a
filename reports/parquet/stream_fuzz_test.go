//go:build parquet

package parquet_test

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/reports/parquet"
)

var streamEngine = sync.OnceValue(func() *lint.Engine {
	e, err := lint.New(lint.Config{})
	if err != nil {
		panic(err)
	}
	return e
})

// FuzzArrowStream: any occurrences (each line of ids linted, at a
// location from the other arguments, a suppression comment's among them)
// written as an Arrow IPC stream read back, with arrow-go's reader, as
// one row per identifier with the values written — source, member, raw,
// canonical, key, line, column, valid, the rule IDs — the same bytes when
// written twice, and no memory left allocated (issue 24 §9).
func FuzzArrowStream(f *testing.F) {
	f.Add("urn:example:a%zz\nURN:ISBN:0451450523\nxri://=a*b", "docs/a.txt", "", uint16(1), uint8(1))
	f.Add("urn:ab:a?b\nlid://h/i\ngo:generate", "c.tar.zst", "rfcs/\x1b[2J.txt", uint16(9), uint8(3))
	f.Add("urn:ex:\u202eevil\n\n\xff", "", "m", uint16(0), uint8(0))
	f.Fuzz(func(t *testing.T, ids, source, member string, line uint16, copies uint8) {
		e := streamEngine()
		var occs []lint.Occurrence
		for range int(copies%8) + 1 {
			for i, raw := range strings.SplitN(ids, "\n", 16) {
				scheme := lint.SchemeOf(raw)
				if scheme == "" {
					scheme = "urn"
				}
				o, err := e.Check(scheme, raw)
				if err != nil {
					t.Fatal(err)
				}
				o.Source, o.Member, o.Line, o.Column, o.Offset = source, member, int(line)+1+i, i+1, int64(i)
				occs = append(occs, o)
			}
		}
		occs = append(occs, lint.Occurrence{Scheme: lint.MetaScheme, Raw: "idlint:ignore"}) // no row
		write := func() []byte {
			var b bytes.Buffer
			s := parquet.NewStream(&b, "run")
			for i := range occs {
				if err := s.Occurrence(&occs[i]); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Finish(reports.Summary{}); err != nil {
				t.Fatal(err)
			}
			return b.Bytes()
		}
		b := write()
		if again := write(); !bytes.Equal(b, again) {
			t.Fatal("two streams of the same occurrences differ")
		}
		mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
		defer mem.AssertSize(t, 0)
		r, err := ipc.NewReader(bytes.NewReader(b), ipc.WithAllocator(mem))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Release()
		row := 0
		for r.Next() {
			rec := r.RecordBatch()
			col := func(name string) arrow.Array {
				idx := rec.Schema().FieldIndices(name)
				if len(idx) != 1 {
					t.Fatalf("no column %q", name)
				}
				return rec.Column(idx[0])
			}
			for i := range int(rec.NumRows()) {
				if row >= len(occs)-1 {
					t.Fatalf("more rows than the %d identifiers", len(occs)-1)
				}
				o := &occs[row]
				want := map[string]string{
					"source": o.Source, "member": o.Member, "raw": o.Raw, "canonical": o.Canonical, "key": o.Key,
					"line": fmt.Sprint(o.Line), "column": fmt.Sprint(o.Column), "valid": fmt.Sprint(o.Valid()),
					"rules": fmt.Sprint(o.RuleIDs()),
				}
				for name, w := range want {
					if g := value(col(name), i); g != w {
						t.Errorf("row %d, %s: %q, want %q", row, name, g, w)
					}
				}
				row++
			}
		}
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
		if row != len(occs)-1 {
			t.Errorf("%d rows, want %d", row, len(occs)-1)
		}
	})
}

// value is row i of a column as the test spells it: strings as they are
// (dictionary-encoded ones too), lists as [a b].
func value(a arrow.Array, i int) string {
	switch a := a.(type) {
	case *array.Dictionary:
		return value(a.Dictionary(), a.GetValueIndex(i))
	case *array.String:
		return a.Value(i)
	case *array.List:
		start, end := a.ValueOffsets(i)
		var vs []string
		for j := start; j < end; j++ {
			vs = append(vs, value(a.ListValues(), int(j)))
		}
		return fmt.Sprint(vs)
	}
	return a.ValueStr(i)
}
