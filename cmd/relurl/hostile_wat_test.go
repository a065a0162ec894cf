package main

// The WAT classes of the hostile-input suite (issue 23, defect 1): WAT
// records whose links, header fields, header values or one string would
// take gigabytes if the record were held whole. Each is generated (a few
// hundred KB gzipped), read by the built command with the default limits,
// and checked for its peak memory, exit status and rows.

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// repeater reads as n copies of item, each %d in it replaced by the
// copy's number when numbered.
type repeater struct {
	item     string
	n        int64
	numbered bool
	off      int    // in the current copy
	cur      string // the current copy
	i        int64
}

func (r *repeater) Read(p []byte) (int, error) {
	w := 0
	for w < len(p) && r.n > 0 {
		if r.off == 0 {
			r.cur = r.item
			if r.numbered {
				r.cur = strings.ReplaceAll(r.item, "%d", strconv.FormatInt(r.i, 10))
				r.i++
			}
		}
		k := copy(p[w:], r.cur[r.off:])
		w += k
		if r.off += k; r.off == len(r.cur) {
			r.off, r.n = 0, r.n-1
		}
	}
	if w == 0 {
		return 0, io.EOF
	}
	return w, nil
}

// watFile writes to dir/name a .wat.gz of one metadata record whose JSON
// is prefix, n copies of item (numbered where it holds %d), and suffix,
// generated as it is gzipped.
func watFile(t *testing.T, dir, name, prefix, item string, n int64, suffix string) string {
	t.Helper()
	numbered := strings.Contains(item, "%d")
	size, _ := io.Copy(io.Discard, &repeater{item: item, n: n, numbered: numbered})
	size += int64(len(prefix)) + int64(len(suffix))
	p := filepath.Join(dir, name)
	gzipTo(t, p, io.MultiReader(
		strings.NewReader(warcHeader("metadata", "http://x/", "application/json", size)+prefix),
		&repeater{item: item, n: n, numbered: numbered},
		strings.NewReader(suffix+"\r\n\r\n")))
	return p
}

// watPage is the JSON of a WAT record of an HTML page at http://x/,
// around its header fields, head and links.
func watPage(headers, head, links string) (prefix, suffix string) {
	js := `{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"http://x/"},"Payload-Metadata":{"HTTP-Response-Metadata":{` +
		`"Response-Message":{"Status":"200"},"Headers":{` + headers + `},"HTML-Metadata":{"Head":{` + head + `},"Links":[` + links + `]}}}}}`
	i := strings.Index(js, "@@")
	return js[:i], js[i+2:]
}

// watRSS bounds the child's own peak resident set (VmHWM, sampled every
// 10 ms) in these runs, well under maxRSS: a WAT record costs its
// decoder's buffer, one string cut at the URL or header line limit and
// the Link and Refresh values kept, at most HeaderBlock
// (docs/design.md#wat-limits), so that holding any 66 MB string whole,
// even once, fails.
const watRSS = 64 << 20

