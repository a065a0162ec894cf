// Package peers measures relurl against other implementations of the same
// specifications, in the same run (docs/performance.md). It is a module of
// its own so that the library's module graph never holds a peer.
package peers
