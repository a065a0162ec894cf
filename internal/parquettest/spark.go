// Package parquettest checks, for tests, what a Parquet file relurl writes
// means to the readers it is written for beyond DuckDB (which the tests
// run, internal/duckdbtest): Spark, which cannot be run here (no package
// registry serves it), is checked by its reader's documented rules.
package parquettest

import (
	"bytes"
	"fmt"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"
)

// SparkTypes returns, for each column of the Parquet file b, "NAME TYPE":
// the Spark SQL type Spark's Parquet reader gives it
// (ParquetToSparkSchemaConverter; Spark's guide, "Parquet Files"), or an
// error naming the first column whose type is outside the set every Spark
// from 2.4 on reads alike:
//
//	BYTE_ARRAY STRING, converted type UTF8 too     StringType
//	BYTE_ARRAY without annotation                  BinaryType
//	INT64 without annotation, or INT(64, signed)   LongType
//	INT32 without annotation, or INT(32, signed)   IntegerType
//	BOOLEAN, FLOAT, DOUBLE                         BooleanType, FloatType, DoubleType
//	INT64 TIMESTAMP(MILLIS or MICROS, UTC)         TimestampType
//
// in a flat schema (each column a required or optional leaf of the root).
// Left out, with the reason: unsigned integers (refused before Spark 3.2,
// UINT_64 a decimal after), TIMESTAMP(NANOS) (refused, or a long under an
// option since 3.2), a timestamp not adjusted to UTC (TimestampNTZ since
// 3.4, an instant before), INT96 (deprecated, read only as a timestamp
// under an option), other annotations (dates, decimals, JSON...: not
// written by relurl, not checked), FIXED_LEN_BYTE_ARRAY, repeated and
// nested columns.
// A STRING must also carry the converted type UTF8, which readers older
// than the LogicalType annotation (Parquet format 2.4) read.
func SparkTypes(b []byte) ([]string, error) {
	f, err := parquet.OpenFile(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, err
	}
	schema := f.Metadata().Schema
	if len(schema) == 0 {
		return nil, fmt.Errorf("no schema")
	}
	var out []string
	for _, e := range schema[1:] {
		t, err := sparkType(&e)
		if err != nil {
			return nil, fmt.Errorf("column %s: %v", e.Name, err)
		}
		out = append(out, e.Name+" "+t)
	}
	if n := schema[0].NumChildren; !n.Valid || int(n.V) != len(out) {
		return nil, fmt.Errorf("not a flat schema: %d children of the root, %d columns", n.V, len(out))
	}
	return out, nil
}

func sparkType(e *format.SchemaElement) (string, error) {
	if !e.Type.Valid || e.NumChildren.Valid {
		return "", fmt.Errorf("a group: nested columns are left out")
	}
	if r := e.RepetitionType; !r.Valid || r.V == format.Repeated {
		return "", fmt.Errorf("repeated: left out")
	}
	logical := e.LogicalType.Value
	converted := deprecated.ConvertedType(-1)
	if e.ConvertedType.Valid {
		converted = e.ConvertedType.V
	}
	plain := logical == nil && converted < 0
	switch e.Type.V {
	case format.ByteArray:
		if _, ok := logical.(*format.StringType); ok && converted == deprecated.UTF8 {
			return "StringType", nil
		}
		if plain {
			return "BinaryType", nil
		}
	case format.Int64:
		switch l := logical.(type) {
		case nil:
			if plain || converted == deprecated.Int64 {
				return "LongType", nil
			}
		case *format.IntType:
			if l.IsSigned && l.BitWidth == 64 {
				return "LongType", nil
			}
			return "", fmt.Errorf("%v: unsigned integers are refused before Spark 3.2", l)
		case *format.TimestampType:
			switch l.Unit.Value.(type) {
			case *format.MilliSeconds, *format.MicroSeconds:
				if l.IsAdjustedToUTC {
					return "TimestampType", nil
				}
				return "", fmt.Errorf("%v: not adjusted to UTC, TimestampNTZType from Spark 3.4 only", l)
			}
			return "", fmt.Errorf("%v: nanoseconds are refused by Spark, or read as a long under an option", l)
		}
	case format.Int32:
		l, ok := logical.(*format.IntType)
		switch {
		case plain || ok && l.IsSigned && l.BitWidth == 32:
			return "IntegerType", nil
		case ok && !l.IsSigned:
			return "", fmt.Errorf("%v: unsigned integers are refused before Spark 3.2", l)
		}
	case format.Boolean:
		if plain {
			return "BooleanType", nil
		}
	case format.Float:
		if plain {
			return "FloatType", nil
		}
	case format.Double:
		if plain {
			return "DoubleType", nil
		}
	}
	return "", fmt.Errorf("%v (logical type %v, converted type %v) is outside the Spark-safe set", e.Type.V, logical, converted)
}
