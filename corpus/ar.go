package corpus

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The Unix archiver's format (Debian packages, static libraries): the
// magic "!<arch>\n", then per member a 60-byte header (name 16, mtime 12,
// uid 6, gid 6, mode 8, decimal size 10, "`\n") and its data, padded to
// an even offset with "\n". GNU ar ends short names with "/", keeps
// longer ones in a "//" member and refers to them as "/OFFSET"; BSD ar
// writes "#1/LEN" and puts the name before the data, counted in the size.
// The symbol tables ("/", "/SYM64/", "__.SYMDEF…") index the members.
const (
	arMagic     = "!<arch>\n"
	arThinMagic = "!<thin>\n" // GNU thin archive: members are files outside it
	arHeaderLen = 60
	// Bounds on what an archive's headers ask for, beyond the archive's
	// own size (checked when it is known): a name (a long path is under
	// 4 KiB on every system), GNU's name table (16 MiB holds names for
	// hundreds of thousands of members); members: Options.MaxEntries.
	maxArName  = 4 << 10
	maxArNames = 16 << 20
)

// ar opens each member of an ar archive; the symbol table is recorded as
// skipped, GNU's name table is read and gets no record of its own (its
// names are in the other members' records). Errors name the member and
// its header's offset.
func (w *walker) ar(n node, layers []string, br *bufio.Reader, pos func() int64) error {
	if _, err := br.Discard(len(arMagic)); err != nil {
		return fmt.Errorf("ar: %w", err)
	}
	end := int64(-1) // the archive's size, when known
	if n.file != nil {
		if size, ok := n.file.size(); ok {
			end = size
		}
	} else if n.size >= 0 {
		end = n.size
	}
	var names []byte // GNU's "//" table
	var hdr [arHeaderLen]byte
	for count := 0; w.stop == nil; count++ {
		off := pos()
		if _, err := br.Peek(1); err == io.EOF {
			return nil
		}
		if max := w.opt.MaxEntries; max > 0 && count >= max {
			return fmt.Errorf("ar: more than %d members (the entry limit), the rest not read (at offset %d): %w", max, off, ErrLimit)
		}
		if k, err := io.ReadFull(br, hdr[:]); err != nil {
			return fmt.Errorf("ar: member header at offset %d truncated: %d of %d bytes", off, k, arHeaderLen)
		}
		raw := string(bytes.TrimRight(hdr[:16], " "))
		label := raw // for errors: the name as far as the header says it
		if len(raw) > 1 && raw != "//" && raw != "/SYM64/" && strings.HasSuffix(raw, "/") {
			label = raw[:len(raw)-1]
		}
		if hdr[58] != '`' || hdr[59] != '\n' {
			return fmt.Errorf("ar: member %q at offset %d: corrupt header (no \"`\\n\" at its end)", label, off)
		}
		size, ok := arSize(hdr[48:58])
		if !ok {
			return fmt.Errorf("ar: member %q at offset %d: corrupt header (size %q)", label, off, hdr[48:58])
		}
		if end >= 0 && size > end-off-arHeaderLen {
			return fmt.Errorf("ar: member %q at offset %d: its %d bytes run past the archive's end (%d bytes)", label, off, size, end)
		}
		body := &exactReader{r: br, n: size, what: "ar member"}
		name, symtab := raw, false
		switch {
		case raw == "/" || raw == "/SYM64/":
			symtab = true
		case raw == "//":
			if size > maxArNames {
				return fmt.Errorf("ar: name table at offset %d: %d bytes, over the %d MiB limit", off, size, maxArNames>>20)
			}
			b, err := io.ReadAll(body)
			if err != nil {
				return fmt.Errorf("ar: name table at offset %d: %w", off, err)
			}
			names = b
			if err := skipPad(br, size); err != nil {
				return fmt.Errorf("ar: name table at offset %d: %w", off, err)
			}
			continue
		case len(raw) > 1 && raw[0] == '/' && isDigits(raw[1:]):
			var err error
			if name, err = gnuName(names, raw[1:]); err != nil {
				return fmt.Errorf("ar: member %q at offset %d: %w", raw, off, err)
			}
		case strings.HasPrefix(raw, "#1/") && isDigits(raw[3:]):
			l, err := strconv.ParseInt(raw[3:], 10, 64)
			if err != nil || l > maxArName || l > size {
				return fmt.Errorf("ar: member %q at offset %d: name length over %d bytes or its size (%d)", raw, off, maxArName, size)
			}
			b := make([]byte, l)
			if _, err := io.ReadFull(body, b); err != nil {
				return fmt.Errorf("ar: member %q at offset %d: name: %w", raw, off, err)
			}
			name = string(bytes.TrimRight(b, "\x00")) // BSD pads names with NULs
			body.n -= l
			body.read = 0
			symtab = strings.HasPrefix(name, "__.SYMDEF")
		default:
			name = strings.TrimSuffix(raw, "/")
			symtab = strings.HasPrefix(name, "__.SYMDEF")
		}
		if name == "" {
			name = fmt.Sprintf("member@%d", off)
		}
		m := w.member(n, layers, name, body, body.n, nil)
		m.size = body.n
		if symtab {
			w.skip(m, layers, "ar symbol table: an index of the members' symbols, not content")
		} else {
			w.process(m)
		}
		if _, err := io.Copy(io.Discard, body); err != nil {
			return fmt.Errorf("ar: member %q at offset %d: %w", name, off, err)
		}
		if err := skipPad(br, size); err != nil {
			return fmt.Errorf("ar: member %q at offset %d: %w", name, off, err)
		}
	}
	return nil
}

// arSize reads a header's size field: decimal digits, space-padded.
func arSize(b []byte) (int64, bool) {
	s := strings.TrimRight(string(b), " ")
	if !isDigits(s) {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// skipPad skips the byte that pads an odd-sized member; an archive may
// end without it.
func skipPad(br *bufio.Reader, size int64) error {
	if size%2 == 0 {
		return nil
	}
	if _, err := br.Discard(1); err != nil && err != io.EOF {
		return err
	}
	return nil
}

// gnuName looks a GNU long name up in the name table: it runs from the
// offset to "/\n" (or "\n", or a NUL as some other tools write).
func gnuName(names []byte, offset string) (string, error) {
	off, err := strconv.ParseInt(offset, 10, 64)
	if err != nil || off >= int64(len(names)) {
		return "", fmt.Errorf("long name offset %s outside the name table (%d bytes)", offset, len(names))
	}
	b := names[off:]
	if i := bytes.IndexAny(b, "\n\x00"); i >= 0 {
		b = b[:i]
	}
	if len(b) > maxArName {
		return "", fmt.Errorf("long name at offset %s over %d bytes", offset, maxArName)
	}
	return strings.TrimSuffix(string(b), "/"), nil
}
