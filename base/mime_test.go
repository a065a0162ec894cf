package base

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/quotedprintable"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/growth"
	"github.com/relurl/relurl/limits"
)

// threeLevels is a message whose levels each test a different rule of
// section 3: a Base header on the message (3.1), a relative Content-Base
// on a multipart part (3.1 inside 3.2), Content-Location on a leaf (RFC
// 2557), an HTML BASE inside a part (3.1 in HTML), parts with no base of
// their own (3.2, to the third level), and an encapsulated message.
const threeLevels = "Base: <URL:http://top/a/b>\r\n" +
	"MIME-Version: 1.0\r\n" +
	"Content-Type: multipart/mixed; boundary=\"L1\"\r\n" +
	"\r\n" +
	"preamble\r\n" +
	"--L1\r\n" +
	"Content-Type: text/html\r\n" +
	"\r\n" +
	"<a href=x>1</a>\r\n" +
	"--L1\r\n" +
	"Content-Type: multipart/related; boundary=L2\r\n" +
	"Content-Base: ../m/\r\n" +
	"\r\n" +
	"--L2\r\n" +
	"Content-Type: text/html; charset=utf-8\r\n" +
	"Content-Location: page.html\r\n" +
	"\r\n" +
	"<a href=x>2.1</a>\r\n" +
	"--L2\r\n" +
	"Content-Type: text/html\r\n" +
	"Content-Transfer-Encoding: quoted-printable\r\n" +
	"\r\n" +
	"<base href=3D\"h/\"><a href=3D\"x\">2.2</a>=\r\n" +
	"\r\n" +
	"--L2\r\n" +
	"Content-Type: multipart/alternative; boundary=L3\r\n" +
	"\r\n" +
	"--L3\r\n" +
	"Content-Type: text/plain\r\n" +
	"\r\n" +
	"plain\r\n" +
	"--L3\r\n" +
	"Content-Type: text/html\r\n" +
	"Content-Transfer-Encoding: base64\r\n" +
	"\r\n" +
	"PGEgaHJlZj14PjIuMy4yPC9h\r\n" +
	"Pg==\r\n" +
	"--L3--\r\n" +
	"--L2--\r\n" +
	"--L1\r\n" +
	"Content-Type: message/rfc822\r\n" +
	"\r\n" +
	"Subject: inner\r\n" +
	"Content-Type: text/html\r\n" +
	"\r\n" +
	"<a href=x>3</a>\r\n" +
	"--L1--\r\n" +
	"epilogue\r\n"

type seenPart struct {
	pos, mediaType string
	base           Base
	body           string
}

func walkAll(t *testing.T, w *Walker, msg string, outer Base) ([]seenPart, error) {
	t.Helper()
	var got []seenPart
	err := w.WalkMessage(strings.NewReader(msg), outer, func(p *Part) error {
		body, err := io.ReadAll(p.Body)
		if err != nil {
			return err
		}
		got = append(got, seenPart{p.Position, p.MediaType, p.Base, string(body)})
		return nil
	})
	return got, err
}

