package parquet

import (
	"bufio"
	"bytes"
	"encoding/json"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet/file"
)

// ReadRows reads a report file back as JSON-like rows, with the file's
// key-value metadata; for tests and small reports.
func ReadRows(path string) (rows []map[string]any, meta map[string]string, err error) {
	meta = map[string]string{}
	rdr, err := file.OpenParquetFile(path, false)
	if err != nil {
		return nil, nil, err
	}
	for _, kv := range rdr.MetaData().KeyValueMetadata() {
		if kv.Value != nil {
			meta[kv.Key] = *kv.Value
		}
	}
	rdr.Close()
	err = readBatches(path, func(rec arrow.RecordBatch) error {
		var buf bytes.Buffer
		if err := array.RecordToJSON(rec, &buf); err != nil {
			return err
		}
		sc := bufio.NewScanner(&buf)
		sc.Buffer(make([]byte, 1<<20), 1<<30)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				return err
			}
			rows = append(rows, m)
		}
		return sc.Err()
	})
	return rows, meta, err
}
