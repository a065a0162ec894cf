package main

// The playground of "relurl serve": its files, built into the binary.

import (
	"embed"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

//go:embed web
var webFiles embed.FS

// playground serves the files of web/; a path that is none of them gets
// the JSON 404, not the file server's plain-text one.
type playground struct {
	files  fs.FS
	server http.Handler
}

func newPlayground() playground {
	sub, err := fs.Sub(webFiles, "web")
	if err != nil {
		panic(err) // the embedded tree always has web/
	}
	return playground{files: sub, server: http.FileServerFS(sub)}
}

func (p playground) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name == "" {
		name = "."
	}
	if _, err := fs.Stat(p.files, name); err != nil {
		writeError(w, http.StatusNotFound, "", "no such page: %s", r.URL.Path)
		return
	}
	p.server.ServeHTTP(w, r)
}
