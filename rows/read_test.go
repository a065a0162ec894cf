package rows

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// readAll reads in by Read and returns its rows and what it reported.
func readAll(t *testing.T, in string) (got []Row, bad []error, err error) {
	t.Helper()
	err = Read(strings.NewReader(in), "in", func(r *Row) error { got = append(got, *r); return nil },
		func(err error) { bad = append(bad, err) })
	return got, bad, err
}

// TestMaxLine: a line of MaxLine bytes is read; one byte more, without
// its end ("\n", "\r\n" or none at the end of the input), is too long
// and reported as such (MaxLine: "a longer one is reported and skipped").
func TestMaxLine(t *testing.T) {
	// A row of exactly n bytes: the default columns, the ref padded.
	row := func(n int) string {
		r := "d\thttp://a/\tretrieval\ta@href\t\thttp://b/"
		return r[:len("d\thttp://a/\tretrieval\ta@href\t")] + strings.Repeat("x", n-len(r)) + r[len(r)-len("\thttp://b/"):]
	}
	for _, end := range []string{"\n", "\r\n", ""} {
		got, bad, err := readAll(t, row(MaxLine)+end)
		if err != nil || len(bad) != 0 || len(got) != 1 || len(got[0].Ref) != MaxLine-len("d\thttp://a/\tretrieval\ta@href\t\thttp://b/") {
			t.Errorf("%q: a line of MaxLine bytes: %d rows, reported %v, %v", end, len(got), bad, err)
		}
		for _, n := range []int{MaxLine + 1, MaxLine + 2, MaxLine + 3} {
			// A good row after the long line, or before it when the
			// long line ends the input without a newline.
			in, line := row(n)+end+row(64)+"\n", 2
			if end == "" {
				in, line = row(64)+"\n"+row(n), 1
			}
			got, bad, err := readAll(t, in)
			if err != nil || len(got) != 1 || got[0].Line != line || len(bad) != 1 ||
				!strings.Contains(bad[0].Error(), "line longer than 1048576 bytes") || bad[0].(*LineError).Line != 3-line {
				t.Errorf("%q: a line of MaxLine+%d bytes: rows %d, reported %v, %v", end, n-MaxLine, len(got), bad, err)
			}
		}
	}
}

// TestReadNotRows: a file that holds rows in another form (a Parquet
// file, rows compressed by gzip or zstd) is refused at once by one error
// naming the input and the form, which errors.Is tells by ErrNotRows,
// not read line by line as TSV; rows that merely begin alike are read.
func TestReadNotRows(t *testing.T) {
	const row = "d\thttp://a/\tretrieval\ta@href\tx\thttp://b/\n"
	for _, c := range []struct{ in, form string }{
		{"PAR1\x15\x04\x15\x10\t\t\t\t\t\n" + row, "Parquet"},
		{"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\t\t\t\t\t\n" + row, "gzip"},
		{"\x28\xb5\x2f\xfd\x04\x58\t\t\t\t\t\n" + row, "zstd"},
	} {
		got, bad, err := readAll(t, c.in)
		if !errors.Is(err, ErrNotRows) || !strings.HasPrefix(err.Error(), "in: ") || !strings.Contains(err.Error(), c.form) ||
			len(got) != 0 || len(bad) != 0 {
			t.Errorf("%s: %d rows, reported %v, error %v", c.form, len(got), bad, err)
		}
	}
	for _, in := range []string{"PAR1.html" + row[1:], "PAR1", "\x1f\x8b", ""} {
		if _, _, err := readAll(t, in); err != nil {
			t.Errorf("%q: %v", in, err)
		}
	}
}

// TestReadHeaderAgain: TSV files concatenated with their headers (cat
// a.tsv b.tsv) hold a header line inside: it names the columns of the
// lines after it, as the first line's does, and is not a row (whose
// document would be "document" and url "url").
func TestReadHeaderAgain(t *testing.T) {
	a := TSVHeader + "a.html\thttp://a/\tretrieval\ta@href\tx\thttp://a/x\n"
	b := (&Writer{Page: true}).Header() + "b.html\thttp://b/\thtml\timg@src\ty\thttp://b/y\thttp://p/\t2026\n"
	got, bad, err := readAll(t, a+b+a)
	want := []Row{
		{Line: 2, Document: "a.html", Base: "http://a/", BaseSource: "retrieval", Attribute: "a@href", Ref: "x", URL: "http://a/x"},
		{Line: 4, Document: "b.html", Base: "http://b/", BaseSource: "html", Attribute: "img@src", Ref: "y", URL: "http://b/y", Page: "http://p/", Date: "2026"},
		{Line: 6, Document: "a.html", Base: "http://a/", BaseSource: "retrieval", Attribute: "a@href", Ref: "x", URL: "http://a/x"},
	}
	if err != nil || len(bad) != 0 || !slices.Equal(got, want) {
		t.Errorf("rows %+v, reported %v, %v", got, bad, err)
	}
	// A later line that only begins as a header does is a row.
	got, bad, err = readAll(t, a+"document\thttp://d/\tnone\ta@href\tz\thttp://d/z\n")
	if err != nil || len(bad) != 0 || len(got) != 2 || got[1].Document != "document" || got[1].URL != "http://d/z" {
		t.Errorf("rows %+v, reported %v, %v", got, bad, err)
	}
}
