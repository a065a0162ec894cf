package parquettest

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
)

// file writes one row of v as a Parquet file by parquet-go's schema of
// its type.
func file[T any](t *testing.T, v T) []byte {
	t.Helper()
	var b bytes.Buffer
	w := parquet.NewGenericWriter[T](&b)
	if _, err := w.Write([]T{v}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSparkTypes: the types of the Spark-safe set map as Spark's reader
// maps them, and each type left out is an error naming its column and
// why.
func TestSparkTypes(t *testing.T) {
	type safe struct {
		S  string    `parquet:"s"`
		OS *string   `parquet:"os,optional"`
		B  []byte    `parquet:"b"`
		N  int64     `parquet:"n"`
		I  int32     `parquet:"i"`
		F  bool      `parquet:"f"`
		D  float64   `parquet:"d"`
		FL float32   `parquet:"fl"`
		TS time.Time `parquet:"ts,timestamp(microsecond)"`
	}
	got, err := SparkTypes(file(t, safe{}))
	want := "s StringType, os StringType, b BinaryType, n LongType, i IntegerType, f BooleanType, d DoubleType, fl FloatType, ts TimestampType"
	if err != nil || strings.Join(got, ", ") != want {
		t.Errorf("got %q, %v\nwant %s", got, err, want)
	}
	for name, c := range map[string]struct {
		b    []byte
		want string
	}{
		"uint64": {file(t, struct{ U uint64 }{}), "column U: INT(64,false): unsigned integers"},
		"uint32": {file(t, struct{ U uint32 }{}), "column U: INT(32,false): unsigned integers"},
		"nanos":  {file(t, struct{ T time.Time }{}), "column T: TIMESTAMP(isAdjustedToUTC=true,unit=NANOS): nanoseconds"},
		"int96":  {file(t, struct{ T deprecated.Int96 }{}), "column T: INT96"},
		"list":   {file(t, struct{ L []string }{}), "column L: repeated"},
		"nested": {file(t, struct{ G struct{ A string } }{}), "column G: a group"},
		"fixed":  {file(t, struct{ F [4]byte }{}), "column F: FIXED_LEN_BYTE_ARRAY"},
		"date": {file(t, struct {
			D int32 `parquet:",date"`
		}{}), "column D: INT32 (logical type DATE"},
	} {
		if _, err := SparkTypes(c.b); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s...", name, err, c.want)
		}
	}
}
