package corpus

import "golang.org/x/sys/unix"

// hugeHint asks for b on transparent huge pages; refused where they are
// off or unsupported, and b then stays on small pages.
func hugeHint(b []byte) { _ = unix.Madvise(b, unix.MADV_HUGEPAGE) }
