package corpus

import (
	"io"
	"sync/atomic"
)

// Ahead plans inputs for a reader that follows soon (a scan's planner):
// a file a directory walk found regular is opened here and its size asked
// of the descriptor (fstat), and Open reads that descriptor. The path is
// looked up once instead of twice (a stat here, an open in Open), and
// relative to its directory, which Ahead keeps open while the inputs
// planned are in it (a walk lists a directory's files together): on the
// RFC series (10,059 files) the stat's path walk was 8% of the CPU and
// the open's another 3% (issue 25, directory walk).
//
// A descriptor is its input's until Open takes it: an input Ahead planned
// must be passed to Open or OpenFunc, or Released. A file to split is not
// held (its parts are opened by their readers), nor any file once heldMax
// descriptors are held: those are stat-ed as Plan does. An Ahead is used
// by one goroutine; Close it when done.
type Ahead struct {
	dir   string   // the directory dirFD is open on
	dirFD int      // -1 (or 0 in the zero Ahead): none
	cname []byte   // the name opened, NUL-terminated
	fds   []heldFD // to hand out next
}

// NewAhead returns an Ahead with no directory open.
func NewAhead() *Ahead { return &Ahead{dirFD: -1} }

// Plan is Plan, holding in's file open when it can (see Ahead).
func (a *Ahead) Plan(in *Input, opt Options, size int64) (parts []Part, fileSize int64) {
	if !in.regular || in.held != nil || in.planned != 0 || in.Err != nil || opt.FS != nil {
		return Plan(in, opt, size)
	}
	h, n, ok := a.open(in.Path)
	if !ok {
		return Plan(in, opt, size)
	}
	if size > 0 && n >= 2*size {
		h.release() // to be split: Plan opens it to find the parts
		return Plan(in, opt, size)
	}
	in.held, in.planned = h, n+1
	return nil, n
}

// Release closes the descriptor Ahead holds for in, if Open has not
// taken it (an input planned but never read: a cancelled run).
func (in Input) Release() { in.held.release() }

// heldFD is a descriptor Ahead opened, taken once by Open (-1 after).
type heldFD struct{ fd atomic.Int64 }

// held counts the descriptors Ahead holds, bounded by heldMax.
var held atomic.Int64

// inputFile is an input file Open reads. Its reads are counted, so that a
// size a planner found (Plan) can be confirmed without asking the system
// again: a file read to its end at that size still has it.
type inputFile struct {
	sysFile
	planned int64        // the size Plan found, -1 if none
	read    atomic.Int64 // atomic: a read-ahead goroutine may be the reader
	eof     atomic.Bool
	atEnd   bool // a short read ended at the planned size: the next read is EOF
}

// openInput opens in's file; one not planned, which a stat did not find
// regular, may be a FIFO or a device, whose open and reads must end when
// done is closed (openSpecial).
func openInput(in Input, done <-chan struct{}) (*inputFile, error) {
	f := new(inputFile)
	if err := openInputInto(in, done, f); err != nil {
		return nil, err
	}
	return f, nil
}

// openInputInto is openInput setting up f (a walker's: allocated once, not
// per input).
func openInputInto(in Input, done <-chan struct{}, f *inputFile) error {
	f.read.Store(0)
	f.eof.Store(false)
	f.atEnd = false
	if s, ok := in.held.take(in.Path); ok {
		f.sysFile, f.planned = s, in.planned-1
		return nil
	}
	if in.planned == 0 {
		if s, ok, err := openSpecial(in.Path, done); ok {
			if err != nil {
				return err
			}
			f.sysFile, f.planned = s, -1
			return nil
		}
	}
	s, err := openSys(in.Path)
	if err != nil {
		return err
	}
	f.sysFile, f.planned = s, in.planned-1
	return nil
}

func (f *inputFile) Read(p []byte) (int, error) {
	if f.atEnd {
		f.atEnd = false
		return 0, io.EOF
	}
	n, err := f.sysFile.Read(p)
	switch r := f.read.Add(int64(n)); {
	case err == io.EOF:
		f.eof.Store(true)
	case err == nil && n < len(p) && r == f.planned:
		// A regular file's read comes back short only at its end: at the
		// size planned, the read that would return 0 is not asked (one
		// system call of four per small file; issue 25, directory walk).
		// A file that grew is read on past the size as before: its read
		// is not short there.
		f.eof.Store(true)
		f.atEnd = true
	}
	return n, err
}

// sizeSince is the file's size given the size planned before it was
// opened: that one when the file was read to its end at it, else the
// file's own now (it changed, or was not read to its end), or the bytes
// read when it is no regular file any more (replaced by a pipe).
func (f *inputFile) sizeSince(planned int64) int64 {
	if f.eof.Load() && f.read.Load() == planned {
		return planned
	}
	if n, ok := f.size(); ok {
		return n
	}
	return f.read.Load() // no longer a regular file: what was read of it
}

// shrunk reports the file's size now when it is less than the bytes read
// from it: it was truncated while being read (issue 24 §8), and what was
// read is no longer the file's content. A file read to its end at the
// size planned was not cut while being read: no fstat is asked for it
// (one system call of five per file of a spec corpus; issue 25).
func (f *inputFile) shrunk() (now int64, ok bool) {
	if f.planned >= 0 && f.eof.Load() && f.read.Load() == f.planned {
		return 0, false
	}
	n, regular := f.size()
	if !regular || n >= f.read.Load() {
		return 0, false
	}
	return n, true
}