func TestWalkThreeLevels(t *testing.T) {
	got, err := walkAll(t, &Walker{}, threeLevels, Retrieved("file:///m.eml"))
	if err != nil {
		t.Fatal(err)
	}
	want := []seenPart{
		{"1", "text/html", Base{"http://top/a/b", Enclosing}, "<a href=x>1</a>"},
		{"2.1", "text/html", Base{"http://top/m/page.html", Header}, "<a href=x>2.1</a>"},
		// 2.2's own base is in its HTML: the walker gives the base around it.
		{"2.2", "text/html", Base{"http://top/m/", Enclosing}, "<base href=\"h/\"><a href=\"x\">2.2</a>"},
		{"2.3.1", "text/plain", Base{"http://top/m/", Enclosing}, "plain"},
		{"2.3.2", "text/html", Base{"http://top/m/", Enclosing}, "<a href=x>2.3.2</a>"},
		{"3", "text/html", Base{"http://top/a/b", Enclosing}, "<a href=x>3</a>"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got\n%v\nwant\n%v", got, want)
	}
	// The HTML of 2.2 then sets its own base inside the enclosing one.
	b, err := FromHTML(strings.NewReader(got[2].body), got[2].base, relurl.RFC1808, limits.Limits{})
	if err != nil || b != (Base{"http://top/m/h/", HTML}) {
		t.Errorf("2.2: FromHTML = %v, %v", b, err)
	}
}

func TestWalkRetrievalAndNone(t *testing.T) {
	msg := "Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/html\r\n\r\n<a>\r\n--B--\r\n"
	for _, outer := range []Base{Retrieved("file:///m.eml"), {}} {
		got, err := walkAll(t, &Walker{}, msg, outer)
		if err != nil {
			t.Fatal(err)
		}
		// Without any embedded base, the retrieval URL (3.3) passes down
		// unchanged, or no base at all (3.4).
		if len(got) != 1 || got[0].base != outer {
			t.Errorf("outer %v: got %v", outer, got)
		}
	}
}

func TestWalkSinglePart(t *testing.T) {
	got, err := walkAll(t, &Walker{}, "Content-Base: http://b/\r\nContent-Type: TEXT/HTML\r\n\r\n<p>", Base{})
	if err != nil {
		t.Fatal(err)
	}
	want := []seenPart{{"", "text/html", Base{"http://b/", Header}, "<p>"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestWalkDigestDefault(t *testing.T) {
	// In multipart/digest a part without Content-Type is message/rfc822
	// (RFC 2046 section 5.1.5).
	msg := "Content-Type: multipart/digest; boundary=D\r\n\r\n--D\r\n\r\nContent-Type: text/html\r\nBase: <URL:http://d/>\r\n\r\n<a>\r\n--D--\r\n"
	got, err := walkAll(t, &Walker{}, msg, Base{})
	if err != nil {
		t.Fatal(err)
	}
	want := []seenPart{{"1", "text/html", Base{"http://d/", Header}, "<a>"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestWalkBadBaseHeader(t *testing.T) {
	msg := "Base: <URL:http://broken/\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/html\r\n\r\n<a>\r\n--B--\r\n"
	var errs []error
	var bases []Base
	err := WalkMessage(strings.NewReader(msg), Retrieved("file:///m"), func(p *Part) error {
		errs = append(errs, p.BaseErr)
		bases = append(bases, p.Base)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var he *HeaderError
	if len(errs) != 1 || !errors.As(errs[0], &he) || he.Name != "Base" {
		t.Fatalf("BaseErr = %v, want the Base header's error", errs)
	}
	if bases[0] != Retrieved("file:///m") {
		t.Errorf("base %v: the malformed header must not be used", bases[0])
	}
}

func TestWalkErrors(t *testing.T) {
	tests := []struct {
		name, msg string
		want      string // in the error
		parts     int    // parts walked before the error
	}{
		{"no header", "garbage without a colon\r\n\r\n", `message at byte 0: malformed header line "garbage without a colon"`, 0},
		{"continuation first", " folded\r\n\r\n", `message at byte 0: header starts with a continuation line`, 0},
		{"missing boundary", "Content-Type: multipart/mixed\r\n\r\n--x\r\n\r\nbody\r\n--x--\r\n", "message at byte 33: multipart/mixed without a boundary", 0},
		{"boundary never found", "Content-Type: multipart/mixed; boundary=Z\r\n\r\n--x\r\n\r\nbody\r\n", `message at byte 58: multipart/mixed with no part (boundary "Z" not found)`, 0},
		// Cut inside the base64 body of 2.3.2: named there, once, though
		// every enclosing multipart is cut too.
		{"truncated", threeLevels[:strings.Index(threeLevels, "PGEg")+6], `part 2.3.2 at byte 621: multipart/alternative truncated: no closing delimiter (boundary "L3"): unexpected EOF`, 5},
		{"boundary too long", "Content-Type: multipart/mixed; boundary=" + strings.Repeat("b", 40000) + "\r\n\r\n--" + strings.Repeat("b", 40000) + "\r\n\r\nx\r\n", "boundary of 40000 bytes", 0},
		{"bad media type", "Content-Type: text/html; ===\r\n\r\n", "message at byte 32: Content-Type", 0},
		{"unknown transfer encoding", "Content-Transfer-Encoding: x-rot13\r\n\r\n", "unknown Content-Transfer-Encoding", 0},
		{"bad encapsulated header", "Content-Type: message/rfc822\r\n\r\nno colon here\r\n\r\n", `message at byte 32: malformed header line "no colon here"`, 0},
	}
	for _, tt := range tests {
		n := 0
		err := WalkMessage(strings.NewReader(tt.msg), Base{}, func(p *Part) error {
			// A body that fails to read is the caller's to report; the
			// walk itself must then fail on the next boundary.
			io.ReadAll(p.Body)
			n++
			return nil
		})
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: err = %v, want one containing %q", tt.name, err, tt.want)
		}
		if n != tt.parts {
			t.Errorf("%s: %d parts walked before the error, want %d", tt.name, n, tt.parts)
		}
	}
}

// nested returns a message of depth multipart entities, each holding the
// next one.
func nested(depth int) string {
	var b strings.Builder
	for i := range depth {
		fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n", i, i)
	}
	b.WriteString("Content-Type: text/html\r\n\r\n<a href=deep>\r\n")
	for i := depth - 1; i >= 0; i-- {
		fmt.Fprintf(&b, "--b%d--\r\n", i)
	}
	return b.String()
}

func TestWalkDepth(t *testing.T) {
	// Within the limit the leaf is found, at its full position.
	got, err := walkAll(t, &Walker{Limits: limits.Limits{Depth: 5}}, nested(5), Base{})
	if err != nil || len(got) != 1 || got[0].pos != "1.1.1.1.1" {
		t.Fatalf("depth 5: %v, %v", got, err)
	}
	// 10,000 nested parts: an error naming the limit, not a crash.
	start := time.Now()
	_, err = walkAll(t, &Walker{}, nested(10000), Base{})
	if !errors.Is(err, ErrTooDeep) {
		t.Fatalf("10,000 levels: err = %v, want ErrTooDeep", err)
	}
	var pe *PartError
	if !errors.As(err, &pe) || strings.Count(pe.Position, ".") != limits.DefaultDepth {
		t.Errorf("error %v should name the part %d levels down", err, limits.DefaultDepth+1)
	}
	t.Logf("10,000 nested parts rejected in %v", time.Since(start))
}

func TestWalkBinaryGarbage(t *testing.T) {
	// Random bytes, and random bytes after a valid multipart header: a
	// result, or errors that are *PartErrors with short messages, never
	// a panic or a hang; parts come in document order.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		buf := make([]byte, 1+rng.IntN(4096))
		for j := range buf {
			buf[j] = byte(rng.Uint32())
		}
		msgs := [][]byte{buf, append([]byte("Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n"), buf...)}
		for _, m := range msgs {
			last := ""
			err := WalkMessage(bytes.NewReader(m), Base{}, func(p *Part) error {
				if p.Position != "" && p.Position <= last {
					t.Errorf("part %q after %q", p.Position, last)
				}
				last = p.Position
				io.Copy(io.Discard, p.Body) // a body may fail to decode
				return nil
			})
			errs := []error{err}
			if j, ok := err.(interface{ Unwrap() []error }); ok {
				errs = j.Unwrap()
			}
			for _, err := range errs {
				if _, ok := err.(*PartError); err != nil && (!ok || len(err.Error()) > 400) {
					t.Fatalf("error %T %.500v", err, err)
				}
			}
		}
	}
}

func TestWalkFnError(t *testing.T) {
	stop := errors.New("stop")
	n := 0
	err := WalkMessage(strings.NewReader(threeLevels), Base{}, func(*Part) error {
		n++
		return stop
	})
	if err != stop || n != 1 {
		t.Errorf("err = %v after %d parts, want stop after 1", err, n)
	}
}

func TestWalkNoClosingDelimiter(t *testing.T) {
	// A multipart body cut after a whole part, before its closing
	// delimiter: the part is walked, then the truncation is an error.
	msg := "Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/html\r\n\r\n<a>\r\n--B\r\n"
	got, err := walkAll(t, &Walker{}, msg, Base{})
	if len(got) != 1 || err == nil || !strings.Contains(err.Error(), `message at byte 87: multipart/mixed truncated: no closing delimiter (boundary "B")`) {
		t.Errorf("got %v, %v; want 1 part then a truncation error", got, err)
	}
	// The delimiter split across reads is still seen.
	full := strings.TrimSuffix(msg, "--B\r\n") + "--B--\r\n"
	for _, size := range []int{1, 2, 3, 5, 7} {
		var w Walker
		err := w.WalkMessage(&chunked{s: full, n: size}, Base{}, func(p *Part) error {
			_, err := io.Copy(io.Discard, p.Body)
			return err
		})
		if err != nil {
			t.Errorf("chunks of %d: %v", size, err)
		}
	}
}

// chunked reads s n bytes at a time.
type chunked struct {
	s string
	n int
}

func (c *chunked) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.s)
	c.s = c.s[k:]
	return k, nil
}

// repeat reads n bytes c, so that a test can make an input of any size
// without holding it.
type repeat struct {
	c byte
	n int64
}

func (r *repeat) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), r.n)]
	for i := range p {
		p[i] = r.c
	}
	r.n -= int64(len(p))
	return len(p), nil
}

// hostile returns a reader of pre, n bytes c, then post.
func hostile(pre string, c byte, n int64, post string) io.Reader {
	return io.MultiReader(strings.NewReader(pre), &repeat{c, n}, strings.NewReader(post))
}

// allocated returns the bytes allocated while f runs.
func allocated(f func()) uint64 {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

func TestWalkLongHeaderLine(t *testing.T) {
	// Issue 11: a 100 MB header line cost 600 MB. Now it costs about
	// the HeaderLine limit, the error quotes 120 bytes and gives the
	// length, and the next part is still walked.
	const n = 100 << 20
	pre := "Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nX-Long: "
	post := "\r\nContent-Type: text/html\r\n\r\n<a href=lost>\r\n--B\r\nContent-Type: text/html\r\n\r\n<a href=kept>\r\n--B--\r\n"
	var parts []string
	var err error
	alloc := allocated(func() {
		err = WalkMessage(hostile(pre, 'x', n, post), Base{}, func(p *Part) error {
			body, _ := io.ReadAll(p.Body)
			parts = append(parts, p.Position+" "+string(body))
			return nil
		})
	})
	if len(parts) != 1 || parts[0] != "2 <a href=kept>" {
		t.Errorf("parts %q, want part 2 only", parts)
	}
	var pe *PartError
	var le *limits.Error
	if !errors.As(err, &pe) || !errors.As(err, &le) || le.Limit != "HeaderLine" || le.Max != limits.DefaultHeaderLine {
		t.Fatalf("err = %v, want a PartError wrapping the HeaderLine limit", err)
	}
	if want := int64(len(pre) - len("X-Long: ")); pe.Position != "1" || pe.Offset != want {
		t.Errorf("error names part %q at byte %d, want part 1 at byte %d", pe.Position, pe.Offset, want)
	}
	msg := err.Error()
	if len(msg) > 300 || !strings.Contains(msg, fmt.Sprintf("(%d bytes)", n+len("X-Long: "))) || !strings.Contains(msg, `"X-Long: xxx`) {
		t.Errorf("message of %d bytes, want a short one quoting the line and giving its length: %.400s", len(msg), msg)
	}
	if alloc > 4<<20 {
		t.Errorf("a %d-byte header line allocated %d bytes, want under 4 MiB", n, alloc)
	}
	t.Logf("%d-byte header line: %d bytes allocated", n, alloc)

	// In the message's own header: an error, no part.
	err = WalkMessage(hostile("Subject: ", 'y', 1<<20, "\r\n\r\nbody"), Base{}, func(p *Part) error {
		t.Errorf("part %q walked", p.Position)
		return nil
	})
	if !errors.As(err, &pe) || pe.Position != "" || pe.Offset != 0 || !errors.As(err, &le) {
		t.Errorf("long line in the message header: %v", err)
	}
}

func TestWalkHeaderLimits(t *testing.T) {
	w := Walker{Limits: limits.Limits{HeaderLine: 20, HeaderBlock: 100}}
	tests := []struct {
		name, msg, limit string
		offset           int64
	}{
		// A folded field's lines count one by one: each is short.
		{"folded lines each under the line limit", "Base: <URL:http://a/\r\n b/c/d/e/f/g/h/i/j>\r\n\r\n", "", 0},
		{"one line over", "Subject: " + strings.Repeat("s", 12) + "\r\n\r\n", "HeaderLine", 0},
		{"many lines over the block", strings.Repeat("A: 123456789012345\r\n", 6) + "\r\n", "HeaderBlock", 5 * 20},
		// The block counts line ends (package internal/header): the
		// fifth continuation line takes it to 111 bytes.
		{"folded lines over the block", "A: b\r\n" + strings.Repeat(" 123456789012345678\r\n", 6) + "\r\n", "HeaderBlock", 6 + 4*21},
	}
	for _, tt := range tests {
		_, err := walkAll(t, &w, tt.msg, Base{})
		var le *limits.Error
		var pe *PartError
		if tt.limit == "" {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
			continue
		}
		if !errors.As(err, &le) || le.Limit != tt.limit || !errors.As(err, &pe) || pe.Offset != tt.offset {
			t.Errorf("%s: err = %v, want the %s limit at byte %d", tt.name, err, tt.limit, tt.offset)
		}
	}
}

func TestWalkLongPreambleAndEpilogue(t *testing.T) {
	// Issue 11: a preamble line over 4 KiB failed the whole message
	// ("bufio: buffer full"). Preamble and epilogue lines of 1 MB, at
	// both levels, and a 1 MB body line.
	mb := strings.Repeat("p", 1<<20)
	msg := "Content-Type: multipart/mixed; boundary=B\r\n\r\n" +
		mb + "\r\n" + mb + "\r\n" +
		"--B\r\nContent-Type: multipart/alternative; boundary=C\r\n\r\n" + mb + "\r\n" +
		"--C\r\nContent-Type: text/html\r\n\r\n<a href=1>\r\n--C--\r\n" + mb + "\r\n" +
		"--B\r\nContent-Type: text/html\r\n\r\n" + mb + "\r\n--B--\r\n" + mb
	got, err := walkAll(t, &Walker{}, msg, Base{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].pos != "1.1" || got[0].body != "<a href=1>" || got[1].pos != "2" || got[1].body != mb {
		t.Errorf("got %d parts: %.200v", len(got), got)
	}
}

func TestWalkDelimiters(t *testing.T) {
	// RFC 2046 section 5.1.1: a delimiter is "--" boundary at the start
	// of a line, then transport padding and a line break, or "--".
	msg := "Content-Type: multipart/mixed; boundary=B\n\n" +
		"--B \t\n\n--Bx is text\n --B is text\n--B-x is text\n" + // LF line breaks, padding
		"--B\r\n\r\n\r\n--B--"
	got, err := walkAll(t, &Walker{}, msg, Base{})
	if err != nil {
		t.Fatal(err)
	}
	want := []seenPart{{"1", "text/plain", Base{}, "--Bx is text\n --B is text\n--B-x is text"}, {"2", "text/plain", Base{}, ""}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestWalkRecordLimit(t *testing.T) {
	// A part's decoded body is cut at Limits.Record with an error naming
	// the part; the walk goes on with the next part.
	w := Walker{Limits: limits.Limits{Record: 100}}
	msg := "Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\n\r\n" + strings.Repeat("a", 1000) + "\r\n--B\r\n\r\nsmall\r\n--B--\r\n"
	var bodies []string
	var errs []error
	err := w.WalkMessage(strings.NewReader(msg), Base{}, func(p *Part) error {
		b, err := io.ReadAll(p.Body)
		bodies, errs = append(bodies, string(b)), append(errs, err)
		return nil
	})
	if err != nil || len(bodies) != 2 || len(bodies[0]) != 100 || bodies[1] != "small" || errs[1] != nil {
		t.Fatalf("got %d bodies (%v), errors %v, %v", len(bodies), bodies, errs, err)
	}
	var le *limits.Error
	var pe *PartError
	if !errors.As(errs[0], &le) || le.Limit != "Record" || !errors.As(errs[0], &pe) || pe.Position != "1" {
		t.Errorf("error of the long part: %v", errs[0])
	}
}

func TestWalkGoesOnAfterBadParts(t *testing.T) {
	// Every kind of broken part, each followed by a good one: the good
	// ones are walked, the broken ones reported in order.
	bad := []string{
		"no colon\r\n\r\nx",
		"Content-Type: text/html; ===\r\n\r\nx",
		"Content-Transfer-Encoding: rot13\r\n\r\nx",
		"Content-Type: multipart/mixed\r\n\r\nx",
		"Content-Type: multipart/mixed; boundary=unclosed\r\n\r\n--unclosed\r\n\r\nx",
	}
	var b strings.Builder
	b.WriteString("Content-Type: multipart/mixed; boundary=B\r\n\r\n")
	for _, p := range bad {
		b.WriteString("--B\r\n" + p + "\r\n--B\r\nContent-Type: text/html\r\n\r\nok\r\n")
	}
	b.WriteString("--B--\r\n")
	var pos []string
	err := WalkMessage(strings.NewReader(b.String()), Base{}, func(p *Part) error {
		io.Copy(io.Discard, p.Body) // 9.1's fails: its multipart is not closed
		pos = append(pos, p.Position)
		return nil
	})
	if fmt.Sprint(pos) != "[2 4 6 8 9.1 10]" {
		t.Errorf("parts walked: %v", pos)
	}
	j, ok := err.(interface{ Unwrap() []error })
	if !ok || len(j.Unwrap()) != len(bad) {
		t.Fatalf("err = %v, want %d errors", err, len(bad))
	}
	for i, e := range j.Unwrap() {
		var pe *PartError
		// The unclosed multipart is reported at its part cut short.
		if want := []string{"1", "3", "5", "7", "9.1"}[i]; !errors.As(e, &pe) || pe.Position != want {
			t.Errorf("error %d: %v, want one naming part %s", i, e, want)
		}
	}
}

func TestWalkManyErrorsBounded(t *testing.T) {
	// A million broken parts keep at most maxErrors errors, then a count.
	var b strings.Builder
	b.WriteString("Content-Type: multipart/mixed; boundary=B\r\n\r\n")
	const n = 5000
	for range n {
		b.WriteString("--B\r\nbad\r\n\r\n")
	}
	b.WriteString("--B--\r\n")
	_, err := walkAll(t, &Walker{}, b.String(), Base{})
	errs := err.(interface{ Unwrap() []error }).Unwrap()
	if len(errs) != maxErrors+1 || !strings.Contains(errs[maxErrors].Error(), fmt.Sprint(n-maxErrors, " more errors")) {
		t.Errorf("%d errors, the last %v", len(errs), errs[len(errs)-1])
	}
}

// linear fails unless walking make(2n) costs about twice what make(n)
// does: by the bytes allocated, and by CPU time when RELURL_TIMING=1
// (internal/growth).
func linear(t *testing.T, name string, w *Walker, n int, make func(n int) string) {
	t.Helper()
	growth.Linear(t, name, n, func(n int) func() {
		msg := make(n)
		return func() {
			err := w.WalkMessage(strings.NewReader(msg), Base{}, func(p *Part) error {
				_, err := io.Copy(io.Discard, p.Body)
				return err
			})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
	})
}

func TestWalkLinear(t *testing.T) {
	// Issue 11: header folding rebuilt the value on every continuation
	// line (quadratic). Pathological inputs at n and 2n: header lines,
	// folded lines of one field, and entities nested at the depth limit.
	big := &Walker{Limits: limits.Limits{HeaderBlock: 1 << 30}}
	linear(t, "header lines", big, 200000, func(n int) string {
		return strings.Repeat("X-A: b\r\n", n) + "\r\nbody"
	})
	linear(t, "folded lines", big, 400000, func(n int) string {
		return "Base: <URL:http://a/\r\n" + strings.Repeat(" b/\r\n", n) + " c>\r\n\r\nbody"
	})
	linear(t, "nested at the limit", &Walker{}, 100, func(n int) string {
		// n leaves, each inside limits.DefaultDepth levels.
		var b strings.Builder
		b.WriteString("Content-Type: multipart/mixed; boundary=top\r\n\r\n")
		deep := nested(limits.DefaultDepth - 1)
		for range n {
			b.WriteString("--top\r\n" + deep)
		}
		b.WriteString("--top--\r\n")
		return b.String()
	})
	linear(t, "many parts", &Walker{}, 10000, func(n int) string {
		return "Content-Type: multipart/mixed; boundary=B\r\n\r\n" + strings.Repeat("--B\r\nA: b\r\n\r\n<a>\r\n", n) + "--B--\r\n"
	})
}

func TestQuotedPrintableLongLines(t *testing.T) {
	// mime/quotedprintable reads a line at a time into 4 KiB: a longer
	// line lost the rest of the part ("bufio: buffer full"). Random bytes
	// encoded, then every soft line break removed: lines of up to some
	// 30 KB, escapes everywhere, must decode as the encoding with its
	// short lines does.
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 20 {
		data := make([]byte, 10000+rng.IntN(5000))
		for j := range data {
			switch rng.IntN(4) {
			case 0:
				data[j] = byte(rng.Uint32())
			case 1:
				data[j] = " \t="[rng.IntN(3)]
			default:
				data[j] = 'a' + byte(rng.IntN(26))
			}
		}
		var enc bytes.Buffer
		qw := quotedprintable.NewWriter(&enc)
		qw.Write(data)
		qw.Close()
		long := strings.ReplaceAll(enc.String(), "=\r\n", "")
		if i%2 == 1 {
			// Soft breaks padded with white space (RFC 2045 rule 3).
			long = strings.ReplaceAll(enc.String(), "=\r\n", "= \t \r\n")
		}
		want, err := io.ReadAll(quotedprintable.NewReader(&enc))
		if err != nil {
			t.Fatal(err)
		}
		msg := "Content-Transfer-Encoding: quoted-printable\r\n\r\n" + long
		var got []byte
		err = WalkMessage(&chunked{s: msg, n: 1 + rng.IntN(5000)}, Base{}, func(p *Part) error {
			var err error
			got, err = io.ReadAll(p.Body)
			return err
		})
		if err != nil || !bytes.Equal(got, want) || len(long) < 5000 {
			t.Fatalf("case %d: %d bytes decoded, want %d, err %v", i, len(got), len(want), err)
		}
	}
	// "=" followed by endless white space: split all the same.
	msg := "Content-Transfer-Encoding: quoted-printable\r\n\r\na=" + strings.Repeat(" ", 10000) + "b\r\n"
	if _, err := walkAll(t, &Walker{}, msg, Base{}); err != nil {
		t.Errorf("'=' then 10,000 spaces: %v", err)
	}
}

// TestHeaderSentinels: each way an entity's header breaks the grammar or
// a bound is reached from outside the module by its name in this package,
// in the message's header and in a part's.
func TestHeaderSentinels(t *testing.T) {
	w := Walker{Limits: limits.Limits{HeaderLine: 50, HeaderBlock: 120}}
	tests := []struct {
		name, header string
		want         error
	}{
		{"malformed", "Content-Type text/html\r\n", ErrHeaderMalformed},
		{"continuation first", " folded\r\nA: b\r\n", ErrHeaderContinuation},
		{"line too long", "Subject: " + strings.Repeat("s", 50) + "\r\n", ErrHeaderLineTooLong},
		{"too large", strings.Repeat("A: 123456789\r\n", 12), ErrHeaderTooLarge},
	}
	for _, tt := range tests {
		for _, msg := range []string{
			tt.header + "\r\nbody",
			"Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\n" + tt.header + "\r\nbody\r\n--B--\r\n",
		} {
			_, err := walkAll(t, &w, msg, Base{})
			var pe *PartError
			if !errors.Is(err, tt.want) || !errors.As(err, &pe) {
				t.Errorf("%s in %.20q: err = %v, want a PartError wrapping %v", tt.name, msg, err, tt.want)
			}
			for _, other := range tests {
				if other.want != tt.want && errors.Is(err, other.want) {
					t.Errorf("%s: err = %v is %v too", tt.name, err, other.want)
				}
			}
		}
	}
}

// TestWalkEncodedMultipartCorrupt: a multipart entity whose transfer
// encoding (RFC 2045 section 6.4 forbids one, but it is decoded) cannot
// be decoded before its first delimiter is reported with the decoder's
// error, not as a missing boundary: the cause is what the reader needs.
func TestWalkEncodedMultipartCorrupt(t *testing.T) {
	msg := "Content-Type: multipart/mixed; boundary=B\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!!\r\n"
	err := WalkMessage(strings.NewReader(msg), Base{}, func(p *Part) error {
		t.Errorf("part %q walked", p.Position)
		return nil
	})
	var pe *PartError
	var ce base64.CorruptInputError
	if !errors.As(err, &pe) || pe.Position != "" || !errors.As(err, &ce) || strings.Contains(err.Error(), "not found") {
		t.Errorf("err = %v, want a *PartError of the message wrapping the base64 error", err)
	}
}

// TestWalkBodyDecodeError: a part's body that its Content-Transfer-Encoding
// cannot decode (RFC 2045 sections 6.7 and 6.8: base64 with a byte outside
// its alphabet, or cut inside a 4-character group) fails to read with a
// *PartError naming the part, the offset of its body and the encoding,
// wrapping the decoder's error, as the Record limit does; the walk goes on.
func TestWalkBodyDecodeError(t *testing.T) {
	head := "Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Transfer-Encoding: base64\r\n\r\n"
	for _, tt := range []struct {
		body string
		want error
	}{
		{"QU!JD", base64.CorruptInputError(2)},
		{"QUJD RA", io.ErrUnexpectedEOF},
	} {
		msg := head + tt.body + "\r\n--B\r\n\r\nnext\r\n--B--\r\n"
		var errs []error
		var bodies []string
		err := WalkMessage(strings.NewReader(msg), Base{}, func(p *Part) error {
			b, err := io.ReadAll(p.Body)
			bodies, errs = append(bodies, string(b)), append(errs, err)
			return nil
		})
		if err != nil || len(errs) != 2 || errs[1] != nil || bodies[1] != "next" {
			t.Fatalf("%q: walk %v, bodies %q, errors %v", tt.body, err, bodies, errs)
		}
		var pe *PartError
		if !errors.As(errs[0], &pe) || pe.Position != "1" || pe.Offset != int64(len(head)) ||
			!errors.Is(errs[0], tt.want) || !strings.Contains(errs[0].Error(), "base64") {
			t.Errorf("%q: body error %v, want a *PartError of part 1 at byte %d naming base64, wrapping %v", tt.body, errs[0], len(head), tt.want)
		}
	}
}
