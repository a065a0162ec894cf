package graph

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
)

// edgeRow is the Parquet schema of an edge (docs/graphs.md#parquet):
// required UTF-8 strings source and target, an optional date (null when
// the input gave none, and at the host and domain levels), and a 64-bit
// count. Row groups hold edgeGroup edges, in the sorted order of Edges,
// so that readers can skip groups by the source's minimum and maximum.
// A page graph's nodes and dates are the rows' bytes, which need not be
// UTF-8, while a Parquet STRING must be: such a value is written with
// each run of bad bytes as U+FFFD, and exactly in its NAME_bytes column
// (null when the value is UTF-8), as package rows writes the links rows
// (docs/links.md#parquet--format-parquet). The _bytes fields are *[]byte
// for the reason rows' are (parquet-go writes a nil optional []byte
// after one that is not as "", not null).
type edgeRow struct {
	Source string  `parquet:"source,zstd"`
	Target string  `parquet:"target,zstd"`
	Date   *string `parquet:"date,optional,zstd"`
	Count  int64   `parquet:"count"`

	SourceBytes *[]byte `parquet:"source_bytes,optional,zstd"`
	TargetBytes *[]byte `parquet:"target_bytes,optional,zstd"`
	DateBytes   *[]byte `parquet:"date_bytes,optional,zstd"`
}

// utf8Value returns the value of s for a STRING column, and nil when it
// is s, or else s's bytes, kept in *exact, for its _bytes column.
func utf8Value(s string, exact *[]byte) (string, *[]byte) {
	if utf8.ValidString(s) {
		return s, nil
	}
	*exact = append((*exact)[:0], s...)
	return strings.ToValidUTF8(s, "\uFFFD"), exact
}

// edgeGroup is how many edges a row group holds: about 1 M, tens of MB.
const edgeGroup = 1 << 20

// parquetBatch is how many rows are handed to the writer at once.
const parquetBatch = 1024

func (b *Builder) writeParquet(w io.Writer) error {
	pw := parquet.NewGenericWriter[edgeRow](w,
		parquet.Compression(&zstd.Codec{}),
		parquet.CreatedBy("relurl", "", ""),
	)
	batch := make([]edgeRow, 0, parquetBatch)
	dates := make([]string, parquetBatch)
	exact := make([][]byte, 3*parquetBatch) // the _bytes values the batch points to
	inGroup := 0
	flush := func() error {
		if _, err := pw.Write(batch); err != nil {
			return err
		}
		inGroup += len(batch)
		batch = batch[:0]
		if inGroup >= edgeGroup {
			inGroup = 0
			return pw.Flush()
		}
		return nil
	}
	err := b.Edges(func(e Edge) error {
		i := len(batch)
		r := edgeRow{Count: e.Count}
		r.Source, r.SourceBytes = utf8Value(e.Source, &exact[3*i])
		r.Target, r.TargetBytes = utf8Value(e.Target, &exact[3*i+1])
		if e.Date != "" {
			dates[i], r.DateBytes = utf8Value(e.Date, &exact[3*i+2])
			r.Date = &dates[i]
		}
		batch = append(batch, r)
		if len(batch) == parquetBatch {
			return flush()
		}
		return nil
	})
	if err == nil && len(batch) > 0 {
		err = flush()
	}
	if err != nil {
		pw.Close()
		return err
	}
	return pw.Close()
}
