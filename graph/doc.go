// Package graph builds link graphs from the rows of "relurl links" (ReadRows)
// or from its links handed over in process (Builder.AddLink): a page
// graph (from each page to each URL it links to, with the capture date
// where an archive gives one), a host graph and a domain graph (hosts
// folded into registrable domains by the Public Suffix List), each edge
// with the number of links it stands for, as the Archives Unleashed
// Toolkit and Common Crawl's web graphs derive them.
//
// A Builder counts edges within a memory budget; past it, the counts spill
// to sorted runs on disk and are merged at the end, so that a graph larger
// than memory is built on one machine and comes out byte for byte as it
// would in memory. Graphs are written as TSV, GraphML, GEXF (both loadable
// in Gephi) or Parquet (DuckDB, Spark). docs/graphs.md is the guide.
package graph
