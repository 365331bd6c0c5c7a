package atomicfile

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Write creates or replaces whole, with the mode asked, and leaves no
// temporary file behind (issue 20 §5: fixes; issue 20 §4: baselines).
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		path    string
		old     string // "" = no file before
		perm    os.FileMode
		wantErr bool
	}{
		{"create", filepath.Join(dir, "new.json"), "", 0o644, false},
		{"replace", filepath.Join(dir, "old.txt"), "old bytes, longer than the new", 0o600, false},
		{"missing directory", filepath.Join(dir, "no", "such", "f"), "", 0o644, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.old != "" {
				if err := os.WriteFile(tt.path, []byte(tt.old), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			prepared := false
			err := Write(tt.path, []byte("new"), tt.perm, func(*os.File) { prepared = true })
			if (err != nil) != tt.wantErr {
				t.Fatalf("Write: err = %v, want error %v", err, tt.wantErr)
			}
			if tt.wantErr {
				if _, err := os.Stat(tt.path); !os.IsNotExist(err) {
					t.Errorf("after a failure the path exists: %v", err)
				}
				return
			}
			if !prepared {
				t.Error("prepare was not called")
			}
			if b, err := os.ReadFile(tt.path); err != nil || string(b) != "new" {
				t.Errorf("content = %q, %v; want \"new\"", b, err)
			}
			fi, err := os.Stat(tt.path)
			if err != nil {
				t.Fatal(err)
			}
			if runtime.GOOS != "windows" && fi.Mode().Perm() != tt.perm {
				t.Errorf("mode = %v, want %v", fi.Mode().Perm(), tt.perm)
			}
		})
	}
	if es, _ := os.ReadDir(dir); len(es) != 2 {
		t.Errorf("directory holds %d entries, want the 2 written (no temporary left)", len(es))
	}
}
