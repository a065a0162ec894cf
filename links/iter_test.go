package links

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/limits"
)

// TestAll checks that All yields what Extract passes, then the
// document's error last; that breaking stops the reading; and that the
// Extractor serves again after a break.
func TestAll(t *testing.T) {
	doc := `<head><link href=s.css><base href="/d/"></head><a href=a>A</a><img src=b><a href="` + strings.Repeat("x", 300) + `">`
	x := Extractor{Limits: limits.Limits{URL: 200}}
	var want []string
	wantErr := x.Extract(strings.NewReader(doc), base.Retrieved("http://h/p"), func(l Link) error {
		want = append(want, fmt.Sprint(l))
		return nil
	})
	var le *LimitError
	if !errors.As(wantErr, &le) {
		t.Fatalf("Extract's error %v, want a *LimitError", wantErr)
	}
	var got []string
	var gotErr error
	for l, err := range x.All(strings.NewReader(doc), base.Retrieved("http://h/p")) {
		if err != nil {
			if gotErr != nil {
				t.Fatal("two errors")
			}
			gotErr = err
			continue
		}
		if gotErr != nil {
			t.Fatal("a link after the error")
		}
		got = append(got, fmt.Sprint(l))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || gotErr == nil || gotErr.Error() != wantErr.Error() {
		t.Errorf("All: %q, %v\nExtract: %q, %v", got, gotErr, want, wantErr)
	}

	// Break at the first link: no more is read than the reader gave.
	r := &countReader{r: iotest.OneByteReader(strings.NewReader("<a href=1>" + strings.Repeat("<p>", 100000)))}
	n := 0
	for range x.All(r, base.Base{}) {
		n++
		break
	}
	if n != 1 || r.n > 70000 {
		t.Errorf("break: %d links, %d bytes read", n, r.n)
	}
	// A read error comes as the last value.
	for l, err := range x.All(iotest.ErrReader(errors.New("boom")), base.Base{}) {
		if err == nil || !strings.Contains(err.Error(), "boom") || l != (Link{}) {
			t.Errorf("read error: %v, %v", l, err)
		}
	}
}

type countReader struct {
	r interface{ Read([]byte) (int, error) }
	n int
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}
