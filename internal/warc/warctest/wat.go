package warctest

import (
	"bytes"
	"encoding/json"
	"mime"
	"strings"
)

// WAT returns the WAT record that describes rec (a "metadata" record of
// JSON, the layout of Common Crawl's WAT files, see internal/wat), as
// webarchive-commons 1.2 writes it: Envelope.WARC-Header-Metadata holds
// rec's WARC header fields; for a block of type application/http with
// msgtype=response (a response or a revisit record),
// Payload-Metadata.HTTP-Response-Metadata holds its status line
// (Response-Message) and its header fields (Headers, each name as
// written, a repeated name as an array of its values in order, as
// org.json's JSONObject.accumulate makes it), and htmlMeta, if not "",
// as HTML-Metadata: JSON text the test writes, since this writer parses
// no HTML. It is made by other code than the WAT decoder it tests
// (encoding/json for the strings).
func WAT(rec Record, htmlMeta string) Record {
	var b bytes.Buffer
	b.WriteString(`{"Container":{"Filename":"warctest.warc.gz","Compressed":true},"Envelope":{"Format":"WARC","WARC-Header-Metadata":`)
	writeObject(&b, headerFields(rec, 0))
	b.WriteString(`,"Payload-Metadata":{"Actual-Content-Type":`)
	writeString(&b, rec.ContentType)
	mt, params, _ := mime.ParseMediaType(rec.ContentType)
	if mt == "application/http" && (params["msgtype"] == "" || params["msgtype"] == "response") {
		status, fields := parseHTTP(rec.Block)
		version, rest, _ := strings.Cut(status, " ")
		code, reason, _ := strings.Cut(rest, " ")
		b.WriteString(`,"HTTP-Response-Metadata":{"Response-Message":{"Version":`)
		writeString(&b, version)
		b.WriteString(`,"Status":`)
		writeString(&b, code)
		b.WriteString(`,"Reason":`)
		writeString(&b, reason)
		b.WriteString(`},"Headers":`)
		writeObject(&b, fields)
		if htmlMeta != "" {
			b.WriteString(`,"HTML-Metadata":` + htmlMeta)
		}
		b.WriteString(`}`)
	}
	b.WriteString(`}}}`)
	return Record{Type: "metadata", TargetURI: rec.TargetURI, ContentType: "application/json", Block: b.Bytes()}
}

// parseHTTP returns the status line and the header fields of an HTTP
// message as HTTPResponse writes it (no folded lines).
func parseHTTP(block []byte) (status string, fields [][2]string) {
	head, _, _ := bytes.Cut(block, []byte("\r\n\r\n"))
	lines := strings.Split(string(head), "\r\n")
	for _, l := range lines[1:] {
		name, value, _ := strings.Cut(l, ":")
		fields = append(fields, [2]string{name, strings.TrimSpace(value)})
	}
	return lines[0], fields
}

// writeObject writes fields as one JSON object, a repeated name as one
// array of its values, at the place of its first field.
func writeObject(b *bytes.Buffer, fields [][2]string) {
	var names []string
	values := map[string][]string{}
	for _, f := range fields {
		if _, ok := values[f[0]]; !ok {
			names = append(names, f[0])
		}
		values[f[0]] = append(values[f[0]], f[1])
	}
	b.WriteByte('{')
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(b, n)
		b.WriteByte(':')
		if vs := values[n]; len(vs) == 1 {
			writeString(b, vs[0])
		} else {
			j, _ := json.Marshal(vs)
			b.Write(j)
		}
	}
	b.WriteByte('}')
}

func writeString(b *bytes.Buffer, s string) {
	j, _ := json.Marshal(s)
	b.Write(j)
}
