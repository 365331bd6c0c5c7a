package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/reports"
)

// issue 25 (identifiers seen once): a crawl of distinct urn:uuid — some
// with findings (rfc8141 §3.1 case, rfc9562 §4 shape and §4.1 version), some Placed
// (urn:example outside documentation, rfc6963 §3.6), a few repeated —
// turns each worker's memo doorkeeper on (fewer than one lookup in 16
// hits after 32 Ki). The JSON Lines are the same bytes at -j 1, 2, 4 and
// 7 (memos on stores of their own, and sharing them), and a count-only
// sink (--format none: the memo counts what it does not remember without
// an occurrence) tells the summary the occurrences do.
func TestDoorkeeperSameOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("scans 6 MB several times")
	}
	r := rand.New(rand.NewPCG(25, 3))
	var b bytes.Buffer
	for i := range 120_000 {
		hi, lo := r.Uint64(), r.Uint64()
		u := fmt.Sprintf("%08x-%04x-4%03x-%04x-%012x", hi>>32, hi>>16&0xffff, hi&0xfff, 0x8000|lo>>48&0x3fff, lo&0xffffffffffff)
		switch {
		case i%17 == 0:
			fmt.Fprintf(&b, "see urn:example:item-%d here\n", i%500) // Placed, and repeated
		case i%19 == 0:
			fmt.Fprintf(&b, "id urn:uuid:%s ok\n", u[:35]) // not 8-4-4-4-12: URN101
		case i%13 == 0:
			fmt.Fprintf(&b, "id urn:uuid:%s0%s ok\n", u[:14], u[15:]) // version 0: URN102
		case i%7 == 0:
			fmt.Fprintf(&b, "id URN:UUID:%s ok\n", u) // URN030
		default:
			fmt.Fprintf(&b, "id urn:uuid:%s ok\n", u)
		}
	}
	p := filepath.Join(t.TempDir(), "crawl.txt")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	eng, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	run := func(s reports.Sink, jobs int) reports.Summary {
		t.Helper()
		sum, err := Run(context.Background(), eng, []corpus.Input{{Path: p}}, Config{Jobs: jobs, PartSize: 1 << 20}, s)
		if err == nil {
			err = s.Finish(sum)
		}
		if err != nil {
			t.Fatal(err)
		}
		return sum
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	var ref bytes.Buffer
	want := run(reports.NewJSONL(&ref, nil), 1)
	if want.Occurrences != 120_000 || want.Findings[1] == 0 || want.Invalid == 0 {
		t.Fatalf("a weak test: %+v", want)
	}
	for _, jobs := range []int{1, 2, 4, 7} { // 7: past lint's 4 stores an engine's memos share them
		var out bytes.Buffer
		if got := run(reports.NewJSONL(&out, nil), jobs); got != want || !bytes.Equal(out.Bytes(), ref.Bytes()) {
			t.Errorf("-j %d: %d bytes, summary %+v; -j 1: %d bytes, %+v", jobs, out.Len(), got, ref.Len(), want)
		}
		var fail bytes.Buffer
		if got := run(reports.NewFailures(&fail), jobs); got != want {
			t.Errorf("-j %d, counted: summary %+v, the occurrences' %+v", jobs, got, want)
		}
	}
}
