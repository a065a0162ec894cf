package crawl

// OutDir: one output file per input, restartable (issue 7).

import (
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// maxEscapedName bounds the escaped input path in an output file name,
// keeping the whole name under the usual 255-byte limit of file systems.
const maxEscapedName = 200

// OutputName returns the name of the file in OutDir for an input: the
// input path, cleaned, with every byte other than ASCII letters, digits
// and "-_.+,=@" written %XX (so "/" is %2F and "%" is %25), and the
// format's extension (then ".gz" with gz) appended. The escaping is
// one-to-one, so two inputs never share a file unless their cleaned
// paths are equal, and a leading "." is escaped too, so that no output
// name starts with "." like the temporary names. A path whose escaped
// form is longer than maxEscapedName becomes "~" + 16 hex digits of its
// SHA-256 + "~" + the last bytes of the escaped form: "~" is escaped in
// the short form, so the two forms cannot meet, and two long paths share
// a name only if their hashes' first 64 bits do.
func OutputName(input string, f Format, gz bool) string {
	p := input
	if !IsHTTPURL(input) {
		p = filepath.Clean(input)
	}
	esc := escapeName(p)
	if len(esc) > maxEscapedName {
		sum := sha256.Sum256([]byte(p))
		tail := esc[len(esc)-(maxEscapedName-18):]
		esc = "~" + hex.EncodeToString(sum[:8]) + "~" + tail
	}
	esc += f.Ext()
	if gz {
		esc += ".gz"
	}
	return esc
}

func escapeName(p string) string {
	const hexDigits = "0123456789ABCDEF"
	b := make([]byte, 0, len(p))
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			c == '-', c == '_', c == '+', c == ',', c == '=', c == '@',
			c == '.' && i > 0:
			b = append(b, c)
		default:
			b = append(b, '%', hexDigits[c>>4], hexDigits[c&15])
		}
	}
	return string(b)
}

// toDir extracts the links of one input into its file in OutDir. The
// rows go to a temporary file .NAME.tmp in the same directory, which is
// synced and renamed to NAME once the input has been read to its end, so
// NAME exists only complete; an input whose NAME exists is skipped. A
// temporary file left by a run that was killed is overwritten when the
// input is done again. An input that cannot be read at all (missing,
// unreadable, fetch failed) gets no file, so that a later run tries it
// again; errors inside an input are reported and its file is written.
func (j *job) toDir(in string) {
	name := OutputName(in, j.Format, j.Gzip)
	final := filepath.Join(j.OutDir, name)
	if _, err := os.Lstat(final); err == nil {
		j.stats.present.Add(1)
		return
	}
	tmp := filepath.Join(j.OutDir, "."+name+".tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		j.fail(in, fmt.Errorf("output: %w", err))
		return
	}
	bw := bufio.NewWriterSize(f, bufSize)
	var w io.Writer = bw
	var zw *gzip.Writer
	if j.Gzip {
		// BestSpeed: at crawl scale the output is large and compressing
		// it at the default level costs more than extracting it.
		zw, _ = gzip.NewWriterLevel(bw, gzip.BestSpeed)
		w = zw
	}
	j.sink = rowSink{buf: j.sink.buf[:0], w: w}
	if j.Header && j.Format == TSV {
		j.sink.buf = append(j.sink.buf, TSVHeader...)
	}
	read := j.input(in)
	err = j.sink.flush()
	if zw != nil && err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = bw.Flush()
	}
	if err == nil && read {
		err = f.Sync() // complete on disk before it has its name
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && read {
		err = os.Rename(tmp, final)
	}
	if err != nil || !read {
		os.Remove(tmp)
	}
	if err != nil {
		j.fail(in, fmt.Errorf("output %s: %w", final, err))
	}
}
