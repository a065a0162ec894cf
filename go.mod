module github.com/relurl/relurl

go 1.26.8

require golang.org/x/net v0.62.0
