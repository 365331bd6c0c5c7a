package corpus

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/idlint/idlint/record"
)

// arFlavour is how an ar writer stores names.
type arFlavour int

const (
	gnuAr arFlavour = iota // "name/", longer ones in the "//" table as "/OFFSET"
	bsdAr                  // "name", longer ones (or with spaces) as "#1/LEN" before the data
)

// arb writes an ar archive as GNU or BSD ar does; an entry named "/" or
// "__.SYMDEF" is a symbol table.
func arb(t testing.TB, fl arFlavour, entries ...entry) []byte {
	t.Helper()
	var b bytes.Buffer
	b.WriteString(arMagic)
	hdr := func(name string, size int) {
		fmt.Fprintf(&b, "%-16s%-12d%-6d%-6d%-8s%-10d`\n", name, 0, 0, 0, "100644", size)
	}
	pad := func(size int) {
		if size%2 == 1 {
			b.WriteByte('\n')
		}
	}
	var table strings.Builder
	offsets := map[string]int{}
	if fl == gnuAr {
		for _, e := range entries {
			if len(e.name) > 15 {
				offsets[e.name] = table.Len()
				table.WriteString(e.name + "/\n")
			}
		}
		if table.Len() > 0 {
			hdr("//", table.Len())
			b.WriteString(table.String())
			pad(table.Len())
		}
	}
	for _, e := range entries {
		switch {
		case e.name == "/" || e.name == "//":
			hdr(e.name, len(e.body))
			b.WriteString(e.body)
		case fl == gnuAr && len(e.name) > 15:
			hdr(fmt.Sprintf("/%d", offsets[e.name]), len(e.body))
			b.WriteString(e.body)
		case fl == gnuAr:
			hdr(e.name+"/", len(e.body))
			b.WriteString(e.body)
		case len(e.name) > 16 || strings.Contains(e.name, " "):
			name := e.name + strings.Repeat("\x00", 4-len(e.name)%4) // BSD pads names with NULs
			hdr(fmt.Sprintf("#1/%d", len(name)), len(name)+len(e.body))
			b.WriteString(name + e.body)
			pad(len(name) + len(e.body))
			continue
		default:
			hdr(e.name, len(e.body))
			b.WriteString(e.body)
		}
		pad(len(e.body))
	}
	return b.Bytes()
}

// TestAr opens ar archives of both flavours: each member a document (or a
// container) of its own, through the same walker as tar and zip.
func TestAr(t *testing.T) {
	t.Parallel()
	const long = "a-member-name-longer-than-sixteen.txt"
	members := []entry{
		{name: "/", body: "\x00\x00\x00\x01\x00\x00\x00\x44sym\x00"}, // GNU symbol table
		{name: "odd.txt", body: "urn:example:odd"},                   // 15 bytes: padded
		{name: long, body: "urn:example:long\n"},
		{name: "even.txt", body: "urn:example:even"},
	}
	bsd := []entry{
		{name: "__.SYMDEF SORTED", body: "\x08\x00\x00\x00sym\x00"},
		{name: "odd.txt", body: "urn:example:odd"},
		{name: long, body: "urn:example:long\n"},
		{name: "with space.txt", body: "urn:example:space"},
	}
	tgz := gz(t, string(tarb(t, entry{name: "./usr/share/doc/x/copyright", body: "urn:example:deb"})))
	txz := xzc(t, tarb(t, entry{name: "./usr/share/doc/y/README", body: "urn:example:xz urn:example:xz2"}), 0)
	inner := arb(t, gnuAr, entry{name: "inner.txt", body: "urn:example:inner"})
	tests := []struct {
		name string
		data []byte
		want []brief
	}{
		{"gnu: symbol table skipped, long name, odd-sized member padded", arb(t, gnuAr, members...), []brief{
			{"", "ar", record.StatusOK, 0, 0},
			{"/", "ar", record.StatusSkipped, 0, 0},
			{"odd.txt", "ar", record.StatusOK, 15, 1},
			{long, "ar", record.StatusOK, 17, 1},
			{"even.txt", "ar", record.StatusOK, 16, 1},
		}},
		{"bsd: #1/len names, __.SYMDEF skipped", arb(t, bsdAr, bsd...), []brief{
			{"", "ar", record.StatusOK, 0, 0},
			{"__.SYMDEF SORTED", "ar", record.StatusSkipped, 0, 0},
			{"odd.txt", "ar", record.StatusOK, 15, 1},
			{long, "ar", record.StatusOK, 17, 1},
			{"with space.txt", "ar", record.StatusOK, 17, 1},
		}},
		{"empty archive", []byte(arMagic), []brief{{"", "ar", record.StatusOK, 0, 0}}},
		{"deb-like: nested compression and tar", arb(t, gnuAr,
			entry{name: "debian-binary", body: "2.0\n"},
			entry{name: "control.tar.gz", body: string(tgz)},
			entry{name: "data.tar.xz", body: string(txz)}), []brief{
			{"", "ar", record.StatusOK, 0, 0},
			{"debian-binary", "ar", record.StatusOK, 4, 0},
			{"control.tar.gz", "ar+gzip+tar", record.StatusOK, 0, 0},
			{"control.tar.gz!./usr/share/doc/x/copyright", "ar+gzip+tar", record.StatusOK, 15, 1},
			{"data.tar.xz", "ar+xz+tar", record.StatusOK, 0, 0},
			{"data.tar.xz!./usr/share/doc/y/README", "ar+xz+tar", record.StatusOK, 30, 2},
		}},
		{"ar in ar, compressed", zst(t, arb(t, bsdAr, entry{name: "lib.a", body: string(inner)})), []brief{
			{"", "zstd+ar", record.StatusOK, 0, 0},
			{"lib.a", "zstd+ar+ar", record.StatusOK, 0, 0},
			{"lib.a!inner.txt", "zstd+ar+ar", record.StatusOK, 17, 1},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, how := range []string{"file", "stdin"} {
				open := openBytes
				if how == "stdin" {
					open = openStdin
				}
				recs, _ := open(t, tt.data, Options{})
				if got := briefs(recs); !reflect.DeepEqual(got, tt.want) {
					t.Errorf("%s: records\n%s want %+v", how, recordsString(recs), tt.want)
				}
			}
		})
	}
}

