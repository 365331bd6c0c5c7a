//go:build unix

package corpus

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

// A mapped file that shrinks under the map faults on its lost pages; with
// SetPanicOnFault, as a scan's worker sets it, that is a panic carrying
// the address (runtime.Error with Addr), which the worker reports as an
// error of the file, not a crash of the run.
func TestMappingFaultIsAPanic(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "f.txt")
	text := bytes.Repeat([]byte("urn:example:a\n"), 10000)
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	m := NewMapping(Input{Path: path}, int64(len(text)), 1)
	defer m.Release()
	data, err := m.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, text) {
		t.Fatal("mapped bytes differ from the file")
	}
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	faulted := func() (fault bool) {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			_, fault = recover().(interface{ Addr() uintptr })
		}()
		faultSink += data[len(data)-1] // a page the file no longer has
		return false
	}()
	if !faulted {
		t.Fatal("reading a page the file lost did not fault")
	}
}

var faultSink byte

// The bytes of a mapping are the file's, clipped to the size it was split
// with; Drop and Release leave nothing behind (a Mapping never used maps
// nothing).
func TestMappingBytes(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "f.txt")
	text := bytes.Repeat([]byte("0123456789abcdef"), 1<<12)
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, size := range []int64{int64(len(text)), 5000} {
		m := NewMapping(Input{Path: path}, size, 2)
		data, err := m.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, text[:size]) {
			t.Fatalf("size %d: mapped bytes differ", size)
		}
		m.Drop(0, size)
		if !bytes.Equal(data, text[:size]) { // dropped pages map again
			t.Fatalf("size %d: bytes differ after Drop", size)
		}
		m.Release()
		m.Release()
	}
	unused := NewMapping(Input{Path: path}, int64(len(text)), 1)
	unused.Release()
	if data, _ := unused.Bytes(); data != nil {
		t.Fatal("a released Mapping mapped the file")
	}
}

// Drop gives pages back by whole chunks once all their bytes are scanned,
// whatever order the parts finish in (issue 25, sparse text: dropping part
// of a 2 MiB mapping split it). Every chunk comes back exactly once, from
// the add that completed it; bytes added twice keep their chunk.
func TestChunkTally(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name        string
		size, chunk int64
		cuts        []int64 // part boundaries inside (0, size)
	}{
		{"one part", 100, 10, nil},
		{"parts on chunk edges", 100, 10, []int64{10, 50, 90}},
		{"parts across chunks", 100, 10, []int64{15, 47, 52, 99}},
		{"parts inside one chunk", 100, 10, []int64{3, 4, 5, 6, 7, 71, 72}},
		{"last chunk short", 95, 10, []int64{33, 66}},
		{"parts of 8 MiB, 2 MiB chunks", 1<<30 + 12345, 2 << 20, []int64{8<<20 + 77, 16<<20 + 3, 24 << 20, 1<<30 - 5}},
	} {
		var parts [][2]int64
		off := int64(0)
		for _, c := range append(tc.cuts, tc.size) {
			parts = append(parts, [2]int64{off, c})
			off = c
		}
		for _, order := range []string{"forward", "backward", "odd parts first"} {
			var idx []int
			for i := range parts {
				switch order {
				case "forward":
					idx = append(idx, i)
				case "backward":
					idx = append(idx, len(parts)-1-i)
				default: // as two workers might finish them
					if i%2 == 1 {
						idx = append([]int{i}, idx...)
					} else {
						idx = append(idx, i)
					}
				}
			}
			tally := newChunkTally(tc.size, tc.chunk)
			got := make([]int, len(tally.done))
			for _, i := range idx {
				lo, hi := tally.add(parts[i][0], parts[i][1])
				if lo == hi {
					continue
				}
				if lo%tc.chunk != 0 || (hi%tc.chunk != 0 && hi != tc.size) {
					t.Fatalf("%s, %s: part %v gave [%d, %d), not whole chunks", tc.name, order, parts[i], lo, hi)
				}
				if lo < parts[i][0]/tc.chunk*tc.chunk || hi > min(tc.size, (parts[i][1]+tc.chunk-1)/tc.chunk*tc.chunk) {
					t.Fatalf("%s, %s: part %v gave [%d, %d), chunks it does not touch", tc.name, order, parts[i], lo, hi)
				}
				for c := lo / tc.chunk; c*tc.chunk < hi; c++ {
					got[c]++
				}
			}
			for c, n := range got {
				if n != 1 {
					t.Fatalf("%s, %s: chunk %d given back %d times, want 1", tc.name, order, c, n)
				}
			}
		}
	}
	// bytes added twice: their chunk stays
	tally := newChunkTally(100, 10)
	tally.add(0, 15)
	if lo, hi := tally.add(5, 20); lo != hi {
		t.Fatalf("overlapping add gave [%d, %d), want none", lo, hi)
	}
}
