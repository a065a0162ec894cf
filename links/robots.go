package links

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/ascii"
)

// robots.txt (RFC 9309): its Sitemap records (section 2.2.4, "other
// records") are links, robots@sitemap. A line is a record "name: value",
// the name in any case, white space around both, "#" starting a comment;
// Sitemap lines are not part of a group and may stand anywhere.

// ExtractRobots calls fn with the URL of each Sitemap record of the
// robots.txt file read from r, in order, resolved against outer (the
// protocol asks for absolute URLs; a relative one is resolved against the
// file's URL, as crawlers do). A line ends with LF, CR or CR LF. A line
// longer than Limits.URL (and the
// record's name) is not held: a Sitemap line that long is a link not
// passed on, with a warning, as in HTML. Memory stays bounded whatever
// the input.
func (x *Extractor) ExtractRobots(r io.Reader, outer base.Base, fn func(Link) error) error {
	x.fn, x.fnBytes = fn, nil
	return x.runOther(outer, func() error { return x.scanRobots(r) })
}

// ExtractRobotsBytes is ExtractRobots passing LinkBytes, as ExtractBytes.
func (x *Extractor) ExtractRobotsBytes(r io.Reader, outer base.Base, fn func(*LinkBytes) error) error {
	x.fn, x.fnBytes = nil, fn
	return x.runOther(outer, func() error { return x.scanRobots(r) })
}

func (x *Extractor) scanRobots(r io.Reader) error {
	br := bufio.NewReaderSize(crReader{r}, x.lim.URL+64)
	var off int64
	for {
		line, err := br.ReadSlice('\n')
		start := off
		off += int64(len(line))
		ref, ok := sitemapRecord(line)
		long := false
		for err == bufio.ErrBufferFull {
			// The rest of a long line is read and dropped (line is
			// no longer valid).
			long = true
			var more []byte
			more, err = br.ReadSlice('\n')
			off += int64(len(more))
		}
		if ok {
			if long {
				x.tooLong("robots", "sitemap", start, int(off-start))
			} else if err := x.emit("robots", "sitemap", ref, start); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading robots.txt: %w", err)
		}
	}
}

// A crReader reads r with each CR made an LF: a line of robots.txt ends
// with LF, CR or CR LF (RFC 9309 section 2.2, EOL), and CR LF then reads
// as a line and an empty one, which holds no record. The offsets stay
// those of r.
type crReader struct{ r io.Reader }

func (c crReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	for i, b := range p[:n] {
		if b == '\r' {
			p[i] = '\n'
		}
	}
	return n, err
}

// sitemapRecord returns the value of a line that is a Sitemap record.
func sitemapRecord(line []byte) ([]byte, bool) {
	if i := bytes.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	line = bytes.TrimLeft(line, " \t\ufeff")
	name, value, ok := bytes.Cut(line, []byte(":"))
	if !ok || !ascii.EqualFold(bytes.TrimRight(name, " \t"), "sitemap") {
		return nil, false
	}
	return bytes.Trim(value, " \t\r\n"), true
}