// TestArErrors: a truncated or corrupt archive is an error naming the
// member and its offset; the members before it are scanned.
func TestArErrors(t *testing.T) {
	t.Parallel()
	good := arb(t, gnuAr, entry{name: "a.txt", body: "urn:example:a"}, entry{name: "b.txt", body: "urn:example:bb"})
	second := len(arMagic) + arHeaderLen + 14 // a.txt's 13 bytes and its pad
	setSize := func(data []byte, at int, size string) []byte {
		d := bytes.Clone(data)
		copy(d[at+48:at+58], fmt.Sprintf("%-10s", size))
		return d
	}
	corruptMagic := bytes.Clone(good)
	copy(corruptMagic[second+58:], "xx")
	badLong := arb(t, gnuAr, entry{name: "a-member-name-longer-than-sixteen", body: "x"})
	badLong = bytes.Replace(badLong, []byte("/0              "), []byte("/999            "), 1)
	bsdLong := arb(t, bsdAr, entry{name: "a name with spaces", body: "x"})
	bsdLong = bytes.Replace(bsdLong, []byte("#1/20"), []byte("#1/99"), 1)
	tests := []struct {
		name    string
		data    []byte
		stdin   bool   // read as a stream: the archive's size is unknown
		archive string // the archive record's error contains this
		members []brief
	}{
		{"truncated in a header", good[:second+30], false,
			`ar: member header at offset 82 truncated: 30 of 60 bytes`,
			[]brief{{"a.txt", "ar", record.StatusOK, 13, 1}}},
		{"truncated in a member's data (stream)", good[:len(good)-5], true,
			`ar: member "b.txt" at offset 82: ar member truncated: 9 of 14 bytes`,
			[]brief{{"a.txt", "ar", record.StatusOK, 13, 1}, {"b.txt", "ar", record.StatusError, 9, 1}}},
		{"member past the archive's end (file)", good[:len(good)-5], false,
			`ar: member "b.txt" at offset 82: its 14 bytes run past the archive's end (151 bytes)`,
			[]brief{{"a.txt", "ar", record.StatusOK, 13, 1}}},
		{"huge size, stream", setSize(good, second, "9999999999"), true,
			`ar: member "b.txt" at offset 82: ar member truncated: 14 of 9999999999 bytes`,
			[]brief{{"a.txt", "ar", record.StatusOK, 13, 1}, {"b.txt", "ar", record.StatusError, 14, 1}}},
		{"corrupt header terminator", corruptMagic, false,
			`ar: member "b.txt" at offset 82: corrupt header (no "` + "`" + `\n" at its end)`,
			[]brief{{"a.txt", "ar", record.StatusOK, 13, 1}}},
		{"corrupt size", setSize(good, second, "12x"), false,
			`ar: member "b.txt" at offset 82: corrupt header (size "12x       ")`,
			[]brief{{"a.txt", "ar", record.StatusOK, 13, 1}}},
		{"long name outside the table", badLong, false,
			`ar: member "/999" at offset 104: long name offset 999 outside the name table (35 bytes)`, nil},
		{"bsd name longer than the member", bsdLong, false,
			`ar: member "#1/99" at offset 8: name length over 4096 bytes or its size (21)`, nil},
		{"magic only, then garbage", []byte(arMagic + "x"), false,
			`ar: member header at offset 8 truncated: 1 of 60 bytes`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			open := openBytes
			if tt.stdin {
				open = openStdin
			}
			recs, _ := open(t, tt.data, Options{})
			var got []brief
			var archive record.Source
			for _, r := range recs {
				if r.Member == "" {
					archive = r
					continue
				}
				got = append(got, brief{r.Member, r.Format, r.Status, r.Bytes, r.Occurrences})
			}
			if archive.Status != record.StatusError || !strings.Contains(archive.Error, tt.archive) {
				t.Errorf("archive record %s %q, want an error with %q", archive.Status, archive.Error, tt.archive)
			}
			if !reflect.DeepEqual(got, tt.members) {
				t.Errorf("members\n%s want %+v", recordsString(recs), tt.members)
			}
		})
	}
}

