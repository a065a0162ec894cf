package main

// The one JSON error of "relurl serve", from a handler or from the guard.

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"

	"github.com/relurl/relurl/internal/jsonline"
)

// writeError answers the JSON of every error the server gives:
//
//	{"error":{"status":400,"param":"spec","message":"..."}}
//
// with "param" only when a query parameter is at fault.
func writeError(w http.ResponseWriter, status int, param, format string, args ...any) {
	writeJSON(w, status, appendErrorJSON(nil, status, param, fmt.Sprintf(format, args...)))
}

func appendErrorJSON(dst []byte, status int, param, msg string) []byte {
	dst = append(dst, `{"error":{`...)
	dst = jsonline.AppendName(dst, true, "status")
	dst = strconv.AppendInt(dst, int64(status), 10)
	if param != "" {
		dst = jsonline.AppendField(dst, false, "param", param)
	}
	dst = jsonline.AppendField(dst, false, "message", msg)
	return append(dst, "}}"...)
}

// appendErrorResponse appends a whole HTTP/1.1 response carrying the JSON
// error, with the headers of every answer and "Connection: close": the
// answer the guard gives on the connection itself to a request head the
// server is not handed (guardConn), the same as writeError's.
func appendErrorResponse(dst []byte, status int, msg string) []byte {
	body := append(appendErrorJSON(nil, status, "", msg), '\n')
	h := http.Header{}
	setSecurityHeaders(h)
	setJSONHeaders(h)
	h.Set("Connection", "close")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	b := bytes.NewBuffer(dst)
	fmt.Fprintf(b, "HTTP/1.1 %d %s\r\n", status, http.StatusText(status))
	h.Write(b)
	b.WriteString("\r\n")
	b.Write(body)
	return b.Bytes()
}
