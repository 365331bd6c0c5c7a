//go:build parquet

package parquet

import (
	"fmt"
	"hash/maphash"
	"slices"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// identDicts dictionary-encodes a table's identifier columns (raw,
// canonical, key, ns_key: issue 25). Written PLAIN they were ~450 MB of
// text on the dense benchmark's 2.8 M rows, most of a --report run's CPU
// (encoding, statistics and zstd); dense text repeats few distinct
// identifiers, so a row group's dictionary is a fraction of that.
//
// Hashing every row's text to find its dictionary entry cost more than it
// saved (bench/README.md, h25report2), so a row is found by its id
// instead (table.id: the lint memo's result, lint.Occurrence.MemoID),
// which names the values of all four columns: a known id is an array
// index, its text is not read. An id's texts are hashed once, the first
// time it is met, into ids of distinct texts (gids) kept across row groups;
// each row group maps the gids it meets to its own dictionary, in order of
// first appearance, so the file depends only on the rows' values (not on
// ids, which differ with -j). Rows without an id take the text path.
//
// Everything here is pointer-free (texts in one arena, integers): the
// collector does not scan it. It is bounded: past identMaxTexts texts or
// identMaxBytes of text it starts over at the next row group.
type identDicts struct {
	cols []identCol
	// by id: the memo generation (id>>32) → its results' gids, by the
	// entry's number (id's low 32 bits)
	gens    map[uint32]*identGen
	lastGen uint32
	last    *identGen
	// distinct texts: gid → text[offs[gid]:offs[gid+1]]
	text  []byte
	offs  []uint32
	table []uint32 // open addressing by hash: gid+1, 0 empty
	hash  []uint32 // by gid: its hash's low bits, checked before the text
	seed  maphash.Seed
	group int // row groups begun
	// bounds on the texts kept (identMax…; tests lower them)
	maxTexts, maxBytes int
	// a column given up (its dictionary did not pay, a crawl of distinct
	// identifiers) ends its row group, and the next restGroups<<fails
	// row groups (fails: consecutive) are PLAIN and of the streamed
	// tables' size, rowGroupRows: a 1 Mi-row group of PLAIN text held in
	// memory made the collector run without pause under the memory limit
	restGroups, fails int
	gaveUp            bool // in this row group
}

// identGen is one memo generation's results: by entry number, the gids
// (+1; 0 not met yet) of the columns' texts.
type identGen struct {
	ids  []identSlot // by entry number
	seen int         // the last row group that met it
}

// identSlot is what is known of one id: its columns' gids (+1; 0 not met
// yet), and their indices (+1) in the dictionaries of row group group.
type identSlot struct {
	gids  [identColsMax]uint32
	local [identColsMax]int32
	group int32
}

// identCol is one identifier column's row group being built.
type identCol struct {
	leaf  int
	local []int32  // by gid: index+1 in dict, 0 not in this row group
	dict  []uint32 // the row group's distinct values (gids), in order
	rows  []int32  // each row's index into dict
	size  int64    // the dictionary page's size: 4 bytes and the text per value
	plain int64    // the same rows PLAIN: 4 bytes and the text per row
	// given up: the row group's dictionary grew past what pays; its rows
	// are written PLAIN as they come (direct), and so are the next
	// row group's (rest), before the dictionary is tried again
	direct bool
	rest   int
	// the last row's value (a run of one string) and its gid
	lastIn  []byte
	lastGid uint32
}

const (
	identColsMax  = 4
	identMaxTexts = 4 << 20   // distinct texts kept across row groups
	identMaxBytes = 256 << 20 // and their bytes
	identMaxOrd   = 1 << 22   // memo entries by number: past it, the text path
	// a row group's dictionary pays when its page is at most a half of
	// the same rows PLAIN; one growing past groupRows/identGiveUp values
	// is given up for the rest of its row group and the next
	identGiveUp = 2
	// or, past identEarlyRows rows, whose values are nearly all distinct
	// (on the dense benchmark ~84% are at 64 Ki rows, and the row group's
	// dictionary is then ~17% of its rows)
	identEarlyRows = 64 << 10
	identEarlyPct  = 95
)

func newIdentDicts(leaves []int) *identDicts {
	if len(leaves) > identColsMax {
		panic("parquet: too many identifier columns")
	}
	d := &identDicts{gens: map[uint32]*identGen{}, seed: maphash.MakeSeed(), maxTexts: identMaxTexts, maxBytes: identMaxBytes, restGroups: 8}
	for _, l := range leaves {
		d.cols = append(d.cols, identCol{leaf: l})
	}
	d.reset()
	return d
}

// reset forgets every text and id.
func (d *identDicts) reset() {
	clear(d.gens)
	d.last, d.lastGen = nil, 0
	d.text = d.text[:0]
	d.offs = append(d.offs[:0], 0)
	d.hash = d.hash[:0]
	if d.table == nil {
		d.table = make([]uint32, 1<<16)
	} else {
		clear(d.table)
	}
	for i := range d.cols {
		d.cols[i].local = d.cols[i].local[:0]
		d.cols[i].lastIn, d.cols[i].lastGid = nil, 0
	}
}

// textID returns the gid of v, adding it when new.
func (d *identDicts) textID(v []byte) uint32 {
	h := maphash.Bytes(d.seed, v)
	mask := uint64(len(d.table) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		g := d.table[i]
		if g == 0 {
			gid := uint32(len(d.hash))
			d.text = append(d.text, v...)
			d.offs = append(d.offs, uint32(len(d.text)))
			d.hash = append(d.hash, uint32(h))
			d.table[i] = gid + 1
			if 2*len(d.hash) > len(d.table) {
				d.grow()
			}
			return gid
		}
		if d.hash[g-1] == uint32(h) && string(d.textOf(g-1)) == string(v) {
			return g - 1
		}
	}
}

func (d *identDicts) textOf(gid uint32) []byte {
	return d.text[d.offs[gid]:d.offs[gid+1]:d.offs[gid+1]]
}

// grow doubles the hash table; the gids' texts are hashed again.
func (d *identDicts) grow() {
	d.table = make([]uint32, 2*len(d.table))
	mask := uint64(len(d.table) - 1)
	for gid := range d.hash {
		h := maphash.Bytes(d.seed, d.textOf(uint32(gid)))
		i := h & mask
		for d.table[i] != 0 {
			i = (i + 1) & mask
		}
		d.table[i] = uint32(gid) + 1
	}
}

// full reports that the texts kept passed their bounds.
func (d *identDicts) full() bool {
	return len(d.hash) >= d.maxTexts || len(d.text) >= d.maxBytes
}

// gen returns the results of memo generation g.
func (d *identDicts) gen(g uint32) *identGen {
	if d.last != nil && g == d.lastGen {
		return d.last
	}
	e := d.gens[g]
	if e == nil {
		e = &identGen{}
		d.gens[g] = e
	}
	e.seen = d.group
	d.last, d.lastGen = e, g
	return e
}

// add takes a batch's rows of the identifier columns: vals[c] are column
// c's, ids the rows' ids. Columns given up are written to rg at once.
func (d *identDicts) add(rg file.BufferedRowGroupWriter, vals [][]pq.ByteArray, ids []uint64, groupRows int64) error {
	n := len(ids)
	group := int32(d.group)
	for c := range d.cols {
		if col := &d.cols[c]; col.rows == nil {
			col.rows = make([]int32, 0, min(groupRows, rowGroupRows)) // room for a row group of the streamed tables
		}
	}
	if d.small() && !slices.ContainsFunc(d.cols, func(c identCol) bool { return !c.direct }) {
		n = 0 // every column PLAIN: nothing to look up
	}
	for k := range n {
		id := ids[k]
		var slot *identSlot
		if id != 0 && uint32(id) < identMaxOrd {
			g := d.gen(uint32(id >> 32))
			ord := int(uint32(id))
			if ord >= len(g.ids) {
				g.ids = append(g.ids, make([]identSlot, ord+1-len(g.ids)+len(g.ids)/2)...)
			}
			slot = &g.ids[ord]
			if slot.group == group && slot.gids[0] != 0 {
				// known in this row group: its indices, no text read
				for c := range d.cols {
					col := &d.cols[c]
					if !col.direct {
						col.plain += int64(4 + len(vals[c][k]))
						col.rows = append(col.rows, slot.local[c]-1)
					}
				}
				continue
			}
			slot.group = group
		}
		for c := range d.cols {
			col := &d.cols[c]
			if col.direct {
				continue
			}
			v := vals[c][k]
			col.plain += int64(4 + len(v))
			gid, known := uint32(0), false
			switch {
			case slot != nil && slot.gids[c] != 0:
				gid, known = slot.gids[c]-1, true
			case len(v) == len(col.lastIn) && unsafe.SliceData(v) == unsafe.SliceData(col.lastIn):
				gid, known = col.lastGid, true // the same string again (a run)
			}
			for p := 0; p < c && !known; p++ {
				// a column's own string, another's here (a key equal to the canonical form)
				if q := vals[p][k]; len(v) == len(q) && unsafe.SliceData(v) == unsafe.SliceData(q) && !d.cols[p].direct {
					gid, known = d.cols[p].lastGid, true
				}
			}
			if !known {
				gid = d.textID(v)
			}
			col.lastIn, col.lastGid = v, gid
			if int(gid) >= len(col.local) {
				col.local = append(col.local, make([]int32, int(gid)+1-len(col.local)+len(col.local)/2)...)
			}
			li := col.local[gid]
			if li == 0 {
				col.dict = append(col.dict, gid)
				li = int32(len(col.dict))
				col.local[gid] = li
				col.size += int64(4 + len(v))
			}
			col.rows = append(col.rows, li-1)
			if slot != nil {
				slot.gids[c], slot.local[c] = gid+1, li
			}
		}
	}
	for c := range d.cols {
		col := &d.cols[c]
		switch {
		case col.direct:
			if err := writeStrings(rg, col.leaf, vals[c]); err != nil {
				return err
			}
		case int64(len(col.dict)) > groupRows/identGiveUp || len(col.rows) >= identEarlyRows && len(col.dict) > len(col.rows)*identEarlyPct/100:
			if err := d.giveUp(rg, col); err != nil {
				return err
			}
			if !d.gaveUp {
				d.gaveUp = true
				d.fails++
			}
			col.rest = d.restGroups << min(d.fails-1, 3)
		}
	}
	return nil
}

// small reports that the row group is to be of the streamed tables' size:
// a column is PLAIN in it.
func (d *identDicts) small() bool {
	for c := range d.cols {
		if d.cols[c].direct {
			return true
		}
	}
	return false
}

// giveUp writes col's rows held so far PLAIN, and its next ones as they come.
func (d *identDicts) giveUp(rg file.BufferedRowGroupWriter, col *identCol) error {
	w, err := byteArrayColumn(rg, col.leaf)
	if err != nil {
		return err
	}
	w.FallbackToPlain()
	col.direct = true
	if err := d.writePlain(w, col); err != nil {
		return err
	}
	d.forget(col)
	return nil
}

func byteArrayColumn(rg file.BufferedRowGroupWriter, leaf int) (*file.ByteArrayColumnChunkWriter, error) {
	cw, err := rg.Column(leaf)
	if err != nil {
		return nil, err
	}
	w, ok := cw.(*file.ByteArrayColumnChunkWriter)
	if !ok {
		return nil, fmt.Errorf("leaf %d: %T for an identifier column", leaf, cw)
	}
	return w, nil
}

func writeStrings(rg file.BufferedRowGroupWriter, leaf int, vals []pq.ByteArray) error {
	w, err := byteArrayColumn(rg, leaf)
	if err != nil {
		return err
	}
	w.FallbackToPlain() // once per row group: a new column writer starts with a dictionary
	_, err = w.WriteBatch(vals, nil, nil)
	return err
}

// writePlain writes col's rows held, value by value.
func (d *identDicts) writePlain(w *file.ByteArrayColumnChunkWriter, col *identCol) error {
	const chunk = 8192
	vals := make([]pq.ByteArray, 0, min(chunk, len(col.rows)))
	for k, i := range col.rows {
		vals = append(vals, d.textOf(col.dict[i]))
		if len(vals) == cap(vals) || k == len(col.rows)-1 {
			if _, err := w.WriteBatch(vals, nil, nil); err != nil {
				return err
			}
			vals = vals[:0]
		}
	}
	return nil
}

// forget empties col's row group, keeping its room.
func (d *identDicts) forget(col *identCol) {
	for _, gid := range col.dict {
		col.local[gid] = 0
	}
	col.dict, col.rows = col.dict[:0], col.rows[:0]
	col.size, col.plain = 0, 0
}

// write writes the row group's rows held to rg (the columns not given up)
// and readies the next row group.
func (d *identDicts) write(rg file.BufferedRowGroupWriter) error {
	for c := range d.cols {
		col := &d.cols[c]
		if col.direct {
			continue
		}
		if err := d.writeCol(rg, col); err != nil {
			return fmt.Errorf("leaf %d: %w", col.leaf, err)
		}
	}
	return nil
}

// next readies the next row group: columns given up in this one stay PLAIN
// for the next (col.rest); the texts kept start over when past bounds.
func (d *identDicts) next() {
	if d.last != nil {
		d.last.seen = d.group // gen's fast path does not mark it
	}
	d.group++
	plain := d.gaveUp
	for c := range d.cols {
		col := &d.cols[c]
		d.forget(col)
		plain = plain || col.direct
		col.direct = col.rest > 0
		if col.rest > 0 {
			col.rest--
		}
	}
	if !plain {
		d.fails = 0 // every column's dictionary was tried whole
	}
	d.gaveUp = false
	if d.full() {
		d.reset()
		return
	}
	for g, e := range d.gens {
		if e.seen < d.group-1 { // a memo generation ended (its memo was reset)
			delete(d.gens, g)
			if g == d.lastGen {
				d.last = nil
			}
		}
	}
}

func (d *identDicts) writeCol(rg file.BufferedRowGroupWriter, col *identCol) error {
	if len(col.rows) == 0 {
		return nil
	}
	w, err := byteArrayColumn(rg, col.leaf)
	if err != nil {
		return err
	}
	enc, ok := w.CurrentEncoder().(dictSeeder)
	stats, okStats := w.PageStatistics().(*metadata.ByteArrayStatistics)
	if !ok || enc.NumEntries() != 0 || 2*col.size > col.plain || w.PageStatistics() != nil && !okStats {
		w.FallbackToPlain() // the dictionary does not pay
		return d.writePlain(w, col)
	}
	b := array.NewStringBuilder(memory.DefaultAllocator)
	b.Reserve(len(col.dict))
	b.ReserveData(int(col.size) - 4*len(col.dict))
	vals := make([]pq.ByteArray, len(col.dict))
	sizes := make([]int32, len(col.dict)) // by index: the PLAIN size of a row
	for i, gid := range col.dict {
		vals[i] = d.textOf(gid)
		sizes[i] = int32(4 + len(vals[i]))
		b.BinaryBuilder.Append(vals[i])
	}
	dict := b.NewArray()
	b.Release()
	defer dict.Release()
	if err := enc.PutDictionary(dict); err != nil {
		return err
	}
	if enc.NumEntries() != len(col.dict) {
		return fmt.Errorf("dictionary of %d values took %d", len(col.dict), enc.NumEntries())
	}
	if okStats {
		// every value of the dictionary is some row's
		stats.Update(vals, 0)
		stats.IncNumValues(int64(len(col.rows) - len(col.dict)))
	}
	return writeIndices(w, col.rows, func(i int32) int { return int(sizes[i]) })
}
