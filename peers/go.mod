module github.com/relurl/relurl/peers

go 1.26.8

replace github.com/relurl/relurl => ../

require (
	github.com/nlnwa/whatwg-url v0.6.2
	github.com/relurl/relurl v0.0.0-00010101000000-000000000000
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
