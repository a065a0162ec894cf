package graph

import (
	"io"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
)

// edgeRow is the Parquet schema of an edge (docs/graphs.md#parquet):
// required UTF-8 strings source and target, an optional date (null when
// the input gave none, and at the host and domain levels), and a 64-bit
// count. Row groups hold edgeGroup edges, in the sorted order of Edges,
// so that readers can skip groups by the source's minimum and maximum.
type edgeRow struct {
	Source string  `parquet:"source,zstd"`
	Target string  `parquet:"target,zstd"`
	Date   *string `parquet:"date,optional,zstd"`
	Count  int64   `parquet:"count"`
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
		r := edgeRow{Source: e.Source, Target: e.Target, Count: e.Count}
		if e.Date != "" {
			dates[len(batch)] = e.Date
			r.Date = &dates[len(batch)]
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
