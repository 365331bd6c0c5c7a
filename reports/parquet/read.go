//go:build parquet

package parquet

import (
	"fmt"

	"github.com/apache/arrow-go/v18/parquet/schema"
)

// ReadRows reads a report file back as JSON-like rows (strings, float64
// numbers, booleans, lists as []any, structs as map[string]any), with the
// file's key-value metadata; for tests and small reports.
func ReadRows(path string) (rows []map[string]any, meta map[string]string, err error) {
	meta, err = readMeta(path)
	if err != nil {
		return nil, nil, err
	}
	err = readGroups(path, nil, func(s *schema.Schema, leaves []leafData, n int64) error {
		rs, err := groupRows(s, leaves, int(n))
		rows = append(rows, rs...)
		return err
	})
	return rows, meta, err
}

// groupRows rebuilds the rows of a row group from its leaves.
func groupRows(s *schema.Schema, leaves []leafData, n int) ([]map[string]any, error) {
	rows := make([]map[string]any, n)
	for i := range rows {
		rows[i] = map[string]any{}
	}
	root := s.Root()
	leaf := 0
	for f := 0; f < root.NumFields(); f++ {
		node := root.Field(f)
		if _, ok := node.(*schema.PrimitiveNode); ok {
			d := &leaves[leaf]
			leaf++
			for i := range n {
				v, err := d.value(i)
				if err != nil {
					return nil, fmt.Errorf("column %s: %w", node.Name(), err)
				}
				rows[i][node.Name()] = v
			}
			continue
		}
		// a list: <name>.list.element, a leaf or a struct of leaves
		elem := node.(*schema.GroupNode).Field(0).(*schema.GroupNode).Field(0)
		var names []string
		if g, ok := elem.(*schema.GroupNode); ok {
			for k := 0; k < g.NumFields(); k++ {
				names = append(names, g.Field(k).Name())
			}
		}
		k := max(1, len(names))
		first := &leaves[leaf]
		row, v := -1, 0 // the row and value being read
		for j := range first.def {
			if first.rep[j] == 0 {
				row++
				if row >= n {
					return nil, fmt.Errorf("column %s: more lists than rows", node.Name())
				}
				rows[row][node.Name()] = []any{}
			}
			if first.def[j] < 2 {
				continue // an empty list
			}
			var e any
			if names == nil {
				x, err := first.value(v)
				if err != nil {
					return nil, err
				}
				e = x
			} else {
				m := map[string]any{}
				for c, name := range names {
					x, err := leaves[leaf+c].value(v)
					if err != nil {
						return nil, err
					}
					m[name] = x
				}
				e = m
			}
			rows[row][node.Name()] = append(rows[row][node.Name()].([]any), e)
			v++
		}
		leaf += k
	}
	return rows, nil
}

// value is the i-th value of a leaf as JSON decoding gives it.
func (d *leafData) value(i int) (any, error) {
	switch {
	case i < len(d.bytes):
		return string(d.bytes[i]), nil
	case i < len(d.i64):
		return float64(d.i64[i]), nil
	case i < len(d.i32):
		return float64(d.i32[i]), nil
	case i < len(d.bools):
		return d.bools[i], nil
	}
	return nil, fmt.Errorf("no value %d", i)
}
