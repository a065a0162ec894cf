// Package rows is the links rows format of "relurl links", both ways: a
// Writer writes the rows of links as the command and the Beam pipeline
// give them, and Read reads them back (as package graph does), so that
// the escapes of one are the inverse of the other's (AppendTSV,
// UnescapeTSV). docs/links.md#relurl-links is the guide.
//
// A row is one link. In TSV the columns are separated by tabs, and a
// backslash, tab, newline or carriage return inside a value is written
// \\, \t, \n or \r; in NDJSON a row is a JSON object, a member per
// column, and a value that is not UTF-8 gets a NAME_base64 member with
// its exact bytes. The columns, in order:
//
//	document           where the link is: the input, FILE#OFFSET for an
//	                   archive record, INPUT#POSITION for a message part
//	base               the URL the link was resolved against ("" for none)
//	base_source        the rule of RFC 1808 section 3 that gave the base:
//	                   html, header, enclosing, retrieval or none
//	element@attribute  where in the document ("attribute" in NDJSON):
//	                   a@href, css@import, http@location, http@link,
//	                   robots@sitemap, warc@revisit...
//	ref                the reference as written
//	url                its resolution ("" when the URL Standard rejects it)
//
// then the optional columns, each pair or triple on with a Writer field
// (a flag of "relurl links"):
//
//	text, rel, title   Context (-context): anchor text, rel, title
//	page, date         Page (-page): the URL the document was retrieved by
//	                   and its capture date (WARC-Date) in an archive
//	page_key, url_key  Key (-key): the key of the page and of url, such as
//	                   the CDX key of package canon
//
// A ParquetWriter writes the rows of a Writer of Format Parquet (each
// row's values, nothing escaped) as a Parquet file, the same columns
// ("attribute" for element@attribute), with a NAME_bytes column holding
// a value's exact bytes when it is not UTF-8 (docs/links.md#parquet--format-parquet);
// ParquetFromNDJSON writes the same file from NDJSON rows.
//
// A differ row (Writer.Differ) has, after ref, each specification's
// answer and a failure column instead of url; it is not a links row.
package rows
