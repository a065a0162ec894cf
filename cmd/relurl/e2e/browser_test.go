package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var screenshot = flag.String("screenshot", "", "write the browser test's screenshot of the page to `FILE` (the README's is ../../../docs/serve.png)")

// chromium finds the browser: $RELURL_CHROMIUM, or chromium on the PATH.
// With CI=true a missing browser fails the test; otherwise it is skipped.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("RELURL_CHROMIUM"); p != "" {
		return p
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	const how = "chromium not found (set RELURL_CHROMIUM or install it: apt-get install chromium)"
	if os.Getenv("CI") == "true" {
		t.Fatal(how)
	}
	t.Skip(how)
	return ""
}

// TestBrowser drives the page of "relurl serve" in headless Chromium:
// it types a base and a reference, and checks the result, the components
// and every step of the trace shown.
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	srvURL := startServe(t)

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 900),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelAlloc()
	ctx, cancelTab := chromedp.NewContext(ctx, chromedp.WithLogf(t.Logf))
	defer cancelTab()

	const base, ref = "http://a/b/c/d;p?q#f", "./../g/."
	want := explain(t, base, ref)
	if want.Result != "http://a/b/g/" {
		t.Fatalf("relurl explain gives %q", want.Result)
	}
	err := chromedp.Do(ctx,
		chromedp.Navigate(srvURL+"/"),
		// The page shows the default example once loaded.
		chromedp.Poll[chromedp.Void](`document.body.dataset.ready !== undefined`, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('base').value = ''; document.getElementById('refs').value = ''`),
		chromedp.SendKeys("#base", base),
		chromedp.SendKeys("#refs", ref),
		chromedp.Poll[chromedp.Void](`(() => { const r = document.querySelector('.card .result'); return r && r.textContent === `+strconv.Quote(want.Result)+` })()`,
			chromedp.WithPollingTimeout(20*time.Second)),
	)
	if err != nil {
		t.Fatalf("typing a base and a reference: %v", err)
	}
	steps, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.card .steps li')].map(li => li.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != len(want.Steps) {
		t.Fatalf("page shows %d steps, want %d: %q", len(steps), len(want.Steps), steps)
	}
	// Strings quoted `...` in a step are shown as code, without the quotes.
	codes := 0
	for i, s := range want.Steps {
		if d := strings.ReplaceAll(s.Detail, "`", ""); !strings.HasPrefix(steps[i], s.Step) || !strings.Contains(steps[i], d) {
			t.Errorf("step %d shown as %q, want %s %s", i+1, steps[i], s.Step, d)
		}
		codes += strings.Count(s.Detail, "`") / 2
	}
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.card .steps li code').length`))
	if err != nil || n != codes {
		t.Errorf("%d strings shown as code in the steps, want %d (%v)", n, codes, err)
	}
	for _, w := range []string{"6a", "6b", "6c"} {
		if !strings.Contains(strings.Join(steps, "\n"), w) {
			t.Errorf("no step %s shown", w)
		}
	}
	// Components: the reference's scheme is absent, the base's query "q".
	cells, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.card table.components tr')].map(tr => [...tr.cells].map(c => c.textContent).join('|'))`))
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Join(cells, "\n")
	for _, w := range []string{"component|base|reference|result", "schemesection 2.4.2|http|absent|http", "querysection 2.4.4|q|absent|absent", "pathsection 2.4.6|/b/c/d|./../g/.|/b/g/"} {
		if !strings.Contains(rows, w) {
			t.Errorf("components table lacks row %q:\n%s", w, rows)
		}
	}
	// An empty query is shown apart from an absent one.
	err = chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById('refs').value = ''`),
		chromedp.SendKeys("#refs", "g?"),
		chromedp.Poll[chromedp.Void](`(() => { const r = document.querySelector('.card .result'); return r && r.textContent === "http://a/b/c/g?" })()`,
			chromedp.WithPollingTimeout(20*time.Second)),
	)
	if err != nil {
		t.Fatalf("typing g?: %v", err)
	}
	q, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('.card table.components tr')][5].innerHTML`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(q, `class="empty"`) != 2 || !strings.Contains(q, "<code>q</code>") {
		t.Errorf("query row %s: want the base's q and two empty", q)
	}
	// The screenshot shows the first example again.
	err = chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById('refs').value = ''`),
		chromedp.SendKeys("#refs", ref),
		chromedp.Poll[chromedp.Void](`(() => { const r = document.querySelector('.card .result'); return r && r.textContent === `+strconv.Quote(want.Result)+` })()`,
			chromedp.WithPollingTimeout(20*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	testShareableState(t, ctx, srvURL)
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 800 || b.Dy() < 400 {
		t.Errorf("screenshot is %v", b)
	}
	if *screenshot != "" {
		if err := os.MkdirAll(filepath.Dir(*screenshot), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*screenshot, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// testShareableState checks that the page keeps its state in its URL: the
// address after typing, opened in a new tab, shows the same view; and a
// link with a state in its fragment opens on that state.
func testShareableState(t *testing.T, ctx context.Context, srvURL string) {
	t.Helper()
	const base, refs = "http://a/b/c/d;p?q", "g;x\n../h"
	err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById('base').value = ''; document.getElementById('refs').value = ''`),
		chromedp.SendKeys("#base", base),
		chromedp.SendKeys("#refs", refs),
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('spec'); s.value = 'rfc3986'; s.dispatchEvent(new Event('change')) })()`),
		chromedp.Poll[chromedp.Void](`(() => { const r = document.querySelectorAll('.card .result'); return r.length === 2 && r[0].textContent === "http://a/b/c/g;x" })()`,
			chromedp.WithPollingTimeout(20*time.Second)),
	)
	if err != nil {
		t.Fatalf("typing a view: %v", err)
	}
	shared, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(shared, "#") || !strings.Contains(shared, "spec=rfc3986") {
		t.Fatalf("the page's address %q does not hold its state", shared)
	}
	// The shared address, opened in a new tab, reopens the view.
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	err = chromedp.Do(tab,
		chromedp.Navigate(shared),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('.card .result').length === 2`, chromedp.WithPollingTimeout(20*time.Second)),
	)
	if err != nil {
		t.Fatalf("opening %s: %v", shared, err)
	}
	got, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[document.getElementById('base').value, document.getElementById('refs').value, document.getElementById('spec').value, ...[...document.querySelectorAll('.card .result')].map(r => r.textContent)]`))
	if err != nil {
		t.Fatal(err)
	}
	// RFC 3986 section 5.2 drops the base's params: "g;x" and "../h".
	want := []string{base, refs, "rfc3986", "http://a/b/c/g;x", "http://a/b/h"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("shared link %s shows %q, want %q", shared, got, want)
	}
	// A hand-made link, the spec name in any case, in a new tab: "../../q"
	// gives http://x/q by RFC 3986 only (the others keep the "..").
	tab2, cancel2 := chromedp.NewContext(ctx)
	defer cancel2()
	err = chromedp.Do(tab2,
		chromedp.Navigate(srvURL+"/#base=http%3A%2F%2Fx%2Fy%2Fz&refs=..%2F..%2Fq&spec=RFC3986"),
		chromedp.Poll[chromedp.Void](`(() => { const r = document.querySelector('.card .result'); return r && r.textContent === "http://x/q" })()`,
			chromedp.WithPollingTimeout(20*time.Second)),
	)
	if err == nil {
		got, err = chromedp.Run(tab2, chromedp.Evaluate[[]string](`[document.getElementById('base').value, document.getElementById('spec').value]`))
	}
	if err != nil || strings.Join(got, "|") != "http://x/y/z|rfc3986" {
		t.Errorf("hand-made link: %q, %v", got, err)
	}
}

// startServe runs "relurl serve" on a free port until the test ends and
// returns its URL.
func startServe(t *testing.T) string {
	t.Helper()
	cmd := exec.Command(relurlPath(), "serve", "-addr", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	sc := bufio.NewScanner(stderr)
	if !sc.Scan() {
		t.Fatalf("relurl serve printed nothing: %v", sc.Err())
	}
	m := regexp.MustCompile(`listening on (http://127\.0\.0\.1:\d+)/`).FindStringSubmatch(sc.Text())
	if m == nil {
		t.Fatalf("relurl serve: first line %q gives no address", sc.Text())
	}
	go func() { // keep reading, so that the server never blocks on stderr
		for sc.Scan() {
		}
	}()
	return m[1]
}

// trace is what the browser test needs of "relurl explain -json".
type trace struct {
	Result string
	Steps  []struct{ Step, Detail string }
}

// explain runs "relurl explain -json", the answer the page shows.
func explain(t *testing.T, base, ref string) trace {
	t.Helper()
	out, err := exec.Command(relurlPath(), "explain", "-json", base, ref).Output()
	if err != nil {
		t.Fatalf("relurl explain: %v", err)
	}
	var r struct{ Trace trace }
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("relurl explain -json: %v: %s", err, out)
	}
	return r.Trace
}
