//go:build parquet

package parquet

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/schema"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
	htmlreport "github.com/idlint/idlint/reports/html"
	"github.com/idlint/idlint/rules"
)

// ReadModel fills the HTML report's model from a report directory (a
// run's or a merge's), a row group at a time: memory grows with distinct
// keys, namespaces and documents, as during a scan. Its numbers are those
// of the scan that wrote dir, but for the findings of suppression
// comments, which the report has no rows for.
func ReadModel(ctx context.Context, dir string) (*htmlreport.Model, error) {
	meta, err := readMeta(filepath.Join(dir, OccurrencesFile))
	if err != nil {
		return nil, err
	}
	m := htmlreport.Meta{Version: meta["idlint.version"], RunID: meta["idlint.run_id"], Profiles: meta["idlint.profiles"],
		CommandLine: meta["idlint.command_line"], ParquetDir: dir}
	if t, err := time.Parse(time.RFC3339Nano, meta["idlint.start_time"]); err == nil {
		m.Start = t
		if e, err := time.Parse(time.RFC3339Nano, meta["idlint.end_time"]); err == nil {
			m.Duration = e.Sub(t)
		}
	}
	if from := meta["idlint.merged_from"]; from != "" {
		m.ShardsMerged = len(strings.Split(from, ","))
	}
	c := htmlreport.NewCollector(m)
	var sum reports.Summary
	byID := map[string]*rules.Rule{}
	for _, r := range lint.Rules() {
		byID[r.ID] = r
	}
	inputs := map[string]bool{}
	occS, err := fileSchema(occurrenceColumns)
	if err != nil {
		return nil, err
	}
	fndS, err := fileSchema(findingColumns)
	if err != nil {
		return nil, err
	}
	srcS, err := fileSchema(sourceColumns)
	if err != nil {
		return nil, err
	}
	err = readGroups(filepath.Join(dir, OccurrencesFile), occS, func(s *schema.Schema, leaves []leafData, _ int64) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		cols, n, err := columns(s, leaves, "occurrences", "scheme", "profile", "key", "namespace", "raw", "canonical", "source", "member", "kind")
		if err != nil {
			return err
		}
		valid, offset, line, column := col(s, leaves, "valid").bools, col(s, leaves, "offset").i64, col(s, leaves, "line").i32, col(s, leaves, "column").i32
		if len(valid) != n || len(offset) != n || len(line) != n || len(column) != n {
			return errors.New("occurrences: columns of different lengths")
		}
		rows := make([]reports.Row, 0, n)
		for i := range n {
			if len(cols["kind"][i]) != 0 {
				continue // a look-alike
			}
			str := func(name string) string { return string(cols[name][i]) }
			rows = append(rows, reports.Row{Scheme: str("scheme"), Profile: str("profile"), Key: str("key"), Namespace: str("namespace"),
				Raw: str("raw"), Canonical: str("canonical"), Valid: valid[i], Source: str("source"), Member: str("member"),
				Offset: offset[i], Line: int(line[i]), Column: int(column[i])})
			sum.Occurrences++
			if !valid[i] {
				sum.Invalid++
			}
		}
		c.AddRows(rows)
		return nil
	})
	if err == nil {
		err = readGroups(filepath.Join(dir, FindingsFile), fndS, func(s *schema.Schema, leaves []leafData, _ int64) error {
			cols, n, err := columns(s, leaves, "findings", "source", "member", "scheme", "raw", "rule", "severity", "message")
			if err != nil {
				return err
			}
			line, column := col(s, leaves, "line").i32, col(s, leaves, "column").i32
			if len(line) != n || len(column) != n {
				return errors.New("findings: columns of different lengths")
			}
			for i := range n {
				id := string(cols["rule"][i])
				r := byID[id]
				if r == nil { // a rule of another version: shown by its ID
					r = &rules.Rule{ID: id, Name: id}
					byID[id] = r
				}
				sev, err := rules.ParseSeverity(string(cols["severity"][i]))
				if err != nil {
					return fmt.Errorf("findings: row %d: %w", i, err)
				}
				sum.Findings[sev]++
				c.AddFinding(r, htmlreport.FindingRow{Source: string(cols["source"][i]), Member: string(cols["member"][i]),
					Line: int(line[i]), Column: int(column[i]), Scheme: string(cols["scheme"][i]), Raw: string(cols["raw"][i]),
					RuleID: id, Severity: sev, Message: string(cols["message"][i])})
			}
			return nil
		})
	}
	if err == nil {
		err = readGroups(filepath.Join(dir, SourcesFile), srcS, func(s *schema.Schema, leaves []leafData, _ int64) error {
			cols, n, err := columns(s, leaves, "sources", "source", "member", "format", "status", "error")
			if err != nil {
				return err
			}
			bytes := col(s, leaves, "bytes").i64
			if len(bytes) != n {
				return errors.New("sources: columns of different lengths")
			}
			for i := range n {
				r := record.Source{Source: string(cols["source"][i]), Member: string(cols["member"][i]), Format: string(cols["format"][i]),
					Bytes: bytes[i], Status: record.Status(cols["status"][i]), Error: string(cols["error"][i])}
				inputs[r.Source] = true
				sum.Documents++
				sum.Bytes += r.Bytes
				switch r.Status {
				case record.StatusError:
					sum.Errors++
				case record.StatusSkipped:
					sum.Skipped++
				}
				c.Source(&r)
			}
			return nil
		})
	}
	if err != nil {
		c.Abort(err)
		return nil, err
	}
	// the directory is replaced as a whole (Create): a run that landed
	// while it was read shows in the tables' run IDs now
	for _, name := range []string{OccurrencesFile, FindingsFile, SourcesFile} {
		now, err := readMeta(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		if now["idlint.run_id"] != meta["idlint.run_id"] {
			return nil, fmt.Errorf("%s: replaced by run %s while run %s was read: read it again", dir, now["idlint.run_id"], meta["idlint.run_id"])
		}
	}
	sum.Inputs = len(inputs)
	return c.Model(sum), nil
}

func col(s *schema.Schema, leaves []leafData, name string) *leafData {
	if i := s.ColumnIndexByName(name); i >= 0 {
		return &leaves[i]
	}
	return &leafData{}
}

// columns are the string columns of a row group by name, all of one
// length n.
func columns(s *schema.Schema, leaves []leafData, table string, names ...string) (map[string][]pq.ByteArray, int, error) {
	out := make(map[string][]pq.ByteArray, len(names))
	n := -1
	for _, name := range names {
		l := col(s, leaves, name).bytes
		if n >= 0 && len(l) != n {
			return nil, 0, fmt.Errorf("%s: column %s of %d values, want %d", table, name, len(l), n)
		}
		n = len(l)
		out[name] = l
	}
	return out, n, nil
}