// TestHostileWAT: each class of issue 23's defect 1, default limits.
func TestHostileWAT(t *testing.T) {
	dir := t.TempDir()
	const row = "\thttp://x/\tretrieval\ta@href\tg\thttp://x/g\n"
	for _, c := range []struct {
		name          string
		headers, head string
		links         string
		item          string
		n             int64
		code          int
		rows          int64
		errs          []string
		want          string // a row, its document name cut (rowsOf)
	}{
		// 4M empty link objects (the 21M take 5.4 GiB held whole):
		// streamed, one row each, against the retrieval URL.
		{name: "links", links: `@@{}`, item: `{},`, n: 4000000, code: exitOK, rows: 4000001, want: "#0\thttp://x/\tretrieval\t\t\thttp://x/\n"},
		// 4M distinct header field names, none of them a base's: skipped.
		{name: "header-names", headers: `@@"A":"b"`, item: `"X%d":"",`, n: 4000000, links: `{"path":"A@/href","url":"g"}`, code: exitOK, rows: 1, want: "#0" + row},
		// One field with 16M values: the first kept, the others skipped.
		{name: "header-values", headers: `"Content-Base":["http://x/",@@"last"]`, item: `"v",`, n: 16000000, links: `{"path":"A@/href","url":"g"}`, code: exitOK, rows: 1,
			want: "#0\thttp://x/\theader\ta@href\tg\thttp://x/g\n"},
		// One Link field with 4M values (webarchive-commons' array of a
		// repeated field): those within HeaderBlock (each its line
		// "Link: <a>" and CRLF, 11 bytes: 95325) give their rows, the
		// first over it is reported, the others are skipped.
		{name: "link-values", headers: `"Link":[@@"<a>"]`, item: `"<a>",`, n: 4000000, links: `{"path":"A@/href","url":"g"}`, code: exitRejected, rows: 95325 + 1,
			errs: []string{"#0", "header too large", "exceeds the HeaderBlock limit of 1048576"}, want: "#0\thttp://x/\tretrieval\thttp@link\ta\thttp://x/a\n"},
		// One Link value of 66 MB: cut before it is held, over HeaderLine,
		// reported; the page's link written.
		{name: "link-66MB", headers: `"Link":"<http://l/@@>"`, item: "l", n: 66e6, links: `{"path":"A@/href","url":"g"}`, code: exitRejected, rows: 1,
			errs: []string{"#0", "header line too long", "exceeds the HeaderLine limit of 65536"}, want: "#0" + row},
		// One 66 MB string, a link's url: cut at the URL limit before it
		// is held, reported, the other link written.
		{name: "url-66MB", links: `{"path":"A@/href","url":"http://l/@@"},{"path":"A@/href","url":"g"}`, item: "a", n: 66e6, code: exitRejected, rows: 1,
			errs: []string{"#0", "a@href link of", "exceeds the URL limit of 8192"}, want: "#0" + row},
		// The same string as Head.Base: not used, the retrieval URL is.
		{name: "base-66MB", head: `"Base":"http://b/@@"`, item: "b", n: 66e6, links: `{"path":"A@/href","url":"g"}`, code: exitRejected, rows: 1,
			errs: []string{"#0", "WAT Head.Base", "not used (66000009 bytes, exceeds the URL limit of 8192)"}, want: "#0" + row},
	} {
		t.Run(c.name, func(t *testing.T) {
			pre, suf := watPage(c.headers, c.head, c.links)
			p := watFile(t, dir, c.name+".wat.gz", pre, c.item, c.n, suf)
			r := runHostile(t, nil, "links", p)
			r.check(t, c.code, c.errs...)
			if r.hwm >= watRSS || r.hwm == 0 {
				t.Errorf("own peak RSS %d MiB, want under %d MiB", r.hwm>>20, watRSS>>20)
			}
			if r.stdout.lines != c.rows {
				t.Errorf("%d rows, want %d", r.stdout.lines, c.rows)
			}
			if got := rowsOf(r.stdout.head.String()); len(got) == 0 || got[0] != c.want {
				t.Errorf("first row %.200q, want %q", strings.Join(got[:min(len(got), 1)], ""), c.want)
			}
		})
	}
	t.Run("location-66MB", func(t *testing.T) {
		// A redirect whose Location is one 66 MB string: counted over the
		// URL limit, not written.
		pre := `{"Envelope":{"WARC-Header-Metadata":{"WARC-Target-URI":"http://x/"},"Payload-Metadata":{"HTTP-Response-Metadata":{"Response-Message":{"Status":"301"},"Headers":{"Location":"http://l/`
		p := watFile(t, dir, "location.wat.gz", pre, "l", 66e6, `"}}}}}`)
		r := runHostile(t, nil, "links", p)
		r.check(t, exitRejected, "#0", fmt.Sprintf("exceeds the URL limit of %d", 8192))
		if r.hwm >= watRSS || r.hwm == 0 {
			t.Errorf("own peak RSS %d MiB, want under %d MiB", r.hwm>>20, watRSS>>20)
		}
		if r.stdout.lines != 0 {
			t.Errorf("%d rows from a Location over the limit", r.stdout.lines)
		}
	})
}