// TestArLimits: the limits apply to ar members as to any member.
func TestArLimits(t *testing.T) {
	t.Parallel()
	deep := arb(t, gnuAr, entry{name: "a.txt", body: "urn:x:y"})
	for range 4 {
		deep = arb(t, gnuAr, entry{name: "in.a", body: string(deep)})
	}
	type want struct {
		member, format string
		status         record.Status
		err            string
	}
	tests := []struct {
		name string
		data []byte
		opt  Options
		want []want
	}{
		{"size limit", arb(t, gnuAr, entry{name: "big.txt", body: strings.Repeat("x", 100)}), Options{MaxMemberBytes: 10}, []want{
			{"", "ar", record.StatusOK, ""},
			{"big.txt", "ar", record.StatusError, "decompressed size limit 10 B exceeded after 10 bytes"},
		}},
		{"ratio limit on a compressed member", arb(t, gnuAr, entry{name: "bomb.gz", body: string(gz(t, strings.Repeat("a", 4<<20)))}), Options{MaxRatio: 10}, []want{
			{"", "ar", record.StatusOK, ""},
			{"bomb.gz", "ar+gzip", record.StatusError, "expansion ratio limit 10:1 exceeded"},
		}},
		{"depth limit", deep, Options{}, []want{
			{"", "ar", record.StatusOK, ""},
			{"in.a", "ar+ar", record.StatusOK, ""},
			{"in.a!in.a", "ar+ar+ar", record.StatusOK, ""},
			{"in.a!in.a!in.a", "ar+ar+ar+ar", record.StatusOK, ""},
			{"in.a!in.a!in.a!in.a", "ar+ar+ar+ar+ar", record.StatusError, "nesting depth limit 4 reached: ar not opened"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, _ := openBytes(t, tt.data, tt.opt)
			var got []want
			for _, r := range recs {
				got = append(got, want{r.Member, r.Format, r.Status, r.Error})
			}
			ok := len(got) == len(tt.want)
			for i := 0; ok && i < len(got); i++ {
				g, w := got[i], tt.want[i]
				ok = g.member == w.member && g.format == w.format && g.status == w.status && strings.Contains(g.err, w.err) && (w.err != "" || g.err == "")
			}
			if !ok {
				t.Errorf("records\n%s want %+v", recordsString(recs), tt.want)
			}
		})
	}
}

// TestUnopenedContainers: a container recognized but not opened is
// recorded skipped with the reason, never scanned as text.
func TestUnopenedContainers(t *testing.T) {
	t.Parallel()
	rpm := append([]byte{0xed, 0xab, 0xee, 0xdb, 3, 0, 0, 1}, "idlint-1.0-1 urn:example:in-the-lead"...)
	rpm = append(rpm, make([]byte, 96-len(rpm))...)
	rpm = append(rpm, 0x8e, 0xad, 0xe8, 0x01) // the signature header's magic
	newc := []byte("070701" + strings.Repeat("0", 104) + "urn:example:cpio")
	tests := []struct {
		name, format, why string
		data              []byte
	}{
		{"rpm", "rpm", "rpm: its payload is a compressed cpio archive, not opened (unpack it first: rpm2cpio x.rpm | cpio -idm)", rpm},
		{"cpio (newc)", "cpio", "cpio: format not supported, not opened (unpack it first: cpio -idm < x.cpio)", newc},
		{"cpio in an ar member", "ar+cpio", "cpio: format not supported", arb(t, gnuAr, entry{name: "x.cpio", body: string(newc)})},
		{"thin ar", "thin-ar", "thin-ar: a GNU thin archive, whose members are files outside it", []byte(arThinMagic + "/               0           0     0     0       4         `\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, docs := openBytes(t, tt.data, Options{})
			if len(docs) != 0 {
				t.Errorf("scanned %d documents, want none", len(docs))
			}
			last := recs[len(recs)-1]
			if last.Status != record.StatusSkipped || last.Format != tt.format || !strings.Contains(last.Error, tt.why) {
				t.Errorf("records\n%s want the last skipped as %s: %q", recordsString(recs), tt.format, tt.why)
			}
		})
	}
}

// TestDeb builds a Debian package with dpkg-deb and finds in it the same
// identifiers as in the tree it was built from, each at its path in the
// package (pkg.deb!data.tar.xz!./usr/share/…).
func TestDeb(t *testing.T) {
	t.Parallel()
	dpkg, err := exec.LookPath("dpkg-deb")
	if err != nil {
		t.Skip("dpkg-deb not installed: no .deb to build")
	}
	dir := t.TempDir()
	root := filepath.Join(dir, "pkg")
	files := map[string]string{
		"DEBIAN/control": "Package: idlint-test\nVersion: 1.0\nArchitecture: all\nMaintainer: A <a@example.org>\n" +
			"Description: test package urn:example:control\n",
		"usr/share/doc/idlint-test/copyright":          "urn:example:copyright and urn:ietf:rfc:8141\n",
		"usr/share/xml/schema/a.xsd":                   `<xs:schema targetNamespace="urn:oasis:names:tc:SAML:2.0:assertion"/>` + "\n",
		"usr/share/idlint-test/a-rather-long-name.txt": strings.Repeat("filler ", 5000) + "urn:example:deep\n",
		"usr/share/idlint-test/empty":                  "",
	}
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, comp := range []string{"xz", "gzip", "zstd", "none"} {
		t.Run(comp, func(t *testing.T) {
			deb := filepath.Join(dir, "pkg-"+comp+".deb")
			out, err := exec.Command(dpkg, "--root-owner-group", "-Z"+comp, "--build", root, deb).CombinedOutput()
			if err != nil {
				if strings.Contains(string(out), "unknown compression") || strings.Contains(string(out), "compressor") {
					t.Skipf("dpkg-deb cannot write %s: %s", comp, out)
				}
				t.Fatalf("dpkg-deb: %v\n%s", err, out)
			}
			// the occurrence set of the package: member path → identifiers
			inDeb := map[string][]string{}
			recs := Open(Input{Path: deb}, Options{}, nil, func(d *Document) (int, error) {
				b, err := io.ReadAll(d.Reader)
				ids := urns(b)
				if len(ids) > 0 {
					inDeb[d.Member] = ids
				}
				return len(ids), err
			})
			for _, r := range recs {
				if r.Status != record.StatusOK {
					t.Errorf("record %s %s: %s %s", r.Member, r.Format, r.Status, r.Error)
				}
			}
			// the occurrence set of the tree, at the paths dpkg-deb gives
			// its members
			inTree := map[string][]string{}
			err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				b, err := os.ReadFile(p)
				rel, _ := filepath.Rel(root, p)
				ids := urns(b)
				if len(ids) == 0 {
					return err
				}
				member := "data.tar!./" + rel
				if dpath, ok := strings.CutPrefix(rel, "DEBIAN/"); ok {
					member = "control.tar!./" + dpath
				}
				inTree[member] = ids
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			normal := map[string][]string{}
			for m, ids := range inDeb {
				// "data.tar.xz!./usr/…" → "data.tar!./usr/…"
				tarName, path, _ := strings.Cut(m, "!")
				tarName = tarName[:strings.Index(tarName, ".tar")+len(".tar")]
				normal[tarName+"!"+path] = ids
			}
			if !reflect.DeepEqual(normal, inTree) {
				t.Errorf("identifiers in the .deb\n%v\nwant those of the tree\n%v", inDeb, inTree)
			}
			if _, ok := inDeb[dataMember(comp)+"!./usr/share/xml/schema/a.xsd"]; !ok {
				t.Errorf("no identifier at %s!./usr/share/xml/schema/a.xsd: %v", dataMember(comp), slices.Sorted(maps.Keys(inDeb)))
			}
		})
	}
}

func dataMember(comp string) string {
	switch comp {
	case "none":
		return "data.tar"
	case "gzip":
		return "data.tar.gz"
	case "zstd":
		return "data.tar.zst"
	}
	return "data.tar." + comp
}

// urns is a test's generous idea of the identifiers in a text: each
// "urn:" up to white space, a quote or a bracket.
func urns(b []byte) []string {
	var out []string
	for {
		i := bytes.Index(b, []byte("urn:"))
		if i < 0 {
			return out
		}
		b = b[i:]
		j := bytes.IndexAny(b, " \t\r\n\"'<>")
		if j < 0 {
			j = len(b)
		}
		out = append(out, string(b[:j]))
		b = b[j:]
	}
}
