module github.com/relurl/relurl/cmd/relurl/e2e

go 1.26.0

require (
	github.com/chromedp/chromedp v0.23.0
	github.com/rogpeppe/go-internal v1.14.1
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	golang.org/x/sys v0.26.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
