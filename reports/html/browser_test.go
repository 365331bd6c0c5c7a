package html_test

import (
	"context"
	"encoding/json"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/internal/longtest"
	htmlreport "github.com/idlint/idlint/reports/html"
)

// chromium finds a headless-capable Chromium (Debian package chromium;
// .ci/run installs it) or skips.
func chromium(t *testing.T) string {
	t.Helper()
	longtest.Skip(t) // Chromium starts in seconds, three times a page
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium on PATH (apt-get install chromium): the browser test is skipped")
	return ""
}

// browse opens file in headless Chromium with the browser's own
// networking off, and returns the DOM after scripts ran, the console
// lines and the URLs the page itself asked the network for (net log
// requests with an initiator: the browser's own have "not an origin").
func browse(t *testing.T, bin, file string, extra ...string) (dom string, console, requests []string) {
	t.Helper()
	dir := t.TempDir()
	netlog := filepath.Join(dir, "net.json")
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + filepath.Join(dir, "profile"),
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
		"--enable-logging=stderr", "--v=0", "--log-net-log=" + netlog}, extra...)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append(args, "file://"+file)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium %s: %v\n%s", file, err, stderr.String())
	}
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(l, ":CONSOLE") {
			console = append(console, l)
		}
	}
	data, err := os.ReadFile(netlog)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Constants struct {
			LogEventTypes map[string]int `json:"logEventTypes"`
		} `json:"constants"`
		Events []struct {
			Type   int `json:"type"`
			Params struct {
				URL       string `json:"url"`
				Initiator string `json:"initiator"`
			} `json:"params"`
		} `json:"events"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("net log of %s: %v", file, err)
	}
	start, ok := log.Constants.LogEventTypes["URL_REQUEST_START_JOB"]
	if !ok {
		t.Fatal("net log has no URL_REQUEST_START_JOB event type")
	}
	for _, e := range log.Events {
		if e.Type == start && e.Params.URL != "" && e.Params.Initiator != "not an origin" {
			requests = append(requests, e.Params.URL)
		}
	}
	return string(out), console, requests
}

// issue 22: the page loads in a real browser with no request leaving the
// file, the DOM holds the totals after the script ran, the console is
// empty and a screenshot is not blank. IDLINT_SCREENSHOT=FILE keeps the
// demo's screenshot (docs/report-demo.png is made so).
func TestBrowser(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()

	// the detectors first: a page that makes a request and logs an error
	bad := filepath.Join(dir, "bad.html")
	os.WriteFile(bad, []byte(`<!DOCTYPE html><img src="http://127.0.0.1:9/x.png"><script>console.error("boom")</script>`), 0o644)
	if _, console, reqs := browse(t, bin, bad, "--dump-dom"); len(console) == 0 || len(reqs) == 0 {
		t.Fatalf("the checks see nothing of a page with a request and a console error: console %q, requests %q", console, reqs)
	}

	pages := []struct {
		name  string
		paths []string
		opt   idlint.Options
	}{{name: "demo", paths: []string{"sample"}}}
	pages[0].opt.Corpus.FS = idlint.Sample
	if corpora := filepath.Join("..", "..", "..", "shared", "corpora"); dirExists(corpora) {
		pages = append(pages, struct {
			name  string
			paths []string
			opt   idlint.Options
		}{"shared corpora", []string{corpora}, idlint.Options{}})
	} else {
		t.Log("no ../shared/corpora: only the demo's page is opened")
	}
	for _, p := range pages {
		t.Run(p.name, func(t *testing.T) {
			m, _ := scan(t, p.paths, p.opt)
			file := filepath.Join(dir, strings.ReplaceAll(p.name, " ", "-")+".html")
			f, err := os.Create(file)
			if err != nil {
				t.Fatal(err)
			}
			if err := htmlreport.Write(f, m); err != nil {
				t.Fatal(err)
			}
			f.Close()
			dom, console, reqs := browse(t, bin, file, "--dump-dom")
			if len(console) > 0 || len(reqs) > 0 {
				t.Errorf("console %q, requests %q", console, reqs)
			}
			for _, want := range []string{
				`id="total-occurrences">` + htmlreport.Num(m.Summary.Occurrences) + "<",
				`id="total-invalid">` + htmlreport.Num(m.Summary.Invalid) + "<",
				`id="total-errors" class="error">` + htmlreport.Num(m.Summary.Findings[3]) + "<",
				`<button type="button">`, // the sorting script ran
			} {
				if !strings.Contains(dom, want) {
					t.Errorf("DOM lacks %q", want)
				}
			}
			if m := regexp.MustCompile(`(?i)(src|href)="(https?:)?//[^"]*"|url\((https?:)?//`).FindString(dom); m != "" {
				t.Errorf("DOM refers outside the file: %s", m)
			}
			shot := filepath.Join(dir, "shot.png")
			if keep := os.Getenv("IDLINT_SCREENSHOT"); keep != "" && p.name == "demo" {
				shot, _ = filepath.Abs(keep)
			}
			browse(t, bin, file, "--window-size=1200,1800", "--hide-scrollbars", "--screenshot="+shot)
			checkNotBlank(t, shot)
		})
	}
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// checkNotBlank fails when the screenshot has fewer than 8 colours.
func checkNotBlank(t *testing.T, file string) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot %s: %v", file, err)
	}
	colors := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y && len(colors) < 8; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, a := img.At(x, y).RGBA()
			colors[[4]uint32{r, g, bl, a}] = true
		}
	}
	if len(colors) < 8 {
		t.Errorf("screenshot %s is blank: %d colours", file, len(colors))
	}
}
