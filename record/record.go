// Package record holds the records that flow between idlint's stages:
// the accounting record of an input or archive member (Source, with its
// Status) that corpus makes, and where an identifier was found
// (Location) that lint's occurrences carry. corpus, lint and reports
// share them; the package imports only the standard library, so a
// program that only writes reports does not link the decoders.
//
// The occurrence itself (lint.Occurrence) stays in lint: it carries the
// findings of rules ([]rules.Finding), and a record type here that named
// them would make corpus, the lowest stage, depend on rules.
package record

// Status of a source record.
type Status string

const (
	StatusOK      Status = "ok"
	StatusSkipped Status = "skipped"
	StatusError   Status = "error"
)

// Source accounts for one input or archive member.
type Source struct {
	Source          string // input path as given
	Member          string // path inside the archive chain ("" for the input itself)
	Format          string // detected format: "text", "gzip", "tar" …
	CompressedBytes int64  // bytes read from the container (= Bytes for plain files)
	Bytes           int64  // bytes of document content scanned
	Occurrences     int
	Status          Status
	Error           string // the reason when skipped, the message when failed

	// WARC and ARC records (see corpus.Document).
	RecordID     string
	TargetURI    string
	RecordType   string
	RecordOffset int64
}

// Location says where an occurrence was found.
type Location struct {
	Source    string // input path as given ("-" for stdin)
	Member    string // path inside an archive chain, "" for plain files
	RecordID  string // WARC-Record-ID, when the document is a WARC record
	TargetURI string // WARC-Target-URI
	Offset    int64  // byte offset in the (decompressed) document
	Line      int    // 1-based
	Column    int    // 1-based, in characters
	Column16  int    // Column in UTF-16 code units (SARIF, GitHub): a character beyond the BMP counts twice
}
