package base

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/relurl/relurl/limits"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
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
	b, err := FromHTML(strings.NewReader(got[2].body), got[2].base, limits.Limits{})
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
	// Random bytes, and random bytes after a valid multipart header: an
	// error or a result, never a panic or a hang.
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		buf := make([]byte, 1+rng.IntN(4096))
		for j := range buf {
			buf[j] = byte(rng.Uint32())
		}
		msgs := [][]byte{buf, append([]byte("Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n"), buf...)}
		for _, m := range msgs {
			err := WalkMessage(bytes.NewReader(m), Base{}, func(p *Part) error {
				_, err := io.Copy(io.Discard, p.Body)
				return err
			})
			_ = err // either is fine; the test is that it returns
		}
		_ = i
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
