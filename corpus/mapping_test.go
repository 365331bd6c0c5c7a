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
